// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench-cg eventheader: the event of cg_loop_tl (TraceLoggingWrite,
 * level 4, Int32 "Index", UInt32 "Seven", UInt64 "Triple") written by a
 * LinuxTracepoints program: EventHeader's TraceLoggingProvider.h and
 * Microsoft's libeventheader-tracepoint (selftests/data/linuxtracepoints,
 * unchanged), through this project's libtracepoint into the stage.
 * Built with Microsoft's headers, so apart from main.c (libetw's).
 */
#include <stdint.h>

#include <eventheader/TraceLoggingProvider.h>

#include "eventheader_cg.h"

TRACELOGGING_DEFINE_PROVIDER(g_cg_eh, "LinuxEtw.Bench.EventHeader",
	(0xbe7cbe7c, 0x1111, 0x4222, 0x83, 0x33, 0x44, 0x44, 0x55, 0x55, 0x66, 0x78));

int cg_eh_register(void)
{
	return TraceLoggingRegister(g_cg_eh);
}

int cg_eh_enabled(void)
{
	return TraceLoggingProviderEnabled(g_cg_eh, 4, 0);
}

__attribute__((noinline)) void cg_loop_eh(long n)
{
	long i;

	for (i = 0; i < n; i++)
		TraceLoggingWrite(g_cg_eh, "Bench",
				  TraceLoggingLevel(4),
				  TraceLoggingInt32((int32_t)i, "Index"),
				  TraceLoggingUInt32(7, "Seven"),
				  TraceLoggingUInt64((uint64_t)i * 3, "Triple"));
}
