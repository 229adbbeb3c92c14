// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path: stages.  A provider thread asks for a stage of a session
 * (ETW_IOC_STAGE_OPEN), maps it read-write, and writes its events there
 * with no system call; the module drains the stage into the session's
 * buffers (etw_fast_drain.c) when the writer says it is full
 * (ETW_IOC_STAGE_SEAL), at every flush of the session, before a
 * registration's enable state changes, when the session stops and when the
 * process goes.  This file has the objects, their lists and lifetimes, the
 * ioctls, the mmap, and the watermark.  Documentation/design.rst ("The
 * fast path") has the design and the threat model.
 *
 * Locking: a stage is on its file's table (etw_lock for writers, RCU for
 * the SEAL and CLOSE ioctls) and on its session's list (fast.mutex).
 * stage->lock serialises its drains.  Order: etw_lock -> fast.mutex ->
 * stage->lock -> pool->lock.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/mm.h>
#include <linux/nospec.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_fast.h"
#include "shared/etw_etl.h"
#include "shared/etw_ioc.h"

void etw_fast_session_init(struct etw_session *s)
{
	mutex_init(&s->fast.mutex);
	INIT_LIST_HEAD(&s->fast.stages);
	s->fast.wm_max = 0;
}

/**
 * etw_fast_publish() - publish a registration's sessions in the fast map
 * @reg:	the registration
 *
 * Context: etw_lock held, inside the enable slot's seqcount write section
 * (etw_slot_publish()).
 */
void etw_fast_publish(struct etw_reg *reg)
{
	struct etw_fast_slot *map = reg->file->fast_map;

	lockdep_assert_held(&etw_lock);
	if (map)
		WRITE_ONCE(map[reg->slot].sessions, reg->fast_sessions);
}

static void etw_stage_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct etw_stage, rcu));
}

/* The last reference went: give everything back. */
static void etw_stage_release(struct kref *ref)
{
	struct etw_stage *st = container_of(ref, struct etw_stage, ref);

	etw_umem_free(&st->mem);
	if (st->user) {
		etw_user_uncharge(st->user, ETW_Q_STAGE_BYTES, st->charged);
		etw_user_put(st->user);
	}
	if (st->task)
		put_task_struct(st->task);
	etw_session_put(st->session);
	call_rcu(&st->rcu, etw_stage_free_rcu);
}

static void etw_stage_put(struct etw_stage *st)
{
	kref_put(&st->ref, etw_stage_release);
}

/*
 * Drain @st one last time and take it off its session's list; the writer
 * learns from the meta page that it takes nothing more.
 * Context: s->fast.mutex held.
 */
static void etw_stage_unlink(struct etw_stage *st)
{
	lockdep_assert_held(&st->session->fast.mutex);
	mutex_lock(&st->lock);
	if (!st->closed) {
		etw_stage_drain(st, ETW_DRAIN_FLUSH);
		st->closed = true;
		WRITE_ONCE(st->meta->closed, 1);
	}
	mutex_unlock(&st->lock);
	if (st->linked) {
		list_del(&st->snode);
		st->linked = false;
		etw_stage_put(st);	/* the list's reference */
	}
}

/**
 * etw_fast_session_stop() - the session stopped: last drains
 * @s:		a session that left the table and every active list
 *
 * Runs before the pool's last flush, so that the stages' records reach
 * the buffers that are handed over at stop.
 *
 * Context: process context, no locks held.
 */
void etw_fast_session_stop(struct etw_session *s)
{
	struct etw_stage *st, *tmp;

	mutex_lock(&s->fast.mutex);
	list_for_each_entry_safe(st, tmp, &s->fast.stages, snode)
		etw_stage_unlink(st);
	mutex_unlock(&s->fast.mutex);
}

/*
 * A writer found inside a record (busy) with the same head at two flushes
 * in a row is stuck (stopped, traced, or gone mad): from now on its
 * pending record cannot hold the watermark back before @now.
 * Context: st->lock held.
 */
static void etw_stage_check_stuck(struct etw_stage *st, u64 now)
{
	u32 busy = READ_ONCE(st->meta->busy);
	u64 head = READ_ONCE(st->meta->head);

	if (busy && st->stuck && head == st->stuck_head && now > st->cut) {
		st->cut = now;
		if (st->floor < now)
			st->floor = now;
	}
	st->stuck = busy;
	st->stuck_head = head;
}

/**
 * etw_fast_flush() - drain every stage of a session (a flush)
 * @s:		the session
 *
 * Context: process context; may sleep; no spinlock held.
 */
void etw_fast_flush(struct etw_session *s)
{
	struct etw_stage *st;

	if (list_empty_careful(&s->fast.stages))
		return;
	mutex_lock(&s->fast.mutex);
	list_for_each_entry(st, &s->fast.stages, snode) {
		mutex_lock(&st->lock);
		if (!st->closed) {
			etw_stage_drain(st, ETW_DRAIN_FLUSH);
			etw_stage_check_stuck(st, etw_session_clock(s));
		}
		mutex_unlock(&st->lock);
		cond_resched();
	}
	mutex_unlock(&s->fast.mutex);
}

/*
 * The earliest time a record of @st not yet handed over can have, or
 * U64_MAX.  The caller read "now" and then issued a full barrier, so a
 * writer that is not seen busy takes its next time after "now".
 */
static u64 etw_stage_bound(struct etw_stage *st)
{
	const struct etw_stage_meta *m = st->meta;
	u64 head, floor, first;
	u32 busy, tail;

	busy = READ_ONCE(m->busy);
	smp_rmb();	/* busy before head: pairs with the writer's releases */
	head = smp_load_acquire(&m->head);
	tail = READ_ONCE(st->tail);
	floor = READ_ONCE(st->floor);
	if (head > tail && head <= st->data_size && tail + 16 <= head) {
		/* the first committed record not drained yet */
		first = READ_ONCE(*(u64 *)(st->data + tail));
		return max(first, floor);
	}
	return busy ? floor : U64_MAX;
}

/**
 * etw_fast_watermark() - bound a session's watermark by its stages
 * @s:		the session
 * @now:	the session time read before the sweep began
 * @wm:		the watermark of the kernel streams
 *
 * Context: process context; may sleep.
 * Return: the watermark; the highest one returned is remembered so that
 * no record drained later can be below it.
 */
u64 etw_fast_watermark(struct etw_session *s, u64 now, u64 wm)
{
	struct etw_stage *st;

	smp_mb();	/* "now" was read before any stage word */
	mutex_lock(&s->fast.mutex);
	list_for_each_entry(st, &s->fast.stages, snode) {
		if (!READ_ONCE(st->closed))
			wm = min(wm, etw_stage_bound(st));
	}
	if (wm > s->fast.wm_max)
		WRITE_ONCE(s->fast.wm_max, wm);
	mutex_unlock(&s->fast.mutex);
	return wm;
}

/*
 * The stages of @ef whose session is one of @reg's active list are
 * drained before that list changes, so their records are judged by the
 * enable state they were written under.
 * Context: etw_lock held.
 */
void etw_fast_drain_reg(struct etw_reg *reg)
{
	struct etw_file *ef = reg->file;
	struct etw_active *a;
	u32 i, j, left;

	lockdep_assert_held(&etw_lock);
	a = rcu_dereference_protected(reg->active, lockdep_is_held(&etw_lock));
	if (!a || !ef->stages || !ef->nstages)
		return;
	left = ef->nstages;
	for (i = 0; i < ETW_MAX_STAGES_PER_FD && left; i++) {
		struct etw_stage *st = rcu_dereference_protected(ef->stages[i],
					lockdep_is_held(&etw_lock));

		if (!st)
			continue;
		left--;
		for (j = 0; j < a->n; j++)
			if (a->e[j].session == st->session)
				break;
		if (j == a->n)
			continue;
		mutex_lock(&st->lock);
		if (!st->closed)
			etw_stage_drain(st, ETW_DRAIN_FLUSH);
		mutex_unlock(&st->lock);
	}
}

/*
 * Take @st out of its file's table and its session's list, draining it
 * first.  Context: etw_lock held.
 */
static void etw_stage_remove(struct etw_file *ef, struct etw_stage *st)
{
	struct etw_session *s = st->session;

	lockdep_assert_held(&etw_lock);
	mutex_lock(&s->fast.mutex);
	etw_stage_unlink(st);
	mutex_unlock(&s->fast.mutex);
	RCU_INIT_POINTER(ef->stages[st->id], NULL);
	ef->nstages--;
	etw_stage_put(st);	/* the table's reference */
}

/**
 * etw_fast_file_release() - the process's file goes: drain and free its
 * stages, while its registrations still exist
 * @ef:		the file
 *
 * Context: process context; takes etw_lock.
 */
void etw_fast_file_release(struct etw_file *ef)
{
	u32 i;

	mutex_lock(&etw_lock);
	for (i = 0; ef->stages && ef->nstages && i < ETW_MAX_STAGES_PER_FD; i++) {
		struct etw_stage *st = rcu_dereference_protected(ef->stages[i],
					lockdep_is_held(&etw_lock));

		if (st)
			etw_stage_remove(ef, st);
	}
	mutex_unlock(&etw_lock);
}

/* Does @s enable a registration of @ef?  Context: etw_lock held. */
static bool etw_session_writes_file(struct etw_session *s, struct etw_file *ef)
{
	u64 bit = 1ULL << (s->logger_id - 1);
	u32 i, left = ef->nregs;

	for (i = 0; ef->regs && left && i < ETW_MAX_REGS_PER_FD; i++) {
		struct etw_reg *reg = rcu_dereference_protected(ef->regs[i],
					lockdep_is_held(&etw_lock));

		if (!reg)
			continue;
		left--;
		if (reg->fast_sessions & bit)
			return true;
	}
	return false;
}

/* Fill the meta page of a new stage. */
static void etw_stage_meta_init(struct etw_stage *st, struct etw_session *s)
{
	struct etw_stage_meta *m = st->meta;

	m->size = sizeof(*m);
	m->version = ETW_STAGE_VERSION;
	m->data_offset = PAGE_SIZE;
	m->data_size = st->data_size;
	m->session = s->handle;
	m->logger_id = s->logger_id;
	m->clock_type = s->params.clock_type;
	m->max_record = ETW_FAST_MAX_RECORD;
}

/*
 * Make a stage of @s for the calling thread.
 * Context: etw_lock held (keeps @s in the table); may sleep.
 */
static struct etw_stage *etw_stage_new(struct etw_session *s, int *err)
{
	struct etw_stage *st;
	u64 bytes;
	int ret;

	st = kzalloc(sizeof(*st), GFP_KERNEL_ACCOUNT);
	if (!st) {
		*err = -ENOMEM;
		return NULL;
	}
	kref_init(&st->ref);
	mutex_init(&st->lock);
	st->data_size = s->pool->size - ETL_BUFFER_HEADER_SIZE;
	bytes = PAGE_SIZE + PAGE_ALIGN(st->data_size);
	st->user = etw_user_get(current_euid());
	if (!st->user) {
		ret = -ENOMEM;
		goto out_free;
	}
	ret = etw_user_charge(st->user, ETW_Q_STAGE_BYTES, bytes,
			      etw_quota_exempt());
	if (ret)
		goto out_user;
	st->charged = bytes;
	ret = etw_umem_alloc(&st->mem, bytes);
	if (ret)
		goto out_uncharge;
	st->meta = st->mem.vaddr;
	st->data = (u8 *)st->mem.vaddr + PAGE_SIZE;
	st->tid = task_pid_nr(current);
	st->tgid = task_tgid_nr(current);
	st->task = get_task_struct(current);
	kref_get(&s->ref);
	st->session = s;
	st->floor = etw_session_clock(s);
	st->last_ts = st->floor;
	etw_stage_meta_init(st, s);
	return st;

out_uncharge:
	etw_user_uncharge(st->user, ETW_Q_STAGE_BYTES, bytes);
out_user:
	etw_user_put(st->user);
out_free:
	kfree(st);
	*err = ret;
	return NULL;
}

long etw_ioctl_stage_open(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_open req;
	struct etw_session *s;
	struct etw_stage *st = NULL;
	u32 id;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.session || req.mmap_offset || req.map_size ||
	    req.id || !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)) ||
	    req.logger_id < 1 || req.logger_id > ETW_MAX_SESSIONS)
		return -EINVAL;

	mutex_lock(&etw_lock);
	s = etw_sessions[array_index_nospec(req.logger_id,
					    ETW_MAX_SESSIONS + 1)];
	ret = -ENOENT;
	if (!s || s->stopped || !etw_session_writes_file(s, ef))
		goto out_unlock;
	ret = -EOPNOTSUPP;
	if (s->pool->nr_streams == 1)
		goto out_unlock;	/* a single stream stays single */
	ret = -ENOMEM;
	if (!ef->stages) {
		ef->stages = kvcalloc(ETW_MAX_STAGES_PER_FD, sizeof(*ef->stages),
				      GFP_KERNEL_ACCOUNT);
		if (!ef->stages)
			goto out_unlock;
	}
	ret = -EMFILE;
	for (id = 0; id < ETW_MAX_STAGES_PER_FD; id++)
		if (!rcu_access_pointer(ef->stages[id]))
			break;
	if (id == ETW_MAX_STAGES_PER_FD)
		goto out_unlock;
	st = etw_stage_new(s, &ret);
	if (!st)
		goto out_unlock;
	st->id = id;
	st->file = ef;
	kref_get(&st->ref);	/* the session's list */
	mutex_lock(&s->fast.mutex);
	list_add_tail(&st->snode, &s->fast.stages);
	st->linked = true;
	mutex_unlock(&s->fast.mutex);
	rcu_assign_pointer(ef->stages[id], st);
	ef->nstages++;
	req.session = s->handle;
	req.mmap_offset = ETW_MMAP_STAGE_BASE + (u64)id * ETW_STAGE_MMAP_STRIDE;
	req.map_size = st->mem.nr_pages << PAGE_SHIFT;
	req.id = id;
	ret = 0;
out_unlock:
	mutex_unlock(&etw_lock);
	if (ret)
		return ret;
	ret = etw_copy_out(uarg, usize, &req, sizeof(req));
	if (ret) {
		mutex_lock(&etw_lock);
		if (rcu_access_pointer(ef->stages[id]) == st)
			etw_stage_remove(ef, st);
		mutex_unlock(&etw_lock);
	}
	return ret;
}

/*
 * The stage @id of @ef if the calling process opened it, referenced.
 * Context: process context.
 */
static struct etw_stage *etw_stage_get(struct etw_file *ef, u32 id)
{
	struct etw_stage __rcu **tbl;
	struct etw_stage *st;

	if (id >= ETW_MAX_STAGES_PER_FD)
		return NULL;
	id = array_index_nospec(id, ETW_MAX_STAGES_PER_FD);
	rcu_read_lock();
	tbl = READ_ONCE(ef->stages);
	st = tbl ? rcu_dereference(tbl[id]) : NULL;
	if (st && (st->tgid != task_tgid_nr(current) ||
		   !kref_get_unless_zero(&st->ref)))
		st = NULL;
	rcu_read_unlock();
	return st;
}

static int etw_stage_ctl_in(struct etw_stage_ctl *req, void __user *uarg,
			    u32 usize)
{
	int ret = copy_struct_from_user(req, sizeof(*req), uarg, usize);

	if (ret)
		return ret;
	if (req->flags || req->__reserved)
		return -EINVAL;
	return 0;
}

long etw_ioctl_stage_seal(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_ctl req;
	struct etw_stage *st;
	int ret;

	ret = etw_stage_ctl_in(&req, uarg, usize);
	if (ret)
		return ret;
	st = etw_stage_get(ef, req.id);
	if (!st)
		return -ENOENT;
	/* Killable: a slow drain of a huge stage stalls only its writer. */
	if (mutex_lock_killable(&st->lock)) {
		etw_stage_put(st);
		return -EINTR;
	}
	ret = st->closed ? -ESHUTDOWN : etw_stage_drain(st, ETW_DRAIN_RESET);
	mutex_unlock(&st->lock);
	etw_stage_put(st);
	return ret;
}

long etw_ioctl_stage_close(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_ctl req;
	struct etw_stage *st;
	int ret;

	ret = etw_stage_ctl_in(&req, uarg, usize);
	if (ret)
		return ret;
	st = etw_stage_get(ef, req.id);
	if (!st)
		return -ENOENT;
	mutex_lock(&etw_lock);
	if (rcu_access_pointer(ef->stages[st->id]) == st)
		etw_stage_remove(ef, st);
	else
		ret = -ENOENT;	/* closed by another thread meanwhile */
	mutex_unlock(&etw_lock);
	etw_stage_put(st);
	return ret;
}

/**
 * etw_fast_mmap() - map the fast map or a stage
 * @ef:		the file
 * @vma:	at ETW_MMAP_FAST_MAP (read-only) or a stage's offset
 *
 * Context: the mmap handler (mmap_lock held for writing); takes etw_lock.
 * Return: 0 or -errno.
 */
int etw_fast_mmap(struct etw_file *ef, struct vm_area_struct *vma)
{
	u64 off = (u64)vma->vm_pgoff << PAGE_SHIFT;
	unsigned long len = vma->vm_end - vma->vm_start;
	struct etw_stage *st;
	int ret;

	if (off == ETW_MMAP_FAST_MAP) {
		if (len > PAGE_ALIGN(ETW_FAST_MAP_SIZE))
			return -EINVAL;
		if (vma->vm_flags & (VM_WRITE | VM_EXEC))
			return -EPERM;
		mutex_lock(&etw_lock);
		ret = etw_file_alloc_map(ef);
		mutex_unlock(&etw_lock);
		return ret ? ret : etw_umem_mmap(&ef->fast_mem, vma);
	}
	if (off < ETW_MMAP_STAGE_BASE ||
	    (off - ETW_MMAP_STAGE_BASE) % ETW_STAGE_MMAP_STRIDE)
		return -EINVAL;
	st = etw_stage_get(ef, (off - ETW_MMAP_STAGE_BASE) /
			       ETW_STAGE_MMAP_STRIDE);
	if (!st)
		return -EINVAL;
	/* Only the opener's process; never another mm with the same tgid. */
	ret = -EACCES;
	if (st->task->mm == current->mm && !st->closed)
		ret = etw_umem_mmap_private_rw(&st->mem, vma);
	etw_stage_put(st);
	return ret;
}
