/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A scratch directory for a unit test program, made by the harness
 * process before the tests fork and removed, with the files in it, when
 * that process exits (the tests themselves end with _exit).  Define
 * UNIT_TMPDIR_NAME (a string) before including.
 */
#ifndef _UNIT_TMPDIR_H
#define _UNIT_TMPDIR_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char tmpdir[256];

__attribute__((constructor)) static void tmp_make(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/%s.XXXXXX", UNIT_TMPDIR_NAME);
	if (!mkdtemp(tmpdir))
		tmpdir[0] = 0;
}

__attribute__((destructor)) static void tmp_remove(void)
{
	char path[512];
	struct dirent *de;
	DIR *d;

	if (!tmpdir[0] || !(d = opendir(tmpdir)))
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", tmpdir, de->d_name);
		unlink(path);
	}
	closedir(d);
	rmdir(tmpdir);
}

/* @name in the directory (a static buffer: the next call reuses it). */
static inline const char *tmp_path(const char *name)
{
	static char path[512];

	if (!tmpdir[0])
		abort();
	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	return path;
}

/* @size bytes at @d saved as @name; its path. */
static inline const char *tmp_save(const char *name, const void *d, size_t size)
{
	const char *path = tmp_path(name);
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(d, 1, size, f) != size)
		abort();
	fclose(f);
	return path;
}

#endif /* _UNIT_TMPDIR_H */
