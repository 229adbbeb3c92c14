// SPDX-License-Identifier: GPL-2.0-only
/*
 * A program that claims to be sshd (issue 19): a TraceLogging provider
 * named "sshd" writes a critical event, "Accepted password for root", on
 * the Event Log's System channel (8), then stays alive HOLD seconds, so
 * that etw-journald finds it in /proc when it forwards the event (0: it
 * exits at once).  journald_test.sh runs it as root and as nobody.
 *
 *   journald-impostor HOLD
 */
#include <stdlib.h>
#include <unistd.h>
#include <windows.h>
#include <evntprov.h>
#include <TraceLoggingProvider.h>
#include <winmeta.h>

/* {7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5f} */
TRACELOGGING_DEFINE_PROVIDER(g_sshd, "sshd",
	(0x7d3c5b1a, 0x2e4f, 0x4a6b, 0x8c, 0x9d, 0x0e, 0x1f, 0x2a, 0x3b, 0x4c, 0x5f));

int main(int argc, char **argv)
{
	unsigned int hold = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;

	if (TraceLoggingRegister(g_sshd))
		return 1;
	TraceLoggingWrite(g_sshd, "Accepted",
		TraceLoggingChannel(WINEVENT_CHANNEL_GLOBAL_SYSTEM),
		TraceLoggingLevel(WINEVENT_LEVEL_CRITICAL),
		TraceLoggingString("Accepted password for root from 192.0.2.1",
				   "Message"));
	TraceLoggingUnregister(g_sshd);
	sleep(hold);
	return 0;
}
