/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Progress lines for the command-line tools (etwdump reading, etwctl
 * waiting for a stop or a flush): one line on stderr, rewritten in
 * place, only when stderr is a terminal (not "dumb"), erased when done.
 * Shown only once the work has taken ETW_PROGRESS_DELAY_MS (default
 * 500 ms), so that quick commands print nothing more.
 *
 * progress.c (in libetwtools.a) runs the
 * thread: it calls the tool's show() five times a second, under its
 * lock, with the seconds since etw_progress_start(); show() prints its
 * line with etw_progress_line().
 */
#ifndef _TOOLS_COMMON_PROGRESS_H
#define _TOOLS_COMMON_PROGRESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static inline int etw_progress_tty(void)
{
	const char *term = getenv("TERM");

	return isatty(STDERR_FILENO) && !(term && !strcmp(term, "dumb"));
}

static inline long etw_progress_delay_ms(void)
{
	const char *s = getenv("ETW_PROGRESS_DELAY_MS");

	return s && *s ? strtol(s, NULL, 10) : 500;
}

static inline const char *etw_progress_count(unsigned long long n, char *buf,
					     size_t size)
{
	if (n >= 10000000)
		snprintf(buf, size, "%.0fM", n / 1e6);
	else if (n >= 100000)
		snprintf(buf, size, "%.0fk", n / 1e3);
	else
		snprintf(buf, size, "%llu", n);
	return buf;
}

/* Rewrite the line (from show()). */
void __attribute__((format(printf, 1, 2))) etw_progress_line(const char *fmt, ...);

/*
 * Start the thread calling @show (one at a time per process); stop it,
 * erasing the line.  Stopping what did not start does nothing.
 */
void etw_progress_start(void (*show)(double secs));
void etw_progress_stop(void);

#endif /* _TOOLS_COMMON_PROGRESS_H */
