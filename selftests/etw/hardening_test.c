// SPDX-License-Identifier: GPL-2.0-only
/*
 * Regression tests for the defects a hostile review and fuzzing found in
 * etw.ko (issue "Hardened"), one or more per defect, numbered as there:
 *
 *  1  a failed log-file switch (missing directory, header write refused)
 *     freed the path twice and left the session without a file;
 *  2  QUERY copied the log-file name out after dropping the lock, while an
 *     UPDATE could free it;
 *  3  two threads waiting on one consumer shared its index scratch; a
 *     consumer could release a buffer still queued to it, which was then
 *     handed over twice;
 *  4  the log file was opened under the global lock: a FIFO hung every
 *     user of /dev/etw; only regular files are log files now;
 *  5  unloading with a file session running (module_reload.sh);
 *  6  unbounded, uncharged kernel memory for any user;
 *  7  a BufferSize that is not a multiple of the page size could not be
 *     mapped by consumers;
 *  9  controllers' memory: sessions, enable entries, consumers bounded;
 *  10 names of sessions one may not control could be probed; a STOP whose
 *     caller was killed lost the file's last buffers and header.
 *
 * On a kernel with KASAN and lockdep (make check-debug) the races and
 * use-after-frees also show in the kernel log, which etw-vm checks.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "etw_util.h"
#include "etl_file.h"
#include "../kselftest_harness.h"

#define PARAM_DIR	"/sys/module/etw/parameters/"
#define REAL_TIME	0x100	/* EVENT_TRACE_REAL_TIME_MODE */
#define SEQUENTIAL	0x1	/* EVENT_TRACE_FILE_MODE_SEQUENTIAL */

FIXTURE(hard) {
	int fd;
	char name[64];
	char dir[128];
	uint8_t guid[16];
};

FIXTURE_SETUP(hard)
{
	self->fd = etw_open();
	ASSERT_LE(0, self->fd);
	snprintf(self->name, sizeof(self->name), "hard-%d", getpid());
	snprintf(self->dir, sizeof(self->dir), "/tmp/etw-hard-%d", getpid());
	mkdir(self->dir, 0777);
	chmod(self->dir, 0777);
	etw_guid(self->guid, 0x4d, (uint8_t)getpid());
}

FIXTURE_TEARDOWN(hard)
{
	char cmd[256];

	close(self->fd);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", self->dir);
	if (system(cmd))
		fprintf(stderr, "# cannot remove %s\n", self->dir);
}

/* ---- helpers -------------------------------------------------------------- */

static uint64_t start_file(int fd, const char *name, const char *path,
			   uint32_t mode, uint32_t kb)
{
	struct etw_session_start st;
	struct etw_session_info si;

	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)name;
	st.name_len = strlen(name);
	st.log_file_mode = mode;
	st.buffer_size_kb = kb;
	st.log_file = (uintptr_t)path;
	st.log_file_len = strlen(path);
	st.info = (uintptr_t)&si;
	st.info_size = sizeof(si);
	if (ioctl(fd, ETW_IOC_SESSION_START, &st))
		return 0;
	return si.handle;
}

/* ControlTrace(UPDATE) switching to @path: 0 or -errno. */
static int update_file(int fd, uint64_t h, const char *path)
{
	struct etw_session_control c;

	memset(&c, 0, sizeof(c));
	c.handle = h;
	c.code = ETW_CONTROL_UPDATE;
	c.log_file = (uintptr_t)path;
	c.log_file_len = strlen(path);
	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) ? -errno : 0;
}

/* One event whose payload is the 4-byte @seq. */
static int write_seq(int fd, uint64_t reg, uint32_t seq)
{
	struct etw_data_desc d = { .ptr = (uintptr_t)&seq, .size = 4 };
	struct etw_write w;

	memset(&w, 0, sizeof(w));
	w.handle = reg;
	w.id = 7;
	w.level = 4;
	w.count = 1;
	w.data = (uintptr_t)&d;
	return ioctl(fd, ETW_IOC_WRITE, &w) ? -errno : 0;
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

static int param_get(const char *p)
{
	char path[128], buf[32] = "";
	int fd, v;

	snprintf(path, sizeof(path), PARAM_DIR "%s", p);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (read(fd, buf, sizeof(buf) - 1) < 0)
		buf[0] = 0;
	close(fd);
	v = atoi(buf);
	return v;
}

static int param_set(const char *p, long v)
{
	char path[128], buf[32];
	int fd, n, ok;

	snprintf(path, sizeof(path), PARAM_DIR "%s", p);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%ld", v);
	ok = write(fd, buf, n) == n;
	close(fd);
	return ok ? 0 : -1;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* A session enabling a fresh registration on @fd; returns the reg. */
static uint64_t reg_enabled(int fd, uint64_t session, const uint8_t *guid)
{
	uint64_t reg = etw_reg(fd, guid, 0, NULL, NULL);

	if (!reg || etw_enable(fd, session, guid, 5, 0, 0))
		return 0;
	return reg;
}

/*
 * A real-time session of @kb KB buffers (@minb to @maxb) enabling a fresh
 * registration of @guid, and a consumer of it in @co.  Returns 0, or -1
 * after saying which step failed.
 */
static int rt_consumer(int fd, const char *name, const uint8_t *guid,
		       uint32_t kb, uint32_t minb, uint32_t maxb,
		       uint64_t *h, uint64_t *reg, struct etw_consumer_open *co)
{
	const char *step = "start";

	*h = etw_start_geo(fd, name, REAL_TIME, kb, minb, maxb, NULL);
	if (*h) {
		step = "register and enable";
		*reg = reg_enabled(fd, *h, guid);
	}
	if (*h && *reg) {
		step = "CONSUMER_OPEN";
		memset(co, 0, sizeof(*co));
		co->name = (uintptr_t)name;
		co->name_len = strlen(name);
		if (!ioctl(fd, ETW_IOC_CONSUMER_OPEN, co))
			return 0;
	}
	fprintf(stderr, "# rt_consumer: %s failed: %s\n", step, strerror(errno));
	return -1;
}

/* ---- 1: a failed switch ----------------------------------------------- */

/*
 * UPDATE to a file in a missing directory fails and changes nothing: the
 * session keeps logging to its file, later UPDATEs and STOP work, and the
 * file ends up with every event (before: the path was freed twice and the
 * session had no file left).
 */
TEST_F(hard, failed_switch_keeps_the_old_file)
{
	char file[256], bad[256];
	uint64_t h, reg;
	uint32_t i;

	snprintf(file, sizeof(file), "%s/a.etl", self->dir);
	snprintf(bad, sizeof(bad), "%s/missing/b.etl", self->dir);
	h = start_file(self->fd, self->name, file, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	reg = reg_enabled(self->fd, h, self->guid);
	ASSERT_NE(0, reg);
	for (i = 0; i < 100; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	EXPECT_EQ(-ENOENT, update_file(self->fd, h, bad));
	for (; i < 200; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	EXPECT_EQ(-ENOENT, update_file(self->fd, h, bad));
	EXPECT_EQ(0, etw_stop(self->fd, h));
	EXPECT_EQ(200, count_events(file, NULL));
	EXPECT_NE(0, access(bad, F_OK));
}

/*
 * The same when the new file's header cannot be written (a full file
 * system: the 64 KB header does not fit a 16 KB tmpfs): the error comes
 * back and the old file keeps everything.
 */
TEST_F(hard, switch_whose_header_write_fails_keeps_the_old_file)
{
	char file[256], small[256], next[300];
	uint64_t h, reg;
	uint32_t i;

	snprintf(file, sizeof(file), "%s/a.etl", self->dir);
	snprintf(small, sizeof(small), "%s/small", self->dir);
	snprintf(next, sizeof(next), "%s/b.etl", small);
	ASSERT_EQ(0, mkdir(small, 0755));
	ASSERT_EQ(0, mount("tmpfs", small, "tmpfs", 0, "size=16k"));
	h = start_file(self->fd, self->name, file, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	reg = reg_enabled(self->fd, h, self->guid);
	ASSERT_NE(0, reg);
	for (i = 0; i < 50; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	EXPECT_NE(0, update_file(self->fd, h, next));
	for (; i < 100; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	EXPECT_EQ(0, etw_stop(self->fd, h));
	EXPECT_EQ(100, count_events(file, NULL));
	umount(small);
}

/* ---- 2: QUERY against UPDATE ---------------------------------------------- */

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
TEST_F(hard, query_during_switch_reads_a_valid_name)
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
	h = start_file(self->fd, self->name, a, SEQUENTIAL, 64);
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
	ASSERT_EQ(0, update_file(self->fd, h, b));
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

/* ---- 3: two threads on one consumer --------------------------------------- */

struct cw_arg {
	int cfd;
	int bad;		/* release a list the kernel must refuse */
	volatile int *stop;
	long calls;
	long failed;		/* calls that did not return 0 */
};

static void *cw_thread(void *arg)
{
	struct cw_arg *a = arg;
	uint32_t ready[64], rel[64], bad[64];
	uint32_t nrel = 0, i;

	for (i = 0; i < 64; i++)
		bad[i] = 0x7fffff00u + i;
	while (!*a->stop) {
		struct etw_consumer_wait w;

		memset(&w, 0, sizeof(w));
		w.ready = (uintptr_t)ready;
		w.ready_max = 64;
		if (a->bad) {
			w.release = (uintptr_t)bad;
			w.release_count = 64;
		} else {
			w.release = (uintptr_t)rel;
			w.release_count = nrel;
		}
		w.flags = ETW_WAIT_F_FLUSH;
		if (ioctl(a->cfd, ETW_IOC_CONSUMER_WAIT, &w)) {
			a->failed++;
			nrel = 0;
		} else if (!a->bad) {
			memcpy(rel, ready, w.ready_count * 4);
			nrel = w.ready_count;
		}
		a->calls++;
	}
	return NULL;
}

/*
 * One thread releases the buffers it holds while another, on the same
 * consumer fd, keeps passing indexes that are not buffers.  Each call is
 * checked on its own: every bad one fails and every good one succeeds
 * (before, the threads shared one scratch array between the kernel's
 * check and its use: a good list could be refused, or a bad index used).
 */
TEST_F(hard, consumer_threads_share_nothing)
{
	struct etw_consumer_open co;
	struct etw_session_info si;
	struct cw_arg a = { 0 }, b = { 0 };
	volatile int stop = 0;
	pthread_t ta, tb;
	uint64_t h, reg;
	uint32_t i;
	double end;

	ASSERT_EQ(0, rt_consumer(self->fd, self->name, self->guid, 4, 8, 16,
				 &h, &reg, &co));
	a.cfd = b.cfd = co.fd;
	b.bad = 1;
	a.stop = b.stop = &stop;
	ASSERT_EQ(0, pthread_create(&ta, NULL, cw_thread, &a));
	ASSERT_EQ(0, pthread_create(&tb, NULL, cw_thread, &b));
	end = now_s() + 5;
	for (i = 0; now_s() < end; i++)
		write_seq(self->fd, reg, i);
	stop = 1;
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	TH_LOG("%ld + %ld waits, %u events", a.calls, b.calls, i);
	EXPECT_LT(100, a.calls);
	EXPECT_LT(100, b.calls);
	EXPECT_EQ(0, a.failed);
	EXPECT_EQ(b.calls, b.failed);
	close(co.fd);	/* gives back whatever it held */
	ASSERT_EQ(0, etw_control(self->fd, h, ETW_CONTROL_QUERY, &si));
	EXPECT_EQ(0, si.consumers);
	EXPECT_EQ(0, etw_stop(self->fd, h));
}

/*
 * A WAIT whose ready list cannot be written (an unmapped page) fails with
 * EFAULT and hands nothing over: the next WAIT names the same buffers
 * (before, they were taken off the queue and the consumer never learned
 * their indexes, holding them until it closed).
 */
TEST_F(hard, consumer_wait_that_faults_loses_no_buffer)
{
	struct etw_consumer_open co;
	struct etw_consumer_wait w;
	uint32_t ready[64];
	uint64_t h, reg;
	void *hole;
	uint32_t i;

	ASSERT_EQ(0, rt_consumer(self->fd, self->name, self->guid, 4, 8, 16,
				 &h, &reg, &co));
	for (i = 0; i < 300; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	hole = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, hole);
	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)hole;
	w.ready_max = 64;
	w.flags = ETW_WAIT_F_FLUSH;
	EXPECT_EQ(-1, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
	EXPECT_EQ(EFAULT, errno);
	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)ready;
	w.ready_max = 64;
	ASSERT_EQ(0, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
	/* 300 events of ~100 bytes fill at least 7 buffers of 4 KB. */
	EXPECT_LE(7, w.ready_count);
	munmap(hole, 4096);
	close(co.fd);
	EXPECT_EQ(0, etw_stop(self->fd, h));
}

/*
 * A consumer releases only buffers a WAIT handed it, each once.  A buffer
 * still queued to it (sealed, not yet fetched) is not its to release:
 * before, the release was taken, the buffer went back to the free list
 * while its index was still queued, was refilled and queued again, and
 * the next WAIT named it twice in one ready list (the fuzzer found it
 * under the debug kernel).
 */
TEST_F(hard, consumer_releases_only_what_it_was_handed)
{
	struct etw_consumer_open co;
	struct etw_consumer_wait w;
	uint32_t ready[64], idx, i, j, got = 0;
	uint64_t h, reg;

	ASSERT_EQ(0, rt_consumer(self->fd, self->name, self->guid, 4, 8, 16,
				 &h, &reg, &co));
	ASSERT_GE(64, co.nr_buffers);
	for (i = 0; i < 300; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	/* Sealed and queued, none fetched (ready_max 0). */
	memset(&w, 0, sizeof(w));
	w.flags = ETW_WAIT_F_FLUSH;
	ASSERT_EQ(0, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
	EXPECT_EQ(0, w.ready_count);
	for (idx = 0; idx < co.nr_buffers; idx++) {
		memset(&w, 0, sizeof(w));
		w.release = (uintptr_t)&idx;
		w.release_count = 1;
		EXPECT_EQ(-1, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w)) {
			TH_LOG("buffer %u released before it was handed over",
			       idx);
		}
		EXPECT_EQ(EINVAL, errno);
	}
	/* More events: a buffer wrongly freed would be queued again. */
	for (i = 300; i < 600; i++)
		write_seq(self->fd, reg, i);
	for (;;) {
		memset(&w, 0, sizeof(w));
		w.ready = (uintptr_t)ready;
		w.ready_max = co.nr_buffers;
		w.flags = ETW_WAIT_F_FLUSH;
		ASSERT_EQ(0, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
		if (!w.ready_count)
			break;
		for (i = 0; i < w.ready_count; i++) {
			ASSERT_GT(co.nr_buffers, ready[i]);
			for (j = 0; j < i; j++)
				EXPECT_NE(ready[j], ready[i]) {
					TH_LOG("buffer %u twice in one ready list",
					       ready[i]);
				}
		}
		got += w.ready_count;
		/* Each once: all of them, then one of them again. */
		w.release = (uintptr_t)ready;
		w.release_count = w.ready_count;
		w.ready_max = 0;
		w.ready = 0;
		w.flags = 0;
		ASSERT_EQ(0, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
		w.release_count = 1;
		EXPECT_EQ(-1, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
		EXPECT_EQ(EINVAL, errno);
	}
	/* 300 events of ~100 bytes fill at least 7 buffers of 4 KB. */
	EXPECT_LE(7, got);
	close(co.fd);
	EXPECT_EQ(0, etw_stop(self->fd, h));
}

/* ---- 4: only regular files ------------------------------------------------ */

static int open_reg_quickly(void *arg)
{
	int fd = etw_open();
	uint8_t g[16];
	double t0 = now_s();

	(void)arg;
	etw_guid(g, 0x61, 1);
	if (fd < 0 || !etw_reg(fd, g, 0, NULL, NULL))
		return 1;
	return now_s() - t0 < 5 ? 0 : 2;
}

/*
 * A FIFO, a device or a directory is refused as a log file, at once and
 * without opening it (a FIFO's open waits for a reader: before, that
 * wait held the global lock, and every EventRegister on the machine hung
 * with it), both by StartTrace and by UPDATE; meanwhile anyone can still
 * register.
 */
TEST_F(hard, only_regular_files_are_log_files)
{
	char fifo[256], file[256];
	uint64_t h;
	double t0;

	snprintf(fifo, sizeof(fifo), "%s/fifo", self->dir);
	snprintf(file, sizeof(file), "%s/a.etl", self->dir);
	ASSERT_EQ(0, mkfifo(fifo, 0666));
	alarm(60);	/* a hang fails the test instead of the whole run */
	t0 = now_s();
	EXPECT_EQ(0, start_file(self->fd, self->name, fifo, SEQUENTIAL, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, start_file(self->fd, self->name, "/dev/null", SEQUENTIAL, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, start_file(self->fd, self->name, self->dir, SEQUENTIAL, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_LT(now_s() - t0, 10);
	EXPECT_EQ(0, etw_as_nobody(open_reg_quickly, NULL));
	h = start_file(self->fd, self->name, file, SEQUENTIAL, 0);
	ASSERT_NE(0, h);
	EXPECT_EQ(-EINVAL, update_file(self->fd, h, fifo));
	EXPECT_EQ(-EINVAL, update_file(self->fd, h, "/dev/null"));
	EXPECT_EQ(0, etw_stop(self->fd, h));
	alarm(0);
	EXPECT_LE(0, count_events(file, NULL));
}

/* ---- 10: STOP finishes even when its caller is killed ------------------- */

/*
 * The stopper is SIGKILLed while STOP waits for a provider that never
 * acknowledges its DISABLE callback.  The file must still get every
 * buffer and its final header (EndTime set): STOP's file work runs in a
 * kernel worker, where the controller's fatal signal cannot cut it short.
 */
TEST_F(hard, stop_finishes_when_its_caller_is_killed)
{
	struct etl_logfile_info li;
	char file[256];
	uint64_t h, reg, cb;
	uint8_t g2[16];
	pid_t pid;
	int i, n = -1, status, ret;

	snprintf(file, sizeof(file), "%s/k.etl", self->dir);
	h = start_file(self->fd, self->name, file, SEQUENTIAL, 64);
	ASSERT_NE(0, h);
	reg = reg_enabled(self->fd, h, self->guid);
	ASSERT_NE(0, reg);
	/* A provider that wants callbacks and never reads them. */
	etw_guid(g2, 0x4e, 2);
	cb = etw_reg(self->fd, g2, ETW_REG_F_CALLBACK, NULL, NULL);
	ASSERT_NE(0, cb);
	ret = etw_enable_ex(self->fd, h, g2, 1, 5, 0, 0, 0, NULL, 1, NULL, 0);
	ASSERT_TRUE(ret == 0 || errno == ETIMEDOUT);
	for (i = 0; i < 3000; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
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

/* ---- 6: per-user quotas and memory cgroups ------------------------------- */

static int reg_until_refused(void *arg)
{
	int *count = arg, fds[3], i, n = 0;
	uint8_t g[16];

	for (i = 0; i < 3; i++) {
		fds[i] = etw_open();
		if (fds[i] < 0)
			return 200;
	}
	for (i = 0; i < 3 * 2048; i++) {
		etw_guid(g, 0x71, (uint8_t)i);
		g[1] = (uint8_t)(i >> 8);
		if (!etw_reg(fds[i % 3], g, 0, NULL, NULL))
			break;
		n++;
	}
	if (errno != EDQUOT)
		return 201;
	return n == *count ? 0 : 202;
}

/*
 * An unprivileged user may hold max_regs_per_user registrations over all
 * its files, then gets EDQUOT (before: 2,048 per file, as many files as
 * RLIMIT_NOFILE allows).
 */
TEST_F(hard, registrations_are_bounded_per_user)
{
	int old = param_get("max_regs_per_user"), limit = 100;

	ASSERT_LT(0, old);
	ASSERT_EQ(0, param_set("max_regs_per_user", limit));
	EXPECT_EQ(0, etw_as_nobody(reg_until_refused, &limit));
	ASSERT_EQ(0, param_set("max_regs_per_user", old));
}

static int traits_until_refused(void *arg)
{
	static uint8_t blob[40000];
	int fd = etw_open(), i;
	uint8_t g[16];

	(void)arg;
	memset(blob, 'n', sizeof(blob));
	blob[0] = sizeof(blob) & 0xff;
	blob[1] = sizeof(blob) >> 8;
	blob[sizeof(blob) - 1] = 0;
	for (i = 0; i < 3; i++) {
		struct etw_set_info si;
		uint64_t r;

		etw_guid(g, 0x72, (uint8_t)i);
		r = etw_reg(fd, g, 0, NULL, NULL);
		if (!r)
			return 100 + i;
		memset(&si, 0, sizeof(si));
		si.handle = r;
		si.info_class = ETW_INFO_SET_TRAITS;
		si.length = sizeof(blob);
		si.data = (uintptr_t)blob;
		if (ioctl(fd, ETW_IOC_SET_INFO, &si))
			return i == 2 && errno == EDQUOT ? 0 : 110 + i;
	}
	return 120;	/* 120,000 bytes against a 100 KiB quota */
}

TEST_F(hard, traits_bytes_are_bounded_per_user)
{
	int old = param_get("max_traits_kb_per_user");

	ASSERT_LT(0, old);
	ASSERT_EQ(0, param_set("max_traits_kb_per_user", 100));
	EXPECT_EQ(0, etw_as_nobody(traits_until_refused, NULL));
	ASSERT_EQ(0, param_set("max_traits_kb_per_user", old));
}

static long cg_read(const char *cg, const char *file)
{
	char path[256], buf[64] = "";
	int fd;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (read(fd, buf, sizeof(buf) - 1) < 0)
		buf[0] = 0;
	close(fd);
	return atol(buf);
}

static int cg_write(const char *cg, const char *file, const char *v)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ok = write(fd, v, strlen(v)) == (ssize_t)strlen(v);
	close(fd);
	return ok ? 0 : -1;
}

/*
 * Kernel memory a process makes the module hold is charged to its memory
 * cgroup: a process in a cgroup limited to 24 MiB registers providers
 * with 60 KB traits until the kernel refuses (ENOMEM, or the cgroup's OOM
 * killer ends it), long before the 2,048 a file allows (120 MiB), and the
 * cgroup's peak usage shows what the module held for it.  Before, none of
 * it was charged: the process got all 2,048.
 */
TEST_F(hard, allocations_are_charged_to_the_memory_cgroup)
{
	const char *cg = "/sys/fs/cgroup/etw-hard";
	int go[2], res[2], status, got = -1, i;
	long peak;
	char pid[32];
	pid_t child;

	if (access("/sys/fs/cgroup/cgroup.subtree_control", W_OK))
		SKIP(return, "no cgroup2 at /sys/fs/cgroup");
	ASSERT_EQ(0, cg_write("/sys/fs/cgroup", "cgroup.subtree_control",
			      "+memory"));
	rmdir(cg);
	ASSERT_EQ(0, mkdir(cg, 0755));
	ASSERT_EQ(0, cg_write(cg, "memory.max", "25165824"));
	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(res));
	child = fork();
	ASSERT_LE(0, child);
	if (child == 0) {
		static uint8_t blob[60000];
		int fd;
		char c;

		close(go[1]);
		close(res[0]);
		if (read(go[0], &c, 1) != 1)	/* now in the cgroup */
			_exit(100);
		fd = etw_open();
		memset(blob, 'c', sizeof(blob));
		blob[0] = sizeof(blob) & 0xff;
		blob[1] = sizeof(blob) >> 8;
		blob[sizeof(blob) - 1] = 0;
		for (i = 0; i < 2048; i++) {
			struct etw_set_info si;
			uint8_t g[16];
			uint64_t r;

			etw_guid(g, 0x73, (uint8_t)i);
			g[1] = (uint8_t)(i >> 8);
			r = etw_reg(fd, g, 0, NULL, NULL);
			if (!r)
				break;
			memset(&si, 0, sizeof(si));
			si.handle = r;
			si.info_class = ETW_INFO_SET_TRAITS;
			si.length = sizeof(blob);
			si.data = (uintptr_t)blob;
			if (ioctl(fd, ETW_IOC_SET_INFO, &si))
				break;
		}
		if (write(res[1], &i, sizeof(i)) != sizeof(i))
			_exit(101);
		pause();	/* hold it all until killed */
		_exit(0);
	}
	close(go[0]);
	close(res[1]);
	snprintf(pid, sizeof(pid), "%d", child);
	ASSERT_EQ(0, cg_write(cg, "cgroup.procs", pid));
	ASSERT_EQ(1, write(go[1], "g", 1));
	/* How far it got; EOF if the cgroup's OOM killer ended it. */
	if (read(res[0], &got, sizeof(got)) != sizeof(got))
		got = -1;
	peak = cg_read(cg, "memory.peak");
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	TH_LOG("%d registrations with traits; memory.peak %ld", got, peak);
	EXPECT_GT(2048, got);
	/* What it got was charged: at least 16 MiB of the 24 MiB. */
	EXPECT_LT(16 << 20, peak);
	EXPECT_GE(25165824, peak);
	close(go[1]);
	close(res[0]);
	for (i = 0; i < 100 && rmdir(cg); i++)
		usleep(50 * 1000);
}

/* ---- 9: controllers' memory ---------------------------------------------- */

static int start_two_of_three(void *arg)
{
	const char *base = arg;
	char name[96];
	int fd = etw_open(), i;
	uint64_t h[3];

	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "%s-%d", base, i);
		h[i] = etw_start(fd, name, REAL_TIME, NULL);
		if (i < 2 && !h[i])
			return 10 + i;
	}
	if (h[2] || errno != EDQUOT)
		return 20;
	/* A session whose buffers pass the memory quota. */
	snprintf(name, sizeof(name), "%s-big", base);
	etw_stop(fd, h[0]);
	if (etw_start_geo(fd, name, REAL_TIME, 1024, 16, 16, NULL) ||
	    errno != EDQUOT)
		return 30;
	etw_stop(fd, h[1]);
	return 0;
}

/*
 * A member of the controller group may run max_sessions_per_user
 * sessions holding at most max_session_mb_per_user of buffers.
 */
TEST_F(hard, controllers_sessions_are_bounded)
{
	int gid = param_get("controller_gid");
	int ns = param_get("max_sessions_per_user");
	int mb = param_get("max_session_mb_per_user");

	/* etw_as_nobody() runs as uid and gid 65534: now a controller. */
	ASSERT_EQ(0, param_set("controller_gid", 65534));
	ASSERT_EQ(0, param_set("max_sessions_per_user", 2));
	ASSERT_EQ(0, param_set("max_session_mb_per_user", 8));
	EXPECT_EQ(0, etw_as_nobody(start_two_of_three, self->name));
	param_set("controller_gid", gid);
	param_set("max_sessions_per_user", ns);
	param_set("max_session_mb_per_user", mb);
}

/* The entries of one session and the consumers of one session. */
TEST_F(hard, entries_and_consumers_are_bounded)
{
	int ne = param_get("max_entries_per_session");
	int nc = param_get("max_consumers_per_session");
	struct etw_consumer_open co;
	int i, fds[3];
	uint8_t g[16];
	uint64_t h;

	ASSERT_EQ(0, param_set("max_entries_per_session", 16));
	ASSERT_EQ(0, param_set("max_consumers_per_session", 2));
	h = etw_start(self->fd, self->name, REAL_TIME, NULL);
	ASSERT_NE(0, h);
	for (i = 0; i < 16; i++) {
		etw_guid(g, 0x74, (uint8_t)i);
		EXPECT_EQ(0, etw_enable(self->fd, h, g, 5, 0, 0));
	}
	etw_guid(g, 0x74, 16);
	EXPECT_EQ(-1, etw_enable(self->fd, h, g, 5, 0, 0));
	EXPECT_EQ(ENOSPC, errno);
	/* Changing an existing entry needs no new one. */
	etw_guid(g, 0x74, 3);
	EXPECT_EQ(0, etw_enable(self->fd, h, g, 2, 0, 0));
	for (i = 0; i < 3; i++) {
		memset(&co, 0, sizeof(co));
		co.name = (uintptr_t)self->name;
		co.name_len = strlen(self->name);
		fds[i] = ioctl(self->fd, ETW_IOC_CONSUMER_OPEN, &co) ? -errno :
								       (int)co.fd;
	}
	EXPECT_LE(0, fds[0]);
	EXPECT_LE(0, fds[1]);
	EXPECT_EQ(-ENOSPC, fds[2]);
	close(fds[0]);
	close(fds[1]);
	EXPECT_EQ(0, etw_stop(self->fd, h));
	param_set("max_entries_per_session", ne);
	param_set("max_consumers_per_session", nc);
}

/* ---- 7: any BufferSize maps ------------------------------------------- */

/*
 * A 5 KB BufferSize: nr * 5120 bytes is not a whole number of pages, and
 * mmap(nr * size), as documented, must map them all (before: EINVAL).
 */
TEST_F(hard, consumer_maps_any_buffer_size)
{
	struct etw_consumer_open co;
	struct etw_consumer_wait w;
	uint32_t ready[64], i;
	uint64_t h, reg;
	const uint8_t *m;
	size_t len;

	ASSERT_EQ(0, rt_consumer(self->fd, self->name, self->guid, 5, 4, 9,
				 &h, &reg, &co));
	EXPECT_EQ(5120, co.buffer_size);
	len = (size_t)co.nr_buffers * co.buffer_size;
	EXPECT_NE(0, len % 4096);
	m = mmap(NULL, len, PROT_READ, MAP_SHARED, co.fd, 0);
	ASSERT_NE(MAP_FAILED, m);
	for (i = 0; i < 500; i++)
		ASSERT_EQ(0, write_seq(self->fd, reg, i));
	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)ready;
	w.ready_max = 64;
	w.flags = ETW_WAIT_F_FLUSH;
	ASSERT_EQ(0, ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w));
	ASSERT_LT(0, w.ready_count);
	/* The last buffer of the area, which ends mid-page, is readable. */
	for (i = 0; i < w.ready_count; i++) {
		const uint8_t *buf = m + (size_t)ready[i] * co.buffer_size;
		uint32_t size;

		memcpy(&size, buf, 4);	/* BufferSize of its header */
		EXPECT_EQ(5120, size);
	}
	/* The area's last byte, mid-page, is mapped: reading cannot SIGBUS. */
	(void)((volatile const uint8_t *)m)[len - 1];
	munmap((void *)m, len);
	close(co.fd);
	EXPECT_EQ(0, etw_stop(self->fd, h));
}

/* ---- 10: names cannot be probed ------------------------------------------ */

static int query_name_errno(const char *name)
{
	struct etw_session_control c;
	int fd = etw_open();

	memset(&c, 0, sizeof(c));
	c.name = (uintptr_t)name;
	c.name_len = strlen(name);
	c.code = ETW_CONTROL_QUERY;
	if (!ioctl(fd, ETW_IOC_SESSION_CONTROL, &c))
		return 0;
	return errno;
}

static int probe_names(void *arg)
{
	const char *name = arg;
	char missing[96];
	int e1, e2;

	snprintf(missing, sizeof(missing), "%s-missing", name);
	e1 = query_name_errno(name);
	e2 = query_name_errno(missing);
	return e1 == e2 && e1 == EPERM ? 0 : 10 + (e1 == e2);
}

/*
 * An unprivileged QUERY by name gets the same answer (EPERM: Windows'
 * ERROR_ACCESS_DENIED) for a session it may not control and for one that
 * does not exist (before: EPERM and ENOENT told them apart).
 */
TEST_F(hard, unprivileged_cannot_probe_session_names)
{
	uint64_t h = etw_start(self->fd, self->name, REAL_TIME, NULL);

	ASSERT_NE(0, h);
	EXPECT_EQ(0, etw_as_nobody(probe_names, self->name));
	EXPECT_EQ(ENOENT, query_name_errno("no-such-session-anywhere"));
	EXPECT_EQ(0, etw_stop(self->fd, h));
}

TEST_HARNESS_MAIN
