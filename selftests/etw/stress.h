/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * stress_test: shared between the orchestrator (stress_test.c) and the
 * processes it runs (stress_roles.c).
 */
#ifndef _ETW_STRESS_H
#define _ETW_STRESS_H

#include <stdint.h>
#include <sys/types.h>
#include <linux/etw.h>

/*
 * The accounted sessions: each has its own provider, enabled by it
 * alone, written by writers that are never killed, so that what the
 * session stored and lost is exactly what the writers were told.
 */
enum st_acc {
	ACC_RT,		/* real time, one consumer attached from the start */
	ACC_FILE,	/* sequential file, switched to a new file again and again */
	ACC_RTFILE,	/* real time and a file, a consumer attached */
	ACC_CIRC,	/* circular file */
	ACC_BUF,	/* buffering mode, snapshots to files */
	ACC_FAST,	/* blocking, real time and a file: stage writers too */
	NACC
};

#define ST_WRITERS	3	/* accounted writer processes (ioctl) */
#define ST_FWRITER	ST_WRITERS	/* the stage writer's id in payloads */
#define ST_FTHREADS	4	/* its threads at a time */
#define ST_CHAOS_SESS	8	/* chaos session names */
#define ST_CHAOS_GUIDS	4
#define ST_MAX_FILES	256	/* log files of ACC_FILE */

/* What one accounted writer did to one session's provider. */
struct st_wcount {
	uint64_t ok;		/* WRITE returned 0: stored */
	uint64_t lost;		/* ENOSPC/ENOBUFS/EMSGSIZE/E2BIG: lost, counted */
	uint64_t other;		/* anything else: a bug */
	uint64_t hash_ok;	/* sum of st_hash() of the stored events */
	int last_other;
};

/* What a consumer (or a file) delivered of one session's provider. */
struct st_ccount {
	uint64_t n;
	uint64_t hash;
	uint64_t foreign;	/* events of other providers */
	uint64_t malformed;	/* payload not ours */
};

/* The event payload of accounted writers. */
struct st_payload {
	uint32_t writer;
	uint32_t acc;
	uint64_t seq;
};

enum st_role {
	R_WRITER,		/* accounted writer (never killed) */
	R_FWRITER,		/* accounted stage writer (never killed) */
	R_CONSUMER,		/* accounted consumer (never killed) */
	R_CTRL,			/* chaos controller */
	R_CWRITER,		/* chaos writer */
	R_CCONS,		/* chaos consumer */
};

struct st_shared {
	uint32_t run;
	int avoid_switch_fail;
	volatile int stop_writers;
	volatile int stop_chaos;
	char tmpdir[128];
	uint8_t acc_guid[NACC][16];
	uint8_t chaos_guid[ST_CHAOS_GUIDS][16];
	uint8_t group_guid[16];
	char acc_name[NACC][32];
	struct st_wcount w[ST_WRITERS][NACC];
	/* the stage writer's threads and forked children, atomically */
	struct st_wcount fw;
	uint64_t fseq;		/* its next sequence number */
	uint64_t f_threads, f_forks, f_exits, f_hung;
	struct st_ccount cons[NACC];	/* ACC_RT, ACC_RTFILE */
	volatile int cons_ready[NACC];	/* ProcessTrace is running */
	uint32_t cons_status[NACC];	/* what ProcessTrace returned */
	volatile int cons_done[NACC];
	/* chaos, for the report */
	uint64_t chaos_ops, chaos_events, chaos_starts, chaos_stops;
	uint64_t chaos_switches, chaos_consumed, anomalies;
	uint64_t chaos_stages, chaos_unmaps, chaos_forks;
	char anomaly[200];
};

extern struct st_shared *st;

/*
 * Per sequence number of the stage writer (shared, ST_FSEQ_MAX bytes):
 * ST_F_THREAD or ST_F_CHILD when EventWrite stored it, ST_F_SEEN when the
 * blocking session's consumer got it.  What is stored and never seen is
 * reported by kind.
 */
#define ST_FSEQ_MAX	(1u << 24)
#define ST_F_THREAD	1
#define ST_F_CHILD	2
#define ST_F_SEEN	4
#define ST_F_FIRST	8	/* the first of a batch */
#define ST_F_LAST	16	/* the last of a batch */
extern uint8_t *st_fmark;

static inline uint64_t st_hash(uint32_t writer, uint64_t seq)
{
	uint64_t z = ((uint64_t)writer << 40) ^ seq ^ 0x5bd1e995ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A payload of ours for @acc: the stage writer's only in ACC_FAST. */
static inline int st_payload_ok(const struct st_payload *p, int acc)
{
	return p->acc == (uint32_t)acc &&
	       (p->writer < ST_WRITERS ||
		(p->writer == ST_FWRITER && acc == ACC_FAST));
}

void st_chaos_name(char *out, uint32_t k);
void st_writer_main(int w);
void st_fwriter_main(void);
void st_consumer_main(int acc);
void st_ctrl_main(uint64_t seed);
void st_cwriter_main(uint64_t seed);
void st_ccons_main(uint64_t seed);
void st_anomaly(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* _ETW_STRESS_H */
