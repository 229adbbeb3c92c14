/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tracepoints of etw.ko, for watching it with bpftrace or ftrace, e.g.
 *   bpftrace -e 'tracepoint:etw:etw_register { printf("%d\n", args->tgid); }'
 * Documentation/admin-guide.rst lists them with their fields.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM etw

#if !defined(_ETW_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _ETW_TRACE_H

#include <linux/tracepoint.h>
#include "etw_compat.h"

TRACE_EVENT(etw_register,
	TP_PROTO(u64 handle, const u8 *guid, u32 tgid, u32 flags),
	TP_ARGS(handle, guid, tgid, flags),
	TP_STRUCT__entry(
		__field(u64, handle)
		__array(u8, guid, 16)
		__field(u32, tgid)
		__field(u32, flags)
	),
	TP_fast_assign(
		__entry->handle = handle;
		memcpy(__entry->guid, guid, 16);
		__entry->tgid = tgid;
		__entry->flags = flags;
	),
	TP_printk("handle=%llx provider=%pUl tgid=%u flags=%#x",
		  __entry->handle, __entry->guid, __entry->tgid, __entry->flags)
);

TRACE_EVENT(etw_unregister,
	TP_PROTO(u64 handle, const u8 *guid, u32 tgid),
	TP_ARGS(handle, guid, tgid),
	TP_STRUCT__entry(
		__field(u64, handle)
		__array(u8, guid, 16)
		__field(u32, tgid)
	),
	TP_fast_assign(
		__entry->handle = handle;
		memcpy(__entry->guid, guid, 16);
		__entry->tgid = tgid;
	),
	TP_printk("handle=%llx provider=%pUl tgid=%u",
		  __entry->handle, __entry->guid, __entry->tgid)
);

TRACE_EVENT(etw_notify,
	TP_PROTO(u64 handle, const u8 *guid, u32 code, u8 level, u64 any,
		 u64 all, u64 seq),
	TP_ARGS(handle, guid, code, level, any, all, seq),
	TP_STRUCT__entry(
		__field(u64, handle)
		__array(u8, guid, 16)
		__field(u32, code)
		__field(u8, level)
		__field(u64, any)
		__field(u64, all)
		__field(u64, seq)
	),
	TP_fast_assign(
		__entry->handle = handle;
		memcpy(__entry->guid, guid, 16);
		__entry->code = code;
		__entry->level = level;
		__entry->any = any;
		__entry->all = all;
		__entry->seq = seq;
	),
	TP_printk("handle=%llx provider=%pUl code=%u level=%u any=%#llx all=%#llx seq=%llu",
		  __entry->handle, __entry->guid, __entry->code, __entry->level,
		  __entry->any, __entry->all, __entry->seq)
);

TRACE_EVENT(etw_enable,
	TP_PROTO(u16 logger_id, const u8 *guid, u32 code, u8 level, u64 any,
		 u64 all, u32 props),
	TP_ARGS(logger_id, guid, code, level, any, all, props),
	TP_STRUCT__entry(
		__field(u16, logger_id)
		__array(u8, guid, 16)
		__field(u32, code)
		__field(u8, level)
		__field(u64, any)
		__field(u64, all)
		__field(u32, props)
	),
	TP_fast_assign(
		__entry->logger_id = logger_id;
		memcpy(__entry->guid, guid, 16);
		__entry->code = code;
		__entry->level = level;
		__entry->any = any;
		__entry->all = all;
		__entry->props = props;
	),
	TP_printk("logger=%u guid=%pUl code=%u level=%u any=%#llx all=%#llx props=%#x",
		  __entry->logger_id, __entry->guid, __entry->code,
		  __entry->level, __entry->any, __entry->all, __entry->props)
);

TRACE_EVENT(etw_session_start,
	TP_PROTO(u16 logger_id, const char *name, u32 mode, u32 nr_buffers,
		 u32 buffer_size),
	TP_ARGS(logger_id, name, mode, nr_buffers, buffer_size),
	TP_STRUCT__entry(
		__field(u16, logger_id)
		__string(name, name)
		__field(u32, mode)
		__field(u32, nr_buffers)
		__field(u32, buffer_size)
	),
	TP_fast_assign(
		__entry->logger_id = logger_id;
		etw_assign_str(name, name);
		__entry->mode = mode;
		__entry->nr_buffers = nr_buffers;
		__entry->buffer_size = buffer_size;
	),
	TP_printk("logger=%u name=%s mode=%#x buffers=%u x %u",
		  __entry->logger_id, __get_str(name), __entry->mode,
		  __entry->nr_buffers, __entry->buffer_size)
);

TRACE_EVENT(etw_session_stop,
	TP_PROTO(u16 logger_id, const char *name, u64 events_written,
		 u32 events_lost),
	TP_ARGS(logger_id, name, events_written, events_lost),
	TP_STRUCT__entry(
		__field(u16, logger_id)
		__string(name, name)
		__field(u64, events_written)
		__field(u32, events_lost)
	),
	TP_fast_assign(
		__entry->logger_id = logger_id;
		etw_assign_str(name, name);
		__entry->events_written = events_written;
		__entry->events_lost = events_lost;
	),
	TP_printk("logger=%u name=%s written=%llu lost=%u",
		  __entry->logger_id, __get_str(name),
		  __entry->events_written, __entry->events_lost)
);

TRACE_EVENT(etw_write,
	TP_PROTO(u16 logger_id, const u8 *guid, u16 id, u32 size),
	TP_ARGS(logger_id, guid, id, size),
	TP_STRUCT__entry(
		__field(u16, logger_id)
		__array(u8, guid, 16)
		__field(u16, id)
		__field(u32, size)
	),
	TP_fast_assign(
		__entry->logger_id = logger_id;
		memcpy(__entry->guid, guid, 16);
		__entry->id = id;
		__entry->size = size;
	),
	TP_printk("logger=%u provider=%pUl id=%u size=%u",
		  __entry->logger_id, __entry->guid, __entry->id,
		  __entry->size)
);

TRACE_EVENT(etw_drop,
	TP_PROTO(u16 logger_id, const u8 *guid, u16 id, u32 size, int err),
	TP_ARGS(logger_id, guid, id, size, err),
	TP_STRUCT__entry(
		__field(u16, logger_id)
		__array(u8, guid, 16)
		__field(u16, id)
		__field(u32, size)
		__field(int, err)
	),
	TP_fast_assign(
		__entry->logger_id = logger_id;
		memcpy(__entry->guid, guid, 16);
		__entry->id = id;
		__entry->size = size;
		__entry->err = err;
	),
	TP_printk("logger=%u provider=%pUl id=%u size=%u err=%d",
		  __entry->logger_id, __entry->guid, __entry->id,
		  __entry->size, __entry->err)
);

TRACE_EVENT(etw_buffer_handover,
	TP_PROTO(u16 logger_id, u32 stream, u32 index, u32 filled, u64 seq),
	TP_ARGS(logger_id, stream, index, filled, seq),
	TP_STRUCT__entry(
		__field(u16, logger_id)
		__field(u32, stream)
		__field(u32, index)
		__field(u32, filled)
		__field(u64, seq)
	),
	TP_fast_assign(
		__entry->logger_id = logger_id;
		__entry->stream = stream;
		__entry->index = index;
		__entry->filled = filled;
		__entry->seq = seq;
	),
	TP_printk("logger=%u stream=%u buffer=%u filled=%u seq=%llu",
		  __entry->logger_id, __entry->stream, __entry->index,
		  __entry->filled, __entry->seq)
);

#endif /* _ETW_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE etw_trace
#include <trace/define_trace.h>
