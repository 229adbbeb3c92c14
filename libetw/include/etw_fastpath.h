/* SPDX-License-Identifier: MIT */
/*
 * etw_fastpath.h - EventEnabled and EventProviderEnabled, the checks a
 * provider makes before preparing an event's data.
 *
 * Included by evntprov.h where the SDK declares these two functions; it
 * can also be included on its own.  They are inline: etw.ko publishes
 * each registration's aggregated enable state (Level = max, MatchAny =
 * OR, MatchAll = AND over the enabling sessions; seed 000) in a
 * read-only page mapped into the provider process, so the check is a
 * few loads and never a syscall.
 */
#ifndef _LIBETW_ETW_FASTPATH_H
#define _LIBETW_ETW_FASTPATH_H

#include "evntprov.h"	/* REGHANDLE, PCEVENT_DESCRIPTOR */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * One registration's published state: the layout of struct
 * etw_enable_slot in the kernel ABI (uapi/linux/etw.h), which libetw pins
 * against this mirror.  Seq is a sequence count: odd while the kernel
 * updates the slot.
 */
typedef struct _ETW_ENABLE_SLOT {
	UINT32 Seq;
	UINT8 Enabled;
	UINT8 Level;
	UINT8 Flags;
	UINT8 Reserved;
	UINT64 MatchAnyKeyword;
	UINT64 MatchAllKeyword;
	UINT64 Logger;
} ETW_ENABLE_SLOT;

#define ETW_ENABLE_SLOT_KEYWORD0	0x01	/* Keyword-0 events pass */
#define ETW_ENABLE_MAP_SLOTS		2048

/* The enable map of this process (libetw; set before any handle exists). */
extern const ETW_ENABLE_SLOT *__etw_enable_map;

/*
 * One consistent read of slot @s: the reader's side of the seqcount of
 * struct etw_enable_slot (uapi linux/etw.h).  The only user-space copy:
 * EventEnabled below and libetw's fast path both read the slot with it.
 */
static inline void __etw_slot_read(const volatile ETW_ENABLE_SLOT *s,
				   UINT8 *Level, UINT8 *Flags, UINT64 *Any,
				   UINT64 *All)
{
	UINT32 seq;

	for (;;) {
		seq = __atomic_load_n(&s->Seq, __ATOMIC_ACQUIRE);
		*Level = s->Level;
		*Flags = s->Flags;
		*Any = s->MatchAnyKeyword;
		*All = s->MatchAllKeyword;
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (!(seq & 1) && __atomic_load_n(&s->Seq, __ATOMIC_RELAXED) == seq)
			return;
	}
}

/*
 * Seed 000, rule 15, on the aggregate:
 *   Enabled && Level <= Level' && (Keyword == 0 ||
 *     ((Keyword & Any) != 0 && (Keyword & All) == All))
 * with keyword-0 events failing when every session set
 * EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0.  FALSE for handle 0.
 */
static inline BOOLEAN __etw_provider_enabled(REGHANDLE RegHandle, UCHAR Level,
					     ULONGLONG Keyword)
{
	const ETW_ENABLE_SLOT *map = __etw_enable_map;
	const volatile ETW_ENABLE_SLOT *s;
	UINT32 slot = (UINT32)RegHandle - 1;
	UINT64 any, all, kw = (UINT64)Keyword;
	UINT8 lvl, flags;

	if (RegHandle == 0 || slot >= ETW_ENABLE_MAP_SLOTS || !map)
		return FALSE;
	s = map + slot;
	/* A disabled provider costs one byte load. */
	if (!s->Enabled)
		return FALSE;
	__etw_slot_read(s, &lvl, &flags, &any, &all);
	if (Level > lvl)
		return FALSE;
	if (kw == 0)
		return (flags & ETW_ENABLE_SLOT_KEYWORD0) ? TRUE : FALSE;
	return ((kw & any) != 0 && (kw & all) == all) ? TRUE : FALSE;
}

/*
 * TRUE if some session may want an event with this descriptor's Level and
 * Keyword; FALSE for RegHandle 0.  May be conservatively TRUE.
 */
static inline BOOLEAN EventEnabled(REGHANDLE RegHandle,
				   PCEVENT_DESCRIPTOR EventDescriptor)
{
	if (!EventDescriptor)
		return FALSE;
	return __etw_provider_enabled(RegHandle, EventDescriptor->Level,
				      EventDescriptor->Keyword);
}

/* The same test for an explicit Level and Keyword. */
static inline BOOLEAN EventProviderEnabled(REGHANDLE RegHandle, UCHAR Level,
					   ULONGLONG Keyword)
{
	return __etw_provider_enabled(RegHandle, Level, Keyword);
}

#ifdef __cplusplus
}
#endif

#endif /* _LIBETW_ETW_FASTPATH_H */
