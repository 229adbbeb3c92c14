// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-journald reads a manifest's channels with libetw's reader, so each
 * channel has the value mc.exe gives it (selftests/data/mc/channels.iface,
 * checked against mc.exe) and the type Windows' Event Log decides by.
 * Its own reader numbered Contoso-Channels' unvalued channels 16, 17, ...
 * without skipping the value another channel gave itself: its Admin
 * channel (17) was taken for the Debug one, and the Admin events were
 * not forwarded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etw-journald.h"

#include "../kselftest_harness.h"

struct jd jd;
static struct jd_provider prov[8];
static int nprov;

/* etw-journald's provider table (config.c), kept here. */
struct jd_provider *provider_get(const GUID *g)
{
	int i;

	for (i = 0; i < nprov; i++)
		if (IsEqualGUID(&prov[i].guid, g))
			return &prov[i];
	if (nprov == 8)
		return NULL;
	memset(&prov[nprov], 0, sizeof(prov[nprov]));
	prov[nprov].guid = *g;
	return &prov[nprov++];
}

TEST(channels_as_mc_numbers_them)
{
	static const GUID contoso = { 0x5a8d3c1e, 0x0b6f, 0x4e2a,
		{ 0x9c, 0x71, 0x3d, 0x4e, 0x5f, 0x60, 0x71, 0x81 } };
	static const struct { int value; enum chan_type type; const char *name; } want[] = {
		{ 8, CH_ADMIN, "System" },			/* imported: winmeta's */
		{ 16, CH_OPERATIONAL, "Contoso-Channels/Operational" },	/* value= */
		{ 17, CH_ADMIN, "Contoso-Channels/Admin" },	/* 16 is taken */
		{ 18, CH_DEBUG, "Contoso-Channels/Debug" },
		{ 19, CH_ADMIN, "Other-Provider/Operational" },	/* imported, no type */
	};
	struct jd_provider *p = NULL;
	int i, c, n = 0;

	setenv("ETW_MANIFEST_PATH", ETL_UNIT_DIR "/../data/mc", 1);
	manifests_read();
	for (i = 0; i < nprov; i++)
		if (IsEqualGUID(&prov[i].guid, &contoso))
			p = &prov[i];
	ASSERT_NE(NULL, p);
	EXPECT_STREQ("Contoso-Channels", p->name);
	EXPECT_TRUE(p->manifest);
	for (i = 0; i < 5; i++) {
		c = want[i].value;
		EXPECT_EQ(want[i].type, p->chan[c]) TH_LOG("channel %d", c);
		ASSERT_NE(NULL, p->chan_name[c]);
		EXPECT_STREQ(want[i].name, p->chan_name[c]);
	}
	for (c = 0; c < 256; c++)
		n += p->chan[c] != CH_NONE;
	EXPECT_EQ(5, n);
}

TEST_HARNESS_MAIN
