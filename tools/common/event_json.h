/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One event as one JSON object, the shape of etwdump --json (and of what
 * an exporter ships): the header (time, cpu, pid, tid, provider GUID,
 * id, version, level, channel, keywords, opcode, task, flags), the names
 * TDH knows (provider_name, event, level_name, task_name, opcode_name,
 * keywords_name, channel_name), activity IDs, extended items (ext: their
 * types; ext_data: those decoded), len, and either "fields" (by name:
 * integers and reals as numbers, booleans as true/false, the rest as
 * TdhFormatProperty's text, arrays as arrays, structs as objects) with
 * "message", or "payload" (hex) with "string" or "undecoded" (why).
 */
#ifndef _TOOLS_COMMON_EVENT_JSON_H
#define _TOOLS_COMMON_EVENT_JSON_H

#include <windows.h>
#include <evntcons.h>

#include "common/decode.h"
#include "common/json.h"

/*
 * Write @er (decoded as @d) to @j as one object, without a newline.
 * @raw_time: "ts" is the raw session clock, else "time" is ISO-8601 UTC.
 */
void event_json(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		int raw_time);

#endif /* _TOOLS_COMMON_EVENT_JSON_H */
