/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Files read whole: the manifests, MOF files and sources the tools take
 * (etwctl manifest/mof, etwmc, etwwpp, etw-journald).
 */
#ifndef _TOOLS_COMMON_FILE_H
#define _TOOLS_COMMON_FILE_H

#include <stddef.h>

/*
 * The file @path whole, NUL-terminated, its length in *@len.  Reads to
 * the end, so a pipe or a /proc file works too.  NULL with errno set:
 * EISDIR for a directory, ENOMEM, EIO, or fopen's.
 */
char *etw_slurp(const char *path, size_t *len);

#endif /* _TOOLS_COMMON_FILE_H */
