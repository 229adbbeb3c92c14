/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Reading NT Kernel Logger traces back in the kernel selftests
 * (kernel_test.c, kernel_priv_test.c): OpenTrace/ProcessTrace into an
 * array of events, their fields by MOF name (kmod/shared/etw_kevents.c),
 * and starting and stopping system loggers with libetw.
 */
#ifndef _ETW_SELFTEST_KTRACE_H
#define _ETW_SELFTEST_KTRACE_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <evntcons.h>
#include <evntrace.h>

#include "shared/etw_kevents.h"

/* ---- reading a trace ------------------------------------------------------- */

struct kev {
	int hook;		/* group << 8 | type, or -1 */
	unsigned int version;
	unsigned int pid, tid;
	long long ts;
	unsigned int len;
	unsigned char *data;
};

struct trace {
	struct kev *ev;
	size_t n, cap;
	TRACE_LOGFILE_HEADER hdr;
	ULONG is_kernel;
};

static struct trace *cur;

static inline VOID WINAPI on_event(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;
	struct kev *e;

	if (cur->n == cur->cap) {
		cur->cap = cur->cap ? 2 * cur->cap : 4096;
		cur->ev = realloc(cur->ev, cur->cap * sizeof(*cur->ev));
	}
	e = &cur->ev[cur->n++];
	e->hook = (h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) ?
		  etw_khook_of((const u8 *)&h->ProviderId,
			       h->EventDescriptor.Opcode) : -1;
	e->version = h->EventDescriptor.Version;
	e->pid = h->ProcessId;
	e->tid = h->ThreadId;
	e->ts = h->TimeStamp.QuadPart;
	e->len = er->UserDataLength;
	e->data = malloc(e->len + 1);
	memcpy(e->data, er->UserData, e->len);
}

static inline int read_trace(const char *path, struct trace *t)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	ULONG st;

	memset(t, 0, sizeof(*t));
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = (LPSTR)path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = on_event;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	cur = t;
	st = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	t->hdr = lf.LogfileHeader;
	t->is_kernel = lf.IsKernelTrace;
	return st == ERROR_SUCCESS ? 0 : -1;
}

static inline void free_trace(struct trace *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->ev[i].data);
	free(t->ev);
}

/* One field of a kernel event, by its MOF name. */
struct field_q {
	const char *name;
	struct etw_kvalue v;
	int found;
};

static inline void field_cb(const struct etw_kvalue *v, void *arg)
{
	struct field_q *q = arg;

	if (!q->found && !strcmp(v->field->name, q->name)) {
		q->v = *v;
		q->found = 1;
	}
}

static inline int field(const struct kev *e, const char *name,
			struct etw_kvalue *v)
{
	const struct etw_kclass *cls = etw_kclass_find(e->hook, e->version);
	struct field_q q = { .name = name };

	if (!cls || etw_kdecode(cls, e->data, e->len, field_cb, &q) < 0 ||
	    !q.found)
		return -1;
	*v = q.v;
	return 0;
}

/* A numeric field (0 and a test failure message when absent). */
static inline unsigned long long fnum(const struct kev *e, const char *name)
{
	struct etw_kvalue v;
	unsigned long long x = 0;
	unsigned int i;

	if (field(e, name, &v)) {
		fprintf(stderr, "# no field %s in hook 0x%04x v%u\n", name,
			e->hook, e->version);
		return ~0ULL;
	}
	for (i = v.len; i > 0; i--)
		x = x << 8 | v.data[i - 1];
	return x;
}

/* A string field as UTF-8 (static buffer; ASCII only is kept). */
static inline const char *fstr(const struct kev *e, const char *name)
{
	static char buf[4096];
	struct etw_kvalue v;
	unsigned int i, n = 0;

	buf[0] = 0;
	if (field(e, name, &v))
		return "<none>";
	if (v.field->type == ETW_KT_ASTR) {
		memcpy(buf, v.data, v.len < sizeof(buf) ? v.len : sizeof(buf) - 1);
		buf[v.len < sizeof(buf) ? v.len : sizeof(buf) - 1] = 0;
		return buf;
	}
	for (i = 0; i + 1 < v.len + 2 && n + 1 < sizeof(buf); i += 2) {
		if (!v.data[i] && !v.data[i + 1])
			break;
		buf[n++] = v.data[i + 1] ? '?' : v.data[i];
	}
	buf[n] = 0;
	return buf;
}

/* The index of the first event from @from on of @hook with field @f == @x. */
static inline long find(const struct trace *t, size_t from, int hook,
			const char *f, unsigned long long x)
{
	size_t i;

	for (i = from; i < t->n; i++)
		if (t->ev[i].hook == hook && (!f || fnum(&t->ev[i], f) == x))
			return i;
	return -1;
}

static inline size_t count(const struct trace *t, int hook,
			   const char *f, unsigned long long x)
{
	size_t i, n = 0;

	for (i = 0; i < t->n; i++)
		if (t->ev[i].hook == hook && (!f || fnum(&t->ev[i], f) == x))
			n++;
	return n;
}

/* ---- sessions ---------------------------------------------------------------- */

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
	char file[1024];
};

static inline void props_init(struct props *b)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	b->p.LogFileNameOffset = offsetof(struct props, file);
}

/* Start a system logger writing @file; 0 or a Win32 error. */
static inline ULONG start_kernel(const char *name, ULONG mode,
				 ULONG flags, const char *file,
				 CONTROLTRACE_ID *h)
{
	struct props b;

	props_init(&b);
	b.p.LogFileMode = mode | EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	b.p.EnableFlags = flags;
	/* the NT Kernel Logger gets room for busy workloads */
	b.p.BufferSize = (mode & EVENT_TRACE_SYSTEM_LOGGER_MODE) ? 64 : 256;
	b.p.MaximumBuffers = (mode & EVENT_TRACE_SYSTEM_LOGGER_MODE) ? 16 : 64;
	snprintf(b.file, sizeof(b.file), "%s", file);
	return StartTraceA(h, name, &b.p);
}

static inline ULONG stop(const char *name)
{
	struct props b;

	props_init(&b);
	return StopTraceA(0, name, &b.p);
}

#endif /* _ETW_SELFTEST_KTRACE_H */
