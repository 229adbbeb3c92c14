// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel-internal writer: kernel (NT Kernel Logger) events, as
 * SYSTEM64 records (etl-format section 3.2), into a session's buffers
 * through the same per-CPU streams and loss accounting as EventWrite.
 *
 * Callers are tracepoint probes, a kprobe and a perf overflow handler:
 * any context up to hard interrupts (never NMI), preemption off, often
 * with scheduler locks held.  So the writer takes only the stream's raw
 * spinlock with interrupts off (and the pool's, nested), allocates
 * nothing, wakes nobody (the pool's irq_work does), and drops the event
 * (counted lost) when this CPU already holds a stream lock: a tracepoint
 * reached from inside a writer.
 *
 * An event the session asked stacks for (TraceStackTracingInfo) is
 * followed, in the same reservation, by its StackWalk event.
 *
 * Each session gets what its starter may see (etw_ksys.h, struct
 * etw_ksys): a privileged session every field and kernel frames; an
 * unprivileged one no kernel address, and of other users' processes
 * neither their private fields (struct etw_krec's priv_*) nor their
 * stacks.  So one capture serves all: kernel frames first, then user
 * frames, and each session is given the part it may see.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/siphash.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_compat.h"
#include "etw_ksys.h"
#include "etw_trace.h"
#include "shared/etw_etl.h"
#include "shared/etw_utf.h"

struct etw_ksys_active __rcu *etw_ksys_active;

static siphash_key_t etw_khash_key;

/**
 * struct etw_kscratch_cpu - per-CPU working memory of the probes
 * @buf:	one payload buffer per context level (task, softirq, hardirq,
 *		NMI), so that an interrupting probe does not overwrite the
 *		one it interrupted
 * @stack:	one stack buffer per level
 * @busy:	the level's payload buffer is in use
 * @stack_busy:	the level's stack buffer is in use
 */
struct etw_kscratch_cpu {
	u8 buf[4][ETW_KSCRATCH_SIZE];
	u64 stack[4][ETW_KSTACK_MAX];
	bool busy[4];
	bool stack_busy[4];
};

static struct etw_kscratch_cpu __percpu *etw_kscratch_mem;

int etw_kwrite_init(void)
{
	get_random_bytes(&etw_khash_key, sizeof(etw_khash_key));
	etw_kscratch_mem = alloc_percpu(struct etw_kscratch_cpu);
	return etw_kscratch_mem ? 0 : -ENOMEM;
}

void etw_kwrite_exit(void)
{
	free_percpu(etw_kscratch_mem);
	etw_kscratch_mem = NULL;
}

/*
 * A stable stand-in for a kernel object's address (UniqueProcessKey,
 * FileObject, Irp, connid): a keyed hash, so traces never show kernel
 * addresses; the key changes when the module is loaded again.
 */
u64 etw_khash(const void *ptr)
{
	return siphash_1u64((u64)(unsigned long)ptr, &etw_khash_key) |
	       (1ULL << 63);
}

/*
 * The scratch buffer of this CPU's current context level, or NULL when
 * it is busy.  Context: preemption off until etw_kscratch_put().
 */
void *etw_kscratch(void)
{
	struct etw_kscratch_cpu *c = this_cpu_ptr(etw_kscratch_mem);
	unsigned int lvl = interrupt_context_level();

	if (c->busy[lvl])
		return NULL;
	c->busy[lvl] = true;
	barrier();
	return c->buf[lvl];
}

void etw_kscratch_put(void *p)
{
	struct etw_kscratch_cpu *c = this_cpu_ptr(etw_kscratch_mem);
	unsigned int lvl = interrupt_context_level();

	barrier();
	if (!WARN_ON_ONCE(p != c->buf[lvl]))
		c->busy[lvl] = false;
}

/*
 * The UserSID object: TOKEN_USER (a non-zero Sid field: a SID follows)
 * and the SID S-1-22-1-<uid>, the "Unix user" SID Samba and Windows use
 * for POSIX users.  Return: bytes written (always 32).
 */
u32 etw_kput_sid(u8 *p, kuid_t uid)
{
	static const u8 auth[6] = { 0, 0, 0, 0, 0, 22 };
	u32 id = from_kuid_munged(&init_user_ns, uid);

	memset(p, 0, ETW_KSID_TOKEN_SIZE);
	p[0] = 1;			/* TOKEN_USER.User.Sid: present */
	p += ETW_KSID_TOKEN_SIZE;
	p[0] = 1;			/* Revision */
	p[1] = 2;			/* SubAuthorityCount */
	memcpy(p + 2, auth, 6);		/* IdentifierAuthority, big-endian */
	put_unaligned_le32(1, p + 8);	/* SubAuthority[0]: users */
	put_unaligned_le32(id, p + 12);	/* SubAuthority[1]: the uid */
	return ETW_KSID_TOKEN_SIZE + ETW_KSID_SIZE;
}

/* UTF-8 @s (@len bytes) as NUL-terminated UTF-16, cut to @room. */
u32 etw_kput_wstr(u8 *p, u32 room, const char *s, u32 len)
{
	return (u32)etw_utf8_to_utf16z(s ? s : "", s ? len : 0, p, room);
}

/* @s as a NUL-terminated ANSI string, cut to @room bytes. */
u32 etw_kput_astr(u8 *p, u32 room, const char *s)
{
	u32 n = strnlen(s, room - 1);

	memcpy(p, s, n);
	p[n] = 0;
	return n + 1;
}

static void etw_kheader(u8 *dst, u16 hook, u8 version, u32 size, u32 tid,
			u32 pid, u64 ts)
{
	struct etl_system_header *h = (void *)dst;

	h->version = version;
	h->header_type = ETL_HEADER_TYPE_SYSTEM64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->size = size;
	h->hook_id = hook;
	h->thread_id = tid;
	h->process_id = pid;
	h->system_time = ts;
	h->kernel_time = (u32)etw_cpu_ticks(current->stime);
	h->user_time = (u32)etw_cpu_ticks(current->utime);
}

/**
 * etw_kstackwalk_put() - write a StackWalk event (24/32, v2) at @dst
 * @dst:	etw_kstackwalk_need(@n) bytes of a reservation
 * @tid:	the thread whose stack it is (StackThread)
 * @pid:	its process (StackProcess)
 * @ts:		the time of the event it follows (EventTimeStamp, and its own)
 * @frames:	@n return addresses, innermost first
 * @n:		1..ETW_MAX_STACK_FRAMES
 *
 * Used after system events and after classic and message records of
 * sessions that asked for stacks.  Context: any.
 */
void etw_kstackwalk_put(u8 *dst, u32 tid, u32 pid, u64 ts, const u64 *frames,
			u32 n)
{
	u32 size = sizeof(struct etl_system_header) + ETW_KP_STACK_FIXED +
		   8 * n;
	u8 *p = dst + sizeof(struct etl_system_header);

	etw_kheader(dst, ETW_KH_STACKWALK, ETW_KV_STACKWALK, size, tid, pid,
		    ts);
	put_unaligned_le64(ts, p);		/* EventTimeStamp */
	put_unaligned_le32(pid, p + 8);		/* StackProcess */
	put_unaligned_le32(tid, p + 12);	/* StackThread */
	memcpy(p + ETW_KP_STACK_FIXED, frames, 8 * n);
	memset(dst + size, 0, ETL_ALIGN8(size) - size);
}

static void etw_klost(struct etw_session *s, u16 hook, u32 size, int err)
{
	const u8 *g = etw_kgroup_guid(hook >> 8);
	static const u8 none[16];

	atomic64_inc(&s->pool->events_lost);
	trace_etw_drop(s->logger_id, g ? g : none, hook, size, err);
}

/* A duration in ns at @p, in ticks of the session's clock (PerfFreq). */
static void etw_kdur_fix(const struct etw_session *s, u8 *p)
{
	u64 ns = get_unaligned_le64(p);

	if (s->perf_freq == NSEC_PER_SEC)
		return;
	put_unaligned_le64(mul_u64_u32_div(ns, div_u64(s->perf_freq, 1000),
					   1000000), p);
}

/**
 * etw_kowner() - whose private data a task's events carry
 * @t:		the task
 *
 * Its effective uid when its real, effective and saved uids agree; else
 * (a set-user-ID program running, a daemon between two identities) no
 * one's: only privileged sessions see its private fields.
 *
 * Context: any (RCU read side inside).
 * Return: the uid, or INVALID_UID.
 */
kuid_t etw_kowner(struct task_struct *t)
{
	const struct cred *c;
	kuid_t uid;

	rcu_read_lock();
	c = __task_cred(t);
	uid = uid_eq(c->uid, c->euid) && uid_eq(c->suid, c->euid) ?
	      c->euid : INVALID_UID;
	rcu_read_unlock();
	return uid;
}

/**
 * etw_ksees() - may system logger @s see what is private to @owner?
 * @s:		the session
 * @owner:	a user (etw_kowner()), or INVALID_UID
 *
 * Context: any; @s kept alive by the caller.
 * Return: true if @s is privileged or its starter is @owner.
 */
bool etw_ksees(const struct etw_session *s, kuid_t owner)
{
	return s->ksys->privileged || uid_eq(s->owner, owner);
}

/* Payload bytes of @r as session @s gets it (@cut: without the private part). */
static u32 etw_kpayload_len(const struct etw_krec *r, bool cut)
{
	return cut ? r->len - r->priv_len + r->priv_keep : r->len;
}

/* Copy the payload of @r to @dst, its private part zeroed when @cut. */
static void etw_kpayload_copy(u8 *dst, const struct etw_krec *r, bool cut)
{
	const u8 *src = r->data;
	u32 end = r->priv_off + r->priv_len;

	if (!cut) {
		memcpy(dst, src, r->len);
		return;
	}
	memcpy(dst, src, r->priv_off);
	memset(dst + r->priv_off, 0, r->priv_keep);
	memcpy(dst + r->priv_off + r->priv_keep, src + end, r->len - end);
}

/*
 * Write @r (and, with @nframes, its StackWalk event of @frames) to
 * session @s, without what @s may not see of it.
 * Context: any but NMI; the caller keeps @s alive (RCU or a reference).
 * Return: 0 (also when @s may not have the event), or the error of a
 * lost event (counted).
 */
static int etw_kwrite_stack(struct etw_session *s, const struct etw_krec *r,
			    const u64 *frames, u32 nframes)
{
	struct etw_pool *pool = s->pool;
	bool cut = (r->priv_len || r->priv_all) && !etw_ksees(s, r->owner);
	u32 plen = etw_kpayload_len(r, cut);
	u32 size = sizeof(struct etl_system_header) + plen;
	u32 need = ETL_ALIGN8(size), sneed = 0;
	struct etw_stream *st;
	unsigned long flags;
	int err = 0;
	u64 ts;
	u8 *dst;

	/* Another user's (or a private part that does not fit: the same). */
	if (cut && (r->priv_all || r->priv_keep > r->priv_len ||
		    r->priv_off + r->priv_len > r->len))
		return 0;
	if (nframes)
		sneed = etw_kstackwalk_need(nframes);
	if (size > ETW_MAX_EVENT_SIZE ||
	    need + sneed > pool->size - ETL_BUFFER_HEADER_SIZE) {
		etw_klost(s, r->hook, size, -EMSGSIZE);
		return -EMSGSIZE;
	}
	local_irq_save(flags);
	if (__this_cpu_read(etw_stream_depth)) {
		/* A tracepoint reached from inside a writer on this CPU. */
		local_irq_restore(flags);
		etw_klost(s, r->hook, size, -EDEADLK);
		return -EDEADLK;
	}
	st = &pool->streams[pool->nr_streams == 1 ? 0 : smp_processor_id()];
	raw_spin_lock(&st->lock);
	__this_cpu_inc(etw_stream_depth);
	ts = etw_session_clock(s);
	dst = etw_stream_reserve(pool, st, need + sneed, ts, &err);
	if (!dst) {
		__this_cpu_dec(etw_stream_depth);
		raw_spin_unlock_irqrestore(&st->lock, flags);
		etw_klost(s, r->hook, size, err);
		return err;
	}
	etw_kheader(dst, r->hook, r->version, size, r->tid, r->pid, ts);
	if (plen)
		etw_kpayload_copy(dst + sizeof(struct etl_system_header), r,
				  cut);
	if (r->dur_off)
		etw_kdur_fix(s, dst + sizeof(struct etl_system_header) +
			     r->dur_off);
	if (r->kptr && !s->ksys->privileged &&
	    get_unaligned_le64(r->data) >= TASK_SIZE_MAX)
		put_unaligned_le64(0, dst + sizeof(struct etl_system_header));
	memset(dst + size, 0, need - size);
	if (nframes) {
		etw_kstackwalk_put(dst + need, r->tid, r->pid, ts, frames,
				   nframes);
		st->events_written++;
	}
	st->offset += need + sneed;
	st->events_written++;
	__this_cpu_dec(etw_stream_depth);
	raw_spin_unlock_irqrestore(&st->lock, flags);
	return 0;
}

/**
 * etw_kwrite() - write one kernel event to one session
 * @s:		a system logger session, kept alive by the caller
 * @r:		the event
 *
 * Used by the rundown, which writes each session's own DCStart/DCEnd.
 * Context: any but NMI.
 * Return: 0 or -errno (the event was lost and counted).
 */
int etw_kwrite(struct etw_session *s, const struct etw_krec *r)
{
	return etw_kwrite_stack(s, r, NULL, 0);
}

/*
 * The current call stack into @frames (at most ETW_KSTACK_MAX): kernel
 * frames first when @kernel (*@nk of them), then the user frames.
 * Context: preemption off.  Return: the number of frames.
 */
static u32 etw_kcapture(u64 *frames, bool kernel, u32 *nk,
			struct pt_regs *regs)
{
	unsigned long *k = (unsigned long *)frames;
	u32 n = 0, i;

	BUILD_BUG_ON(sizeof(unsigned long) != sizeof(u64));
	if (kernel && !(regs && user_mode(regs))) {
		/* skip this function and the emitter */
		n = stack_trace_save(k, ETW_KSTACK_MAX, 2);
		/*
		 * A sample's stack starts where the interrupt came in: the
		 * unwinder crosses the interrupt frame and reports the
		 * interrupted instruction; the frames before it are the
		 * timer's.  (stack_trace_save_regs() is not exported.)
		 */
		for (i = 0; regs && i < n; i++) {
			if (k[i] == instruction_pointer(regs)) {
				n -= i;
				memmove(k, k + i, n * sizeof(*k));
				break;
			}
		}
	}
	*nk = n;
	if (current->mm && !(current->flags & PF_KTHREAD))
		n += etw_user_stack(task_pt_regs(current), frames + n,
				    ETW_KSTACK_MAX - n);
	return n;
}

/**
 * etw_kstack_get() - the current call stack, in this CPU's buffer of the
 * current context level
 * @kernel:	with the kernel frames (first)
 * @nf:		out: frames in all
 * @nk:		out: kernel frames among them
 *
 * Context: preemption off until etw_kstack_put().
 * Return: the frames, or NULL (the level's buffer is in use: no stack).
 */
u64 *etw_kstack_get(bool kernel, u32 *nf, u32 *nk)
{
	struct etw_kscratch_cpu *c = this_cpu_ptr(etw_kscratch_mem);
	unsigned int lvl = interrupt_context_level();

	*nf = 0;
	*nk = 0;
	if (c->stack_busy[lvl])
		return NULL;
	c->stack_busy[lvl] = true;
	barrier();
	*nf = etw_kcapture(c->stack[lvl], kernel, nk, NULL);
	return c->stack[lvl];
}

void etw_kstack_put(const u64 *frames)
{
	struct etw_kscratch_cpu *c = this_cpu_ptr(etw_kscratch_mem);
	unsigned int lvl = interrupt_context_level();

	barrier();
	if (!WARN_ON_ONCE(frames != c->stack[lvl]))
		c->stack_busy[lvl] = false;
}

/* Does @s want a stack with @hook?  Context: RCU read side. */
static bool etw_kwants_stack(struct etw_session *s, u16 hook)
{
	struct etw_kstack_set *set = rcu_dereference(s->ksys->stacks);

	return set && test_bit(hook, set->hooks);
}

/*
 * Which frames of the current stack session @s gets: all of them
 * (privileged), the user frames (the stack of its starter's process),
 * or none.  @me is etw_kowner(current).
 */
static u32 etw_kframes_for(const struct etw_session *s, kuid_t me, u32 nk,
			   u32 nf, u32 *first)
{
	*first = 0;
	if (s->ksys->privileged)
		return nf;
	if (!uid_eq(s->owner, me))
		return 0;
	*first = nk;
	return nf - nk;
}

/**
 * etw_kemit() - write one kernel event to every system logger that wants
 * @flag
 * @flag:	the EnableFlags bit the event belongs to
 * @r:		the event
 *
 * The stack, when some session wants it with this event, is captured
 * once: with kernel frames if a privileged session is among them.
 *
 * Context: any but NMI (probes).
 */
void etw_kemit(u32 flag, const struct etw_krec *r)
{
	struct etw_kscratch_cpu *c = NULL;
	struct etw_ksys_active *a;
	kuid_t me = INVALID_UID;
	bool kernel = false, user = false, asked = false;
	u64 *frames = NULL;
	unsigned int lvl = 0;
	u32 i, nf = 0, nk = 0;

	rcu_read_lock();
	a = rcu_dereference(etw_ksys_active);
	if (!a || !(a->flags & flag))
		goto out;
	/* Who wants a stack, and which frames of it may they have? */
	for (i = 0; i < a->n; i++) {
		struct etw_session *s = a->e[i].s;

		if (!(READ_ONCE(a->e[i].flags) & flag) ||
		    !etw_kwants_stack(s, r->hook))
			continue;
		if (!asked) {
			me = etw_kowner(current);
			asked = true;
		}
		if (s->ksys->privileged)
			kernel = true;
		else if (uid_eq(s->owner, me))
			user = true;
	}
	if (kernel || user) {
		preempt_disable();
		c = this_cpu_ptr(etw_kscratch_mem);
		lvl = interrupt_context_level();
		if (!c->stack_busy[lvl]) {
			c->stack_busy[lvl] = true;
			frames = c->stack[lvl];
			nf = etw_kcapture(frames, kernel, &nk, r->regs);
		} else {
			preempt_enable();
		}
	}
	for (i = 0; i < a->n; i++) {
		struct etw_session *s = a->e[i].s;
		u32 first = 0, n = 0;

		if (!(READ_ONCE(a->e[i].flags) & flag))
			continue;
		if (frames && etw_kwants_stack(s, r->hook))
			n = etw_kframes_for(s, me, nk, nf, &first);
		etw_kwrite_stack(s, r, n ? frames + first : NULL, n);
	}
	if (frames) {
		c->stack_busy[lvl] = false;
		preempt_enable();
	}
out:
	rcu_read_unlock();
}

/* Does any running system logger want @flag?  A cheap test for probes. */
bool etw_ksys_wants(u32 flag)
{
	struct etw_ksys_active *a;
	bool ret;

	rcu_read_lock();
	a = rcu_dereference(etw_ksys_active);
	ret = a && (a->flags & flag);
	rcu_read_unlock();
	return ret;
}
