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
/* The same in seconds, signed (for time_t arithmetic). */
#define ETL_UNIX_EPOCH_SECONDS		((long long)(ETL_FILETIME_UNIX_EPOCH / 10000000))

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
 * The compressed form of the sealed buffer @src (etl-format section 1,
 * EVENT_TRACE_COMPRESSED_MODE) at @dst (@cap bytes), as Windows' kernel
 * writes it (etl-format.rst, "Compressed buffers"): its header with
 * BufferSize = 72 + the XPRESS size of its body (any alignment),
 * SavedOffset = CurrentOffset = Offset = its BufferSize, BufferFlag |
 * COMPRESSED, then the whole body compressed, records and 0xFF tail
 * (etw_xpress.h, @work ETL_XPRESS_WORKSPACE bytes).  Returns the bytes
 * written, or -ENOSPC when the result would not be smaller than the body
 * (write the buffer as it is then), or -EINVAL.
 */
int etl_buffer_compress(const void *src, void *dst, u32 cap, void *work);

/*
 * Write one extended item (header, @data_size bytes of @data, zero
 * padding) at @dst; @more sets the Linkage bit (another item follows).
 * Returns the address after the item.
 */
void *etl_put_ext_item(void *dst, u16 ext_type, const void *data,
		       u16 data_size, bool more);

/*
 * MESSAGE records (section 3.6).  A message is the 8-byte header, then
 * only the fields its option flags name, in this order: u32 sequence,
 * GUID or u32 component id, u64 raw time, u32 thread id + u32 process id;
 * then the arguments.
 *
 * etl_message_flags_check(): 0 if @flags is a valid set of TRACE_MESSAGE_*
 * option flags (only the eight defined bits; GUID and COMPONENTID are
 * mutually exclusive, and so are POINTER32 and POINTER64), else -EINVAL.
 */
struct etl_rec_message;

int etl_message_flags_check(u32 flags);

/* Bytes of the header and the optional fields that @flags announce. */
u32 etl_message_header_size(u16 flags);

/*
 * Write a MESSAGE record's header and optional fields at @dst: Size =
 * @size (the whole record, arguments included, no padding), the reserved
 * byte 0, the 0x90 marker, @m's number and option flags, then those of
 * @m's sequence, GUID or component id, @timestamp, @thread_id and
 * @process_id that the flags name.  Returns the address of the
 * arguments (@dst + etl_message_header_size(flags)).
 */
void *etl_message_put_header(void *dst, u16 size,
			     const struct etl_rec_message *m, u64 timestamp,
			     u32 thread_id, u32 process_id);

/**
 * struct etl_logfile_params - what the logfile header record says
 * (TRACE_LOGFILE_HEADER, etl-format section 4)
 * @buffer_size:	BufferSize, bytes
 * @nr_processors:	NumberOfProcessors
 * @end_time:		EndTime, FILETIME; 0 while the session runs
 * @max_file_size:	MaximumFileSize
 * @log_file_mode:	LogFileMode
 * @buffers_written:	BuffersWritten: buffers in the file, buffer 0
 *			included
 * @events_lost:	EventsLost
 * @buffers_lost:	BuffersLost
 * @cpu_mhz:		CpuSpeedInMHz
 * @tz_bias:		the time zone's Bias, minutes (UTC = local + bias)
 * @boot_time:		BootTime, FILETIME
 * @perf_freq:		PerfFreq: Hz of the session clock
 * @start_time:		StartTime, FILETIME, read together with @start_raw
 * @start_raw:		the session clock at start: the record's SystemTime
 * @clock_type:		ReservedFlags: ETL_CLOCK_*
 * @thread_id:		the record's ThreadId
 * @process_id:		the record's ProcessId
 * @logger_name:	LoggerName, UTF-8
 * @logger_name_len:	its bytes
 * @log_file_name:	LogFileName, UTF-8
 * @log_file_name_len:	its bytes
 */
struct etl_logfile_params {
	u32 buffer_size;
	u32 nr_processors;
	u64 end_time;
	u32 max_file_size;
	u32 log_file_mode;
	u32 buffers_written;
	u32 events_lost;
	u32 buffers_lost;
	u32 cpu_mhz;
	s32 tz_bias;
	u64 boot_time;
	u64 perf_freq;
	u64 start_time;
	u64 start_raw;
	u32 clock_type;
	u32 thread_id;
	u32 process_id;
	const char *logger_name;
	u32 logger_name_len;
	const char *log_file_name;
	u32 log_file_name_len;
};

/* What Windows 10 writes in TRACE_LOGFILE_HEADER (etl-format 6). */
#define ETL_HEADER_PROVIDER_VERSION	19041		/* a Windows 10 build */
#define ETL_HEADER_TIMER_RESOLUTION	156250		/* 100-ns units, reference 3.6 */

/*
 * The 64-bit TRACE_LOGFILE_HEADER at @lf from @p (names excepted): the
 * one filler of buffer 0's header (etl_header_buffer_write()) and of
 * the header libetw synthesizes for a real-time session.  TimeZone gets
 * the Bias alone; a caller that knows more fills the rest.
 */
void etl_logfile_header_fill(struct etl_logfile_header *lf,
			     const struct etl_logfile_params *p);

/*
 * Buffer 0 of a file: BufferType HEADER, flags PROC_INDEX|FLUSH_MARKER,
 * holding the logfile header record (SYSTEM64 header, TRACE_LOGFILE_HEADER
 * in its 64-bit form, then the logger and file names as NUL-terminated
 * UTF-16LE).  Returns 0, or -EINVAL if it does not fit @buffer_size.
 */
int etl_header_buffer_write(void *buf, u32 buffer_size, u16 logger_id,
			    const struct etl_logfile_params *p);

/* --- reading (etw_etl_read.c) ------------------------------------------ */

/*
 * The reader trusts no byte of its input: every function takes a pointer
 * and a length and never reads outside them, whatever the bytes say.
 * Fields are assembled byte by byte (little-endian, any alignment).
 * Returns: 0 (or a positive count/flag set) on success, -EINVAL for bad
 * arguments, -EBADMSG for corrupt data, -EOPNOTSUPP for compressed
 * buffers.  On -EBADMSG the optional struct etl_diag says what and where.
 */

/* Why a parse failed: a static string and the offset of the bad bytes. */
struct etl_diag {
	const char *why;
	u32 offset;		/* from the start of the buffer (or record) */
};

#define ETL_BUFFER_SIZE_MIN		ETL_BUFFER_HEADER_SIZE
/* etl-format section 1: session buffers are at most 16 MB (Windows 8+) */
#define ETL_BUFFER_SIZE_MAX		(16u << 20)
#define ETL_LOGFILE_HEADER32_SIZE	272

/* etl_buffer_info.flags */
#define ETL_BUFINFO_SAVED_OFFSET	0x0001	/* Offset bad, SavedOffset used */
#define ETL_BUFINFO_PARTIAL		0x0002	/* cut short: filled clamped */

/* A validated buffer header (etl-format section 2). */
struct etl_buffer_info {
	u32 buffer_size;	/* BufferSize: whole buffer incl. header */
	u32 filled;		/* end of data incl. header, 8-aligned */
	u64 timestamp;		/* raw session time of the flush */
	s64 sequence;		/* SequenceNumber */
	u32 state;		/* ETL_BUFFER_STATE_* (not checked) */
	u16 cpu;		/* see etl_buffer_parse() */
	u16 logger_id;		/* ClientContext.LoggerId */
	u16 buffer_flag;	/* ETL_BUFFER_FLAG_* as found */
	u16 buffer_type;	/* ETL_BUFFER_TYPE_* as found */
	u16 flags;		/* ETL_BUFINFO_* */
};

/*
 * Validate the buffer at @buf (@len bytes available) and describe it.
 * BufferSize must be >= 72, a multiple of 8 and <= @len.  The filled
 * length is Offset (FilledBytes) when 72 <= Offset <= BufferSize and
 * Offset is 8-aligned, else SavedOffset under the same rule (flag
 * ETL_BUFINFO_SAVED_OFFSET), else the buffer is corrupt.  cpu is
 * ProcessorIndex & 0x7FF when BufferFlag has PROC_INDEX, else the low
 * byte (ProcessorNumber).
 *
 * A compressed buffer (BufferFlag COMPRESSED, etl-format section 1)
 * gives -EOPNOTSUPP with every field set: buffer_size is its size on disk
 * (>= 72, <= @len, any alignment) and filled the largest decompressed
 * extent incl. the header that its SavedOffset or Offset can name (>= 72,
 * 8-aligned, at most ETL_BUFFER_SIZE_MAX); its body, bytes 72 ..
 * buffer_size, is the XPRESS-compressed data (etl_xpress.h).
 * On -EBADMSG, buffer_size is set if it was itself valid, else 0.
 */
int etl_buffer_parse(const void *buf, size_t len, struct etl_buffer_info *info,
		     struct etl_diag *diag);

/*
 * The same for a buffer that may be cut short: when BufferSize is valid
 * but larger than @len (the end of a truncated file), the buffer is
 * described anyway with filled clamped to the whole 8-byte units of
 * @len and flag ETL_BUFINFO_PARTIAL; buffer_size stays BufferSize, so
 * only @len bytes of it may be read.
 */
int etl_buffer_parse_partial(const void *buf, size_t len,
			     struct etl_buffer_info *info,
			     struct etl_diag *diag);

enum etl_record_kind {
	ETL_REC_NONE,
	ETL_REC_SYSTEM32,
	ETL_REC_SYSTEM64,
	ETL_REC_COMPACT32,
	ETL_REC_COMPACT64,
	ETL_REC_PERFINFO32,
	ETL_REC_PERFINFO64,
	ETL_REC_FULL_HEADER32,
	ETL_REC_FULL_HEADER64,
	ETL_REC_INSTANCE32,
	ETL_REC_INSTANCE64,
	ETL_REC_EVENT_HEADER32,
	ETL_REC_EVENT_HEADER64,
	ETL_REC_MESSAGE,
	ETL_REC_ERROR,
	ETL_REC_KIND_COUNT
};

/* Which member of the union in struct etl_record is valid. */
enum etl_record_family {
	ETL_FAM_NONE,
	ETL_FAM_SYSTEM,		/* SYSTEM, COMPACT, PERFINFO: .system */
	ETL_FAM_CLASSIC,	/* FULL_HEADER, INSTANCE: .classic */
	ETL_FAM_EVENT,		/* EVENT_HEADER: .event */
	ETL_FAM_MESSAGE,	/* MESSAGE: .message */
	ETL_FAM_ERROR,		/* ERROR: contents undocumented, payload only */
};

/* etl_record.present: which optional common fields the record carries */
#define ETL_REC_HAS_TIME	0x0001	/* timestamp */
#define ETL_REC_HAS_IDS		0x0002	/* thread_id, process_id */

/* EVENT_HEADER32/64 (section 3.3). */
struct etl_rec_event {
	u16 flags;		/* ETL_EH_FLAG_* as stored */
	u16 event_property;
	u8 provider_id[16];
	u16 id;
	u8 version;
	u8 channel;
	u8 level;
	u8 opcode;
	u16 task;
	u64 keyword;
	u32 kernel_time;
	u32 user_time;
	u64 processor_time;	/* the same 8 bytes as one u64 */
	u8 activity_id[16];
	const u8 *ext;		/* first extended item, or NULL */
	u16 ext_len;		/* bytes of all items */
	u16 ext_count;		/* number of items */
};

/* SYSTEM, COMPACT and PERFINFO (section 3.2). */
struct etl_rec_system {
	u16 version;		/* raw Version field */
	u8 event_version;	/* its low byte */
	u8 group;		/* HookId >> 8 (0 = EventTrace) */
	u8 type;		/* HookId & 0xFF (the opcode) */
	u8 pebs;		/* 1 if an 8-byte PEBS index follows */
	u8 pmc_count;		/* 8-byte PMC counters that follow */
	u16 hook_id;
	u32 kernel_time;	/* SYSTEM only */
	u32 user_time;		/* SYSTEM only */
	const u8 *ext;		/* PEBS index then PMC counters, or NULL */
	u32 ext_len;
};

/* FULL_HEADER and INSTANCE (sections 3.4, 3.5). */
struct etl_rec_classic {
	u8 type;		/* Class.Type (opcode) */
	u8 level;		/* Class.Level */
	u16 version;		/* Class.Version */
	u8 guid[16];		/* event class GUID */
	u32 kernel_time;
	u32 user_time;
	bool instance;		/* INSTANCE: the three fields below are set */
	u32 instance_id;
	u32 parent_instance_id;
	u8 parent_guid[16];
};

/* TRACE_MESSAGE_* option flags (section 3.6) */
#define ETL_MSG_SEQUENCE		0x0001
#define ETL_MSG_GUID			0x0002
#define ETL_MSG_COMPONENTID		0x0004
#define ETL_MSG_TIMESTAMP		0x0008
#define ETL_MSG_PERFORMANCE_TIMESTAMP	0x0010
#define ETL_MSG_SYSTEMINFO		0x0020
#define ETL_MSG_POINTER32		0x0040
#define ETL_MSG_POINTER64		0x0080
#define ETL_MARKER_MESSAGE_FLAGS	0x90

#define ETL_MSG_FLAGS_KNOWN		0x00FF
#define ETL_MESSAGE_HEADER_SIZE		8	/* Size, 0, 0x90, number, flags */

/* MESSAGE (section 3.6); time and ids are the common fields. */
struct etl_rec_message {
	u16 message_number;
	u16 option_flags;	/* ETL_MSG_* */
	u32 sequence;		/* if ETL_MSG_SEQUENCE */
	u32 component_id;	/* if ETL_MSG_COMPONENTID */
	u8 guid[16];		/* if ETL_MSG_GUID */
};

/* One decoded record.  Pointers point into the caller's buffer. */
struct etl_record {
	const u8 *data;		/* the record */
	u32 offset;		/* from the buffer start, 8-aligned */
	u32 size;		/* Size: header + items + payload, no padding */
	u8 kind;		/* enum etl_record_kind */
	u8 family;		/* enum etl_record_family */
	u8 header_type;		/* marker byte 2 (MESSAGE: the reserved byte) */
	u8 marker_flags;	/* marker byte 3: 0xC0, or 0x90 for MESSAGE */
	u8 pointer_size;	/* 4 or 8 for the 32/64 kinds, else 0 */
	u16 present;		/* ETL_REC_HAS_* */
	u32 thread_id;
	u32 process_id;
	u64 timestamp;		/* raw session time */
	const u8 *payload;	/* user data, MOF data or message arguments */
	u32 payload_len;
	union {
		struct etl_rec_event event;
		struct etl_rec_system system;
		struct etl_rec_classic classic;
		struct etl_rec_message message;
	};
};

/* "EVENT_HEADER64" etc.; "?" for a value out of range. */
const char *etl_record_kind_name(unsigned int kind);

/*
 * Decode the record at @offset of a buffer whose first @filled bytes are
 * valid.  Checks the marker, the Size field against the fixed header of
 * the kind and against @filled, and every inner length (extended items,
 * PEBS/PMC counters, message fields).
 */
int etl_record_decode(const void *buf, u32 filled, u32 offset,
		      struct etl_record *rec, struct etl_diag *diag);

/* Walks the records of one buffer; see etl_record_next(). */
struct etl_record_iter {
	const u8 *buf;
	u32 filled;
	u32 pos;
	int err;		/* sticky once a record was corrupt (strict) */
	bool recover;		/* skip damage instead (etl_record_iter_recover) */
	struct etl_diag diag;
	/* recover mode: what the last damage cost, and the totals */
	u32 skip_bytes;		/* bytes the last -EBADMSG skipped */
	bool skip_record;	/* it skipped one record of known size */
	u32 skipped_records;	/* records of known size skipped */
	u32 dropped_tails;	/* buffer tails dropped (1 at most) */
	u32 dropped_bytes;	/* bytes in those tails */
};

/* @info must come from a successful etl_buffer_parse() of @buf. */
int etl_record_iter_init(struct etl_record_iter *it, const void *buf,
			 const struct etl_buffer_info *info);

/*
 * Recover mode (issue 9): after a damaged record, go on.  A record whose
 * marker, header type and Size are sane but whose inside is not
 * (extended items, PEBS/PMC counters, message fields) is skipped alone;
 * a record whose extent cannot be trusted ends the buffer (the bytes to
 * the filled length are dropped).  Either way that etl_record_next()
 * call returns -EBADMSG with diag and skip_* describing the damage, and
 * the next call continues.
 */
void etl_record_iter_recover(struct etl_record_iter *it);

/*
 * Next record: 1 with @rec filled, 0 at the end (an 0xFFFFFFFF marker
 * or the filled length), -EBADMSG at a corrupt record with it->diag
 * saying why and where: on every later call too (strict mode), or once
 * per damage (recover mode).
 */
int etl_record_next(struct etl_record_iter *it, struct etl_record *rec);

/*
 * Step over the next record reading only its framing (section 3.1) and
 * its raw time where its kind keeps one: 1 with @ts set, 2 for a record
 * without a time, 0 at the end or where the framing cannot be trusted.
 * For placing a buffer by its first and last times without decoding its
 * events (the real-time consumer decodes each one once, later).
 */
int etl_record_skim(struct etl_record_iter *it, u64 *ts);

/* One extended item of an EVENT_HEADER record, data in the buffer. */
struct etl_ext {
	u16 ext_type;		/* ETL_EXT_* */
	u16 data_size;
	const u8 *data;
	u32 offset;		/* of the item header, from the record start */
	u16 item_size;
	u16 linkage;		/* raw field; bit 0 = more follow */
};

struct etl_ext_iter {
	const u8 *rec;
	u32 pos;
	u32 end;		/* end of the items */
	bool done;
};

/* Iterate the items of an EVENT_HEADER @rec (none for other kinds). */
void etl_ext_iter_init(struct etl_ext_iter *it, const struct etl_record *rec);
/* 1 with @item filled, 0 after the last item, -EBADMSG if malformed. */
int etl_ext_next(struct etl_ext_iter *it, struct etl_ext *item);

/* etl_logfile_info.names: what is wrong with the two strings */
#define ETL_LF_LOGGER_NAME_MISSING	0x0001	/* no bytes left for it */
#define ETL_LF_LOGGER_NAME_TRUNCATED	0x0002	/* no NUL before the end */
#define ETL_LF_LOG_FILE_NAME_MISSING	0x0004
#define ETL_LF_LOG_FILE_NAME_TRUNCATED	0x0008

/* The logfile header event of buffer 0 (section 4). */
struct etl_logfile_info {
	/*
	 * TRACE_LOGFILE_HEADER in the 64-bit form whatever the record held;
	 * logger_name/log_file_name hold the timer-source slots.
	 */
	struct etl_logfile_header hdr;
	u8 pointer_width;	/* 8 after SYSTEM64/COMPACT64, 4 after *32 */
	u8 header_type;		/* of the record */
	u16 names;		/* ETL_LF_*: 0 = both strings complete */
	u32 thread_id;
	u32 process_id;
	u64 raw_time;		/* SystemTime of the record: base of section 5 */
	const u8 *logger_name;	/* UTF-16LE, no NUL, in the buffer; or NULL */
	u32 logger_name_len;	/* in UTF-16 code units */
	const u8 *log_file_name;
	u32 log_file_name_len;
};

/*
 * Parse a logfile header record (a SYSTEM or COMPACT record with HookId 0
 * whose payload holds TRACE_LOGFILE_HEADER: 280 bytes after a *64 header,
 * 272 after a *32 one, then the logger and log file names).  Returns
 * -EBADMSG if the fixed part is not intact, else the ETL_LF_* set of
 * missing or truncated names (0 if both are complete).
 */
int etl_logfile_parse(const struct etl_record *rec,
		      struct etl_logfile_info *lf, struct etl_diag *diag);

/*
 * Raw session time to FILETIME (section 5):
 *   FILETIME = start_time + (raw - base_raw) * mul / div
 * with mul/div = 10^7/PerfFreq (clock 1), 1/1 (2), 10/CpuSpeedInMHz (3),
 * reduced.  Integer only, no 128-bit type; results are truncated toward
 * zero and saturate at 0 and S64_MAX.
 */
struct etl_clock {
	u32 type;		/* ETL_CLOCK_* */
	u64 mul;
	u64 div;
	u64 base_raw;		/* raw time of the header event */
	u64 start_time;		/* FILETIME sampled with it */
};

/* -EINVAL for a clock type other than 1..3 or a zero PerfFreq/MHz. */
int etl_clock_init(struct etl_clock *clk, u32 clock_type, u64 perf_freq,
		   u32 cpu_speed_mhz, u64 start_time, u64 base_raw);
int etl_clock_from_logfile(struct etl_clock *clk,
			   const struct etl_logfile_info *lf);
s64 etl_clock_to_filetime(const struct etl_clock *clk, u64 raw);

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
