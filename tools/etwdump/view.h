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

#include "common/guid.h"

#define VIEW_MAX_FIELDS 128

struct vfield {
	const char *name;
	const char *text;	/* UTF-8 */
	int number;		/* an integer: value has it */
	int is_signed;		/* ... of a signed type */
	int hex;		/* ... shown in hexadecimal (HEXINT, pointers) */
	unsigned long long value;
};

struct view {
	char guid[ETW_GUID_STR_LEN];	/* the provider GUID as text */
	const char *provider;	/* its name, or the GUID text (common/label.h) */
	const char *event;	/* the event's name, or "Event N" ... */
	const char *task, *opcode;	/* names, or NULL */
	int start, stop;	/* opcode win:Start (1), win:Stop (2); not classic */
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
 * Integers keep their value (CTF writes them as integers).
 */
void view_of(PEVENT_RECORD er, const struct decoded *d, struct view *v);


#endif /* _TOOLS_ETWDUMP_VIEW_H */
