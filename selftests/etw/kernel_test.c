// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NT Kernel Logger (issue 11): system logger sessions write the
 * kernel's own events in Windows' classic kernel layouts.
 *
 * A workload forks, execs (itself, as /proc/self/exe), starts a thread,
 * loads a library, sleeps, reads and writes a null_blk disk and exits
 * with status 7 while a kernel session runs; the trace, read back with
 * OpenTrace/ProcessTrace and decoded with the published MOF layouts
 * (kmod/shared/etw_kevents.c), must hold exactly those processes,
 * threads, images and I/O with the right pids, tids, names and order,
 * and the rundown what ran before.  Then tracelog's way of working (start
 * with default flags, query, update the flags, stop), several system
 * loggers at once, the privilege rules, the System Providers of
 * EnableTraceEx2, stack walks, the sampled profile, system calls, file
 * I/O and TCP.
 */
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntcons.h>
#include <evntrace.h>

#include "ktrace.h"
#include "etw_util.h"
#include "../kselftest_harness.h"

#define NULLB	"/dev/nullb0"

static char dir[] = "/tmp/etw-kernel-XXXXXX";

static void path_of(char *out, size_t n, const char *file)
{
	snprintf(out, n, "%s/%s", dir, file);
}

/* ---- the workload --------------------------------------------------------------- */

static void *thread_main(void *arg)
{
	int fd = (int)(long)arg;
	unsigned int tid = syscall(SYS_gettid);

	if (write(fd, &tid, sizeof(tid)) != sizeof(tid))
		_exit(20);
	return NULL;
}

/*
 * After the exec: a thread, a library, a sleep, disk I/O, exit 7.  The
 * thread's id goes to the pipe @fd.
 */
static int child_main(int fd)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	pthread_t th;
	void *buf;
	int d;

	if (pthread_create(&th, NULL, thread_main, (void *)(long)fd) ||
	    pthread_join(th, NULL))
		return 21;
	if (!dlopen("libz.so.1", RTLD_NOW) &&
	    !dlopen("libm.so.6", RTLD_NOW))
		return 22;
	nanosleep(&ts, NULL);
	if (posix_memalign(&buf, 4096, 4096))
		return 23;
	memset(buf, 0x5a, 4096);
	d = open(NULLB, O_RDWR | O_DIRECT);
	if (d < 0)
		return 24;
	if (pread(d, buf, 4096, 8192) != 4096 ||
	    pwrite(d, buf, 4096, 12288) != 4096)
		return 25;
	close(d);
	return 7;
}

/* ---- the tests --------------------------------------------------------------------- */

FIXTURE(k) {
	char file[512];
};

FIXTURE_SETUP(k)
{
	static int once;

	if (!once) {
		ASSERT_NE(NULL, mkdtemp(dir));
		/*
		 * A blk-mq disk for the DiskIo events: a module in Debian's
		 * kernels, built in (nullb0 there from boot) in the debug one.
		 */
		ASSERT_EQ(0, system("test -b /dev/nullb0 || "
				    "modprobe null_blk nr_devices=1 >/dev/null 2>&1 || "
				    "modprobe null_blk"));
		once = 1;
	}
	path_of(self->file, sizeof(self->file), "k.etl");
	unlink(self->file);
	stop(KERNEL_LOGGER_NAMEA);
}

FIXTURE_TEARDOWN(k)
{
	char name[32];
	int i;

	stop(KERNEL_LOGGER_NAMEA);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "etw-ksys-%d", i);
		stop(name);
	}
	stop("etw-ksys-prov");
	stop("etw-ksys-ordinary");
}

static unsigned int encode_dev(dev_t d)
{
	unsigned int ma = major(d), mi = minor(d);

	return (mi & 0xff) | (ma << 8) | ((mi & ~0xffu) << 12);
}

/*
 * A path the kernel events name, against the path the test used.  On
 * PREEMPT_RT the module builds paths from the file's dentries, relative
 * to the file's own mount (Documentation/system-trace.rst), so there the
 * event's path may be a tail of @want: "/etw-k.1/f" for "/tmp/etw-k.1/f"
 * when /tmp is a mount of its own.
 */
static int same_path(const char *got, const char *want)
{
	size_t g = strlen(got), w = strlen(want);

	if (!strcmp(got, want))
		return 1;
	return access("/sys/kernel/realtime", F_OK) == 0 && got[0] == '/' &&
	       g < w && !strcmp(want + w - g, got);
}

/* Has @pid an Image/Load of this test's own program from @from on? */
static int loaded_self(struct trace *t, int from, long pid)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int j;

	if (n <= 0)
		return 0;
	exe[n] = 0;
	for (j = from; j < t->n; j++)
		if (t->ev[j].hook == ETW_KH_IMAGE_LOAD &&
		    fnum(&t->ev[j], "ProcessId") == pid &&
		    same_path(fstr(&t->ev[j], "FileName"), exe))
			return 1;
	fprintf(stderr, "# no Image/Load of %s in %ld\n", exe, pid);
	return 0;
}

TEST_F(k, workload_trace_holds_exactly_what_ran)
{
	struct trace t;
	struct stat st;
	CONTROLTRACE_ID h;
	unsigned int thread_tid = 0, me = getpid(), pid, disk;
	long i_fork, i_thr, i_end_exec, i_start_exec, i_img, i_rd, i_wr, i_end;
	long i_rdinit, i_wrinit;
	int p[2], status;
	char self_comm[64] = "", *nl;
	FILE *f;
	struct etw_kvalue sid;
	size_t i;
	int n;

	ASSERT_EQ(0, stat(NULLB, &st));
	disk = encode_dev(st.st_rdev);
	f = fopen("/proc/self/comm", "r");
	ASSERT_NE(NULL, f);
	ASSERT_NE(NULL, fgets(self_comm, sizeof(self_comm), f));
	fclose(f);
	nl = strchr(self_comm, '\n');
	if (nl)
		*nl = 0;

	ASSERT_EQ(ERROR_SUCCESS,
		  start_kernel(KERNEL_LOGGER_NAMEA, 0,
			       EVENT_TRACE_FLAG_PROCESS | EVENT_TRACE_FLAG_THREAD |
			       EVENT_TRACE_FLAG_IMAGE_LOAD |
			       EVENT_TRACE_FLAG_DISK_IO |
			       EVENT_TRACE_FLAG_DISK_IO_INIT |
			       EVENT_TRACE_FLAG_CSWITCH |
			       EVENT_TRACE_FLAG_DISPATCHER, self->file, &h));
	ASSERT_EQ(0, pipe(p));
	pid = fork();
	ASSERT_LE(0, (int)pid);
	if (pid == 0) {
		char fd[16];

		close(p[0]);
		snprintf(fd, sizeof(fd), "%d", p[1]);
		execl("/proc/self/exe", "kernel_test", "--kernel-child", fd,
		      (char *)NULL);
		_exit(30);
	}
	close(p[1]);
	ASSERT_EQ((int)sizeof(thread_tid), read(p[0], &thread_tid, sizeof(thread_tid)));
	close(p[0]);
	ASSERT_EQ((int)pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	ASSERT_EQ(7, WEXITSTATUS(status));
	ASSERT_EQ(ERROR_SUCCESS, stop(KERNEL_LOGGER_NAMEA));

	ASSERT_EQ(0, read_trace(self->file, &t));
	/* The header analysis tools read. */
	EXPECT_TRUE(t.is_kernel);
	EXPECT_EQ(sysconf(_SC_NPROCESSORS_CONF), t.hdr.NumberOfProcessors);
	EXPECT_EQ(8, t.hdr.PointerSize);
	EXPECT_NE(0, t.hdr.CpuSpeedInMHz);
	EXPECT_NE(0, t.hdr.TimerResolution);
	EXPECT_NE(0, t.hdr.BootTime.QuadPart);
	EXPECT_LT(t.hdr.BootTime.QuadPart, t.hdr.StartTime.QuadPart);
	EXPECT_EQ(0, t.hdr.EventsLost);

	/* Delivered in time order. */
	for (i = 1; i < t.n; i++)
		ASSERT_LE(t.ev[i - 1].ts, t.ev[i].ts);
	/* Every kernel event decodes with its published layout. */
	for (i = 0; i < t.n; i++) {
		const struct etw_kclass *c;

		if (t.ev[i].hook <= 0)	/* the EventTrace header */
			continue;
		c = etw_kclass_find(t.ev[i].hook, t.ev[i].version);
		if (!c)
			TH_LOG("hook 0x%04x v%u", t.ev[i].hook, t.ev[i].version);
		ASSERT_NE(NULL, c);
		n = etw_kdecode(c, t.ev[i].data, t.ev[i].len, field_cb,
				&(struct field_q){ "" });
		if (n < 0)
			TH_LOG("%s: %u bytes", c->name, t.ev[i].len);
		ASSERT_LE(0, n);
	}

	/* fork: the child starts running this program, our arguments */
	i_fork = find(&t, 0, ETW_KH_PROCESS_START, "ProcessId", pid);
	ASSERT_LE(0, i_fork);
	EXPECT_EQ(me, fnum(&t.ev[i_fork], "ParentId"));
	EXPECT_STREQ(self_comm, fstr(&t.ev[i_fork], "ImageFileName"));
	EXPECT_EQ(me, t.ev[i_fork].pid);	/* logged by the parent */
	EXPECT_LE(0, find(&t, i_fork, ETW_KH_THREAD_START, "TThreadId", pid));
	/* exec: that instance ends, one running /proc/self/exe starts */
	i_end_exec = find(&t, i_fork, ETW_KH_PROCESS_END, "ProcessId", pid);
	i_start_exec = find(&t, i_fork + 1, ETW_KH_PROCESS_START, "ProcessId", pid);
	ASSERT_LT(i_fork, i_end_exec);
	ASSERT_LT(i_end_exec, i_start_exec);
	EXPECT_STREQ("exe", fstr(&t.ev[i_start_exec], "ImageFileName"));
	EXPECT_NE(NULL, strstr(fstr(&t.ev[i_start_exec], "CommandLine"),
			       "--kernel-child"));
	EXPECT_EQ(me, fnum(&t.ev[i_start_exec], "ParentId"));
	/* the thread it started, in it */
	i_thr = find(&t, i_start_exec, ETW_KH_THREAD_START, "TThreadId",
		     thread_tid);
	ASSERT_LT(i_start_exec, i_thr);
	EXPECT_EQ(pid, fnum(&t.ev[i_thr], "ProcessId"));
	EXPECT_LE(0, find(&t, i_thr, ETW_KH_THREAD_END, "TThreadId", thread_tid));
	/*
	 * the program, the loader and the library it loaded: the exec's
	 * images after the Process/Start of the instance they belong to
	 * (none between the fork and it), the program itself among them
	 */
	for (i = i_fork; i < i_start_exec; i++) {
		EXPECT_FALSE(t.ev[i].hook == ETW_KH_IMAGE_LOAD &&
			     fnum(&t.ev[i], "ProcessId") == pid) {
			TH_LOG("Image/Load %s before its Process/Start",
			       fstr(&t.ev[i], "FileName"));
		}
	}
	i = find(&t, i_start_exec, ETW_KH_IMAGE_LOAD, "ProcessId", pid);
	ASSERT_LT(i_start_exec, i);
	EXPECT_TRUE(loaded_self(&t, i_start_exec, pid));
	i_img = -1;
	for (i = i_start_exec; i < t.n; i++) {
		const char *fn;

		if (t.ev[i].hook != ETW_KH_IMAGE_LOAD ||
		    fnum(&t.ev[i], "ProcessId") != pid)
			continue;
		fn = fstr(&t.ev[i], "FileName");
		EXPECT_EQ('/', fn[0]) {
			TH_LOG("%s", fn);
		}
		EXPECT_NE(0, fnum(&t.ev[i], "ImageBase"));
		EXPECT_NE(0, fnum(&t.ev[i], "ImageSize"));
		if (strstr(fn, "libz.so") || strstr(fn, "libm.so"))
			i_img = i;
	}
	ASSERT_LT(i_thr, i_img);
	/* the disk I/O, issued by the child, in order */
	i_rdinit = find(&t, i_img, ETW_KH_DISK_READ_INIT, "IssuingThreadId", pid);
	i_rd = find(&t, i_img, ETW_KH_DISK_READ, "IssuingThreadId", pid);
	i_wrinit = find(&t, i_rd, ETW_KH_DISK_WRITE_INIT, "IssuingThreadId", pid);
	i_wr = find(&t, i_rd, ETW_KH_DISK_WRITE, "IssuingThreadId", pid);
	ASSERT_LT(i_img, i_rdinit);
	ASSERT_LT(i_rdinit, i_rd);
	ASSERT_LT(i_rd, i_wrinit);
	ASSERT_LT(i_wrinit, i_wr);
	EXPECT_EQ(fnum(&t.ev[i_rdinit], "Irp"), fnum(&t.ev[i_rd], "Irp"));
	EXPECT_EQ(fnum(&t.ev[i_wrinit], "Irp"), fnum(&t.ev[i_wr], "Irp"));
	EXPECT_EQ(8192, fnum(&t.ev[i_rd], "ByteOffset"));
	EXPECT_EQ(4096, fnum(&t.ev[i_rd], "TransferSize"));
	EXPECT_EQ(12288, fnum(&t.ev[i_wr], "ByteOffset"));
	EXPECT_EQ(4096, fnum(&t.ev[i_wr], "TransferSize"));
	EXPECT_EQ(disk, fnum(&t.ev[i_rd], "DiskNumber"));
	EXPECT_EQ(pid, t.ev[i_rd].pid);
	EXPECT_EQ(1, count(&t, ETW_KH_DISK_READ, "IssuingThreadId", pid));
	EXPECT_EQ(1, count(&t, ETW_KH_DISK_WRITE, "IssuingThreadId", pid));
	/* the 50 ms sleep: switched out waiting, readied, switched in */
	EXPECT_LE(0, find(&t, i_img, ETW_KH_CSWITCH, "OldThreadId", pid));
	EXPECT_LE(0, find(&t, i_img, ETW_KH_READY_THREAD, "TThreadId", pid));
	EXPECT_LE(0, find(&t, i_img, ETW_KH_CSWITCH, "NewThreadId", pid));
	/* the end, with its exit status, after everything else it did */
	i_end = find(&t, i_wr, ETW_KH_PROCESS_END, "ProcessId", pid);
	ASSERT_LT(i_wr, i_end);
	EXPECT_EQ(7, fnum(&t.ev[i_end], "ExitStatus"));
	EXPECT_EQ(2, count(&t, ETW_KH_PROCESS_START, "ProcessId", pid));
	EXPECT_EQ(2, count(&t, ETW_KH_PROCESS_END, "ProcessId", pid));
	for (i = i_end + 1; i < t.n; i++)
		if (t.ev[i].hook == ETW_KH_PROCESS_START ||
		    t.ev[i].hook == ETW_KH_THREAD_START ||
		    t.ev[i].hook == ETW_KH_IMAGE_LOAD)
			EXPECT_NE(pid, fnum(&t.ev[i], "ProcessId"));

	/* The rundown: this test, its thread and its program, at both ends. */
	i = find(&t, 0, ETW_KH_PROCESS_DCSTART, "ProcessId", me);
	ASSERT_LE(0, (long)i);
	EXPECT_STREQ(self_comm, fstr(&t.ev[i], "ImageFileName"));
	EXPECT_NE(NULL, strstr(fstr(&t.ev[i], "CommandLine"), "kernel_test"));
	/* UserSID: TOKEN_USER, then S-1-22-1-<euid> */
	ASSERT_EQ(0, field(&t.ev[i], "UserSID", &sid));
	ASSERT_EQ(ETW_KSID_TOKEN_SIZE + ETW_KSID_SIZE, sid.len);
	EXPECT_EQ(22, sid.data[ETW_KSID_TOKEN_SIZE + 7]);
	EXPECT_EQ(geteuid(), *(const uint32_t *)(sid.data + ETW_KSID_TOKEN_SIZE + 12));
	EXPECT_LT((long)i, i_fork);
	EXPECT_LE(0, find(&t, 0, ETW_KH_THREAD_DCSTART, "TThreadId", me));
	EXPECT_LE(0, find(&t, i_end, ETW_KH_PROCESS_DCEND, "ProcessId", me));
	EXPECT_LE(0, find(&t, i_end, ETW_KH_THREAD_DCEND, "TThreadId", me));
	EXPECT_LE(0, find(&t, 0, ETW_KH_IMAGE_DCSTART, "ProcessId", me));
	EXPECT_LE(0, find(&t, i_end, ETW_KH_IMAGE_DCEND, "ProcessId", me));
	/* pid 1 ran all along */
	EXPECT_LE(0, find(&t, 0, ETW_KH_PROCESS_DCSTART, "ProcessId", 1));
	/* No DCStart of the child: it did not exist yet. */
	EXPECT_EQ(0, count(&t, ETW_KH_PROCESS_DCSTART, "ProcessId", pid));
	/* The system configuration: processors, the disk. */
	i = find(&t, 0, ETW_KH_CONFIG_CPU, NULL, 0);
	ASSERT_LE(0, (long)i);
	EXPECT_EQ(sysconf(_SC_NPROCESSORS_ONLN), fnum(&t.ev[i], "NumberOfProcessors"));
	EXPECT_EQ(sysconf(_SC_PAGESIZE), fnum(&t.ev[i], "PageSize"));
	EXPECT_NE(0, fnum(&t.ev[i], "MHz"));
	EXPECT_LE(0, find(&t, 0, ETW_KH_CONFIG_PHYDISK, "DiskNumber", disk));
	/* The group masks open and close the trace. */
	EXPECT_LE(0, find(&t, 0, ETW_KH_HEADER_EXTENSION, NULL, 0));
	EXPECT_LE(0, find(&t, 0, ETW_KH_HEADER_END_EXT, NULL, 0));
	free_trace(&t);
}

/* tracelog.c: start with the default flags, query, update, stop. */
TEST_F(k, tracelog_start_query_update_stop)
{
	const ULONG dflt = EVENT_TRACE_FLAG_PROCESS | EVENT_TRACE_FLAG_THREAD |
			   EVENT_TRACE_FLAG_DISK_IO |
			   EVENT_TRACE_FLAG_NETWORK_TCPIP;
	ULONG masks[8] = { 0 }, n = 0;
	struct props q;
	struct trace t;
	CONTROLTRACE_ID h;
	pid_t a, b;
	int status;

	/* SystemTraceControlGuid, as tracelog sets it */
	props_init(&q);
	q.p.Wnode.Guid = SystemTraceControlGuid;
	q.p.LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	q.p.EnableFlags = dflt;
	snprintf(q.file, sizeof(q.file), "%s", self->file);
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&h, KERNEL_LOGGER_NAMEA, &q.p));

	props_init(&q);
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(0, KERNEL_LOGGER_NAMEA, &q.p));
	EXPECT_EQ(dflt, q.p.EnableFlags);
	EXPECT_EQ(0, memcmp(&SystemTraceControlGuid, &q.p.Wnode.Guid, 16));
	EXPECT_STREQ(KERNEL_LOGGER_NAMEA, q.name);

	a = fork();
	if (a == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(1);
	}
	ASSERT_EQ(a, waitpid(a, &status, 0));

	/* UpdateTrace: the new flags replace the old ones (add images) */
	props_init(&q);
	q.p.EnableFlags = dflt | EVENT_TRACE_FLAG_IMAGE_LOAD;
	q.p.LogFileNameOffset = 0;
	ASSERT_EQ(ERROR_SUCCESS, UpdateTraceA(0, KERNEL_LOGGER_NAMEA, &q.p));
	props_init(&q);
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(h, NULL, &q.p));
	EXPECT_EQ(dflt | EVENT_TRACE_FLAG_IMAGE_LOAD, q.p.EnableFlags);
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceQueryInformation(h, TraceSystemTraceEnableFlagsInfo,
					masks, sizeof(masks), &n));
	EXPECT_EQ(sizeof(masks), n);
	EXPECT_EQ(dflt | EVENT_TRACE_FLAG_IMAGE_LOAD, masks[0]);

	b = fork();
	if (b == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(1);
	}
	ASSERT_EQ(b, waitpid(b, &status, 0));
	props_init(&q);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(h, NULL, &q.p));
	EXPECT_EQ(dflt | EVENT_TRACE_FLAG_IMAGE_LOAD, q.p.EnableFlags);
	/* The handle is gone with the session. */
	props_init(&q);
	EXPECT_EQ(ERROR_WMI_INSTANCE_NOT_FOUND, QueryTraceA(h, NULL, &q.p));

	ASSERT_EQ(0, read_trace(self->file, &t));
	EXPECT_LE(1, count(&t, ETW_KH_PROCESS_START, "ProcessId", a));
	EXPECT_LE(1, count(&t, ETW_KH_PROCESS_START, "ProcessId", b));
	/* images only after the update */
	EXPECT_EQ(0, count(&t, ETW_KH_IMAGE_LOAD, "ProcessId", a));
	EXPECT_LE(1, count(&t, ETW_KH_IMAGE_LOAD, "ProcessId", b));
	/* no context switches: not asked for */
	EXPECT_EQ(0, count(&t, ETW_KH_CSWITCH, NULL, 0));
	free_trace(&t);
}

/* SYSTEM_LOGGER_MODE: several system loggers, each gets the events. */
TEST_F(k, system_logger_mode_sessions)
{
	char names[9][32], files[9][512];
	CONTROLTRACE_ID h;
	struct trace t;
	ULONG st;
	pid_t a;
	int i, status;

	for (i = 0; i < 8; i++) {
		snprintf(names[i], sizeof(names[i]), "etw-ksys-%d", i);
		snprintf(files[i], sizeof(files[i]), "%s/s%d.etl", dir, i);
		unlink(files[i]);
		stop(names[i]);
		st = start_kernel(names[i], EVENT_TRACE_SYSTEM_LOGGER_MODE,
				  i < 2 ? EVENT_TRACE_FLAG_PROCESS : 0,
				  files[i], &h);
		ASSERT_EQ(ERROR_SUCCESS, st) {
			TH_LOG("session %d", i);
		}
	}
	/* At most 8 system loggers: the NT Kernel Logger is a ninth. */
	EXPECT_EQ(ERROR_NO_SYSTEM_RESOURCES,
		  start_kernel(KERNEL_LOGGER_NAMEA, 0, EVENT_TRACE_FLAG_PROCESS,
			       self->file, &h));
	a = fork();
	if (a == 0)
		_exit(0);
	ASSERT_EQ(a, waitpid(a, &status, 0));
	for (i = 0; i < 8; i++)
		ASSERT_EQ(ERROR_SUCCESS, stop(names[i]));
	for (i = 0; i < 2; i++) {
		ASSERT_EQ(0, read_trace(files[i], &t));
		EXPECT_TRUE(t.is_kernel);
		EXPECT_EQ(1, count(&t, ETW_KH_PROCESS_START, "ProcessId", a));
		EXPECT_EQ(1, count(&t, ETW_KH_PROCESS_END, "ProcessId", a));
		free_trace(&t);
	}
	/* flags 0: nothing but the trace's own events */
	ASSERT_EQ(0, read_trace(files[2], &t));
	EXPECT_EQ(0, count(&t, ETW_KH_PROCESS_START, NULL, 0));
	free_trace(&t);
	/* a slot is free again */
	ASSERT_EQ(ERROR_SUCCESS, start_kernel(KERNEL_LOGGER_NAMEA, 0, 0,
					      self->file, &h));
}

static int start_as_nobody(void *arg)
{
	CONTROLTRACE_ID h;
	TRACE_PROFILE_INTERVAL pi = { 0, 20000 };
	char file[600];

	snprintf(file, sizeof(file), "%s/nobody.etl", (const char *)arg);
	if (start_kernel(KERNEL_LOGGER_NAMEA, 0, EVENT_TRACE_FLAG_PROCESS,
			 file, &h) != ERROR_ACCESS_DENIED)
		return 1;
	if (TraceSetInformation(0, TraceSampledProfileIntervalInfo, &pi,
				sizeof(pi)) != ERROR_ACCESS_DENIED)
		return 2;
	return 0;
}

/* reference 2.5: who may, and names and GUIDs */
TEST_F(k, privilege_and_names)
{
	struct props b;
	CONTROLTRACE_ID h;

	/* Machine-wide tracing needs CAP_PERFMON/CAP_SYS_ADMIN (or the group). */
	EXPECT_EQ(0, etw_as_nobody(start_as_nobody, dir));
	/* SystemTraceControlGuid names the NT Kernel Logger only. */
	props_init(&b);
	b.p.Wnode.Guid = SystemTraceControlGuid;
	b.p.LogFileMode = EVENT_TRACE_REAL_TIME_MODE;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h, "not the kernel logger", &b.p));
	/* System loggers are never private. */
	props_init(&b);
	b.p.LogFileMode = EVENT_TRACE_SYSTEM_LOGGER_MODE |
			  EVENT_TRACE_PRIVATE_LOGGER_MODE;
	b.p.LogFileNameOffset = 0;
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h, "etw-ksys-private", &b.p));
	/* Nor by name (issue 19: the fuzzer started a private one). */
	props_init(&b);
	b.p.LogFileMode = EVENT_TRACE_PRIVATE_LOGGER_MODE |
			  EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	snprintf(b.file, sizeof(b.file), "%s", self->file);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, StartTraceA(&h, KERNEL_LOGGER_NAMEA, &b.p));
	stop(KERNEL_LOGGER_NAMEA);
	/* One NT Kernel Logger at a time (names are case-insensitive). */
	ASSERT_EQ(ERROR_SUCCESS, start_kernel(KERNEL_LOGGER_NAMEA, 0, 0,
					      self->file, &h));
	EXPECT_EQ(ERROR_ALREADY_EXISTS,
		  start_kernel("nt kernel logger", 0, 0, "/tmp/other.etl", &h));
}

/* Windows 11: EnableTraceEx2 with the System Provider GUIDs. */
TEST_F(k, system_providers_set_flags_by_keyword)
{
	ULONG masks[8], n;
	CONTROLTRACE_ID h, other;
	struct props b;

	ASSERT_EQ(ERROR_SUCCESS, start_kernel("etw-ksys-prov",
					      EVENT_TRACE_SYSTEM_LOGGER_MODE, 0,
					      self->file, &h));
	ASSERT_EQ(ERROR_SUCCESS,
		  EnableTraceEx2(h, &SystemProcessProviderGuid,
				 EVENT_CONTROL_CODE_ENABLE_PROVIDER, 0,
				 SYSTEM_PROCESS_KW_GENERAL | SYSTEM_PROCESS_KW_LOADER,
				 0, 0, NULL));
	ASSERT_EQ(ERROR_SUCCESS,
		  EnableTraceEx2(h, &SystemSchedulerProviderGuid,
				 EVENT_CONTROL_CODE_ENABLE_PROVIDER, 0,
				 SYSTEM_SCHEDULER_KW_CONTEXT_SWITCH, 0, 0, NULL));
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceQueryInformation(h, TraceSystemTraceEnableFlagsInfo,
					masks, sizeof(masks), &n));
	EXPECT_EQ(EVENT_TRACE_FLAG_PROCESS | EVENT_TRACE_FLAG_IMAGE_LOAD |
		  EVENT_TRACE_FLAG_CSWITCH, masks[0]);
	/* a second ENABLE replaces the provider's keywords */
	ASSERT_EQ(ERROR_SUCCESS,
		  EnableTraceEx2(h, &SystemProcessProviderGuid,
				 EVENT_CONTROL_CODE_ENABLE_PROVIDER, 0,
				 SYSTEM_PROCESS_KW_THREAD, 0, 0, NULL));
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceQueryInformation(h, TraceSystemTraceEnableFlagsInfo,
					masks, sizeof(masks), &n));
	EXPECT_EQ(EVENT_TRACE_FLAG_THREAD | EVENT_TRACE_FLAG_CSWITCH, masks[0]);
	ASSERT_EQ(ERROR_SUCCESS,
		  EnableTraceEx2(h, &SystemSchedulerProviderGuid,
				 EVENT_CONTROL_CODE_DISABLE_PROVIDER, 0, 0, 0, 0,
				 NULL));
	ASSERT_EQ(ERROR_SUCCESS,
		  TraceQueryInformation(h, TraceSystemTraceEnableFlagsInfo,
					masks, sizeof(masks), &n));
	EXPECT_EQ(EVENT_TRACE_FLAG_THREAD, masks[0]);
	/* too small an answer buffer */
	EXPECT_EQ(ERROR_BAD_LENGTH,
		  TraceQueryInformation(h, TraceSystemTraceEnableFlagsInfo,
					masks, 4, &n));
	/* only system loggers take System Providers */
	props_init(&b);
	b.p.LogFileMode = EVENT_TRACE_REAL_TIME_MODE;
	b.p.LogFileNameOffset = 0;
	stop("etw-ksys-ordinary");
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&other, "etw-ksys-ordinary", &b.p));
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  EnableTraceEx2(other, &SystemProcessProviderGuid,
				 EVENT_CONTROL_CODE_ENABLE_PROVIDER, 0, 0, 0, 0,
				 NULL));
	EXPECT_EQ(ERROR_WMI_INSTANCE_NOT_FOUND,
		  TraceQueryInformation(other, TraceSystemTraceEnableFlagsInfo,
					masks, sizeof(masks), &n));
	EXPECT_EQ(ERROR_SUCCESS, stop("etw-ksys-ordinary"));
	EXPECT_EQ(ERROR_SUCCESS, stop("etw-ksys-prov"));
}

static void spin_ms(int ms)
{
	struct timespec a, b;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
	do
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
	while ((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000 < ms);
}

/* Stack walks, the profile and its interval, system calls, file I/O. */
TEST_F(k, stacks_profile_syscalls_and_files)
{
	CLASSIC_EVENT_ID ids[2];
	TRACE_PROFILE_INTERVAL pi = { 0, 1000 };
	char path[600], buf[100];
	CONTROLTRACE_ID h;
	struct trace t;
	unsigned int me = getpid();
	long i, j;
	pid_t a;
	int fd, status, samples = 0, sys = 0;

	/* the interval is machine-wide and clamped to 1221..1000000 */
	ASSERT_EQ(ERROR_SUCCESS, TraceSetInformation(0, TraceSampledProfileIntervalInfo,
						     &pi, sizeof(pi)));
	pi.Interval = 0;
	ASSERT_EQ(ERROR_SUCCESS, TraceQueryInformation(0, TraceSampledProfileIntervalInfo,
						       &pi, sizeof(pi), NULL));
	EXPECT_EQ(1221, pi.Interval);
	pi.Interval = 5000;
	ASSERT_EQ(ERROR_SUCCESS, TraceSetInformation(0, TraceSampledProfileIntervalInfo,
						     &pi, sizeof(pi)));
	EXPECT_EQ(ERROR_BAD_LENGTH, TraceSetInformation(0, TraceSampledProfileIntervalInfo,
							&pi, 4));

	ASSERT_EQ(ERROR_SUCCESS,
		  start_kernel(KERNEL_LOGGER_NAMEA, 0,
			       EVENT_TRACE_FLAG_PROCESS | EVENT_TRACE_FLAG_PROFILE |
			       EVENT_TRACE_FLAG_SYSTEMCALL |
			       EVENT_TRACE_FLAG_FILE_IO | EVENT_TRACE_FLAG_FILE_IO_INIT |
			       EVENT_TRACE_FLAG_DISK_FILE_IO, self->file, &h));
	memset(ids, 0, sizeof(ids));
	ids[0].EventGuid = ProcessGuid;
	ids[0].Type = 1;			/* Process/Start */
	ids[1].EventGuid = FileIoGuid;
	ids[1].Type = 64;			/* FileIo/Create */
	ASSERT_EQ(ERROR_SUCCESS, TraceSetInformation(h, TraceStackTracingInfo,
						     ids, sizeof(ids)));
	EXPECT_EQ(ERROR_BAD_LENGTH, TraceSetInformation(h, TraceStackTracingInfo,
							ids, 10));
	path_of(path, sizeof(path), "file.txt");
	a = fork();
	if (a == 0) {
		memset(buf, 'x', sizeof(buf));
		fd = open(path, O_CREAT | O_TRUNC | O_RDWR, 0600);
		if (fd < 0 || write(fd, buf, sizeof(buf)) != sizeof(buf) ||
		    pread(fd, buf, sizeof(buf), 0) != sizeof(buf))
			_exit(1);
		close(fd);
		syscall(SYS_getppid);
		spin_ms(300);
		_exit(0);
	}
	ASSERT_EQ(a, waitpid(a, &status, 0));
	ASSERT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ(ERROR_SUCCESS, stop(KERNEL_LOGGER_NAMEA));

	ASSERT_EQ(0, read_trace(self->file, &t));
	/* Process/Start, then its StackWalk: the forking thread's stack */
	i = find(&t, 0, ETW_KH_PROCESS_START, "ProcessId", a);
	ASSERT_LE(0, i);
	ASSERT_LT(i + 1, (long)t.n);
	ASSERT_EQ(ETW_KH_STACKWALK, t.ev[i + 1].hook);
	EXPECT_EQ(me, fnum(&t.ev[i + 1], "StackProcess"));
	EXPECT_EQ(me, fnum(&t.ev[i + 1], "StackThread"));
	/* written together: the same time, and the raw time in the walk */
	EXPECT_EQ(t.ev[i].ts, t.ev[i + 1].ts);
	EXPECT_NE(0, fnum(&t.ev[i + 1], "EventTimeStamp"));
	EXPECT_LE(ETW_KP_STACK_FIXED + 8, t.ev[i + 1].len);
	/* FileIo/Create of the file, with its stack; then read and write */
	i = -1;
	for (j = 0; j < (long)t.n; j++)
		if (t.ev[j].hook == ETW_KH_FILE_CREATE &&
		    same_path(fstr(&t.ev[j], "OpenPath"), path))
			i = j;
	ASSERT_LE(0, i);
	EXPECT_EQ(a, fnum(&t.ev[i], "TTID"));
	EXPECT_EQ(a, t.ev[i].pid);
	EXPECT_EQ(ETW_KH_STACKWALK, t.ev[i + 1].hook);
	j = find(&t, i, ETW_KH_FILE_WRITE, "IoSize", sizeof(buf));
	ASSERT_LE(0, j);
	EXPECT_EQ(fnum(&t.ev[i], "FileObject"), fnum(&t.ev[j], "FileObject"));
	j = find(&t, j, ETW_KH_FILE_READ, "IoSize", sizeof(buf));
	ASSERT_LE(0, j);
	EXPECT_EQ(0, fnum(&t.ev[j], "Offset"));
	/* the read's end: 100 bytes, status 0 */
	j = find(&t, j, ETW_KH_FILE_OPEND, "IrpPtr", fnum(&t.ev[j], "IrpPtr"));
	ASSERT_LE(0, j);
	EXPECT_EQ(sizeof(buf), fnum(&t.ev[j], "ExtraInfo"));
	EXPECT_EQ(0, fnum(&t.ev[j], "NtStatus"));
	/* the file's name (DISK_FILE_IO) */
	EXPECT_LE(0, find(&t, 0, ETW_KH_FILE_CREATE_NAME, NULL, 0));
	/* system calls: getppid by the child */
	for (j = 0; j < (long)t.n; j++)
		if (t.ev[j].hook == ETW_KH_SYSCALL_ENTER && t.ev[j].tid == (unsigned int)a &&
		    fnum(&t.ev[j], "SysCallAddress") == SYS_getppid)
			sys++;
	EXPECT_EQ(1, sys);
	EXPECT_LE(0, find(&t, 0, ETW_KH_SYSCALL_EXIT, NULL, 0));
	/* samples of the spinning child, and the interval in force */
	for (j = 0; j < (long)t.n; j++)
		if (t.ev[j].hook == ETW_KH_SAMPLED_PROFILE &&
		    fnum(&t.ev[j], "ThreadId") == (unsigned int)a)
			samples++;
	EXPECT_LE(5, samples);
	i = find(&t, 0, ETW_KH_PROFILE_START, NULL, 0);
	ASSERT_LE(0, i);
	EXPECT_EQ(5000, fnum(&t.ev[i], "NewInterval"));
	EXPECT_LE(0, find(&t, 0, ETW_KH_PROFILE_END, NULL, 0));
	free_trace(&t);
	pi.Interval = 10000;
	TraceSetInformation(0, TraceSampledProfileIntervalInfo, &pi, sizeof(pi));
}

/* TCP over loopback: connect, accept, send, receive, disconnect. */
TEST_F(k, tcp_connection)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	struct ifreq ifr;
	socklen_t sl = sizeof(sa);
	char buf[1000] = { 0 };
	CONTROLTRACE_ID h;
	struct trace t;
	int ls, c, s, ctl;
	unsigned int me = getpid(), port;
	long i;

	/* the VM's lo may be down */
	ctl = socket(AF_INET, SOCK_DGRAM, 0);
	ASSERT_LE(0, ctl);
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	ASSERT_EQ(0, ioctl(ctl, SIOCGIFFLAGS, &ifr));
	ifr.ifr_flags |= IFF_UP;
	ASSERT_EQ(0, ioctl(ctl, SIOCSIFFLAGS, &ifr));
	close(ctl);

	ASSERT_EQ(ERROR_SUCCESS, start_kernel(KERNEL_LOGGER_NAMEA, 0,
					      EVENT_TRACE_FLAG_NETWORK_TCPIP,
					      self->file, &h));
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_EQ(0, bind(ls, (struct sockaddr *)&sa, sizeof(sa)));
	ASSERT_EQ(0, listen(ls, 1));
	ASSERT_EQ(0, getsockname(ls, (struct sockaddr *)&sa, &sl));
	port = ntohs(sa.sin_port);
	c = socket(AF_INET, SOCK_STREAM, 0);
	ASSERT_EQ(0, connect(c, (struct sockaddr *)&sa, sizeof(sa)));
	s = accept(ls, NULL, NULL);
	ASSERT_LE(0, s);
	ASSERT_EQ((int)sizeof(buf), write(c, buf, sizeof(buf)));
	ASSERT_EQ((int)sizeof(buf), recv(s, buf, sizeof(buf), MSG_WAITALL));
	close(c);
	close(s);
	close(ls);
	ASSERT_EQ(ERROR_SUCCESS, stop(KERNEL_LOGGER_NAMEA));

	ASSERT_EQ(0, read_trace(self->file, &t));
	/* ports in network byte order, as Windows writes them */
	i = find(&t, 0, ETW_KH_TCP_CONNECT, "dport", htons(port));
	ASSERT_LE(0, i);
	EXPECT_EQ(me, fnum(&t.ev[i], "PID"));
	EXPECT_EQ(0x7f000001, ntohl((uint32_t)fnum(&t.ev[i], "daddr")));
	EXPECT_LE(0, find(&t, 0, ETW_KH_TCP_ACCEPT, "sport", htons(port)));
	i = find(&t, 0, ETW_KH_TCP_SEND, "dport", htons(port));
	ASSERT_LE(0, i);
	EXPECT_EQ(sizeof(buf), fnum(&t.ev[i], "size"));
	EXPECT_EQ(me, fnum(&t.ev[i], "PID"));
	i = find(&t, 0, ETW_KH_TCP_RECV, "sport", htons(port));
	ASSERT_LE(0, i);
	EXPECT_EQ(sizeof(buf), fnum(&t.ev[i], "size"));
	EXPECT_LE(0, find(&t, 0, ETW_KH_TCP_DISCONNECT, "dport", htons(port)));
	free_trace(&t);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--kernel-child"))
		return child_main(atoi(argv[2]));
	return test_harness_run(argc, argv);
}
