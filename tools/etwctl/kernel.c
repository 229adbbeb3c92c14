// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl and the NT Kernel Logger: EnableFlags by name (as xperf -on and
 * tracelog -eflag spell them), stack walks by event name, the profile
 * interval.  Used by start (--kernel, --system, --flags, --stacks,
 * --profile-interval) and update (--flags).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etwctl.h"
#include "common/record.h"
#include "shared/etw_kevents.h"

int kflags_parse(const char *s, ULONG *flags)
{
	unsigned int bad = 0;
	u32 f;

	if (rec_kernel_help_asked(s)) {
		rec_kernel_help(stdout);
		exit(0);
	}
	if (etw_kflags_parse(s, &f, &bad)) {
		rec_kernel_bad("--flags", s, bad);
		return EXIT_USAGE;
	}
	*flags = f;
	return 0;
}

/* "process+thread+img" for @flags (the first name of each bit). */
const char *kflags_text(ULONG flags, char *buf, size_t size)
{
	size_t n = 0;
	ULONG bit;
	unsigned int i;

	buf[0] = 0;
	for (bit = 1; bit; bit <<= 1) {
		const char *name = NULL;

		if (!(flags & bit))
			continue;
		for (i = 0; i < etw_kflag_names_count; i++) {
			if (etw_kflag_names[i].flags == bit) {
				name = etw_kflag_names[i].name;
				break;
			}
		}
		if (n < size)
			n += name ? snprintf(buf + n, size - n, "%s%s",
					     n ? "+" : "", name) :
				    snprintf(buf + n, size - n, "%s0x%x",
					     n ? "+" : "", (unsigned int)bit);
	}
	return buf;
}

/*
 * --stacks "process/start,diskio/read": the kernel events that get a
 * StackWalk event (TraceStackTracingInfo), by their class/event names as
 * etwdump prints them (case-insensitive).
 */
static int kstacks_parse(const char *s, CLASSIC_EVENT_ID *ids, ULONG *n)
{
	char *copy = strdup(s), *save = NULL, *w;
	unsigned int hook;
	int ret = 0;

	*n = 0;
	if (!copy)
		return usage_err("out of memory");
	for (w = strtok_r(copy, ",+", &save); w; w = strtok_r(NULL, ",+", &save)) {
		const char *name = NULL;

		for (hook = 0; hook < 0x10000; hook++) {
			name = etw_kevent_name(hook);
			if (name && !strcasecmp(name, w))
				break;
		}
		if (hook == 0x10000 || *n == ETW_MAX_STACK_EVENTS) {
			ret = usage_err("--stacks: no kernel event '%s' "
					"(Process/Start, Thread/CSwitch, "
					"DiskIo/Read, ... as etwdump names them)",
					w);
			break;
		}
		memset(&ids[*n], 0, sizeof(ids[0]));
		/* Image/Load is logged in the Process group, typed ImageLoad. */
		memcpy(&ids[*n].EventGuid,
		       etw_kgroup_guid(hook == ETW_KH_IMAGE_LOAD ? ETW_KG_IMAGE :
				       hook >> 8), sizeof(GUID));
		ids[*n].Type = hook & 0xFF;
		(*n)++;
	}
	free(copy);
	return ret;
}

/* After StartTrace of a system logger: stacks and the profile interval. */
int kernel_setup(CONTROLTRACE_ID h, const char *stacks, ULONG interval)
{
	static CLASSIC_EVENT_ID ids[ETW_MAX_STACK_EVENTS];
	TRACE_PROFILE_INTERVAL pi = { 0, interval };
	ULONG n = 0, st;

	if (interval) {
		st = TraceSetInformation(h, TraceSampledProfileIntervalInfo,
					 &pi, sizeof(pi));
		if (st != ERROR_SUCCESS)
			return api_fail("TraceSetInformation(TraceSampledProfileIntervalInfo)",
					st, NULL);
	}
	if (stacks) {
		if (kstacks_parse(stacks, ids, &n))
			return EXIT_USAGE;
		st = TraceSetInformation(h, TraceStackTracingInfo, ids,
					 n * sizeof(ids[0]));
		if (st != ERROR_SUCCESS)
			return api_fail("TraceSetInformation(TraceStackTracingInfo)",
					st, NULL);
	}
	return 0;
}
