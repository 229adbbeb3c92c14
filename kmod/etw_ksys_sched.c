// SPDX-License-Identifier: GPL-2.0-only
/*
 * Processes, threads, context switches and ready threads, from the
 * scheduler's tracepoints:
 *
 *   sched_process_fork  Process/Start (a new thread group), Thread/Start
 *   sched_process_exec  Process/End of the image the process ran, then
 *                       Process/Start of the new one (same pid: an exec
 *                       starts a new process instance)
 *   sched_process_exit  Thread/End; Process/End and Process/PerfCtr
 *                       (PROCESS_COUNTERS) when the last thread exits
 *   sched_switch        Thread/CSwitch
 *   sched_wakeup(_new)  Thread/ReadyThread
 *
 * Probes run with preemption off (and sched_switch, sched_wakeup with run
 * queue locks held): they only build payloads on the stack or in the
 * per-CPU scratch buffer and hand them to etw_kemit().
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/fdtable.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/rt.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

/*
 * A Windows-like priority (0-31, normal 8) for BasePriority and CSwitch:
 * real-time tasks 16-31 by rt_priority, others 1-15 by nice (nice 0 = 8,
 * -20 = 15, 19 = 2).
 */
u8 etw_kpriority(struct task_struct *t)
{
	int prio;

	if (rt_task(t))
		return 16 + min_t(u32, t->rt_priority * 15 / 99, 15);
	prio = 8 - task_nice(t) * 7 / 20;
	return clamp(prio, 1, 15);
}

/* Thread_V3_TypeGroup1.  Return: bytes written (ETW_KP_THREAD_SIZE). */
u32 etw_kthread_payload(u8 *p, struct task_struct *t)
{
	memset(p, 0, ETW_KP_THREAD_SIZE);
	put_unaligned_le32(task_tgid_nr(t), p + ETW_KP_THREAD_PID);
	put_unaligned_le32(task_pid_nr(t), p + ETW_KP_THREAD_TID);
	put_unaligned_le64(cpumask_bits(t->cpus_ptr)[0],
			   p + ETW_KP_THREAD_AFFINITY);
	p[ETW_KP_THREAD_BASEPRIO] = etw_kpriority(t);
	p[ETW_KP_THREAD_PAGEPRIO] = 5;	/* MEMORY_PRIORITY_NORMAL */
	p[ETW_KP_THREAD_IOPRIO] = 2;	/* IoPriorityNormal */
	return ETW_KP_THREAD_SIZE;
}

/*
 * The exit status Windows tools show: the status of a normal exit, or
 * 128 + signal for a death by signal (as shells report it).
 */
static s32 etw_kexit_status(int code)
{
	return (code & 0x7F) ? 128 + (code & 0x7F) : (code >> 8) & 0xFF;
}

/**
 * etw_kprocess_payload() - Process_V4_TypeGroup1 for @t
 * @p:		where
 * @room:	bytes at @p (at least 128)
 * @t:		the thread group leader (or any thread of it)
 * @cmdline:	the command line, UTF-8 (may be NULL)
 * @cmdline_len: its bytes
 * @exit:	ExitStatus (an End event), else 0
 * @r:		the event to mark the command line of as @t's private
 *		data (struct etw_krec), or NULL
 *
 * Return: bytes written.
 */
u32 etw_kprocess_payload(u8 *p, u32 room, struct task_struct *t,
			 const char *cmdline, u32 cmdline_len, int exit,
			 struct etw_krec *r)
{
	char comm[TASK_COMM_LEN];
	struct task_struct *parent;
	u32 off, ppid, n;
	kuid_t uid;

	rcu_read_lock();
	parent = rcu_dereference(t->real_parent);
	ppid = parent ? task_tgid_nr(parent) : 0;
	uid = __task_cred(t)->euid;
	rcu_read_unlock();

	memset(p, 0, ETW_KP_PROC_FIXED);
	put_unaligned_le64(etw_khash(t->signal), p + ETW_KP_PROC_KEY);
	put_unaligned_le32(task_tgid_nr(t), p + ETW_KP_PROC_PID);
	put_unaligned_le32(ppid, p + ETW_KP_PROC_PPID);
	put_unaligned_le32(task_session_nr_ns(t, &init_pid_ns),
			   p + ETW_KP_PROC_SESSION);
	put_unaligned_le32(exit, p + ETW_KP_PROC_EXIT);
	off = ETW_KP_PROC_FIXED;
	off += etw_kput_sid(p + off, uid);
	__get_task_comm(comm, sizeof(comm), t);
	off += etw_kput_astr(p + off, sizeof(comm), comm);
	/* Room for the command line and the two empty strings after it. */
	n = etw_kput_wstr(p + off, room - off - 4, cmdline, cmdline_len);
	if (r) {
		r->owner = etw_kowner(t);
		r->priv_off = off;
		r->priv_len = n;
		r->priv_keep = 2;	/* an empty string */
	}
	off += n;
	put_unaligned_le32(0, p + off);	/* PackageFullName, ApplicationId */
	return off + 4;
}

/*
 * The current process's command line, arguments separated by spaces,
 * read from its memory without faulting.  Return: bytes at @out.
 */
static u32 etw_kcmdline(char *out, u32 max)
{
	struct mm_struct *mm = current->mm;
	unsigned long start, end;
	u32 n, i;

	if (!mm || (current->flags & PF_KTHREAD))
		return 0;
	start = READ_ONCE(mm->arg_start);
	end = READ_ONCE(mm->arg_end);
	if (end <= start)
		return 0;
	n = min_t(unsigned long, end - start, max);
	if (copy_from_user_nofault(out, (const void __user *)start, n))
		return 0;
	while (n && !out[n - 1])
		n--;
	for (i = 0; i < n; i++)
		if (!out[i])
			out[i] = ' ';
	return n;
}

/* Split of the scratch buffer: payload first, the raw command line last. */
#define ETW_KCMD_MAX	1024
#define ETW_KPAYLOAD_ROOM	(ETW_KSCRATCH_SIZE - ETW_KCMD_MAX)

/* Process/@hook for the current process. */
static void etw_kprocess_event(u16 hook, int exit, bool with_cmdline)
{
	u8 *buf = etw_kscratch();
	struct etw_krec r = {
		.hook = hook, .version = ETW_KV_PROCESS,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
	};
	u32 n = 0;

	if (!buf)
		return;
	if (with_cmdline)
		n = etw_kcmdline(buf + ETW_KPAYLOAD_ROOM, ETW_KCMD_MAX);
	r.data = buf;
	r.len = etw_kprocess_payload(buf, ETW_KPAYLOAD_ROOM, current,
				     buf + ETW_KPAYLOAD_ROOM, n, exit, &r);
	etw_kemit(ETW_KF_PROCESS, &r);
	etw_kscratch_put(buf);
}

static void etw_kthread_event(u16 hook, struct task_struct *t)
{
	u8 data[ETW_KP_THREAD_SIZE];
	struct etw_krec r = {
		.hook = hook, .version = ETW_KV_THREAD, .data = data,
		.len = ETW_KP_THREAD_SIZE,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
	};

	etw_kthread_payload(data, t);
	etw_kemit(ETW_KF_THREAD, &r);
}

static void etw_probe_fork(void *data, struct task_struct *parent,
			   struct task_struct *child)
{
	if (thread_group_leader(child) && etw_ksys_wants(ETW_KF_PROCESS)) {
		/* The child runs its parent's image, with its arguments. */
		u8 *buf = etw_kscratch();
		struct etw_krec r = {
			.hook = ETW_KH_PROCESS_START, .version = ETW_KV_PROCESS,
			.tid = task_pid_nr(current),
			.pid = task_tgid_nr(current),
		};
		u32 n;

		if (buf) {
			n = etw_kcmdline(buf + ETW_KPAYLOAD_ROOM, ETW_KCMD_MAX);
			r.data = buf;
			r.len = etw_kprocess_payload(buf, ETW_KPAYLOAD_ROOM,
						     child,
						     buf + ETW_KPAYLOAD_ROOM,
						     n, 0, &r);
			etw_kemit(ETW_KF_PROCESS, &r);
			etw_kscratch_put(buf);
		}
	}
	if (etw_ksys_wants(ETW_KF_THREAD))
		etw_kthread_event(ETW_KH_THREAD_START, child);
}

static void etw_probe_exec(void *data, struct task_struct *p, pid_t old_pid,
			   struct linux_binprm *bprm)
{
	if (!etw_ksys_wants(ETW_KF_PROCESS))
		return;
	/* The process instance that ran the old image ends... */
	etw_kprocess_event(ETW_KH_PROCESS_END, 0, false);
	/* ...and one running the new image starts, with its arguments. */
	etw_kprocess_event(ETW_KH_PROCESS_START, 0, true);
}

/* Process_V2_TypeGroup2 of an exiting process (its memory is gone). */
static void etw_kperfctr_exit(struct task_struct *p)
{
	u8 data[ETW_KP_PERFCTR_SIZE];
	struct etw_krec r = {
		.hook = ETW_KH_PROCESS_PERFCTR, .version = ETW_KV_PERFCTR,
		.tid = task_pid_nr(p), .pid = task_tgid_nr(p),
		.data = data, .len = sizeof(data),
	};
	struct files_struct *files = p->files;
	u32 handles = 0;

	memset(data, 0, sizeof(data));
	put_unaligned_le32(task_tgid_nr(p), data);
	put_unaligned_le32(p->signal->min_flt + p->signal->maj_flt +
			   p->min_flt + p->maj_flt, data + 4);
	if (files) {
		struct fdtable *fdt;

		rcu_read_lock();
		fdt = files_fdtable(files);
		handles = bitmap_weight(fdt->open_fds, fdt->max_fds);
		rcu_read_unlock();
	}
	put_unaligned_le32(handles, data + 8);
	/* PeakWorkingSetSize: the peak resident set (maxrss is in KB). */
	put_unaligned_le64((u64)p->signal->maxrss * 1024, data + 24);
	etw_kemit(ETW_KF_PROCESS_COUNTERS, &r);
}

static void etw_probe_exit(void *data, struct task_struct *p)
{
	bool last = etw_group_dead(p);
	s32 status;

	if (etw_ksys_wants(ETW_KF_THREAD))
		etw_kthread_event(ETW_KH_THREAD_END, p);
	if (!last)
		return;
	if (etw_ksys_wants(ETW_KF_PROCESS_COUNTERS))
		etw_kperfctr_exit(p);
	if (etw_ksys_wants(ETW_KF_PROCESS)) {
		status = etw_kexit_status(p->signal->group_exit_code ?
					  p->signal->group_exit_code :
					  p->exit_code);
		etw_kprocess_event(ETW_KH_PROCESS_END, status, false);
	}
}

static int etw_sched_enable(void)
{
	int ret;

	ret = etw_ktp_register("sched_process_fork", etw_probe_fork);
	if (ret)
		return ret;
	ret = etw_ktp_register("sched_process_exec", etw_probe_exec);
	if (ret)
		goto out_fork;
	ret = etw_ktp_register("sched_process_exit", etw_probe_exit);
	if (ret)
		goto out_exec;
	return 0;

out_exec:
	etw_ktp_unregister("sched_process_exec", etw_probe_exec);
out_fork:
	etw_ktp_unregister("sched_process_fork", etw_probe_fork);
	tracepoint_synchronize_unregister();
	return ret;
}

static void etw_sched_disable(void)
{
	etw_ktp_unregister("sched_process_exit", etw_probe_exit);
	etw_ktp_unregister("sched_process_exec", etw_probe_exec);
	etw_ktp_unregister("sched_process_fork", etw_probe_fork);
}

struct etw_kgroup etw_kgroup_sched = {
	.name = "process and thread events",
	.flags = ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_PROCESS_COUNTERS,
	.enable = etw_sched_enable,
	.disable = etw_sched_disable,
};

/* ---- context switches ------------------------------------------------------- */

/* KWAIT_REASON, KTHREAD_STATE and KPROCESSOR_MODE values. */
#define ETW_WR_EXECUTIVE	0
#define ETW_WR_USER_REQUEST	6
#define ETW_WR_PREEMPTED	32
#define ETW_TS_READY		1
#define ETW_TS_TERMINATED	4
#define ETW_TS_WAITING		5

static void etw_probe_switch(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next,
			     unsigned int prev_state)
{
	u8 p[ETW_KP_CSW_SIZE];
	struct etw_krec r = {
		.hook = ETW_KH_CSWITCH, .version = ETW_KV_CSWITCH,
		.tid = task_pid_nr(prev), .pid = task_tgid_nr(prev),
		.data = p, .len = sizeof(p),
	};
	u8 reason, mode = 0, state;

	if (prev_state & (TASK_DEAD | EXIT_DEAD | EXIT_ZOMBIE)) {
		reason = ETW_WR_EXECUTIVE;
		state = ETW_TS_TERMINATED;
	} else if (preempt || !(prev_state & TASK_REPORT)) {
		reason = ETW_WR_PREEMPTED;	/* still runnable */
		state = ETW_TS_READY;
	} else if (prev_state & TASK_INTERRUPTIBLE) {
		reason = ETW_WR_USER_REQUEST;	/* a wait a signal ends */
		mode = 1;			/* UserMode */
		state = ETW_TS_WAITING;
	} else {
		reason = ETW_WR_EXECUTIVE;	/* uninterruptible (I/O) */
		state = ETW_TS_WAITING;
	}
	memset(p, 0, sizeof(p));
	put_unaligned_le32(task_pid_nr(next), p + ETW_KP_CSW_NEW_TID);
	put_unaligned_le32(task_pid_nr(prev), p + ETW_KP_CSW_OLD_TID);
	p[ETW_KP_CSW_NEW_PRIO] = etw_kpriority(next);
	p[ETW_KP_CSW_OLD_PRIO] = etw_kpriority(prev);
	p[ETW_KP_CSW_WAIT_REASON] = reason;
	p[ETW_KP_CSW_WAIT_MODE] = mode;
	p[ETW_KP_CSW_STATE] = state;
	p[ETW_KP_CSW_IDEAL_CPU] = task_cpu(prev);
	etw_kemit(ETW_KF_CSWITCH, &r);
}

static int etw_cswitch_enable(void)
{
	return etw_ktp_register("sched_switch", etw_probe_switch);
}

static void etw_cswitch_disable(void)
{
	etw_ktp_unregister("sched_switch", etw_probe_switch);
}

struct etw_kgroup etw_kgroup_cswitch = {
	.name = "context switches",
	.flags = ETW_KF_CSWITCH,
	.enable = etw_cswitch_enable,
	.disable = etw_cswitch_disable,
};

/* ---- ready threads ------------------------------------------------------------ */

static void etw_probe_wakeup(void *data, struct task_struct *t)
{
	u8 p[ETW_KP_READY_SIZE];
	struct etw_krec r = {
		.hook = ETW_KH_READY_THREAD, .version = ETW_KV_READY,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
		.data = p, .len = sizeof(p),
	};

	memset(p, 0, sizeof(p));
	put_unaligned_le32(task_pid_nr(t), p + ETW_KP_READY_TID);
	/* 0x1: readied from an interrupt (Windows: from a DPC) */
	p[ETW_KP_READY_FLAG] = in_task() ? 0 : 1;
	etw_kemit(ETW_KF_DISPATCHER, &r);
}

static int etw_ready_enable(void)
{
	int ret;

	ret = etw_ktp_register("sched_wakeup", etw_probe_wakeup);
	if (ret)
		return ret;
	ret = etw_ktp_register("sched_wakeup_new", etw_probe_wakeup);
	if (ret) {
		etw_ktp_unregister("sched_wakeup", etw_probe_wakeup);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

static void etw_ready_disable(void)
{
	etw_ktp_unregister("sched_wakeup_new", etw_probe_wakeup);
	etw_ktp_unregister("sched_wakeup", etw_probe_wakeup);
}

struct etw_kgroup etw_kgroup_ready = {
	.name = "ready threads",
	.flags = ETW_KF_DISPATCHER,
	.enable = etw_ready_enable,
	.disable = etw_ready_disable,
};
