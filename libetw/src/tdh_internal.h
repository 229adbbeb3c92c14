/* SPDX-License-Identifier: MIT */
/*
 * TDH internals: an event's schema in one form whatever it was decoded
 * from (TraceLogging metadata, a manifest), turned into the public
 * TRACE_EVENT_INFO by one function.  The parsers here are pure (memory
 * in, memory out), so the host unit tests run them directly.
 */
#ifndef _LIBETW_TDH_INTERNAL_H
#define _LIBETW_TDH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <windows.h>
#include <evntcons.h>
#include <tdh.h>

/* Bump allocator for a schema's strings and properties. */
struct tdh_arena {
	char *buf;
	size_t len, cap;
	int failed;		/* an allocation failed */
};

void *tdh_alloc(struct tdh_arena *a, size_t n);
char *tdh_strndup(struct tdh_arena *a, const char *s, size_t n);
void tdh_arena_free(struct tdh_arena *a);

/* One EVENT_PROPERTY_INFO, with UTF-8 strings. */
struct tdh_prop {
	const char *name;
	const char *map;	/* value/bit map name, or NULL */
	uint16_t flags;		/* PROPERTY_FLAGS */
	uint16_t in, out;	/* TDH_INTYPE / TDH_OUTTYPE */
	uint16_t count;		/* or countPropertyIndex */
	uint16_t length;	/* or lengthPropertyIndex */
	uint16_t struct_start, struct_members;	/* PropertyStruct */
	uint32_t tags;
};

/* One event's schema (what TRACE_EVENT_INFO holds). */
struct tdh_schema {
	GUID provider;
	GUID event_guid;
	EVENT_DESCRIPTOR desc;
	DECODING_SOURCE source;
	const char *provider_name, *level_name, *channel_name;
	const char *keywords_name, *task_name, *opcode_name;
	const char *message, *provider_message, *event_name;
	const char *event_attributes;	/* EventHeader: "attr=value;..." */
	uint32_t tags;
	uint32_t nprops, ntop;
	struct tdh_prop *props;
};

/*
 * TraceLogging: the schema of an event from its EVENT_SCHEMA_TL item
 * (@meta) and PROV_TRAITS item (@traits, may be NULL).  Return: 0, or
 * -EINVAL if the metadata is malformed, -ENOMEM.
 */
int tdh_tl_parse(const uint8_t *meta, size_t meta_len,
		 const uint8_t *traits, size_t traits_len,
		 struct tdh_schema *out, struct tdh_arena *a);

/*
 * EventHeader events (tdh_eventheader.c): the text of a value of Linux
 * ETW's own OutTypes (ETW_TL_OUT_EH), its length or -1 if @out is none
 * of them; whether traits are an EventHeader provider's; a name's
 * ";attributes" split off in place (returned, or NULL).
 */
int tdh_eh_format(uint16_t in, uint16_t out, const uint8_t *p, uint32_t size,
		  char *buf, size_t room);
int tdh_eh_traits(const uint8_t *traits, size_t len);
char *tdh_eh_split(char *name);

/* The TDH_OUTTYPE a TraceLogging OutType means for this InType. */
uint16_t tdh_tl_outtype(uint8_t tlg_in, uint8_t tlg_out);

/*
 * Lay @s out as a TRACE_EVENT_INFO in @buf (@*size bytes).  Returns
 * ERROR_SUCCESS, or ERROR_INSUFFICIENT_BUFFER with *size = bytes needed.
 */
ULONG tdh_schema_to_info(const struct tdh_schema *s, TRACE_EVENT_INFO *buf,
			 ULONG *size);

/* Bytes of a fixed-size InType (pointer size @psize), 0 if variable. */
uint32_t tdh_intype_size(uint16_t in, uint32_t psize);


/*
 * One property occurrence found by walking an event's data with its
 * TRACE_EVENT_INFO: where its bytes are.
 */
struct tdh_loc {
	uint32_t off;		/* from UserData */
	uint32_t size;		/* all elements */
	uint32_t count;		/* elements (1 for scalars) */
};

/*
 * Find the data of the property named by @pd (@n descriptors: one per
 * struct level, innermost last).  Return: ERROR_SUCCESS,
 * ERROR_NOT_FOUND (no such property) or ERROR_EVT_INVALID_EVENT_DATA
 * (the data is shorter than the schema says).
 */
ULONG tdh_locate(const TRACE_EVENT_INFO *tei, const uint8_t *data,
		 uint32_t len, uint32_t psize, const PROPERTY_DATA_DESCRIPTOR *pd,
		 ULONG n, struct tdh_loc *loc);

/*
 * Bytes one value of a property occupies at @p (@avail bytes left):
 * fixed size, length attribute, NUL terminator or count prefix.
 * 0 with *bad set when the data is malformed.
 */
uint32_t tdh_value_size(uint16_t in, uint16_t out, uint32_t length,
			const uint8_t *p, uint32_t avail, uint32_t psize,
			int *bad);

/* English text of a Win32 error / NTSTATUS / HRESULT (TDH_OUTTYPE @out). */
void tdh_error_text(uint16_t out, uint32_t code, char *buf, size_t n);
const char *tdh_ntstatus_name(uint32_t code);
void tdh_ntstatus_list(void (*fn)(const char *name, uint32_t code));

/*
 * @v as decimal digits (at most 20) or hexadecimal ones (at most 16, at
 * least @width, zero-padded; no "0x") at @buf, no NUL; returns how many.
 * What %llu and %llx/%llX write, without printf.
 */
size_t tdh_dec_text(char *buf, uint64_t v);
size_t tdh_hex_text(char *buf, uint64_t v, unsigned width, int upper);

/* The @size-byte (1..8) integer @u as a signed one, extended to 64 bits. */
static inline int64_t tdh_sign_extend(uint64_t u, uint32_t size)
{
	return size < 8 ? (int64_t)(u << (64 - 8 * size)) >> (64 - 8 * size) : (int64_t)u;
}

/* FNV-1a-like over @n bytes, a word at a time (cache keys). */
uint64_t tdh_hash(uint64_t h, const void *p, size_t n);

/*
 * FILETIME @ft as "2024-01-31T12:34:56.1234567Z" (UTC; TdhFormatProperty's
 * and the tools' form) into @out; returns its length (snprintf's).
 */
size_t tdh_filetime_text(uint64_t ft, char *out, size_t size);

/*
 * The commonest values first: a fixed-size integer (INT*, UINT*, HEXINT*,
 * POINTER, SIZET) without a map, OutType none or HEXINT*: its text into
 * @buf (at least 24 bytes, NUL-ended, *@len bytes) exactly as
 * tdh_format_utf8() writes it.  Returns the bytes the value takes, or 0
 * for any other value (then tdh_format_utf8() decides, errors included).
 */
uint32_t tdh_format_int_fast(uint16_t in, uint16_t out, uint32_t psize,
			     const uint8_t *p, uint32_t avail, char *buf, size_t *len);

/*
 * Its two steps, for a caller that meets one kind of value many times:
 * which of those integers @in/@out is (TDH_INT_NONE: none; *@size its
 * bytes), then the text of value @u (read little-endian from the data)
 * into @buf (24 bytes), NUL-ended; returns its length.
 */
enum { TDH_INT_NONE, TDH_INT_UDEC, TDH_INT_SDEC, TDH_INT_HEX };
int tdh_int_class(uint16_t in, uint16_t out, uint32_t psize, uint32_t *size);
size_t tdh_int_text(int cls, uint32_t size, uint64_t u, char *buf);

/*
 * One value as UTF-8 text: what TdhFormatProperty shows, before the
 * conversion to UTF-16.  @map may be NULL.  Returns ERROR_SUCCESS (text
 * in *@text, NUL-ended, *@len bytes: @buf when it fits in @cap bytes,
 * else malloc'ed; bytes consumed in *@used), ERROR_EVT_INVALID_EVENT_DATA
 * or ERROR_NOT_ENOUGH_MEMORY.
 */
ULONG tdh_format_utf8(const EVENT_MAP_INFO *map, ULONG psize, USHORT in,
		      USHORT out, USHORT length, USHORT avail,
		      const uint8_t *data, char *buf, size_t cap,
		      char **text, size_t *len, USHORT *used);

/*
 * Characters, not numbers: the bytes of one character when an array of
 * @in/@out values is text -- ANSICHAR and UNICODECHAR, and INT8, UINT8
 * and UINT16 shown as STRING (TraceLoggingCharArray and
 * TraceLoggingChar16Array) -- else 0.  TdhFormatProperty formats each
 * element as one character; a decoder shows the array as one string, as
 * Windows' decoders do.
 */
uint32_t tdh_char_size(uint16_t in, uint16_t out);

/*
 * Such an array of @count characters as one string, up to its first NUL,
 * read as the string InTypes are (UTF-16, or 8-bit text: UTF-8 where
 * valid, else Latin-1); *@used is the whole array.  Arguments and
 * results as tdh_format_utf8()'s, and ERROR_INVALID_PARAMETER for an
 * @in/@out that is no character.
 */
ULONG tdh_format_chars_utf8(USHORT in, USHORT out, uint32_t count,
			    USHORT avail, const uint8_t *data, char *buf,
			    size_t cap, char **text, size_t *len, USHORT *used);

/*
 * The NT Kernel Logger's events (tdh_kernel.c): the MOF class of a
 * classic record of a kernel event group.  ERROR_SUCCESS, ERROR_NOT_FOUND
 * or ERROR_NOT_ENOUGH_MEMORY.
 */
ULONG tdh_kernel_schema(const EVENT_RECORD *e, struct tdh_schema *s,
			struct tdh_arena *a);

/*
 * --- The schema cache (tdh_cache.c) ---
 *
 * TdhGetEventInformation's answer per kind of event, made once by @build
 * (which returns ERROR_SUCCESS with a malloc'ed TRACE_EVENT_INFO of *@size
 * bytes, or an error, itself kept).  tdh_cache_get() gives a counted
 * entry, which tdh_cache_put() lets go; tdh_cache_event_info() copies the
 * answer out as TdhGetEventInformation does (ERROR_INSUFFICIENT_BUFFER
 * with *@size when @buf is NULL or short).  A source of schemas that
 * changes (a manifest loaded or unloaded, a directory of them changed,
 * MOF classes loaded) calls tdh_cache_invalidate(); tdh_api.c does not
 * cache what depends on something the cache cannot know of (a TDH_CONTEXT
 * other than the pointer size, TraceMessage events and their TMF files).
 */
struct tdh_cached;
typedef ULONG (*tdh_cache_build_fn)(const EVENT_RECORD *e, TRACE_EVENT_INFO **info,
				    ULONG *size);
ULONG tdh_cache_get(const EVENT_RECORD *e, tdh_cache_build_fn build,
		    const struct tdh_cached **out);
const TRACE_EVENT_INFO *tdh_cached_info(const struct tdh_cached *c, ULONG *size);
void tdh_cache_put(const struct tdh_cached *c);
ULONG tdh_cache_event_info(const EVENT_RECORD *e, tdh_cache_build_fn build,
			   TRACE_EVENT_INFO *buf, ULONG *size);
void tdh_cache_invalidate(void);
void tdh_cache_stats(uint32_t *entries, size_t *bytes);	/* for tests */

/* --- Manifests (tdh_manifest.c, tdh_store.c) --- */
struct tdh_manifest;
struct tdh_provider;

/*
 * Parse a manifest (XML text) with libxml2.  Return: the manifest, or
 * NULL with *err set (ERROR_XML_PARSE_ERROR-like: ERROR_INVALID_DATA,
 * ERROR_NOT_ENOUGH_MEMORY).  @what names it in diagnostics.
 */
struct tdh_manifest *tdh_manifest_parse(const char *xml, size_t len,
					const char *what, ULONG *err,
					char *errmsg, size_t errlen);
void tdh_manifest_free(struct tdh_manifest *m);

/* Its providers. */
unsigned tdh_manifest_providers(const struct tdh_manifest *m);
const struct tdh_provider *tdh_manifest_provider(const struct tdh_manifest *m,
						 unsigned i);
const struct tdh_provider *tdh_manifest_find(const struct tdh_manifest *m,
					     const GUID *guid);
const GUID *tdh_provider_guid(const struct tdh_provider *p);
const char *tdh_provider_name(const struct tdh_provider *p);

/*
 * The schema of event (Id, Version) of @p; with @any_version the newest
 * version when this one is not defined.  Return: 0, -ENOENT, -ENOMEM.
 */
int tdh_provider_event(const struct tdh_provider *p, const EVENT_DESCRIPTOR *d,
		       struct tdh_schema *out, struct tdh_arena *a);

/* The events of @p: how many, and the i-th descriptor. */
unsigned tdh_provider_nevents(const struct tdh_provider *p);
const EVENT_DESCRIPTOR *tdh_provider_event_desc(const struct tdh_provider *p,
						unsigned i);

/* A map by name: entries (value, UTF-8 text), bitmap or value map. */
struct tdh_map_entry {
	uint32_t value;
	const char *text;
};
int tdh_provider_map(const struct tdh_provider *p, const char *name,
		     int *bitmap, const struct tdh_map_entry **entries,
		     unsigned *n);

/* Keywords, levels, channels, tasks, opcodes (EVENT_FIELD_TYPE). */
struct tdh_field {
	uint64_t value;
	const char *name, *message;
};
unsigned tdh_provider_fields(const struct tdh_provider *p, EVENT_FIELD_TYPE t,
			     const struct tdh_field **fields);

#endif /* _LIBETW_TDH_INTERNAL_H */
