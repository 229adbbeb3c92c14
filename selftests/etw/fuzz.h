/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_test: a structure-aware fuzzer of the etw.ko ABI (see
 * fuzz_test.c).  This header is shared by its parts:
 *
 *   fuzz_test.c   options, processes, threads, watchdog, final checks
 *   fuzz_vals.c   numbers, command sizes, argument structs, GUIDs, names,
 *                 paths
 *   fuzz_mem.c    where arguments live: good, NULL, unmapped, read-only,
 *                 straddling, kernel and userfaultfd-stalled memory
 *   fuzz_prov.c   provider-side ioctls, group ACLs, QUERY_GUIDS
 *   fuzz_file.c   bad commands, read/poll/mmap/open/close of /dev/etw
 *   fuzz_sess.c   sessions, enables, disallow lists
 *   fuzz_cons.c   real-time consumers
 *   fuzz_race.c   races steered on purpose
 *   fuzz_stage.c  the fast path's stages
 *   fuzz_ksys.c   system loggers and ETW_IOC_SYSTEM_INFO
 */
#ifndef _ETW_FUZZ_H
#define _ETW_FUZZ_H

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <linux/etw.h>

#include "shared/etw_logic.h"

/* ---- what is counted ------------------------------------------------- */

enum fz_op {
	OP_GET_INFO, OP_REGISTER, OP_UNREGISTER, OP_SET_INFO, OP_NOTIFY_ACK,
	OP_WRITE, OP_TRACE_EVENT, OP_NEW_IDS, OP_TRACE_MESSAGE,
	OP_SESSION_START, OP_SESSION_CONTROL, OP_SESSION_LIST, OP_ENABLE,
	OP_SET_DISALLOW, OP_GET_DISALLOW, OP_SET_GROUP_ACL, OP_GET_GROUP_ACL,
	OP_QUERY_GUIDS, OP_CONSUMER_OPEN, OP_CONSUMER_WAIT, OP_BAD_CMD,
	OP_READ, OP_POLL, OP_MMAP, OP_CONS_POLL, OP_CONS_MMAP, OP_CONS_READ,
	OP_OPEN, OP_CLOSE, OP_CONS_CLOSE, OP_MUNMAP,
	OP_STAGE_OPEN, OP_STAGE_SEAL, OP_STAGE_CLOSE, OP_STAGE_MMAP,
	OP_SYSTEM_INFO, OP_KSYS_START, OP_KSYS_CONTROL,
	FZ_NOPS
};

extern const char *const fz_op_name[FZ_NOPS];

#define FZ_NERR		136	/* errno buckets; 0 = success */

/* ---- process roles ------------------------------------------------------ */

enum fz_role {
	ROLE_ROOT,	/* uid 0, every capability */
	ROLE_NOBODY,	/* uid 65534: may register and write, nothing more */
	ROLE_GROUP,	/* unprivileged, in the controller_gid group */
};

#define FZ_MAX_PROCS	8
#define FZ_MAX_THREADS	8
#define FZ_MAX_VIOL	64
#define FZ_MAX_STARTED	8192
#define FZ_SHARED_SESS	16

#define FZ_GROUP_GID	4242	/* controller_gid while the fuzzer runs */
#define FZ_GROUP_UID	4243

/*
 * A session name, as a recipe: proc/k pick the base name, variant how it
 * is spelled, len how much of it the call passed.  Names are kept as
 * recipes so that the parent can stop whatever a child started.
 */
struct fz_name {
	uint8_t proc;
	uint8_t k;
	uint8_t variant;
	uint8_t gen;		/* a system logger's start (fuzz_ksys.c); 0 none */
	uint16_t len;
};

#define FZ_NAME_MAX	(ETW_MAX_NAME_BYTES + 1)

/*
 * What the watchdog (the parent process, whose memory map nothing here
 * can lock up) knows of each fuzzing thread.
 */
struct fz_tstat {
	volatile int tid;
	volatile int cur_op;
	volatile int fifo_call;		/* the call names the FIFO as log file */
	volatile int reported;
	volatile uint64_t call_start_ms;	/* 0: not in a call */
};

/* State every fuzzer process sees (MAP_SHARED, made before fork). */
struct fz_shared {
	uint64_t seed;
	uint32_t run_id;
	uint32_t nprocs;
	uint32_t nthreads;
	int verbose;
	int stop;			/* time is up: every thread stops */
	uint64_t avoid;			/* FZ_AVOID_* bits */
	uint64_t calls_per_thread;
	uint64_t calls;			/* made, all threads */
	uint64_t count[FZ_NOPS][FZ_NERR];
	uint64_t uffd_stalls;
	uint64_t stalled_ms;
	uint64_t wait_overlaps;		/* WAITs on a consumer another WAIT is in */
	uint64_t query_races;		/* switches while a QUERY copy stalled */
	uint64_t ksys_started;		/* system loggers fuzz_ksys.c started */
	uint64_t ksys_stacks;		/* ... and stack-walk sets it gave them */
	uint64_t stage_bus;		/* scribbles into a retired ring: SIGBUS */
	uint32_t fifo_calls;
	uint32_t fifo_blocked;		/* a FIFO log file blocked a call */
	uint32_t hangs;
	uint32_t nviol;
	struct fz_viol {
		int proc, thread;
		uint64_t call;
		char what[240];
	} viol[FZ_MAX_VIOL];
	/* names that may name a running session (for the final cleanup) */
	uint32_t nstarted;
	struct fz_name started[FZ_MAX_STARTED];
	/* handles of root's sessions, for the unprivileged to try */
	uint64_t root_sess[FZ_SHARED_SESS];
	struct fz_name root_name[FZ_SHARED_SESS];
	uint32_t ncpu;			/* GET_INFO nr_cpu_ids */
	struct fz_tstat ts[FZ_MAX_PROCS][FZ_MAX_THREADS];
	char tmpdir[128];
	char fifo[160];
};

extern struct fz_shared *fz;

/* Known kernel defects a run can steer clear of (--avoid), for bisecting. */
#define FZ_AVOID_SWITCH_FAIL	0x01	/* UPDATE to a file that cannot open */
#define FZ_AVOID_FIFO		0x02	/* FIFO log files */
#define FZ_AVOID_UFFD		0x04	/* userfaultfd-stalled pages */
#define FZ_AVOID_WAIT_RACE	0x08	/* two threads on one consumer fd */
#define FZ_AVOID_QUERY_RACE	0x10	/* QUERY racing a log-file switch */

/* ---- objects --------------------------------------------------------------- */

struct fz_reg {
	int fdi;		/* which private fd (0, 1) */
	int traits;		/* traits were set (a second time is EEXIST) */
	uint64_t handle;
	uint32_t flags;
	uint8_t guid[16];
};

struct fz_sess {
	uint64_t handle;	/* 0 while unknown (the start's output faulted) */
	struct fz_name name;
	uint32_t mode;
	uint16_t logger;
	int has_file;
	int live;
};

struct fz_cons {
	int fd;
	uint32_t nr, size;
	void *map;
	size_t map_len;
	uint32_t held[64];
	uint32_t nheld;
};

#define FZ_POOL_FDS	6
#define FZ_POOL_SESS	8
#define FZ_HOT_SESS	2	/* pool.sess[0]: real time, [1]: file (fuzz_race.c) */
#define FZ_POOL_CONS	4
#define FZ_POOL_MAPS	8
#define FZ_POOL_REGS	32

/* Objects every thread of a process may use and destroy (no oracles). */
struct fz_pool {
	pthread_mutex_t mu;
	int fd[FZ_POOL_FDS];
	struct fz_sess sess[FZ_POOL_SESS];
	struct fz_cons cons[FZ_POOL_CONS];
	struct { void *addr; size_t len; } map[FZ_POOL_MAPS];
	struct { int fd; uint64_t handle; } reg[FZ_POOL_REGS];
	volatile uint64_t hot_session;	/* a QUERY is stalled on it */
	volatile int hot_cons;		/* a WAIT is stalled on it */
};

#define FZ_PRIV_REGS	48
#define FZ_PRIV_SESS	3
#define FZ_STALE	16
#define FZ_UFFD_PAGES	4

struct fz_proc;

struct fz_thread {
	struct fz_proc *p;
	int idx;
	uint64_t rng;
	uint64_t ncalls;
	pthread_t tid;
	struct fz_tstat *ts;		/* in fz_shared, for the watchdog */
	int last_fd;
	/* private objects: only this thread changes them */
	int pfd[2];
	struct fz_reg reg[FZ_PRIV_REGS];
	int nreg;
	uint64_t stale_reg[FZ_STALE];
	uint64_t other_file_reg;	/* a live handle of pfd[1], for pfd[0] */
	struct fz_sess sess[FZ_PRIV_SESS];
	uint64_t stale_sess[FZ_STALE];
	struct fz_cons pcons;		/* a private consumer, fd -1 if none */
	uint64_t race_reg;		/* fuzz_race.c's writer, on pfd[0] */
	struct fz_sess ksys;		/* fuzz_ksys.c's system logger */
	uint32_t ksys_flags;		/* its EnableFlags, as last set */
	uint32_t ksys_gen;		/* system loggers it started */
	int log_seq;
	/* memory (fuzz_mem.c) */
	uint8_t *good;			/* big RW scratch, bump allocated */
	size_t good_used;
	uint8_t *rw_alias, *ro_alias;	/* one page, mapped RW and RO */
	uint8_t *strad;			/* a RW page followed by PROT_NONE */
	uint8_t *uffd_area;		/* FZ_UFFD_PAGES stalled pages */
	uint8_t *uffd_shadow;		/* what a stalled page will hold */
	uint32_t uffd_used;		/* bit per page armed in this call */
};

struct fz_proc {
	int index;
	enum fz_role role;
	struct fz_pool pool;
	struct fz_thread th[FZ_MAX_THREADS];
	int uffd;
	uint8_t *unmapped;		/* PROT_NONE, never mapped */
	pthread_t uffd_thread;
	volatile int done;
	uint64_t uffd_rng;
};

/* ---- random numbers ---------------------------------------------------- */

static inline uint64_t fz_rand(struct fz_thread *t)
{
	/* splitmix64: a thread's sequence depends only on its seed */
	uint64_t z = (t->rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* 0 .. n-1 */
static inline uint32_t fz_below(struct fz_thread *t, uint32_t n)
{
	return n ? (uint32_t)(fz_rand(t) % n) : 0;
}

/* true with probability pct % */
static inline int fz_pct(struct fz_thread *t, uint32_t pct)
{
	return fz_below(t, 100) < pct;
}

/* An "interesting" 32-bit number: 0, 1, limits, off-by-ones, random. */
uint32_t fz_u32(struct fz_thread *t, uint32_t limit);
uint64_t fz_u64(struct fz_thread *t);

/* ---- calls, counting, oracles ------------------------------------------ */

/*
 * An expectation about one call: 0 = none (anything but a crash is
 * fine); FZ_OK = must succeed; else the errno it must fail with.
 */
#define FZ_OK		(-1)
#define FZ_FAIL		(-2)	/* must fail, with any errno */

long fz_call(struct fz_thread *t, int op, int fd, unsigned long cmd, void *arg);
void fz_count(struct fz_thread *t, int op, long ret);
void fz_expect(struct fz_thread *t, int op, long ret, int expect,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void fz_violation(struct fz_thread *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
uint64_t fz_now_ms(void);

/*
 * The command number for @base with a fuzzed size.  *@expect is set when
 * the size alone decides the answer (EINVAL below VER0, E2BIG above
 * ETW_IOC_MAX_SIZE, ENOTTY for a wrong direction or number);
 * *@tail_nonzero when bytes beyond the known struct must be non-zero
 * (then a clean call must fail with E2BIG).
 */
unsigned long fz_cmd(struct fz_thread *t, unsigned long base, int *expect,
		     int *tail_nonzero, uint32_t *size);

/* ---- memory (fuzz_mem.c) ---------------------------------------------- */

enum fz_ptr {
	P_GOOD, P_NULL, P_UNMAPPED, P_RDONLY, P_STRADDLE, P_KERNEL,
	P_NONCANON, P_UFFD, P_NKINDS
};

int fz_mem_proc_init(struct fz_proc *p);
int fz_mem_thread_init(struct fz_thread *t);
void fz_mem_thread_fini(struct fz_thread *t);
void fz_mem_proc_fini(struct fz_proc *p);
void fz_mem_reset(struct fz_thread *t);	/* after each call */
void *fz_good(struct fz_thread *t, size_t len);	/* zeroed */
/* Mostly P_GOOD; a bad kind with probability @bad_pct. */
enum fz_ptr fz_pick_ptr(struct fz_thread *t, uint32_t bad_pct);
/*
 * Put @len bytes of @src where @kind says and return the address the
 * kernel is given (for P_NULL/P_UNMAPPED/P_KERNEL/P_NONCANON the bytes
 * are not stored anywhere).  For output buffers @src may be NULL.
 */
void *fz_place(struct fz_thread *t, enum fz_ptr kind, const void *src,
	       size_t len);
/* An input (@src, @len) placed with a random kind; *@kind reported. */
void *fz_in(struct fz_thread *t, const void *src, size_t len,
	    uint32_t bad_pct, enum fz_ptr *kind);
void *fz_out(struct fz_thread *t, size_t len, uint32_t bad_pct,
	     enum fz_ptr *kind);
int fz_uffd_start(struct fz_proc *p);

/* A pointer near a hole: at most a few bytes work, the rest faults. */
void *fz_hole(struct fz_thread *t);

/*
 * The argument struct of one call: the fuzzed command number and size,
 * the struct in a buffer of that size (a zero or non-zero tail beyond
 * the known struct), placed with a random pointer kind.
 */
struct fz_arg {
	unsigned long cmd;
	uint32_t size;
	int size_expect;	/* the size alone decides (fz_cmd) */
	int tail_nonzero;
	enum fz_ptr kind;
	void *uptr;		/* what the kernel is given */
	void *kbuf;		/* our copy (output: where to read it back) */
	int clean;		/* readable, writable, size exact or zero tail */
};

void fz_arg_make(struct fz_thread *t, struct fz_arg *a, unsigned long base,
		 const void *k, uint32_t known, uint32_t bad_pct);
/*
 * Make the call; @expect (FZ_OK, FZ_FAIL, an errno or 0) applies when the
 * struct is clean; the size's own expectation applies always.  Returns
 * the result (0 or -errno).  fz_out_ok(): the output can be read at
 * a->kbuf.
 */
long fz_run(struct fz_thread *t, int op, int fd, struct fz_arg *a, int expect,
	    const char *why);
int fz_out_ok(const struct fz_arg *a, long ret);
void fz_check_ro_map(struct fz_thread *t, int op, void *p, size_t len);

static inline int etw_mem_zero16(const uint8_t *g)
{
	static const uint8_t z[16];

	return !memcmp(g, z, 16);
}

/* ---- pools of values ---------------------------------------------------- */

void fz_guid_prov(uint8_t g[16], uint32_t i);	/* the run's provider GUIDs */
void fz_guid_group(uint8_t g[16], uint32_t i);	/* the run's group GUIDs */
void fz_guid_pick(struct fz_thread *t, uint8_t g[16]);
#define FZ_NPROV	8
#define FZ_NGROUP	2

/* The bytes of @n (not NUL-terminated); returns its length. */
uint32_t fz_name_bytes(const struct fz_name *n, char *out);
struct fz_name fz_name_pick(struct fz_thread *t);
int fz_name_valid(const struct fz_name *n);
void fz_name_started(const struct fz_name *n);
/* A log-file path for a start or switch; *@fifo when it is the FIFO. */
uint32_t fz_path(struct fz_thread *t, char *out, int *fifo, int *clean);

/* ---- the operations ------------------------------------------------------- */

int fz_fd_pick(struct fz_thread *t, int *priv);	/* a /dev/etw fd */
int fz_pool_fd(struct fz_thread *t);

void fz_op_get_info(struct fz_thread *t);
void fz_op_register(struct fz_thread *t);
void fz_op_unregister(struct fz_thread *t);
void fz_op_set_info(struct fz_thread *t);
void fz_op_notify_ack(struct fz_thread *t);
void fz_op_write(struct fz_thread *t);
void fz_op_trace_event(struct fz_thread *t);
void fz_op_trace_message(struct fz_thread *t);
void fz_op_new_ids(struct fz_thread *t);
void fz_op_set_group_acl(struct fz_thread *t);
void fz_op_get_group_acl(struct fz_thread *t);
void fz_op_query_guids(struct fz_thread *t);
void fz_op_bad_cmd(struct fz_thread *t);
void fz_op_read(struct fz_thread *t);
void fz_op_poll(struct fz_thread *t);
void fz_op_mmap(struct fz_thread *t);
void fz_op_open_close(struct fz_thread *t);

void fz_op_session_start(struct fz_thread *t);
void fz_op_session_control(struct fz_thread *t);
void fz_op_session_list(struct fz_thread *t);
void fz_op_enable(struct fz_thread *t);
void fz_op_disallow(struct fz_thread *t);
void fz_op_consumer_open(struct fz_thread *t);
void fz_op_consumer_wait(struct fz_thread *t);
void fz_op_consumer_misc(struct fz_thread *t);
void fz_op_race(struct fz_thread *t);
void fz_op_stage(struct fz_thread *t);
void fz_op_ksys(struct fz_thread *t);
void fz_ksys_cleanup(struct fz_thread *t);
int fz_ksys_save(int fd);
int fz_ksys_restore(int fd);
void fz_stage_fd_closing(struct fz_thread *t, int fd);
void fz_check_path_out(struct fz_thread *t, const uint8_t *b, uint32_t n);
void fz_cons_map(struct fz_thread *t, struct fz_cons *c);
void fz_held_add(struct fz_cons *c, uint32_t idx);
void fz_held_remove(struct fz_cons *c, const uint32_t *idx, uint32_t n);

struct fz_sess fz_sess_pick(struct fz_thread *t, int *how, int *slot);
void fz_sess_name(struct fz_thread *t, const struct fz_name *n, __u64 *ptr,
		  uint32_t *len, int *clean);
void fz_info_out(struct fz_thread *t, __u64 *info, uint32_t *size, int *bad);
void fz_reg_forget(struct fz_thread *t, uint64_t handle);

/*
 * Who holds which descriptor number (per process): an open records its
 * owner, a close checks it, so a descriptor closed behind its owner's
 * back (by the fuzzer or the kernel) is reported, not just seen as EBADF.
 */
#define FZ_OWN_PFD(t, i)	(1000 + (t)->idx * 10 + (i))
#define FZ_OWN_PCONS(t)		(2000 + (t)->idx)
#define FZ_OWN_POOL_FD(i)	(3000 + (i))
#define FZ_OWN_POOL_CONS(i)	(4000 + (i))
void fz_fd_own(struct fz_thread *t, int fd, int owner);
int fz_fd_close(struct fz_thread *t, int fd, int owner);

/* Stop what this thread started, close what it opened. */
void fz_thread_cleanup(struct fz_thread *t);
void fz_pool_cleanup(struct fz_proc *p);
void fz_cons_close(struct fz_thread *t, struct fz_cons *c, int owner);

#endif /* _ETW_FUZZ_H */
