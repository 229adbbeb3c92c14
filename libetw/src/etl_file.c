// SPDX-License-Identifier: MIT
/*
 * Reading .etl files: the file walk around the freestanding buffer and
 * record reader of kmod/shared/etw_etl_read.c.  See etl_file.h.
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

#include "etl_file.h"

struct etl_file {
	const u8 *data;
	u64 size;
	void *map;		/* mmap'd region to unmap, or NULL */
	void *copy;		/* malloc'd copy to free, or NULL */
	u32 buffer_size;	/* of buffer 0 */
	u64 pos;		/* file offset of the next buffer */
	u32 next_index;
	bool clock_ok;
	struct etl_logfile_info lf;
	struct etl_record header;
	struct etl_clock clock;
	struct etl_file_error err;
};

/*
 * Record an error.  @buffer < 0: not about a buffer (then @start is the
 * file offset); else the damage is @off bytes into buffer @buffer, which
 * starts at file offset @start.
 */
static int set_err(struct etl_file_error *e, int code, long long buffer,
		   u64 start, u32 off, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

static int set_err(struct etl_file_error *e, int code, long long buffer,
		   u64 start, u32 off, const char *fmt, ...)
{
	va_list ap;
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
	va_start(ap, fmt);
	vsnprintf(e->msg + n, sizeof(e->msg) - n, fmt, ap);
	va_end(ap);
	return code;
}

static u32 le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static bool all_zero(const u8 *p, u64 n)
{
	for (; n; n--, p++)
		if (*p)
			return false;
	return true;
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
	rc = etl_buffer_parse(f->data, f->size, &info, &d);
	if (rc < 0) {
		if (bsize >= ETL_BUFFER_SIZE_MIN && !(bsize % 8) && bsize > f->size)
			return set_err(e, rc, 0, 0, 0,
				       "file truncated: BufferSize %u but the file has %llu bytes",
				       bsize, (unsigned long long)f->size);
		return set_err(e, rc, 0, 0, d.offset, "%s", d.why);
	}
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
	return 0;
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
	*fp = f;
	return 0;
}

int etl_file_open_mem(const void *data, size_t size, struct etl_file **fp,
		      struct etl_file_error *err)
{
	struct etl_file *f;

	if (err)
		memset(err, 0, sizeof(*err));
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
	free(f);
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

void etl_file_rewind(struct etl_file *f)
{
	f->pos = 0;
	f->next_index = 0;
	memset(&f->err, 0, sizeof(f->err));
}

/* The end of the buffers: complain if BuffersWritten promised more. */
static int at_end(struct etl_file *f)
{
	u32 promised = f->lf.hdr.buffers_written;

	/* etl-format section 1: BuffersWritten = buffers incl. buffer 0 */
	if (promised > f->next_index)
		return set_err(&f->err, -EBADMSG, f->next_index, f->pos, 0,
			       "file truncated: %u buffers present, BuffersWritten is %u",
			       f->next_index, promised);
	return 0;
}

int etl_file_next_buffer(struct etl_file *f, struct etl_file_buffer *b)
{
	struct etl_diag d = { "", 0 };
	u64 left;
	u32 bsize;
	int rc;

	if (!f || !b)
		return -EINVAL;
	if (f->err.code)
		return f->err.code;
	if (f->pos >= f->size)
		return at_end(f);
	left = f->size - f->pos;
	if (all_zero(f->data + f->pos, left))
		return at_end(f);
	if (left < ETL_BUFFER_HEADER_SIZE)
		return set_err(&f->err, -EBADMSG, f->next_index, f->pos, 0,
			       "file truncated: %llu bytes left, less than a buffer header",
			       (unsigned long long)left);

	memset(b, 0, sizeof(*b));
	rc = etl_buffer_parse(f->data + f->pos, left, &b->info, &d);
	if (rc < 0) {
		bsize = le32(f->data + f->pos);
		if (rc == -EBADMSG && bsize >= ETL_BUFFER_SIZE_MIN &&
		    !(bsize % 8) && bsize > left)
			return set_err(&f->err, rc, f->next_index, f->pos, 0,
				       "file truncated: BufferSize %u, %llu bytes left",
				       bsize, (unsigned long long)left);
		return set_err(&f->err, rc, f->next_index, f->pos, d.offset,
			       "%s", d.why);
	}
	b->index = f->next_index;
	b->file_offset = f->pos;
	b->data = f->data + f->pos;
	etl_record_iter_init(&b->iter, b->data, &b->info);
	/* section 1: step by each buffer's own BufferSize */
	f->pos += b->info.buffer_size;
	f->next_index++;
	return 1;
}

int etl_file_next_record(struct etl_file *f, struct etl_file_buffer *b,
			 struct etl_record *rec)
{
	int rc;

	if (!f || !b || !rec)
		return -EINVAL;
	if (f->err.code)
		return f->err.code;
	rc = etl_record_next(&b->iter, rec);
	if (rc < 0)
		return set_err(&f->err, rc, b->index, b->file_offset,
			       b->iter.diag.offset, "%s", b->iter.diag.why);
	return rc;
}

static size_t put_utf8(char *out, size_t outsz, size_t n, u32 c)
{
	char tmp[4];
	size_t len, i;

	if (c < 0x80) {
		tmp[0] = c;
		len = 1;
	} else if (c < 0x800) {
		tmp[0] = 0xC0 | c >> 6;
		tmp[1] = 0x80 | (c & 0x3F);
		len = 2;
	} else if (c < 0x10000) {
		tmp[0] = 0xE0 | c >> 12;
		tmp[1] = 0x80 | ((c >> 6) & 0x3F);
		tmp[2] = 0x80 | (c & 0x3F);
		len = 3;
	} else {
		tmp[0] = 0xF0 | c >> 18;
		tmp[1] = 0x80 | ((c >> 12) & 0x3F);
		tmp[2] = 0x80 | ((c >> 6) & 0x3F);
		tmp[3] = 0x80 | (c & 0x3F);
		len = 4;
	}
	if (n + len >= outsz)
		return 0;
	for (i = 0; i < len; i++)
		out[n + i] = tmp[i];
	return len;
}

size_t etl_utf16le_to_utf8(const u8 *s, u32 units, char *out, size_t outsz)
{
	size_t n = 0, w;
	u32 i, c, c2;

	if (!out || !outsz)
		return 0;
	for (i = 0; s && i < units; i++) {
		c = s[2 * i] | s[2 * i + 1] << 8;
		if (c >= 0xD800 && c < 0xDC00 && i + 1 < units) {
			c2 = s[2 * i + 2] | s[2 * i + 3] << 8;
			if (c2 >= 0xDC00 && c2 < 0xE000) {
				c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
				i++;
			} else {
				c = 0xFFFD;
			}
		} else if (c >= 0xD800 && c < 0xE000) {
			c = 0xFFFD;
		}
		w = put_utf8(out, outsz, n, c);
		if (!w)
			break;
		n += w;
	}
	out[n] = '\0';
	return n;
}
