/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Times and bytes as text, the same in every tool's output.
 */
#ifndef _TOOLS_COMMON_FMT_H
#define _TOOLS_COMMON_FMT_H

#include <stddef.h>
#include <stdio.h>

#include <windows.h>

#include "shared/etw_etl.h"

/* FILETIME (100 ns since 1601) as 2024-01-31T12:34:56.1234567Z. */
void iso_time(LONGLONG ft, char out[96]);

/* A span of @ns nanoseconds as "8h12m05s", "1m02s", "3.25 s", "12.5 ms"... */
const char *span_text(long long ns, char *buf, size_t size);

/* @n bytes as lower-case hex digits on @f. */
void put_hex(FILE *f, const void *p, size_t n);

/* FILETIME to ns since 1970. */
static inline long long filetime_to_unix_ns(LONGLONG ft)
{
	return (ft - (LONGLONG)ETL_FILETIME_UNIX_EPOCH) * 100;
}

#endif /* _TOOLS_COMMON_FMT_H */
