// SPDX-License-Identifier: GPL-2.0-only
/*
 * The provider of demo.man, written by hand as etwmc would generate it:
 * events 1 (Admin channel, 16), 2 (Operational, 17), 3 (Debug, 18),
 * 4 (Application, 9) and 5 (no channel), each with Count and Volume.
 * Then a TraceLogging provider (no manifest: its events describe
 * themselves) writes "DiskAlert" on the Application channel (9) and
 * "DiskTrace" on channel 11 (TraceLogging's own, not an Event Log
 * channel).
 *
 * With HOLD, it stays alive HOLD seconds after writing, so that
 * etw-journald finds it in /proc when it forwards the events (issue 19).
 *
 *   journald-provider [COUNT [HOLD]]
 */
#include <stdlib.h>
#include <unistd.h>
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <TraceLoggingProvider.h>
#include <winmeta.h>

static const GUID Demo = { 0x7d3c5b1a, 0x2e4f, 0x4a6b,
	{ 0x8c, 0x9d, 0x0e, 0x1f, 0x2a, 0x3b, 0x4c, 0x5d } };
/* {7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5e} */
TRACELOGGING_DEFINE_PROVIDER(g_tl, "Linux-ETW-JournalDemo-TL",
	(0x7d3c5b1a, 0x2e4f, 0x4a6b, 0x8c, 0x9d, 0x0e, 0x1f, 0x2a, 0x3b, 0x4c, 0x5e));

static void put(REGHANDLE h, USHORT id, UCHAR channel, UCHAR level, ULONG count,
		const WCHAR *volume, ULONG bytes)
{
	EVENT_DESCRIPTOR d;
	EVENT_DATA_DESCRIPTOR data[2];

	EventDescCreate(&d, id, 0, channel, level, 0, 0, 0);
	EventDataDescCreate(&data[0], &count, sizeof(count));
	EventDataDescCreate(&data[1], volume, bytes);
	EventWrite(h, &d, 2, data);
}

int main(int argc, char **argv)
{
	static const WCHAR vol[] = u"/srv/data";
	ULONG n = argc > 1 ? strtoul(argv[1], NULL, 0) : 42;
	REGHANDLE h;

	if (EventRegister(&Demo, NULL, NULL, &h) || TraceLoggingRegister(g_tl))
		return 1;
	put(h, 1, 16, TRACE_LEVEL_ERROR, n, vol, sizeof(vol));
	put(h, 2, 17, TRACE_LEVEL_INFORMATION, n, vol, sizeof(vol));
	put(h, 3, 18, TRACE_LEVEL_VERBOSE, n, vol, sizeof(vol));
	put(h, 4, 9, TRACE_LEVEL_WARNING, n, vol, sizeof(vol));
	put(h, 5, 0, TRACE_LEVEL_INFORMATION, n, vol, sizeof(vol));
	TraceLoggingWrite(g_tl, "DiskAlert",
		TraceLoggingChannel(WINEVENT_CHANNEL_GLOBAL_APPLICATION),
		TraceLoggingLevel(WINEVENT_LEVEL_WARNING),
		TraceLoggingUInt32(n, "Count"),
		TraceLoggingString("/srv/data", "Volume"));
	TraceLoggingWrite(g_tl, "DiskTrace",
		TraceLoggingLevel(WINEVENT_LEVEL_INFO),
		TraceLoggingUInt32(n, "Count"));
	TraceLoggingUnregister(g_tl);
	EventUnregister(h);
	if (argc > 2)
		sleep(strtoul(argv[2], NULL, 0));
	return 0;
}
