// SPDX-License-Identifier: GPL-2.0-only
/*
 * The .etl file reader (libetw/src/etl_file.c over kmod/shared's record
 * reader) on the two Windows-written samples in selftests/data:
 *  - every buffer and record is walked without error, the EventTraceGuid
 *    header event comes first, and the header holds what etl-format.md
 *    section 4 says Windows wrote;
 *  - the facts the C reader reports agree, line for line, with those of
 *    etl_count.py, an independent parser written from the spec alone;
 *  - the absolute counts are pinned, so a regression in both is caught;
 *  - damaged copies (truncated, corrupt record, compressed buffer, zero
 *    tail, broken header) deliver every intact buffer and record (issue
 *    9) and say what was skipped, naming the buffer and offset.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "etl_file.h"
#include "shared/etw_utf.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define DATA_DIR ETL_UNIT_DIR "/../data/"
#define LXCORE DATA_DIR "lxcore_kernel.etl"
#define POWERSHELL DATA_DIR "powershell.etl"

/* --- "key value" facts, as etl_count.py prints them ------------------------ */

#define MAX_FACTS 4096

struct fact {
	char key[96];
	char val[320];
	unsigned long long n;
	bool count;
};

struct facts {
	struct fact f[MAX_FACTS];
	int n;
};

static struct fact *fact(struct facts *fs, const char *key)
{
	int i;

	for (i = 0; i < fs->n; i++)
		if (!strcmp(fs->f[i].key, key))
			return &fs->f[i];
	if (fs->n == MAX_FACTS)
		abort();
	snprintf(fs->f[fs->n].key, sizeof(fs->f[0].key), "%s", key);
	return &fs->f[fs->n++];
}

static void count(struct facts *fs, unsigned long long n, const char *fmt, ...)
{
	char key[96];
	struct fact *f;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(key, sizeof(key), fmt, ap);
	va_end(ap);
	f = fact(fs, key);
	f->count = true;
	f->n += n;
}

static void set(struct facts *fs, const char *key, const char *fmt, ...)
{
	struct fact *f = fact(fs, key);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(f->val, sizeof(f->val), fmt, ap);
	va_end(ap);
}

static const char *guid_str(const u8 *g, char *buf)
{
	sprintf(buf, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6],
		g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]);
	return buf;
}

static int line_cmp(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* Sorted "key value" lines; caller frees each and the array. */
static char **facts_lines(struct facts *fs)
{
	char **lines = calloc(fs->n + 1, sizeof(*lines));
	int i;

	for (i = 0; i < fs->n; i++) {
		struct fact *f = &fs->f[i];

		if (f->count) {
			if (asprintf(&lines[i], "%s %llu", f->key, f->n) < 0)
				abort();
		} else if (asprintf(&lines[i], "%s %s", f->key, f->val) < 0) {
			abort();
		}
	}
	qsort(lines, fs->n, sizeof(*lines), line_cmp);
	return lines;
}

/* Everything the C reader knows about @path, in etl_count.py's terms. */
static int c_facts(const char *path, struct facts *fs, struct etl_file_error *err)
{
	const struct etl_logfile_info *lf;
	const struct etl_clock *clk;
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_file *f;
	char g[40], name[512];
	bool first = true, have_time = false;
	s64 tmin = 0, tmax = 0;
	int rc, n;
	int32_t bias;

	rc = etl_file_open(path, &f, err);
	if (rc < 0)
		return rc;
	lf = etl_file_logfile(f);
	clk = etl_file_clock(f);
	set(fs, "file.buffer_size", "%u", etl_file_buffer_size(f));
	set(fs, "header.buffer_size", "%u", lf->hdr.buffer_size);
	set(fs, "header.version", "%u.%u.%u.%u", lf->hdr.version[0],
	    lf->hdr.version[1], lf->hdr.version[2], lf->hdr.version[3]);
	set(fs, "header.provider_version", "%u", lf->hdr.provider_version);
	set(fs, "header.number_of_processors", "%u", lf->hdr.number_of_processors);
	set(fs, "header.end_time", "%llu", (unsigned long long)lf->hdr.end_time);
	set(fs, "header.timer_resolution", "%u", lf->hdr.timer_resolution);
	set(fs, "header.maximum_file_size", "%u", lf->hdr.maximum_file_size);
	set(fs, "header.log_file_mode", "0x%x", lf->hdr.log_file_mode);
	set(fs, "header.buffers_written", "%u", lf->hdr.buffers_written);
	set(fs, "header.start_buffers", "%u", lf->hdr.start_buffers);
	set(fs, "header.pointer_size", "%u", lf->hdr.pointer_size);
	set(fs, "header.events_lost", "%u", lf->hdr.events_lost);
	set(fs, "header.cpu_speed_mhz", "%u", lf->hdr.cpu_speed_mhz);
	memcpy(&bias, lf->hdr.time_zone, 4);
	set(fs, "header.tz_bias", "%d", bias);
	set(fs, "header.boot_time", "%llu", (unsigned long long)lf->hdr.boot_time);
	set(fs, "header.perf_freq", "%llu", (unsigned long long)lf->hdr.perf_freq);
	set(fs, "header.start_time", "%llu", (unsigned long long)lf->hdr.start_time);
	set(fs, "header.reserved_flags", "%u", lf->hdr.reserved_flags);
	set(fs, "header.buffers_lost", "%u", lf->hdr.buffers_lost);
	set(fs, "header.raw_time", "%llu", (unsigned long long)lf->raw_time);
	set(fs, "header.pointer_width", "%u", lf->pointer_width);
	etw_utf16_to_utf8(lf->logger_name, lf->logger_name_len, name, sizeof(name));
	set(fs, "header.logger_name", "%s", lf->logger_name ? name : "<missing>");
	etw_utf16_to_utf8(lf->log_file_name, lf->log_file_name_len, name, sizeof(name));
	set(fs, "header.log_file_name", "%s", lf->log_file_name ? name : "<missing>");

	while ((rc = etl_file_next_buffer(f, &b)) > 0) {
		n = 0;
		while ((rc = etl_file_next_record(f, &b, &r)) > 0) {
			const char *kind = etl_record_kind_name(r.kind);
			u32 payload = r.payload_len;
			bool timed = true;

			n++;
			count(fs, 1, "records.total");
			count(fs, 1, "kind.%s", kind);
			if (first) {
				set(fs, "first.kind", "%s", kind);
				if (r.family == ETL_FAM_EVENT)
					set(fs, "first.info", "EVENT %s %u",
					    guid_str(r.event.provider_id, g), r.event.opcode);
				else if (r.family == ETL_FAM_SYSTEM)
					set(fs, "first.info", "SYSTEM %u %u",
					    r.system.group, r.system.type);
				else if (r.family == ETL_FAM_CLASSIC)
					set(fs, "first.info", "CLASSIC %s %u",
					    guid_str(r.classic.guid, g), r.classic.type);
				else
					set(fs, "first.info", "%s", kind);
				first = false;
			}
			switch (r.family) {
			case ETL_FAM_EVENT: {
				struct etl_ext_iter xi;
				struct etl_ext x;

				count(fs, 1, "provider.%s", guid_str(r.event.provider_id, g));
				etl_ext_iter_init(&xi, &r);
				while (etl_ext_next(&xi, &x) > 0) {
					count(fs, 1, "ext.0x%x", x.ext_type);
					count(fs, x.data_size, "ext.bytes");
				}
				break;
			}
			case ETL_FAM_SYSTEM:
				count(fs, 1, "hook.%u.%u", r.system.group, r.system.type);
				break;
			case ETL_FAM_CLASSIC:
				count(fs, 1, "classic.%s", guid_str(r.classic.guid, g));
				break;
			default:
				timed = false;
			}
			count(fs, payload, "kind.%s.payload", kind);
			if (timed && clk) {
				s64 t = etl_clock_to_filetime(clk, r.timestamp);

				if (!have_time)
					set(fs, "time.first", "%lld", (long long)t);
				if (!have_time || t < tmin)
					tmin = t;
				if (!have_time || t > tmax)
					tmax = t;
				have_time = true;
			}
		}
		{
			char key[32];

			snprintf(key, sizeof(key), "buffer.%u", b.index);
			set(fs, key, "cpu=%u ts=%llu seq=%lld filled=%u flag=0x%x type=%u logger=%u records=%d",
			    b.info.cpu, (unsigned long long)b.info.timestamp,
			    (long long)b.info.sequence, b.info.filled,
			    b.info.buffer_flag, b.info.buffer_type, b.info.logger_id, n);
		}
		if (rc < 0)
			break;
	}
	if (have_time) {
		set(fs, "time.min", "%lld", (long long)tmin);
		set(fs, "time.max", "%lld", (long long)tmax);
	}
	set(fs, "file.buffers", "%u", etl_file_buffers_read(f));
	if (rc < 0 && err)
		*err = *etl_file_error(f);
	etl_file_close(f);
	return rc;
}

/* Run etl_count.py on @path; its sorted output lines. */
static char **py_lines(const char *path, int *nlines, int *status)
{
	char cmd[1024], *line = NULL, **lines = NULL;
	size_t cap = 0;
	ssize_t len;
	FILE *p;
	int n = 0;

	snprintf(cmd, sizeof(cmd), "python3 '%s/etl_count.py' '%s'", ETL_UNIT_DIR, path);
	p = popen(cmd, "r");
	if (!p)
		return NULL;
	while ((len = getline(&line, &cap, p)) > 0) {
		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		lines = realloc(lines, (n + 1) * sizeof(*lines));
		lines[n++] = strdup(line);
	}
	free(line);
	*status = pclose(p);
	qsort(lines, n, sizeof(*lines), line_cmp);
	*nlines = n;
	return lines;
}

static void agree(struct __test_metadata *_metadata, const char *path)
{
	struct etl_file_error err;
	struct facts *fs = calloc(1, sizeof(*fs));
	char **c, **py;
	int i, j, npy = 0, status = -1, diffs = 0;

	ASSERT_EQ(0, c_facts(path, fs, &err)) {
		TH_LOG("%s", err.msg);
	}
	c = facts_lines(fs);
	py = py_lines(path, &npy, &status);
	ASSERT_NE(NULL, py) {
		TH_LOG("cannot run python3");
	}
	ASSERT_EQ(0, status) {
		TH_LOG("etl_count.py failed on %s", path);
	}
	/* merge the two sorted lists, report every line only one side has */
	for (i = 0, j = 0; i < fs->n || j < npy;) {
		int d = i == fs->n ? 1 : j == npy ? -1 : strcmp(c[i], py[j]);

		if (!d) {
			i++, j++;
			continue;
		}
		diffs++;
		if (d < 0)
			TH_LOG("C only:      %s", c[i++]);
		else
			TH_LOG("python only: %s", py[j++]);
	}
	EXPECT_EQ(0, diffs);
	EXPECT_EQ(fs->n, npy);
	for (i = 0; i < fs->n; i++)
		free(c[i]);
	for (j = 0; j < npy; j++)
		free(py[j]);
	free(c);
	free(py);
	free(fs);
}

TEST(lxcore_agrees_with_python)
{
	agree(_metadata, LXCORE);
}

TEST(powershell_agrees_with_python)
{
	agree(_metadata, POWERSHELL);
}

/* --- absolute facts of the samples ------------------------------------------ */

struct walk_result {
	int rc;
	u32 buffers;
	u32 records;
	u32 kinds[ETL_REC_KIND_COUNT];
	u32 ext_items;
	u32 provider_events;	/* EVENT_HEADER records of @provider */
	u64 user_bytes;
	bool header_first;
	bool ts_sorted_in_buffers;
	u32 skim_timed;		/* times etl_record_skim() read ... */
	u32 skim_mismatch;	/* ... and those not the decoder's, in order */
	u32 last_buffer;
	struct etl_file_error err;
	struct etl_file_damage_totals totals;
};

static void walk_file(struct etl_file *f, const u8 *provider, struct walk_result *w)
{
	struct etl_file_buffer b;
	struct etl_record r;
	bool first = true;
	int rc;

	memset(w, 0, sizeof(*w));
	w->ts_sorted_in_buffers = true;
	while ((rc = etl_file_next_buffer(f, &b)) > 0) {
		struct etl_record_iter skim;
		u64 last_ts = 0, sts;
		int sr = 0;

		w->buffers++;
		w->last_buffer = b.index;
		/* The real-time consumer places buffers by skimmed times. */
		etl_record_iter_init(&skim, b.data, &b.info);
		while ((rc = etl_file_next_record(f, &b, &r)) > 0) {
			if (r.present & ETL_REC_HAS_TIME) {
				while ((sr = etl_record_skim(&skim, &sts)) == 2)
					;
				w->skim_timed += sr == 1;
				w->skim_mismatch += sr != 1 || sts != r.timestamp;
			}
			struct etl_ext_iter xi;
			struct etl_ext x;

			if (first)
				w->header_first = r.family == ETL_FAM_SYSTEM &&
					r.system.hook_id == 0 && b.index == 0 &&
					r.offset == ETL_BUFFER_HEADER_SIZE;
			first = false;
			w->records++;
			w->kinds[r.kind]++;
			if (r.family == ETL_FAM_EVENT) {
				if (provider && !memcmp(r.event.provider_id, provider, 16))
					w->provider_events++;
				w->user_bytes += r.payload_len;
				etl_ext_iter_init(&xi, &r);
				while (etl_ext_next(&xi, &x) > 0)
					w->ext_items++;
			}
			/* etl-format section 1: "timestamps never decrease inside
			 * a buffer"
			 */
			if (r.timestamp < last_ts)
				w->ts_sorted_in_buffers = false;
			last_ts = r.timestamp;
		}
		while ((sr = etl_record_skim(&skim, &sts)) == 2)
			;
		w->skim_mismatch += sr == 1;	/* a time the decoder lacks */
		if (rc < 0)
			break;
	}
	/* rc < 0 only for bad arguments or memory; damage is recorded */
	w->rc = rc < 0 ? rc : etl_file_error(f)->code;
	w->err = *etl_file_error(f);
	w->totals = *etl_file_damage_totals(f);
}

/* Records of buffer @i of an intact file image (the shared reader alone). */
static u32 records_of(const u8 *data, u32 bsize, u32 i)
{
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_record r;
	u32 n = 0;

	if (etl_buffer_parse(data + (size_t)i * bsize, bsize, &info, NULL))
		return 0;
	etl_record_iter_init(&it, data + (size_t)i * bsize, &info);
	while (etl_record_next(&it, &r) > 0)
		n++;
	return n;
}

/* provider GUIDs as etl_count.py printed them, in memory order */
static const u8 lxcore_guid[16] = {	/* 0cd1c309-0878-4515-83db-749843b3f5c9 */
	0x09, 0xc3, 0xd1, 0x0c, 0x78, 0x08, 0x15, 0x45,
	0x83, 0xdb, 0x74, 0x98, 0x43, 0xb3, 0xf5, 0xc9 };
static const u8 powershell_guid[16] = {	/* a0c1853b-5c40-4b15-8766-3cf1c58f985a */
	0x3b, 0x85, 0xc1, 0xa0, 0x40, 0x5c, 0x15, 0x4b,
	0x87, 0x66, 0x3c, 0xf1, 0xc5, 0x8f, 0x98, 0x5a };

static bool name_is(const u8 *s, u32 units, const char *want)
{
	char buf[256];

	etw_utf16_to_utf8(s, units, buf, sizeof(buf));
	return s && !strcmp(buf, want);
}

TEST(lxcore_facts)
{
	const struct etl_logfile_info *lf;
	const struct etl_record *hr;
	struct etl_file_error err;
	struct walk_result w;
	struct etl_file *f;

	ASSERT_EQ(0, etl_file_open(LXCORE, &f, &err)) {
		TH_LOG("%s", err.msg);
	}
	lf = etl_file_logfile(f);
	hr = etl_file_header_record(f);
	/* etl-format section 4 (obs): marker 0xC0020002, Size 392 = 32 + 280 + 80 */
	EXPECT_EQ(ETL_REC_SYSTEM64, hr->kind);
	EXPECT_EQ(392, hr->size);
	EXPECT_EQ(ETL_SYSTEM_TRACE_VERSION, hr->system.version);
	EXPECT_EQ(0, lf->names);
	EXPECT_EQ(8192, etl_file_buffer_size(f));
	EXPECT_EQ(8192, lf->hdr.buffer_size);
	EXPECT_EQ(10, lf->hdr.version[0]);
	EXPECT_EQ(0, lf->hdr.version[1]);
	EXPECT_EQ(1, lf->hdr.version[2]);
	EXPECT_EQ(5, lf->hdr.version[3]);
	EXPECT_EQ(19041, lf->hdr.provider_version);
	EXPECT_EQ(6, lf->hdr.number_of_processors);
	EXPECT_EQ(156250, lf->hdr.timer_resolution);
	EXPECT_EQ(3, lf->hdr.buffers_written);
	EXPECT_EQ(1, lf->hdr.start_buffers);
	EXPECT_EQ(8, lf->hdr.pointer_size);
	EXPECT_EQ(0, lf->hdr.events_lost);
	EXPECT_EQ(0, lf->hdr.buffers_lost);
	EXPECT_EQ(3000, lf->hdr.cpu_speed_mhz);
	EXPECT_EQ(10000000, lf->hdr.perf_freq);
	EXPECT_EQ(ETL_CLOCK_QPC, lf->hdr.reserved_flags);
	EXPECT_EQ(132392018711387363ULL, lf->hdr.start_time);
	EXPECT_EQ(132392018832816874ULL, lf->hdr.end_time);
	EXPECT_EQ(110988826450ULL, lf->raw_time);
	EXPECT_TRUE(name_is(lf->logger_name, lf->logger_name_len, "lxcore_kernel"));
	EXPECT_TRUE(name_is(lf->log_file_name, lf->log_file_name_len,
			    "C:\\Prog\\lxcore_kernel.etl"));
	ASSERT_NE(NULL, etl_file_clock(f));
	/* the header event is the time origin: its FILETIME is StartTime */
	EXPECT_EQ((s64)lf->hdr.start_time,
		  etl_clock_to_filetime(etl_file_clock(f), lf->raw_time));

	walk_file(f, lxcore_guid, &w);
	EXPECT_EQ(0, w.rc) {
		TH_LOG("%s", w.err.msg);
	}
	EXPECT_TRUE(w.header_first);
	EXPECT_TRUE(w.ts_sorted_in_buffers);
	EXPECT_EQ(3, w.buffers);	/* section 1 (obs): 3 x 8192 */
	EXPECT_EQ(4, w.records);
	EXPECT_EQ(2, w.kinds[ETL_REC_SYSTEM64]);
	EXPECT_EQ(2, w.kinds[ETL_REC_EVENT_HEADER64]);
	EXPECT_EQ(2, w.provider_events);
	EXPECT_EQ(4, w.ext_items);	/* section 3.3: 0x0B and 0x0C on each */
	EXPECT_EQ(206, w.user_bytes);
	EXPECT_EQ(4, w.skim_timed);
	EXPECT_EQ(0, w.skim_mismatch);
	etl_file_close(f);
}

TEST(powershell_facts)
{
	const struct etl_logfile_info *lf;
	struct etl_file_error err;
	struct walk_result w;
	struct etl_file *f;

	ASSERT_EQ(0, etl_file_open(POWERSHELL, &f, &err)) {
		TH_LOG("%s", err.msg);
	}
	lf = etl_file_logfile(f);
	EXPECT_EQ(0, lf->names);
	EXPECT_EQ(8192, etl_file_buffer_size(f));
	EXPECT_EQ(8192, lf->hdr.buffer_size);
	EXPECT_EQ(10, lf->hdr.version[0]);
	EXPECT_EQ(5, lf->hdr.version[3]);
	EXPECT_EQ(22623, lf->hdr.provider_version);
	EXPECT_EQ(32, lf->hdr.number_of_processors);
	EXPECT_EQ(26, lf->hdr.buffers_written);
	EXPECT_EQ(8, lf->hdr.pointer_size);
	EXPECT_EQ(0, lf->hdr.events_lost);
	EXPECT_EQ(0, lf->hdr.buffers_lost);
	EXPECT_EQ(10000000, lf->hdr.perf_freq);
	EXPECT_EQ(ETL_CLOCK_QPC, lf->hdr.reserved_flags);
	EXPECT_EQ(0x9, lf->hdr.log_file_mode);
	EXPECT_TRUE(name_is(lf->logger_name, lf->logger_name_len, "usermode_trace"));
	EXPECT_TRUE(name_is(lf->log_file_name, lf->log_file_name_len,
			    "C:\\Users\\aaaaa\\output1.etl"));

	walk_file(f, powershell_guid, &w);
	EXPECT_EQ(0, w.rc) {
		TH_LOG("%s", w.err.msg);
	}
	EXPECT_TRUE(w.header_first);
	EXPECT_TRUE(w.ts_sorted_in_buffers);
	EXPECT_EQ(26, w.buffers);
	EXPECT_EQ(114, w.records);
	EXPECT_EQ(2, w.kinds[ETL_REC_SYSTEM64]);
	EXPECT_EQ(112, w.kinds[ETL_REC_EVENT_HEADER64]);
	EXPECT_EQ(112, w.provider_events);
	EXPECT_EQ(0, w.ext_items);
	EXPECT_EQ(142848, w.user_bytes);
	EXPECT_EQ(114, w.skim_timed);
	EXPECT_EQ(0, w.skim_mismatch);
	etl_file_close(f);
}

TEST(buffer0_as_windows_writes_it)
{
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_file *f;

	ASSERT_EQ(0, etl_file_open(LXCORE, &f, NULL));
	ASSERT_EQ(1, etl_file_next_buffer(f, &b));
	/* section 4 (obs): type 4, flags 0x21, CPU 0, TimeStamp 0, seq 0 */
	EXPECT_EQ(0, b.index);
	EXPECT_EQ(ETL_BUFFER_TYPE_HEADER, b.info.buffer_type);
	EXPECT_EQ(0x21, b.info.buffer_flag);
	EXPECT_EQ(0, b.info.cpu);
	EXPECT_EQ(0, b.info.timestamp);
	EXPECT_EQ(0, b.info.sequence);
	EXPECT_EQ(20, b.info.logger_id);
	EXPECT_EQ(544, b.info.filled);
	EXPECT_EQ(ETL_BUFFER_STATE_FLUSH, b.info.state);
	ASSERT_EQ(1, etl_file_next_record(f, &b, &r));
	EXPECT_EQ(0xC0020002, r.data[0] | r.data[1] << 8 | r.data[2] << 16 |
		  (u32)r.data[3] << 24);
	EXPECT_EQ(0, r.system.hook_id);
	ASSERT_EQ(1, etl_file_next_record(f, &b, &r));
	/* PartitionInfoExtension: group 0, type 0x50, 48 zero bytes */
	EXPECT_EQ(0, r.system.group);
	EXPECT_EQ(0x50, r.system.type);
	EXPECT_EQ(48, r.payload_len);
	EXPECT_EQ(0, etl_file_next_record(f, &b, &r));
	/* the next buffer is a provider buffer of CPU 3 */
	ASSERT_EQ(1, etl_file_next_buffer(f, &b));
	EXPECT_EQ(1, b.index);
	EXPECT_EQ(8192, b.file_offset);
	EXPECT_EQ(3, b.info.cpu);
	EXPECT_EQ(ETL_BUFFER_TYPE_GENERIC, b.info.buffer_type);
	ASSERT_EQ(1, etl_file_next_record(f, &b, &r));
	EXPECT_EQ(ETL_REC_EVENT_HEADER64, r.kind);
	EXPECT_EQ(0, memcmp(r.event.provider_id, lxcore_guid, 16));
	EXPECT_EQ(2, r.event.ext_count);
	/* rewind starts over */
	etl_file_rewind(f);
	ASSERT_EQ(1, etl_file_next_buffer(f, &b));
	EXPECT_EQ(0, b.index);
	etl_file_close(f);
}

/* --- damaged copies ------------------------------------------------------- */

static u8 *load(const char *path, size_t *size, size_t extra)
{
	struct stat st;
	u8 *data;
	FILE *fp = fopen(path, "rb");

	if (!fp || fstat(fileno(fp), &st))
		abort();
	*size = st.st_size;
	data = calloc(1, *size + extra);
	if (fread(data, 1, *size, fp) != *size)
		abort();
	fclose(fp);
	return data;
}

/* Walk the first @len bytes of a copy (exactly-sized heap block). */
static void walk_copy(const u8 *src, size_t len, struct walk_result *w,
		      int *open_rc)
{
	u8 *copy = malloc(len ? len : 1);
	struct etl_file_error err;
	struct etl_file *f;

	memcpy(copy, src, len);
	*open_rc = etl_file_open_mem(copy, len, &f, &err);
	memset(w, 0, sizeof(*w));
	if (*open_rc == 0) {
		walk_file(f, NULL, w);
		etl_file_close(f);
	} else {
		w->err = err;
	}
	free(copy);
}

TEST(truncated_mid_buffer)
{
	struct walk_result w;
	size_t size;
	u8 *data = load(POWERSHELL, &size, 0);
	int orc;

	walk_copy(data, 5 * 8192 + 3000, &w, &orc);
	ASSERT_EQ(0, orc);
	/* 0..4 whole, then what of buffer 5 is there (issue 9) */
	EXPECT_EQ(6, w.buffers);
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(ETL_DAMAGE_TRUNCATED, w.err.kind);
	EXPECT_EQ(5, w.err.buffer);
	EXPECT_EQ(5 * 8192, w.err.file_offset);
	EXPECT_NE(NULL, strstr(w.err.msg, "truncated"));
	TH_LOG("%s", w.err.msg);
	/* fewer bytes than a buffer header */
	walk_copy(data, 5 * 8192 + 40, &w, &orc);
	EXPECT_EQ(5, w.buffers);
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(ETL_DAMAGE_TRAILING, w.err.kind);
	EXPECT_EQ(40, w.err.bytes);
	EXPECT_NE(NULL, strstr(w.err.msg, "less than a buffer header"));
	free(data);
}

TEST(truncated_at_buffer_boundary)
{
	struct walk_result w;
	size_t size;
	u8 *data = load(POWERSHELL, &size, 0);
	int orc;

	/* section 1: BuffersWritten counts buffers incl. buffer 0 */
	walk_copy(data, 10 * 8192, &w, &orc);
	ASSERT_EQ(0, orc);
	EXPECT_EQ(10, w.buffers);
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(10, w.err.buffer);
	TH_LOG("%s", w.err.msg);
	EXPECT_NE(NULL, strstr(w.err.msg, "BuffersWritten is 26"));
	free(data);
}

TEST(truncated_inside_buffer0)
{
	struct walk_result w;
	size_t size;
	u8 *data = load(LXCORE, &size, 0);
	int orc;

	walk_copy(data, 4000, &w, &orc);
	EXPECT_EQ(-EBADMSG, orc);
	EXPECT_EQ(0, w.err.buffer);
	EXPECT_NE(NULL, strstr(w.err.msg, "truncated"));
	TH_LOG("%s", w.err.msg);
	walk_copy(data, 50, &w, &orc);
	EXPECT_EQ(-EBADMSG, orc);
	walk_copy(data, 0, &w, &orc);
	EXPECT_EQ(-EBADMSG, orc);
	free(data);
}

TEST(corrupt_record_mid_file)
{
	struct walk_result clean, w;
	size_t size;
	u8 *data = load(POWERSHELL, &size, 0);
	u32 rec2, size1, n7 = records_of(data, 8192, 7);
	int orc;

	walk_copy(data, size, &clean, &orc);
	ASSERT_EQ(0, orc);
	/* buffer 7: make its second record run past the filled bytes */
	size1 = data[7 * 8192 + 72] | data[7 * 8192 + 73] << 8;
	rec2 = 7 * 8192 + 72 + ETL_ALIGN8(size1);
	data[rec2] = 0xF0;
	data[rec2 + 1] = 0x7F;
	walk_copy(data, size, &w, &orc);
	ASSERT_EQ(0, orc);
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(26, w.buffers);	/* every buffer handed out (issue 9) */
	EXPECT_EQ(ETL_DAMAGE_TAIL, w.err.kind);
	EXPECT_EQ(7, w.err.buffer);
	EXPECT_EQ(rec2, w.err.file_offset);
	EXPECT_NE(NULL, strstr(w.err.msg, "record runs past the filled bytes"));
	TH_LOG("%s", w.err.msg);
	/* everything but the rest of buffer 7 from its second record */
	EXPECT_EQ(clean.records - (n7 - 1), w.records);
	EXPECT_EQ(1, w.totals.damages);
	EXPECT_EQ(1, w.totals.tails);
	free(data);
}

TEST(compressed_buffer_in_file)
{
	struct walk_result w;
	size_t size;
	u8 *data = load(POWERSHELL, &size, 0);
	int orc;

	data[3 * 8192 + offsetof(struct etl_buffer_header, buffer_flag)] |=
		ETL_BUFFER_FLAG_COMPRESSED;
	walk_copy(data, size, &w, &orc);
	ASSERT_EQ(0, orc);
	/* not XPRESS data: that buffer is skipped, the others delivered */
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(25, w.buffers);
	EXPECT_EQ(ETL_DAMAGE_BUFFER, w.err.kind);
	EXPECT_EQ(3, w.err.buffer);
	EXPECT_NE(NULL, strstr(w.err.msg, "compressed"));
	TH_LOG("%s", w.err.msg);
	free(data);
}

TEST(zero_tail_is_the_end)
{
	struct walk_result w;
	size_t size;
	u8 *data = load(POWERSHELL, &size, 3 * 8192 + 100);
	int orc;

	/* a preallocated file: zero bytes after the last buffer */
	walk_copy(data, size + 3 * 8192 + 100, &w, &orc);
	ASSERT_EQ(0, orc);
	EXPECT_EQ(0, w.rc) {
		TH_LOG("%s", w.err.msg);
	}
	EXPECT_EQ(26, w.buffers);
	EXPECT_EQ(114, w.records);
	/* but a non-zero byte in it is damage */
	data[size + 8192 + 50] = 1;
	walk_copy(data, size + 3 * 8192 + 100, &w, &orc);
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(26, w.err.buffer);
	free(data);
}

TEST(bad_buffer_size_mid_file)
{
	struct walk_result w;
	size_t size;
	u8 *data = load(POWERSHELL, &size, 0);
	int orc;

	data[12 * 8192] = 0x44;		/* BufferSize 0x2044: not a multiple of 8 */
	walk_copy(data, size, &w, &orc);
	EXPECT_EQ(-EBADMSG, w.rc);
	EXPECT_EQ(25, w.buffers);	/* all but buffer 12 (issue 9) */
	EXPECT_EQ(ETL_DAMAGE_BUFFER, w.err.kind);
	EXPECT_EQ(12, w.err.buffer);
	EXPECT_NE(NULL, strstr(w.err.msg, "BufferSize not a multiple of 8"));
	TH_LOG("%s", w.err.msg);
	free(data);
}

TEST(header_damage_fails_open)
{
	struct etl_file_error err;
	struct etl_file *f = (void *)1;
	size_t size;
	u8 *data = load(LXCORE, &size, 0);

	data[72 + 6] = 5;	/* HookId: not the header event */
	EXPECT_EQ(-EBADMSG, etl_file_open_mem(data, size, &f, &err));
	EXPECT_EQ(NULL, f);
	EXPECT_EQ(0, err.buffer);
	EXPECT_EQ(72, err.file_offset);
	TH_LOG("%s", err.msg);
	data[72 + 6] = 0;
	data[72 + 3] = 0;	/* not a record at all */
	EXPECT_EQ(-EBADMSG, etl_file_open_mem(data, size, &f, &err));
	TH_LOG("%s", err.msg);
	data[72 + 3] = 0xC0;
	data[72] = 0xFF;	/* end marker: no header record */
	data[73] = 0xFF;
	data[74] = 0xFF;
	data[75] = 0xFF;
	EXPECT_EQ(-EBADMSG, etl_file_open_mem(data, size, &f, &err));
	EXPECT_NE(NULL, strstr(err.msg, "no logfile header"));
	free(data);
}

TEST(header_names_missing_still_opens)
{
	const struct etl_logfile_info *lf;
	struct etl_file_error err;
	struct etl_file *f;
	size_t size;
	u8 *data = load(LXCORE, &size, 0);

	/* Size 392 -> 312: the fixed part only */
	data[72 + 4] = 312 & 0xFF;
	data[72 + 5] = 312 >> 8;
	ASSERT_EQ(0, etl_file_open_mem(data, size, &f, &err)) {
		TH_LOG("%s", err.msg);
	}
	lf = etl_file_logfile(f);
	EXPECT_EQ(ETL_LF_LOGGER_NAME_MISSING | ETL_LF_LOG_FILE_NAME_MISSING, lf->names);
	EXPECT_EQ(8192, lf->hdr.buffer_size);
	etl_file_close(f);
	free(data);
}

TEST(open_errors)
{
	struct etl_file_error err;
	struct etl_file *f;

	EXPECT_EQ(-ENOENT, etl_file_open(ETL_UNIT_DIR "/no-such.etl", &f, &err));
	EXPECT_NE(NULL, strstr(err.msg, "no-such.etl"));
	EXPECT_EQ(-EINVAL, etl_file_open(ETL_UNIT_DIR, &f, &err));
	EXPECT_EQ(-EINVAL, etl_file_open_mem(NULL, 10, &f, &err));
	EXPECT_EQ(-EINVAL, etl_file_open(NULL, &f, NULL));
}

TEST_HARNESS_MAIN
