/* SPDX-License-Identifier: MIT */
/*
 * WPP messages formatted from TMF files (tdh_wpp.c), for TdhGetWppMessage
 * and etwdump.
 */
#ifndef _LIBETW_TDH_WPP_H
#define _LIBETW_TDH_WPP_H

#include <stddef.h>

#include <evntcons.h>
#include <tdh.h>

/*
 * The message text of TraceMessage event @e in UTF-8, formatted with the
 * TMF files of @search (';' or ':' separated directories or TMF files;
 * NULL: $TRACE_FORMAT_SEARCH_PATH).  0, -ENOENT (no format for it) or
 * -EINVAL (its data is shorter than the format says).
 */
int tdh_wpp_format(const EVENT_RECORD *e, const char *search, char *out, size_t room);

/* What the TMF says of a message besides its text (UTF-8). */
struct tdh_wpp_meta {
	char guid_name[128];	/* the GUID line's name: GuidName */
	char file[256];		/* its SRC=: FileName */
	char type_name[256];	/* the #typev name (main_c22): GuidTypeName */
	unsigned line;		/* the line that name ends in: LineNumber */
	char func[256], level[128], flags[128];	/* FUNC= LEVEL= FLAGS= */
	char comp[128], subcomp[128];		/* COMPNAME= SUBCOMP= */
};

/* tdh_wpp_format() and, into *@meta (may be NULL), the message's keys. */
int tdh_wpp_describe(const EVENT_RECORD *e, const char *search, char *out,
		     size_t room, struct tdh_wpp_meta *meta);

/* A decoding handle (TdhOpenDecodingHandle): the TMF search path. */
struct tdh_decoding {
	char search[2048];
	int gmt;		/* TDH_CONTEXT_WPP_GMT */
};

static inline const char *tdh_wpp_search(const struct tdh_decoding *t)
{
	return t && t->search[0] ? t->search : NULL;
}

/*
 * TDH's view of WPP events (tdh_wpp_props.c): the schema of a WPP event
 * (the properties Windows gives: FormattedString, FunctionName, ...) and
 * one property's value, with the TMF found through @c's
 * TDH_CONTEXT_WPP_TMFSEARCHPATH / TDH_CONTEXT_WPP_TMFFILE, else
 * TRACE_FORMAT_SEARCH_PATH.  ERROR_NOT_FOUND without a TMF.
 */
struct tdh_schema;
struct tdh_arena;
ULONG tdh_wpp_schema(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c,
		     struct tdh_schema *s, struct tdh_arena *a);
ULONG tdh_wpp_property(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c,
		       const struct tdh_decoding *t, const WCHAR *name,
		       PBYTE buf, ULONG *size);

#endif /* _LIBETW_TDH_WPP_H */
