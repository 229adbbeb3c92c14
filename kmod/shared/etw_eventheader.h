/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Microsoft's Linux dialect of ETW (LinuxTracepoints): EventHeader events
 * and plain user_events/ftrace tracepoints, turned into TraceLogging
 * events, the one form every consumer here decodes and Windows' TDH
 * decodes too (Documentation/linux-tracepoints.rst).
 *
 * An EventHeader event is an eventheader (8 bytes: flags, version, id,
 * tag, opcode, level), optional extension blocks (activity IDs, the
 * event's metadata: its name and fields) and the payload, written to a
 * tracepoint named ProviderName_L<level>K<keyword>[options].  The
 * layouts and values below are restated from the documentation of
 * LinuxTracepoints' eventheader.h (MIT), not copied from it.
 *
 * The TraceLogging form of an EventHeader event:
 *   - its metadata (etw_eh_tl_meta): the event name verbatim (with its
 *     ";attribute=value" suffixes), its tag as the TraceLogging event
 *     tag, each field with the InType that reads the same bytes and the
 *     OutType that means the same format; where no TraceLogging OutType
 *     means what the EventHeader format means (errno, time_t, RFC 4122
 *     UUIDs, booleans other than 0/1, hex dumps of values...), the
 *     OutType is ETW_TL_OUT_EH(format), Linux ETW's own, which TDH here
 *     formats as LinuxTracepoints' decoder does and other TDHs show as
 *     the InType's default;
 *   - its payload: the same bytes, but for the three encodings no
 *     TraceLogging InType reads (NUL-terminated UTF-32, counted UTF-16
 *     and UTF-32 strings counted in characters), which etw_eh_transcode
 *     rewrites as UTF-16 strings (ETW_EH_TRANSCODE says when).
 *
 * Freestanding (etw_compat.h): no allocation, no lock, caller's memory.
 */
#ifndef _ETW_SHARED_EVENTHEADER_H
#define _ETW_SHARED_EVENTHEADER_H

#include "etw_compat.h"

/* eventheader.flags */
#define ETW_EH_FLAG_POINTER64		0x01
#define ETW_EH_FLAG_LITTLE_ENDIAN	0x02
#define ETW_EH_FLAG_EXTENSION		0x04

/* eventheader_extension.kind */
#define ETW_EH_EXT_KIND_MASK		0x7FFF
#define ETW_EH_EXT_CHAIN		0x8000
#define ETW_EH_EXT_METADATA		1
#define ETW_EH_EXT_ACTIVITY_ID		2

/* The field encoding byte: value (low 5 bits) and flags. */
#define ETW_EH_ENC_MASK			0x1F
#define ETW_EH_ENC_CARRAY		0x20
#define ETW_EH_ENC_VARRAY		0x40
#define ETW_EH_ENC_CHAIN		0x80	/* a format byte follows */
enum etw_eh_encoding {
	ETW_EH_ENC_INVALID,
	ETW_EH_ENC_STRUCT,
	ETW_EH_ENC_VALUE8,
	ETW_EH_ENC_VALUE16,
	ETW_EH_ENC_VALUE32,
	ETW_EH_ENC_VALUE64,
	ETW_EH_ENC_VALUE128,
	ETW_EH_ENC_ZSTRING_CHAR8,
	ETW_EH_ENC_ZSTRING_CHAR16,
	ETW_EH_ENC_ZSTRING_CHAR32,
	ETW_EH_ENC_STRING_LENGTH16_CHAR8,
	ETW_EH_ENC_STRING_LENGTH16_CHAR16,
	ETW_EH_ENC_STRING_LENGTH16_CHAR32,
	ETW_EH_ENC_BINARY_LENGTH16_CHAR8,
	ETW_EH_ENC_MAX,
};

/* The field format byte: value (low 7 bits) and a tag flag. */
#define ETW_EH_FMT_MASK			0x7F
#define ETW_EH_FMT_CHAIN		0x80	/* a UINT16 field tag follows */
enum etw_eh_format {
	ETW_EH_FMT_DEFAULT,
	ETW_EH_FMT_UNSIGNED_INT,
	ETW_EH_FMT_SIGNED_INT,
	ETW_EH_FMT_HEX_INT,
	ETW_EH_FMT_ERRNO,
	ETW_EH_FMT_PID,
	ETW_EH_FMT_TIME,
	ETW_EH_FMT_BOOLEAN,
	ETW_EH_FMT_FLOAT,
	ETW_EH_FMT_HEX_BYTES,
	ETW_EH_FMT_STRING8,
	ETW_EH_FMT_STRING_UTF,
	ETW_EH_FMT_STRING_UTF_BOM,
	ETW_EH_FMT_STRING_XML,
	ETW_EH_FMT_STRING_JSON,
	ETW_EH_FMT_UUID,
	ETW_EH_FMT_PORT,
	ETW_EH_FMT_IP_ADDRESS,
	ETW_EH_FMT_IP_ADDRESS_OBSOLETE,
	ETW_EH_FMT_MAX,
};

/* Tracepoint names are shorter than this (EVENTHEADER_NAME_MAX). */
#define ETW_EH_NAME_MAX			256
/* The argument list every EventHeader tracepoint is registered with. */
#define ETW_EH_COMMAND_TYPES \
	"u8 eventheader_flags; u8 version; u16 id; u16 tag; u8 opcode; u8 level"

/*
 * Linux ETW's own TraceLogging OutTypes (TDH_OUTTYPE values 0x60..0x72,
 * unused by Windows): the value formatted as the EventHeader format
 * @fmt says.  TDH here formats them (tdh_eventheader.c); Windows' TDH
 * shows the InType's default.
 */
#define ETW_TL_OUT_EH_BASE		0x60
#define ETW_TL_OUT_EH(fmt)		(ETW_TL_OUT_EH_BASE + (fmt))
#define ETW_TL_OUT_IS_EH(out)		((out) >= ETW_TL_OUT_EH_BASE && \
					 (out) < ETW_TL_OUT_EH(ETW_EH_FMT_MAX))

/*
 * A provider trait of Linux ETW's own (type 0x80, after the name and the
 * group trait): the tracepoint's name ("MyProvider_L5K1Gmygroup"), NUL
 * included.  Its presence says the provider is an EventHeader provider:
 * TDH then splits the ";attribute=value" suffixes off event and field
 * names; etwctl providers lists the tracepoints by it.  Windows ignores
 * trait types it does not know.
 */
#define ETW_TRAIT_TYPE_EVENTHEADER	0x80

/**
 * struct etw_eh_event - one EventHeader event, taken apart
 * @flags:		the eventheader's flags (eventheader_flags)
 * @version:		its version
 * @id:			its id
 * @tag:		its tag
 * @opcode:		its opcode
 * @level:		its level
 * @activity:		16 bytes, or NULL
 * @related:		16 bytes, or NULL
 * @meta:		the metadata extension's data, or NULL
 * @meta_len:		its bytes
 * @payload:		what follows the last extension
 * @payload_len:	its bytes
 */
struct etw_eh_event {
	u8 flags, version;
	u16 id, tag;
	u8 opcode, level;
	const u8 *activity, *related;
	const u8 *meta;
	u32 meta_len;
	const u8 *payload;
	u32 payload_len;
};

/*
 * Take apart the event at @ev (@len bytes).  Return 0, -EINVAL (too
 * short, an extension past the end, activity data not 16 or 32 bytes,
 * two metadata blocks) or -EPROTONOSUPPORT (a big-endian event).
 */
int etw_eh_parse(const u8 *ev, u32 len, struct etw_eh_event *out);

/**
 * struct etw_eh_tpname - an EventHeader tracepoint name, taken apart
 * @provider:		the provider name (not NUL-terminated)
 * @provider_len:	its bytes
 * @level:		from L<hex>
 * @keyword:		from K<hex>
 * @options:		what follows the keyword ("" if nothing)
 * @options_len:	its bytes
 * @group:		the G option's value, or NULL
 * @group_len:		its bytes
 */
struct etw_eh_tpname {
	const char *provider;
	u32 provider_len;
	u8 level;
	u64 keyword;
	const char *options;
	u32 options_len;
	const char *group;
	u32 group_len;
};

/*
 * Is @name (@len bytes) ProviderName_L<level>K<keyword>[options], with
 * lowercase hex, level 1..255, options of an uppercase letter and
 * lowercase letters or digits each, and no ' ' or ':'?  0 and @out, or
 * -EINVAL.
 */
int etw_eh_tpname_parse(const char *name, u32 len, struct etw_eh_tpname *out);

/*
 * The provider traits of a tracepoint's registration (UINT16 size, the
 * provider name @provider, @plen bytes; then for an EventHeader
 * tracepoint, @tp not NULL: a group trait with @group_guid when not
 * NULL, and the ETW_TRAIT_TYPE_EVENTHEADER trait with the tracepoint
 * name @tp, @tplen bytes) into @out (@room bytes).  Return the bytes or
 * -E2BIG.
 */
int etw_eh_traits(const char *provider, u32 plen, const char *tp, u32 tplen,
		  const u8 *group_guid, u8 *out, u32 room);

/* One field of EventHeader metadata (names point into the metadata). */
struct etw_eh_field {
	const char *name;	/* with its ";attribute=value" suffixes */
	u32 name_len;
	u8 enc;			/* ETW_EH_ENC_*, with the array flags */
	u8 fmt;			/* ETW_EH_FMT_*; for a struct, its members */
	u16 tag;
	u16 ccount;		/* elements of a constant-length array */
	bool has_tag;
};

#define ETW_EH_MAX_FIELDS	256
#define ETW_EH_MAX_DEPTH	32

/* An event's metadata, parsed (about 6 KB: not for a kernel stack). */
struct etw_eh_meta {
	const char *name;	/* the event's, with its attributes */
	u32 name_len;
	struct etw_eh_field f[ETW_EH_MAX_FIELDS];
	u32 n;
};

/*
 * Parse the metadata extension's data @meta (@len bytes) into @m, which
 * points into it.  Return 0, -EINVAL (a name or field cut, an empty
 * struct, a struct with fewer fields than it says, a constant-length
 * array of 0, both array flags, an unknown encoding) or -E2BIG (more
 * than ETW_EH_MAX_FIELDS fields).
 */
int etw_eh_meta_parse(const u8 *meta, u32 len, struct etw_eh_meta *m);

/* What etw_eh_tl_meta found (*@flags). */
#define ETW_EH_TRANSCODE	0x01	/* the payload needs etw_eh_transcode */

/*
 * The TraceLogging metadata (EVENT_SCHEMA_TL: UINT16 size, event tag,
 * name, fields) of an EventHeader event with metadata @m and event tag
 * @tag, into @out (@room bytes).  Return its bytes or -E2BIG (over
 * @room or 65535 bytes).
 */
int etw_eh_tl_meta(const struct etw_eh_meta *m, u16 tag, u8 *out, u32 room,
		   u32 *flags);

/*
 * The payload @in (@in_len bytes) of an event with metadata @m in the
 * TraceLogging form into @out (@room bytes): NUL-terminated UTF-32
 * strings become NUL-terminated UTF-16, counted UTF-16 strings are
 * counted in bytes, counted UTF-32 strings become counted UTF-16; the
 * rest is copied.  Bytes after the last field are kept.  Return the
 * bytes written, -EINVAL (payload shorter than the metadata says, a
 * string too long to count) or -E2BIG (over @room).
 */
int etw_eh_transcode(const struct etw_eh_meta *m, const u8 *in, u32 in_len,
		     u8 *out, u32 room);

/* --- Plain tracepoints (user_events argument lists, tracefs formats) --- */

/* etw_tp_field.kind */
#define ETW_TPF_FIXED		0	/* @size bytes at @offset */
#define ETW_TPF_CHARS		1	/* char[@count] at @offset: a string */
#define ETW_TPF_DATA_LOC	2	/* u32 (len << 16 | offset from event start) */
#define ETW_TPF_REL_LOC		3	/* u32 (len << 16 | offset from field end) */

/**
 * struct etw_tp_field - one field of a plain tracepoint
 * @name:	the field name (not NUL-terminated)
 * @name_len:	its bytes
 * @offset:	from the start of the entry (ftrace's: user_events counts
 *		its 8-byte common fields too)
 * @size:	bytes (elements * element size for arrays)
 * @elem:	element size: 1, 2, 4 or 8 (0: unusual, shown as binary)
 * @count:	elements of a fixed array, 0 for a scalar
 * @is_signed:	signed integer
 * @is_char:	char elements (strings)
 * @kind:	ETW_TPF_*
 */
struct etw_tp_field {
	const char *name;
	u32 name_len;
	u32 offset, size;
	u8 elem, is_signed, is_char, kind;
	u32 count;
};

#define ETW_TP_MAX_FIELDS	128

/* Bytes of ftrace's common fields before a user_events payload. */
#define ETW_TP_USER_BASE	8

/*
 * A user_events argument list ("u32 a; char b[20]; __rel_loc char[] c")
 * into @f (@max entries); offsets as user_events lays them out: packed,
 * the first at ETW_TP_USER_BASE.  Return the number of fields, or
 * -EINVAL (a type it does not know), -E2BIG (over @max).
 */
int etw_tp_args_parse(const char *args, u32 len, struct etw_tp_field *f,
		      u32 max);

/*
 * The fields of a tracefs "format" file (the text after "format:"),
 * common_* fields left out.  Return the number of fields, or -EINVAL,
 * -E2BIG.
 */
int etw_tp_format_parse(const char *text, u32 len, struct etw_tp_field *f,
			u32 max);

/*
 * The TraceLogging metadata of a tracepoint named @name with fields @f
 * (@n), into @out (@room bytes).  Return its bytes or -E2BIG.
 */
int etw_tp_tl_meta(const char *name, u32 name_len, const struct etw_tp_field *f,
		   u32 n, u8 *out, u32 room);

/*
 * The payload of such a tracepoint in the TraceLogging form: @in
 * (@in_len bytes) is the entry from offset @base on (ETW_TP_USER_BASE
 * for what a user_events writer wrote, 0 for a whole ftrace entry as
 * perf records it).  Each field in order,
 * fixed ones copied, strings (char arrays, __data_loc/__rel_loc char[])
 * NUL-terminated, other dynamic arrays as UINT16 length + bytes.  Return
 * the bytes written, -EINVAL (a field outside @in) or -E2BIG.
 */
int etw_tp_transcode(const struct etw_tp_field *f, u32 n, const u8 *in,
		     u32 in_len, u32 base, u8 *out, u32 room);

#endif /* _ETW_SHARED_EVENTHEADER_H */
