// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report FILE.html: the trace as one interactive page that
 * needs no network -- inline CSS and script (report.css, report.js,
 * built in by report_assets.c), the data inline as JSON, and a
 * Content-Security-Policy that lets the page fetch nothing.
 *
 * The numbers are the summary's (common/evsum.h: events per provider,
 * event type and process, with the names the trace gives), so the page
 * agrees with etwdump --summary.  For the timeline the page gets cells:
 * (time, event type, process, level, count), time in quanta after the
 * first event.  The quantum starts at 100 ns (an event's resolution);
 * when the cells outgrow CELL_CAP it doubles and cells that fall into
 * one quantum merge, so a page stays a few MB whatever the trace's size
 * and the timeline can zoom down to the quantum.  Losses are marked
 * where they were seen.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "common/json.h"
#include "etw_guid.h"

#define CELL_CAP	250000
#define MAX_MARKS	256

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
static int have_t0;
static struct mark marks[MAX_MARKS];
static unsigned nmarks;

extern const char report_css[], report_js[], report_profile_js[];
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

static void report_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;

	(void)o;
	(void)d;
	/* consume.c counted it in dump.sum just before. */
	add_cell(filetime_ns(h->TimeStamp.QuadPart), (unsigned)dump.cur_type,
		 (unsigned)dump.cur_proc, h->EventDescriptor.Level);
}

static void report_lost(LONGLONG when, unsigned long long events,
			unsigned long long buffers)
{
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
		perror(path);
		return -1;
	}
	out_path = strdup(path);
	report_profile_open();	/* the samples' trees, the switches (report_profile.c) */
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
	if (have_t0 && !in->raw) {
		iso_time(t0 / 100 + 116444736000000000LL, t);
		json_str(j, "t0_text", t);
	}
	json_i64(j, "t0_ns", have_t0 ? t0 : 0);
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
	report_profile_json(j);
}

/* The data inside <script>: "</" must not end it early. */
static void put_script_safe(FILE *f, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] == '<' && i + 1 < n && s[i + 1] == '/') {
			fputs("<\\/", f);
			i++;
		} else {
			putc_unlocked(s[i], f);
		}
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
	for (k = 0; !in->session && k < in->nfiles; k++) {
		fputs(k ? ", " : "", out);
		html(out, in->files[k]);
	}
	fputs("</title>\n<style>", out);
	fputs(report_css, out);
	fputs("</style></head>\n<body>\n<noscript><p>This report draws itself with "
	      "JavaScript: allow scripts for this file.</p></noscript>\n"
	      "<script type=\"application/json\" id=\"etw-data\">", out);
	if (buf)
		put_script_safe(out, buf, len);
	fputs("</script>\n<script>", out);
	fputs(report_js, out);
	fputs("</script>\n<script>", out);
	fputs(report_profile_js, out);
	fputs("</script>\n</body></html>\n", out);
	free(buf);
}

static int report_close(const struct evsum *s, const struct evsum_info *in)
{
	int ret;

	(void)s;
	write_page(in);
	ret = ferror(out) ? -1 : 0;
	if (out == stdout ? fflush(out) : fclose(out))
		ret = -1;
	if (ret)
		fprintf(stderr, "etwdump: --report: could not write %s\n", out_path);
	free(cells);
	free(out_path);
	return ret;
}

const struct output output_report = {
	.event = report_event,
	.open = report_open,
	.close = report_close,
	.lost = report_lost,
};
