// SPDX-License-Identifier: GPL-2.0-only
/*
 * Manifest-based events end to end: selftests/data/alltypes.man (every
 * input type and the output types each takes, value and bit maps,
 * counted, fixed and length-given fields, a struct array, channels,
 * custom levels, tasks, opcodes and keywords) compiled by etwmc into the
 * header a Windows provider includes (gen/alltypes.h) and an object
 * holding the manifest (gen/alltypes.etw.c); events written with the
 * generated EventWrite<Event> macros through a session into a file,
 * read back with OpenTrace/ProcessTrace and decoded by TDH with the
 * manifest loaded (TdhLoadManifest), embedded in the program
 * (TdhLoadManifestFromBinary) or installed (etwctl manifest install).
 * The generated enable callback keeps mc.exe's contract: the enable bits
 * by level and keywords, and the program's own callback
 * (MCGEN_PRIVATE_ENABLE_CALLBACK_V2) called after them (seed 000, rule
 * 23).  manifest_cxx.cc includes the same header in C++; both translation
 * units share one provider context (selectany).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#define UNICODE
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <tdh.h>

/* The program's own enable callback, chained by the generated one. */
static struct {
	int calls;
	ULONG code;
	UCHAR level;
	ULONGLONG any, all;
	PVOID ctx;
	int bit0;		/* EventEnabledEvInts() seen inside */
} priv;

#define MCGEN_PRIVATE_ENABLE_CALLBACK_V2 private_callback
static VOID private_callback(LPCGUID src, ULONG code, UCHAR level, ULONGLONG any,
			     ULONGLONG all, PEVENT_FILTER_DESCRIPTOR filter, PVOID ctx);

#include "gen/alltypes.h"
#include "tdh_decode.h"
#include "manifest_test.h"
#include "../kselftest_harness.h"

static VOID private_callback(LPCGUID src, ULONG code, UCHAR level, ULONGLONG any,
			     ULONGLONG all, PEVENT_FILTER_DESCRIPTOR filter, PVOID ctx)
{
	(void)src;
	(void)filter;
	priv.calls++;
	priv.code = code;
	priv.level = level;
	priv.any = any;
	priv.all = all;
	priv.ctx = ctx;
	priv.bit0 = EventEnabledEvInts();
}

#define MANIFEST "../data/alltypes.man"

/* Events by id and version, and the text each decodes to. */
static const struct expect {
	USHORT id;
	UCHAR version;
	const char *text;
} expected[] = {
	{ 1, 0, "i8=-8; u8=200; i16=-16; u16=60000; i32=-32; u32=4000000000; "
		"i64=-64; u64=64; hex32=0x20; hex64=0x40; f=1.5; d=2.5; b=true; "
		"ptr=0x10" },
	{ 2, 0, "ch=A; sch=b; hx8=0xAB; b8=true; port=128; hx16=0xBEEF; wch=\xe2\x98\xba; "
		"pid=1; tid=2; ip=127.0.0.1; "
		"w32=Access is denied.; nt=Object Name not found.; ec=0x1F; "
		"et=99; hx32=0xDEAD; hr=Unspecified error; hx64=0x123456789; "
		"h32w=The system cannot find the file specified." },
	{ 3, 0, "u=uni; a=ansi; utf8=utf8; xml=<x/>; json={}; fixed=abcd; cu=cu; "
		"ca=ca; cb=0x010203; nullu=NULL" },
	{ 4, 0, "g={00000001-0002-0003-0405-060708090A0B}; "
		"ft=2020-07-14T12:04:36.9026510Z; "
		"st=2024-01-31T12:34:56.789; sid=S-1-5-18; bin=0x010203; "
		"v6=::1; sock=10.1.2.3:80; hb=0x0102" },
	{ 5, 0, "utc=2020-07-14T12:04:36.9026510Z; ci=2020-07-14T12:04:36.9026510Z; "
		"stu=2024-01-31T12:34:56.789Z" },
	{ 6, 0, "color=Red; flags=Read | Exec; other=9" },
	{ 1, 1, "color=Green; flags=Write; other=Red" },
	{ 7, 0, "n=2; arr=[5,-6]; fixed=[7,8,9]; blen=3; varbin=0x010203; "
		"pts=[{x=1,y=2},{x=3,y=4}]; tail=7" },
	{ 8, 0, "" },
};
#define NEXPECTED (sizeof(expected) / sizeof(expected[0]))

/* Write every event of the manifest once (and EvMaps once more from C++). */
static void write_all(struct __test_metadata *_metadata)
{
	static const GUID g = { 1, 2, 3, { 4, 5, 6, 7, 8, 9, 10, 11 } };
	static const FILETIME ft = { 0xf1d31dce, 0x01d659d6 };
	static const SYSTEMTIME st = { 2024, 1, 3, 31, 12, 34, 56, 789 };
	static const struct { BYTE rev, n, auth[6]; DWORD sub[1]; } sid =
		{ 1, 1, { 0, 0, 0, 0, 0, 5 }, { 18 } };
	static const BYTE v6[16] = { [15] = 1 };
	static const BYTE sock[16] = { 2, 0, 0, 80, 10, 1, 2, 3 };
	static const UCHAR bin[3] = { 1, 2, 3 };
	static const INT32 arr[2] = { 5, -6 };
	static const UINT32 fixed[3] = { 7, 8, 9 };
	static const INT32 pts[4] = { 1, 2, 3, 4 };

	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvInts(-8, 200, -16, 60000, -32, 4000000000u,
		  -64, 64, 0x20, 0x40, 1.5f, 2.5, TRUE, (const void *)0x10));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvOuts('A', 'b', 0xAB, 1, 0x8000, 0xBEEF,
		  0x263A, 1, 2, 0x0100007f, ERROR_ACCESS_DENIED, 0xC0000034, 0x1F,
		  99, 0xDEAD, (INT32)0x80004005, 0x123456789ULL, ERROR_FILE_NOT_FOUND));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvStrings(TEXT("uni"), "ansi", "utf8",
		  TEXT("<x/>"), "{}", TEXT("abcdef"), 2, TEXT("cu"), 2, "ca",
		  3, bin, NULL));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvMisc(&g, &ft, &st, (const SID *)(const void *)&sid,
		  bin, v6, sock, bin));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvTimes(&ft, &ft, &st));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvMaps(1, 5, 9));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvInts_V1(2, 2, 1));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvArrays(2, arr, fixed, 3, bin,
		  sizeof(pts), pts, 7));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEvEmpty());
	ASSERT_EQ(ERROR_SUCCESS, cxx_write_maps(2, 6, 1));
}

/* Every event decoded as expected, from @source. */
static void check_all(struct __test_metadata *_metadata, const struct td_file *f)
{
	unsigned i;
	int k, cxx = 0;

	for (i = 0; i < NEXPECTED; i++) {
		const struct td_event *e = NULL;

		for (k = 0; k < f->n && !e; k++)
			if (f->ev[k].header.EventDescriptor.Id == expected[i].id &&
			    f->ev[k].header.EventDescriptor.Version == expected[i].version)
				e = &f->ev[k];
		if (!e) {
			EXPECT_NE(NULL, e) TH_LOG("event %u v%u missing", expected[i].id,
						  expected[i].version);
			continue;
		}
		EXPECT_EQ(ERROR_SUCCESS, e->tdh_status)
			TH_LOG("event %u v%u", expected[i].id, expected[i].version);
		EXPECT_EQ(DecodingSourceXMLFile, e->source);
		EXPECT_STREQ(expected[i].text, e->text)
			TH_LOG("event %u v%u", expected[i].id, expected[i].version);
		EXPECT_STREQ("LinuxEtw-Selftest-AllTypes", e->provider);
		/* No traits unless the program defines <symbol>_Traits. */
		EXPECT_FALSE(e->has_traits);
	}
	/* The C++ translation unit's EvMaps, through the shared handle. */
	for (k = 0; k < f->n; k++)
		if (f->ev[k].header.EventDescriptor.Id == 6 &&
		    !strcmp(f->ev[k].text, "color=Green; flags=Write | Exec; other=Red"))
			cxx++;
	EXPECT_EQ(1, cxx);
	EXPECT_EQ((int)NEXPECTED + 1, f->n);
}

/* The descriptors the header gives are the manifest's. */
static void check_descriptors(struct __test_metadata *_metadata, const struct td_file *f)
{
	int k;

	for (k = 0; k < f->n; k++) {
		const EVENT_DESCRIPTOR *d = &f->ev[k].header.EventDescriptor;

		if (d->Id == 1 && d->Version == 0) {
			EXPECT_EQ(4, d->Level);
			EXPECT_EQ(1, d->Task);
			EXPECT_EQ(10, d->Opcode);
			EXPECT_EQ(16, d->Channel);
			/* with its channel's keyword bit, as mc.exe gives it:
			 * 63 minus the channel's declaration index */
			EXPECT_EQ(0x4000000000000001ULL, d->Keyword);
		} else if (d->Id == 2) {
			EXPECT_EQ(3, d->Level);
			EXPECT_EQ(9, d->Channel);
			EXPECT_EQ(0x8000000000000003ULL, d->Keyword);
		} else if (d->Id == 6) {
			EXPECT_EQ(16, d->Level);
			EXPECT_EQ(2, d->Task);
		} else if (d->Id == 8) {
			EXPECT_EQ(11, d->Opcode);
		}
	}
}

FIXTURE(mf) {
	char name[64];
	char path[128];
	char dir[128];
	CONTROLTRACE_ID s;
	struct td_file f;
};

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

#define provider ALLTYPES_PROVIDER

FIXTURE_SETUP(mf)
{
	struct props b;

	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	snprintf(self->name, sizeof(self->name), "mf-%d", getpid());
	snprintf(self->path, sizeof(self->path), "/tmp/mf-%d.etl", getpid());
	snprintf(self->dir, sizeof(self->dir), "/tmp/mf-%d.d", getpid());
	/* No installed manifest but the test's own. */
	ASSERT_EQ(0, mkdir(self->dir, 0755));
	setenv("ETW_MANIFEST_PATH", self->dir, 1);
	props_init(&b, self->path);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&self->s, self->name, &b.p));
	memset(&priv, 0, sizeof(priv));
	ASSERT_EQ(ERROR_SUCCESS, EventRegisterLinuxEtw_Selftest_AllTypes());
}

FIXTURE_TEARDOWN(mf)
{
	char cmd[256];
	struct props b;

	EventUnregisterLinuxEtw_Selftest_AllTypes();
	if (self->s) {
		props_init(&b, NULL);
		StopTraceA(self->s, NULL, &b.p);
	}
	unlink(self->path);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->dir);
	if (system(cmd))
		perror(cmd);
}

static int enable(FIXTURE_DATA(mf) *self, UCHAR level, ULONGLONG any, ULONGLONG all)
{
	return EnableTraceEx2(self->s, &provider, EVENT_CONTROL_CODE_ENABLE_PROVIDER,
			      level, any, all, 0, NULL);
}

static int stop_and_read(FIXTURE_DATA(mf) *self)
{
	struct props b;

	props_init(&b, NULL);
	if (StopTraceA(self->s, NULL, &b.p))
		return -1;
	self->s = 0;
	return td_read(self->path, &provider, &self->f);
}

/* Decoded with the manifest loaded by the program; not before, not after. */
TEST_F(mf, every_type_decodes_with_tdhloadmanifest)
{
	WCHAR path[256];
	int i;

	ASSERT_EQ(ERROR_SUCCESS, enable(self, 0xff, 0, 0));
	write_all(_metadata);
	ASSERT_LE(0, stop_and_read(self));
	ASSERT_LT(0, self->f.n);
	for (i = 0; i < self->f.n; i++)
		EXPECT_EQ(ERROR_NOT_FOUND, self->f.ev[i].tdh_status);

	for (i = 0; MANIFEST[i]; i++)
		path[i] = MANIFEST[i];
	path[i] = 0;
	ASSERT_EQ(ERROR_SUCCESS, TdhLoadManifest(path));
	ASSERT_LE(0, td_read(self->path, &provider, &self->f));
	check_all(_metadata, &self->f);
	check_descriptors(_metadata, &self->f);

	ASSERT_EQ(ERROR_SUCCESS, TdhUnloadManifest(path));
	ASSERT_LE(0, td_read(self->path, &provider, &self->f));
	EXPECT_EQ(ERROR_NOT_FOUND, self->f.ev[0].tdh_status);
}

/* The manifest etwmc --embed put in this program, found in /proc/self/exe. */
TEST_F(mf, every_type_decodes_with_the_embedded_manifest)
{
	static const WCHAR self_exe[] = { '/', 'p', 'r', 'o', 'c', '/', 's', 'e',
					  'l', 'f', '/', 'e', 'x', 'e', 0 };

	ASSERT_EQ(ERROR_SUCCESS, enable(self, 0xff, 0, 0));
	write_all(_metadata);
	ASSERT_LE(0, stop_and_read(self));
	ASSERT_EQ(ERROR_SUCCESS, TdhLoadManifestFromBinary((PWSTR)self_exe));
	ASSERT_LE(0, td_read(self->path, &provider, &self->f));
	check_all(_metadata, &self->f);
}

/* Installed with etwctl for every program; uninstalled, gone. */
TEST_F(mf, every_type_decodes_with_the_installed_manifest)
{
	char cmd[512];

	ASSERT_EQ(ERROR_SUCCESS, enable(self, 0xff, 0, 0));
	write_all(_metadata);
	ASSERT_LE(0, stop_and_read(self));
	snprintf(cmd, sizeof(cmd), "../../build/tools/etwctl manifest install %s "
		 ">/dev/null", MANIFEST);
	ASSERT_EQ(0, system(cmd));
	/* Directories are looked at again at most once a second. */
	usleep(1100 * 1000);
	ASSERT_LE(0, td_read(self->path, &provider, &self->f));
	check_all(_metadata, &self->f);

	snprintf(cmd, sizeof(cmd), "../../build/tools/etwctl manifest uninstall "
		 "LinuxEtw-Selftest-AllTypes >/dev/null");
	ASSERT_EQ(0, system(cmd));
	usleep(1100 * 1000);
	ASSERT_LE(0, td_read(self->path, &provider, &self->f));
	EXPECT_EQ(ERROR_NOT_FOUND, self->f.ev[0].tdh_status);
}

/* etwdump shows the same events by name, with --manifest, in each format. */
TEST_F(mf, etwdump_decodes_with_the_manifest)
{
	static const struct {
		const char *opt;
		const char *want;
	} fmt[] = {
		{ "", "color=Red flags=\"Read | Exec\" other=9" },
		{ "--json", "\"fields\":{\"color\":\"Red\",\"flags\":\"Read | Exec\",\"other\":\"9\"}" },
		{ "--xml", "<Data Name=\"flags\">Read | Exec</Data>" },
		{ "--csv", "\"Red\", \"Read | Exec\", \"9\"" },
	};
	char cmd[512], line[4096];
	unsigned i;

	ASSERT_EQ(ERROR_SUCCESS, enable(self, 0xff, 0, 0));
	write_all(_metadata);
	ASSERT_LE(0, stop_and_read(self));
	for (i = 0; i < sizeof(fmt) / sizeof(fmt[0]); i++) {
		int found = 0;
		FILE *p;

		snprintf(cmd, sizeof(cmd), "../../build/tools/etwdump %s --manifest %s "
			 "--provider LinuxEtw-Selftest-AllTypes --id 6 %s", fmt[i].opt,
			 MANIFEST, self->path);
		p = popen(cmd, "r");
		ASSERT_NE(NULL, p);
		while (fgets(line, sizeof(line), p))
			if (strstr(line, fmt[i].want))
				found = 1;
			else
				TH_LOG("%s", line);
		EXPECT_EQ(0, pclose(p));
		EXPECT_TRUE(found) TH_LOG("%s: no \"%s\"", cmd, fmt[i].want);
	}
}

/*
 * mc.exe's enable callback: one enable bit per level/keywords pair of
 * the manifest, set as the session asks, then the program's callback
 * (seed 000, rule 23) -- in both translation units, one context.
 */
TEST_F(mf, enable_bits_and_the_private_callback)
{
	EXPECT_EQ(&ALLTYPES_PROVIDER_Context, cxx_context());
	EXPECT_FALSE(EventEnabledEvInts());
	ASSERT_EQ(ERROR_SUCCESS, enable(self, 4, 0x1, 0));
	EXPECT_EQ(1, priv.calls);
	EXPECT_EQ(EVENT_CONTROL_CODE_ENABLE_PROVIDER, priv.code);
	EXPECT_EQ(4, priv.level);
	EXPECT_EQ(0x1, priv.any);
	EXPECT_EQ(&ALLTYPES_PROVIDER_Context, priv.ctx);
	EXPECT_TRUE(priv.bit0);		/* bits set before the chained call */
	EXPECT_TRUE(EventEnabledEvInts());	/* level 4, keyword Alpha */
	EXPECT_TRUE(EventEnabledEvOuts());	/* level 3, Alpha|Beta */
	EXPECT_TRUE(EventEnabledEvStrings());	/* level 2, no keyword */
	EXPECT_FALSE(EventEnabledEvMisc());	/* level 5 */
	EXPECT_FALSE(EventEnabledEvMaps());	/* level 16 */
	EXPECT_TRUE(cxx_enabled_ints());

	ASSERT_EQ(ERROR_SUCCESS, enable(self, 5, 0x2, 0));
	EXPECT_FALSE(EventEnabledEvInts());	/* Alpha not asked for */
	EXPECT_TRUE(EventEnabledEvOuts());
	EXPECT_TRUE(EventEnabledEvMisc());
	EXPECT_FALSE(cxx_enabled_ints());

	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &provider,
		  EVENT_CONTROL_CODE_DISABLE_PROVIDER, 0, 0, 0, 0, NULL));
	EXPECT_EQ(EVENT_CONTROL_CODE_DISABLE_PROVIDER, priv.code);
	EXPECT_FALSE(EventEnabledEvOuts());
	EXPECT_FALSE(EventEnabledEvStrings());
	EXPECT_EQ(3, priv.calls);
}

TEST_HARNESS_MAIN
