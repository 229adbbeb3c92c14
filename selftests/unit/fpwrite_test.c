// SPDX-License-Identifier: GPL-2.0-only
/*
 * libetw's writer on the fast path, without etw.ko: the stage, the fast
 * map and the global page are this process's memory, set up as the
 * module publishes them (as make bench's etwbench-cg does), and the
 * records EventWrite* stage are read back and given to the collector's
 * check (kmod/shared/etw_runs.c).  Documentation/design.rst, "The fast
 * path".
 *
 *  - the CPU number a record carries is the CPU the writer ran on, by
 *    each of the ways libetw reads it (rseq's cpu_id, TSC_AUX through
 *    RDTSCP, sched_getcpu()), and the way chosen at load is the first
 *    that works (rseq, or RDTSCP when glibc has no rseq);
 *  - every payload size and descriptor count stages the record the
 *    module expects (the inline path's size classes and the general
 *    one), which the collector's check keeps as written;
 *  - a registration some session wants stacks or the SID/TS_ID items
 *    for leaves the inline path (its record has extended items).
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#endif

#include <windows.h>
#include <evntprov.h>

#include "fastpath.h"
#include "provider.h"
#include "internal.h"
#include "shared/etw_runs.h"
#include "shared/etw_etl.h"

#include "../kselftest_harness.h"

#define RING	(1 << 20)

static struct etw_fast_slot t_map[ETW_MAX_REGS_PER_FD];
static ETW_ENABLE_SLOT t_emap[ETW_MAX_REGS_PER_FD];
static struct etw_global_page t_global;
static struct etw_stage_meta t_meta __attribute__((aligned(64)));
static uint8_t *t_ring;

/* Slot 0 enabled by session 1 (logger 1) for every level and keyword. */
static void t_setup(uint64_t extra_bits)
{
	if (!t_ring)
		t_ring = aligned_alloc(64, RING);
	memset(t_ring, 0xA5, RING);
	memset(&t_meta, 0, sizeof(t_meta));
	t_map[0].word = 256 | ETW_FAST_W_KW_ANY | ETW_FAST_W_KW0 | extra_bits;
	t_map[0].sessions = 1;
	t_emap[0].Enabled = 1;
	t_emap[0].Level = 255;
	t_emap[0].Flags = ETW_ENABLE_SLOT_KEYWORD0;
	t_emap[0].MatchAnyKeyword = ~0ULL;
	etw_prov.live[0] = 1;
	etw_fp_plain[0] = 1;
	__etw_enable_map = t_emap;
	etw_fp_global = &t_global;
	etw_fp_map = t_map;
	etw_fp_tls.meta = &t_meta;
	etw_fp_tls.data = t_ring;
	etw_fp_tls.size = RING;
	etw_fp_tls.pos = 0;
	etw_fp_tls.limit = RING;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static int true_cpu(void)
{
	unsigned int cpu = ~0u;

	syscall(SYS_getcpu, &cpu, NULL, NULL);
	return (int)cpu;
}

static int have_rdtscp(void)
{
#if defined(__x86_64__)
	uint32_t a, b, c, d;

	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000000u));
	if (a < 0x80000001u)
		return 0;
	__asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0x80000001u));
	return !!(d & (1u << 27));
#else
	return 0;
#endif
}

/*
 * Each way of reading the CPU, pinned to each CPU in turn, says the CPU
 * the kernel says (getcpu(2), the system call).
 */
TEST(cpu_every_way_names_the_cpu)
{
	intptr_t decided = etw_fp_cpu_how, ways[3];
	int nways = 0, w, cpu, ncpu = sysconf(_SC_NPROCESSORS_ONLN), r;

	if (decided > ETW_FP_CPU_RDTSCP)
		ways[nways++] = decided;
	if (have_rdtscp())
		ways[nways++] = ETW_FP_CPU_RDTSCP;
	ways[nways++] = 0;
	for (w = 0; w < nways; w++) {
		etw_fp_cpu_how = ways[w];
		for (cpu = 0; cpu < ncpu && cpu < 64; cpu++) {
			ASSERT_EQ(0, pin(cpu));
			for (r = 0; r < 3; r++)
				EXPECT_EQ(true_cpu(), (int)etw_fp_cpu()) {
					TH_LOG("way %ld, CPU %d", (long)ways[w],
					       cpu);
				}
		}
	}
	etw_fp_cpu_how = decided;
}

/*
 * The child of cpu_way_chosen_at_load, run without rseq: did libetw's
 * constructor (which runs first: it has a priority) choose RDTSCP where
 * the CPU has it, sched_getcpu() where not?
 */
__attribute__((constructor)) static void t_child(void)
{
	if (getenv("FPWRITE_CHILD"))
		_exit(etw_fp_cpu_how == (have_rdtscp() ? ETW_FP_CPU_RDTSCP : 0) ?
		      0 : 3);
}

/*
 * The way chosen at load: rseq's cpu_id where glibc registered rseq;
 * without it (glibc.pthread.rseq=0, in a child run that way) RDTSCP
 * where the CPU has it.
 */
TEST(cpu_way_chosen_at_load)
{
	const char *tun = getenv("GLIBC_TUNABLES");
	pid_t pid;
	int st;

#if defined(RSEQ_SIG) && defined(__x86_64__)
	if (__rseq_size)
		EXPECT_EQ((intptr_t)__rseq_offset +
			  (intptr_t)offsetof(struct rseq, cpu_id),
			  etw_fp_cpu_how);
#endif
	if (tun && strstr(tun, "rseq=0"))
		SKIP(return, "already without rseq");
	fflush(stdout);
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		char self[4096];
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		char *argv[] = { self, NULL };

		if (n <= 0)
			_exit(4);
		self[n] = 0;
		setenv("FPWRITE_CHILD", "1", 1);
		setenv("GLIBC_TUNABLES", "glibc.pthread.rseq=0", 1);
		execv(self, argv);
		_exit(5);
	}
	ASSERT_EQ(pid, waitpid(pid, &st, 0));
	ASSERT_TRUE(WIFEXITED(st));
	EXPECT_EQ(0, WEXITSTATUS(st));
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint8_t t_pay[4096];

static bool t_slot(void *ctx, uint32_t slot, struct etw_slot_view *v)
{
	static const uint8_t guid[16] = { 9, 8, 7, 6 };
	static struct etw_level_kw kw;

	(void)ctx;
	if (slot)
		return false;
	etw_level_kw_set(&kw, 255, 0, 0, 0, false);
	memset(v, 0, sizeof(*v));
	v->guid = guid;
	v->kw = &kw;
	return true;
}

/*
 * The record at @off: an EVENT_HEADER64 of @size bytes for slot 0 and
 * session 1, staged on @cpu between @t0 and @t1, with the descriptor
 * @d, the activity @act and the payload @pay; then the collector's check
 * keeps it, with zeros in its padding.
 */
static uint32_t t_check_rec(struct __test_metadata *_metadata, uint32_t off,
			    uint32_t size, int cpu, uint64_t t0, uint64_t t1,
			    const EVENT_DESCRIPTOR *d, const GUID *act,
			    const uint8_t *pay, uint16_t flags, uint64_t want)
{
	uint8_t *r = t_ring + off, copy[4200];
	uint32_t need = (size + 7) & ~7u;
	struct etw_patch p = { .tid = 7, .pid = 7, .sessbit = 1, .cpu = cpu,
			       .slot = t_slot };
	struct etw_check res;
	uint64_t ts, sess;
	uint16_t c, f;

	EXPECT_EQ(size, *(uint16_t *)r);
	EXPECT_EQ(ETL_HEADER_TYPE_EVENT_HEADER64, r[2]);
	EXPECT_EQ(ETL_MARKER_FLAGS, r[3]);
	memcpy(&f, r + 4, 2);
	EXPECT_EQ(flags, f);
	EXPECT_EQ(0, *(uint16_t *)(r + ETW_STASH_SLOT));
	memcpy(&c, r + ETW_STASH_CPU, 2);
	EXPECT_EQ(cpu, c);
	memcpy(&ts, r + 0x10, 8);
	EXPECT_LE(t0, ts);
	EXPECT_GE(t1, ts);
	memcpy(&sess, r + ETW_STASH_SESSIONS, 8);
	EXPECT_EQ(want, sess);
	EXPECT_EQ(0, memcmp(r + 0x28, d, 16));
	EXPECT_EQ(0, memcmp(r + 0x40, act, 16));
	EXPECT_EQ(0, memcmp(r + 0x50, pay, size - 0x50));
	if (flags & ETL_EH_FLAG_EXTENDED_INFO)
		return need;
	/* What the module does with it: kept, the padding zero. */
	memcpy(copy, r, need);
	etw_collect_check(copy, need, false, 0, ~0ULL, &p, &res);
	EXPECT_EQ(1, res.kept);
	EXPECT_EQ(need, res.used);
	EXPECT_EQ(0, memcmp(copy + 0x50, pay, size - 0x50));
	for (c = size; c < need; c++)
		EXPECT_EQ(0, copy[c]);
	return need;
}

/*
 * EventWrite of every payload size around the inline path's classes
 * (0, under 16, 16..64, over 64) in one, two and three descriptors:
 * each record as the module expects it, in ring order.
 */
TEST(eventwrite_every_size_and_count)
{
	static const uint32_t sizes[] = { 0, 1, 7, 8, 15, 16, 17, 24, 31, 32,
					  33, 40, 47, 48, 49, 63, 64, 65, 72,
					  100, 1000, 3944 };
	EVENT_DATA_DESCRIPTOR data[3];
	EVENT_DESCRIPTOR d;
	GUID zero = { 0 };
	uint32_t i, n, off = 0;
	uint64_t t0, t1;
	int cpu;

	for (i = 0; i < sizeof(t_pay); i++)
		t_pay[i] = (uint8_t)(i * 7 + 3);
	t_setup(0);
	memset(&etw_fp_tls.activity, 0, sizeof(GUID));
	cpu = true_cpu();
	ASSERT_EQ(0, pin(cpu));
	for (n = 1; n <= 3; n++) {
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			uint32_t s = sizes[i], a = s / n, k, at = 0;

			EventDescCreate(&d, (USHORT)(i + 1), 1, 2, 4, 5, 6,
					i & 1 ? 0 : 0x10);
			for (k = 0; k < n; k++) {
				uint32_t len = k == n - 1 ? s - at : a;

				EventDataDescCreate(&data[k], t_pay + at, len);
				at += len;
			}
			t0 = now_ns();
			ASSERT_EQ(ERROR_SUCCESS, EventWrite(1, &d, n, data));
			t1 = now_ns();
			off += t_check_rec(_metadata, off, 80 + s, cpu, t0, t1,
					   &d, &zero, t_pay, 0, 1);
			ASSERT_EQ(off, (uint32_t)etw_fp_tls.pos);
			ASSERT_EQ(off, (uint32_t)t_meta.head);
		}
	}
	/* No descriptor at all */
	t0 = now_ns();
	ASSERT_EQ(ERROR_SUCCESS, EventWrite(1, &d, 0, NULL));
	t1 = now_ns();
	off += t_check_rec(_metadata, off, 80, cpu, t0, t1, &d, &zero, t_pay, 0,
			   1);
	ASSERT_EQ(off, (uint32_t)etw_fp_tls.pos);
}

/*
 * Handle 0 reaches the last slot through EventWrite's mask: with no
 * registration there it is ERROR_INVALID_HANDLE (evntprov: a handle
 * EventRegister did not return), and nothing is staged, even when that
 * slot's map word says a session listens.
 */
TEST(handle_zero_is_invalid)
{
	const uint32_t last = ETW_MAX_REGS_PER_FD - 1;
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;

	t_setup(0);
	t_map[last] = t_map[0];
	ASSERT_EQ(1, etw_fp_plain[last]);
	EventDescCreate(&d, 9, 0, 0, 4, 0, 0, 1);
	EventDataDescCreate(&data, t_pay, 64);
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWrite(0, &d, 1, &data));
	EXPECT_EQ(ERROR_INVALID_HANDLE, EventWrite(0, &d, 0, NULL));
	EXPECT_EQ(0, (uint32_t)etw_fp_tls.pos);
	EXPECT_EQ(0, t_meta.head);
	memset(&t_map[last], 0, sizeof(t_map[last]));
}

/*
 * The other inline writers: EventWriteTransfer's activity ID,
 * EventWriteEx's filter (its sessions are not in the stash),
 * EventWriteString's STRING_ONLY, and the thread's activity ID.
 */
TEST(transfer_ex_string)
{
	GUID act = { 0x11111111, 0x2222, 0x3333, { 4, 4, 4, 4, 4, 4, 4, 4 } };
	GUID mine = { 0x55555555, 0x6666, 0x7777, { 8, 8, 8, 8, 8, 8, 8, 8 } };
	static const WCHAR str[] = u"hello";
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	uint32_t off = 0;
	uint64_t t0, t1;
	int cpu = true_cpu();

	ASSERT_EQ(0, pin(cpu));
	t_setup(0);
	t_map[0].sessions = 3;
	etw_fp_tls.activity = mine;
	EventDescCreate(&d, 9, 0, 0, 4, 0, 0, 1);
	EventDataDescCreate(&data, t_pay, 64);
	t0 = now_ns();
	ASSERT_EQ(ERROR_SUCCESS, EventWriteTransfer(1, &d, &act, NULL, 1, &data));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteEx(1, &d, 2, 0, NULL, NULL, 1, &data));
	ASSERT_EQ(ERROR_SUCCESS, EventWrite(1, &d, 1, &data));
	ASSERT_EQ(ERROR_SUCCESS, EventWriteString(1, 4, 1, str));
	t1 = now_ns();
	off += t_check_rec(_metadata, off, 144, cpu, t0, t1, &d, &act, t_pay, 0,
			   3);
	/* session 1 only: the filter took session 2 out */
	off += t_check_rec(_metadata, off, 144, cpu, t0, t1, &d, &mine, t_pay, 0,
			   1);
	off += t_check_rec(_metadata, off, 144, cpu, t0, t1, &d, &mine, t_pay, 0,
			   3);
	EventDescCreate(&d, 0, 0, 0, 4, 0, 0, 1);
	off += t_check_rec(_metadata, off, 80 + sizeof(str), cpu, t0, t1, &d,
			   &mine, (const uint8_t *)str, ETL_EH_FLAG_STRING_ONLY,
			   3);
	ASSERT_EQ(off, (uint32_t)etw_fp_tls.pos);
	memset(&etw_fp_tls.activity, 0, sizeof(GUID));
}

/*
 * A level nobody enables stages nothing; a registration whose sessions
 * want stacks (ETW_FAST_W_STACK) or the SID, TS_ID, PROCESS_START_KEY and
 * EVENT_KEY items (ETW_FAST_W_INFO) leaves the inline path: its record
 * is the general one, with extended items.
 */
TEST(disabled_and_what_leaves_the_inline_path)
{
	EVENT_DATA_DESCRIPTOR data;
	EVENT_DESCRIPTOR d;
	uint64_t f[ETW_STACK_USER_MAX];
	uint32_t size;

	t_setup(0);
	EventDescCreate(&d, 9, 0, 0, 4, 0, 0, 1);
	EventDataDescCreate(&data, t_pay, 64);
	t_map[0].word = 4 | ETW_FAST_W_KW_ANY | ETW_FAST_W_KW0;	/* level < 4 */
	ASSERT_EQ(ERROR_SUCCESS, EventWrite(1, &d, 1, &data));
	EXPECT_EQ(0, etw_fp_tls.pos);

	t_setup(ETW_FAST_W_INFO);
	ASSERT_EQ(ERROR_SUCCESS, EventWrite(1, &d, 1, &data));
	ASSERT_NE(0, etw_fp_tls.pos);
	EXPECT_EQ(ETL_EH_FLAG_EXTENDED_INFO,
		  *(uint16_t *)(t_ring + 4) & ETL_EH_FLAG_EXTENDED_INFO);
	size = *(uint16_t *)t_ring;
	EXPECT_EQ(144 + 72, size);	/* SID 24, TS_ID, PSK, EVENT_KEY 16 */

	t_setup(ETW_FAST_W_STACK);
	/* As a running writer: libunwind loaded, this image told. */
	etw_stack_capture(f, ETW_STACK_USER_MAX, NULL);
	etw_stack_tell(0, 1, etw_stack_image_gen());
	ASSERT_EQ(ERROR_SUCCESS, EventWrite(1, &d, 1, &data));
	ASSERT_NE(0, etw_fp_tls.pos);
	EXPECT_EQ(ETL_EH_FLAG_EXTENDED_INFO,
		  *(uint16_t *)(t_ring + 4) & ETL_EH_FLAG_EXTENDED_INFO);
	EXPECT_LT(144, *(uint16_t *)t_ring);
	etw_fp_map = NULL;
}

TEST_HARNESS_MAIN
