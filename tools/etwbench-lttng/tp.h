/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwbench-lttng: the LTTng-UST tracepoint etwbench compares EventWrite
 * with, carrying the same 64 bytes of payload.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER etwbench

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./tp.h"

#if !defined(_ETWBENCH_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define _ETWBENCH_TP_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(etwbench, ev64,
	LTTNG_UST_TP_ARGS(const unsigned char *, payload),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_array(unsigned char, payload, payload, 64)
	)
)

#endif /* _ETWBENCH_TP_H */

#include <lttng/tracepoint-event.h>
