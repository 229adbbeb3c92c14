/* SPDX-License-Identifier: GPL-2.0-only */
/* profile_hot's loop body, the same in the executable and the library. */
#ifndef _PROFILE_HOT_H
#define _PROFILE_HOT_H

/* A dependent chain the compiler cannot fold: one iteration, ~4 cycles. */
#define SPIN(n)								\
	do {								\
		unsigned long _i, _x = (n);				\
		for (_i = 0; _i < (n); _i++) {				\
			_x = _x * 2862933555777941757UL + 3037000493UL;	\
			__asm__ volatile("" : "+r"(_x));		\
		}							\
	} while (0)

void hotlib_c(unsigned long n);

#endif /* _PROFILE_HOT_H */
