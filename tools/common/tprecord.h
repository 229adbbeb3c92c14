/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tracepoint events (perf.data samples, LinuxTracepoints' .dat captures)
 * as EVENT_RECORDs, in the TraceLogging form libtracepoint writes into
 * ETW sessions (kmod/shared/etw_eventheader.h): an EventHeader event by
 * its own metadata, any other tracepoint by its tracefs format.  TDH and
 * every consumer then decode them as they decode TraceLogging events.
 */
#ifndef _TOOLS_COMMON_TPRECORD_H
#define _TOOLS_COMMON_TPRECORD_H

#include <stdint.h>
#include <windows.h>
#include <evntcons.h>

#include "shared/etw_eventheader.h"

/* One tracepoint of a trace. */
struct tpr_tp {
	char *system, *name;	/* "user_events", "MyProvider_L5K1" */
	int eh;			/* an EventHeader tracepoint */
	struct etw_eh_tpname tn;	/* eh: its name, taken apart */
	uint32_t eh_offset;	/* eh: where the eventheader starts in a sample */
	GUID guid;		/* the provider's (name hash) */
	uint8_t *traits;
	uint32_t traits_len;
	/* Not EventHeader: the fields of its format, their TraceLogging metadata. */
	struct etw_tp_field *fields;
	uint32_t nfields;
	uint8_t *tl;
	uint32_t tl_len;
	char *format;		/* the text @fields point into */
};

/*
 * The tracepoint @system:@name with tracefs format text @format (NULL:
 * none known; then an EventHeader name is taken as such, its eventheader
 * at @eh_offset, and anything else is shown as binary).  NULL: no memory.
 */
struct tpr_tp *tpr_tp_new(const char *system, const char *name,
			  const char *format, uint32_t eh_offset);
void tpr_tp_free(struct tpr_tp *tp);

/* One event as a record, and the memory it points to. */
struct tpr_out {
	EVENT_RECORD er;
	EVENT_HEADER_EXTENDED_DATA_ITEM ext[3];
	uint8_t *buf;		/* a transcoded payload */
	size_t cap;
};

/*
 * @raw (@len bytes: a sample's raw data, or an EventHeader event when
 * @tp->eh_offset is 0) of @tp as the record @o->er: provider, descriptor,
 * activity IDs, traits and TraceLogging metadata, the payload.  The
 * caller sets time, CPU, process and thread.  Valid until the next call
 * with @o.  0, or -EINVAL (malformed: @o->er is then the raw bytes with
 * no metadata, still deliverable), -ENOMEM.
 */
int tpr_build(const struct tpr_tp *tp, const uint8_t *raw, uint32_t len,
	      struct tpr_out *o);
void tpr_out_free(struct tpr_out *o);

#endif /* _TOOLS_COMMON_TPRECORD_H */
