/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump: events with their call stacks, for the views that need them
 * (--stacks, --cpu, --waits, --perf-script, --pprof, --chrome's samples,
 * the report's flame graph).
 *
 * Every event the consumer delivers is observed first, whatever the
 * filters: the kernel's image events (and the Linux-ETW ImageId event
 * after each, with the file's build-id), process and thread events feed
 * the symbolizer (common/symbolize.h) and the map of threads to
 * processes; a StackWalk event is the stack of the event it follows
 * (a kernel event, or a classic TraceEvent/TraceMessage record, which
 * has no extended items), the newest event of its thread (StackThread)
 * still without one.  The
 * events the filters keep are queued in delivery order; each leaves the
 * queue when its stack is known -- it has a STACK_TRACE64 item, its
 * StackWalk came, another event of its thread came (none will), or it
 * is 10 ms of trace time old -- and goes, symbolized, to every view that
 * asked (sev_sink), in the order the events came.
 *
 * Frames, innermost first: the first user frame of a kernel event's
 * StackWalk is an instruction pointer (a sample's IP; where a thread
 * entered the kernel), the others return addresses, looked up at
 * address - 1; a STACK_TRACE64 item, and a classic record's StackWalk,
 * hold return addresses only (from the caller of the ETW API outwards;
 * a kernel-mode provider's kernel frames first, then the user IP).  A
 * sample's stack starts with its IP.
 */
#ifndef _TOOLS_ETWDUMP_STACKEV_H
#define _TOOLS_ETWDUMP_STACKEV_H

#include <stddef.h>
#include <stdint.h>

#include "etwdump.h"
#include "common/symbolize.h"

enum sev_kind {
	SEV_EVENT,		/* any other event */
	SEV_SAMPLE,		/* PerfInfo/SampledProfile */
	SEV_CSWITCH,		/* Thread/CSwitch */
	SEV_READY,		/* Thread/ReadyThread */
};

/* One event, leaving the queue with its stack. */
struct sev {
	enum sev_kind kind;
	uint32_t pid, tid, cpu;
	LONGLONG time;		/* as delivered (FILETIME, or raw with --raw-time) */
	char name[96];		/* "Provider/Event" (cut to fit) */
	uint64_t ip;		/* SEV_SAMPLE */
	uint32_t new_tid, old_tid;	/* SEV_CSWITCH */
	uint8_t old_state, wait_reason;
	uint32_t readied_tid;	/* SEV_READY */
	uint32_t readied_pid;
	/* the stack: addresses and what they are, innermost first */
	uint64_t *addrs;
	const struct sym_loc **locs;
	unsigned nframes;
	int has_stack;
	int stackwalk;		/* the stack is an NT Kernel Logger StackWalk's */
	/* the text standard output's format made of it (--stacks), or NULL */
	struct obuf text;
};

/* A view's callback, in delivery order. */
typedef void (*sev_fn)(const struct sev *e);

/* What the symbolizer is given (--debuginfo-path, --symfs, --kallsyms). */
extern struct sym_opts sev_sym_opts;

/* What a view wants queued for it (the others cost it nothing). */
#define SEV_WANT_SAMPLES	0x1	/* PerfInfo/SampledProfile */
#define SEV_WANT_SWITCHES	0x2	/* Thread/CSwitch, Thread/ReadyThread */
#define SEV_WANT_STACKS		0x4	/* any event that has a stack */
#define SEV_WANT_ALL		0x8	/* every kept event (--stacks) */

/* Turn the machinery on for a view (before ProcessTrace). */
void sev_sink(sev_fn fn, unsigned want);
int sev_active(void);

/*
 * The views that want stacks, samples, switches: while 0 there is nothing
 * to observe, and consume.c calls neither function below.
 */
extern int sev_nsinks;
/* Every delivered event, before the filters (consume.c). */
void sev_observe(PEVENT_RECORD er);
/* A kept event (consume.c), before the outputs see it. */
void sev_add(PEVENT_RECORD er, const struct decoded *d);
/* Whether @er is a StackWalk event (--stacks shows it as its event's stack). */
int sev_is_stackwalk(PEVENT_RECORD er);
/*
 * The text of the event just added (--stacks: standard output's format
 * made it in @o, which is emptied); events that left the queue are
 * appended to @o by their sinks.
 */
void sev_take_text(struct obuf *o);
/* The end: everything still queued leaves (before the outputs close). */
void sev_flush(void);

/* --stacks, --perf-script: where the sinks write standard output's text, or NULL. */
extern struct obuf *sev_out;

/* A frame as "name (file:line)" or module+0xoff, into @o. */
void sev_frame_text(struct obuf *o, const struct sym_loc *l, unsigned k);
/* The pid of a thread as the trace's events tell, or 0. */
uint32_t sev_pid_of(uint32_t tid);
/* realloc(@p, @n * @each), or exit with a message (the views' tables). */
void *sev_grow(void *p, size_t n, size_t each);
/* The name of process @pid as the summary knows it, or "pid N". */
const char *sev_process_name(uint32_t pid, char *buf, size_t n);
/*
 * Tell the symbolizer what the trace said so far (kept until a frame
 * is first looked up); done by the first lookup.
 */
void sev_go_live(void);
/* The symbolizer (for the views' closing work). */
struct symbolizer *sev_symbolizer(void);
/* The sampling interval the trace gives (100 ns units), else 10000 (1 ms). */
uint32_t sev_profile_interval(void);
/* Whether any image had no build-id in the trace (names unverified). */
int sev_unverified(void);

#endif /* _TOOLS_ETWDUMP_STACKEV_H */
