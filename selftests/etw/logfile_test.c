// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-file sessions (reference 2.3; etl-format sections 1, 4): sequential,
 * circular, append and newfile files, real time together with a file,
 * buffering mode read back with FLUSH, switching files with UPDATE, a
 * file session outliving its controller, STOP flushing everything, and
 * files owned by the controller.  Files are read back with libetw's
 * internal .etl reader (the same bytes Windows tools read).  At the end,
 * through the raw ioctls (fixture lfio), the regressions of the hardening
 * review's log-file defects, numbered as there: 1 a failed switch freed
 * the path twice and left the session without a file; 2 QUERY copied the
 * file name out after dropping the lock an UPDATE could free it under;
 * 4 the file was opened under the global lock (a FIFO hung every user of
 * /dev/etw); 10 a STOP whose caller was killed lost the last buffers and
 * the header.  On the debug kernel (KASAN, lockdep) the races also show
 * in the kernel log, which etw-vm checks.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <time.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

#include "etl_file.h"
#include "etw_util.h"
#include "shared/etw_utf.h"
#include "../kselftest_harness.h"
#include "fastpath_check.h"
#include "shared/etw_etl.h"

#define MAXEV 20000

/* What a file holds. */
struct found {
	int events;
	int bad;			/* records we did not write */
	unsigned int seq[MAXEV];	/* payload: a sequence number */
	unsigned long long ts[MAXEV];
	struct etl_logfile_info lf;
	unsigned int buffers;
	unsigned int flush_marked;	/* FLUSH_MARKER buffers after buffer 0 */
	int last_flush_marked;		/* the last buffer has FLUSH_MARKER */
	int header_first;
	int error;
	char name[256];
	char file[4096];
};

static int read_etl(const char *path, struct found *f)
{
	struct etl_file_buffer b;
	struct etl_file *ef;
	struct etl_record r;
	int rc, first = 1;

	memset(f, 0, sizeof(*f));
	if (etl_file_open(path, &ef, NULL) < 0)
		return -1;
	f->lf = *etl_file_logfile(ef);
	etw_utf16_to_utf8(f->lf.logger_name, f->lf.logger_name_len, f->name,
			    sizeof(f->name));
	etw_utf16_to_utf8(f->lf.log_file_name, f->lf.log_file_name_len,
			    f->file, sizeof(f->file));
	while ((rc = etl_file_next_buffer(ef, &b)) > 0) {
		f->buffers++;
		f->last_flush_marked = !!(b.info.buffer_flag &
					  ETL_BUFFER_FLAG_FLUSH_MARKER);
		if (f->buffers > 1)
			f->flush_marked += f->last_flush_marked;
		while ((rc = etl_file_next_record(ef, &b, &r)) > 0) {
			if (first) {
				/* etl-format 4: the header record comes first */
				f->header_first = r.family == ETL_FAM_SYSTEM &&
						  r.system.group == 0 &&
						  r.system.type == 0;
				first = 0;
				continue;
			}
			if (r.family != ETL_FAM_EVENT || r.payload_len < 4) {
				f->bad++;
				continue;
			}
			if (f->events < MAXEV) {
				memcpy(&f->seq[f->events], r.payload, 4);
				f->ts[f->events] = r.timestamp;
			}
			f->events++;
		}
		if (rc < 0)
			break;
	}
	f->error = rc < 0 ? rc : 0;
	etl_file_close(ef);
	return 0;
}

static int has_seq(const struct found *f, unsigned int s)
{
	int i;

	for (i = 0; i < f->events && i < MAXEV; i++)
		if (f->seq[i] == s)
			return 1;
	return 0;
}

static unsigned int min_seq(const struct found *f)
{
	unsigned int m = UINT_MAX;
	int i;

	for (i = 0; i < f->events && i < MAXEV; i++)
		if (f->seq[i] < m)
			m = f->seq[i];
	return m;
}

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[256];
	char file[1024];
};

static void props_init(struct props *b, ULONG mode, const char *file)
{
	memset(b, 0, sizeof(*b));
	b->p.Wnode.BufferSize = sizeof(*b);
	b->p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b->p.LogFileMode = mode;
	b->p.LoggerNameOffset = offsetof(struct props, name);
	if (file) {
		b->p.LogFileNameOffset = offsetof(struct props, file);
		snprintf(b->file, sizeof(b->file), "%s", file);
	}
}

FIXTURE(lf) {
	char dir[128];
	char name[64];
	char path[256];
	GUID guid;
	REGHANDLE h;
	CONTROLTRACE_ID s;
	struct found f;
};

static unsigned int uniq;

FIXTURE_SETUP(lf)
{
	if (access("/dev/etw", R_OK | W_OK))
		SKIP(return, "/dev/etw: %s", strerror(errno));
	snprintf(self->dir, sizeof(self->dir), "/tmp/etwlf-%d-%u", getpid(),
		 ++uniq);
	mkdir(self->dir, 0777);
	snprintf(self->name, sizeof(self->name), "lf-%d-%u", getpid(), uniq);
	snprintf(self->path, sizeof(self->path), "%s/trace.etl", self->dir);
	memset(&self->guid, 0, sizeof(GUID));
	self->guid.Data1 = 0x10F11E00 | uniq;
	self->guid.Data2 = getpid() & 0xFFFF;
	ASSERT_EQ(ERROR_SUCCESS, EventRegister(&self->guid, NULL, NULL,
					       &self->h));
	self->s = 0;
}

FIXTURE_TEARDOWN(lf)
{
	struct props b;
	char cmd[200];

	if (self->s) {
		props_init(&b, 0, NULL);
		StopTraceA(self->s, NULL, &b.p);
	}
	EventUnregister(self->h);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->dir);
	if (system(cmd))
		fprintf(stderr, "cleanup failed\n");
}

static ULONG start_file(FIXTURE_DATA(lf) *self, ULONG mode, const char *file,
			ULONG kb, ULONG maxsize, ULONG clock)
{
	struct props b;
	ULONG r;

	props_init(&b, mode, file);
	b.p.BufferSize = kb;
	/* Room for a burst: these tests are about files, not losses. */
	b.p.MaximumBuffers = 256;
	b.p.MaximumFileSize = maxsize;
	b.p.Wnode.ClientContext = clock;
	r = StartTraceA(&self->s, self->name, &b.p);
	if (r == ERROR_SUCCESS)
		r = EnableTraceEx2(self->s, &self->guid, 1, 5, 0, 0, 0, NULL);
	return r;
}

static void write_events(REGHANDLE h, unsigned int from, unsigned int n,
			 unsigned int size)
{
	EVENT_DATA_DESCRIPTOR d[2];
	EVENT_DESCRIPTOR ev;
	static char pad[4096];
	unsigned int i;

	EventDescCreate(&ev, 1, 0, 0, 4, 0, 0, 0);
	for (i = from; i < from + n; i++) {
		EventDataDescCreate(&d[0], &i, 4);
		EventDataDescCreate(&d[1], pad, size > 4 ? size - 4 : 0);
		EventWrite(h, &ev, 2, d);
	}
}

/*
 * Keep the caller on the CPU it is on (its old mask in @all): a writer that
 * migrates leaves a part-full buffer on the CPU it left, sealed only at the
 * stop or flush and then holding older events (ETW's per-processor buffers
 * do the same), so "the newest events, contiguous" holds per CPU only.
 */
static int pin_here(cpu_set_t *all)
{
	cpu_set_t one;

	if (sched_getaffinity(0, sizeof(*all), all))
		return -1;
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	return sched_setaffinity(0, sizeof(one), &one);
}

static ULONG stop_session(FIXTURE_DATA(lf) *self, struct props *out)
{
	ULONG r;

	props_init(out, 0, NULL);
	r = StopTraceA(self->s, NULL, &out->p);
	self->s = 0;
	return r;
}

/* reference 2.3 (sequential) and etl-format 4: STOP writes everything
 * and rewrites buffer 0 with the final counts. */
TEST_F(lf, sequential_stop_flushes_everything)
{
	struct stat st;
	struct props out;
	int i, ordered = 1;

	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL,
					    self->path, 8, 0, 0));
	write_events(self->h, 0, 1000, 100);
	EXPECT_WRITE_PATH();
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(0, self->f.error);
	EXPECT_EQ(1, self->f.header_first);
	EXPECT_EQ(1000, self->f.events);
	EXPECT_EQ(0, self->f.bad);
	for (i = 0; i < 1000; i++)
		ordered &= has_seq(&self->f, i);
	EXPECT_EQ(1, ordered);
	ASSERT_EQ(0, stat(self->path, &st));
	EXPECT_EQ(8192, self->f.lf.hdr.buffer_size);
	EXPECT_EQ(st.st_size, (long long)self->f.lf.hdr.buffers_written * 8192);
	EXPECT_EQ(self->f.buffers, self->f.lf.hdr.buffers_written);
	EXPECT_NE(0, self->f.lf.hdr.end_time);
	EXPECT_EQ(1, self->f.lf.hdr.reserved_flags);		/* QPC */
	EXPECT_EQ(1000000000ULL, self->f.lf.hdr.perf_freq);
	EXPECT_EQ(0, strcmp(self->f.name, self->name));
	EXPECT_EQ(0, strcmp(self->f.file, self->path));
	EXPECT_EQ(out.p.BuffersWritten + 1, self->f.lf.hdr.buffers_written);
	EXPECT_EQ(0, out.p.EventsLost);
	EXPECT_EQ(0, out.p.LogBuffersLost);
	/*
	 * etl-format 2: FLUSH_MARKER on the last buffer written at a stop
	 * (one partly filled buffer per CPU at most), not on full ones.
	 */
	EXPECT_EQ(1, self->f.last_flush_marked);
	EXPECT_GE(self->f.flush_marked, 1);
	EXPECT_LE(self->f.flush_marked, sysconf(_SC_NPROCESSORS_CONF));
	EXPECT_GT(self->f.buffers - 1, self->f.flush_marked);
}

/* DESIGN: a file session keeps logging after its controller exits. */
TEST_F(lf, file_session_outlives_controller)
{
	struct props b;
	int status;
	pid_t pid;

	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		CONTROLTRACE_ID s;

		props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
		if (StartTraceA(&s, self->name, &b.p) ||
		    EnableTraceEx2(s, &self->guid, 1, 5, 0, 0, 0, NULL))
			_exit(1);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, WEXITSTATUS(status));
	write_events(self->h, 0, 300, 64);
	props_init(&b, 0, NULL);
	ASSERT_EQ(ERROR_SUCCESS, StopTraceA(0, self->name, &b.p));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(300, self->f.events);
}

/* The file belongs to the controller that started the session: its user,
 * its umask. */
TEST_F(lf, file_has_the_controllers_permissions)
{
	struct stat st;
	char old[32] = "-1";
	int fd, status;
	pid_t pid;

	if (getuid() != 0)
		SKIP(return, "needs root");
	fd = open("/sys/module/etw/parameters/controller_gid", O_RDWR);
	ASSERT_GE(fd, 0);
	ASSERT_GT(read(fd, old, sizeof(old) - 1), 0);
	ASSERT_EQ(5, pwrite(fd, "65534", 5, 0));
	chmod(self->dir, 0777);
	pid = fork();
	if (pid == 0) {
		CONTROLTRACE_ID s;
		struct props b;

		if (setgid(65534) || setuid(65534))
			_exit(9);
		umask(027);
		props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
		if (StartTraceA(&s, self->name, &b.p))
			_exit(10);
		props_init(&b, 0, NULL);
		_exit(StopTraceA(s, NULL, &b.p) ? 11 : 0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	pwrite(fd, old, strlen(old), 0);
	close(fd);
	ASSERT_EQ(0, WEXITSTATUS(status));
	ASSERT_EQ(0, stat(self->path, &st));
	EXPECT_EQ(65534, st.st_uid);
	EXPECT_EQ(0640, st.st_mode & 0777);
}

/* reference 2.3: circular files are bounded and keep the newest events. */
TEST_F(lf, circular_wraps_and_keeps_the_newest)
{
	cpu_set_t all;
	struct stat st;
	struct props out;
	unsigned int i;

	/* One CPU (pin_here): the ring is what this test is about.
	 * (Once: min_seq 1596.) */
	ASSERT_EQ(0, pin_here(&all));
	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_CIRCULAR |
					    EVENT_TRACE_USE_KBYTES_FOR_SIZE,
					    self->path, 4, 64, 0));
	/*
	 * In batches the file writer can follow: a writer faster than the
	 * disk loses events in any mode (the fast path is fast enough to),
	 * and this test is about the ring, not about losses.
	 */
	for (i = 0; i < 3000; i += 100) {
		write_events(self->h, i, 100, 100);
		usleep(30000);
	}
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	sched_setaffinity(0, sizeof(all), &all);
	ASSERT_EQ(0, stat(self->path, &st));
	EXPECT_LE(st.st_size, 64 * 1024);
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(0, self->f.error);
	EXPECT_TRUE(has_seq(&self->f, 2999));	/* the newest is there */
	EXPECT_FALSE(has_seq(&self->f, 0));	/* the oldest was overwritten */
	EXPECT_GT(min_seq(&self->f), 2000);
	/*
	 * Most of the ring holds events: 15 buffers of about 22.  Buffers a
	 * flush sealed part-full (the flush timer on a loaded machine, one
	 * per CPU at the stop) hold fewer, so not all of them.
	 */
	EXPECT_GT(self->f.events, 200);
	EXPECT_EQ(self->f.buffers, self->f.lf.hdr.buffers_written);
	EXPECT_EQ(0, out.p.EventsLost);
}

/* reference 2.3: sequential files stop at MaximumFileSize; what did not
 * fit is counted (LogBuffersLost), never silently dropped. */
TEST_F(lf, sequential_stops_at_max_size_and_counts)
{
	struct props out;
	struct stat st;

	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL |
					    EVENT_TRACE_USE_KBYTES_FOR_SIZE,
					    self->path, 4, 32, 0));
	write_events(self->h, 0, 3000, 100);
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, stat(self->path, &st));
	EXPECT_LE(st.st_size, 32 * 1024);
	EXPECT_GT(out.p.LogBuffersLost, 0);
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_TRUE(has_seq(&self->f, 0));
	EXPECT_FALSE(has_seq(&self->f, 2999));
	EXPECT_EQ(out.p.LogBuffersLost, self->f.lf.hdr.buffers_lost);
}

/* reference 2.3: APPEND needs the system-time clock and the same
 * BufferSize, and adds to the file. */
TEST_F(lf, append_adds_to_an_existing_file)
{
	struct props out;

	unsigned long long start1;
	unsigned int lost1, i;
	static char big[9000];
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ev;

	EventDescCreate(&ev, 1, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, big, sizeof(big));	/* over the 8 KB buffer */
	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL,
					    self->path, 8, 0, 2));
	write_events(self->h, 0, 50, 64);
	for (i = 0; i < 3; i++)
		EventWrite(self->h, &ev, 1, &d);	/* 3 lost */
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	start1 = self->f.lf.hdr.start_time;
	lost1 = self->f.lf.hdr.events_lost;
	EXPECT_EQ(3, lost1);
	usleep(20000);
	/* The wrong clock is refused. */
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  start_file(self, EVENT_TRACE_FILE_MODE_APPEND, self->path, 8, 0, 1));
	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_APPEND,
					    self->path, 8, 0, 2));
	write_events(self->h, 50, 50, 64);
	for (i = 0; i < 2; i++)
		EventWrite(self->h, &ev, 1, &d);	/* 2 lost */
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(0, self->f.error);
	EXPECT_EQ(100, self->f.events);
	EXPECT_TRUE(has_seq(&self->f, 0));
	EXPECT_TRUE(has_seq(&self->f, 99));
	EXPECT_EQ(self->f.buffers, self->f.lf.hdr.buffers_written);
	/*
	 * Issue 9, defect 8: the header is true for the whole file, as on
	 * Windows: the first session's start (no event before it; with the
	 * system-time clock raw times are FILETIMEs), every session's losses.
	 */
	EXPECT_EQ(start1, self->f.lf.hdr.start_time);
	for (i = 0; i < (unsigned int)self->f.events && i < MAXEV; i++)
		EXPECT_GE(self->f.ts[i], self->f.lf.hdr.start_time);
	EXPECT_EQ(lost1 + 2, self->f.lf.hdr.events_lost);
}

static unsigned long long now_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Move CLOCK_REALTIME by @delta_s seconds. */
static int shift_realtime(long delta_s)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += delta_s;
	return clock_settime(CLOCK_REALTIME, &ts);
}

/*
 * Reference 2.2 (Wnode.ClientContext): 1 QPC (CLOCK_MONOTONIC in ns
 * here), 2 system time (FILETIME), 3 the CPU cycle counter; the file
 * header says which, with its frequency.  Seed 001, rule 11: with system
 * time, setting the clock back during collection makes a later event
 * older than an earlier one: it stays in written order, out of time
 * order.  The default QPC clock is immune.
 */
TEST_F(lf, clocks_and_the_system_clock_set_back)
{
	static const unsigned long long freq[4] = { 0, 1000000000ULL, 10000000ULL, 0 };
	struct props out;
	cpu_set_t cpu0;
	ULONG clock;

	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(cpu0), &cpu0));
	for (clock = 1; clock <= 3; clock++) {
		unsigned long long mono0, mono1, ft0, ft1;
		int back = clock != 3;

		ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL,
						    self->path, 8, 0, clock));
		mono0 = now_ns(CLOCK_MONOTONIC);
		ft0 = now_ns(CLOCK_REALTIME) / 100 + ETL_FILETIME_UNIX_EPOCH;
		write_events(self->h, 0, 1, 16);
		mono1 = now_ns(CLOCK_MONOTONIC);
		ft1 = now_ns(CLOCK_REALTIME) / 100 + ETL_FILETIME_UNIX_EPOCH;
		if (back)
			ASSERT_EQ(0, shift_realtime(-100));
		write_events(self->h, 1, 1, 16);
		if (back)
			ASSERT_EQ(0, shift_realtime(100));
		ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
		ASSERT_EQ(0, read_etl(self->path, &self->f));
		ASSERT_EQ(2, self->f.events);
		/* Written order, one CPU: the file keeps it. */
		EXPECT_EQ(0, self->f.seq[0]);
		EXPECT_EQ(1, self->f.seq[1]);
		EXPECT_EQ(clock, self->f.lf.hdr.reserved_flags);
		if (freq[clock]) {
			EXPECT_EQ(freq[clock], self->f.lf.hdr.perf_freq);
		} else {
			EXPECT_GE(self->f.lf.hdr.perf_freq, 1000000);
		}
		switch (clock) {
		case 1:
			EXPECT_GE(self->f.ts[0], mono0);
			EXPECT_LE(self->f.ts[0], mono1);
			EXPECT_GT(self->f.ts[1], self->f.ts[0]);
			break;
		case 2:
			EXPECT_GE(self->f.ts[0], ft0);
			EXPECT_LE(self->f.ts[0], ft1);
			/* About 100 s older, though written later. */
			EXPECT_LT(self->f.ts[1] + 900000000ULL, self->f.ts[0]);
			break;
		default:
			EXPECT_GT(self->f.ts[1], self->f.ts[0]);
			break;
		}
		unlink(self->path);
	}
}

/* reference 2.3: NEWFILE starts file %d+1 when the next buffer would
 * pass MaximumFileSize; each file stands alone. */
/*
 * Issue 9, defect 7: EVENT_TRACE_COMPRESSED_MODE writes compressed
 * buffers (XPRESS, as Windows): the file is smaller than its buffers,
 * every event reads back, the header says how many buffers it holds;
 * circular and append files are not compressed (ERROR_NOT_SUPPORTED).
 */
TEST_F(lf, compressed_mode_writes_compressed_buffers)
{
	struct props out;
	struct stat st;
	int i;

	ASSERT_EQ(ERROR_SUCCESS,
		  start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL |
			     EVENT_TRACE_COMPRESSED_MODE, self->path, 8, 0, 1));
	write_events(self->h, 0, 2000, 200);
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, stat(self->path, &st));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(0, self->f.error);
	EXPECT_EQ(2000, self->f.events);
	for (i = 0; i < 2000; i += 97)
		EXPECT_TRUE(has_seq(&self->f, i));
	EXPECT_TRUE(self->f.lf.hdr.log_file_mode & EVENT_TRACE_COMPRESSED_MODE);
	EXPECT_EQ(self->f.buffers, self->f.lf.hdr.buffers_written);
	/* 2000 events of 200 bytes, in 8 KB buffers: well over 50 of them */
	EXPECT_LT(50, self->f.buffers);
	EXPECT_LT(st.st_size * 3, (long long)self->f.buffers * 8192) {
		TH_LOG("%lld bytes for %u buffers", (long long)st.st_size,
		       self->f.buffers);
	}
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  start_file(self, EVENT_TRACE_FILE_MODE_CIRCULAR |
			     EVENT_TRACE_COMPRESSED_MODE, self->path, 8, 1, 1));
	EXPECT_EQ(ERROR_NOT_SUPPORTED,
		  start_file(self, EVENT_TRACE_FILE_MODE_APPEND |
			     EVENT_TRACE_COMPRESSED_MODE, self->path, 8, 0, 2));
}

TEST_F(lf, newfile_rotates)
{
	char pattern[300], name[300];
	struct props out;
	int i, total = 0, files = 0;

	snprintf(pattern, sizeof(pattern), "%s/nf%%d.etl", self->dir);
	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_NEWFILE |
					    EVENT_TRACE_USE_KBYTES_FOR_SIZE,
					    pattern, 4, 32, 0));
	write_events(self->h, 0, 2000, 100);
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	for (i = 1; i < 100; i++) {
		struct stat st;

		snprintf(name, sizeof(name), "%s/nf%d.etl", self->dir, i);
		if (stat(name, &st))
			break;
		EXPECT_LE(st.st_size, 32 * 1024);
		ASSERT_EQ(0, read_etl(name, &self->f));
		EXPECT_EQ(0, self->f.error);
		EXPECT_EQ(1, self->f.header_first);
		total += self->f.events;
		files++;
	}
	EXPECT_GT(files, 3);
	EXPECT_EQ(2000, total);
	EXPECT_EQ(0, out.p.LogBuffersLost);
	EXPECT_EQ(0, out.p.EventsLost);
}

/* reference 2.3: REAL_TIME together with a file: the file has it all. */
TEST_F(lf, real_time_and_file)
{
	struct props out, q;

	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_REAL_TIME_MODE |
					    EVENT_TRACE_FILE_MODE_SEQUENTIAL,
					    self->path, 8, 0, 0));
	props_init(&q, 0, "");	/* LogFileNameOffset: room for the name */
	ASSERT_EQ(ERROR_SUCCESS, QueryTraceA(self->s, NULL, &q.p));
	EXPECT_EQ(1, q.p.FlushTimer);	/* real time: at least every second */
	EXPECT_EQ(0, strcmp(q.file, self->path));
	write_events(self->h, 0, 200, 64);
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(200, self->f.events);
}

/* reference 2.3: BUFFERING mode keeps the newest events in memory (the
 * oldest buffer is reused, nothing lost) and FLUSH with a file name
 * writes them out. */
TEST_F(lf, buffering_mode_flush_to_file)
{
	struct props b, out;
	int i, ordered = 1;
	cpu_set_t all;

	/* One CPU (pin_here): else a gap (stop 36's CI: ordered 0). */
	ASSERT_EQ(0, pin_here(&all));
	props_init(&b, EVENT_TRACE_BUFFERING_MODE, NULL);
	b.p.BufferSize = 4;
	b.p.MinimumBuffers = 8;
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&self->s, self->name, &b.p));
	ASSERT_EQ(ERROR_SUCCESS, EnableTraceEx2(self->s, &self->guid, 1, 5, 0,
						0, 0, NULL));
	write_events(self->h, 0, 5000, 100);
	props_init(&b, 0, self->path);
	ASSERT_EQ(ERROR_SUCCESS, FlushTraceA(self->s, NULL, &b.p));
	EXPECT_EQ(0, b.p.EventsLost);
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	sched_setaffinity(0, sizeof(all), &all);
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	EXPECT_EQ(0, self->f.error);
	EXPECT_TRUE(has_seq(&self->f, 4999));
	EXPECT_FALSE(has_seq(&self->f, 0));
	/* What is there is the contiguous newest part. */
	for (i = min_seq(&self->f); i < 5000; i++)
		ordered &= has_seq(&self->f, i);
	EXPECT_EQ(1, ordered);
}

/* reference 2.5: UPDATE with LogFileNameOffset switches files. */
TEST_F(lf, update_switches_file)
{
	char second[300];
	struct props b, out;
	struct found *g = malloc(sizeof(*g));

	snprintf(second, sizeof(second), "%s/second.etl", self->dir);
	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL,
					    self->path, 8, 0, 0));
	write_events(self->h, 0, 40, 64);
	props_init(&b, 0, second);
	ASSERT_EQ(ERROR_SUCCESS, UpdateTraceA(self->s, NULL, &b.p));
	EXPECT_EQ(0, strcmp(b.file, second));
	write_events(self->h, 40, 60, 64);
	ASSERT_EQ(ERROR_SUCCESS, stop_session(self, &out));
	ASSERT_EQ(0, read_etl(self->path, &self->f));
	ASSERT_EQ(0, read_etl(second, g));
	EXPECT_EQ(40, self->f.events);
	EXPECT_EQ(60, g->events);
	EXPECT_TRUE(has_seq(&self->f, 39));
	EXPECT_TRUE(has_seq(g, 40));
	free(g);
}

/* reference 2.2, 2.5: the documented errors of file sessions. */
TEST_F(lf, file_errors)
{
	char bad[300];
	struct props b;
	CONTROLTRACE_ID other = 0;

	snprintf(bad, sizeof(bad), "%s/no/such/dir/x.etl", self->dir);
	EXPECT_EQ(ERROR_PATH_NOT_FOUND,
		  start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL, bad, 8, 0, 0));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  start_file(self, EVENT_TRACE_FILE_MODE_NEWFILE, self->path, 8, 1, 0));
	EXPECT_EQ(ERROR_INVALID_PARAMETER,
		  start_file(self, EVENT_TRACE_FILE_MODE_CIRCULAR, self->path, 8, 0, 0));
	ASSERT_EQ(ERROR_SUCCESS, start_file(self, EVENT_TRACE_FILE_MODE_SEQUENTIAL,
					    self->path, 8, 0, 0));
	/* The file of a running session. */
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, self->path);
	EXPECT_EQ(ERROR_BAD_PATHNAME, StartTraceA(&other, "lf-other-session", &b.p));
	/* A relative name is made absolute (the caller's directory). */
	ASSERT_EQ(0, chdir(self->dir));
	props_init(&b, EVENT_TRACE_FILE_MODE_SEQUENTIAL, "relative.etl");
	ASSERT_EQ(ERROR_SUCCESS, StartTraceA(&other, "lf-relative", &b.p));
	props_init(&b, 0, NULL);
	EXPECT_EQ(ERROR_SUCCESS, StopTraceA(other, NULL, &b.p));
	EXPECT_EQ(0, access("relative.etl", R_OK));
}

/* ---- the raw ioctls (the hardening review's defects 1, 2, 4 and 10) ---- */

#define SEQUENTIAL	EVENT_TRACE_FILE_MODE_SEQUENTIAL

FIXTURE(lfio) {
	int fd;
	char name[64];
	char dir[128];
	uint8_t guid[16];
};

FIXTURE_SETUP(lfio)
{
	self->fd = etw_open();
	ASSERT_LE(0, self->fd);
	snprintf(self->name, sizeof(self->name), "lfio-%d-%u", getpid(),
		 ++uniq);
	snprintf(self->dir, sizeof(self->dir), "/tmp/etwlfio-%d-%u", getpid(),
		 uniq);
	mkdir(self->dir, 0777);
	chmod(self->dir, 0777);
	etw_guid(self->guid, 0x4d, (uint8_t)uniq);
	self->guid[1] = getpid() & 0xFF;
}

FIXTURE_TEARDOWN(lfio)
{
	char cmd[256];

	close(self->fd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->dir);
	if (system(cmd))
		fprintf(stderr, "# cannot remove %s\n", self->dir);
}

/* Events (with a 4-byte payload) in an .etl file, -1 if unreadable. */
static int count_events(const char *path, struct etl_logfile_info *li)
{
	struct etl_file_buffer b;
	struct etl_file *ef;
	struct etl_record r;
	int n = 0, rc;

	if (etl_file_open(path, &ef, NULL) < 0)
		return -1;
	if (li)
		*li = *etl_file_logfile(ef);
	while ((rc = etl_file_next_buffer(ef, &b)) > 0)
		while ((rc = etl_file_next_record(ef, &b, &r)) > 0)
			if (r.family == ETL_FAM_EVENT && r.payload_len == 4)
				n++;
	etl_file_close(ef);
	return rc < 0 ? -1 : n;
}

/* ---- hardening 1: a failed switch --------------------------------------- */

/*
 * UPDATE to a file in a missing directory fails and changes nothing: the
 * session keeps logging to its file, later UPDATEs and STOP work, and the
 * file ends up with every event (before: the path was freed twice and the
 * session had no file left).
 */
TEST_F(lfio, failed_switch_keeps_the_old_file)
{
	char file[256], bad[256];
	uint64_t h, reg;
	uint32_t i;

	snprintf(file, sizeof(file), "%s/a.etl", self->dir);
	snprintf(bad, sizeof(bad), "%s/missing/b.etl", self->dir);
	h = etw_start_file(self->fd, self->name, file, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	reg = etw_reg_enabled(self->fd, h, self->guid);
	ASSERT_NE(0, reg);
	for (i = 0; i < 100; i++)
		ASSERT_EQ(0, etw_write_u32(self->fd, reg, i));
	EXPECT_EQ(-ENOENT, etw_update_file(self->fd, h, bad));
	for (; i < 200; i++)
		ASSERT_EQ(0, etw_write_u32(self->fd, reg, i));
	EXPECT_EQ(-ENOENT, etw_update_file(self->fd, h, bad));
	EXPECT_EQ(0, etw_stop(self->fd, h));
	EXPECT_EQ(200, count_events(file, NULL));
	EXPECT_NE(0, access(bad, F_OK));
}

/*
 * The same when the new file's header cannot be written (a full file
 * system: the 64 KB header does not fit a 16 KB tmpfs): the error comes
 * back and the old file keeps everything.
 */
TEST_F(lfio, switch_whose_header_write_fails_keeps_the_old_file)
{
	char file[256], small[256], next[300];
	uint64_t h, reg;
	uint32_t i;

	snprintf(file, sizeof(file), "%s/a.etl", self->dir);
	snprintf(small, sizeof(small), "%s/small", self->dir);
	snprintf(next, sizeof(next), "%s/b.etl", small);
	ASSERT_EQ(0, mkdir(small, 0755));
	ASSERT_EQ(0, mount("tmpfs", small, "tmpfs", 0, "size=16k"));
	h = etw_start_file(self->fd, self->name, file, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	reg = etw_reg_enabled(self->fd, h, self->guid);
	ASSERT_NE(0, reg);
	for (i = 0; i < 50; i++)
		ASSERT_EQ(0, etw_write_u32(self->fd, reg, i));
	EXPECT_NE(0, etw_update_file(self->fd, h, next));
	for (; i < 100; i++)
		ASSERT_EQ(0, etw_write_u32(self->fd, reg, i));
	EXPECT_EQ(0, etw_stop(self->fd, h));
	EXPECT_EQ(100, count_events(file, NULL));
	umount(small);
}

/* ---- hardening 2: QUERY against UPDATE ---------------------------------- */

struct uffd_ctx {
	int uffd;
	void *page;
	volatile int faulted;
	int delay_ms;
};

/* Resolve the first fault on the page after @delay_ms. */
static void *uffd_handler(void *arg)
{
	struct uffd_ctx *u = arg;
	struct uffd_msg msg;
	struct uffdio_copy cp;
	struct pollfd p = { .fd = u->uffd, .events = POLLIN };
	static char src[4096] __attribute__((aligned(4096)));

	if (poll(&p, 1, 20000) != 1 || read(u->uffd, &msg, sizeof(msg)) !=
					      sizeof(msg))
		return NULL;
	u->faulted = 1;
	usleep(u->delay_ms * 1000);
	memset(&cp, 0, sizeof(cp));
	cp.dst = (uintptr_t)u->page;
	cp.src = (uintptr_t)src;
	cp.len = 4096;
	ioctl(u->uffd, UFFDIO_COPY, &cp);
	return NULL;
}

static int uffd_page(struct uffd_ctx *u)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg;

	u->uffd = syscall(SYS_userfaultfd, O_CLOEXEC);
	if (u->uffd < 0 || ioctl(u->uffd, UFFDIO_API, &api))
		return -1;
	u->page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (u->page == MAP_FAILED)
		return -1;
	memset(&reg, 0, sizeof(reg));
	reg.range.start = (uintptr_t)u->page;
	reg.range.len = 4096;
	reg.mode = UFFDIO_REGISTER_MODE_MISSING;
	return ioctl(u->uffd, UFFDIO_REGISTER, &reg);
}

struct query_arg {
	int fd;
	uint64_t h;
	char *out;
	int ret;
};

static void *query_thread(void *arg)
{
	struct query_arg *q = arg;
	struct etw_session_control c;

	memset(&c, 0, sizeof(c));
	c.handle = q->h;
	c.code = ETW_CONTROL_QUERY;
	c.log_file_buf = (uintptr_t)q->out;
	c.log_file_buf_size = 256;
	q->ret = ioctl(q->fd, ETW_IOC_SESSION_CONTROL, &c) ? -errno : 0;
	return NULL;
}

/*
 * A QUERY whose output page stalls (userfaultfd) while an UPDATE switches
 * the file gets one of the two names whole, never freed memory: the old
 * name is freed by the switch and its slab slot refilled with traits
 * blobs of the same size full of 'Z'.
 */
TEST_F(lfio, query_during_switch_reads_a_valid_name)
{
	char a[160], b[160];
	struct uffd_ctx u = { .delay_ms = 300 };
	struct query_arg q;
	pthread_t ht, qt;
	uint8_t traits[64];
	uint64_t h;
	int i, spray;

	/* Two names of 46 characters: 47 bytes, the kmalloc-64 slab. */
	snprintf(a, sizeof(a), "%s/", self->dir);
	while (strlen(a) < 41)
		strcat(a, "a");
	strcpy(b, a);
	strcat(a, "A.etl");
	strcat(b, "B.etl");
	h = etw_start_file(self->fd, self->name, a, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	ASSERT_EQ(0, uffd_page(&u));
	q.fd = self->fd;
	q.h = h;
	q.out = u.page;
	ASSERT_EQ(0, pthread_create(&ht, NULL, uffd_handler, &u));
	ASSERT_EQ(0, pthread_create(&qt, NULL, query_thread, &q));
	for (i = 0; i < 2000 && !u.faulted; i++)
		usleep(1000);
	ASSERT_TRUE(u.faulted);
	/* The QUERY is stalled copying the name out: switch and refill. */
	ASSERT_EQ(0, etw_update_file(self->fd, h, b));
	spray = etw_open();
	ASSERT_LE(0, spray);
	memset(traits, 'Z', sizeof(traits));
	traits[0] = (uint8_t)(strlen(a) + 1);	/* total size, LE u16 */
	traits[1] = 0;
	traits[strlen(a)] = 0;			/* the name's NUL */
	for (i = 0; i < 200; i++) {
		struct etw_set_info si;
		uint8_t g[16];
		uint64_t r;

		etw_guid(g, 0x5a, (uint8_t)i);
		r = etw_reg(spray, g, 0, NULL, NULL);
		if (!r)
			break;
		memset(&si, 0, sizeof(si));
		si.handle = r;
		si.info_class = ETW_INFO_SET_TRAITS;
		si.length = strlen(a) + 1;
		si.data = (uintptr_t)traits;
		ioctl(spray, ETW_IOC_SET_INFO, &si);
	}
	pthread_join(qt, NULL);
	pthread_join(ht, NULL);
	EXPECT_EQ(0, q.ret);
	EXPECT_TRUE(!strcmp(q.out, a) || !strcmp(q.out, b));
	close(spray);
	EXPECT_EQ(0, etw_stop(self->fd, h));
	munmap(u.page, 4096);
	close(u.uffd);
}

/* ---- hardening 4: only regular files ------------------------------------ */

static int open_reg_quickly(void *arg)
{
	int fd = etw_open();
	uint8_t g[16];
	double t0 = etw_now_s();

	(void)arg;
	etw_guid(g, 0x61, 1);
	if (fd < 0 || !etw_reg(fd, g, 0, NULL, NULL))
		return 1;
	return etw_now_s() - t0 < 5 ? 0 : 2;
}

/*
 * A FIFO, a device or a directory is refused as a log file, at once and
 * without opening it (a FIFO's open waits for a reader: before, that
 * wait held the global lock, and every EventRegister on the machine hung
 * with it), both by StartTrace and by UPDATE; meanwhile anyone can still
 * register.
 */
TEST_F(lfio, only_regular_files_are_log_files)
{
	char fifo[256], file[256];
	uint64_t h;
	double t0;

	snprintf(fifo, sizeof(fifo), "%s/fifo", self->dir);
	snprintf(file, sizeof(file), "%s/a.etl", self->dir);
	ASSERT_EQ(0, mkfifo(fifo, 0666));
	alarm(60);	/* a hang fails the test instead of the whole run */
	t0 = etw_now_s();
	EXPECT_EQ(0, etw_start_file(self->fd, self->name, fifo, SEQUENTIAL, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, etw_start_file(self->fd, self->name, "/dev/null", SEQUENTIAL, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, etw_start_file(self->fd, self->name, self->dir, SEQUENTIAL, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_LT(etw_now_s() - t0, 10);
	EXPECT_EQ(0, etw_as_nobody(open_reg_quickly, NULL));
	h = etw_start_file(self->fd, self->name, file, SEQUENTIAL, 0);
	ASSERT_NE(0, h);
	EXPECT_EQ(-EINVAL, etw_update_file(self->fd, h, fifo));
	EXPECT_EQ(-EINVAL, etw_update_file(self->fd, h, "/dev/null"));
	EXPECT_EQ(0, etw_stop(self->fd, h));
	alarm(0);
	EXPECT_LE(0, count_events(file, NULL));
}

/* ---- hardening 10: STOP finishes when its caller is killed -------------- */

/*
 * The stopper is SIGKILLed while STOP waits for a provider that never
 * acknowledges its DISABLE callback.  The file must still get every
 * buffer and its final header (EndTime set): STOP's file work runs in a
 * kernel worker, where the controller's fatal signal cannot cut it short.
 */
TEST_F(lfio, stop_finishes_when_its_caller_is_killed)
{
	struct etl_logfile_info li;
	char file[256];
	uint64_t h, reg, cb;
	uint8_t g2[16];
	pid_t pid;
	int i, n = -1, status, ret;

	snprintf(file, sizeof(file), "%s/k.etl", self->dir);
	h = etw_start_file(self->fd, self->name, file, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	reg = etw_reg_enabled(self->fd, h, self->guid);
	ASSERT_NE(0, reg);
	/* A provider that wants callbacks and never reads them. */
	etw_guid(g2, 0x4e, 2);
	cb = etw_reg(self->fd, g2, ETW_REG_F_CALLBACK, NULL, NULL);
	ASSERT_NE(0, cb);
	ret = etw_enable_ex(self->fd, h, g2, 1, 5, 0, 0, 0, NULL, 1, NULL, 0);
	ASSERT_TRUE(ret == 0 || errno == ETIMEDOUT);
	for (i = 0; i < 3000; i++)
		ASSERT_EQ(0, etw_write_u32(self->fd, reg, i));
	pid = fork();
	ASSERT_LE(0, pid);
	if (pid == 0) {
		int fd = etw_open();

		_exit(etw_stop(fd, h) ? 1 : 0);
	}
	/*
	 * Kill it once STOP has begun: the session left the table (a query
	 * finds nothing), and STOP waits for the callback (5 s).  A fixed
	 * sleep raced a slow VM, whose child had not reached STOP yet.
	 */
	for (i = 0; i < 400; i++) {
		if (etw_control(self->fd, h, ETW_CONTROL_QUERY, NULL) &&
		    errno == ENOENT)
			break;
		usleep(50 * 1000);
	}
	ASSERT_GT(400, i) {
		TH_LOG("the child never began STOP");
	}
	usleep(200 * 1000);	/* into the callback wait */
	kill(pid, SIGKILL);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_TRUE(WIFSIGNALED(status));
	/* The worker finishes on its own: wait for the final header. */
	for (i = 0; i < 200; i++) {
		n = count_events(file, &li);
		if (n >= 0 && li.hdr.end_time)
			break;
		usleep(100 * 1000);
	}
	EXPECT_NE(0, li.hdr.end_time);
	EXPECT_EQ(3000, n) {
		TH_LOG("header: %u buffers written, %u events lost, %u buffers lost",
		       li.hdr.buffers_written, li.hdr.events_lost,
		       li.hdr.buffers_lost);
	}
}

TEST_HARNESS_MAIN
