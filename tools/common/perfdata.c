// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf.data as EVENT_RECORDs (perfdata.h).  The layouts are the kernel's
 * and perf's (tools/perf/Documentation/perf.data-file-format.txt,
 * include/uapi/linux/perf_event.h): a file header with sections (the
 * attributes, the data, the feature sections after the data) or, in a
 * pipe, the same as records; the tracing-data feature holds each
 * tracepoint's tracefs format, the event-desc feature the event names.
 * Everything is read from a mapping of the file with bounds checks: a
 * damaged file gives an error or skipped samples, never a crash.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "common/perfdata.h"
#include "common/tprecord.h"
#include "shared/etw_etl.h"

#define PERF_MAGIC		0x32454c4946524550ull	/* "PERFILE2" */

/* perf_event_attr.sample_type */
#define S_IP		(1u << 0)
#define S_TID		(1u << 1)
#define S_TIME		(1u << 2)
#define S_ADDR		(1u << 3)
#define S_READ		(1u << 4)
#define S_CALLCHAIN	(1u << 5)
#define S_ID		(1u << 6)
#define S_CPU		(1u << 7)
#define S_PERIOD	(1u << 8)
#define S_STREAM_ID	(1u << 9)
#define S_RAW		(1u << 10)
#define S_IDENTIFIER	(1u << 16)

/* read_format */
#define RF_ENABLED	1u
#define RF_RUNNING	2u
#define RF_ID		4u
#define RF_GROUP	8u
#define RF_LOST		16u

/* Record types. */
#define R_LOST			2
#define R_SAMPLE		9
#define R_HEADER_ATTR		64
#define R_HEADER_TRACING_DATA	66
#define R_AUXTRACE		71
#define R_HEADER_FEATURE	80
#define R_COMPRESSED		81

/* Feature bits. */
#define F_TRACING_DATA		1
#define F_EVENT_DESC		12
#define F_CLOCKID		23
#define F_CLOCK_DATA		29

#define PERF_TYPE_TRACEPOINT	2

struct pattr {
	uint32_t type;
	uint64_t config, sample_type, read_format;
	char *name;		/* "system:event" (event-desc), or NULL */
	struct tpr_tp *tp;
};

struct pid_map {
	uint64_t id;
	unsigned attr;
};

/* A tracefs format from the tracing data. */
struct pformat {
	uint64_t id;
	char *system, *name, *text;
};

struct pdata {
	const uint8_t *base;
	size_t size;
	struct pattr *attrs;
	unsigned nattrs;
	struct pid_map *ids;
	unsigned nids;
	int ids_sorted;		/* @ids in id order (for bsearch) */
	const struct pid_map *last_id;	/* in @ids, while sorted */
	struct pformat *fmts;
	unsigned nfmts;
	int have_clock;
	uint64_t tod_ns, clock_ns;
	char *err;
	size_t errlen;
	const char *path;
};

static int fail(struct pdata *p, int e, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(p->err, p->errlen, "%s: ", p->path);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < p->errlen)
		vsnprintf(p->err + n, p->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -e;
}

static uint64_t u64at(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint32_t u32at(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* Does [off, off + len) lie in the mapping? */
static int in_file(const struct pdata *p, uint64_t off, uint64_t len)
{
	return off <= p->size && len <= p->size - off;
}

static void add_attr(struct pdata *p, const uint8_t *a, uint32_t size,
		     const uint8_t *ids, uint64_t nids)
{
	struct pattr *na = realloc(p->attrs, (p->nattrs + 1) * sizeof(*na));
	struct pid_map *ni;
	uint64_t i;

	if (!na)
		return;
	p->attrs = na;
	memset(&na[p->nattrs], 0, sizeof(*na));
	if (size >= 40) {
		na[p->nattrs].type = u32at(a);
		na[p->nattrs].config = u64at(a + 8);
		na[p->nattrs].sample_type = u64at(a + 24);
		na[p->nattrs].read_format = u64at(a + 32);
	}
	ni = realloc(p->ids, (p->nids + nids) * sizeof(*ni));
	if (ni) {
		p->ids = ni;
		for (i = 0; i < nids; i++) {
			ni[p->nids].id = u64at(ids + 8 * i);
			ni[p->nids].attr = p->nattrs;
			p->nids++;
		}
	}
	p->ids_sorted = 0;
	p->nattrs++;
}

static int by_id(const void *a, const void *b)
{
	const struct pid_map *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/*
 * The attribute of sample id @id: the last one found (samples come in
 * runs of one CPU's), else the ids sorted once and searched.
 */
static const struct pid_map *id_find(struct pdata *p, uint64_t id)
{
	struct pid_map key = { .id = id };

	if (p->ids_sorted && p->last_id && p->last_id->id == id)
		return p->last_id;
	if (!p->ids_sorted) {
		qsort(p->ids, p->nids, sizeof(*p->ids), by_id);
		p->ids_sorted = 1;
	}
	p->last_id = bsearch(&key, p->ids, p->nids, sizeof(*p->ids), by_id);
	return p->last_id;
}

/* --- the tracing data: tracefs formats ------------------------------------- */

struct cur {
	const uint8_t *p;
	size_t left;
	int bad;
};

static const uint8_t *take(struct cur *c, size_t n)
{
	const uint8_t *r = c->p;

	if (c->bad || c->left < n) {
		c->bad = 1;
		return NULL;
	}
	c->p += n;
	c->left -= n;
	return r;
}

static const char *take_str(struct cur *c)
{
	const uint8_t *z = c->bad ? NULL : memchr(c->p, 0, c->left);

	if (!z) {
		c->bad = 1;
		return NULL;
	}
	return (const char *)take(c, (size_t)(z - c->p) + 1);
}

static void add_format(struct pdata *p, const char *system, const uint8_t *t,
		       size_t n)
{
	struct pformat *nf = realloc(p->fmts, (p->nfmts + 1) * sizeof(*nf));
	char *text = strndup((const char *)t, n), *s;

	if (!nf || !text) {
		free(text);
		return;
	}
	p->fmts = nf;
	nf = &nf[p->nfmts];
	memset(nf, 0, sizeof(*nf));
	nf->text = text;
	nf->system = strdup(system);
	s = strstr(text, "name: ");
	if (s) {
		size_t k = strcspn(s + 6, "\n");

		nf->name = strndup(s + 6, k);
	}
	s = strstr(text, "\nID: ");
	if (s)
		nf->id = strtoull(s + 5, NULL, 10);
	if (!nf->system || !nf->name) {
		free(nf->system);
		free(nf->name);
		free(nf->text);
		return;
	}
	p->nfmts++;
}

static void tracing_data(struct pdata *p, const uint8_t *d, size_t n)
{
	struct cur c = { d, n, 0 };
	const uint8_t *m;
	uint32_t nf, ns, i, k;
	uint64_t sz;

	m = take(&c, 10);
	if (!m || memcmp(m, "\x17\x08\x44tracing", 10))
		return;
	take_str(&c);		/* version */
	take(&c, 1 + 1 + 4);	/* endian, long size, page size */
	for (i = 0; i < 2 && !c.bad; i++) {	/* header_page, header_event */
		take_str(&c);
		m = take(&c, 8);
		if (m)
			take(&c, (size_t)u64at(m));
	}
	m = take(&c, 4);
	nf = m ? u32at(m) : 0;
	for (i = 0; i < nf && !c.bad; i++) {	/* ftrace's own events */
		m = take(&c, 8);
		if (!m)
			break;
		sz = u64at(m);
		m = take(&c, (size_t)sz);
		if (m)
			add_format(p, "ftrace", m, (size_t)sz);
	}
	m = take(&c, 4);
	ns = m ? u32at(m) : 0;
	for (i = 0; i < ns && !c.bad; i++) {
		const char *sys = take_str(&c);

		m = take(&c, 4);
		nf = m ? u32at(m) : 0;
		for (k = 0; k < nf && !c.bad; k++) {
			m = take(&c, 8);
			if (!m)
				break;
			sz = u64at(m);
			m = take(&c, (size_t)sz);
			if (m && sys)
				add_format(p, sys, m, (size_t)sz);
		}
	}
}

/* --- features ---------------------------------------------------------------- */

/* A perf header string: UINT32 length (padding included), the bytes. */
static char *perf_str(struct cur *c)
{
	const uint8_t *m = take(c, 4), *s;
	uint32_t n;

	if (!m)
		return NULL;
	n = u32at(m);
	s = take(c, n);
	return s ? strndup((const char *)s, n) : NULL;
}

static void event_desc(struct pdata *p, const uint8_t *d, size_t n)
{
	struct cur c = { d, n, 0 };
	const uint8_t *m = take(&c, 8);
	uint32_t nr, asz, i, k;

	if (!m)
		return;
	nr = u32at(m);
	asz = u32at(m + 4);
	for (i = 0; i < nr && !c.bad; i++) {
		uint32_t nids;
		char *name;

		take(&c, asz);
		m = take(&c, 4);
		nids = m ? u32at(m) : 0;
		name = perf_str(&c);
		m = take(&c, 8 * (size_t)nids);
		if (!m || !name) {
			free(name);
			break;
		}
		/* The attribute of its ids gets the name. */
		for (k = 0; k < nids; k++) {
			const struct pid_map *pm = id_find(p, u64at(m + 8 * k));

			if (pm && !p->attrs[pm->attr].name)
				p->attrs[pm->attr].name = strdup(name);
		}
		free(name);
	}
}

static void feature(struct pdata *p, unsigned bit, const uint8_t *d, size_t n)
{
	switch (bit) {
	case F_TRACING_DATA:
		tracing_data(p, d, n);
		break;
	case F_EVENT_DESC:
		event_desc(p, d, n);
		break;
	case F_CLOCK_DATA:
		/* UINT32 version, UINT32 clockid, then the two clocks. */
		if (n >= 24) {
			p->tod_ns = u64at(d + 8);
			p->clock_ns = u64at(d + 16);
			p->have_clock = 1;
		}
		break;
	}
}

/* --- samples ----------------------------------------------------------------- */

static const struct pattr *sample_attr(const struct pdata *p, const uint8_t *s,
				       size_t n)
{
	const struct pid_map *m;
	uint64_t st, id;
	size_t pos = 0;

	if (p->nattrs == 1)
		return &p->attrs[0];
	if (!p->nattrs)
		return NULL;
	st = p->attrs[0].sample_type;
	if (st & S_IDENTIFIER) {
		pos = 0;
	} else if (st & S_ID) {
		pos = 8 * (!!(st & S_IP) + !!(st & S_TID) + !!(st & S_TIME) +
			   !!(st & S_ADDR));
	} else {
		return &p->attrs[0];
	}
	if (pos + 8 > n)
		return NULL;
	id = u64at(s + pos);
	m = id_find((struct pdata *)p, id);
	return m ? &p->attrs[m->attr] : NULL;
}

/* The tracepoint of @a (its format by id, its name by event-desc). */
static struct tpr_tp *attr_tp(struct pdata *p, struct pattr *a)
{
	const struct pformat *f = NULL;
	char sys[256] = "", *name = NULL;
	unsigned i;

	if (a->tp || a->type != PERF_TYPE_TRACEPOINT)
		return a->tp;
	for (i = 0; i < p->nfmts; i++)
		if (p->fmts[i].id == a->config)
			f = &p->fmts[i];
	if (f) {
		snprintf(sys, sizeof(sys), "%s", f->system);
		name = f->name;
	} else if (a->name && strchr(a->name, ':')) {
		size_t k = (size_t)(strchr(a->name, ':') - a->name);

		snprintf(sys, sizeof(sys), "%.*s", (int)k, a->name);
		name = a->name + k + 1;
	}
	if (!name)
		return NULL;
	a->tp = tpr_tp_new(sys, name, f ? f->text : NULL, ETW_TP_USER_BASE);
	return a->tp;
}

/* perf's clock (ns) as FILETIME. */
static int64_t filetime(const struct pdata *p, uint64_t t)
{
	uint64_t wall = p->have_clock ? p->tod_ns + (t - p->clock_ns) : t;

	return (int64_t)(wall / 100) + (int64_t)ETL_FILETIME_UNIX_EPOCH;
}

static int sample(struct pdata *p, const uint8_t *s, size_t n,
		  void (*fn)(PEVENT_RECORD, void *), void *ctx,
		  struct perfdata_stats *st, struct tpr_out *o)
{
	struct pattr *a = (struct pattr *)sample_attr(p, s, n);
	uint64_t type, t = 0, rf;
	uint32_t pid = 0, tid = 0, cpu = 0, raw_len = 0;
	const uint8_t *raw = NULL;
	struct cur c = { s, n, 0 };
	const uint8_t *m;
	struct tpr_tp *tp;

	if (!a) {
		st->bad++;
		return 0;
	}
	type = a->sample_type;
	if (a->type != PERF_TYPE_TRACEPOINT || !(type & S_RAW)) {
		st->other++;
		return 0;
	}
	if (type & S_IDENTIFIER)
		take(&c, 8);
	if (type & S_IP)
		take(&c, 8);
	if (type & S_TID) {
		m = take(&c, 8);
		if (m) {
			pid = u32at(m);
			tid = u32at(m + 4);
		}
	}
	if (type & S_TIME) {
		m = take(&c, 8);
		if (m)
			t = u64at(m);
	}
	if (type & S_ADDR)
		take(&c, 8);
	if (type & S_ID)
		take(&c, 8);
	if (type & S_STREAM_ID)
		take(&c, 8);
	if (type & S_CPU) {
		m = take(&c, 8);
		if (m)
			cpu = u32at(m);
	}
	if (type & S_PERIOD)
		take(&c, 8);
	if (type & S_READ) {
		rf = a->read_format;
		if (rf & RF_GROUP) {
			m = take(&c, 8);
			if (m) {
				uint64_t nr = u64at(m), each = 8 + 8 * (!!(rf & RF_ID) +
								!!(rf & RF_LOST));

				take(&c, 8 * (!!(rf & RF_ENABLED) + !!(rf & RF_RUNNING)));
				if (nr <= c.left / each)
					take(&c, (size_t)(nr * each));
				else
					c.bad = 1;
			}
		} else {
			take(&c, 8 * (1 + !!(rf & RF_ENABLED) + !!(rf & RF_RUNNING) +
				      !!(rf & RF_ID) + !!(rf & RF_LOST)));
		}
	}
	if (type & S_CALLCHAIN) {
		m = take(&c, 8);
		if (m && u64at(m) <= c.left / 8)
			take(&c, (size_t)(8 * u64at(m)));
		else
			c.bad = 1;
	}
	m = take(&c, 4);
	if (m) {
		raw_len = u32at(m);
		raw = take(&c, raw_len);
	}
	tp = c.bad || !raw ? NULL : attr_tp(p, a);
	if (!tp) {
		st->bad++;
		return 0;
	}
	tpr_build(tp, raw, raw_len, o);	/* malformed: delivered undecoded */
	o->er.EventHeader.TimeStamp.QuadPart = filetime(p, t);
	o->er.EventHeader.ProcessId = pid;
	o->er.EventHeader.ThreadId = tid;
	o->er.BufferContext.ProcessorIndex = (USHORT)cpu;
	o->er.UserContext = ctx;
	st->samples++;
	fn(&o->er, ctx);
	return 0;
}

/* Records from @off to @end: samples delivered, header records taken in. */
static int records(struct pdata *p, uint64_t off, uint64_t end, int pipe,
		   void (*fn)(PEVENT_RECORD, void *), void *ctx,
		   struct perfdata_stats *st)
{
	struct tpr_out o = { 0 };

	while (off + 8 <= end) {
		const uint8_t *r = p->base + off;
		uint32_t type = u32at(r);
		uint16_t size = (uint16_t)(r[6] | r[7] << 8);
		uint64_t extra = 0;

		if (size < 8 || off + size > end)
			break;
		st->records++;
		switch (type) {
		case R_SAMPLE:
			sample(p, r + 8, size - 8u, fn, ctx, st, &o);
			break;
		case R_LOST:
			if (size >= 24)
				st->lost += u64at(r + 16);
			break;
		case R_HEADER_ATTR:
			if (size >= 16) {
				uint32_t asz = u32at(r + 12);

				if (asz >= 40 && asz <= size - 8u)
					add_attr(p, r + 8, asz, r + 8 + asz,
						 (size - 8u - asz) / 8);
			}
			break;
		case R_HEADER_TRACING_DATA:
			/* UINT32 size; that many bytes follow the record. */
			if (size >= 12) {
				extra = u32at(r + 8);
				if (in_file(p, off + size, extra))
					tracing_data(p, r + size, (size_t)extra);
			}
			break;
		case R_AUXTRACE:
			if (size >= 16)
				extra = u64at(r + 8);
			break;
		case R_HEADER_FEATURE:
			if (pipe && size >= 16)
				feature(p, (unsigned)u64at(r + 8), r + 16, size - 16u);
			break;
		case R_COMPRESSED:
			tpr_out_free(&o);
			return fail(p, EOPNOTSUPP,
				    "compressed records (perf record -z): record without -z");
		}
		off += size + extra;
	}
	tpr_out_free(&o);
	return 0;
}

static int read_file(struct pdata *p, void (*fn)(PEVENT_RECORD, void *),
		     void *ctx, struct perfdata_stats *st)
{
	uint64_t hsize, asize, aoff, alen, doff, dlen, feat[4], i;
	unsigned bit, k;

	if (p->size < 16 || u64at(p->base) != PERF_MAGIC)
		return fail(p, EINVAL, "not a perf.data file (no PERFILE2 magic)");
	hsize = u64at(p->base + 8);
	if (hsize == 16)		/* a pipe's header */
		return records(p, 16, p->size, 1, fn, ctx, st);
	if (hsize < 104 || p->size < 104)
		return fail(p, EINVAL, "perf.data header cut short");
	asize = u64at(p->base + 16);
	aoff = u64at(p->base + 24);
	alen = u64at(p->base + 32);
	doff = u64at(p->base + 40);
	dlen = u64at(p->base + 48);
	memcpy(feat, p->base + 72, 32);
	if (asize < 56 || !in_file(p, aoff, alen) || !in_file(p, doff, dlen))
		return fail(p, EINVAL, "perf.data sections outside the file");
	for (i = 0; i + asize <= alen; i += asize) {
		const uint8_t *a = p->base + aoff + i;
		uint64_t ioff = u64at(a + asize - 16), ilen = u64at(a + asize - 8);

		if (!in_file(p, ioff, ilen))
			ilen = 0;
		add_attr(p, a, (uint32_t)(asize - 16), p->base + ioff, ilen / 8);
	}
	/* The feature sections, in bit order, after the data. */
	for (bit = 0, k = 0; bit < 256; bit++) {
		const uint8_t *sec;
		uint64_t so, sl;

		if (!(feat[bit / 64] >> (bit % 64) & 1))
			continue;
		if (!in_file(p, doff + dlen + 16ull * k, 16))
			break;
		sec = p->base + doff + dlen + 16ull * k++;
		so = u64at(sec);
		sl = u64at(sec + 8);
		if (in_file(p, so, sl))
			feature(p, bit, p->base + so, (size_t)sl);
	}
	return records(p, doff, doff + dlen, 0, fn, ctx, st);
}

static int map_file(struct pdata *p, const char *path)
{
	struct stat sb;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	void *m;

	p->path = path;
	if (fd < 0)
		return fail(p, errno, "%s", strerror(errno));
	if (fstat(fd, &sb) || !sb.st_size) {
		close(fd);
		return fail(p, EINVAL, "empty file");
	}
	m = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return fail(p, errno, "%s", strerror(errno));
	p->base = m;
	p->size = (size_t)sb.st_size;
	return 0;
}

static void unmap(struct pdata *p)
{
	unsigned i;

	for (i = 0; i < p->nattrs; i++) {
		free(p->attrs[i].name);
		tpr_tp_free(p->attrs[i].tp);
	}
	for (i = 0; i < p->nfmts; i++) {
		free(p->fmts[i].system);
		free(p->fmts[i].name);
		free(p->fmts[i].text);
	}
	free(p->attrs);
	free(p->ids);
	free(p->fmts);
	if (p->base)
		munmap((void *)p->base, p->size);
}

int perfdata_is(const void *head, size_t n)
{
	return n >= 8 && !memcmp(head, "PERFILE2", 8);
}

int perfdata_read(const char *path, void (*fn)(PEVENT_RECORD er, void *ctx),
		  void *ctx, struct perfdata_stats *st, char *err, size_t errlen)
{
	struct pdata p = { .err = err, .errlen = errlen };
	int r;

	memset(st, 0, sizeof(*st));
	r = map_file(&p, path);
	if (!r)
		r = read_file(&p, fn, ctx, st);
	unmap(&p);
	return r;
}

int eventheader_dat_is(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcasecmp(path + n - 4, ".dat");
}

int eventheader_dat_read(const char *path,
			 void (*fn)(PEVENT_RECORD er, void *ctx), void *ctx,
			 struct perfdata_stats *st, char *err, size_t errlen)
{
	struct pdata p = { .err = err, .errlen = errlen };
	struct tpr_out o = { 0 };
	uint64_t off = 0;
	int r;

	memset(st, 0, sizeof(*st));
	r = map_file(&p, path);
	while (!r && off + 4 <= p.size) {
		uint32_t size = u32at(p.base + off);
		const uint8_t *rec = p.base + off + 4, *z;
		struct tpr_tp *tp;

		if (size <= 4 || !in_file(&p, off, size)) {
			r = fail(&p, EINVAL, "record at offset %llu: bad size %u",
				 (unsigned long long)off, size);
			break;
		}
		st->records++;
		z = memchr(rec, 0, size - 4);
		if (!z) {
			st->bad++;
			off += size;
			continue;
		}
		/* The name as perf shows it: user_events:Provider_L5K1. */
		tp = tpr_tp_new("user_events", (const char *)rec, NULL, 0);
		if (!tp) {
			r = fail(&p, ENOMEM, "out of memory");
			break;
		}
		tpr_build(tp, z + 1, (uint32_t)(rec + size - 4 - (z + 1)), &o);
		o.er.UserContext = ctx;
		st->samples++;
		fn(&o.er, ctx);
		tpr_tp_free(tp);
		off += size;
	}
	tpr_out_free(&o);
	unmap(&p);
	return r;
}
