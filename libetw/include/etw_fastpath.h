/* SPDX-License-Identifier: MIT */
/*
 * etw_fastpath.h - EventEnabled and EventProviderEnabled, the checks a
 * provider makes before preparing an event's data.
 *
 * Included by evntprov.h where the SDK declares these two functions; it
 * can also be included on its own.  For now they are ordinary functions
 * of libetw.  The lead engineer will turn them into inline reads of the
 * enable state the kernel publishes in a read-only page mapped into the
 * provider process, so that the check costs a few loads and no syscall.
 */
#ifndef _LIBETW_ETW_FASTPATH_H
#define _LIBETW_ETW_FASTPATH_H

#include "evntprov.h"	/* REGHANDLE, PCEVENT_DESCRIPTOR */

#ifdef __cplusplus
extern "C" {
#endif

/*
 * TRUE if some session may want an event with this descriptor's Level and
 * Keyword; FALSE for RegHandle 0.  May be conservatively TRUE.
 */
BOOLEAN EVNTAPI EventEnabled(
	_In_ REGHANDLE RegHandle,
	_In_ PCEVENT_DESCRIPTOR EventDescriptor);

/* The same test for an explicit Level and Keyword. */
BOOLEAN EVNTAPI EventProviderEnabled(
	_In_ REGHANDLE RegHandle,
	_In_ UCHAR Level,
	_In_ ULONGLONG Keyword);

#ifdef __cplusplus
}
#endif

#endif /* _LIBETW_ETW_FASTPATH_H */
