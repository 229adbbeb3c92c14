/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * UTF-8 and UTF-16: the one converter of the tree.  ETW's strings are
 * UTF-16LE (names in log files, WCHAR strings of the API, TDH's
 * answers, kernel events' string fields); Linux's are UTF-8.  etw.ko,
 * libetw, the tools and the tests all convert with these functions.
 *
 * UTF-16 is read and written as little-endian bytes, which is also the
 * layout of a WCHAR array on every machine Linux ETW runs on (x86-64,
 * arm64: little-endian), so a WCHAR string may be passed as it is.
 *
 * What is not a character becomes U+FFFD: a malformed, overlong or cut
 * UTF-8 sequence (the bytes read so far), an encoded surrogate, a lone
 * UTF-16 surrogate.  Output is cut at a whole character, never inside a
 * surrogate pair or a UTF-8 sequence.
 *
 * Freestanding (etw_compat.h): no allocation, no lock.
 */
#ifndef _ETW_SHARED_UTF_H
#define _ETW_SHARED_UTF_H

#include "etw_compat.h"

/* Room for the widest UTF-8 sequence. */
#define ETW_UTF8_MAX	4

/*
 * The code point of the UTF-8 sequence at @s[*@i] (@n bytes in all);
 * *@i moves past it.  Call only with *@i < @n.
 */
u32 etw_utf8_decode(const u8 *s, size_t n, size_t *i);

/* @c as UTF-8 at @out (ETW_UTF8_MAX bytes); returns its length. */
unsigned int etw_utf8_encode(u32 c, u8 *out);

/*
 * UTF-8 @s (@len bytes, or up to a NUL byte) as UTF-16LE at @out: at
 * most @room units, no terminator.  Returns the units written; with
 * @out NULL nothing is written and the units needed are counted (pass
 * @room SIZE_MAX).
 */
size_t etw_utf8_to_utf16(const char *s, size_t len, void *out, size_t room);

/*
 * The same, NUL-terminated: at most @room bytes at @out, the terminator
 * included (nothing when @room < 2).  Returns the bytes written; with
 * @out NULL, the bytes needed.
 */
size_t etw_utf8_to_utf16z(const char *s, size_t len, void *out, size_t room);

/*
 * UTF-16LE @s (@units units, or up to a NUL unit) as UTF-8 at @out, NUL
 * terminated when @room > 0: at most @room - 1 bytes of text.  Returns
 * the bytes of text written (the terminator not counted); with @out NULL
 * nothing is written and the bytes needed are counted (pass @room
 * SIZE_MAX).
 */
size_t etw_utf16_to_utf8(const void *s, size_t units, char *out, size_t room);

#endif /* _ETW_SHARED_UTF_H */
