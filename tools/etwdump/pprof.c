// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --pprof FILE: the trace's samples as a gzipped profile.proto
 * (github.com/google/pprof's proto/profile.proto), which pprof, Pyroscope
 * and Grafana read.  Written here, field by field, in the protobuf
 * encoding; gzip by zlib.
 *
 *   sample_type   samples/count, cpu/nanoseconds (a sample is the
 *                 profile's interval: PerfInfo's SetInterval or
 *                 CollectionStart, else 1 ms, Windows' and etw.ko's
 *                 default)
 *   sample        one per distinct (process, thread, stack): the
 *                 locations leaf first, the values, labels pid, tid
 *                 (numbers) and process (its name)
 *   location      one per symbolizer result: address = the offset in
 *                 its file, lines innermost first (inlined functions,
 *                 then the function they are in)
 *   mapping       one per file: its path; memory_start 0, as the
 *                 locations' addresses are file offsets
 *   function      one per (name, source file)
 * time_nanos: the first sample's time; duration_nanos: to the last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "etwdump.h"
#include "stackev.h"

#define MAX_DEPTH 1024

struct psample {
	uint32_t pid, tid;
	unsigned *locs;		/* location ids, leaf first */
	unsigned n;
	uint64_t count;
	size_t next;		/* in its bucket: index + 1 */
};

/* Interned strings: index in the string table. */
struct str {
	char *s;
	size_t next;
};

static char *path;
static struct psample *samples;
static size_t nsamples, *sbuckets, nsbuckets = 4096;
static struct str *strs;
static size_t nstrs, *strb, nstrb = 4096;
static const struct sym_loc **locs;	/* by location id - 1 */
static size_t nlocs;
static unsigned *loc_of_id;		/* sym_loc id -> location id */
static size_t loc_of_cap;
static struct { unsigned name, file; } *funcs;
static size_t nfuncs;
static unsigned *maps;			/* string index of each mapping's file */
static size_t nmaps;
static LONGLONG t_first, t_last;

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
	const unsigned char *b = p;

	while (n--)
		h = (h ^ *b++) * 0x100000001b3ULL;
	return h;
}

static unsigned str_of(const char *s)
{
	size_t k = fnv(s, strlen(s), 14695981039346656037ULL) & (nstrb - 1), i;

	for (i = strb[k]; i; i = strs[i - 1].next)
		if (!strcmp(strs[i - 1].s, s))
			return (unsigned)(i - 1);
	strs = sev_grow(strs, nstrs + 1, sizeof(*strs));
	strs[nstrs].s = strdup(s);
	strs[nstrs].next = strb[k];
	strb[k] = ++nstrs;
	return (unsigned)(nstrs - 1);
}

static unsigned func_of(const char *name, const char *file)
{
	unsigned n = str_of(name), f = str_of(file ? file : "");
	size_t i;

	for (i = nfuncs; i-- > 0;)
		if (funcs[i].name == n && funcs[i].file == f)
			return (unsigned)i + 1;
	funcs = sev_grow(funcs, nfuncs + 1, sizeof(*funcs));
	funcs[nfuncs].name = n;
	funcs[nfuncs].file = f;
	return (unsigned)++nfuncs;
}

static unsigned map_of(const char *module)
{
	unsigned m = str_of(module);
	size_t i;

	for (i = 0; i < nmaps; i++)
		if (maps[i] == m)
			return (unsigned)i + 1;
	maps = sev_grow(maps, nmaps + 1, sizeof(*maps));
	maps[nmaps] = m;
	return (unsigned)++nmaps;
}

static unsigned location(const struct sym_loc *l)
{
	size_t i;

	if (l->id >= loc_of_cap) {
		size_t nc = loc_of_cap ? 2 * loc_of_cap : 4096;

		while (nc <= l->id)
			nc *= 2;
		loc_of_id = sev_grow(loc_of_id, nc, sizeof(*loc_of_id));
		memset(loc_of_id + loc_of_cap, 0, (nc - loc_of_cap) * sizeof(*loc_of_id));
		loc_of_cap = nc;
	}
	if (loc_of_id[l->id])
		return loc_of_id[l->id];
	locs = sev_grow(locs, nlocs + 1, sizeof(*locs));
	locs[nlocs++] = l;
	map_of(l->module);
	for (i = 0; i < l->nframes; i++)
		func_of(l->frames[i].func ? l->frames[i].func : "??", l->frames[i].file);
	return loc_of_id[l->id] = (unsigned)nlocs;
}

static void pprof_sink(const struct sev *e)
{
	static unsigned ids[MAX_DEPTH];
	unsigned n = 0, i;
	uint64_t h;
	size_t k, s;

	if (e->kind != SEV_SAMPLE)
		return;
	for (i = 0; i < e->nframes && n < MAX_DEPTH; i++)
		ids[n++] = location(e->locs[i]);
	if (!t_first || e->time < t_first)
		t_first = e->time;
	if (e->time > t_last)
		t_last = e->time;
	h = fnv(ids, n * sizeof(*ids), fnv(&e->pid, 4, fnv(&e->tid, 4, 14695981039346656037ULL)));
	k = h & (nsbuckets - 1);
	for (s = sbuckets[k]; s; s = samples[s - 1].next) {
		struct psample *p = &samples[s - 1];

		if (p->pid == e->pid && p->tid == e->tid && p->n == n &&
		    !memcmp(p->locs, ids, n * sizeof(*ids))) {
			p->count++;
			return;
		}
	}
	samples = sev_grow(samples, nsamples + 1, sizeof(*samples));
	samples[nsamples].pid = e->pid;
	samples[nsamples].tid = e->tid;
	samples[nsamples].locs = sev_grow(NULL, n + 1, sizeof(*ids));
	memcpy(samples[nsamples].locs, ids, n * sizeof(*ids));
	samples[nsamples].n = n;
	samples[nsamples].count = 1;
	samples[nsamples].next = sbuckets[k];
	sbuckets[k] = ++nsamples;
}

/* ---- the protobuf encoding ------------------------------------------------------------- */

static void varint(struct obuf *o, uint64_t v)
{
	while (v >= 0x80) {
		ob_putc(o, (char)(v | 0x80));
		v >>= 7;
	}
	ob_putc(o, (char)v);
}

/* A varint field (wire type 0); 0 is the default and is left out. */
static void fv(struct obuf *o, unsigned field, uint64_t v)
{
	if (!v)
		return;
	varint(o, (uint64_t)field << 3);
	varint(o, v);
}

/* A length-delimited field (wire type 2): bytes, a string, a message. */
static void fb(struct obuf *o, unsigned field, const void *p, size_t n)
{
	varint(o, (uint64_t)field << 3 | 2);
	varint(o, n);
	ob_put(o, p, n);
}

static void fmsg(struct obuf *o, unsigned field, struct obuf *m)
{
	fb(o, field, m->buf, m->len);
	m->len = 0;
}

static void value_type(struct obuf *o, unsigned field, const char *type, const char *unit)
{
	struct obuf m = { 0 };

	fv(&m, 1, str_of(type));
	fv(&m, 2, str_of(unit));
	fmsg(o, field, &m);
	ob_free(&m);
}

static void label(struct obuf *s, const char *key, const char *str, uint64_t num)
{
	struct obuf m = { 0 };

	fv(&m, 1, str_of(key));
	if (str)
		fv(&m, 2, str_of(str));
	else
		fv(&m, 3, num);
	fmsg(s, 3, &m);
	ob_free(&m);
}

static int pprof_open(const char *p)
{
	path = strdup(p);
	sbuckets = calloc(nsbuckets, sizeof(*sbuckets));
	strb = calloc(nstrb, sizeof(*strb));
	if (!path || !sbuckets || !strb) {
		fprintf(stderr, "etwdump: out of memory\n");
		return -1;
	}
	str_of("");		/* string 0 is "" */
	sev_sink(pprof_sink, SEV_WANT_SAMPLES);
	return 0;
}

static int pprof_close(const struct evsum *s, const struct evsum_info *in)
{
	uint64_t period = sev_profile_interval() * 100;	/* ns */
	struct obuf o = { 0 }, m = { 0 }, pk = { 0 };
	char name[128];
	size_t i, k;
	gzFile gz;
	int ret = 0;

	(void)s;
	(void)in;
	sev_flush();
	value_type(&o, 1, "samples", "count");
	value_type(&o, 1, "cpu", "nanoseconds");
	for (i = 0; i < nsamples; i++) {
		const struct psample *p = &samples[i];

		for (k = 0; k < p->n; k++)
			varint(&pk, p->locs[k]);
		fb(&m, 1, pk.buf, pk.len);
		pk.len = 0;
		varint(&pk, p->count);
		varint(&pk, p->count * period);
		fb(&m, 2, pk.buf, pk.len);
		pk.len = 0;
		label(&m, "pid", NULL, p->pid);
		label(&m, "tid", NULL, p->tid);
		label(&m, "process", sev_process_name(p->pid, name, sizeof(name)), 0);
		fmsg(&o, 2, &m);
	}
	for (i = 0; i < nmaps; i++) {
		fv(&m, 1, i + 1);
		fv(&m, 3, UINT64_MAX >> 1);		/* memory_limit */
		fv(&m, 5, maps[i]);
		fv(&m, 7, 1);				/* has_functions */
		fv(&m, 8, 1);				/* has_filenames */
		fv(&m, 9, 1);				/* has_line_numbers */
		fv(&m, 10, 1);				/* has_inline_frames */
		fmsg(&o, 3, &m);
	}
	for (i = 0; i < nlocs; i++) {
		const struct sym_loc *l = locs[i];
		struct obuf line = { 0 };

		fv(&m, 1, i + 1);
		fv(&m, 2, map_of(l->module));
		fv(&m, 3, l->offset);
		for (k = 0; k < l->nframes; k++) {
			fv(&line, 1, func_of(l->frames[k].func ? l->frames[k].func : "??",
					     l->frames[k].file));
			fv(&line, 2, l->frames[k].line);
			fmsg(&m, 4, &line);
		}
		ob_free(&line);
		fmsg(&o, 4, &m);
	}
	for (i = 0; i < nfuncs; i++) {
		fv(&m, 1, i + 1);
		fv(&m, 2, funcs[i].name);
		fv(&m, 3, funcs[i].name);
		fv(&m, 4, funcs[i].file);
		fmsg(&o, 5, &m);
	}
	/* the strings last: every index above is in the table by now */
	str_of("cpu");
	str_of("nanoseconds");
	for (i = 0; i < nstrs; i++)
		fb(&o, 6, strs[i].s, strlen(strs[i].s));
	fv(&o, 9, t_first ? (uint64_t)filetime_ns(t_first) : 0);
	fv(&o, 10, t_first ? (uint64_t)(filetime_ns(t_last) - filetime_ns(t_first)) : 0);
	value_type(&o, 11, "cpu", "nanoseconds");
	fv(&o, 12, period);

	gz = gzopen(path, "wb");
	if (!gz || (o.len && gzwrite(gz, o.buf, (unsigned)o.len) != (int)o.len))
		ret = -1;
	if (gz && gzclose(gz) != Z_OK)
		ret = -1;
	if (ret)
		fprintf(stderr, "etwdump: --pprof: could not write %s\n", path);
	ob_free(&o);
	ob_free(&m);
	ob_free(&pk);
	free(path);
	return ret;
}

static void pprof_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	(void)o;
	(void)er;
	(void)d;
}

const struct output output_pprof = {
	.event = pprof_event,
	.open = pprof_open,
	.close = pprof_close,
};
