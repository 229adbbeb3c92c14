/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * ETW policy shared by etw.ko, libetw and the host unit tests: the
 * enable test and its aggregation over sessions (seed 000), provider
 * traits (seed 004), enable filters and session parameters (reference
 * sections 1.5, 1.6, 2.2, 2.3, 2.6).  Freestanding: no allocation, no
 * locks, only caller-supplied memory.
 */
#ifndef _ETW_SHARED_LOGIC_H
#define _ETW_SHARED_LOGIC_H

#include "etw_compat.h"

/* --- Windows constants the policy needs (values from evntprov.h etc.) --- */

#define ETW_CTRL_DISABLE_PROVIDER	0
#define ETW_CTRL_ENABLE_PROVIDER	1
#define ETW_CTRL_CAPTURE_STATE		2

#define ETW_PROP_SID			0x001
#define ETW_PROP_TS_ID			0x002
#define ETW_PROP_STACK_TRACE		0x004
#define ETW_PROP_PSM_KEY		0x008
#define ETW_PROP_IGNORE_KEYWORD_0	0x010
#define ETW_PROP_PROVIDER_GROUP		0x020
#define ETW_PROP_ENABLE_KEYWORD_0	0x040
#define ETW_PROP_PROCESS_START_KEY	0x080
#define ETW_PROP_EVENT_KEY		0x100
#define ETW_PROP_EXCLUDE_INPRIVATE	0x200
#define ETW_PROP_ENABLE_SILOS		0x400
#define ETW_PROP_SOURCE_CONTAINER_TRACKING 0x800
#define ETW_PROP_MASK			0xFFF

#define ETW_FILTER_TYPE_NONE		0x00000000u
#define ETW_FILTER_TYPE_SCHEMATIZED	0x80000000u
#define ETW_FILTER_TYPE_SYSTEM_FLAGS	0x80000001u
#define ETW_FILTER_TYPE_TRACEHANDLE	0x80000002u
#define ETW_FILTER_TYPE_PID		0x80000004u
#define ETW_FILTER_TYPE_EXECUTABLE_NAME	0x80000008u
#define ETW_FILTER_TYPE_PACKAGE_ID	0x80000010u
#define ETW_FILTER_TYPE_PACKAGE_APP_ID	0x80000020u
#define ETW_FILTER_TYPE_PAYLOAD		0x80000100u
#define ETW_FILTER_TYPE_EVENT_ID	0x80000200u
#define ETW_FILTER_TYPE_EVENT_NAME	0x80000400u
#define ETW_FILTER_TYPE_STACKWALK	0x80001000u
#define ETW_FILTER_TYPE_STACKWALK_NAME	0x80002000u
#define ETW_FILTER_TYPE_STACKWALK_LEVEL_KW 0x80004000u
#define ETW_FILTER_TYPE_CONTAINER	0x80008000u

#define ETW_MAX_FILTER_DATA_SIZE	1024
#define ETW_MAX_FILTER_PAYLOAD_SIZE	4096
#define ETW_MAX_FILTER_EVENT_NAME_SIZE	4096
#define ETW_MAX_FILTER_PID_COUNT	8
#define ETW_MAX_FILTER_EVENT_ID_COUNT	64

/* EVENT_TRACE_* LogFileMode bits */
#define ETW_MODE_FILE_MODE_SEQUENTIAL	0x00000001u
#define ETW_MODE_FILE_MODE_CIRCULAR	0x00000002u
#define ETW_MODE_FILE_MODE_APPEND	0x00000004u
#define ETW_MODE_FILE_MODE_NEWFILE	0x00000008u
#define ETW_MODE_FILE_MODE_PREALLOCATE	0x00000020u
#define ETW_MODE_NONSTOPPABLE		0x00000040u
#define ETW_MODE_SECURE			0x00000080u
#define ETW_MODE_REAL_TIME		0x00000100u
#define ETW_MODE_DELAY_OPEN_FILE	0x00000200u
#define ETW_MODE_BUFFERING		0x00000400u
#define ETW_MODE_PRIVATE_LOGGER		0x00000800u
#define ETW_MODE_ADD_HEADER		0x00001000u
#define ETW_MODE_USE_KBYTES_FOR_SIZE	0x00002000u
#define ETW_MODE_USE_GLOBAL_SEQUENCE	0x00004000u
#define ETW_MODE_USE_LOCAL_SEQUENCE	0x00008000u
#define ETW_MODE_RELOG			0x00010000u
#define ETW_MODE_PRIVATE_IN_PROC	0x00020000u
#define ETW_MODE_RESERVED		0x00100000u
#define ETW_MODE_STOP_ON_HYBRID_SHUTDOWN 0x00400000u
#define ETW_MODE_PERSIST_ON_HYBRID_SHUTDOWN 0x00800000u
#define ETW_MODE_USE_PAGED_MEMORY	0x01000000u
#define ETW_MODE_SYSTEM_LOGGER		0x02000000u
#define ETW_MODE_COMPRESSED		0x04000000u
#define ETW_MODE_INDEPENDENT_SESSION	0x08000000u
#define ETW_MODE_NO_PER_PROCESSOR_BUFFERING 0x10000000u
#define ETW_MODE_ADDTO_TRIAGE_DUMP	0x80000000u

#define ETW_MODE_FILE_MASK	(ETW_MODE_FILE_MODE_SEQUENTIAL | \
				 ETW_MODE_FILE_MODE_CIRCULAR | \
				 ETW_MODE_FILE_MODE_APPEND | \
				 ETW_MODE_FILE_MODE_NEWFILE | \
				 ETW_MODE_FILE_MODE_PREALLOCATE)

/* --- the enable test (seed 000) ---------------------------------------- */

/**
 * struct etw_level_kw - what one session asked of a provider, normalised
 * @level:	event.Level <= level passes; a controller's 0 is stored as 255
 * @any:	MatchAnyKeyword; a modern provider's 0 is stored as all bits
 * @all:	MatchAllKeyword
 * @keyword0:	events with Keyword 0 pass (no IGNORE_KEYWORD_0)
 */
struct etw_level_kw {
	u8 level;
	bool keyword0;
	u64 any;
	u64 all;
};

/*
 * Normalise one session's request (reference section 10.1): Level 0
 * means "no level filter" (255); for providers registered with
 * EventRegister MatchAnyKeyword 0 means all keywords, for classic
 * providers it stays 0.
 */
void etw_level_kw_set(struct etw_level_kw *s, u8 level, u64 any, u64 all,
		      u32 enable_property, bool classic);

/*
 * Seed 000, rule 15: does an event of (@level, @keyword) pass @s?
 *   ev.Level <= Level && (ev.Keyword == 0 ||
 *     ((ev.Keyword & Any) != 0 && (ev.Keyword & All) == All))
 * with keyword-0 events failing under IGNORE_KEYWORD_0 (section 1.5).
 */
static inline bool etw_level_kw_pass(const struct etw_level_kw *s, u8 level,
				     u64 keyword)
{
	if (level > s->level)
		return false;
	if (keyword == 0)
		return s->keyword0;
	return (keyword & s->any) != 0 && (keyword & s->all) == s->all;
}

/*
 * Aggregate over the enabling sessions (seed 000, rules 10, 12, 14):
 * Level = max, MatchAny = OR, MatchAll = AND; keyword-0 events pass if
 * they pass any session.  Start with etw_aggregate_init(), then add each
 * session; @n counts them (0 = disabled).
 */
struct etw_aggregate {
	u32 n;
	struct etw_level_kw kw;
};

void etw_aggregate_init(struct etw_aggregate *a);
void etw_aggregate_add(struct etw_aggregate *a, const struct etw_level_kw *s);

/* --- provider traits (seed 004, reference section 1.6) ----------------- */

#define ETW_TRAIT_TYPE_GROUP		1
#define ETW_TRAIT_TYPE_DECODE_GUID	2

/**
 * struct etw_traits_info - what a valid traits blob says
 * @name:	provider name (UTF-8, NUL-terminated inside the blob)
 * @name_len:	bytes of @name without the NUL
 * @ntraits:	number of traits after the name
 * @has_group:	a group trait (type 1) is present
 * @group:	its 16-byte GUID
 */
struct etw_traits_info {
	const char *name;
	u32 name_len;
	u32 ntraits;
	bool has_group;
	u8 group[16];
};

/*
 * Validate a traits blob strictly: TraitsSize equals @len (3..65535), the
 * name is NUL-terminated inside it, every trait has TraitSize >= 3 and
 * fits, type 0 is invalid, group and decode-GUID traits carry exactly 16
 * bytes, at most one group trait, and the traits end exactly at the blob's
 * end.  Returns 0 and fills @out, or -EINVAL.
 */
int etw_traits_parse(const void *blob, u32 len, struct etw_traits_info *out);

/* --- enable filters (reference section 2.6) ---------------------------- */

/**
 * struct etw_filter_view - one EVENT_FILTER_DESCRIPTOR, data in memory
 * @type:	EVENT_FILTER_TYPE_*
 * @size:	bytes at @data
 * @data:	the filter's bytes (a kernel copy in the module)
 */
struct etw_filter_view {
	u32 type;
	u32 size;
	const void *data;
};

/* What etw_filters_check() found, by kind. */
struct etw_filter_set {
	const struct etw_filter_view *pid;
	const struct etw_filter_view *exe;
	const struct etw_filter_view *event_id;
	const struct etw_filter_view *stackwalk;
	const struct etw_filter_view *stackwalk_lk;
	const struct etw_filter_view *provider;	/* goes to the callback */
};

/*
 * Check the filters of one enable call: at most ETW_MAX_FILTERS, each
 * type once, sizes within the documented limits and self-consistent (PID:
 * 1..8 ULONGs; EVENT_ID and STACKWALK: 4 + 2 * Count bytes, Count 1..64;
 * STACKWALK_LEVEL_KW: 24 bytes; EXECUTABLE_NAME: NUL-terminated, <= 1024);
 * at most one provider-side filter (SCHEMATIZED
 * or a type below 0x80000000).  For a provider group, event-ID, event-name
 * and payload filters are invalid (seed 004, rule 13).  Returns 0, -EINVAL,
 * or -EOPNOTSUPP for valid filter types this implementation does not apply.
 */
int etw_filters_check(const struct etw_filter_view *f, u32 n, bool group,
		      struct etw_filter_set *out);

/**
 * struct etw_id_filter - a compiled EVENT_FILTER_EVENT_ID
 * @present:	a filter is in effect
 * @filter_in:	TRUE: only the listed IDs pass; FALSE: the listed IDs fail
 * @count:	entries in @ids (sorted)
 * @ids:	event IDs
 */
struct etw_id_filter {
	bool present;
	bool filter_in;
	u16 count;
	u16 ids[ETW_MAX_FILTER_EVENT_ID_COUNT];
};

/* Compile a checked EVENT_ID filter into @out (sorted for lookup). */
void etw_id_filter_compile(const struct etw_filter_view *f,
			   struct etw_id_filter *out);
bool etw_id_filter_pass(const struct etw_id_filter *f, u16 id);

/* EVENT_FILTER_LEVEL_KW: MatchAnyKeyword@0, MatchAllKeyword@8, Level@16, FilterIn@17 */
#define ETW_FILTER_LEVEL_KW_SIZE	24

/**
 * struct etw_stack_filter - which of a provider's events get stacks in a
 * session (EVENT_FILTER_TYPE_STACKWALK and STACKWALK_LEVEL_KW)
 * @ids:	the STACKWALK event IDs (@ids.present when given)
 * @lk:		a STACKWALK_LEVEL_KW filter was given
 * @lk_in:	its FilterIn: the events it matches get stacks (else they
 *		do not, and the others do)
 * @level:	its Level (0: any)
 * @any:	its MatchAnyKeyword (0: any)
 * @all:	its MatchAllKeyword
 */
struct etw_stack_filter {
	struct etw_id_filter ids;
	bool lk;
	bool lk_in;
	u8 level;
	u64 any;
	u64 all;
};

/* Compile the checked stack-walk filters of @set into @out. */
void etw_stack_filter_compile(const struct etw_filter_set *set,
			      struct etw_stack_filter *out);
/* Does an event (@id, @level, @kw) get a stack?  NULL: no filter, yes. */
bool etw_stack_filter_pass(const struct etw_stack_filter *f, u16 id, u8 level,
			   u64 kw);

/* Does the PID filter (checked) list @pid? */
bool etw_pid_filter_match(const struct etw_filter_view *f, u32 pid);

/*
 * Does the ';'-separated EXECUTABLE_NAME filter (checked) name @exe?
 * Compares file names case-insensitively (ASCII), ignoring any directory
 * part in either.
 */
bool etw_exe_filter_match(const struct etw_filter_view *f, const char *exe,
			  u32 exe_len);

/* --- session parameters (reference sections 2.2, 2.3) ------------------ */

/**
 * struct etw_session_params - StartTrace's geometry, in and out
 * @log_file_mode: LogFileMode (EVENT_TRACE_*_MODE, ETW_MODE_*)
 * @buffer_size_kb: BufferSize in KB; normalised to 4..16384 (0: 64)
 * @min_buffers: MinimumBuffers; raised to 2 per stream
 * @max_buffers: MaximumBuffers; raised to @min_buffers (equal to it in
 *		buffering mode)
 * @max_file_size: MaximumFileSize in MB (0: no limit)
 * @flush_timer: FlushTimer in seconds (0 -> 1 for real time)
 * @clock_type:	ClientContext: 1 QPC, 2 system time, 3 CPU cycle counter
 *		(0 -> 1)
 * @has_log_file: a log file is named
 * @nr_streams:	out: per-CPU streams, or 1 without per-processor buffering
 * @nr_buffers:	out: buffers to allocate
 */
struct etw_session_params {
	u32 log_file_mode;
	u32 buffer_size_kb;
	u32 min_buffers;
	u32 max_buffers;
	u32 max_file_size;
	u32 flush_timer;
	u32 clock_type;
	bool has_log_file;
	/* out */
	u32 nr_streams;
	u32 nr_buffers;
};

#define ETW_DEFAULT_BUFFER_KB		64
#define ETW_MAX_SESSION_MEMORY		(1024ULL << 20)	/* per session */

/*
 * Validate LogFileMode (unknown bits, forbidden combinations, modes
 * needing a file or a maximum size) and normalise the geometry: BufferSize
 * 0 -> 64 KB, clamped to 4..16384; MinimumBuffers raised to 2 per stream;
 * MaximumBuffers raised to MinimumBuffers (equal to it in buffering mode);
 * FlushTimer 0 -> 1 s for real time; ClientContext 0 -> 1.  @nr_cpus is
 * the number of per-CPU streams.  Returns 0, -EINVAL, -EOPNOTSUPP (modes
 * we do not implement) or -ENOMEM (over ETW_MAX_SESSION_MEMORY).
 */
int etw_session_params_check(struct etw_session_params *p, u32 nr_cpus);

/* ASCII case-insensitive comparison of two UTF-8 names. */
bool etw_name_equal(const char *a, u32 alen, const char *b, u32 blen);

#endif /* _ETW_SHARED_LOGIC_H */
