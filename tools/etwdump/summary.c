// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: the counts behind the closing summary (events per provider,
 * losses per trace), added up and handed to the output format.
 */
#include <stdlib.h>
#include <time.h>

#include "etwdump.h"

void count_provider(const GUID *guid)
{
	size_t i;

	for (i = 0; i < dump.nprov; i++) {
		if (IsEqualGUID(&dump.prov[i].guid, guid)) {
			dump.prov[i].n++;
			return;
		}
	}
	if (dump.nprov == dump.prov_cap) {
		size_t cap = dump.prov_cap ? 2 * dump.prov_cap : 16;
		struct provider_count *p = realloc(dump.prov, cap * sizeof(*p));

		if (!p)
			return;
		dump.prov = p;
		dump.prov_cap = cap;
	}
	dump.prov[dump.nprov].guid = *guid;
	dump.prov[dump.nprov].n = 1;
	dump.nprov++;
}

static int cmp_prov(const void *a, const void *b)
{
	const struct provider_count *x = a, *y = b;

	return x->n < y->n ? 1 : x->n > y->n ? -1 : 0;
}

/*
 * The summary, in the output format, once the traces are done; the file
 * formats are finished then.  Returns -1 if one could not be written.
 */
int summary(ULONG status)
{
	struct totals t = { .status = status };
	struct timespec t1;
	int k, ret = 0;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	t.secs = (t1.tv_sec - dump.t0.tv_sec) + (t1.tv_nsec - dump.t0.tv_nsec) / 1e9;
	for (k = 0; k < dump.nh; k++) {
		t.events_lost += dump.events_lost[k];
		t.buffers_lost += dump.buffers_lost[k];
		t.buffers_read += dump.buffers_read[k];
	}
	qsort(dump.prov, dump.nprov, sizeof(*dump.prov), cmp_prov);
	t.events = dump.events;
	t.interrupted = dump.interrupted;
	t.prov = dump.prov;
	t.nprov = dump.nprov;
	t.damage = dump.damage;
	dump.out->summary(stdout, &t);
	for (k = 0; k < dump.nfouts; k++)
		if (dump.fouts[k].out->close(&t))
			ret = -1;
	return ret;
}
