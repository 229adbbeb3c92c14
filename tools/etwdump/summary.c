// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: the closing summary (events per provider, the trace's span,
 * what was lost, how long reading took), and --summary, tracerpt
 * -summary's tables (common/evsum.h) instead of the events.  The file
 * formats are finished here too.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "etwdump.h"
#include "common/json.h"
#include "common/guid.h"

void summary_info(ULONG status, struct evsum_info *in)
{
	struct timespec t1;
	int k;

	memset(in, 0, sizeof(*in));
	clock_gettime(CLOCK_MONOTONIC, &t1);
	in->read_secs = (t1.tv_sec - dump.t0.tv_sec) + (t1.tv_nsec - dump.t0.tv_nsec) / 1e9;
	for (k = 0; k < dump.nh; k++) {
		in->events_lost += dump.events_lost[k];
		in->buffers_lost += dump.buffers_lost[k];
		in->buffers_read += dump.buffers_read[k];
	}
	in->status = status;
	in->files = dump.session ? NULL : dump.files;
	in->nfiles = dump.session ? 0 : dump.nfiles;
	in->session = dump.session;
	in->interrupted = dump.interrupted;
	in->raw = dump.raw;
	in->damage = dump.damage;
}

/* "--- N events, FIRST to LAST (SPAN); read in S s", the providers, the losses. */
static void closing(FILE *f, const struct evsum *s, const struct evsum_info *in)
{
	char span[256], g[ETW_GUID_STR_LEN];
	size_t *o, i;

	fprintf(f, "--- %llu events%s%s; read in %.3f s%s\n", s->events,
		s->events ? ", " : "", evsum_span(s, in->raw, span, sizeof(span)),
		in->read_secs, in->interrupted ? ", interrupted" : "");
	o = evsum_order(s, 'p');
	for (i = 0; o && i < s->nprovs; i++)
		fprintf(f, "  %9llu  %s {%s}\n", s->provs[o[i]].n, s->provs[o[i]].name,
			etw_guid_str(&s->provs[o[i]].guid, g));
	free(o);
	fprintf(f, "events lost: %llu, buffers lost: %llu, buffers read: %llu\n",
		in->events_lost, in->buffers_lost, in->buffers_read);
	if (in->damage.damages)
		fprintf(f, "damaged places skipped: %u (records %u, buffer tails %u, "
			"buffers %u, duplicates %u; %llu bytes)\n",
			in->damage.damages, in->damage.records, in->damage.tails,
			in->damage.buffers, in->damage.duplicates,
			(unsigned long long)in->damage.bytes);
}

/* --summary's tables, or the closing summary. */
static void print_summary(const struct evsum_info *in)
{
	int k;

	if (dump.summary && dump.out == &output_json) {
		struct json j;

		json_init(&j, stdout);
		json_open(&j, '{');
		evsum_json_members(&j, &dump.sum, in);
		damage_json(&j);
		if (!dump.session) {
			json_key(&j, "traces");
			json_open(&j, '[');
			for (k = 0; k < dump.nh; k++)
				header_json(&j, k);
			json_close(&j, ']');
		}
		json_close(&j, '}');
		json_end(&j);
	} else if (dump.summary) {
		evsum_print(stdout, &dump.sum, in);
	} else {
		closing(dump.sumf, &dump.sum, in);
	}
	fflush(dump.sumf);
}

/*
 * Returns -1 if a file format could not be written.  Once standard
 * output's reader went away (etwdump ... | head), there is no summary;
 * the file formats are finished all the same.
 */
int summary(ULONG status)
{
	struct evsum_info in;
	int k, ret = 0;

	summary_info(status, &in);
	if (!stdout_gone())
		print_summary(&in);
	for (k = 0; k < dump.nfouts; k++)
		if (dump.fouts[k].out->close(&dump.sum, &in))
			ret = -1;
	return ret;
}
