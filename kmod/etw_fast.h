/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fast path: per-thread stages that writers fill with plain stores,
 * and the collector that moves their records into the sessions' buffers.
 * See etw_fast.c (stages), etw_collect.c (the collector),
 * kmod/shared/etw_runs.c (the freestanding part) and
 * Documentation/design.rst ("The fast path").
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
struct etw_system_info;

/**
 * struct etw_session_fast - a session's side of the fast path
 * @served:	stages serve it: it is in the collector's table (the
 *		collector's mutex)
 * @wm:		the collector's bound on the session's watermark, in the
 *		session's clock (READ_ONCE); U64_MAX without one
 * @block_ms:	blocking timeout, 0 when not blocking (etw_lock to change;
 *		READ_ONCE)
 * @stalled:	it made no progress for a whole timeout: nothing is held
 *		back for it and writers stop waiting until it has half its
 *		buffers free again (the collector's mutex; READ_ONCE)
 * @holds:	stages holding records back for it (the collector's mutex;
 *		READ_ONCE: it is congested while there are any)
 * @hold_key:	the lowest key they hold, U64_MAX without (the mutex)
 * @stuck:	since when (ns) every collect found no buffer for it and
 *		gave it nothing; 0 while it makes progress (the mutex)
 * @failed:	this collect: a record found no buffer (the mutex)
 * @got:	this collect: it was given a record (the mutex)
 */
struct etw_session_fast {
	bool served;
	u64 wm;
	u32 block_ms;
	bool stalled;
	u32 holds;
	u64 hold_key;
	u64 stuck;
	bool failed;
	bool got;
};

/* Blocking sessions a stage may hold records back for at once. */
#define ETW_STAGE_HOLDS	4

/**
 * struct etw_hold - a stage's records held back for one blocking session
 * @id:		the session's logger id; 0: a free slot
 * @fresh:	set or kept by the collect under way
 * @pos:	the session's first record not copied yet (those before
 *		it, and every record before the stage's @done for the
 *		sessions not holding it, were)
 * @key:	the key the records from @pos on are planned from again
 */
struct etw_hold {
	u16 id;
	bool fresh;
	u64 pos;
	u64 key;
};

/**
 * struct etw_stage - one thread's stage
 * @ref:	the file's xarray holds one until CLOSE, the collector's list
 *		one until it frees the stage; lookups hold one meanwhile
 * @rcu:	freed after a grace period (looked up under RCU)
 * @cnode:	on the collector's list (etw_collect_mutex)
 * @file:	the /dev/etw file it was opened on (not a reference: the
 *		file's release frees its stages first)
 * @user:	the quota record charged with its bytes
 * @task:	the owner thread (a reference): ids, CPU times, on_cpu
 * @mem:	its pages
 * @meta:	the meta area (@mem's start)
 * @data:	the ring
 * @data_size:	its bytes
 * @id:		its serial (mmap offset, etw_stage_open.id)
 * @charged:	bytes charged to @user
 * @tid:	the owner thread's id (global pid namespace)
 * @tgid:	its process's id
 *
 * Everything below is the collector's (etw_collect_mutex):
 * @tail:	ring position up to which records were taken for every
 *		session: @done, or the lowest @holds' position
 * @done:	ring position up to which records were taken for every
 *		session that does not hold the stage
 * @key:	key of the last record before @done (records are raised
 *		to it)
 * @tkey:	the key records from @tail on are planned from again
 * @holds:	blocking sessions it holds records back for (etw_block.c)
 * @nholds:	slots of @holds in use
 * @took:	time (ns) of the last collect that took a record
 * @sealed:	time (ns) of its last STAGE_SEAL
 * @bad:	this collect: the ring could not be framed past @take
 * @closed:	the writer left it (CLOSE), or its file is going: free it
 *		once empty
 * @retired:	its pages but the first were freed
 * @end:	this collect: its committed head
 * @take:	this collect: where the records taken end
 * @take_key:	this collect: the key of the last record taken
 * @busy:	this collect: a record was being written
 * @pending:	this collect: it has records not taken yet
 * @planned:	this collect: its records were planned
 * @sessions:	this collect: the sessions its file's registrations are
 *		enabled by (etw_file.fast_sessions): its records go to no other
 * @trimmed:	this collect: the cutoff fell inside its plan
 * @truncated:	this collect: its share of the run table ran out
 * @have_times: this collect: @times, @uid, @ts_id and @start_key were
 *		read (once per collect, etw_stage_times())
 * @times:	this collect: the owner's CPU times, both forms (EVENT_HEADER
 *		and ProcessorTime)
 * @uid:	this collect: the owner's euid (the SID item of ETW_PROP_INFO)
 * @ts_id:	this collect: the owner's session id (the TS_ID item)
 * @start_key:	this collect: the owner's PROCESS_START_KEY
 */
struct etw_stage {
	struct kref ref;
	struct rcu_head rcu;
	struct list_head cnode;
	struct etw_file *file;
	struct etw_user *user;
	struct task_struct *task;
	struct etw_umem mem;
	struct etw_stage_meta *meta;
	u8 *data;
	u32 data_size;
	u64 id;
	u64 charged;
	u32 tid;
	u32 tgid;

	u64 tail;
	u64 done;
	u64 key;
	u64 tkey;
	struct etw_hold holds[ETW_STAGE_HOLDS];
	u8 nholds;
	u64 took;
	u64 sealed;
	bool bad;
	bool closed;
	bool retired;
	u64 end;
	u64 take;
	u64 take_key;
	bool busy;
	bool pending;
	bool planned;
	u64 sessions;
	bool trimmed;
	bool truncated;
	bool have_times;
	u64 times[2];
	u32 uid;
	u32 ts_id;
	u64 start_key;
};

/* etw_fast.c: stages */
int etw_fast_init(void);
void etw_fast_exit(void);
void etw_fast_file_init(struct etw_file *ef);
void etw_fast_file_release(struct etw_file *ef);
void etw_fast_publish(struct etw_reg *reg);
void etw_fast_drain_reg(struct etw_reg *reg, u64 changed);
void etw_fast_wait_held(struct etw_file *ef);
int etw_fast_mmap(struct etw_file *ef, struct vm_area_struct *vma);
long etw_ioctl_stage_open(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_stage_seal(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_stage_close(struct etw_file *ef, void __user *uarg,
			   u32 usize);
long etw_ioctl_stage_wait(struct etw_file *ef, void __user *uarg, u32 usize);
void etw_stage_put(struct etw_stage *st);
void etw_stage_zap(struct etw_stage *st, u64 from);

/* etw_collect.c: the collector */
extern struct mutex etw_collect_mutex;
extern struct list_head etw_collect_stages;
int etw_collect_init(void);
void etw_collect_exit(void);
void etw_collect(struct etw_stage *first);
void etw_collect_until(u64 t);
void etw_collect_kick(void);
unsigned int etw_collect_ms(void);
void etw_collect_free(struct etw_stage *st);
bool etw_collect_room(struct etw_stage *st, u32 need);
void etw_collect_drop_stage(struct etw_stage *st);
void etw_fast_session_init(struct etw_session *s);
void etw_fast_session_start(struct etw_session *s);
void etw_fast_session_stop(struct etw_session *s);
void etw_fast_flush(struct etw_session *s, bool hint);
u64 etw_fast_watermark(struct etw_session *s, u64 now, u64 wm);
bool etw_fast_serves(const struct etw_session *s);
int etw_block_wait(u64 sessions);
u32 etw_stage_held_ms(struct etw_stage *st, bool *moved);
bool etw_fast_file_pending(struct etw_file *ef);
int etw_block_set(struct etw_session *s, u32 ms);
int etw_block_info(struct etw_system_info *req);
extern struct etw_global_page *etw_global;
extern struct etw_umem etw_global_mem;

#endif /* _ETW_FAST_H */
