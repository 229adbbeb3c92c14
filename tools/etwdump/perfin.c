// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump's inputs other than .etl: perf.data files (perf record's,
 * LinuxTracepoints' perf-collect's) and LinuxTracepoints' EventHeader
 * .dat captures (common/perfdata.h).  Their tracepoint samples reach
 * on_event as EVENT_RECORDs in the TraceLogging form, in file order, so
 * every output format and filter serves them as it serves .etl events;
 * --etl converts them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "etwdump.h"
#include "common/perfdata.h"

/* What kind of input @path is: 1 perf.data, 2 .dat, 0 anything else. */
static int kind_of(const char *path)
{
	char head[8];
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		n = read(fd, head, sizeof(head));
		close(fd);
	}
	if (n > 0 && perfdata_is(head, (size_t)n))
		return 1;
	return eventheader_dat_is(path) ? 2 : 0;
}

int perf_inputs(void)
{
	int i, k, perf = 0;

	for (i = 0; i < dump.nfiles; i++) {
		k = kind_of(dump.files[i]);
		if (k && i != perf) {
			fprintf(stderr, "etwdump: %s: perf.data and .dat files are read "
				"on their own, not with .etl files\n", dump.files[i]);
			return -1;
		}
		if (k)
			perf++;
	}
	if (perf && perf != dump.nfiles) {
		fprintf(stderr, "etwdump: %s: perf.data and .dat files are read on "
			"their own, not with .etl files\n", dump.files[perf]);
		return -1;
	}
	return perf > 0;
}

static void deliver(PEVENT_RECORD er, void *ctx)
{
	(void)ctx;
	on_event(er);
}

ULONG perf_process(void)
{
	struct perfdata_stats st;
	char err[512];
	int i, r;

	for (i = 0; i < dump.nfiles && !dump.closed; i++) {
		const char *f = dump.files[i];

		err[0] = 0;
		r = kind_of(f) == 1 ? perfdata_read(f, deliver, (void *)(intptr_t)i,
						    &st, err, sizeof(err)) :
				      eventheader_dat_read(f, deliver, (void *)(intptr_t)i,
							   &st, err, sizeof(err));
		if (r) {
			fprintf(stderr, "etwdump: %s\n", err[0] ? err : strerror(-r));
			return ERROR_BAD_FORMAT;
		}
		if (st.bad || st.lost)
			fprintf(stderr, "etwdump: %s: %llu samples not readable, "
				"%llu events lost by perf\n", f,
				(unsigned long long)st.bad,
				(unsigned long long)st.lost);
	}
	return ERROR_SUCCESS;
}
