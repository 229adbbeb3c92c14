/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The anchor of `make bench`'s kernel-provider row: a tracepoint of
 * etw_kcheck.ko carrying the same 64 bytes as the EtwWrite it is
 * compared with.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM etw_kcheck

#if !defined(_ETW_KCHECK_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _ETW_KCHECK_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(etw_kcheck_bench64,
	TP_PROTO(const u8 *data),
	TP_ARGS(data),
	TP_STRUCT__entry(
		__array(u8, data, 64)
	),
	TP_fast_assign(
		memcpy(__entry->data, data, 64);
	),
	TP_printk("%*phN", 64, __entry->data)
);

#endif /* _ETW_KCHECK_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE etw_kcheck_trace
#include <trace/define_trace.h>
