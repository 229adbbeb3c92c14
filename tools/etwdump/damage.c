// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: what ProcessTrace skipped in damaged .etl files (issue 9).
 * ProcessTrace delivers every intact event and then says only
 * ERROR_FILE_CORRUPT; libetw keeps where and why (etw_trace_damage(),
 * libetw.h), and this prints it: file, buffer, file offset, reason.
 */
#include <stdio.h>

#include "etwdump.h"

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
		for (j = 0; etw_trace_damage(dump.h[i], j, &d) == 0; j++)
			dump.out->damage(dump.files[i], &d);
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

/* OpenTrace of @file failed with @err (@name): say where, if it was damage. */
void report_open_error(const char *file, ULONG err, const char *name)
{
	struct etw_trace_damage d;

	if (etw_trace_open_error(&d) == 0 && d.reason[0])
		fprintf(stderr, "etwdump: %s: OpenTrace: %s (%u): %s\n", file, name,
			err, d.reason);
	else
		fprintf(stderr, "etwdump: %s: OpenTrace: %s (%u)\n", file, name, err);
}
