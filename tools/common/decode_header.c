// SPDX-License-Identifier: GPL-2.0-only
/*
 * The synthetic EventTrace/Header event every trace starts with (seed
 * 001, rule 6), decoded into its TRACE_LOGFILE_HEADER fields as tracerpt
 * shows them from the EventTrace_Header MOF class.
 */
#include <stdio.h>
#include <string.h>

#include "common/decode.h"
#include "common/fmt.h"

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

	while (2 * k + 1 < n && (p[2 * k] || p[2 * k + 1]))
		k++;
	*used = 2 * k + 2 <= n ? 2 * k + 2 : n;
	return da_utf8(p, k);
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
#define F(nm, val, k) do { const char *v_ = (val); f[n].name = nm; \
		f[n].type = DN_VALUE; f[n].kind = k; f[n].text = v_; \
		f[n].len = strlen(v_); n++; } while (0)
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

