// SPDX-License-Identifier: GPL-2.0-only
/*
 * A session for one job (record.h): StartTrace, EnableTraceEx2 for each
 * provider, ControlTrace(STOP).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <evntprov.h>
#include <libetw.h>

#include "common/names.h"
#include "common/record.h"
#include "common/win32.h"
#include "etw_guid.h"
#include "shared/etw_kevents.h"

#define PROG program_invocation_short_name

void deadline_in(struct timespec *end, double secs)
{
	clock_gettime(CLOCK_MONOTONIC, end);
	end->tv_sec += (time_t)secs;
	end->tv_nsec += (long)((secs - (double)(time_t)secs) * 1e9);
	if (end->tv_nsec >= 1000000000L) {
		end->tv_sec++;
		end->tv_nsec -= 1000000000L;
	}
}

int deadline_left(const struct timespec *end, struct timespec *left)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	left->tv_sec = end->tv_sec - now.tv_sec;
	left->tv_nsec = end->tv_nsec - now.tv_nsec;
	if (left->tv_nsec < 0) {
		left->tv_sec--;
		left->tv_nsec += 1000000000L;
	}
	return left->tv_sec >= 0;
}

const char *module_hint(void)
{
	if (access(ETW_DEVICE_PATH, F_OK) == 0)
		return NULL;
	return "is etw.ko loaded? " ETW_DEVICE_PATH " is missing: load it with "
	       "'modprobe etw' (or 'insmod etw.ko' in the build tree)";
}

int rec_add_provider(struct rec *r, const char *spec)
{
	struct rec_provider *p = &r->prov[r->nprov];
	ULONGLONG all;
	char err[600];

	if (r->nprov == REC_MAX_PROVIDERS) {
		fprintf(stderr, "%s: -p %s: at most %d providers\n", PROG, spec,
			REC_MAX_PROVIDERS);
		return -1;
	}
	memset(p, 0, sizeof(*p));
	p->spec = spec;
	p->level = TRACE_LEVEL_VERBOSE;
	if (provider_spec(spec, &p->guid, &p->level, &p->any, &all, err, sizeof(err))) {
		fprintf(stderr, "%s: -p %s: %s\n", PROG, spec, err);
		return -1;
	}
	if (all) {
		fprintf(stderr, "%s: -p %s: NAME[:LEVEL[:KEYWORDS]], no more\n", PROG, spec);
		return -1;
	}
	r->nprov++;
	return 0;
}

int rec_add_kernel(struct rec *r, const char *flags)
{
	unsigned int bad = 0;
	u32 f;

	if (etw_kflags_parse(flags, &f, &bad) || !f) {
		fprintf(stderr, "%s: --kernel %s: '%s' is no kernel flag (process, thread, "
			"img, cswitch, disk, fileio, net, syscall, profile, ... as "
			"xperf -on names them)\n", PROG, flags, flags + bad);
		return -1;
	}
	r->kflags |= f;
	return 0;
}

static void rec_kstack(struct rec *r, u16 hook)
{
	CLASSIC_EVENT_ID *id = &r->kstacks[r->nkstacks++];

	memset(id, 0, sizeof(*id));
	memcpy(&id->EventGuid, etw_kgroup_guid(hook >> 8), sizeof(GUID));
	id->Type = hook & 0xFF;
}

void rec_profile(struct rec *r, unsigned int hz, int stacks)
{
	r->kflags |= ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		     ETW_KF_PROFILE | ETW_KF_CSWITCH | ETW_KF_DISPATCHER;
	r->interval = hz ? 10000000u / hz : 0;
	r->nkstacks = 0;
	rec_kstack(r, ETW_KH_SAMPLED_PROFILE);
	rec_kstack(r, ETW_KH_CSWITCH);
	rec_kstack(r, ETW_KH_READY_THREAD);
	if (stacks)
		r->props |= EVENT_ENABLE_PROPERTY_STACK_TRACE;
}

/* The API's failure, with what it was about and a hint. */
static void fail(const struct rec *r, const char *api, const char *what, ULONG st)
{
	const char *hint = module_hint();

	if (!hint && st == ERROR_ACCESS_DENIED)
		hint = "sessions need CAP_PERFMON or CAP_SYS_ADMIN, or the etw.ko "
		       "controller_gid group";
	if (!hint && st == ERROR_ALREADY_EXISTS)
		hint = "a session of this name runs: stop it ('etwctl stop NAME') or "
		       "choose another name";
	if (!hint && (st == ERROR_PATH_NOT_FOUND || st == ERROR_BAD_PATHNAME))
		hint = "the log file's directory must exist";
	fprintf(stderr, "%s: session '%s'%s%s: %s: %s (%u)\n", PROG, r->session,
		what ? ", " : "", what ? what : "", api, win32_name(st), st);
	if (hint)
		fprintf(stderr, "%s: %s\n", PROG, hint);
}

int rec_start(struct rec *r)
{
	size_t nlen = strlen(r->session), flen = r->file ? strlen(r->file) : 0;
	size_t size = sizeof(EVENT_TRACE_PROPERTIES) + nlen + 1 + flen + 1;
	EVENT_TRACE_PROPERTIES *p = calloc(1, size);
	ENABLE_TRACE_PARAMETERS ep;
	char what[600];
	ULONG st;
	int i;

	if (!p)
		return -1;
	p->Wnode.BufferSize = (ULONG)size;
	p->Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	p->Wnode.ClientContext = 1;	/* QPC */
	p->BufferSize = r->buffer_kb;
	p->LoggerNameOffset = sizeof(*p);
	if (r->file) {
		p->LogFileNameOffset = (ULONG)(sizeof(*p) + nlen + 1);
		memcpy((char *)p + p->LogFileNameOffset, r->file, flen + 1);
		p->LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	} else {
		p->LogFileMode = EVENT_TRACE_REAL_TIME_MODE;
	}
	if (r->kflags) {
		p->LogFileMode |= EVENT_TRACE_SYSTEM_LOGGER_MODE;
		p->EnableFlags = r->kflags;
	}
	st = StartTraceA(&r->h, r->session, p);
	free(p);
	if (st != ERROR_SUCCESS) {
		snprintf(what, sizeof(what), "log file '%s'", r->file ? r->file : "");
		fail(r, "StartTrace", r->file ? what : NULL, st);
		return -1;
	}
	r->running = 1;
	if (r->interval) {
		TRACE_PROFILE_INTERVAL pi = { 0, r->interval };

		st = TraceSetInformation(r->h, TraceSampledProfileIntervalInfo,
					 &pi, sizeof(pi));
		if (st != ERROR_SUCCESS) {
			fail(r, "TraceSetInformation(TraceSampledProfileIntervalInfo)",
			     NULL, st);
			rec_stop(r, NULL, NULL);
			return -1;
		}
	}
	if (r->nkstacks) {
		st = TraceSetInformation(r->h, TraceStackTracingInfo, r->kstacks,
					 r->nkstacks * sizeof(r->kstacks[0]));
		if (st != ERROR_SUCCESS) {
			fail(r, "TraceSetInformation(TraceStackTracingInfo)", NULL, st);
			rec_stop(r, NULL, NULL);
			return -1;
		}
	}
	memset(&ep, 0, sizeof(ep));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableProperty = r->props;
	for (i = 0; i < r->nprov; i++) {
		st = EnableTraceEx2(r->h, &r->prov[i].guid, EVENT_CONTROL_CODE_ENABLE_PROVIDER,
				    r->prov[i].level, r->prov[i].any, 0, 0, &ep);
		if (st != ERROR_SUCCESS) {
			snprintf(what, sizeof(what), "provider %s", r->prov[i].spec);
			fail(r, "EnableTraceEx2", what, st);
			rec_stop(r, NULL, NULL);
			return -1;
		}
	}
	return 0;
}

int rec_stop(struct rec *r, unsigned long long *lost_events,
	     unsigned long long *lost_buffers)
{
	struct {
		EVENT_TRACE_PROPERTIES p;
		char names[2 * (ETW_MAX_PATH_BYTES + 1)];
	} *b;
	ULONG st;

	/* Once, whichever thread comes first (a signal's, the main one). */
	if (!__atomic_exchange_n(&r->running, 0, __ATOMIC_ACQ_REL))
		return 0;
	b = calloc(1, sizeof(*b));
	if (!b)
		return -1;
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.LoggerNameOffset = sizeof(b->p);
	b->p.LogFileNameOffset = sizeof(b->p) + ETW_MAX_PATH_BYTES + 1;
	st = ControlTraceA(r->h, NULL, &b->p, EVENT_TRACE_CONTROL_STOP);
	if (st == ERROR_SUCCESS) {
		if (lost_events)
			*lost_events = b->p.EventsLost;
		if (lost_buffers)
			*lost_buffers = (unsigned long long)b->p.LogBuffersLost +
					b->p.RealTimeBuffersLost;
	}
	free(b);
	if (st != ERROR_SUCCESS) {
		fail(r, "StopTrace", NULL, st);
		return -1;
	}
	return 0;
}
