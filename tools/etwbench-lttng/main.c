// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench-lttng N: the cost of one LTTng-UST tracepoint with a 64-byte
 * payload, the peer etwbench measures in the same VM boot (etwbench
 * starts lttng-sessiond, creates the session, enables etwbench:ev64 and
 * starts it before running this, so the events really go to a buffer
 * that a consumer daemon drains).
 *
 * Prints the median ns per call of 5 runs of N calls, after one warm-up
 * run, pinned to CPU 0; exits 2 if the tracepoint is not enabled.
 *
 * etwbench-lttng N rounds: prints "ready", then for each line read on
 * stdin runs N calls and prints their ns per call, so that etwbench can
 * interleave its own measurements with these (the host's load drifts).
 *
 * etwbench-lttng N cg: N calls in cg_loop(), once, for callgrind to count
 * (tools/etwbench/cg.sh: --toggle-collect=cg_loop).
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tp.h"

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double one_run(long n)
{
	static unsigned char payload[64];
	double t0 = now_ns();
	long i;

	for (i = 0; i < n; i++) {
		payload[0] = (unsigned char)i;
		lttng_ust_tracepoint(etwbench, ev64, payload);
	}
	return (now_ns() - t0) / n;
}

/* The tracepoints alone, for callgrind's --toggle-collect. */
__attribute__((noinline)) static void cg_loop(long n)
{
	static unsigned char payload[64];
	long i;

	for (i = 0; i < n; i++) {
		payload[0] = (unsigned char)i;
		lttng_ust_tracepoint(etwbench, ev64, payload);
	}
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;
	char line[16];
	double v[5];
	cpu_set_t set;
	int r, k;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
	/* The session daemon enables it shortly after we registered. */
	for (k = 0; k < 200 && !lttng_ust_tracepoint_enabled(etwbench, ev64); k++)
		usleep(10000);
	if (!lttng_ust_tracepoint_enabled(etwbench, ev64)) {
		fprintf(stderr, "etwbench-lttng: etwbench:ev64 is not enabled\n");
		return 2;
	}
	if (argc > 2 && !strcmp(argv[2], "cg")) {
		cg_loop(1000);	/* warm-up: the buffers mapped */
		cg_loop(n);
		return 0;
	}
	if (argc > 2) {
		one_run(n);	/* warm-up */
		printf("ready\n");
		fflush(stdout);
		while (fgets(line, sizeof(line), stdin)) {
			printf("%.3f\n", one_run(n));
			fflush(stdout);
		}
		return 0;
	}
	for (r = -1; r < 5; r++)
		v[r < 0 ? 0 : r] = one_run(n);
	qsort(v, 5, sizeof(v[0]), cmp);
	printf("%.3f\n", v[2]);
	return 0;
}
