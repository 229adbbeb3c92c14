/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * XPRESS compression ([MS-XCA] "Plain LZ77", RtlCompressBuffer's
 * COMPRESSION_FORMAT_XPRESS = 3): the format of the compressed buffers of
 * EVENT_TRACE_COMPRESSED_MODE files (etl-format section 1).
 *
 * The stream is a sequence of 32-bit little-endian flag words, each
 * followed by the items its 32 bits describe, most significant bit first:
 * 0 = one literal byte, 1 = a match, a 16-bit word (offset - 1) << 3 |
 * min(length - 3, 7), with longer lengths continued in a shared half
 * byte, then a byte, then 16 (or 32) bits.  Offsets reach 8,192 bytes back,
 * lengths are at least 3.  The last flag word has its unused bits set:
 * a match with no input left ends the stream.
 *
 * Freestanding (compiled into etw.ko and user space): no allocation, the
 * caller supplies the workspace.  Decompression is libfwnt's on the
 * reading side (libetw, tests); the unit tests check this encoder
 * against it.
 */
#ifndef _ETW_SHARED_XPRESS_H
#define _ETW_SHARED_XPRESS_H

#include "etw_compat.h"

#define ETL_XPRESS_HASH_BITS	13
/* Bytes of workspace etl_xpress_compress() needs. */
#define ETL_XPRESS_WORKSPACE	((1u << ETL_XPRESS_HASH_BITS) * sizeof(u32))
#define ETL_XPRESS_MAX_OFFSET	8192
#define ETL_XPRESS_MIN_MATCH	3
/*
 * Longest match we emit: its 16-bit length field stays below 0x8000.  The
 * format allows 0xFFFF and a 32-bit form, but libfwnt (20181227) decodes
 * only these; shorter matches cost a few bytes in 32 KB.
 */
#define ETL_XPRESS_MAX_MATCH	(0x7FFF + 3)

/*
 * Compress @n bytes at @in into at most @cap bytes at @out, using
 * @work (ETL_XPRESS_WORKSPACE bytes, any content).  Returns the
 * compressed size, or -ENOSPC if it does not fit in @cap (the caller
 * then keeps the data uncompressed), or -EINVAL.  Greedy: one candidate
 * per position from a hash of the next 3 bytes.
 */
int etl_xpress_compress(const u8 *in, u32 n, u8 *out, u32 cap, void *work);

#endif /* _ETW_SHARED_XPRESS_H */
