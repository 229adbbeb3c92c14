// SPDX-License-Identifier: GPL-2.0-only
/*
 * Providers by name, as etwctl and etwdump take them (tools/common/names.c,
 * issue 21): the ETW name hash Windows uses for TraceLogging and
 * EventSource providers ("*Name"), checked against the GUIDs Microsoft's
 * documentation gives for its samples; manifest providers by name, any
 * case; the NT Kernel Logger's classes; GUIDs with and without braces;
 * NAME:LEVEL:KEYWORDS specs; an unknown name says what to do.
 */
#include <string.h>

#include <windows.h>
#include <tdh.h>

#include "common/names.h"
#include "common/guid.h"
#include "shared/etw_utf.h"
#include "../kselftest_harness.h"

#ifndef UNIT_DIR
#define UNIT_DIR "."
#endif

static const char *text(const GUID *g)
{
	static char buf[ETW_GUID_STR_LEN];

	return etw_guid_str(g, buf);
}

/*
 * TraceLoggingProvider.h's documentation: TRACELOGGING_DEFINE_PROVIDER
 * (g_hProvider, "MyProvider", (0xb3864c38, 0x4273, 0x58c5, ...)), "the
 * GUID ... generated from the provider name"; and its sample
 * "SimpleTraceLoggingProvider" {0205c616-cf97-5c11-9756-56a2cee02ca7}.
 */
TEST(name_hash)
{
	GUID g;

	provider_name_guid("MyProvider", &g);
	EXPECT_STREQ("b3864c38-4273-58c5-545b-8b3608343471", text(&g));
	provider_name_guid("SimpleTraceLoggingProvider", &g);
	EXPECT_STREQ("0205c616-cf97-5c11-9756-56a2cee02ca7", text(&g));
	/* The name is upper-cased first: any case gives the same GUID. */
	provider_name_guid("myprovider", &g);
	EXPECT_STREQ("b3864c38-4273-58c5-545b-8b3608343471", text(&g));
}

TEST(lookup)
{
	WCHAR path[512];
	enum provider_source src;
	char err[512];
	GUID g;

	ASSERT_EQ(0, provider_lookup("{6C3B2A90-5D4E-4F11-8A2B-0C1D2E3F4A5B}", &g, &src,
				     err, sizeof(err)));
	EXPECT_EQ(PROV_BY_GUID, src);
	EXPECT_STREQ("6c3b2a90-5d4e-4f11-8a2b-0c1d2e3f4a5b", text(&g));
	ASSERT_EQ(0, provider_lookup("*MyProvider", &g, &src, err, sizeof(err)));
	EXPECT_EQ(PROV_BY_HASH, src);
	EXPECT_STREQ("b3864c38-4273-58c5-545b-8b3608343471", text(&g));
	ASSERT_EQ(0, provider_lookup("image", &g, &src, err, sizeof(err)));
	EXPECT_EQ(PROV_BY_KERNEL, src);
	EXPECT_STREQ("2cb15d1d-5fc1-11d2-abe1-00a0c911f518", text(&g));
	EXPECT_STREQ("Image", provider_name(&g));

	/* A manifest's provider, once TDH knows the manifest. */
	EXPECT_NE(0, provider_lookup("LinuxEtw-Selftest-AllTypes", &g, NULL, err, sizeof(err)));
	etw_utf8_to_utf16z(UNIT_DIR "/../data/alltypes.man", SIZE_MAX, path, sizeof(path));
	ASSERT_EQ(ERROR_SUCCESS, TdhLoadManifest(path));
	ASSERT_EQ(0, provider_lookup("linuxetw-selftest-alltypes", &g, &src, err, sizeof(err)));
	EXPECT_EQ(PROV_BY_MANIFEST, src);
	EXPECT_STREQ("6c3b2a90-5d4e-4f11-8a2b-0c1d2e3f4a5b", text(&g));
	EXPECT_STREQ("LinuxEtw-Selftest-AllTypes", provider_name(&g));

	/* Unknown: says where names come from and what else to give. */
	EXPECT_EQ(-1, provider_lookup("No-Such-Provider", &g, NULL, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "no provider is named 'No-Such-Provider'"));
	EXPECT_NE(NULL, strstr(err, "'*No-Such-Provider'"));
}

TEST(spec)
{
	ULONGLONG any = 7, all = 7;
	UCHAR level = 99;
	char err[512];
	GUID g;

	ASSERT_EQ(0, provider_spec("Image", &g, &level, &any, &all, err, sizeof(err)));
	EXPECT_EQ(99, level);		/* left as it was */
	EXPECT_EQ(7, any);
	EXPECT_EQ(0, all);
	ASSERT_EQ(0, provider_spec("Process:verbose:0x10", &g, &level, &any, &all, err,
				   sizeof(err)));
	EXPECT_STREQ("3d6fa8d0-fe05-11d0-9dda-00c04fd7ba7c", text(&g));
	EXPECT_EQ(5, level);
	EXPECT_EQ(0x10, any);
	ASSERT_EQ(0, provider_spec("*MyProvider:2:ff:1", &g, &level, &any, &all, err,
				   sizeof(err)));
	EXPECT_EQ(2, level);
	EXPECT_EQ(0xff, any);
	EXPECT_EQ(1, all);
	EXPECT_EQ(-1, provider_spec("Image:loud", &g, &level, &any, &all, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "'loud' is no level"));
	EXPECT_EQ(-1, provider_spec("Image:4:xyz", &g, &level, &any, &all, err, sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "'xyz' is no keyword mask"));
	EXPECT_EQ(-1, provider_spec("Image:4:1:2:3", &g, &level, &any, &all, err, sizeof(err)));
}

TEST_HARNESS_MAIN
