// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench: the cost of the NT Kernel Logger, flag by flag (issue 11).
 *
 * One workload that exercises everything the flags trace (processes made
 * and exec'd, context switches between two processes, system calls, file
 * reads and writes, disk I/O on null_blk when it is there) runs
 * untraced (the anchor) and under a system logger with one flag, or group
 * of flags, at a time, writing to a file as a trace would, in pairs of
 * runs on CPU 0.  The ratio is the median over the pairs of traced time /
 * untraced time, in the same boot.
 */
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntrace.h>

#include "etwbench.h"

#define KB_SESSION	"etwbench-kernel"
#define KRUNS		9	/* pairs per flag */

/* One pass of the workload; returns its duration in ns. */
static double workload(int scale)
{
	char path[] = "/tmp/etwbench-kXXXXXX", buf[4096];
	int p1[2], p2[2], i, fd, disk;
	double t0 = now_ns();
	pid_t pid;
	void *dbuf = NULL;

	memset(buf, 1, sizeof(buf));
	/* processes: fork and exec */
	for (i = 0; i < 3 * scale; i++) {
		pid = fork();
		if (pid == 0) {
			execl("/bin/true", "true", (char *)NULL);
			_exit(1);
		}
		waitpid(pid, NULL, 0);
	}
	/* context switches: a ping-pong between two processes */
	if (pipe(p1) || pipe(p2))
		return 0;
	pid = fork();
	if (pid == 0) {
		char c;

		/* only its own ends open, so that it sees the end */
		close(p1[1]);
		close(p2[0]);
		while (read(p1[0], &c, 1) == 1 && write(p2[1], &c, 1) == 1)
			;
		_exit(0);
	}
	close(p1[0]);
	close(p2[1]);
	for (i = 0; pid > 0 && i < 400 * scale; i++) {
		char c = 'x';

		if (write(p1[1], &c, 1) != 1 || read(p2[0], &c, 1) != 1)
			break;
	}
	close(p1[1]);
	close(p2[0]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	/* system calls */
	for (i = 0; i < 4000 * scale; i++)
		syscall(SYS_getppid);
	/* files */
	fd = mkstemp(path);
	if (fd >= 0) {
		for (i = 0; i < 200 * scale; i++)
			if (pwrite(fd, buf, sizeof(buf), 0) < 0 ||
			    pread(fd, buf, sizeof(buf), 0) < 0)
				break;
		close(fd);
		unlink(path);
	}
	/* disk I/O, where null_blk is loaded */
	disk = open("/dev/nullb0", O_RDWR | O_DIRECT);
	if (disk >= 0 && !posix_memalign(&dbuf, 4096, 4096)) {
		for (i = 0; i < 100 * scale; i++)
			if (pread(disk, dbuf, 4096, 4096 * i) < 0)
				break;
	}
	free(dbuf);
	if (disk >= 0)
		close(disk);
	return now_ns() - t0;
}

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[64];
	char file[256];
};

static void props_init(struct props *b)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	b->p.LogFileNameOffset = offsetof(struct props, file);
}

static int start(ULONG flags)
{
	struct props b;
	CONTROLTRACE_ID h;

	props_init(&b);
	b.p.LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL |
			  EVENT_TRACE_SYSTEM_LOGGER_MODE;
	b.p.EnableFlags = flags;
	b.p.BufferSize = 1024;
	b.p.MaximumBuffers = 48;
	snprintf(b.file, sizeof(b.file), "/tmp/etwbench-kernel.etl");
	return StartTraceA(&h, KB_SESSION, &b.p) == ERROR_SUCCESS ? 0 : -1;
}

static ULONG stop(void)
{
	struct props b;

	props_init(&b);
	StopTraceA(0, KB_SESSION, &b.p);
	unlink("/tmp/etwbench-kernel.etl");
	return b.p.EventsLost;
}

void bench_kernel_flags(void)
{
	static const struct {
		const char *name, *what;
		ULONG flags;
	} cases[] = {
		{ "k_process", "flag process (Process start/end, rundown)", EVENT_TRACE_FLAG_PROCESS },
		{ "k_thread", "flag thread", EVENT_TRACE_FLAG_THREAD },
		{ "k_img", "flag img (kprobe on perf_event_mmap)", EVENT_TRACE_FLAG_IMAGE_LOAD },
		{ "k_proccntr", "flag proccntr", EVENT_TRACE_FLAG_PROCESS_COUNTERS },
		{ "k_cswitch", "flag cswitch", EVENT_TRACE_FLAG_CSWITCH },
		{ "k_dispatcher", "flag dispatcher (ReadyThread)", EVENT_TRACE_FLAG_DISPATCHER },
		{ "k_disk", "flags disk+diskinit", EVENT_TRACE_FLAG_DISK_IO |
						   EVENT_TRACE_FLAG_DISK_IO_INIT },
		{ "k_syscall", "flag syscall", EVENT_TRACE_FLAG_SYSTEMCALL },
		{ "k_fileio", "flags file_io+file_io_init+filename",
		  EVENT_TRACE_FLAG_FILE_IO | EVENT_TRACE_FLAG_FILE_IO_INIT |
		  EVENT_TRACE_FLAG_DISK_FILE_IO },
		{ "k_net", "flag net", EVENT_TRACE_FLAG_NETWORK_TCPIP },
		{ "k_profile", "flag profile (1 ms)", EVENT_TRACE_FLAG_PROFILE },
		{ "k_all", "all of the above",
		  EVENT_TRACE_FLAG_PROCESS | EVENT_TRACE_FLAG_THREAD |
		  EVENT_TRACE_FLAG_IMAGE_LOAD | EVENT_TRACE_FLAG_PROCESS_COUNTERS |
		  EVENT_TRACE_FLAG_CSWITCH | EVENT_TRACE_FLAG_DISPATCHER |
		  EVENT_TRACE_FLAG_DISK_IO | EVENT_TRACE_FLAG_DISK_IO_INIT |
		  EVENT_TRACE_FLAG_SYSTEMCALL | EVENT_TRACE_FLAG_FILE_IO |
		  EVENT_TRACE_FLAG_FILE_IO_INIT | EVENT_TRACE_FLAG_DISK_FILE_IO |
		  EVENT_TRACE_FLAG_NETWORK_TCPIP | EVENT_TRACE_FLAG_PROFILE },
	};
	int scale = quick ? 1 : 2, i, c, n = (int)(sizeof(cases) / sizeof(cases[0]));
	double base[KRUNS], v[KRUNS], r[KRUNS];
	cpu_set_t set, old;
	ULONG lost;

	if (system("modprobe null_blk >/dev/null 2>&1")) {
		/* no disk I/O in the workload then */
	}
	/*
	 * Everything on CPU 0 (the children inherit it): the ping-pong is
	 * then switches on one CPU, not wakeups of an idle one, whose
	 * latency under emulation would swamp what tracing costs; and the
	 * wall time is CPU 0's work, probes and log writing included.
	 */
	sched_getaffinity(0, sizeof(old), &old);
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	sched_setaffinity(0, sizeof(set), &set);
	workload(scale);	/* warm up */
	for (c = 0; c < n; c++) {
		lost = 0;
		/*
		 * Pairs of an untraced and a traced run, one right after the
		 * other: the ratio is the median of the pairs' ratios, so
		 * that the host's load (other guests) hits both sides.
		 */
		for (i = 0; i < KRUNS; i++) {
			base[i] = workload(scale);
			if (start(cases[c].flags)) {
				fprintf(stderr, "etwbench: cannot start a system logger\n");
				goto out;
			}
			v[i] = workload(scale);
			lost += stop();
			r[i] = base[i] > 0 ? v[i] / base[i] : 0;
		}
		if (verbose && lost)
			fprintf(stderr, "etwbench: %s lost %lu events\n",
				cases[c].name, (unsigned long)lost);
		add(cases[c].name, cases[c].what, median(v, KRUNS) / 1e6, "ms",
		    median(base, KRUNS) / 1e6, "the same workload untraced",
		    median(r, KRUNS), "<=", c == n - 1 ? 4.0 : 2.0);
	}
out:
	sched_setaffinity(0, sizeof(old), &old);
}
