// SPDX-License-Identifier: GPL-2.0-only
/*
 * ProcessTrace reads a file as it goes (issue 30, "streamed files"): the
 * first event arrives before the file has been read, and what is
 * resident stays bounded whatever the file's size.  The file is many
 * copies of shutdown_kernel.etl's buffers (a real NT Kernel Logger
 * trace), 76 MB: at its first event and all along ProcessTrace may hold
 * a few megabytes of it, not the file (before, OpenTrace mapped it and
 * ProcessTrace walked every record before the first event: the whole
 * file resident).  Every event still comes, in time order (seed 001,
 * rule 10).  And the streams a file's buffers are put in by their
 * headers stay in time order when a buffer's flush time comes before its
 * last event (a timestamp override, seed 001 rule 13).  Built without
 * sanitizers, so that the resident memory is the library's alone.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include "shared/etw_etl.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define SHUTDOWN ETL_UNIT_DIR "/../data/shutdown_kernel.etl"
#define SB 65536		/* its buffers */
#define COPIES 24
#define BOUND_KIB (16 * 1024)	/* resident beyond what was before */

/* Resident kilobytes of this process (VmRSS: its file pages included). */
static long rss_kib(void)
{
	char buf[4096], *p;
	ssize_t n;
	int fd = open("/proc/self/status", O_RDONLY);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "VmRSS:");
	return p ? atol(p + 6) : -1;
}

static struct {
	unsigned long long n;
	long base, first, most;
	LONGLONG last;
	unsigned long long back;	/* events earlier than the one before */
} seen;

static VOID WINAPI on_event(PEVENT_RECORD er)
{
	LONGLONG t = er->EventHeader.TimeStamp.QuadPart;

	if (!seen.n || !(seen.n & 1023)) {
		long r = rss_kib();

		if (!seen.n)
			seen.first = r;
		if (r > seen.most)
			seen.most = r;
	}
	if (seen.n && t < seen.last)
		seen.back++;
	seen.last = t;
	seen.n++;
}

/*
 * @path: buffer 0 of the trace, then COPIES copies of its other buffers,
 * each copy's buffers numbered on (so none is a duplicate).  Returns the
 * events a reader finds: the header buffer's once, the others COPIES
 * times (ProcessTrace of the original gives the per-copy count).
 */
static void make_copies(const char *path)
{
	FILE *in = fopen(SHUTDOWN, "rb"), *out = fopen(path, "wb");
	static unsigned char buf[SB];
	struct stat st;
	long nbuf, i, k;

	if (!in || !out || fstat(fileno(in), &st))
		abort();
	nbuf = st.st_size / SB;
	for (k = 0; k < COPIES; k++) {
		for (i = k ? 1 : 0; i < nbuf; i++) {
			long long seq;

			if (fseek(in, i * SB, SEEK_SET) || fread(buf, 1, SB, in) != SB)
				abort();
			memcpy(&seq, buf + 0x18, 8);
			seq += k * 1000;
			memcpy(buf + 0x18, &seq, 8);
			if (fwrite(buf, 1, SB, out) != SB)
				abort();
		}
	}
	fclose(in);
	if (fclose(out))
		abort();
}

static ULONG run(const char *path)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	ULONG st;

	memset(&seen, 0, sizeof(seen));
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = (LPSTR)path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = on_event;
	seen.base = rss_kib();
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return 0xDEAD0000 | GetLastError();
	st = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	return st;
}

TEST(big_file_is_read_as_it_goes)
{
	char path[] = "/tmp/consumer_stream.XXXXXX";
	unsigned long long one;
	struct stat st;
	int fd = mkstemp(path);

	ASSERT_LE(0, fd);
	close(fd);
	ASSERT_EQ(ERROR_SUCCESS, run(SHUTDOWN));
	one = seen.n;
	make_copies(path);
	ASSERT_EQ(0, stat(path, &st));
	ASSERT_EQ(ERROR_SUCCESS, run(path));
	unlink(path);
	TH_LOG("%lld MB file: resident %ld KiB before OpenTrace, %ld at the first event, "
	       "%ld at most", (long long)st.st_size >> 20, seen.base, seen.first, seen.most);
	/* the header buffer's 3 events once, the rest once per copy */
	EXPECT_EQ(3 + COPIES * (one - 3), seen.n);
	EXPECT_EQ(0, seen.back);
	EXPECT_GT(st.st_size / 1024, 4 * BOUND_KIB);
	EXPECT_LT(seen.first - seen.base, BOUND_KIB);
	EXPECT_LT(seen.most - seen.base, BOUND_KIB);
}

/* --- a buffer whose last event is after its flush time --------------------- */

#define SSB 1024
#define T0 133000000000000000ULL
#define BASE 5000ULL		/* raw time = FILETIME - T0 + BASE (10 MHz) */

static u64 raw_of(u64 ft)
{
	return ft - T0 + BASE;
}

/* An EVENT_HEADER64 record with Id @id at FILETIME @ft. */
static u32 put_ev(u8 *at, u64 ft, u16 id)
{
	struct etl_event_header *e = (void *)at;

	memset(e, 0, sizeof(*e));
	e->size = sizeof(*e);
	e->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	e->marker_flags = ETL_MARKER_FLAGS;
	e->timestamp = raw_of(ft);
	e->provider_id[0] = 0xAB;
	e->id = id;
	return sizeof(*e);
}

static USHORT order[16];
static int norder;

static VOID WINAPI on_order(PEVENT_RECORD er)
{
	if (norder < 16)
		order[norder++] = er->EventHeader.EventDescriptor.Id;
}

/* One buffer of a test file: its CPU, flush time and events (id, time). */
struct obuf {
	u16 cpu;
	u64 flush;
	u16 n;
	u16 id[3];
	u64 t[3];
};

/*
 * Write @nb buffers (times after T0) to a file and read it back through
 * ProcessTrace: the ids in delivery order land in order[], the header
 * event first.
 */
static int read_back(const struct obuf *b, int nb)
{
	struct etl_logfile_params p;
	char path[] = "/tmp/consumer_order.XXXXXX";
	u8 img[8 * SSB];
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	int fd = mkstemp(path), i, k;
	ULONG rc;

	if (fd < 0 || nb > 7)
		return -1;
	memset(&p, 0, sizeof(p));
	p.buffer_size = SSB;
	p.nr_processors = 2;
	p.log_file_mode = 0x1;
	p.cpu_mhz = 1000;
	p.perf_freq = 10000000;
	p.start_time = T0;
	p.start_raw = BASE;
	p.clock_type = ETL_CLOCK_QPC;
	p.logger_name = "order";
	p.logger_name_len = 5;
	memset(img, 0, sizeof(img));
	if (etl_header_buffer_write(img, SSB, 7, &p))
		return -1;
	for (i = 0; i < nb; i++) {
		u8 *buf = img + (i + 1) * SSB;
		u32 off = ETL_BUFFER_HEADER_SIZE;

		etl_buffer_init(buf, SSB, b[i].cpu, 7, ETL_BUFFER_TYPE_GENERIC);
		for (k = 0; k < b[i].n; k++)
			off += put_ev(buf + off, T0 + b[i].t[k], b[i].id[k]);
		etl_buffer_seal(buf, off, raw_of(T0 + b[i].flush), i + 1, 0);
	}
	if (write(fd, img, (nb + 1) * SSB) != (nb + 1) * SSB)
		return -1;
	close(fd);
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = on_order;
	norder = 0;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	rc = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	unlink(path);
	return rc == ERROR_SUCCESS ? 0 : -1;
}

TEST(flush_before_last_event_keeps_order)
{
	/*
	 * CPU 0: buffer A holds events 1 (T0+10), 2 (+20) and 5 (+50, an
	 * override) but says it was flushed at +30; buffer B follows it
	 * (3 at +40, 6 at +60).  CPU 1: 4 at +45.  By their headers A and B
	 * are one stream; by their events they overlap.
	 */
	static const struct obuf b[] = {
		{ 0, 30, 3, { 1, 2, 5 }, { 10, 20, 50 } },
		{ 0, 70, 2, { 3, 6 }, { 40, 60 } },
		{ 1, 80, 1, { 4 }, { 45 } },
	};
	int i;

	ASSERT_EQ(0, read_back(b, 3));
	/* the header event, then 1..6 */
	ASSERT_EQ(7, norder);
	for (i = 1; i < 7; i++)
		EXPECT_EQ(i, order[i]);
}

TEST(equal_times_in_two_chains_keep_file_order)
{
	/*
	 * Seed 001, rule 14, with equal times: CPU 0's buffers P and Q
	 * overlap (two chains); A joins Q's chain, and says it was flushed
	 * at +50, after B's first event (+30, the time of A's last): B
	 * starts P's chain again.  Events 5 (A) and 6 (B) have one time:
	 * they come in the order of their buffers in the file, as the
	 * writer wrote them (the stream order put B's first: etw.ko's fast
	 * streams once wrote such flush times, consumer_test
	 * kernel_written_file_and_real_time).
	 */
	static const struct obuf b[] = {
		{ 0, 15, 1, { 1 }, { 10 } },		/* P */
		{ 0, 16, 2, { 2, 3 }, { 12, 14 } },	/* Q */
		{ 0, 50, 2, { 4, 5 }, { 20, 30 } },	/* A */
		{ 0, 60, 2, { 6, 7 }, { 30, 40 } },	/* B */
	};
	int i;

	ASSERT_EQ(0, read_back(b, 4));
	ASSERT_EQ(8, norder);
	for (i = 1; i < 8; i++)
		EXPECT_EQ(i, order[i]);
}

TEST_HARNESS_MAIN
