// SPDX-License-Identifier: GPL-2.0-only
/*
 * The header etwmc generated for alltypes.man, in C++ (mc.exe's headers
 * are included from C and C++ alike), linked with manifest_test.c.
 */
#include <windows.h>
#include <evntprov.h>

#include "gen/alltypes.h"
#include "manifest_test.h"

ULONG cxx_write_maps(UINT32 color, UINT32 flags, UINT32 other)
{
	return EventWriteEvMaps(color, flags, other);
}

const void *cxx_context(void)
{
	return &ALLTYPES_PROVIDER_Context;
}

int cxx_enabled_ints(void)
{
	return EventEnabledEvInts() ? 1 : 0;
}
