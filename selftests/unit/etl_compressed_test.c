// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compressed .etl files (EVENT_TRACE_COMPRESSED_MODE) in the layouts
 * Windows writes them (issue 31, point 1; etl-format.rst, "Compressed
 * buffers"), built from powershell.etl, a real Windows file:
 *
 *  - Windows' relogger (the compressed files of wpr, xperf -merge,
 *    tracerpt and ITraceRelogger; LogFileMode has RELOG_MODE): buffer 0
 *    cut to its filled bytes (BufferSize = Offset), then each buffer's
 *    records compressed behind a copy of its header, back to back, with
 *    the extent in Offset alone (SavedOffset is the source buffer's,
 *    often 0); a buffer that does not shrink stored as it is, cut to its
 *    filled bytes; the last BufferSize block written whole, so stale
 *    bytes of the staging buffer follow the BuffersWritten buffers;
 *  - Windows' kernel (sequential file sessions): every buffer's whole
 *    body, records and 0xFF tail, compressed, SavedOffset =
 *    CurrentOffset = Offset = BufferSize; and the writer's compressed
 *    form (etl_buffer_compress()), which must be that layout byte for
 *    byte.
 *
 * Each file must deliver through OpenTrace/ProcessTrace exactly the
 * events of powershell.etl, in order, with no damage reported, and
 * etl_count.py (the independent reader) must count the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <unistd.h>
#include <sys/stat.h>
#include <libfwnt.h>

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
#define POWERSHELL ETL_UNIT_DIR "/../data/powershell.etl"
#define PS_BSIZE 8192
#define PS_RECORDS 114		/* etl_files_test pins it */

/* TRACE_LOGFILE_HEADER.LogFileMode, EndTime, BuffersWritten (etl-format 4) */
#define LFH(x)		(72 + 32 + (x))
#define MODE_COMPRESSED	0x04000000u
#define MODE_RELOG	0x00010000u

#define UNIT_TMPDIR_NAME "etl_compressed"
#include "unit_tmpdir.h"

static u8 *load(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	u8 *d;

	if (!f || fstat(fileno(f), &st))
		abort();
	d = malloc(st.st_size);
	if (!d || fread(d, 1, st.st_size, f) != (size_t)st.st_size)
		abort();
	fclose(f);
	*size = st.st_size;
	return d;
}


static u32 get32(const u8 *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static void put32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

/* --- what ProcessTrace delivers --------------------------------------------- */

struct seen {
	int n;
	LONGLONG ts[512];
	USHORT id[512];
	u64 data;		/* a hash of every UserData but the header's */
	struct etw_trace_damage_totals dmg;
};

static struct seen seen;

static VOID WINAPI on_record(PEVENT_RECORD er)
{
	const u8 *p = er->UserData;
	int i = seen.n++, k;

	if (i < 512) {
		seen.ts[i] = er->EventHeader.TimeStamp.QuadPart;
		seen.id[i] = er->EventHeader.EventDescriptor.Id;
	}
	/* the header event's: LogFileMode and BuffersWritten differ */
	for (k = 0; i && k < er->UserDataLength; k++)
		seen.data = (seen.data ^ p[k]) * 0x100000001B3ULL;
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
	CloseTrace(h);
	return st;
}

/* etl_count.py's count of @key in @path (plain walk, or --recover). */
static long py_count(const char *path, const char *key, bool recover)
{
	char cmd[1024], line[512];
	size_t klen = strlen(key);
	long v = -1;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "python3 '%s/etl_count.py' %s '%s'", ETL_UNIT_DIR,
		 recover ? "--recover" : "", path);
	p = popen(cmd, "r");
	if (!p)
		return -2;
	while (fgets(line, sizeof(line), p))
		if (!strncmp(line, key, klen) && line[klen] == ' ')
			v = atol(line + klen + 1);
	if (pclose(p))
		return -3;
	return v;
}

/* The file at @path delivers powershell.etl's events, undamaged. */
static void expect_like_original(struct __test_metadata *_metadata,
				 const char *path, const struct seen *orig)
{
	int i;

	EXPECT_EQ(ERROR_SUCCESS, run(path));
	EXPECT_EQ(PS_RECORDS, seen.n);
	for (i = 0; i < PS_RECORDS && i < seen.n; i++) {
		EXPECT_EQ(orig->ts[i], seen.ts[i]);
		EXPECT_EQ(orig->id[i], seen.id[i]);
	}
	EXPECT_EQ(orig->data, seen.data);
	EXPECT_EQ(0, seen.dmg.buffers);
	EXPECT_EQ(0, seen.dmg.records + seen.dmg.tails + seen.dmg.duplicates);
	EXPECT_EQ(PS_RECORDS, py_count(path, "records.total", false));
	EXPECT_EQ(PS_RECORDS, py_count(path, "records.total", true));
	EXPECT_EQ(-1, py_count(path, "skipped.buffers", true));
}

static u8 work[ETL_XPRESS_WORKSPACE];

/* XPRESS-compress @n bytes at @in to @out (room @cap); -1 if no smaller. */
static int xpress(const u8 *in, u32 n, u8 *out, u32 cap)
{
	int c = etl_xpress_compress(in, n, out, cap < n - 1 ? cap : n - 1, work);

	return c < 0 ? -1 : c;
}

/*
 * powershell.etl as Windows' relogger writes a compressed file
 * (EtwpWriteBufferCompressed of ntdll: a staging buffer of BufferSize
 * bytes filled with each flushed buffer, compressed behind a copy of its
 * header when that fits, else copied cut to its filled bytes; written a
 * BufferSize block at a time).  @stored: the buffer kept uncompressed.
 */
static size_t relogged(const u8 *d, size_t size, u8 *out, u32 stored,
		       size_t *data_end)
{
	u32 nbuf = size / PS_BSIZE, b, mode;
	size_t pos, end;

	/* buffer 0, the header buffer, copied cut to its filled bytes */
	pos = get32(d + 0x30);
	memcpy(out, d, pos);
	put32(out, pos);
	mode = get32(out + LFH(0x20)) | MODE_COMPRESSED | MODE_RELOG;
	put32(out + LFH(0x20), mode);
	for (b = 1; b < nbuf; b++) {
		const u8 *src = d + (size_t)b * PS_BSIZE;
		u32 filled = get32(src + 0x30);
		int n = b == stored ? -1 :
			xpress(src + 72, filled - 72, out + pos + 72, PS_BSIZE);

		if (n < 0) {
			memcpy(out + pos, src, filled);
			put32(out + pos, filled);
			pos += filled;
			continue;
		}
		memcpy(out + pos, src, 72);
		put32(out + pos, 72 + n);
		out[pos + 0x34] |= ETL_BUFFER_FLAG_COMPRESSED;
		/* the source buffer's SavedOffset: 0 until a buffer is full */
		if (b % 2)
			put32(out + pos + 4, 0);
		pos += 72 + n;
	}
	/* BuffersWritten counts buffer 0 and every buffer behind it */
	put32(out + LFH(0x24), nbuf);
	if (data_end)
		*data_end = pos;
	/* the last block whole: the staging buffer's older bytes follow */
	end = (pos + PS_BSIZE - 1) / PS_BSIZE * PS_BSIZE;
	for (; pos < end; pos++)
		out[pos] = out[pos - PS_BSIZE];
	return end;
}

/*
 * powershell.etl as Windows' kernel writes a compressed sequential file
 * (EtwpFileModeCompress of ntoskrnl): buffer 0 as it is, then each
 * buffer's whole body (records and 0xFF tail) compressed behind a copy
 * of its header with BufferSize = 72 + the compressed size, SavedOffset
 * = CurrentOffset = Offset = the session's BufferSize, BufferFlag |
 * COMPRESSED; one that would not shrink written as it is.
 */
static size_t kernel_written(const u8 *d, size_t size, u8 *out)
{
	u32 nbuf = size / PS_BSIZE, b;
	size_t pos = PS_BSIZE;

	memcpy(out, d, PS_BSIZE);
	put32(out + LFH(0x20), get32(out + LFH(0x20)) | MODE_COMPRESSED);
	for (b = 1; b < nbuf; b++) {
		const u8 *src = d + (size_t)b * PS_BSIZE;
		int n = xpress(src + 72, PS_BSIZE - 72, out + pos + 72, PS_BSIZE);

		if (n < 0) {
			memcpy(out + pos, src, PS_BSIZE);
			pos += PS_BSIZE;
			continue;
		}
		memcpy(out + pos, src, 72);
		put32(out + pos, 72 + n);
		put32(out + pos + 4, PS_BSIZE);
		put32(out + pos + 8, PS_BSIZE);
		put32(out + pos + 0x30, PS_BSIZE);
		out[pos + 0x34] |= ETL_BUFFER_FLAG_COMPRESSED;
		pos += 72 + n;
	}
	return pos;
}

FIXTURE(ps) {
	u8 *d, *c;
	size_t size;
	struct seen orig;
};

FIXTURE_SETUP(ps)
{
	self->d = load(POWERSHELL, &self->size);
	self->c = calloc(1, 2 * self->size);
	ASSERT_NE(NULL, self->c);
	ASSERT_EQ(ERROR_SUCCESS, run(POWERSHELL));
	ASSERT_EQ(PS_RECORDS, seen.n);
	self->orig = seen;
	/* a finished file: EndTime set */
	ASSERT_NE(0, get32(self->d + LFH(0x10)) | get32(self->d + LFH(0x14)));
}

FIXTURE_TEARDOWN(ps)
{
	free(self->c);
	free(self->d);
}

/*
 * etl-format.rst, "Compressed buffers": "the relogger ... buffer 0 cut
 * to its filled bytes ... the extent in Offset ... stale bytes after the
 * BuffersWritten buffers of a finished file are not read".
 */
TEST_F(ps, relogged_compressed_file_reads_like_the_original)
{
	size_t n = relogged(self->d, self->size, self->c, 7, NULL);
	const char *path = tmp_save("relogged.etl", self->c, n);

	TH_LOG("%zu bytes relogged compressed to %zu", self->size, n);
	EXPECT_GT(self->size / 2, n);
	expect_like_original(_metadata, path, &self->orig);
}

/* The same file while its logger still runs: no EndTime, read to the end. */
TEST_F(ps, unfinished_relogged_file_is_read_to_its_end)
{
	size_t end;
	const char *path;

	relogged(self->d, self->size, self->c, 7, &end);
	memset(self->c + LFH(0x10), 0, 8);
	put32(self->c + LFH(0x24), 1);
	path = tmp_save("unfinished.etl", self->c, end);
	EXPECT_EQ(ERROR_SUCCESS, run(path));
	EXPECT_EQ(PS_RECORDS, seen.n);
	EXPECT_EQ(self->orig.data, seen.data);
}

TEST_F(ps, kernel_compressed_file_reads_like_the_original)
{
	size_t n = kernel_written(self->d, self->size, self->c);

	EXPECT_GT(self->size / 2, n);
	expect_like_original(_metadata, tmp_save("kernel.etl", self->c, n), &self->orig);
}

/*
 * The writer's compressed buffer is Windows' kernel's byte for byte:
 * etl_buffer_compress() of every powershell.etl buffer equals what
 * kernel_written() lays out, and decompresses to the whole buffer.
 */
TEST_F(ps, writer_compresses_as_the_windows_kernel)
{
	u32 nbuf = self->size / PS_BSIZE, b;
	u8 *want = malloc(2 * PS_BSIZE), *got = malloc(PS_BSIZE);

	for (b = 1; b < nbuf; b++) {
		const u8 *src = self->d + (size_t)b * PS_BSIZE;
		int wn = xpress(src + 72, PS_BSIZE - 72, want + 72, PS_BSIZE);
		int gn = etl_buffer_compress(src, got, PS_BSIZE, work);
		libfwnt_error_t *e = NULL;
		size_t dn = PS_BSIZE - 72;
		u8 *back = malloc(PS_BSIZE);

		if (wn < 0) {
			EXPECT_EQ(-ENOSPC, gn);
			free(back);
			continue;
		}
		memcpy(want, src, 72);
		put32(want, 72 + wn);
		put32(want + 4, PS_BSIZE);
		put32(want + 8, PS_BSIZE);
		put32(want + 0x30, PS_BSIZE);
		want[0x34] |= ETL_BUFFER_FLAG_COMPRESSED;
		ASSERT_EQ(72 + wn, gn);
		EXPECT_EQ(0, memcmp(want, got, gn)) {
			TH_LOG("buffer %u differs from Windows' kernel layout", b);
		}
		ASSERT_EQ(1, libfwnt_lzxpress_decompress(got + 72, gn - 72, back, &dn, &e));
		EXPECT_EQ(PS_BSIZE - 72, dn);
		EXPECT_EQ(0, memcmp(back, src + 72, PS_BSIZE - 72));
		free(back);
	}
	free(want);
	free(got);
}

/*
 * The decompressed extent must be the one SavedOffset or Offset names:
 * data that decompresses to neither is damage, and costs its buffer.
 */
TEST_F(ps, compressed_buffer_of_another_extent_is_damage)
{
	size_t n = relogged(self->d, self->size, self->c, 7, NULL);
	u32 pos = get32(self->c);

	/* buffer 1: Offset one record short of its data, SavedOffset 0 */
	ASSERT_TRUE(self->c[pos + 0x34] & ETL_BUFFER_FLAG_COMPRESSED);
	put32(self->c + pos + 4, 0);
	put32(self->c + pos + 0x30, get32(self->c + pos + 0x30) - 8);
	EXPECT_EQ(ERROR_FILE_CORRUPT, run(tmp_save("extent.etl", self->c, n)));
	EXPECT_EQ(1, seen.dmg.buffers);
	EXPECT_GT(PS_RECORDS, seen.n);
}

TEST_HARNESS_MAIN
