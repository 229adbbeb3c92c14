// SPDX-License-Identifier: GPL-2.0-only
/*
 * Classic (MOF) providers: RegisterTraceGuids and its WMIDPREQUEST
 * control callback, GetTraceLoggerHandle / GetTraceEnableLevel /
 * GetTraceEnableFlags, TraceEvent and TraceEventInstance with
 * EVENT_TRACE_HEADER / EVENT_INSTANCE_HEADER (every rule of seed 003),
 * read back from a log file as FULL_HEADER / INSTANCE records.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#include "etl_file.h"
#include "../kselftest_harness.h"
#include "fastpath_check.h"

struct ctl_seen {
	int n;
	WMIDPREQUESTCODE code;
	TRACELOGGER_HANDLE logger;
	UCHAR level;
	ULONG flags;
	DWORD level_err;
	PVOID context;
};

static struct ctl_seen seen;
static ULONG callback_result;

static ULONG WINAPI control(WMIDPREQUESTCODE RequestCode, PVOID Context,
			    ULONG *BufferSize, PVOID Buffer)
{
	seen.n++;
	seen.code = RequestCode;
	seen.context = Context;
	if (RequestCode == WMI_ENABLE_EVENTS) {
		seen.logger = GetTraceLoggerHandle(Buffer);
		/* reference 4: clear the last error, then a 0 is readable. */
		SetLastError(ERROR_SUCCESS);
		seen.level = GetTraceEnableLevel(seen.logger);
		seen.level_err = GetLastError();
		seen.flags = GetTraceEnableFlags(seen.logger);
	}
	return callback_result;
}

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
	char file[512];
};

static void props_init(struct props *b, ULONG mode, const char *file)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.BufferSize = 16;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

/* What the file holds: classic records in order. */
struct rec {
	int instance;
	UCHAR type, level;
	USHORT version;
	GUID guid;
	ULONG tid, pid, iid, piid;
	GUID pguid;
	unsigned long long cpu;	/* the 8 bytes of KernelTime/UserTime */
	unsigned char data[64];
	ULONG len;
};

static int read_classic(const char *path, struct rec *out, int max)
{
	struct etl_file_buffer b;
	struct etl_file *ef;
	struct etl_record r;
	int n = 0;

	if (etl_file_open(path, &ef, NULL) < 0)
		return -1;
	while (etl_file_next_buffer(ef, &b) > 0) {
		while (etl_file_next_record(ef, &b, &r) > 0) {
			if (r.family != ETL_FAM_CLASSIC || n >= max)
				continue;
			out[n].instance = r.classic.instance;
			out[n].type = r.classic.type;
			out[n].level = r.classic.level;
			out[n].version = r.classic.version;
			memcpy(&out[n].guid, r.classic.guid, 16);
			out[n].tid = r.thread_id;
			out[n].pid = r.process_id;
			out[n].iid = r.classic.instance_id;
			out[n].piid = r.classic.parent_instance_id;
			memcpy(&out[n].pguid, r.classic.parent_guid, 16);
			out[n].cpu = r.classic.kernel_time |
				     (unsigned long long)r.classic.user_time << 32;
			out[n].len = r.payload_len;
			memcpy(out[n].data, r.payload,
			       r.payload_len < 64 ? r.payload_len : 64);
			n++;
		}
	}
	etl_file_close(ef);
	return n;
}

FIXTURE(cl) {
	GUID ctl, cls, pcls;
	TRACE_GUID_REGISTRATION reg[2];
	TRACEHANDLE h;
	CONTROLTRACE_ID s;
	char path[128];
	char name[64];
};

FIXTURE_SETUP(cl)
{
	static unsigned int n;

	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	memset(&seen, 0, sizeof(seen));
	callback_result = ERROR_SUCCESS;
	memset(&self->ctl, 0x11, sizeof(GUID));
	self->ctl.Data1 = getpid() * 16 + ++n;
	memset(&self->cls, 0x22, sizeof(GUID));
	memset(&self->pcls, 0x33, sizeof(GUID));
	self->reg[0].Guid = &self->cls;
	self->reg[1].Guid = &self->pcls;
	snprintf(self->path, sizeof(self->path), "/tmp/classic-%d-%u.etl",
		 getpid(), n);
	snprintf(self->name, sizeof(self->name), "classic-%d-%u", getpid(), n);
	self->s = 0;
	self->h = 0;
}

FIXTURE_TEARDOWN(cl)
{
	struct props b;

	if (self->h)
		UnregisterTraceGuids(self->h);
	if (self->s) {
		props_init(&b, 0, NULL);
		StopTraceA(self->s, NULL, &b.p);
	}
	unlink(self->path);
}

static ULONG start(FIXTURE_DATA(cl) *self, const char *name, const char *file,
		   CONTROLTRACE_ID *out)
{
	struct props b;

	props_init(&b, file ? EVENT_TRACE_FILE_MODE_SEQUENTIAL :
		   EVENT_TRACE_REAL_TIME_MODE, file);
	return StartTraceA(out, name, &b.p);
}

/* reference 4: the control callback and the enable state it reads. */
TEST_F(cl, control_callback_and_logger_handle)
{
	static int ctx;

	ASSERT_EQ(ERROR_SUCCESS, start(self, self->name, self->path, &self->s));
	ASSERT_EQ(ERROR_SUCCESS,
		  RegisterTraceGuidsA(control, &ctx, &self->ctl, 2, self->reg,
				      NULL, NULL, &self->h));
	EXPECT_NE(0, self->h);
	EXPECT_NE(NULL, self->reg[0].RegHandle);	/* class handles out */
	EXPECT_EQ(0, seen.n);
	/* Level -> EnableLevel, low 32 bits of Any -> EnableFlags. */
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0x5, 3, &self->ctl, self->s));
	EXPECT_EQ(1, seen.n);
	EXPECT_EQ(WMI_ENABLE_EVENTS, seen.code);
	EXPECT_EQ(&ctx, seen.context);
	EXPECT_NE((TRACELOGGER_HANDLE)INVALID_HANDLE_VALUE, seen.logger);
	EXPECT_EQ(3, seen.level);
	EXPECT_EQ(ERROR_SUCCESS, seen.level_err);
	EXPECT_EQ(5, seen.flags);
	/* Classic keyword rule: MatchAny 0 is not "all" (reference 1.5). */
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &self->ctl, 1, 0, 0,
						0, 0, NULL));
	EXPECT_EQ(2, seen.n);
	EXPECT_EQ(0, seen.flags);
	EXPECT_EQ(0, seen.level);	/* the controller's own value */
	/* Invalid handles: INVALID_HANDLE_VALUE and the last error. */
	SetLastError(0);
	EXPECT_EQ(0, GetTraceEnableLevel(12345));
	EXPECT_EQ(ERROR_INVALID_HANDLE, GetLastError());
	EXPECT_EQ((TRACELOGGER_HANDLE)INVALID_HANDLE_VALUE,
		  GetTraceLoggerHandle(NULL));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(FALSE, 0, 0, &self->ctl, self->s));
	EXPECT_EQ(WMI_DISABLE_EVENTS, seen.code);
}

/* reference 4: registering an enabled GUID runs the callback during
 * registration and returns its value. */
TEST_F(cl, enabled_at_registration)
{
	ASSERT_EQ(ERROR_SUCCESS, start(self, self->name, NULL, &self->s));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0x1, 4, &self->ctl, self->s));
	callback_result = 1234;
	EXPECT_EQ(1234, RegisterTraceGuidsA(control, NULL, &self->ctl, 1,
					     self->reg, NULL, NULL, &self->h));
	EXPECT_EQ(1, seen.n);
	EXPECT_EQ(WMI_ENABLE_EVENTS, seen.code);
	EXPECT_EQ(4, seen.level);
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  RegisterTraceGuidsA(NULL, NULL, &self->ctl, 0, NULL, NULL,
				      NULL, &self->h));
}

/* Seed 003, rules 3, 5-11, 15; reference 3.7, 4: TraceEvent records. */
TEST_F(cl, trace_event_records)
{
	struct {
		EVENT_TRACE_HEADER h;
		unsigned char data[8];
	} ev;
	struct {
		EVENT_TRACE_HEADER h;
		MOF_FIELD mof[2];
	} mev;
	static unsigned char big[16384];
	EVENT_TRACE_HEADER *bh = (void *)big;
	struct rec got[8];
	ULONG a = 0xAABBCCDD;
	char b[3] = "xyz";
	struct props out;
	int n;

	ASSERT_EQ(ERROR_SUCCESS, start(self, self->name, self->path, &self->s));
	ASSERT_EQ(ERROR_SUCCESS,
		  RegisterTraceGuidsA(control, NULL, &self->ctl, 1, self->reg,
				      NULL, NULL, &self->h));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0, 5, &self->ctl, self->s));

	/* Seed 003, rule 16: zero the structure before setting members. */
	memset(&ev, 0, sizeof(ev));
	ev.h.Size = sizeof(ev);
	ev.h.Flags = WNODE_FLAG_TRACED_GUID;
	ev.h.Guid = self->cls;
	ev.h.Class.Type = EVENT_TRACE_TYPE_START;	/* rule 6 */
	ev.h.Class.Level = TRACE_LEVEL_WARNING;		/* rules 7-8 */
	ev.h.Class.Version = 2;				/* rule 9 */
	memcpy(ev.data, "12345678", 8);
	/* Rule 5: Version is the roll-up of Type, Level and Version. */
	EXPECT_EQ(0x00020301u, ev.h.Version);
	ASSERT_EQ(ERROR_SUCCESS, TraceEvent(seen.logger, &ev.h));

	/* WNODE_FLAG_USE_MOF_PTR: the MOF_FIELDs' data is gathered. */
	memset(&mev, 0, sizeof(mev));
	mev.h.Size = sizeof(mev);
	mev.h.Flags = WNODE_FLAG_TRACED_GUID | WNODE_FLAG_USE_MOF_PTR |
		      WNODE_FLAG_USE_GUID_PTR;
	mev.h.GuidPtr = (ULONGLONG)(uintptr_t)&self->cls;
	mev.h.Class.Type = EVENT_TRACE_TYPE_INFO;
	mev.mof[0].DataPtr = (ULONG64)(uintptr_t)&a;
	mev.mof[0].Length = 4;
	mev.mof[1].DataPtr = (ULONG64)(uintptr_t)b;
	mev.mof[1].Length = 3;
	ASSERT_EQ(ERROR_SUCCESS, TraceEvent(seen.logger, &mev.h));

	/* Errors: no TRACED_GUID; larger than a buffer minus 72 (rule 3);
	 * a NULL header; a handle nobody gave out. */
	ev.h.Flags = 0;
	EXPECT_EQ(ERROR_INVALID_FLAG_NUMBER, TraceEvent(seen.logger, &ev.h));
	ev.h.Flags = WNODE_FLAG_TRACED_GUID;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceEvent(seen.logger, NULL));
	EXPECT_EQ(ERROR_INVALID_HANDLE, TraceEvent(0x1234, &ev.h));
	bh->Flags = WNODE_FLAG_TRACED_GUID;
	bh->Guid = self->cls;
	bh->Size = 16384 - 72 + 1;
	EXPECT_EQ(ERROR_MORE_DATA, TraceEvent(seen.logger, bh));
	bh->Size = 16384 - 72;	/* exactly fits */
	EXPECT_EQ(ERROR_SUCCESS, TraceEvent(seen.logger, bh));
	mev.h.Size = sizeof(EVENT_TRACE_HEADER) + 17 * sizeof(MOF_FIELD);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceEvent(seen.logger, &mev.h));
	EXPECT_WRITE_PATH();

	props_init(&out, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(self->s, NULL, &out.p));
	self->s = 0;
	n = read_classic(self->path, got, 8);
	ASSERT_EQ(3, n);
	EXPECT_EQ(0, got[0].instance);
	EXPECT_EQ(EVENT_TRACE_TYPE_START, got[0].type);
	EXPECT_EQ(TRACE_LEVEL_WARNING, got[0].level);
	EXPECT_EQ(2, got[0].version);
	EXPECT_TRUE(IsEqualGUID(&got[0].guid, &self->cls));
	EXPECT_EQ((ULONG)getpid(), got[0].pid);		/* rule 10 */
	EXPECT_NE(0, got[0].tid);
	EXPECT_EQ(8, got[0].len);
	EXPECT_EQ(0, memcmp(got[0].data, "12345678", 8));
	EXPECT_TRUE(IsEqualGUID(&got[1].guid, &self->cls));	/* GuidPtr */
	EXPECT_EQ(7, got[1].len);
	EXPECT_EQ(0, memcmp(got[1].data, &a, 4));
	EXPECT_EQ(0, memcmp(got[1].data + 4, "xyz", 3));
	EXPECT_EQ(16384 - 72 - sizeof(EVENT_TRACE_HEADER), got[2].len);
}

/* Seed 003, rules 1, 2, 10, 12, 13, 15: TraceEventInstance. */
TEST_F(cl, trace_event_instance)
{
	EVENT_INSTANCE_INFO inst, parent;
	struct {
		EVENT_INSTANCE_HEADER h;
		unsigned char data[4];
	} ev;
	struct rec got[4];
	struct props out;
	int n;

	ASSERT_EQ(ERROR_SUCCESS, start(self, self->name, self->path, &self->s));
	ASSERT_EQ(ERROR_SUCCESS,
		  RegisterTraceGuidsA(control, NULL, &self->ctl, 2, self->reg,
				      NULL, NULL, &self->h));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0, 5, &self->ctl, self->s));
	ASSERT_EQ(ERROR_SUCCESS, CreateTraceInstanceId(self->reg[1].RegHandle,
						       &parent));
	ASSERT_EQ(ERROR_SUCCESS, CreateTraceInstanceId(self->reg[0].RegHandle,
						       &inst));
	EXPECT_NE(parent.InstanceId, inst.InstanceId);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, CreateTraceInstanceId(NULL, &inst));

	memset(&ev, 0, sizeof(ev));
	/* Rule 3: the header plus the data (not the struct's padding). */
	ev.h.Size = sizeof(EVENT_INSTANCE_HEADER) + 4;
	ev.h.Flags = WNODE_FLAG_TRACED_GUID;
	ev.h.Class.Type = EVENT_TRACE_TYPE_DC_START;
	ev.h.Class.Level = 2;
	memcpy(ev.data, "inst", 4);
	ASSERT_EQ(ERROR_SUCCESS, TraceEventInstance(seen.logger, &ev.h, &inst,
						    &parent));
	/* Rule 10: InstanceId and ParentInstanceId are output fields. */
	EXPECT_EQ(inst.InstanceId, ev.h.InstanceId);
	EXPECT_EQ(parent.InstanceId, ev.h.ParentInstanceId);
	/* Rule 15: Flags must contain WNODE_FLAG_TRACED_GUID. */
	ev.h.Flags = 0;
	EXPECT_EQ(ERROR_INVALID_FLAGS, TraceEventInstance(seen.logger, &ev.h,
							  &inst, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceEventInstance(seen.logger,
							      &ev.h, NULL,
							      NULL));
	props_init(&out, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(self->s, NULL, &out.p));
	self->s = 0;
	n = read_classic(self->path, got, 4);
	ASSERT_EQ(1, n);
	EXPECT_EQ(1, got[0].instance);
	/* Rule 12: RegHandle named the class; 13: the parent's class. */
	EXPECT_TRUE(IsEqualGUID(&got[0].guid, &self->cls));
	EXPECT_TRUE(IsEqualGUID(&got[0].pguid, &self->pcls));
	EXPECT_EQ(inst.InstanceId, got[0].iid);
	EXPECT_EQ(parent.InstanceId, got[0].piid);
	EXPECT_EQ(EVENT_TRACE_TYPE_DC_START, got[0].type);
	EXPECT_EQ(4, got[0].len);
}

/* reference 2.6: a classic provider serves one session; a later enabling
 * session takes it over and events go there only. */
TEST_F(cl, one_session_per_classic_provider)
{
	struct {
		EVENT_TRACE_HEADER h;
		unsigned char data[4];
	} ev;
	char second_path[160], second_name[80];
	TRACELOGGER_HANDLE first;
	CONTROLTRACE_ID s2 = 0;
	struct rec got[4];
	struct props out;

	snprintf(second_path, sizeof(second_path), "%s.2", self->path);
	snprintf(second_name, sizeof(second_name), "%s-2", self->name);
	ASSERT_EQ(ERROR_SUCCESS, start(self, self->name, self->path, &self->s));
	ASSERT_EQ(ERROR_SUCCESS, start(self, second_name, second_path, &s2));
	ASSERT_EQ(ERROR_SUCCESS,
		  RegisterTraceGuidsA(control, NULL, &self->ctl, 1, self->reg,
				      NULL, NULL, &self->h));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0, 3, &self->ctl, self->s));
	first = seen.logger;
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0, 4, &self->ctl, s2));
	EXPECT_NE(first, seen.logger);
	EXPECT_EQ(4, seen.level);
	memset(&ev, 0, sizeof(ev));
	ev.h.Size = sizeof(ev);
	ev.h.Flags = WNODE_FLAG_TRACED_GUID;
	ev.h.Guid = self->cls;
	/* The first session no longer has it. */
	EXPECT_EQ(ERROR_INVALID_HANDLE, TraceEvent(first, &ev.h));
	ASSERT_EQ(ERROR_SUCCESS, TraceEvent(seen.logger, &ev.h));
	props_init(&out, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(s2, NULL, &out.p));
	props_init(&out, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(self->s, NULL, &out.p));
	self->s = 0;
	EXPECT_EQ(0, read_classic(self->path, got, 4));
	EXPECT_EQ(1, read_classic(second_path, got, 4));
	unlink(second_path);
}

/* ---- CPU times (seed 003, rules 4 and 14) --------------------------------- */

/* Spend about @ms of user-mode CPU time in this thread. */
static void burn_user_cpu(long ms)
{
	struct rusage r0, r;
	volatile unsigned long x = 0;
	long spent;

	getrusage(RUSAGE_THREAD, &r0);
	do {
		for (int i = 0; i < 1000000; i++)
			x += i;
		getrusage(RUSAGE_THREAD, &r);
		spent = (r.ru_utime.tv_sec - r0.ru_utime.tv_sec) * 1000 +
			(r.ru_utime.tv_usec - r0.ru_utime.tv_usec) / 1000;
	} while (spent < ms);
}

struct cpu_seen {
	int n;
	USHORT flags;
	ULONG64 processor_time;
	ULONG kernel_time, user_time;
	GUID want;
};

static VOID WINAPI cpu_record(PEVENT_RECORD r)
{
	struct cpu_seen *c = r->UserContext;

	if (!IsEqualGUID(&r->EventHeader.ProviderId, &c->want))
		return;
	c->n++;
	c->flags = r->EventHeader.Flags;
	c->processor_time = r->EventHeader.ProcessorTime;
	c->kernel_time = r->EventHeader.KernelTime;
	c->user_time = r->EventHeader.UserTime;
}

/* One TraceEvent in a fresh session of @mode; the record as stored and
 * as a consumer sees it. */
static void one_event(FIXTURE_DATA(cl) *self, struct __test_metadata *_metadata,
		      ULONG mode, struct rec *got, struct cpu_seen *c)
{
	struct {
		EVENT_TRACE_HEADER h;
		ULONG v;
	} ev;
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	struct props b;

	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL | mode, self->path);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&self->s, self->name, &b.p));
	ASSERT_EQ(ERROR_SUCCESS,
		  RegisterTraceGuidsA(control, NULL, &self->ctl, 1, self->reg,
				      NULL, NULL, &self->h));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0, 4, &self->ctl, self->s));
	memset(&ev, 0, sizeof(ev));
	ev.h.Size = sizeof(ev.h) + sizeof(ev.v);
	ev.h.Flags = WNODE_FLAG_TRACED_GUID;
	ev.h.Guid = self->cls;
	/* Rule 4: FieldTypeFlags (HeaderType, MarkerFlags) are reserved:
	 * whatever the caller leaves there, the record is a normal one. */
	ev.h.FieldTypeFlags = 0xBEEF;
	ev.v = 42;
	ASSERT_EQ(ERROR_SUCCESS, TraceEvent(seen.logger, &ev.h));
	props_init(&b, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(self->s, NULL, &b.p));
	self->s = 0;
	ASSERT_EQ(ERROR_SUCCESS, UnregisterTraceGuids(self->h));
	self->h = 0;
	ASSERT_EQ(1, read_classic(self->path, got, 1));
	EXPECT_EQ(4, got->len);
	EXPECT_EQ(0, memcmp(got->data, &ev.v, 4));

	memset(c, 0, sizeof(*c));
	c->want = self->cls;
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = self->path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = cpu_record;
	lf.Context = c;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	EXPECT_EQ(ERROR_SUCCESS, ProcessTrace(&ph, 1, NULL, NULL));
	CloseTrace(ph);
	EXPECT_EQ(1, c->n);
	unlink(self->path);
}

/*
 * Seed 003, rule 14: KernelTime and UserTime are CPU ticks; a private
 * session carries ProcessorTime (the user-mode time) instead, and its
 * consumer sees EVENT_HEADER_FLAG_PRIVATE_SESSION.  Rule 4: reserved
 * header bytes the caller filled do not matter.
 */
TEST_F(cl, cpu_times_and_private_processor_time)
{
	struct cpu_seen c;
	struct rec got;
	unsigned long long user;

	/* About 40 ticks of 15.6 ms of user time, little kernel time. */
	burn_user_cpu(600);

	one_event(self, _metadata, 0, &got, &c);
	user = got.cpu >> 32;
	EXPECT_GE(user, 20);			/* UserTime, ticks */
	EXPECT_LT(got.cpu & 0xFFFFFFFF, user);	/* KernelTime, smaller */
	EXPECT_FALSE(c.flags & EVENT_HEADER_FLAG_PRIVATE_SESSION);
	EXPECT_EQ(user, c.user_time);
	EXPECT_EQ(got.cpu & 0xFFFFFFFF, c.kernel_time);

	one_event(self, _metadata, EVENT_TRACE_PRIVATE_LOGGER_MODE, &got, &c);
	/* ProcessorTime: the user time as one count, not two halves. */
	EXPECT_EQ(0, got.cpu >> 32);
	EXPECT_GE(got.cpu, user);
	EXPECT_LE(got.cpu, user + 16);
	EXPECT_TRUE(c.flags & EVENT_HEADER_FLAG_PRIVATE_SESSION);
	EXPECT_EQ(got.cpu, c.processor_time);
}

TEST_HARNESS_MAIN
