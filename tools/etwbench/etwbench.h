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
 * @min:	the smallest ratio of the repetitions (0: one measurement)
 * @max:	the largest
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
	double min;
	double max;
};

extern int quick, verbose;

double now_ns(void);
double median(double *v, int n);
void add(const char *name, const char *what, double value, const char *unit,
	 double anchor, const char *anchor_name, double ratio, const char *op,
	 double target);
/* The spread of the last result's ratio over its repetitions. */
void add_spread(double min, double max);

void bench_control_plane(void);
/* @empty_ns: an empty non-inlined call; @n: calls per run. */
void bench_tracelogging(double empty_ns, long n);
void bench_kernel_flags(void);

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

extern const GUID bench_provider;
void pin(int cpu);
CONTROLTRACE_ID start_session(const char *name, ULONG mode, ULONG kb,
			      ULONG minb, ULONG maxb);
ULONG stop_session(CONTROLTRACE_ID h, EVENT_TRACE_PROPERTIES *out);
double bench_null_ioctl(int fd, long n);
double bench_marker_raw(long n);
double bench_write(REGHANDLE h, long n, ULONG *err);
double writers_rate(REGHANDLE h, int nthreads, double seconds);

/* scale.c: threads at a period into a default file session (issue 18). */
void bench_scale(REGHANDLE h);
/* fastpath.c: the fast path's peers and targets. */
void bench_fastpath(REGHANDLE h, int fd, double null_ioctl_ns,
		    double marker_ns, long n);

#endif /* _ETWBENCH_H */
