/* SPDX-License-Identifier: MIT */
/*
 * Reading .etl files (internal to libetw, not exported).
 *
 * A .etl file is a sequence of ETL buffers (kmod/shared/etw_etl.h,
 * Documentation/etl-format.rst): buffer 0 at offset 0 carries the logfile
 * header event, buffer n+1 starts where buffer n's own BufferSize ends.
 * This layer maps the file (or takes a caller's copy in memory), checks
 * buffer 0 and its header at open, then hands out buffers and records in
 * file order using the freestanding reader of kmod/shared/etw_etl_read.c.
 *
 * Errors are sticky: after the first damaged buffer or record every
 * iterator call returns the same negative errno, everything before the
 * damage having been delivered, and etl_file_error() says which buffer,
 * which file offset and what was wrong.  Codes: -EBADMSG corrupt or
 * truncated data, -EOPNOTSUPP compressed buffer, -EINVAL bad argument,
 * -ENOMEM, or the errno of open/fstat/mmap/read.
 *
 *	struct etl_file *f;
 *	struct etl_file_buffer b;
 *	struct etl_record r;
 *
 *	if (etl_file_open(path, &f, NULL) < 0)
 *		...;
 *	while ((rc = etl_file_next_buffer(f, &b)) > 0)
 *		while ((rc = etl_file_next_record(f, &b, &r)) > 0)
 *			use(&b, &r);
 *	if (rc < 0)
 *		fprintf(stderr, "%s\n", etl_file_error(f)->msg);
 *	etl_file_close(f);
 *
 * Buffer and record pointers stay valid until etl_file_close().  A file
 * mapped with mmap must not be truncated by someone else while open
 * (SIGBUS); use etl_file_open_mem() on a private copy if that can happen.
 */
#ifndef _LIBETW_ETL_FILE_H
#define _LIBETW_ETL_FILE_H

#include <stddef.h>
#include "shared/etw_etl.h"

struct etl_file;

/* Where and why reading stopped. */
struct etl_file_error {
	int code;		/* negative errno; 0 = no error */
	long long buffer;	/* index of the damaged buffer, -1 if none */
	u64 file_offset;	/* of the damaged bytes */
	char msg[256];		/* "buffer 3 at 0x6000+0x48: record ..." */
};

/* One buffer of the file, as etl_file_next_buffer() found it. */
struct etl_file_buffer {
	u32 index;		/* 0 = the header buffer */
	u64 file_offset;
	const u8 *data;		/* info.buffer_size bytes */
	struct etl_buffer_info info;	/* CPU, TimeStamp, filled, ... */
	struct etl_record_iter iter;	/* for etl_file_next_record() */
};

/*
 * Open @path (read-only mmap; read into memory if it cannot be mapped),
 * check buffer 0 and parse its logfile header.  On failure returns a
 * negative errno, sets *@fp to NULL and, if @err is not NULL, explains.
 */
int etl_file_open(const char *path, struct etl_file **fp,
		  struct etl_file_error *err);

/* The same over @size bytes at @data, which must outlive the handle. */
int etl_file_open_mem(const void *data, size_t size, struct etl_file **fp,
		      struct etl_file_error *err);

void etl_file_close(struct etl_file *f);

/* The logfile header event of buffer 0, names and loss counters included. */
const struct etl_logfile_info *etl_file_logfile(const struct etl_file *f);

/* The decoded header record itself (for delivering it as an event). */
const struct etl_record *etl_file_header_record(const struct etl_file *f);

/* The raw-time converter, or NULL if the header's clock is unusable. */
const struct etl_clock *etl_file_clock(const struct etl_file *f);

/* BufferSize of buffer 0 (the ULONG at file offset 0). */
u32 etl_file_buffer_size(const struct etl_file *f);

/* Bytes of the file. */
u64 etl_file_size(const struct etl_file *f);

/*
 * Next buffer in file order (buffer 0 first): 1 with *@b filled, 0 after
 * the last one, or the sticky error.  Ending: at the end of the file, or
 * where the rest of the file is all zero bytes (a preallocated tail).
 * A file that ends before BuffersWritten buffers is truncated: -EBADMSG.
 */
int etl_file_next_buffer(struct etl_file *f, struct etl_file_buffer *b);

/* Next record of @b: 1, 0 at the end of the buffer, or the sticky error. */
int etl_file_next_record(struct etl_file *f, struct etl_file_buffer *b,
			 struct etl_record *rec);

/* Start again at buffer 0 (clears the error). */
void etl_file_rewind(struct etl_file *f);

/* Buffers handed out so far. */
u32 etl_file_buffers_read(const struct etl_file *f);

/* The sticky error (code 0 if none). */
const struct etl_file_error *etl_file_error(const struct etl_file *f);

/*
 * UTF-16LE (@units code units, e.g. etl_logfile_info.logger_name) to
 * NUL-terminated UTF-8 in @out (@outsz > 0 bytes; truncated to fit,
 * unpaired surrogates become U+FFFD).  Returns the length written.
 */
size_t etl_utf16le_to_utf8(const u8 *s, u32 units, char *out, size_t outsz);

#endif /* _LIBETW_ETL_FILE_H */
