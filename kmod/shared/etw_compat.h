/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * The few definitions the freestanding logic in kmod/shared/ needs, taken
 * from the kernel when built into etw.ko and from libc when built into
 * libetw or the host unit tests.  Nothing here allocates, sleeps or locks:
 * every function works on memory its caller supplies.
 */
#ifndef _ETW_SHARED_COMPAT_H
#define _ETW_SHARED_COMPAT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/stddef.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#define etw_nelems(a)	ARRAY_SIZE(a)
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <string.h>
#include <errno.h>
#include <linux/types.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;
#define etw_nelems(a)	(sizeof(a) / sizeof((a)[0]))
/* Each load of memory another party writes, done once, as the kernel's. */
#define READ_ONCE(x)	__atomic_load_n(&(x), __ATOMIC_RELAXED)
#endif

#endif /* _ETW_SHARED_COMPAT_H */
