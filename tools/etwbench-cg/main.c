// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench-cg MODE N: one of the fast path's code paths, N times, in
 * ordinary memory, for callgrind to count the instructions of
 * (tools/etwbench/cg.sh runs it as
 *   valgrind --tool=callgrind --toggle-collect=cg_loop etwbench-cg MODE N
 * and divides by N).  No kernel: the stage, the fast map and the global
 * page are memory of this process, set up as etw.ko would publish them,
 * so what is counted is libetw's writer, or the collector's logic
 * (kmod/shared/etw_runs.c) with the copy into buffers that
 * kmod/etw_collect.c does around it.
 *
 *   write	EventWrite, one 64-byte descriptor, one session (the inline
 *		path: a registration whose sessions take every keyword)
 *   writeex	EventWriteEx of TraceLoggingWrite's event, by hand: the
 *		provider traits and the event's metadata as typed
 *		descriptors, then three fields
 *   tl		TraceLoggingWrite of the same event
 *   eventheader	the same event from a LinuxTracepoints program
 *		(eventheader.c) through libtracepoint: its registration
 *		made by a stand-in for etw.ko (tp_ops), the rest as it runs
 *   drain	the collector on N records of 64 bytes staged by one thread
 *		on one CPU (planned, copied into 64 KB buffers one run at a
 *		time, checked and patched in the copy)
 *   mixed	the same for N records of 1,000 threads taking turns on two
 *		CPUs, a few records each between collects: merged record by
 *		record
 *   stack0	write's event from the bottom of a ten-function chain
 *		(built without frame pointers), no session wanting stacks
 *   stack	the same with a session that wants stacks: libetw unwinds
 *		the writer's stack (libunwind) into the record's
 *		STACK_TRACE64 item; (stack - stack0) / frames is the cost
 *		of a frame (issue 28: <= 150 instructions)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <evntprov.h>
#include <TraceLoggingProvider.h>

#include "etwbench/tl_same.h"
#include "etwbench-cg/eventheader_cg.h"
#include "fastpath.h"
#include "tracepoint/tp_internal.h"
#include "provider.h"
#include "shared/etw_runs.h"
#include "shared/etw_etl.h"
#include "internal.h"

/* {BE7CBE7C-1111-4222-8333-444455556677}, as etwbench's */
TRACELOGGING_DEFINE_PROVIDER(g_cg_tl, "LinuxEtw.Bench.TraceLogging",
	(0xbe7cbe7c, 0x1111, 0x4222, 0x83, 0x33, 0x44, 0x44, 0x55, 0x55, 0x66, 0x77));

static struct etw_fast_slot cg_map[ETW_MAX_REGS_PER_FD];
static ETW_ENABLE_SLOT cg_emap[ETW_MAX_REGS_PER_FD];
static struct etw_global_page cg_global;
static struct etw_stage_meta cg_meta __attribute__((aligned(64)));

#define H_PLAIN	1	/* slot 0: a manifest provider */
#define H_TL	2	/* slot 1: the TraceLogging provider (traits) */
#define H_EH	3	/* slot 2: libtracepoint's registration (traits) */

/* A ring of @size bytes as the thread's stage, as STAGE_OPEN would. */
static uint8_t *cg_stage(size_t size)
{
	uint8_t *ring = aligned_alloc(64, size);

	if (!ring) {
		perror("etwbench-cg");
		exit(1);
	}
	memset(ring, 0, size);		/* touched now, not in the loop */
	etw_fp_tls.meta = &cg_meta;
	etw_fp_tls.data = ring;
	etw_fp_tls.size = size;
	etw_fp_tls.pos = 0;
	etw_fp_tls.limit = size;
	return ring;
}

/* What etw.ko publishes for a registration one session enables. */
static void cg_setup(void)
{
	const UINT16 *traits = g_cg_tl->ProviderMetadataPtr;
	int slot;

	for (slot = 0; slot < 3; slot++) {
		cg_map[slot].word = 256 | ETW_FAST_W_KW_ANY | ETW_FAST_W_KW0;
		cg_map[slot].sessions = 1;
		cg_emap[slot].Enabled = 1;
		cg_emap[slot].Level = 255;
		cg_emap[slot].Flags = ETW_ENABLE_SLOT_KEYWORD0;
		cg_emap[slot].MatchAnyKeyword = ~0ULL;
		etw_prov.live[slot] = slot + 1;
	}
	etw_fp_plain[0] = H_PLAIN;
	/* EventSetInformation(SetTraits) of TraceLoggingRegister */
	etw_fp_regs[1].traits_len = *traits;
	etw_fp_regs[1].use_type = 1;
	((struct _TlgProvider_t *)g_cg_tl)->RegHandle = H_TL;
	((struct _TlgProvider_t *)g_cg_tl)->LevelPlus1 = 256;
	__etw_enable_map = cg_emap;
	etw_fp_global = &cg_global;
	etw_fp_map = cg_map;
}

/* libtracepoint's registration as etw.ko would make it: slot 2. */
static int cg_dev_fd(void)
{
	return 3;
}

static ULONG cg_reg(LPCGUID g, PENABLECALLBACK cb, PVOID ctx, PREGHANDLE h)
{
	(void)g;
	(void)cb;
	(void)ctx;
	*h = H_EH;
	return ERROR_SUCCESS;
}

static ULONG cg_set_info(REGHANDLE h, EVENT_INFO_CLASS c, PVOID info, ULONG len)
{
	(void)info;
	(void)c;
	/* What EventSetInformation(SetTraits) leaves for the writer. */
	etw_fp_regs[h - 1].traits_len = len;
	etw_fp_regs[h - 1].use_type = 1;
	etw_fp_plain[h - 1] = 0;
	return ERROR_SUCCESS;
}

static ULONG cg_unreg(REGHANDLE h)
{
	(void)h;
	return ERROR_SUCCESS;
}

static void cg_setup_eh(void)
{
	tp_ops.dev_fd = cg_dev_fd;
	tp_ops.reg = cg_reg;
	tp_ops.set_info = cg_set_info;
	tp_ops.unreg = cg_unreg;
	if (cg_eh_register() || !cg_eh_enabled()) {
		fprintf(stderr, "etwbench-cg: the EventHeader provider is not enabled\n");
		exit(1);
	}
}

/* ---- the writer ------------------------------------------------------------- */

__attribute__((noinline)) static void cg_loop_write(long n)
{
	static unsigned char payload[64];
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	long i;

	EventDescCreate(&d, 7, 0, 0, 4, 0, 0, 0x1);
	EventDataDescCreate(&data, payload, sizeof(payload));
	for (i = 0; i < n; i++)
		EventWrite(H_PLAIN, &d, 1, &data);
}

/* etwbench's EventWriteEx of the same bytes as cg_loop_tl's event */
__attribute__((noinline)) static void cg_loop_writeex(long n)
{
	const UINT16 *traits = g_cg_tl->ProviderMetadataPtr;
	EVENT_DESCRIPTOR desc;
	long i;

	EventDescCreate(&desc, 0, 0, 11, 4, 0, 0, 0);
	for (i = 0; i < n; i++)
		tl_same_bytes(H_TL, traits, &desc, i);
}

__attribute__((noinline)) static void cg_loop_tl(long n)
{
	long i;

	for (i = 0; i < n; i++)
		TraceLoggingWrite(g_cg_tl, "Bench",
				  TraceLoggingLevel(4),
				  TraceLoggingInt32((INT32)i, "Index"),
				  TraceLoggingUInt32(7, "Seven"),
				  TraceLoggingUInt64((UINT64)i * 3, "Triple"));
}

/* ---- the writer's stack ------------------------------------------------------- */

/* Ten frames between the loop and EventWrite, as an application's. */
#define CG_LINK(me, next)						\
	__attribute__((noinline)) static void me(long n)		\
	{								\
		next(n);						\
		__asm__ volatile("" ::: "memory");			\
	}

__attribute__((noinline)) static void cg_chain0(long n)
{
	static unsigned char payload[64];
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	long i;

	EventDescCreate(&d, 7, 0, 0, 4, 0, 0, 0x1);
	EventDataDescCreate(&data, payload, sizeof(payload));
	for (i = 0; i < n; i++)
		EventWrite(H_PLAIN, &d, 1, &data);
	__asm__ volatile("" ::: "memory");
}
CG_LINK(cg_chain1, cg_chain0)
CG_LINK(cg_chain2, cg_chain1)
CG_LINK(cg_chain3, cg_chain2)
CG_LINK(cg_chain4, cg_chain3)
CG_LINK(cg_chain5, cg_chain4)
CG_LINK(cg_chain6, cg_chain5)
CG_LINK(cg_chain7, cg_chain6)
CG_LINK(cg_chain8, cg_chain7)
CG_LINK(cg_loop_stack, cg_chain8)

/* A session that wants stacks, told of this process's images. */
static void cg_setup_stack(void)
{
	uint64_t f[ETW_STACK_USER_MAX];

	cg_map[0].word |= ETW_FAST_W_STACK;
	/* Load libunwind and warm its cache, as a running writer has. */
	etw_stack_capture(f, ETW_STACK_USER_MAX, NULL);
	etw_stack_tell(0, 1, etw_stack_image_gen());
	cg_chain0(1);
	etw_fp_tls.pos = 0;
}

/* ---- the collector --------------------------------------------------------- */

#define BUF	65536
#define NBUF	4096

static uint8_t *bufs;
static uint32_t nbuf, boff;
static struct etw_level_kw cg_kw;
static const uint8_t cg_guid[16] = { 1, 2, 3, 4 };

static bool cg_slot(void *ctx, uint32_t slot, struct etw_slot_view *v)
{
	(void)ctx;
	(void)slot;
	memset(v, 0, sizeof(*v));
	v->guid = cg_guid;
	v->kw = &cg_kw;
	return true;
}

/*
 * One piece into the current buffer, a new one when it is full: what
 * etw_emit_piece() does, without the pool's locks (through the scratch,
 * as the module copies).
 */
static uint8_t cg_scratch_buf[ETW_COPY_SCRATCH] __attribute__((aligned(8)));

static uint32_t cg_emit(const struct etw_ring *r, const struct etw_piece *pc,
			const struct etw_patch *p)
{
	uint32_t done = 0, kept = 0;
	uint64_t lo = pc->lo;
	struct etw_check res;

	while (done < pc->len) {
		uint8_t *dst = bufs + (size_t)(nbuf % NBUF) * BUF + boff;

		etw_collect_copy(dst, BUF - boff, r->data + pc->off + done,
				 pc->len - done, false, cg_scratch_buf, lo,
				 pc->hi, p, &res);
		boff += res.used;
		done += res.src;
		kept += res.kept;
		lo = res.key;
		if (res.desync)
			break;
		if (!res.src || boff > BUF - 48) {
			nbuf++;
			boff = 72;
		}
	}
	return kept;
}

static struct etw_run *runs;
static struct etw_merge_scratch mx;

static void cg_scratch(uint32_t n)
{
	runs = calloc(n, sizeof(*runs));
	mx.heap = calloc(n, 4);
	mx.gpos = calloc(n, 4);
	mx.gleft = calloc(n, 4);
	mx.gneed = calloc(n, 4);
	mx.gkey = calloc(n, 8);
	mx.gprev = calloc(n, 8);
	mx.cpus = calloc(n, sizeof(*mx.cpus));
	mx.top = calloc(n, 4);
	bufs = calloc(NBUF, BUF);
	if (!runs || !mx.heap || !mx.gpos || !mx.gleft || !mx.gneed ||
	    !mx.gkey || !mx.gprev || !mx.cpus || !mx.top || !bufs) {
		perror("etwbench-cg");
		exit(1);
	}
	boff = 72;
	etw_level_kw_set(&cg_kw, 5, 0, 0, 0, false);
}

/* One collect of the rings' records, as etw_collect() does it. */
__attribute__((noinline)) static uint32_t cg_loop(struct etw_ring *rings,
						  uint64_t *ends, uint32_t nst)
{
	struct etw_patch p = {
		.tid = 1, .pid = 1, .sessbit = 1, .slot = cg_slot,
	};
	struct etw_merge m;
	struct etw_piece pc;
	uint32_t s, n = 0, kept = 0;

	for (s = 0; s < nst; s++) {
		struct etw_plan pl = {
			.pos = 0, .end = ends[s], .cutoff = ~0ULL, .stage = s,
		};

		etw_plan_stage(&rings[s], &pl, runs, &n, 1 << 22);
	}
	etw_merge_init(&m, runs, n, 0, rings, &mx);
	while (etw_merge_next(&m, &pc)) {
		p.cpu = pc.run->cpu;
		kept += cg_emit(&rings[pc.run->stage], &pc, &p);
	}
	return kept;
}

/* N records of 64 bytes staged by EventWrite (one thread, one CPU). */
static uint32_t drain(long n)
{
	struct etw_ring r;
	uint64_t end;
	uint8_t *ring = cg_stage((size_t)n * 144 + 4096);

	cg_scratch(8);
	cg_loop_write(n);
	end = etw_fp_tls.pos;
	r.data = ring;
	r.size = etw_fp_tls.size;
	return cg_loop(&r, &end, 1);
}

/*
 * N records of 1,000 threads on two CPUs, one every 100 us each in turn
 * (so each thread's records interleave in time with the others'),
 * written as the writer would.
 */
static uint32_t mixed(long n)
{
	uint32_t nst = 1000, s, per = n / nst ? n / nst : 1;
	struct etw_ring *rings = calloc(nst, sizeof(*rings));
	uint64_t *ends = calloc(nst, sizeof(*ends)), ts = 1000;
	uint8_t pay[64] = { 0 };
	uint32_t k;

	cg_scratch(nst * per + 8);
	for (s = 0; s < nst; s++) {
		rings[s].size = per * 144 + 64;
		rings[s].data = calloc(1, rings[s].size);
	}
	for (k = 0; k < per; k++) {
		for (s = 0; s < nst; s++) {
			uint8_t *h = (uint8_t *)rings[s].data + k * 144;
			uint16_t size = 144, slot = 0, cpu = s & 1;
			uint64_t sess = 1;

			h[0] = (uint8_t)size;
			h[1] = size >> 8;
			h[2] = ETL_HEADER_TYPE_EVENT_HEADER64;
			h[3] = ETL_MARKER_FLAGS;
			memcpy(h + ETW_STASH_SLOT, &slot, 2);
			memcpy(h + ETW_STASH_CPU, &cpu, 2);
			ts += 100;
			memcpy(h + 0x10, &ts, 8);
			memcpy(h + ETW_STASH_SESSIONS, &sess, 8);
			h[0x2C] = 4;
			memcpy(h + 80, pay, sizeof(pay));
			ends[s] += 144;
		}
	}
	return cg_loop(rings, ends, nst);
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 100000;
	const char *mode = argc > 1 ? argv[1] : "write";
	uint32_t kept = 0;

	cg_setup();
	if (!strcmp(mode, "write")) {
		cg_stage((size_t)n * 144 + 4096);
		cg_loop_write(n);
	} else if (!strcmp(mode, "writeex")) {
		cg_stage((size_t)n * 256 + 4096);
		cg_loop_writeex(n);
	} else if (!strcmp(mode, "tl")) {
		cg_stage((size_t)n * 256 + 4096);
		cg_loop_tl(n);
	} else if (!strcmp(mode, "eventheader")) {
		cg_setup_eh();
		cg_stage((size_t)n * 256 + 4096);
		cg_loop_eh(n);
	} else if (!strcmp(mode, "stack0") || !strcmp(mode, "stack")) {
		cg_stage((size_t)n * 1024 + 8192);
		if (!strcmp(mode, "stack"))
			cg_setup_stack();
		cg_loop_stack(n);
		/* 144 bytes without; the item: 8 + 8 (MatchId) + 8 a frame */
		printf("%s: %llu frames an event\n", mode,
		       (unsigned long long)(etw_fp_tls.pos / n - 144) / 8 -
		       (etw_fp_tls.pos / n > 144 ? 2 : 0));
	} else if (!strcmp(mode, "drain")) {
		kept = drain(n);
	} else if (!strcmp(mode, "mixed")) {
		kept = mixed(n);
	} else {
		fprintf(stderr, "usage: etwbench-cg write|writeex|tl|eventheader|stack0|stack|drain|mixed [N]\n");
		return 2;
	}
	/* What was written: the stage's bytes, the buffers' records. */
	printf("%s %ld: %llu bytes staged, %u records collected\n", mode, n,
	       (unsigned long long)(uint32_t)etw_fp_tls.pos, kept);
	return 0;
}
