// SPDX-License-Identifier: GPL-2.0-only
/*
 * TraceMessage / TraceMessageVa (WPP) end to end: libetw's functions, the
 * ETW_IOC_TRACE_MESSAGE ioctl, the MESSAGE records in session buffers,
 * read back from .etl files (libetw's internal reader: every raw field)
 * and through OpenTrace/ProcessTrace, real time and file (EVENT_RECORDs).
 *
 * Rules checked, by source (reference = ../shared/spec/etw-reference.md):
 *   R1 reference 4 / TraceMessage docs: MessageFlags SEQUENCE 1, GUID 2,
 *      COMPONENTID 4, TIMESTAMP 8, SYSTEMINFO 0x20, POINTER32/64; GUID and
 *      COMPONENTID are mutually exclusive; an invalid MessageFlags is
 *      ERROR_INVALID_PARAMETER.
 *   R2 TraceMessage docs: the record holds only the fields of the flags
 *      set, in the order sequence, GUID (or component id), time stamp,
 *      thread id, process id; then the arguments (etl-format 3.6).
 *   R3 TraceMessage docs: the arguments are (PVOID, size_t) pairs ended by
 *      a NULL pointer, concatenated.
 *   R4 reference 2.3 and TraceMessage docs: sequence numbers start at 1;
 *      EVENT_TRACE_USE_GLOBAL_SEQUENCE shares one counter among sessions,
 *      EVENT_TRACE_USE_LOCAL_SEQUENCE counts per session.  Ours: with
 *      neither the field is present and 0; only stored messages are
 *      numbered.
 *   R5 reference 4: a classic provider's events go to the one session
 *      that enables it; a logger handle of a session that no longer
 *      enables it is ERROR_INVALID_HANDLE (as for TraceEvent).
 *   R6 seed 002 rules 9-10 / TraceMessage docs: arguments + 72 must fit a
 *      buffer, a record at most 64 KB; larger is ERROR_MORE_DATA, and the
 *      session counts the loss (EventsLost).
 *   R7 reference 3.4 / seed 001 rule 8: consumers see
 *      EVENT_HEADER_FLAG_TRACE_MESSAGE, Id = MessageNumber, ProviderId =
 *      the message GUID.
 *   R8 uapi/linux/etw.h: ETW_IOC_TRACE_MESSAGE argument checks.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "etw_util.h"

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "etl_file.h"
#include "../kselftest_harness.h"
#include "shared/etw_etl.h"

#define MAXMSG 128

/* --- a classic provider ---------------------------------------------------- */

struct prov {
	GUID ctl;
	TRACEHANDLE reg;
	TRACELOGGER_HANDLE logger;	/* from the last WMI_ENABLE_EVENTS */
	int enabled;
};

static ULONG WINAPI control(WMIDPREQUESTCODE code, PVOID ctx, ULONG *size,
			    PVOID buf)
{
	struct prov *p = ctx;

	(void)size;
	if (code == WMI_ENABLE_EVENTS) {
		p->logger = GetTraceLoggerHandle(buf);
		p->enabled = 1;
	} else if (code == WMI_DISABLE_EVENTS) {
		p->enabled = 0;
	}
	return ERROR_SUCCESS;
}

static ULONG prov_register(struct prov *p, unsigned int n)
{
	memset(p, 0, sizeof(*p));
	memset(&p->ctl, 0x4D, sizeof(GUID));
	p->ctl.Data1 = getpid() * 64 + n;
	return RegisterTraceGuidsA(control, p, &p->ctl, 0, NULL, NULL, NULL,
				   &p->reg);
}

/* --- sessions -------------------------------------------------------------- */

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
	char file[512];
};

struct sess {
	CONTROLTRACE_ID id;
	char name[64];
	char path[128];
};

static void props_init(struct props *b, ULONG mode, ULONG kb, const char *file)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.BufferSize = kb;
	b->p.MaximumBuffers = 64;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

/* A file session (EVENT_TRACE_FILE_MODE_SEQUENTIAL | @mode). */
static ULONG sess_start(struct sess *s, const char *tag, ULONG mode, ULONG kb)
{
	static unsigned int n;
	struct props b;

	n++;
	snprintf(s->name, sizeof(s->name), "msg-%s-%d-%u", tag, getpid(), n);
	snprintf(s->path, sizeof(s->path), "/tmp/%s.etl", s->name);
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL | mode, kb, s->path);
	return StartTraceA(&s->id, s->name, &b.p);
}

static ULONG sess_stop(struct sess *s)
{
	struct props b;
	ULONG r;

	if (!s->id)
		return ERROR_SUCCESS;
	props_init(&b, 0, 0, NULL);
	r = StopTraceA(s->id, NULL, &b.p);
	s->id = 0;
	return r;
}

static ULONG events_lost(struct sess *s)
{
	struct props b;

	props_init(&b, 0, 0, NULL);
	if (ControlTraceA(s->id, NULL, &b.p, EVENT_TRACE_CONTROL_QUERY))
		return ~0u;
	return b.p.EventsLost;
}

/* --- what a file holds ----------------------------------------------------- */

struct mrec {
	u16 number, flags;
	u32 seq, comp;
	u8 guid[16];
	u64 ts;
	int has_time, has_ids;
	u32 tid, pid;
	u8 reserved;
	u32 len;
	u8 data[256];
};

struct found {
	int n;
	int other;		/* records that are no messages */
	u64 start_raw;		/* the logfile header's raw time */
	struct mrec m[MAXMSG];
};

static int read_msgs(const char *path, struct found *f)
{
	struct etl_file_buffer b;
	struct etl_file *ef;
	struct etl_record r;
	int rc, first = 1;

	memset(f, 0, sizeof(*f));
	if (etl_file_open(path, &ef, NULL) < 0)
		return -1;
	f->start_raw = etl_file_logfile(ef)->raw_time;
	while ((rc = etl_file_next_buffer(ef, &b)) > 0) {
		while ((rc = etl_file_next_record(ef, &b, &r)) > 0) {
			struct mrec *m;

			if (first) {	/* the logfile header record */
				first = 0;
				continue;
			}
			if (r.family != ETL_FAM_MESSAGE) {
				f->other++;
				continue;
			}
			if (f->n >= MAXMSG)
				continue;
			m = &f->m[f->n++];
			m->number = r.message.message_number;
			m->flags = r.message.option_flags;
			m->seq = r.message.sequence;
			m->comp = r.message.component_id;
			memcpy(m->guid, r.message.guid, 16);
			m->has_time = !!(r.present & ETL_REC_HAS_TIME);
			m->has_ids = !!(r.present & ETL_REC_HAS_IDS);
			m->ts = r.timestamp;
			m->tid = r.thread_id;
			m->pid = r.process_id;
			m->reserved = r.header_type;
			m->len = r.payload_len;
			memcpy(m->data, r.payload,
			       r.payload_len < 256 ? r.payload_len : 256);
		}
		if (rc < 0)
			break;
	}
	etl_file_close(ef);
	return rc < 0 ? rc : 0;
}

/* --- what a consumer delivers ---------------------------------------------- */

struct cev {
	EVENT_HEADER h;
	USHORT len;
	u8 data[256];
};

struct col {
	int n;
	LONGLONG hdr_ts;	/* the EventTraceGuid header event's time */
	struct cev ev[MAXMSG];
	PROCESSTRACE_HANDLE h;
	ULONG status;
	pthread_t thread;
};

static VOID WINAPI on_record(PEVENT_RECORD er)
{
	struct col *c = er->UserContext;
	struct cev *e;

	if (IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid) &&
	    !(er->EventHeader.Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)) {
		c->hdr_ts = er->EventHeader.TimeStamp.QuadPart;
		return;
	}
	if (c->n >= MAXMSG)
		return;
	e = &c->ev[c->n++];
	e->h = er->EventHeader;
	e->len = er->UserDataLength;
	memcpy(e->data, er->UserData,
	       er->UserDataLength < 256 ? er->UserDataLength : 256);
}

static PROCESSTRACE_HANDLE open_col(struct col *c, const char *logger,
				    const char *file)
{
	EVENT_TRACE_LOGFILEA lf;

	memset(c, 0, sizeof(*c));
	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = (LPSTR)logger;
	lf.LogFileName = (LPSTR)file;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD |
			      (logger ? PROCESS_TRACE_MODE_REAL_TIME : 0);
	lf.EventRecordCallback = on_record;
	lf.Context = c;
	c->h = OpenTraceA(&lf);
	return c->h;
}

static void *consume_main(void *arg)
{
	struct col *c = arg;

	c->status = ProcessTrace(&c->h, 1, NULL, NULL);
	return NULL;
}

static int consume_join(struct col *c, int secs)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += secs;
	return pthread_timedjoin_np(c->thread, NULL, &ts) ? -1 : 0;
}

/* --- helpers ---------------------------------------------------------------- */

static u64 mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static LONGLONG filetime_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (LONGLONG)ETL_FILETIME_UNIX_EPOCH + ts.tv_sec * 10000000LL + ts.tv_nsec / 100;
}

/* All records in one stream: the write order is the delivery order. */
static int pin_cpu0(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static ULONG trace_va(TRACELOGGER_HANDLE h, ULONG flags, LPCGUID g,
		      USHORT number, ...)
{
	va_list ap;
	ULONG r;

	va_start(ap, number);
	r = TraceMessageVa(h, flags, g, number, ap);
	va_end(ap);
	return r;
}

FIXTURE(msg) {
	struct prov p[4];
	struct sess s[4];
	int fd;
};

FIXTURE_SETUP(msg)
{
	if (access(ETW_DEVICE_PATH, R_OK | W_OK))
		SKIP(return, "%s: %s", ETW_DEVICE_PATH, strerror(errno));
	memset(self->p, 0, sizeof(self->p));
	memset(self->s, 0, sizeof(self->s));
	self->fd = -1;
}

FIXTURE_TEARDOWN(msg)
{
	int i;

	for (i = 0; i < 4; i++) {
		if (self->p[i].reg)
			UnregisterTraceGuids(self->p[i].reg);
		sess_stop(&self->s[i]);
		if (self->s[i].path[0])
			unlink(self->s[i].path);
	}
	if (self->fd >= 0)
		close(self->fd);
}

/* Register provider @i and have session @j enable it. */
static int enable(FIXTURE_DATA(msg) *self, int i, int j)
{
	if (!self->p[i].reg && prov_register(&self->p[i], i))
		return -1;
	if (EnableTrace(TRUE, 0, TRACE_LEVEL_VERBOSE, &self->p[i].ctl,
			self->s[j].id))
		return -1;
	return self->p[i].enabled ? 0 : -1;
}

/* --- R1, R2, R7: every flag combination through a file and real time --------- */

struct want {
	ULONG flags;		/* what the caller passed */
	USHORT number;
	GUID guid;
	u32 len;
	u8 data[16];
};

/* What the record's OptionFlags must be (decisions in classic.c). */
static u16 stored_flags(ULONG f)
{
	f &= ~(ULONG)TRACE_MESSAGE_PERFORMANCE_TIMESTAMP;
	if (!(f & (TRACE_MESSAGE_POINTER32 | TRACE_MESSAGE_POINTER64)))
		f |= TRACE_MESSAGE_POINTER64;
	return (u16)f;
}

TEST_F(msg, every_flag_combination)
{
	static const ULONG ptr[3] = { 0, TRACE_MESSAGE_POINTER32,
				      TRACE_MESSAGE_POINTER64 };
	static struct want w[MAXMSG];
	static struct found f;
	static struct col rt, fc;
	static const u8 zero[16];
	u64 t_before, t_after, last_ts = 0;
	LONGLONG last_ft = 0;
	u32 nseq = 0;
	int n = 0, i, k;

	ASSERT_EQ(0, pin_cpu0());
	ASSERT_EQ(ERROR_SUCCESS,
		  sess_start(&self->s[0], "all", EVENT_TRACE_REAL_TIME_MODE |
			     EVENT_TRACE_USE_LOCAL_SEQUENCE, 16));
	ASSERT_EQ(0, enable(self, 0, 0));
	t_before = mono_ns();
	for (i = 0; i < 32; i++) {
		ULONG base = 0;

		base |= (i & 1) ? TRACE_MESSAGE_SEQUENCE : 0;
		base |= (i & 2) ? TRACE_MESSAGE_GUID : 0;
		base |= (i & 4) ? TRACE_MESSAGE_COMPONENTID : 0;
		base |= (i & 8) ? TRACE_MESSAGE_TIMESTAMP : 0;
		base |= (i & 16) ? TRACE_MESSAGE_SYSTEMINFO : 0;
		if ((base & TRACE_MESSAGE_GUID) && (base & TRACE_MESSAGE_COMPONENTID))
			continue;
		for (k = 0; k < 4; k++) {
			struct want *x = &w[n];
			u32 a = 0xA0000000u | n;
			static const char s[] = "abcdefg";

			x->flags = base | (k < 3 ? ptr[k] :
				   TRACE_MESSAGE_PERFORMANCE_TIMESTAMP);
			x->number = (USHORT)(1000 + n);
			memset(&x->guid, 0x60 + n, sizeof(GUID));
			x->guid.Data1 = 0xC0000000u | n;
			memcpy(x->data, &a, 4);
			memcpy(x->data + 4, s, n % 8);
			x->len = 4 + n % 8;
			/* R3: pairs; one of length 0 adds nothing. */
			ASSERT_EQ(ERROR_SUCCESS,
				  TraceMessage(self->p[0].logger, x->flags,
					       &x->guid, x->number, &a,
					       (size_t)4, s, (size_t)0, s,
					       (size_t)(n % 8), NULL));
			n++;
		}
	}
	t_after = mono_ns();
	ASSERT_EQ(96, n);	/* 24 flag sets x 4 variants */
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE,
		  open_col(&rt, self->s[0].name, NULL));
	ASSERT_EQ(0, pthread_create(&rt.thread, NULL, consume_main, &rt));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));
	ASSERT_EQ(0, consume_join(&rt, 60));
	EXPECT_EQ(ERROR_SUCCESS, rt.status);
	CloseTrace(rt.h);

	/* The raw records (R2, R4). */
	ASSERT_EQ(0, read_msgs(self->s[0].path, &f));
	EXPECT_EQ(0, f.other);
	ASSERT_EQ(n, f.n);
	for (i = 0; i < n; i++) {
		const struct mrec *m = &f.m[i];
		ULONG fl = stored_flags(w[i].flags);

		EXPECT_EQ(w[i].number, m->number);
		EXPECT_EQ(fl, m->flags) {
			TH_LOG("message %d: passed 0x%x", i, w[i].flags);
		}
		EXPECT_EQ(0, m->reserved);
		if (fl & TRACE_MESSAGE_SEQUENCE) {
			EXPECT_EQ(++nseq, m->seq);	/* R4: local, from 1 */
		} else {
			EXPECT_EQ(0, m->seq);
		}
		if (fl & TRACE_MESSAGE_GUID) {
			EXPECT_EQ(0, memcmp(m->guid, &w[i].guid, 16));
		} else {
			EXPECT_EQ(0, memcmp(m->guid, zero, 16));
		}
		EXPECT_EQ(fl & TRACE_MESSAGE_COMPONENTID ? w[i].guid.Data1 : 0,
			  m->comp);
		EXPECT_EQ(!!(fl & TRACE_MESSAGE_TIMESTAMP), m->has_time);
		if (m->has_time) {
			/* The kernel's raw session time (QPC = CLOCK_MONOTONIC). */
			EXPECT_LE(t_before, m->ts);
			EXPECT_GE(t_after, m->ts);
			EXPECT_LE(last_ts, m->ts);
			last_ts = m->ts;
		}
		EXPECT_EQ(!!(fl & TRACE_MESSAGE_SYSTEMINFO), m->has_ids);
		if (m->has_ids) {
			EXPECT_EQ((u32)syscall(SYS_gettid), m->tid);
			EXPECT_EQ((u32)getpid(), m->pid);
		}
		ASSERT_EQ(w[i].len, m->len);
		EXPECT_EQ(0, memcmp(m->data, w[i].data, w[i].len));
	}

	/* The same through the real-time consumer and the file (R7). */
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, open_col(&fc, NULL, self->s[0].path));
	EXPECT_EQ(ERROR_SUCCESS, ProcessTrace(&fc.h, 1, NULL, NULL));
	CloseTrace(fc.h);
	ASSERT_EQ(n, rt.n);
	ASSERT_EQ(n, fc.n);
	for (k = 0; k < 2; k++) {
		const struct col *c = k ? &fc : &rt;

		last_ft = c->hdr_ts;
		for (i = 0; i < n; i++) {
			const EVENT_HEADER *h = &c->ev[i].h;
			ULONG fl = stored_flags(w[i].flags);

			EXPECT_TRUE(h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE);
			EXPECT_EQ(!!(fl & TRACE_MESSAGE_POINTER32),
				  !!(h->Flags & EVENT_HEADER_FLAG_32_BIT_HEADER));
			EXPECT_EQ(!!(fl & TRACE_MESSAGE_POINTER64),
				  !!(h->Flags & EVENT_HEADER_FLAG_64_BIT_HEADER));
			EXPECT_EQ(w[i].number, h->EventDescriptor.Id) {
				TH_LOG("%s: event %d", k ? "file" : "real time", i);
			}
			if (fl & TRACE_MESSAGE_GUID) {
				EXPECT_TRUE(IsEqualGUID(&h->ProviderId, &w[i].guid));
			} else {
				EXPECT_EQ(0, memcmp(&h->ProviderId, zero, 16));
			}
			EXPECT_EQ(fl & TRACE_MESSAGE_SYSTEMINFO ? (ULONG)getpid() : 0,
				  h->ProcessId);
			EXPECT_EQ(fl & TRACE_MESSAGE_SYSTEMINFO ?
				  (ULONG)syscall(SYS_gettid) : 0, h->ThreadId);
			/* No time: the previous record's, or the next one's. */
			EXPECT_LE(last_ft, h->TimeStamp.QuadPart);
			EXPECT_GE(filetime_now() + 10000000LL, h->TimeStamp.QuadPart);
			last_ft = h->TimeStamp.QuadPart;
			ASSERT_EQ(w[i].len, c->ev[i].len);
			EXPECT_EQ(0, memcmp(c->ev[i].data, w[i].data, w[i].len));
		}
		/*
		 * The first message has no time: not the session's start
		 * (issue 9: it would sort before everything), but a timed
		 * record's after it in its buffer, or the buffer's flush time.
		 */
		EXPECT_LT(c->hdr_ts, c->ev[0].h.TimeStamp.QuadPart);
	}
}

/* --- R3: argument concatenation, TraceMessageVa --------------------------- */

#define A2(x) x, (size_t)1, x, (size_t)1
#define A8(x) A2(x), A2(x), A2(x), A2(x)
#define A32(x) A8(x), A8(x), A8(x), A8(x)
#define A128(x) A32(x), A32(x), A32(x), A32(x)

TEST_F(msg, argument_concatenation)
{
	static struct found f;
	static u8 big[300];
	u32 a = 0x11223344;
	u16 b = 0x5566;
	const char *s = "xyz";
	const char one = '!';
	int i;

	for (i = 0; i < (int)sizeof(big); i++)
		big[i] = (u8)i;
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "args", 0, 16));
	ASSERT_EQ(0, enable(self, 0, 0));
	/* Back to back, no padding; the terminator's length is not read. */
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 1, &a, sizeof(a),
			       &b, sizeof(b), s, (size_t)3, NULL));
	/* No arguments at all. */
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 2, NULL));
	/* TraceMessageVa: the same list through a va_list. */
	ASSERT_EQ(ERROR_SUCCESS,
		  trace_va(self->p[0].logger, TRACE_MESSAGE_SEQUENCE, NULL, 3,
			   s, (size_t)0, big, sizeof(big), &a, (size_t)2,
			   NULL, (size_t)0));
	/* 128 arguments is the most (ours): 129 is ERROR_INVALID_PARAMETER. */
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 4, A128(&one), NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  TraceMessage(self->p[0].logger, 0, NULL, 5, A128(&one),
			       &one, (size_t)1, NULL));
	/* Empty pairs do not count. */
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 6, A128(&one),
			       &one, (size_t)0, NULL));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));

	ASSERT_EQ(0, read_msgs(self->s[0].path, &f));
	ASSERT_EQ(5, f.n);
	EXPECT_EQ(1, f.m[0].number);
	ASSERT_EQ(9, f.m[0].len);
	EXPECT_EQ(0, memcmp(f.m[0].data, &a, 4));
	EXPECT_EQ(0, memcmp(f.m[0].data + 4, &b, 2));
	EXPECT_EQ(0, memcmp(f.m[0].data + 6, "xyz", 3));
	EXPECT_EQ(2, f.m[1].number);
	EXPECT_EQ(0, f.m[1].len);
	EXPECT_EQ(3, f.m[2].number);
	EXPECT_EQ(0, f.m[2].seq);	/* R4: no sequence mode: present, 0 */
	ASSERT_EQ(sizeof(big) + 2, f.m[2].len);
	EXPECT_EQ(0, memcmp(f.m[2].data, big, 256));	/* what we keep */
	EXPECT_EQ(4, f.m[3].number);
	EXPECT_EQ(128, f.m[3].len);
	EXPECT_EQ('!', f.m[3].data[127]);
	EXPECT_EQ(6, f.m[4].number);
	EXPECT_EQ(128, f.m[4].len);
}

/*
 * TraceMessage always takes the ioctl (Documentation/design.rst, "The
 * fast path": its sequence numbers are drawn in write order), even with
 * the stages on: timed messages and a message without a time arrive with
 * the writer's ids, in the order written.
 */
TEST_F(msg, timed_messages_and_the_fast_path)
{
	static struct found f;
	const ULONG fl = TRACE_MESSAGE_TIMESTAMP | TRACE_MESSAGE_SYSTEMINFO;
	struct etw_fastpath_stats fs;
	u32 v;
	int i;

	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "timed", 0, 16));
	ASSERT_EQ(0, enable(self, 0, 0));
	for (i = 0; i < 100; i++) {
		v = i;
		ASSERT_EQ(ERROR_SUCCESS,
			  TraceMessage(self->p[0].logger, fl, NULL, 10,
				       &v, sizeof(v), NULL));
	}
	ASSERT_EQ(0, etw_fastpath_stats(&fs));
	EXPECT_EQ(0, fs.events);	/* none staged */
	/* no time */
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 11, NULL));
	v = 100;
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, fl, NULL, 10, &v, sizeof(v),
			       NULL));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));
	ASSERT_EQ(0, read_msgs(self->s[0].path, &f));
	ASSERT_EQ(102, f.n);
	for (i = 0; i < 102; i++) {
		const struct mrec *m = &f.m[i];

		if (m->number == 11)
			continue;
		ASSERT_EQ(10, m->number);
		ASSERT_EQ(4, m->len);
		EXPECT_EQ((u32)getpid(), m->pid);
		EXPECT_EQ((u32)syscall(SYS_gettid), m->tid);
	}
}

/* --- R4: global and local sequence numbers --------------------------------- */

TEST_F(msg, sequence_global_and_local)
{
	static struct found g1, g2, l1, l2, none;
	static u8 big[5000];
	struct sess bad = { 0 };
	ULONG lost;
	int i, j;

	/*
	 * The checks read each file in its order, which is the write order
	 * only within one CPU's buffers: a writer that migrates (as it does
	 * on PREEMPT_RT) would spread its records over several.
	 */
	ASSERT_EQ(0, pin_cpu0());
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "g1",
					    EVENT_TRACE_USE_GLOBAL_SEQUENCE, 4));
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[1], "g2",
					    EVENT_TRACE_USE_GLOBAL_SEQUENCE, 4));
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[2], "l1",
					    EVENT_TRACE_USE_LOCAL_SEQUENCE, 4));
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[3], "none", 0, 4));
	/* Both at once is an invalid LogFileMode (reference 2.3). */
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  sess_start(&bad, "both", EVENT_TRACE_USE_GLOBAL_SEQUENCE |
			     EVENT_TRACE_USE_LOCAL_SEQUENCE, 4));
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, enable(self, i, i));

	/* Interleaved: g1, g2, l1, none, g1, g2, ... */
	for (i = 0; i < 10; i++) {
		for (j = 0; j < 4; j++) {
			USHORT num = (USHORT)(100 * j + i);

			ASSERT_EQ(ERROR_SUCCESS,
				  TraceMessage(self->p[j].logger,
					       TRACE_MESSAGE_SEQUENCE, NULL,
					       num, &num, sizeof(num), NULL));
		}
		/* Without the flag: no number drawn, no field. */
		ASSERT_EQ(ERROR_SUCCESS,
			  TraceMessage(self->p[2].logger, 0, NULL, 299, NULL));
	}
	/* A lost message draws no number: no gap after it (ours). */
	lost = events_lost(&self->s[2]);
	EXPECT_EQ(ERROR_MORE_DATA,
		  TraceMessage(self->p[2].logger, TRACE_MESSAGE_SEQUENCE, NULL,
			       298, big, sizeof(big), NULL));
	EXPECT_EQ(lost + 1, events_lost(&self->s[2]));
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[2].logger, TRACE_MESSAGE_SEQUENCE, NULL,
			       210, NULL));
	for (i = 0; i < 4; i++)
		ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[i]));
	ASSERT_EQ(0, read_msgs(self->s[0].path, &g1));
	ASSERT_EQ(0, read_msgs(self->s[1].path, &g2));
	ASSERT_EQ(0, read_msgs(self->s[2].path, &l1));
	ASSERT_EQ(0, read_msgs(self->s[3].path, &none));
	unlink(self->s[1].path);

	/* A second local session counts from 1 again. */
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[1], "l2",
					    EVENT_TRACE_USE_LOCAL_SEQUENCE, 4));
	ASSERT_EQ(0, enable(self, 1, 1));
	for (i = 0; i < 3; i++)
		ASSERT_EQ(ERROR_SUCCESS,
			  TraceMessage(self->p[1].logger, TRACE_MESSAGE_SEQUENCE,
				       NULL, 7, NULL));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[1]));
	ASSERT_EQ(0, read_msgs(self->s[1].path, &l2));

	ASSERT_EQ(10, g1.n);
	ASSERT_EQ(10, g2.n);
	ASSERT_EQ(10 + 10 + 1, l1.n);
	ASSERT_EQ(10, none.n);
	ASSERT_EQ(3, l2.n);
	/* Local: 1, 2, 3, ... in write order; unnumbered ones skip nothing. */
	for (i = 0, j = 0; i < l1.n; i++) {
		if (!(l1.m[i].flags & TRACE_MESSAGE_SEQUENCE)) {
			EXPECT_EQ(299, l1.m[i].number);
			EXPECT_EQ(0, l1.m[i].seq);
			EXPECT_EQ(0, l1.m[i].len);
			continue;
		}
		EXPECT_EQ(++j, (int)l1.m[i].seq);
	}
	EXPECT_EQ(11, j);
	EXPECT_EQ(210, l1.m[l1.n - 1].number);
	for (i = 0; i < 3; i++)
		EXPECT_EQ(i + 1, (int)l2.m[i].seq);
	/* Neither mode: the field is there and 0; the argument follows it. */
	for (i = 0; i < none.n; i++) {
		EXPECT_TRUE(none.m[i].flags & TRACE_MESSAGE_SEQUENCE);
		EXPECT_EQ(0, none.m[i].seq);
		ASSERT_EQ(2, none.m[i].len);
		EXPECT_EQ(0, memcmp(none.m[i].data, &none.m[i].number, 2));
	}
	/*
	 * Global: one counter for g1 and g2, drawn in write order (g1, g2,
	 * g1, ...); the local and unnumbered sessions do not touch it.
	 */
	ASSERT_LT(0, (int)g1.m[0].seq);
	for (i = 0; i < g1.n; i++) {
		EXPECT_EQ(g1.m[0].seq + 2 * i, g1.m[i].seq);
		EXPECT_EQ(g1.m[i].seq + 1, g2.m[i].seq);
		EXPECT_EQ(i, g1.m[i].number);
		EXPECT_EQ(100 + i, g2.m[i].number);
	}
}

/* --- R6: size limits, both sides of each -------------------------------------- */

TEST_F(msg, size_limits)
{
	static struct found f;
	static u8 big[70000];
	ULONG lost;

	/* A 4 KB buffer holds 4096 - 72 bytes of records. */
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "small", 0, 4));
	ASSERT_EQ(0, enable(self, 0, 0));
	lost = events_lost(&self->s[0]);
	/* 8-byte header + 4016 = 4024 fits exactly. */
	EXPECT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 1, big, (size_t)4016,
			       NULL));
	EXPECT_EQ(ERROR_MORE_DATA,
		  TraceMessage(self->p[0].logger, 0, NULL, 2, big, (size_t)4017,
			       NULL));
	EXPECT_EQ(lost + 1, events_lost(&self->s[0]));
	/* The optional fields count: SYSTEMINFO adds 8. */
	EXPECT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, TRACE_MESSAGE_SYSTEMINFO, NULL,
			       3, big, (size_t)4008, NULL));
	EXPECT_EQ(ERROR_MORE_DATA,
		  TraceMessage(self->p[0].logger, TRACE_MESSAGE_SYSTEMINFO, NULL,
			       4, big, (size_t)4009, NULL));
	EXPECT_EQ(lost + 2, events_lost(&self->s[0]));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));
	ASSERT_EQ(0, read_msgs(self->s[0].path, &f));
	ASSERT_EQ(2, f.n);
	EXPECT_EQ(1, f.m[0].number);
	EXPECT_EQ(4016, f.m[0].len);
	EXPECT_EQ(3, f.m[1].number);
	EXPECT_EQ(4008, f.m[1].len);

	/* 128 KB buffers: the 64 KB record limit is the one that bites. */
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[1], "big", 0, 128));
	ASSERT_EQ(0, enable(self, 0, 1));
	lost = events_lost(&self->s[1]);
	EXPECT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, 0, NULL, 5, big,
			       (size_t)(65535 - 8), NULL));
	EXPECT_EQ(ERROR_MORE_DATA,
		  TraceMessage(self->p[0].logger, 0, NULL, 6, big,
			       (size_t)(65536 - 8), NULL));
	/* Split over two arguments, and a length past 4 GB: still too big. */
	EXPECT_EQ(ERROR_MORE_DATA,
		  TraceMessage(self->p[0].logger, 0, NULL, 7, big,
			       (size_t)40000, big, (size_t)30000, NULL));
	EXPECT_EQ(ERROR_MORE_DATA,
		  TraceMessage(self->p[0].logger, 0, NULL, 8, big,
			       (size_t)1 << 33, NULL));
	EXPECT_EQ(lost + 3, events_lost(&self->s[1]));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[1]));
	ASSERT_EQ(0, read_msgs(self->s[1].path, &f));
	ASSERT_EQ(1, f.n);
	EXPECT_EQ(5, f.m[0].number);
	EXPECT_EQ(65535 - 8, f.m[0].len);
}

/* --- R5: the session that no longer enables the provider -------------------- */

TEST_F(msg, logger_of_a_session_that_let_go)
{
	static struct found f;
	TRACELOGGER_HANDLE first;

	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "a", 0, 16));
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[1], "b", 0, 16));
	ASSERT_EQ(0, enable(self, 0, 0));
	first = self->p[0].logger;
	ASSERT_EQ(ERROR_SUCCESS, TraceMessage(first, 0, NULL, 1, NULL));
	/* Disabled: the handle names nothing we may write to. */
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(FALSE, 0, 0, &self->p[0].ctl,
					     self->s[0].id));
	EXPECT_EQ(0, self->p[0].enabled);
	EXPECT_EQ(ERROR_INVALID_HANDLE, TraceMessage(first, 0, NULL, 2, NULL));
	/* Taken over by another session: the old handle stays invalid. */
	ASSERT_EQ(0, enable(self, 0, 1));
	EXPECT_NE(first, self->p[0].logger);
	EXPECT_EQ(ERROR_INVALID_HANDLE, TraceMessage(first, 0, NULL, 3, NULL));
	EXPECT_EQ(ERROR_SUCCESS, TraceMessage(self->p[0].logger, 0, NULL, 4, NULL));
	/* Handles nobody gave out. */
	EXPECT_EQ(ERROR_INVALID_HANDLE, TraceMessage(0, 0, NULL, 5, NULL));
	EXPECT_EQ(ERROR_INVALID_HANDLE,
		  TraceMessage((TRACELOGGER_HANDLE)INVALID_HANDLE_VALUE, 0,
			       NULL, 5, NULL));
	/* The session stops: its handle dies with it. */
	first = self->p[0].logger;
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[1]));
	EXPECT_EQ(ERROR_INVALID_HANDLE, TraceMessage(first, 0, NULL, 6, NULL));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));
	ASSERT_EQ(0, read_msgs(self->s[0].path, &f));
	ASSERT_EQ(1, f.n);
	EXPECT_EQ(1, f.m[0].number);
	ASSERT_EQ(0, read_msgs(self->s[1].path, &f));
	ASSERT_EQ(1, f.n);
	EXPECT_EQ(4, f.m[0].number);
}

/* --- R1: bad flags ----------------------------------------------------------- */

TEST_F(msg, bad_flags)
{
	static struct found f;
	GUID g;
	TRACELOGGER_HANDLE h;

	memset(&g, 0x3C, sizeof(g));
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "flags", 0, 16));
	ASSERT_EQ(0, enable(self, 0, 0));
	h = self->p[0].logger;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceMessage(h, 0x100, &g, 1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceMessage(h, 0x10000, &g, 1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceMessage(h, 0x80000000, &g, 1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  TraceMessage(h, TRACE_MESSAGE_GUID | TRACE_MESSAGE_COMPONENTID,
			       &g, 1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  TraceMessage(h, TRACE_MESSAGE_POINTER32 | TRACE_MESSAGE_POINTER64,
			       &g, 1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  TraceMessage(h, TRACE_MESSAGE_GUID, NULL, 1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  trace_va(h, TRACE_MESSAGE_COMPONENTID, NULL, 1, NULL));
	/* Good ones: MessageGuid is ignored without GUID/COMPONENTID. */
	EXPECT_EQ(ERROR_SUCCESS, TraceMessage(h, TRACE_MESSAGE_TIMESTAMP, &g,
					      2, NULL));
	EXPECT_EQ(ERROR_SUCCESS,
		  TraceMessage(h, TRACE_MESSAGE_PERFORMANCE_TIMESTAMP |
			       TRACE_MESSAGE_TIMESTAMP | TRACE_MESSAGE_POINTER32,
			       NULL, 3, NULL));
	EXPECT_EQ(0, events_lost(&self->s[0]));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));
	ASSERT_EQ(0, read_msgs(self->s[0].path, &f));
	ASSERT_EQ(2, f.n);
	EXPECT_EQ(TRACE_MESSAGE_TIMESTAMP | TRACE_MESSAGE_POINTER64, f.m[0].flags);
	EXPECT_EQ(TRACE_MESSAGE_TIMESTAMP | TRACE_MESSAGE_POINTER32, f.m[1].flags);
}

/* --- R8: the ioctl on its own ------------------------------------------------- */

TEST_F(msg, ioctl_checks)
{
	struct {
		struct etw_trace_message m;
		u64 tail;
	} big;
	struct etw_trace_message m, good;
	struct etw_data_desc d[ETW_MAX_DATA_DESCRIPTORS + 1];
	struct etw_info info;
	uint8_t guid[16], other[16];
	struct etw_session_info si;
	uint64_t session, creg, mreg;
	static char buf[16];

	self->fd = etw_open();
	ASSERT_LE(0, self->fd);
	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_TRUE(info.features & ETW_FEAT_MESSAGE);

	etw_guid(guid, 0x4E, getpid() & 0xFF);
	etw_guid(other, 0x4F, getpid() & 0xFF);
	snprintf(self->s[0].name, sizeof(self->s[0].name), "msg-ioc-%d", getpid());
	session = etw_start(self->fd, self->s[0].name, 0x400, &si);	/* buffering */
	ASSERT_NE(0, session);
	self->s[0].id = session;
	creg = etw_reg(self->fd, guid, ETW_REG_F_CLASSIC, NULL, NULL);
	mreg = etw_reg(self->fd, other, 0, NULL, NULL);
	ASSERT_NE(0, creg);
	ASSERT_NE(0, mreg);
	ASSERT_EQ(0, etw_enable(self->fd, session, guid, 5, 0, 0));
	ASSERT_EQ(0, etw_enable(self->fd, session, other, 5, 0, 0));

	memset(d, 0, sizeof(d));
	d[0].ptr = (uintptr_t)buf;
	d[0].size = 4;
	memset(&good, 0, sizeof(good));
	good.handle = creg;
	good.logger = si.logger_id;
	good.flags = ETW_MSG_GUID | ETW_MSG_SEQUENCE;
	good.number = 9;
	memset(good.guid, 0x77, 16);
	good.count = 1;
	good.data = (uintptr_t)d;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_TRACE_MESSAGE, &good));

#define BAD(field_stmt, err) do {					\
		m = good;						\
		field_stmt;						\
		errno = 0;						\
		EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_TRACE_MESSAGE, &m)); \
		EXPECT_EQ(err, errno) { TH_LOG("%s", #field_stmt); }	\
	} while (0)
	BAD(m.flags |= 0x10, EINVAL);		/* PERFORMANCE_TIMESTAMP */
	BAD(m.flags |= 0x100, EINVAL);
	BAD(m.flags |= ETW_MSG_COMPONENTID, EINVAL);
	BAD(m.flags |= ETW_MSG_POINTER32 | ETW_MSG_POINTER64, EINVAL);
	BAD(m.__pad = 1, EINVAL);
	BAD(m.__reserved[1] = 1, EINVAL);
	BAD(m.flags &= ~ETW_MSG_GUID, EINVAL);	/* a GUID without the flag */
	BAD(m.component_id = 5, EINVAL);	/* without COMPONENTID */
	BAD(m.count = ETW_MAX_DATA_DESCRIPTORS + 1, EINVAL);
	BAD(m.data = 0, EINVAL);
	BAD(m.logger = 0, EINVAL);
	BAD(m.logger = ETW_MAX_SESSIONS + 1, EINVAL);
	BAD(d[0].type = 1, EINVAL);
	d[0].type = 0;
	BAD(d[0].reserved2 = 1, EINVAL);
	d[0].reserved2 = 0;
	BAD(m.data = 8, EFAULT);
	BAD(d[0].ptr = 8, EFAULT);
	d[0].ptr = (uintptr_t)buf;
	BAD(m.handle = mreg, ENOENT);		/* not a classic provider */
	BAD(m.handle = 0x12345, ENOENT);
	BAD(m.logger = si.logger_id % ETW_MAX_SESSIONS + 1, ENOENT);
	/* Size-extensible: a zero tail is fine, a non-zero one is E2BIG. */
	memset(&big, 0, sizeof(big));
	big.m = good;
	EXPECT_EQ(0, ioctl(self->fd, _IOW(ETW_IOC_MAGIC, 0x08, big), &big));
	big.tail = 1;
	EXPECT_EQ(-1, ioctl(self->fd, _IOW(ETW_IOC_MAGIC, 0x08, big), &big));
	EXPECT_EQ(E2BIG, errno);
	EXPECT_EQ(-1, ioctl(self->fd, _IOW(ETW_IOC_MAGIC, 0x08, uint64_t), &big));
	EXPECT_EQ(EINVAL, errno);
	/* Disabled: -ENOENT, like TraceEvent. */
	ASSERT_EQ(0, etw_disable(self->fd, session, guid));
	BAD((void)0, ENOENT);
	memset(&si, 0, sizeof(si));
	ASSERT_EQ(0, etw_control(self->fd, session, ETW_CONTROL_QUERY, &si));
	EXPECT_EQ(0, si.events_lost);
	EXPECT_EQ(2, si.events_written);
	etw_unreg(self->fd, creg);
	etw_unreg(self->fd, mreg);
	ASSERT_EQ(0, etw_stop(self->fd, session));
	self->s[0].id = 0;
}

/* --- tools/etwdump prints a message sensibly ---------------------------------- */

TEST_F(msg, etwdump_prints_messages)
{
	char exe[512], cmd[1200], line[1024], want[64];
	GUID g;
	FILE *p;
	ssize_t n;
	int found = 0;
	u32 v = 0x04030201;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	ASSERT_LT(0, n);
	exe[n] = 0;
	*strrchr(exe, '/') = 0;
	snprintf(cmd, sizeof(cmd), "%s/../../build/tools/etwdump", exe);
	if (access(cmd, X_OK))
		SKIP(return, "%s not built", cmd);
	memset(&g, 0, sizeof(g));
	g.Data1 = 0x12345678;
	ASSERT_EQ(ERROR_SUCCESS, sess_start(&self->s[0], "dump", 0, 16));
	ASSERT_EQ(0, enable(self, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceMessage(self->p[0].logger, TRACE_MESSAGE_GUID |
			       TRACE_MESSAGE_SYSTEMINFO | TRACE_MESSAGE_TIMESTAMP,
			       &g, 77, &v, sizeof(v), NULL));
	ASSERT_EQ(ERROR_SUCCESS, sess_stop(&self->s[0]));
	/* -v: the whole header (pid=, msg=, flags=), as it always was */
	snprintf(cmd + strlen(cmd), sizeof(cmd) - strlen(cmd), " -v %s",
		 self->s[0].path);
	p = popen(cmd, "r");
	ASSERT_NE(NULL, p);
	snprintf(want, sizeof(want), "pid=%d", getpid());
	while (fgets(line, sizeof(line), p)) {
		/* Event lines, not the per-provider summary ("  {guid} n"). */
		if (line[0] == ' ' ||
		    !strstr(line, "{12345678-0000-0000-0000-000000000000}"))
			continue;
		found++;
		EXPECT_NE(NULL, strstr(line, " msg=77 ")) TH_LOG("%s", line);
		EXPECT_NE(NULL, strstr(line, want)) TH_LOG("%s", line);
		EXPECT_NE(NULL, strstr(line, "flags=0x0248")) TH_LOG("%s", line);
		EXPECT_NE(NULL, strstr(line, "data=01020304")) TH_LOG("%s", line);
	}
	EXPECT_EQ(0, pclose(p));
	EXPECT_EQ(1, found);
}

TEST_HARNESS_MAIN
