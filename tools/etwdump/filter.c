// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: which events to show.
 *
 *   -p, --provider P       this provider (repeatable): a GUID, *NAME (its
 *                          name-hash GUID), or a name -- a manifest's
 *                          provider or a kernel class (by GUID), or the
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
 * --header prints the header whatever the filters.  A -p that matched no
 * event is said on stderr at the end, with the providers the trace has.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "etwdump.h"
#include "common/names.h"
#include "common/guid.h"
#include "shared/etw_etl.h"

int filter_provider(const char *arg)
{
	struct filter *fl = &dump.filter;
	enum provider_source src;
	char err[512];
	int k = fl->nprov;

	if (strchr(arg, ':')) {
		fprintf(stderr, "etwdump: -p %s: a level and keywords after the provider are "
			"for --follow; here use --level and --keywords\n", arg);
		return -1;
	}
	fl->given[k] = arg;
	fl->names[k] = NULL;
	if (provider_lookup(arg, &fl->guids[k], &src, err, sizeof(err))) {
		/* Not known here: it may still be a name the events carry. */
		memset(&fl->guids[k], 0, sizeof(GUID));
		fl->names[k] = arg;
	} else if (src != PROV_BY_GUID && src != PROV_BY_HASH) {
		fl->names[k] = arg;	/* the GUID, or the decoded name */
	}
	fl->nprov++;
	return 0;
}

/* 2024-01-31T12:34:56[.fffffff][Z] (UTC) as a FILETIME. */
int filter_time(const char *s, FILETIME *ft)
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
	v = (unsigned long long)(t + ETL_UNIX_EPOCH_SECONDS) * 10000000ULL + frac;
	ft->dwLowDateTime = (DWORD)v;
	ft->dwHighDateTime = (DWORD)(v >> 32);
	return 0;
}

/* Does filter @k take this event (by GUID, or by its decoded name)? */
static int takes(int k, PEVENT_RECORD er, const struct decoded *d)
{
	const struct filter *fl = &dump.filter;
	const GUID *g = &er->EventHeader.ProviderId;

	if (IsEqualGUID(&fl->guids[k], g))
		return 1;
	if (!fl->names[k])
		return 0;
	if (!d)		/* before decoding: maybe */
		return -1;
	if (IsEqualGUID(g, &EventTraceGuid))
		return !strcasecmp(fl->names[k], "EventTrace");
	return d->provider && !strcasecmp(fl->names[k], d->provider);
}

/* The providers of the trace, filtered or not: for filter_warn(). */
static GUID seen[64];
static int nseen;

static void saw(const GUID *g)
{
	int i;

	for (i = nseen; i-- > 0;)
		if (IsEqualGUID(&seen[i], g))
			return;
	if (nseen < (int)(sizeof(seen) / sizeof(seen[0])))
		seen[nseen++] = *g;
}

int filter_before(PEVENT_RECORD er)
{
	const struct filter *fl = &dump.filter;
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	int i, maybe = 0;

	if (fl->nprov)
		saw(&h->ProviderId);
	if (!IsEqualGUID(&h->ProviderId, &EventTraceGuid)) {
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
	}
	if (!fl->nprov)
		return 1;
	for (i = 0; i < fl->nprov; i++) {
		int t = takes(i, er, NULL);

		if (t > 0)
			return 1;
		maybe |= t < 0;
	}
	return maybe;	/* a name: decide when decoded */
}

int filter_after(PEVENT_RECORD er, const struct decoded *d)
{
	struct filter *fl = &dump.filter;
	int i, kept = !fl->nprov;

	for (i = 0; i < fl->nprov; i++) {
		if (takes(i, er, d) > 0) {
			fl->hits[i]++;
			kept = 1;
		}
	}
	return kept;
}

void filter_warn(void)
{
	const struct filter *fl = &dump.filter;
	char g[ETW_GUID_STR_LEN];
	const char *name;
	int i, k;

	for (i = 0; i < fl->nprov; i++) {
		if (fl->hits[i])
			continue;
		fprintf(stderr, "etwdump: -p %s: no event of this provider%s", fl->given[i],
			nseen ? "; the trace's providers:" : "");
		for (k = 0; k < nseen; k++) {
			name = provider_name(&seen[k]);
			fprintf(stderr, "%s %s%s{%s}", k ? "," : "", name ? name : "",
				name ? " " : "", etw_guid_str(&seen[k], g));
		}
		fputc('\n', stderr);
	}
}
