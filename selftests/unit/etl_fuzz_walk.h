/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Run the whole ETL reader over one input and check what it returns:
 * open (buffer 0, logfile header, names, clock), every buffer, every
 * record, every extended item, time conversion of every record.  Used by
 * etl_fuzz_test.c and by the libFuzzer harness in fuzz/.
 *
 * Memory safety is the sanitizers' job (both are built with ASan and
 * UBSan); under ASan the unused tail of each buffer (filled ..
 * BufferSize) is also poisoned while its records are walked, so reading
 * a byte past the filled length is caught although it is inside the
 * input.  Logical checks abort() with a message: every pointer the
 * reader hands out must lie inside the record and buffer it belongs to.
 */
#ifndef _ETL_FUZZ_WALK_H
#define _ETL_FUZZ_WALK_H

#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "etl_file.h"
#include "shared/etw_utf.h"

#if defined(ETL_SANITIZED) || defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define ETL_POISON(p, n)	ASAN_POISON_MEMORY_REGION(p, n)
#define ETL_UNPOISON(p, n)	ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define ETL_POISON(p, n)	((void)(p), (void)(n))
#define ETL_UNPOISON(p, n)	((void)(p), (void)(n))
#endif

#define ETL_FUZZ_CHECK(cond)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: invariant broken: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

static inline bool etl_fuzz_inside(const u8 *p, size_t n, const u8 *lo,
				   const u8 *hi)
{
	return p >= lo && p <= hi && n <= (size_t)(hi - p);
}

static inline void etl_fuzz_record(const struct etl_file_buffer *b,
				   const struct etl_record *r,
				   const struct etl_clock *clk)
{
	const u8 *start = r->data, *end = r->data + r->size;
	struct etl_ext_iter xi;
	struct etl_ext x;
	u32 items = 0;
	int rc;

	ETL_FUZZ_CHECK(r->kind > ETL_REC_NONE && r->kind < ETL_REC_KIND_COUNT);
	ETL_FUZZ_CHECK(r->offset % 8 == 0 && r->offset >= ETL_BUFFER_HEADER_SIZE);
	ETL_FUZZ_CHECK(r->data == b->data + r->offset);
	ETL_FUZZ_CHECK(r->offset + r->size <= b->info.filled);
	ETL_FUZZ_CHECK(etl_fuzz_inside(r->payload, r->payload_len, start, end));
	ETL_FUZZ_CHECK(r->payload + r->payload_len == end);
	if (r->family == ETL_FAM_EVENT) {
		etl_ext_iter_init(&xi, r);
		while ((rc = etl_ext_next(&xi, &x)) > 0) {
			ETL_FUZZ_CHECK(etl_fuzz_inside(x.data, x.data_size, start, end));
			ETL_FUZZ_CHECK(x.data + x.data_size <= r->payload);
			items++;
		}
		ETL_FUZZ_CHECK(rc == 0);	/* decode already checked the chain */
		ETL_FUZZ_CHECK(items == r->event.ext_count);
	}
	if (r->family == ETL_FAM_SYSTEM && r->system.ext)
		ETL_FUZZ_CHECK(etl_fuzz_inside(r->system.ext, r->system.ext_len,
					       start, r->payload));
	if (clk && (r->present & ETL_REC_HAS_TIME))
		ETL_FUZZ_CHECK(etl_clock_to_filetime(clk, r->timestamp) >= 0);
}

/* What the damage log says must be consistent. */
static inline void etl_fuzz_damage(const struct etl_file *f, size_t size)
{
	const struct etl_file_damage_totals *t = etl_file_damage_totals(f);
	const struct etl_file_error *first = etl_file_error(f);
	u32 i, n = t->damages < ETL_FILE_DAMAGE_MAX ? t->damages : ETL_FILE_DAMAGE_MAX;
	u32 kinds[ETL_DAMAGE_KIND_COUNT] = { 0 };

	ETL_FUZZ_CHECK(!t->damages == !first->code);
	for (i = 0; i < n; i++) {
		const struct etl_file_error *e = etl_file_damage(f, i);

		ETL_FUZZ_CHECK(e && e->code < 0 && e->msg[0]);
		ETL_FUZZ_CHECK(e->kind > ETL_DAMAGE_OPEN && e->kind < ETL_DAMAGE_KIND_COUNT);
		ETL_FUZZ_CHECK(e->file_offset <= size);
		kinds[e->kind]++;
	}
	ETL_FUZZ_CHECK(!etl_file_damage(f, n));
	if (t->damages <= ETL_FILE_DAMAGE_MAX) {
		ETL_FUZZ_CHECK(kinds[ETL_DAMAGE_RECORD] == t->records);
		ETL_FUZZ_CHECK(kinds[ETL_DAMAGE_TAIL] == t->tails);
		ETL_FUZZ_CHECK(kinds[ETL_DAMAGE_BUFFER] == t->buffers);
		ETL_FUZZ_CHECK(kinds[ETL_DAMAGE_DUPLICATE] == t->duplicates);
	}
}

/* Returns the records delivered (>= 0), or the open error (< 0). */
static inline long etl_fuzz_walk(const u8 *data, size_t size)
{
	const struct etl_logfile_info *lf;
	const struct etl_clock *clk;
	struct etl_file_error err;
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_file *f;
	long records = 0;
	char name[64];
	int rc;

	rc = etl_file_open_mem(data, size, &f, &err);
	if (rc < 0) {
		ETL_FUZZ_CHECK(err.code == rc && err.msg[0]);
		return rc;
	}
	lf = etl_file_logfile(f);
	clk = etl_file_clock(f);
	etw_utf16_to_utf8(lf->logger_name, lf->logger_name_len, name, sizeof(name));
	etw_utf16_to_utf8(lf->log_file_name, lf->log_file_name_len, name, sizeof(name));
	if (lf->logger_name)
		ETL_FUZZ_CHECK(etl_fuzz_inside(lf->logger_name, 2 * lf->logger_name_len,
					       data, data + size));
	if (lf->log_file_name)
		ETL_FUZZ_CHECK(etl_fuzz_inside(lf->log_file_name,
					       2 * lf->log_file_name_len,
					       data, data + size));

	while ((rc = etl_file_next_buffer(f, &b)) > 0) {
		/* a partial buffer: only what the file holds may be read */
		size_t have = b.info.flags & ETL_BUFINFO_PARTIAL ?
			      (size_t)(data + size - b.data) : b.info.buffer_size;
		const u8 *tail = b.data + b.info.filled;
		size_t tail_len = have - b.info.filled;

		if (b.compressed)	/* decompressed into the handle */
			ETL_FUZZ_CHECK(etl_fuzz_inside(b.raw, b.raw_size,
						       data, data + size));
		else
			ETL_FUZZ_CHECK(etl_fuzz_inside(b.data, have, data,
						       data + size));
		ETL_FUZZ_CHECK(b.info.filled >= ETL_BUFFER_HEADER_SIZE &&
			       b.info.filled <= have &&
			       b.info.filled % 8 == 0);
		ETL_POISON(tail, tail_len);
		while ((rc = etl_file_next_record(f, &b, &r)) > 0) {
			etl_fuzz_record(&b, &r, clk);
			records++;
		}
		ETL_UNPOISON(tail, tail_len);
		ETL_FUZZ_CHECK(rc == 0);	/* damage is skipped, not returned */
	}
	ETL_FUZZ_CHECK(rc == 0 || rc == -ENOMEM);
	etl_fuzz_damage(f, size);
	/* a second walk finds the same */
	{
		struct etl_file_damage_totals t1 = *etl_file_damage_totals(f);
		long again = 0;

		etl_file_rewind(f);
		while (etl_file_next_buffer(f, &b) > 0)
			while (etl_file_next_record(f, &b, &r) > 0)
				again++;
		ETL_FUZZ_CHECK(again == records);
		ETL_FUZZ_CHECK(!memcmp(&t1, etl_file_damage_totals(f), sizeof(t1)));
	}
	etl_file_close(f);
	return records;
}

#endif /* _ETL_FUZZ_WALK_H */
