// SPDX-License-Identifier: GPL-2.0-only
/* profile_hot's shared library: hotlib_c, 20 % of its time. */
#include "profile_hot.h"

__attribute__((noinline)) void hotlib_c(unsigned long n)
{
	SPIN(n);
}
