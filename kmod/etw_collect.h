/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The collector's own state and what its files share: etw_collect.c
 * (the collect), etw_fstream.c (the sessions' fast streams and fast
 * state), etw_block.c (blocking sessions).  The rest of the module sees
 * only etw_fast.h.  Documentation/design.rst, "The fast path".
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
 * @waiting:	a collect waits for a blocking session's buffers: consumers'
 *		flushes do not wait for the mutex (they may hold the buffers)
 * @interval:	the worker's current period (ms): collect_ms while records
 *		come, doubling up to a second while none do
 * @runs:	scratch: planned runs
 * @cap:	entries of @runs and of each merge scratch array
 * @stages:	scratch: the stages planned, by index
 * @rings:	scratch: their rings
 * @scap:	entries of @stages and @rings
 * @heap:	merge scratch (etw_merge_init())
 * @gpos:	merge scratch
 * @gleft:	merge scratch
 * @gneed:	merge scratch
 * @gkey:	merge scratch
 * @gprev:	merge scratch
 * @work:	the periodic collect
 */
struct etw_collector {
	struct etw_session *sess[ETW_MAX_SESSIONS + 1];
	u64 floor;
	u64 base;
	u64 moved;
	atomic_t waiting;
	unsigned int interval;
	struct etw_run *runs;
	u32 cap;
	struct etw_stage **stages;
	struct etw_ring *rings;
	u32 scap;
	u32 *heap, *gpos, *gleft, *gneed;
	u64 *gkey, *gprev;
	struct delayed_work work;
};

extern struct etw_collector etw_col;

/* etw_fstream.c */
void etw_fstream_seal(struct etw_session *s, struct etw_stream *fs, u16 flags);
bool etw_fstream_room(struct etw_session *s, struct etw_stream *fs);
void etw_fast_publish_wm(struct etw_session *s);

/* etw_block.c */
bool etw_fstream_wait(struct etw_session *s, struct etw_stream *fs);

/* etw_fast.c */
void etw_stage_housekeep(struct etw_stage *st, u64 now);

#endif /* _ETW_COLLECT_H */
