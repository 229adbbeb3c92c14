// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast path: stages.  A provider thread asks for a stage
 * (ETW_IOC_STAGE_OPEN), maps it read-write, and writes its events there
 * with plain stores; the collector (etw_collect.c) moves them into the
 * sessions' buffers.  This file has the stages' objects and lifetimes,
 * the ioctls, the mappings (stages, the fast map, the global page), and
 * what the enable code publishes for writers.  Documentation/design.rst
 * ("The fast path") has the design and the threat model.
 *
 * Locking: a file's stages are in its xarray (the xarray's lock; looked
 * up under RCU with a reference taken) and on the collector's list
 * (etw_collect_mutex).  Order: etw_lock -> etw_collect_mutex ->
 * pool->lock.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/nospec.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_fast.h"
#include "etw_collect.h"
#include "shared/etw_runs.h"
#include "shared/etw_etl.h"
#include "shared/etw_ioc.h"

/* Stages are 1, 4, 16 or 64 pages. */
static const u32 etw_stage_pages[] = { 1, 4, 16, ETW_STAGE_MAX_PAGES };

static atomic64_t etw_stage_serial = ATOMIC64_INIT(0);

struct etw_global_page *etw_global;
struct etw_umem etw_global_mem;

int etw_fast_init(void)
{
	int ret = etw_umem_alloc(&etw_global_mem, ETW_GLOBAL_PAGE_SIZE);

	if (ret)
		return ret;
	etw_global = etw_global_mem.vaddr;
	etw_global->size = sizeof(*etw_global);
	etw_global->version = 1;
	return 0;
}

void etw_fast_exit(void)
{
	etw_umem_free(&etw_global_mem);
	etw_global = NULL;
}

void etw_fast_file_init(struct etw_file *ef)
{
	xa_init_flags(&ef->stages, XA_FLAGS_ACCOUNT);
	atomic_set(&ef->nstages, 0);
	atomic_set(&ef->nlisted, 0);
}

/**
 * etw_fast_publish() - publish a registration's state for writers
 * @reg:	the registration
 *
 * The word is the enable test over every enabling session (as the enable
 * slot), @sessions those of them the collector serves.
 *
 * Context: etw_lock held, inside the enable slot's seqcount write section
 * (etw_slot_publish()).
 */
void etw_fast_publish(struct etw_reg *reg)
{
	struct etw_fast_slot *map = reg->file->fast_map;
	const struct etw_level_kw *kw = &reg->agg.kw;
	u64 word = 0;

	lockdep_assert_held(&etw_lock);
	if (!map)
		return;
	if (reg->agg.n) {
		word = (u64)kw->level + 1;
		if (kw->any == ~0ULL && !kw->all)
			word |= ETW_FAST_W_KW_ANY;
		if (kw->keyword0)
			word |= ETW_FAST_W_KW0;
		if (reg->fast_other)
			word |= ETW_FAST_W_IOCTL;
		if (reg->stack)
			word |= ETW_FAST_W_STACK;
		if (reg->info)
			word |= ETW_FAST_W_INFO;
	}
	/* Disabling: the word first; enabling: the sessions first. */
	if (word) {
		WRITE_ONCE(map[reg->slot].sessions, reg->fast_sessions);
		/* sessions before word: a writer reads word, then sessions */
		smp_wmb();
		WRITE_ONCE(map[reg->slot].word, word);
	} else {
		WRITE_ONCE(map[reg->slot].word, 0);
		/* word before sessions, as above */
		smp_wmb();
		WRITE_ONCE(map[reg->slot].sessions, 0);
	}
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
	call_rcu(&st->rcu, etw_stage_free_rcu);
}

void etw_stage_put(struct etw_stage *st)
{
	kref_put(&st->ref, etw_stage_release);
}

/* The smallest stage size whose ring holds @want bytes, or the largest. */
static u32 etw_stage_size_for(u32 want)
{
	u32 i;

	for (i = 0; i < ARRAY_SIZE(etw_stage_pages) - 1; i++)
		if ((u64)etw_stage_pages[i] * PAGE_SIZE - ETW_STAGE_META_SIZE >=
		    want)
			break;
	return etw_stage_pages[i];
}

/* Make a stage of @pages pages for the calling thread. */
static struct etw_stage *etw_stage_new(u32 pages, int *err)
{
	u64 bytes = (u64)pages << PAGE_SHIFT;
	struct etw_stage_meta *m;
	struct etw_stage *st;
	int ret;

	st = kzalloc(sizeof(*st), GFP_KERNEL_ACCOUNT);
	if (!st) {
		*err = -ENOMEM;
		return NULL;
	}
	kref_init(&st->ref);
	INIT_LIST_HEAD(&st->cnode);
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
	/*
	 * The first page's direct-map address: it never changes, even when
	 * retiring the stage maps its data anew (readers under RCU only,
	 * etw_fast_drain_reg(), may look at it meanwhile).
	 */
	st->meta = page_address(st->mem.pages[0]);
	st->data = (u8 *)st->mem.vaddr + ETW_STAGE_META_SIZE;
	st->data_size = bytes - ETW_STAGE_META_SIZE;
	st->tid = task_pid_nr(current);
	st->tgid = task_tgid_nr(current);
	st->task = get_task_struct(current);
	st->id = atomic64_inc_return(&etw_stage_serial);

	m = st->meta;
	m->size = sizeof(*m);
	m->version = ETW_STAGE_VERSION;
	m->data_offset = ETW_STAGE_META_SIZE;
	m->data_size = st->data_size;
	m->max_record = min_t(u32, ETW_FAST_MAX_RECORD, st->data_size / 2);
	m->clock_type = ETL_CLOCK_QPC;
	m->id = st->id;
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

/* The mmap offset of a stage. */
static u64 etw_stage_offset(const struct etw_stage *st)
{
	return ETW_MMAP_STAGE_BASE + st->id * ETW_STAGE_MMAP_STRIDE;
}

/* Zap the user mappings of @st from @from bytes on.  Context: may sleep. */
void etw_stage_zap(struct etw_stage *st, u64 from)
{
	struct address_space *mapping = READ_ONCE(st->file->mapping);

	if (mapping && from < (st->mem.nr_pages << PAGE_SHIFT))
		unmap_mapping_range(mapping, etw_stage_offset(st) + from,
				    (st->mem.nr_pages << PAGE_SHIFT) - from, 1);
}

/**
 * etw_collect_free() - free a stage the collector is done with
 * @st:		on the collector's list; not in its file's xarray any more,
 *		or its file is going
 *
 * Context: etw_collect_mutex held.
 */
void etw_collect_free(struct etw_stage *st)
{
	lockdep_assert_held(&etw_collect_mutex);
	list_del_init(&st->cnode);
	atomic_dec(&st->file->nlisted);
	/* A process that kept the mapping loses it; its pages go now. */
	etw_stage_zap(st, 0);
	etw_stage_put(st);	/* the collector's reference */
}

long etw_ioctl_stage_open(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_open req;
	struct etw_stage *st;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.id || req.mmap_offset || req.map_size ||
	    req.__pad || !etw_mem_is_zero(req.__reserved,
					   sizeof(req.__reserved)))
		return -EINVAL;
	if (atomic_inc_return(&ef->nstages) > ETW_MAX_STAGES_PER_FD) {
		ret = -EMFILE;
		goto out_count;
	}
	st = etw_stage_new(etw_stage_size_for(req.want), &ret);
	if (!st)
		goto out_count;
	st->file = ef;
	kref_get(&st->ref);	/* the xarray's */
	ret = xa_insert(&ef->stages, st->id, st, GFP_KERNEL_ACCOUNT);
	if (ret) {
		kref_put(&st->ref, etw_stage_release);
		etw_stage_put(st);
		goto out_count;
	}
	mutex_lock(&etw_collect_mutex);
	st->took = ktime_get_ns();
	list_add_tail(&st->cnode, &etw_collect_stages);
	atomic_inc(&ef->nlisted);
	mutex_unlock(&etw_collect_mutex);
	etw_collect_kick();

	req.id = st->id;
	req.mmap_offset = etw_stage_offset(st);
	req.map_size = st->mem.nr_pages << PAGE_SHIFT;
	ret = etw_copy_out(uarg, usize, &req, sizeof(req));
	if (ret) {
		/* Nobody learnt its id: the collector frees it. */
		mutex_lock(&etw_collect_mutex);
		if (xa_erase(&ef->stages, st->id) == st) {
			atomic_dec(&ef->nstages);
			etw_stage_put(st);
		}
		st->closed = true;
		mutex_unlock(&etw_collect_mutex);
	}
	return ret;

out_count:
	atomic_dec(&ef->nstages);
	return ret;
}

/*
 * The stage @id of @ef if the calling process opened it, referenced.
 * Context: process context.
 */
static struct etw_stage *etw_stage_get(struct etw_file *ef, u64 id)
{
	struct etw_stage *st;

	rcu_read_lock();
	st = xa_load(&ef->stages, id);
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
	if (req->flags || req->advice || req->__pad || req->tail ||
	    req->__reserved)
		return -EINVAL;
	return 0;
}

/*
 * Does @st fill faster than the collector empties it?  A second SEAL
 * within two collect intervals, or a record too large for a quarter of
 * the ring, asks for the next size.  Context: etw_collect_mutex held.
 */
static u32 etw_stage_advice(struct etw_stage *st, u32 need, u64 now)
{
	bool fast = st->sealed && now - st->sealed < 2ULL * etw_collect_ms() *
						       NSEC_PER_MSEC;

	lockdep_assert_held(&etw_collect_mutex);
	st->sealed = now;
	if (st->mem.nr_pages >= ETW_STAGE_MAX_PAGES)
		return 0;
	return fast || need > st->data_size / 4 ? ETW_STAGE_A_GROW : 0;
}

long etw_ioctl_stage_seal(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_ctl req;
	struct etw_stage *st;
	unsigned long deadline = 0;
	u64 t = ktime_get_ns();
	int ret, tries;

	ret = etw_stage_ctl_in(&req, uarg, usize);
	if (ret)
		return ret;
	st = etw_stage_get(ef, req.id);
	if (!st)
		return -ENOENT;
	/*
	 * The first collect takes what is below its cutoff; the second,
	 * once the margin has passed since the call (every record the
	 * writer committed before it is then below the cutoff), takes the
	 * rest.  Each plans this stage first, with the room it needs, so no
	 * other stage's records keep it from being looked at.  A ring that
	 * blocking sessions hold back records in waits (killably, no lock
	 * held between collects) until they have buffers or give the holds
	 * up, after their timeout: only this writer waits.  A ring still
	 * full then holds only records from the future: they are dropped
	 * and counted so that the writer goes on.
	 */
	for (tries = 0; ; tries++) {
		u64 now = ktime_get_ns();
		bool moved = false;
		u32 ms;

		if (tries == 1 && now < t + ETW_COLLECT_MARGIN_NS)
			usleep_range((t + ETW_COLLECT_MARGIN_NS - now) /
				     NSEC_PER_USEC + 1,
				     (t + ETW_COLLECT_MARGIN_NS - now) /
				     NSEC_PER_USEC + 20);
		/* Killable: a long collect stalls only the writers that wait. */
		if (mutex_lock_killable(&etw_collect_mutex)) {
			etw_stage_put(st);
			return -EINTR;
		}
		ret = -ESHUTDOWN;
		if (st->closed || st->retired)
			goto out_unlock;
		etw_collect(st);
		if (etw_collect_room(st, req.need))
			break;
		/*
		 * The timeout counts from the holding sessions' last
		 * progress: a slow file is not a stuck one.
		 */
		ms = etw_stage_held_ms(st, &moved);
		if (ms && (!deadline || moved))
			deadline = jiffies + msecs_to_jiffies(ms) + HZ;
		if (tries >= 1 && (!ms || time_after(jiffies, deadline))) {
			etw_collect_drop_stage(st);
			break;
		}
		mutex_unlock(&etw_collect_mutex);
		if (tries >= 1 && (schedule_timeout_killable(1) ||
				   fatal_signal_pending(current))) {
			etw_stage_put(st);
			return -EINTR;
		}
	}
	req.advice = etw_stage_advice(st, req.need, ktime_get_ns());
	WRITE_ONCE(st->meta->advice, req.advice);
	req.tail = st->tail;
	ret = 0;
out_unlock:
	mutex_unlock(&etw_collect_mutex);
	etw_stage_put(st);
	if (ret)
		return ret;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}

long etw_ioctl_stage_close(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_ctl req;
	struct etw_stage *st;
	int ret;

	ret = etw_stage_ctl_in(&req, uarg, usize);
	if (ret)
		return ret;
	if (req.need)
		return -EINVAL;
	st = etw_stage_get(ef, req.id);
	if (!st)
		return -ENOENT;
	mutex_lock(&etw_collect_mutex);
	if (xa_erase(&ef->stages, st->id) == st) {
		atomic_dec(&ef->nstages);
		etw_stage_put(st);	/* the xarray's */
		st->closed = true;
		WRITE_ONCE(st->meta->state, ETW_STAGE_S_CLOSED);
	} else {
		ret = -ENOENT;	/* closed by another thread meanwhile */
	}
	mutex_unlock(&etw_collect_mutex);
	etw_stage_put(st);
	if (!ret)
		etw_collect_kick();
	return ret;
}

long etw_ioctl_stage_wait(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_stage_wait req;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__pad ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)))
		return -EINVAL;
	return etw_block_wait(req.sessions);
}

/**
 * etw_fast_file_release() - the process's file goes: collect its stages
 * one last time and free them, while its registrations still exist
 * @ef:		the file; no mapping of it is left (each holds the file)
 *
 * Context: process context; takes etw_collect_mutex.
 */
void etw_fast_file_release(struct etw_file *ef)
{
	struct etw_stage *st, *tmp;
	unsigned long id;

	if (!atomic_read(&ef->nlisted)) {
		mutex_lock(&etw_collect_mutex);
		goto free_closed;
	}
	/*
	 * Records committed until now have times below the next cutoff:
	 * those of open stages and of stages closed (or left by exiting
	 * threads) but not yet emptied.
	 */
	etw_collect_until(ktime_get_ns());
	mutex_lock(&etw_collect_mutex);
	/* What blocking sessions still hold back is lost: an exit waits for no reader. */
	xa_for_each(&ef->stages, id, st) {
		xa_erase(&ef->stages, id);
		st->closed = true;
		etw_stage_put(st);	/* the xarray's */
	}
	atomic_set(&ef->nstages, 0);
free_closed:
	list_for_each_entry_safe(st, tmp, &etw_collect_stages, cnode) {
		if (st->file != ef)
			continue;
		etw_collect_drop_stage(st);	/* what is left is lost, counted */
		etw_collect_free(st);
	}
	mutex_unlock(&etw_collect_mutex);
	xa_destroy(&ef->stages);
}

/**
 * etw_fast_file_pending() - has a stage of @ef records the collector did
 * not take yet?
 * @ef:		the file
 *
 * Context: any context that holds a reference to @ef.
 * Return: true if it may have (a stage its thread closed, or left by
 * exiting, may still hold records until the collect that frees it, and
 * is no longer in @ef->stages: then true too).
 */
bool etw_fast_file_pending(struct etw_file *ef)
{
	struct etw_stage *st;
	unsigned long id;
	bool pending;

	if (!atomic_read(&ef->nlisted))
		return false;
	pending = atomic_read(&ef->nlisted) != atomic_read(&ef->nstages);
	rcu_read_lock();
	xa_for_each(&ef->stages, id, st) {
		if (pending)
			break;
		pending = (READ_ONCE(st->meta->head) & ~ETW_STAGE_BUSY) !=
			  READ_ONCE(st->tail);
	}
	rcu_read_unlock();
	return pending;
}

/**
 * etw_fast_drain_reg() - records of @reg's file, before its state changes
 * @reg:	the registration
 * @changed:	bit (logger_id - 1) per session whose state for @reg changes
 *
 * Records in the stages of @reg's file are judged by the enable state
 * they were written under: collect before the active list changes, if
 * any stage of the file has records the collector did not take.  What
 * the stages still hold back for a session in @changed (it had no
 * buffer) is given up, counted, by that same state.  Nothing here waits
 * for a reader.
 *
 * Context: etw_lock held.
 */
void etw_fast_drain_reg(struct etw_reg *reg, u64 changed)
{
	struct etw_file *ef = reg->file;

	lockdep_assert_held(&etw_lock);
	if (etw_fast_file_pending(ef))
		etw_collect_until(ktime_get_ns());
	etw_block_release(ef, changed);
}

/**
 * etw_fast_mmap() - map the fast map, the global page or a stage
 * @ef:		the file
 * @vma:	at ETW_MMAP_FAST_MAP or ETW_MMAP_GLOBAL (read-only), or a
 *		stage's offset
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

	lockdep_assert_held_write(&vma->vm_mm->mmap_lock);
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
	if (off == ETW_MMAP_GLOBAL)
		return etw_umem_mmap(&etw_global_mem, vma);
	if (off < ETW_MMAP_STAGE_BASE ||
	    (off - ETW_MMAP_STAGE_BASE) % ETW_STAGE_MMAP_STRIDE)
		return -EINVAL;
	st = etw_stage_get(ef, (off - ETW_MMAP_STAGE_BASE) /
			       ETW_STAGE_MMAP_STRIDE);
	if (!st)
		return -EINVAL;
	/*
	 * Only the opener's process; never another mm with the same tgid.
	 * The collector's mutex keeps the stage from being retired (its
	 * pages freed) while they are inserted: mmap_lock -> etw_lock ->
	 * etw_collect_mutex.
	 */
	ret = -EACCES;
	mutex_lock(&etw_collect_mutex);
	if (st->task->mm == current->mm && !st->closed && !st->retired) {
		/* The device's mapping, to zap the stage when it is freed. */
		WRITE_ONCE(ef->mapping, vma->vm_file->f_mapping);
		ret = etw_umem_mmap_private_rw(&st->mem, vma);
	}
	mutex_unlock(&etw_collect_mutex);
	etw_stage_put(st);
	return ret;
}

/* --- retiring and freeing stages (the collector's housekeeping) -------- */

static unsigned int etw_stage_idle_ms = 5000;
module_param_named(stage_idle_ms, etw_stage_idle_ms, uint, 0644);
MODULE_PARM_DESC(stage_idle_ms,
		 "A stage larger than a page that took no record for this long is shrunk to one page");

/*
 * Give up the pages of an idle stage but its first, if its writer is
 * provably outside its ring: design.rst, "Retiring".
 * Context: etw_collect_mutex held.
 */
static void etw_stage_retire(struct etw_stage *st)
{
	u64 head, freed;

	lockdep_assert_held(&etw_collect_mutex);
	WRITE_ONCE(st->meta->state, ETW_STAGE_S_RETIRED);
	smp_mb();	/* state before on_cpu: pairs with the scheduler's */
	if (etw_task_on_cpu(st->task))
		goto undo;
	head = READ_ONCE(st->meta->head);
	if (head != st->tail)
		goto undo;	/* busy, or records came meanwhile */
	/* From now on its writer leaves it at its next event. */
	st->retired = true;
	etw_stage_zap(st, PAGE_SIZE);
	freed = (st->mem.nr_pages - 1) << PAGE_SHIFT;
	if (etw_umem_shrink(&st->mem, 1))
		return;		/* keeps its pages; freed when closed */
	st->data = (u8 *)st->mem.vaddr + ETW_STAGE_META_SIZE;
	st->data_size = PAGE_SIZE - ETW_STAGE_META_SIZE;
	etw_user_uncharge(st->user, ETW_Q_STAGE_BYTES, freed);
	st->charged -= freed;
	return;
undo:
	WRITE_ONCE(st->meta->state, ETW_STAGE_S_OPEN);
}

/*
 * After a collect: free a stage its writer left (CLOSE, or the thread is
 * gone) once it is empty; retire one that was idle long enough.
 * Context: etw_collect_mutex held.
 */
void etw_stage_housekeep(struct etw_stage *st, u64 now)
{
	bool empty = st->retired || (!st->busy && st->tail == st->end);

	lockdep_assert_held(&etw_collect_mutex);
	if (!st->closed && (READ_ONCE(st->task->flags) & PF_EXITING)) {
		struct etw_ring r = { .data = st->data, .size = st->data_size };
		u64 head;

		/* A thread that exited without closing it (raw clone()). */
		if (xa_erase(&st->file->stages, st->id) == st) {
			atomic_dec(&st->file->nstages);
			etw_stage_put(st);
		}
		st->closed = true;
		/*
		 * Its last records may have been committed after this collect
		 * read head: its head store came before PF_EXITING was set.
		 */
		smp_rmb();
		/* Acquire: the records below head are read after it. */
		head = smp_load_acquire(&st->meta->head) & ~7ULL;
		if (!st->retired && head != st->tail &&
		    etw_ring_head_ok(&r, st->tail, head))
			empty = false;
	}
	/* Records still there (above the cutoff) go at the next collect. */
	if (st->closed && empty) {
		etw_collect_free(st);
		return;
	}
	if (!st->retired && !st->closed && empty && st->mem.nr_pages > 1 &&
	    now - st->took > (u64)READ_ONCE(etw_stage_idle_ms) * NSEC_PER_MSEC)
		etw_stage_retire(st);
}

