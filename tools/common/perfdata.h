/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * perf.data files (perf record's, LinuxTracepoints' perf-collect's; file
 * and pipe layouts) as one more input of the consumers: each tracepoint
 * sample as an EVENT_RECORD in the TraceLogging form (tprecord.h), in
 * file order.  Samples of other events (cycles, ...) and records other
 * than samples are counted and skipped.
 *
 * Times: wall-clock when the file has perf's CLOCK_DATA feature
 * (perf record -k / --clockid, perf-collect), else the sample clock read
 * as nanoseconds since 1970; delivered as FILETIME (100-ns units since
 * 1601), as ProcessTrace delivers them.
 */
#ifndef _TOOLS_COMMON_PERFDATA_H
#define _TOOLS_COMMON_PERFDATA_H

#include <stddef.h>
#include <stdint.h>
#include <windows.h>
#include <evntcons.h>

/* Does @head (@n bytes) start a perf.data file ("PERFILE2")? */
int perfdata_is(const void *head, size_t n);

/* What perfdata_read saw. */
struct perfdata_stats {
	uint64_t samples;	/* tracepoint samples delivered */
	uint64_t other;		/* samples of other events, skipped */
	uint64_t bad;		/* samples that could not be read (counted, skipped) */
	uint64_t records;	/* every record of the data */
	uint64_t lost;		/* PERF_RECORD_LOST: events perf lost */
};

/*
 * Deliver every tracepoint sample of the perf.data file @path to @fn
 * (the record valid during the call; UserContext = @ctx).  @fn returns
 * non-zero to stop.  Return 0, or -errno with a message in @err naming
 * the file and what is wrong (not a perf.data file, truncated header,
 * compressed records).
 */
int perfdata_read(const char *path, void (*fn)(PEVENT_RECORD er, void *ctx),
		  void *ctx, struct perfdata_stats *st, char *err, size_t errlen);

/*
 * The same for LinuxTracepoints' EventHeader capture files (.dat:
 * records of UINT32 size, tracepoint name, event bytes), whose times
 * are 0.
 */
int eventheader_dat_read(const char *path,
			 void (*fn)(PEVENT_RECORD er, void *ctx), void *ctx,
			 struct perfdata_stats *st, char *err, size_t errlen);

/* Is @path such a .dat file (by its name)? */
int eventheader_dat_is(const char *path);

#endif /* _TOOLS_COMMON_PERFDATA_H */
