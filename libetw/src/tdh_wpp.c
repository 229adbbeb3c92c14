// SPDX-License-Identifier: MIT
/*
 * WPP (TraceMessage) events decoded with TMF files -- what tracefmt and
 * TdhGetWppMessage do on Windows.  A message's format is in
 * <message GUID>.tmf in one of the search path's directories (';' or ':'
 * separated: TDH_CONTEXT_WPP_TMFSEARCHPATH, else TRACE_FORMAT_SEARCH_PATH),
 * or in the one TMF file TDH_CONTEXT_WPP_TMFFILE names:
 *
 *   <message GUID> <name> // SRC=main.c
 *   #typev main_c22 10 "%0%10!s!: round %11!d!" //   LEVEL=... FLAGS=...
 *   {
 *   __func__, ItemString -- 10
 *   round, ItemLong -- 11
 *   }
 *
 * %0 is the prefix (not formatted here), %N!spec! the N-th argument
 * (arguments are numbered from 10, in the order of their data) printed
 * with printf's spec, %% a percent sign.  Item types give each
 * argument's size: ItemLong/ULong (4), ItemLongLong/ULongLong (8),
 * ItemChar (1), ItemPtr (the pointer size of the event), ItemDouble (8),
 * ItemGuid (16), ItemString (NUL-terminated), ItemWString (UTF-16, NUL-
 * terminated), ItemNTSTATUS/ItemHRESULT/ItemWINERROR (4, printed as
 * their text), ItemListLong(a,b,...) (4, printed as the value's name).
 *
 * Without a TMF for the message: ERROR_NOT_FOUND, as TDH answers
 * TdhGetEventInformation for any WPP event.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "tdh_internal.h"
#include "tdh_wpp.h"
#include "shared/etw_utf.h"

struct arg {
	char item[64];
	unsigned no;
};

/* The #typev line and argument list of message @number in @path. */
static int find_message(const char *path, const char *guid, unsigned number,
			char *fmt, size_t fmtroom, struct arg *args, unsigned *nargs)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int in_guid = 0, found = 0;

	if (!f)
		return -ENOENT;
	*nargs = 0;
	while (fgets(line, sizeof(line), f)) {
		char name[256], *q;
		unsigned no;

		if (!strncasecmp(line, guid, 36)) {
			in_guid = 1;	/* a file of several GUIDs (TMF_FILE) */
			continue;
		}
		if (found == 1) {
			if (line[0] == '{')
				continue;
			if (line[0] == '}')
				break;
			q = strstr(line, ", ");
			if (q && *nargs < 64 && sscanf(q + 2, "%63s -- %u", args[*nargs].item,
							 &args[*nargs].no) == 2)
				(*nargs)++;
			continue;
		}
		if (!in_guid || strncmp(line, "#typev", 6) ||
		    sscanf(line + 6, "%255s %u", name, &no) != 2 || no != number)
			continue;
		q = strchr(line, '"');
		if (!q)
			continue;
		snprintf(fmt, fmtroom, "%s", q + 1);
		q = strrchr(fmt, '"');
		if (q)
			*q = 0;
		found = 1;
	}
	fclose(f);
	return found ? 0 : -ENOENT;
}

static int locate(const char *search, const char *guid, unsigned number,
		  char *fmt, size_t room, struct arg *args, unsigned *nargs)
{
	char dir[1024], path[1200];
	const char *p = search;

	if (!p)
		return -ENOENT;
	while (*p) {
		size_t n = strcspn(p, ";:");

		if (n && n < sizeof(dir)) {
			memcpy(dir, p, n);
			dir[n] = 0;
			snprintf(path, sizeof(path), "%s/%s.tmf", dir, guid);
			if (!find_message(path, guid, number, fmt, room, args, nargs))
				return 0;
			/* A TMF file named directly (TDH_CONTEXT_WPP_TMFFILE). */
			if (!find_message(dir, guid, number, fmt, room, args, nargs))
				return 0;
		}
		p += n;
		if (*p)
			p++;
	}
	return -ENOENT;
}

#define OUT(...) do { size_t l_ = strlen(out); \
	snprintf(out + l_, room > l_ ? room - l_ : 0, __VA_ARGS__); } while (0)

static void item_name(const char *item, unsigned v, char *buf, size_t n)
{
	const char *p = strchr(item, '(');
	unsigned i = 0;

	snprintf(buf, n, "%u", v);
	while (p && *p && *p != ')') {
		size_t len = strcspn(p + 1, ",)");

		if (i++ == v) {
			snprintf(buf, n, "%.*s", (int)len, p + 1);
			return;
		}
		p += len + 1;
	}
}

/* One argument's text, consuming its bytes from *d (@end the end). */
static int format_arg(const struct arg *a, const char *spec, const uint8_t **d,
		      const uint8_t *end, unsigned psize, char *buf, size_t n)
{
	char pf[40];
	uint32_t u32;
	uint64_t u64;
	size_t left = (size_t)(end - *d);

	/*
	 * The TMF's printf spec, when its conversion fits the item (a file
	 * cannot make a number print as a string); else the item's own.
	 */
	{
		int is_ll = strstr(a->item, "LongLong") != NULL;
		int is_dbl = !strcmp(a->item, "ItemDouble");
		char conv = spec && *spec ? spec[strlen(spec) - 1] : 0;
		int fits = spec && strspn(spec, "-+ #0123456789.l") == strlen(spec) - 1 &&
			   (is_dbl ? strchr("eEfgG", conv) != NULL :
			    strchr("diuxXo", conv) != NULL) &&
			   (strstr(spec, "ll") != NULL) == is_ll && conv;

		if (fits)
			snprintf(pf, sizeof(pf), "%%%s", spec);
		else
			snprintf(pf, sizeof(pf), "%s", is_dbl ? "%g" : is_ll ? "%lld" : "%u");
		if (!strcmp(a->item, "ItemLong") && !fits)
			snprintf(pf, sizeof(pf), "%%d");
	}
	if (!strcmp(a->item, "ItemString")) {
		size_t len = strnlen((const char *)*d, left);

		snprintf(buf, n, "%.*s", (int)len, (const char *)*d);
		*d += len + (len < left);
	} else if (!strcmp(a->item, "ItemWString")) {
		size_t units = 0;
		WCHAR w[512];

		while ((units + 1) * 2 <= left && units < 511 &&
		       ((*d)[units * 2] || (*d)[units * 2 + 1]))
			units++;
		memcpy(w, *d, units * 2);
		w[units] = 0;
		etw_utf16_to_utf8(w, units, buf, n);
		*d += units * 2 + ((units + 1) * 2 <= left ? 2 : 0);
	} else if (!strcmp(a->item, "ItemChar")) {
		if (left < 1)
			return -EINVAL;
		snprintf(buf, n, "%c", (char)**d);
		*d += 1;
	} else if (!strcmp(a->item, "ItemGuid")) {
		const uint8_t *g = *d;

		if (left < 16)
			return -EINVAL;
		snprintf(buf, n, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11],
			 g[12], g[13], g[14], g[15]);
		*d += 16;
	} else if (!strcmp(a->item, "ItemLongLong") || !strcmp(a->item, "ItemULongLong") ||
		   !strcmp(a->item, "ItemDouble") ||
		   (!strcmp(a->item, "ItemPtr") && psize == 8)) {
		double dv;

		if (left < 8)
			return -EINVAL;
		memcpy(&u64, *d, 8);
		*d += 8;
		if (!strcmp(a->item, "ItemDouble")) {
			memcpy(&dv, &u64, 8);
			snprintf(buf, n, pf, dv);
		} else if (!strcmp(a->item, "ItemPtr"))
			snprintf(buf, n, "0x%016llX", (unsigned long long)u64);
		else
			snprintf(buf, n, pf, (long long)u64);
	} else {
		if (left < 4)
			return -EINVAL;
		memcpy(&u32, *d, 4);
		*d += 4;
		if (!strcmp(a->item, "ItemNTSTATUS"))
			tdh_error_text(TDH_OUTTYPE_NTSTATUS, u32, buf, n);
		else if (!strcmp(a->item, "ItemHRESULT"))
			tdh_error_text(TDH_OUTTYPE_HRESULT, u32, buf, n);
		else if (!strcmp(a->item, "ItemWINERROR"))
			tdh_error_text(TDH_OUTTYPE_WIN32ERROR, u32, buf, n);
		else if (!strncmp(a->item, "ItemListLong", 12))
			item_name(a->item, u32, buf, n);
		else if (!strcmp(a->item, "ItemPtr"))
			snprintf(buf, n, "0x%08X", u32);
		else if (!strcmp(a->item, "ItemLong"))
			snprintf(buf, n, pf, (int)u32);
		else
			snprintf(buf, n, pf, u32);
	}
	return 0;
}

int tdh_wpp_format(const EVENT_RECORD *e, const char *search, char *out, size_t room)
{
	const EVENT_HEADER *h = &e->EventHeader;
	const GUID *g = &h->ProviderId;
	const uint8_t *d = e->UserData, *end = d + e->UserDataLength;
	unsigned psize = h->Flags & EVENT_HEADER_FLAG_32_BIT_HEADER ? 4 : 8;
	char guid[40], fmt[4096], val[1024];
	static struct arg args[64];
	unsigned nargs, i;
	const char *p;

	if (!(h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) || !room)
		return -ENOENT;
	snprintf(guid, sizeof(guid), "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1], g->Data4[2],
		 g->Data4[3], g->Data4[4], g->Data4[5], g->Data4[6], g->Data4[7]);
	if (!search)
		search = getenv("TRACE_FORMAT_SEARCH_PATH");
	if (locate(search, guid, h->EventDescriptor.Id, fmt, sizeof(fmt), args, &nargs))
		return -ENOENT;
	out[0] = 0;
	for (p = fmt; *p; p++) {
		unsigned no;
		int used;
		char spec[32];

		if (*p == '\\' && p[1]) {
			p++;
			OUT("%c", *p == 'n' ? '\n' : *p == 't' ? '\t' : *p);
			continue;
		}
		if (*p != '%') {
			OUT("%c", *p);
			continue;
		}
		if (p[1] == '%') {
			OUT("%%");
			p++;
			continue;
		}
		if (p[1] == '0') {	/* the prefix: the consumer's business */
			p++;
			continue;
		}
		if (sscanf(p + 1, "%u!%31[^!]!%n", &no, spec, &used) != 2) {
			OUT("%%");
			continue;
		}
		p += used;
		/* Arguments are laid out in order: decode up to this one. */
		{
			const uint8_t *q = e->UserData;

			val[0] = 0;
			for (i = 0; i < nargs; i++) {
				int r = format_arg(&args[i], args[i].no == no ? spec : NULL,
						   &q, end, psize, val, sizeof(val));

				if (r)
					return r;
				if (args[i].no == no)
					break;
			}
			OUT("%s", i < nargs ? val : "?");
		}
	}
	(void)d;
	return 0;
}

/* --- The TDH decoding handle API (tdh.h) --- */

struct tdh_decoding {
	char search[2048];
};

ETW_EXPORT TDHSTATUS __stdcall TdhOpenDecodingHandle(PTDH_HANDLE Handle)
{
	struct tdh_decoding *t;

	if (!Handle)
		return ERROR_INVALID_PARAMETER;
	t = calloc(1, sizeof(*t));
	if (!t)
		return ERROR_NOT_ENOUGH_MEMORY;
	*Handle = t;
	return ERROR_SUCCESS;
}

ETW_EXPORT TDHSTATUS __stdcall TdhCloseDecodingHandle(TDH_HANDLE Handle)
{
	if (!Handle)
		return ERROR_INVALID_PARAMETER;
	free(Handle);
	return ERROR_SUCCESS;
}

ETW_EXPORT TDHSTATUS __stdcall TdhSetDecodingParameter(TDH_HANDLE Handle,
						       PTDH_CONTEXT TdhContext)
{
	struct tdh_decoding *t = Handle;
	const WCHAR *w;

	if (!t || !TdhContext)
		return ERROR_INVALID_PARAMETER;
	switch (TdhContext->ParameterType) {
	case TDH_CONTEXT_WPP_TMFSEARCHPATH:
	case TDH_CONTEXT_WPP_TMFFILE:
		w = (const WCHAR *)(uintptr_t)TdhContext->ParameterValue;
		if (!w)
			t->search[0] = 0;
		else
			etw_utf16_to_utf8(w, SIZE_MAX, t->search, sizeof(t->search));
		return ERROR_SUCCESS;
	case TDH_CONTEXT_WPP_GMT:
	case TDH_CONTEXT_POINTERSIZE:
	case TDH_CONTEXT_PDB_PATH:
		return ERROR_SUCCESS;
	default:
		return ERROR_INVALID_PARAMETER;
	}
}

/*
 * The formatted message (UTF-16, NUL-terminated) of a WPP event;
 * ERROR_NOT_FOUND without its TMF, ERROR_INSUFFICIENT_BUFFER with the
 * size needed in *BufferSize.
 */
ETW_EXPORT TDHSTATUS __stdcall TdhGetWppMessage(TDH_HANDLE Handle,
						PEVENT_RECORD EventRecord,
						PULONG BufferSize, PBYTE Buffer)
{
	struct tdh_decoding *t = Handle;
	char text[8192];
	size_t bytes;
	int r;

	if (!t || !EventRecord || !BufferSize)
		return ERROR_INVALID_PARAMETER;
	r = tdh_wpp_format(EventRecord, t->search[0] ? t->search : NULL, text, sizeof(text));
	if (r == -ENOENT)
		return ERROR_NOT_FOUND;
	if (r)
		return ERROR_EVT_INVALID_EVENT_DATA;
	bytes = etw_utf8_to_utf16z(text, strlen(text), NULL, 0);
	if (!Buffer || *BufferSize < bytes) {
		*BufferSize = (ULONG)bytes;
		return ERROR_INSUFFICIENT_BUFFER;
	}
	etw_utf8_to_utf16z(text, strlen(text), Buffer, bytes);
	*BufferSize = (ULONG)bytes;
	return ERROR_SUCCESS;
}
