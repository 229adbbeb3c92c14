// SPDX-License-Identifier: GPL-2.0-only
/*
 * The control plane does not slow down as registrations pile up: the
 * latency of enabling (and disabling) a provider, of stopping a session
 * and of the provider queries anyone may make, with 1,000 and with
 * 100,000 registrations of other providers held by another process.
 * Each result is the 100,000 case with the 1,000 case as its anchor;
 * the target is a ratio of at most 2.
 *
 * The background registrations use 64 provider GUIDs (as a busy machine
 * would: many processes, a few providers each), so the list of GUIDs a
 * query returns is the same size in both cases.  Raw ioctls, so that
 * only the kernel is measured.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <linux/etw.h>

#include "etwbench.h"

#define BG_GUIDS	64
#define SESSION		"etwbench-ctl"

static void guid_of(uint8_t g[16], uint8_t family, unsigned int i)
{
	memset(g, family, 16);
	g[0] = (uint8_t)i;
	g[1] = (uint8_t)(i >> 8);
}

static uint64_t reg(int fd, const uint8_t g[16])
{
	struct etw_register r;

	memset(&r, 0, sizeof(r));
	memcpy(r.guid, g, 16);
	return ioctl(fd, ETW_IOC_REGISTER, &r) ? 0 : r.handle;
}

/*
 * A child that holds @n registrations (2,048 per open file) of the
 * background GUIDs until it is killed.  Returns its pid, or -1.
 */
static pid_t background(long n)
{
	int p[2], fd = -1;
	pid_t pid;
	long i;
	char ok;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		uint8_t g[16];

		close(p[0]);
		for (i = 0; i < n; i++) {
			if (i % ETW_MAX_REGS_PER_FD == 0)
				fd = open(ETW_DEVICE_PATH, O_RDWR);
			guid_of(g, 0xb6, i % BG_GUIDS);
			if (fd < 0 || !reg(fd, g))
				_exit(1);
		}
		ok = 1;
		if (write(p[1], &ok, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(p[1]);
	if (pid < 0 || read(p[0], &ok, 1) != 1) {
		if (pid > 0) {
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
		}
		pid = -1;
	}
	close(p[0]);
	return pid;
}

static uint64_t start(int fd)
{
	struct etw_session_start st;
	struct etw_session_info si;

	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)SESSION;
	st.name_len = strlen(SESSION);
	st.log_file_mode = 0x400;	/* EVENT_TRACE_BUFFERING_MODE */
	st.buffer_size_kb = 64;
	st.min_buffers = 8;
	st.info = (uintptr_t)&si;
	st.info_size = sizeof(si);
	return ioctl(fd, ETW_IOC_SESSION_START, &st) ? 0 : si.handle;
}

static int control(int fd, uint64_t h, uint32_t code)
{
	struct etw_session_control c;

	memset(&c, 0, sizeof(c));
	c.handle = h;
	c.code = code;
	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &c);
}

static int enable(int fd, uint64_t h, const uint8_t g[16], uint32_t code)
{
	struct etw_enable e;

	memset(&e, 0, sizeof(e));
	e.session = h;
	memcpy(e.guid, g, 16);
	e.control_code = code;
	e.level = 5;
	return ioctl(fd, ETW_IOC_ENABLE, &e);
}

static int query(int fd, uint32_t what, const uint8_t g[16], void *buf,
		 uint32_t size)
{
	struct etw_query_guids q;

	memset(&q, 0, sizeof(q));
	q.query = what;
	if (g)
		memcpy(q.guid, g, 16);
	q.buf = (uintptr_t)buf;
	q.buf_size = size;
	return ioctl(fd, ETW_IOC_QUERY_GUIDS, &q);
}

struct ctl_times {
	double enable;	/* ns per ENABLE + DISABLE of the measured provider */
	double stop;	/* ns per STOP of a session enabling it */
	double list;	/* ns per ETW_QUERY_GUID_LIST */
	double info;	/* ns per ETW_QUERY_GUID_INFO of the measured provider */
};

/* The four latencies with @n background registrations; 0 on success. */
static int measure(long n, struct ctl_times *t)
{
	static char buf[1 << 16];
	double v[RUNS], t0;
	uint8_t p[16], other[16];
	int fd, i, k, reps = quick ? 20 : 100, ret = -1;
	uint64_t h;
	pid_t bg;

	bg = background(n);
	fd = open(ETW_DEVICE_PATH, O_RDWR);
	guid_of(p, 0xc7, 1);
	if (bg < 0 || fd < 0 || !reg(fd, p))
		goto out;

	/* Enable and disable the provider (one registration: ours). */
	h = start(fd);
	if (!h)
		goto out;
	for (i = -1; i < RUNS; i++) {	/* run -1 warms up */
		t0 = now_ns();
		for (k = 0; k < reps; k++)
			if (enable(fd, h, p, 1) || enable(fd, h, p, 0))
				goto out_stop;
		v[i < 0 ? 0 : i] = (now_ns() - t0) / reps;
	}
	t->enable = median(v, RUNS);

	/* Query: the GUID list (64 + 1 + pre-enabled), one GUID's instances. */
	if (enable(fd, h, p, 1))
		goto out_stop;
	for (i = -1; i < RUNS; i++) {
		t0 = now_ns();
		for (k = 0; k < reps; k++)
			if (query(fd, ETW_QUERY_GUID_LIST, NULL, buf, sizeof(buf)))
				goto out_stop;
		v[i < 0 ? 0 : i] = (now_ns() - t0) / reps;
	}
	t->list = median(v, RUNS);
	for (i = -1; i < RUNS; i++) {
		t0 = now_ns();
		for (k = 0; k < reps; k++)
			if (query(fd, ETW_QUERY_GUID_INFO, p, buf, sizeof(buf)))
				goto out_stop;
		v[i < 0 ? 0 : i] = (now_ns() - t0) / reps;
	}
	t->info = median(v, RUNS);
	control(fd, h, ETW_CONTROL_STOP);

	/* Stop a session that enables our provider and 8 unregistered ones. */
	for (i = -1; i < RUNS; i++) {
		h = start(fd);
		if (!h || enable(fd, h, p, 1))
			goto out_stop;
		for (k = 0; k < 8; k++) {
			guid_of(other, 0xd8, k);
			if (enable(fd, h, other, 1))
				goto out_stop;
		}
		t0 = now_ns();
		if (control(fd, h, ETW_CONTROL_STOP))
			goto out;
		v[i < 0 ? 0 : i] = now_ns() - t0;
	}
	t->stop = median(v, RUNS);
	ret = 0;
	goto out;

out_stop:
	control(fd, h, ETW_CONTROL_STOP);
out:
	if (fd >= 0)
		close(fd);
	if (bg > 0) {
		kill(bg, SIGKILL);
		waitpid(bg, NULL, 0);
	}
	return ret;
}

void bench_control_plane(void)
{
	struct ctl_times small, big;

	if (measure(1000, &small) || measure(100000, &big)) {
		fprintf(stderr, "etwbench: control plane: %s (root, etw.ko?)\n",
			strerror(errno));
		return;
	}
	if (verbose)
		printf("control plane 1k: enable %.0f stop %.0f list %.0f info %.0f ns\n"
		       "control plane 100k: enable %.0f stop %.0f list %.0f info %.0f ns\n",
		       small.enable, small.stop, small.list, small.info,
		       big.enable, big.stop, big.list, big.info);
	add("ctl_enable_100k_vs_1k", "ENABLE+DISABLE, 100,000 other registrations",
	    big.enable, "ns/op", small.enable, "the same with 1,000",
	    big.enable / small.enable, "<=", 2);
	add("ctl_stop_100k_vs_1k", "STOP, 100,000 other registrations",
	    big.stop, "ns/op", small.stop, "the same with 1,000",
	    big.stop / small.stop, "<=", 2);
	add("ctl_query_list_100k_vs_1k", "QUERY_GUIDS list, 100,000 registrations",
	    big.list, "ns/op", small.list, "the same with 1,000",
	    big.list / small.list, "<=", 2);
	add("ctl_query_info_100k_vs_1k", "QUERY_GUIDS info, 100,000 other registrations",
	    big.info, "ns/op", small.info, "the same with 1,000",
	    big.info / small.info, "<=", 2);
}
