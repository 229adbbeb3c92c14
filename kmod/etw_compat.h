/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between kernel versions and architectures, in one place.
 */
#ifndef _ETW_COMPAT_H
#define _ETW_COMPAT_H

#include <linux/version.h>
#include <linux/ktime.h>
#include <linux/timex.h>
#include <linux/uaccess.h>
#include <linux/dcache.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/path.h>
#include <linux/ptrace.h>
#include <linux/sched/signal.h>
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
 * The user call stack from the registers saved at kernel entry: the
 * instruction pointer, then the return addresses found by following the
 * frame-pointer chain (x86-64; elsewhere only the instruction pointer).
 * stack_trace_save_user() is not exported to modules.  Code built
 * without frame pointers yields a short stack.  Context: any but NMI;
 * reads user memory without faulting.
 */
static inline u32 etw_user_stack(struct pt_regs *regs, u64 *out, u32 max)
{
	u32 n = 0;
#ifdef CONFIG_X86_64
	unsigned long fp;

	if (!regs || !user_mode(regs) || !max)
		return 0;
	out[n++] = regs->ip;
	fp = regs->bp;
	while (n < max && fp && !(fp & 7)) {
		unsigned long frame[2];	/* saved frame pointer, return */

		if (copy_from_user_nofault(frame, (void __user *)fp,
					   sizeof(frame)))
			break;
		if (!frame[1])
			break;
		out[n++] = frame[1];
		if (frame[0] <= fp)	/* stacks grow down: callers above */
			break;
		fp = frame[0];
	}
#else
	if (regs && user_mode(regs) && max)
		out[n++] = instruction_pointer(regs);
#endif
	return n;
}

/*
 * The absolute path of @file into @buf (@len bytes), from atomic context
 * (a kprobe on the mmap path).  d_path() there is safe where spinlock_t
 * spins; on PREEMPT_RT its seqlock fallbacks would sleep, so the path is
 * built from the file's dentry chain under RCU instead, which gives the
 * path inside the file's own mount (Documentation/system-trace.rst).
 * Return: a pointer into @buf, or an ERR_PTR.
 */
static inline char *etw_file_path_atomic(const struct file *file, char *buf,
					 int len)
{
#ifndef CONFIG_PREEMPT_RT
	return d_path(&file->f_path, buf, len);
#else
	const struct dentry *d = file->f_path.dentry;
	char *end = buf + len, *p = end;

	rcu_read_lock();
	*--p = 0;
	while (!IS_ROOT(d)) {
		const char *name = READ_ONCE(d->d_name.name);
		u32 n = strnlen(name, NAME_MAX);

		if (p - buf < n + 1) {
			rcu_read_unlock();
			return ERR_PTR(-ENAMETOOLONG);
		}
		p -= n;
		memcpy(p, name, n);
		*--p = '/';
		d = READ_ONCE(d->d_parent);
	}
	rcu_read_unlock();
	if (*p != '/')
		*--p = '/';
	return p;
#endif
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
 * The sock_send_length / sock_recv_length tracepoints (the bytes of each
 * send and receive call) exist from 6.3; without them etw_ksys_net.c puts
 * kretprobes on tcp_sendmsg and tcp_recvmsg instead.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 3, 0)
#define ETW_HAVE_SOCK_LENGTH_TP 1
#endif

/* struct class became const in the driver core's iterators in 6.4. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#define etw_class_arg(c)	(c)
#else
#define etw_class_arg(c)	((struct class *)(c))
#endif

/* sched_process_exit: the task's last thread is gone (v6.1..v6.12). */
static inline bool etw_group_dead(struct task_struct *p)
{
	return atomic_read(&p->signal->live) == 0;
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

/*
 * Is @t running on a CPU now?  Acquire: when it is not, every store it
 * made before it was switched out is visible (the scheduler releases
 * on_cpu after the switch).  Without SMP, only the current task runs.
 */
static inline bool etw_task_on_cpu(struct task_struct *t)
{
#ifdef CONFIG_SMP
	/* pairs with the release of on_cpu in finish_task() */
	return smp_load_acquire(&t->on_cpu);
#else
	return t == current;
#endif
}

#endif /* _ETW_COMPAT_H */
