// SPDX-License-Identifier: GPL-2.0-only
/*
 * EventEnabled and EventProviderEnabled reached through dlsym(), as a
 * foreign-function caller reaches them (issue 33, point 5): libetw.so
 * exports out-of-line twins of the SDK's inline checks, and they answer
 * what the inline ones answer (seed 000, rule 15) for every handle,
 * level and keyword tried, on one enable map both read.  And libetw.so
 * can be dlopen()ed at all: its thread-local storage, initial-exec for
 * the write path, once held 25 KB of control-call names, more than the
 * static TLS block keeps for modules loaded later ("cannot allocate
 * memory in static TLS block", Python ctypes too).
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <evntprov.h>

#include "../kselftest_harness.h"

/* The inline checks' map in this program (libetw's own is set apart). */
const ETW_ENABLE_SLOT *__etw_enable_map;

typedef BOOLEAN (*enabled_fn)(REGHANDLE, PCEVENT_DESCRIPTOR);
typedef BOOLEAN (*provider_fn)(REGHANDLE, UCHAR, ULONGLONG);

static ETW_ENABLE_SLOT map[ETW_ENABLE_MAP_SLOTS];

TEST(dlsym_twins_agree_with_inline)
{
	static const ULONGLONG kws[] = { 0, 1, 2, 3, 0x8000000000000000ULL, ~0ULL };
	const ETW_ENABLE_SLOT **so_map;
	enabled_fn en;
	provider_fn pe;
	void *h;
	int n = 0, yes = 0;
	REGHANDLE r;

	h = dlopen("../../build/libetw/libetw.so.1", RTLD_NOW | RTLD_LOCAL);
	ASSERT_NE(NULL, h) TH_LOG("%s", dlerror());
	en = (enabled_fn)dlsym(h, "EventEnabled");
	pe = (provider_fn)dlsym(h, "EventProviderEnabled");
	so_map = dlsym(h, "__etw_enable_map");
	ASSERT_NE(NULL, en);
	ASSERT_NE(NULL, pe);
	ASSERT_NE(NULL, so_map);

	/* Slot 0 off; 1 level 4, Any 0x3, All 0x2; 2 keyword 0 passes. */
	map[1] = (ETW_ENABLE_SLOT){ .Enabled = 1, .Level = 4,
				    .MatchAnyKeyword = 3, .MatchAllKeyword = 2 };
	map[2] = (ETW_ENABLE_SLOT){ .Enabled = 1, .Level = 255,
				    .Flags = ETW_ENABLE_SLOT_KEYWORD0,
				    .MatchAnyKeyword = ~0ULL };
	*so_map = map;
	__etw_enable_map = map;
	for (r = 0; r <= 4; r++) {
		UCHAR lvl;
		unsigned int k;

		for (lvl = 0; lvl <= 6; lvl++) {
			for (k = 0; k < sizeof(kws) / sizeof(kws[0]); k++) {
				EVENT_DESCRIPTOR d;

				EventDescCreate(&d, 1, 0, 0, lvl, 0, 0, kws[k]);
				ASSERT_EQ(EventEnabled(r, &d), en(r, &d));
				ASSERT_EQ(EventProviderEnabled(r, lvl, kws[k]),
					  pe(r, lvl, kws[k]));
				yes += en(r, &d);
				n++;
			}
		}
	}
	/* Handle 0 and a NULL descriptor are FALSE (reference 1.4). */
	EXPECT_FALSE(en(0, NULL));
	EXPECT_FALSE(pe(0, 1, 1));
	TH_LOG("%d checks agree, %d of them TRUE", n, yes);
	EXPECT_GT(yes, 0);
	EXPECT_LT(yes, n);
	*so_map = NULL;
	dlclose(h);
}

TEST_HARNESS_MAIN
