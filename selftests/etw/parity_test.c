// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control-plane parity with Windows (issue 9, defects 1, 2, 10):
 *  - every documented error of StartTrace, ControlTrace, EnableTraceEx2,
 *    EnableTrace and TraceSetInformation leaves no side effect: no
 *    session, no enablement, no file created or truncated, the running
 *    session unchanged (reference 2.5-2.7);
 *  - handle 0 is ERROR_INVALID_HANDLE for EventUnregister and every
 *    EventWrite* (as Windows returns for a handle that is no registration);
 *  - every write a session rejects as too big is counted lost, exactly
 *    (seed 002, rules 9 and 10).
 * The codes each case returns are the parity table's (api-mapping.rst).
 */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>

#include "../kselftest_harness.h"

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
	b->p.Wnode.ClientContext = 2;	/* system time: APPEND needs it */
	b->p.LogFileMode = mode;
	b->p.BufferSize = 4;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

/* Is session @name running? */
static bool running(const char *name)
{
	struct props q;

	props_init(&q, 0, NULL);
	return QueryTraceA(0, name, &q.p) == ERROR_SUCCESS;
}

static void stop_name(const char *name)
{
	struct props q;

	props_init(&q, 0, NULL);
	StopTraceA(0, name, &q.p);
}

/* The file's size, or -1 if there is none. */
static long long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : (long long)st.st_size;
}

static void make_file(const char *path, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	char buf[4096];

	memset(buf, 'k', sizeof(buf));
	while (fd >= 0 && n) {
		size_t k = n < sizeof(buf) ? n : sizeof(buf);

		if (write(fd, buf, k) != (ssize_t)k)
			break;
		n -= k;
	}
	if (fd >= 0)
		close(fd);
}

FIXTURE(par) {
	char dir[128];
	char name[64];
	char path[256];
	int n;
};

FIXTURE_SETUP(par)
{
	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	snprintf(self->dir, sizeof(self->dir), "/tmp/parity.%d", getpid());
	mkdir(self->dir, 0700);
	snprintf(self->name, sizeof(self->name), "parity-%d", getpid());
	snprintf(self->path, sizeof(self->path), "%s/x.etl", self->dir);
}

FIXTURE_TEARDOWN(par)
{
	char cmd[256];

	stop_name(self->name);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->dir);
	if (system(cmd))
		return;
}

/*
 * One failing StartTrace: the status is @want (0 = any failure), the id
 * 0, no session of that name, and the file at @path as it was (@size
 * bytes, -1: none).
 */
#define START_FAILS(self, b, want, what)					\
	do {									\
		CONTROLTRACE_ID h_ = 0xABCD;					\
		long long before_ = file_size((self)->path);			\
		ULONG st_ = StartTraceA(&h_, (self)->name, &(b)->p);		\
										\
		if (want) {							\
			EXPECT_EQ((ULONG)(want), st_) { TH_LOG("%s", what); }	\
		} else {							\
			EXPECT_NE(ERROR_SUCCESS, st_) { TH_LOG("%s", what); }	\
		}								\
		EXPECT_EQ(0, h_) { TH_LOG("%s: the id", what); }		\
		EXPECT_FALSE(running((self)->name)) {				\
			TH_LOG("%s: a session was left running", what);	\
			stop_name((self)->name);				\
		}								\
		EXPECT_EQ(before_, file_size((self)->path)) {			\
			TH_LOG("%s: the file was created or changed", what);	\
		}								\
	} while (0)

/* Defect 1: the logger name does not fit the properties' buffer. */
TEST_F(par, start_name_that_does_not_fit)
{
	struct props b;
	CONTROLTRACE_ID h = 0;
	WCHAR wname[64];
	size_t i;

	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	b.p.Wnode.BufferSize = offsetof(struct props, name) + 4;
	START_FAILS(self, &b, ERROR_BAD_LENGTH, "A name without room");
	/* the same in the W form (2 bytes a character) */
	for (i = 0; self->name[i]; i++)
		wname[i] = self->name[i];
	wname[i] = 0;
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	b.p.Wnode.BufferSize = offsetof(struct props, name) + 2 * i;
	h = 0xABCD;
	EXPECT_EQ(ERROR_BAD_LENGTH, StartTraceW(&h, wname, &b.p));
	EXPECT_EQ(0, h);
	EXPECT_FALSE(running(self->name));
	/* and then the name is free: a proper start works */
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	EXPECT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &b.p));
	stop_name(self->name);
}

/* Every documented StartTrace error: no session, no file (reference 2.5). */
TEST_F(par, start_errors_leave_nothing)
{
	struct props b, ok;
	CONTROLTRACE_ID h = 0;
	char other[300];

	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	b.p.Wnode.BufferSize = sizeof(EVENT_TRACE_PROPERTIES) - 1;
	START_FAILS(self, &b, ERROR_BAD_LENGTH, "Wnode.BufferSize too small");
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	b.p.Wnode.Flags = 0;
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "no WNODE_FLAG_TRACED_GUID");
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	b.p.LoggerNameOffset = 8;
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "LoggerNameOffset inside the struct");
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL | EVENT_TRACE_FILE_MODE_CIRCULAR,
		   self->path);
	b.p.MaximumFileSize = 1;
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "SEQUENTIAL | CIRCULAR");
	props_init(&b, EVENT_TRACE_FILE_MODE_CIRCULAR, self->path);
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "CIRCULAR without MaximumFileSize");
	props_init(&b, EVENT_TRACE_BUFFERING_MODE | EVENT_TRACE_FILE_MODE_SEQUENTIAL,
		   self->path);
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "BUFFERING with a file");
	props_init(&b, 0, NULL);
	START_FAILS(self, &b, ERROR_BAD_PATHNAME, "LogFileMode 0 and no file");
	snprintf(other, sizeof(other), "%s/no/such/dir/x.etl", self->dir);
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, other);
	START_FAILS(self, &b, ERROR_PATH_NOT_FOUND, "a folder that does not exist");

	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(NULL, self->name, &b.p));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h, NULL, &b.p));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h, self->name, NULL));
	EXPECT_FALSE(running(self->name));
	/* SystemTraceControlGuid without KERNEL_LOGGER_NAME */
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	b.p.Wnode.Guid = SystemTraceControlGuid;
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "SystemTraceControlGuid, another name");

	/* A file that exists: a failed start must not truncate it. */
	make_file(self->path, 12345);
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL | EVENT_TRACE_FILE_MODE_CIRCULAR,
		   self->path);
	b.p.MaximumFileSize = 1;
	START_FAILS(self, &b, ERROR_INVALID_PARAMETER, "bad mode, existing file");
	props_init(&b, EVENT_TRACE_FILE_MODE_APPEND, self->path);
	START_FAILS(self, &b, 0, "APPEND to a file that is no trace");
	EXPECT_EQ(12345, file_size(self->path));

	/* ALREADY_EXISTS: the running session and its file untouched. */
	props_init(&ok, EVENT_TRACE_REAL_TIME_MODE, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &ok.p));
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	if (1) {
		CONTROLTRACE_ID h2 = 0xABCD;

		EXPECT_EQ(ERROR_ALREADY_EXISTS, StartTraceA(&h2, self->name, &b.p));
		EXPECT_EQ(0, h2);
	}
	EXPECT_EQ(12345, file_size(self->path));
	EXPECT_TRUE(running(self->name));
	/* the GUID of a running session, under another name: ALREADY_EXISTS */
	snprintf(other, sizeof(other), "%s-guid", self->name);
	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	b.p.Wnode.Guid = ok.p.Wnode.Guid;
	if (1) {
		CONTROLTRACE_ID h2 = 0xABCD;

		EXPECT_EQ(ERROR_ALREADY_EXISTS, StartTraceA(&h2, other, &b.p));
		EXPECT_EQ(0, h2);
		EXPECT_FALSE(running(other));
	}
	stop_name(self->name);

	/* A file another session writes: BAD_PATHNAME, that file intact. */
	unlink(self->path);
	props_init(&ok, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	snprintf(other, sizeof(other), "%s-other", self->name);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, other, &ok.p));
	if (1) {
		long long sz = file_size(self->path);
		CONTROLTRACE_ID h2 = 0xABCD;

		props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
		EXPECT_EQ(ERROR_BAD_PATHNAME, StartTraceA(&h2, self->name, &b.p));
		EXPECT_EQ(0, h2);
		EXPECT_FALSE(running(self->name));
		EXPECT_EQ(sz, file_size(self->path));
	}
	stop_name(other);
}

/* ControlTrace errors leave the session running and unchanged. */
TEST_F(par, control_errors_leave_the_session)
{
	struct props b, q0, q;
	CONTROLTRACE_ID h = 0;
	char bad[300];

	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	b.p.FlushTimer = 3;
	b.p.MaximumBuffers = 20;
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &b.p));
	props_init(&q0, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(h, NULL, &q0.p));

	props_init(&q, 0, NULL);
	q.p.Wnode.BufferSize = sizeof(EVENT_TRACE_PROPERTIES) - 1;
	EXPECT_EQ(ERROR_BAD_LENGTH, StopTraceA(h, NULL, &q.p));
	EXPECT_TRUE(running(self->name));
	props_init(&q, 0, NULL);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, ControlTraceA(0, NULL, &q.p,
							 EVENT_TRACE_CONTROL_STOP));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, ControlTraceA(h, NULL, &q.p, 77));
	EXPECT_TRUE(running(self->name));
	/* UPDATE to a file in a folder that does not exist */
	snprintf(bad, sizeof(bad), "%s/no/such/dir/y.etl", self->dir);
	props_init(&q, EVENT_TRACE_FILE_MODE_SEQUENTIAL, bad);
	q.p.FlushTimer = 9;
	q.p.MaximumBuffers = 40;
	EXPECT_NE(ERROR_SUCCESS, UpdateTraceA(h, NULL, &q.p));
	props_init(&q, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(h, NULL, &q.p));
	EXPECT_EQ(q0.p.FlushTimer, q.p.FlushTimer);
	EXPECT_EQ(q0.p.MaximumBuffers, q.p.MaximumBuffers);
	EXPECT_EQ(q0.p.LogFileMode, q.p.LogFileMode);
	EXPECT_STREQ(q0.file, q.file);
	EXPECT_EQ(-1, file_size(bad));
	stop_name(self->name);
}

static ULONG cb_calls;

static void WINAPI cb(LPCGUID src, ULONG on, UCHAR level, ULONGLONG any,
		      ULONGLONG all, PEVENT_FILTER_DESCRIPTOR f, PVOID ctx)
{
	cb_calls++;
}

/* EnableTraceEx2 / EnableTrace errors enable nothing (reference 2.6). */
TEST_F(par, enable_errors_enable_nothing)
{
	struct props b;
	CONTROLTRACE_ID h = 0;
	ENABLE_TRACE_PARAMETERS ep;
	EVENT_FILTER_DESCRIPTOR fd[MAX_EVENT_FILTERS_COUNT + 1];
	GUID g = { 0xB0000000 | getpid(), 1, 2, { 3, 4, 5, 6, 7, 8, 9, 10 } };
	REGHANDLE reg = 0;

	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &b.p));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&g, cb, NULL, &reg));
	cb_calls = 0;

	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTraceEx2(0, &g, 1, 5, 0, 0, 0, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTraceEx2(h, NULL, 1, 5, 0, 0, 0, NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTraceEx2(h, &g, 9, 5, 0, 0, 0, NULL));
	memset(&ep, 0, sizeof(ep));
	ep.Version = 7;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTraceEx2(h, &g, 1, 5, 0, 0, 0, &ep));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.ControlFlags = 1;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTraceEx2(h, &g, 1, 5, 0, 0, 0, &ep));
	memset(&ep, 0, sizeof(ep));
	memset(fd, 0, sizeof(fd));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableFilterDesc = fd;
	ep.FilterDescCount = MAX_EVENT_FILTERS_COUNT + 1;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTraceEx2(h, &g, 1, 5, 0, 0, 0, &ep));
	fd[0].Type = EVENT_FILTER_TYPE_PID;
	fd[0].Size = 9 * sizeof(ULONG);	/* more than MAX_EVENT_FILTER_PID_COUNT */
	fd[0].Ptr = (ULONGLONG)(uintptr_t)fd;
	ep.FilterDescCount = 1;
	EXPECT_NE(ERROR_SUCCESS, EnableTraceEx2(h, &g, 1, 5, 0, 0, 0, &ep));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTrace(TRUE, 0, 0x100, &g, h));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, EnableTrace(TRUE, 0, 5, NULL, h));

	EXPECT_FALSE(EventProviderEnabled(reg, 0, 0));
	EXPECT_EQ(0, cb_calls);
	EventUnregister(reg);
	stop_name(self->name);
}

/* TraceSetInformation errors leave the disallow list as it was. */
TEST_F(par, set_information_errors_change_nothing)
{
	struct props b;
	CONTROLTRACE_ID h = 0;
	GUID list[2] = { { 0xD1, 1, 1, { 1 } }, { 0xD2, 2, 2, { 2 } } }, got[4];
	ULONG len = 0;

	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &b.p));
	ASSERT_EQ(ERROR_SUCCESS, TraceSetInformation(h, TraceSetDisallowList, list,
						     sizeof(list)));
	EXPECT_EQ(ERROR_BAD_LENGTH, TraceSetInformation(h, TraceSetDisallowList,
							list, 17));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceSetInformation(h, TraceSetDisallowList,
							       NULL, 16));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, TraceSetInformation(0, TraceSetDisallowList,
							       list, 16));
	EXPECT_EQ(ERROR_NOT_SUPPORTED, TraceSetInformation(h, (TRACE_INFO_CLASS)999,
							   list, 16));
	memset(got, 0, sizeof(got));
	ASSERT_EQ(ERROR_SUCCESS, TraceQueryInformation(h, TraceDisallowListQuery,
						       got, sizeof(got), &len));
	EXPECT_EQ(sizeof(list), len);
	EXPECT_EQ(0, memcmp(got, list, sizeof(list)));
	stop_name(self->name);
}

/* Defect 2: handle 0 is no registration. */
TEST(handle_zero_is_invalid)
{
	EVENT_DESCRIPTOR d;
	EVENT_DATA_DESCRIPTOR dd;
	int x = 1;

	EventDescCreate(&d, 1, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&dd, &x, sizeof(x));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWriteString(0, 4, 0, u"x"));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventUnregister(0));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWrite(0, &d, 1, &dd));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWriteTransfer(0, &d, NULL, NULL, 1, &dd));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWriteEx(0, &d, 0, 0, NULL, NULL, 1, &dd));
	/* and an unknown non-zero handle, the same */
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWriteString(0x123456789ULL, 4, 0, u"x"));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventUnregister(0x123456789ULL));
	EXPECT_FALSE(EventEnabled(0, &d));
	EXPECT_FALSE(EventProviderEnabled(0, 0, 0));
}

/* Defect 10: every write rejected as too big is one event lost. */
TEST_F(par, oversized_writes_counted_exactly)
{
	static char big[70000];
	struct props b, q;
	CONTROLTRACE_ID h = 0;
	GUID g = { 0xC0000000 | getpid(), 1, 2, { 3, 4, 5, 6, 7, 8, 9, 10 } };
	REGHANDLE reg = 0;
	EVENT_DESCRIPTOR d;
	EVENT_DATA_DESCRIPTOR dd[3];
	ULONG rejected = 0, st;
	int i;

	props_init(&b, EVENT_TRACE_REAL_TIME_MODE, NULL);
	b.p.BufferSize = 8;	/* KB: rule 10 bites at 8,120 bytes */
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &b.p));
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&g, NULL, NULL, &reg));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(h, &g, 1, 5, 0, 0, 0, NULL));
	EventDescCreate(&d, 1, 0, 0, 4, 0, 0, 0);
	for (i = 0; i < 25; i++) {
		/* 5 kinds: over the buffer, over 64 KB, over 64 KB in three
		 * blocks, a string over the buffer, one just over the buffer
		 */
		switch (i % 5) {
		case 0:
			EventDataDescCreate(&dd[0], big, 9000);
			st = EventWrite(reg, &d, 1, dd);
			break;
		case 1:
			EventDataDescCreate(&dd[0], big, 66000);
			st = EventWrite(reg, &d, 1, dd);
			break;
		case 2:
			EventDataDescCreate(&dd[0], big, 30000);
			EventDataDescCreate(&dd[1], big, 30000);
			EventDataDescCreate(&dd[2], big, 30000);
			st = EventWriteTransfer(reg, &d, NULL, NULL, 3, dd);
			break;
		case 3: {
			static WCHAR s[5000];

			memset(s, 'a', sizeof(s) - 2);
			s[4999] = 0;
			st = EventWriteString(reg, 4, 0, s);
			break;
		}
		default:
			EventDataDescCreate(&dd[0], big, 8192 - 72 - 80 + 8);
			st = EventWriteEx(reg, &d, 0, 0, NULL, NULL, 1, dd);
			break;
		}
		/* the codes reference 1.4 gives: > 64 KB, > a buffer */
		EXPECT_EQ(i % 5 == 1 || i % 5 == 2 ? ERROR_ARITHMETIC_OVERFLOW :
			  ERROR_MORE_DATA, st) {
			TH_LOG("write %d (kind %d)", i, i % 5);
		}
		if (st != ERROR_SUCCESS)
			rejected++;
	}
	props_init(&q, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(h, NULL, &q.p));
	EXPECT_EQ(25, rejected);
	EXPECT_EQ(rejected, q.p.EventsLost);

	if (1) {
	/*
	 * TraceLogging-style metadata over 64 KB (a descriptor of type
	 * EVENT_METADATA, honoured once the provider says so): the event
	 * is over 64 KB, so lost and counted as well.
	 */
		BOOLEAN yes = TRUE;
		ULONG before = q.p.EventsLost;

		ASSERT_EQ(ERROR_SUCCESS, EventSetInformation(reg,
			  EventProviderUseDescriptorType, &yes, sizeof(yes)));
		for (i = 0; i < 5; i++) {
			EventDataDescCreate(&dd[0], big, 66000);
			dd[0].Type = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
			EventDataDescCreate(&dd[1], big, 10);
			EXPECT_EQ(ERROR_ARITHMETIC_OVERFLOW, EventWrite(reg, &d, 2, dd));
		}
		props_init(&q, 0, NULL);
		ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(h, NULL, &q.p));
		EXPECT_EQ(before + 5, q.p.EventsLost);
	}
	EventUnregister(reg);
	stop_name(self->name);
}

/* --- private sessions (issue 9, defect 12) ------------------------------------- */

static GUID seen_guid;
static int seen_match, seen_other;

static VOID WINAPI count_event(PEVENT_RECORD er)
{
	if (IsEqualGUID(&er->EventHeader.ProviderId, &seen_guid))
		seen_match++;
	else if (!IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid))
		seen_other++;
}

/*
 * A private session (EVENT_TRACE_PRIVATE_LOGGER_MODE, Wnode.Guid = the
 * provider's GUID) started by a separate controller records the events
 * of the process that registers that provider, as on Windows; the same
 * process's other providers stay out of it (a documented difference:
 * on Windows the session lives in that process and takes them too).
 */
TEST_F(par, private_session_of_a_separate_controller)
{
	GUID g = { 0xE0000000 | getpid(), 7, 7, { 1, 2, 3, 4, 5, 6, 7, 8 } };
	GUID other = { 0xE1000000 | getpid(), 7, 7, { 1, 2, 3, 4, 5, 6, 7, 8 } };
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	struct props b;
	CONTROLTRACE_ID h = 0;
	int pipefd[2], status;
	char go = 0;
	pid_t pid;

	ASSERT_EQ(0, pipe(pipefd));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		/* the provider process: registers once the session runs */
		REGHANDLE r1 = 0, r2 = 0;
		EVENT_DESCRIPTOR d;
		int i;

		close(pipefd[1]);
		if (read(pipefd[0], &go, 1) != 1)
			_exit(2);
		EventDescCreate(&d, 1, 0, 0, 4, 0, 0, 0);
		if (EventRegister(&g, NULL, NULL, &r1) ||
		    EventRegister(&other, NULL, NULL, &r2))
			_exit(3);
		for (i = 0; i < 10; i++) {
			EventWrite(r1, &d, 0, NULL);
			EventWrite(r2, &d, 0, NULL);
		}
		EventUnregister(r1);
		EventUnregister(r2);
		_exit(0);
	}
	close(pipefd[0]);
	props_init(&b, EVENT_TRACE_PRIVATE_LOGGER_MODE |
		   EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	b.p.Wnode.Guid = g;
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, self->name, &b.p));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(h, &g, 1, 5, 0, 0, 0, NULL));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(h, &other, 1, 5, 0, 0, 0, NULL));
	ASSERT_EQ(1, write(pipefd[1], "g", 1));
	close(pipefd[1]);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	stop_name(self->name);

	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = self->path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = count_event;
	seen_guid = g;
	seen_match = seen_other = 0;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	EXPECT_EQ(ERROR_SUCCESS, ProcessTrace(&ph, 1, NULL, NULL));
	CloseTrace(ph);
	EXPECT_EQ(10, seen_match);
	EXPECT_EQ(0, seen_other);
}

TEST_HARNESS_MAIN
