/* SPDX-License-Identifier: MIT */
/*
 * libetw's fast path: events written into stages etw.ko maps into the
 * process, with no system call per event (Documentation/design.rst, "The
 * fast path").  fastpath.c has the stages and the record protocol,
 * fastpath_write.c the records of EventWrite*, TraceEvent, TraceMessage.
 */
#ifndef _LIBETW_FASTPATH_H
#define _LIBETW_FASTPATH_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <linux/etw.h>
#ifdef __x86_64__
#include <x86intrin.h>
#endif
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#endif

#include "shared/etw_etl.h"

#include <windows.h>
#include <evntprov.h>

/*
 * What the writer must know of a registration to build the record the
 * kernel would: provider.c keeps it (plain words; a write racing with
 * EventSetInformation may use either value, as on the ioctl path).
 */
struct etw_fp_reg {
	uint32_t traits_len;	/* PROV_TRAITS bytes set by EventSetInformation */
	uint8_t use_type;	/* EVENT_DATA_DESCRIPTOR.Type is honoured */
	uint8_t msg_ioctl;	/* its messages take the ioctl (one was untimed) */
	const void *traits;	/* our copy of them, or NULL */
};

extern struct etw_fp_reg etw_fp_regs[ETW_MAX_REGS_PER_FD];

/* One stage of this thread (one session). */
struct etw_fp_stage {
	struct etw_stage_meta *meta;
	uint8_t *data;
	uint32_t size;		/* of the data area */
	uint32_t head;		/* our copy of meta->head */
	uint32_t id;
	uint16_t clock;		/* ETL clock type */
	uint16_t logger_id;
	uint64_t session;
	size_t map_len;
};

/* One thread's stages, by logger id (fastpath.c). */
struct etw_fp_thread {
	uint32_t gen;			/* the fork generation when made */
	struct etw_fp_thread *next;	/* all threads' (their counters) */
	struct etw_fp_stage *st[ETW_MAX_SESSIONS + 1];
	uint32_t backoff[ETW_MAX_SESSIONS + 1];
	uint64_t events, seals, stages, fallbacks;
};

/* This thread's; NULL before its first write (and in a forked child). */
extern __thread struct etw_fp_thread *etw_fp_self;

/* The records of one write reserve, then commit. */
struct etw_fp_res {
	struct etw_fp_stage *st;
	uint8_t *rec;		/* where the ETL record goes */
	uint32_t need;		/* prefix + record, padded */
	uint64_t ts;		/* its time */
};

/* Called once the device is open and the enable map mapped. */
void etw_fp_init(int fd);
void etw_fp_atfork_child(void);
/* Is the fast path on (ETW_FASTPATH, the module's features)? */
bool etw_fp_on(void);
/* Count a write that took the ioctl path although the fast path is on. */
void etw_fp_fallback(void);
/* The sessions that enable registration @slot (the fast map). */
uint64_t etw_fp_sessions(uint32_t slot);

/* The fast map (fastpath.c); read it inside the enable slot's seqcount. */
extern const struct etw_fast_slot *etw_fp_map;

static inline uint64_t etw_fp_sessions_raw(uint32_t slot)
{
	return ((const volatile struct etw_fast_slot *)etw_fp_map)[slot].sessions;
}

struct etw_fp_stage *etw_fp_stage_slow(uint32_t logger_id, uint32_t need);

/* The session's clock (etw_stage_meta.clock_type; etw_session_clock()). */
static inline uint64_t etw_fp_clock(uint16_t clock)
{
	struct timespec ts;

	switch (clock) {
	case ETL_CLOCK_SYSTEM_TIME:
		clock_gettime(CLOCK_REALTIME, &ts);
		return ((uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec) / 100 +
		       ETL_FILETIME_UNIX_EPOCH;
#ifdef __x86_64__
	case ETL_CLOCK_CPU_CYCLE:
		return __rdtsc();
#endif
	default:
		clock_gettime(CLOCK_MONOTONIC, &ts);
		return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
	}
}

/* The CPU this thread runs on: rseq's word when glibc registered it. */
static inline int etw_fp_cpu(void)
{
#if defined(RSEQ_SIG) && defined(__x86_64__)
	if (__rseq_size)
		return (int)((struct rseq *)((char *)__builtin_thread_pointer() +
					     __rseq_offset))->cpu_id;
#endif
	return sched_getcpu();
}

/*
 * Reserve room for an ETL record of @size bytes in this thread's stage
 * of session @logger_id, mark the stage busy and take the time (the
 * uapi's contract: busy with a full barrier, then the clock).  Return 0,
 * or -1 when this session must take the ioctl path.  Then write the
 * record at res->rec (res->ts is its time) and call etw_fp_commit().
 */
static inline __attribute__((always_inline))
int etw_fp_reserve(struct etw_fp_res *res, uint32_t logger_id, uint32_t size,
		   uint16_t slot, uint16_t flags)
{
	struct etw_fp_thread *t = etw_fp_self;
	uint32_t need = sizeof(struct etw_stage_rec) + ETL_ALIGN8(size);
	struct etw_stage_rec *pre;
	struct etw_fp_stage *st;
	int cpu;

	st = t && logger_id <= ETW_MAX_SESSIONS ? t->st[logger_id] : NULL;
	if (!st || __atomic_load_n(&st->meta->closed, __ATOMIC_RELAXED) ||
	    st->head + need > st->size) {
		st = etw_fp_stage_slow(logger_id, need);
		if (!st)
			return -1;
		t = etw_fp_self;
	}
	__atomic_exchange_n(&st->meta->busy, 1, __ATOMIC_SEQ_CST);
	res->ts = etw_fp_clock(st->clock);
	cpu = etw_fp_cpu();
	pre = (struct etw_stage_rec *)(st->data + st->head);
	pre->timestamp = res->ts;
	pre->size = (uint16_t)size;
	pre->flags = flags;
	pre->slot = slot;
	pre->cpu = cpu < 0 ? 0 : (uint16_t)cpu;
	res->st = st;
	res->rec = (uint8_t *)(pre + 1);
	res->need = need;	/* the module zeroes the padding */
	t->events++;
	return 0;
}

static inline void etw_fp_commit(const struct etw_fp_res *res)
{
	struct etw_fp_stage *st = res->st;

	st->head += res->need;
	__atomic_store_n(&st->meta->head, st->head, __ATOMIC_RELEASE);
	__atomic_store_n(&st->meta->busy, 0, __ATOMIC_RELEASE);
}
/*
 * Before a write that must keep its place among this thread's earlier
 * ones (a timestamp override, a message without a time) takes the ioctl
 * path: hand this thread's records for those sessions to the module.
 */
void etw_fp_seal_sessions(uint64_t sessions);

/* fastpath_write.c: 0 when every wanted session got it (*done: those) */
int etw_fp_event(uint64_t handle, const EVENT_DESCRIPTOR *d, uint64_t filter,
		 uint32_t wflags, const GUID *activity, const GUID *related,
		 uint32_t n, const EVENT_DATA_DESCRIPTOR *data, uint64_t *done);
int etw_fp_classic(const struct etw_trace_event *t,
		   const struct etw_data_desc *d);
int etw_fp_message(const struct etw_trace_message *m,
		   const struct etw_data_desc *d);

#endif /* _LIBETW_FASTPATH_H */
