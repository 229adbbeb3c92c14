// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench: issue 10, EventWrite without a system call.  In the same VM
 * boot: a null ioctl, ftrace's trace_marker_raw, EventWrite through the
 * ioctl (today's path, ETW_FASTPATH=0), EventWrite on the fast path
 * (per-thread stages, libetw), and an
 * LTTng-UST tracepoint with the same 64-byte payload, its session and
 * consumer daemon running.  Each is reported against the null ioctl and
 * against LTTng-UST; then two writers against one, and a consumer
 * keeping up with two writers at default buffer sizes.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "etwbench.h"

/* Run a command quietly; its exit status. */
static int run(const char *cmd)
{
	char buf[512];

	snprintf(buf, sizeof(buf), "%s >/dev/null 2>&1", cmd);
	return system(buf);
}

/* The directory etwbench runs from: its LTTng-UST peer is beside it. */
static const char *self_dir(void)
{
	static char dir[4096];
	ssize_t n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	char *slash;

	if (n <= 0)
		return ".";
	dir[n] = 0;
	slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	return dir;
}

/*
 * The LTTng-UST peer: a session daemon of our own (it starts the consumer
 * daemon), a session with etwbench:ev64 enabled and started, and
 * etwbench-lttng in rounds mode, whose rounds we interleave with ours.
 */
struct ust {
	pid_t sd, child;
	FILE *in, *out;
};

static int ust_start(struct ust *u, long n)
{
	int to[2], from[2];
	char cmd[4200], line[64];

	memset(u, 0, sizeof(*u));
	if (run("command -v lttng-sessiond && command -v lttng"))
		return -1;
	setenv("LTTNG_HOME", "/tmp", 0);
	u->sd = fork();
	if (u->sd < 0)
		return -1;
	if (u->sd == 0) {
		int null = open("/dev/null", O_WRONLY);

		dup2(null, 1);
		dup2(null, 2);
		execlp("lttng-sessiond", "lttng-sessiond", "--no-kernel",
		       (char *)NULL);
		_exit(127);
	}
	sleep(2);
	if (run("lttng create etwbench-ust --output=/tmp/etwbench-ust") ||
	    run("lttng enable-event -u etwbench:ev64") || run("lttng start") ||
	    pipe(to) || pipe(from))
		return -1;
	snprintf(cmd, sizeof(cmd), "%s/etwbench-lttng", self_dir());
	u->child = fork();
	if (u->child < 0)
		return -1;
	if (u->child == 0) {
		char nb[32];

		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[1]);
		close(from[0]);
		snprintf(nb, sizeof(nb), "%ld", n);
		execl(cmd, cmd, nb, "rounds", (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	u->in = fdopen(to[1], "w");
	u->out = fdopen(from[0], "r");
	if (!u->in || !u->out || !fgets(line, sizeof(line), u->out) ||
	    strncmp(line, "ready", 5))
		return -1;
	return 0;
}

/* One round of the LTTng-UST peer: ns per tracepoint, or -1. */
static double ust_round(struct ust *u)
{
	char line[64];

	if (!u->in || fputs("go\n", u->in) == EOF || fflush(u->in) ||
	    !fgets(line, sizeof(line), u->out))
		return -1;
	return atof(line);
}

static void ust_stop(struct ust *u)
{
	if (u->in)
		fclose(u->in);
	if (u->out)
		fclose(u->out);
	if (u->child > 0)
		waitpid(u->child, NULL, 0);
	run("lttng stop");
	run("lttng destroy etwbench-ust");
	run("rm -rf /tmp/etwbench-ust");
	if (u->sd > 0) {
		kill(u->sd, SIGTERM);
		waitpid(u->sd, NULL, 0);
	}
}

#define ROUNDS	7

/*
 * Median of @v[i] / @a[i] over the rounds where both were measured; its
 * spread in *@lo, *@hi.
 */
static double med_ratio_spread(const double *v, const double *a, double *lo,
			       double *hi)
{
	double r[ROUNDS];
	int i, n = 0;

	for (i = 0; i < ROUNDS; i++)
		if (v[i] > 0 && a[i] > 0)
			r[n++] = v[i] / a[i];
	if (!n)
		return -1;
	*lo = *hi = r[0];
	for (i = 1; i < n; i++) {
		if (r[i] < *lo)
			*lo = r[i];
		if (r[i] > *hi)
			*hi = r[i];
	}
	return median(r, n);
}



static double med(const double *v)
{
	double r[ROUNDS];
	int i, n = 0;

	for (i = 0; i < ROUNDS; i++)
		if (v[i] > 0)
			r[n++] = v[i];
	return n ? median(r, n) : -1;
}

/* One result against the null ioctl, one against LTTng-UST; target < 0:
 * reported only. */
static void add_pair(const char *name, const char *name_ust, const char *what,
		     const double *v, const double *ioc, const double *ust,
		     double t_ioc, double t_ust)
{
	double ilo, ihi, ulo = 0, uhi = 0;
	double ns = med(v), ri = med_ratio_spread(v, ioc, &ilo, &ihi);
	double ru = ust ? med_ratio_spread(v, ust, &ulo, &uhi) : -1;

	if (ns < 0)
		return;
	add(name, what, ns, "ns/op", med(ioc), "null ioctl on /dev/etw", ri,
	    t_ioc < 0 ? "-" : "<=", t_ioc < 0 ? 0 : t_ioc);
	add_spread(ilo, ihi);
	if (ru > 0) {
		add(name_ust, what, ns, "ns/op", med(ust),
		    "LTTng-UST tracepoint, 64 B", ru,
		    t_ust < 0 ? "-" : "<=", t_ust < 0 ? 0 : t_ust);
		add_spread(ulo, uhi);
	}
}

/* Events lost with two full-speed fast-path writers, default buffers. */
static long two_writers_lost(REGHANDLE h, double seconds, long *written,
			     long *got);

void bench_fastpath(REGHANDLE h, int fd, double ioctl_ns, double marker_ns,
		    long n)
{
	double nul[ROUNDS], mark[ROUNDS], ioc[ROUNDS], fast[ROUNDS];
	double ust[ROUNDS];
	CONTROLTRACE_ID s;
	struct ust u;
	long written = 0, got = 0, lost;
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN), r, have_ust;
	ULONG err;

	(void)ioctl_ns;
	(void)marker_ns;
	have_ust = !ust_start(&u, n);
	pin(0);
	s = start_session("etwbench-fp", EVENT_TRACE_BUFFERING_MODE, 64, 64, 64);
	/* Interleaved: the host's load drifts, a round's ratios do not. */
	for (r = -1; r < ROUNDS; r++) {
		int k = r < 0 ? 0 : r;

		nul[k] = bench_null_ioctl(fd, n);
		mark[k] = bench_marker_raw(n);
		etw_fastpath_set(0);
		ioc[k] = bench_write(h, n, &err);
		etw_fastpath_set(1);
		fast[k] = bench_write(h, n, &err);
		ust[k] = have_ust ? ust_round(&u) : -1;
	}
	ust_stop(&u);

	add_pair("peer_null_ioctl", "peer_null_ioctl_vs_ust",
		 "a null ioctl on /dev/etw (the anchor)", nul, nul, ust, -1, -1);
	add_pair("peer_marker_raw", "peer_marker_raw_vs_ust",
		 "ftrace trace_marker_raw write of 64 B", mark, nul, ust, -1, -1);
	add_pair("peer_lttng_ust", NULL,
		 "LTTng-UST tracepoint of 64 B (its consumer daemon running)",
		 ust, nul, NULL, -1, -1);
	add_pair("ioctl_write_64", "ioctl_write_64_vs_ust",
		 "EventWrite 64 B, ioctl path (ETW_FASTPATH=0)", ioc, nul, ust,
		 1.4, -1);
	add_pair("fast_write_64", "fast_write_64_vs_ust",
		 "EventWrite 64 B, fast path (per-thread stages)", fast, nul,
		 ust, 0.5, 1.0);

	stop_session(s, NULL);

	/* A consumer keeps up with two writers, default buffer sizes. */
	if (ncpu >= 2) {
		lost = two_writers_lost(h, quick ? 1.0 : 3.0, &written, &got);
		add("fast_two_writers_no_loss",
		    "events lost: 2 fast writers, default buffers, 1 consumer",
		    lost, "events", written, "events written", lost, "<=", 0);
	}
}

/* ---- the consumer against two writers ------------------------------------ */

static volatile long seen;

static void WINAPI count_cb(PEVENT_RECORD r)
{
	if (IsEqualGUID(&r->EventHeader.ProviderId, &bench_provider))
		seen++;
}

static void *consume_main(void *arg)
{
	PROCESSTRACE_HANDLE h = *(PROCESSTRACE_HANDLE *)arg;

	ProcessTrace(&h, 1, NULL, NULL);
	return NULL;
}

static long two_writers_lost(REGHANDLE h, double seconds, long *written,
			     long *got)
{
	const char *name = "etwbench-fp-live";
	EVENT_TRACE_PROPERTIES out;
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	struct etw_fastpath_stats a, b;
	CONTROLTRACE_ID s;
	pthread_t t;

	s = start_session(name, EVENT_TRACE_REAL_TIME_MODE, 0, 0, 0);
	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = (char *)name;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD |
			      PROCESS_TRACE_MODE_RAW_TIMESTAMP;
	lf.EventRecordCallback = count_cb;
	ph = OpenTraceA(&lf);
	if (ph == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	seen = 0;
	pthread_create(&t, NULL, consume_main, &ph);
	usleep(100000);
	etw_fastpath_stats(&a);
	writers_rate(h, 2, seconds);
	etw_fastpath_stats(&b);
	stop_session(s, &out);
	pthread_join(t, NULL);
	CloseTrace(ph);
	*written = (long)(b.events - a.events + b.fallbacks - a.fallbacks);
	*got = seen;
	return out.EventsLost;
}
