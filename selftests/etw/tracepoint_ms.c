// SPDX-License-Identifier: GPL-2.0-only
/*
 * tracepoint_test's LinuxTracepoints side: code written against
 * Microsoft's headers (../data/linuxtracepoints, unchanged) -- the
 * tracepoint.h interface itself and EventHeader's TraceLoggingProvider.h
 * -- linked with this project's libtracepoint.  tracepoint_test.c (the
 * ETW side) calls these functions; the two never share a header.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <uchar.h>

#include <tracepoint/tracepoint.h>
#include <eventheader/TraceLoggingProvider.h>

#include "tracepoint_ms.h"

TRACELOGGING_DEFINE_PROVIDER(TpTest, "TpTestProvider",
	(0x11111111, 0x2222, 0x3333, 0x44, 0x44, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55));
TRACELOGGING_DEFINE_PROVIDER(TpGroup, "TpTestGroupMember",
	(0x11111111, 0x2222, 0x3333, 0x44, 0x44, 0x55, 0x55, 0x55, 0x55, 0x55, 0x56),
	TraceLoggingOptionGroupName("tptestgroup"));

int ms_register(void)
{
	int a = TraceLoggingRegister(TpTest), b = TraceLoggingRegister(TpGroup);

	return a ? a : b;
}

void ms_unregister(void)
{
	TraceLoggingUnregister(TpTest);
	TraceLoggingUnregister(TpGroup);
}

/* Each tracepoint's TRACEPOINT_ENABLED, as a bit: see tracepoint_ms.h. */
unsigned ms_enabled(void)
{
	return (TraceLoggingProviderEnabled(TpTest, 4, 0x1) ? MS_L4K1 : 0) |
	       (TraceLoggingProviderEnabled(TpTest, 5, 0x1) ? MS_L5K1 : 0) |
	       (TraceLoggingProviderEnabled(TpTest, 4, 0x2) ? MS_L4K2 : 0) |
	       (TraceLoggingProviderEnabled(TpTest, 4, 0x3) ? MS_L4K3 : 0) |
	       (TraceLoggingProviderEnabled(TpGroup, 4, 0x1) ? MS_GROUP : 0);
}

static const uint8_t act[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
static const uint8_t rel[16] = { 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8,
				 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF, 0xB0 };

/* The events tracepoint_test expects (tracepoint_test.c lists their text). */
int ms_write(int n)
{
	static const uint8_t uuid[16] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
					  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10 };
	static const char32_t wide[] = U"h\U0001F600";
	int16_t arr[3] = { -1, 2, 300 };
	int i;

	for (i = 0; i < n; i++)
		TraceLoggingWrite(TpTest, "Ev1", TraceLoggingLevel(4), TraceLoggingKeyword(0x1),
				  TraceLoggingUInt32(7, "a"), TraceLoggingString("hello", "s"),
				  TraceLoggingInt32(i, "i"));
	TraceLoggingWrite(TpTest, "Ev5", TraceLoggingLevel(5), TraceLoggingKeyword(0x1),
			  TraceLoggingIdVersion(42, 3), TraceLoggingOpcode(1),
			  TraceLoggingEventTag(0x55),
			  TraceLoggingErrno(2, "err"), TraceLoggingTime64(0, "t"),
			  TraceLoggingGuid(uuid, "u"), TraceLoggingString32(wide, "w"),
			  TraceLoggingInt16FixedArray(arr, 3, "arr"),
			  TraceLoggingStruct(2, "st"),
			  TraceLoggingBoolean(1, "b"), TraceLoggingHexInt32(0xBEEF, "h"));
	TraceLoggingWriteActivity(TpTest, "EvAct", act, rel, TraceLoggingLevel(4),
				  TraceLoggingKeyword(0x2), TraceLoggingUInt8(9, "x"));
	TraceLoggingWrite(TpTest, "EvK3", TraceLoggingLevel(4), TraceLoggingKeyword(0x3));
	TraceLoggingWrite(TpGroup, "EvGroup", TraceLoggingLevel(4), TraceLoggingKeyword(0x1),
			  TraceLoggingCountedString("abcdef", 3, "c"));
	return 0;
}

/* --- the tracepoint.h interface itself ------------------------------------ */

static tracepoint_provider_state prov = TRACEPOINT_PROVIDER_STATE_INIT;
static tracepoint_state plain = TRACEPOINT_STATE_INIT;
static tracepoint_state early = TRACEPOINT_STATE_INIT;

int ms_api_closed(void)
{
	tracepoint_state t = TRACEPOINT_STATE_INIT;
	struct iovec v[1] = { { NULL, 0 } };
	int e;

	/* Inert before open: not enabled, writes EBADF, close a no-op. */
	if (TRACEPOINT_ENABLED(&t) || tracepoint_write(&t, 1, v) != EBADF)
		return 1;
	tracepoint_close_provider(&prov);
	/* Connecting to a closed provider succeeds, and stays inert. */
	e = tracepoint_connect(&early, &prov, "tp_early u32 a");
	if (e || early.provider_state != &prov || TRACEPOINT_ENABLED(&early))
		return 2;
	return 0;
}

int ms_api_open(void)
{
	int e = tracepoint_open_provider(&prov);

	if (e)
		return e;
	/* Opening reset what was connected while closed (first use). */
	if (early.provider_state || early.write_index != -1)
		return -1;
	return tracepoint_connect(&plain, &prov, "tp_plain u32 a; char b[8]; "
				  "__rel_loc char[] c");
}

unsigned ms_api_plain_enabled(void)
{
	return TRACEPOINT_ENABLED(&plain);
}

int ms_api_plain_write(void)
{
	uint32_t a = 77, loc;
	char b[8] = "eight";
	const char c[] = "relative";
	struct iovec v[5];

	loc = (uint32_t)sizeof(c) << 16;	/* offset 0 after the field */
	v[0].iov_base = NULL;
	v[0].iov_len = 0;
	v[1].iov_base = &a;
	v[1].iov_len = 4;
	v[2].iov_base = b;
	v[2].iov_len = 8;
	v[3].iov_base = &loc;
	v[3].iov_len = 4;
	v[4].iov_base = (void *)c;
	v[4].iov_len = sizeof(c);
	return tracepoint_write(&plain, 5, v);
}

int ms_api_close(void)
{
	tracepoint_close_provider(&prov);
	/* Closed: connected tracepoints reset, writes EBADF. */
	if (plain.provider_state || plain.write_index != -1 || TRACEPOINT_ENABLED(&plain))
		return 1;
	return ms_api_plain_write() == EBADF ? 0 : 2;
}
