// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-sample-wpp: a user-mode program traced with WPP as Windows code is
 * (DoTraceMessage, custom functions from trace.h's config block, the
 * printf conversions and %!FUNC!, %!STATUS!, %!HRESULT!, %!WINERROR!,
 * %!GUID!, %wZ, a CUSTOM_TYPE, a USESUFFIX), built unchanged against
 * libetw: etwwpp writes main.tmh and the TMF.
 *
 *   etw-sample-wpp [COUNT]    write COUNT rounds of messages (default 1)
 */
#include <windows.h>
#include <evntrace.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace.h"
#include "main.tmh"

static ULONG DoWork(int round, const char *what, LPCWSTR wide)
{
    ULONG status = 0xC000000D; /* STATUS_INVALID_PARAMETER */

    TraceEvents(TRACE_LEVEL_INFORMATION, TRACE_WORK,
                "%!FUNC!: round %d of %s (%S), mask 0x%08x", round, what, wide, 0xBEEFu);
    TraceEvents(TRACE_LEVEL_VERBOSE, TRACE_WORK, "verbose detail %I64d at %p",
                (LONGLONG)round * 1000000000000LL, (void *)&status);
    if (round % 2)
        TraceError("%!FUNC! failed: %!STATUS!, %!HRESULT!, %!WINERROR!",
                   (LONG)status, (LONG)0x80070005, (ULONG)2);
    return status;
}

/* The other types defaultwpp.ini gives a name, a CUSTOM_TYPE, USESUFFIX. */
static void Types(void)
{
    static const GUID id = { 0x8c9a5e31, 0x2f4b, 0x4d6e, { 0x9a, 0x1c, 0x3b, 0x5d, 0x7e, 0x9f, 0xa1, 0xc3 } };
    UNICODE_STRING name = { 8, 8, (PWSTR)L"uni!" };

    TraceDone("%hd %hu %Iu %wZ %!GUID! %!bool! %!IPADDR! %!PORT! %!XINT! %!state!",
              (SHORT)-7, (USHORT)65535, (ULONG_PTR)123456789012ULL, &name, &id, 1,
              0x1401a8c0u, (USHORT)0x901f, 0x2a, 2);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1, i;

    WPP_INIT_TRACING(L"EtwSampleWpp");
    DoTraceMessage(TRACE_INIT, "starting %d rounds, char %c, %u%% done", rounds, 'x', 0u);
    for (i = 0; i < rounds; i++)
        DoWork(i, "widgets", L"wide");
    Types();
    DoTraceMessage(TRACE_INIT, "done");
    WPP_CLEANUP();
    printf("wrote %d rounds\n", rounds);
    return 0;
}
