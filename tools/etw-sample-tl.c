// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-sample-tl: a TraceLogging provider, written as it would be on
 * Windows (TraceLoggingProvider.h): no manifest, no descriptors -- each
 * event carries its own field names and types, and any TDH consumer
 * decodes it.  It plays the same request handler as etw-sample: a start
 * and a stop per request, tied by an activity ID, with a struct, an
 * array, a GUID, a time, an IPv4 address and an HRESULT among the fields.
 *
 *   etw-sample-tl [--count N] [--linger SECONDS]
 *
 * --linger: stay registered that long after the requests (so that the
 * provider can be seen, and enabled by its name, while it runs).
 *
 * Everything between the "provider" markers is the Windows code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ----- provider --------------------------------------------------------- */
#include <windows.h>
#include <evntprov.h>
#include <TraceLoggingProvider.h>
#include <winmeta.h>

/* {7b3d5f9c-4e6a-4b82-8c1d-f2e3a4b5c6d7}  "Linux-ETW-Sample-TL" */
TRACELOGGING_DEFINE_PROVIDER(g_hProvider, "Linux-ETW-Sample-TL",
	(0x7b3d5f9c, 0x4e6a, 0x4b82, 0x8c, 0x1d, 0xf2, 0xe3, 0xa4, 0xb5, 0xc6, 0xd7));

#define KEYWORD_REQUEST	0x1

static void HandleRequest(ULONG RequestId, const GUID *Session, FILETIME Now)
{
	static const UINT16 Ports[] = { 80, 443 };
	GUID activity;

	EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &activity);
	TraceLoggingWriteActivity(g_hProvider, "RequestStart", &activity, NULL,
		TraceLoggingLevel(WINEVENT_LEVEL_INFO),
		TraceLoggingKeyword(KEYWORD_REQUEST),
		TraceLoggingOpcode(WINEVENT_OPCODE_START),
		TraceLoggingUInt32(RequestId, "RequestId"),
		TraceLoggingWideString(u"/api/v1/orders?id=42", "Url"),
		TraceLoggingGuid(*Session, "Session"),
		TraceLoggingFileTime(Now, "Received"),
		TraceLoggingIPv4Address(0x0100007f, "Client"),	/* 127.0.0.1 */
		TraceLoggingUInt16Array(Ports, 2, "Ports"),
		TraceLoggingStruct(2, "Limits"),
			TraceLoggingUInt32(30, "TimeoutSeconds"),
			TraceLoggingBool(TRUE, "KeepAlive"));
	TraceLoggingWriteActivity(g_hProvider, "RequestStop", &activity, NULL,
		TraceLoggingLevel(WINEVENT_LEVEL_INFO),
		TraceLoggingKeyword(KEYWORD_REQUEST),
		TraceLoggingOpcode(WINEVENT_OPCODE_STOP),
		TraceLoggingUInt32(RequestId, "RequestId"),
		TraceLoggingHResult(RequestId % 2 ? E_ACCESSDENIED : S_OK, "Result"),
		TraceLoggingFloat64(1.25 * RequestId, "Milliseconds"),
		TraceLoggingString("orders", "Handler"));
}
/* ----- end of provider ------------------------------------------------- */

int main(int argc, char **argv)
{
	static const GUID session = { 0x0cd1c309, 0x0878, 0x4515,
				      { 0x83, 0xdb, 0x74, 0x98, 0x43, 0xb3, 0xf5, 0xc9 } };
	unsigned long long ft = (unsigned long long)time(NULL) * 10000000ULL +
				116444736000000000ULL;
	FILETIME now = { (DWORD)ft, (DWORD)(ft >> 32) };
	int count = 3, linger = 0, i;
	HRESULT hr;

	if (argc == 2 && !strcmp(argv[1], "--version")) {
		printf("etw-sample-tl (Linux ETW) %s\n", ETW_VERSION);
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--help")) {
		printf("usage: etw-sample-tl [--count N] [--linger SECONDS]\n");
		return 0;
	}
	for (i = 1; i + 1 < argc && argv[i][0] == '-'; i += 2) {
		if (!strcmp(argv[i], "--count"))
			count = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--linger"))
			linger = atoi(argv[i + 1]);
		else
			break;
	}
	if (i != argc || count < 0 || linger < 0) {
		fprintf(stderr, "usage: etw-sample-tl [--count N] [--linger SECONDS]\n");
		return 2;
	}
	hr = TraceLoggingRegister(g_hProvider);
	if (FAILED(hr)) {
		fprintf(stderr, "etw-sample-tl: TraceLoggingRegister: 0x%08x (is etw.ko loaded?)\n",
			(unsigned)hr);
		return 1;
	}
	for (i = 1; i <= count; i++)
		HandleRequest((ULONG)i, &session, now);
	if (linger)
		sleep((unsigned)linger);
	TraceLoggingUnregister(g_hProvider);
	printf("etw-sample-tl: %d requests, %d TraceLogging events\n", count, 2 * count);
	return 0;
}
