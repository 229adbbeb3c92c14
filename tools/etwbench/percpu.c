// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench: prototypes of the fast-path design not taken, one stage per
 * process and CPU instead of per thread (Documentation/design.rst, "The
 * fast path"), measured against libetw's per-thread stages on the same
 * kernel stages, records and drains:
 *
 *  - per CPU with a lock: the thread's CPU (rseq's cpu_id through
 *    sched_getcpu()), then the stage's busy word taken with an atomic
 *    exchange (which is also the full barrier the watermark needs); a
 *    writer that finds it taken (a preempted holder) would take the
 *    ioctl path instead.
 *  - per CPU with a restartable sequence: the record is built in
 *    thread-local memory, then copied into the stage and committed inside
 *    an rseq critical section (x86-64 only); it has no busy word, so it
 *    is a lower bound: the watermark contract would need one more barrier.
 *
 * Prototypes only: they are correct with one thread per CPU (as the
 * benchmark runs them), not as a general writer.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#ifdef __x86_64__
#include <sys/rseq.h>
#endif

#include <libetw.h>
#include <linux/etw.h>

#include "etwbench.h"

#define MAX_CPUS	64
#define REC_SIZE	(80 + 64)	/* EVENT_HEADER64 + 64 bytes */
#define NEED		(16 + REC_SIZE)

struct pstage {
	struct etw_stage_meta *m;
	uint8_t *data;
	uint32_t size, id;
};

static struct pstage stages[MAX_CPUS];
static int nstages, fd_dev;
static uint16_t slot;

static uint64_t mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static void seal(struct pstage *st)
{
	struct etw_stage_ctl c = { .id = st->id };

	ioctl(fd_dev, ETW_IOC_STAGE_SEAL, &c);
}

/* One stage per CPU of session @logger, for registration @h. */
static int open_stages(REGHANDLE h, uint32_t logger)
{
	int ncpu = sysconf(_SC_NPROCESSORS_ONLN), c;

	fd_dev = etw_dev_fd();
	slot = (uint16_t)(h - 1);
	for (c = 0; c < ncpu && c < MAX_CPUS; c++) {
		struct etw_stage_open o = { .logger_id = logger };
		void *map;

		if (ioctl(fd_dev, ETW_IOC_STAGE_OPEN, &o))
			return -errno;
		map = mmap(NULL, o.map_size, PROT_READ | PROT_WRITE,
			   MAP_SHARED, fd_dev, (off_t)o.mmap_offset);
		if (map == MAP_FAILED)
			return -errno;
		stages[c].m = map;
		stages[c].data = (uint8_t *)map + stages[c].m->data_offset;
		stages[c].size = stages[c].m->data_size;
		stages[c].id = o.id;
	}
	nstages = c;
	return 0;
}

static void close_stages(void)
{
	int c;

	for (c = 0; c < nstages; c++) {
		struct etw_stage_ctl x = { .id = stages[c].id };

		ioctl(fd_dev, ETW_IOC_STAGE_CLOSE, &x);
		munmap(stages[c].m, stages[c].m->data_offset + stages[c].size);
	}
	nstages = 0;
}

/* The staged record: prefix, EVENT_HEADER64, 64 bytes (as libetw's). */
static void build(uint8_t *p, uint64_t ts, int cpu, const uint8_t *pay)
{
	struct etw_stage_rec *pre = (void *)p;
	uint8_t *h = p + 16;
	uint16_t size = REC_SIZE, id = 7;
	uint64_t kw = 1;

	pre->timestamp = ts;
	pre->size = size;
	pre->flags = 0;
	pre->slot = slot;
	pre->cpu = (uint16_t)cpu;
	memset(h, 0, 80);
	memcpy(h, &size, 2);
	h[2] = 0x13;
	h[3] = 0xC0;
	memcpy(h + 0x10, &ts, 8);
	memcpy(h + 0x28, &id, 2);
	h[0x2C] = 4;
	memcpy(h + 0x30, &kw, 8);
	memcpy(h + 80, pay, 64);
}

/* Per CPU, the busy word as the lock. */
static int write_lock(const uint8_t *pay)
{
	int cpu = sched_getcpu();
	struct pstage *st = &stages[cpu < nstages && cpu >= 0 ? cpu : 0];
	uint64_t head;

	if (__atomic_exchange_n(&st->m->busy, 1, __ATOMIC_SEQ_CST))
		return -1;	/* taken: the ioctl path would write it */
	head = st->m->head;
	if (head + NEED > st->size) {
		seal(st);
		head = 0;
	}
	build(st->data + head, mono(), cpu, pay);
	__atomic_store_n(&st->m->head, head + NEED, __ATOMIC_RELEASE);
	__atomic_store_n(&st->m->busy, 0, __ATOMIC_RELEASE);
	return 0;
}

#ifdef __x86_64__
static inline struct rseq *rseq_area(void)
{
	return (struct rseq *)((char *)__builtin_thread_pointer() +
			       __rseq_offset);
}

/*
 * Copy @len bytes from @src to @data + *@headp and commit *@headp, if
 * this thread still runs on @cpu: an rseq critical section.  Returns 0,
 * 1 when the stage is full, -1 when the sequence was aborted.
 */
static int rseq_commit(struct rseq *rs, uint32_t cpu, uint64_t *headp,
		       uint8_t *data, uint64_t cap, const void *src,
		       uint64_t len)
{
	__asm__ goto(
		".pushsection __rseq_cs, \"aw\"\n\t"
		".balign 32\n\t"
		"3:\n\t"
		".long 0x0, 0x0\n\t"
		".quad 1f, (2f - 1f), 4f\n\t"
		".popsection\n\t"
		"leaq 3b(%%rip), %%rax\n\t"
		"movq %%rax, %[rseq_cs]\n\t"
		"1:\n\t"
		"cmpl %[cpu], %[cpu_id]\n\t"
		"jnz %l[aborted]\n\t"
		"movq (%[headp]), %%rdi\n\t"
		"leaq (%%rdi, %[len]), %%rdx\n\t"
		"cmpq %[cap], %%rdx\n\t"
		"ja %l[full]\n\t"
		"addq %[data], %%rdi\n\t"
		"movq %[src], %%rsi\n\t"
		"movq %[len], %%rcx\n\t"
		"shrq $3, %%rcx\n\t"		/* words: len is 8-aligned */
		"5:\n\t"
		"movq (%%rsi), %%rax\n\t"
		"movq %%rax, (%%rdi)\n\t"
		"addq $8, %%rsi\n\t"
		"addq $8, %%rdi\n\t"
		"decq %%rcx\n\t"
		"jnz 5b\n\t"
		"movq %%rdx, (%[headp])\n\t"	/* commit */
		"2:\n\t"
		".pushsection __rseq_failure, \"ax\"\n\t"
		".long 0x53053053\n\t"		/* RSEQ_SIG */
		"4:\n\t"
		"jmp %l[aborted]\n\t"
		".popsection\n\t"
		:
		: [cpu_id] "m" (rs->cpu_id), [rseq_cs] "m" (rs->rseq_cs),
		  [cpu] "r" (cpu), [headp] "r" (headp), [cap] "r" (cap),
		  [data] "r" (data), [src] "r" (src), [len] "r" (len)
		: "memory", "cc", "rax", "rdi", "rsi", "rcx", "rdx"
		: aborted, full);
	return 0;
aborted:
	return -1;
full:
	return 1;
}

static __thread uint8_t scratch[NEED] __attribute__((aligned(8)));

/* Per CPU, the record built aside and committed in an rseq sequence. */
static int write_rseq(const uint8_t *pay)
{
	struct rseq *rs = rseq_area();
	uint64_t ts = mono();
	int r;

	for (;;) {
		uint32_t cpu = __atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
		struct pstage *st = &stages[cpu < (uint32_t)nstages ? cpu : 0];

		build(scratch, ts, cpu, pay);
		r = rseq_commit(rs, cpu, (uint64_t *)&st->m->head, st->data,
				st->size, scratch, NEED);
		if (!r)
			return 0;
		if (r > 0)
			seal(st);
	}
}

static int have_rseq(void)
{
	return __rseq_size > 0;
}
#else
static int write_rseq(const uint8_t *pay)
{
	return write_lock(pay);
}

static int have_rseq(void)
{
	return 0;
}
#endif

/* ns per 64-byte event of one run of @n, on the CPU the caller runs on. */
double percpu_round(int rseq, long n)
{
	static uint8_t pay[64];
	double t0;
	long i;

	if (!nstages || (rseq && !have_rseq()))
		return -1;
	t0 = now_ns();
	for (i = 0; i < n; i++) {
		pay[0] = (uint8_t)i;
		if (rseq)
			write_rseq(pay);
		else
			write_lock(pay);
	}
	return (now_ns() - t0) / n;
}

/* Stages for every CPU, of session @logger, written for registration @h. */
int percpu_open(REGHANDLE h, uint32_t logger)
{
	return open_stages(h, logger);
}

void percpu_close(void)
{
	close_stages();
}

struct pw {
	int cpu, rseq;
	double seconds;
	long n;
	pthread_barrier_t *go;
};

static void *pw_main(void *arg)
{
	static uint8_t pay[64];
	struct pw *w = arg;
	double end;
	long i = 0;

	pin(w->cpu);
	pthread_barrier_wait(w->go);
	end = now_ns() + w->seconds * 1e9;
	while (now_ns() < end) {
		int k;

		for (k = 0; k < 256; k++)
			if (w->rseq)
				write_rseq(pay);
			else
				write_lock(pay);
		i += 256;
	}
	w->n = i;
	return NULL;
}

/* Events per second of @nthreads writers, one per CPU (stages open). */
double percpu_rate(int rseq, int nthreads, double seconds)
{
	pthread_barrier_t b;
	struct pw w[2];
	pthread_t t[2];
	double rate = 0;
	int i;

	if (!nstages || (rseq && !have_rseq()))
		return -1;
	pthread_barrier_init(&b, NULL, nthreads);
	for (i = 0; i < nthreads; i++) {
		w[i] = (struct pw){ i, rseq, seconds, 0, &b };
		pthread_create(&t[i], NULL, pw_main, &w[i]);
	}
	for (i = 0; i < nthreads; i++) {
		pthread_join(t[i], NULL);
		rate += w[i].n / seconds;
	}
	pthread_barrier_destroy(&b);
	return rate;
}
