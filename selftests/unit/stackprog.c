// SPDX-License-Identifier: GPL-2.0-only
/*
 * stackprog [--no-build-id] OUT.etl: a program with known functions that
 * writes a trace of itself, as etw.ko and libetw would write it, with
 * the project's ETL writer (kmod/shared/etw_etl_write.c) -- no kernel.
 * Its stacks are its own, taken with glibc's backtrace() (an unwinder
 * reading .eh_frame: right with and without frame pointers), its images
 * those of /proc/self/maps, its build-ids read from its own ELF notes.
 * stacks_test.sh checks what etwdump makes of it.
 *
 * The trace (one process, the real pid; threads T1 = the real tid and
 * T2 = T1 + 1; raw clock at 10 MHz):
 *   - Process/DCStart "stackprog", Thread/DCStart of T1 and T2;
 *   - Image/DCStart of every executable mapping, each followed by a
 *     Linux-ETW ImageId event with the file's build-id (not with
 *     --no-build-id);
 *   - SampledProfile + StackWalk: 50 in leaf_hot (main > run > outer >
 *     middle > leaf_hot), 30 in inl_add (inlined into middle), 20 in
 *     lib_work (libstackprog.so) on T1; 10 in waker on T2;
 *   - CSwitch and ReadyThread on CPU 0 (times after 1 ms): T1 runs 0-10
 *     ms, waits; T2 runs 10-18 ms and readies T1 at 15 ms (a StackWalk:
 *     main > run > waker > wake_up); T1 runs 18-25 ms; then the CPU idles;
 *   - the samples from 30 ms;
 *   - from 50 ms, 3 events (id 7) of a user provider with a STACK_TRACE64
 *     item taken in c (main > run > a > b > c > capture > event_write: the
 *     stack starts at the return address in capture), then one (id 8)
 *     whose stack starts with two kernel frames, as a kernel-mode
 *     provider's would, then a classic record (class {02015a5b-...},
 *     type 9) with its stack in a StackWalk right after it, as TraceEvent's;
 *   - the kernel as an image of process 0, [kernel.kallsyms] at
 *     0xffffffff81000000 (16 MB), as Windows logs its kernel.
 * The lines of the calls are marked "@name" in the sources.
 */
#include <elf.h>
#include <execinfo.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shared/etw_etl.h"
#include "shared/etw_kevents.h"

#define SB	65536
#define T0	133000000000000000ULL	/* FILETIME of raw time BASE */
#define BASE	1000000ULL		/* raw time, 10 MHz */
#define MS	10000ULL		/* raw ticks per ms */
#define TL	(BASE + MS)		/* the context switches' time 0 */
#define KBASE	0xffffffff81000000ULL	/* the kernel's image */
#define KSIZE	0x1000000ULL
#define MAXB	64

uint64_t lib_work(uint64_t (*cb)(uint64_t), uint64_t n);

static u8 *bufs[MAXB];
static unsigned nb;
static u32 off;
static u64 now = BASE;
static u32 pid, t1, t2;
static int with_build_id = 1;

/* ---- records ------------------------------------------------------------ */

static u8 *room(u32 size)
{
	if (!nb || off + ETL_ALIGN8(size) > SB) {
		if (nb)
			etl_buffer_seal(bufs[nb - 1], off, now, nb, 0);
		if (nb == MAXB)
			abort();
		bufs[nb] = calloc(1, SB);
		etl_buffer_init(bufs[nb], SB, 0, 3, ETL_BUFFER_TYPE_GENERIC);
		nb++;
		off = ETL_BUFFER_HEADER_SIZE;
	}
	off += ETL_ALIGN8(size);
	return bufs[nb - 1] + off - ETL_ALIGN8(size);
}

/* A SYSTEM64 record (the NT Kernel Logger's). */
static void ksys(u16 hook, u8 version, u32 p, u32 t, u64 ts, const void *pay, u32 n)
{
	u32 size = sizeof(struct etl_system_header) + n;
	struct etl_system_header *h = (void *)room(size);

	h->version = version;
	h->header_type = ETL_HEADER_TYPE_SYSTEM64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->size = (u16)size;
	h->hook_id = hook;
	h->thread_id = t;
	h->process_id = p;
	h->system_time = ts;
	memcpy(h + 1, pay, n);
}

/* A classic record of a class GUID (EVENT_TRACE_HEADER, FULL_HEADER64). */
static void kfull(const u8 guid[16], u8 type, u32 p, u32 t, u64 ts, const void *pay, u32 n)
{
	u32 size = sizeof(struct etl_full_header) + n;
	struct etl_full_header *h = (void *)room(size);

	h->size = (u16)size;
	h->header_type = ETL_HEADER_TYPE_FULL_HEADER64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->type = type;
	h->thread_id = t;
	h->process_id = p;
	h->timestamp = ts;
	memcpy(h->guid, guid, 16);
	memcpy(h + 1, pay, n);
}

/* A StackWalk after the event of @t at @ts: @frames as they are. */
static void stackwalk(u32 t, u64 ts, void *const *frames, int n)
{
	u8 pay[ETW_KP_STACK_FIXED + 8 * 64];
	int i;

	memcpy(pay, &ts, 8);
	memcpy(pay + 8, &pid, 4);
	memcpy(pay + 12, &t, 4);
	for (i = 0; i < n && i < 64; i++) {
		u64 a = (uintptr_t)frames[i];

		memcpy(pay + ETW_KP_STACK_FIXED + 8 * i, &a, 8);
	}
	ksys(ETW_KH_STACKWALK, ETW_KV_STACKWALK, pid, t, ts, pay,
	     ETW_KP_STACK_FIXED + 8 * (u32)i);
}

/* ---- the known functions ---------------------------------------------------- */

/*
 * What each function records: a sample (IP in the caller of capture(),
 * its stack), or an event with the stack of the caller of the "ETW API".
 */
enum what { SAMPLE, EVENT, READY };
static enum what what;
static u32 what_tid;
static int kernel_frames;	/* event_write's stack starts with two kernel frames */
static int classic;		/* event_write writes a classic record and its StackWalk */

static const u8 user_provider[16] = { 0x5a, 0x5a, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06,
				      0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e };

/* The "ETW API": an event whose stack starts at its caller (STACK_TRACE64). */
static __attribute__((noinline)) void event_write(void)
{
	void *f[64];
	int n = backtrace(f, 64);	/* f[0]: in here; f[1]: the caller's return address */
	u8 item[8 + 8 * 64];
	u64 match = 0;
	u32 k = 0, size, isz;
	struct etl_event_header *e;
	int i;

	memcpy(item, &match, 8);
	if (kernel_frames) {	/* a kernel-mode provider's: kernel frames first */
		static const u64 kf[2] = { KBASE + 0x1234, KBASE + 0x2345 };

		memcpy(item + 8, kf, sizeof(kf));
		k = 2;
	}
	for (i = 1; i < n; i++, k++) {
		/* after kernel frames the first user frame is where the thread was: an IP */
		u64 a = (uintptr_t)f[i] - (kernel_frames && i == 1);

		memcpy(item + 8 + 8 * k, &a, 8);
	}
	if (classic) {
		/* TraceEvent's: no extended items, a StackWalk right after it */
		static const u8 classic_class[16] = { 0x5b, 0x5a, 0x01, 0x02, 0x03, 0x04,
						      0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
						      0x0b, 0x0c, 0x0d, 0x0e };
		void *ra[64];

		kfull(classic_class, 9, pid, t1, now, "\x2a\0\0\0", 4);
		for (i = 0; i < (int)k; i++) {
			u64 a;

			memcpy(&a, item + 8 + 8 * i, 8);
			ra[i] = (void *)(uintptr_t)a;
		}
		stackwalk(t1, now, ra, (int)k);
		now += MS / 10;
		return;
	}
	isz = etl_ext_item_size(8 + 8 * k);
	size = sizeof(*e) + isz + 4;
	e = (void *)room(size);
	memset(e, 0, sizeof(*e));
	e->size = (u16)size;
	e->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	e->marker_flags = ETL_MARKER_FLAGS;
	e->flags = ETL_EH_FLAG_EXTENDED_INFO | ETL_EH_FLAG_64_BIT_HEADER;
	e->thread_id = t1;
	e->process_id = pid;
	e->timestamp = now;
	memcpy(e->provider_id, user_provider, 16);
	e->id = kernel_frames ? 8 : 7;
	e->level = 4;
	etl_put_ext_item(e + 1, ETL_EXT_STACK_TRACE64, item, (u16)(8 + 8 * k), false);
	memcpy((u8 *)(e + 1) + isz, "\x2a\0\0\0", 4);
	now += MS / 10;
}

/*
 * A sample in the caller: its IP is the return address less one (the
 * call instruction, in the caller's code and line), the StackWalk that IP
 * then the return addresses outwards; or the ReadyThread's stack.
 */
static __attribute__((noinline)) uint64_t capture(uint64_t x)
{
	void *f[64];
	int n = backtrace(f, 64);
	u8 pay[ETW_KP_PROFILE_SIZE] = { 0 };
	u64 ip = (uintptr_t)f[1] - 1;

	if (what == EVENT) {
		event_write();	/* @event_write_call */
		return x + 1;
	}
	f[1] = (void *)(uintptr_t)ip;
	if (what == SAMPLE) {
		memcpy(pay, &ip, 8);
		memcpy(pay + 8, &what_tid, 4);
		pay[12] = 1;
		ksys(ETW_KH_SAMPLED_PROFILE, ETW_KV_PERFINFO, pid, what_tid, now, pay, sizeof(pay));
		stackwalk(what_tid, now, f + 1, n - 1);
		now += MS / 10;
	} else {
		/* T2 readies T1 at 15 ms */
		u64 ts = TL + 15 * MS;
		u8 r[ETW_KP_READY_SIZE] = { 0 };

		memcpy(r, &t1, 4);
		ksys(ETW_KH_READY_THREAD, ETW_KV_READY, pid, t2, ts, r, sizeof(r));
		/* the readying stack: wake_up's call, then return addresses */
		stackwalk(t2, ts, f + 1, n - 1);
	}
	return x * 3;
}

static inline __attribute__((always_inline)) uint64_t inl_add(uint64_t x)
{
	uint64_t y = capture(x);	/* @inl_add_call */

	return y * y + x;
}

__attribute__((noinline)) uint64_t leaf_hot(uint64_t x)
{
	uint64_t r = capture(x + 1);	/* @leaf_hot_call */

	return r ^ (x << 3);
}

__attribute__((noinline)) uint64_t middle(uint64_t x, int inl)
{
	uint64_t r = inl ? inl_add(x) : leaf_hot(x);	/* @middle_call */

	return r + 5;
}

__attribute__((noinline)) uint64_t outer(uint64_t x, int where)
{
	uint64_t r;

	if (where == 2)
		r = lib_work(capture, x);	/* @outer_lib_call */
	else
		r = middle(x, where);		/* @outer_middle_call */
	return r - 1;
}

__attribute__((noinline)) uint64_t c(uint64_t x)
{
	uint64_t r = capture(x);	/* @c_call */

	return r + 2;
}

__attribute__((noinline)) uint64_t b(uint64_t x)
{
	uint64_t r = c(x * 2);		/* @b_call */

	return r + 3;
}

__attribute__((noinline)) uint64_t a(uint64_t x)
{
	uint64_t r = b(x + 4);		/* @a_call */

	return r * 5;
}

/* Readies T1 (READY); nothing else. */
__attribute__((noinline)) uint64_t wake_up(uint64_t x)
{
	if (what != READY)
		return x;
	return capture(x) | 1;		/* @wake_up_call */
}

/* Samples in itself (SAMPLE), or readies through wake_up (READY). */
__attribute__((noinline)) uint64_t waker(uint64_t x)
{
	uint64_t r = what == READY ? 0 : capture(x);	/* @waker_call */

	return r + wake_up(x);		/* @waker_wake_call */
}

/* ---- the trace ------------------------------------------------------------------ */

static void pwstr(u8 *p, u32 *n, const char *s)
{
	do {
		p[(*n)++] = (u8)*s;
		p[(*n)++] = 0;
	} while (*s++);
}

static const u8 imageid_guid[16] = {	/* {65e39e5f-40d3-4fd7-9a77-d2d6e1d4ee10} */
	0x5f, 0x9e, 0xe3, 0x65, 0xd3, 0x40, 0xd7, 0x4f,
	0x9a, 0x77, 0xd2, 0xd6, 0xe1, 0xd4, 0xee, 0x10 };

/* Build-ids of the loaded objects, by their mappings' start (dl_iterate_phdr). */
struct obj {
	uintptr_t lo, hi;
	u8 id[64];
	u32 n;
};
static struct obj objs[64];
static int nobjs;

static int on_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct obj *o = &objs[nobjs];
	int i;

	(void)size;
	(void)arg;
	if (nobjs == 64)
		return 1;
	memset(o, 0, sizeof(*o));
	o->lo = UINTPTR_MAX;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD) {
			if (a < o->lo)
				o->lo = a;
			if (a + ph->p_memsz > o->hi)
				o->hi = a + ph->p_memsz;
		}
		if (ph->p_type == PT_NOTE) {
			const u8 *p = (const u8 *)a, *end = p + ph->p_memsz;

			while (p + 12 <= end) {
				const ElfW(Nhdr) *nh = (const void *)p;
				const u8 *desc = p + 12 + ((nh->n_namesz + 3) & ~3u);

				if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
				    !memcmp(p + 12, "GNU", 4) && nh->n_descsz <= 64) {
					memcpy(o->id, desc, nh->n_descsz);
					o->n = nh->n_descsz;
				}
				p = desc + ((nh->n_descsz + 3) & ~3u);
			}
		}
	}
	nobjs++;
	return 0;
}

static void images(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4096], path[4096], perm[8];
	unsigned long lo, hi, pgoff;
	int i;

	dl_iterate_phdr(on_object, NULL);
	while (f && fgets(line, sizeof(line), f)) {
		u8 pay[ETW_KP_IMG_FIXED + 2 * 4096 + 2] = { 0 };
		u64 base, size;
		u32 n = ETW_KP_IMG_FIXED;

		path[0] = 0;
		if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %4095s", &lo, &hi, perm, &pgoff,
			   path) < 4 || perm[2] != 'x' || path[0] != '/')
			continue;
		base = lo - pgoff;
		size = hi - base;
		memcpy(pay + ETW_KP_IMG_BASE, &base, 8);
		memcpy(pay + ETW_KP_IMG_SIZE, &size, 8);
		memcpy(pay + ETW_KP_IMG_PID, &pid, 4);
		pwstr(pay, &n, path);
		ksys(ETW_KH_IMAGE_DCSTART, ETW_KV_IMAGE, pid, t1, now, pay, n);
		for (i = 0; with_build_id && i < nobjs; i++) {
			u8 id[16 + 64];
			u32 k = objs[i].n;

			if (lo < objs[i].lo || lo >= objs[i].hi || !k)
				continue;
			memcpy(id, &base, 8);
			memcpy(id + 8, &pid, 4);
			memcpy(id + 12, &k, 4);
			memcpy(id + 16, objs[i].id, k);
			kfull(imageid_guid, 0, pid, t1, now, id, 16 + k);
			break;
		}
		now++;
	}
	if (f)
		fclose(f);
}

/* The kernel as an image of process 0 (as Windows logs ntoskrnl). */
static void kernel_image(void)
{
	u8 pay[ETW_KP_IMG_FIXED + 64] = { 0 };
	u64 base = KBASE, size = KSIZE;
	u32 n = ETW_KP_IMG_FIXED, zero = 0;

	memcpy(pay + ETW_KP_IMG_BASE, &base, 8);
	memcpy(pay + ETW_KP_IMG_SIZE, &size, 8);
	memcpy(pay + ETW_KP_IMG_PID, &zero, 4);
	pwstr(pay, &n, "[kernel.kallsyms]");
	ksys(ETW_KH_IMAGE_DCSTART, ETW_KV_IMAGE, 0, 0, now++, pay, n);
}

static void process_and_threads(void)
{
	u8 p[256] = { 0 };
	u32 n = ETW_KP_PROC_FIXED + ETW_KSID_TOKEN_SIZE, ppid = (u32)getppid();
	u8 t[ETW_KP_THREAD_SIZE] = { 0 };

	static const u8 sid[ETW_KSID_SIZE] = { 1, 2, 0, 0, 0, 0, 0, 22, 1, 0, 0, 0 };

	memcpy(p + ETW_KP_PROC_PID, &pid, 4);
	memcpy(p + ETW_KP_PROC_PPID, &ppid, 4);
	p[ETW_KP_PROC_FIXED] = 1;		/* TOKEN_USER.Sid: a SID follows (S-1-22-1-0) */
	memcpy(p + n, sid, sizeof(sid));
	n += sizeof(sid);
	memcpy(p + n, "stackprog", 10);
	n += 10;
	pwstr(p, &n, "stackprog");
	pwstr(p, &n, "");
	pwstr(p, &n, "");
	ksys(ETW_KH_PROCESS_DCSTART, ETW_KV_PROCESS, pid, t1, now++, p, n);
	memcpy(t + ETW_KP_THREAD_PID, &pid, 4);
	memcpy(t + ETW_KP_THREAD_TID, &t1, 4);
	ksys(ETW_KH_THREAD_DCSTART, ETW_KV_THREAD, pid, t1, now++, t, sizeof(t));
	memcpy(t + ETW_KP_THREAD_TID, &t2, 4);
	ksys(ETW_KH_THREAD_DCSTART, ETW_KV_THREAD, pid, t2, now++, t, sizeof(t));
}

/* CSwitch on CPU 0 at @ms: @nt in, @ot out in @state (5 Waiting). */
static void cswitch(unsigned ms, u32 nt, u32 ot)
{
	u8 p[ETW_KP_CSW_SIZE] = { 0 };

	memcpy(p + ETW_KP_CSW_NEW_TID, &nt, 4);
	memcpy(p + ETW_KP_CSW_OLD_TID, &ot, 4);
	p[ETW_KP_CSW_WAIT_REASON] = 6;	/* UserRequest */
	p[ETW_KP_CSW_STATE] = ot ? 5 : 2;	/* Waiting (the idle thread: Running) */
	ksys(ETW_KH_CSWITCH, ETW_KV_CSWITCH, 0, nt, TL + ms * MS, p, sizeof(p));
}

static void run(void)
{
	int i;

	/* The context switches and the wake-up: 0-25 ms (after TL). */
	cswitch(0, t1, 0);
	cswitch(10, t2, t1);
	what = READY;
	waker(1);			/* @run_waker_call */
	cswitch(18, t1, t2);
	cswitch(25, 0, t1);
	/* The samples, from 30 ms. */
	now = TL + 30 * MS;
	what = SAMPLE;
	what_tid = t1;
	for (i = 0; i < 50; i++)
		outer((uint64_t)i, 0);	/* @run_outer_call */
	for (i = 0; i < 30; i++)
		outer((uint64_t)i, 1);
	for (i = 0; i < 20; i++)
		outer((uint64_t)i, 2);
	what_tid = t2;
	for (i = 0; i < 10; i++)
		waker((uint64_t)i);
	/* Events with stacks, from 50 ms. */
	now = TL + 50 * MS;
	what = EVENT;
	for (i = 0; i < 3; i++)
		a((uint64_t)i);		/* @run_a_call */
	kernel_frames = 1;
	a(9);
	kernel_frames = 0;
	classic = 1;
	a(10);
}

int main(int argc, char **argv)
{
	struct etl_logfile_params p;
	u8 hdr[SB];
	FILE *f;
	unsigned i;

	if (argc == 3 && !strcmp(argv[1], "--no-build-id")) {
		with_build_id = 0;
		argv++;
		argc--;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: stackprog [--no-build-id] OUT.etl\n");
		return 2;
	}
	pid = (u32)getpid();
	t1 = (u32)gettid();
	t2 = t1 + 1;
	process_and_threads();
	kernel_image();
	images();
	run();			/* @main_run_call */
	etl_buffer_seal(bufs[nb - 1], off, now, nb, 0);

	memset(&p, 0, sizeof(p));
	p.buffer_size = SB;
	p.nr_processors = 1;
	p.log_file_mode = 0x1;
	p.buffers_written = nb + 1;
	p.cpu_mhz = 3000;
	p.perf_freq = 10000000;
	p.start_time = T0;
	p.start_raw = BASE;
	p.clock_type = ETL_CLOCK_QPC;
	p.logger_name = "NT Kernel Logger";
	p.logger_name_len = 16;
	p.log_file_name = "/tmp/stackprog.etl";
	p.log_file_name_len = 18;
	memset(hdr, 0, sizeof(hdr));
	if (etl_header_buffer_write(hdr, SB, 3, &p))
		return 1;
	f = fopen(argv[1], "wb");
	if (!f || fwrite(hdr, 1, SB, f) != SB)
		goto fail;
	for (i = 0; i < nb; i++)
		if (fwrite(bufs[i], 1, SB, f) != SB)
			goto fail;
	if (fclose(f))
		goto fail;
	return 0;
fail:
	perror(argv[1]);
	return 1;
}
