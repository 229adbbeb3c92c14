/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Win32 status codes by name ("ERROR_ALREADY_EXISTS"), for messages.
 */
#ifndef _TOOLS_COMMON_WIN32_H
#define _TOOLS_COMMON_WIN32_H

#include <windows.h>

/* The name of @code, or "ERROR_UNKNOWN". */
const char *win32_name(ULONG code);

#endif /* _TOOLS_COMMON_WIN32_H */
