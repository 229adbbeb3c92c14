// SPDX-License-Identifier: GPL-2.0-only
/*
 * An EventHeaderDynamic.h program (LinuxTracepoints' C++ runtime event
 * builder, unchanged header) for tracepoint_msft.sh: its events reach
 * libtracepoint with the metadata built at run time and split over two
 * iovecs, which tracepoint_write takes its general way.  Writes two
 * events of one event set, reusing one builder (same buffer, other
 * metadata), then prints "dynamic: ok".
 */
#include <stdio.h>

#include <eventheader/EventHeaderDynamic.h>

static const char uuid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

int main()
{
	ehd::Provider provider("TpDynProvider", "tpdyn");
	auto set = provider.RegisterSet(event_level_information, 0x2);
	ehd::EventBuilder eb;
	int e1, e2;

	if (!set || set->Errno()) {
		printf("dynamic: RegisterSet failed\n");
		return 1;
	}
	if (!set->Enabled()) {
		printf("dynamic: not enabled\n");
		return 1;
	}
	eb.Reset("DynOne", 0x77);
	eb.IdVersion(5, 1);
	eb.AddValue("u32", (uint32_t)42, event_field_format_default);
	eb.AddValue("guid", *(ehd::Value128 const *)uuid, event_field_format_uuid);
	eb.AddString<char>("str", "dyn", event_field_format_default);
	e1 = eb.Write(*set);
	eb.Reset("DynTwo");
	eb.AddValue("i16", (int16_t)-3, event_field_format_signed_int);
	eb.AddNulTerminatedString("wide", std::u32string_view(U"\U0001F600x"),
				  event_field_format_default);
	e2 = eb.Write(*set, uuid);
	printf("dynamic: %s (%d %d)\n", e1 || e2 ? "failed" : "ok", e1, e2);
	return e1 || e2;
}
