// SPDX-License-Identifier: MIT
/*
 * Reading .etl files: the file walk around the freestanding buffer and
 * record reader of kmod/shared/etw_etl_read.c, with recovery from damage
 * (issue 9) and decompression of compressed buffers.  See etl_file.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libfwnt.h>

#include "etl_file.h"

/* LogFileMode EVENT_TRACE_COMPRESSED_MODE (reference 2.3) */
#define ETL_MODE_COMPRESSED	0x04000000u

/* A buffer seen before, for finding duplicates: (CPU, sequence) -> offset */
struct etl_seen {
	u64 key;		/* 0 = empty slot */
	u64 offset;
	u32 size;
};

struct etl_file {
	const u8 *data;
	u64 size;
	u64 end;		/* after the last non-zero byte */
	void *map;		/* mmap'd region to unmap, or NULL */
	void *copy;		/* malloc'd copy to free, or NULL */
	u32 buffer_size;	/* of buffer 0 */
	u32 grid;		/* buffer n at n * grid; 0 = compressed file */
	u32 size0;		/* buffer 0's size (grid_size()) */
	u32 max_size;		/* compressed files: the trace's buffer size */
	u32 last_slot;		/* compressed files: BuffersWritten, or 0 */
	u16 logger_id;		/* of buffer 0 */
	u16 logger_id1;		/* of the first good buffer after it; 0xFFFF: none yet */
	u64 pos;		/* file offset of the next buffer */
	u64 last_start;		/* compressed files: the last buffer handed out */
	bool went_back;		/* compressed files: resynchronised backwards */
	u32 next_index;		/* buffers handed out */
	u32 slots;		/* buffer positions walked, damaged ones too */
	bool clock_ok;
	bool ended;
	struct etl_logfile_info lf;
	struct etl_record header;
	struct etl_clock clock;
	struct etl_file_error err;	/* the first damage, or the open error */
	struct etl_file_error damage[ETL_FILE_DAMAGE_MAX];	/* in file order */
	u64 damage_order[ETL_FILE_DAMAGE_MAX];		/* ORDER_BUF, ORDER_REC */
	struct etl_file_damage_totals tot;
	struct etl_seen *seen;	/* open-addressing table, power of 2 */
	u32 seen_cap, seen_n;
	u8 *scratch;		/* decompressed buffer (grid or BufferSize) */
	u32 scratch_cap;
};

/*
 * Record an error.  @buffer < 0: not about a buffer (then @start is the
 * file offset); else the damage is @off bytes into buffer @buffer, which
 * starts at file offset @start.
 */
static int set_err(struct etl_file_error *e, int code, long long buffer,
		   u64 start, u32 off, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static int vset_err(struct etl_file_error *e, int code, long long buffer,
		    u64 start, u32 off, const char *fmt, va_list ap)
{
	int n = 0;

	e->code = code;
	e->buffer = buffer;
	e->file_offset = start + off;
	if (buffer >= 0)
		n = snprintf(e->msg, sizeof(e->msg),
			     "buffer %lld (file offset 0x%llx), offset 0x%x: ",
			     buffer, (unsigned long long)start, off);
	if (n < 0 || (size_t)n >= sizeof(e->msg))
		n = 0;
	vsnprintf(e->msg + n, sizeof(e->msg) - n, fmt, ap);
	return code;
}

static int set_err(struct etl_file_error *e, int code, long long buffer,
		   u64 start, u32 off, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vset_err(e, code, buffer, start, off, fmt, ap);
	va_end(ap);
	e->kind = ETL_DAMAGE_OPEN;
	return code;
}

/*
 * Where a damage is in the file's order, so that the ones kept are in
 * that order however they were found (ProcessTrace finds a buffer's
 * damaged records when it delivers the buffer, buffers' damage before):
 * the buffer position, then 0 for the buffer itself or the record's
 * offset + 1.
 */
#define ORDER_BUF(slot)		((u64)(slot) << 32)
#define ORDER_REC(slot, at)	((u64)(slot) << 32 | ((u64)(at) + 1))

/*
 * Note one damaged place: counted, and kept in detail while there is
 * room -- the first ETL_FILE_DAMAGE_MAX in file order; err is the first.
 */
static void damage(struct etl_file *f, u64 order, u32 kind, int code,
		   long long buffer, u64 start, u32 off, u64 bytes,
		   const char *fmt, ...)
	__attribute__((format(printf, 9, 10)));

static void damage(struct etl_file *f, u64 order, u32 kind, int code,
		   long long buffer, u64 start, u32 off, u64 bytes,
		   const char *fmt, ...)
{
	struct etl_file_damage_totals *t = &f->tot;
	struct etl_file_error e;
	u32 kept, i;
	va_list ap;

	memset(&e, 0, sizeof(e));
	va_start(ap, fmt);
	vset_err(&e, code, buffer, start, off, fmt, ap);
	va_end(ap);
	e.kind = kind;
	e.bytes = bytes;
	switch (kind) {
	case ETL_DAMAGE_RECORD:
		t->records++;
		break;
	case ETL_DAMAGE_TAIL:
		t->tails++;
		break;
	case ETL_DAMAGE_BUFFER:
		t->buffers++;
		break;
	case ETL_DAMAGE_DUPLICATE:
		t->duplicates++;
		break;
	}
	t->bytes += bytes;
	/* Kept in file order: found in order, this is an append. */
	kept = t->damages < ETL_FILE_DAMAGE_MAX ? t->damages : ETL_FILE_DAMAGE_MAX;
	for (i = kept; i > 0 && f->damage_order[i - 1] > order; i--)
		;
	if (i < ETL_FILE_DAMAGE_MAX) {
		u32 move = (kept < ETL_FILE_DAMAGE_MAX ? kept : ETL_FILE_DAMAGE_MAX - 1) - i;

		memmove(&f->damage[i + 1], &f->damage[i], move * sizeof(f->damage[0]));
		memmove(&f->damage_order[i + 1], &f->damage_order[i],
			move * sizeof(f->damage_order[0]));
		f->damage[i] = e;
		f->damage_order[i] = order;
	}
	t->damages++;
	f->err = f->damage[0];
}

static u32 le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static u16 le16(const u8 *p)
{
	return (u16)(p[0] | p[1] << 8);
}

/*
 * The size of the buffers of an uncompressed file: buffer 0's BufferSize,
 * which TRACE_LOGFILE_HEADER.BufferSize repeats (etl-format section 1).
 * Should the two disagree (one of them damaged), the one at which the
 * next buffer header starts wins, so that one bad field does not shift
 * the whole file.
 */
static u32 grid_size(struct etl_file *f, u32 bsize)
{
	u32 alt = f->lf.hdr.buffer_size, cand[2] = { bsize, alt };
	struct etl_buffer_info info;
	int i, rc;

	if (alt == bsize)
		return bsize;
	for (i = 0; i < 2; i++) {
		if (cand[i] < ETL_BUFFER_HEADER_SIZE || cand[i] % ETL_RECORD_ALIGN)
			continue;
		if (cand[i] >= f->size)
			continue;
		rc = etl_buffer_parse_partial(f->data + cand[i], f->size - cand[i],
					      &info, NULL);
		if ((rc == 0 || rc == -EOPNOTSUPP) && info.buffer_size == cand[i])
			return cand[i];
	}
	return bsize;
}

/* Buffer 0 must parse and start with the logfile header event. */
static int check_header(struct etl_file *f)
{
	struct etl_file_error *e = &f->err;
	struct etl_buffer_info info;
	struct etl_record_iter it;
	struct etl_diag d = { "", 0 };
	u32 bsize;
	int rc;

	if (f->size < ETL_BUFFER_HEADER_SIZE)
		return set_err(e, -EBADMSG, -1, 0, 0,
			       "file of %llu bytes is shorter than a buffer header",
			       (unsigned long long)f->size);
	/* etl-format section 1: "read the ULONG at file offset 0" */
	bsize = le32(f->data);
	f->buffer_size = bsize;
	rc = etl_buffer_parse_partial(f->data, f->size, &info, &d);
	if (rc < 0) {
		if (rc == -EOPNOTSUPP)
			return set_err(e, -EBADMSG, 0, 0, d.offset,
				       "buffer 0 is compressed");
		return set_err(e, rc, 0, 0, d.offset, "%s", d.why);
	}
	if (info.flags & ETL_BUFINFO_PARTIAL)
		return set_err(e, -EBADMSG, 0, 0, 0,
			       "file truncated: BufferSize %u but the file has %llu bytes",
			       bsize, (unsigned long long)f->size);
	etl_record_iter_init(&it, f->data, &info);
	rc = etl_record_next(&it, &f->header);
	if (rc <= 0) {
		if (!rc)
			return set_err(e, -EBADMSG, 0, 0, ETL_BUFFER_HEADER_SIZE,
				       "no logfile header record");
		return set_err(e, rc, 0, 0, it.diag.offset, "logfile header: %s",
			       it.diag.why);
	}
	/* section 4: first record of buffer 0 = logfile header event */
	rc = etl_logfile_parse(&f->header, &f->lf, &d);
	if (rc < 0)
		return set_err(e, rc, 0, 0, d.offset, "%s", d.why);
	f->clock_ok = !etl_clock_from_logfile(&f->clock, &f->lf);
	f->logger_id = info.logger_id;
	f->logger_id1 = 0xFFFF;
	/* section 1: uncompressed buffers all have buffer 0's size */
	f->size0 = grid_size(f, bsize);
	f->grid = (f->lf.hdr.log_file_mode & ETL_MODE_COMPRESSED) ? 0 : f->size0;
	/*
	 * etl-format.rst, "Compressed buffers": Windows' relogger writes
	 * buffer 0 cut to its filled bytes, so the trace's buffer size is
	 * the larger of buffer 0's and TRACE_LOGFILE_HEADER.BufferSize; and
	 * what follows the BuffersWritten buffers of a finished file (its
	 * EndTime set) are stale bytes of the relogger's staging buffer.
	 */
	f->max_size = bsize;
	if (f->lf.hdr.buffer_size > bsize && f->lf.hdr.buffer_size <= ETL_BUFFER_SIZE_MAX)
		f->max_size = f->lf.hdr.buffer_size;
	f->last_slot = !f->grid && f->lf.hdr.end_time ? f->lf.hdr.buffers_written : 0;
	memset(e, 0, sizeof(*e));
	e->buffer = -1;
	return 0;
}

/* Where the data ends: the rest may be a preallocated zero tail. */
/* Where the data ends: the rest may be a preallocated zero tail. */
static void find_end(struct etl_file *f)
{
	f->end = f->size;
	while (f->end && !f->data[f->end - 1])
		f->end--;
}

static int finish_open(struct etl_file *f, struct etl_file **fp,
		       struct etl_file_error *err)
{
	int rc = check_header(f);

	if (rc < 0) {
		if (err)
			*err = f->err;
		etl_file_close(f);
		return rc;
	}
	find_end(f);
	etl_file_release(f, f->end, f->size);
	*fp = f;
	return 0;
}

int etl_file_open_mem(const void *data, size_t size, struct etl_file **fp,
		      struct etl_file_error *err)
{
	struct etl_file *f;

	if (err) {
		memset(err, 0, sizeof(*err));
		err->buffer = -1;
	}
	if (!fp || (!data && size))
		return -EINVAL;
	*fp = NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return -ENOMEM;
	f->data = data;
	f->size = size;
	return finish_open(f, fp, err);
}

static int read_all(int fd, u8 *p, u64 size)
{
	while (size) {
		ssize_t n = read(fd, p, size > (1u << 30) ? (1u << 30) : size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		size -= n;
	}
	return 0;
}

int etl_file_open(const char *path, struct etl_file **fp,
		  struct etl_file_error *err)
{
	struct etl_file_error dummy;
	struct etl_file *f;
	struct stat st;
	int fd, rc;

	if (!err)
		err = &dummy;
	memset(err, 0, sizeof(*err));
	err->buffer = -1;
	if (!path || !fp)
		return -EINVAL;
	*fp = NULL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return set_err(err, -errno, -1, 0, 0, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		rc = set_err(err, -errno, -1, 0, 0, "%s: %s", path, strerror(errno));
		goto out_close;
	}
	if (!S_ISREG(st.st_mode)) {
		rc = set_err(err, -EINVAL, -1, 0, 0, "%s: not a regular file", path);
		goto out_close;
	}
	f = calloc(1, sizeof(*f));
	if (!f) {
		rc = set_err(err, -ENOMEM, -1, 0, 0, "%s: out of memory", path);
		goto out_close;
	}
	f->size = st.st_size;
	if (f->size) {
		f->map = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (f->map == MAP_FAILED) {
			f->map = NULL;
			f->copy = malloc(f->size);
			rc = f->copy ? read_all(fd, f->copy, f->size) : -ENOMEM;
			if (rc < 0) {
				set_err(err, rc, -1, 0, 0, "%s: %s", path, strerror(-rc));
				etl_file_close(f);
				goto out_close;
			}
		}
		f->data = f->map ? f->map : f->copy;
	}
	close(fd);
	return finish_open(f, fp, err);

out_close:
	close(fd);
	return rc;
}

void etl_file_close(struct etl_file *f)
{
	if (!f)
		return;
	if (f->map)
		munmap(f->map, f->size);
	free(f->copy);
	free(f->seen);
	free(f->scratch);
	free(f);
}

void etl_file_release(struct etl_file *f, u64 from, u64 to)
{
	u64 page = (u64)sysconf(_SC_PAGESIZE);
	u64 lo, hi;

	if (!f || !f->map || from >= to)
		return;
	/* Every page the range touches: a neighbour re-reads what it shares. */
	lo = from & ~(page - 1);
	hi = (to + page - 1) & ~(page - 1);
	if (hi > ((f->size + page - 1) & ~(page - 1)))
		hi = (f->size + page - 1) & ~(page - 1);
	if (lo < hi)
		madvise((u8 *)f->map + lo, hi - lo, MADV_DONTNEED);
}

const struct etl_logfile_info *etl_file_logfile(const struct etl_file *f)
{
	return &f->lf;
}

const struct etl_record *etl_file_header_record(const struct etl_file *f)
{
	return &f->header;
}

const struct etl_clock *etl_file_clock(const struct etl_file *f)
{
	return f->clock_ok ? &f->clock : NULL;
}

u32 etl_file_buffer_size(const struct etl_file *f)
{
	return f->buffer_size;
}

u64 etl_file_size(const struct etl_file *f)
{
	return f->size;
}

u32 etl_file_buffers_read(const struct etl_file *f)
{
	return f->next_index;
}

const struct etl_file_error *etl_file_error(const struct etl_file *f)
{
	return &f->err;
}

const struct etl_file_error *etl_file_damage(const struct etl_file *f, u32 i)
{
	if (!f || i >= f->tot.damages || i >= ETL_FILE_DAMAGE_MAX)
		return NULL;
	return &f->damage[i];
}

const struct etl_file_damage_totals *etl_file_damage_totals(const struct etl_file *f)
{
	return &f->tot;
}

const char *etl_damage_kind_name(u32 kind)
{
	static const char * const names[ETL_DAMAGE_KIND_COUNT] = {
		[ETL_DAMAGE_NONE] = "none",
		[ETL_DAMAGE_OPEN] = "open",
		[ETL_DAMAGE_RECORD] = "record",
		[ETL_DAMAGE_TAIL] = "tail",
		[ETL_DAMAGE_BUFFER] = "buffer",
		[ETL_DAMAGE_TRUNCATED] = "truncated",
		[ETL_DAMAGE_TRAILING] = "trailing",
		[ETL_DAMAGE_DUPLICATE] = "duplicate",
		[ETL_DAMAGE_RESYNC] = "resync",
	};

	return kind < ETL_DAMAGE_KIND_COUNT ? names[kind] : "?";
}

void etl_file_rewind(struct etl_file *f)
{
	f->pos = 0;
	find_end(f);
	f->last_start = 0;
	f->went_back = false;
	f->logger_id1 = 0xFFFF;
	f->next_index = 0;
	f->slots = 0;
	f->ended = false;
	f->seen_n = 0;
	if (f->seen)
		memset(f->seen, 0, f->seen_cap * sizeof(*f->seen));
	memset(&f->tot, 0, sizeof(f->tot));
	memset(&f->err, 0, sizeof(f->err));
	f->err.buffer = -1;
}

/* --- compressed buffers -------------------------------------------------- */

int etl_buffer_decompress(const u8 *raw, u32 raw_size,
			  const struct etl_buffer_info *info, u8 *out, u32 cap,
			  struct etl_buffer_info *out_info, struct etl_diag *diag)
{
	libfwnt_error_t *error = NULL;
	u32 saved, off, ext, end;
	size_t got;
	int rc;

	if (!raw || !info || !out || !out_info || raw_size < ETL_BUFFER_HEADER_SIZE ||
	    raw_size > info->buffer_size + 0u || info->filled < ETL_BUFFER_HEADER_SIZE)
		return -EINVAL;
	if (info->filled > cap) {
		if (diag) {
			diag->why = "compressed buffer: decompressed size larger than the room given";
			diag->offset = offsetof(struct etl_buffer_header, saved_offset);
		}
		return -EBADMSG;
	}
	saved = le32(raw + offsetof(struct etl_buffer_header, saved_offset));
	off = le32(raw + offsetof(struct etl_buffer_header, offset));
	/* room for the largest extent the header names (info->filled) */
	got = info->filled - ETL_BUFFER_HEADER_SIZE;
	memcpy(out, raw, ETL_BUFFER_HEADER_SIZE);
	/* etl-format section 1: XPRESS (MS-XCA plain LZ77), libfwnt's "LZXPRESS" */
	rc = libfwnt_lzxpress_decompress(raw + ETL_BUFFER_HEADER_SIZE,
					 raw_size - ETL_BUFFER_HEADER_SIZE,
					 out + ETL_BUFFER_HEADER_SIZE, &got, &error);
	if (error)
		libfwnt_error_free(&error);
	ext = ETL_BUFFER_HEADER_SIZE + (u32)got;
	/*
	 * etl-format.rst, "Compressed buffers": the data decompresses to
	 * the extent that SavedOffset (Windows' kernel) or Offset (its
	 * relogger) names.  The records end at Offset when it lies inside
	 * (the kernel compresses the whole buffer, its 0xFF tail too), else
	 * at the extent (a piece of a split buffer keeps the whole buffer's
	 * Offset).
	 */
	if (rc != 1 || (ext != saved && ext != off)) {
		if (diag) {
			diag->why = rc != 1 ? "compressed buffer does not decompress" :
				    "compressed buffer decompresses to another size than SavedOffset and Offset say";
			diag->offset = ETL_BUFFER_HEADER_SIZE;
		}
		return -EBADMSG;
	}
	end = off >= ETL_BUFFER_HEADER_SIZE && off <= ext && !(off % ETL_RECORD_ALIGN) ?
	      off : ext;
	/* now an ordinary buffer of @end filled bytes */
	{
		struct etl_buffer_header *h = (void *)out;
		u16 fl = le16(out + offsetof(struct etl_buffer_header, buffer_flag));

		fl &= ~ETL_BUFFER_FLAG_COMPRESSED;
		memcpy(&h->buffer_size, &end, 4);
		memcpy(&h->saved_offset, &end, 4);
		memcpy(&h->current_offset, &end, 4);
		memcpy(&h->offset, &end, 4);
		memcpy(&h->buffer_flag, &fl, 2);
	}
	return etl_buffer_parse(out, end, out_info, diag);
}

/* --- duplicates ------------------------------------------------------------ */

static u64 seen_key(const struct etl_buffer_info *i)
{
	/* never 0: 0 marks an empty slot */
	return ((u64)i->sequence * 0x9E3779B97F4A7C15ULL) ^ ((u64)i->cpu << 1) ^ 1;
}

/*
 * Is the buffer at @off (@n bytes) a copy of one seen before?  Remembers
 * it if not.  A table that cannot grow only stops finding duplicates.
 */
static bool seen_before(struct etl_file *f, const struct etl_buffer_info *info,
			u64 off, u32 n)
{
	u64 key = seen_key(info);
	u32 i, mask;

	if (f->seen_n * 2 >= f->seen_cap) {
		u32 cap = f->seen_cap ? 2 * f->seen_cap : 256;
		struct etl_seen *t = calloc(cap, sizeof(*t));

		if (!t)
			return false;
		for (i = 0; i < f->seen_cap; i++) {
			u32 j;

			if (!f->seen[i].key)
				continue;
			for (j = f->seen[i].key & (cap - 1); t[j].key; j = (j + 1) & (cap - 1))
				;
			t[j] = f->seen[i];
		}
		free(f->seen);
		f->seen = t;
		f->seen_cap = cap;
	}
	mask = f->seen_cap - 1;
	for (i = key & mask; f->seen[i].key; i = (i + 1) & mask) {
		const struct etl_seen *s = &f->seen[i];

		if (s->key == key && s->size == n &&
		    !memcmp(f->data + s->offset, f->data + off, n))
			return true;
	}
	f->seen[i].key = key;
	f->seen[i].offset = off;
	f->seen[i].size = n;
	f->seen_n++;
	return false;
}

/* --- the walk ---------------------------------------------------------------- */

/* The end of the buffers: complain if BuffersWritten promised more. */
static int at_end(struct etl_file *f)
{
	u32 promised = f->lf.hdr.buffers_written;

	if (f->ended)
		return 0;
	f->ended = true;
	if (f->pos < f->size)
		f->pos = f->size;	/* a zero tail */
	if (f->pos > f->size)
		f->pos = f->size;	/* the last step went past a cut */
	/* etl-format section 1: BuffersWritten = buffers incl. buffer 0 */
	if (f->grid && promised > f->slots)
		damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_TRUNCATED, -EBADMSG,
		       f->slots, f->pos, 0, (u64)(promised - f->slots) * f->grid,
		       "file truncated: %u buffers present, BuffersWritten is %u",
		       f->slots, promised);
	return 0;
}

/*
 * A compressed file has no grid: after a damaged header look for the
 * next offset where a buffer header of this trace starts (its LoggerId,
 * a plausible BufferSize).  Each offset is tried once: linear in the
 * file size.
 */
static u64 resync(struct etl_file *f, u64 from)
{
	struct etl_buffer_info info;
	u64 o;
	int rc;

	for (o = from; o + ETL_BUFFER_HEADER_SIZE <= f->end; o++) {
		const u8 *p = f->data + o;
		u16 lid = le16(p + offsetof(struct etl_buffer_header, logger_id));

		if (lid != f->logger_id && lid != f->logger_id1)
			continue;
		if (le32(p) > f->max_size || le32(p) < ETL_BUFFER_HEADER_SIZE)
			continue;
		rc = etl_buffer_parse_partial(p, f->size - o, &info, NULL);
		if ((rc == 0 || rc == -EOPNOTSUPP) &&
		    info.filled <= f->max_size)
			return o;
	}
	return f->size;
}

/* Decompress buffer @b in place of its data (into f->scratch). */
static int inflate_buffer(struct etl_file *f, struct etl_file_buffer *b,
			  struct etl_diag *d)
{
	struct etl_buffer_info out;
	u32 cap = b->info.filled;	/* the largest extent its header names */
	int rc;

	if (f->scratch_cap < cap) {
		u8 *s = realloc(f->scratch, cap);

		if (!s)
			return -ENOMEM;
		f->scratch = s;
		f->scratch_cap = cap;
	}
	rc = etl_buffer_decompress(b->raw, b->raw_size, &b->info, f->scratch,
				   f->scratch_cap, &out, d);
	if (rc < 0)
		return rc;
	b->data = f->scratch;
	b->info = out;
	b->compressed = true;
	return 0;
}

int etl_file_next_buffer(struct etl_file *f, struct etl_file_buffer *b)
{
	struct etl_diag d = { "", 0 };
	u64 left, step;
	int rc;

	if (!f || !b)
		return -EINVAL;
	for (;;) {
		if (f->last_slot && f->slots >= f->last_slot && f->pos < f->end)
			f->end = f->pos;	/* stale bytes after the last buffer */
		if (f->pos >= f->end)
			return at_end(f);
		left = f->size - f->pos;
		if (left < ETL_BUFFER_HEADER_SIZE) {
			damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_TRAILING, -EBADMSG,
			       -1, f->pos, 0, left,
			       "%llu bytes after the last buffer, less than a buffer header",
			       (unsigned long long)left);
			f->pos = f->size;
			continue;
		}
		memset(b, 0, sizeof(*b));
		b->index = f->slots;
		b->file_offset = f->pos;
		b->data = b->raw = f->data + f->pos;
		rc = etl_buffer_parse_partial(b->data, left, &b->info, &d);
		step = f->grid;
		if (rc == -EOPNOTSUPP) {
			/* section 1: compressed; its own size on disk */
			b->raw_size = b->info.buffer_size;
			if (!f->grid)
				step = b->info.buffer_size;
			rc = inflate_buffer(f, b, &d);
			if (rc == -ENOMEM)
				return rc;
			if (rc < 0)
				rc = -EBADMSG;
		} else if (rc == 0) {
			b->raw_size = b->info.buffer_size;
			if (!f->grid)
				step = f->slots ? b->info.buffer_size : f->size0;
		}
		/* a compressed file has no grid: a buffer of another trace is
		 * a misstep after a damaged BufferSize
		 */
		if (rc == 0 && !f->grid && f->slots && f->logger_id1 == 0xFFFF)
			f->logger_id1 = b->info.logger_id;
		if (rc == 0 && !f->grid && b->info.logger_id != f->logger_id &&
		    b->info.logger_id != f->logger_id1) {
			rc = -EBADMSG;
			d.why = "not a buffer of this trace (LoggerId differs)";
			d.offset = offsetof(struct etl_buffer_header, logger_id);
		}
		if (rc < 0) {
			u64 next, n;

			if (f->grid) {
				next = f->pos + f->grid;
			} else {
				/*
				 * A compressed file: the first header of this
				 * trace after the last good buffer's header (once:
				 * a BufferSize one too large may have overshot the
				 * next header), else after this position.
				 */
				next = f->pos;
				if (f->next_index && !f->went_back &&
				    f->last_start + ETL_BUFFER_HEADER_SIZE < f->pos)
					next = resync(f, f->last_start + ETL_BUFFER_HEADER_SIZE);
				if (next < f->pos) {
					f->went_back = true;
					damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_RESYNC,
					       -EBADMSG, f->slots,
					       f->pos, 0, 0,
					       "the buffer before ends at file offset 0x%llx, not here (its BufferSize was wrong); reading on from there",
					       (unsigned long long)next);
					f->pos = next;
					continue;
				}
				next = resync(f, f->pos + 1);
			}
			n = (next < f->size ? next : f->size) - f->pos;

			if (f->pos + n >= f->size && n < f->grid && f->slots)
				damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_TRAILING,
				       rc, -1, f->pos, 0, n,
				       "%llu bytes after the last buffer are no buffer: %s",
				       (unsigned long long)n, d.why);
			else
				damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_BUFFER,
				       rc, f->slots, f->pos,
				       d.offset, n, "%s; buffer skipped", d.why);
			f->slots++;
			f->pos += n;
			continue;
		}
		/* section 1: every buffer of an uncompressed file has the same size */
		if (f->grid && !b->compressed && b->info.buffer_size != f->grid) {
			damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_BUFFER,
			       -EBADMSG, f->slots, f->pos, 0,
			       left < f->grid ? left : f->grid,
			       "BufferSize %u, but the file's buffers are %u bytes; buffer skipped",
			       b->info.buffer_size, f->grid);
			f->slots++;
			f->pos += f->grid;
			continue;
		}
		if (b->info.flags & ETL_BUFINFO_PARTIAL) {
			damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_TRUNCATED,
			       -EBADMSG, f->slots, f->pos, 0,
			       b->info.buffer_size - left,
			       "file truncated: %llu of the buffer's %u bytes present",
			       (unsigned long long)left, b->info.buffer_size);
			step = left;
		} else if (f->slots && seen_before(f, &b->info, f->pos, b->raw_size)) {
			damage(f, ORDER_BUF(f->slots), ETL_DAMAGE_DUPLICATE,
			       -EBADMSG, f->slots, f->pos, 0,
			       b->raw_size,
			       "a copy of an earlier buffer (CPU %u, SequenceNumber %lld); skipped",
			       b->info.cpu, (long long)b->info.sequence);
			f->slots++;
			f->pos += step;
			continue;
		}
		etl_record_iter_init(&b->iter, b->data, &b->info);
		etl_record_iter_recover(&b->iter);
		f->last_start = f->pos;
		f->went_back = false;
		f->pos += step;
		f->slots++;
		f->next_index++;
		return 1;
	}
}

int etl_file_next_record(struct etl_file *f, struct etl_file_buffer *b,
			 struct etl_record *rec)
{
	int rc;

	if (!f || !b || !rec)
		return -EINVAL;
	for (;;) {
		u32 at = b->iter.pos;
		/* in a decompressed buffer offsets are not file offsets */
		u32 off = b->compressed ? 0 : b->iter.diag.offset;
		const char *in = b->compressed ? " of the decompressed buffer" : "";

		rc = etl_record_next(&b->iter, rec);
		if (rc >= 0 || rc != -EBADMSG)
			return rc;
		off = b->compressed ? 0 : b->iter.diag.offset;
		if (b->iter.skip_record)
			damage(f, ORDER_REC(b->index, at), ETL_DAMAGE_RECORD, rc,
			       b->index, b->file_offset,
			       off, b->iter.skip_bytes,
			       "%s; record at 0x%x%s skipped", b->iter.diag.why, at, in);
		else
			damage(f, ORDER_REC(b->index, at), ETL_DAMAGE_TAIL, rc,
			       b->index, b->file_offset,
			       off, b->iter.skip_bytes,
			       "%s; the rest of the buffer from 0x%x%s (%u bytes) skipped",
			       b->iter.diag.why, at, in, b->iter.skip_bytes);
	}
}

