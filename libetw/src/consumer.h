/* SPDX-License-Identifier: MIT */
/*
 * The consumer's internals, shared by consumer.c (the API, handles,
 * opening), consumer_merge.c (streams, the time merge, files, real time)
 * and consumer_event.c (what the callbacks receive).  Not exported.
 */
#ifndef _LIBETW_CONSUMER_H
#define _LIBETW_CONSUMER_H

#include <stdbool.h>
#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#include "etl_file.h"

#define CT_MAX_FILES		64
#define CT_POLL_MS		50		/* re-ask for the watermark */

enum ct_kind {
	CT_FILE,
	CT_REALTIME,
};

/* One buffer of a stream. */
struct ct_buf {
	const u8 *data;		/* compressed: the bytes on disk */
	struct etl_buffer_info info;	/* compressed: as etl_buffer_parse() said */
	u32 raw_size;		/* compressed: bytes on disk */
	u32 index;		/* real time: index in the mapping */
	u64 key;		/* files: raw time of its first timed record */
	u64 last;		/* raw time of its last timed record (= key if none) */
	u32 order;		/* files: position in the file */
	u64 file_offset;	/* files: where it starts */
	bool skip_first;	/* file buffer 0: its header record is synthetic */
	bool compressed;	/* decompress into the stream's scratch first */
};

/* A stream of buffers whose records are in time order. */
struct ct_stream {
	struct ct_trace *t;
	struct ct_buf *bufs;	/* ring (real time) or slice (files) */
	u32 cap, head, count;
	struct ct_buf cur;
	bool have_cur;
	struct etl_record_iter it;	/* real time; files: fb.iter */
	struct etl_file_buffer fb;	/* files: cur as etl_file.c walks it */
	struct etl_record rec;	/* the next record, when queued in the heap */
	u64 key_ft;		/* its FILETIME (raw time if no clock) */
	u64 key_raw;
	u64 last_raw;		/* for records without a time (MESSAGE); 0: none yet */
	u8 *scratch;		/* a decompressed buffer (files) */
	u32 scratch_cap;
	u32 order;		/* tie breaker */
	int heap_pos;		/* -1: not in the heap */
	u64 tail;		/* real time: last time of what is queued or read */
	u16 cpu;		/* real time: the CPU of its buffers */
	bool used;		/* real time: tail is meaningful */
	bool own_ring;		/* real time: bufs is this stream's own */
};

/* What OpenTrace returned a handle to. */
struct ct_trace {
	u64 handle;
	enum ct_kind kind;
	bool ansi;		/* OpenTraceA: callbacks get the A struct */
	bool busy;		/* ProcessTrace runs on it (ct_lock) */
	int closing;		/* CloseTrace while busy (atomic) */
	bool ended;		/* real time: the session stopped, all delivered */
	u32 mode;		/* ProcessTraceMode */
	union {			/* our copy: what BufferCallback sees */
		EVENT_TRACE_LOGFILEW w;
		EVENT_TRACE_LOGFILEA a;
	} lf;
	WCHAR *logger16, *file16;	/* names, UTF-16, NUL-terminated */
	char *logger8, *file8;		/* names, UTF-8 */
	struct etl_clock clock;
	bool clock_ok;

	/* The synthetic header event (seed 001, rules 5-6). */
	const u8 *hdr_data;	/* TRACE_LOGFILE_HEADER + names */
	u32 hdr_len;
	u8 *hdr_copy;		/* when hdr_data had to be built */
	u64 hdr_raw;
	u32 hdr_tid, hdr_pid;
	u16 hdr_size;
	u8 hdr_version;
	u16 hdr_cpu, logger_id;

	/* The last EVENT_RECORD built, for CurrentEvent. */
	EVENT_RECORD last;
	bool have_last;

	/* Files. */
	struct etl_file *file;

	/* Real time. */
	int cfd, efd;
	u8 *map;
	size_t map_len;
	u32 nr_buffers, buffer_size;
	u32 flags_out;
	u64 attach_time;
	struct ct_stream *rt;	/* rt_n streams, one per CPU */
	u32 rt_n;
	struct ct_buf *rt_ring;	/* rt_n * nr_buffers */
	struct ct_stream **side;	/* more streams: buffers that overlap */
	u32 nside, side_cap;
	u32 *release, nrelease;
	u32 *ready;
	u32 held;		/* buffers fetched and not yet released */
	u64 watermark;
	bool stopped;
};

/* One ProcessTrace call. */
struct ct_proc {
	struct ct_trace *t[CT_MAX_FILES];
	u32 nt;
	bool realtime;
	struct ct_stream *streams;	/* files */
	u32 nstreams;
	struct ct_stream **split;	/* files: streams split off later */
	u32 nsplit, split_cap;
	u32 npending;		/* the last npending of split: not in the heap yet */
	u32 next_order;		/* the tie breaker of the next split */
	struct ct_buf *fbufs[CT_MAX_FILES];
	struct ct_stream **heap;
	u32 nheap, heap_cap;
	bool has_start, has_end;
	u64 start, end;
	EVENT_HEADER_EXTENDED_DATA_ITEM *ext;
	u32 ext_cap;
	ULONG status;		/* first error to report */
	bool stop;		/* cancelled, closed or failed */
};

/* What an error came from: consumer_win32_error() maps by it. */
enum ct_what {
	CT_OPEN_FILE,		/* opening or reading a .etl file */
	CT_OPEN_SESSION,	/* attaching to a real-time session */
	CT_READ_SESSION,	/* fetching buffers of a session */
};

/* consumer.c */
ULONG consumer_win32_error(int err, enum ct_what what);

/* consumer_event.c */
bool ct_build(struct ct_proc *p, const struct ct_buf *b,
	      const struct etl_record *r, u64 ts, EVENT_RECORD *er);
void ct_to_classic(const EVENT_RECORD *er, EVENT_TRACE *et, bool ext);
void ct_call(struct ct_trace *t);
void ct_deliver_header(struct ct_trace *t);

/* consumer_merge.c */
void ct_process_files(struct ct_proc *p);
void ct_process_rt(struct ct_proc *p);
void ct_rt_free_side(struct ct_trace *t);

static inline u64 ct_filetime(const struct ct_trace *t, u64 raw)
{
	return t->clock_ok ? (u64)etl_clock_to_filetime(&t->clock, raw) : raw;
}

static inline bool ct_closing(const struct ct_trace *t)
{
	return __atomic_load_n(&t->closing, __ATOMIC_ACQUIRE);
}

#endif /* _LIBETW_CONSUMER_H */
