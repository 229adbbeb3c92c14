// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: text for the formats -- XML character data, the text format's
 * values, times for the file formats.
 */
#include <stdio.h>

#include "etwdump.h"
#include "common/json.h"

/* UTF-8 text as XML character data (or an attribute value). */
void put_xml_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");

	for (; *p; p++) {
		switch (*p) {
		case '<': fputs_unlocked("&lt;", f); break;
		case '>': fputs_unlocked("&gt;", f); break;
		case '&': fputs_unlocked("&amp;", f); break;
		case '"': fputs_unlocked("&quot;", f); break;
		case '\'': fputs_unlocked("&apos;", f); break;
		case '\n': case '\r': case '\t':
			fprintf(f, "&#x%X;", *p);
			break;
		default:
			if (*p < 0x20)
				fputs_unlocked("&#xFFFD;", f);	/* not allowed in XML 1.0 */
			else
				putc_unlocked(*p, f);
		}
	}
}

/* A text value in the text format: bare if it is one word, else quoted. */
void put_text_value(FILE *f, const char *s)
{
	const unsigned char *p;
	int quote = !*s;

	for (p = (const unsigned char *)s; *p && !quote; p++)
		quote = *p <= ' ' || *p == '"' || *p == '=' || *p == '\\' || *p == 0x7F;
	if (!quote) {
		fputs_unlocked(s, f);
		return;
	}
	putc_unlocked('"', f);
	json_escape(f, s);
	putc_unlocked('"', f);
}

/* FILETIME to ns since 1970; a raw session clock (--raw-time) as is. */
long long filetime_ns(LONGLONG ft)
{
	if (dump.raw)
		return ft;
	return (ft - 116444736000000000LL) * 100;
}

/* The synthetic EventTrace header event every trace starts with. */
int event_is_header(PEVENT_RECORD er)
{
	return IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid) &&
	       er->EventHeader.EventDescriptor.Opcode == 0;
}
