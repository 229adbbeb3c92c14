/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The collector's own state and what its files share: etw_collect.c
 * (the collect), etw_fstream.c (the sessions' fast streams and fast
 * state), etw_block.c (blocking sessions and the records stages hold
 * back for them).  The rest of the module sees only etw_fast.h.
 * Documentation/design.rst, "The fast path".
 */
#ifndef _ETW_COLLECT_H
#define _ETW_COLLECT_H

#include <linux/workqueue.h>

#include "etw_fast.h"
#include "shared/etw_runs.h"

struct etw_session;
struct etw_stream;

/**
 * struct etw_collector - the collector's state (etw_collect_mutex)
 * @sess:	the sessions stages serve, by logger id, each referenced
 * @floor:	the last cutoff: every key given from now on is at least it
 * @base:	the last collect's "now" minus the margin: the next cutoff
 *		is at least it, whatever busy writers say
 * @moved:	records the last collect took
 * @nholds:	holds in all stages (etw_block.c); READ_ONCE outside
 * @interval:	the worker's current period (ms): collect_ms while records
 *		come, doubling up to a second while none do
 * @runs:	scratch: planned runs
 * @cap:	entries of @runs and of the per-run merge scratch
 * @mx:		merge scratch: per run (@cap entries) and per CPU
 *		(nr_cpu_ids + 1 entries, ETW_RUN_BADCPU's included)
 * @stages:	scratch: the stages planned, by index
 * @rings:	scratch: their rings
 * @scap:	entries of @stages and @rings
 * @copy:	scratch: ETW_COPY_SCRATCH bytes each copy is checked in
 * @work:	the periodic collect
 */
struct etw_collector {
	struct etw_session *sess[ETW_MAX_SESSIONS + 1];
	u64 floor;
	u64 base;
	u64 moved;
	u32 nholds;
	unsigned int interval;
	struct etw_run *runs;
	u32 cap;
	struct etw_merge_scratch mx;
	struct etw_stage **stages;
	struct etw_ring *rings;
	u32 scap;
	u8 *copy;
	struct delayed_work work;
};

extern struct etw_collector etw_col;

/* etw_collect.c */
u32 etw_lost_for(struct etw_stage *st, struct etw_session *s, u64 from,
		 u64 end);
void etw_count_lost(struct etw_stage *st, u64 from, u64 end);

/* etw_fstream.c */
void etw_fstream_seal(struct etw_session *s, struct etw_stream *fs, u16 flags);
bool etw_fstream_room(struct etw_session *s, struct etw_stream *fs);
void etw_fast_publish_wm(struct etw_session *s);

/* etw_block.c: records held back for blocking sessions */
bool etw_block_holds(struct etw_session *s);
struct etw_hold *etw_hold_find(struct etw_stage *st, u16 id);
void etw_hold_skip(struct etw_stage *st, struct etw_session *s,
		   struct etw_hold *h, u64 pos, u64 key, u64 end);
void etw_hold_drop(struct etw_stage *st, struct etw_hold *h);
void etw_hold_commit(struct etw_stage *st);
void etw_stage_set_tail(struct etw_stage *st);
u64 etw_block_purge_mask(u64 now);
void etw_block_account(u64 now);
void etw_block_forget(struct etw_session *s);
void etw_block_release(struct etw_file *ef, u64 sessions);

/* etw_fast.c */
void etw_stage_housekeep(struct etw_stage *st, u64 now);

#endif /* _ETW_COLLECT_H */
