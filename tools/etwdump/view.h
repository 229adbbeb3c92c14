/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump: one event as the file formats (--chrome, --ctf, --report) see
 * it -- names for the provider and the event, and its fields as named
 * text values -- whether or not it could be decoded.
 */
#ifndef _TOOLS_ETWDUMP_VIEW_H
#define _TOOLS_ETWDUMP_VIEW_H

#include <windows.h>
#include <evntcons.h>

#define VIEW_MAX_FIELDS 128

struct vfield {
	const char *name;
	const char *text;	/* UTF-8 */
	int number;		/* text is a decimal integer */
	int is_signed;		/* ... that may be negative */
};

struct view {
	char guid[37];		/* the provider GUID as text */
	const char *provider;	/* its name, or the GUID text */
	const char *event;	/* the event's name, or "Event N" */
	const char *task, *opcode;	/* names, or NULL */
	int start, stop;	/* opcode win:Start (1), win:Stop (2) */
	int decoded;		/* fields are the event's own, by name */
	struct vfield fields[VIEW_MAX_FIELDS];
	unsigned nfields;
	GUID related;		/* EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID */
	int has_related;
};

struct decoded;

/*
 * Fill @v for @er as TDH decoded it (@d, decode.h).  What @v points to
 * stays valid until the next call.  The fields are TDH's, by name (an
 * array or struct flattened to one text value), plus "message" for a
 * manifest message; an event TDH could not decode has one field
 * "message" if it is a string event, else "payload" (hex) and "length".
 */
void view_of(PEVENT_RECORD er, const struct decoded *d, struct view *v);

/* @s as UTF-8 (NUL-terminated UTF-16LE of at most @n bytes), malloc'd. */
char *utf16_dup(const unsigned char *s, size_t n);

#endif /* _TOOLS_ETWDUMP_VIEW_H */
