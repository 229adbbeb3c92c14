// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench-sym N: the symbolizer's cached path (tools/common/symbolize.h),
 * for callgrind to count (tools/etwbench/cg.sh runs it as
 *   valgrind --tool=callgrind --toggle-collect=cg_loop etwbench-sym N
 * and divides by N * FRAMES).  Its own executable mappings are the
 * trace's images (from /proc/self/maps, as Image/DCStart gives them);
 * FRAMES return addresses of its own functions are looked up once
 * (opening the file, DWARF), then N times each: what every frame after
 * the first costs a view (issue 28: <= 500 instructions).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/symbolize.h"

#define FRAMES 10

static uint64_t frames[FRAMES];

/* Ten return addresses in this file's code: each call's caller. */
static __attribute__((noinline)) void take(int i)
{
	frames[i] = (uintptr_t)__builtin_return_address(0);
}

static __attribute__((noinline)) void calls(void)
{
	take(0); take(1); take(2); take(3); take(4);
	take(5); take(6); take(7); take(8); take(9);
}

static __attribute__((noinline)) unsigned long cg_loop(struct symbolizer *s, long n)
{
	unsigned long sum = 0;
	long k;
	int i;

	for (k = 0; k < n; k++)
		for (i = 0; i < FRAMES; i++)
			sum += sym_lookup(s, 1, frames[i], 1)->nframes;
	return sum;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;
	struct symbolizer *s = sym_new(NULL);
	char line[4096], path[4096], perm[8];
	unsigned long lo, hi, off;
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long sum;
	int i;

	while (f && fgets(line, sizeof(line), f)) {
		path[0] = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &lo, &hi, perm, &off, path) >= 4 &&
		    perm[2] == 'x' && path[0] == '/')
			sym_image_load(s, 1, lo - off, hi - (lo - off), path);
	}
	if (f)
		fclose(f);
	calls();
	for (i = 0; i < FRAMES; i++)
		if (!sym_lookup(s, 1, frames[i], 1)->nframes) {
			fprintf(stderr, "etwbench-sym: frame %d not named\n", i);
			return 1;
		}
	sum = cg_loop(s, n);
	printf("%lu frames named\n", sum / (unsigned long)(n ? n : 1));
	sym_free(s);
	return 0;
}
