/* SPDX-License-Identifier: MIT */
/*
 * windows.h - the small part of <windows.h> that ETW code needs on Linux:
 * the SDK's version macros (sdkddkver.h: WINVER, _WIN32_WINNT and
 * NTDDI_VERSION default to the newest Windows), base types, Win32 error
 * codes, GUIDs and (empty) SAL annotations.  Windows programs include it
 * first; it is not a Win32 emulation.
 */
#ifndef _LIBETW_WINDOWS_H
#define _LIBETW_WINDOWS_H

#include "sdkddkver.h"
#include "etw_wintypes.h"
#include "sal.h"
#include "winerror.h"
#include "guiddef.h"

#endif /* _LIBETW_WINDOWS_H */
