/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One event as one JSON object, the shape of etwdump --json (and of what
 * etw-export ships): with --identity where it comes from first (host,
 * boot_id, session, file, seq: common/origin.h), the header (time, cpu,
 * pid, tid, provider GUID, id, version, level, channel, keywords -- a
 * number, opcode, task, flags), the names
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
#include "common/origin.h"

/*
 * Write @er (decoded as @d) to @j as one object, without a newline.
 * @raw_time: "ts" is the raw session clock, else "time" is ISO-8601 UTC.
 */
void event_json(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		int raw_time);

struct event_json_opts {
	/*
	 * "ts": the time as a number, as the trace was opened (FILETIME, or
	 * the raw session clock with PROCESS_TRACE_MODE_RAW_TIMESTAMP);
	 * else "time", ISO-8601 UTC.
	 */
	int raw_time;
	/* "host", "boot_id", "session", "file", "seq" first; or NULL. */
	const struct origin *origin;
	/*
	 * "fields" and "ext_data" as strings holding the JSON object text
	 * (for a store whose columns are strings: ClickHouse's JSONEachRow).
	 */
	int nested_as_text;
};

/* The same with options (event_json is @raw_time alone). */
void event_json_opts(struct json *j, PEVENT_RECORD er, const struct decoded *d,
		     const struct event_json_opts *o);

#endif /* _TOOLS_COMMON_EVENT_JSON_H */
