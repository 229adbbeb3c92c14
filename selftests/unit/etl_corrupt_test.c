// SPDX-License-Identifier: GPL-2.0-only
/*
 * The corruption suite (issue 9): systematic damaged copies of real
 * Windows files (selftests/data) and of files written here (the shared
 * writer: every record kind, several CPUs; and their compressed form),
 * read by the whole reader - etl_file.c over kmod/shared - with the
 * invariant checks of etl_fuzz_walk.h (nothing read outside the input or
 * a buffer's filled bytes, damage log consistent, a second walk finds
 * the same), under ASan/UBSan (etl_corrupt_test.mk), and one promise
 * checked against the intact original: every buffer whose bytes the
 * damage left alone is delivered, all its records.
 *
 * Damage classes: truncation at every buffer boundary and at odd offsets;
 * bit flips in every buffer-header byte; zeroed and absurd BufferSize,
 * Offset and SavedOffset; bad record Size, header type and marker;
 * extended items that do not fit; a buffer overwritten by a copy of
 * another, and a copy appended; garbage appended; the compressed flag set
 * on an uncompressed buffer; bytes of compressed data changed.
 *
 * A fast subset (every 5th case) runs in `make check`; ETL_CORRUPT_FULL=1
 * (`make check-corrupt`) runs every case.  Each case has an alarm: a hang
 * fails it.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "etl_fuzz_walk.h"
#include "shared/etw_xpress.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define DATA_DIR ETL_UNIT_DIR "/../data/"
#define SB 1024		/* buffer size of the written seeds */
#define MAXBUF 64

/* One seed file and what its intact buffers hold. */
struct seed {
	const char *name;
	u8 *data;
	size_t size;
	u32 nbuf;
	u64 off[MAXBUF];	/* file offset of buffer i */
	u32 len[MAXBUF];	/* its bytes on disk */
	u32 recs[MAXBUF];	/* records it delivers intact */
};

static struct seed seeds[4];
static int nseeds;
static long cases, opened, checked;
static int step = 5;		/* run every step-th case */
static long counter;

/* --- seeds ------------------------------------------------------------------ */

static u8 *load(const char *path, size_t *size)
{
	struct stat st;
	FILE *fp = fopen(path, "rb");
	u8 *d;

	if (!fp || fstat(fileno(fp), &st))
		return NULL;
	*size = st.st_size;
	d = malloc(*size);
	if (fread(d, 1, *size, fp) != *size) {
		free(d);
		d = NULL;
	}
	fclose(fp);
	return d;
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

/* A file written here: 16 buffers on 4 CPUs, every record kind. */
static u8 *written(size_t *size)
{
	u8 *f = calloc(17, SB), *b, items[64], *ip;
	struct etl_logfile_params p = { 0 };
	struct etl_rec_message m = { 0 };
	u8 guid[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	u64 t = 1000;
	int i, r;

	p.buffer_size = SB;
	p.nr_processors = 4;
	p.buffers_written = 17;
	p.cpu_mhz = 1000;
	p.perf_freq = 10000000;
	p.start_time = 133000000000000000ULL;
	p.start_raw = 1000;
	p.clock_type = ETL_CLOCK_QPC;
	p.logger_name = "corrupt";
	p.logger_name_len = 7;
	p.log_file_name = "/tmp/c.etl";
	p.log_file_name_len = 10;
	if (etl_header_buffer_write(f, SB, 5, &p))
		abort();
	ip = etl_put_ext_item(items, ETL_EXT_RELATED_ACTIVITYID, guid, 16, true);
	ip = etl_put_ext_item(ip, ETL_EXT_PROV_TRAITS, "\x07\x00xyz\0", 6, false);
	for (i = 1; i <= 16; i++) {
		u32 pos = ETL_BUFFER_HEADER_SIZE;

		b = f + (size_t)i * SB;
		etl_buffer_init(b, SB, i % 4, 5, ETL_BUFFER_TYPE_GENERIC);
		for (r = 0; r < 6; r++, t += 3) {
			u8 *x = b + pos;
			u32 n;

			switch (r % 3) {
			case 0: {	/* EVENT_HEADER64 with two items */
				struct etl_event_header *e = (void *)x;

				n = sizeof(*e) + (ip - items) + 9;
				memset(x, 0, ETL_ALIGN8(n));
				e->size = n;
				e->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
				e->marker_flags = ETL_MARKER_FLAGS;
				e->flags = ETL_EH_FLAG_EXTENDED_INFO;
				e->timestamp = t;
				memcpy(e->provider_id, guid, 16);
				memcpy(x + sizeof(*e), items, ip - items);
				break;
			}
			case 1: {	/* FULL_HEADER64 */
				struct etl_full_header *h = (void *)x;

				n = sizeof(*h) + 5;
				memset(x, 0, ETL_ALIGN8(n));
				h->size = n;
				h->header_type = ETL_HEADER_TYPE_FULL_HEADER64;
				h->marker_flags = ETL_MARKER_FLAGS;
				h->timestamp = t;
				break;
			}
			default:	/* MESSAGE with time */
				m.option_flags = ETL_MSG_SEQUENCE | ETL_MSG_TIMESTAMP;
				m.sequence = t;
				n = etl_message_header_size(m.option_flags) + 3;
				memset(x, 0, ETL_ALIGN8(n));
				etl_message_put_header(x, n, &m, t, 0, 0);
				break;
			}
			pos += ETL_ALIGN8(n);
		}
		etl_buffer_seal(b, pos, t, i, 0);
	}
	*size = 17 * SB;
	return f;
}

/* The compressed form of @d: buffer 0 as is (mode bit set), then each
 * buffer compressed back to back.
 */
static u8 *compressed(const u8 *d, size_t size, u32 bsize, size_t *out_size)
{
	static u8 work[ETL_XPRESS_WORKSPACE];
	u8 *o = malloc(size);
	size_t pos = bsize, b;
	u32 mode;

	memcpy(o, d, bsize);
	memcpy(&mode, o + 72 + 32 + 0x20, 4);
	mode |= 0x04000000;
	memcpy(o + 72 + 32 + 0x20, &mode, 4);
	for (b = 1; b < size / bsize; b++) {
		int n = etl_buffer_compress(d + b * bsize, o + pos, bsize, work);

		if (n < 0) {
			memcpy(o + pos, d + b * bsize, bsize);
			n = bsize;
		}
		pos += n;
	}
	*out_size = pos;
	return o;
}

/* Walk an intact seed: where its buffers are and what they hold. */
static void describe(struct seed *s)
{
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_file *f;

	struct etl_file_error err;

	if (etl_file_open_mem(s->data, s->size, &f, &err) < 0) {
		fprintf(stderr, "seed %s does not open: %s\n", s->name, err.msg);
		abort();
	}
	while (etl_file_next_buffer(f, &b) > 0 && s->nbuf < MAXBUF) {
		s->off[s->nbuf] = b.file_offset;
		s->len[s->nbuf] = b.raw_size;
		while (etl_file_next_record(f, &b, &r) > 0)
			s->recs[s->nbuf]++;
		s->nbuf++;
	}
	if (etl_file_damage_totals(f)->damages) {
		fprintf(stderr, "seed %s: %s\n", s->name, etl_file_error(f)->msg);
		abort();	/* a seed must be intact */
	}
	etl_file_close(f);
}

static void add_seed(const char *name, u8 *data, size_t size)
{
	struct seed *s = &seeds[nseeds++];

	s->name = name;
	s->data = data;
	s->size = size;
	describe(s);
}

/* --- one damaged copy --------------------------------------------------------- */

static void on_alarm(int sig)
{
	(void)sig;
	fprintf(stderr, "etl_corrupt_test: case %ld hangs\n", counter);
	abort();
}

/* FNV-1a of a buffer's bytes: identity of an intact buffer. */
static u64 fnv(const u8 *p, size_t n)
{
	u64 h = 14695981039346656037ULL;

	while (n--)
		h = (h ^ *p++) * 1099511628211ULL;
	return h;
}

/*
 * Read @copy (@size bytes) of seed @s; check that every buffer of @s whose
 * bytes are unchanged at the same place is delivered whole (by content:
 * a copy of it elsewhere may be the one delivered).  Returns 0 or -1.
 */
static int check_copy(struct __test_metadata *_metadata, const struct seed *s,
		      u8 *copy, size_t size, const char *what)
{
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_file *f;
	u64 got_hash[4 * MAXBUF];
	u32 got_recs[4 * MAXBUF], ngot = 0, i, j;
	int bad = 0;

	if (counter++ % step)
		return 0;
	cases++;
	alarm(20);
	/* the invariants (etl_fuzz_walk.h) on an exactly-sized block */
	{
		u8 *exact = malloc(size ? size : 1);

		memcpy(exact, copy, size);
		etl_fuzz_walk(exact, size);
		free(exact);
	}
	if (etl_file_open_mem(copy, size, &f, NULL) < 0) {
		alarm(0);
		/* only a damaged buffer 0 may stop the open */
		if (size >= s->len[0] && !memcmp(copy, s->data, s->len[0])) {
			TH_LOG("%s %s: open failed with buffer 0 intact", s->name, what);
			return -1;
		}
		return 0;
	}
	opened++;
	while (etl_file_next_buffer(f, &b) > 0) {
		u32 n = 0;

		while (etl_file_next_record(f, &b, &r) > 0)
			n++;
		if (ngot < 4 * MAXBUF && !(b.info.flags & ETL_BUFINFO_PARTIAL)) {
			got_hash[ngot] = fnv(b.raw, b.raw_size);
			got_recs[ngot++] = n;
		}
	}
	etl_file_close(f);
	alarm(0);
	for (i = 0; i < s->nbuf; i++) {
		u64 h;
		bool found = false;

		if (s->off[i] + s->len[i] > size ||
		    memcmp(copy + s->off[i], s->data + s->off[i], s->len[i]))
			continue;	/* damaged or cut: no promise */
		checked++;
		h = fnv(s->data + s->off[i], s->len[i]);
		for (j = 0; j < ngot && !found; j++)
			found = got_hash[j] == h && got_recs[j] == s->recs[i];
		if (!found) {
			TH_LOG("%s %s: intact buffer %u (offset 0x%llx, %u records) not delivered",
			       s->name, what, i, (unsigned long long)s->off[i], s->recs[i]);
			bad = -1;
		}
	}
	return bad;
}

/* --- the damage classes --------------------------------------------------------- */

static int damage_all(struct __test_metadata *_metadata, const struct seed *s)
{
	size_t cap = s->size + 2 * 65536 + 8192;
	u8 *c = malloc(cap);
	u32 i, k, bs = s->len[1];
	char what[96];
	int fails = 0;

#define RESET() memcpy(c, s->data, s->size)
#define CHECK(sz) do { if (check_copy(_metadata, s, c, (sz), what)) fails++; } while (0)

	/* truncation: at every buffer boundary and at odd offsets */
	for (i = 0; i <= s->nbuf; i++) {
		static const u32 odd[] = { 0, 1, 7, 71, 72, 73, 80, 333 };
		u64 base = i < s->nbuf ? s->off[i] : s->size;

		for (k = 0; k < sizeof(odd) / sizeof(odd[0]); k++) {
			if (base + odd[k] > s->size)
				continue;
			RESET();
			snprintf(what, sizeof(what), "cut at 0x%llx",
				 (unsigned long long)(base + odd[k]));
			CHECK(base + odd[k]);
		}
	}
	for (i = 0; i < s->nbuf; i++) {
		u8 *h = c + s->off[i];

		/* a bit flip in every header byte */
		for (k = 0; k < ETL_BUFFER_HEADER_SIZE; k++) {
			RESET();
			h[k] ^= 1 << (k % 8);
			snprintf(what, sizeof(what), "buffer %u header byte %u flipped", i, k);
			CHECK(s->size);
		}
		/* zeroed and absurd sizes and offsets */
		for (k = 0; k < 7; k++) {
			static const u32 v[] = { 0, 1, 71, 73, 0x7FFFFFF8, 0xFFFFFFFF, 0 };
			u32 val = k == 6 ? bs + 8 : v[k];

			RESET();
			put32(h, val);
			snprintf(what, sizeof(what), "buffer %u BufferSize 0x%x", i, val);
			CHECK(s->size);
			RESET();
			put32(h + 0x30, val);
			snprintf(what, sizeof(what), "buffer %u Offset 0x%x", i, val);
			CHECK(s->size);
			RESET();
			put32(h + 0x30, val);
			put32(h + 0x04, val);
			snprintf(what, sizeof(what), "buffer %u both offsets 0x%x", i, val);
			CHECK(s->size);
		}
		RESET();
		memset(h, 0, ETL_BUFFER_HEADER_SIZE);
		snprintf(what, sizeof(what), "buffer %u header zeroed", i);
		CHECK(s->size);
		/* the compressed flag on a buffer that is not */
		RESET();
		h[0x34] ^= ETL_BUFFER_FLAG_COMPRESSED;
		snprintf(what, sizeof(what), "buffer %u compressed flag toggled", i);
		CHECK(s->size);
		/* records: Size, header type, marker, extended items */
		if (!(h[0x34] & ETL_BUFFER_FLAG_COMPRESSED)) {
			u32 off = ETL_BUFFER_HEADER_SIZE, filled, r;

			filled = s->data[s->off[i] + 0x30] | s->data[s->off[i] + 0x31] << 8 |
				 s->data[s->off[i] + 0x32] << 16;
			for (r = 0; r < 4 && off + 8 <= filled && off + 8 <= s->len[i]; r++) {
				const u8 *rec = s->data + s->off[i] + off;
				u32 sz = rec[3] == 0x90 || rec[2] >= 0x0A ? rec[0] | rec[1] << 8 :
					 rec[4] | rec[5] << 8;
				static const u16 sizes[] = { 0, 1, 7, 0x47, 0xFFF8, 0xFFFF };
				static const u8 types[] = { 0, 0x02, 0x0E, 0x13, 0x14, 0x16, 0xFF };
				static const u8 marks[] = { 0, 0x80, 0xC1, 0xFF };

				for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
					RESET();
					put16(c + s->off[i] + off + (rec[2] < 0x0A && rec[3] != 0x90 ? 4 : 0),
					      sizes[k]);
					snprintf(what, sizeof(what), "buffer %u record %u Size 0x%x", i, r, sizes[k]);
					CHECK(s->size);
				}
				for (k = 0; k < sizeof(types) / sizeof(types[0]); k++) {
					RESET();
					c[s->off[i] + off + 2] = types[k];
					snprintf(what, sizeof(what), "buffer %u record %u type 0x%x", i, r, types[k]);
					CHECK(s->size);
				}
				for (k = 0; k < sizeof(marks) / sizeof(marks[0]); k++) {
					RESET();
					c[s->off[i] + off + 3] = marks[k];
					snprintf(what, sizeof(what), "buffer %u record %u marker 0x%x", i, r, marks[k]);
					CHECK(s->size);
				}
				if (rec[3] == ETL_MARKER_FLAGS && (rec[2] == 0x12 || rec[2] == 0x13)) {
					/* EXTENDED_INFO toggled; a first item that does not fit */
					RESET();
					c[s->off[i] + off + 4] ^= ETL_EH_FLAG_EXTENDED_INFO;
					snprintf(what, sizeof(what), "buffer %u record %u ext flag", i, r);
					CHECK(s->size);
					RESET();
					c[s->off[i] + off + 4] |= ETL_EH_FLAG_EXTENDED_INFO;
					put16(c + s->off[i] + off + 80, 0xFFF0);
					snprintf(what, sizeof(what), "buffer %u record %u ext size", i, r);
					CHECK(s->size);
					RESET();
					c[s->off[i] + off + 4] |= ETL_EH_FLAG_EXTENDED_INFO;
					put16(c + s->off[i] + off + 84, 1);	/* Linkage runs on */
					snprintf(what, sizeof(what), "buffer %u record %u ext linkage", i, r);
					CHECK(s->size);
				}
				off += ETL_ALIGN8(sz ? sz : 8);
			}
		} else {
			/* compressed data: bytes changed at a few places */
			for (k = 0; k < 4; k++) {
				u32 at = ETL_BUFFER_HEADER_SIZE + k * (s->len[i] - ETL_BUFFER_HEADER_SIZE) / 4;

				RESET();
				c[s->off[i] + at] ^= 0xA5;
				snprintf(what, sizeof(what), "buffer %u compressed byte %u", i, at);
				CHECK(s->size);
			}
		}
	}
	/* duplicated buffers: one over another, and one appended */
	for (i = 1; i + 1 < s->nbuf; i += 3) {
		if (s->len[i] != s->len[i + 1])
			continue;
		RESET();
		memcpy(c + s->off[i + 1], s->data + s->off[i], s->len[i]);
		snprintf(what, sizeof(what), "buffer %u over buffer %u", i, i + 1);
		CHECK(s->size);
		RESET();
		memcpy(c + s->size, s->data + s->off[i], s->len[i]);
		snprintf(what, sizeof(what), "buffer %u appended", i);
		CHECK(s->size + s->len[i]);
	}
	/* garbage at the end */
	for (k = 0; k < 6; k++) {
		static const u32 n[] = { 1, 71, 72, 200, 8191, 65600 };
		u32 j;

		RESET();
		for (j = 0; j < n[k]; j++)
			c[s->size + j] = (u8)(j * 131 + k);
		snprintf(what, sizeof(what), "%u bytes of garbage appended", n[k]);
		CHECK(s->size + n[k]);
	}
	free(c);
	return fails;
#undef RESET
#undef CHECK
}

/* --- the test --------------------------------------------------------------------- */

FIXTURE(corrupt) {
	int unused;
};

FIXTURE_SETUP(corrupt)
{
	self->unused = 0;
}

FIXTURE_TEARDOWN(corrupt)
{
}

TEST_F_TIMEOUT(corrupt, suite, 900)
{
	const char *full = getenv("ETL_CORRUPT_FULL");
	size_t size, csize;
	u8 *d;
	int i;

	signal(SIGALRM, on_alarm);
	if (full && *full == '1')
		step = 1;
	d = load(DATA_DIR "powershell.etl", &size);
	ASSERT_NE(NULL, d);
	add_seed("powershell.etl", d, size);
	d = load(DATA_DIR "lxcore_kernel.etl", &size);
	ASSERT_NE(NULL, d);
	add_seed("lxcore_kernel.etl", d, size);
	d = written(&size);
	add_seed("written", d, size);
	d = compressed(d, size, SB, &csize);
	add_seed("written-compressed", d, csize);
	for (i = 0; i < nseeds; i++) {
		int f = damage_all(_metadata, &seeds[i]);

		EXPECT_EQ(0, f) {
			TH_LOG("%s: %d damaged copies lost intact buffers", seeds[i].name, f);
		}
	}
	TH_LOG("%ld damaged copies (every %d%s), %ld opened, %ld intact buffers checked delivered",
	       cases, step, step == 1 ? "st: all" : "th", opened, checked);
	EXPECT_LT(step == 1 ? 5000 : 1000, cases);
	for (i = 0; i < nseeds; i++)
		free(seeds[i].data);
}

TEST_HARNESS_MAIN
