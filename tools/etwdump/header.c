// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: the log file header -- the synthetic EventTrace/Header event
 * (seed 001, rule 6) decoded into its TRACE_LOGFILE_HEADER fields, as
 * tracerpt shows it from the EventTrace_Header MOF class; and --header,
 * what OpenTrace reported for each trace, before the events.
 */
#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "etwdump.h"

static const char *clock_name(ULONG c)
{
	switch (c) {
	case 1: return "QPC";
	case 2: return "system time";
	case 3: return "CPU cycles";
	default: return "?";
	}
}

static char *num(unsigned long long v)
{
	char *t = da_alloc(24);

	snprintf(t, 24, "%llu", v);
	return t;
}

static char *hex(unsigned long long v)
{
	char *t = da_alloc(24);

	snprintf(t, 24, "0x%llX", v);
	return t;
}

static char *when(LONGLONG ft)
{
	char *t = da_alloc(96);

	iso_time(ft, t);
	return t;
}

/* The UTF-16 name at @p (@n bytes left), NUL-terminated or not. */
static char *name_at(const unsigned char *p, size_t n, size_t *used)
{
	size_t k = 0;
	WCHAR *w = da_alloc(n + 2);

	while (2 * k + 1 < n && (p[2 * k] || p[2 * k + 1])) {
		memcpy(&w[k], p + 2 * k, 2);
		k++;
	}
	w[k] = 0;
	*used = 2 * k + 2 <= n ? 2 * k + 2 : n;
	return da_u16(w);
}

int decode_header_event(PEVENT_RECORD er, struct decoded *d)
{
	const TRACE_LOGFILE_HEADER *h = er->UserData;
	const unsigned char *p = er->UserData;
	size_t used, left;
	struct dnode *f;
	unsigned n = 0;

	d->provider = "EventTrace";
	if (er->EventHeader.EventDescriptor.Opcode != 0 ||
	    er->UserDataLength < sizeof(TRACE_LOGFILE_HEADER)) {
		d->reason = "EventTrace event other than the header";
		return 0;
	}
	d->event = "Header";
	f = da_alloc(24 * sizeof(*f));
	memset(f, 0, 24 * sizeof(*f));
#define F(nm, val, k) do { f[n].name = nm; f[n].type = DN_VALUE; \
		f[n].kind = k; f[n].text = val; n++; } while (0)
	F("BufferSize", num(h->BufferSize), DK_NUMBER);
	F("Version", hex(h->Version), DK_TEXT);
	F("ProviderVersion", num(h->ProviderVersion), DK_NUMBER);
	F("NumberOfProcessors", num(h->NumberOfProcessors), DK_NUMBER);
	F("EndTime", when(h->EndTime.QuadPart), DK_TEXT);
	F("TimerResolution", num(h->TimerResolution), DK_NUMBER);
	F("MaximumFileSize", num(h->MaximumFileSize), DK_NUMBER);
	F("LogFileMode", hex(h->LogFileMode), DK_TEXT);
	F("BuffersWritten", num(h->BuffersWritten), DK_NUMBER);
	F("StartBuffers", num(h->StartBuffers), DK_NUMBER);
	F("PointerSize", num(h->PointerSize), DK_NUMBER);
	F("EventsLost", num(h->EventsLost), DK_NUMBER);
	F("CPUSpeed", num(h->CpuSpeedInMHz), DK_NUMBER);
	F("BootTime", when(h->BootTime.QuadPart), DK_TEXT);
	F("PerfFreq", num((unsigned long long)h->PerfFreq.QuadPart), DK_NUMBER);
	F("StartTime", when(h->StartTime.QuadPart), DK_TEXT);
	F("ReservedFlags", num(h->ReservedFlags), DK_NUMBER);
	F("BuffersLost", num(h->BuffersLost), DK_NUMBER);
	left = er->UserDataLength - sizeof(*h);
	p += sizeof(*h);
	F("SessionName", name_at(p, left, &used), DK_TEXT);
	F("LogFileName", name_at(p + used, left - used, &used), DK_TEXT);
#undef F
	d->fields = f;
	d->nfields = n;
	d->ok = 1;
	return 1;
}

/*
 * --header: what OpenTrace said about trace @i, printed when its header
 * event arrives (@logger: the session name it carries).
 */
void print_header(FILE *f, int i, int json, const char *logger)
{
	const EVENT_TRACE_LOGFILEA *lf = &dump.lf[i];
	const TRACE_LOGFILE_HEADER *h = &lf->LogfileHeader;
	char start[96], end[96], boot[96];
	const char *name = lf->LoggerName ? lf->LoggerName : "";
	const char *file = lf->LogFileName ? lf->LogFileName : "";

	iso_time(h->StartTime.QuadPart, start);
	iso_time(h->EndTime.QuadPart, end);
	iso_time(h->BootTime.QuadPart, boot);
	if (json) {
		fprintf(f, "{\"header\":{\"trace\":\"%s\",\"logger\":\"", *file ? file : name);
		put_json_str(f, logger);
		fprintf(f, "\",\"mode\":\"0x%x\",\"buffer_size\":%u,\"buffers_written\":%u,"
			"\"clock\":\"%s\",\"timer_resolution\":%u,\"perf_freq\":%lld,"
			"\"cpus\":%u,\"cpu_mhz\":%u,\"pointer_size\":%u,"
			"\"os_version\":\"%u.%u\",\"os_build\":%u,\"max_file_size\":%u,"
			"\"start\":\"%s\",\"end\":\"%s\",\"boot\":\"%s\","
			"\"events_lost\":%u,\"buffers_lost\":%u}}\n",
			h->LogFileMode, h->BufferSize, h->BuffersWritten,
			clock_name(h->ReservedFlags), h->TimerResolution,
			h->PerfFreq.QuadPart, h->NumberOfProcessors, h->CpuSpeedInMHz,
			h->PointerSize, h->VersionDetail.MajorVersion,
			h->VersionDetail.MinorVersion, h->ProviderVersion,
			h->MaximumFileSize, start, h->EndTime.QuadPart ? end : "",
			boot, h->EventsLost, h->BuffersLost);
		return;
	}
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
