// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-sample-wpp: a user-mode program traced with WPP as Windows code is
 * (DoTraceMessage, custom functions from trace.h's config block, the
 * printf conversions and %!FUNC!, %!STATUS!, %!HRESULT!, %!WINERROR!),
 * built unchanged against libetw: etwwpp writes main.tmh and the TMF.
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

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 1, i;

    WPP_INIT_TRACING(L"EtwSampleWpp");
    DoTraceMessage(TRACE_INIT, "starting %d rounds, char %c, %u%% done", rounds, 'x', 0u);
    for (i = 0; i < rounds; i++)
        DoWork(i, "widgets", L"wide");
    DoTraceMessage(TRACE_INIT, "done");
    WPP_CLEANUP();
    printf("wrote %d rounds\n", rounds);
    return 0;
}
