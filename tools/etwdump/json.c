// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --json: one JSON object per event, one per line, and nothing
 * else on standard output (common/event_json.h has the object's shape).
 * The closing summary goes to standard error; --summary --json prints
 * the summary alone as one object instead.  --identity puts where each
 * event comes from first (common/origin.h: what etw-export keys its rows
 * on).
 */
#include <stdint.h>
#include <stdio.h>

#include "etwdump.h"
#include "common/event_json.h"

static void json_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		       const char *guid, const char *when)
{
	struct event_json_opts o = { .raw_time = dump.raw };
	struct json j;

	(void)guid;
	(void)when;
	if (dump.origin)
		o.origin = &dump.origin[(intptr_t)er->UserContext];
	json_init(&j, f);
	event_json_opts(&j, er, d, &o);
	json_end(&j);
}

const struct output output_json = {
	.event = json_event,
};
