/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * The ETL layout: the bytes of a trace buffer.  etw.ko fills its per-CPU
 * buffers in exactly this layout, real-time consumers read the same
 * buffers through a read-only mapping, and a .etl file is a sequence of
 * them, so files written here read on Windows and Windows files read
 * here.  Facts: ../shared/spec/etl-format.md (section numbers below).
 *
 * Everything is little-endian and naturally aligned; the structs below
 * are the raw layouts (no Windows types, no pointers) and are pinned with
 * static asserts.  Freestanding: compiled into etw.ko and into user space.
 */
#ifndef _ETW_SHARED_ETL_H
#define _ETW_SHARED_ETL_H

#include "etw_compat.h"

/* --- buffers (etl-format.md section 2) ---------------------------------- */

#define ETL_BUFFER_HEADER_SIZE		72
#define ETL_RECORD_ALIGN		8

/* WMI_BUFFER_HEADER.State */
#define ETL_BUFFER_STATE_FREE		0
#define ETL_BUFFER_STATE_GENERAL	1
#define ETL_BUFFER_STATE_FLUSH		3

/* WMI_BUFFER_HEADER.BufferFlag */
#define ETL_BUFFER_FLAG_FLUSH_MARKER	0x0001
#define ETL_BUFFER_FLAG_EVENTS_LOST	0x0002
#define ETL_BUFFER_FLAG_BUFFER_LOST	0x0004
#define ETL_BUFFER_FLAG_PROC_INDEX	0x0020
#define ETL_BUFFER_FLAG_COMPRESSED	0x0040

/* WMI_BUFFER_HEADER.BufferType */
#define ETL_BUFFER_TYPE_GENERIC		0
#define ETL_BUFFER_TYPE_RUNDOWN		1
#define ETL_BUFFER_TYPE_HEADER		4

#define ETL_PROCESSOR_INDEX_MASK	0x07FF

struct etl_buffer_header {
	u32 buffer_size;	/* 0x00 bytes of this buffer incl. header */
	u32 saved_offset;	/* 0x04 = offset */
	u32 current_offset;	/* 0x08 = offset */
	u32 reference_count;	/* 0x0C 0 */
	u64 timestamp;		/* 0x10 raw session time of the flush */
	u64 sequence_number;	/* 0x18 session buffer counter */
	u64 clock_link;		/* 0x20 0 */
	u16 processor_index;	/* 0x28 CPU (ClientContext) */
	u16 logger_id;		/* 0x2A session id 1..64 */
	u32 state;		/* 0x2C ETL_BUFFER_STATE_* */
	u32 offset;		/* 0x30 filled bytes incl. header, 8-aligned */
	u16 buffer_flag;	/* 0x34 ETL_BUFFER_FLAG_* */
	u16 buffer_type;	/* 0x36 ETL_BUFFER_TYPE_* */
	u64 reserved[2];	/* 0x38 0 */
};

/* --- record markers (section 3.1) -------------------------------------- */

#define ETL_MARKER_END			0xFFFFFFFFu
#define ETL_TRACE_HEADER_FLAG		0x80000000u
#define ETL_TRACE_HEADER_EVENT_TRACE	0x40000000u
#define ETL_TRACE_HEADER_MESSAGE	0x10000000u

#define ETL_HEADER_TYPE_SYSTEM32	0x01
#define ETL_HEADER_TYPE_SYSTEM64	0x02
#define ETL_HEADER_TYPE_COMPACT32	0x03
#define ETL_HEADER_TYPE_COMPACT64	0x04
#define ETL_HEADER_TYPE_FULL_HEADER32	0x0A
#define ETL_HEADER_TYPE_INSTANCE32	0x0B
#define ETL_HEADER_TYPE_ERROR		0x0D
#define ETL_HEADER_TYPE_MESSAGE		0x0F
#define ETL_HEADER_TYPE_PERFINFO32	0x10
#define ETL_HEADER_TYPE_PERFINFO64	0x11
#define ETL_HEADER_TYPE_EVENT_HEADER32	0x12
#define ETL_HEADER_TYPE_EVENT_HEADER64	0x13
#define ETL_HEADER_TYPE_FULL_HEADER64	0x14
#define ETL_HEADER_TYPE_INSTANCE64	0x15

/* Byte 3 of every record we write: TRACE_HEADER_FLAG | EVENT_TRACE. */
#define ETL_MARKER_FLAGS		0xC0

/* --- EVENT_HEADER records (section 3.3) --------------------------------- */

/* EVENT_HEADER.Flags (evntcons.h) */
#define ETL_EH_FLAG_EXTENDED_INFO	0x0001
#define ETL_EH_FLAG_PRIVATE_SESSION	0x0002
#define ETL_EH_FLAG_STRING_ONLY		0x0004
#define ETL_EH_FLAG_TRACE_MESSAGE	0x0008
#define ETL_EH_FLAG_NO_CPUTIME		0x0010
#define ETL_EH_FLAG_32_BIT_HEADER	0x0020
#define ETL_EH_FLAG_64_BIT_HEADER	0x0040
#define ETL_EH_FLAG_DECODE_GUID		0x0080
#define ETL_EH_FLAG_CLASSIC_HEADER	0x0100
#define ETL_EH_FLAG_PROCESSOR_INDEX	0x0200

/* EVENT_HEADER_EXT_TYPE_* */
#define ETL_EXT_RELATED_ACTIVITYID	0x0001
#define ETL_EXT_SID			0x0002
#define ETL_EXT_TS_ID			0x0003
#define ETL_EXT_INSTANCE_INFO		0x0004
#define ETL_EXT_STACK_TRACE32		0x0005
#define ETL_EXT_STACK_TRACE64		0x0006
#define ETL_EXT_PEBS_INDEX		0x0007
#define ETL_EXT_PMC_COUNTERS		0x0008
#define ETL_EXT_PSM_KEY			0x0009
#define ETL_EXT_EVENT_KEY		0x000A
#define ETL_EXT_EVENT_SCHEMA_TL		0x000B
#define ETL_EXT_PROV_TRAITS		0x000C
#define ETL_EXT_PROCESS_START_KEY	0x000D
#define ETL_EXT_MAX			0x0013

/* The 80-byte EVENT_HEADER as it sits in a buffer; its first 4 bytes are
 * the marker (Size, HeaderType 0x13, MarkerFlags 0xC0).
 */
struct etl_event_header {
	u16 size;		/* 0x00 80 + extended items + user data */
	u8 header_type;		/* 0x02 ETL_HEADER_TYPE_EVENT_HEADER64 */
	u8 marker_flags;	/* 0x03 ETL_MARKER_FLAGS */
	u16 flags;		/* 0x04 ETL_EH_FLAG_* */
	u16 event_property;	/* 0x06 */
	u32 thread_id;		/* 0x08 */
	u32 process_id;		/* 0x0C */
	u64 timestamp;		/* 0x10 raw session time */
	u8 provider_id[16];	/* 0x18 GUID */
	u16 id;			/* 0x28 EVENT_DESCRIPTOR */
	u8 version;		/* 0x2A */
	u8 channel;		/* 0x2B */
	u8 level;		/* 0x2C */
	u8 opcode;		/* 0x2D */
	u16 task;		/* 0x2E */
	u64 keyword;		/* 0x30 */
	u32 kernel_time;	/* 0x38 or ProcessorTime (u64) */
	u32 user_time;		/* 0x3C */
	u8 activity_id[16];	/* 0x40 GUID */
};

/* An extended item in a buffer: 8-byte header, data padded to 8. */
struct etl_ext_item {
	u16 item_size;		/* 8 + data_size rounded up to 8 */
	u16 ext_type;		/* ETL_EXT_* */
	u16 linkage;		/* bit 0: another item follows */
	u16 data_size;		/* exact size of the data */
};

/* --- classic records (sections 3.2, 3.4, 3.5) --------------------------- */

/* SYSTEM_TRACE_HEADER (SYSTEM32/64; COMPACT ends after system_time). */
struct etl_system_header {
	u16 version;		/* 0x00 low byte = event version */
	u8 header_type;		/* 0x02 */
	u8 marker_flags;	/* 0x03 0xC0 */
	u16 size;		/* 0x04 */
	u16 hook_id;		/* 0x06 Group << 8 | Type */
	u32 thread_id;		/* 0x08 */
	u32 process_id;		/* 0x0C */
	u64 system_time;	/* 0x10 raw session time */
	u32 kernel_time;	/* 0x18 */
	u32 user_time;		/* 0x1C */
};
#define ETL_SYSTEM_TRACE_VERSION	2

/* EVENT_TRACE_HEADER as written by TraceEvent (FULL_HEADER32/64). */
struct etl_full_header {
	u16 size;		/* 0x00 */
	u8 header_type;		/* 0x02 */
	u8 marker_flags;	/* 0x03 0xC0 */
	u8 type;		/* 0x04 Class.Type */
	u8 level;		/* 0x05 Class.Level */
	u16 version;		/* 0x06 Class.Version */
	u32 thread_id;		/* 0x08 */
	u32 process_id;		/* 0x0C */
	u64 timestamp;		/* 0x10 raw session time */
	u8 guid[16];		/* 0x18 event class GUID */
	u32 kernel_time;	/* 0x28 */
	u32 user_time;		/* 0x2C */
};

/* EVENT_INSTANCE_GUID_HEADER (INSTANCE32/64): TraceEventInstance. */
struct etl_instance_header {
	struct etl_full_header full;	/* 0x00 */
	u32 instance_id;		/* 0x30 */
	u32 parent_instance_id;		/* 0x34 */
	u8 parent_guid[16];		/* 0x38 */
};

/* --- the logfile header (section 4) ------------------------------------ */

/* TRACE_LOGFILE_HEADER, 64-bit form, as the payload of the header event. */
struct etl_logfile_header {
	u32 buffer_size;		/* 0x00 bytes */
	u8 version[4];			/* 0x04 major, minor, sub, subminor */
	u32 provider_version;		/* 0x08 OS build */
	u32 number_of_processors;	/* 0x0C */
	u64 end_time;			/* 0x10 FILETIME */
	u32 timer_resolution;		/* 0x18 100-ns units */
	u32 maximum_file_size;		/* 0x1C MB */
	u32 log_file_mode;		/* 0x20 */
	u32 buffers_written;		/* 0x24 */
	u32 start_buffers;		/* 0x28 */
	u32 pointer_size;		/* 0x2C bytes */
	u32 events_lost;		/* 0x30 */
	u32 cpu_speed_mhz;		/* 0x34 */
	u64 logger_name;		/* 0x38 not a pointer in files */
	u64 log_file_name;		/* 0x40 not a pointer in files */
	u8 time_zone[172];		/* 0x48 TIME_ZONE_INFORMATION */
	u32 tz_padding;			/* 0xF4 */
	u64 boot_time;			/* 0xF8 FILETIME */
	u64 perf_freq;			/* 0x100 Hz */
	u64 start_time;			/* 0x108 FILETIME */
	u32 reserved_flags;		/* 0x110 clock type 1..3 */
	u32 buffers_lost;		/* 0x114 */
};
#define ETL_LOGFILE_HEADER_SIZE		280
/* Marker of the logfile header record: SYSTEM64, version 2, flags 0xC0. */
#define ETL_LOGFILE_HEADER_MARKER	0xC0020002u

/* Clock types (Wnode.ClientContext / ReservedFlags). */
#define ETL_CLOCK_QPC			1
#define ETL_CLOCK_SYSTEM_TIME		2
#define ETL_CLOCK_CPU_CYCLE		3

/* FILETIME of the Unix epoch (100-ns units since 1601-01-01). */
#define ETL_FILETIME_UNIX_EPOCH		116444736000000000ULL

/* EventTraceGuid 68fdd900-4a3e-11d1-84f4-0000f80464e3, in memory order. */
#define ETL_EVENT_TRACE_GUID_BYTES				\
	{ 0x00, 0xd9, 0xfd, 0x68, 0x3e, 0x4a, 0xd1, 0x11,	\
	  0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 }

#define ETL_ALIGN8(x)	(((x) + 7u) & ~7u)

/* Bytes an extended item with @data_size bytes of data takes in a record. */
static inline u32 etl_ext_item_size(u32 data_size)
{
	return sizeof(struct etl_ext_item) + ETL_ALIGN8(data_size);
}

/* --- writing (etw_etl_write.c) ----------------------------------------- */

/* Start an empty buffer: header zeroed, offset = 72, PROC_INDEX set. */
void etl_buffer_init(void *buf, u32 buffer_size, u16 processor_index,
		     u16 logger_id, u16 buffer_type);

/*
 * Seal a buffer for hand-over: @filled (8-aligned, incl. header) goes to
 * SavedOffset, CurrentOffset and Offset; TimeStamp, SequenceNumber and
 * State (FLUSH) are set, @extra_flags OR-ed into BufferFlag, and the
 * unused tail is filled with 0xFF as Windows does.
 */
void etl_buffer_seal(void *buf, u32 filled, u64 timestamp, u64 sequence,
		     u16 extra_flags);

/*
 * Write one extended item (header, @data_size bytes of @data, zero
 * padding) at @dst; @more sets the Linkage bit (another item follows).
 * Returns the address after the item.
 */
void *etl_put_ext_item(void *dst, u16 ext_type, const void *data,
		       u16 data_size, bool more);

/* --- reading (etw_etl_read.c) ------------------------------------------ */

/* --- layout pins --------------------------------------------------------- */

#define ETL_ASSERT(e, m) _Static_assert(e, m)
ETL_ASSERT(sizeof(struct etl_buffer_header) == 72, "WMI_BUFFER_HEADER");
ETL_ASSERT(offsetof(struct etl_buffer_header, timestamp) == 0x10, "TimeStamp");
ETL_ASSERT(offsetof(struct etl_buffer_header, processor_index) == 0x28, "ClientContext");
ETL_ASSERT(offsetof(struct etl_buffer_header, offset) == 0x30, "Offset");
ETL_ASSERT(offsetof(struct etl_buffer_header, buffer_type) == 0x36, "BufferType");
ETL_ASSERT(sizeof(struct etl_event_header) == 80, "EVENT_HEADER");
ETL_ASSERT(offsetof(struct etl_event_header, provider_id) == 0x18, "ProviderId");
ETL_ASSERT(offsetof(struct etl_event_header, keyword) == 0x30, "Keyword");
ETL_ASSERT(offsetof(struct etl_event_header, activity_id) == 0x40, "ActivityId");
ETL_ASSERT(sizeof(struct etl_ext_item) == 8, "ext item header");
ETL_ASSERT(sizeof(struct etl_system_header) == 32, "SYSTEM_TRACE_HEADER");
ETL_ASSERT(sizeof(struct etl_full_header) == 48, "EVENT_TRACE_HEADER");
ETL_ASSERT(sizeof(struct etl_instance_header) == 72, "EVENT_INSTANCE_GUID_HEADER");
ETL_ASSERT(sizeof(struct etl_logfile_header) == ETL_LOGFILE_HEADER_SIZE, "TRACE_LOGFILE_HEADER64");
ETL_ASSERT(offsetof(struct etl_logfile_header, time_zone) == 0x48, "TimeZone");
ETL_ASSERT(offsetof(struct etl_logfile_header, boot_time) == 0xF8, "BootTime");
ETL_ASSERT(offsetof(struct etl_logfile_header, reserved_flags) == 0x110, "ReservedFlags");

#endif /* _ETW_SHARED_ETL_H */
