// SPDX-License-Identifier: GPL-2.0-only
/*
 * What names kernel frames: the kernel's own images, for privileged
 * system loggers.  Windows' rundown describes ntoskrnl and every driver
 * as images of process 0; here the rundown writes Image/DCStart (DCEnd
 * at stop) with ProcessId 0 for the kernel, "[kernel.kallsyms]" from
 * _text up to the module area, and for every loaded module, "[NAME]" at
 * its .text for its core size, each followed by its ImageId/ElfBuildId
 * when the kernel keeps one (/sys/kernel/notes,
 * /sys/module/NAME/notes/.note.gnu.build-id).  A consumer then names
 * kernel frames from the debug files those build-ids name, or from a
 * kallsyms file it checks against the kernel image's base.
 *
 * Linux exports neither _text nor the module list to modules, and
 * /proc/kallsyms and /proc/modules cannot be read from the kernel (no
 * read_iter).  So:
 *  - _text: the kernel image starts at a CONFIG_PHYSICAL_ALIGN boundary
 *    (2 MB at least on x86-64, KASLR included), and sprint_symbol()
 *    names every address from _text on and none below it: going down
 *    from an exported function's address a boundary at a time, the last
 *    boundary that has a name, at offset 0, is _text;
 *  - modules: /sys/module's directories that have sections/.text (the
 *    loaded modules; the others are built-in parameters), their
 *    coresize and their notes, read with kernel_read() (sysfs has
 *    read_iter).  sections/ is readable by root only, which the
 *    privileged starter at start and the STOP worker at stop are.
 * The rundown's context holds no lock; every read is bounded.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <asm/pgtable.h>

#include "etw_internal.h"
#include "etw_ksys.h"
#include "shared/etw_elfnote.h"

/* Modules described at most (a Debian desktop loads about 150). */
#define ETW_KIMG_MODULES_MAX	1024
/* How far below a function of its own _text is looked for. */
#define ETW_KIMG_SEARCH		SZ_1G

/* Up to @len bytes of @path; 0 if it cannot be read.  Context: sleeps. */
static ssize_t etw_kimg_read(const char *path, void *buf, size_t len)
{
	struct file *f = filp_open(path, O_RDONLY, 0);
	size_t got = 0;
	loff_t pos = 0;
	ssize_t n;

	if (IS_ERR(f))
		return 0;
	while (got < len) {
		n = kernel_read(f, (char *)buf + got, len - got, &pos);
		if (n <= 0)
			break;
		got += n;
	}
	filp_close(f, NULL);
	return got;
}

/* Image/DCStart or DCEnd of one kernel image, then its build-id. */
static void etw_kimg_one(struct etw_kimg *k, u64 base, u64 size,
			 const char *name, const char *notes)
{
	u32 n, bid = 0;
	ssize_t len;

	n = etw_kimage_payload(k->buf, 0, base, size, name);
	k->emit(k->ctx, k->hook, ETW_KV_IMAGE, k->buf, n);
	len = etw_kimg_read(notes, k->notes, ETW_KSCRATCH_SIZE);
	if (len <= 0 || etw_notes_build_id(k->notes, len,
					   k->buf + ETW_KP_EID_FIXED, &bid))
		return;
	put_unaligned_le64(base, k->buf + ETW_KP_EID_BASE);
	put_unaligned_le32(0, k->buf + ETW_KP_EID_PID);
	put_unaligned_le32(bid, k->buf + ETW_KP_EID_SIZE);
	k->emit(k->ctx, ETW_KH_ELF_BUILDID, ETW_KV_ELF_BUILDID, k->buf,
		ETW_KP_EID_FIXED + bid);
}

/* Does @addr have a kernel symbol, at offset 0 if @exact? */
static bool etw_kimg_named(unsigned long addr, bool exact, char *buf)
{
	char *plus;

	sprint_symbol(buf, addr);
	if (!strncmp(buf, "0x", 2))
		return false;	/* no symbol: printed as a number */
	plus = strchr(buf, '+');
	return !exact || (plus && !strncmp(plus, "+0x0/", 5));
}

/* The kernel: _text found as the header comment says. */
static void etw_kimg_kernel(struct etw_kimg *k)
{
	unsigned long ref = (unsigned long)sprint_symbol, at, base = 0;
	char *buf = (char *)k->notes;

	BUILD_BUG_ON(KSYM_SYMBOL_LEN > ETW_KSCRATCH_SIZE);
	for (at = ALIGN_DOWN(ref, SZ_2M); ref - at < ETW_KIMG_SEARCH;
	     at -= SZ_2M) {
		if (!etw_kimg_named(at, false, buf))
			break;
		base = at;
	}
	if (!base || !etw_kimg_named(base, true, buf))
		return;	/* not where it should be: nothing rather than wrong */
#ifdef MODULES_VADDR
	etw_kimg_one(k, base, base < MODULES_VADDR ? MODULES_VADDR - base : 0,
		     "[kernel.kallsyms]", "/sys/kernel/notes");
#else
	etw_kimg_one(k, base, 0, "[kernel.kallsyms]", "/sys/kernel/notes");
#endif
}

/* The names under /sys/module, NUL-separated. */
struct etw_kimg_dir {
	struct dir_context ctx;
	char *names;
	size_t used, room;
	u32 n;
};

static bool etw_kimg_filldir(struct dir_context *ctx, const char *name,
			     int len, loff_t off, u64 ino, unsigned int type)
{
	struct etw_kimg_dir *d = container_of(ctx, struct etw_kimg_dir, ctx);

	if (name[0] == '.' || len >= MODULE_NAME_LEN)
		return true;
	if (d->n >= ETW_KIMG_MODULES_MAX || d->used + len + 1 > d->room)
		return false;
	memcpy(d->names + d->used, name, len);
	d->names[d->used + len] = 0;
	d->used += len + 1;
	d->n++;
	return true;
}

/* One module, if loaded: its .text, its core size, its build-id. */
static void etw_kimg_module(struct etw_kimg *k, const char *name, char *path)
{
	char label[MODULE_NAME_LEN + 2], num[24];
	unsigned long size;
	ssize_t n;
	u64 base;

	snprintf(path, PATH_MAX, "/sys/module/%s/sections/.text", name);
	n = etw_kimg_read(path, num, sizeof(num) - 1);
	if (n <= 0)
		return;	/* built in: no sections */
	num[n] = 0;
	if (kstrtou64(strim(num), 16, &base) || !base)
		return;
	snprintf(path, PATH_MAX, "/sys/module/%s/coresize", name);
	n = etw_kimg_read(path, num, sizeof(num) - 1);
	if (n <= 0)
		return;
	num[n] = 0;
	if (kstrtoul(strim(num), 10, &size))
		return;
	snprintf(path, PATH_MAX, "/sys/module/%s/notes/.note.gnu.build-id",
		 name);
	/* "[name]": the bytes are the module's, its file is elsewhere */
	snprintf(label, sizeof(label), "[%s]", name);
	etw_kimg_one(k, base, size, label, path);
}

static void etw_kimg_modules(struct etw_kimg *k)
{
	struct etw_kimg_dir d = {
		.ctx.actor = etw_kimg_filldir,
		.room = ETW_KIMG_MODULES_MAX * 32,
	};
	struct file *dir;
	char *path, *name;
	u32 i;

	d.names = kvmalloc(d.room, GFP_KERNEL_ACCOUNT);
	path = kmalloc(PATH_MAX, GFP_KERNEL_ACCOUNT);
	if (!d.names || !path)
		goto out;
	dir = filp_open("/sys/module", O_RDONLY | O_DIRECTORY, 0);
	if (IS_ERR(dir))
		goto out;
	iterate_dir(dir, &d.ctx);
	filp_close(dir, NULL);
	for (i = 0, name = d.names; i < d.n; i++, name += strlen(name) + 1) {
		etw_kimg_module(k, name, path);
		if (fatal_signal_pending(current))
			break;
		cond_resched();
	}
out:
	kfree(path);
	kvfree(d.names);
}

/**
 * etw_kimages() - the kernel's images for a privileged system logger
 * @k:		how to write them (@k->emit), and ETW_KSCRATCH_SIZE buffers
 *
 * Context: process context, no locks held; sleeps.
 */
void etw_kimages(struct etw_kimg *k)
{
	etw_kimg_kernel(k);
	etw_kimg_modules(k);
}
