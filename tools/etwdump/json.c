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

static void json_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	struct event_json_opts opt = { .raw_time = dump.raw };
	struct json j;

	if (dump.origin)
		opt.origin = &dump.origin[(intptr_t)er->UserContext];
	json_init_buf(&j, o);
	event_json_opts(&j, er, d, &opt);
	json_end(&j);
}

const struct output output_json = {
	.event = json_event,
};
