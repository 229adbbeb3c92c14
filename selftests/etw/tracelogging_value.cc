// SPDX-License-Identifier: GPL-2.0-only
/*
 * TraceLoggingValue (C++ only): the field type deduced from the value's
 * type, each written through the session of tracelogging_test.c's
 * every_field_macro_round_trips and decoded there.
 */
#include <windows.h>
#include <TraceLoggingProvider.h>

#include "tracelogging_test.h"

enum class Color : short { Red = 3 };

#define V(name, expected, ...) do { \
		TraceLoggingWrite(g_tl, name, __VA_ARGS__); \
		expect_add(name, expected); \
	} while (0)

extern "C" void write_values(void)
{
	static const GUID g = { 0x0cd1c309, 0x0878, 0x4515,
				{ 0x83, 0xdb, 0x74, 0x98, 0x43, 0xb3, 0xf5, 0xc9 } };
	static const FILETIME ft = { 0xf1d31dce, 0x01d659d6 };
	static const struct { BYTE rev, cnt, auth[6]; DWORD sub[1]; } sid = {
		1, 1, { 0, 0, 0, 0, 0, 5 }, { 18 } };
	const char *s = "text";
	char16_t w[] = u"w16";
	int i = -42;
	long l = 1L << 40;
	Color c = Color::Red;

	V("ValueBool", "v=true", TraceLoggingValue(true, "v"));
	V("ValueChar", "v=c", TraceLoggingValue('c', "v"));
	V("ValueChar16", "v=\xc3\xa9", TraceLoggingValue(u'\u00e9', "v"));
	V("ValueInt8", "v=-8", TraceLoggingValue((signed char)-8, "v"));
	V("ValueUInt8", "v=200", TraceLoggingValue((unsigned char)200, "v"));
	V("ValueInt16", "v=-16", TraceLoggingValue((short)-16, "v"));
	V("ValueUInt16", "v=60000", TraceLoggingValue((unsigned short)60000, "v"));
	V("ValueInt32", "i=-42", TraceLoggingValue(i));
	V("ValueUInt32", "v=4000000000", TraceLoggingValue(4000000000u, "v"));
	V("ValueLong", "v=1099511627776", TraceLoggingValue(l, "v"));
	V("ValueInt64", "v=-5", TraceLoggingValue(-5LL, "v"));
	V("ValueUInt64", "v=5", TraceLoggingValue(5ULL, "v"));
	V("ValueFloat", "v=2.5", TraceLoggingValue(2.5f, "v"));
	V("ValueDouble", "v=-0.125", TraceLoggingValue(-0.125, "v"));
	V("ValueGuid", "v={0CD1C309-0878-4515-83DB-749843B3F5C9}", TraceLoggingValue(g, "v"));
	V("ValueFileTime", "v=2020-07-14T12:04:36.9026510Z", TraceLoggingValue(ft, "v"));
	V("ValueSid", "v=S-1-5-18", TraceLoggingValue((const SID *)(const void *)&sid, "v"));
	V("ValueString", "s=text", TraceLoggingValue(s));
	V("ValueLiteral", "v=lit", TraceLoggingValue("lit", "v"));
	V("ValueString16", "v=w16", TraceLoggingValue(w, "v"));
	V("ValueEnum", "v=3", TraceLoggingValue(c, "v"));
	V("ValuePointer", "v=0x1234", TraceLoggingValue((void *)0x1234, "v"));
	V("ValueExpression", "v=-41", TraceLoggingValue(i + 1, "v"));
}
