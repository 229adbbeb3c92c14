/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tools' one symbolizer: an address of a process, at a moment of a
 * trace, as module+offset, function, source file and line, with the
 * frames inlined there -- from the trace's own image events and the ELF
 * files they name, read with elfutils' libdwfl.
 *
 *	struct symbolizer *s = sym_new(NULL);
 *
 *	sym_image_load(s, pid, base, size, "/usr/bin/prog");	// Image/Load
 *	sym_build_id(s, pid, base, id, 20);		// Linux-ETW ImageId
 *	const struct sym_loc *l = sym_lookup(s, pid, addr, 1);
 *	// l->module "/usr/bin/prog", l->offset, l->func "main", l->frames...
 *	sym_free(s);
 *
 * The trace says where each file is mapped in each process (ImageBase:
 * where its file offset 0 is, so address - ImageBase is a file offset),
 * and, where the writer knew it, the file's ELF build-id.  The file is
 * looked for at its path (under --symfs DIR if given), then, by
 * build-id, as DIR/.build-id/xx/yyyy.debug in each debug directory
 * (/usr/lib/debug by default: Debian's -dbgsym packages), and its DWARF
 * in a separate debug file found the same way or, with DEBUGINFOD_URLS
 * set, from debuginfod (libdwfl's standard search).  A file that is not
 * found, or whose build-id is not the trace's, gives module+offset and
 * no name: never a wrong name.  Without a build-id in the trace the file
 * on disk is used unverified, and the result says so.
 *
 * Kernel addresses (the upper half) are named only from the trace's
 * kernel images (process 0, as Windows logs ntoskrnl and its drivers)
 * with --kallsyms FILE whose _text lies in one of them; else they stay
 * [kernel]+0xADDR.
 *
 * Results are cached per (file, offset, kind of address): a second
 * lookup of a frame costs a hash probe.  What a result points to lives
 * until sym_free().  Not thread-safe: one symbolizer per thread.
 */
#ifndef _TOOLS_COMMON_SYMBOLIZE_H
#define _TOOLS_COMMON_SYMBOLIZE_H

#include <stddef.h>
#include <stdint.h>

struct symbolizer;

struct sym_opts {
	/*
	 * Directories of separate debug files (':'-separated), searched
	 * before /usr/lib/debug; NULL: that alone.
	 */
	const char *debuginfo_path;
	/* A directory the trace's paths are under (another machine's files). */
	const char *symfs;
	/* A copy of /proc/kallsyms of the traced boot, or NULL. */
	const char *kallsyms;
};

enum sym_status {
	SYM_OK,			/* named from a file whose build-id is the trace's */
	SYM_UNVERIFIED,		/* named from the file at the path: no build-id in the trace */
	SYM_NO_SYMBOL,		/* the file is right, no symbol covers the offset */
	SYM_MISMATCH,		/* the file's build-id is not the trace's: not named */
	SYM_MISSING,		/* no such file (nor a debug file of its build-id) */
	SYM_NO_IMAGE,		/* no image of the process covers the address */
	SYM_KERNEL,		/* a kernel address the trace gives no names for */
};

/* One function at the address: its name and the line it is at there. */
struct sym_frame {
	const char *func;	/* NULL if not known */
	const char *file;	/* source file, or NULL */
	unsigned line;		/* 0: not known */
};

struct sym_loc {
	const char *module;	/* the file's path, "[kernel]" or "[unknown]" */
	const char *module_base;	/* its last path component */
	uint64_t offset;	/* address - ImageBase (file offset); or the address */
	/*
	 * The functions at the address, innermost first: inlined ones,
	 * then the function the code is in (frames[nframes - 1], named as
	 * its ELF symbol), each with the line it is at.  nframes 0: no
	 * name (status says why).
	 */
	struct sym_frame *frames;
	unsigned nframes;
	uint64_t func_off;	/* the address's offset in that function */
	enum sym_status status;
	unsigned id;		/* 1, 2, ...: a number of its own per result */
};

struct symbolizer *sym_new(const struct sym_opts *o);
void sym_free(struct symbolizer *s);

/* The trace's images: Image/Load and DCStart (ImageBase, ImageSize, FileName). */
void sym_image_load(struct symbolizer *s, uint32_t pid, uint64_t base,
		    uint64_t size, const char *path);
void sym_image_unload(struct symbolizer *s, uint32_t pid, uint64_t base);
/* The ELF build-id of the image at (@pid, @base): the ImageId event. */
void sym_build_id(struct symbolizer *s, uint32_t pid, uint64_t base,
		  const void *id, size_t n);
/*
 * Process/Start: a new process has its parent's images (fork); the
 * same pid after its Process/End (an exec) starts with none.
 */
void sym_process_start(struct symbolizer *s, uint32_t pid, uint32_t ppid);
void sym_process_end(struct symbolizer *s, uint32_t pid);

/*
 * @addr in @pid now.  @ret: a return address (the call is at @addr - 1,
 * which is what is looked up); 0: an instruction pointer.  Never NULL.
 */
const struct sym_loc *sym_lookup(struct symbolizer *s, uint32_t pid,
				 uint64_t addr, int ret);

/* Whether @addr is a kernel address (x86-64's upper half). */
static inline int sym_is_kernel(uint64_t addr)
{
	return addr >= 0xffff800000000000ULL;
}

/* What sym_lookup() counted: lookups, cache misses, files opened. */
struct sym_stats {
	unsigned long long lookups, misses, files, files_found;
};
void sym_stats(const struct symbolizer *s, struct sym_stats *st);

/* What a status means, in a few words ("build-id differs", ...). */
const char *sym_status_text(enum sym_status st);

#endif /* _TOOLS_COMMON_SYMBOLIZE_H */
