/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwbench: what the benchmark files share (main.c has the data plane
 * and the report, control.c the control plane, tracelogging.c
 * TraceLogging writes and etwdump's decoding).
 */
#ifndef _ETWBENCH_H
#define _ETWBENCH_H

#define RUNS	5

/**
 * struct result - one benchmark: a value, its anchor, their ratio
 * @name:	short key (JSON)
 * @what:	what was measured
 * @value:	the measured quantity
 * @unit:	its unit
 * @anchor:	what it is compared with, measured in the same boot
 * @anchor_name: what the anchor is
 * @ratio:	@value / @anchor (or another quantity, see each benchmark)
 * @op:		"<=" or ">="
 * @target:	the target for @ratio
 * @met:	@ratio @op @target
 */
struct result {
	const char *name;
	const char *what;
	double value;
	const char *unit;
	double anchor;
	const char *anchor_name;
	double ratio;
	const char *op;
	double target;
	int met;
};

extern int quick, verbose;

double now_ns(void);
double median(double *v, int n);
void add(const char *name, const char *what, double value, const char *unit,
	 double anchor, const char *anchor_name, double ratio, const char *op,
	 double target);

void bench_control_plane(void);
/* @empty_ns: an empty non-inlined call; @n: calls per run. */
void bench_tracelogging(double empty_ns, long n);
void bench_kernel_flags(void);

#endif /* _ETWBENCH_H */
