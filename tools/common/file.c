// SPDX-License-Identifier: GPL-2.0-only
/*
 * Files read whole (common/file.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "common/file.h"

char *etw_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 0, n = 0, got;
	struct stat sb;
	char *buf = NULL;
	int err = 0;

	if (!f)
		return NULL;
	if (!fstat(fileno(f), &sb) && S_ISDIR(sb.st_mode)) {
		fclose(f);
		errno = EISDIR;
		return NULL;
	}
	do {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = cap ? cap * 2 : 65536);

			if (!nb) {
				err = ENOMEM;
				break;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got);
	if (!err && ferror(f))
		err = EIO;
	fclose(f);
	if (err) {
		free(buf);
		errno = err;
		return NULL;
	}
	buf[n] = 0;
	*len = n;
	return buf;
}
