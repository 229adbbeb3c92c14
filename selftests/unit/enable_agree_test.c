// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two implementations of seed 000, rule 15 agree: EventEnabled's inline
 * test on the enable map (libetw/include/etw_fastpath.h, what a provider
 * asks before it builds an event) and etw_level_kw_pass() (kmod/shared,
 * what the module's writers and EtwEventEnabled decide by), on slots
 * filled as etw_slot_publish() fills them from an aggregate, for
 * levels, keywords and aggregates drawn from the values that matter
 * (0, 1, the top bit, all bits, and random ones).
 */
#include <stdlib.h>
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

#include "shared/etw_logic.h"

#include "../kselftest_harness.h"

const ETW_ENABLE_SLOT *__etw_enable_map;
static ETW_ENABLE_SLOT map[2];

static uint64_t rnd(void)
{
	return (uint64_t)random() << 42 ^ (uint64_t)random() << 21 ^ random();
}

/* A keyword or mask: 0, 1, bit 63, all bits, some bits. */
static uint64_t pick(int k)
{
	static const uint64_t fixed[] = { 0, 1, 1ULL << 63, ~0ULL, 0x6, 0x3 };

	return k < 6 ? fixed[k] : rnd() & (k & 1 ? rnd() : ~0ULL);
}

/* What etw_slot_publish() writes for @kw (enabled). */
static void publish(ETW_ENABLE_SLOT *s, const struct etw_level_kw *kw)
{
	s->Seq += 2;
	s->Enabled = 1;
	s->Level = kw->level;
	s->Flags = kw->keyword0 ? ETW_ENABLE_SLOT_KEYWORD0 : 0;
	s->MatchAnyKeyword = kw->any;
	s->MatchAllKeyword = kw->all;
}

TEST(eventenabled_agrees_with_the_module)
{
	static const UCHAR levels[] = { 0, 1, 2, 3, 4, 5, 6, 254, 255 };
	long checked = 0, i, j, k;

	srandom(33);
	__etw_enable_map = map;
	for (i = 0; i < 4000; i++) {
		struct etw_level_kw kw;
		u32 props = i & 1 ? EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0 : 0;

		etw_level_kw_set(&kw, levels[i % 9], pick(i % 11), pick(i / 11 % 9),
				 props, false);
		publish(&map[1], &kw);
		for (j = 0; j < 9; j++) {
			for (k = 0; k < 12; k++) {
				uint64_t ev = pick(k);
				EVENT_DESCRIPTOR d;

				EventDescCreate(&d, 1, 0, 0, levels[j], 0, 0, ev);
				ASSERT_EQ(etw_level_kw_pass(&kw, levels[j], ev),
					  !!EventEnabled(2, &d))
					TH_LOG("level %u kw %#llx; session level %u any %#llx all %#llx kw0 %d",
					       levels[j], (unsigned long long)ev, kw.level,
					       (unsigned long long)kw.any,
					       (unsigned long long)kw.all, kw.keyword0);
				ASSERT_EQ(etw_level_kw_pass(&kw, levels[j], ev),
					  !!EventProviderEnabled(2, levels[j], ev));
				checked++;
			}
		}
	}
	TH_LOG("%ld cases agree", checked);
	/* A disabled slot and handle 0 are disabled, whatever the rest says. */
	map[1].Enabled = 0;
	EXPECT_FALSE(EventProviderEnabled(2, 0, 0));
	EXPECT_FALSE(EventProviderEnabled(0, 0, 0));
}

TEST_HARNESS_MAIN
