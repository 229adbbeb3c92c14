// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: text for the formats -- XML character data, the text format's
 * values, times for the file formats.
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "common/json.h"

/* UTF-8 text as XML character data (or an attribute value). */
void ob_xml_str(struct obuf *o, const char *s)
{
	static const char hx[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run = p;

	for (;; p++) {
		unsigned char c = *p;
		char ent[6] = { '&', '#', 'x', 0, ';', 0 };

		if (c >= 0x20 && c != '<' && c != '>' && c != '&' && c != '"' && c != '\'')
			continue;
		if (p > run)
			ob_put(o, run, (size_t)(p - run));
		run = p + 1;
		switch (c) {
		case 0:
			return;
		case '<': ob_lit(o, "&lt;"); break;
		case '>': ob_lit(o, "&gt;"); break;
		case '&': ob_lit(o, "&amp;"); break;
		case '"': ob_lit(o, "&quot;"); break;
		case '\'': ob_lit(o, "&apos;"); break;
		case '\n': case '\r': case '\t':
			ent[3] = hx[c];		/* &#xA; &#xD; &#x9; */
			ob_put(o, ent, 5);
			break;
		default:
			ob_lit(o, "&#xFFFD;");	/* not allowed in XML 1.0 */
		}
	}
}

/* A text value in the text format: bare if it is one word, else quoted. */
void ob_text_value_n(struct obuf *o, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	for (; p < end; p++)
		if (*p <= ' ' || *p == '"' || *p == '=' || *p == '\\' || *p == 0x7F)
			break;
	if (n && p == end) {
		ob_put(o, s, n);
		return;
	}
	ob_putc(o, '"');
	json_escape_buf(o, s);
	ob_putc(o, '"');
}

void ob_text_value(struct obuf *o, const char *s)
{
	ob_text_value_n(o, s, strlen(s));
}

void ob_event_time(struct obuf *o, LONGLONG t)
{
	char *at;

	if (dump.raw) {
		ob_i64(o, t);
		return;
	}
	at = ob_room(o, 96);
	iso_time(t, at);
	ob_commit(o, strlen(at));
}

/* FILETIME to ns since 1970; a raw session clock (--raw-time) as is. */
long long filetime_ns(LONGLONG ft)
{
	if (dump.raw)
		return ft;
	return filetime_to_unix_ns(ft);
}

/* The synthetic EventTrace header event every trace starts with. */
int event_is_header(PEVENT_RECORD er)
{
	return IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid) &&
	       er->EventHeader.EventDescriptor.Opcode == 0;
}
