/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Watch the kernel log during a test: etw_kmsg_open() at the start,
 * etw_kmsg_check() at the end reports the first line that shows a
 * kernel bug (the same patterns tools/vm/etw-vm fails a run on), so the
 * test that caused it fails by name, not only the VM run.
 */
#ifndef _ETW_KMSG_H
#define _ETW_KMSG_H

#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define ETW_KMSG_BAD "BUG:|WARNING:|Oops|general protection|RCU stall|" \
	"rcu.*detected stall|self-detected stall|possible circular locking|" \
	"possible recursive locking|inconsistent lock state|" \
	"lock held when returning|suspicious RCU usage|UBSAN:|KASAN:|" \
	"kernel BUG|blocked for more than|Kernel panic|kmemleak:.*new suspected"

/* /dev/kmsg positioned after what is already logged, or -1. */
static inline int etw_kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/*
 * Read what was logged since etw_kmsg_open(); 0 if clean, else 1 with
 * the first bad line in @bad.  Without /dev/kmsg there is nothing to
 * check (etw-vm still checks the whole log).
 */
static inline int etw_kmsg_check(int fd, char *bad, size_t n)
{
	char rec[2048];
	regex_t re;
	int found = 0;
	ssize_t r;

	if (fd < 0)
		return 0;
	if (regcomp(&re, ETW_KMSG_BAD, REG_EXTENDED | REG_NOSUB))
		return 0;
	for (;;) {
		r = read(fd, rec, sizeof(rec) - 1);
		if (r < 0 && errno == EPIPE)
			continue;	/* overwritten meanwhile: go on */
		if (r <= 0)
			break;
		rec[r] = 0;
		if (!found && !regexec(&re, rec, 0, NULL, 0)) {
			char *msg = strchr(rec, ';');
			size_t len;

			msg = msg ? msg + 1 : rec;
			len = strcspn(msg, "\n");
			if (len >= n)
				len = n - 1;
			memcpy(bad, msg, len);
			bad[len] = 0;
			found = 1;
		}
	}
	regfree(&re);
	close(fd);
	return found;
}

#endif /* _ETW_KMSG_H */
