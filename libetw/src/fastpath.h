/* SPDX-License-Identifier: MIT */
/*
 * libetw's fast path: events written into the calling thread's stage,
 * memory etw.ko maps into the process, with no system call per event
 * (Documentation/design.rst, "The fast path").  fastpath.c has the stage
 * and the slow paths, fastpath_write.c the records of the general cases
 * (extended items, classic events); EventWrite's common case is inline
 * (provider.c, with etw_fp_begin() and etw_fp_commit() below).
 */
#ifndef _LIBETW_FASTPATH_H
#define _LIBETW_FASTPATH_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <linux/etw.h>
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#endif

#include "shared/etw_etl.h"

#include <windows.h>
#include <evntprov.h>

/* libetw's own, reached without the GOT (the library is built hidden). */
#define ETW_FP_HIDDEN __attribute__((visibility("hidden")))

/*
 * What the writer must know of a registration to build the record the
 * kernel would: provider.c keeps it (plain words; a write racing with
 * EventSetInformation may use either value, as on the ioctl path).
 */
struct etw_fp_reg {
	uint32_t traits_len;	/* PROV_TRAITS bytes set by EventSetInformation */
	uint8_t use_type;	/* EVENT_DATA_DESCRIPTOR.Type is honoured */
	const void *traits;	/* our copy of them, or NULL */
};

extern ETW_FP_HIDDEN struct etw_fp_reg etw_fp_regs[ETW_MAX_REGS_PER_FD];
/*
 * The handle of each live registration EventWrite's inline path may take
 * (no traits, no descriptor types, not classic), else 0: one load tells.
 */
extern ETW_FP_HIDDEN uint64_t etw_fp_plain[ETW_MAX_REGS_PER_FD];
/*
 * What etw_fp_plain[@slot] holds without a plain registration there: a
 * value no handle that reaches @slot has.  EventWrite finds the slot of
 * a handle by masking (handle - 1), so handle 0 reaches the last slot:
 * its empty value is 1 (the handle of slot 0), every other slot's 0.
 */
static inline uint64_t etw_fp_unplain(uint32_t slot)
{
	return slot == ETW_MAX_REGS_PER_FD - 1;
}


/*
 * The calling thread's hot state, in an initial-exec TLS block (no call
 * into another object to find it).  The rest of a thread's state is on
 * the heap (struct etw_fp_thread, fastpath.c).
 * @data:	the ring, or NULL before the first stage
 * @meta:	the stage's meta area
 * @pos:	where the next record goes (lap << 32 | offset)
 * @limit:	the offset records may end at in @pos's lap
 * @size:	the ring's bytes
 * @activity:	the thread's activity ID (EventActivityIdControl)
 * @staged:	writes staged by the thread (etw_fastpath_stats(); other
 *		threads read it)
 */
struct etw_fp_tls {
	uint8_t *data;
	struct etw_stage_meta *meta;
	uint64_t pos;
	uint32_t limit;
	uint32_t size;
	GUID activity;
	uint64_t staged;
};

extern ETW_FP_HIDDEN __thread struct etw_fp_tls etw_fp_tls
	__attribute__((tls_model("initial-exec")));

/* The fast map and the global page; NULL while the fast path is off. */
extern ETW_FP_HIDDEN const struct etw_fast_slot *etw_fp_map;
extern ETW_FP_HIDDEN const struct etw_global_page *etw_fp_global;

/* Called once the device is open and the enable map mapped. */
void etw_fp_init(int fd);
void etw_fp_atfork_child(void);
/* Is the fast path on (ETW_FASTPATH, the module's features)? */
static inline bool etw_fp_on(void)
{
	return __atomic_load_n(&etw_fp_map, __ATOMIC_ACQUIRE) != NULL;
}

/* Count a write that took the ioctl path although the fast path is on. */
void etw_fp_fallback(void);
/*
 * Room for @need bytes at etw_fp_tls.pos: open, switch, wrap or seal the
 * stage.  0: etw_fp_tls is ready; -1: take the ioctl path.
 */
int etw_fp_room(uint32_t need);
/*
 * Wait while a blocking session among @sessions is congested (the global
 * page); the inline path calls it when one of its sessions' bits is set.
 */
void etw_fp_block(uint64_t sessions);

/* The stage clock: CLOCK_MONOTONIC in nanoseconds. */
static inline uint64_t etw_fp_clock(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * How this process reads its CPU number, decided once at load (fastpath.c,
 * etw_fp_cpu_decide()): above ETW_FP_CPU_RDTSCP, rseq's cpu_id at this
 * offset from the thread pointer (glibc registered rseq: one load);
 * ETW_FP_CPU_RDTSCP, the CPU number Linux keeps in TSC_AUX (what the
 * vDSO's getcpu reads with RDPID; one instruction, on x86-64 CPUs with
 * RDTSCP, checked against sched_getcpu() at load); 0: sched_getcpu().
 */
#define ETW_FP_CPU_RDTSCP	1
extern ETW_FP_HIDDEN intptr_t etw_fp_cpu_how;

/* The CPU this thread runs on (see etw_fp_cpu_how). */
static inline __attribute__((always_inline)) uint16_t etw_fp_cpu(void)
{
#if defined(__x86_64__)
	intptr_t how = etw_fp_cpu_how;
	uint32_t lo, hi, aux;
	int cpu;

	if (__builtin_expect(how > ETW_FP_CPU_RDTSCP, 1))
		return (uint16_t)*(const volatile __seg_fs uint32_t *)how;
	if (how == ETW_FP_CPU_RDTSCP) {
		__asm__ volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
		return (uint16_t)(aux & 0xfff);
	}
#else
	int cpu;
#endif
	cpu = sched_getcpu();
	return cpu < 0 ? 0 : (uint16_t)cpu;
}

/*
 * Start a record of @need bytes (8-aligned): room, then busy (the uapi's
 * protocol, "Stages": head = pos | 1, then state).  Return where it
 * goes, or NULL for the ioctl path.  Fill it, then etw_fp_commit().
 */
static inline __attribute__((always_inline))
uint8_t *etw_fp_begin(struct etw_fp_tls *t, uint32_t need)
{
	struct etw_stage_meta *m;

	if ((uint32_t)t->pos + need > t->limit && etw_fp_room(need))
		return NULL;
	m = t->meta;
	__atomic_store_n(&m->head, t->pos | ETW_STAGE_BUSY, __ATOMIC_RELAXED);
	if (__builtin_expect(__atomic_load_n(&m->state, __ATOMIC_RELAXED), 0)) {
		__atomic_store_n(&m->head, t->pos, __ATOMIC_RELAXED);
		if (etw_fp_room(need))
			return NULL;
		m = t->meta;
		__atomic_store_n(&m->head, t->pos | ETW_STAGE_BUSY,
				 __ATOMIC_RELAXED);
	}
	return t->data + (uint32_t)t->pos;
}

/*
 * Commit the record at @rec (etw_fp_tls.pos): its time and CPU, read now
 * (after busy, as the protocol wants: the collector's cutoff relies on
 * it), then head.
 */
static inline __attribute__((always_inline))
void etw_fp_commit(struct etw_fp_tls *t, uint8_t *rec, uint32_t need)
{
	uint64_t ts = etw_fp_clock();

	*(uint16_t *)(rec + ETW_STASH_CPU) = etw_fp_cpu();
	*(uint64_t *)(rec + 0x10) = ts;		/* TimeStamp, both kinds */
	t->pos += need;
	__atomic_store_n(&t->meta->head, t->pos, __ATOMIC_RELEASE);
}

/*
 * etw_fp_commit() of the record of @need bytes at etw_fp_tls.pos, counted
 * in etw_fp_tls.staged; ERROR_SUCCESS.  Out of line, so that EventWrite's
 * inline path makes no call but this one, its last (a jump).
 */
ULONG etw_fp_stamp(uint32_t need);
/* The same after copying the @n blocks of @data to the record's payload. */
ULONG etw_fp_stamp_data(uint32_t need, uint32_t n,
			const EVENT_DATA_DESCRIPTOR *data);

/*
 * @n bytes from @src to @dst: up to 64 in at most four 16-byte moves that
 * may overlap (no call, no rep movs, whose start-up costs more than such
 * a copy), longer ones by memcpy().
 */
static inline __attribute__((always_inline))
void etw_fp_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
	typedef struct { uint64_t a, b; } __attribute__((may_alias)) fp16;
	fp16 a, b, c, e;

	if (n >= 16 && n <= 64) {
		memcpy(&a, src, 16);
		memcpy(&b, src + n - 16, 16);
		if (n > 32) {
			memcpy(&c, src + 16, 16);
			memcpy(&e, src + n - 32, 16);
			memcpy(dst + 16, &c, 16);
			memcpy(dst + n - 32, &e, 16);
		}
		memcpy(dst, &a, 16);
		memcpy(dst + n - 16, &b, 16);
	} else {
		memcpy(dst, src, n);
	}
}

/* The first 16 bytes of an EVENT_HEADER64 with its stash (uapi), but for
 * the CPU (etw_fp_commit()). */
static inline void etw_fp_event_head(uint8_t *rec, uint32_t size,
				     uint16_t eh_flags, uint16_t rec_flags,
				     uint32_t slot)
{
	uint64_t *w = (uint64_t *)rec;

	w[0] = (uint64_t)size | (uint64_t)ETL_HEADER_TYPE_EVENT_HEADER64 << 16 |
	       (uint64_t)ETL_MARKER_FLAGS << 24 | (uint64_t)eh_flags << 32 |
	       (uint64_t)rec_flags << 48;
	w[1] = slot;
}

/* fastpath_write.c: the general cases; 0 when every session got it. */
int etw_fp_event(uint64_t handle, const EVENT_DESCRIPTOR *d, uint64_t want,
		 uint32_t wflags, const GUID *activity, const GUID *related,
		 uint32_t n, const EVENT_DATA_DESCRIPTOR *data,
		 const uint64_t *frames, uint32_t nframes);
int etw_fp_classic(const struct etw_trace_event *t,
		   const struct etw_data_desc *d);
/* The sessions of @slot that may want (@level, @keyword): the fast map
 * word, and the enable slot when keywords need MatchAny/MatchAll. */
uint64_t etw_fp_wanted(uint32_t slot, uint8_t level, uint64_t keyword,
		       uint64_t *word);

#endif /* _LIBETW_FASTPATH_H */
