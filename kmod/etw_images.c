// SPDX-License-Identifier: GPL-2.0-only
/*
 * What symbolizes a stack: the writer's executable mappings, described
 * to each session that gets its user frames.
 *
 * A session that asked for stacks (EVENT_ENABLE_PROPERTY_STACK_TRACE)
 * gets return addresses, which name nothing without the mappings they
 * fall in.  The NT Kernel Logger's Image events describe every process;
 * a user's own session has no such source.  So the first time a process
 * writes an event with a stack that a session takes, and again whenever
 * the process says its set of loaded images changed (the @image_gen of
 * its write: libetw passes glibc's count of dlopen()s and dlclose()s),
 * the kernel walks the writer's own executable mappings and writes one
 * Image/DCStart (3/3) per mapping, and its ImageId/ElfBuildId when the
 * file has a build-id, into those sessions, before the event.
 *
 * It runs in the writer's context, in the ioctl, with no lock but the
 * writer's own mmap_lock (read, killable) and RCU while writing: a
 * writer that lies about its generation only makes its own writes
 * slower and its own sessions fuller.  Which processes a session has
 * seen lives in a small table per session (etw_img_seen), allocated when
 * the session first enables a provider with stacks (etw_enable.c) and
 * freed with the session; a full table starts over, so a process may be
 * described twice, never not at all.
 *
 * Documentation/design.rst, "Stacks".
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hash.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "etw_internal.h"
#include "etw_ksys.h"

/* Open addressing; at 3/4 full the table is cleared. */
#define ETW_IMG_SEEN_SLOTS	256

/**
 * struct etw_img_seen - the processes a session has had described
 * @lock:	guards the rest
 * @used:	slots in use
 * @key:	the process's PROCESS_START_KEY + 1 (0: free)
 * @gen:	the image generation it was described at
 */
struct etw_img_seen {
	spinlock_t lock;
	u32 used;
	u64 key[ETW_IMG_SEEN_SLOTS];
	u32 gen[ETW_IMG_SEEN_SLOTS];
};

struct etw_img_seen *etw_images_alloc(void)
{
	struct etw_img_seen *t = kzalloc(sizeof(*t), GFP_KERNEL_ACCOUNT);

	if (t)
		spin_lock_init(&t->lock);
	return t;
}

void etw_images_free(struct etw_img_seen *t)
{
	kfree(t);
}

/*
 * Note that @t has seen the process of @key at @gen.  Return: true if
 * it had not (at that generation): describe it.
 */
static bool etw_images_note(struct etw_img_seen *t, u64 key, u32 gen)
{
	u32 i = hash_64(key, ilog2(ETW_IMG_SEEN_SLOTS));
	bool fresh = true;

	spin_lock(&t->lock);
	for (;;) {
		if (!t->key[i]) {
			if (t->used >= ETW_IMG_SEEN_SLOTS * 3 / 4) {
				memset(t->key, 0, sizeof(t->key));
				t->used = 0;
				i = hash_64(key, ilog2(ETW_IMG_SEEN_SLOTS));
			}
			t->key[i] = key;
			t->used++;
			break;
		}
		if (t->key[i] == key) {
			fresh = t->gen[i] != gen;
			break;
		}
		i = (i + 1) % ETW_IMG_SEEN_SLOTS;
	}
	t->gen[i] = gen;
	spin_unlock(&t->lock);
	return fresh;
}

/**
 * etw_images_wanted() - the sessions the writer's images must be
 * described to before its event with a stack
 * @ef:		the writer's file
 * @handle:	the registration the event is written with
 * @gen:	the writer's image generation
 *
 * Context: process context (the writer), no locks held.
 * Return: a mask of logger_id - 1 bits, each session noted as served.
 */
u64 etw_images_wanted(struct etw_file *ef, u64 handle, u32 gen)
{
	u64 key = etw_process_start_key(current) + 1, mask = 0;
	struct etw_active *a;
	struct etw_reg *reg;
	u32 i;

	rcu_read_lock();
	reg = etw_reg_lookup(ef, handle);
	a = reg ? rcu_dereference(reg->active) : NULL;
	for (i = 0; a && i < a->n; i++) {
		const struct etw_active_entry *ae = &a->e[i];
		struct etw_img_seen *t;

		if (!(ae->props & ETW_PROP_STACK_TRACE))
			continue;
		/* Published once, before the entry that needs it. */
		t = smp_load_acquire(&ae->session->img_seen);
		if (t && etw_images_note(t, key, gen))
			mask |= 1ULL << (ae->session->logger_id - 1);
	}
	rcu_read_unlock();
	return mask;
}

/* One event to the sessions of @mask that still enable @handle. */
static void etw_images_write(struct etw_file *ef, u64 handle, u64 mask,
			     const struct etw_krec *r)
{
	struct etw_active *a;
	struct etw_reg *reg;
	u32 i;

	rcu_read_lock();
	reg = etw_reg_lookup(ef, handle);
	a = reg ? rcu_dereference(reg->active) : NULL;
	for (i = 0; a && i < a->n; i++) {
		struct etw_session *s = a->e[i].session;

		if ((mask & 1ULL << (s->logger_id - 1)) && !READ_ONCE(s->stopped))
			etw_kwrite(s, r);
	}
	rcu_read_unlock();
}

/* Each executable mapping of @mm: Image/DCStart, then its build-id. */
static void etw_images_walk(struct etw_file *ef, u64 handle, u64 mask,
			    struct mm_struct *mm, u8 *buf, char *path)
{
	struct etw_krec r = {
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
		.data = buf,
	};
	VMA_ITERATOR(vmi, mm, 0);
	struct vm_area_struct *vma;

	for_each_vma(vmi, vma) {
		char *p;
		u64 base;

		if (!vma->vm_file || !(vma->vm_flags & VM_EXEC))
			continue;
		base = vma->vm_start - ((u64)vma->vm_pgoff << PAGE_SHIFT);
		p = d_path(&vma->vm_file->f_path, path, PATH_MAX);
		r.hook = ETW_KH_IMAGE_DCSTART;
		r.version = ETW_KV_IMAGE;
		r.len = etw_kimage_payload(buf, r.pid, base, vma->vm_end - base,
					   IS_ERR(p) ? NULL : p);
		etw_images_write(ef, handle, mask, &r);
		r.hook = ETW_KH_ELF_BUILDID;
		r.version = ETW_KV_ELF_BUILDID;
		r.len = etw_kimage_buildid(buf, r.pid, base, vma->vm_file);
		if (r.len)
			etw_images_write(ef, handle, mask, &r);
	}
}

/**
 * etw_images_describe() - write the writer's executable mappings
 * @ef:		the writer's file
 * @handle:	its registration
 * @mask:	the sessions (etw_images_wanted())
 *
 * Context: process context (the writer), no locks held; sleeps.  A fatal
 * signal or no memory ends it early (the trace then names fewer frames).
 */
void etw_images_describe(struct etw_file *ef, u64 handle, u64 mask)
{
	struct mm_struct *mm = current->mm;
	char *path = NULL;
	u8 *buf = NULL;

	if (!mm || (current->flags & PF_KTHREAD))
		return;
	buf = kmalloc(ETW_KSCRATCH_SIZE, GFP_KERNEL_ACCOUNT);
	path = kmalloc(PATH_MAX, GFP_KERNEL_ACCOUNT);
	if (buf && path && !mmap_read_lock_killable(mm)) {
		etw_images_walk(ef, handle, mask, mm, buf, path);
		mmap_read_unlock(mm);
	}
	kfree(path);
	kfree(buf);
}
