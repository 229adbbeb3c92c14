// SPDX-License-Identifier: GPL-2.0-only
/*
 * The symbolizer (symbolize.h): address spaces from the trace's image
 * events, ELF files through libdwfl, a cache of results.
 *
 * Each process has its images sorted by base; a lookup finds the image
 * by binary search, then the result in a hash table keyed by (file,
 * offset, return address or not).  A miss opens the file the first time
 * (one Dwfl per file: the file's own addresses, no relocation), turns
 * the file offset into the ELF's address through its PT_LOAD headers,
 * and asks libdwfl for the symbol, the line and the inlined scopes.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/symbolize.h"

#define MAX_BUILD_ID	64
#define MAX_LOADS	16
#define MAX_INLINE	32

struct load {
	uint64_t off, filesz, vaddr;
};

/* One ELF file, as the trace names it: path and build-id (if given). */
struct sym_file {
	char *path;
	const char *base;	/* last component of path */
	unsigned char bid[MAX_BUILD_ID];
	size_t bidlen;
	int opened;
	enum sym_status status;	/* OK, UNVERIFIED, MISMATCH, MISSING */
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	struct load loads[MAX_LOADS];
	unsigned nloads;
	uint64_t image_size;	/* of its first image: ImageSize */
	struct sym_file *next;
};

struct image {
	uint64_t base, size;
	struct sym_file *f;
};

struct proc {
	uint32_t pid;
	int ended;
	struct image *im;
	size_t n, cap;
};

/* A cached result. */
struct entry {
	const void *f;		/* the file (or the symbolizer); NULL: empty */
	uint64_t off;
	int ret;
	struct sym_loc *loc;
};

struct ksym {
	uint64_t addr;
	const char *name;
};

/* Strings and results live in chunks freed together. */
struct chunk {
	struct chunk *next;
	size_t used, size;
	char data[];
};

struct symbolizer {
	char *debuginfo_path;	/* libdwfl's form: "-:.debug:DIRS:/usr/lib/debug" */
	char **debug_dirs;	/* the absolute ones, for build-id look-ups */
	size_t ndebug_dirs;
	char *symfs;
	Dwfl_Callbacks cb;
	struct sym_file *files;
	struct sym_file **fhash;	/* files by (path, build-id), open addressing */
	size_t nfiles, fhash_cap;
	struct proc *procs;	/* hash by pid, open addressing */
	size_t nprocs, proc_cap;
	struct proc *last;	/* the last found */
	struct entry *cache;
	size_t ncache, cache_cap;
	struct chunk *mem;
	struct ksym *ksyms;
	size_t nksyms;
	char *kallsyms;
	unsigned next_id;
	struct sym_stats st;
	struct sym_loc unknown;	/* what a result of no image starts as */
};

static void *xalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	return p;
}

static void *arena(struct symbolizer *s, size_t n)
{
	struct chunk *c = s->mem;

	n = (n + 15) & ~(size_t)15;
	if (!c || c->size - c->used < n) {
		size_t size = n > 65536 ? n : 65536;

		c = xalloc(sizeof(*c) + size);
		c->size = size;
		c->next = s->mem;
		s->mem = c;
	}
	c->used += n;
	return memset(c->data + c->used - n, 0, n);
}

static const char *astr(struct symbolizer *s, const char *t)
{
	size_t n;

	if (!t)
		return NULL;
	n = strlen(t) + 1;
	return memcpy(arena(s, n), t, n);
}

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

/* ---- set-up ------------------------------------------------------------- */

static int ksym_cmp(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void load_kallsyms(struct symbolizer *s, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], name[256], type;
	unsigned long long a;
	size_t cap = 0;

	if (!f) {
		fprintf(stderr, "--kallsyms %s: %s\n", path, strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &a, &type, name) != 3 || !a)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (s->nksyms == cap) {
			cap = cap ? 2 * cap : 4096;
			s->ksyms = realloc(s->ksyms, cap * sizeof(*s->ksyms));
			if (!s->ksyms)
				exit(1);
		}
		s->ksyms[s->nksyms].addr = a;
		s->ksyms[s->nksyms++].name = astr(s, name);
	}
	fclose(f);
	qsort(s->ksyms, s->nksyms, sizeof(*s->ksyms), ksym_cmp);
}

struct symbolizer *sym_new(const struct sym_opts *o)
{
	struct symbolizer *s = xalloc(sizeof(*s));
	const char *dirs = o && o->debuginfo_path ? o->debuginfo_path : "";
	size_t n = strlen(dirs) + 64;
	char *copy, *tok, *save;

	elf_version(EV_CURRENT);
	s->debuginfo_path = xalloc(n);
	snprintf(s->debuginfo_path, n, "-:.debug%s%s:/usr/lib/debug", *dirs ? ":" : "", dirs);
	copy = strdup(s->debuginfo_path);
	s->debug_dirs = xalloc(n * sizeof(*s->debug_dirs));
	for (tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
		if (*tok == '/')
			s->debug_dirs[s->ndebug_dirs++] = strdup(tok);
	free(copy);
	if (o && o->symfs && *o->symfs)
		s->symfs = strdup(o->symfs);
	s->cb.find_elf = dwfl_build_id_find_elf;
	s->cb.find_debuginfo = dwfl_standard_find_debuginfo;
	s->cb.section_address = dwfl_offline_section_address;
	s->cb.debuginfo_path = &s->debuginfo_path;
	s->proc_cap = 64;
	s->procs = xalloc(s->proc_cap * sizeof(*s->procs));
	s->cache_cap = 4096;
	s->cache = xalloc(s->cache_cap * sizeof(*s->cache));
	s->unknown.module = s->unknown.module_base = "[unknown]";
	s->unknown.status = SYM_NO_IMAGE;
	if (o && o->kallsyms)
		load_kallsyms(s, o->kallsyms);
	return s;
}

void sym_free(struct symbolizer *s)
{
	struct sym_file *f, *nf;
	struct chunk *c, *nc;
	size_t i;

	if (!s)
		return;
	for (f = s->files; f; f = nf) {
		nf = f->next;
		if (f->dwfl)
			dwfl_end(f->dwfl);
		free(f->path);
		free(f);
	}
	for (i = 0; i < s->proc_cap; i++)
		free(s->procs[i].im);
	for (c = s->mem; c; c = nc) {
		nc = c->next;
		free(c);
	}
	for (i = 0; i < s->ndebug_dirs; i++)
		free(s->debug_dirs[i]);
	free(s->debug_dirs);
	free(s->debuginfo_path);
	free(s->symfs);
	free(s->procs);
	free(s->fhash);
	free(s->cache);
	free(s->ksyms);
	free(s);
}

void sym_stats(const struct symbolizer *s, struct sym_stats *st)
{
	*st = s->st;
}

const char *sym_status_text(enum sym_status st)
{
	switch (st) {
	case SYM_OK:
		return "build-id verified";
	case SYM_UNVERIFIED:
		return "build-id not in the trace: the file on disk, unverified";
	case SYM_NO_SYMBOL:
		return "no symbol there";
	case SYM_MISMATCH:
		return "the file's build-id is not the trace's";
	case SYM_MISSING:
		return "file not found";
	case SYM_NO_IMAGE:
		return "no image of the process there";
	case SYM_KERNEL:
		return "kernel address, no kernel symbols for it";
	}
	return "?";
}

/* ---- processes and their images ------------------------------------------ */

/* The process @pid's entry; made if @create, else NULL when unknown. */
static struct proc *proc_of(struct symbolizer *s, uint32_t pid, int create)
{
	size_t k, i;

	if (s->last && s->last->pid == pid)
		return s->last;
	if (create && 2 * (s->nprocs + 1) > s->proc_cap) {
		size_t nc = 2 * s->proc_cap;
		struct proc *t = xalloc(nc * sizeof(*t));

		for (i = 0; i < s->proc_cap; i++) {
			if (!s->procs[i].cap)
				continue;
			k = mix(s->procs[i].pid) & (nc - 1);
			while (t[k].cap)
				k = (k + 1) & (nc - 1);
			t[k] = s->procs[i];
		}
		free(s->procs);
		s->procs = t;
		s->proc_cap = nc;
		s->last = NULL;
	}
	k = mix(pid) & (s->proc_cap - 1);
	while (s->procs[k].cap) {	/* a used slot has cap > 0 */
		if (s->procs[k].pid == pid)
			return s->last = &s->procs[k];
		k = (k + 1) & (s->proc_cap - 1);
	}
	if (!create)
		return NULL;
	s->procs[k].pid = pid;
	s->procs[k].cap = 8;
	s->procs[k].im = xalloc(8 * sizeof(struct image));
	s->nprocs++;
	return s->last = &s->procs[k];
}

static uint64_t file_hash(const char *path, const void *bid, size_t bidlen)
{
	const unsigned char *p = (const unsigned char *)path, *b = bid;
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	while (*p)
		h = (h ^ *p++) * 0x100000001b3ULL;
	for (i = 0; i < bidlen; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return mix(h);
}

static void fhash_put(struct symbolizer *s, struct sym_file *f)
{
	size_t k = file_hash(f->path, f->bid, f->bidlen) & (s->fhash_cap - 1);

	while (s->fhash[k])
		k = (k + 1) & (s->fhash_cap - 1);
	s->fhash[k] = f;
}

/* The file the trace names by @path (and later, maybe, a build-id). */
static struct sym_file *file_of(struct symbolizer *s, const char *path,
				const void *bid, size_t bidlen)
{
	struct sym_file *f;
	const char *slash;
	size_t k;

	if (2 * (s->nfiles + 1) > s->fhash_cap) {
		s->fhash_cap = s->fhash_cap ? 2 * s->fhash_cap : 256;
		free(s->fhash);
		s->fhash = xalloc(s->fhash_cap * sizeof(*s->fhash));
		for (f = s->files; f; f = f->next)
			fhash_put(s, f);
	}
	k = file_hash(path, bid, bidlen) & (s->fhash_cap - 1);
	for (; (f = s->fhash[k]); k = (k + 1) & (s->fhash_cap - 1))
		if (f->bidlen == bidlen && !memcmp(f->bid, bid, bidlen) && !strcmp(f->path, path))
			return f;
	f = xalloc(sizeof(*f));
	f->path = strdup(path);
	if (!f->path)
		exit(1);
	slash = strrchr(f->path, '/');
	f->base = slash && slash[1] ? slash + 1 : f->path;
	memcpy(f->bid, bid, bidlen);
	f->bidlen = bidlen;
	f->next = s->files;
	s->files = f;
	s->fhash[k] = f;
	s->nfiles++;
	s->st.files++;
	return f;
}

/* The index of the first image of @p whose base is >= @base. */
static size_t image_at(const struct proc *p, uint64_t base)
{
	size_t lo = 0, hi = p->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (p->im[mid].base < base)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void sym_image_load(struct symbolizer *s, uint32_t pid, uint64_t base,
		    uint64_t size, const char *path)
{
	struct proc *p = proc_of(s, pid, 1);
	size_t i, k;

	if (!size || !path || !*path)
		return;
	/* A mapping over others replaces them (mmap's MAP_FIXED, an exec). */
	k = image_at(p, base);
	while (k > 0 && p->im[k - 1].base + p->im[k - 1].size > base)
		k--;
	for (i = k; i < p->n && p->im[i].base < base + size; i++)
		;
	if (i > k && p->im[k].base == base && p->im[k].size == size &&
	    !strcmp(p->im[k].f->path, path) && i == k + 1)
		return;		/* the same again (DCStart after Load) */
	memmove(p->im + k, p->im + i, (p->n - i) * sizeof(*p->im));
	p->n -= i - k;
	if (p->n == p->cap) {
		p->cap *= 2;
		p->im = realloc(p->im, p->cap * sizeof(*p->im));
		if (!p->im)
			exit(1);
	}
	memmove(p->im + k + 1, p->im + k, (p->n - k) * sizeof(*p->im));
	p->im[k].base = base;
	p->im[k].size = size;
	p->im[k].f = file_of(s, path, NULL, 0);
	if (!p->im[k].f->image_size)
		p->im[k].f->image_size = size;
	p->n++;
}

void sym_image_unload(struct symbolizer *s, uint32_t pid, uint64_t base)
{
	struct proc *p = proc_of(s, pid, 0);
	size_t k;

	if (!p)
		return;
	k = image_at(p, base);
	if (k < p->n && p->im[k].base == base) {
		memmove(p->im + k, p->im + k + 1, (p->n - k - 1) * sizeof(*p->im));
		p->n--;
	}
}

void sym_build_id(struct symbolizer *s, uint32_t pid, uint64_t base,
		  const void *id, size_t n)
{
	struct proc *p = proc_of(s, pid, 0);
	size_t k;

	if (!p || !n || n > MAX_BUILD_ID)
		return;
	k = image_at(p, base);
	if (k < p->n && p->im[k].base == base) {
		p->im[k].f = file_of(s, p->im[k].f->path, id, n);
		if (!p->im[k].f->image_size)
			p->im[k].f->image_size = p->im[k].size;
	}
}

void sym_process_start(struct symbolizer *s, uint32_t pid, uint32_t ppid)
{
	struct proc *p = proc_of(s, pid, 1), *pp;

	if (p->ended || !ppid || ppid == pid) {
		/* an exec (same pid after its End): a new address space */
		p->n = 0;
		p->ended = 0;
		return;
	}
	if (p->n)
		return;		/* DCStart of a process already seen */
	pp = proc_of(s, ppid, 0);
	p = proc_of(s, pid, 0);	/* (the table did not grow: both exist) */
	if (!pp || !pp->n || !p)
		return;
	if (p->cap < pp->n) {
		p->cap = pp->n;
		p->im = realloc(p->im, p->cap * sizeof(*p->im));
		if (!p->im)
			exit(1);
	}
	memcpy(p->im, pp->im, pp->n * sizeof(*p->im));
	p->n = pp->n;
}

void sym_process_end(struct symbolizer *s, uint32_t pid)
{
	struct proc *p = proc_of(s, pid, 0);

	if (p)
		p->ended = 1;
}

/* ---- files ------------------------------------------------------------------ */

/* @path's ELF build-id into @bid: its length, or 0 (none, not ELF, no file). */
static size_t read_build_id(const char *path, unsigned char *bid)
{
	const void *p;
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *e;

	if (fd < 0)
		return 0;
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (e) {
		n = dwelf_elf_gnu_build_id(e, &p);
		if (n > 0 && n <= MAX_BUILD_ID)
			memcpy(bid, p, (size_t)n);
		else
			n = 0;
		elf_end(e);
	}
	close(fd);
	return (size_t)n;
}

/* A debug file of @f's build-id in a debug directory, into @out. */
static int by_build_id(struct symbolizer *s, const struct sym_file *f, char *out, size_t room)
{
	unsigned char bid[MAX_BUILD_ID];
	size_t i, k, len;

	for (i = 0; i < s->ndebug_dirs; i++) {
		len = (size_t)snprintf(out, room, "%s/.build-id/%02x/", s->debug_dirs[i], f->bid[0]);
		for (k = 1; k < f->bidlen && len + 3 < room; k++)
			len += (size_t)snprintf(out + len, room - len, "%02x", f->bid[k]);
		snprintf(out + len, room - len, ".debug");
		if (read_build_id(out, bid) == f->bidlen && !memcmp(bid, f->bid, f->bidlen))
			return 0;
	}
	return -1;
}

/*
 * A separate debug file keeps the program headers but not their file
 * offsets (its sections hold no code).  The code segment's comes from
 * the trace instead: an image is mapped from PAGE_DOWN(p_offset) at
 * PAGE_DOWN(p_vaddr) + bias to PAGE_UP(p_vaddr + p_memsz) + bias, and
 * ImageSize runs from file offset 0's place to that end, so
 * PAGE_DOWN(p_offset) = ImageSize - (PAGE_UP(p_vaddr + p_memsz) -
 * PAGE_DOWN(p_vaddr)), and p_offset has p_vaddr's offset in its page.
 * Only one executable segment can be placed so; 0, or -1 (none named).
 */
static int debug_file_loads(struct sym_file *f, Elf *e, const GElf_Ehdr *eh)
{
	const uint64_t pg = 4096;
	unsigned nx = 0;
	size_t i;

	for (i = 0; i < eh->e_phnum; i++) {
		GElf_Phdr ph;
		uint64_t span, down;

		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD || !(ph.p_flags & PF_X))
			continue;
		if (++nx > 1 || !f->image_size)
			return -1;
		span = ((ph.p_vaddr + ph.p_memsz + pg - 1) & ~(pg - 1)) - (ph.p_vaddr & ~(pg - 1));
		if (f->image_size < span || ((down = f->image_size - span) & (pg - 1)))
			return -1;
		f->loads[0].off = down + (ph.p_vaddr & (pg - 1));
		f->loads[0].filesz = ph.p_memsz;
		f->loads[0].vaddr = ph.p_vaddr;
		f->nloads = 1;
	}
	return nx == 1 ? 0 : -1;
}

static void file_open(struct symbolizer *s, struct sym_file *f)
{
	unsigned char bid[MAX_BUILD_ID];
	char path[4096];
	enum sym_status fallback = SYM_MISSING;
	int debug_only = 0;
	size_t n, i;
	GElf_Ehdr eh;
	Elf *e;

	f->opened = 1;
	f->status = SYM_MISSING;
	snprintf(path, sizeof(path), "%s%s", s->symfs ? s->symfs : "", f->path);
	n = read_build_id(path, bid);
	if (f->bidlen && (n || access(path, F_OK) == 0))
		fallback = SYM_MISMATCH;
	if (!f->bidlen && access(path, R_OK) == 0) {
		f->status = SYM_UNVERIFIED;
	} else if (f->bidlen && n == f->bidlen && !memcmp(bid, f->bid, n)) {
		f->status = SYM_OK;
	} else if (f->bidlen && !by_build_id(s, f, path, sizeof(path))) {
		f->status = SYM_OK;	/* the debug file itself: symbols and DWARF */
		debug_only = 1;
	} else {
		f->status = fallback;
		return;
	}
	f->dwfl = dwfl_begin(&s->cb);
	if (!f->dwfl)
		goto fail;
	dwfl_report_begin(f->dwfl);
	f->mod = dwfl_report_elf(f->dwfl, f->base, path, -1, 0, false);
	dwfl_report_end(f->dwfl, NULL, NULL);
	if (!f->mod)
		goto fail;
	e = dwfl_module_getelf(f->mod, &f->bias);
	if (!e || !gelf_getehdr(e, &eh))
		goto fail;
	if (debug_only) {
		if (debug_file_loads(f, e, &eh))
			goto fail;
		s->st.files_found++;
		return;
	}
	for (i = 0; i < eh.e_phnum && f->nloads < MAX_LOADS; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		f->loads[f->nloads].off = ph.p_offset;
		f->loads[f->nloads].filesz = ph.p_filesz;
		f->loads[f->nloads++].vaddr = ph.p_vaddr;
	}
	s->st.files_found++;
	return;
fail:
	if (f->dwfl)
		dwfl_end(f->dwfl);
	f->dwfl = NULL;
	f->mod = NULL;
	f->status = fallback;
}

/* ---- one result ---------------------------------------------------------------- */

static const char *die_name(Dwarf_Die *d)
{
	Dwarf_Attribute a;
	const char *n;

	n = dwarf_formstring(dwarf_attr_integrate(d, DW_AT_name, &a));
	return n;
}

/*
 * The frames at @addr (a Dwfl address of @f): the inlined scopes
 * innermost first, each at its line, then the function itself.
 */
static void resolve(struct symbolizer *s, struct sym_file *f, struct sym_loc *l,
		    Dwarf_Addr addr)
{
	struct sym_frame fr[MAX_INLINE + 1];
	const char *sym, *file = NULL;
	Dwarf_Die *cu, *scopes = NULL;
	Dwarf_Files *files = NULL;
	Dwarf_Addr bias = 0;
	Dwfl_Line *line;
	GElf_Off off = 0;
	GElf_Sym es;
	unsigned n = 0, i;
	int ln = 0, ns, k;

	sym = dwfl_module_addrinfo(f->mod, addr, &off, &es, NULL, NULL, NULL);
	line = dwfl_module_getsrc(f->mod, addr);
	if (line)
		file = dwfl_lineinfo(line, NULL, &ln, NULL, NULL, NULL);
	fr[0].file = file;
	fr[0].line = ln > 0 ? (unsigned)ln : 0;
	fr[0].func = NULL;
	cu = dwfl_module_addrdie(f->mod, addr, &bias);
	ns = cu ? dwarf_getscopes(cu, addr - bias, &scopes) : 0;
	if (cu)
		dwarf_getsrcfiles(cu, &files, NULL);
	for (k = 0; k < ns && n < MAX_INLINE; k++) {
		int tag = dwarf_tag(&scopes[k]);
		Dwarf_Attribute a;
		Dwarf_Word cl = 0, cf = 0;

		if (tag == DW_TAG_subprogram) {
			fr[n].func = die_name(&scopes[k]);
			break;
		}
		if (tag != DW_TAG_inlined_subroutine)
			continue;
		fr[n].func = die_name(&scopes[k]);
		/* the caller: at the call's line */
		n++;
		dwarf_formudata(dwarf_attr(&scopes[k], DW_AT_call_line, &a), &cl);
		dwarf_formudata(dwarf_attr(&scopes[k], DW_AT_call_file, &a), &cf);
		fr[n].func = NULL;
		fr[n].line = (unsigned)cl;
		fr[n].file = files && cf ? dwarf_filesrc(files, cf, NULL, NULL) : NULL;
	}
	free(scopes);
	if (!sym && !fr[0].func && !n) {
		l->status = SYM_NO_SYMBOL;
		return;
	}
	/* The function the code is in: as its ELF symbol names it. */
	if (sym)
		fr[n].func = sym;
	l->func_off = sym ? off : 0;
	l->nframes = n + 1;
	l->frames = arena(s, l->nframes * sizeof(*l->frames));
	for (i = 0; i <= n; i++) {
		l->frames[i].func = fr[i].func ? astr(s, fr[i].func) : NULL;
		l->frames[i].file = fr[i].file ? astr(s, fr[i].file) : NULL;
		l->frames[i].line = fr[i].line;
	}
}

/* @off of @f (a file offset; @ret: look at @off - 1) into @l. */
static void lookup_file(struct symbolizer *s, struct sym_file *f, uint64_t off,
			int ret, struct sym_loc *l)
{
	uint64_t at = ret && off ? off - 1 : off;
	unsigned i;

	if (!f->opened)
		file_open(s, f);
	l->status = f->status;
	if (!f->mod)
		return;
	for (i = 0; i < f->nloads; i++) {
		const struct load *ld = &f->loads[i];

		if (at >= ld->off && at - ld->off < ld->filesz) {
			resolve(s, f, l, at - ld->off + ld->vaddr + f->bias);
			return;
		}
	}
	l->status = SYM_NO_SYMBOL;
}

static void cache_grow(struct symbolizer *s)
{
	size_t nc = 2 * s->cache_cap, i, k;
	struct entry *t = xalloc(nc * sizeof(*t));

	for (i = 0; i < s->cache_cap; i++) {
		struct entry *e = &s->cache[i];

		if (!e->f)
			continue;
		k = mix((uintptr_t)e->f ^ mix(e->off * 2 + (uint64_t)e->ret)) & (nc - 1);
		while (t[k].f)
			k = (k + 1) & (nc - 1);
		t[k] = *e;
	}
	free(s->cache);
	s->cache = t;
	s->cache_cap = nc;
}

/* A kernel address: a pid-0 image of the trace, named by --kallsyms. */
static const struct sym_loc *kernel_lookup(struct symbolizer *s, uint64_t addr,
					   int ret, const struct image *im)
{
	struct sym_loc *l = arena(s, sizeof(*l));
	uint64_t at = ret ? addr - 1 : addr;
	size_t lo = 0, hi = s->nksyms;

	l->id = ++s->next_id;
	l->module = im ? im->f->path : "[kernel]";
	l->module_base = im ? im->f->base : "[kernel]";
	l->offset = im ? addr - im->base : addr;
	l->status = SYM_KERNEL;
	if (!im || !s->nksyms)
		return l;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->ksyms[mid].addr <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return l;
	l->frames = arena(s, sizeof(*l->frames));
	l->frames[0].func = s->ksyms[lo - 1].name;
	l->nframes = 1;
	l->func_off = at - s->ksyms[lo - 1].addr + (ret ? 1 : 0);
	l->status = SYM_OK;
	return l;
}

/* The kallsyms' _text lies in @im (a pid-0 image). */
static int kallsyms_in(const struct symbolizer *s, const struct image *im)
{
	size_t i;

	for (i = 0; i < s->nksyms; i++)
		if (s->ksyms[i].addr >= im->base && s->ksyms[i].addr - im->base < im->size &&
		    !strcmp(s->ksyms[i].name, "_text"))
			return 1;
	return 0;
}

/*
 * The trace says the kallsyms is its kernel's: its _text lies in one of
 * the trace's pid-0 images (the kernel's, "[kernel.kallsyms]").  Then it
 * names every kernel address, the modules' included (kallsyms lists
 * their symbols), whatever build-ids their images carry.
 */
static int kallsyms_fits(struct symbolizer *s, const struct image *im)
{
	const struct proc *p = proc_of(s, 0, 0);
	size_t i;

	(void)im;
	for (i = 0; p && i < p->n; i++)
		if (kallsyms_in(s, &p->im[i]))
			return 1;
	return 0;
}

const struct sym_loc *sym_lookup(struct symbolizer *s, uint32_t pid,
				 uint64_t addr, int ret)
{
	const struct proc *p;
	const struct image *im = NULL;
	const void *key;
	struct entry *e;
	struct sym_loc *l;
	uint64_t off;
	size_t k;

	s->st.lookups++;
	p = proc_of(s, sym_is_kernel(addr) ? 0 : pid, 0);
	if (p && p->n) {
		k = image_at(p, addr + 1);
		if (k && addr - p->im[k - 1].base < p->im[k - 1].size)
			im = &p->im[k - 1];
	}
	off = im ? addr - im->base : addr;
	/*
	 * The key: the file; a kernel address outside images: the
	 * symbolizer; a user address outside them: its "unknown" result.
	 */
	key = im ? (const void *)im->f : sym_is_kernel(addr) ? (const void *)s :
	      (const void *)&s->unknown;
	k = mix((uintptr_t)key ^ mix(off * 2 + (uint64_t)!!ret)) & (s->cache_cap - 1);
	for (e = &s->cache[k]; e->f; e = &s->cache[k]) {
		if (e->f == key && e->off == off && e->ret == !!ret)
			return e->loc;
		k = (k + 1) & (s->cache_cap - 1);
	}
	s->st.misses++;
	if (!im && !sym_is_kernel(addr)) {
		l = arena(s, sizeof(*l));
		*l = s->unknown;
		l->id = ++s->next_id;
		l->offset = addr;
	} else if (sym_is_kernel(addr) && (!im || !im->f->bidlen || kallsyms_fits(s, im))) {
		l = (struct sym_loc *)kernel_lookup(s, addr, ret,
						    im && kallsyms_fits(s, im) ? im : NULL);
		if (im && l->status != SYM_OK) {
			l->module = im->f->path;
			l->module_base = im->f->base;
			l->offset = off;
		}
	} else {
		/* a user image, or a kernel image the trace gives a build-id */
		l = arena(s, sizeof(*l));
		l->id = ++s->next_id;
		l->module = im->f->path;
		l->module_base = im->f->base;
		l->offset = off;
		lookup_file(s, im->f, off, ret, l);
	}
	e->f = key;
	e->off = off;
	e->ret = !!ret;
	e->loc = l;
	if (2 * ++s->ncache > s->cache_cap)
		cache_grow(s);
	return l;
}
