// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_test: a structure-aware fuzzer of everything /dev/etw offers.
 *
 * Several processes (root, uid 65534, and a member of the controller_gid
 * group), each with several threads, call every ioctl of /dev/etw and of
 * real-time consumer descriptors, and read, poll, mmap and close them at
 * random moments.  Arguments are built from live state (registration
 * handles, session handles and names, logger ids, consumer descriptors,
 * buffer indexes CONSUMER_WAIT returned) and then mutated: sizes in the
 * command number, flags, reserved fields, handles, counts, lengths,
 * strings, log-file paths (missing directories, a FIFO, /proc files),
 * and pointers (fuzz_mem.c: NULL, unmapped, read-only, straddling a hole,
 * kernel addresses and userfaultfd-stalled pages).
 *
 * It passes when no fuzzer process crashed or hung, no invariant it can
 * check cheaply was broken (e.g. unknown flag bits are EINVAL, a handle
 * of a closed file is ENOENT, the unprivileged cannot start sessions), a
 * FIFO as log file never blocked a call, the kernel log has no splat, and
 * afterwards no session, registration or group ACL of the run is left
 * and the machine-wide profile interval is what it was.
 *
 *   fuzz_test [--seed N] [--calls M] [--procs P] [--threads T]
 *             [--max-seconds S] [--avoid LIST] [--verbose]
 *
 * Environment: ETW_FUZZ_SEED, ETW_FUZZ_CALLS (default 80000: a short run
 * for make check; make check-debug uses 100000), ETW_FUZZ_SECONDS (a
 * time cap: reaching it ends the run early, which is no failure on a
 * slow machine; the report says how many calls ran, and a process that
 * then does not stop is a hang), ETW_FUZZ_AVOID (as --avoid).
 * `--procs 1 --threads 1 --seed N --calls M` replays one thread's call
 * sequence exactly, as far as the kernel answers the same.
 */
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <grp.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "fuzz.h"
#include "etw_kmsg.h"
#include "etw_param.h"
#include "../kselftest.h"

struct fz_shared *fz;

const char *const fz_op_name[FZ_NOPS] = {
	"GET_INFO", "REGISTER", "UNREGISTER", "SET_INFO", "NOTIFY_ACK",
	"WRITE", "TRACE_EVENT", "NEW_IDS", "TRACE_MESSAGE", "SESSION_START",
	"SESSION_CONTROL", "SESSION_LIST", "ENABLE", "SET_DISALLOW",
	"GET_DISALLOW", "SET_GROUP_ACL", "GET_GROUP_ACL", "QUERY_GUIDS",
	"CONSUMER_OPEN", "CONSUMER_WAIT", "bad command", "read", "poll",
	"mmap", "consumer poll", "consumer mmap", "consumer read", "open",
	"close", "consumer close", "munmap", "STAGE_OPEN", "STAGE_SEAL",
	"STAGE_CLOSE", "stage mmap", "SYSTEM_INFO",
	"START (system)", "CONTROL (system)",
};

uint64_t fz_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

void fz_count(struct fz_thread *t, int op, long ret)
{
	long e = ret < 0 ? -ret : 0;

	if (e >= FZ_NERR)
		e = FZ_NERR - 1;
	__atomic_add_fetch(&fz->count[op][e], 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&fz->calls, 1, __ATOMIC_RELAXED);
	t->ncalls++;
}

long fz_call(struct fz_thread *t, int op, int fd, unsigned long cmd, void *arg)
{
	long r;

	t->ts->cur_op = op;
	t->last_fd = fd;
	t->ts->call_start_ms = fz_now_ms();
	r = ioctl(fd, cmd, arg);
	if (r < 0)
		r = -errno;
	t->ts->call_start_ms = 0;
	if (fz->verbose)
		fprintf(stderr, "fz p%d t%d #%" PRIu64 " %s fd %d cmd %#lx -> %ld\n",
			t->p->index, t->idx, t->ncalls, fz_op_name[op], fd, cmd, r);
	fz_count(t, op, r);
	return r;
}

static int fd_owner[1100];

void fz_fd_own(struct fz_thread *t, int fd, int owner)
{
	int old;

	if (fd < 0 || fd >= 1100)
		return;
	old = __atomic_exchange_n(&fd_owner[fd], owner, __ATOMIC_RELAXED);
	if (old)
		fz_violation(t, "descriptor %d given to %d still belongs to %d: it was closed behind its owner's back",
			     fd, owner, old);
}

int fz_fd_close(struct fz_thread *t, int fd, int owner)
{
	int old;

	if (fd < 0)
		return -EBADF;
	if (fd < 1100) {
		old = __atomic_exchange_n(&fd_owner[fd], 0, __ATOMIC_RELAXED);
		if (old != owner)
			fz_violation(t, "closing descriptor %d as %d, but it belongs to %d",
				     fd, owner, old);
	}
	return close(fd) ? -errno : 0;
}

void fz_violation(struct fz_thread *t, const char *fmt, ...)
{
	uint32_t i = __atomic_fetch_add(&fz->nviol, 1, __ATOMIC_RELAXED);
	char what[240];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	fprintf(stderr, "# fuzz: p%d t%d call %" PRIu64 ": %s\n",
		t->p->index, t->idx, t->ncalls, what);
	if (i < FZ_MAX_VIOL) {
		fz->viol[i].proc = t->p->index;
		fz->viol[i].thread = t->idx;
		fz->viol[i].call = t->ncalls;
		memcpy(fz->viol[i].what, what, sizeof(what));
	}
}

void fz_expect(struct fz_thread *t, int op, long ret, int expect,
	       const char *fmt, ...)
{
	char why[160];
	va_list ap;

	if (!expect || ret == -EINTR)	/* the watchdog interrupted it */
		return;
	if (expect == FZ_OK ? ret >= 0 : expect == FZ_FAIL ? ret < 0 :
	    ret == -expect)
		return;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	fz_violation(t, "%s (%s) fd %d [%d %d]: expected %s, got %s",
		     fz_op_name[op], why, t->last_fd, t->pfd[0], t->pfd[1],

		     expect == FZ_OK ? "success" : expect == FZ_FAIL ?
		     "a failure" : strerror(expect),
		     ret >= 0 ? "success" : strerror((int)-ret));
}

/* ---- threads ------------------------------------------------------------------ */

typedef void (*fz_op_fn)(struct fz_thread *t);

static const struct {
	fz_op_fn fn;
	uint32_t weight;
} fz_ops[] = {
	{ fz_op_get_info, 15 },
	{ fz_op_register, 80 },
	{ fz_op_unregister, 45 },
	{ fz_op_set_info, 45 },
	{ fz_op_notify_ack, 20 },
	{ fz_op_write, 150 },
	{ fz_op_trace_event, 35 },
	{ fz_op_trace_message, 35 },
	{ fz_op_new_ids, 12 },
	{ fz_op_set_group_acl, 10 },
	{ fz_op_get_group_acl, 12 },
	{ fz_op_query_guids, 40 },
	{ fz_op_bad_cmd, 25 },
	{ fz_op_read, 30 },
	{ fz_op_poll, 12 },
	{ fz_op_mmap, 20 },
	{ fz_op_open_close, 15 },
	{ fz_op_session_start, 60 },
	{ fz_op_session_control, 90 },
	{ fz_op_session_list, 20 },
	{ fz_op_enable, 90 },
	{ fz_op_disallow, 25 },
	{ fz_op_consumer_open, 30 },
	{ fz_op_consumer_wait, 75 },
	{ fz_op_consumer_misc, 25 },
	{ fz_op_race, 25 },
	{ fz_op_stage, 60 },
	{ fz_op_ksys, 2 },
};

static uint32_t fz_total_weight;

static void on_usr1(int sig)
{
	(void)sig;	/* only there to interrupt a blocking call */
}

static void *thread_main(void *arg)
{
	struct fz_thread *t = arg;
	uint32_t i, w;

	t->ts->tid = gettid();
	while (!__atomic_load_n(&fz->stop, __ATOMIC_RELAXED) &&
	       t->ncalls < fz->calls_per_thread) {
		w = fz_below(t, fz_total_weight);
		for (i = 0; w >= fz_ops[i].weight; i++)
			w -= fz_ops[i].weight;
		fz_ops[i].fn(t);
		fz_mem_reset(t);
	}
	return NULL;
}

/* Is thread @tid of @pid waiting for a FIFO's other end? */
static int in_fifo_open(pid_t pid, pid_t tid)
{
	char path[64], wchan[64] = "";
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/wchan", pid, tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, wchan, sizeof(wchan) - 1);
	close(fd);
	wchan[n > 0 ? n : 0] = 0;
	return strstr(wchan, "fifo") || strstr(wchan, "wait_for_partner");
}

/*
 * The watchdog, run by the parent: interrupts calls that block too long
 * (a huge timeout, a blocking read with nothing to read) with SIGUSR1,
 * and notices a call stuck on the FIFO log file, which must never block
 * (the file type is to be checked before opening).  It runs in another
 * process so that nothing the fuzzers' kernel calls hold (etw_lock, their
 * mmap_lock) can stop it; a blocked FIFO open is also released by
 * opening the FIFO's read end.  Returns the threads still in a call.
 */
static int watchdog(pid_t *pids)
{
	uint64_t now = fz_now_ms();
	uint32_t p, i;
	int busy = 0, fd;

	for (p = 0; p < fz->nprocs; p++) {
		for (i = 0; i < fz->nthreads; i++) {
			struct fz_tstat *ts = &fz->ts[p][i];
			uint64_t s = ts->call_start_ms;

			if (!s || !ts->tid)
				continue;
			busy++;
			if (now < s + (ts->fifo_call ? 2000 : 1500))
				continue;
			/*
			 * Blocked in a FIFO's open, not merely slow (a loaded
			 * machine, a debug kernel): the kernel says where the
			 * thread waits.
			 */
			if (ts->fifo_call && !ts->reported &&
			    in_fifo_open(pids[p], ts->tid)) {
				ts->reported = 1;
				__atomic_add_fetch(&fz->fifo_blocked, 1,
						   __ATOMIC_RELAXED);
				ksft_print_msg("p%u t%u: %s with a FIFO log file blocked for %" PRIu64 " ms\n",
					       p, i, fz_op_name[ts->cur_op], now - s);
				fd = open(fz->fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
				if (fd >= 0)
					close(fd);
			}
			if (now > s + 60000 && ts->reported < 2) {
				ts->reported = 2;
				__atomic_add_fetch(&fz->hangs, 1, __ATOMIC_RELAXED);
				ksft_print_msg("p%u t%u: %s stuck for 60 s\n", p, i,
					       fz_op_name[ts->cur_op]);
			}
			syscall(SYS_tgkill, pids[p], ts->tid, SIGUSR1);
		}
	}
	return busy;
}

static int become(enum fz_role role)
{
	gid_t g = FZ_GROUP_GID;

	switch (role) {
	case ROLE_ROOT:
		return 0;
	case ROLE_NOBODY:
		return setgroups(0, NULL) || setresgid(65534, 65534, 65534) ||
		       setresuid(65534, 65534, 65534);
	case ROLE_GROUP:
		return setgroups(1, &g) || setresgid(4244, 4244, 4244) ||
		       setresuid(FZ_GROUP_UID, FZ_GROUP_UID, FZ_GROUP_UID);
	}
	return -1;
}

static void proc_main(int index, enum fz_role role)
{
	struct fz_proc *p = calloc(1, sizeof(*p));
	struct sigaction sa = { .sa_handler = on_usr1 };
	uint32_t i;

	sigaction(SIGUSR1, &sa, NULL);	/* no SA_RESTART: calls return EINTR */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	p->index = index;
	p->role = role;
	p->uffd_rng = fz->seed ^ (0xC0FFEEULL << 20) ^ index;
	pthread_mutex_init(&p->pool.mu, NULL);
	for (i = 0; i < FZ_POOL_FDS; i++)
		p->pool.fd[i] = -1;
	for (i = 0; i < FZ_POOL_CONS; i++)
		p->pool.cons[i].fd = -1;
	/* userfaultfd for kernel faults needs privilege: made before dropping it */
	if (fz_mem_proc_init(p) || become(role)) {
		fprintf(stderr, "# fuzz: p%d: setup failed: %s\n", index,
			strerror(errno));
		_exit(2);
	}
	for (i = 0; i < fz->nthreads; i++) {
		struct fz_thread *t = &p->th[i];

		t->p = p;
		t->idx = i;
		t->ts = &fz->ts[index][i];
		t->rng = fz->seed ^ ((uint64_t)index << 32) ^ ((uint64_t)i << 48);
		t->pfd[0] = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
		t->pfd[1] = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC | O_NONBLOCK);
		t->pcons.fd = -1;
		fz_fd_own(t, t->pfd[0], FZ_OWN_PFD(t, 0));
		fz_fd_own(t, t->pfd[1], FZ_OWN_PFD(t, 1));
		if (t->pfd[0] < 0 || t->pfd[1] < 0 || fz_mem_thread_init(t)) {
			fprintf(stderr, "# fuzz: p%d t%d: setup failed: %s\n",
				index, i, strerror(errno));
			_exit(2);
		}
	}
	fz_uffd_start(p);
	for (i = 0; i < fz->nthreads; i++)
		pthread_create(&p->th[i].tid, NULL, thread_main, &p->th[i]);
	for (i = 0; i < fz->nthreads; i++)
		pthread_join(p->th[i].tid, NULL);
	/* Close everything and stop what this process started. */
	for (i = 0; i < fz->nthreads; i++)
		fz_thread_cleanup(&p->th[i]);
	fz_pool_cleanup(p);
	p->done = 1;
	if (p->uffd >= 0)
		pthread_join(p->uffd_thread, NULL);
	fz_mem_proc_fini(p);
	_exit(0);
}

/* ---- the run as a whole --------------------------------------------------------- */

/* What the run changes, put back however it ends (SIGTERM: a timeout). */
static char old_gid[32] = "-1", old_cb[32] = "5000";
static pid_t pids[FZ_MAX_PROCS];

static void on_term(int sig)
{
	uint32_t i;

	for (i = 0; i < FZ_MAX_PROCS; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	etw_param_write("controller_gid", old_gid, NULL, 0);
	etw_param_write("callback_timeout_ms", old_cb, NULL, 0);
	_exit(128 + sig);
}

/* GUIDs QUERY_GUIDS lists (sorted by the kernel); count or -errno. */
static int guid_list(int fd, uint8_t (*g)[16], uint32_t cap)
{
	struct etw_query_guids q = { .query = ETW_QUERY_GUID_LIST,
				     .buf = (uintptr_t)g, .buf_size = cap * 16 };

	if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &q))
		return -errno;
	return q.needed <= cap * 16 ? (int)q.count : -ENOSPC;
}

static int stop_by_name(int fd, const char *name, uint32_t len)
{
	struct etw_session_control c = { .name = (uintptr_t)name,
					 .name_len = len,
					 .code = ETW_CONTROL_STOP };

	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) ? -errno : 0;
}

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

/* Checks after the run; returns the number of problems, printed. */
static int final_state(int fd, pid_t *pids, int npids,
		       uint8_t (*before)[16], int nbefore)
{
	static uint8_t after[4096][16];
	static char name[FZ_NAME_MAX + 1];
	uint64_t handles[ETW_MAX_SESSIONS];
	struct etw_session_list l = { .handles = (uintptr_t)handles,
				      .capacity = ETW_MAX_SESSIONS };
	int bad = 0, n, i, j;
	uint32_t k, len, left = 0;

	/* The children stopped theirs; whatever a crash left, stop now. */
	for (k = 0; k < fz->nstarted && k < FZ_MAX_STARTED; k++) {
		len = fz_name_bytes(&fz->started[k], name);
		if (stop_by_name(fd, name, len) == 0)
			left++;
	}
	if (left)
		ksft_print_msg("stopped %u sessions the fuzzer processes left running (of %u names that may have started)\n",
			       left, fz->nstarted);
	if (fz->nstarted > FZ_MAX_STARTED)
		ksft_print_msg("names that may have started: %u, kept %u\n",
			       fz->nstarted, FZ_MAX_STARTED);
	for (k = 0; k < FZ_NGROUP; k++) {
		struct etw_group_acl a = { 0 };

		fz_guid_group(a.group, k);
		ioctl(fd, ETW_IOC_SET_GROUP_ACL, &a);	/* lift any ACL */
		if (ioctl(fd, ETW_IOC_GET_GROUP_ACL, &a) || a.flags) {
			ksft_print_msg("group %u still has an ACL\n", k);
			bad++;
		}
	}
	/* No session of ours is listed, by name prefix or owner. */
	if (ioctl(fd, ETW_IOC_SESSION_LIST, &l)) {
		ksft_print_msg("SESSION_LIST: %s\n", strerror(errno));
		return bad + 1;
	}
	for (k = 0; k < l.count && k < ETW_MAX_SESSIONS; k++) {
		struct etw_session_info si;
		struct etw_session_control c = {
			.handle = handles[k], .code = ETW_CONTROL_QUERY,
			.info = (uintptr_t)&si, .info_size = sizeof(si),
			.name_buf = (uintptr_t)name, .name_buf_size = sizeof(name),
		};
		char prefix[16];

		if (ioctl(fd, ETW_IOC_SESSION_CONTROL, &c))
			continue;
		snprintf(prefix, sizeof(prefix), "fz%08x", fz->run_id);
		for (i = 0; i < npids; i++)
			if ((pid_t)si.owner_pid == pids[i])
				break;
		if (!strncasecmp(name, prefix, 10) || i < npids) {
			ksft_print_msg("session %.40s (logger %u) still listed; stopping it\n",
				       name, si.logger_id);
			bad++;
			/* So that it does not burden the tests after this. */
			c.code = ETW_CONTROL_STOP;
			c.info = 0;
			c.name_buf = 0;
			ioctl(fd, ETW_IOC_SESSION_CONTROL, &c);
		}
	}
	/* Private sessions are not listed: ask for each name by name. */
	for (k = 0; k < fz->nstarted && k < FZ_MAX_STARTED; k++) {
		struct etw_session_control c = { .code = ETW_CONTROL_QUERY };

		len = fz_name_bytes(&fz->started[k], name);
		c.name = (uintptr_t)name;
		c.name_len = len;
		if (ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) == 0 || errno != ENOENT) {
			ksft_print_msg("session %.40s still answers QUERY (%s)\n",
				       name, strerror(errno));
			bad++;
		}
	}
	/* Registrations: QUERY_GUIDS lists what it listed before the run. */
	n = guid_list(fd, after, 4096);
	if (n < 0) {
		ksft_print_msg("QUERY_GUIDS: %s\n", strerror(-n));
		return bad + 1;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < nbefore; j++)
			if (!memcmp(after[i], before[j], 16))
				break;
		if (j == nbefore) {
			ksft_print_msg("GUID %02x%02x%02x%02x-... (byte 15 %02x) still registered or enabled\n",
				       after[i][3], after[i][2], after[i][1],
				       after[i][0], after[i][15]);
			bad++;
		}
	}
	return bad;
}

static void print_counts(void)
{
	int op, e;
	char line[1024];

	ksft_print_msg("%-16s %10s  errno: count ...\n", "call", "calls");
	for (op = 0; op < FZ_NOPS; op++) {
		uint64_t total = 0;
		int n = 0;

		for (e = 0; e < FZ_NERR; e++)
			total += fz->count[op][e];
		if (!total)
			continue;
		for (e = 0; e < FZ_NERR && n < (int)sizeof(line) - 40; e++) {
			if (!fz->count[op][e])
				continue;
			n += snprintf(line + n, sizeof(line) - n, " %s:%" PRIu64,
				      e ? strerrorname_np(e) ?: "?" : "ok",
				      fz->count[op][e]);
		}
		ksft_print_msg("%-16s %10" PRIu64 " %s\n", fz_op_name[op], total,
			       line);
	}
}

static uint64_t env_u64(const char *name, uint64_t def)
{
	const char *v = getenv(name);

	return v && *v ? strtoull(v, NULL, 0) : def;
}

static uint64_t parse_avoid(const char *s)
{
	static const char *const names[] = { "switch-fail", "fifo", "uffd",
					     "wait-race", "query-race" };
	uint64_t m = 0;
	unsigned int i;

	for (i = 0; i < 5; i++)
		if (strstr(s, names[i]))
			m |= 1ULL << i;
	if (strstr(s, "all"))
		m = ~0ULL;
	return m;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "calls", required_argument, NULL, 'c' },
		{ "procs", required_argument, NULL, 'p' },
		{ "threads", required_argument, NULL, 't' },
		{ "max-seconds", required_argument, NULL, 'm' },
		{ "avoid", required_argument, NULL, 'a' },
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 },
	};
	static uint8_t before[4096][16];
	uint64_t seed, calls, max_s, t0, ms;
	uint32_t procs = 4, threads = 3, i, total_threads;
	char val[32];
	uint32_t left;
	int c, fd, nbefore, crashed = 0, bad_state, kfd;
	char kmsg_bad[512];
	struct timespec now;
	struct rlimit rl;

	clock_gettime(CLOCK_REALTIME, &now);
	seed = env_u64("ETW_FUZZ_SEED", (uint64_t)now.tv_nsec ^
		       ((uint64_t)now.tv_sec << 20) ^ getpid());
	calls = env_u64("ETW_FUZZ_CALLS", 80000);
	max_s = env_u64("ETW_FUZZ_SECONDS", 0);
	fz = mmap(NULL, sizeof(*fz), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (fz == MAP_FAILED)
		return 1;
	while ((c = getopt_long(argc, argv, "s:c:p:t:m:a:v", opts, NULL)) != -1) {
		switch (c) {
		case 's': seed = strtoull(optarg, NULL, 0); break;
		case 'c': calls = strtoull(optarg, NULL, 0); break;
		case 'p': procs = atoi(optarg); break;
		case 't': threads = atoi(optarg); break;
		case 'm': max_s = strtoull(optarg, NULL, 0); break;
		case 'a': fz->avoid = parse_avoid(optarg); break;
		case 'v': fz->verbose = 1; break;
		default:
			fprintf(stderr, "usage: %s [--seed N] [--calls M] [--procs P] [--threads T] [--max-seconds S] [--avoid switch-fail,fifo,uffd,wait-race,query-race] [--verbose]\n",
				argv[0]);
			return 2;
		}
	}
	if (getenv("ETW_FUZZ_AVOID"))
		fz->avoid |= parse_avoid(getenv("ETW_FUZZ_AVOID"));
	if (procs < 1 || procs > FZ_MAX_PROCS || threads < 1 ||
	    threads > FZ_MAX_THREADS)
		return 2;
	/*
	 * A time cap, far above what the calls take (1,500-6,000 calls/s in
	 * the TCG VM); within the kselftest timeout (300 s) for a short run.
	 */
	if (!max_s)
		max_s = calls <= 100000 ? 240 : 120 + calls / 250;

	ksft_print_header();
	ksft_set_plan(5);
	fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	if (fd < 0 || geteuid() != 0)
		ksft_exit_skip("needs root and %s (is etw.ko loaded?)\n",
			       ETW_DEVICE_PATH);
	/* Internal descriptors live at 1000 and up; leave room for them. */
	getrlimit(RLIMIT_NOFILE, &rl);
	if (rl.rlim_cur < 1100) {
		rl.rlim_cur = rl.rlim_max < 1100 ? rl.rlim_max : 1100;
		setrlimit(RLIMIT_NOFILE, &rl);
	}

	{
		struct etw_info info = { 0 };

		if (ioctl(fd, ETW_IOC_GET_INFO, &info))
			ksft_exit_fail_msg("GET_INFO: %s\n", strerror(errno));
		fz->ncpu = info.nr_cpu_ids;
	}
	fz->seed = seed;
	fz->run_id = (uint32_t)(seed ^ (seed >> 32)) ^ getpid();
	fz->nprocs = procs;
	fz->nthreads = threads;
	total_threads = procs * threads;
	fz->calls_per_thread = (calls + total_threads - 1) / total_threads;
	for (i = 0; i < sizeof(fz_ops) / sizeof(fz_ops[0]); i++)
		fz_total_weight += fz_ops[i].weight;
	ksft_print_msg("seed %#" PRIx64 ", %" PRIu64 " calls, %u processes x %u threads, avoid %#" PRIx64 "\n",
		       seed, calls, procs, threads, fz->avoid);
	ksft_print_msg("replay one thread: %s --seed %#" PRIx64 " --calls %" PRIu64 " --procs 1 --threads 1\n",
		       argv[0], seed, fz->calls_per_thread);

	snprintf(fz->tmpdir, sizeof(fz->tmpdir), "/tmp/etw-fuzz-%d", getpid());
	snprintf(fz->fifo, sizeof(fz->fifo), "%s/fifo", fz->tmpdir);
	if (mkdir(fz->tmpdir, 0777) || chmod(fz->tmpdir, 0777) ||
	    mkfifo(fz->fifo, 0666))
		ksft_exit_fail_msg("%s: %s\n", fz->tmpdir, strerror(errno));
	chmod(fz->fifo, 0666);
	/* Quick callback timeouts: providers here never run callbacks. */
	etw_param_write("callback_timeout_ms", "20", old_cb, sizeof(old_cb));
	snprintf(val, sizeof(val), "%d", FZ_GROUP_GID);
	etw_param_write("controller_gid", val, old_gid, sizeof(old_gid));
	signal(SIGTERM, on_term);
	signal(SIGINT, on_term);
	if (fz_ksys_save(fd))
		ksft_exit_fail_msg("the profile interval: %s\n", strerror(errno));
	nbefore = guid_list(fd, before, 4096);
	if (nbefore < 0)
		ksft_exit_fail_msg("QUERY_GUIDS: %s\n", strerror(-nbefore));
	kfd = etw_kmsg_open();

	t0 = fz_now_ms();
	for (i = 0; i < procs; i++) {
		enum fz_role role = i == 2 ? ROLE_NOBODY :
				    i == 3 ? ROLE_GROUP : ROLE_ROOT;

		pids[i] = fork();
		if (pids[i] == 0) {
			close(fd);
			proc_main(i, role);
		}
	}
	/* Wait; stop them at the time cap; give up on hung ones later. */
	for (left = procs; left > 0;) {
		int st;
		pid_t r = waitpid(-1, &st, WNOHANG);

		if (r > 0) {
			for (i = 0; i < procs && pids[i] != r; i++)
				;
			if (i == procs)
				continue;
			left--;
			if (WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st))) {
				ksft_print_msg("process %u %s %d\n", i,
					       WIFSIGNALED(st) ? "killed by signal" :
					       "exited with", WIFSIGNALED(st) ?
					       WTERMSIG(st) : WEXITSTATUS(st));
				crashed++;
			}
			continue;
		}
		watchdog(pids);
		if (fz_now_ms() - t0 > max_s * 1000 && !fz->stop) {
			ksft_print_msg("time cap of %" PRIu64 " s reached\n", max_s);
			__atomic_store_n(&fz->stop, 1, __ATOMIC_RELAXED);
		}
		if (fz_now_ms() - t0 > max_s * 1000 + 120000) {
			for (i = 0; i < procs; i++) {
				char cmd[96];

				if (waitpid(pids[i], &st, WNOHANG))
					continue;
				ksft_print_msg("process %u (pid %d) hung; its kernel stacks:\n",
					       i, pids[i]);
				snprintf(cmd, sizeof(cmd),
					 "cat /proc/%d/task/*/stack | sed 's/^/# /'",
					 pids[i]);
				if (system(cmd) < 0)
					break;
				kill(pids[i], SIGKILL);
			}
			fz->hangs++;
			break;
		}
		usleep(100000);
	}
	ms = fz_now_ms() - t0;

	bad_state = final_state(fd, pids, procs, before, nbefore);
	if (fz_ksys_restore(fd)) {
		ksft_print_msg("the profile interval could not be put back\n");
		bad_state++;
	}
	etw_param_write("controller_gid", old_gid, NULL, 0);
	etw_param_write("callback_timeout_ms", old_cb, NULL, 0);
	close(fd);
	nftw(fz->tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);

	print_counts();
	ksft_print_msg("%" PRIu64 " calls in %" PRIu64 " ms: %" PRIu64 " calls/s; %" PRIu64 " userfaultfd stalls (%" PRIu64 " ms), %u FIFO log-file calls\n",
		       fz->calls, ms, ms ? fz->calls * 1000 / ms : 0,
		       fz->uffd_stalls, fz->stalled_ms, fz->fifo_calls);
	ksft_print_msg("races steered: %" PRIu64 " CONSUMER_WAITs while another WAIT was on the same fd, %" PRIu64 " log-file switches during a stalled QUERY\n",
		       fz->wait_overlaps, fz->query_races);
	ksft_print_msg("system loggers: %" PRIu64 " started, %" PRIu64 " stack-walk sets given to them\n",
		       fz->ksys_started, fz->ksys_stacks);
	ksft_print_msg("stages: %" PRIu64 " scribbles into a retired ring got SIGBUS (design.rst, Retiring)\n",
		       fz->stage_bus);
	/* The cap is a cap: a slow machine makes fewer calls, not a failure. */
	ksft_test_result(!crashed && !fz->hangs,
			 "fuzz: %" PRIu64 " calls of %" PRIu64 "%s, no fuzzer process crashed or hung (seed %#" PRIx64 ")\n",
			 fz->calls, calls,
			 fz->stop ? " (the time cap ended the run)" : "", seed);
	for (i = 0; i < fz->nviol && i < FZ_MAX_VIOL; i++)
		ksft_print_msg("p%d t%d call %" PRIu64 ": %s\n", fz->viol[i].proc,
			       fz->viol[i].thread, fz->viol[i].call,
			       fz->viol[i].what);
	ksft_test_result(fz->nviol == 0,
			 "fuzz: invariants held (%u violations)\n", fz->nviol);
	ksft_test_result(fz->fifo_blocked == 0,
			 "fuzz: a FIFO as log file is refused without blocking (%u of %u calls blocked)\n",
			 fz->fifo_blocked, fz->fifo_calls);
	ksft_test_result(bad_state == 0,
			 "fuzz: afterwards no session, registration or group ACL of the run is left\n");
	c = etw_kmsg_check(kfd, kmsg_bad, sizeof(kmsg_bad));
	if (c)
		ksft_print_msg("kernel log: %s\n", kmsg_bad);
	ksft_test_result(c == 0, "fuzz: kernel log free of BUG/WARNING/Oops/lockdep/KASAN during the run\n");
	ksft_finished();
}
