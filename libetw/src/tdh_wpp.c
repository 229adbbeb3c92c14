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
 * with the spec (printf's, with Windows' I64/I/l/h length modifiers),
 * %% a percent sign, %!FUNC!/%!LEVEL!/%!FLAGS!/%!COMPNAME!/%!SUBCOMP! the
 * FUNC=/LEVEL=/FLAGS=/COMPNAME=/SUBCOMP= of the #typev line's comment,
 * %!FILE! the GUID line's SRC=, %!LINE! the line the #typev name ends in.  Item types give each argument's size:
 * ItemChar (1), ItemShort (2), ItemLong (4), ItemLongLong(X/XX/O) and
 * ItemULongLong (8), ItemPtr (the event's pointer size, printed as
 * Windows' %p does: hex digits, no 0x), ItemDouble (8), ItemGuid (16),
 * ItemString/ItemWString (NUL-terminated), ItemPString/ItemPWString (a
 * USHORT byte count and the bytes), ItemIPAddr, ItemPort,
 * ItemListByte/Short/Long(a,b,...) (the value's name), ItemSet* (the
 * names of its bits), ItemNTSTATUS (as tracefmt shows it: STATUS_SUCCESS,
 * 0xC00000BB(STATUS_NOT_SUPPORTED)), ItemHRESULT/ItemWINERROR (their
 * message text).
 *
 * Without a TMF for the message: ERROR_NOT_FOUND, as on Windows.
 * tdh_wpp_props.c gives the same TMF's facts to TDH's property API.
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

#define MAX_ARGS 64

struct arg {
	char item[256];		/* ItemLong, ItemListLong(a,b), ... */
	unsigned no;		/* %N in the text */
	size_t off, len;	/* its bytes in the event's data */
};

/* One message of a TMF file: its text, comment keys and arguments. */
struct tmf_msg {
	char fmt[4096];
	struct tdh_wpp_meta meta;	/* GUID line, #typev name, keys */
	struct arg args[MAX_ARGS];
	unsigned nargs;
};

/* "KEY=value" of a #typev line's comment into @out. */
static void comment_key(const char *comment, const char *key, char *out, size_t room)
{
	const char *p = comment;
	size_t n = strlen(key);

	out[0] = 0;
	while ((p = strstr(p, key)) != NULL) {
		if ((p == comment || p[-1] == ' ') && p[n] == '=') {
			p += n + 1;
			snprintf(out, room, "%.*s", (int)strcspn(p, " \r\n"), p);
			return;
		}
		p += n;
	}
}

/* "expression, ItemType -- 12": the item and number, from the end (the
 * expression may hold ", " itself, the item "(a,b)"). */
static int arg_line(const char *line, struct arg *a)
{
	const char *dash = strstr(line, " -- "), *q;
	int depth = 0;

	if (!dash || sscanf(dash + 4, "%u", &a->no) != 1)
		return -1;
	for (q = dash; q > line; q--) {
		if (*q == ')')
			depth++;
		else if (*q == '(' && depth)
			depth--;
		else if (!depth && q[-1] == ',' && q[0] == ' ')
			break;
	}
	while (q < dash && *q == ' ')
		q++;
	snprintf(a->item, sizeof(a->item), "%.*s", (int)(dash - q), q);
	return a->item[0] ? 0 : -1;
}

/* Message @number of @guid in TMF file @path. */
static int find_message(const char *path, const char *guid, unsigned number,
			struct tmf_msg *m)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int in_guid = 0, found = 0;

	if (!f)
		return -ENOENT;
	m->nargs = 0;
	while (fgets(line, sizeof(line), f)) {
		char name[256], *q, *end;
		unsigned no;

		if (!strncasecmp(line, guid, 36)) {
			const char *src = strstr(line, "SRC=");

			in_guid = 1;	/* a file of several GUIDs (TMF_FILE) */
			/* "<GUID> <name> // SRC=<file> MJ= MN=" */
			if (sscanf(line + 36, "%127s", m->meta.guid_name) != 1 ||
			    !strncmp(m->meta.guid_name, "//", 2))
				m->meta.guid_name[0] = 0;
			m->meta.file[0] = 0;
			if (src)
				snprintf(m->meta.file, sizeof(m->meta.file), "%.*s",
					 (int)strcspn(src + 4, " \r\n"), src + 4);
			continue;
		}
		if (found == 1) {
			if (line[0] == '{')
				continue;
			if (line[0] == '}')
				break;
			if (m->nargs < MAX_ARGS && !arg_line(line, &m->args[m->nargs]))
				m->nargs++;
			continue;
		}
		if (!in_guid || strncmp(line, "#typev", 6) ||
		    sscanf(line + 6, "%255s %u", name, &no) != 2 || no != number)
			continue;
		q = strchr(line, '"');
		end = strstr(line, "\" //");
		if (!end)
			end = strrchr(line, '"');
		if (!q || !end || end <= q)
			continue;
		snprintf(m->fmt, sizeof(m->fmt), "%.*s", (int)(end - q - 1), q + 1);
		snprintf(m->meta.type_name, sizeof(m->meta.type_name), "%s", name);
		/* the #typev name ends in the source line: main_c22 */
		q = name + strlen(name);
		while (q > name && q[-1] >= '0' && q[-1] <= '9')
			q--;
		m->meta.line = (unsigned)strtoul(q, NULL, 10);
		comment_key(end, "FUNC", m->meta.func, sizeof(m->meta.func));
		comment_key(end, "LEVEL", m->meta.level, sizeof(m->meta.level));
		comment_key(end, "FLAGS", m->meta.flags, sizeof(m->meta.flags));
		comment_key(end, "COMPNAME", m->meta.comp, sizeof(m->meta.comp));
		comment_key(end, "SUBCOMP", m->meta.subcomp, sizeof(m->meta.subcomp));
		found = 1;
	}
	fclose(f);
	return found ? 0 : -ENOENT;
}

static int locate(const char *search, const char *guid, unsigned number,
		  struct tmf_msg *m)
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
			if (!find_message(path, guid, number, m))
				return 0;
			/* A TMF file named directly (TDH_CONTEXT_WPP_TMFFILE). */
			if (!find_message(dir, guid, number, m))
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

static int is_item(const char *item, const char *name)
{
	return !strcmp(item, name);
}

/* Bytes of fixed-size items; 0 for the variable ones. */
static size_t item_size(const char *item, unsigned psize)
{
	static const struct { const char *name; size_t size; } sizes[] = {
		{ "ItemChar", 1 }, { "ItemUChar", 1 }, { "ItemListByte", 1 }, { "ItemSetByte", 1 },
		{ "ItemShort", 2 }, { "ItemListShort", 2 }, { "ItemSetShort", 2 }, { "ItemPort", 2 },
		{ "ItemLong", 4 }, { "ItemULong", 4 }, { "ItemListLong", 4 }, { "ItemSetLong", 4 },
		{ "ItemNTSTATUS", 4 }, { "ItemHRESULT", 4 }, { "ItemWINERROR", 4 },
		{ "ItemIPAddr", 4 }, { "ItemLongLong", 8 }, { "ItemULongLong", 8 },
		{ "ItemLongLongX", 8 }, { "ItemLongLongXX", 8 }, { "ItemLongLongO", 8 },
		{ "ItemDouble", 8 }, { "ItemGuid", 16 },
	};
	size_t i, n = strcspn(item, "(");

	if (!strcmp(item, "ItemPtr"))
		return psize;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (strlen(sizes[i].name) == n && !strncmp(item, sizes[i].name, n))
			return sizes[i].size;
	return 0;
}

/* Where each argument's bytes are: they follow one another in order. */
static int layout(struct tmf_msg *m, const uint8_t *d, size_t len, unsigned psize)
{
	size_t off = 0, n;
	unsigned i;

	for (i = 0; i < m->nargs; i++) {
		const char *it = m->args[i].item;

		if (is_item(it, "ItemString") || is_item(it, "ItemRString")) {
			n = off < len ? strnlen((const char *)d + off, len - off) : 0;
			m->args[i].off = off;
			m->args[i].len = n;
			n += off + n < len;
		} else if (is_item(it, "ItemWString") || is_item(it, "ItemRWString")) {
			for (n = 0; off + n + 2 <= len && (d[off + n] || d[off + n + 1]); n += 2)
				;
			m->args[i].off = off;
			m->args[i].len = n;
			n += off + n + 2 <= len ? 2 : 0;
		} else if (is_item(it, "ItemPString") || is_item(it, "ItemPWString")) {
			uint16_t l;

			if (off + 2 > len)
				return -EINVAL;
			memcpy(&l, d + off, 2);
			if (off + 2 + l > len)
				return -EINVAL;
			m->args[i].off = off + 2;
			m->args[i].len = l;
			n = 2 + (size_t)l;
		} else {
			n = item_size(it, psize);
			if (!n || off + n > len)
				return -EINVAL;
			m->args[i].off = off;
			m->args[i].len = n;
		}
		off += n;
	}
	return 0;
}

/* The name at position @v of "ItemListLong(a,b,c)", or NULL. */
static int list_name(const char *item, uint64_t v, char *buf, size_t n)
{
	const char *p = strchr(item, '(');
	uint64_t i = 0;

	while (p && *p && *p != ')') {
		size_t len = strcspn(p + 1, ",)");

		if (i++ == v) {
			snprintf(buf, n, "%.*s", (int)len, p + 1);
			return 0;
		}
		p += len + 1;
	}
	return -1;
}

/*
 * A TMF format spec ("08x", "ld", "I64u", "Iu", "hd", ".4f", "p", "s")
 * as the flags/width/precision part and the conversion.
 */
static char split_spec(const char *spec, char *prefix, size_t room)
{
	size_t k = strspn(spec, "-+ #0123456789.");
	size_t len = strlen(spec);

	snprintf(prefix, room, "%.*s", (int)(k < room ? k : room - 1), spec);
	return len ? spec[len - 1] : 0;
}

static void format_number(const struct arg *a, const uint8_t *p, const char *spec,
			  unsigned psize, char *buf, size_t n)
{
	char prefix[24], pf[40];
	char conv = split_spec(spec, prefix, sizeof(prefix));
	uint64_t u = 0;
	int64_t sv;
	size_t size = a->len;

	memcpy(&u, p, size);		/* little-endian */
	sv = size == 8 ? (int64_t)u : size == 4 ? (int32_t)u : size == 2 ? (int16_t)u :
	     (int8_t)u;
	if (is_item(a->item, "ItemPtr") && (conv == 'p' || !conv)) {
		/* Windows' %p: the pointer's hex digits, no 0x */
		snprintf(buf, n, "%0*llX", psize == 4 ? 8 : 16, (unsigned long long)u);
		return;
	}
	if (conv == 'c' && size == 1) {
		snprintf(buf, n, "%c", (char)u);
		return;
	}
	if (!strchr("diuxXo", conv) || !conv)
		conv = is_item(a->item, "ItemLongLongX") ? 'x' :
		       is_item(a->item, "ItemLongLongXX") ? 'X' :
		       is_item(a->item, "ItemLongLongO") ? 'o' :
		       is_item(a->item, "ItemULongLong") ? 'u' : 'd';
	snprintf(pf, sizeof(pf), "%%%sll%c", prefix, conv);
	if (conv == 'd' || conv == 'i')
		snprintf(buf, n, pf, (long long)sv);
	else
		snprintf(buf, n, pf, (unsigned long long)u);
}

/* One argument's text, with the TMF's printf @spec where it fits. */
static void format_arg(const struct arg *a, const uint8_t *d, const char *spec,
		       unsigned psize, char *buf, size_t n)
{
	const uint8_t *p = d + a->off;
	char prefix[24], pf[40], conv = split_spec(spec, prefix, sizeof(prefix));
	uint32_t u32 = 0;

	if (a->len == 4)
		memcpy(&u32, p, 4);
	if (is_item(a->item, "ItemString") || is_item(a->item, "ItemRString") ||
	    is_item(a->item, "ItemPString")) {
		snprintf(pf, sizeof(pf), "%%%s.*s", strchr(prefix, '.') ? "" : prefix);
		snprintf(buf, n, pf, (int)a->len, (const char *)p);
	} else if (is_item(a->item, "ItemWString") || is_item(a->item, "ItemRWString") ||
		   is_item(a->item, "ItemPWString")) {
		WCHAR w[1024];
		size_t units = a->len / 2 < 1023 ? a->len / 2 : 1023;

		memcpy(w, p, units * 2);
		w[units] = 0;
		etw_utf16_to_utf8(w, units, buf, n);
	} else if (is_item(a->item, "ItemGuid")) {
		snprintf(buf, n, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
			 p[3], p[2], p[1], p[0], p[5], p[4], p[7], p[6], p[8], p[9], p[10], p[11],
			 p[12], p[13], p[14], p[15]);
	} else if (is_item(a->item, "ItemDouble")) {
		double dv;

		memcpy(&dv, p, 8);
		snprintf(pf, sizeof(pf), "%%%s%c", prefix, conv && strchr("eEfgG", conv) ? conv : 'g');
		snprintf(buf, n, pf, dv);
	} else if (is_item(a->item, "ItemNTSTATUS")) {
		/* As tracefmt (traceprt) shows it: the symbol, with the value */
		const char *name = tdh_ntstatus_name(u32);

		if (!u32 && name)
			snprintf(buf, n, "%s", name);
		else if (name)
			snprintf(buf, n, "0x%08X(%s)", u32, name);
		else
			snprintf(buf, n, "0x%08X", u32);
	} else if (is_item(a->item, "ItemHRESULT")) {
		tdh_error_text(TDH_OUTTYPE_HRESULT, u32, buf, n);
	} else if (is_item(a->item, "ItemWINERROR")) {
		tdh_error_text(TDH_OUTTYPE_WIN32ERROR, u32, buf, n);
	} else if (is_item(a->item, "ItemIPAddr")) {
		snprintf(buf, n, "%u.%u.%u.%u", p[0], p[1], p[2], p[3]);
	} else if (is_item(a->item, "ItemPort")) {
		snprintf(buf, n, "%u", (unsigned)p[0] << 8 | p[1]);
	} else if (!strncmp(a->item, "ItemList", 8)) {
		uint64_t v = 0;

		memcpy(&v, p, a->len);
		if (list_name(a->item, v, buf, n))
			snprintf(buf, n, "%llu", (unsigned long long)v);
	} else if (!strncmp(a->item, "ItemSet", 7)) {
		uint64_t v = 0, bit;
		unsigned i;

		memcpy(&v, p, a->len);
		buf[0] = 0;
		for (i = 0, bit = 1; i < 8 * a->len; i++, bit <<= 1) {
			char name[128];

			if (!(v & bit) || list_name(a->item, i, name, sizeof(name)))
				continue;
			snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", buf[0] ? "|" : "", name);
		}
	} else {
		format_number(a, p, spec, psize, buf, n);
	}
}

int tdh_wpp_describe(const EVENT_RECORD *e, const char *search, char *out,
		     size_t room, struct tdh_wpp_meta *meta)
{
	const EVENT_HEADER *h = &e->EventHeader;
	const GUID *g = &h->ProviderId;
	const uint8_t *d = e->UserData;
	unsigned psize = h->Flags & EVENT_HEADER_FLAG_32_BIT_HEADER ? 4 : 8;
	char guid[40], val[1024];
	struct tmf_msg *m;
	const char *p;
	int r = 0;

	if (!(h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) || !room)
		return -ENOENT;
	snprintf(guid, sizeof(guid), "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1], g->Data4[2],
		 g->Data4[3], g->Data4[4], g->Data4[5], g->Data4[6], g->Data4[7]);
	if (!search)
		search = getenv("TRACE_FORMAT_SEARCH_PATH");
	m = malloc(sizeof(*m));
	if (!m)
		return -ENOMEM;
	if (locate(search, guid, h->EventDescriptor.Id, m)) {
		free(m);
		return -ENOENT;
	}
	if (meta)
		*meta = m->meta;
	if (layout(m, d, e->UserDataLength, psize)) {
		free(m);
		return -EINVAL;
	}
	out[0] = 0;
	for (p = m->fmt; *p; p++) {
		unsigned no, i;
		int used;
		char spec[32];

		if (*p == '\\' && p[1]) {
			p++;
			OUT("%c", *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'r' ? '\r' : *p);
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
		/*
		 * %!FUNC!, %!LEVEL!, %!FLAGS!, %!COMPNAME!, %!SUBCOMP! of
		 * Windows' TMFs: the comment's; %!FILE!, %!LINE!: the source's
		 */
		if (p[1] == '!') {
			static const char *const keys[] = { "FUNC", "LEVEL", "FLAGS",
				"COMPNAME", "SUBCOMP", "FILE", "LINE" };
			const struct tdh_wpp_meta *t = &m->meta;
			const char *vals[] = { t->func, t->level, t->flags, t->comp,
					       t->subcomp, t->file, NULL };
			size_t k, kl;

			for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
				kl = strlen(keys[k]);
				if (!strncmp(p + 2, keys[k], kl) && p[2 + kl] == '!')
					break;
			}
			if (k < sizeof(keys) / sizeof(keys[0])) {
				if (vals[k])
					OUT("%s", vals[k]);
				else
					OUT("%u", t->line);
				p += 2 + kl;
				continue;
			}
		}
		if (sscanf(p + 1, "%u!%31[^!]!%n", &no, spec, &used) != 2) {
			OUT("%%");
			continue;
		}
		p += used;
		for (i = 0; i < m->nargs && m->args[i].no != no; i++)
			;
		if (i == m->nargs) {
			OUT("?");
			continue;
		}
		format_arg(&m->args[i], d, spec, psize, val, sizeof(val));
		OUT("%s", val);
	}
	free(m);
	return r;
}

int tdh_wpp_format(const EVENT_RECORD *e, const char *search, char *out, size_t room)
{
	return tdh_wpp_describe(e, search, out, room, NULL);
}

/* --- The TDH decoding handle API (tdh.h) --- */

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
		t->gmt = TdhContext->ParameterValue != 0;
		return ERROR_SUCCESS;
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
	r = tdh_wpp_format(EventRecord, tdh_wpp_search(t), text, sizeof(text));
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
