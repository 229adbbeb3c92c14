// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: which events to show.
 *
 *   --provider GUID|NAME   this provider (repeatable); a name matches the
 *                          decoded provider name (TraceLogging traits or
 *                          manifest), case-insensitively
 *   --level N              level N or lower (more severe); level 0 passes
 *   --keywords MASK        an event with one of these keyword bits, or
 *                          with no keyword (as an ETW session filters)
 *   --id N                 event id N (repeatable)
 *   --since TIME, --until TIME
 *                          a time window (UTC, 2024-01-31T12:34:56[.1234567][Z]),
 *                          given to ProcessTrace as StartTime/EndTime
 *
 * The EventTrace events (the log file's header) pass the level, keyword,
 * id and time filters; a provider filter keeps them only when it names
 * EventTrace ({68fdd900-4a3e-11d1-84f4-0000f80464e3} or "EventTrace").
 * --header prints the header whatever the filters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "etwdump.h"

const char *filter_usage(void)
{
	return "  --provider P    only provider P (GUID or name; repeatable)\n"
	       "  --level N       only levels 0..N\n"
	       "  --keywords M    only events with a keyword bit of M (or none)\n"
	       "  --id N          only event id N (repeatable)\n"
	       "  --since T       only from T on (UTC, 2024-01-31T12:34:56[.fffffff][Z])\n"
	       "  --until T       only up to T\n";
}

static int parse_guid(const char *s, GUID *g)
{
	unsigned int d1, d2, d3, b[8];
	int n = 0, i;

	if (*s == '{')
		s++;
	if (sscanf(s, "%8x-%4x-%4x-%2x%2x-%2x%2x%2x%2x%2x%2x%n", &d1, &d2, &d3,
		   &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7], &n) != 11 ||
	    n != 36 || (s[36] && strcmp(s + 36, "}")))
		return -1;
	g->Data1 = d1;
	g->Data2 = (USHORT)d2;
	g->Data3 = (USHORT)d3;
	for (i = 0; i < 8; i++)
		g->Data4[i] = (UCHAR)b[i];
	return 0;
}

/* 2024-01-31T12:34:56[.fffffff][Z] (UTC) as a FILETIME. */
static int parse_time(const char *s, FILETIME *ft)
{
	struct tm tm = { 0 };
	unsigned long long v, frac = 0;
	int n = 0, digits = 0;
	time_t t;

	if (sscanf(s, "%d-%d-%dT%d:%d:%d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
		   &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &n) != 6)
		return -1;
	s += n;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			if (digits++ < 7)
				frac = frac * 10 + (unsigned long long)(*s - '0');
	while (digits++ < 7)
		frac *= 10;
	if (*s == 'Z')
		s++;
	if (*s)
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	t = timegm(&tm);
	if (t == (time_t)-1)
		return -1;
	v = (unsigned long long)(t + 11644473600LL) * 10000000ULL + frac;
	ft->dwLowDateTime = (DWORD)v;
	ft->dwHighDateTime = (DWORD)(v >> 32);
	return 0;
}

int filter_option(const char *opt, const char *arg)
{
	struct filter *fl = &dump.filter;
	char *end;

	if (!strcmp(opt, "--provider")) {
		if (fl->nguids == 64 || fl->nnames == 64)
			return -1;
		if (!parse_guid(arg, &fl->guids[fl->nguids]))
			fl->nguids++;
		else
			fl->names[fl->nnames++] = arg;
	} else if (!strcmp(opt, "--level")) {
		fl->level = (int)strtol(arg, &end, 0);
		if (*end || fl->level < 0 || fl->level > 255)
			return -1;
	} else if (!strcmp(opt, "--keywords")) {
		fl->keywords = strtoull(arg, &end, 0);
		if (*end || !fl->keywords)
			return -1;
	} else if (!strcmp(opt, "--id")) {
		unsigned long v = strtoul(arg, &end, 0);

		if (*end || v > 0xFFFF || fl->nids == 256)
			return -1;
		fl->ids[fl->nids++] = (USHORT)v;
	} else if (!strcmp(opt, "--since")) {
		return parse_time(arg, &fl->since) ? -1 : 1;
	} else if (!strcmp(opt, "--until")) {
		return parse_time(arg, &fl->until) ? -1 : 1;
	} else {
		return 0;
	}
	return 1;
}

int filter_before(PEVENT_RECORD er)
{
	const struct filter *fl = &dump.filter;
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	int i;

	if (IsEqualGUID(&h->ProviderId, &EventTraceGuid)) {
		if (!fl->nguids && !fl->nnames)
			return 1;
		for (i = 0; i < fl->nguids; i++)
			if (IsEqualGUID(&fl->guids[i], &EventTraceGuid))
				return 1;
		for (i = 0; i < fl->nnames; i++)
			if (!strcasecmp(fl->names[i], "EventTrace"))
				return 1;
		return 0;
	}
	if (fl->level >= 0 && d->Level > fl->level)
		return 0;
	if (fl->keywords && d->Keyword && !(d->Keyword & fl->keywords))
		return 0;
	if (fl->nids) {
		for (i = 0; i < fl->nids && fl->ids[i] != d->Id; i++)
			;
		if (i == fl->nids)
			return 0;
	}
	if (fl->nguids && !fl->nnames) {
		for (i = 0; i < fl->nguids; i++)
			if (IsEqualGUID(&fl->guids[i], &h->ProviderId))
				return 1;
		return 0;
	}
	return 1;
}

int filter_after(PEVENT_RECORD er, const struct decoded *d)
{
	const struct filter *fl = &dump.filter;
	int i;

	if (!fl->nnames || IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid))
		return 1;	/* EventTrace: filter_before decided */
	for (i = 0; i < fl->nguids; i++)
		if (IsEqualGUID(&fl->guids[i], &er->EventHeader.ProviderId))
			return 1;
	for (i = 0; i < fl->nnames; i++)
		if (d->provider && !strcasecmp(fl->names[i], d->provider))
			return 1;
	return 0;
}
