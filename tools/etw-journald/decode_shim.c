// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-journald decodes events with etwdump's TDH decoder
 * (tools/etwdump/decode.c, linked in: one decoder for both tools).  What
 * that decoder takes from the rest of etwdump: GUIDs as text, and the
 * EventTrace header event's decoder, which etw-journald never needs (it
 * forwards no EventTrace event).
 */
#include <stdio.h>

#include "etwdump/decode.h"

void guid_str(const GUID *g, char out[37]);

void guid_str(const GUID *g, char out[37])
{
	snprintf(out, 37, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1],
		 g->Data4[2], g->Data4[3], g->Data4[4], g->Data4[5],
		 g->Data4[6], g->Data4[7]);
}

int decode_header_event(PEVENT_RECORD er, struct decoded *d)
{
	(void)er;
	d->ok = 0;
	d->reason = "EventTrace header";
	return 0;
}
