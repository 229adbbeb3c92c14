/* SPDX-License-Identifier: MIT */
/*
 * Reading .etl files (internal to libetw, not exported).
 *
 * A .etl file is a sequence of ETL buffers (kmod/shared/etw_etl.h,
 * Documentation/etl-format.rst): buffer 0 at offset 0 carries the logfile
 * header event; in an uncompressed file buffer n starts at n times the
 * file's buffer size, in a compressed one (EVENT_TRACE_COMPRESSED_MODE)
 * where buffer n-1's own BufferSize ends.  This layer maps the file (or
 * takes a caller's copy in memory), checks buffer 0 and its header at
 * open, then hands out buffers and records in file order using the
 * freestanding reader of kmod/shared/etw_etl_read.c.
 *
 * Damage costs only what is damaged (issue 9): a record whose Size is
 * sane but whose inside is not is skipped alone; a record whose extent
 * cannot be trusted ends its buffer; a buffer whose header is bad is
 * skipped whole and reading goes on with the next one (the next grid
 * position, or in a compressed file the next offset where a buffer header
 * of this trace starts); a buffer cut by the end of the file gives the
 * records wholly inside it; a buffer equal to an earlier one (same CPU,
 * SequenceNumber and bytes) is a duplicate and skipped; bytes after the
 * last buffer that are no buffer are ignored.  Each such place is a
 * damage: counted in the totals and, for the first ETL_FILE_DAMAGE_MAX,
 * kept with its buffer, file offset and reason (etl_file_damage()).
 * Only open fails for damage: when buffer 0 or its header record is
 * unusable.
 *
 *	struct etl_file *f;
 *	struct etl_file_buffer b;
 *	struct etl_record r;
 *
 *	if (etl_file_open(path, &f, NULL) < 0)
 *		...;
 *	while (etl_file_next_buffer(f, &b) > 0)
 *		while (etl_file_next_record(f, &b, &r) > 0)
 *			use(&b, &r);
 *	if (etl_file_error(f)->code)
 *		fprintf(stderr, "%s\n", etl_file_error(f)->msg);
 *	etl_file_close(f);
 *
 * Damaged records are found by whoever walks a buffer's records, in any
 * order of buffers (ProcessTrace walks them in time order); the damages
 * kept in detail are the first ETL_FILE_DAMAGE_MAX in file order.
 *
 * Buffer and record pointers stay valid until etl_file_close(), except
 * those of a compressed buffer, which is decompressed into memory of the
 * handle that the next etl_file_next_buffer() reuses.  A file mapped
 * with mmap must not be truncated by someone else while open (SIGBUS);
 * use etl_file_open_mem() on a private copy if that can happen.
 */
#ifndef _LIBETW_ETL_FILE_H
#define _LIBETW_ETL_FILE_H

#include <stddef.h>
#include "shared/etw_etl.h"

struct etl_file;

/* What kind of damage, and so what it cost. */
enum etl_damage_kind {
	ETL_DAMAGE_NONE,
	ETL_DAMAGE_OPEN,	/* buffer 0 or the header record: open failed */
	ETL_DAMAGE_RECORD,	/* one record skipped (its Size was sane) */
	ETL_DAMAGE_TAIL,	/* the rest of a buffer dropped */
	ETL_DAMAGE_BUFFER,	/* a whole buffer skipped */
	ETL_DAMAGE_TRUNCATED,	/* the file ends inside a buffer or too early */
	ETL_DAMAGE_TRAILING,	/* bytes after the last buffer that are none */
	ETL_DAMAGE_DUPLICATE,	/* a copy of an earlier buffer, skipped */
	ETL_DAMAGE_RESYNC,	/* a BufferSize was wrong: read on from where it should end */
	ETL_DAMAGE_KIND_COUNT
};

/* libetw.h ETW_DAMAGE_* are these numbers (consumer.c asserts it). */

/* One damaged place: where and why (also what open failed on). */
struct etl_file_error {
	int code;		/* negative errno (-EBADMSG ...); 0 = no damage */
	u32 kind;		/* enum etl_damage_kind */
	long long buffer;	/* index of the buffer (file order), -1 if none */
	u64 file_offset;	/* of the damaged bytes */
	u64 bytes;		/* bytes skipped because of it */
	char msg[256];		/* "buffer 3 (file offset 0x6000), offset 0x48: ..." */
};

/* How much was skipped in the last walk of the file. */
struct etl_file_damage_totals {
	u32 damages;		/* damaged places, all kinds */
	u32 records;		/* records of known size skipped */
	u32 tails;		/* buffer tails dropped */
	u32 buffers;		/* whole buffers skipped (duplicates not counted) */
	u32 duplicates;		/* duplicate buffers skipped */
	u64 bytes;		/* bytes skipped, all kinds */
};

#define ETL_FILE_DAMAGE_MAX	64	/* damages kept in detail */

/* One buffer of the file, as etl_file_next_buffer() found it. */
struct etl_file_buffer {
	u32 index;		/* position in file order; 0 = the header buffer */
	u64 file_offset;
	const u8 *data;		/* the buffer: info.filled bytes may be read */
	struct etl_buffer_info info;	/* CPU, TimeStamp, filled, ... */
	struct etl_record_iter iter;	/* for etl_file_next_record() */
	const u8 *raw;		/* compressed: the bytes on disk, else data */
	u32 raw_size;		/* compressed: their number */
	bool compressed;	/* data was decompressed into the handle */
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
 * Next intact buffer in file order (buffer 0 first): 1 with *@b filled,
 * 0 after the last one (damaged buffers are skipped and recorded), or
 * -EINVAL / -ENOMEM.  Ending: at the end of the file, or where the rest
 * of the file is all zero bytes (a preallocated tail).  A file that ends
 * before BuffersWritten buffers is recorded as truncated.
 */
int etl_file_next_buffer(struct etl_file *f, struct etl_file_buffer *b);

/*
 * Next intact record of @b: 1, or 0 at the end of the buffer; damaged
 * records are skipped and recorded.  -EINVAL for bad arguments.
 */
int etl_file_next_record(struct etl_file *f, struct etl_file_buffer *b,
			 struct etl_record *rec);

/*
 * The bytes [@from, @to) of the file are not needed in memory for now:
 * the pages of a mapped file that hold them leave the process's resident
 * set (touched again, they are read again; the pointers stay valid).
 * Nothing for memory the caller gave (etl_file_open_mem).  So a reader
 * of a file of any size keeps only what it is reading resident.
 */
void etl_file_release(struct etl_file *f, u64 from, u64 to);

/* Start again at buffer 0 (forgets the damage found so far). */
void etl_file_rewind(struct etl_file *f);

/* Buffers handed out so far. */
u32 etl_file_buffers_read(const struct etl_file *f);

/* The first damage of this walk (code 0 if none). */
const struct etl_file_error *etl_file_error(const struct etl_file *f);

/* Damage @i (0 .. min(totals.damages, ETL_FILE_DAMAGE_MAX) - 1), or NULL. */
const struct etl_file_error *etl_file_damage(const struct etl_file *f, u32 i);

/* What this walk skipped so far. */
const struct etl_file_damage_totals *etl_file_damage_totals(const struct etl_file *f);

/* "record", "buffer", ... for an enum etl_damage_kind. */
const char *etl_damage_kind_name(u32 kind);

/*
 * Decompress the compressed buffer @raw (@raw_size bytes on disk,
 * described by @info from etl_buffer_parse()) into @out (@cap bytes, at
 * least info->filled): the header, then the decompressed records, so
 * that @out reads as an ordinary buffer; *@out_info describes it.  The
 * data must decompress to the extent that SavedOffset or Offset names;
 * the records end at Offset when it lies inside that extent, else at
 * the extent (etl-format.rst, "Compressed buffers").  Returns 0, or
 * -EBADMSG (with @diag) if the data does not decompress so.
 */
int etl_buffer_decompress(const u8 *raw, u32 raw_size,
			  const struct etl_buffer_info *info, u8 *out, u32 cap,
			  struct etl_buffer_info *out_info, struct etl_diag *diag);

#endif /* _LIBETW_ETL_FILE_H */
