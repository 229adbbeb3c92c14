/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fast path: stages a provider thread writes its events into, which
 * the module drains into the session's buffers.  See etw_fast.c,
 * etw_fast_drain.c and Documentation/design.rst ("The fast path").
 */
#ifndef _ETW_FAST_H
#define _ETW_FAST_H

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/types.h>
#include <linux/etw.h>

#include "etw_umem.h"

struct etw_file;
struct etw_reg;
struct etw_session;
struct etw_user;
struct task_struct;
struct vm_area_struct;

/**
 * struct etw_session_fast - a session's side of the fast path
 * @mutex:	protects @stages and @wm_max
 * @stages:	the stages of this session (etw_stage.snode)
 * @wm_max:	the highest watermark given to a consumer; drains raise
 *		records below it (read with READ_ONCE)
 */
struct etw_session_fast {
	struct mutex mutex;
	struct list_head stages;
	u64 wm_max;
};

/**
 * struct etw_stage - one thread's stage for one session
 * @ref:	the file's table and the session's list hold one each;
 *		SEAL and CLOSE hold one while they run
 * @rcu:	freed after a grace period (the file's table is read under RCU)
 * @snode:	on session->fast.stages (session->fast.mutex)
 * @lock:	serialises drains; protects everything below it
 * @session:	the session (a reference)
 * @file:	the /dev/etw file it was opened on (not a reference: the
 *		file's release frees its stages first)
 * @user:	the quota record charged with the stage's bytes
 * @task:	the owner thread (a reference): CPU times
 * @mem:	meta page + data area
 * @meta:	the meta page (@mem's first page)
 * @data:	the data area
 * @data_size:	its size
 * @charged:	bytes charged to @user
 * @id:		index in the file's table
 * @tid:	the owner thread's id (global pid namespace, as the ioctl
 *		path stamps records)
 * @tgid:	its process's id
 * @tail:	start of what has not been drained
 * @floor:	time of the last record handed over, or of the stage's
 *		creation, or its cut
 * @last_ts:	the same without the cut: records are raised to it
 * @cut:	set when the writer was found stuck inside a record
 * @stuck_head:	head seen at the previous flush while busy
 * @stuck:	busy at the previous flush
 * @closed:	the session stopped or the stage was closed: no more drains
 * @linked:	on the session's list
 */
struct etw_stage {
	struct kref ref;
	struct rcu_head rcu;
	struct list_head snode;
	struct mutex lock;
	struct etw_session *session;
	struct etw_file *file;
	struct etw_user *user;
	struct task_struct *task;
	struct etw_umem mem;
	struct etw_stage_meta *meta;
	u8 *data;
	u32 data_size;
	u64 charged;
	u32 id;
	u32 tid;
	u32 tgid;
	u32 tail;
	u64 floor;
	u64 last_ts;
	u64 cut;
	u64 stuck_head;
	bool stuck;
	bool closed;
	bool linked;
};

/* etw_fast.c */
void etw_fast_session_init(struct etw_session *s);
void etw_fast_session_stop(struct etw_session *s);
void etw_fast_flush(struct etw_session *s);
u64 etw_fast_watermark(struct etw_session *s, u64 now, u64 wm);
void etw_fast_drain_reg(struct etw_reg *reg);
void etw_fast_file_release(struct etw_file *ef);
void etw_fast_publish(struct etw_reg *reg);
int etw_fast_mmap(struct etw_file *ef, struct vm_area_struct *vma);
long etw_ioctl_stage_open(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_stage_seal(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_stage_close(struct etw_file *ef, void __user *uarg,
			   u32 usize);

/* etw_fast_drain.c */
#define ETW_DRAIN_FLUSH		0x1	/* a flush: FLUSH_MARKER on the buffers */
#define ETW_DRAIN_RESET		0x2	/* SEAL: start the stage over */
int etw_stage_drain(struct etw_stage *st, u32 how);

#endif /* _ETW_FAST_H */
