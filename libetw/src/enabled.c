// SPDX-License-Identifier: MIT
/*
 * EventEnabled and EventProviderEnabled out of line: the SDK's headers
 * make them inline (etw_fastpath.h), which a program reaching libetw
 * through dlsym() or a foreign-function interface cannot call.  These
 * twins, exported under the Windows names, run the same inline test, so
 * the two can never disagree (liburing exports its inline helpers the
 * same way).
 */
#define EventEnabled		etw_inline_event_enabled
#define EventProviderEnabled	etw_inline_provider_enabled
#include <windows.h>
#include <evntprov.h>
#undef EventEnabled
#undef EventProviderEnabled

#include "internal.h"

ETW_EXPORT BOOLEAN EVNTAPI EventEnabled(REGHANDLE RegHandle,
					PCEVENT_DESCRIPTOR EventDescriptor);
ETW_EXPORT BOOLEAN EVNTAPI EventProviderEnabled(REGHANDLE RegHandle,
						UCHAR Level,
						ULONGLONG Keyword);

ETW_EXPORT BOOLEAN EVNTAPI EventEnabled(REGHANDLE RegHandle,
					PCEVENT_DESCRIPTOR EventDescriptor)
{
	return etw_inline_event_enabled(RegHandle, EventDescriptor);
}

ETW_EXPORT BOOLEAN EVNTAPI EventProviderEnabled(REGHANDLE RegHandle,
						UCHAR Level, ULONGLONG Keyword)
{
	return etw_inline_provider_enabled(RegHandle, Level, Keyword);
}
