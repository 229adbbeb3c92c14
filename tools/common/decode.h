/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * An event decoded for the tools' outputs (etwdump's formats,
 * etw-journald's entries, etwctl record's summary) -- its provider and
 * event names, the names and values of its fields (through TDH, as any
 * consumer would), its extended items, or why it could not be decoded.
 */
#ifndef _TOOLS_COMMON_DECODE_H
#define _TOOLS_COMMON_DECODE_H

#include <windows.h>
#include <evntcons.h>
#include <tdh.h>

enum dn_type { DN_VALUE, DN_ARRAY, DN_STRUCT };
enum dn_kind { DK_TEXT, DK_NUMBER, DK_BOOL };	/* how JSON writes a value */

/*
 * One field: a value, an array of nodes, or a struct of named nodes.
 * Its name lives, unchanged, as long as the program (the schemas it
 * comes from are never freed): an output may key on its address.
 */
struct dnode {
	const char *name;	/* NULL for array elements */
	enum dn_type type;
	enum dn_kind kind;
	const char *text;	/* DN_VALUE, UTF-8 */
	size_t len;		/* its length (strlen) */
	struct dnode *kids;
	unsigned nkids;
	/*
	 * DN_VALUE whose text is an integer (decimal, or 0x... for HEXINT
	 * and pointers): the value itself, for formats with integer types.
	 */
	int is_int;
	int is_signed;		/* its InType is signed */
	int hex;		/* shown in hexadecimal */
	unsigned long long ival;	/* sign-extended when is_signed */
};

/* One extended item as "name" and text (e.g. "sid", "S-1-5-18"). */
struct dext {
	const char *name, *text;
};

struct decoded {
	int ok;			/* the fields below were decoded */
	const char *reason;	/* else: why not */
	const char *provider;	/* name, or NULL */
	const char *event;	/* TraceLogging name or manifest symbol, or NULL */
	const char *level, *task, *opcode, *channel, *keywords;	/* names */
	const char *message;	/* manifest message with %n filled in */
	const char *string;	/* string-only event: its text */
	struct dnode *fields;
	unsigned nfields;
	struct dext ext[16];	/* the first next of them */
	unsigned next;		/* (decode.c clears what follows ext only) */
	GUID related;
	int has_related;
	DECODING_SOURCE source;
};

/*
 * Decode @er into @d.  Everything @d points to stays valid until the next
 * call.  Returns d->ok.
 */
/* The TMF search path of WPP events (etwdump --tmf), or NULL. */
extern const char *decode_tmf_path;

int decode_event(PEVENT_RECORD er, struct decoded *d);

/*
 * Only the names (provider, event, level, task, opcode, ...) and the
 * extended items, not the fields: cheaper, for counting.  d->ok stays
 * 0.  Returns whether a name was found.
 */
int decode_names(PEVENT_RECORD er, struct decoded *d);

/*
 * A field's value as one line of text (arrays [a,b], structs {m=v}):
 * into @out, at most @room - 1 bytes and a NUL; returns the bytes
 * written (a longer value is cut).  dnode_flat_ob() appends at most @max
 * bytes to @o instead.
 */
size_t dnode_flat(const struct dnode *n, char *out, size_t room);
struct obuf;
void dnode_flat_ob(struct obuf *o, const struct dnode *n, size_t max);

/* Memory for the current event's result (valid until the next event). */
void *da_alloc(size_t n);
char *da_str(const char *s);
char *da_u16(const WCHAR *w);	/* UTF-16 to UTF-8 */
char *da_utf8(const void *u16le, size_t units);	/* (up to a NUL) */

/* decode_header.c: the synthetic EventTrace header event, as MOF would. */
int decode_header_event(PEVENT_RECORD er, struct decoded *d);

/* Load a manifest for decoding (--manifest). */
int decode_load_manifest(const char *path);

#endif /* _TOOLS_COMMON_DECODE_H */
