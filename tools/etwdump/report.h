/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump --report: what report.c collects and report_svg.c draws.
 */
#ifndef _TOOLS_ETWDUMP_REPORT_H
#define _TOOLS_ETWDUMP_REPORT_H

#include <stdio.h>

#define RPT_BUCKETS	120	/* time slices of the charts */
#define RPT_SERIES	8	/* providers drawn apart; the rest is "other" */
#define RPT_LEVELS	6	/* 0 (always), critical .. verbose (and above) */

/* One stacked series over the buckets. */
struct rpt_series {
	const char *name;
	const char *color;
	unsigned long long n[RPT_BUCKETS];
	unsigned long long total;
};

struct rpt_mark {
	long long t_ns;
	unsigned long long events, buffers;
};

/* A stacked chart over time, with the loss marks. */
struct rpt_chart {
	const char *title, *id;
	int bars;		/* bars (else areas) */
	long long t0_ns, width_ns;	/* bucket 0 starts at t0, each width long */
	unsigned nbuckets;
	const struct rpt_series *series;
	unsigned nseries;
	const struct rpt_mark *marks;
	unsigned nmarks;
};

/* A horizontal bar chart of labelled counts. */
struct rpt_bar {
	const char *label, *sub;
	unsigned long long n;
};

void svg_time_chart(FILE *f, const struct rpt_chart *c);
void svg_bar_chart(FILE *f, const char *id, const struct rpt_bar *b,
		   unsigned nb, const char *color);
void svg_legend(FILE *f, const struct rpt_series *s, unsigned n);
void html_text(FILE *f, const char *s);
const char *human_count(unsigned long long n, char *buf, size_t size);
const char *human_duration(long long ns, char *buf, size_t size);

#endif /* _TOOLS_ETWDUMP_REPORT_H */
