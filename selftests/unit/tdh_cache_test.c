// SPDX-License-Identifier: GPL-2.0-only
/*
 * TDH's schema cache (issue 30, libetw/src/tdh_cache.c): what
 * TdhGetEventInformation answers is kept per kind of event, and stays
 * right when what it was decoded from changes:
 *  - a repeated call answers the same bytes (TraceLogging, a manifest,
 *    the kernel's MOF classes);
 *  - loading a manifest (TdhLoadManifestFromMemory) makes an event TDH
 *    could not describe decode at once, unloading it undoes that (and
 *    so for TdhGetPropertySize);
 *  - installing a manifest in an $ETW_MANIFEST_PATH directory, and
 *    removing it, are seen as soon as without a cache (the directories
 *    are looked at at most once a second);
 *  - memory stays bounded: thousands of kinds of event keep at most the
 *    cache's limits;
 *  - threads asking at once each get their own event's answer.
 * Built with ASan/UBSan where the toolchain can (tdh_cache_test.mk).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <tdh.h>
#include "tdh_internal.h"
#include "shared/etw_utf.h"

#include "../kselftest_harness.h"

#ifndef UNIT_DIR
#define UNIT_DIR "."
#endif
#define ALLTYPES UNIT_DIR "/../data/alltypes.man"

/* {6c3b2a90-5d4e-4f11-8a2b-0c1d2e3f4a5b}, alltypes.man's provider */
static const GUID alltypes = { 0x6c3b2a90, 0x5d4e, 0x4f11,
			       { 0x8a, 0x2b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x5b } };

/* The answer for @e (malloc'ed), or NULL with *st. */
static TRACE_EVENT_INFO *info_of(PEVENT_RECORD e, ULONG *st, ULONG *size)
{
	TRACE_EVENT_INFO *t;

	*size = 0;
	*st = TdhGetEventInformation(e, 0, NULL, NULL, size);
	if (*st != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	t = malloc(*size);
	*st = TdhGetEventInformation(e, 0, NULL, t, size);
	if (*st) {
		free(t);
		return NULL;
	}
	return t;
}

static const char *narrow(const TRACE_EVENT_INFO *t, ULONG off)
{
	static char buf[4][512];
	static int i;
	char *o = buf[i++ & 3];

	if (!off)
		return "";
	etw_utf16_to_utf8((const BYTE *)t + off, 512, o, sizeof(buf[0]));
	return o;
}

/* An event of alltypes.man: EvInts (id 1), its 14 integers' bytes. */
static void manifest_event(EVENT_RECORD *e, BYTE *data)
{
	memset(e, 0, sizeof(*e));
	e->EventHeader.ProviderId = alltypes;
	e->EventHeader.EventDescriptor.Id = 1;
	e->EventHeader.Flags = EVENT_HEADER_FLAG_64_BIT_HEADER;
	memset(data, 0, 64);
	e->UserData = data;
	e->UserDataLength = 1 + 1 + 2 + 2 + 4 + 4 + 8 + 8 + 4 + 8 + 4 + 8 + 4 + 8;
}

/* A TraceLogging event "E<n>" with one INT32 field "x" (reference §5.3). */
struct tl_event {
	EVENT_RECORD e;
	EVENT_HEADER_EXTENDED_DATA_ITEM x;
	BYTE meta[32];
	int32_t value;
};

static void tl_event(struct tl_event *t, unsigned n)
{
	int k = snprintf((char *)t->meta + 4, 16, "E%u", n) + 1;

	memset(&t->e, 0, sizeof(t->e));
	t->meta[2] = 0x80;
	t->meta[3] = 0x00;
	t->meta[4 + k] = 'x';
	t->meta[5 + k] = 0;
	t->meta[6 + k] = 0x07;		/* INT32 */
	t->meta[0] = (BYTE)(7 + k);
	t->meta[1] = 0;
	memset(&t->x, 0, sizeof(t->x));
	t->x.ExtType = EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL;
	t->x.DataSize = (USHORT)(7 + k);
	t->x.DataPtr = (ULONGLONG)(uintptr_t)t->meta;
	t->value = (int32_t)n;
	t->e.EventHeader.Flags = EVENT_HEADER_FLAG_64_BIT_HEADER |
				 EVENT_HEADER_FLAG_EXTENDED_INFO;
	t->e.ExtendedDataCount = 1;
	t->e.ExtendedData = &t->x;
	t->e.UserData = &t->value;
	t->e.UserDataLength = 4;
}

TEST(repeated_call_answers_the_same)
{
	struct tl_event tl;
	TRACE_EVENT_INFO *a, *b;
	ULONG st, sa, sb;
	int i;

	tl_event(&tl, 7);
	a = info_of(&tl.e, &st, &sa);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_STREQ("E7", narrow(a, a->EventNameOffset));
	for (i = 0; i < 3; i++) {
		b = info_of(&tl.e, &st, &sb);
		ASSERT_EQ(ERROR_SUCCESS, st);
		ASSERT_EQ(sa, sb);
		EXPECT_EQ(0, memcmp(a, b, sa));
		free(b);
	}
	/* Another kind of event between two of the first kind. */
	tl_event(&tl, 8);
	b = info_of(&tl.e, &st, &sb);
	EXPECT_STREQ("E8", narrow(b, b->EventNameOffset));
	free(b);
	tl_event(&tl, 7);
	b = info_of(&tl.e, &st, &sb);
	EXPECT_EQ(0, memcmp(a, b, sa));
	free(b);
	free(a);
}

TEST(loading_and_unloading_a_manifest_is_seen)
{
	PROPERTY_DATA_DESCRIPTOR pd = { .PropertyName = (ULONGLONG)(uintptr_t)u"u32",
					.ArrayIndex = 0xFFFFFFFF };
	char *xml = malloc(1 << 20);
	FILE *f = fopen(ALLTYPES, "rb");
	TRACE_EVENT_INFO *t;
	EVENT_RECORD e;
	BYTE data[64];
	ULONG st, size, n;

	ASSERT_NE(NULL, f);
	n = (ULONG)fread(xml, 1, (1 << 20) - 1, f);
	fclose(f);
	setenv("ETW_MANIFEST_PATH", "/nonexistent/etw-unit", 1);
	manifest_event(&e, data);
	/* Before: no manifest describes it, and the answer is kept... */
	EXPECT_EQ(NULL, info_of(&e, &st, &size));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	EXPECT_EQ(NULL, info_of(&e, &st, &size));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetPropertySize(&e, 0, NULL, 1, &pd, &size));
	/* ...until one is loaded. */
	ASSERT_EQ(ERROR_SUCCESS, TdhLoadManifestFromMemory(xml, n));
	t = info_of(&e, &st, &size);
	ASSERT_EQ(ERROR_SUCCESS, st);
	EXPECT_STREQ("EvInts", narrow(t, t->EventNameOffset));
	EXPECT_STREQ("LinuxEtw-Selftest-AllTypes", narrow(t, t->ProviderNameOffset));
	free(t);
	EXPECT_EQ(ERROR_SUCCESS, TdhGetPropertySize(&e, 0, NULL, 1, &pd, &size));
	EXPECT_EQ(4, size);
	/* Unloaded: described no more. */
	ASSERT_EQ(ERROR_SUCCESS, TdhUnloadManifestFromMemory(xml, n));
	EXPECT_EQ(NULL, info_of(&e, &st, &size));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	EXPECT_EQ(ERROR_NOT_FOUND, TdhGetPropertySize(&e, 0, NULL, 1, &pd, &size));
	free(xml);
}

TEST(installing_and_removing_a_manifest_is_seen)
{
	char dir[] = "/tmp/tdh-cache-XXXXXX", cmd[600];
	TRACE_EVENT_INFO *t;
	EVENT_RECORD e;
	BYTE data[64];
	ULONG st, size;

	ASSERT_NE(NULL, mkdtemp(dir));
	setenv("ETW_MANIFEST_PATH", dir, 1);
	manifest_event(&e, data);
	EXPECT_EQ(NULL, info_of(&e, &st, &size));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	snprintf(cmd, sizeof(cmd), "cp %s %s/alltypes.man", ALLTYPES, dir);
	ASSERT_EQ(0, system(cmd));
	/* The directories are looked at again at most once a second. */
	usleep(1100 * 1000);
	t = info_of(&e, &st, &size);
	EXPECT_EQ(ERROR_SUCCESS, st);
	if (t)
		EXPECT_STREQ("EvInts", narrow(t, t->EventNameOffset));
	free(t);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ASSERT_EQ(0, system(cmd));
	usleep(1100 * 1000);
	EXPECT_EQ(NULL, info_of(&e, &st, &size));
	EXPECT_EQ(ERROR_NOT_FOUND, st);
	setenv("ETW_MANIFEST_PATH", "/nonexistent/etw-unit", 1);
}

TEST(memory_stays_bounded)
{
	struct tl_event tl;
	TRACE_EVENT_INFO *t;
	uint32_t entries, most = 0;
	size_t bytes, most_bytes = 0;
	ULONG st, size;
	unsigned n;

	for (n = 0; n < 20000; n++) {
		tl_event(&tl, 1000000 + n);
		t = info_of(&tl.e, &st, &size);
		ASSERT_EQ(ERROR_SUCCESS, st);
		free(t);
		tdh_cache_stats(&entries, &bytes);
		if (entries > most)
			most = entries;
		if (bytes > most_bytes)
			most_bytes = bytes;
	}
	TH_LOG("at most %u entries, %zu bytes", most, most_bytes);
	EXPECT_LE(most, 8192);
	EXPECT_LE(most_bytes, 16u << 20);
	EXPECT_GT(most, 1000);	/* it did keep them */
}

/* Threads asking at once: each its own kind of event, many times. */
static void *asker(void *arg)
{
	unsigned id = (unsigned)(uintptr_t)arg, i;
	struct tl_event a, b;
	char want[2][16];
	long bad = 0;

	tl_event(&a, 100 + id);
	tl_event(&b, 200 + id);
	snprintf(want[0], 16, "E%u", 100 + id);
	snprintf(want[1], 16, "E%u", 200 + id);
	for (i = 0; i < 20000; i++) {
		struct tl_event *t = i & 1 ? &b : &a;
		BYTE buf[512];
		ULONG size = sizeof(buf);
		TRACE_EVENT_INFO *info = (TRACE_EVENT_INFO *)buf;
		char name[16];

		if (TdhGetEventInformation(&t->e, 0, NULL, info, &size)) {
			bad++;
			continue;
		}
		etw_utf16_to_utf8(buf + info->EventNameOffset, 16, name, sizeof(name));
		bad += strcmp(name, want[i & 1]) != 0;
		if (!(i % 1000))
			tdh_cache_invalidate();	/* as a manifest loaded meanwhile */
	}
	return (void *)bad;
}

TEST(threads_get_their_own_answers)
{
	pthread_t th[4];
	void *bad;
	int i;

	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, pthread_create(&th[i], NULL, asker, (void *)(uintptr_t)i));
	for (i = 0; i < 4; i++) {
		ASSERT_EQ(0, pthread_join(th[i], &bad));
		EXPECT_EQ(0, (long)bad);
	}
}

TEST_HARNESS_MAIN
