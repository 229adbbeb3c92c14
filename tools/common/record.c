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
#include "common/guid.h"
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

/* What each EnableFlags bit records (Documentation/system-trace.rst). */
static const struct {
	u32 flag;
	const char *what;
} kflag_what[] = {
	{ ETW_KF_PROCESS, "Process/Start, End, DCStart, DCEnd" },
	{ ETW_KF_THREAD, "Thread/Start, End, DCStart, DCEnd" },
	{ ETW_KF_IMAGE_LOAD, "Image/Load, DCStart, DCEnd (executable mappings)" },
	{ ETW_KF_PROCESS_COUNTERS, "Process/PerfCtr at exit, PerfCtrRundown at stop" },
	{ ETW_KF_CSWITCH, "Thread/CSwitch (context switches)" },
	{ ETW_KF_DPC, "deferred procedure calls" },
	{ ETW_KF_INTERRUPT, "interrupts" },
	{ ETW_KF_SYSTEMCALL, "PerfInfo/SysClEnter, SysClExit" },
	{ ETW_KF_DISK_IO, "DiskIo/Read, Write, FlushBuffers (completions)" },
	{ ETW_KF_DISK_FILE_IO, "FileIo/FileCreate: file names" },
	{ ETW_KF_DISK_IO_INIT, "DiskIo/ReadInit, WriteInit, FlushInit (submissions)" },
	{ ETW_KF_DISPATCHER, "Thread/ReadyThread (wake-ups)" },
	{ ETW_KF_MEMORY_PAGE_FAULTS, "page faults" },
	{ ETW_KF_MEMORY_HARD_FAULTS, "hard page faults" },
	{ ETW_KF_VIRTUAL_ALLOC, "virtual allocations" },
	{ ETW_KF_VAMAP, "file mappings" },
	{ ETW_KF_NETWORK_TCPIP, "TcpIp/Connect, Accept, Disconnect, Retransmit, Send, Recv" },
	{ ETW_KF_REGISTRY, "registry" },
	{ ETW_KF_DBGPRINT, "DbgPrint" },
	{ ETW_KF_JOB, "job objects" },
	{ ETW_KF_ALPC, "ALPC" },
	{ ETW_KF_SPLIT_IO, "split I/O" },
	{ ETW_KF_DEBUG_EVENTS, "debugger events" },
	{ ETW_KF_DRIVER, "driver delays" },
	{ ETW_KF_PROFILE, "PerfInfo/SampleProf (CPU samples)" },
	{ ETW_KF_FILE_IO, "FileIo/OperationEnd (file I/O completions)" },
	{ ETW_KF_FILE_IO_INIT, "FileIo/Create, Read, Write, Close, Flush" },
	{ ETW_KF_NO_SYSCONFIG, "no SystemConfig events at stop" },
};

int rec_kernel_help_asked(const char *s)
{
	return !strcasecmp(s, "help") || !strcasecmp(s, "list");
}

void rec_kernel_help(FILE *f)
{
	unsigned int i, k;
	size_t n;
	char names[160];

	fprintf(f, "Kernel flags (--kernel LIST: names or numbers joined by ',' or '+', as "
		"xperf -on\nand tracelog -eflag take them; Documentation/system-trace.rst has "
		"each event):\n\n");
	for (i = 0; i < sizeof(kflag_what) / sizeof(kflag_what[0]); i++) {
		u32 bit = kflag_what[i].flag;

		names[0] = 0;
		for (k = 0, n = 0; k < etw_kflag_names_count; k++)
			if (etw_kflag_names[k].flags == bit && n < sizeof(names))
				n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
						      n ? ", " : "", etw_kflag_names[k].name);
		fprintf(f, "  %-40s 0x%08x  %s%s\n", names, bit, kflag_what[i].what,
			bit & ETW_KF_IMPLEMENTED ? "" : " (none on Linux yet)");
	}
	fprintf(f, "\nGroups:\n");
	for (k = 0; k < etw_kflag_names_count; k++) {
		u32 g = etw_kflag_names[k].flags, bit;

		if (!(g & (g - 1)))
			continue;	/* one flag: listed above */
		names[0] = 0;
		for (bit = 1, n = 0; bit; bit <<= 1) {
			unsigned int j;

			if (!(g & bit))
				continue;
			for (j = 0; j < etw_kflag_names_count; j++)
				if (etw_kflag_names[j].flags == bit)
					break;
			if (j < etw_kflag_names_count && n < sizeof(names))
				n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
						      n ? "," : "", etw_kflag_names[j].name);
		}
		fprintf(f, "  %-12s %s\n", etw_kflag_names[k].name, names);
	}
}

int rec_kernel_bad(const char *opt, const char *flags, unsigned int bad)
{
	const char *item = flags + bad;
	int len = (int)strcspn(item, ",+|");

	if (!*flags || (!len && !*item))
		fprintf(stderr, "%s: %s '%s': which kernel flags? ('%s help' lists them)\n",
			PROG, opt, flags, opt);
	else
		fprintf(stderr, "%s: %s %s: '%.*s' is no kernel flag ('%s help' lists them: "
			"process, thread, img, cswitch, disk, fileio, net, syscall, profile, ...)\n",
			PROG, opt, flags, len, item, opt);
	return -1;
}

int rec_add_kernel(struct rec *r, const char *flags)
{
	unsigned int bad = 0;
	u32 f;

	if (rec_kernel_help_asked(flags)) {
		rec_kernel_help(stdout);
		return 1;
	}
	if (etw_kflags_parse(flags, &f, &bad) || !f)
		return rec_kernel_bad("--kernel", flags, f ? bad : (unsigned int)strlen(flags));
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
