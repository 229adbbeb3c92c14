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

/* The library's one lock: provider and tracepoint states, the lists. */
extern pthread_mutex_t tp_lock;

/* The entry of a write index (no lock: entries are never freed). */
struct tp_ent *tp_ent_get(int index);

/* tp_reg.c, with tp_lock held. */
int tp_reg_attach(struct tp_ent *e, int kind, const char *name, size_t name_len,
		  const char *tpname, size_t tpname_len);
void tp_reg_detach(struct tp_ent *e);

/* tp_write.c */
int tp_write_eventheader(const struct tp_ent *e, unsigned n,
			 const struct iovec *v);
int tp_write_plain(const struct tp_ent *e, unsigned n, const struct iovec *v);
/* Win32 status of EventWriteEx to an errno (0 for success). */
int tp_errno(ULONG status);

#endif /* _LIBTRACEPOINT_INTERNAL_H */
