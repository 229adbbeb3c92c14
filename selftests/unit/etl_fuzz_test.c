// SPDX-License-Identifier: GPL-2.0-only
/*
 * Deterministic mutation fuzzing of the ETL reader.  Seeds: the two
 * Windows-written samples and files built here with the writer (every
 * record kind, 64- and 32-bit logfile headers).  Each iteration copies a
 * seed into an exactly-sized heap block, applies 1..4 seeded mutations
 * (bit flips, byte sets, truncation, edits of size/offset/flag fields
 * with boundary values, chunk splices) and runs the whole reader over it
 * (etl_fuzz_walk.h).  Built with ASan + UBSan, aborting on the first
 * report (etl_fuzz_test.mk); a crash prints the seed and iteration.
 *
 * ETL_FUZZ_ITERS=n overrides the iteration count (default below).
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include "etl_fuzz_walk.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define DATA_DIR ETL_UNIT_DIR "/../data/"

#define DEFAULT_ITERS	100000
#define BS		1024	/* buffer size of the synthetic files */

struct seed {
	const char *name;
	u8 *data;
	size_t size;
	u32 offsets[512];	/* interesting field offsets */
	int noffsets;
	long clean_records;
};

static u64 rng_state;

static u64 rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

static u32 below(u32 n)
{
	return n ? rnd() % n : 0;
}

/* Which iteration is running, for the crash report. */
static volatile long cur_iter = -1;
static volatile u64 cur_seed;
static const char *volatile cur_name;

#if defined(ETL_SANITIZED)
#include <sanitizer/common_interface_defs.h>
static void on_death(void)
{
	fprintf(stderr, "etl_fuzz_test: died in iteration %ld (seed file %s, rng 0x%llx)\n",
		cur_iter, cur_name ? cur_name : "?", (unsigned long long)cur_seed);
}
#endif

/* --- seeds ------------------------------------------------------------------ */

static u8 *load(const char *path, size_t *size)
{
	struct stat st;
	u8 *data;
	FILE *fp = fopen(path, "rb");

	if (!fp || fstat(fileno(fp), &st))
		return NULL;
	*size = st.st_size;
	data = malloc(*size);
	if (fread(data, 1, *size, fp) != *size) {
		free(data);
		data = NULL;
	}
	fclose(fp);
	return data;
}

static u8 *reserve(u8 *buf, u32 *pos, u32 size)
{
	u8 *p = buf + *pos;

	memset(p, 0, ETL_ALIGN8(size));
	*pos += ETL_ALIGN8(size);
	return p;
}

static void put16(u8 *p, u16 v)
{
	memcpy(p, &v, 2);
}

static void put64(u8 *p, u64 v)
{
	memcpy(p, &v, 8);
}

/* A writer-built file: header buffer and three buffers of every kind. */
static u8 *synth(bool wide, size_t *size)
{
	u8 *file = calloc(4, BS), *b, *p, items[96], *ip;
	struct etl_logfile_header h;
	u32 pos, fixed = 32, lfsize = wide ? 280 : 272;
	static const char names[] = "f\0u\0z\0z\0\0\0/\0x\0.\0e\0t\0l\0\0";
	u64 pmc[3] = { 1, 2, 3 };
	u8 guid[16] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6 };
	int i;

	/* buffer 0: SYSTEM header event + PartitionInfo-like record */
	b = file;
	etl_buffer_init(b, BS, 0, 9, ETL_BUFFER_TYPE_HEADER);
	pos = 72;
	memset(&h, 0, sizeof(h));
	h.buffer_size = BS;
	h.version[0] = 10;
	h.version[2] = 1;
	h.version[3] = 5;
	h.number_of_processors = 4;
	h.buffers_written = 4;
	h.start_buffers = 1;
	h.pointer_size = wide ? 8 : 4;
	h.cpu_speed_mhz = 3000;
	h.perf_freq = 1000000000;
	h.start_time = 133000000000000000ULL;
	h.reserved_flags = ETL_CLOCK_QPC;
	p = reserve(b, &pos, fixed + lfsize + sizeof(names) - 1);
	put16(p, ETL_SYSTEM_TRACE_VERSION);
	p[2] = wide ? ETL_HEADER_TYPE_SYSTEM64 : ETL_HEADER_TYPE_SYSTEM32;
	p[3] = ETL_MARKER_FLAGS;
	put16(p + 4, fixed + lfsize + sizeof(names) - 1);
	put64(p + 16, 1000);
	if (wide) {
		memcpy(p + fixed, &h, 280);
	} else {
		memcpy(p + fixed, &h, 0x38);
		memcpy(p + fixed + 0x40, (u8 *)&h + 0x48, 280 - 0x48);
	}
	memcpy(p + fixed + lfsize, names, sizeof(names) - 1);
	p = reserve(b, &pos, 32 + 48);
	put16(p, 2);
	p[2] = ETL_HEADER_TYPE_SYSTEM64;
	p[3] = ETL_MARKER_FLAGS;
	put16(p + 4, 80);
	put16(p + 6, 0x0050);
	etl_buffer_seal(b, pos, 0, 0, ETL_BUFFER_FLAG_FLUSH_MARKER);

	/* buffer 1: EVENT_HEADER64 with items, FULL_HEADER64, INSTANCE64 */
	b = file + BS;
	etl_buffer_init(b, BS, 1, 9, 0);
	pos = 72;
	ip = etl_put_ext_item(items, ETL_EXT_RELATED_ACTIVITYID, guid, 16, true);
	ip = etl_put_ext_item(ip, ETL_EXT_PROV_TRAITS, "\x0b\x00prov\0traits", 11, true);
	ip = etl_put_ext_item(ip, ETL_EXT_EVENT_SCHEMA_TL, "\x10\x00\x00meta", 7, false);
	for (i = 0; i < 2; i++) {
		u32 n = 80 + (ip - items) + 21;

		p = reserve(b, &pos, n);
		put16(p, n);
		p[2] = ETL_HEADER_TYPE_EVENT_HEADER64;
		p[3] = ETL_MARKER_FLAGS;
		put16(p + 4, ETL_EH_FLAG_EXTENDED_INFO);
		put64(p + 16, 2000 + i);
		memcpy(p + 24, guid, 16);
		memcpy(p + 80, items, ip - items);
		memset(p + 80 + (ip - items), 'u', 21);
	}
	p = reserve(b, &pos, 48 + 10);
	put16(p, 58);
	p[2] = ETL_HEADER_TYPE_FULL_HEADER64;
	p[3] = ETL_MARKER_FLAGS;
	put64(p + 16, 2100);
	p = reserve(b, &pos, 72 + 6);
	put16(p, 78);
	p[2] = ETL_HEADER_TYPE_INSTANCE64;
	p[3] = ETL_MARKER_FLAGS;
	put64(p + 16, 2101);
	etl_buffer_seal(b, pos, 2200, 1, 0);

	/* buffer 2: SYSTEM with PEBS+PMC, COMPACT, PERFINFO, MESSAGE */
	b = file + 2 * BS;
	etl_buffer_init(b, BS, 2, 9, 0);
	pos = 72;
	p = reserve(b, &pos, 32 + 24 + 5);
	put16(p, 0x8202);
	p[2] = ETL_HEADER_TYPE_SYSTEM64;
	p[3] = ETL_MARKER_FLAGS;
	put16(p + 4, 61);
	put16(p + 6, 0x0A24);
	put64(p + 16, 3000);
	memcpy(p + 32, pmc, 24);
	p = reserve(b, &pos, 24 + 3);
	put16(p, 2);
	p[2] = ETL_HEADER_TYPE_COMPACT64;
	p[3] = ETL_MARKER_FLAGS;
	put16(p + 4, 27);
	put64(p + 16, 3001);
	p = reserve(b, &pos, 16 + 8);
	put16(p, 2);
	p[2] = ETL_HEADER_TYPE_PERFINFO64;
	p[3] = ETL_MARKER_FLAGS;
	put16(p + 4, 24);
	put64(p + 8, 3002);
	p = reserve(b, &pos, 8 + 4 + 16 + 8 + 8 + 5);
	put16(p, 49);
	p[3] = ETL_MARKER_MESSAGE_FLAGS;
	put16(p + 6, ETL_MSG_SEQUENCE | ETL_MSG_GUID | ETL_MSG_TIMESTAMP |
	      ETL_MSG_SYSTEMINFO);
	put64(p + 28, 3003);
	etl_buffer_seal(b, pos, 3100, 2, 0);

	/* buffer 3: EVENT_HEADER32, FULL_HEADER32, ERROR, PERFINFO32 */
	b = file + 3 * BS;
	etl_buffer_init(b, BS, 0x401, 9, 0);
	pos = 72;
	p = reserve(b, &pos, 80 + 3);
	put16(p, 83);
	p[2] = ETL_HEADER_TYPE_EVENT_HEADER32;
	p[3] = ETL_MARKER_FLAGS;
	put64(p + 16, 4000);
	p = reserve(b, &pos, 48);
	put16(p, 48);
	p[2] = ETL_HEADER_TYPE_FULL_HEADER32;
	p[3] = ETL_MARKER_FLAGS;
	put64(p + 16, 4001);
	p = reserve(b, &pos, 12);
	put16(p, 12);
	p[2] = ETL_HEADER_TYPE_ERROR;
	p[3] = ETL_MARKER_FLAGS;
	p = reserve(b, &pos, 16 + 8 + 8);
	put16(p, 0x8002);
	p[2] = ETL_HEADER_TYPE_PERFINFO32;
	p[3] = ETL_MARKER_FLAGS;
	put16(p + 4, 32);
	put64(p + 8, 4002);
	etl_buffer_seal(b, pos, 4100, 3, ETL_BUFFER_FLAG_FLUSH_MARKER);

	*size = 4 * BS;
	return file;
}

/* Offsets of the fields worth editing: buffer header sizes/flags, every
 * record's marker and Size, every extended item header.
 */
static void find_offsets(struct seed *s)
{
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_ext_iter xi;
	struct etl_ext x;
	struct etl_file *f;

#define ADD(o)	do { if (s->noffsets < 512) s->offsets[s->noffsets++] = (o); } while (0)
	if (etl_file_open_mem(s->data, s->size, &f, NULL) < 0)
		return;
	while (etl_file_next_buffer(f, &b) > 0) {
		u32 base = b.file_offset;

		ADD(base + offsetof(struct etl_buffer_header, buffer_size));
		ADD(base + offsetof(struct etl_buffer_header, saved_offset));
		ADD(base + offsetof(struct etl_buffer_header, offset));
		ADD(base + offsetof(struct etl_buffer_header, buffer_flag));
		ADD(base + offsetof(struct etl_buffer_header, processor_index));
		while (etl_file_next_record(f, &b, &r) > 0) {
			ADD(base + r.offset);
			ADD(base + r.offset + 2);
			ADD(base + r.offset + 4);
			ADD(base + r.offset + 6);
			if (r.family == ETL_FAM_SYSTEM && r.system.hook_id == 0 &&
			    b.index == 0)
				ADD(base + r.offset + 32 + 0x24);	/* BuffersWritten */
			etl_ext_iter_init(&xi, &r);
			while (etl_ext_next(&xi, &x) > 0) {
				ADD(base + r.offset + x.offset);
				ADD(base + r.offset + x.offset + 4);
				ADD(base + r.offset + x.offset + 6);
			}
		}
	}
	etl_file_close(f);
#undef ADD
}

/* --- mutations -------------------------------------------------------------- */

static u32 interesting(u32 cur)
{
	static const u32 vals[] = { 0, 1, 4, 7, 8, 0x10, 0x18, 0x20, 0x2F, 0x30,
				    0x48, 0x4F, 0x50, 0x58, 0x7F, 0x80, 0xFF,
				    0x100, 0x110, 0x118, 0x3FF, 0x400, 0x1FFF,
				    0x2000, 0x2008, 0x7FFF, 0x8000, 0xFFF8,
				    0xFFFF, 0x10000, 0x7FFFFFFF, 0xFFFFFFF8,
				    0xFFFFFFFF };

	switch (below(4)) {
	case 0:
		return cur + 1 + below(16);
	case 1:
		return cur - 1 - below(16);
	case 2:
		return cur ^ (1u << below(32));
	default:
		return vals[below(sizeof(vals) / sizeof(vals[0]))];
	}
}

/* Mutate @d (@*size bytes, capacity @cap); may shrink *size. */
static void mutate(u8 *d, size_t *size, const struct seed *s)
{
	u32 o, v, n, from, i;

	if (!*size)
		return;
	switch (below(10)) {
	case 0:	/* bit flips */
	case 1:
		for (n = 1 + below(8), i = 0; i < n; i++) {
			o = below(*size);
			d[o] ^= 1 << below(8);
		}
		break;
	case 2:	/* byte sets */
		for (n = 1 + below(4), i = 0; i < n; i++)
			d[below(*size)] = below(3) ? rnd() : (below(2) ? 0 : 0xFF);
		break;
	case 3:	/* truncation */
		*size = below(2) ? below(*size) : *size - below(*size < 64 ? *size : 64);
		break;
	case 4:	/* field edits at known offsets, 16 or 32 bits */
	case 5:
	case 6:
		if (!s->noffsets)
			break;
		o = s->offsets[below(s->noffsets)];
		if (below(2) && o + 2 <= *size) {
			memcpy(&v, d + o, 2);
			v = interesting(v & 0xFFFF);
			memcpy(d + o, &v, 2);
		} else if (o + 4 <= *size) {
			memcpy(&v, d + o, 4);
			v = interesting(v);
			memcpy(d + o, &v, 4);
		}
		break;
	case 7:	/* field edit anywhere, 4-aligned (where headers live) */
		o = below(*size) & ~3u;
		if (o + 4 <= *size) {
			memcpy(&v, d + o, 4);
			v = interesting(v);
			memcpy(d + o, &v, 4);
		}
		break;
	case 8:	/* splice a chunk over another place */
		n = 1 + below(256);
		if (n >= *size)
			break;
		from = below(*size - n);
		o = below(*size - n);
		memmove(d + o, d + from, n);
		break;
	default:	/* a run of 0xFF or 0x00 (end markers, erased tails) */
		n = 1 + below(64);
		if (n >= *size)
			break;
		memset(d + below(*size - n), below(2) ? 0xFF : 0, n);
		break;
	}
}

/* --- the tests ---------------------------------------------------------------- */

FIXTURE(fuzz) {
	struct seed seeds[4];
	int nseeds;
};

FIXTURE_SETUP(fuzz)
{
	static const char * const files[] = { "lxcore_kernel.etl", "powershell.etl" };
	char path[512];
	int i;

#if defined(ETL_SANITIZED)
	__sanitizer_set_death_callback(on_death);
#else
	TH_LOG("not built with ASan/UBSan (see etl.mk): plain build");
#endif
	memset(self, 0, sizeof(*self));
	for (i = 0; i < 2; i++) {
		struct seed *s = &self->seeds[self->nseeds++];

		snprintf(path, sizeof(path), DATA_DIR "%s", files[i]);
		s->name = files[i];
		s->data = load(path, &s->size);
		ASSERT_NE(NULL, s->data) {
			TH_LOG("cannot read %s", path);
		}
	}
	self->seeds[self->nseeds].name = "synthetic64";
	self->seeds[self->nseeds].data = synth(true, &self->seeds[self->nseeds].size);
	self->nseeds++;
	self->seeds[self->nseeds].name = "synthetic32";
	self->seeds[self->nseeds].data = synth(false, &self->seeds[self->nseeds].size);
	self->nseeds++;
	for (i = 0; i < self->nseeds; i++) {
		struct seed *s = &self->seeds[i];
		u8 *copy = malloc(s->size);

		find_offsets(s);
		memcpy(copy, s->data, s->size);
		s->clean_records = etl_fuzz_walk(copy, s->size);
		free(copy);
	}
}

FIXTURE_TEARDOWN(fuzz)
{
	int i;

	for (i = 0; i < self->nseeds; i++)
		free(self->seeds[i].data);
}

TEST_F(fuzz, seeds_read_clean)
{
	static const long want[] = { 4, 114, 14, 14 };
	int i;

	for (i = 0; i < self->nseeds; i++) {
		struct seed *s = &self->seeds[i];

		EXPECT_EQ(want[i], s->clean_records) {
			TH_LOG("%s", s->name);
		}
		EXPECT_LT(10, s->noffsets);
	}
}

TEST_F_TIMEOUT(fuzz, mutations, 120)
{
	long iters = DEFAULT_ITERS, it, opened = 0, clean = 0, records = 0;
	const char *env = getenv("ETL_FUZZ_ITERS");
	struct timespec t0, t1;
	double secs;

	if (env)
		iters = atol(env);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (it = 0; it < iters; it++) {
		struct seed *s = &self->seeds[it % self->nseeds];
		size_t size = s->size;
		u8 *d = malloc(size ? size : 1);
		u8 *exact;
		int m, nm;
		long rc;

		rng_state = 0x9E3779B97F4A7C15ULL ^ ((u64)it * 0xBF58476D1CE4E5B9ULL);
		if (!rng_state)
			rng_state = 1;
		cur_iter = it;
		cur_seed = rng_state;
		cur_name = s->name;
		memcpy(d, s->data, size);
		for (nm = 1 + below(4), m = 0; m < nm; m++)
			mutate(d, &size, s);
		/* an exactly-sized block so any overread hits the redzone */
		exact = malloc(size ? size : 1);
		memcpy(exact, d, size);
		free(d);
		rc = etl_fuzz_walk(exact, size);
		free(exact);
		if (rc >= 0) {
			opened++;
			records += rc;
		}
		if (rc == s->clean_records)
			clean++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	TH_LOG("%ld iterations in %.1f s: %ld opened, %ld read as many records as the seed, %ld records delivered",
	       iters, secs, opened, clean, records);
	/* the mutations must not all be trivially rejected at open */
	EXPECT_LT(iters / 4, opened);
}

/* Every single-byte truncation point of the synthetic file. */
TEST_F(fuzz, every_truncation)
{
	struct seed *s = &self->seeds[2];
	size_t len;

	for (len = 0; len <= s->size; len++) {
		u8 *exact = malloc(len ? len : 1);
		long rc;

		memcpy(exact, s->data, len);
		cur_iter = -(long)len;
		rc = etl_fuzz_walk(exact, len);
		if (len == s->size)
			EXPECT_EQ(s->clean_records, rc);
		free(exact);
	}
}

/* Every value of every 16-bit field at the known offsets of buffer 1. */
TEST_F(fuzz, every_value_of_size_fields)
{
	struct seed *s = &self->seeds[2];
	u8 *exact = malloc(s->size);
	int i;
	u32 v;

	for (i = 0; i < s->noffsets; i++) {
		u32 o = s->offsets[i];

		if (o < BS || o >= 2 * BS)
			continue;
		for (v = 0; v <= 0xFFFF; v += 61) {
			memcpy(exact, s->data, s->size);
			memcpy(exact + o, &v, 2);
			etl_fuzz_walk(exact, s->size);
		}
	}
	free(exact);
}

TEST_HARNESS_MAIN
