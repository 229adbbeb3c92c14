/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between kernel versions and architectures, in one place.
 */
#ifndef _ETW_COMPAT_H
#define _ETW_COMPAT_H

#include <linux/ktime.h>
#include <linux/timex.h>
#ifdef CONFIG_X86
#include <asm/tsc.h>
#endif

/* The CPU cycle counter (clock type 3) and its rate in Hz. */
static inline u64 etw_cycles(void)
{
#ifdef CONFIG_X86
	return rdtsc();
#else
	return ktime_get_ns();
#endif
}

static inline u64 etw_cycles_per_sec(void)
{
#ifdef CONFIG_X86
	if (tsc_khz)
		return (u64)tsc_khz * 1000;
#endif
	return NSEC_PER_SEC;
}

#endif /* _ETW_COMPAT_H */
