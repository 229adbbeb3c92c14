// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report: the charts, drawn as inline SVG (no script, no
 * fetch): stacked areas or bars over time with the losses marked, and
 * horizontal bars.  Every shape carries a <title>, the browser's tooltip.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "report.h"

#define W	960	/* the chart's viewBox */
#define H	260
#define L	64	/* margins: left (the axis), right, top, bottom */
#define R	16
#define T	14
#define B	34

void html_text(FILE *f, const char *s)
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

const char *human_count(unsigned long long n, char *buf, size_t size)
{
	if (n >= 10000000000ULL)
		snprintf(buf, size, "%.0fG", n / 1e9);
	else if (n >= 10000000)
		snprintf(buf, size, "%.0fM", n / 1e6);
	else if (n >= 1000000)
		snprintf(buf, size, "%.1fM", n / 1e6);
	else if (n >= 10000)
		snprintf(buf, size, "%.0fk", n / 1e3);
	else
		snprintf(buf, size, "%llu", n);
	return buf;
}

const char *human_duration(long long ns, char *buf, size_t size)
{
	double s = ns / 1e9;

	if (ns < 0)
		ns = 0;
	if (s >= 3600)
		snprintf(buf, size, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
	else if (s >= 60)
		snprintf(buf, size, "%dm%02ds", (int)(s / 60), (int)s % 60);
	else if (s >= 1)
		snprintf(buf, size, "%.3g s", s);
	else if (ns >= 1000000)
		snprintf(buf, size, "%.3g ms", ns / 1e6);
	else if (ns >= 1000)
		snprintf(buf, size, "%.3g us", ns / 1e3);
	else
		snprintf(buf, size, "%lld ns", ns);
	return buf;
}

/* A "nice" top for an axis: 1, 2 or 5 times a power of ten, >= @max. */
static unsigned long long nice_top(unsigned long long max)
{
	unsigned long long p = 1;

	while (p * 10 <= max)
		p *= 10;
	if (max <= p)
		return p;
	if (max <= 2 * p)
		return 2 * p;
	if (max <= 5 * p)
		return 5 * p;
	return 10 * p;
}

/* Clock time (UTC) of a time in ns since 1970, to the precision asked. */
static void clock_text(long long ns, int fine, char *buf, size_t size)
{
	time_t t = (time_t)(ns / 1000000000LL);
	struct tm tm;

	if (!gmtime_r(&t, &tm)) {
		snprintf(buf, size, "%lld", ns);
		return;
	}
	if (fine)
		snprintf(buf, size, "%02d:%02d:%02d.%03lld", tm.tm_hour, tm.tm_min,
			 tm.tm_sec, (ns / 1000000) % 1000);
	else
		snprintf(buf, size, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
}

void svg_time_chart(FILE *f, const struct rpt_chart *c)
{
	double pw = W - L - R, ph = H - T - B, bw = pw / (c->nbuckets ? c->nbuckets : 1);
	unsigned long long max = 1, top, sum[RPT_BUCKETS] = { 0 };
	char a[64], b[64];
	unsigned i, k;
	int fine = c->width_ns * (long long)c->nbuckets < 60LL * 1000000000LL;

	for (i = 0; i < c->nbuckets; i++) {
		unsigned long long s = 0;

		for (k = 0; k < c->nseries; k++)
			s += c->series[k].n[i];
		if (s > max)
			max = s;
	}
	/* Four gridlines at round numbers. */
	top = 4 * nice_top((max + 3) / 4);
	fprintf(f, "<svg class=\"chart\" id=\"%s\" viewBox=\"0 0 %d %d\" role=\"img\" "
		"aria-label=\"", c->id, W, H);
	html_text(f, c->title);
	fputs("\">\n", f);
	/* Grid and the count axis: 0, 1/4 ... top. */
	for (i = 0; i <= 4; i++) {
		double y = T + ph - ph * i / 4;

		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
			"<text class=\"axis\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			L, y, W - R, y, L - 6, y + 4, human_count(top * i / 4, a, sizeof(a)));
	}
	/* The time axis: five labels. */
	for (i = 0; i <= 4; i++) {
		long long t = c->t0_ns + c->width_ns * (long long)c->nbuckets * i / 4;

		clock_text(t, fine, a, sizeof(a));
		fprintf(f, "<text class=\"axis\" x=\"%.1f\" y=\"%d\" text-anchor=\"%s\">%s</text>\n",
			L + pw * i / 4, H - 12, i == 0 ? "start" : i == 4 ? "end" : "middle", a);
	}
	/* The series, stacked: the first at the bottom. */
	for (k = 0; k < c->nseries; k++) {
		const struct rpt_series *s = &c->series[k];

		if (!s->total)
			continue;
		if (c->bars) {
			fprintf(f, "<g class=\"series\" fill=\"%s\">", s->color);
			for (i = 0; i < c->nbuckets; i++) {
				double y0 = T + ph - ph * sum[i] / top;
				double hh = ph * s->n[i] / top;

				if (s->n[i]) {
					clock_text(c->t0_ns + c->width_ns * (long long)i, 1, a, sizeof(a));
					fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">"
						"<title>", L + i * bw + 0.5, y0 - hh,
						bw > 2 ? bw - 1 : bw, hh);
					html_text(f, s->name);
					fprintf(f, ": %llu events from %s</title></rect>", s->n[i], a);
				}
				sum[i] += s->n[i];
			}
			fputs("</g>\n", f);
			continue;
		}
		fprintf(f, "<path class=\"series\" fill=\"%s\" d=\"M%.1f %.1f", s->color,
			(double)L, T + ph - ph * sum[0] / top);
		for (i = 0; i < c->nbuckets; i++)
			fprintf(f, " L%.1f %.1f", L + (i + 0.5) * bw,
				T + ph - ph * (sum[i] + s->n[i]) / top);
		fprintf(f, " L%.1f %.1f", (double)(W - R),
			T + ph - ph * (sum[c->nbuckets - 1] + s->n[c->nbuckets - 1]) / top);
		fprintf(f, " L%.1f %.1f", (double)(W - R), T + ph - ph * sum[c->nbuckets - 1] / top);
		for (i = c->nbuckets; i-- > 0;)
			fprintf(f, " L%.1f %.1f", L + (i + 0.5) * bw, T + ph - ph * sum[i] / top);
		fprintf(f, " L%.1f %.1f Z\"><title>", (double)L, T + ph - ph * sum[0] / top);
		html_text(f, s->name);
		fprintf(f, ": %llu events</title></path>\n", s->total);
		for (i = 0; i < c->nbuckets; i++)
			sum[i] += s->n[i];
	}
	/* The losses: a red line and a flag where they were seen. */
	for (i = 0; i < c->nmarks; i++) {
		const struct rpt_mark *m = &c->marks[i];
		double x = L + pw * (double)(m->t_ns - c->t0_ns) /
			   (double)(c->width_ns * (long long)c->nbuckets);

		if (x < L)
			x = L;
		if (x > W - R)
			x = W - R;
		clock_text(m->t_ns, 1, a, sizeof(a));
		fprintf(f, "<g class=\"loss\"><line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\"/>"
			"<path d=\"M%.1f %d l7 4 l-7 4 Z\"/><title>%s: %llu events and %llu "
			"buffers lost</title></g>\n", x, T, x, T + ph, x, T, a, m->events,
			m->buffers);
	}
	fprintf(f, "<line class=\"axisline\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n",
		L, T + ph, W - R, T + ph);
	human_duration(c->width_ns, b, sizeof(b));
	fprintf(f, "<text class=\"note\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s per %s</text>\n",
		W - R, H - 1, c->bars ? "bar" : "point", b);
	fputs("</svg>\n", f);
}

void svg_bar_chart(FILE *f, const char *id, const struct rpt_bar *b,
		   unsigned nb, const char *color)
{
	unsigned long long max = 1;
	double rowh = 34, lw = 330, pw = W - lw - 90;
	char a[32];
	unsigned i;

	for (i = 0; i < nb; i++)
		if (b[i].n > max)
			max = b[i].n;
	fprintf(f, "<svg class=\"bars\" id=\"%s\" viewBox=\"0 0 %d %.0f\">\n",
		id, W, nb * rowh + 4);
	for (i = 0; i < nb; i++) {
		double y = i * rowh + 2, w = pw * b[i].n / max;

		/* The label, and under it in small the provider. */
		fprintf(f, "<g class=\"bar\"><text class=\"label\" x=\"%.0f\" y=\"%.1f\" "
			"text-anchor=\"end\">", lw - 10, y + (b[i].sub ? 14 : 21));
		html_text(f, b[i].label);
		fputs("</text>", f);
		if (b[i].sub) {
			fprintf(f, "<text class=\"sub\" x=\"%.0f\" y=\"%.1f\" "
				"text-anchor=\"end\">", lw - 10, y + 28);
			html_text(f, b[i].sub);
			fputs("</text>", f);
		}
		fprintf(f, "<rect x=\"%.0f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
			"rx=\"3\" fill=\"%s\"><title>", lw, y + 6, w < 1 ? 1 : w, rowh - 14, color);
		html_text(f, b[i].label);
		fprintf(f, ": %llu events</title></rect><text class=\"value\" x=\"%.1f\" "
			"y=\"%.1f\">%s</text></g>\n", b[i].n, lw + (w < 1 ? 1 : w) + 6, y + 21,
			human_count(b[i].n, a, sizeof(a)));
	}
	fputs("</svg>\n", f);
}

void svg_legend(FILE *f, const struct rpt_series *s, unsigned n)
{
	unsigned i;

	fputs("<ul class=\"legend\">", f);
	for (i = 0; i < n; i++) {
		if (!s[i].total)
			continue;
		fprintf(f, "<li><svg width=\"12\" height=\"12\"><rect width=\"12\" height=\"12\" "
			"rx=\"2\" fill=\"%s\"/></svg> ", s[i].color);
		html_text(f, s[i].name);
		fprintf(f, " <span class=\"n\">%llu</span></li>", s[i].total);
	}
	fputs("</ul>\n", f);
}
