// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: text for the formats -- XML character data, the text format's
 * values, times for the file formats, Win32 status names.
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

const char *win32_name(ULONG e)
{
	switch (e) {
	case ERROR_SUCCESS: return "ERROR_SUCCESS";
	case ERROR_FILE_NOT_FOUND: return "ERROR_FILE_NOT_FOUND";
	case ERROR_PATH_NOT_FOUND: return "ERROR_PATH_NOT_FOUND";
	case ERROR_ACCESS_DENIED: return "ERROR_ACCESS_DENIED";
	case ERROR_INVALID_HANDLE: return "ERROR_INVALID_HANDLE";
	case ERROR_NOT_ENOUGH_MEMORY: return "ERROR_NOT_ENOUGH_MEMORY";
	case ERROR_BAD_LENGTH: return "ERROR_BAD_LENGTH";
	case ERROR_NOT_SUPPORTED: return "ERROR_NOT_SUPPORTED";
	case ERROR_INVALID_PARAMETER: return "ERROR_INVALID_PARAMETER";
	case ERROR_BAD_PATHNAME: return "ERROR_BAD_PATHNAME";
	case ERROR_BUSY: return "ERROR_BUSY";
	case ERROR_CANCELLED: return "ERROR_CANCELLED";
	case ERROR_FILE_CORRUPT: return "ERROR_FILE_CORRUPT";
	case ERROR_INVALID_TIME: return "ERROR_INVALID_TIME";
	case ERROR_WMI_INSTANCE_NOT_FOUND: return "ERROR_WMI_INSTANCE_NOT_FOUND";
	case ERROR_WMI_SERVER_UNAVAILABLE: return "ERROR_WMI_SERVER_UNAVAILABLE";
	case ERROR_CTX_CLOSE_PENDING: return "ERROR_CTX_CLOSE_PENDING";
	default: return "error";
	}
}
