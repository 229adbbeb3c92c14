// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --header: what OpenTrace reported for each trace, before the
 * events (the header event itself is decoded in common/decode_header.c).
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "common/json.h"

static const char *clock_name(ULONG c)
{
	switch (c) {
	case 1: return "QPC";
	case 2: return "system time";
	case 3: return "CPU cycles";
	default: return "?";
	}
}

/*
 * --header: what OpenTrace said about trace @i, printed when its header
 * event arrives (@logger: the session name it carries).
 */
void print_header(FILE *f, int i, const char *logger)
{
	const EVENT_TRACE_LOGFILEA *lf = &dump.lf[i];
	const TRACE_LOGFILE_HEADER *h = &lf->LogfileHeader;
	char start[96], end[96], boot[96];
	const char *name = lf->LoggerName ? lf->LoggerName : "";
	const char *file = lf->LogFileName ? lf->LogFileName : "";

	iso_time(h->StartTime.QuadPart, start);
	iso_time(h->EndTime.QuadPart, end);
	iso_time(h->BootTime.QuadPart, boot);
	fprintf(f, "trace:            %s\n", *file ? file : name);
	fprintf(f, "logger name:      %s\n", logger);
	fprintf(f, "log file mode:    0x%x\n", h->LogFileMode);
	fprintf(f, "buffer size:      %u bytes, %u written\n", h->BufferSize,
		h->BuffersWritten);
	fprintf(f, "clock:            %s (timer resolution %u x 100 ns, frequency %lld Hz)\n",
		clock_name(h->ReservedFlags), h->TimerResolution,
		h->PerfFreq.QuadPart);
	fprintf(f, "CPUs:             %u (%u MHz), pointer size %u\n",
		h->NumberOfProcessors, h->CpuSpeedInMHz, h->PointerSize);
	fprintf(f, "OS version:       %u.%u build %u\n", h->VersionDetail.MajorVersion,
		h->VersionDetail.MinorVersion, h->ProviderVersion);
	fprintf(f, "maximum size:     %u MB\n", h->MaximumFileSize);
	fprintf(f, "start:            %s\n", start);
	fprintf(f, "end:              %s\n", h->EndTime.QuadPart ? end : "(live)");
	fprintf(f, "boot:             %s\n", boot);
	fprintf(f, "lost:             %u events, %u buffers\n", h->EventsLost,
		h->BuffersLost);
}

/* Trace @i's header as an object of --summary --json's "traces". */
void header_json(struct json *j, int i)
{
	const EVENT_TRACE_LOGFILEA *lf = &dump.lf[i];
	const TRACE_LOGFILE_HEADER *h = &lf->LogfileHeader;
	char t[96];

	json_open(j, '{');
	json_str(j, "file", dump.files[i]);
	json_str(j, "logger", lf->LoggerName);
	snprintf(t, sizeof(t), "0x%x", h->LogFileMode);
	json_str(j, "mode", t);
	json_u64(j, "buffer_size", h->BufferSize);
	json_u64(j, "buffers_written", h->BuffersWritten);
	json_str(j, "clock", clock_name(h->ReservedFlags));
	json_u64(j, "timer_resolution", h->TimerResolution);
	json_i64(j, "perf_freq", h->PerfFreq.QuadPart);
	json_u64(j, "cpus", h->NumberOfProcessors);
	json_u64(j, "cpu_mhz", h->CpuSpeedInMHz);
	json_u64(j, "pointer_size", h->PointerSize);
	snprintf(t, sizeof(t), "%u.%u", h->VersionDetail.MajorVersion,
		 h->VersionDetail.MinorVersion);
	json_str(j, "os_version", t);
	json_u64(j, "os_build", h->ProviderVersion);
	json_u64(j, "max_file_size", h->MaximumFileSize);
	iso_time(h->StartTime.QuadPart, t);
	json_str(j, "start", t);
	iso_time(h->EndTime.QuadPart, t);
	json_str(j, "end", h->EndTime.QuadPart ? t : NULL);
	iso_time(h->BootTime.QuadPart, t);
	json_str(j, "boot", t);
	json_u64(j, "events_lost", h->EventsLost);
	json_u64(j, "buffers_lost", h->BuffersLost);
	json_close(j, '}');
}
