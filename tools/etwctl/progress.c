// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl stop and flush: progress while the call waits.  Stopping a
 * session with a log file writes out every buffer it holds before
 * returning, which takes a while for large sessions; on a terminal, a
 * line on stderr shows how large the file has grown, rewritten five
 * times a second (etw_progress.h: only on a terminal, only after half a
 * second, erased at the end).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "etwctl.h"
#include "common/progress.h"

static struct {
	const char *verb, *session;
	char file[ETW_MAX_PATH_BYTES + 1];
} wp;

static long long file_size(void)
{
	struct stat st;

	return wp.file[0] && !stat(wp.file, &st) ? (long long)st.st_size : -1;
}

static void show(double secs)
{
	long long sz = file_size();

	if (sz >= 0)
		etw_progress_line("etwctl: %s %s: %s has %.1f MB, %.0f s",
				  wp.verb, wp.session, wp.file, sz / 1048576.0, secs);
	else
		etw_progress_line("etwctl: %s %s: waiting for its buffers, %.0f s",
				  wp.verb, wp.session, secs);
}

/*
 * Before a stop or flush of @session ("stopping", "flushing"): on a
 * terminal, find its log file and start the progress line.
 */
void wait_progress_start(const char *verb, const char *session)
{
	struct props *b;

	if (json || !etw_progress_tty())
		return;
	b = props_new();
	wp.file[0] = 0;		/* not the last session's file */
	if (b && QueryTraceA(0, session, &b->p) == ERROR_SUCCESS && props_file(b))
		snprintf(wp.file, sizeof(wp.file), "%s", props_file(b));
	free(b);
	wp.verb = verb;
	wp.session = session;
	etw_progress_start(show);
}

void wait_progress_stop(void)
{
	etw_progress_stop();
}
