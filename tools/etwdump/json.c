// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --json: one JSON object per event, one per line, and nothing
 * else on standard output (common/event_json.h has the object's shape).
 * The closing summary goes to standard error; --summary --json prints
 * the summary alone as one object instead.
 */
#include <stdio.h>

#include "etwdump.h"
#include "common/event_json.h"

static void json_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
		       const char *guid, const char *when)
{
	struct json j;

	(void)guid;
	(void)when;
	json_init(&j, f);
	event_json(&j, er, d, dump.raw);
	json_end(&j);
}

const struct output output_json = {
	.event = json_event,
};
