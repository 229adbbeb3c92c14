// SPDX-License-Identifier: GPL-2.0-only
/*
 * libtracepoint for etw.ko (issue 29): a program written against
 * LinuxTracepoints' headers, unchanged (tracepoint_ms.c), linked with
 * this project's libtracepoint, writes into ETW sessions.  The rules
 * checked (Documentation/linux-tracepoints.rst, LinuxTracepoints'
 * tracepoint.h and tracepoint-state.h):
 *
 *   - a closed provider and its tracepoints are inert (TRACEPOINT_ENABLED
 *     0, tracepoint_write EBADF); opening it resets what was connected
 *     meanwhile; closing it resets every tracepoint;
 *   - a tracepoint's status word follows ETW enablement of its provider
 *     (the GUID of its name): level <= the session's, keyword matching
 *     Any and All, and the provider's group enabled as an ETW provider
 *     group by its name's hash;
 *   - the events reach the session as TraceLogging events TDH decodes:
 *     provider and event names, fields, level, keyword, id, version,
 *     opcode, event tag, activity and related activity IDs, the group;
 *     plain tracepoints by their argument lists;
 *   - writes take the fast path: staged, no ioctl.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "tdh_decode.h"
#include "tracepoint_ms.h"
#include "../kselftest_harness.h"

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
	char file[1024];
};

static void props_init(struct props *b, const char *file)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = file ? EVENT_TRACE_FILE_MODE_SEQUENTIAL : 0;
	b->p.BufferSize = 64;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

FIXTURE(tp) {
	char name[64];
	char path[128];
	CONTROLTRACE_ID s;
	GUID prov, group, plain;
	struct td_file f;
};

static unsigned int uniq;

FIXTURE_SETUP(tp)
{
	struct props b;

	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	uniq++;
	snprintf(self->name, sizeof(self->name), "tp-%d-%u", getpid(), uniq);
	snprintf(self->path, sizeof(self->path), "/tmp/tp-%d-%u.etl", getpid(), uniq);
	props_init(&b, self->path);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&self->s, self->name, &b.p));
	etw_provider_guid("TpTestProvider", &self->prov);
	etw_provider_guid("tptestgroup", &self->group);
	etw_provider_guid("tp_plain", &self->plain);
}

FIXTURE_TEARDOWN(tp)
{
	struct props b;

	ms_unregister();
	if (self->s) {
		props_init(&b, NULL);
		StopTraceA(self->s, NULL, &b.p);
	}
	unlink(self->path);
}

static ULONG enable(FIXTURE_DATA(tp) *self, const GUID *g, UCHAR level,
		    ULONGLONG any, ULONGLONG all, ULONG props)
{
	ENABLE_TRACE_PARAMETERS p = {
		.Version = ENABLE_TRACE_PARAMETERS_VERSION_2,
		.EnableProperty = props,
	};

	return EnableTraceEx2(self->s, g, EVENT_CONTROL_CODE_ENABLE_PROVIDER, level,
			      any, all, 0, &p);
}

static int stop_and_read(FIXTURE_DATA(tp) *self)
{
	struct props b;

	props_init(&b, NULL);
	if (StopTraceA(self->s, NULL, &b.p))
		return -1;
	self->s = 0;
	return td_read(self->path, NULL, &self->f);
}

TEST_F(tp, closed_provider_is_inert_and_open_resets_it)
{
	if (!self->s)
		return;		/* skipped: no /dev/etw */
	EXPECT_EQ(0, ms_api_closed());
	ASSERT_EQ(0, ms_api_open());
	/* Nobody enables tp_plain: not enabled, writes EBADF. */
	EXPECT_EQ(0, ms_api_plain_enabled());
	EXPECT_EQ(EBADF, ms_api_plain_write());
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->plain, 0, 0, 0, 0));
	EXPECT_NE(0, ms_api_plain_enabled());
	EXPECT_EQ(0, ms_api_plain_write());
	EXPECT_EQ(0, ms_api_close());
}

TEST_F(tp, status_word_follows_level_keyword_and_group)
{
	if (!self->s)
		return;		/* skipped: no /dev/etw */
	ASSERT_EQ(0, ms_register());
	EXPECT_EQ(0, ms_enabled());
	/* Level 4, MatchAny 0x1: only the level-4 tracepoints with bit 0. */
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->prov, 4, 0x1, 0, 0));
	EXPECT_EQ(MS_L4K1 | MS_L4K3, ms_enabled());
	/* The same session again: Any 0x2 now. */
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->prov, 5, 0x2, 0, 0));
	EXPECT_EQ(MS_L4K2 | MS_L4K3, ms_enabled());
	/* MatchAll 0x3: only keyword 0x3 has both bits. */
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->prov, 5, 0x1, 0x3, 0));
	EXPECT_EQ(MS_L4K3, ms_enabled());
	/* Any keyword at level 5: every tracepoint of the provider. */
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->prov, 5, ~0ULL, 0, 0));
	EXPECT_EQ(MS_L4K1 | MS_L5K1 | MS_L4K2 | MS_L4K3, ms_enabled());
	/* Its group, by the group name's hash: the member is enabled. */
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->group, 4, 0x1, 0,
					EVENT_ENABLE_PROPERTY_PROVIDER_GROUP));
	EXPECT_EQ(MS_L4K1 | MS_L5K1 | MS_L4K2 | MS_L4K3 | MS_GROUP, ms_enabled());
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &self->prov,
						EVENT_CONTROL_CODE_DISABLE_PROVIDER,
						0, 0, 0, 0, NULL));
	EXPECT_EQ(MS_GROUP, ms_enabled());
	ms_unregister();
	EXPECT_EQ(0, ms_enabled());
}

/* The event named @name, which must be there once. */
static const struct td_event *one(struct __test_metadata *_metadata,
				  const struct td_file *f, const char *name)
{
	const struct td_event *e = td_find(f, name);

	EXPECT_NE(NULL, e) TH_LOG("no event %s", name);
	return e;
}

TEST_F(tp, events_decode_in_the_session)
{
	static const GUID act = { 0x04030201, 0x0605, 0x0807,
				  { 9, 10, 11, 12, 13, 14, 15, 16 } };
	static const GUID rel = { 0xA4A3A2A1, 0xA6A5, 0xA8A7,
				  { 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF, 0xB0 } };
	const struct td_event *e;

	if (!self->s)
		return;		/* skipped: no /dev/etw */
	ASSERT_EQ(0, ms_register());
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->prov, 5, ~0ULL, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->group, 5, ~0ULL, 0,
					EVENT_ENABLE_PROPERTY_PROVIDER_GROUP));
	ASSERT_EQ(0, ms_write(2));
	ms_unregister();
	ASSERT_EQ(6, stop_and_read(self));

	e = one(_metadata, &self->f, "Ev1");
	if (e) {
		EXPECT_STREQ("a=7; s=hello; i=0", e->text);
		EXPECT_STREQ("TpTestProvider", e->provider);
		EXPECT_EQ(DecodingSourceTlg, e->source);
		EXPECT_EQ(4, e->header.EventDescriptor.Level);
		EXPECT_EQ(0x1, e->header.EventDescriptor.Keyword);
		EXPECT_TRUE(IsEqualGUID(&self->prov, &e->header.ProviderId));
	}
	e = one(_metadata, &self->f, "Ev5");
	if (e) {
		EXPECT_STREQ("err=ENOENT(2); t=1970-01-01T00:00:00; "
			     "u=01020304-0506-0708-090a-0b0c0d0e0f10; w=h\xf0\x9f\x98\x80; "
			     "arr=[-1,2,300]; st={b=true,h=0xBEEF}", e->text);
		EXPECT_EQ(42, e->header.EventDescriptor.Id);
		EXPECT_EQ(3, e->header.EventDescriptor.Version);
		EXPECT_EQ(1, e->header.EventDescriptor.Opcode);
		EXPECT_EQ(5, e->header.EventDescriptor.Level);
	}
	e = one(_metadata, &self->f, "EvAct");
	if (e) {
		EXPECT_STREQ("x=9", e->text);
		EXPECT_TRUE(IsEqualGUID(&act, &e->header.ActivityId));
		EXPECT_TRUE(e->has_related);
		EXPECT_TRUE(IsEqualGUID(&rel, &e->related));
		EXPECT_EQ(0x2, e->header.EventDescriptor.Keyword);
	}
	e = one(_metadata, &self->f, "EvK3");
	if (e)
		EXPECT_STREQ("", e->text);
	e = one(_metadata, &self->f, "EvGroup");
	if (e) {
		EXPECT_STREQ("c=abc", e->text);
		EXPECT_STREQ("TpTestGroupMember", e->provider);
		EXPECT_TRUE(e->has_traits);
		/* Traits: the name, the group (type 1: its hash), the tracepoint. */
		ASSERT_GT(e->traits_len, 2 + 18 + 19);
		EXPECT_EQ(1, e->traits[2 + 18 + 2]);
		EXPECT_EQ(0, memcmp(&self->group, e->traits + 2 + 18 + 3, 16));
	}
}

TEST_F(tp, plain_tracepoint_decodes_by_its_arguments)
{
	const struct td_event *e;

	if (!self->s)
		return;		/* skipped: no /dev/etw */
	ASSERT_EQ(0, ms_api_open());
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->plain, 0, 0, 0, 0));
	ASSERT_EQ(0, ms_api_plain_write());
	EXPECT_EQ(0, ms_api_close());
	ASSERT_EQ(1, stop_and_read(self));
	e = one(_metadata, &self->f, "tp_plain");
	if (e) {
		EXPECT_STREQ("a=77; b=eight; c=relative", e->text);
		EXPECT_STREQ("tp_plain", e->provider);
	}
}

TEST_F(tp, writes_take_the_fast_path)
{
	struct etw_fastpath_stats a, b;

	if (!self->s)
		return;		/* skipped: no /dev/etw */
	ASSERT_EQ(0, ms_register());
	ASSERT_EQ(ERROR_SUCCESS, enable(self, &self->prov, 5, ~0ULL, 0, 0));
	ASSERT_EQ(0, etw_fastpath_stats(&a));
	if (!a.enabled)
		SKIP(return, "the fast path is off");
	ASSERT_EQ(0, ms_write(100));
	ASSERT_EQ(0, etw_fastpath_stats(&b));
	/* 100 Ev1 and Ev5, EvAct, EvK3 (EvGroup: its group is not enabled). */
	EXPECT_EQ(a.events + 103, b.events);
	EXPECT_EQ(a.fallbacks, b.fallbacks);
}

TEST_HARNESS_MAIN
