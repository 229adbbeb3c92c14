/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etw.ko's module parameters from the kselftests: set one and remember
 * what it was, so that a test puts it back.
 */
#ifndef _ETW_SELFTEST_PARAM_H
#define _ETW_SELFTEST_PARAM_H

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/*
 * Write @val to /sys/module/etw/parameters/@name; with @old, its value
 * before (@n bytes, no newline) first.  Return: 0 or -1 (errno).
 */
static inline int etw_param_write(const char *name, const char *val,
				  char *old, size_t n)
{
	char path[128];
	ssize_t r;
	int fd;

	snprintf(path, sizeof(path), "/sys/module/etw/parameters/%s", name);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (old) {
		r = read(fd, old, n - 1);
		old[r > 0 ? r : 0] = 0;
		old[strcspn(old, "\n")] = 0;
	}
	r = pwrite(fd, val, strlen(val), 0);
	close(fd);
	return r < 0 ? -1 : 0;
}

#endif /* _ETW_SELFTEST_PARAM_H */
