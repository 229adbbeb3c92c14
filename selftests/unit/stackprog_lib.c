// SPDX-License-Identifier: GPL-2.0-only
/*
 * The shared library of stackprog.c: a function of a library on the
 * stacks it records (libstackprog.so, its own image in the trace).
 */
#include <stdint.h>

__attribute__((noinline)) uint64_t lib_work(uint64_t (*cb)(uint64_t), uint64_t n)
{
	uint64_t r = cb(n);	/* @lib_work_call */

	return r * 7 + 1;
}
