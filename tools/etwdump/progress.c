// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: progress on a terminal.  While ProcessTrace works, a thread
 * rewrites one line on stderr five times a second: for files, how much
 * of them was read (the buffers read times their size, against their
 * sizes), events and the rate; for a session, events, rate and losses.
 * Nothing is shown when stderr is not a terminal, with --no-progress,
 * or before the work has taken half a second (ETW_PROGRESS_DELAY_MS
 * changes that delay); the line is erased at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "etwdump.h"
#include "common/progress.h"

static unsigned long long total_bytes;

static void show(double secs)
{
	unsigned long long done = 0, events = __atomic_load_n(&dump.events, __ATOMIC_RELAXED);
	unsigned long long lost = 0;
	unsigned long long rate = secs > 0 ? (unsigned long long)(events / secs) : 0;
	char a[32], b[32];
	int i;

	for (i = 0; i < dump.nh; i++) {
		done += (unsigned long long)dump.buffers_read[i] *
			dump.lf[i].LogfileHeader.BufferSize;
		lost += dump.events_lost[i];
	}
	if (dump.session) {
		etw_progress_line("etwdump: %s: %s events, %s/s, %llu lost, %.0f s",
				  dump.session, etw_progress_count(events, a, sizeof(a)),
				  etw_progress_count(rate, b, sizeof(b)), lost, secs);
		return;
	}
	if (done > total_bytes)
		done = total_bytes;
	etw_progress_line("etwdump: %3.0f%% of %.1f MB, %s events, %s/s, %.0f s",
			  total_bytes ? 100.0 * done / total_bytes : 0.0,
			  total_bytes / 1048576.0, etw_progress_count(events, a, sizeof(a)),
			  etw_progress_count(rate, b, sizeof(b)), secs);
}

void progress_start(char *const *files, int nfiles)
{
	struct stat st;
	int i;

	if (dump.no_progress || !etw_progress_tty())
		return;
	for (i = 0; i < nfiles; i++)
		if (!stat(files[i], &st))
			total_bytes += (unsigned long long)st.st_size;
	etw_progress_start(show);
}

void progress_stop(void)
{
	etw_progress_stop();
}
