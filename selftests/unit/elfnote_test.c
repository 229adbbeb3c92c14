// SPDX-License-Identifier: GPL-2.0-only
/*
 * The GNU build-id from an ELF file's first page (kmod/shared/
 * etw_elfnote.c, what etw.ko reads for its image events, issue 28): the
 * same as readelf -n says for real files (this test, the C library), none
 * for what is not ELF or has no note in the bytes given, and never a read
 * past them (random and cut inputs, under ASan).
 */
#include <stdio.h>
#include <stdlib.h>
#include "shared/etw_elfnote.h"

#include "../kselftest_harness.h"

/* The build-id readelf -n prints for @path, as bytes; its length. */
static int readelf_id(const char *path, unsigned char *out)
{
	char cmd[4200], line[512];
	int n = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "readelf -n '%s' 2>/dev/null", path);
	f = popen(cmd, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "Build ID: ");
		unsigned int b;

		if (!p)
			continue;
		for (p += 10; n < ETW_BUILD_ID_MAX && sscanf(p, "%2x", &b) == 1; p += 2)
			out[n++] = (unsigned char)b;
		break;
	}
	pclose(f);
	return n;
}

static int file_id(const char *path, uint32_t want, unsigned char *out,
		   uint32_t *len)
{
	static unsigned char page[4096];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return -1;
	n = fread(page, 1, want < sizeof(page) ? want : sizeof(page), f);
	fclose(f);
	return etw_elf_build_id(page, (uint32_t)n, out, len);
}

TEST(real_files_match_readelf)
{
	static const char *files[] = { "/proc/self/exe", "/lib/x86_64-linux-gnu/libc.so.6",
				       "/usr/bin/gcc" };
	unsigned int i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		unsigned char a[ETW_BUILD_ID_MAX], b[ETW_BUILD_ID_MAX];
		uint32_t n = 0;
		char real[4096];
		int want;

		if (!realpath(files[i], real))
			continue;
		want = readelf_id(real, a);
		ASSERT_LT(0, want) TH_LOG("readelf -n %s: no Build ID", real);
		ASSERT_EQ(0, file_id(real, 4096, b, &n)) TH_LOG("%s", real);
		EXPECT_EQ((uint32_t)want, n);
		EXPECT_EQ(0, memcmp(a, b, n));
	}
}

TEST(not_elf_or_cut_short)
{
	unsigned char id[ETW_BUILD_ID_MAX], page[4096];
	uint32_t n = 99;

	memset(page, 0, sizeof(page));
	EXPECT_EQ(-ENOEXEC, etw_elf_build_id(page, sizeof(page), id, &n));
	EXPECT_EQ(0, n);
	/* The header alone: the program headers are not in what was read. */
	EXPECT_EQ(-ENOENT, file_id("/proc/self/exe", 64, id, &n));
	EXPECT_EQ(-ENOEXEC, file_id("/proc/self/exe", 20, id, &n));
}

/* Random bytes after a real header: no crash, no read past (ASan). */
TEST(random_bytes_read_nothing_past)
{
	unsigned char id[ETW_BUILD_ID_MAX];
	unsigned int round, i;

	srand(9);
	for (round = 0; round < 20000; round++) {
		uint32_t len = 52 + rand() % 600, n;
		unsigned char *p = malloc(len);

		for (i = 0; i < len; i++)
			p[i] = rand();
		memcpy(p, "\177ELF", 4);
		p[4] = 1 + rand() % 2;
		p[5] = 1;
		if (rand() % 2) {	/* plausible program headers */
			p[28] = p[32] = 52 + rand() % 64;
			p[29] = p[33] = p[30] = p[31] = 0;
			p[34] = p[35] = p[36] = p[37] = p[38] = p[39] = 0;
		}
		etw_elf_build_id(p, len, id, &n);
		free(p);
	}
}

TEST_HARNESS_MAIN
