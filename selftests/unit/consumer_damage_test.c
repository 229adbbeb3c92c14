// SPDX-License-Identifier: GPL-2.0-only
/*
 * ProcessTrace on damaged and unusual .etl files (issue 9), through the
 * public OpenTrace / ProcessTrace / CloseTrace only:
 *  - one damaged record or buffer costs that record or that buffer, never
 *    the rest of the file: every intact buffer is delivered, in time
 *    order, and the count equals what etl_count.py --recover (a second
 *    reader written from etl-format.md alone) finds in the same bytes;
 *    ProcessTrace then says ERROR_FILE_CORRUPT;
 *  - truncation keeps the whole records of the cut buffer, duplicated
 *    buffers are delivered once, garbage at the end is ignored;
 *  - a wrapped circular file (ring buffers out of time order in the file)
 *    is delivered in time order (seed 001, rules 10 and 14);
 *  - NT Kernel Logger records get the provider GUIDs Windows consumers
 *    give them (the system-trace group table);
 *  - a TraceMessage record without a time never sorts to the top.
 * Built with ASan/UBSan where the toolchain can (consumer_damage_test.mk).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <unistd.h>
#include <sys/stat.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>
#include "shared/etw_etl.h"
#include "shared/etw_xpress.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define DATA_DIR ETL_UNIT_DIR "/../data/"
#define POWERSHELL DATA_DIR "powershell.etl"
#define PS_BSIZE 8192

/* --- files ------------------------------------------------------------------- */

#define UNIT_TMPDIR_NAME "consumer_damage"
#include "unit_tmpdir.h"

static u8 *load(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	u8 *d;

	if (!f || fstat(fileno(f), &st))
		abort();
	d = malloc(st.st_size + 65536);	/* room to append */
	if (fread(d, 1, st.st_size, f) != (size_t)st.st_size)
		abort();
	fclose(f);
	*size = st.st_size;
	return d;
}


static u16 get16(const u8 *p)
{
	return p[0] | p[1] << 8;
}

static void put16(u8 *p, u16 v)
{
	p[0] = v;
	p[1] = v >> 8;
}

static void put32(u8 *p, u32 v)
{
	put16(p, v);
	put16(p + 2, v >> 16);
}

/* Offset of record @n (0-based) of the buffer at @buf. */
static u32 rec_off(const u8 *buf, int n)
{
	u32 off = ETL_BUFFER_HEADER_SIZE;

	while (n--)
		off += ETL_ALIGN8(get16(buf + off));
	return off;
}

/* --- etl_count.py --recover -------------------------------------------------- */

static long py_recover(const char *path, const char *key)
{
	char cmd[1024], line[512];
	size_t klen = strlen(key);
	long v = -1;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "python3 '%s/etl_count.py' --recover '%s'",
		 ETL_UNIT_DIR, path);
	p = popen(cmd, "r");
	if (!p)
		return -2;
	while (fgets(line, sizeof(line), p))
		if (!strncmp(line, key, klen) && line[klen] == ' ')
			v = atol(line + klen + 1);
	if (pclose(p))
		return -3;
	return v < 0 ? 0 : v;	/* an absent counter is 0 */
}

/* --- what the callback saw ----------------------------------------------------- */

#define MAX_SEEN 8192

static struct {
	int n;
	LONGLONG ts[MAX_SEEN];
	GUID prov[MAX_SEEN];
	UCHAR opcode[MAX_SEEN];
	USHORT flags[MAX_SEEN];
	USHORT id[MAX_SEEN];
	int back;		/* events earlier than the one before */
	struct etw_trace_damage_totals dmg;	/* etw_trace_damage_totals() */
	struct etw_trace_damage first;		/* etw_trace_damage(h, 0) */
} seen;

static VOID WINAPI on_record(PEVENT_RECORD er)
{
	int i = seen.n++;

	if (i >= MAX_SEEN)
		return;
	seen.ts[i] = er->EventHeader.TimeStamp.QuadPart;
	seen.prov[i] = er->EventHeader.ProviderId;
	seen.opcode[i] = er->EventHeader.EventDescriptor.Opcode;
	seen.flags[i] = er->EventHeader.Flags;
	seen.id[i] = er->EventHeader.EventDescriptor.Id;
	if (i && seen.ts[i] < seen.ts[i - 1])
		seen.back++;
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
	lf.EventRecordCallback = on_record;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return 0xDEAD0000 | GetLastError();
	st = ProcessTrace(&h, 1, NULL, NULL);
	if (etw_trace_damage_totals(h, &seen.dmg))
		abort();
	etw_trace_damage(h, 0, &seen.first);
	CloseTrace(h);
	return st;
}

/* Records of powershell.etl, intact: 114 (etl_files_test pins it). */
#define PS_RECORDS 114

/* Run @d and check the count against etl_count.py --recover. */
static void expect_recovered(struct __test_metadata *_metadata, const char *name,
			     const u8 *d, size_t size, long want, ULONG status)
{
	const char *path = tmp_save(name, d, size);
	long py = py_recover(path, "records.total");

	EXPECT_EQ(status, run(path));
	EXPECT_EQ(want, seen.n) {
		TH_LOG("%s: delivered %d, expected %ld", name, seen.n, want);
	}
	EXPECT_EQ(py, seen.n) {
		TH_LOG("%s: etl_count.py --recover finds %ld", name, py);
	}
	EXPECT_EQ(0, seen.back);
}

/* Records of buffer @b of the intact sample, by etl_count.py. */
static long buffer_records(int b)
{
	char cmd[1024], line[512], key[32];
	size_t klen;
	long v = -1;
	FILE *p;

	snprintf(key, sizeof(key), "buffer.%d ", b);
	klen = strlen(key);
	snprintf(cmd, sizeof(cmd), "python3 '%s/etl_count.py' '%s'",
		 ETL_UNIT_DIR, POWERSHELL);
	p = popen(cmd, "r");
	if (!p)
		return -2;
	while (fgets(line, sizeof(line), p))
		if (!strncmp(line, key, klen) && strstr(line, "records="))
			v = atol(strstr(line, "records=") + 8);
	pclose(p);
	return v;
}

/* --- issue 9, defect 3: one damaged buffer must not lose the rest ----------- */

TEST(bad_record_size_costs_its_buffer_only)
{
	size_t size;
	u8 *d = load(POWERSHELL, &size);
	u8 *b2 = d + 2 * PS_BSIZE;
	long nrec = buffer_records(2);

	ASSERT_LT(1, nrec);
	/* the first record of buffer 2 runs past the buffer */
	put16(b2 + ETL_BUFFER_HEADER_SIZE, 0xFFF0);
	expect_recovered(_metadata, "size.etl", d, size, PS_RECORDS - nrec,
			 ERROR_FILE_CORRUPT);
	/* issue 9, defect 4: what was skipped, where and why */
	EXPECT_EQ(1, seen.dmg.damages);
	EXPECT_EQ(1, seen.dmg.tails);
	EXPECT_EQ(ETW_DAMAGE_TAIL, seen.first.kind);
	EXPECT_EQ(2, seen.first.buffer);
	EXPECT_EQ(2 * PS_BSIZE + ETL_BUFFER_HEADER_SIZE, seen.first.file_offset);
	EXPECT_NE(NULL, strstr(seen.first.reason, "record runs past the filled bytes"));
	free(d);
}

TEST(bad_extended_item_costs_its_record_only)
{
	size_t size;
	u8 *d = load(POWERSHELL, &size);
	u8 *b3 = d + 3 * PS_BSIZE;
	u32 off = rec_off(b3, 1);

	/*
	 * EXTENDED_INFO set on a record that has no items: its "first item"
	 * is payload bytes whose ItemSize does not fit (Size is intact).
	 */
	ASSERT_FALSE(get16(b3 + off + 4) & ETL_EH_FLAG_EXTENDED_INFO);
	put16(b3 + off + 4, get16(b3 + off + 4) | ETL_EH_FLAG_EXTENDED_INFO);
	put16(b3 + off + 80, 3);
	expect_recovered(_metadata, "ext.etl", d, size, PS_RECORDS - 1,
			 ERROR_FILE_CORRUPT);
	EXPECT_EQ(1, seen.dmg.records);
	EXPECT_EQ(ETW_DAMAGE_RECORD, seen.first.kind);
	EXPECT_EQ(py_recover(tmp_save("ext.etl", d, size), "skipped.records"),
		  seen.dmg.records);
	free(d);
}

TEST(bad_buffer_headers_cost_those_buffers_only)
{
	size_t size;
	u8 *d = load(POWERSHELL, &size);
	long lost = buffer_records(5) + buffer_records(9) + buffer_records(12);

	ASSERT_LT(3, lost);
	/* buffer 5: absurd BufferSize; buffer 9: Offset and SavedOffset bad */
	put32(d + 5 * PS_BSIZE, 13);
	put32(d + 9 * PS_BSIZE + 0x30, 3);
	put32(d + 9 * PS_BSIZE + 0x04, 0xFFFFFFF0);
	/* buffer 12: zeroed header */
	memset(d + 12 * PS_BSIZE, 0, ETL_BUFFER_HEADER_SIZE);
	expect_recovered(_metadata, "hdr.etl", d, size, PS_RECORDS - lost,
			 ERROR_FILE_CORRUPT);
	EXPECT_EQ(3, seen.dmg.buffers);
	EXPECT_EQ(py_recover(tmp_save("hdr.etl", d, size), "skipped.buffers"),
		  seen.dmg.buffers);
	free(d);
}

/* A recovery run per cut, each checked against the Python reader: more
 * than the harness's default 30 s under ASan on a busy host. */
FIXTURE(cut) {};
FIXTURE_SETUP(cut) {}
FIXTURE_TEARDOWN(cut) {}

TEST_F_TIMEOUT(cut, truncation_keeps_whole_records, 180)
{
	size_t size;
	u8 *d = load(POWERSHELL, &size);
	long want = buffer_records(0), at10;
	size_t cut;

	/* At every buffer boundary: the buffers before it, all of them. */
	for (cut = PS_BSIZE; cut < size; cut += PS_BSIZE) {
		const char *path = tmp_save("cut.etl", d, cut);

		EXPECT_EQ(ERROR_FILE_CORRUPT, run(path));
		EXPECT_EQ(py_recover(path, "records.total"), seen.n);
		EXPECT_EQ(want, seen.n);
		want += buffer_records(cut / PS_BSIZE);
	}
	for (at10 = 0, cut = 0; cut < 10; cut++)
		at10 += buffer_records(cut);
	/* Inside buffer 10: the records of it that lie wholly before the cut. */
	for (cut = 10 * PS_BSIZE + 80; cut < 11 * PS_BSIZE; cut += 997) {
		const char *path = tmp_save("cut2.etl", d, cut);

		EXPECT_EQ(ERROR_FILE_CORRUPT, run(path));
		EXPECT_EQ(py_recover(path, "records.total"), seen.n) {
			TH_LOG("cut at %zu", cut);
		}
		EXPECT_LE(at10, seen.n);
		EXPECT_EQ(0, seen.back);
	}
	free(d);
}

TEST(duplicate_buffer_and_trailing_garbage)
{
	size_t size;
	u8 *d = load(POWERSHELL, &size);
	size_t i;

	/* buffer 4 written twice (the copy at the end), then 3,001 bytes */
	memcpy(d + size, d + 4 * PS_BSIZE, PS_BSIZE);
	for (i = 0; i < 3001; i++)
		d[size + PS_BSIZE + i] = (u8)(i * 37 + 11);
	expect_recovered(_metadata, "dup.etl", d, size + PS_BSIZE + 3001,
			 PS_RECORDS, ERROR_FILE_CORRUPT);
	EXPECT_EQ(1, seen.dmg.duplicates);
	EXPECT_EQ(py_recover(tmp_save("dup.etl", d, size + PS_BSIZE + 3001),
			     "skipped.duplicates"), seen.dmg.duplicates);
	free(d);
}

TEST(intact_file_is_not_corrupt)
{
	size_t size;
	u8 *d = load(POWERSHELL, &size);

	expect_recovered(_metadata, "ok.etl", d, size, PS_RECORDS, ERROR_SUCCESS);
	free(d);
}

/* --- compressed files (issue 9, defect 7) ------------------------------------ */

/*
 * powershell.etl as an EVENT_TRACE_COMPRESSED_MODE file: buffer 0 as it
 * is (the mode bit set in its header), then every buffer compressed with
 * the shared writer, back to back.  Returns the size; *@offs gets each
 * buffer's offset.
 */
static size_t compress_sample(const u8 *d, size_t size, u8 *out, u32 *offs)
{
	static u8 work[ETL_XPRESS_WORKSPACE];
	size_t pos = PS_BSIZE, b;
	u32 mode;

	memcpy(out, d, PS_BSIZE);
	/* LogFileMode of the logfile header (etl-format 4: +0x20 of it) */
	memcpy(&mode, out + 72 + 32 + 0x20, 4);
	mode |= 0x04000000;
	memcpy(out + 72 + 32 + 0x20, &mode, 4);
	offs[0] = 0;
	for (b = 1; b < size / PS_BSIZE; b++) {
		int n = etl_buffer_compress(d + b * PS_BSIZE, out + pos, PS_BSIZE, work);

		offs[b] = pos;
		if (n < 0) {
			memcpy(out + pos, d + b * PS_BSIZE, PS_BSIZE);
			n = PS_BSIZE;
		}
		pos += n;
	}
	return pos;
}

TEST(compressed_file_reads_like_the_original)
{
	size_t size, csize;
	u8 *d = load(POWERSHELL, &size), *c = malloc(size);
	u32 offs[64];
	LONGLONG ts[PS_RECORDS];
	const char *path;
	int i;

	ASSERT_EQ(ERROR_SUCCESS, run(tmp_save("plain.etl", d, size)));
	ASSERT_EQ(PS_RECORDS, seen.n);
	memcpy(ts, seen.ts, sizeof(ts));
	csize = compress_sample(d, size, c, offs);
	TH_LOG("%zu bytes compressed to %zu", size, csize);
	EXPECT_GT(size / 2, csize);
	path = tmp_save("compressed.etl", c, csize);
	EXPECT_EQ(ERROR_SUCCESS, run(path));
	EXPECT_EQ(PS_RECORDS, seen.n);
	for (i = 1; i < PS_RECORDS && i < seen.n; i++)
		EXPECT_EQ(ts[i], seen.ts[i]);
	/* etl_count.py decompresses with its own XPRESS decoder */
	EXPECT_EQ(PS_RECORDS, py_recover(path, "records.total"));
	free(c);
	free(d);
}

TEST(damaged_compressed_buffers_cost_only_themselves)
{
	size_t size, csize;
	u8 *d = load(POWERSHELL, &size), *c = malloc(size);
	u32 offs[64];
	long lost = buffer_records(5) + buffer_records(9);

	csize = compress_sample(d, size, c, offs);
	/* buffer 5: BufferSize gone, so where buffer 6 starts is unknown */
	put32(c + offs[5], 3);
	/* buffer 9: its XPRESS data cut short */
	memset(c + offs[9] + ETL_BUFFER_HEADER_SIZE, 0xFF, 16);
	expect_recovered(_metadata, "cdamage.etl", c, csize, PS_RECORDS - lost,
			 ERROR_FILE_CORRUPT);
	EXPECT_EQ(2, seen.dmg.buffers);
	free(c);
	free(d);
}

/* --- synthetic files ------------------------------------------------------------- */

#define SB 1024
#define T0 133000000000000000ULL
#define FREQ 10000000ULL	/* raw time = FILETIME - T0 + BASE */
#define BASE 5000ULL

struct wfile {
	u8 *img;
	u32 nbuf;
};

#define WF_MAX 16

/* Buffers stay where they are: the image is allocated once. */
static u8 *wf_buffer(struct wfile *w)
{
	if (w->nbuf == WF_MAX)
		abort();
	return w->img + (size_t)w->nbuf++ * SB;
}

static u64 raw_of(u64 ft)
{
	return ft - T0 + BASE;
}

static void wf_begin(struct wfile *w, u32 mode)
{
	struct etl_logfile_params p;

	memset(w, 0, sizeof(*w));
	w->img = calloc(WF_MAX, SB);
	memset(&p, 0, sizeof(p));
	p.buffer_size = SB;
	p.nr_processors = 4;
	p.log_file_mode = mode;
	p.cpu_mhz = 1000;
	p.perf_freq = FREQ;
	p.start_time = T0;
	p.start_raw = BASE;
	p.clock_type = ETL_CLOCK_QPC;
	p.logger_name = "synthetic";
	p.logger_name_len = 9;
	p.log_file_name = "/tmp/s.etl";
	p.log_file_name_len = 10;
	if (etl_header_buffer_write(wf_buffer(w), SB, 7, &p))
		abort();
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

/* A SYSTEM64 record with hook @hook at @ft (kernel events). */
static u32 put_sys(u8 *at, u64 ft, u16 hook)
{
	struct etl_system_header *s = (void *)at;

	memset(s, 0, sizeof(*s) + 8);
	s->version = 2;
	s->header_type = ETL_HEADER_TYPE_SYSTEM64;
	s->marker_flags = ETL_MARKER_FLAGS;
	s->size = sizeof(*s) + 8;
	s->hook_id = hook;
	s->system_time = raw_of(ft);
	return sizeof(*s) + 8;
}

/* Issue 9, defect 5: a wrapped ring; seed 001, rules 10 and 14. */
TEST(wrapped_circular_file_in_time_order)
{
	/*
	 * Buffer 0, then a ring of 6 slots that wrapped: the newest
	 * buffers (sequence 7, 8) overwrote slots 1 and 2, so in file
	 * order each CPU's stream goes 7 8 3 4 5 6 in sequence, and its
	 * first buffers hold the latest events.
	 */
	static const u32 seqs[] = { 7, 8, 3, 4, 5, 6 };
	struct wfile w;
	int s, e;

	wf_begin(&w, 0x2);
	for (s = 0; s < 6; s++) {
		u32 seq = seqs[s], off = ETL_BUFFER_HEADER_SIZE;
		u8 *b = wf_buffer(&w);
		u16 cpu = seq % 2;

		etl_buffer_init(b, SB, cpu, 7, ETL_BUFFER_TYPE_GENERIC);
		for (e = 0; e < 4; e++)
			off += put_ev(b + off, T0 + 1000 * seq + 10 * e + cpu,
				      seq * 10 + e);
		etl_buffer_seal(b, off, raw_of(T0 + 1000 * seq + 100), seq, 0);
	}
	ASSERT_EQ(ERROR_SUCCESS, run(tmp_save("ring.etl", w.img, (size_t)w.nbuf * SB)));
	ASSERT_EQ(1 + 6 * 4, seen.n);
	EXPECT_EQ(0, seen.back);
	for (e = 2; e < seen.n; e++)
		EXPECT_LT(seen.id[e - 1], seen.id[e]);
	free(w.img);
}

/* Issue 9, defect 6: the system-trace group GUIDs. */
TEST(kernel_events_get_windows_guids)
{
	static const struct {
		u16 hook;
		const char *guid;
	} k[] = {
		{ 0x0301, "3d6fa8d0-fe05-11d0-9dda-00c04fd7ba7c" },	/* Process */
		{ 0x030A, "2cb15d1d-5fc1-11d2-abe1-00a0c911f518" },	/* Process/10: image load */
		{ 0x1402, "2cb15d1d-5fc1-11d2-abe1-00a0c911f518" },	/* Image */
		{ 0x0524, "3d6fa8d1-fe05-11d0-9dda-00c04fd7ba7c" },	/* Thread CSwitch */
		{ 0x010A, "3d6fa8d4-fe05-11d0-9dda-00c04fd7ba7c" },	/* DiskIo */
		{ 0x0220, "3d6fa8d3-fe05-11d0-9dda-00c04fd7ba7c" },	/* PageFault */
		{ 0x0440, "90cbdc39-4a3e-11d1-84f4-0000f80464e3" },	/* FileIo */
		{ 0x060A, "9a280ac0-c8e0-11d1-84e2-00c04fb998a2" },	/* TcpIp */
		{ 0x0701, "3282fc76-feed-498e-8aa7-e70f459d430e" },	/* Job */
		{ 0x080A, "bf3a50c5-a9c9-4988-a005-2df0b7c80f80" },	/* UdpIp */
		{ 0x090A, "ae53722e-c863-11d2-8659-00c04fa321a1" },	/* Registry */
		{ 0x0A20, "13976d09-a327-438c-950b-7f03192815c7" },	/* DbgPrint */
		{ 0x0B0A, "01853a65-418f-4f36-aefc-dc0f1d2fd235" },	/* EventTraceConfig */
		{ 0x0D20, "42695762-ea50-497a-9068-5cbbb35e0b95" },	/* Wnf */
		{ 0x0E20, "0268a8b6-74fd-4302-9dd0-6e8f1795c0cf" },	/* Pool */
		{ 0x0F2E, "ce1dbfb4-137e-4da6-87b0-3f59aa102cbc" },	/* PerfInfo */
		{ 0x1020, "222962ab-6180-4b88-a825-346b75f2a24a" },	/* Heap */
		{ 0x1120, "89497f50-effe-4440-8cf2-ce6b1cdcaca7" },	/* Object */
		{ 0x1220, "e43445e0-0903-48c3-b878-ff0fccebdd04" },	/* Power */
		{ 0x1320, "a9152f00-3f58-4bee-92a1-70c7d079d5dd" },	/* ModBound */
		{ 0x1520, "b2d14872-7c5b-463d-8419-ee9bf7d23e04" },	/* Dpc */
		{ 0x1620, "7687a439-f752-45b8-b741-321aec0f8df9" },	/* Cc */
		{ 0x1720, "3ac66736-cc59-4cff-8115-8df50e39816b" },	/* CritSec */
		{ 0x1820, "def2fe46-7bd6-4b80-bd94-f57fe20d0ce3" },	/* StackWalk */
		{ 0x1920, "9aec974b-5b8e-4118-9b92-3186d8002ce5" },	/* Ums */
		{ 0x1A21, "45d8cccd-539f-4b72-a8b7-5c683142609a" },	/* ALPC */
		{ 0x1B20, "d837ca92-12b9-44a5-ad6a-3a65b3578aa8" },	/* SplitIo */
		{ 0x1C20, "c861d0e2-a2c1-4d36-9f9c-970bab943a12" },	/* ThreadPool */
		{ 0x1D20, "7f2a405c-69b5-4bf9-a1f5-30e8f1afab5e" },	/* Hypervisor */
		{ 0x1E20, "2ce9a149-effe-42f0-a635-a1d39e26c8f2" },	/* HypervisorX */
	};
	const int n = sizeof(k) / sizeof(k[0]);
	struct wfile w;
	u32 off = 0;
	u8 *b = NULL;
	char g[40];
	int i;

	wf_begin(&w, 0x1);
	for (i = 0; i < n; i++) {
		if (!(i % 16)) {
			if (b)
				etl_buffer_seal(b, off, raw_of(T0 + i), i, 0);
			b = wf_buffer(&w);
			etl_buffer_init(b, SB, 0, 7, ETL_BUFFER_TYPE_GENERIC);
			off = ETL_BUFFER_HEADER_SIZE;
		}
		off += put_sys(b + off, T0 + i, k[i].hook);
	}
	etl_buffer_seal(b, off, raw_of(T0 + 100), 99, 0);
	ASSERT_EQ(ERROR_SUCCESS, run(tmp_save("kernel.etl", w.img, (size_t)w.nbuf * SB)));
	ASSERT_EQ(1 + n, seen.n);
	for (i = 0; i < n; i++) {
		const GUID *x = &seen.prov[1 + i];

		snprintf(g, sizeof(g), "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 x->Data1, x->Data2, x->Data3, x->Data4[0], x->Data4[1],
			 x->Data4[2], x->Data4[3], x->Data4[4], x->Data4[5],
			 x->Data4[6], x->Data4[7]);
		EXPECT_STREQ(k[i].guid, g) {
			TH_LOG("hook 0x%04x", k[i].hook);
		}
		EXPECT_EQ(k[i].hook & 0xFF, seen.opcode[1 + i]);
	}
	free(w.img);
}

/* Issue 9, defect 9: a message without TRACE_MESSAGE_TIMESTAMP. */
TEST(message_without_time_is_not_first)
{
	struct etl_rec_message m = { 0 };
	struct wfile w;
	u8 *b0, *b1, *b2;
	u32 o0 = ETL_BUFFER_HEADER_SIZE, o1 = ETL_BUFFER_HEADER_SIZE;
	u32 o2 = ETL_BUFFER_HEADER_SIZE, size;

	wf_begin(&w, 0x1);
	b0 = wf_buffer(&w);
	b1 = wf_buffer(&w);
	b2 = wf_buffer(&w);
	etl_buffer_init(b0, SB, 0, 7, ETL_BUFFER_TYPE_GENERIC);
	etl_buffer_init(b1, SB, 1, 7, ETL_BUFFER_TYPE_GENERIC);
	etl_buffer_init(b2, SB, 2, 7, ETL_BUFFER_TYPE_GENERIC);
	/* CPU 0: events at T0 + 10 and T0 + 20 */
	o0 += put_ev(b0 + o0, T0 + 10, 1);
	o0 += put_ev(b0 + o0, T0 + 20, 2);
	etl_buffer_seal(b0, o0, raw_of(T0 + 25), 1, 0);
	/* CPU 1: a timeless message, then an event at T0 + 30 */
	m.option_flags = ETL_MSG_SYSTEMINFO;
	m.message_number = 3;
	size = etl_message_header_size(m.option_flags);
	etl_message_put_header(b1 + o1, size, &m, 0, 1, 2);
	o1 += ETL_ALIGN8(size);
	o1 += put_ev(b1 + o1, T0 + 30, 4);
	etl_buffer_seal(b1, o1, raw_of(T0 + 35), 2, 0);
	/* CPU 2: only a timeless message, in a buffer flushed at T0 + 40 */
	m.message_number = 5;
	etl_message_put_header(b2 + o2, size, &m, 0, 1, 2);
	o2 += ETL_ALIGN8(size);
	etl_buffer_seal(b2, o2, raw_of(T0 + 40), 3, 0);

	ASSERT_EQ(ERROR_SUCCESS, run(tmp_save("msg.etl", w.img, (size_t)w.nbuf * SB)));
	ASSERT_EQ(6, seen.n);
	EXPECT_EQ(0, seen.back);
	EXPECT_EQ(1, seen.id[1]);
	EXPECT_EQ(2, seen.id[2]);
	/* the message takes the time of the event after it in its buffer */
	EXPECT_EQ(3, seen.id[3]);
	EXPECT_EQ((LONGLONG)(T0 + 30), seen.ts[3]);
	EXPECT_EQ(4, seen.id[4]);
	/* alone in its buffer: the buffer's flush time */
	EXPECT_EQ(5, seen.id[5]);
	EXPECT_EQ((LONGLONG)(T0 + 40), seen.ts[5]);
	free(w.img);
}

TEST_HARNESS_MAIN
