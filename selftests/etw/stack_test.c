// SPDX-License-Identifier: GPL-2.0-only
/*
 * Stacks on events (issue 28): EVENT_ENABLE_PROPERTY_STACK_TRACE makes
 * every event of the provider, in that session, carry a STACK_TRACE64
 * extended item (MatchId, then the return addresses from the caller of
 * the ETW API outwards), as Windows does; other sessions of the same
 * events get none; EVENT_FILTER_TYPE_STACKWALK and STACKWALK_LEVEL_KW
 * choose which events get one (reference 2.6, filters).
 *
 * The events come from a known call chain, chain_a -> chain_b ->
 * chain_c -> the write (stack_chain.c), built with and without frame
 * pointers, through EventWrite, EventWriteTransfer, EventWriteString
 * and TraceLoggingWrite, on the fast path and on the ioctl: the first
 * three frames must name chain_c, chain_b and chain_a in that order
 * (dladdr: the test is linked -rdynamic).  Classic TraceEvent and
 * TraceMessage records, which have no extended items, are followed by a
 * StackWalk event, as the NT Kernel Logger's events are.  And a session
 * that gets a process's stacks gets that process's executable mappings
 * (Image/DCStart, ImageId/ElfBuildId) before them, again after a
 * dlopen(): what symbolizing the trace elsewhere needs (issue 28, 3).
 */
#include <dlfcn.h>
#include <link.h>
#include <limits.h>
#include <stdlib.h>
#include "etw_util.h"

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>
#include <TraceLoggingProvider.h>

#include "../kselftest_harness.h"
#include "stack_chain.h"

/* {5A1C7200-2828-4ddd-9a1b-000000000028} */
static const GUID st_guid = {
	0x5A1C7200, 0x2828, 0x4ddd, { 0x9a, 0x1b, 0, 0, 0, 0, 0, 0x28 }
};

/* Linux-ETW-StackTest-TL {5A1C7201-2828-4ddd-9a1b-000000000028} */
TRACELOGGING_DEFINE_PROVIDER(st_tl, "Linux-ETW-StackTest-TL",
	(0x5A1C7201, 0x2828, 0x4ddd, 0x9a, 0x1b, 0, 0, 0, 0, 0, 0x28));

#define NSESS	4
#define MAXEV	64

struct seen {
	int n;
	struct {
		UINT32 value;
		USHORT id;
		int frames;		/* -1: no stack item */
		char names[3][32];	/* the first three frames, named */
	} ev[MAXEV];
};

static struct seen seen[NSESS];
static int cur;

static void name_of(ULONG64 addr, char *out, size_t len)
{
	Dl_info di;

	/* A return address: the call is the byte before it. */
	if (dladdr((void *)(uintptr_t)(addr - 1), &di) && di.dli_sname)
		snprintf(out, len, "%s", di.dli_sname);
	else
		snprintf(out, len, "0x%llx", (unsigned long long)addr);
}

static void WINAPI st_cb(PEVENT_RECORD r)
{
	struct seen *s = &seen[cur];
	const EVENT_HEADER *h = &r->EventHeader;
	USHORT i;
	int k;

	if (!IsEqualGUID(&h->ProviderId, &st_guid) &&
	    !IsEqualGUID(&h->ProviderId, &st_tl->ProviderId))
		return;
	if (s->n >= MAXEV)
		return;
	k = s->n++;
	memset(&s->ev[k], 0, sizeof(s->ev[k]));
	s->ev[k].id = h->EventDescriptor.Id;
	s->ev[k].frames = -1;
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY)
		s->ev[k].value = 0xFFFF;
	else if (r->UserDataLength >= 4)
		memcpy(&s->ev[k].value, (const UINT8 *)r->UserData +
		       r->UserDataLength - 4, 4);
	for (i = 0; i < r->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &r->ExtendedData[i];
		const EVENT_EXTENDED_ITEM_STACK_TRACE64 *st;
		int j, nf;

		if (x->ExtType != EVENT_HEADER_EXT_TYPE_STACK_TRACE64)
			continue;
		st = (const void *)(uintptr_t)x->DataPtr;
		nf = (x->DataSize - 8) / 8;
		s->ev[k].frames = nf;
		for (j = 0; j < 3 && j < nf; j++)
			name_of(st->Address[j], s->ev[k].names[j],
				sizeof(s->ev[k].names[j]));
	}
}

struct sess {
	EVENT_TRACE_PROPERTIES p;
	char name[64];
	char file[256];
};

static void sess_props(struct sess *b, const char *tag)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.Wnode.ClientContext = 1;
	b->p.LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	b->p.BufferSize = 64;
	b->p.LoggerNameOffset = offsetof(struct sess, name);
	b->p.LogFileNameOffset = offsetof(struct sess, file);
	snprintf(b->name, sizeof(b->name), "st-%s-%d", tag, getpid());
	snprintf(b->file, sizeof(b->file), "%s/st-%s-%d.etl",
		 getenv("ST_KEEP") ? getenv("ST_KEEP") : "/tmp", tag, getpid());
}

/* ST_KEEP=dir keeps the files there, for etwdump. */
static void st_unlink(const char *file)
{
	if (!getenv("ST_KEEP"))
		unlink(file);
}

static int enable(CONTROLTRACE_ID h, const GUID *g, ULONG props,
		  EVENT_FILTER_DESCRIPTOR *f, ULONG nf)
{
	ENABLE_TRACE_PARAMETERS ep;

	memset(&ep, 0, sizeof(ep));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableProperty = props;
	ep.EnableFilterDesc = f;
	ep.FilterDescCount = nf;
	return EnableTraceEx2(h, g, EVENT_CONTROL_CODE_ENABLE_PROVIDER, 5, 0,
			      0, 0, &ep);
}

/* value: variant << 8 | path << 4 | how */
static UINT32 tag(int nofp, int ioctl_path, int how)
{
	return (UINT32)(nofp << 8 | ioctl_path << 4 | how);
}

TEST(stacks_on_events_name_the_chain)
{
	static const char *sfx[2] = { "fp", "nofp" };
	struct {
		EVENT_FILTER_EVENT_ID f;
	} ids = { { TRUE, 0, 1, { 7 } } };
	EVENT_FILTER_LEVEL_KW lk;
	EVENT_FILTER_DESCRIPTOR fd;
	struct sess b[NSESS];
	CONTROLTRACE_ID h[NSESS];
	struct chain c;
	REGHANDLE reg;
	int i, v, p, how, k, bad = 0;
	struct etw_fastpath_stats fs0, fs1;

	for (i = 0; i < NSESS; i++) {
		static const char *t[NSESS] = { "all", "none", "ids", "lk" };

		sess_props(&b[i], t[i]);
		unlink(b[i].file);
		ASSERT_EQ(0, StartTraceA(&h[i], b[i].name, &b[i].p));
	}
	/* 0: stacks; 1: none; 2: stacks for event 7 only; 3: not for level <= 4 */
	ASSERT_EQ(0, enable(h[0], &st_guid, EVENT_ENABLE_PROPERTY_STACK_TRACE, NULL, 0));
	ASSERT_EQ(0, enable(h[0], &st_tl->ProviderId, EVENT_ENABLE_PROPERTY_STACK_TRACE, NULL, 0));
	ASSERT_EQ(0, enable(h[1], &st_guid, 0, NULL, 0));
	ASSERT_EQ(0, enable(h[1], &st_tl->ProviderId, 0, NULL, 0));
	fd.Ptr = (ULONGLONG)(uintptr_t)&ids;
	fd.Size = sizeof(EVENT_FILTER_EVENT_ID);
	fd.Type = EVENT_FILTER_TYPE_STACKWALK;
	/* Stack-walk filters need stacks. */
	EXPECT_EQ(ERROR_INVALID_PARAMETER, enable(h[2], &st_guid, 0, &fd, 1));
	ASSERT_EQ(0, enable(h[2], &st_guid, EVENT_ENABLE_PROPERTY_STACK_TRACE, &fd, 1));
	memset(&lk, 0, sizeof(lk));
	lk.Level = 4;
	lk.FilterIn = FALSE;
	fd.Ptr = (ULONGLONG)(uintptr_t)&lk;
	fd.Size = sizeof(lk);
	fd.Type = EVENT_FILTER_TYPE_STACKWALK_LEVEL_KW;
	ASSERT_EQ(0, enable(h[3], &st_guid, EVENT_ENABLE_PROPERTY_STACK_TRACE, &fd, 1));

	ASSERT_EQ(0, EventRegister(&st_guid, NULL, NULL, &reg));
	ASSERT_EQ(0, TraceLoggingRegister(st_tl));
	c.reg = reg;
	c.tl = st_tl;
	ASSERT_EQ(0, etw_fastpath_stats(&fs0));
	for (p = 0; p < 2; p++) {
		etw_fastpath_set(!p);
		for (v = 0; v < 2; v++) {
			for (how = CHAIN_WRITE; how <= CHAIN_TRACELOGGING; how++) {
				c.how = how;
				c.id = how == CHAIN_WRITE ? 7 : how == CHAIN_TRANSFER ? 8 : 0;
				c.value = tag(v, p, how);
				if (v)
					chain_a_nofp(&c);
				else
					chain_a_fp(&c);
			}
		}
		if (!p)
			ASSERT_EQ(0, etw_fastpath_stats(&fs1));
	}
	etw_fastpath_set(1);
	TraceLoggingUnregister(st_tl);
	EventUnregister(reg);
	for (i = 0; i < NSESS; i++) {
		EVENT_TRACE_LOGFILEA lf;
		PROCESSTRACE_HANDLE ph;

		memset(&b[i].p, 0, sizeof(b[i].p));
		b[i].p.Wnode.BufferSize = sizeof(b[i]);
		b[i].p.LoggerNameOffset = offsetof(struct sess, name);
		b[i].p.LogFileNameOffset = offsetof(struct sess, file);
		EXPECT_EQ(0, ControlTraceA(h[i], NULL, &b[i].p,
					   EVENT_TRACE_CONTROL_STOP));
		memset(&lf, 0, sizeof(lf));
		lf.LogFileName = b[i].file;
		lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
		lf.EventRecordCallback = st_cb;
		cur = i;
		ph = OpenTraceA(&lf);
		ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
		EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
		CloseTrace(ph);
		st_unlink(b[i].file);
	}
	/* The first half went through stages (the fast path). */
	EXPECT_LT(fs0.events, fs1.events);

	/* Session 0: every event, its stack naming the chain. */
	EXPECT_EQ(16, seen[0].n);
	for (k = 0; k < seen[0].n; k++) {
		const char *x = sfx[seen[0].ev[k].value >> 8 & 1];
		char want[3][32];
		int j;

		if (seen[0].ev[k].value == 0xFFFF)	/* EventWriteString */
			x = NULL;
		for (j = 0; j < 3; j++)
			snprintf(want[j], sizeof(want[j]), "chain_%c_%s",
				 'c' - j, x ? x : "");
		if (seen[0].ev[k].frames < 3 ||
		    (x && (strcmp(seen[0].ev[k].names[0], want[0]) ||
			   strcmp(seen[0].ev[k].names[1], want[1]) ||
			   strcmp(seen[0].ev[k].names[2], want[2]))) ||
		    (!x && strncmp(seen[0].ev[k].names[0], "chain_c_", 8))) {
			TH_LOG("event %#x (id %u): %d frames: %s, %s, %s",
			       seen[0].ev[k].value, seen[0].ev[k].id,
			       seen[0].ev[k].frames, seen[0].ev[k].names[0],
			       seen[0].ev[k].names[1], seen[0].ev[k].names[2]);
			bad++;
		}
	}
	EXPECT_EQ(0, bad);
	/* Session 1 asked for no stacks: none. */
	EXPECT_EQ(16, seen[1].n);
	for (k = 0; k < seen[1].n; k++)
		EXPECT_EQ(-1, seen[1].ev[k].frames);
	/* Session 2: STACKWALK FilterIn {7}: only event 7 has one. */
	EXPECT_EQ(12, seen[2].n);	/* not the TraceLogging provider */
	for (k = 0; k < seen[2].n; k++) {
		if (seen[2].ev[k].id == 7) {
			EXPECT_LE(3, seen[2].ev[k].frames);
		} else {
			EXPECT_EQ(-1, seen[2].ev[k].frames);
		}
	}
	/* Session 3: STACKWALK_LEVEL_KW, FilterIn FALSE, level 4: none. */
	EXPECT_EQ(12, seen[3].n);
	for (k = 0; k < seen[3].n; k++)
		EXPECT_EQ(-1, seen[3].ev[k].frames);
}

/* ---- SID, TS_ID, PROCESS_START_KEY, EVENT_KEY --------------------------- */

struct infos {
	int n;
	struct {
		UINT32 value;
		int have;		/* bit per item: 1 SID, 2 TS_ID, 4 PSK, 8 KEY */
		UINT32 uid, sid_sub0, ts;
		ULONG64 psk, key;
	} ev[MAXEV];
};

static struct infos infos[2];

static void WINAPI info_cb(PEVENT_RECORD r)
{
	struct infos *s = &infos[cur];
	USHORT i;
	int k;

	if (!IsEqualGUID(&r->EventHeader.ProviderId, &st_guid) || s->n >= MAXEV)
		return;
	k = s->n++;
	memset(&s->ev[k], 0, sizeof(s->ev[k]));
	if (r->UserDataLength >= 4)
		memcpy(&s->ev[k].value, r->UserData, 4);
	for (i = 0; i < r->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &r->ExtendedData[i];
		const UINT8 *d = (const void *)(uintptr_t)x->DataPtr;

		switch (x->ExtType) {
		case EVENT_HEADER_EXT_TYPE_SID:
			/* S-1-22-1-uid: revision 1, 2 sub-authorities, 22 */
			if (x->DataSize == 16 && d[0] == 1 && d[1] == 2 && d[7] == 22) {
				s->ev[k].have |= 1;
				memcpy(&s->ev[k].sid_sub0, d + 8, 4);
				memcpy(&s->ev[k].uid, d + 12, 4);
			}
			break;
		case EVENT_HEADER_EXT_TYPE_TS_ID:
			s->ev[k].have |= 2;
			memcpy(&s->ev[k].ts, d, 4);
			break;
		case EVENT_HEADER_EXT_TYPE_PROCESS_START_KEY:
			s->ev[k].have |= 4;
			memcpy(&s->ev[k].psk, d, 8);
			break;
		case EVENT_HEADER_EXT_TYPE_EVENT_KEY:
			s->ev[k].have |= 8;
			memcpy(&s->ev[k].key, d, 8);
			break;
		}
	}
}

/*
 * Issue 28: EVENT_ENABLE_PROPERTY_SID (the Unix-user SID S-1-22-1-uid),
 * TS_ID (the session id), PROCESS_START_KEY (the same for every event
 * of a process) and EVENT_KEY (one per event, the same in every session
 * that asked), on the fast path and on the ioctl; a session that asked
 * for none gets none.
 */
TEST(info_items_as_windows_gives_them)
{
	struct sess b[2];
	CONTROLTRACE_ID h[2];
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	REGHANDLE reg;
	UINT32 v;
	int i, k, p;

	for (i = 0; i < 2; i++) {
		sess_props(&b[i], i ? "noinfo" : "info");
		unlink(b[i].file);
		ASSERT_EQ(0, StartTraceA(&h[i], b[i].name, &b[i].p));
	}
	ASSERT_EQ(0, enable(h[0], &st_guid, EVENT_ENABLE_PROPERTY_SID |
			    EVENT_ENABLE_PROPERTY_TS_ID |
			    EVENT_ENABLE_PROPERTY_PROCESS_START_KEY |
			    EVENT_ENABLE_PROPERTY_EVENT_KEY, NULL, 0));
	ASSERT_EQ(0, enable(h[1], &st_guid, 0, NULL, 0));
	ASSERT_EQ(0, EventRegister(&st_guid, NULL, NULL, &reg));
	EventDescCreate(&ed, 5, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, &v, sizeof(v));
	for (p = 0; p < 2; p++) {
		etw_fastpath_set(!p);
		for (v = p * 100; v < p * 100 + 5; v++)
			EXPECT_EQ(0, EventWrite(reg, &ed, 1, &d));
	}
	etw_fastpath_set(1);
	EventUnregister(reg);
	for (i = 0; i < 2; i++) {
		EVENT_TRACE_LOGFILEA lf;
		PROCESSTRACE_HANDLE ph;

		memset(&b[i].p, 0, sizeof(b[i].p));
		b[i].p.Wnode.BufferSize = sizeof(b[i]);
		b[i].p.LoggerNameOffset = offsetof(struct sess, name);
		b[i].p.LogFileNameOffset = offsetof(struct sess, file);
		EXPECT_EQ(0, ControlTraceA(h[i], NULL, &b[i].p,
					   EVENT_TRACE_CONTROL_STOP));
		memset(&lf, 0, sizeof(lf));
		lf.LogFileName = b[i].file;
		lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
		lf.EventRecordCallback = info_cb;
		cur = i;
		ph = OpenTraceA(&lf);
		ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
		EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
		CloseTrace(ph);
		st_unlink(b[i].file);
	}
	ASSERT_EQ(10, infos[0].n);
	ASSERT_EQ(10, infos[1].n);
	for (k = 0; k < 10; k++) {
		EXPECT_EQ(15, infos[0].ev[k].have) TH_LOG("event %u", infos[0].ev[k].value);
		EXPECT_EQ(1, infos[0].ev[k].sid_sub0);
		EXPECT_EQ(getuid(), infos[0].ev[k].uid);
		EXPECT_EQ((UINT32)getsid(0), infos[0].ev[k].ts);
		EXPECT_NE(0, infos[0].ev[k].psk);
		EXPECT_EQ(infos[0].ev[0].psk, infos[0].ev[k].psk);
		EXPECT_NE(0, infos[0].ev[k].key);
		if (k)
			EXPECT_NE(infos[0].ev[k - 1].key, infos[0].ev[k].key);
		EXPECT_EQ(0, infos[1].ev[k].have);
		/* the same events, in the same order, in both */
		EXPECT_EQ(infos[0].ev[k].value, infos[1].ev[k].value);
	}
}

/* ---- classic records: a StackWalk event after each ------------------- */

/* {5A1C7202-2828-4ddd-9a1b-000000000028}: control GUID and event class */
static const GUID cl_guid = {
	0x5A1C7202, 0x2828, 0x4ddd, { 0x9a, 0x1b, 0, 0, 0, 0, 0, 0x28 }
};
/* {5A1C7203-2828-4ddd-9a1b-000000000028}: the messages' GUID */
static const GUID msg_guid = {
	0x5A1C7203, 0x2828, 0x4ddd, { 0x9a, 0x1b, 0, 0, 0, 0, 0, 0x28 }
};
/* StackWalk {def2fe46-7bd6-4b80-bd94-f57fe20d0ce3} */
static const GUID stackwalk_guid = {
	0xdef2fe46, 0x7bd6, 0x4b80, { 0xbd, 0x94, 0xf5, 0x7f, 0xe2, 0x0d, 0x0c, 0xe3 }
};

static TRACELOGGER_HANDLE cl_logger;

static ULONG WINAPI cl_control(WMIDPREQUESTCODE code, PVOID ctx, ULONG *size,
			       PVOID buf)
{
	(void)ctx;
	(void)size;
	cl_logger = code == WMI_ENABLE_EVENTS ? GetTraceLoggerHandle(buf) : 0;
	return ERROR_SUCCESS;
}

/* The records in file order: classic, message, StackWalk. */
static struct {
	int n;
	struct {
		char kind;		/* 'c' classic, 'm' message, 's' StackWalk */
		UINT32 value;
		ULONG64 ts, stamp;	/* record time; a StackWalk's EventTimeStamp */
		UINT32 pid, tid;
		int frames;
		char names[3][32];
	} r[MAXEV];
} recs;

static void WINAPI cl_cb(PEVENT_RECORD r)
{
	const EVENT_HEADER *h = &r->EventHeader;
	int k, j;

	if (recs.n >= MAXEV)
		return;
	k = recs.n;
	memset(&recs.r[k], 0, sizeof(recs.r[k]));
	recs.r[k].ts = (ULONG64)h->TimeStamp.QuadPart;
	recs.r[k].pid = h->ProcessId;
	recs.r[k].tid = h->ThreadId;
	if (IsEqualGUID(&h->ProviderId, &cl_guid) && r->UserDataLength >= 4 &&
	    !(h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)) {
		recs.r[k].kind = 'c';
		memcpy(&recs.r[k].value, r->UserData, 4);
	} else if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) {
		recs.r[k].kind = 'm';
		if (r->UserDataLength >= 4)
			memcpy(&recs.r[k].value, r->UserData, 4);
	} else if (IsEqualGUID(&h->ProviderId, &stackwalk_guid) &&
		   h->EventDescriptor.Opcode == 32 && r->UserDataLength >= 24) {
		const UINT8 *d = r->UserData;

		recs.r[k].kind = 's';
		memcpy(&recs.r[k].stamp, d, 8);
		memcpy(&recs.r[k].pid, d + 8, 4);
		memcpy(&recs.r[k].tid, d + 12, 4);
		recs.r[k].frames = (r->UserDataLength - 16) / 8;
		for (j = 0; j < 3 && j < recs.r[k].frames; j++) {
			ULONG64 a;

			memcpy(&a, d + 16 + 8 * j, 8);
			name_of(a, recs.r[k].names[j], sizeof(recs.r[k].names[j]));
		}
	} else {
		return;
	}
	recs.n++;
}

/*
 * Issue 28, 1: TraceEvent and TraceMessage of a classic provider that a
 * session enabled with EVENT_ENABLE_PROPERTY_STACK_TRACE: each record is
 * followed by a StackWalk event (EventTimeStamp the record's time, the
 * writer's process and thread) whose frames name the chain; enabled
 * without the property, none.
 */
TEST(classic_records_get_stackwalk_events)
{
	TRACE_GUID_REGISTRATION tr = { &cl_guid, NULL };
	struct sess b;
	CONTROLTRACE_ID h;
	TRACEHANDLE reg;
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	struct chain c;
	int k, walks = 0, plain = 0, p, how;

	sess_props(&b, "classic");
	unlink(b.file);
	ASSERT_EQ(0, StartTraceA(&h, b.name, &b.p));
	ASSERT_EQ(0, RegisterTraceGuidsA(cl_control, NULL, &cl_guid, 1, &tr,
					 NULL, NULL, &reg));
	memset(&c, 0, sizeof(c));
	c.class_guid = &cl_guid;
	/* Without the property: value 1, 2 (classic, message). */
	ASSERT_EQ(0, EnableTrace(TRUE, 0, 5, &cl_guid, h));
	ASSERT_NE(0, cl_logger);
	c.logger = cl_logger;
	c.how = CHAIN_CLASSIC;
	c.value = 1;
	chain_a_nofp(&c);
	c.how = CHAIN_MESSAGE;
	c.value = 2;
	chain_a_nofp(&c);
	/* With it: 0x10 | path << 2 | fp << 1 | message. */
	ASSERT_EQ(0, enable(h, &cl_guid, EVENT_ENABLE_PROPERTY_STACK_TRACE,
			    NULL, 0));
	ASSERT_NE(0, cl_logger);
	c.logger = cl_logger;
	for (p = 0; p < 2; p++) {
		etw_fastpath_set(!p);
		for (how = 0; how < 4; how++) {
			c.how = how & 1 ? CHAIN_MESSAGE : CHAIN_CLASSIC;
			c.class_guid = how & 1 ? &msg_guid : &cl_guid;
			c.value = 0x10 | p << 2 | how;
			if (how & 2)
				chain_a_fp(&c);
			else
				chain_a_nofp(&c);
		}
	}
	etw_fastpath_set(1);
	UnregisterTraceGuids(reg);
	memset(&b.p, 0, sizeof(b.p));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(struct sess, name);
	b.p.LogFileNameOffset = offsetof(struct sess, file);
	EXPECT_EQ(0, ControlTraceA(h, NULL, &b.p, EVENT_TRACE_CONTROL_STOP));
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = b.file;
	/* EventTimeStamp is the record's raw time (etl-format 3.3). */
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD |
			      PROCESS_TRACE_MODE_RAW_TIMESTAMP;
	lf.EventRecordCallback = cl_cb;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
	CloseTrace(ph);
	st_unlink(b.file);

	ASSERT_EQ(2 + 8 * 2, recs.n);
	for (k = 0; k < recs.n; k++) {
		const char *x;
		char want[3][32];
		int j;

		if (recs.r[k].kind == 's')
			continue;
		if (recs.r[k].value < 0x10) {
			plain++;
			/* no stack asked: the next record is no StackWalk */
			if (k + 1 < recs.n)
				EXPECT_NE('s', recs.r[k + 1].kind);
			continue;
		}
		ASSERT_LT(k + 1, recs.n);
		ASSERT_EQ('s', recs.r[k + 1].kind) TH_LOG("value %#x", recs.r[k].value);
		walks++;
		EXPECT_EQ(recs.r[k].ts, recs.r[k + 1].stamp);
		EXPECT_EQ((UINT32)getpid(), recs.r[k + 1].pid);
		EXPECT_EQ(recs.r[k].tid, recs.r[k + 1].tid);
		x = recs.r[k].value & 2 ? "fp" : "nofp";
		for (j = 0; j < 3; j++) {
			snprintf(want[j], sizeof(want[j]), "chain_%c_%s", 'c' - j, x);
			EXPECT_STREQ(want[j], recs.r[k + 1].names[j])
				TH_LOG("value %#x frame %d", recs.r[k].value, j);
		}
	}
	EXPECT_EQ(2, plain);
	EXPECT_EQ(8, walks);
}

/* ---- the images that name the frames ------------------------------------ */

/* Image {2cb15d1d-5fc1-11d2-abe1-00a0c911f518}, ImageId {65e39e5f-...} */
static const GUID image_guid = {
	0x2cb15d1d, 0x5fc1, 0x11d2, { 0xab, 0xe1, 0x00, 0xa0, 0xc9, 0x11, 0xf5, 0x18 }
};
static const GUID imageid_guid = {
	0x65e39e5f, 0x40d3, 0x4fd7, { 0x9a, 0x77, 0xd2, 0xd6, 0xe1, 0xd4, 0xee, 0x10 }
};

#define MAXIMG	256

struct images {
	int n, ids, stacked, covered, after_dl;
	struct {
		ULONG64 base, size;
		char path[PATH_MAX];
		UINT8 id[64];
		UINT32 idlen;
	} i[MAXIMG];
};

static struct images imgs[2];

static int img_find(struct images *m, ULONG64 a)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (a >= m->i[i].base && a < m->i[i].base + m->i[i].size)
			return i;
	return -1;
}

static void WINAPI img_cb(PEVENT_RECORD r)
{
	const EVENT_HEADER *h = &r->EventHeader;
	struct images *m = &imgs[cur];
	const UINT8 *d = r->UserData;
	UINT32 pid;
	USHORT x;
	int i;

	if (IsEqualGUID(&h->ProviderId, &image_guid) &&
	    h->EventDescriptor.Opcode == 3 && r->UserDataLength > 56 &&
	    m->n < MAXIMG) {
		const UINT16 *w = (const void *)(d + 56);
		size_t j, nw = (r->UserDataLength - 56) / 2;

		memcpy(&pid, d + 16, 4);
		if (pid != (UINT32)getpid())
			return;
		memcpy(&m->i[m->n].base, d, 8);
		memcpy(&m->i[m->n].size, d + 8, 8);
		for (j = 0; j < nw && w[j] && j + 1 < PATH_MAX; j++)
			m->i[m->n].path[j] = (char)w[j];	/* ASCII paths */
		m->i[m->n].path[j] = 0;
		m->n++;
	} else if (IsEqualGUID(&h->ProviderId, &imageid_guid) &&
		   r->UserDataLength >= 16) {
		ULONG64 base;
		UINT32 n;

		memcpy(&base, d, 8);
		memcpy(&n, d + 12, 4);
		for (i = 0; i < m->n; i++)
			if (m->i[i].base == base && n <= 64 &&
			    16 + n <= r->UserDataLength) {
				memcpy(m->i[i].id, d + 16, n);
				m->i[i].idlen = n;
			}
		m->ids++;
	} else if (IsEqualGUID(&h->ProviderId, &st_guid)) {
		for (x = 0; x < r->ExtendedDataCount; x++) {
			const EVENT_HEADER_EXTENDED_DATA_ITEM *e = &r->ExtendedData[x];
			const EVENT_EXTENDED_ITEM_STACK_TRACE64 *st;
			int j, nf, in = 0;

			if (e->ExtType != EVENT_HEADER_EXT_TYPE_STACK_TRACE64)
				continue;
			st = (const void *)(uintptr_t)e->DataPtr;
			nf = (e->DataSize - 8) / 8;
			for (j = 0; j < nf; j++)
				in += img_find(m, st->Address[j]) >= 0;
			m->stacked++;
			m->covered += in == nf;
		}
		if (h->EventDescriptor.Id == 9) {
			for (i = 0; i < m->n; i++)
				if (strstr(m->i[i].path, "libresolv"))
					m->after_dl++;
		}
	}
}

/* The main program's NT_GNU_BUILD_ID, from its loaded PT_NOTE. */
struct bid {
	UINT8 id[64];
	UINT32 n;
};

static int bid_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct bid *b = arg;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const UINT8 *p = (const void *)(info->dlpi_addr + ph->p_vaddr);
		const UINT8 *end = p + ph->p_memsz;

		if (ph->p_type != PT_NOTE)
			continue;
		while (p + 12 <= end) {
			const ElfW(Nhdr) *nh = (const void *)p;
			const UINT8 *desc = p + 12 + ((nh->n_namesz + 3) & ~3u);

			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(p + 12, "GNU", 4) && nh->n_descsz <= 64) {
				memcpy(b->id, desc, nh->n_descsz);
				b->n = nh->n_descsz;
				return 1;
			}
			p = desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
	return 1;	/* the first object is the program */
}

/*
 * Issue 28, 3: a session that gets this process's stacks gets, before
 * them, an Image/DCStart per executable mapping (path, base, size) and
 * the file's ELF build-id: every frame falls in a described image, the
 * program's own image names its file and carries its build-id; after a
 * dlopen() the new library is described before the next stack.  A
 * session without stacks gets no images.
 */
TEST(stacks_come_with_the_images_that_name_them)
{
	char exe[PATH_MAX];
	struct sess b[2];
	CONTROLTRACE_ID h[2];
	struct chain c;
	struct bid me = { .n = 0 };
	REGHANDLE reg;
	void *dl;
	int i, p, prog = -1;

	ASSERT_NE(NULL, realpath("/proc/self/exe", exe));
	dl_iterate_phdr(bid_cb, &me);
	ASSERT_LT(0, me.n);
	for (i = 0; i < 2; i++) {
		sess_props(&b[i], i ? "noimg" : "img");
		unlink(b[i].file);
		ASSERT_EQ(0, StartTraceA(&h[i], b[i].name, &b[i].p));
	}
	ASSERT_EQ(0, enable(h[0], &st_guid, EVENT_ENABLE_PROPERTY_STACK_TRACE, NULL, 0));
	ASSERT_EQ(0, enable(h[1], &st_guid, 0, NULL, 0));
	ASSERT_EQ(0, EventRegister(&st_guid, NULL, NULL, &reg));
	memset(&c, 0, sizeof(c));
	c.reg = reg;
	c.how = CHAIN_WRITE;
	for (p = 0; p < 2; p++) {
		etw_fastpath_set(!p);
		c.id = 3;
		chain_a_nofp(&c);
		chain_a_fp(&c);
	}
	/* A library loaded now is described before the next stack. */
	etw_fastpath_set(1);
	dl = dlopen("libresolv.so.2", RTLD_NOW);
	ASSERT_NE(NULL, dl);
	c.id = 9;
	chain_a_nofp(&c);
	EventUnregister(reg);
	for (i = 0; i < 2; i++) {
		EVENT_TRACE_LOGFILEA lf;
		PROCESSTRACE_HANDLE ph;

		memset(&b[i].p, 0, sizeof(b[i].p));
		b[i].p.Wnode.BufferSize = sizeof(b[i]);
		b[i].p.LoggerNameOffset = offsetof(struct sess, name);
		b[i].p.LogFileNameOffset = offsetof(struct sess, file);
		EXPECT_EQ(0, ControlTraceA(h[i], NULL, &b[i].p,
					   EVENT_TRACE_CONTROL_STOP));
		memset(&lf, 0, sizeof(lf));
		lf.LogFileName = b[i].file;
		lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
		lf.EventRecordCallback = img_cb;
		cur = i;
		ph = OpenTraceA(&lf);
		ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
		EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
		CloseTrace(ph);
		st_unlink(b[i].file);
	}
	dlclose(dl);

	EXPECT_EQ(5, imgs[0].stacked);
	EXPECT_EQ(imgs[0].stacked, imgs[0].covered);
	EXPECT_LT(0, imgs[0].after_dl);
	for (i = 0; i < imgs[0].n; i++)
		if (!strcmp(imgs[0].i[i].path, exe) &&
		    img_find(&imgs[0], (ULONG64)(uintptr_t)chain_a_fp) == i)
			prog = i;
	ASSERT_LE(0, prog) TH_LOG("no image of %s holds chain_a_fp", exe);
	EXPECT_EQ(me.n, imgs[0].i[prog].idlen);
	EXPECT_EQ(0, memcmp(me.id, imgs[0].i[prog].id, me.n));
	/* No stacks, no images. */
	EXPECT_EQ(0, imgs[1].n);
	EXPECT_EQ(0, imgs[1].ids);
	EXPECT_EQ(0, imgs[1].stacked);
}

TEST_HARNESS_MAIN
