// SPDX-License-Identifier: GPL-2.0-only
/*
 * Provider enumeration: EnumerateTraceGuidsEx (TraceGuidQueryList,
 * TraceGuidQueryInfo, TraceGuidQueryProcess, TraceMaxLoggersQuery), the
 * legacy EnumerateTraceGuids, and ETW_IOC_QUERY_GUIDS under them
 * (reference 2.7; uapi/linux/etw.h "Provider enumeration").
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <linux/etw.h>

#include "etw_util.h"

#include "../kselftest_harness.h"

/* ---- helpers ---------------------------------------------------------- */

static unsigned int uniq;

/* GUIDs of this test program: pid and @n in them, so runs never clash. */
static void guid_make(GUID *g, unsigned int n)
{
	memset(g, 0, sizeof(*g));
	g->Data1 = 0xE5000000 | ((getpid() & 0xFFFF) << 8) | (n & 0xFF);
	g->Data2 = 0x5151;
	g->Data4[7] = (UCHAR)n;
}

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
};

static CONTROLTRACE_ID start(const char *tag, ULONG mode)
{
	CONTROLTRACE_ID h = 0;
	struct props b;
	char name[128];

	snprintf(name, sizeof(name), "query-%d-%s-%u", getpid(), tag, ++uniq);
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.LogFileMode = mode;
	b.p.LoggerNameOffset = offsetof(struct props, name);
	if (StartTraceA(&h, name, &b.p) != ERROR_SUCCESS)
		return 0;
	return h;
}

static void stop(CONTROLTRACE_ID h)
{
	struct props b;

	if (!h)
		return;
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(struct props, name);
	StopTraceA(h, NULL, &b.p);
}

static ULONG enable(CONTROLTRACE_ID s, const GUID *g, UCHAR level,
		    ULONGLONG any, ULONGLONG all, ULONG prop)
{
	ENABLE_TRACE_PARAMETERS p;

	memset(&p, 0, sizeof(p));
	p.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	p.EnableProperty = prop;
	return EnableTraceEx2(s, g, EVENT_CONTROL_CODE_ENABLE_PROVIDER, level,
			      any, all, 5000, &p);
}

/* A whole EnumerateTraceGuidsEx answer, grown until it fits. */
static ULONG query(TRACE_QUERY_INFO_CLASS c, const GUID *in, void **out,
		   ULONG *len)
{
	ULONG st, size = 0, need = 0;
	void *buf = NULL;

	for (;;) {
		st = EnumerateTraceGuidsEx(c, (PVOID)in, in ? sizeof(*in) : 0,
					   buf, size, &need);
		if (st != ERROR_INSUFFICIENT_BUFFER)
			break;
		free(buf);
		size = need;
		buf = malloc(size);
		if (!buf)
			return ERROR_NOT_ENOUGH_MEMORY;
		memset(buf, 0xAA, size);
	}
	if (st != ERROR_SUCCESS) {
		free(buf);
		buf = NULL;
		need = 0;
	}
	*out = buf;
	*len = need;
	return st;
}

static int count_guid(const GUID *list, ULONG len, const GUID *g)
{
	ULONG i;
	int n = 0;

	for (i = 0; i < len / sizeof(GUID); i++)
		if (!memcmp(&list[i], g, sizeof(*g)))
			n++;
	return n;
}

/* The instance @i of a TraceGuidQueryInfo answer, walking NextOffset. */
static TRACE_PROVIDER_INSTANCE_INFO *instance(void *info, ULONG i)
{
	TRACE_PROVIDER_INSTANCE_INFO *p =
		(void *)((char *)info + sizeof(TRACE_GUID_INFO));

	while (i--)
		p = (void *)((char *)p + p->NextOffset);
	return p;
}

static TRACE_ENABLE_INFO *enables(TRACE_PROVIDER_INSTANCE_INFO *p)
{
	return (TRACE_ENABLE_INFO *)(p + 1);
}

/* A child that registers @g (classic when asked), then waits. */
struct child {
	pid_t pid;
	int ctl;	/* closing it lets the child exit */
};

static ULONG WINAPI classic_control(WMIDPREQUESTCODE RequestCode,
				    PVOID Context, ULONG *BufferSize,
				    PVOID Buffer)
{
	return ERROR_SUCCESS;
}

static int child_start(struct child *c, const GUID *g)
{
	int ready[2], ctl[2];
	char b;

	if (pipe(ready) || pipe(ctl))
		return -1;
	c->pid = fork();
	if (c->pid < 0)
		return -1;
	if (c->pid == 0) {
		REGHANDLE h;

		close(ready[0]);
		close(ctl[1]);
		b = EventRegister(g, NULL, NULL, &h) == ERROR_SUCCESS ? 'r' : 'x';
		if (write(ready[1], &b, 1) != 1)
			_exit(1);
		while (read(ctl[0], &b, 1) > 0)
			;
		_exit(0);
	}
	close(ready[1]);
	close(ctl[0]);
	c->ctl = ctl[1];
	if (read(ready[0], &b, 1) != 1 || b != 'r')
		b = 0;
	close(ready[0]);
	return b ? 0 : -1;
}

static void child_end(struct child *c)
{
	int status;

	if (c->pid <= 0)
		return;
	close(c->ctl);
	waitpid(c->pid, &status, 0);
	c->pid = 0;
}

/* ---- fixture ------------------------------------------------------------- */

FIXTURE(q) {
	CONTROLTRACE_ID s1, s2;
	GUID g[6];
	REGHANDLE h[4];
	struct child child;
};

FIXTURE_SETUP(q)
{
	int i;

	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	for (i = 0; i < 6; i++)
		guid_make(&self->g[i], ++uniq);
	memset(self->h, 0, sizeof(self->h));
	self->child.pid = 0;
	self->s1 = start("a", EVENT_TRACE_REAL_TIME_MODE);
	self->s2 = start("b", EVENT_TRACE_REAL_TIME_MODE);
	ASSERT_NE(0, self->s1);
	ASSERT_NE(0, self->s2);
}

FIXTURE_TEARDOWN(q)
{
	int i;

	child_end(&self->child);
	for (i = 0; i < 4; i++)
		if (self->h[i])
			EventUnregister(self->h[i]);
	stop(self->s1);
	stop(self->s2);
}

/* ---- tests ------------------------------------------------------------ */

/* reference 2.7 (TraceGuidQueryList; TRACE_PROVIDER_FLAG_PRE_ENABLE):
 * every registered GUID once however often it is registered, GUIDs that
 * a session enables without a registration, not an unregistered GUID,
 * not a group GUID. */
TEST_F(q, list_registered_and_pre_enabled)
{
	GUID *list = NULL;
	ULONG len, i, j;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[1]));
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &self->g[1], 4, 0, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[2], NULL, NULL, &self->h[2]));
	ASSERT_EQ(ERROR_SUCCESS, EventUnregister(self->h[2]));
	self->h[2] = 0;
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &self->g[3], 4, 0, 0,
					EVENT_ENABLE_PROPERTY_PROVIDER_GROUP));

	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryList, NULL, (void **)&list, &len));
	EXPECT_EQ(0, len % sizeof(GUID));
	EXPECT_EQ(1, count_guid(list, len, &self->g[0]));
	EXPECT_EQ(1, count_guid(list, len, &self->g[1]));
	EXPECT_EQ(0, count_guid(list, len, &self->g[2]));
	EXPECT_EQ(0, count_guid(list, len, &self->g[3]));
	for (i = 0; i < len / sizeof(GUID); i++)
		for (j = i + 1; j < len / sizeof(GUID); j++)
			EXPECT_NE(0, memcmp(&list[i], &list[j], sizeof(GUID)));
	free(list);

	/* Disabled again: no longer listed. */
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s1, &self->g[1],
						EVENT_CONTROL_CODE_DISABLE_PROVIDER,
						0, 0, 0, 0, NULL));
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryList, NULL, (void **)&list, &len));
	EXPECT_EQ(0, count_guid(list, len, &self->g[1]));
	EXPECT_EQ(1, count_guid(list, len, &self->g[0]));
	free(list);
}

/* reference 2.7 (TraceGuidQueryInfo; TRACE_GUID_INFO,
 * TRACE_PROVIDER_INSTANCE_INFO, TRACE_ENABLE_INFO): two registrations in
 * two processes, two sessions at different levels and keywords, every
 * field and the NextOffset chain. */
TEST_F(q, info_two_processes_two_sessions)
{
	TRACE_PROVIDER_INSTANCE_INFO *inst;
	TRACE_GUID_INFO *head;
	TRACE_ENABLE_INFO *e;
	void *info = NULL;
	ULONG len, i, j;
	int seen_self = 0, seen_child = 0;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(0, child_start(&self->child, &self->g[0]));
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &self->g[0], 4, 0xF0, 0x10,
					EVENT_ENABLE_PROPERTY_SID));
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s2, &self->g[0], 2, 0x3, 0,
					EVENT_ENABLE_PROPERTY_TS_ID |
					EVENT_ENABLE_PROPERTY_STACK_TRACE));

	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	EXPECT_EQ(sizeof(TRACE_GUID_INFO) +
		  2 * (sizeof(TRACE_PROVIDER_INSTANCE_INFO) + 2 * sizeof(TRACE_ENABLE_INFO)),
		  len);
	head = info;
	ASSERT_EQ(2, head->InstanceCount);
	EXPECT_EQ(0, head->Reserved);

	for (i = 0; i < 2; i++) {
		int from_s1 = 0, from_s2 = 0;

		inst = instance(info, i);
		EXPECT_EQ(i ? 0 : sizeof(*inst) + 2 * sizeof(*e), inst->NextOffset);
		EXPECT_EQ(2, inst->EnableCount);
		EXPECT_EQ(0, inst->Flags);
		if (inst->Pid == (ULONG)getpid())
			seen_self++;
		if (inst->Pid == (ULONG)self->child.pid)
			seen_child++;
		e = enables(inst);
		/* Enables come by logger id. */
		EXPECT_LT(e[0].LoggerId, e[1].LoggerId);
		for (j = 0; j < 2; j++, e++) {
			EXPECT_EQ(TRUE, e->IsEnabled);
			EXPECT_EQ(0, e->Reserved1);
			EXPECT_EQ(0, e->Reserved2);
			if (e->LoggerId == (self->s1 & 0xFFFF)) {
				from_s1++;
				EXPECT_EQ(4, e->Level);
				EXPECT_EQ(EVENT_ENABLE_PROPERTY_SID, e->EnableProperty);
				EXPECT_EQ(0xF0, e->MatchAnyKeyword);
				EXPECT_EQ(0x10, e->MatchAllKeyword);
			} else if (e->LoggerId == (self->s2 & 0xFFFF)) {
				from_s2++;
				EXPECT_EQ(2, e->Level);
				EXPECT_EQ(EVENT_ENABLE_PROPERTY_TS_ID |
					  EVENT_ENABLE_PROPERTY_STACK_TRACE,
					  e->EnableProperty);
				EXPECT_EQ(0x3, e->MatchAnyKeyword);
				EXPECT_EQ(0, e->MatchAllKeyword);
			}
		}
		EXPECT_EQ(1, from_s1);
		EXPECT_EQ(1, from_s2);
	}
	EXPECT_EQ(1, seen_self);
	EXPECT_EQ(1, seen_child);
	/* Registration order: ours came first. */
	EXPECT_EQ((ULONG)getpid(), instance(info, 0)->Pid);
	free(info);
}

/* reference 2.7 (TRACE_PROVIDER_FLAG_LEGACY), 2.6 (a classic provider
 * serves one session, the latest), and the legacy EnumerateTraceGuids
 * (TRACE_GUID_PROPERTIES). */
TEST_F(q, classic_registration_is_legacy)
{
	TRACE_GUID_REGISTRATION reg = { &self->g[1], NULL };
	static TRACE_GUID_PROPERTIES props[256];
	PTRACE_GUID_PROPERTIES arr[256];
	TRACE_PROVIDER_INSTANCE_INFO *inst;
	TRACEGUID_HANDLE th = 0;
	void *info = NULL;
	ULONG len, n = 0, i, found = 0;

	ASSERT_EQ(ERROR_SUCCESS, RegisterTraceGuidsA(classic_control, NULL,
						     &self->g[0], 1, &reg, NULL,
						     NULL, &th));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0x5, 3, &self->g[0], self->s1));
	ASSERT_EQ(ERROR_SUCCESS, EnableTrace(TRUE, 0x30, 5, &self->g[0], self->s2));

	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	ASSERT_EQ(1, ((TRACE_GUID_INFO *)info)->InstanceCount);
	inst = instance(info, 0);
	EXPECT_EQ(TRACE_PROVIDER_FLAG_LEGACY, inst->Flags);
	EXPECT_EQ((ULONG)getpid(), inst->Pid);
	EXPECT_EQ(0, inst->NextOffset);
	ASSERT_EQ(1, inst->EnableCount);
	EXPECT_EQ(self->s2 & 0xFFFF, enables(inst)->LoggerId);
	EXPECT_EQ(5, enables(inst)->Level);
	EXPECT_EQ(0x30, enables(inst)->MatchAnyKeyword);
	EXPECT_EQ(0, enables(inst)->MatchAllKeyword);
	EXPECT_EQ(sizeof(TRACE_GUID_INFO) + sizeof(*inst) + sizeof(TRACE_ENABLE_INFO),
		  len);
	free(info);

	/* The legacy form, with an enabled and a registered-only GUID. */
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[2], NULL, NULL, &self->h[0]));
	for (i = 0; i < 256; i++)
		arr[i] = &props[i];
	ASSERT_EQ(ERROR_SUCCESS, EnumerateTraceGuids(arr, 256, &n));
	EXPECT_GE(n, 2);
	for (i = 0; i < n && i < 256; i++) {
		if (!memcmp(&props[i].Guid, &self->g[0], sizeof(GUID))) {
			found++;
			EXPECT_EQ(TRUE, props[i].IsEnable);
			EXPECT_EQ((ULONG)self->s2, props[i].LoggerId);
			EXPECT_EQ(5, props[i].EnableLevel);
			EXPECT_EQ(0x30, props[i].EnableFlags);
			EXPECT_EQ(0, props[i].GuidType);
		}
		if (!memcmp(&props[i].Guid, &self->g[2], sizeof(GUID))) {
			found++;
			EXPECT_EQ(FALSE, props[i].IsEnable);
			EXPECT_EQ(0, props[i].LoggerId);
			EXPECT_EQ(0, props[i].EnableLevel);
			EXPECT_EQ(0, props[i].EnableFlags);
		}
	}
	EXPECT_EQ(2, found);
	/* Too few slots: ERROR_MORE_DATA, the count of all, slot filled. */
	memset(&props[0], 0, sizeof(props[0]));
	EXPECT_EQ(ERROR_MORE_DATA, EnumerateTraceGuids(arr, 1, &n));
	EXPECT_GE(n, 2);
	EXPECT_NE(0, memcmp(&props[0].Guid, &(GUID){ 0 }, sizeof(GUID)));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnumerateTraceGuids(arr, 0, &n));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnumerateTraceGuids(NULL, 1, &n));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnumerateTraceGuids(arr, 1, NULL));
	EXPECT_EQ(ERROR_SUCCESS, UnregisterTraceGuids(th));
}

/* reference 2.7 (TRACE_PROVIDER_FLAG_PRE_ENABLE): a GUID enabled before
 * anyone registers it is one instance with pid 0; once registered, the
 * registration carries the enable instead. */
TEST_F(q, pre_enabled_then_registered)
{
	TRACE_PROVIDER_INSTANCE_INFO *inst;
	void *info = NULL;
	ULONG len;

	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &self->g[0], 5, 0x8, 0x2, 0));
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	ASSERT_EQ(1, ((TRACE_GUID_INFO *)info)->InstanceCount);
	inst = instance(info, 0);
	EXPECT_EQ(TRACE_PROVIDER_FLAG_PRE_ENABLE, inst->Flags);
	EXPECT_EQ(0, inst->Pid);
	EXPECT_EQ(0, inst->NextOffset);
	ASSERT_EQ(1, inst->EnableCount);
	EXPECT_EQ(self->s1 & 0xFFFF, enables(inst)->LoggerId);
	EXPECT_EQ(5, enables(inst)->Level);
	EXPECT_EQ(0x8, enables(inst)->MatchAnyKeyword);
	EXPECT_EQ(0x2, enables(inst)->MatchAllKeyword);
	free(info);

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	ASSERT_EQ(1, ((TRACE_GUID_INFO *)info)->InstanceCount);
	inst = instance(info, 0);
	EXPECT_EQ(0, inst->Flags);
	EXPECT_EQ((ULONG)getpid(), inst->Pid);
	ASSERT_EQ(1, inst->EnableCount);
	EXPECT_EQ(5, enables(inst)->Level);
	free(info);
}

/* reference 2.7 (EnumerateTraceGuidsEx OutBufferSize, ReturnLength):
 * too small, zero included, is ERROR_INSUFFICIENT_BUFFER with the size
 * needed and nothing written; exactly that size succeeds. */
TEST_F(q, buffer_too_small)
{
	const ULONG need = sizeof(TRACE_GUID_INFO) +
			   sizeof(TRACE_PROVIDER_INSTANCE_INFO) +
			   sizeof(TRACE_ENABLE_INFO);
	unsigned char buf[256], ref[256];
	ULONG got = 12345, n;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &self->g[0], 4, 1, 0, 0));

	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, &self->g[0], sizeof(GUID),
					NULL, 0, &got));
	EXPECT_EQ(need, got);
	memset(buf, 0xAA, sizeof(buf));
	memcpy(ref, buf, sizeof(ref));
	got = 0;
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, &self->g[0], sizeof(GUID),
					buf, need - 1, &got));
	EXPECT_EQ(need, got);
	EXPECT_EQ(0, memcmp(buf, ref, sizeof(buf)));
	/* Smaller than the TRACE_GUID_INFO head alone. */
	got = 0;
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, &self->g[0], sizeof(GUID),
					buf, 4, &got));
	EXPECT_EQ(need, got);
	got = 0;
	EXPECT_EQ(ERROR_SUCCESS,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, &self->g[0], sizeof(GUID),
					buf, need, &got));
	EXPECT_EQ(need, got);
	EXPECT_EQ(1, ((TRACE_GUID_INFO *)buf)->InstanceCount);
	EXPECT_EQ(0xAA, buf[need]);	/* nothing past the answer */

	/* The list: the same rules. */
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  EnumerateTraceGuidsEx(TraceGuidQueryList, NULL, 0, NULL, 0, &got));
	EXPECT_GE(got, sizeof(GUID));
	EXPECT_EQ(0, got % sizeof(GUID));
	n = got;
	if (n <= sizeof(buf)) {
		memset(buf, 0xAA, sizeof(buf));
		EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
			  EnumerateTraceGuidsEx(TraceGuidQueryList, NULL, 0, buf,
						n - sizeof(GUID), &got));
		EXPECT_EQ(n, got);
		EXPECT_EQ(0, memcmp(buf, ref, sizeof(buf)));
	}

	/* TraceMaxLoggersQuery: one ULONG. */
	EXPECT_EQ(ERROR_INSUFFICIENT_BUFFER,
		  EnumerateTraceGuidsEx(TraceMaxLoggersQuery, NULL, 0, buf, 2, &got));
	EXPECT_EQ(sizeof(ULONG), got);
	EXPECT_EQ(ERROR_SUCCESS,
		  EnumerateTraceGuidsEx(TraceMaxLoggersQuery, NULL, 0, buf, 4, &got));
	EXPECT_EQ(ETW_MAX_SESSIONS, *(ULONG *)buf);
}

/* reference 2.7 (errors): classes that are not enumerations, unknown
 * classes, missing pointers, a short InBuffer, an unknown GUID. */
TEST_F(q, argument_errors)
{
	unsigned char buf[64];
	GUID nobody;
	ULONG got;

	guid_make(&nobody, 0xFE);
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  EnumerateTraceGuidsEx(TraceStackTracingInfo, NULL, 0, buf,
					sizeof(buf), &got));
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  EnumerateTraceGuidsEx(TraceSetDisallowList, NULL, 0, buf,
					sizeof(buf), &got));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EnumerateTraceGuidsEx(MaxTraceSetInfoClass, NULL, 0, buf,
					sizeof(buf), &got));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EnumerateTraceGuidsEx((TRACE_QUERY_INFO_CLASS)1000, NULL, 0,
					buf, sizeof(buf), &got));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EnumerateTraceGuidsEx(TraceGuidQueryList, NULL, 0, buf,
					sizeof(buf), NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EnumerateTraceGuidsEx(TraceGuidQueryList, NULL, 0, NULL, 16,
					&got));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, NULL, sizeof(GUID),
					buf, sizeof(buf), &got));
	EXPECT_EQ(ERROR_BAD_LENGTH,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, &nobody,
					sizeof(GUID) - 1, buf, sizeof(buf), &got));
	EXPECT_EQ(ERROR_WMI_GUID_NOT_FOUND,
		  EnumerateTraceGuidsEx(TraceGuidQueryInfo, &nobody,
					sizeof(GUID), buf, sizeof(buf), &got));
}

/* reference 2.7 (instances are live registrations): a process that
 * exits takes its instance with it; the last one gone, the GUID is
 * unknown and unlisted. */
TEST_F(q, process_exit_removes_instance)
{
	GUID *list = NULL;
	void *info = NULL;
	ULONG len;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(0, child_start(&self->child, &self->g[0]));
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	EXPECT_EQ(2, ((TRACE_GUID_INFO *)info)->InstanceCount);
	free(info);

	child_end(&self->child);
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	ASSERT_EQ(1, ((TRACE_GUID_INFO *)info)->InstanceCount);
	EXPECT_EQ((ULONG)getpid(), instance(info, 0)->Pid);
	free(info);

	ASSERT_EQ(ERROR_SUCCESS, EventUnregister(self->h[0]));
	self->h[0] = 0;
	EXPECT_EQ(ERROR_WMI_GUID_NOT_FOUND,
		  query(TraceGuidQueryInfo, &self->g[0], &info, &len));
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryList, NULL, (void **)&list, &len));
	EXPECT_EQ(0, count_guid(list, len, &self->g[0]));
	free(list);
}

/* reference 2.7 (TraceGuidQueryProcess): the GUIDs this process
 * registered, each once; not another process's, not pre-enabled ones. */
TEST_F(q, query_process)
{
	GUID *list = NULL;
	ULONG len;

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[1], NULL, NULL, &self->h[1]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[1], NULL, NULL, &self->h[2]));
	ASSERT_EQ(0, child_start(&self->child, &self->g[2]));
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &self->g[3], 4, 0, 0, 0));

	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryProcess, NULL, (void **)&list, &len));
	EXPECT_EQ(2 * sizeof(GUID), len);
	EXPECT_EQ(1, count_guid(list, len, &self->g[0]));
	EXPECT_EQ(1, count_guid(list, len, &self->g[1]));
	EXPECT_EQ(0, count_guid(list, len, &self->g[2]));
	EXPECT_EQ(0, count_guid(list, len, &self->g[3]));
	free(list);
}

struct view {
	GUID pub, priv_reg, priv_only;
	ULONG pid;
};

/* What an unprivileged user sees; 0 when it is what the uapi says. */
static int nobody_view(void *arg)
{
	struct view *v = arg;
	TRACE_PROVIDER_INSTANCE_INFO *inst;
	GUID *list = NULL;
	void *info = NULL;
	ULONG len;

	if (query(TraceGuidQueryList, NULL, (void **)&list, &len) != ERROR_SUCCESS)
		return 10;
	if (count_guid(list, len, &v->pub) != 1 ||
	    count_guid(list, len, &v->priv_reg) != 1)
		return 11;
	if (count_guid(list, len, &v->priv_only) != 0)
		return 12;	/* only a private session enables it */
	free(list);
	if (query(TraceGuidQueryInfo, &v->pub, &info, &len) != ERROR_SUCCESS)
		return 13;
	inst = instance(info, 0);
	if (inst->Pid != v->pid || inst->EnableCount != 1)
		return 14;	/* another user's pid and session: visible */
	free(info);
	if (query(TraceGuidQueryInfo, &v->priv_reg, &info, &len) != ERROR_SUCCESS)
		return 15;
	inst = instance(info, 0);
	if (inst->Pid != v->pid || inst->EnableCount != 0)
		return 16;	/* the private session is hidden */
	free(info);
	if (query(TraceGuidQueryInfo, &v->priv_only, &info, &len) !=
	    ERROR_WMI_GUID_NOT_FOUND)
		return 17;
	return 0;
}

/* uapi "Provider enumeration" (who may see what): any user may list and
 * see pids and ordinary sessions; a private session shows only to those
 * who may control it. */
TEST_F(q, unprivileged_view)
{
	TRACE_PROVIDER_INSTANCE_INFO *inst;
	CONTROLTRACE_ID priv;
	struct view v;
	void *info = NULL;
	ULONG len;

	if (getuid() != 0)
		SKIP(return, "needs root");
	v.pub = self->g[0];
	v.priv_reg = self->g[1];
	v.priv_only = self->g[2];
	v.pid = getpid();
	priv = start("priv", EVENT_TRACE_PRIVATE_LOGGER_MODE);
	ASSERT_NE(0, priv);
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&v.pub, NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&v.priv_reg, NULL, NULL, &self->h[1]));
	ASSERT_EQ(ERROR_SUCCESS, enable(self->s1, &v.pub, 4, 0, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, enable(priv, &v.priv_reg, 4, 0, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, enable(priv, &v.priv_only, 4, 0, 0, 0));

	/* Its owner sees the private session. */
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &v.priv_reg, &info, &len));
	inst = instance(info, 0);
	EXPECT_EQ(1, inst->EnableCount);
	EXPECT_EQ(priv & 0xFFFF, enables(inst)->LoggerId);
	free(info);
	ASSERT_EQ(ERROR_SUCCESS, query(TraceGuidQueryInfo, &v.priv_only, &info, &len));
	EXPECT_EQ(TRACE_PROVIDER_FLAG_PRE_ENABLE, instance(info, 0)->Flags);
	free(info);

	EXPECT_EQ(0, etw_as_nobody(nobody_view, &v));
	stop(priv);
}

/* uapi ETW_IOC_QUERY_GUIDS: the feature bit, argument checks, and
 * "nothing written unless all of it fits". */
TEST_F(q, ioctl_contract)
{
	struct etw_query_guids req;
	struct etw_info info;
	uint8_t buf[64];
	int fd = open("/dev/etw", O_RDWR);

	ASSERT_LE(0, fd);
	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_GET_INFO, &info));
	EXPECT_TRUE(info.features & ETW_FEAT_QUERY);

	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
#define RESET() do { memset(&req, 0, sizeof(req)); \
		req.query = ETW_QUERY_GUID_INFO; \
		memcpy(req.guid, &self->g[0], 16); } while (0)
	RESET();
	req.flags = 1;
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(EINVAL, errno);
	RESET();
	req.__reserved[1] = 1;
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(EINVAL, errno);
	RESET();
	req.count = 1;
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(EINVAL, errno);
	RESET();
	req.buf_size = 16;	/* and no buffer */
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(EINVAL, errno);
	RESET();
	req.query = ETW_QUERY_GUID_LIST;	/* a GUID where none belongs */
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(EINVAL, errno);
	RESET();
	req.query = 99;
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(EOPNOTSUPP, errno);

	/* Too small: success, sizes reported, buffer untouched. */
	RESET();
	memset(buf, 0xAA, sizeof(buf));
	req.buf = (uintptr_t)buf;
	req.buf_size = sizeof(struct etw_guid_instance) - 1;
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(sizeof(struct etw_guid_instance), req.needed);
	EXPECT_EQ(1, req.count);
	EXPECT_EQ(0xAA, buf[0]);
	RESET();
	req.buf = (uintptr_t)buf;
	req.buf_size = sizeof(buf);
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(sizeof(struct etw_guid_instance), req.needed);
	EXPECT_EQ((ULONG)getpid(), ((struct etw_guid_instance *)buf)->pid);
	EXPECT_EQ(0, ((struct etw_guid_instance *)buf)->enable_count);
	EXPECT_EQ(0xAA, buf[sizeof(struct etw_guid_instance)]);
#undef RESET
	close(fd);
}

/* ETW_QUERY_GUID_NAME into @buf (NUL added); 0 or the errno. */
static int query_name(int fd, const GUID *g, char *buf, uint32_t size)
{
	struct etw_query_guids req;

	memset(&req, 0, sizeof(req));
	req.query = ETW_QUERY_GUID_NAME;
	memcpy(req.guid, g, 16);
	req.buf = (uintptr_t)buf;
	req.buf_size = size - 1;
	if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &req))
		return errno;
	if (req.needed >= size || req.count != 1)
		return EMSGSIZE;
	buf[req.needed] = 0;
	return 0;
}

/*
 * Issue 21 (providers by name): a registration's traits name its
 * provider (seed 004: the traits blob starts with its size and the
 * provider name), and ETW_QUERY_GUID_NAME answers with that name --
 * which tools show and accept for the GUID.  A GUID no registration
 * names (none registered; registered without traits) is ENOENT.
 */
TEST_F(q, name_from_traits)
{
	static const char blob[] = "\x17\x00Linux-ETW-Query-Test";	/* 2 + 20 + NUL */
	char name[64];
	int fd = open("/dev/etw", O_RDWR);

	ASSERT_LE(0, fd);
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[1], NULL, NULL, &self->h[1]));
	EXPECT_EQ(ENOENT, query_name(fd, &self->g[0], name, sizeof(name)));
	ASSERT_EQ(ERROR_SUCCESS, EventSetInformation(self->h[0], EventProviderSetTraits,
						     (PVOID)blob, sizeof(blob)));
	ASSERT_EQ(0, query_name(fd, &self->g[0], name, sizeof(name)));
	EXPECT_STREQ("Linux-ETW-Query-Test", name);
	EXPECT_EQ(ENOENT, query_name(fd, &self->g[1], name, sizeof(name)));
	EXPECT_EQ(ENOENT, query_name(fd, &self->g[5], name, sizeof(name)));
	EventUnregister(self->h[0]);
	self->h[0] = 0;
	EXPECT_EQ(ENOENT, query_name(fd, &self->g[0], name, sizeof(name)));
	close(fd);
}

/*
 * Issue 29 (etwctl providers lists a LinuxTracepoints provider's
 * tracepoints): ETW_QUERY_GUID_TRAITS answers, for one GUID, each
 * registration in registration order with its pid and its traits blob
 * as set (none: size 0), padded to 8; needed/count as the other
 * queries, nothing written into a buffer too small; ENOENT for a GUID
 * nothing registers.
 */
TEST_F(q, traits_of_each_registration)
{
	static const char a[] = "\x0c\x00ProvA\0\x04\x00\x80x";	/* 12 bytes */
	static const char b[] = "\x08\x00ProvB";			/* 8 bytes */
	struct etw_query_guids req;
	uint8_t buf[256];
	const struct etw_guid_traits *t;
	int fd = open("/dev/etw", O_RDWR);

	ASSERT_LE(0, fd);
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[0]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[1]));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->g[0], NULL, NULL, &self->h[2]));
	ASSERT_EQ(ERROR_SUCCESS, EventSetInformation(self->h[0], EventProviderSetTraits,
						     (PVOID)a, 12));
	ASSERT_EQ(ERROR_SUCCESS, EventSetInformation(self->h[2], EventProviderSetTraits,
						     (PVOID)b, 8));
	/* Sizing: nothing written. */
	memset(&req, 0, sizeof(req));
	req.query = ETW_QUERY_GUID_TRAITS;
	memcpy(req.guid, &self->g[0], 16);
	memset(buf, 0xAA, sizeof(buf));
	req.buf = (uintptr_t)buf;
	req.buf_size = 8;
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(3, req.count);
	EXPECT_EQ(3 * 8 + 16 + 0 + 8, req.needed);
	EXPECT_EQ(0xAA, buf[0]);
	/* Filled: registration order, traits as set, padding. */
	memset(&req, 0, sizeof(req));
	req.query = ETW_QUERY_GUID_TRAITS;
	memcpy(req.guid, &self->g[0], 16);
	req.buf = (uintptr_t)buf;
	req.buf_size = sizeof(buf);
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	ASSERT_EQ(48, req.needed);
	t = (const void *)buf;
	EXPECT_EQ((uint32_t)getpid(), t->pid);
	EXPECT_EQ(12, t->size);
	EXPECT_EQ(0, memcmp(t + 1, a, 12));
	t = (const void *)(buf + 8 + 16);
	EXPECT_EQ((uint32_t)getpid(), t->pid);
	EXPECT_EQ(0, t->size);
	t = (const void *)(buf + 8 + 16 + 8);
	EXPECT_EQ(8, t->size);
	EXPECT_EQ(0, memcmp(t + 1, b, 8));
	/* Nothing registers it: ENOENT. */
	memcpy(req.guid, &self->g[5], 16);
	req.needed = 0;
	req.count = 0;
	EXPECT_EQ(-1, ioctl(fd, ETW_IOC_QUERY_GUIDS, &req));
	EXPECT_EQ(ENOENT, errno);
	close(fd);
}

TEST_HARNESS_MAIN
