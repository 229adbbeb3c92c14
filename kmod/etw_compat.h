/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between kernel versions and architectures, in one place.
 */
#ifndef _ETW_COMPAT_H
#define _ETW_COMPAT_H

#include <linux/version.h>
#include <linux/ktime.h>
#include <linux/timex.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/rcupdate.h>
#ifdef CONFIG_X86
#include <asm/tsc.h>
#endif
/* get_unaligned_le32() and friends: <asm/unaligned.h> until 6.12. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/* The CPU cycle counter (clock type 3) and its rate in Hz. */
static inline u64 etw_cycles(void)
{
#ifdef CONFIG_X86
	return rdtsc();
#else
	return ktime_get_ns();
#endif
}

static inline u64 etw_cycles_per_sec(void)
{
#ifdef CONFIG_X86
	if (tsc_khz)
		return (u64)tsc_khz * 1000;
#endif
	return NSEC_PER_SEC;
}

/*
 * 6.3 made vma->vm_flags read-only: changes go through vm_flags_set() and
 * vm_flags_clear(), which also take the VMA's write lock (the mmap lock
 * is held for writing in f_op->mmap).
 */
static inline void etw_vm_flags_set(struct vm_area_struct *vma,
				    vm_flags_t flags)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	vm_flags_set(vma, flags);
#else
	vma->vm_flags |= flags;
#endif
}

static inline void etw_vm_flags_clear(struct vm_area_struct *vma,
				      vm_flags_t flags)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
	vm_flags_clear(vma, flags);
#else
	vma->vm_flags &= ~flags;
#endif
}

/*
 * A reference to the file an RCU-protected pointer points to, or NULL if
 * there is none or it is being freed.  Call under rcu_read_lock().  6.7
 * changed get_file_rcu() to take the pointer's address and return the
 * file (it also rechecks that the pointer still points to it).
 */
static inline struct file *etw_get_file_rcu(struct file __rcu **f)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
	return get_file_rcu(f);
#else
	struct file *file = rcu_dereference(*f);

	if (file && !get_file_rcu(file))
		return NULL;
	return file;
#endif
}

/*
 * In a TRACE_EVENT's TP_fast_assign: copy the string declared with
 * __string(dst, src).  6.10 dropped __assign_str()'s second argument
 * (the source given to __string() is used).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define etw_assign_str(dst, src)	__assign_str(dst)
#else
#define etw_assign_str(dst, src)	__assign_str(dst, src)
#endif

#endif /* _ETW_COMPAT_H */
