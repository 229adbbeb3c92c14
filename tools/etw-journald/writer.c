// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who wrote an event: the user and command name of the process the
 * module recorded (EVENT_HEADER.ProcessId), read from /proc when the
 * event is forwarded.
 *
 * An ETW event carries its writer's process and thread ids, which etw.ko
 * fills in itself; not its user.  So the user is that of the process
 * with that pid now, and only if it is provably the process that wrote
 * the event: it started before the event was written.  A process that
 * exited and whose pid went to a later process fails that test (the
 * later one started after the event), and so does a writer that already
 * exited: both give an unknown writer, which etw-journald treats as an
 * unprivileged one.  The user is the real uid (as journald's OBJECT_UID
 * and _UID), and root means real and effective uid 0: a process that
 * writes and then executes a set-user-ID program keeps its real uid, so
 * it cannot pass for root that way.  The race left is a process changing
 * its real uid between writing and the look-up (a root daemon dropping
 * its privileges, su after a password), from one user it was to another
 * it became; and the command name is the one at the look-up.
 *
 * The event's time comes from the session's QPC clock (CLOCK_MONOTONIC);
 * /proc/<pid>/stat gives the start in clock ticks of CLOCK_BOOTTIME,
 * which is never behind it, so a suspend can only make a writer unknown,
 * never make a later process pass.  A start in the same clock tick as
 * the event counts as later.  Both files are read through one directory
 * descriptor of /proc/<pid>, so they describe the same process.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "etw-journald.h"

/* Up to @n - 1 bytes of /proc/<pid>/@name, NUL-terminated; or -1. */
static ssize_t read_at(int dir, const char *name, char *buf, size_t n)
{
	int fd = openat(dir, name, O_RDONLY | O_CLOEXEC);
	ssize_t r;

	if (fd < 0)
		return -1;
	r = read(fd, buf, n - 1);
	close(fd);
	if (r < 0)
		return -1;
	buf[r] = 0;
	return r;
}

/*
 * The comm and start time of /proc/<pid>/stat: "pid (comm) state ppid
 * ..." with starttime the 22nd field; comm may hold spaces and ')'.
 */
static int parse_stat(const char *s, char *comm, size_t n,
		      unsigned long long *start)
{
	const char *open = strchr(s, '('), *close = strrchr(s, ')'), *p;
	size_t len;
	int field;

	if (!open || !close || close < open)
		return -1;
	len = close - open - 1;
	if (len >= n)
		len = n - 1;
	memcpy(comm, open + 1, len);
	comm[len] = 0;
	/* after ") " comes field 3 (state) */
	for (p = close + 1, field = 2; *p && field < 22; p++)
		if (*p == ' ')
			field++;
	return field == 22 && sscanf(p, "%llu", start) == 1 ? 0 : -1;
}

/* The real and effective uids of a /proc/<pid>/status text. */
static int parse_status_uid(const char *s, struct jd_writer *w)
{
	const char *u = strstr(s, "\nUid:");
	unsigned long r, e;

	if (!u || sscanf(u + 5, "%lu %lu", &r, &e) != 2)
		return -1;
	w->uid = (uid_t)r;
	w->root = r == 0 && e == 0;
	return 0;
}

int writer_lookup(unsigned int pid, unsigned long long event_ns,
		  struct jd_writer *w)
{
	static long hz;
	char path[32], stat[1024], status[4096];
	unsigned long long start;
	int dir;

	memset(w, 0, sizeof(*w));
	if (!pid)
		return -1;
	if (!hz)
		hz = sysconf(_SC_CLK_TCK);
	snprintf(path, sizeof(path), "/proc/%u", pid);
	dir = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		return -1;
	if (read_at(dir, "stat", stat, sizeof(stat)) < 0 ||
	    read_at(dir, "status", status, sizeof(status)) < 0 ||
	    parse_stat(stat, w->comm, sizeof(w->comm), &start) ||
	    parse_status_uid(status, w)) {
		close(dir);
		return -1;
	}
	close(dir);
	/* Started in a clock tick that ended before the event. */
	if (hz <= 0 || (start + 1) * (1000000000ULL / hz) > event_ns)
		return -1;
	w->known = 1;
	return 0;
}
