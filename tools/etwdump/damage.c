// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: what ProcessTrace skipped in damaged .etl files (issue 9).
 * ProcessTrace delivers every intact event and then says only
 * ERROR_FILE_CORRUPT; libetw keeps where and why (etw_trace_damage(),
 * libetw.h), and this prints it on stderr -- file, buffer, file offset,
 * reason -- and keeps it for --summary --json's "damaged" list.
 */
#include <stdio.h>

#include "etwdump.h"
#include "common/json.h"

#define MAX_PLACES 256

static struct place {
	const char *file;
	struct etw_trace_damage d;
} places[MAX_PLACES];
static unsigned nplaces;

/* After ProcessTrace, before the handles are closed. */
void report_damage(void)
{
	struct etw_trace_damage_totals t;
	struct etw_trace_damage d;
	unsigned int j;
	int i;

	for (i = 0; i < dump.nh; i++) {
		if (!dump.files[i] || etw_trace_damage_totals(dump.h[i], &t) || !t.damages)
			continue;
		for (j = 0; etw_trace_damage(dump.h[i], j, &d) == 0; j++) {
			fprintf(stderr, "etwdump: %s: %s\n", dump.files[i], d.reason);
			if (nplaces < MAX_PLACES) {
				places[nplaces].file = dump.files[i];
				places[nplaces++].d = d;
			}
		}
		if (t.damages > j)
			fprintf(stderr, "etwdump: %s: %u more damaged places not listed\n",
				dump.files[i], t.damages - j);
		dump.damage.damages += t.damages;
		dump.damage.records += t.records;
		dump.damage.tails += t.tails;
		dump.damage.buffers += t.buffers;
		dump.damage.duplicates += t.duplicates;
		dump.damage.bytes += t.bytes;
	}
}

/* --summary --json: "damaged":[{file, kind, buffer, file_offset, bytes, reason}]. */
void damage_json(struct json *j)
{
	unsigned i;

	json_key(j, "damaged");
	json_open(j, '[');
	for (i = 0; i < nplaces; i++) {
		const struct etw_trace_damage *d = &places[i].d;

		json_open(j, '{');
		json_str(j, "file", places[i].file);
		json_str(j, "kind", etw_damage_kind_name(d->kind));
		json_i64(j, "buffer", (long long)d->buffer);
		json_u64(j, "file_offset", d->file_offset);
		json_u64(j, "bytes", d->bytes);
		json_str(j, "reason", d->reason);
		json_close(j, '}');
	}
	json_close(j, ']');
}

/* OpenTrace of @file failed with @err (@name): say where, if it was damage. */
void report_open_error(const char *file, ULONG err, const char *name)
{
	struct etw_trace_damage d;

	if (etw_trace_open_error(&d) == 0 && d.reason[0])
		fprintf(stderr, "etwdump: %s: OpenTrace: %s (%u): %s\n", file, name,
			err, d.reason);
	else
		fprintf(stderr, "etwdump: %s: OpenTrace: %s (%u)%s\n", file, name, err,
			err == ERROR_FILE_NOT_FOUND ? ": no such file" :
			err == ERROR_ACCESS_DENIED ? ": permission denied" : "");
}
