// SPDX-License-Identifier: GPL-2.0-only
/*
 * export_writer: the events export_test.sh follows into ClickHouse, as
 * an application would write them (TraceLogging, LinuxEtw.Test.Export,
 * {5be02b4e-6f1a-4f0c-9d1e-7a3b2c4d5e6f}):
 *   N "Tick" events (a number and a string of 500 bytes: 2,000 of them
 *     fill more than one 1 MB file);
 *   hostile ones: a name with a quote, a newline, a control character and
 *     bytes that are not UTF-8; ANSI, UTF-8 and UTF-16 strings with
 *     quotes, backslashes, newlines, tabs, control characters and invalid
 *     bytes; an event whose name is 20,000 characters long;
 *   start/stop pairs (opcodes 1 and 2) under their own activity IDs,
 *     30 and 80 ms apart.
 *
 *   export_writer N [RATE]   prints "written TOTAL" when done; RATE: the
 *                            Tick events at RATE per second (etw-export's
 *                            memory soak, tools/etw-export/bench.py)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <windows.h>
#include <evntprov.h>
#include <winmeta.h>
#include <TraceLoggingProvider.h>

TRACELOGGING_DEFINE_PROVIDER(g_export, "LinuxEtw.Test.Export",
	(0x5be02b4e, 0x6f1a, 0x4f0c, 0x9d, 0x1e, 0x7a, 0x3b, 0x2c, 0x4d, 0x5e, 0x6f));

/* 50,000 characters: 5 * 10^4 */
#define X10(s) s s s s s s s s s s
#define HUGE_NAME X10(X10(X10(X10("Huge."))))

static void nap_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&t, NULL);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i, total = 0;
	long rate = argc > 2 ? atol(argv[2]) : 0;
	struct timespec t0, now;
	static const char ansi[] = "q\"uote b\\ack\nnew\ttab \x01\x7f bad:\xff\xfe\xc3 end";
	static const char utf8[] = "gr\xc3\xbc\xc3\x9f \"x\" \xe2\x82\xac \xf0\x9f\x98\x80 cut:\xe2\x82";
	static const WCHAR wide[] = u"w\"ide\\ \u00fc\n\u20ac lone:\xd800 end";
	char pad[501];
	GUID act;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(pad, 'p', 500);
	pad[500] = 0;

	if (TraceLoggingRegister(g_export)) {
		fprintf(stderr, "export_writer: TraceLoggingRegister failed\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		TraceLoggingWrite(g_export, "Tick", TraceLoggingLevel(WINEVENT_LEVEL_INFO),
				  TraceLoggingInt64(i, "N"),
				  TraceLoggingString(pad, "Text"));
		total++;
		if (rate > 0 && i % 100 == 99) {
			double ahead;

			clock_gettime(CLOCK_MONOTONIC, &now);
			ahead = (double)(i + 1) / rate - (double)(now.tv_sec - t0.tv_sec) -
				(now.tv_nsec - t0.tv_nsec) / 1e9;
			if (ahead > 0.001)
				nap_ms((long)(ahead * 1000));
		} else if (!rate && i % 200 == 199) {
			nap_ms(5);	/* a pace the session keeps up with */
		}
	}
	TraceLoggingWrite(g_export, "Hostile\"Name\n\x01\xff\xfe",
			  TraceLoggingLevel(WINEVENT_LEVEL_WARNING),
			  TraceLoggingString(ansi, "Ansi"),
			  TraceLoggingUtf8String(utf8, "Utf8"),
			  TraceLoggingWideString(wide, "Wide"),
			  TraceLoggingCountedString(ansi, (USHORT)(sizeof(ansi) - 1), "Counted"));
	total++;
	TraceLoggingWrite(g_export, HUGE_NAME, TraceLoggingLevel(WINEVENT_LEVEL_INFO),
			  TraceLoggingInt32(7, "Seven"));
	total++;
	for (i = 0; i < 2; i++) {
		EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &act);
		TraceLoggingWriteActivity(g_export, "Request", &act, NULL,
					  TraceLoggingOpcode(WINEVENT_OPCODE_START),
					  TraceLoggingInt32((INT32)i, "Request"));
		nap_ms(i ? 80 : 30);
		TraceLoggingWriteActivity(g_export, "Request", &act, NULL,
					  TraceLoggingOpcode(WINEVENT_OPCODE_STOP),
					  TraceLoggingInt32((INT32)i, "Request"));
		total += 2;
	}
	TraceLoggingUnregister(g_export);
	printf("written %ld\n", total);
	return 0;
}
