// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: GUIDs, times, UTF-16 strings and bytes as text, for every
 * output format.
 */
#include <stdio.h>
#include <time.h>

#include "etwdump.h"

void guid_str(const GUID *g, char out[37])
{
	snprintf(out, 37, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1],
		 g->Data4[2], g->Data4[3], g->Data4[4], g->Data4[5],
		 g->Data4[6], g->Data4[7]);
}

/* FILETIME (100 ns since 1601) as 2024-01-31T12:34:56.1234567Z */
void iso_time(LONGLONG ft, char out[96])
{
	const long long epoch = 116444736000000000LL;
	long long rel = ft - epoch, secs = rel / 10000000, frac = rel % 10000000;
	struct tm tm;
	time_t t;

	if (frac < 0) {
		frac += 10000000;
		secs--;
	}
	t = (time_t)secs;
	if (!gmtime_r(&t, &tm)) {
		snprintf(out, 96, "%lld", ft);
		return;
	}
	snprintf(out, 96, "%04d-%02d-%02dT%02d:%02d:%02d.%07lldZ",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, frac);
}

/* UTF-16LE (@n bytes) to UTF-8 on @f, JSON-escaped when @json. */
void put_utf16(FILE *f, const unsigned char *s, size_t n, int json)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2) {
		unsigned int c = s[i] | s[i + 1] << 8;

		if (!c)
			break;
		if (c >= 0xD800 && c < 0xDC00 && i + 3 < n) {
			unsigned int c2 = s[i + 2] | s[i + 3] << 8;

			if (c2 >= 0xDC00 && c2 < 0xE000) {
				c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
				i += 2;
			} else {
				c = 0xFFFD;
			}
		} else if (c >= 0xD800 && c < 0xE000) {
			c = 0xFFFD;
		}
		if (json && (c == '"' || c == '\\')) {
			fprintf(f, "\\%c", c);
		} else if (c < 0x20) {
			if (json)
				fprintf(f, "\\u%04x", c);
			else
				fputc(c == '\n' || c == '\t' ? ' ' : '?', f);
		} else if (c < 0x80) {
			fputc(c, f);
		} else if (c < 0x800) {
			fputc(0xC0 | c >> 6, f);
			fputc(0x80 | (c & 0x3F), f);
		} else if (c < 0x10000) {
			fputc(0xE0 | c >> 12, f);
			fputc(0x80 | ((c >> 6) & 0x3F), f);
			fputc(0x80 | (c & 0x3F), f);
		} else {
			fputc(0xF0 | c >> 18, f);
			fputc(0x80 | ((c >> 12) & 0x3F), f);
			fputc(0x80 | ((c >> 6) & 0x3F), f);
			fputc(0x80 | (c & 0x3F), f);
		}
	}
}

void put_hex(FILE *f, const void *p, size_t n)
{
	static const char hx[] = "0123456789abcdef";
	const unsigned char *b = p;
	char buf[512];
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		buf[k++] = hx[b[i] >> 4];
		buf[k++] = hx[b[i] & 15];
		if (k == sizeof(buf)) {
			fwrite(buf, 1, k, f);
			k = 0;
		}
	}
	fwrite(buf, 1, k, f);
}

/* UTF-8 text as the inside of a JSON string: runs of plain bytes at once. */
void put_json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : ""), *run = p;

	for (;; p++) {
		unsigned char c = *p;

		if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7F)
			continue;
		if (p > run)
			fwrite_unlocked(run, 1, (size_t)(p - run), f);
		run = p + 1;
		if (!c)
			break;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs_unlocked("\\n", f);
		else if (c == '\r')
			fputs_unlocked("\\r", f);
		else if (c == '\t')
			fputs_unlocked("\\t", f);
		else
			fprintf(f, "\\u%04x", c);
	}
}

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
				fprintf(f, "&#xFFFD;");	/* not allowed in XML 1.0 */
			else
				fputc(*p, f);
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
		fputs(s, f);
		return;
	}
	fputc('"', f);
	put_json_str(f, s);
	fputc('"', f);
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
