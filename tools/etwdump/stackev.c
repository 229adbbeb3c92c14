// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: events with their stacks (stackev.h): the kernel's image,
 * process and thread events into the symbolizer, StackWalk events onto
 * the events they follow, a queue that keeps the delivery order, and
 * the views' callbacks.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stackev.h"
#include "common/label.h"
#include "common/names.h"
#include "shared/etw_kevents.h"
#include "shared/etw_utf.h"

#define MAX_SINKS	8
#define MAX_FRAMES	256
#define QUEUE_MAX	4096
#define AGE_MAX		100000	/* 10 ms in FILETIME units */

/* {65e39e5f-40d3-4fd7-9a77-d2d6e1d4ee10}: Linux-ETW ImageId */
static const GUID imageid_guid = { 0x65e39e5f, 0x40d3, 0x4fd7,
				   { 0x9a, 0x77, 0xd2, 0xd6, 0xe1, 0xd4, 0xee, 0x10 } };

struct sym_opts sev_sym_opts;
struct obuf *sev_out;
static unsigned want;

/* A queued event. */
struct qent {
	struct sev e;
	int complete;
	int kernel;		/* an NT Kernel Logger event */
	uint64_t cap_addrs;
};

/* A thread: its process, and its queued event waiting for a StackWalk. */
struct thr {
	uint32_t tid, pid;
	int used;
	struct qent *waiting;
};

static sev_fn sinks[MAX_SINKS];
int sev_nsinks;		/* stackev.h: callers test it first */
static struct symbolizer *sym;
static struct thr *thrs;
static size_t nthrs, thr_cap;
static struct qent **q;		/* a ring of QUEUE_MAX + 1 */
static size_t qhead, qlen;
static struct qent *last_added;
static LONGLONG newest;
static int unverified;
static uint32_t interval = 10000;

uint32_t sev_profile_interval(void)
{
	return interval;
}

void sev_sink(sev_fn fn, unsigned w)
{
	if (sev_nsinks < MAX_SINKS)
		sinks[sev_nsinks++] = fn;
	want |= w;
}

int sev_active(void)
{
	return sev_nsinks > 0;
}

struct symbolizer *sev_symbolizer(void)
{
	if (!sym)
		sym = sym_new(&sev_sym_opts);
	return sym;
}

int sev_unverified(void)
{
	return unverified;
}

void *sev_grow(void *p, size_t n, size_t each)
{
	p = realloc(p, (n ? n : 1) * each);
	if (!p) {
		fprintf(stderr, "etwdump: out of memory\n");
		exit(1);
	}
	return p;
}

const char *sev_process_name(uint32_t pid, char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < dump.sum.nprocs; i++)
		if (dump.sum.procs[i].pid == pid)
			return evsum_process_name(&dump.sum.procs[i], buf, n);
	snprintf(buf, n, "pid %u", pid);
	return buf;
}

/* ---- threads ---------------------------------------------------------------- */

static uint64_t mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return h;
}

static struct thr *thr_of(uint32_t tid, int create)
{
	size_t k, i;

	if (create && 2 * (nthrs + 1) > thr_cap) {
		size_t nc = thr_cap ? 2 * thr_cap : 1024;
		struct thr *t = calloc(nc, sizeof(*t));

		if (!t)
			exit(1);
		for (i = 0; i < thr_cap; i++) {
			if (!thrs[i].used)
				continue;
			k = mix(thrs[i].tid) & (nc - 1);
			while (t[k].used)
				k = (k + 1) & (nc - 1);
			t[k] = thrs[i];
		}
		free(thrs);
		thrs = t;
		thr_cap = nc;
	}
	if (!thr_cap)
		return NULL;
	k = mix(tid) & (thr_cap - 1);
	while (thrs[k].used) {
		if (thrs[k].tid == tid)
			return &thrs[k];
		k = (k + 1) & (thr_cap - 1);
	}
	if (!create)
		return NULL;
	thrs[k].used = 1;
	thrs[k].tid = tid;
	nthrs++;
	return &thrs[k];
}

uint32_t sev_pid_of(uint32_t tid)
{
	struct thr *t = thr_of(tid, 0);

	return t ? t->pid : 0;
}

static void thread_is(uint32_t tid, uint32_t pid)
{
	struct thr *t;

	if (!tid || tid == 0xFFFFFFFF || pid == 0xFFFFFFFF)
		return;
	t = thr_of(tid, 1);
	if (pid || !t->pid)
		t->pid = pid;
}

static int last_hook(PEVENT_RECORD er);

/* ---- the queue -------------------------------------------------------------------- */

static void frames(struct qent *x, const uint64_t *a, unsigned n)
{
	if (n > MAX_FRAMES)
		n = MAX_FRAMES;
	if (x->cap_addrs < n) {
		x->e.addrs = realloc(x->e.addrs, n * sizeof(*x->e.addrs));
		x->e.locs = realloc(x->e.locs, n * sizeof(*x->e.locs));
		if (!x->e.addrs || !x->e.locs)
			exit(1);
		x->cap_addrs = n;
	}
	memcpy(x->e.addrs, a, n * sizeof(*a));
	x->e.nframes = n;
	x->e.has_stack = 1;
}

/*
 * Its frames, looked up: a StackWalk's first user frame is an IP (a
 * sample's, or where the thread entered the kernel), and so is the first
 * user frame after kernel frames in an item; the rest are return
 * addresses.
 */
static void symbolize(struct sev *e)
{
	struct symbolizer *s = sev_symbolizer();
	int seen_kernel = 0, seen_user = 0;
	unsigned i;

	sev_go_live();
	for (i = 0; i < e->nframes; i++) {
		uint64_t a = e->addrs[i];
		int ret = 1;

		if (sym_is_kernel(a)) {
			seen_kernel = 1;
			if (i == 0 && e->kind == SEV_SAMPLE && a == e->ip)
				ret = 0;
		} else {
			if (!seen_user && (e->stackwalk || seen_kernel))
				ret = 0;
			seen_user = 1;
		}
		e->locs[i] = sym_lookup(s, e->pid, a, ret);
		if (e->locs[i]->status == SYM_UNVERIFIED)
			unverified = 1;
	}
}

static void release(int all)
{
	while (qlen) {
		struct qent *x = q[qhead];
		int i;

		if (!x->complete && !all && qlen <= QUEUE_MAX &&
		    (dump.raw || newest - x->e.time <= AGE_MAX))
			break;
		if (!x->complete) {
			struct thr *t = thr_of(x->e.tid, 0);

			if (t && t->waiting == x)
				t->waiting = NULL;
		}
		if (x->e.has_stack)
			symbolize(&x->e);
		for (i = 0; i < sev_nsinks; i++)
			sinks[i](&x->e);
		if (last_added == x)
			last_added = NULL;
		free(x->e.addrs);
		free(x->e.locs);
		ob_free(&x->e.text);
		free(x);
		qhead = (qhead + 1) % (QUEUE_MAX + 2);
		qlen--;
	}
}

static void push(struct qent *x)
{
	if (!q) {
		q = calloc(QUEUE_MAX + 2, sizeof(*q));
		if (!q)
			exit(1);
	}
	if (qlen == QUEUE_MAX + 1)
		release(0);	/* (over QUEUE_MAX: the head goes) */
	q[(qhead + qlen) % (QUEUE_MAX + 2)] = x;
	qlen++;
}

/* ---- the events --------------------------------------------------------------------- */

static int hook_of(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;

	int group;

	if (!(h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) ||
	    (group = kgroup_of(&h->ProviderId)) < 0)
		return -1;
	/* etw_khook_of() for a group known (kgroup_of remembers the last) */
	if (group == ETW_KG_IMAGE && h->EventDescriptor.Opcode == 10)
		return ETW_KH_IMAGE_LOAD;
	return ETW_KHOOK(group, h->EventDescriptor.Opcode);
}

/*
 * The hook of the event being delivered, worked out once: sev_observe()
 * sees every event first, then sev_add() and sev_is_stackwalk() the same.
 */
static int cur_hook = -1;

static int last_hook(PEVENT_RECORD er)
{
	(void)er;
	return cur_hook;
}

int sev_is_stackwalk(PEVENT_RECORD er)
{
	return last_hook(er) == ETW_KH_STACKWALK;
}

static uint32_t u32_at(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint64_t u64_at(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static void image(const unsigned char *p, unsigned len, int hook)
{
	unsigned i, n;
	char path[4096];

	if (len < ETW_KP_IMG_FIXED + 2)
		return;
	if (hook == ETW_KH_IMAGE_UNLOAD) {
		sym_image_unload(sev_symbolizer(), u32_at(p + ETW_KP_IMG_PID),
				 u64_at(p + ETW_KP_IMG_BASE));
		return;
	}
	n = (len - ETW_KP_IMG_FIXED) / 2;
	/* ASCII (nearly every path) is copied; the rest converted */
	for (i = 0; i < n && i < sizeof(path) - 1; i++) {
		const unsigned char *c = p + ETW_KP_IMG_FIXED + 2 * i;

		if (c[1] || c[0] >= 0x80 || !c[0])
			break;
		path[i] = (char)c[0];
	}
	path[i] = 0;
	if (i < n && i < sizeof(path) - 1 && (p[ETW_KP_IMG_FIXED + 2 * i] |
					      p[ETW_KP_IMG_FIXED + 2 * i + 1]))
		etw_utf16_to_utf8(p + ETW_KP_IMG_FIXED, n, path, sizeof(path));
	sym_image_load(sev_symbolizer(), u32_at(p + ETW_KP_IMG_PID), u64_at(p + ETW_KP_IMG_BASE),
		       u64_at(p + ETW_KP_IMG_SIZE), path);
}

/* A StackWalk: onto the newest queued event of its thread still without one. */
static void stackwalk(PEVENT_RECORD er)
{
	const unsigned char *p = er->UserData;
	unsigned len = er->UserDataLength, n;
	uint64_t a[MAX_FRAMES];
	struct thr *t;
	struct qent *x;

	if (len < ETW_KP_STACK_FIXED)
		return;
	t = thr_of(u32_at(p + 12), 0);
	if (!t || !(x = t->waiting))
		return;
	t->waiting = NULL;
	n = (len - ETW_KP_STACK_FIXED) / 8;
	if (n > MAX_FRAMES)
		n = MAX_FRAMES;
	memcpy(a, p + ETW_KP_STACK_FIXED, 8 * n);
	/* a sample's stack starts at its IP */
	if (x->e.kind == SEV_SAMPLE && (!n || a[0] != x->e.ip) && n < MAX_FRAMES) {
		memmove(a + 1, a, 8 * n);
		a[0] = x->e.ip;
		n++;
	}
	frames(x, a, n);
	/* the NT Kernel Logger's: its first user frame is an IP; a classic record's: all returns */
	x->e.stackwalk = x->kernel;
	x->complete = 1;
}

#define HOOK_IMAGEID	(-2)	/* the Linux-ETW ImageId event */

/* What the symbolizer is told: images, build-ids, processes. */
static void state(int hook, const unsigned char *p, unsigned len)
{
	switch (hook) {
	case HOOK_IMAGEID:
		sym_build_id(sev_symbolizer(), u32_at(p + 8), u64_at(p), p + 16, u32_at(p + 12));
		break;
	case ETW_KH_IMAGE_LOAD:
	case ETW_KH_IMAGE_DCSTART:
	case ETW_KH_IMAGE_UNLOAD:
		image(p, len, hook);
		break;
	case ETW_KH_PROCESS_START:
	case ETW_KH_PROCESS_DCSTART:
		sym_process_start(sev_symbolizer(), u32_at(p + ETW_KP_PROC_PID),
				  hook == ETW_KH_PROCESS_START ? u32_at(p + ETW_KP_PROC_PPID) : 0);
		break;
	case ETW_KH_PROCESS_END:
		sym_process_end(sev_symbolizer(), u32_at(p + ETW_KP_PROC_PID));
		break;
	}
}

/*
 * Until the first frame is looked up, what the symbolizer would be told
 * is only kept, in order (a copy of each payload): a trace without
 * stacks costs the views a copy per image event, not its processing.
 */
struct logged {
	int hook;
	unsigned len;
};
static struct obuf slog;
static int live;

static void tell(int hook, const unsigned char *p, unsigned len)
{
	struct logged l = { hook, len };

	if (live || slog.len > (64u << 20)) {
		sev_go_live();
		state(hook, p, len);
		return;
	}
	ob_put(&slog, &l, sizeof(l));
	ob_put(&slog, p, len);
	ob_put(&slog, "\0\0\0\0\0\0\0", (8 - len % 8) % 8);
}

void sev_go_live(void)
{
	size_t at = 0;

	if (live)
		return;
	live = 1;
	while (at + sizeof(struct logged) <= slog.len) {
		struct logged l;

		memcpy(&l, slog.buf + at, sizeof(l));
		at += sizeof(l);
		state(l.hook, (const unsigned char *)slog.buf + at, l.len);
		at += l.len + (8 - l.len % 8) % 8;
	}
	ob_free(&slog);
}

void sev_observe(PEVENT_RECORD er)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const unsigned char *p = er->UserData;
	unsigned len = er->UserDataLength;
	int hook;
	struct thr *t;

	hook = cur_hook = hook_of(er);
	if (h->TimeStamp.QuadPart > newest)
		newest = h->TimeStamp.QuadPart;
	if (hook == ETW_KH_STACKWALK) {
		stackwalk(er);
		return;
	}
	/* Another event of the thread: its queued one gets no StackWalk. */
	t = thr_of(h->ThreadId, 0);
	if (t && t->waiting) {
		t->waiting->complete = 1;
		t->waiting = NULL;
	}
	/* (a kernel group to a decoder that knows it, a GUID to one that does not) */
	if ((h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) && !h->EventDescriptor.Opcode &&
	    IsEqualGUID(&h->ProviderId, &imageid_guid)) {
		if (len >= 16 && 16 + (size_t)u32_at(p + 12) <= len)
			tell(HOOK_IMAGEID, p, len);
		return;
	}
	if (hook < 0) {
		thread_is(h->ThreadId, h->ProcessId);
		return;
	}
	switch (hook) {
	case ETW_KH_IMAGE_LOAD:
	case ETW_KH_IMAGE_DCSTART:
	case ETW_KH_IMAGE_UNLOAD:
		if (len >= ETW_KP_IMG_FIXED + 2)
			tell(hook, p, len);
		break;
	case ETW_KH_PROCESS_START:
	case ETW_KH_PROCESS_DCSTART:
	case ETW_KH_PROCESS_END:
		if (len >= ETW_KP_PROC_FIXED)
			tell(hook, p, len);
		break;
	case ETW_KH_PROFILE_SET_INTERVAL:
	case ETW_KH_PROFILE_START:
		if (len >= 8 && u32_at(p) == 0 && u32_at(p + 4))
			interval = u32_at(p + 4);	/* source 0: the timer */
		break;
	case ETW_KH_THREAD_START:
	case ETW_KH_THREAD_DCSTART:
		if (len >= 8)
			thread_is(u32_at(p + ETW_KP_THREAD_TID), u32_at(p + ETW_KP_THREAD_PID));
		break;
	default:
		break;
	}
}

void sev_add(PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const unsigned char *p = er->UserData;
	unsigned len = er->UserDataLength;
	int hook = last_hook(er);
	int classic = !!(h->Flags & (EVENT_HEADER_FLAG_CLASSIC_HEADER |
				     EVENT_HEADER_FLAG_TRACE_MESSAGE));
	struct qent *x;
	char pb[64], eb[64];
	const char *pl, *el;
	USHORT i;

	if (hook == ETW_KH_STACKWALK || event_is_header(er))
		return;
	/* Only what a view wants is queued. */
	if (!(want & SEV_WANT_ALL)) {
		int stacked = 0;

		if (want & SEV_WANT_STACKS) {
			/* a kernel or classic event may get a StackWalk; others need an item */
			stacked = hook >= 0 || classic;
			for (i = 0; !stacked && i < er->ExtendedDataCount; i++)
				stacked = er->ExtendedData[i].ExtType ==
					  EVENT_HEADER_EXT_TYPE_STACK_TRACE64;
		}
		if (!stacked && !((want & SEV_WANT_SAMPLES) && hook == ETW_KH_SAMPLED_PROFILE) &&
		    !((want & SEV_WANT_SWITCHES) &&
		      (hook == ETW_KH_CSWITCH || hook == ETW_KH_READY_THREAD)))
			return;
	}
	x = calloc(1, sizeof(*x));
	if (!x)
		exit(1);
	x->e.pid = h->ProcessId;
	x->e.tid = h->ThreadId;
	x->e.cpu = GetEventProcessorIndex(er);
	x->e.time = h->TimeStamp.QuadPart;
	pl = provider_label(er, d, pb, sizeof(pb));
	el = event_label(er, d, eb, sizeof(eb));
	snprintf(x->e.name, sizeof(x->e.name), "%s/%s", pl, el);
	x->complete = 1;
	x->kernel = hook >= 0;
	if (hook == ETW_KH_SAMPLED_PROFILE && len >= 12) {
		x->e.kind = SEV_SAMPLE;
		x->e.ip = u64_at(p);
		x->e.tid = u32_at(p + 8);
		x->e.pid = sev_pid_of(x->e.tid);
		if (!x->e.pid && h->ProcessId != 0xFFFFFFFF)
			x->e.pid = h->ProcessId;
		frames(x, &x->e.ip, 1);		/* until its StackWalk comes */
	} else if (hook == ETW_KH_CSWITCH && len >= ETW_KP_CSW_SIZE - 8) {
		x->e.kind = SEV_CSWITCH;
		x->e.new_tid = u32_at(p + ETW_KP_CSW_NEW_TID);
		x->e.old_tid = u32_at(p + ETW_KP_CSW_OLD_TID);
		x->e.old_state = p[ETW_KP_CSW_STATE];
		x->e.wait_reason = p[ETW_KP_CSW_WAIT_REASON];
	} else if (hook == ETW_KH_READY_THREAD && len >= 4) {
		x->e.kind = SEV_READY;
		x->e.readied_tid = u32_at(p + ETW_KP_READY_TID);
		x->e.readied_pid = sev_pid_of(x->e.readied_tid);
		if (!x->e.pid || x->e.pid == 0xFFFFFFFF)
			x->e.pid = sev_pid_of(x->e.tid);
	}
	for (i = 0; i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *it = &er->ExtendedData[i];

		if (it->ExtType == EVENT_HEADER_EXT_TYPE_STACK_TRACE64 && it->DataSize >= 8) {
			frames(x, (const uint64_t *)(uintptr_t)it->DataPtr + 1,
			       (it->DataSize - 8) / 8);
			break;
		}
	}
	/*
	 * A kernel event may get a StackWalk, and so may a classic or
	 * message record (no extended items): the next record of its thread.
	 */
	if ((hook >= 0 || classic) && !(x->e.has_stack && x->e.kind != SEV_SAMPLE)) {
		struct thr *t = thr_of(x->e.tid, 1);

		x->complete = 0;
		t->waiting = x;
	}
	push(x);
	last_added = x;
	if (!sev_out)
		release(0);
}

void sev_take_text(struct obuf *o)
{
	if (last_added) {
		struct obuf t = last_added->e.text;

		last_added->e.text = *o;
		*o = t;
		o->len = 0;
		last_added = NULL;
	}
	release(0);
}

void sev_flush(void)
{
	release(1);
}

/* ---- frames as text ---------------------------------------------------------------------- */

void sev_frame_text(struct obuf *o, const struct sym_loc *l, unsigned k)
{
	const struct sym_frame *f;

	if (!l->nframes) {
		ob_puts(o, l->module);
		ob_lit(o, "+0x");
		ob_hex(o, l->offset, 1, 0);
		return;
	}
	f = &l->frames[k];
	ob_puts(o, f->func ? f->func : "??");
	if (k == l->nframes - 1 && l->func_off) {
		ob_lit(o, "+0x");
		ob_hex(o, l->func_off, 1, 0);
	}
	if (f->file) {
		const char *b = strrchr(f->file, '/');

		ob_lit(o, " (");
		ob_puts(o, b ? b + 1 : f->file);
		if (f->line) {
			ob_putc(o, ':');
			ob_u64(o, f->line);
		}
		ob_putc(o, ')');
	}
}
