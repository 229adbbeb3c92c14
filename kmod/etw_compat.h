/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Differences between kernel versions and architectures, in one place.
 */
#ifndef _ETW_COMPAT_H
#define _ETW_COMPAT_H

#include <linux/ktime.h>
#include <linux/timex.h>
#include <linux/uaccess.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/path.h>
#include <linux/ptrace.h>
#include <linux/sched/signal.h>
#include <linux/rcupdate.h>
#ifdef CONFIG_X86
#include <asm/tsc.h>
#endif
/*
 * The ETW_HAVE_* feature macros come from Kbuild, which looks for each
 * feature in the kernel's headers rather than comparing version numbers
 * (distribution kernels backport).
 */
#ifdef ETW_HAVE_LINUX_UNALIGNED_H	/* moved from asm/ in 6.12 */
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
 * ETW_HAVE_SOCK_LENGTH_TP: sock_send_length / sock_recv_length (the bytes
 * of each send and receive call) exist from Linux 6.3; without them
 * etw_ksys_net.c puts kretprobes on tcp_sendmsg and tcp_recvmsg instead.
 */

/* struct class became const in the driver core's iterators in 6.4. */
#ifdef ETW_HAVE_CONST_CLASS
#define etw_class_arg(c)	(c)
#else
#define etw_class_arg(c)	((struct class *)(c))
#endif

/* sched_process_exit: the task's last thread is gone (v6.1..v6.12). */
static inline bool etw_group_dead(struct task_struct *p)
{
	return atomic_read(&p->signal->live) == 0;
}

#endif /* _ETW_COMPAT_H */
