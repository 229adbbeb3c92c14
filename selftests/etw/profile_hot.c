// SPDX-License-Identifier: GPL-2.0-only
/*
 * profile_test's workload: CPU time spent in known functions, in known
 * shares, built without frame pointers (profile_test.mk), as a Debian
 * program is:
 *
 *   hot_a        40 %  in the executable
 *   hot_b        25 %  in the executable
 *   hotlib_c     20 %  in a shared library (libprofile_hot.so)
 *   hot_e        10 %  all of it in hot_d, inlined into it
 *   hot_f         5 %  in the executable
 *
 * (and hot_calibrate, a few percent, first: how many iterations make a
 * second).
 * Every function runs the same loop body (spin()) for its share of the
 * iterations, so each share is the same fraction of the samples.
 *   profile_hot [SECONDS]   (about SECONDS of CPU time, default 2)
 *   profile_hot -n N        (N iterations a percent: a fixed amount of
 *                           work; prints the CPU time it took, for make
 *                           bench's profile_cost)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "profile_hot.h"

__attribute__((noinline)) void hot_a(unsigned long n)
{
	SPIN(n);
}

__attribute__((noinline)) void hot_b(unsigned long n)
{
	SPIN(n);
}

static inline __attribute__((always_inline)) void hot_d(unsigned long n)
{
	SPIN(n);
}

__attribute__((noinline)) void hot_e(unsigned long n)
{
	hot_d(n);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void hot_f(unsigned long n)
{
	SPIN(n);
}

/* The calibration's loop, apart from the measured ones. */
__attribute__((noinline)) void hot_calibrate(unsigned long n)
{
	SPIN(n);
}

/* Iterations of spin() in about @secs of CPU time. */
static unsigned long calibrate(double secs)
{
	struct timespec t0, t1;
	unsigned long n = 1 << 20;
	double dt;

	for (;;) {
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		hot_calibrate(n);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		dt = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		if (dt > 0.05)
			return (unsigned long)(n * secs / dt);
		n *= 2;
	}
}

static double seconds(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	int fixed = argc > 2 && !strcmp(argv[1], "-n");
	double secs = argc > 1 && !fixed ? atof(argv[1]) : 2;
	double t0 = seconds(CLOCK_MONOTONIC);
	unsigned long n, i;

	n = fixed ? strtoul(argv[2], NULL, 0) :
		    calibrate(secs > 0 ? secs : 2) / 100;

	/* 20 rounds, so that no share sits at one end of the run. */
	for (i = 0; i < 20; i++) {
		hot_a(n * 40 / 20);
		hot_b(n * 25 / 20);
		hotlib_c(n * 20 / 20);
		hot_e(n * 10 / 20);
		hot_f(n * 5 / 20);
	}
	printf("profile_hot: %lu iterations a percent, cpu %.3f s, wall %.3f s\n",
	       n, seconds(CLOCK_PROCESS_CPUTIME_ID),
	       seconds(CLOCK_MONOTONIC) - t0);
	return 0;
}
