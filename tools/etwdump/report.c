// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report FILE.html: what tracerpt's summary says, drawn -- one
 * self-contained HTML page (inline CSS and SVG; no script, no font, no
 * image, nothing fetched: its Content-Security-Policy forbids it).
 *
 *   the trace at a glance: events, providers, processes, time span, rate,
 *   events and buffers lost;
 *   events per provider over time (the 8 busiest apart), events per level
 *   over time, with red flags where losses were seen;
 *   the busiest events and processes.
 *
 * The time axis adapts as events come: 120 buckets, each twice as wide
 * (neighbours merged) whenever the trace outgrows them.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "etwdump.h"
#include "report.h"
#include "view.h"

#define MAX_PROVIDERS	1024
#define TOP_N		15

struct prov {
	GUID guid;
	char *name;
	unsigned long long n, b[RPT_BUCKETS];
};

struct evkey {
	GUID guid;
	USHORT id;
	UCHAR version;
	char *name;
	unsigned long long n;
	int used;
};

struct proc {
	ULONG pid;
	unsigned long long n;
	int used;
};

static FILE *out;
static char *out_path;
static struct prov provs[MAX_PROVIDERS + 1];	/* the last: all others */
static unsigned nprovs;
static unsigned long long levels[RPT_LEVELS][RPT_BUCKETS], level_total[RPT_LEVELS];
static long long t0 = -1, width = 1000000, t_first, t_last;	/* ns */
static struct evkey *evs;
static size_t evs_cap, evs_used;
static struct proc *procs;
static size_t procs_cap, procs_used;
static struct rpt_mark marks[256];
static unsigned nmarks;
static unsigned long long seen;

/* Double the buckets' width until @t fits, merging neighbours. */
static void fit(long long t)
{
	unsigned i, k;

	while (t >= t0 + width * RPT_BUCKETS) {
		for (i = 0; i < RPT_BUCKETS / 2; i++) {
			for (k = 0; k <= nprovs && k <= MAX_PROVIDERS; k++)
				provs[k].b[i] = provs[k].b[2 * i] + provs[k].b[2 * i + 1];
			for (k = 0; k < RPT_LEVELS; k++)
				levels[k][i] = levels[k][2 * i] + levels[k][2 * i + 1];
		}
		for (i = RPT_BUCKETS / 2; i < RPT_BUCKETS; i++) {
			for (k = 0; k <= MAX_PROVIDERS; k++)
				provs[k].b[i] = 0;
			for (k = 0; k < RPT_LEVELS; k++)
				levels[k][i] = 0;
		}
		width *= 2;
	}
}

static struct prov *prov_of(const GUID *g, const char *name)
{
	unsigned i;

	for (i = 0; i < nprovs; i++)
		if (IsEqualGUID(&provs[i].guid, g))
			return &provs[i];
	if (nprovs == MAX_PROVIDERS)
		return &provs[MAX_PROVIDERS];
	provs[nprovs].guid = *g;
	provs[nprovs].name = strdup(name);
	return &provs[nprovs++];
}

static uint64_t hash_mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

/* Open addressing, grown at half full. */
static int grow(void **tab, size_t *cap, size_t elem)
{
	size_t ncap = *cap ? 2 * *cap : 1024;
	void *n = calloc(ncap, elem), *old = *tab;
	size_t i;

	if (!n)
		return -1;
	*tab = n;
	for (i = 0; i < *cap; i++) {
		if (elem == sizeof(struct evkey)) {
			struct evkey *e = (struct evkey *)old + i, *t = n;
			uint64_t h;

			if (!e->used)
				continue;
			h = hash_mix(e->guid.Data1 ^ ((uint64_t)e->id << 32) ^ e->version);
			while (t[h & (ncap - 1)].used)
				h++;
			t[h & (ncap - 1)] = *e;
		} else {
			struct proc *p = (struct proc *)old + i, *t = n;
			uint64_t h;

			if (!p->used)
				continue;
			h = hash_mix(p->pid);
			while (t[h & (ncap - 1)].used)
				h++;
			t[h & (ncap - 1)] = *p;
		}
	}
	free(old);
	*cap = ncap;
	return 0;
}

static void count_event(const GUID *g, USHORT id, UCHAR version, const char *name)
{
	struct evkey *e;
	uint64_t h;

	if (2 * (evs_used + 1) > evs_cap &&
	    grow((void **)&evs, &evs_cap, sizeof(*evs)))
		return;
	h = hash_mix(g->Data1 ^ ((uint64_t)id << 32) ^ version);
	for (;; h++) {
		e = &evs[h & (evs_cap - 1)];
		if (!e->used)
			break;
		if (e->id == id && e->version == version && IsEqualGUID(&e->guid, g)) {
			e->n++;
			return;
		}
	}
	e->used = 1;
	e->guid = *g;
	e->id = id;
	e->version = version;
	e->name = strdup(name);
	e->n = 1;
	evs_used++;
}

static void count_process(ULONG pid)
{
	struct proc *p;
	uint64_t h;

	if (2 * (procs_used + 1) > procs_cap &&
	    grow((void **)&procs, &procs_cap, sizeof(*procs)))
		return;
	for (h = hash_mix(pid);; h++) {
		p = &procs[h & (procs_cap - 1)];
		if (!p->used)
			break;
		if (p->pid == pid) {
			p->n++;
			return;
		}
	}
	p->used = 1;
	p->pid = pid;
	p->n = 1;
	procs_used++;
}

static void report_event(FILE *f, PEVENT_RECORD er, const struct decoded *d,
	const char *guid, const char *when)
{
	const EVENT_HEADER *h = &er->EventHeader;
	long long t = filetime_ns(h->TimeStamp.QuadPart);
	unsigned lvl = h->EventDescriptor.Level < RPT_LEVELS ? h->EventDescriptor.Level :
							       RPT_LEVELS - 1;
	unsigned i;
	struct prov *p;
	struct view v;

	(void)f;
	(void)guid;
	(void)when;
	if (event_is_header(er))
		return;
	view_of(er, d, &v);
	if (t0 < 0) {
		t0 = t_first = t_last = t;
	}
	if (t < t0) {
		/* Out of order by a little (files merged): the first bucket. */
		t = t0;
	}
	if (t < t_first)
		t_first = t;
	if (t > t_last)
		t_last = t;
	fit(t);
	i = (unsigned)((t - t0) / width);
	p = prov_of(&h->ProviderId, v.provider);
	p->n++;
	p->b[i]++;
	levels[lvl][i]++;
	level_total[lvl]++;
	count_event(&h->ProviderId, h->EventDescriptor.Id, h->EventDescriptor.Version,
		    v.event);
	count_process(h->ProcessId);
	seen++;
}

static void report_lost(LONGLONG when, unsigned long long events,
			unsigned long long buffers)
{
	if (nmarks < sizeof(marks) / sizeof(marks[0])) {
		/* 0: before the first event (placed when the page is written). */
		marks[nmarks].t_ns = when ? filetime_ns(when) : LLONG_MIN;
		marks[nmarks].events = events;
		marks[nmarks].buffers = buffers;
		nmarks++;
	}
}

static int report_open(const char *path)
{
	out = fopen(path, "w");
	if (!out) {
		perror(path);
		return -1;
	}
	out_path = strdup(path);
	return 0;
}

static void report_summary(FILE *f, const struct totals *t)
{
	(void)f;
	(void)t;
}

static int cmp_prov(const void *a, const void *b)
{
	const struct prov *x = a, *y = b;

	return x->n < y->n ? 1 : x->n > y->n ? -1 : 0;
}

static int cmp_ev(const void *a, const void *b)
{
	const struct evkey *x = a, *y = b;

	return x->n < y->n ? 1 : x->n > y->n ? -1 : 0;
}

static int cmp_proc(const void *a, const void *b)
{
	const struct proc *x = a, *y = b;

	return x->n < y->n ? 1 : x->n > y->n ? -1 : 0;
}

static const char *const css =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
	"margin:0;background:#f4f6f9;color:#1d2430}"
	"header{background:#1f3a5f;color:#fff;padding:22px 32px}"
	"header h1{margin:0;font-size:24px;font-weight:600}"
	"header p{margin:4px 0 0;opacity:.85}"
	"main{max-width:1040px;margin:0 auto;padding:8px 24px 32px}"
	"section{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.08);"
	"margin:18px 0;padding:16px 20px}"
	"h2{font-size:17px;margin:0 0 10px;font-weight:600}"
	".cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(118px,1fr));gap:12px}"
	".card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.08);"
	"padding:12px 14px}"
	".card .v{font-size:24px;font-weight:650}.card .k{color:#5b6675;font-size:12px;"
	"text-transform:uppercase;letter-spacing:.04em}"
	".card.bad .v{color:#c0392b}.card.good .v{color:#1e8449}"
	"svg.chart,svg.bars{width:100%;height:auto;display:block}"
	".grid{stroke:#e3e7ed}.axisline{stroke:#8a94a3}"
	".axis,.note{font-size:11px;fill:#5b6675}"
	".series{opacity:.9}.series:hover{opacity:1}"
	".loss line{stroke:#d62728;stroke-width:1.5;stroke-dasharray:4 3}.loss path{fill:#d62728}"
	".label{font-size:13px;fill:#1d2430}.sub{fill:#8a94a3;font-size:11px}"
	".value{font-size:12px;fill:#5b6675}"
	"ul.legend{list-style:none;padding:0;margin:8px 0 0;display:flex;flex-wrap:wrap;gap:6px 18px}"
	"ul.legend li{font-size:13px}.legend .n{color:#8a94a3}"
	"table{border-collapse:collapse;width:100%}"
	"td,th{padding:5px 8px;border-bottom:1px solid #eef0f3;text-align:left;font-size:13px}"
	"th{color:#5b6675;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums}"
	"code{font-size:12px;color:#5b6675}"
	"footer{color:#8a94a3;font-size:12px;text-align:center;padding:0 0 24px}";

static const char *const palette[RPT_SERIES + 1] = {
	"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
	"#b07aa1", "#ff9da7", "#9c9c9c",
};

static const char *const level_names[RPT_LEVELS] = {
	"Log always (0)", "Critical (1)", "Error (2)", "Warning (3)",
	"Information (4)", "Verbose (5+)",
};
static const char *const level_colors[RPT_LEVELS] = {
	"#7f5fa8", "#8b0000", "#d62728", "#ff9f1c", "#3b82c4", "#a7b1bd",
};

static void card(const char *k, const char *v, const char *cls)
{
	fprintf(out, "<div class=\"card%s%s\"><div class=\"v\">%s</div>"
		"<div class=\"k\">%s</div></div>\n", cls ? " " : "", cls ? cls : "", v, k);
}

static void write_page(const struct totals *t)
{
	struct rpt_series ser[RPT_SERIES + 1], lser[RPT_LEVELS];
	struct rpt_chart ch;
	struct rpt_bar bars[TOP_N];
	unsigned nb, i, k, nser;
	long long span = t_last - t_first;
	char a[96], b[96], c[96];
	struct evkey *ev_sorted;
	struct proc *pr_sorted;
	size_t j, n;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
	      "style-src 'unsafe-inline'\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n"
	      "<meta name=\"generator\" content=\"etwdump (Linux ETW)\">\n<title>ETW trace report", out);
	fputs("</title>\n<style>", out);
	fputs(css, out);
	fputs("</style></head>\n<body>\n<header><h1>ETW trace report</h1><p>", out);
	if (dump.session) {
		fputs("Real-time session <b>", out);
		html_text(out, dump.session);
		fputs("</b>", out);
	} else {
		for (i = 0; i < (unsigned)dump.nh; i++) {
			fputs(i ? ", " : "", out);
			html_text(out, dump.lf[i].LogFileName);
		}
	}
	if (seen && !dump.raw) {
		iso_time(t_first / 100 + 116444736000000000LL, a);
		iso_time(t_last / 100 + 116444736000000000LL, b);
		fprintf(out, " &middot; %s &ndash; %s", a, b);
	}
	fputs("</p></header>\n<main>\n<div class=\"cards\" id=\"cards\">\n", out);
	card("events", human_count(seen, a, sizeof(a)), NULL);
	snprintf(c, sizeof(c), "%u", nprovs);
	card("providers", c, NULL);
	snprintf(c, sizeof(c), "%zu", procs_used);
	card("processes", c, NULL);
	card("time span", human_duration(span, a, sizeof(a)), NULL);
	if (span <= 0)
		snprintf(c, sizeof(c), "-");
	else if (seen * 1e9 / span < 10)
		snprintf(c, sizeof(c), "%.2g/s", seen * 1e9 / span);
	else
		snprintf(c, sizeof(c), "%s/s",
			 human_count((unsigned long long)(seen * 1e9 / span), a, sizeof(a)));
	card("event rate", c, NULL);
	card("events lost", human_count(t->events_lost, a, sizeof(a)),
	     t->events_lost ? "bad" : "good");
	card("buffers lost", human_count(t->buffers_lost, a, sizeof(a)),
	     t->buffers_lost ? "bad" : "good");
	fputs("</div>\n", out);

	if (!seen) {
		fputs("<section><h2>No events</h2><p>The trace holds no event.</p></section>\n", out);
		goto footer;
	}

	/* Providers: the busiest apart, the rest together. */
	qsort(provs, nprovs, sizeof(provs[0]), cmp_prov);
	nser = nprovs < RPT_SERIES ? nprovs : RPT_SERIES;
	memset(ser, 0, sizeof(ser));
	for (k = 0; k < nser; k++) {
		ser[k].name = provs[k].name;
		ser[k].color = palette[k];
		memcpy(ser[k].n, provs[k].b, sizeof(ser[k].n));
		ser[k].total = provs[k].n;
	}
	if (nprovs > nser || provs[MAX_PROVIDERS].n) {
		ser[nser].name = "other providers";
		ser[nser].color = palette[RPT_SERIES];
		for (k = nser; k <= MAX_PROVIDERS; k++) {
			if (k >= nprovs && k != MAX_PROVIDERS)
				continue;
			for (i = 0; i < RPT_BUCKETS; i++)
				ser[nser].n[i] += provs[k].b[i];
			ser[nser].total += provs[k].n;
		}
		nser++;
	}
	memset(&ch, 0, sizeof(ch));
	ch.t0_ns = t0;
	ch.width_ns = width;
	ch.nbuckets = (unsigned)((t_last - t0) / width) + 1;
	if (ch.nbuckets > RPT_BUCKETS)
		ch.nbuckets = RPT_BUCKETS;
	for (i = 0; i < nmarks; i++)
		if (marks[i].t_ns == LLONG_MIN)
			marks[i].t_ns = t_first;
	ch.marks = marks;
	ch.nmarks = nmarks;
	ch.title = "Events per provider over time";
	ch.id = "providers-chart";
	ch.series = ser;
	ch.nseries = nser;
	fputs("<section id=\"providers\"><h2>Events per provider over time</h2>\n", out);
	svg_time_chart(out, &ch);
	svg_legend(out, ser, nser);
	fputs("</section>\n", out);

	memset(lser, 0, sizeof(lser));
	for (k = 0; k < RPT_LEVELS; k++) {
		lser[k].name = level_names[k];
		lser[k].color = level_colors[k];
		memcpy(lser[k].n, levels[k], sizeof(lser[k].n));
		lser[k].total = level_total[k];
	}
	ch.title = "Events per level over time";
	ch.id = "levels-chart";
	ch.bars = 1;
	ch.series = lser;
	ch.nseries = RPT_LEVELS;
	fputs("<section id=\"levels\"><h2>Events per level over time</h2>\n", out);
	svg_time_chart(out, &ch);
	svg_legend(out, lser, RPT_LEVELS);
	fputs("</section>\n", out);

	/* The busiest events. */
	ev_sorted = calloc(evs_used ? evs_used : 1, sizeof(*ev_sorted));
	for (j = 0, n = 0; ev_sorted && j < evs_cap; j++)
		if (evs[j].used)
			ev_sorted[n++] = evs[j];
	if (ev_sorted) {
		qsort(ev_sorted, n, sizeof(*ev_sorted), cmp_ev);
		fprintf(out, "<section id=\"events\"><h2>Top events</h2>\n");
		nb = n < TOP_N ? (unsigned)n : TOP_N;
		for (i = 0; i < nb; i++) {
			struct prov *p = prov_of(&ev_sorted[i].guid, "");

			bars[i].label = ev_sorted[i].name;
			bars[i].sub = p->name;
			bars[i].n = ev_sorted[i].n;
		}
		svg_bar_chart(out, "events-chart", bars, nb, "#4e79a7");
		fputs("<table><tr><th>Provider</th><th>Event</th><th>Id</th><th>Version</th>"
		      "<th class=\"num\">Events</th><th class=\"num\">Share</th></tr>\n", out);
		for (i = 0; i < nb; i++) {
			struct prov *p = prov_of(&ev_sorted[i].guid, "");

			fputs("<tr><td>", out);
			html_text(out, p->name);
			fputs("</td><td>", out);
			html_text(out, ev_sorted[i].name);
			fprintf(out, "</td><td>%u</td><td>%u</td><td class=\"num\">%llu</td>"
				"<td class=\"num\">%.1f%%</td></tr>\n", ev_sorted[i].id,
				ev_sorted[i].version, ev_sorted[i].n, 100.0 * ev_sorted[i].n / seen);
		}
		fputs("</table></section>\n", out);
		free(ev_sorted);
	}

	/* The busiest processes. */
	pr_sorted = calloc(procs_used ? procs_used : 1, sizeof(*pr_sorted));
	for (j = 0, n = 0; pr_sorted && j < procs_cap; j++)
		if (procs[j].used)
			pr_sorted[n++] = procs[j];
	if (pr_sorted) {
		static char labels[TOP_N][32];

		qsort(pr_sorted, n, sizeof(*pr_sorted), cmp_proc);
		nb = n < TOP_N ? (unsigned)n : TOP_N;
		for (i = 0; i < nb; i++) {
			snprintf(labels[i], sizeof(labels[i]), "pid %u", pr_sorted[i].pid);
			bars[i].label = labels[i];
			bars[i].sub = NULL;
			bars[i].n = pr_sorted[i].n;
		}
		fprintf(out, "<section id=\"processes\"><h2>Top processes</h2>\n");
		svg_bar_chart(out, "processes-chart", bars, nb, "#59a14f");
		fputs("</section>\n", out);
		free(pr_sorted);
	}

	/* Losses, in words. */
	for (i = 0; i < nmarks; i++)
		if (marks[i].t_ns == LLONG_MIN)
			marks[i].t_ns = t_first;
	fputs("<section id=\"losses\"><h2>Losses</h2>\n", out);
	if (!t->events_lost && !t->buffers_lost) {
		fputs("<p>No event and no buffer was lost.</p>\n", out);
	} else {
		fprintf(out, "<p><b>%llu events</b> and <b>%llu buffers</b> were lost "
			"(the session had no free buffer, or an event was larger than a "
			"buffer).</p>\n<table><tr><th>Seen at</th><th class=\"num\">Events</th>"
			"<th class=\"num\">Buffers</th></tr>\n", t->events_lost, t->buffers_lost);
		for (i = 0; i < nmarks; i++) {
			if (dump.raw)
				snprintf(a, sizeof(a), "%lld", marks[i].t_ns);
			else
				iso_time(marks[i].t_ns / 100 + 116444736000000000LL, a);
			fprintf(out, "<tr><td>%s</td><td class=\"num\">%llu</td>"
				"<td class=\"num\">%llu</td></tr>\n", a, marks[i].events,
				marks[i].buffers);
		}
		fputs("</table>\n", out);
	}
	fputs("</section>\n", out);
footer:
	fprintf(out, "</main>\n<footer>etwdump --report &middot; %llu events read in "
		"%.2f s</footer>\n</body></html>\n", t->events, t->secs);
}

static int report_close(const struct totals *t)
{
	unsigned i;
	size_t j;
	int ret;

	write_page(t);
	ret = ferror(out) ? -1 : 0;
	if (fclose(out))
		ret = -1;
	if (ret)
		fprintf(stderr, "etwdump: --report: could not write %s\n", out_path);
	for (i = 0; i < nprovs; i++)
		free(provs[i].name);
	for (j = 0; j < evs_cap; j++)
		if (evs[j].used)
			free(evs[j].name);
	free(evs);
	free(procs);
	free(out_path);
	return ret;
}

const struct output output_report = {
	.event = report_event,
	.summary = report_summary,
	.open = report_open,
	.close = report_close,
	.lost = report_lost,
};
