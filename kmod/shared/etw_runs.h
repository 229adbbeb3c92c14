/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * The fast path's collector, the part that needs no kernel service:
 * reading a stage's ring, planning its records into runs, ordering the
 * runs of one CPU by time, and checking and patching records in the
 * module's copy.  Built into etw.ko (kmod/etw_collect.c drives it), into
 * the host unit tests and into make bench's instruction counts.
 * Documentation/design.rst, "Collecting".
 *
 * Nothing here trusts the ring: the planner reads each record's size,
 * time, CPU and sessions once; the checker decides everything else from
 * the copy it is given, which must frame as the plan said.
 */
#ifndef _ETW_SHARED_RUNS_H
#define _ETW_SHARED_RUNS_H

#include "etw_compat.h"
#include "etw_logic.h"
#include <linux/etw.h>

/* The smallest staged record: a FULL_HEADER64 (48 bytes). */
#define ETW_REC_MIN		48
/* A collect's cutoff stays this far behind "now" (ns): see design.rst. */
#define ETW_COLLECT_MARGIN_NS	10000

static inline u64 etw_pos(u32 lap, u32 off)
{
	return ((u64)lap << 32) | off;
}

/**
 * struct etw_ring - the module's view of a stage's ring
 * @data:	its first byte (the module's own mapping)
 * @size:	bytes, 8-aligned, at most 2^31
 */
struct etw_ring {
	const u8 *data;
	u32 size;
};

/*
 * Is @head (bit 0 cleared) a position the writer may have reached from
 * @tail?  Same lap and not behind it, or the next lap and not past it;
 * 8-aligned and inside the ring.
 */
bool etw_ring_head_ok(const struct etw_ring *r, u64 tail, u64 head);

/**
 * struct etw_peek - one record as the planner reads it, once
 * @pos:	its position (after any wrap)
 * @need:	bytes it takes in the ring (its size rounded up to 8)
 * @cpu:	the CPU its writer says it ran on
 * @kind:	its header type (ETL_HEADER_TYPE_*)
 * @ts:		the time its writer says
 * @sessions:	the sessions it says it is for
 */
struct etw_peek {
	u64 pos;
	u32 need;
	u16 cpu;
	u8 kind;
	u64 ts;
	u64 sessions;
};

/*
 * The record at or after @pos, before @end (both valid positions):
 * return 1 and fill @p, 0 when none is left, -EINVAL when what is there
 * cannot be framed (the rest of the ring up to @end is lost).
 */
int etw_ring_peek(const struct etw_ring *r, u64 pos, u64 end,
		  struct etw_peek *p);

/* The position after @p's record. */
static inline u64 etw_peek_next(const struct etw_peek *p)
{
	return p->pos + p->need;
}

/* etw_run.cpu of records that name no CPU of the machine (etw_plan.ncpu) */
#define ETW_RUN_BADCPU		0xFFFF
/* etw_run.flags */
#define ETW_RUN_HELD		0x1	/* records taken before, held back for some sessions */

/**
 * struct etw_run - consecutive records of one stage and one CPU, the
 * unit the collector copies
 * @first_key:	key of its first record
 * @last_key:	key of its last record
 * @sessions:	OR of its records' sessions
 * @pos:	ring position of its first record
 * @stage:	the caller's index of the stage
 * @len:	bytes (never across the ring's end)
 * @count:	records
 * @cpu:	the CPU of all of them, or ETW_RUN_BADCPU
 * @flags:	ETW_RUN_*, as the plan said
 */
struct etw_run {
	u64 first_key;
	u64 last_key;
	u64 sessions;
	u64 pos;
	u32 stage;
	u32 len;
	u32 count;
	u16 cpu;
	u16 flags;
};

/*
 * Keep only the records of @run whose keys (recomputed from the ring as
 * the planner computed them, from @run->first_key) are at most @cut.
 */
void etw_run_trim(const struct etw_ring *r, struct etw_run *run, u64 cut);

/**
 * struct etw_plan - planning one stage
 * @pos:	in: where its records start (its tail); out: where the
 *		planned ones end (the collect moves tail there)
 * @end:	in: its committed head (bit 0 cleared)
 * @key:	in: the key of its last record taken (or its floor); out: the
 *		key of its last planned record
 * @lo:		in: the lowest key a record may get (the previous cutoff)
 * @cutoff:	in: records with a higher key stay in the ring
 * @stage:	in: stored in each run
 * @ncpu:	in: CPUs of the machine: a record naming another one is in
 *		a run of ETW_RUN_BADCPU (0: any CPU)
 * @flags:	in: stored in each run (ETW_RUN_*)
 * @records:	out: records planned
 * @bad:	out: the ring could not be framed from @pos; the rest is lost
 * @full:	out: the run array filled up before the stage was planned
 */
struct etw_plan {
	u64 pos;
	u64 end;
	u64 key;
	u64 lo;
	u64 cutoff;
	u32 stage;
	u32 ncpu;
	u16 flags;
	u32 records;
	bool bad;
	bool full;
};

/*
 * Plan one stage: each record's key is its time raised to @lo and to the
 * previous record's key; records up to @cutoff are appended as runs to
 * @runs (*@nruns in use, @max at most).  Return the records planned.
 */
u32 etw_plan_stage(const struct etw_ring *r, struct etw_plan *pl,
		   struct etw_run *runs, u32 *nruns, u32 max);

/*
 * The key of the last committed record of a ring, from @pos to @end,
 * starting from @key (what the stage's records are raised to): the bound
 * a busy writer puts on the cutoff.  Stops at what cannot be framed.
 */
u64 etw_ring_last_key(const struct etw_ring *r, u64 pos, u64 end, u64 key);

/* --- ordering runs ------------------------------------------------------ */

/**
 * struct etw_piece - what the merge says to copy next
 * @run:	the run it comes from
 * @off:	ring offset (in the run's lap)
 * @len:	bytes
 * @count:	records
 * @lo:		keys in the copy are raised to this
 * @hi:		and lowered to this
 * @single:	one record of an overlap, @lo == @hi its key
 * @lost:	the rest of a run that stopped framing since it was
 *		planned: count @count records lost, copy nothing
 */
struct etw_piece {
	const struct etw_run *run;
	u32 off;
	u32 len;
	u32 count;
	u64 lo;
	u64 hi;
	bool single;
	bool lost;
};

/**
 * struct etw_mcpu - one CPU's part of a merge
 * @i:		its next run to look at
 * @end:	the first run after its own
 * @gn:		members of the overlap group being merged
 * @gend:	the first run after that group
 * @gbase:	the group's heap: heap[@gbase .. @gbase + @gn)
 * @last:	the last key given on this CPU
 * @next:	its next piece
 */
struct etw_mcpu {
	u32 i;
	u32 end;
	u32 gn;
	u32 gend;
	u32 gbase;
	u64 last;
	struct etw_piece next;
};

/**
 * struct etw_merge_scratch - a merge's memory, given by its caller
 * @heap:	the overlap groups' heaps of runs, by their next record
 * @gpos:	per run of a group: the ring offset of its next record
 * @gleft:	per run of a group: its records not given yet
 * @gneed:	per run of a group: the size of its next record (0: not
 *		read yet)
 * @gkey:	per run of a group: the key of its next record
 * @gprev:	per run of a group: the key of its last record given
 * @cpus:	per CPU: its cursor
 * @top:	the CPUs with a piece left, heaped by that piece
 *
 * One entry per run in the first six (an overlap group's state, by run
 * index), one per distinct CPU of the runs in the last two
 * (ETW_RUN_BADCPU counts as one).
 */
struct etw_merge_scratch {
	u32 *heap;
	u32 *gpos;
	u32 *gleft;
	u32 *gneed;
	u64 *gkey;
	u64 *gprev;
	struct etw_mcpu *cpus;
	u32 *top;
};

/**
 * struct etw_merge - the runs of a collect in emitting order
 * @runs:	the runs, sorted by etw_merge_init()
 * @n:		how many
 * @rings:	the stages' rings, by etw_run.stage
 * @x:		the scratch (the caller's memory)
 * @ncpus:	cursors in @x.cpus
 * @ntop:	of them with a piece left, heaped in @x.top
 *
 * Runs are sorted by CPU, then by first key.  On each CPU, a run whose
 * keys do not reach those of its neighbours is one piece; runs that
 * overlap (or touch) are merged record by record (single pieces),
 * reading each record's time and size again from the ring.  The CPUs'
 * pieces are then given in one order, by (first key, stage, position):
 * so one stage's pieces come in ring order whatever CPUs its records
 * name, and a session that stops taking pieces at some point has been
 * given exactly a prefix of every stage's records (the collector's
 * holds: Documentation/design.rst, "Losses, blocking").
 */
struct etw_merge {
	struct etw_run *runs;
	u32 n;
	const struct etw_ring *rings;
	struct etw_merge_scratch x;
	u32 ncpus;
	u32 ntop;
};

/*
 * Sort @runs (by CPU, then first key) and start; no key given is below
 * @floor (the collect's lowest).
 */
void etw_merge_init(struct etw_merge *m, struct etw_run *runs, u32 n,
		    u64 floor, const struct etw_ring *rings,
		    const struct etw_merge_scratch *x);
/* The next piece, or false when every run was given. */
bool etw_merge_next(struct etw_merge *m, struct etw_piece *out);

/* --- checking a copy ---------------------------------------------------- */

/**
 * struct etw_slot_view - what the module knows of a registration, for
 * one session
 * @guid:	its provider GUID
 * @traits:	the traits the module holds, or NULL
 * @traits_len:	their bytes
 * @kw:		the session's level and keywords for it, or NULL when the
 *		session does not enable it
 * @idf:	the session's event-ID filter, or NULL
 * @swf:	the session's stack-walk filters, or NULL
 * @props:	the session's enable properties (ETW_PROP_*): a record's
 *		STACK_TRACE64 item stays only with ETW_PROP_STACK_TRACE
 * @classic:	a RegisterTraceGuids registration
 */
struct etw_slot_view {
	const u8 *guid;
	const u8 *traits;
	u32 traits_len;
	const struct etw_level_kw *kw;
	const struct etw_id_filter *idf;
	const struct etw_stack_filter *swf;
	u32 props;
	bool classic;
};

/* Resolve @slot for the session being filled; false: no registration. */
typedef bool (*etw_slot_fn)(void *ctx, u32 slot, struct etw_slot_view *v);
/* A record was dropped (lost, counted): @rec in the copy, why. */
typedef void (*etw_drop_fn)(void *ctx, const u8 *rec, int err);

/**
 * struct etw_patch - what a session's copy of a run gets
 * @tid:	ThreadId (the stage's owner)
 * @pid:	ProcessId
 * @cpu_times:	KernelTime and UserTime (or ProcessorTime), as stored
 * @sessbit:	the session's bit: records not for it are removed
 * @cpu:	the planned CPU: a record saying another is lost
 * @private:	a private session: PRIVATE_SESSION flag
 * @uid:	SID items: the owner's uid (S-1-22-1-@uid)
 * @ts_id:	TS_ID items: its session id
 * @start_key:	PROCESS_START_KEY items: its process's start key
 * @key_base:	EVENT_KEY items: the key of the copy's first byte; a
 *		record's is this plus its offset in the copy (the same in
 *		every session's copy)
 * @slot:	resolves registrations
 * @drop:	called for each lost record, or NULL
 * @ctx:	their argument
 */
struct etw_patch {
	u32 tid;
	u32 pid;
	u64 cpu_times;
	u64 sessbit;
	u16 cpu;
	bool private;
	u32 uid;
	u32 ts_id;
	u64 start_key;
	u64 key_base;
	etw_slot_fn slot;
	etw_drop_fn drop;
	void *ctx;
};

/*
 * The enable properties whose extended item each event carries
 * (Windows: EVENT_ENABLE_PROPERTY_SID, TS_ID, PROCESS_START_KEY,
 * EVENT_KEY).  A writer told that some session wants them stages all
 * four items, in this order, with any value (uapi, ETW_FAST_W_INFO); the
 * module fills in each session's copy those it asked for and removes the
 * others.
 */
#define ETW_PROP_INFO	(ETW_PROP_SID | ETW_PROP_TS_ID | \
			 ETW_PROP_PROCESS_START_KEY | ETW_PROP_EVENT_KEY)
/* Their data: S-1-22-1-uid, a ULONG, two ULONG64s. */
#define ETW_INFO_SID_SIZE	16
#define ETW_INFO_ITEMS_SIZE	(8 + ETW_INFO_SID_SIZE + 16 + 16 + 16)
/* The SID of a Linux user: S-1-22-1-@uid (16 bytes at @p). */
void etw_put_unix_sid(u8 *p, u32 uid);

/**
 * struct etw_check - the result of checking one copy
 * @used:	bytes of records kept, from the copy's start (compacted)
 * @src:	bytes of the run the copy covered in whole records
 * @kept:	records kept
 * @lost:	records dropped as invalid (count them in EventsLost)
 * @skipped:	records not wanted by the session (not a loss)
 * @key:	the key of the last record kept or skipped
 * @desync:	the copy stopped framing: the run's rest is lost
 */
struct etw_check {
	u32 used;
	u32 src;
	u32 kept;
	u32 lost;
	u32 skipped;
	u64 key;
	bool desync;
};

/*
 * Check and patch the records of a copy at @buf, @len bytes, in place:
 * frame them (the last may be cut short when @more: the run goes on in
 * another buffer), check each (kind, marker, size, flags, extended items,
 * CPU, slot, the session's filter), drop what fails, and overwrite what
 * the writer may not choose.  Keys: each record's time raised to @lo
 * and to the previous key, lowered to @hi.
 */
void etw_collect_check(u8 *buf, u32 len, bool more, u64 lo, u64 hi,
		       const struct etw_patch *p, struct etw_check *res);

/* The module's scratch for one copy: any framed record fits (u16 size). */
#define ETW_COPY_SCRATCH	65536

/*
 * Copy what a session keeps of @src (@len bytes of a piece, the last
 * record cut short when @more) to @dst, which has @room bytes: the bytes
 * go to @scratch (ETW_COPY_SCRATCH bytes, memory no consumer maps) and
 * are checked and patched there (etw_collect_check()), and only what was
 * kept, @res->used bytes, goes on to @dst.  Nothing the check drops, no
 * record of another session or that the session's filters exclude, is
 * ever in @dst, even for a moment.
 */
void etw_collect_copy(u8 *dst, u32 room, const u8 *src, u32 len, bool more,
		      u8 *scratch, u64 lo, u64 hi, const struct etw_patch *p,
		      struct etw_check *res);

#endif /* _ETW_SHARED_RUNS_H */
