/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * The GNU build-id of an ELF file from its first bytes (etw_elfnote.c).
 */
#ifndef _ETW_ELFNOTE_H
#define _ETW_ELFNOTE_H

#include "etw_compat.h"

#define ETW_PT_NOTE		4
#define ETW_NT_GNU_BUILD_ID	3
/* The longest build-id kept (SHA-1's is 20 bytes, MD5's and UUIDs' 16). */
#define ETW_BUILD_ID_MAX	64

/*
 * The build-id of the little-endian ELF file whose first @len bytes are
 * at @img, into @out (ETW_BUILD_ID_MAX bytes), its length in *@outlen.
 * Return: 0, -ENOEXEC (not such an ELF file), -ENOENT (no build-id in
 * what was read), -EINVAL (a note larger than ETW_BUILD_ID_MAX).
 */
int etw_elf_build_id(const u8 *img, u32 len, u8 *out, u32 *outlen);

/*
 * The NT_GNU_BUILD_ID among the ELF notes at @p (@n bytes, as
 * /sys/kernel/notes holds them).  Return: 0, -ENOENT, -EINVAL.
 */
int etw_notes_build_id(const u8 *p, u64 n, u8 *out, u32 *outlen);

#endif /* _ETW_ELFNOTE_H */
