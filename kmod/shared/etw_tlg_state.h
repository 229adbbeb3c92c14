/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * A TraceLogging provider's enable state (struct _TlgProvider_t of
 * <TraceLoggingProvider.h>), kept by its registration's enable callback:
 * one implementation for libetw (libetw/src/tlg.c) and for etw.ko's
 * kernel-mode TraceLogging (kmod/etw_ktlg.c).  Include after
 * <TraceLoggingProvider.h>.
 */
#ifndef _ETW_SHARED_TLG_STATE_H
#define _ETW_SHARED_TLG_STATE_H

#include "etw_compat.h"

#ifdef __KERNEL__
#include <asm/barrier.h>
/* The release orders the keywords before the level (below). */
#define etw_tlg_store_release(p, v)	smp_store_release(p, v)
#define etw_tlg_store(x, v)		WRITE_ONCE(x, v)
#else
#define etw_tlg_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)
#define etw_tlg_store(x, v)		__atomic_store_n(&(x), v, __ATOMIC_RELAXED)
#endif

/*
 * Record what the sessions want (seed 000, rule 23).  Level 0 from the
 * controller means every level (LevelPlus1 256); a capture-state
 * request changes nothing.  Keywords first, the level released after
 * them: a writer that sees the level sees them too.
 */
static inline void etw_tlg_set_state(struct _TlgProvider_t *p, ULONG code,
				     UCHAR level, ULONGLONG any, ULONGLONG all)
{
	switch (code) {
	case EVENT_CONTROL_CODE_DISABLE_PROVIDER:
		etw_tlg_store(p->LevelPlus1, 0);
		break;
	case EVENT_CONTROL_CODE_ENABLE_PROVIDER:
		etw_tlg_store(p->KeywordAny, any);
		etw_tlg_store(p->KeywordAll, all);
		etw_tlg_store_release(&p->LevelPlus1,
				      level ? (UINT32)level + 1 : 256);
		break;
	default:
		break;
	}
}

#endif /* _ETW_SHARED_TLG_STATE_H */
