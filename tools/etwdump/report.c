// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report FILE.html: the trace as one interactive page that
 * needs no network -- inline CSS and script (report.css, report.js,
 * report_events.js, built in by report_assets.c), the data inline as
 * JSON, and a Content-Security-Policy that lets the page fetch nothing.
 *
 * The numbers are the summary's (common/evsum.h: events per provider,
 * event type and process, with the names the trace gives), so the page
 * agrees with etwdump --summary.  For the timeline the page gets cells:
 * (time, event type, process, level, count), time in quanta after the
 * first event.  The quantum starts at 100 ns (an event's resolution);
 * when the cells outgrow CELL_CAP it doubles and cells that fall into
 * one quantum merge, so the timeline stays a few MB whatever the trace's
 * size and can zoom down to the quantum.  Losses the session reported
 * while it was read are marked where they were seen; a file's header
 * only says how many.
 *
 * The event table (WPA's Generic Events) gets every event, up to
 * ROWS_MAX, as columns: its time in ticks (100 ns, or the raw clock's)
 * after the first event -- integers, so that the page shows each time
 * exactly as the summary does --, its event type, process, thread, CPU,
 * and the shape of its fields (their names, kept once per distinct
 * list).  Their values come in chunks of CHUNK events, each a JSON
 * array the page parses only when it shows or searches them, up to
 * FIELDS_MAX MB in all ($ETW_REPORT_FIELDS_MB; a value is cut at
 * VALUE_MAX): the page's
 * memory and its load time stay bounded on a trace of millions of
 * events.  What is cut is said, on the page and here.  While reading,
 * rows and chunks wait in temporary files, not in memory.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "common/json.h"
#include "common/guid.h"
#include "view.h"

#define CELL_CAP	250000
#define MAX_MARKS	256
#define ROWS_MAX	2000000		/* events listed in the table */
#define CHUNK		2048		/* events per chunk of field values */
#define FIELDS_MAX	256		/* MB of field values, all chunks (ETW_REPORT_FIELDS_MB) */
#define VALUE_MAX	4096		/* bytes of one value */
#define SHAPES_MAX	65536		/* distinct lists of field names */

/* An event of the table, as it waits in rows_f. */
struct row {
	int64_t t;		/* its timestamp (FILETIME, or the raw clock) */
	uint32_t type, proc, tid;
	int32_t shape;		/* its field names (shapes[]); -1: values not kept */
	uint16_t cpu;
};

struct cell {
	long long q;		/* quanta after t0 */
	unsigned type, proc;
	unsigned char level;
	unsigned long long n;
};

struct mark {
	long long t_ns;		/* LLONG_MIN: before the first event */
	unsigned long long events, buffers;
};

static FILE *out;
static char *out_path;
static const struct evsum *sum = &dump.sum;	/* the numbers: the summary's */
static struct cell *cells;
static size_t ncells, cap_cells;
static long long t0, quantum = 100;	/* ns */
static LONGLONG t0_stamp;		/* the first event's timestamp */
static int have_t0;
static struct mark marks[MAX_MARKS];
static unsigned nmarks;

/* The table: rows and field values wait in temporary files. */
static FILE *rows_f, *vals_f;
static struct json vals;		/* writing vals_f */
static unsigned long long nrows, nkept;	/* rows; rows whose values are kept */
static long *chunk_at;			/* where each chunk starts in vals_f */
static size_t nchunks, cap_chunks;
static int values_full, cut_values;	/* the budget reached; values were cut */
static unsigned long fields_mb = FIELDS_MAX;	/* the budget */
static char **shapes;			/* field names, '\n'-joined, by index */
static size_t nshapes, cap_shapes;
static unsigned *shape_hash;		/* open addressing: index + 1, 0 empty */
static char **task_of;			/* each event type's task name, or NULL */
static size_t cap_tasks;

extern const char report_css[], report_js[], report_events_js[],
	report_profile_js[];
void report_profile_open(void);
void report_profile_json(struct json *j);

static int cmp_cell(const void *a, const void *b)
{
	const struct cell *x = a, *y = b;

	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->proc != y->proc)
		return x->proc < y->proc ? -1 : 1;
	return (int)x->level - (int)y->level;
}

/* Twice the quantum: cells of one new quantum merge by (type, proc, level). */
static void coarsen(void)
{
	size_t i, j, k, w = 0;

	quantum *= 2;
	for (i = 0; i < ncells; i++)
		cells[i].q /= 2;
	for (i = 0; i < ncells; i = j) {
		for (j = i + 1; j < ncells && cells[j].q == cells[i].q; j++)
			;
		qsort(cells + i, j - i, sizeof(*cells), cmp_cell);
		for (k = i; k < j; k++) {
			if (w && cells[w - 1].q == cells[k].q && !cmp_cell(&cells[w - 1], &cells[k]))
				cells[w - 1].n += cells[k].n;
			else
				cells[w++] = cells[k];
		}
	}
	ncells = w;
}

static void add_cell(long long t, unsigned type, unsigned proc, unsigned char level)
{
	long long q;
	struct cell *c;

	if (!have_t0) {
		t0 = t;
		have_t0 = 1;
	}
	q = (t - t0) / quantum;
	/* Runs of one kind of event: the last cell again. */
	if (ncells) {
		c = &cells[ncells - 1];
		if (c->q == q && c->type == type && c->proc == proc && c->level == level) {
			c->n++;
			return;
		}
	}
	if (ncells == cap_cells) {
		size_t cap = cap_cells ? 2 * cap_cells : 4096;
		struct cell *p;

		if (ncells >= CELL_CAP) {
			coarsen();
			add_cell(t, type, proc, level);
			return;
		}
		p = realloc(cells, cap * sizeof(*p));
		if (!p) {
			fprintf(stderr, "etwdump: --report: out of memory\n");
			exit(1);
		}
		cells = p;
		cap_cells = cap;
	}
	c = &cells[ncells++];
	c->q = q;
	c->type = type;
	c->proc = proc;
	c->level = level;
	c->n = 1;
}

static void *grow(void *p, size_t *cap, size_t want, size_t size)
{
	size_t cap2 = *cap ? *cap : 64;
	void *q;

	if (want <= *cap)
		return p;
	while (cap2 < want)
		cap2 *= 2;
	q = realloc(p, cap2 * size);
	if (!q) {
		fprintf(stderr, "etwdump: --report: out of memory\n");
		exit(1);
	}
	memset((char *)q + *cap * size, 0, (cap2 - *cap) * size);
	*cap = cap2;
	return q;
}

static uint32_t hash_of(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The index of the list of field names @names ('\n'-joined), or -1. */
static int32_t shape_of(const char *names)
{
	size_t mask = 2 * SHAPES_MAX - 1, k;

	if (!shape_hash) {
		shape_hash = calloc(2 * SHAPES_MAX, sizeof(*shape_hash));
		if (!shape_hash)
			return -1;
	}
	for (k = hash_of(names) & mask; shape_hash[k]; k = (k + 1) & mask)
		if (!strcmp(shapes[shape_hash[k] - 1], names))
			return (int32_t)shape_hash[k] - 1;
	if (nshapes == SHAPES_MAX)
		return -1;
	shapes = grow(shapes, &cap_shapes, nshapes + 1, sizeof(*shapes));
	shapes[nshapes] = strdup(names);
	if (!shapes[nshapes])
		return -1;
	shape_hash[k] = (unsigned)++nshapes;
	return (int32_t)nshapes - 1;
}

/* @s cut to at most @max bytes, on a UTF-8 character's start. */
static size_t cut_utf8(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (n <= max)
		return n;
	while (max && ((unsigned char)s[max] & 0xC0) == 0x80)
		max--;
	return max;
}

/* The event's field values, as one element of the current chunk. */
static void put_values(const struct view *v)
{
	char buf[VALUE_MAX + 8];
	unsigned i;

	json_open(&vals, '[');
	for (i = 0; i < v->nfields; i++) {
		const char *t = v->fields[i].text ? v->fields[i].text : "";
		size_t n = cut_utf8(t, VALUE_MAX);

		if (n < strlen(t)) {
			memcpy(buf, t, n);
			memcpy(buf + n, "\xe2\x80\xa6", 4);	/* U+2026, and the NUL */
			t = buf;
			cut_values = 1;
		}
		json_str(&vals, NULL, t);
	}
	json_close(&vals, ']');
}

/* The table's row for the event, and its values if there is room. */
static void add_row(PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	char names[4096];
	struct view v;
	struct row r;
	size_t n = 0;
	unsigned i;

	if (nrows >= ROWS_MAX || !rows_f)
		return;
	memset(&r, 0, sizeof(r));
	r.t = h->TimeStamp.QuadPart;
	r.type = (uint32_t)dump.cur_type;
	r.proc = (uint32_t)dump.cur_proc;
	r.tid = h->ThreadId;
	r.cpu = (uint16_t)GetEventProcessorIndex(er);
	r.shape = -1;
	if (dump.cur_type >= cap_tasks)
		task_of = grow(task_of, &cap_tasks, dump.cur_type + 1, sizeof(*task_of));
	if (!task_of[dump.cur_type] && d && d->task)
		task_of[dump.cur_type] = strdup(d->task);
	if (nrows % CHUNK == 0) {
		/* A new chunk: the last one closed, its start noted. */
		if (nrows)
			json_close(&vals, ']');
		chunk_at = grow(chunk_at, &cap_chunks, nchunks + 1, sizeof(*chunk_at));
		chunk_at[nchunks++] = ftell(vals_f);
		json_init(&vals, vals_f);
		json_open(&vals, '[');
	}
	if (!values_full && (unsigned long)ftell(vals_f) >= fields_mb << 20)
		values_full = 1;
	if (!values_full) {
		view_of(er, d, &v);
		for (i = 0; i < v.nfields && n < sizeof(names) - 1; i++)
			n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s", i ? "\n" : "",
					      v.fields[i].name ? v.fields[i].name : "");
		names[n < sizeof(names) ? n : sizeof(names) - 1] = 0;
		r.shape = shape_of(names);
	}
	if (r.shape >= 0) {
		put_values(&v);
		nkept++;
	} else {
		json_num(&vals, NULL, "0");	/* a place: no values */
	}
	if (fwrite(&r, sizeof(r), 1, rows_f) == 1)
		nrows++;
}

static void report_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;

	(void)o;
	/* consume.c counted it in dump.sum just before. */
	if (!have_t0)
		t0_stamp = h->TimeStamp.QuadPart;
	add_cell(filetime_ns(h->TimeStamp.QuadPart), (unsigned)dump.cur_type,
		 (unsigned)dump.cur_proc, h->EventDescriptor.Level);
	add_row(er, d);
}

static void report_lost(LONGLONG when, unsigned long long events,
			unsigned long long buffers)
{
	/*
	 * A file's losses are its header's counts: when they happened is
	 * not known, and the page draws no line for them.  A session's are
	 * seen as they are reported, after the event last read (before the
	 * first: at the start).
	 */
	if (!dump.session)
		return;
	if (nmarks < MAX_MARKS) {
		marks[nmarks].t_ns = when ? filetime_ns(when) : LLONG_MIN;
		marks[nmarks].events = events;
		marks[nmarks].buffers = buffers;
		nmarks++;
	}
}

static int report_open(const char *path)
{
	out = strcmp(path, "-") ? fopen(path, "w") : stdout;
	if (!out) {
		fprintf(stderr, "etwdump: --report %s: %s\n", path, strerror(errno));
		return -1;
	}
	out_path = strdup(path);
	report_profile_open();	/* the samples' trees, the switches (report_profile.c) */
	if (getenv("ETW_REPORT_FIELDS_MB")) {
		char *end;

		errno = 0;
		fields_mb = strtoul(getenv("ETW_REPORT_FIELDS_MB"), &end, 10);
		if (errno || *end || fields_mb > 1u << 20) {
			fprintf(stderr, "etwdump: ETW_REPORT_FIELDS_MB=%s: a number of MB\n",
				getenv("ETW_REPORT_FIELDS_MB"));
			return -1;
		}
	}
	rows_f = tmpfile();
	vals_f = tmpfile();
	if (!rows_f || !vals_f) {
		fprintf(stderr, "etwdump: --report %s: no temporary file for the event table: "
			"%s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* HTML text. */
static void html(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

/* The page's data, as the members of one JSON object. */
static void data(struct json *j, const struct evsum_info *in)
{
	char t[96];
	size_t i;
	int k;

	json_str(j, "title", in->session ? in->session : in->nfiles ? in->files[0] : "");
	json_key(j, "files");
	json_open(j, '[');
	for (k = 0; k < in->nfiles; k++)
		json_str(j, NULL, in->files[k]);
	json_close(j, ']');
	json_str(j, "session", in->session);
	json_str(j, "host", sum->host);
	json_bool(j, "raw", in->raw);
	/*
	 * Times as integers a JavaScript double holds exactly: t0 as the
	 * seconds since 1970 and the ticks (100 ns) after them; the first
	 * and last events' times as the summary writes them.
	 */
	if (have_t0 && !in->raw) {
		long long since = t0_stamp - (long long)ETL_FILETIME_UNIX_EPOCH;
		long long secs = since >= 0 ? since / 10000000 : -((-since + 9999999) / 10000000);

		iso_time(t0_stamp, t);
		json_str(j, "t0_text", t);
		json_i64(j, "t0_s", secs);
		json_i64(j, "t0_frac", since - secs * 10000000);
	}
	if (sum->events) {
		if (in->raw) {
			snprintf(t, sizeof(t), "%lld", (long long)sum->first);
			json_str(j, "first_text", t);
			snprintf(t, sizeof(t), "%lld", (long long)sum->last);
			json_str(j, "last_text", t);
		} else {
			iso_time(sum->first, t);
			json_str(j, "first_text", t);
			iso_time(sum->last, t);
			json_str(j, "last_text", t);
		}
		json_i64(j, "first_tick", sum->first - t0_stamp);
		json_i64(j, "last_tick", sum->last - t0_stamp);
	}
	json_i64(j, "tick_ns", in->raw ? 1 : 100);
	json_i64(j, "span_ns", sum->events ? (in->raw ? sum->last - sum->first :
					     (sum->last - sum->first) * 100) : 0);
	json_i64(j, "quantum_ns", quantum);
	json_u64(j, "events", sum->events);
	json_u64(j, "events_lost", in->events_lost);
	json_u64(j, "buffers_lost", in->buffers_lost);
	json_u64(j, "buffers_read", in->buffers_read);
	json_double(j, "read_seconds", in->read_secs);
	/* The summary's lists, in the order of its indexes (the cells'). */
	evsum_json_list(j, sum, 'p', 0);
	evsum_json_list(j, sum, 't', 0);
	evsum_json_list(j, sum, 'r', 0);
	/* Cells, column by column: q (delta to the previous), type, proc, level, n. */
	json_key(j, "cells");
	json_open(j, '{');
	for (k = 0; k < 5; k++) {
		json_key(j, (const char *[]){ "dq", "type", "proc", "level", "n" }[k]);
		json_open(j, '[');
		for (i = 0; i < ncells; i++)
			json_i64(j, NULL, k == 0 ? cells[i].q - (i ? cells[i - 1].q : 0) :
				 k == 1 ? (long long)cells[i].type : k == 2 ? (long long)cells[i].proc :
				 k == 3 ? (long long)cells[i].level : (long long)cells[i].n);
		json_close(j, ']');
	}
	json_close(j, '}');
	json_key(j, "losses");
	json_open(j, '[');
	for (i = 0; i < nmarks; i++) {
		json_open(j, '{');
		json_i64(j, "t_ns", marks[i].t_ns == LLONG_MIN || !have_t0 ? 0 :
			 marks[i].t_ns - t0);
		json_u64(j, "events", marks[i].events);
		json_u64(j, "buffers", marks[i].buffers);
		json_close(j, '}');
	}
	json_close(j, ']');
	/* The table: how much of it there is, the names of fields. */
	json_key(j, "table");
	json_open(j, '{');
	json_u64(j, "rows", nrows);
	json_u64(j, "rows_max", ROWS_MAX);
	json_u64(j, "kept", nkept);
	json_u64(j, "chunk", CHUNK);
	json_u64(j, "chunks", nchunks);
	json_u64(j, "fields_max", (uint64_t)fields_mb << 20);
	json_bool(j, "values_cut", cut_values);
	json_u64(j, "value_max", VALUE_MAX);
	json_key(j, "shapes");
	json_open(j, '[');
	for (i = 0; i < nshapes; i++) {
		const char *p = shapes[i], *e;

		json_open(j, '[');
		while (*p) {
			char name[512];

			e = strchr(p, '\n');
			snprintf(name, sizeof(name), "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
			json_str(j, NULL, name);
			if (!e)
				break;
			p = e + 1;
		}
		json_close(j, ']');
	}
	json_close(j, ']');
	json_key(j, "tasks");
	json_open(j, '[');
	for (i = 0; i < sum->ntypes; i++)
		json_str(j, NULL, i < cap_tasks ? task_of[i] : NULL);
	json_close(j, ']');
	json_close(j, '}');
}

/* A column of the rows (@k: 0 time, 1 type, 2 process, 3 thread, 4 CPU, 5 shape). */
static void row_column(struct json *j, int k)
{
	struct row r;
	int64_t prev = t0_stamp;

	rewind(rows_f);
	json_open(j, '[');
	while (fread(&r, sizeof(r), 1, rows_f) == 1) {
		switch (k) {
		case 0:
			json_i64(j, NULL, r.t - prev);	/* the delta: short */
			prev = r.t;
			break;
		case 1: json_u64(j, NULL, r.type); break;
		case 2: json_u64(j, NULL, r.proc); break;
		case 3: json_u64(j, NULL, r.tid); break;
		case 4: json_u64(j, NULL, r.cpu); break;
		default: json_i64(j, NULL, r.shape); break;
		}
	}
	json_close(j, ']');
}

/*
 * JSON inside <script>: every '<' as \u003c (JSON has '<' only inside
 * strings), so that no "</script" or "<!--" in a name or a value ends
 * the element early or changes how HTML reads it.
 */
static void put_script_safe(FILE *f, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '<')
			fputs("\\u003c", f);
		else
			putc_unlocked(s[i], f);
	}
}

/* Copy @n bytes of @from, from @at, into the page (script-safe). */
static void copy_script(FILE *to, FILE *from, long at, long n)
{
	char buf[65536];
	size_t k;

	if (fseek(from, at, SEEK_SET))
		return;
	while (n > 0 && (k = fread(buf, 1, (size_t)(n < (long)sizeof(buf) ? n : (long)sizeof(buf)),
				   from)) > 0) {
		put_script_safe(to, buf, k);
		n -= (long)k;
	}
}

/*
 * The table's data: #etw-rows, its columns; #etw-v0, #etw-v1, ...: the
 * chunks of field values, each parsed by the page only when needed.
 */
static void write_table(FILE *f)
{
	static const char *const col[] = { "t", "type", "proc", "tid", "cpu", "shape" };
	struct json j;
	long end;
	size_t c;
	int k;

	if (!rows_f || !vals_f)
		return;
	fputs("<script type=\"application/json\" id=\"etw-rows\">", f);
	json_init(&j, f);
	json_open(&j, '{');
	for (k = 0; k < 6; k++) {
		json_key(&j, col[k]);
		row_column(&j, k);
	}
	json_close(&j, '}');
	fputs("</script>\n", f);
	if (nrows)
		json_close(&vals, ']');
	fflush(vals_f);
	end = ftell(vals_f);
	for (c = 0; c < nchunks; c++) {
		fprintf(f, "<script type=\"application/json\" id=\"etw-v%zu\">", c);
		copy_script(f, vals_f, chunk_at[c], (c + 1 < nchunks ? chunk_at[c + 1] : end) -
			    chunk_at[c]);
		fputs("</script>\n", f);
	}
}

static void write_page(const struct evsum_info *in)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	struct json j;
	int k;

	if (mem) {
		json_init(&j, mem);
		json_open(&j, '{');
		data(&j, in);
		report_profile_json(&j);
		json_close(&j, '}');
		fclose(mem);
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"etwdump (Linux ETW)\">\n<title>ETW trace: ", out);
	if (in->session)
		html(out, in->session);
	for (k = 0; !in->session && k < in->nfiles && (in->nfiles <= 3 || k < 2); k++) {
		fputs(k ? ", " : "", out);
		html(out, in->files[k]);
	}
	if (!in->session && in->nfiles > 3)
		fprintf(out, " and %d more files", in->nfiles - 2);
	fputs("</title>\n<style>", out);
	fputs(report_css, out);
	fputs("</style></head>\n<body>\n<noscript><p>This report draws itself with "
	      "JavaScript: allow scripts for this file.</p></noscript>\n"
	      "<script type=\"application/json\" id=\"etw-data\">", out);
	if (buf)
		put_script_safe(out, buf, len);
	fputs("</script>\n", out);
	write_table(out);
	fputs("<script>", out);
	fputs(report_js, out);
	fputs("</script>\n<script>", out);
	fputs(report_profile_js, out);
	/* Last: it starts the page (ETW.start()). */
	fputs("</script>\n<script>", out);
	fputs(report_events_js, out);
	fputs("</script>\n</body></html>\n", out);
	free(buf);
}

static int report_close(const struct evsum *s, const struct evsum_info *in)
{
	size_t i;
	int ret;

	(void)s;
	write_page(in);
	ret = ferror(out) ? -1 : 0;
	if (out == stdout ? fflush(out) : fclose(out))
		ret = -1;
	if (out == stdout && stdout_gone())
		ret = 0;	/* its reader went away: not an error, nothing to say */
	else if (ret)
		fprintf(stderr, "etwdump: --report %s: could not write it\n", out_path);
	else if (nrows < sum->events || values_full)
		fprintf(stderr, "etwdump: --report %s: the event table lists %llu of %llu events"
			"%s%llu with their fields (the first %u MB of them)\n", out_path, nrows,
			(unsigned long long)sum->events, nrows < sum->events ? " (the first), " :
			", ", nkept, (unsigned)fields_mb);
	free(cells);
	free(out_path);
	if (rows_f)
		fclose(rows_f);
	if (vals_f)
		fclose(vals_f);
	for (i = 0; i < nshapes; i++)
		free(shapes[i]);
	free(shapes);
	free(shape_hash);
	for (i = 0; i < cap_tasks; i++)
		free(task_of[i]);
	free(task_of);
	free(chunk_at);
	return ret;
}

const struct output output_report = {
	.event = report_event,
	.open = report_open,
	.close = report_close,
	.lost = report_lost,
};
