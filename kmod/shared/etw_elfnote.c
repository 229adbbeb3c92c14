// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The GNU build-id of an ELF file, from the first bytes of the file: the
 * header, the program headers and the PT_NOTE segments, as the kernel
 * maps them (the first page is in the page cache of every mapped
 * executable).  Freestanding: etw.ko reads it for the image events that
 * let a trace be symbolized on another machine, the host unit tests read
 * real files with it.  Nothing outside @len bytes is read.
 */
#include "etw_elfnote.h"

static u16 le16(const u8 *p)
{
	return (u16)(p[0] | p[1] << 8);
}

static u32 le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static u64 le64(const u8 *p)
{
	return (u64)le32(p) | (u64)le32(p + 4) << 32;
}

/* The NT_GNU_BUILD_ID note among the notes at @p (@n bytes). */
int etw_notes_build_id(const u8 *p, u64 n, u8 *out, u32 *outlen)
{
	u64 off = 0;

	while (n - off >= 12) {
		u32 namesz = le32(p + off), descsz = le32(p + off + 4);
		u32 type = le32(p + off + 8);
		u64 name = off + 12, desc = name + ((namesz + 3ULL) & ~3ULL);
		u64 next = desc + ((descsz + 3ULL) & ~3ULL);

		if (next > n || desc + descsz > n)
			return -ENOENT;
		if (type == ETW_NT_GNU_BUILD_ID && namesz == 4 &&
		    !memcmp(p + name, "GNU", 4)) {
			if (!descsz || descsz > ETW_BUILD_ID_MAX)
				return -EINVAL;
			memcpy(out, p + desc, descsz);
			*outlen = descsz;
			return 0;
		}
		off = next;
	}
	return -ENOENT;
}

int etw_elf_build_id(const u8 *img, u32 len, u8 *out, u32 *outlen)
{
	u64 phoff, i;
	u32 phnum, phentsize;
	bool is64;

	*outlen = 0;
	if (len < 52 || memcmp(img, "\177ELF", 4) || img[5] != 1 /* LSB */)
		return -ENOEXEC;
	is64 = img[4] == 2;
	if (!is64 && img[4] != 1)
		return -ENOEXEC;
	if (is64) {
		if (len < 64)
			return -ENOEXEC;
		phoff = le64(img + 32);
		phentsize = le16(img + 54);
		phnum = le16(img + 56);
		if (phentsize < 56)
			return -ENOEXEC;
	} else {
		phoff = le32(img + 28);
		phentsize = le16(img + 42);
		phnum = le16(img + 44);
		if (phentsize < 32)
			return -ENOEXEC;
	}
	for (i = 0; i < phnum; i++) {
		u64 ph = phoff + i * phentsize, off, size;

		if (ph + phentsize > len)
			return -ENOENT;	/* beyond what was read */
		if (le32(img + ph) != ETW_PT_NOTE)
			continue;
		if (is64) {
			off = le64(img + ph + 8);
			size = le64(img + ph + 32);
		} else {
			off = le32(img + ph + 4);
			size = le32(img + ph + 16);
		}
		if (off > len || size > len - off)
			continue;	/* not in what was read */
		if (!etw_notes_build_id(img + off, size, out, outlen))
			return 0;
	}
	return -ENOENT;
}
