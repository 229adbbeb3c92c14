// SPDX-License-Identifier: GPL-2.0-only
/*
 * The provider and controller API of libetw, as Windows code calls it:
 * every numbered rule of seed 000 (PENABLECALLBACK) and seed 004
 * (provider traits, groups, disallow lists), EventEnabled without a
 * syscall, session properties and errors (reference sections 1, 2).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <linux/etw.h>

#include "../kselftest_harness.h"

/* ---- what callbacks saw -------------------------------------------------- */

struct seen {
	int n;
	GUID source;
	ULONG is_enabled;
	UCHAR level;
	ULONGLONG any, all;
	int has_filter;
	ULONG filter_type;
	ULONG filter_size;
	unsigned char filter[512];
	PVOID context;
	ULONG busy_status;	/* a control call made from the callback */
	pthread_t thread;
};

static struct seen seen;
static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;
static int call_control_from_callback;
static CONTROLTRACE_ID callback_session;

static void WINAPI callback(LPCGUID SourceId, ULONG IsEnabled, UCHAR Level,
			    ULONGLONG MatchAnyKeyword, ULONGLONG MatchAllKeyword,
			    PEVENT_FILTER_DESCRIPTOR FilterData,
			    PVOID CallbackContext)
{
	pthread_mutex_lock(&seen_lock);
	seen.n++;
	seen.source = *SourceId;
	seen.is_enabled = IsEnabled;
	seen.level = Level;
	seen.any = MatchAnyKeyword;
	seen.all = MatchAllKeyword;
	seen.has_filter = FilterData != NULL;
	seen.context = CallbackContext;
	seen.thread = pthread_self();
	if (FilterData) {
		/* seed 000, rule 17: valid only now; we copy it. */
		seen.filter_type = FilterData->Type;
		seen.filter_size = FilterData->Size;
		memcpy(seen.filter, (void *)(uintptr_t)FilterData->Ptr,
		       FilterData->Size < sizeof(seen.filter) ?
		       FilterData->Size : sizeof(seen.filter));
	}
	pthread_mutex_unlock(&seen_lock);
	if (call_control_from_callback)
		seen.busy_status = EnableTraceEx2(callback_session, SourceId, 1,
						  1, 0, 0, 0, NULL);
}

static void reset_seen(void)
{
	pthread_mutex_lock(&seen_lock);
	memset(&seen, 0, sizeof(seen));
	pthread_mutex_unlock(&seen_lock);
}

/* ---- sessions -------------------------------------------------------------- */

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[1024];
	char file[1024];
};

static void props_init(struct props *b, ULONG mode)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.LoggerNameOffset = offsetof(struct props, name);
}

static unsigned int uniq;

static CONTROLTRACE_ID start(char *name, size_t len, const char *tag)
{
	struct props b;
	CONTROLTRACE_ID h = 0;

	snprintf(name, len, "api-%d-%s-%u", getpid(), tag, ++uniq);
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE);
	if (StartTraceA(&h, name, &b.p) != ERROR_SUCCESS)
		return 0;
	return h;
}

static void stop(CONTROLTRACE_ID h)
{
	struct props b;

	props_init(&b, 0);
	StopTraceA(h, NULL, &b.p);
}

static void guid_make(GUID *g, unsigned int n)
{
	memset(g, 0, sizeof(*g));
	g->Data1 = 0xA1000000 | (getpid() << 8) | (n & 0xFF);
	g->Data2 = 0x1234;
	g->Data4[7] = (UCHAR)n;
}

FIXTURE(api) {
	GUID guid;
	char n1[128], n2[128];
	CONTROLTRACE_ID s1, s2;
	REGHANDLE h;
};

FIXTURE_SETUP(api)
{
	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	guid_make(&self->guid, ++uniq);
	self->s1 = start(self->n1, sizeof(self->n1), "a");
	self->s2 = start(self->n2, sizeof(self->n2), "b");
	ASSERT_NE(0, self->s1);
	ASSERT_NE(0, self->s2);
	self->h = 0;
	reset_seen();
	call_control_from_callback = 0;
}

FIXTURE_TEARDOWN(api)
{
	if (self->h)
		EventUnregister(self->h);
	stop(self->s1);
	stop(self->s2);
}

static ULONG enable2(CONTROLTRACE_ID s, const GUID *g, ULONG code, UCHAR level,
		     ULONGLONG any, ULONGLONG all, const GUID *source,
		     PEVENT_FILTER_DESCRIPTOR f, ULONG nf, ULONG prop)
{
	ENABLE_TRACE_PARAMETERS p;

	memset(&p, 0, sizeof(p));
	p.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	p.EnableProperty = prop;
	if (source)
		p.SourceId = *source;
	p.EnableFilterDesc = f;
	p.FilterDescCount = nf;
	return EnableTraceEx2(s, g, code, level, any, all, 5000, &p);
}

/* seed 000, rules 1, 3, 18; reference 1.4: registering while enabled runs
 * the callback before EventRegister returns, SourceId GUID_NULL, with
 * the CallbackContext given to EventRegister. */
TEST_F(api, callback_before_event_register_returns)
{
	static int ctx;

	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 4, 0xF0, 0,
					 NULL, NULL, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, &ctx,
					       &self->h));
	/* No waiting: it has already run. */
	EXPECT_EQ(1, seen.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_ENABLE_PROVIDER, seen.is_enabled);
	EXPECT_EQ(4, seen.level);
	EXPECT_EQ(0xF0, seen.any);
	EXPECT_TRUE(IsEqualGUID(&seen.source, &GUID_NULL));	/* rule 3 */
	EXPECT_EQ(&ctx, seen.context);				/* rule 18 */
}

/* seed 000, rules 2, 8, 10, 12, 14, 15: SourceId passes through; Level =
 * max, MatchAny = OR, MatchAll = AND over sessions; the provider's
 * EventProviderEnabled follows what ENABLE recorded. */
TEST_F(api, aggregate_and_source_id)
{
	GUID src1, src2;

	guid_make(&src1, 201);
	guid_make(&src2, 202);
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, NULL,
					       &self->h));
	EXPECT_EQ(0, seen.n);	/* nobody enables it yet */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 3, 0x0F,
					 0x0F, &src1, NULL, 0, 0));
	EXPECT_EQ(1, seen.n);
	EXPECT_TRUE(IsEqualGUID(&seen.source, &src1));		/* rule 2 */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s2, &self->guid, 1, 1, 0xF00,
					 0x3C, &src2, NULL, 0, 0));
	EXPECT_EQ(2, seen.n);
	EXPECT_TRUE(IsEqualGUID(&seen.source, &src2));
	EXPECT_EQ(3, seen.level);		/* rule 10: 3 and 1 give 3 */
	EXPECT_EQ(0xF0F, seen.any);		/* rule 12 */
	EXPECT_EQ(0x0C, seen.all);		/* rule 14 */
	/* The kernel-published state agrees (rule 15 on the aggregate). */
	EXPECT_TRUE(EventProviderEnabled(self->h, 3, 0x0C));
	EXPECT_FALSE(EventProviderEnabled(self->h, 4, 0x0C));
	EXPECT_FALSE(EventProviderEnabled(self->h, 1, 0x04));	/* All */
	EXPECT_TRUE(EventProviderEnabled(self->h, 5, 0) == FALSE);
	EXPECT_TRUE(EventProviderEnabled(self->h, 3, 0));	/* keyword 0 */
}

/* seed 000, rules 4, 5, 6, 19, 22. */
TEST_F(api, is_enabled_reflects_the_aggregate)
{
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, NULL,
					       &self->h));
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 3, 1, 0,
					 NULL, NULL, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s2, &self->guid, 1, 5, 2, 0,
					 NULL, NULL, 0, 0));
	EXPECT_EQ(5, seen.level);
	/* rule 5: one of two disables: the provider still sees ENABLE. */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s2, &self->guid,
					 EVENT_CONTROL_CODE_DISABLE_PROVIDER, 0,
					 0, 0, NULL, NULL, 0, 0));
	EXPECT_EQ(3, seen.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_ENABLE_PROVIDER, seen.is_enabled);
	EXPECT_EQ(3, seen.level);
	EXPECT_EQ(1, seen.any);
	/* rules 4, 22: CAPTURE_STATE, with the aggregate values. */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid,
					 EVENT_CONTROL_CODE_CAPTURE_STATE, 0, 0,
					 0, NULL, NULL, 0, 0));
	EXPECT_EQ(4, seen.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_CAPTURE_STATE, seen.is_enabled);
	EXPECT_EQ(3, seen.level);
	/* rule 19: a reconfiguration is notified with the result. */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 2, 1, 0,
					 NULL, NULL, 0, 0));
	EXPECT_EQ(5, seen.n);
	EXPECT_EQ(2, seen.level);
	/* rule 6: the last session stops (ControlTrace): DISABLE; rule 8:
	 * after DISABLE the provider skips every event. */
	stop(self->s1);
	EXPECT_EQ(6, seen.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_DISABLE_PROVIDER, seen.is_enabled);
	EXPECT_TRUE(IsEqualGUID(&seen.source, &GUID_NULL));
	EXPECT_FALSE(EventProviderEnabled(self->h, 1, 1));
}

/* seed 000, rule 3: EnableTrace gives no SourceId; rule 7: a provider
 * only ever sees 0, 1 or 2 because other control codes are refused. */
TEST_F(api, enable_trace_and_control_codes)
{
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, NULL,
					       &self->h));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0x30, 4, &self->guid,
					     self->s1));
	EXPECT_EQ(1, seen.n);
	EXPECT_TRUE(IsEqualGUID(&seen.source, &GUID_NULL));
	EXPECT_EQ(4, seen.level);
	EXPECT_EQ(0x30, seen.any);
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EnableTraceEx2(self->s1, &self->guid, 3, 4, 0, 0, 0, NULL));
	EXPECT_EQ(1, seen.n);
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(FALSE, 0, 0, &self->guid,
					     self->s1));
	EXPECT_EQ(EVENT_CONTROL_CODE_DISABLE_PROVIDER, seen.is_enabled);
}

/* seed 000, rules 16, 17: FilterData carries one filter from each
 * session that supplied one. */
TEST_F(api, filter_data_from_each_session)
{
	EVENT_FILTER_DESCRIPTOR f1, f2;
	unsigned char a[4] = "AAAA", b[6] = "BBBBBB";
	EVENT_FILTER_HEADER h1, h2;
	unsigned int off;

	f1.Ptr = (ULONGLONG)(uintptr_t)a;
	f1.Size = sizeof(a);
	f1.Type = 6;	/* provider-defined */
	f2.Ptr = (ULONGLONG)(uintptr_t)b;
	f2.Size = sizeof(b);
	f2.Type = 9;
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, NULL,
					       &self->h));
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 4, 0, 0,
					 NULL, &f1, 1, 0));
	EXPECT_TRUE(seen.has_filter);
	EXPECT_EQ(6, seen.filter_type);
	EXPECT_EQ(4, seen.filter_size);
	EXPECT_EQ(0, memcmp(seen.filter, "AAAA", 4));
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s2, &self->guid, 1, 4, 0, 0,
					 NULL, &f2, 1, 0));
	EXPECT_EQ(EVENT_FILTER_TYPE_SCHEMATIZED, seen.filter_type);
	memcpy(&h1, seen.filter, sizeof(h1));
	off = h1.NextOffset;
	ASSERT_GT(off, 0);
	memcpy(&h2, seen.filter + off, sizeof(h2));
	EXPECT_EQ(0, memcmp(seen.filter + sizeof(h1), "AAAA", 4));
	EXPECT_EQ(0, memcmp(seen.filter + off + sizeof(h2), "BBBBBB", 6));
	EXPECT_EQ(0, h2.NextOffset);
	EXPECT_NE(h1.InstanceId, h2.InstanceId);
	/* A session without filter data contributes none. */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s2, &self->guid, 1, 4, 0, 0,
					 NULL, NULL, 0, 0));
	EXPECT_EQ(6, seen.filter_type);
}

/* seed 000, rule 20: a control call made from a callback would deadlock;
 * it fails with ERROR_BUSY (documented) instead. */
TEST_F(api, control_call_from_callback_is_busy)
{
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, NULL,
					       &self->h));
	call_control_from_callback = 1;
	callback_session = self->s2;
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 4, 0, 0,
					 NULL, NULL, 0, 0));
	EXPECT_EQ(1, seen.n);
	EXPECT_EQ(ERROR_BUSY, seen.busy_status);
}

/* seed 000, rule 21 / reference 1.4: EventEnabled, EventProviderEnabled,
 * and EventWrite of a disabled event make no syscall.  Proven in a thread
 * under a seccomp filter that traps every ioctl (SIGSYS, counted). */
static volatile int ioctl_traps;

static void on_sigsys(int sig)
{
	ioctl_traps++;
}

struct noioctl_arg {
	REGHANDLE h;
	int ok;
	int during;	/* ioctls trapped during the loop */
};

static void *noioctl_thread(void *arg)
{
	struct noioctl_arg *a = arg;
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 4, .filter = f };
	EVENT_DESCRIPTOR on, off;
	int i, ok = 1;

	EventDescCreate(&on, 1, 0, 0, 3, 0, 0, 0x1);
	EventDescCreate(&off, 2, 0, 0, 4, 0, 0, 0x1);
	/* Seccomp filters are per thread: only this one is watched. */
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog))
		return NULL;
	for (i = 0; i < 1000; i++) {
		ok &= EventEnabled(a->h, &on) == TRUE;
		ok &= EventEnabled(a->h, &off) == FALSE;
		ok &= EventProviderEnabled(a->h, 1, 0x1) == TRUE;
		ok &= EventProviderEnabled(a->h, 1, 0x2) == FALSE;
		ok &= EventEnabled(0, &on) == FALSE;
		ok &= EventWrite(a->h, &off, 0, NULL) == ERROR_SUCCESS;
		ok &= EventWrite(0, &on, 0, NULL) == ERROR_INVALID_HANDLE;
	}
	a->ok = ok;
	a->during = ioctl_traps;
	/*
	 * The check can fail: an ioctl here is trapped and counted (the
	 * ioctl path's write; on the fast path the thread's first write asks
	 * for its stage, and when that is refused, writes through the
	 * ioctl).
	 */
	EventWrite(a->h, &on, 0, NULL);
	return NULL;
}

TEST_F(api, event_enabled_makes_no_syscall)
{
	struct noioctl_arg a = { 0 };
	pthread_t t;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL,
					       &self->h));
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 3, 0x1, 0,
					 NULL, NULL, 0, 0));
	signal(SIGSYS, on_sigsys);
	a.h = self->h;
	ASSERT_EQ(0, pthread_create(&t, NULL, noioctl_thread, &a));
	pthread_join(t, NULL);
	EXPECT_EQ(1, a.ok);
	/* None in the loop; the enabled EventWrite after it made some. */
	EXPECT_EQ(0, a.during);
	EXPECT_LE(1, ioctl_traps);
}

/* reference 1.4: argument errors of the provider API. */
TEST_F(api, provider_argument_errors)
{
	REGHANDLE h = 77;
	EVENT_DESCRIPTOR d;
	GUID a;

	EXPECT_EQ(ERROR_INVALID_PARAMETER, EventRegister(NULL, NULL, NULL, &h));
	EXPECT_EQ(0, h);	/* *RegHandle = 0 on failure */
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EventRegister(&self->guid, NULL,
							 NULL, NULL));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventUnregister(0));	/* issue 9 */
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL,
					       &self->h));
	EventDescCreate(&d, 1, 0, 0, 4, 0, 0, 0);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EventWrite(self->h, NULL, 0, NULL));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWrite(0, &d, 0, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventWriteEx(self->h, &d, 0, 0x80, NULL, NULL, 0, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EventActivityIdControl(99, &a));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EventActivityIdControl(1, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventSetInformation(0, EventProviderSetTraits, "x", 1));
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  EventSetInformation(self->h, MaxEventInfo, "x", 1));
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  EventSetInformation(self->h, EventProviderSetReserved1, "x", 1));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventSetInformation(self->h, EventProviderSetTraits, NULL, 4));
	EXPECT_EQ(ERROR_SUCCESS, EventUnregister(self->h));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventUnregister(self->h));
	self->h = 0;
}

/*
 * reference 1.4 (MAX_EVENT_DATA_DESCRIPTORS, 128): through the public
 * API, on a registration a session enables, EventWrite and EventWriteEx
 * with 128 descriptors write and with 129 are ERROR_INVALID_PARAMETER,
 * whichever path (the stage or the ioctl) the write takes.
 */
TEST_F(api, descriptor_count_limit)
{
	static EVENT_DATA_DESCRIPTOR dd[MAX_EVENT_DATA_DESCRIPTORS + 1];
	static unsigned char bytes[MAX_EVENT_DATA_DESCRIPTORS + 1];
	EVENT_DESCRIPTOR d;
	int i;

	for (i = 0; i <= MAX_EVENT_DATA_DESCRIPTORS; i++) {
		bytes[i] = (unsigned char)i;
		EventDataDescCreate(&dd[i], &bytes[i], 1);
	}
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL,
					       &self->h));
	ASSERT_EQ(ERROR_SUCCESS,
		  EnableTraceEx2(self->s1, &self->guid, 1, 5, 0, 0, 0, NULL));
	EventDescCreate(&d, 1, 0, 0, 4, 0, 0, 1);
	ASSERT_TRUE(EventEnabled(self->h, &d));
	EXPECT_EQ(ERROR_SUCCESS,
		  EventWrite(self->h, &d, MAX_EVENT_DATA_DESCRIPTORS, dd));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventWrite(self->h, &d, MAX_EVENT_DATA_DESCRIPTORS + 1, dd));
	EXPECT_EQ(ERROR_SUCCESS,
		  EventWriteEx(self->h, &d, 0, 0, NULL, NULL,
			       MAX_EVENT_DATA_DESCRIPTORS, dd));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventWriteEx(self->h, &d, 0, 0, NULL, NULL,
			       MAX_EVENT_DATA_DESCRIPTORS + 1, dd));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventWriteTransfer(self->h, &d, NULL, NULL,
				     MAX_EVENT_DATA_DESCRIPTORS + 1, dd));
}

/* reference 1.4: EventActivityIdControl, every code; IDs per thread. */
static void *other_thread(void *arg)
{
	GUID g;

	EventActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &g);
	*(GUID *)arg = g;
	return NULL;
}

TEST_F(api, activity_id_control)
{
	GUID a, b, c, zero = { 0 };
	pthread_t t;

	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &a));
	EXPECT_TRUE(IsEqualGUID(&a, &zero));	/* starts as GUID_NULL */
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &a));
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &b));
	EXPECT_FALSE(IsEqualGUID(&a, &b));
	EXPECT_FALSE(IsEqualGUID(&a, &zero));
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_SET_ID, &a));
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &c));
	EXPECT_TRUE(IsEqualGUID(&a, &c));
	c = b;
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_GET_SET_ID, &c));
	EXPECT_TRUE(IsEqualGUID(&c, &a));	/* the old one comes back */
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_SET_ID, &c));
	EXPECT_TRUE(IsEqualGUID(&c, &b));
	ASSERT_EQ(ERROR_SUCCESS, EventActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &c));
	EXPECT_FALSE(IsEqualGUID(&c, &b));	/* a fresh one */
	/* Per thread: another thread still has GUID_NULL. */
	pthread_create(&t, NULL, other_thread, &a);
	pthread_join(t, NULL);
	EXPECT_TRUE(IsEqualGUID(&a, &zero));
}

/* seed 004, rules 2-4; reference 1.4: EventSetInformation. */
TEST_F(api, traits_once_and_strict)
{
	static const unsigned char ok_blob[] = { 0x0D, 0x00, 'M', 'y', 'P', 'r',
		'o', 'v', 'i', 'd', 'e', 'r', 0x00 };
	unsigned char bad[sizeof(ok_blob)];
	BOOLEAN yes = TRUE;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL,
					       &self->h));
	memcpy(bad, ok_blob, sizeof(bad));
	bad[sizeof(bad) - 1] = 'x';	/* name not terminated */
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventSetInformation(self->h, EventProviderSetTraits, bad,
				      sizeof(bad)));
	EXPECT_EQ(ERROR_SUCCESS,
		  EventSetInformation(self->h, EventProviderSetTraits,
				      (PVOID)ok_blob, sizeof(ok_blob)));
	/* rule 2: a second attempt fails (documented: ALREADY_EXISTS). */
	EXPECT_EQ(ERROR_ALREADY_EXISTS,
		  EventSetInformation(self->h, EventProviderSetTraits,
				      (PVOID)ok_blob, sizeof(ok_blob)));
	EXPECT_EQ(ERROR_SUCCESS,
		  EventSetInformation(self->h, EventProviderUseDescriptorType,
				      &yes, 1));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EventSetInformation(self->h, EventProviderUseDescriptorType,
				      &yes, 4));
}

static ULONG set_group_traits(REGHANDLE h, const GUID *group)
{
	unsigned char b[32] = { 0 };

	b[0] = 2 + 2 + 19;
	b[2] = 'G';
	b[3] = 0;
	b[4] = 19;
	b[6] = 1;	/* EtwProviderTraitTypeGroup */
	memcpy(b + 7, group, 16);
	return EventSetInformation(h, EventProviderSetTraits, b, b[0]);
}

/* seed 004, rules 9, 11 and 13; reference 1.6: group enables, late
 * joiners, disallow lists (live), and the filters groups refuse. */
TEST_F(api, groups_and_disallow_list)
{
	REGHANDLE other = 0, late = 0;
	GUID group, other_guid, got[4];
	unsigned char ids[] = { 1, 0, 1, 0, 5, 0 };
	EVENT_FILTER_DESCRIPTOR f = { (ULONGLONG)(uintptr_t)ids, sizeof(ids),
				      EVENT_FILTER_TYPE_EVENT_ID };
	ULONG ret_len = 0;

	guid_make(&group, 150 + uniq);
	guid_make(&other_guid, 151 + uniq);
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, callback, NULL,
					       &self->h));
	ASSERT_EQ(ERROR_SUCCESS, set_group_traits(self->h, &group));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&other_guid, NULL, NULL, &other));
	ASSERT_EQ(ERROR_SUCCESS, set_group_traits(other, &group));

	/* rule 13: no event-ID filter on a group. */
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  enable2(self->s1, &group, 1, 2, 0x8, 0, NULL, &f, 1,
			  EVENT_ENABLE_PROPERTY_PROVIDER_GROUP));
	/* rule 9: the group enable reaches every member. */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &group, 1, 2, 0x8, 0, NULL,
					 NULL, 0,
					 EVENT_ENABLE_PROPERTY_PROVIDER_GROUP));
	EXPECT_EQ(1, seen.n);
	EXPECT_EQ(2, seen.level);
	EXPECT_EQ(0x8, seen.any);
	EXPECT_TRUE(EventProviderEnabled(other, 2, 0x8));
	/* ...and members that join later. */
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&other_guid, NULL, NULL, &late));
	EXPECT_FALSE(EventProviderEnabled(late, 2, 0x8));
	ASSERT_EQ(ERROR_SUCCESS, set_group_traits(late, &group));
	EXPECT_TRUE(EventProviderEnabled(late, 2, 0x8));

	/* rule 11: disallow our provider: at once disabled, callback told. */
	ASSERT_EQ(ERROR_SUCCESS, TraceSetInformation(self->s1,
						     TraceSetDisallowList,
						     &self->guid, sizeof(GUID)));
	EXPECT_EQ(2, seen.n);
	EXPECT_EQ(EVENT_CONTROL_CODE_DISABLE_PROVIDER, seen.is_enabled);
	EXPECT_TRUE(EventProviderEnabled(other, 2, 0x8));
	ASSERT_EQ(ERROR_SUCCESS, TraceQueryInformation(self->s1,
						       TraceDisallowListQuery,
						       got, sizeof(got),
						       &ret_len));
	EXPECT_EQ(sizeof(GUID), ret_len);
	EXPECT_TRUE(IsEqualGUID(&got[0], &self->guid));
	EXPECT_EQ(ERROR_BAD_LENGTH, TraceSetInformation(self->s1,
							TraceSetDisallowList,
							&self->guid, 15));
	/* A direct enable still applies to a disallowed provider. */
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 5, 0x1, 0,
					 NULL, NULL, 0, 0));
	EXPECT_EQ(EVENT_CONTROL_CODE_ENABLE_PROVIDER, seen.is_enabled);
	EXPECT_EQ(5, seen.level);
	EventUnregister(other);
	EventUnregister(late);
}

static GUID join_group;

static int join_as_nobody(void)
{
	REGHANDLE h = 0;
	GUID g;

	guid_make(&g, 250);
	if (EventRegister(&g, NULL, NULL, &h) != ERROR_SUCCESS)
		return 10;
	if (set_group_traits(h, &join_group) != ERROR_ACCESS_DENIED)
		return 11;
	return 0;
}

/* seed 004, rule 10: a caller without permission is denied membership. */
TEST_F(api, group_join_denied)
{
	struct etw_acl_entry e = { ETW_ACL_UID, 0 };
	struct etw_group_acl acl;
	int status, fd = open("/dev/etw", O_RDWR);
	pid_t pid;

	if (getuid() != 0)
		SKIP(return, "needs root");
	guid_make(&join_group, 240);
	memset(&acl, 0, sizeof(acl));
	memcpy(acl.group, &join_group, 16);
	acl.flags = ETW_GROUP_ACL_F_RESTRICT;
	acl.entries = (uintptr_t)&e;
	acl.count = 1;
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_SET_GROUP_ACL, &acl));
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(9);
		_exit(join_as_nobody());
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	memset(&acl, 0, sizeof(acl));
	memcpy(acl.group, &join_group, 16);
	ioctl(fd, ETW_IOC_SET_GROUP_ACL, &acl);
	close(fd);
}

/* seed 004, rule 12: private sessions cannot control groups. */
TEST_F(api, private_session_cannot_enable_group)
{
	struct props b;
	CONTROLTRACE_ID p = 0;
	GUID group;
	char name[64];

	guid_make(&group, 230);
	snprintf(name, sizeof(name), "api-priv-%d", getpid());
	props_init(&b, EVENT_TRACE_PRIVATE_LOGGER_MODE);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&p, name, &b.p));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  enable2(p, &group, 1, 4, 0, 0, NULL, NULL, 0,
			  EVENT_ENABLE_PROPERTY_PROVIDER_GROUP));
	stop(p);
}

/* reference 2.2, 2.5: StartTrace fills EVENT_TRACE_PROPERTIES as Windows
 * does, and its documented errors. */
TEST_F(api, start_trace_properties_and_errors)
{
	struct props b, q;
	CONTROLTRACE_ID h = 0, h2 = 0;
	WCHAR wname[64];
	char name[64];
	size_t i;

	snprintf(name, sizeof(name), "api-props-%d", getpid());
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE);
	b.p.BufferSize = 16;
	b.p.MinimumBuffers = 1;
	b.p.MaximumBuffers = 30;
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, name, &b.p));
	EXPECT_NE(0, h);
	EXPECT_EQ(h, b.p.Wnode.HistoricalContext);
	EXPECT_EQ(0, strcmp(b.name, name));	/* copied to LoggerNameOffset */
	EXPECT_EQ(16, b.p.BufferSize);
	EXPECT_GE(b.p.MinimumBuffers, 2);
	EXPECT_EQ(30, b.p.NumberOfBuffers);
	EXPECT_FALSE(IsEqualGUID(&b.p.Wnode.Guid, &GUID_NULL));

	/* The same name again, in any case: ALREADY_EXISTS. */
	for (i = 0; name[i]; i++)
		wname[i] = (WCHAR)(name[i] >= 'a' && name[i] <= 'z' ?
				   name[i] - 32 : name[i]);
	wname[i] = 0;
	props_init(&q, EVENT_TRACE_REAL_TIME_MODE);
	EXPECT_EQ(ERROR_ALREADY_EXISTS, StartTraceW(&h2, wname, &q.p));
	/* Query through the W form by name: names come back as UTF-16. */
	props_init(&q, 0);
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceW(0, wname, &q.p));
	EXPECT_EQ(h, q.p.Wnode.HistoricalContext);
	EXPECT_EQ(name[0], ((WCHAR *)q.name)[0]);

	props_init(&q, EVENT_TRACE_REAL_TIME_MODE);
	q.p.Wnode.BufferSize = sizeof(EVENT_TRACE_PROPERTIES) - 1;
	EXPECT_EQ(ERROR_BAD_LENGTH, StartTraceA(&h2, "x", &q.p));
	props_init(&q, EVENT_TRACE_REAL_TIME_MODE);
	q.p.LoggerNameOffset = 8;	/* inside the struct */
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h2, "x2", &q.p));
	props_init(&q, EVENT_TRACE_REAL_TIME_MODE);
	q.p.Wnode.Flags = 0;		/* no WNODE_FLAG_TRACED_GUID */
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h2, "x3", &q.p));
	props_init(&q, 0);		/* LogFileMode 0 and no file */
	EXPECT_EQ(ERROR_BAD_PATHNAME, StartTraceA(&h2, "x4", &q.p));
	props_init(&q, EVENT_TRACE_REAL_TIME_MODE | EVENT_TRACE_BUFFERING_MODE);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h2, "x5", &q.p));
	props_init(&q, 0);
	EXPECT_EQ(ERROR_WMI_INSTANCE_NOT_FOUND,
		  QueryTraceA(0, "no-such-session-here", &q.p));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, QueryTraceA(0, NULL, &q.p));
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  ControlTraceA(h, NULL, &q.p, EVENT_TRACE_CONTROL_INCREMENT_FILE));
	EXPECT_EQ(ERROR_SUCCESS, FlushTraceA(h, NULL, &q.p));

	/* STOP returns the final properties; the id is then invalid. */
	props_init(&q, 0);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(h, NULL, &q.p));
	EXPECT_EQ(0, strcmp(q.name, name));
	EXPECT_EQ(ERROR_WMI_INSTANCE_NOT_FOUND, StopTraceA(h, NULL, &q.p));
}

/* reference 2.5: QueryAllTraces fills each slot; MORE_DATA when short. */
TEST_F(api, query_all_traces)
{
	struct props b[2];
	PEVENT_TRACE_PROPERTIES arr[2] = { &b[0].p, &b[1].p };
	static struct props many[64];
	PEVENT_TRACE_PROPERTIES all[64];
	ULONG n = 0, i, found = 0;

	props_init(&b[0], 0);
	props_init(&b[1], 0);
	/* Our two sessions exist; other tests' may too. */
	for (i = 0; i < 64; i++) {
		props_init(&many[i], 0);
		all[i] = &many[i].p;
	}
	ASSERT_EQ(ERROR_SUCCESS, QueryAllTracesA(all, 64, &n));
	EXPECT_GE(n, 2);
	for (i = 0; i < n; i++)
		if (!strcmp(many[i].name, self->n1) || !strcmp(many[i].name, self->n2))
			found++;
	EXPECT_EQ(2, found);
	EXPECT_EQ(ERROR_MORE_DATA, QueryAllTracesA(arr, 1, &n));
	EXPECT_EQ(1, n);	/* the slot is still filled */
	EXPECT_EQ(ERROR_INVALID_PARAMETER, QueryAllTracesA(arr, 0, &n));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, QueryAllTracesA(NULL, 1, &n));
}

static int nobody_controls(void *arg)
{
	CONTROLTRACE_ID s = *(CONTROLTRACE_ID *)arg;
	struct props b;
	CONTROLTRACE_ID h = 0;
	GUID g;

	guid_make(&g, 99);
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE);
	if (StartTraceA(&h, "nobody-session", &b.p) != ERROR_ACCESS_DENIED)
		return 1;
	if (EnableTraceEx2(s, &g, 1, 4, 0, 0, 0, NULL) != ERROR_ACCESS_DENIED)
		return 2;
	props_init(&b, 0);
	if (StopTraceA(s, NULL, &b.p) != ERROR_ACCESS_DENIED)
		return 3;
	return 0;
}

/* Privilege: sessions need CAP_PERFMON / CAP_SYS_ADMIN or ownership. */
TEST_F(api, unprivileged_gets_access_denied)
{
	int status;
	pid_t pid;

	if (getuid() != 0)
		SKIP(return, "needs root");
	pid = fork();
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(9);
		_exit(nobody_controls(&self->s1));
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

/*
 * Registrations are per process (design.rst, "fork"): a forked child has
 * none of its parent's handles -- writing or unregistering one is
 * ERROR_INVALID_HANDLE there, as for any handle that is no registration
 * (issue 9), not a write that silently goes nowhere -- and registers its
 * own; the parent's registration is untouched.
 */
TEST_F(api, forked_child_has_none_of_the_parents_handles)
{
	EVENT_DESCRIPTOR ed = { .Id = 1, .Level = 4 };
	REGHANDLE h;
	int status;
	pid_t pid;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL, &h));
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 5, 0, 0,
					 NULL, NULL, 0, 0));
	ASSERT_TRUE(EventEnabled(h, &ed));
	pid = fork();
	if (pid == 0) {
		REGHANDLE c;
		int bad = 0;

		if (EventWrite(h, &ed, 0, NULL) != ERROR_INVALID_HANDLE)
			bad |= 1;
		if (EventUnregister(h) != ERROR_INVALID_HANDLE)
			bad |= 2;
		if (EventRegister(&self->guid, NULL, NULL, &c) != ERROR_SUCCESS)
			bad |= 4;
		else if (!EventEnabled(c, &ed) ||
			 EventWrite(c, &ed, 0, NULL) != ERROR_SUCCESS)
			bad |= 8;
		_exit(bad);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, WEXITSTATUS(status));
	EXPECT_TRUE(EventEnabled(h, &ed));
	EXPECT_EQ(ERROR_SUCCESS, EventWrite(h, &ed, 0, NULL));
	EXPECT_EQ(ERROR_SUCCESS, EventUnregister(h));
}

/* reference 2.6: Timeout, and callbacks of a provider that died. */
TEST_F(api, enable_timeout_and_dead_provider)
{
	int p[2], status;
	pid_t pid;
	char c;

	ASSERT_EQ(0, pipe(p));
	pid = fork();
	if (pid == 0) {
		REGHANDLE h;

		close(p[0]);
		EventRegister(&self->guid, callback, NULL, &h);
		write(p[1], "r", 1);
		pause();	/* its dispatcher acknowledges */
		_exit(0);
	}
	ASSERT_EQ(1, read(p[0], &c, 1));
	EXPECT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 4, 0, 0,
					 NULL, NULL, 0, 0));
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	/* Nothing left to wait for: returns at once. */
	EXPECT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s1, &self->guid, 1, 5, 0,
						0, 100, NULL));
	close(p[0]);
	close(p[1]);
}

/* reference 2.6: EXECUTABLE_NAME filters, given as Windows gives them
 * (a ';'-separated WCHAR string), select processes by image name. */
TEST_F(api, executable_name_filter_in_utf16)
{
	static const WCHAR mine[] = u"other.exe;PROVIDER_API_TEST";
	static const WCHAR other[] = u"notepad.exe";
	EVENT_FILTER_DESCRIPTOR f;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL,
					       &self->h));
	f.Ptr = (ULONGLONG)(uintptr_t)other;
	f.Size = sizeof(other);
	f.Type = EVENT_FILTER_TYPE_EXECUTABLE_NAME;
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 4, 0, 0,
					 NULL, &f, 1, 0));
	EXPECT_FALSE(EventProviderEnabled(self->h, 4, 0));
	f.Ptr = (ULONGLONG)(uintptr_t)mine;
	f.Size = sizeof(mine);
	ASSERT_EQ(ERROR_SUCCESS, enable2(self->s1, &self->guid, 1, 4, 0, 0,
					 NULL, &f, 1, 0));
	EXPECT_TRUE(EventProviderEnabled(self->h, 4, 0));
}

TEST_HARNESS_MAIN
