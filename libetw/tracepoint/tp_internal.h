/* SPDX-License-Identifier: MIT */
/*
 * libtracepoint for etw.ko: LinuxTracepoints' tracepoint.h interface
 * (tracepoint_open_provider, ..._with_tracepoints, tracepoint_close_provider,
 * tracepoint_connect, tracepoint_write) on ETW registrations, so that a
 * program built against LinuxTracepoints' headers writes into ETW
 * sessions on any kernel etw.ko runs on (Documentation/linux-tracepoints.rst).
 *
 * The structures a program allocates are declared here as that
 * interface documents them (tracepoint-state.h: field order, types and
 * initial values), so the library needs none of Microsoft's headers; the
 * test programs, built with those headers unchanged, check the layout.
 *
 * Layers:
 *   tracepoint.c  the API: provider and tracepoint states, their lists,
 *                 the rules for open, close and connect
 *   tp_reg.c      ETW registrations (one per tracepoint name),
 *                 the enable callback that keeps status words
 *   tp_write.c    tracepoint_write: EventHeader and plain events as
 *                 TraceLogging records, through EventWriteEx
 */
#ifndef _LIBTRACEPOINT_INTERNAL_H
#define _LIBTRACEPOINT_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <sys/uio.h>

#include <windows.h>
#include <evntprov.h>

#include "shared/etw_eventheader.h"

#define TP_EXPORT __attribute__((visibility("default")))

/* tracepoint-state.h's structures, as documented. */
struct tp_node {
	struct tp_node *next, *prev;
};

struct tp_provider_state {
	int data_file;		/* -1: closed; else open (etw_dev_fd()) */
	unsigned ref_count;	/* connected tracepoints with a registration */
	struct tp_node head;	/* {NULL, NULL} until first opened */
};

struct tp_state {
	unsigned status_word;	/* non-zero: some session wants it */
	int write_index;	/* our entry, -1 if none */
	const struct tp_provider_state *provider_state;
	struct tp_node link;	/* in provider_state->head's list */
};

struct tp_definition {
	struct tp_state *state;
	const char *tp_name_args;
};

_Static_assert(sizeof(struct tp_provider_state) == 24, "tracepoint_provider_state");
_Static_assert(sizeof(struct tp_state) == 32, "tracepoint_state");

/* What kind of tracepoint an entry is. */
enum tp_kind {
	TP_EVENTHEADER,		/* Provider_L<level>K<keyword>[options] */
	TP_PLAIN,		/* any other name: its argument list */
};

struct tp_reg;
struct tp_meta;

/*
 * One connected tracepoint (write_index names it).  Entries are never
 * freed, only reused, so a write racing with a disconnect reads a valid
 * entry (and writes at worst through a stale handle, which EventWriteEx
 * refuses).
 */
struct tp_ent {
	struct tp_state *state;
	struct tp_reg *reg;
	struct tp_ent *next_in_reg;	/* reg->lock */
	REGHANDLE handle;		/* the registration's */
	uint8_t kind, level;
	uint64_t keyword;
	/* TP_PLAIN: its TraceLogging metadata and fields (args points in). */
	uint8_t *tl;
	uint32_t tl_len;
	int transcode;
	char *args;
	struct etw_tp_field *fields;
	uint32_t nfields;
	struct tp_ent *next_free;
	/* TP_EVENTHEADER: the metadata its last write had (tp_write.c). */
	const struct tp_meta *hint;
};

/* One ETW registration: a tracepoint of a provider. */
struct tp_reg {
	struct tp_reg *next;		/* tp_lock */
	char *name;			/* the provider's */
	char *tpname;			/* the tracepoint's */
	int kind;
	unsigned users;			/* tp_lock */
	REGHANDLE handle;
	pthread_mutex_t lock;		/* ents, status words */
	struct tp_ent *ents;
};

/*
 * What libtracepoint asks of libetw to register: libetw's functions,
 * replaced only by etwbench-cg (which counts the writer's instructions
 * without a kernel).
 */
struct tp_ops {
	int (*dev_fd)(void);
	ULONG (*reg)(LPCGUID guid, PENABLECALLBACK cb, PVOID ctx, PREGHANDLE h);
	ULONG (*set_info)(REGHANDLE h, EVENT_INFO_CLASS c, PVOID info, ULONG len);
	ULONG (*unreg)(REGHANDLE h);
};
extern struct tp_ops tp_ops;

/* The library's one lock: provider and tracepoint states, the lists. */
extern pthread_mutex_t tp_lock;

/*
 * Entries by write index: chunks of TP_CHUNK, allocated as needed and
 * never freed; chunk pointers are published with a release store.
 */
#define TP_CHUNK	256
#define TP_CHUNKS	256
extern struct tp_ent *tp_chunks[TP_CHUNKS];

/* The entry of a write index (no lock: entries are never freed). */
static inline struct tp_ent *tp_ent_get(int index)
{
	struct tp_ent *c;

	if ((unsigned)index >= TP_CHUNK * TP_CHUNKS)
		return NULL;
	c = __atomic_load_n(&tp_chunks[index / TP_CHUNK], __ATOMIC_ACQUIRE);
	return c ? &c[index % TP_CHUNK] : NULL;
}

/* tp_reg.c, with tp_lock held. */
int tp_reg_attach(struct tp_ent *e, int kind, const char *name, size_t name_len,
		  const char *tpname, size_t tpname_len);
void tp_reg_detach(struct tp_ent *e);

/* tp_write.c: tracepoint_write and */
int tp_write_plain(const struct tp_ent *e, unsigned n, const struct iovec *v);
/* Win32 status of EventWriteEx to an errno (0 for success). */
int tp_errno(ULONG status);

#endif /* _LIBTRACEPOINT_INTERNAL_H */
