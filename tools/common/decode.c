// SPDX-License-Identifier: GPL-2.0-only
/*
 * Decoding an event with TDH, the way a Windows consumer does --
 * TdhGetEventInformation for the schema, then each value as
 * TdhFormatProperty formats it (maps from TdhGetEventMapInformation),
 * arrays by their count (an array of characters as one string, as
 * Windows' decoders show it), structs member by member -- plus the
 * extended items.  The values come from TdhFormatProperty's own formatter in
 * UTF-8 (tdh_format_utf8, libetw/src/tdh_internal.h): the same text,
 * without a round trip through UTF-16 for every field.
 *
 * Schemas and maps are cached (by TraceLogging metadata bytes, or by
 * provider, id and version for manifest events): TDH is asked once per
 * kind of event, not once per event.  Memory for one event's result
 * comes from an arena that the next event reuses.
 */
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/decode.h"
#include "common/obuf.h"
#include "common/guid.h"
#include "shared/etw_utf.h"
#include "tdh_wpp.h"

const char *decode_tmf_path;	/* --tmf; NULL: $TRACE_FORMAT_SEARCH_PATH */
#include "tdh_internal.h"

/* --- per-event arena --- */

struct chunk {
	struct chunk *next;
	size_t len, cap;
	char data[];
};

static struct chunk *chunks, *cur;

static void arena_reset(void)
{
	struct chunk *c;

	for (c = chunks; c; c = c->next)
		c->len = 0;
	cur = chunks;
}

void *da_alloc(size_t n)
{
	n = (n + 7) & ~(size_t)7;
	while (cur && cur->len + n > cur->cap)
		cur = cur->next;
	if (!cur) {
		size_t cap = n > 65536 ? n : 65536;
		struct chunk *c = malloc(sizeof(*c) + cap);

		if (!c) {
			fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
			exit(1);
		}
		c->len = 0;
		c->cap = cap;
		c->next = chunks;
		chunks = c;
		cur = c;
	}
	cur->len += n;
	return cur->data + cur->len - n;
}

/*
 * The free space of the current chunk, at least @n bytes: a value is
 * formatted there and da_commit() keeps what it used.
 */
static inline char *da_room(size_t n, size_t *cap)
{
	char *p;

	if (!cur || cur->cap - cur->len < n) {
		p = da_alloc(n);
		cur->len -= (n + 7) & ~(size_t)7;	/* not taken yet */
	}
	p = cur->data + cur->len;
	if (cap)
		*cap = cur->cap - cur->len;
	return p;
}

/* da_alloc, its common case inline. */
static inline void *da_get(size_t n)
{
	n = (n + 7) & ~(size_t)7;
	if (cur && cur->cap - cur->len >= n) {
		cur->len += n;
		return cur->data + cur->len - n;
	}
	return da_alloc(n);
}

static void da_commit(size_t n)
{
	cur->len += (n + 7) & ~(size_t)7;
}

char *da_str(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(da_get(n), s, n);
}

/* UTF-16LE (@units, or up to a NUL) to UTF-8 in the arena. */
char *da_utf8(const void *u16le, size_t units)
{
	size_t n = etw_utf16_to_utf8(u16le, units, NULL, SIZE_MAX) + 1;
	char *out = da_get(n);

	etw_utf16_to_utf8(u16le, units, out, n);
	return out;
}

/* UTF-16 to UTF-8 in the arena. */
char *da_u16(const WCHAR *w)
{
	return w ? da_utf8(w, SIZE_MAX) : NULL;
}

/* --- schema and map caches --- */

/* A schema from TDH and its strings in UTF-8, converted once. */
/*
 * What decoding a property needs besides its bytes, worked out once per
 * schema: its map (looked up at its first value), and so how its values
 * are written (value_kind, int_kind).
 */
struct pplan {
	EVENT_MAP_INFO *map;
	unsigned char known;	/* the fields below are set */
	unsigned char icls[2];	/* tdh_int_class() for 4- and 8-byte pointers */
	unsigned char isize[2];	/* its size */
	unsigned char kind;	/* enum dn_kind */
	unsigned char is_int, is_signed, hex;
	unsigned char real;	/* FLOAT or DOUBLE shown as a number */
	unsigned char chars;	/* an array of it is a string (tdh_char_size) */
};

struct schema {
	TRACE_EVENT_INFO *t;
	char *provider, *event, *level, *task, *opcode, *channel;
	char *keywords;		/* the list joined with ", " */
	char *message;
	char **pname;		/* each property's name */
	struct pplan *plan;	/* each property's */
	const char *dprovider, *devent;	/* the names shown (decode()) */
};

/*
 * The schemas are kept for the program's life and never freed: the
 * nodes' names point into them (decode.h).
 */
struct info_entry {
	struct info_entry *next;
	uint64_t hash;
	uint32_t keylen;
	unsigned char *key;
	struct schema *s;	/* NULL: TDH said status */
	ULONG status;
};

/* UTF-16 to UTF-8, malloc'ed (NULL for offset 0). */
static char *u16dup(const TRACE_EVENT_INFO *t, ULONG off)
{
	char *a, *r;

	if (!off)
		return NULL;
	a = da_u16((const WCHAR *)((const BYTE *)t + off));
	r = strdup(a ? a : "");
	if (!r) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		exit(1);
	}
	return r;
}

static struct schema *schema_new(TRACE_EVENT_INFO *t)
{
	struct schema *s = calloc(1, sizeof(*s));
	ULONG i;

	if (!s || !(s->pname = calloc(t->PropertyCount + 1, sizeof(char *))) ||
	    !(s->plan = calloc(t->PropertyCount + 1, sizeof(*s->plan)))) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		exit(1);
	}
	s->t = t;
	s->provider = u16dup(t, t->ProviderNameOffset);
	s->event = u16dup(t, t->EventNameOffset);
	s->level = u16dup(t, t->LevelNameOffset);
	s->task = u16dup(t, t->TaskNameOffset);
	s->opcode = u16dup(t, t->OpcodeNameOffset);
	s->channel = u16dup(t, t->ChannelNameOffset);
	s->message = u16dup(t, t->EventMessageOffset);
	for (i = 0; i < t->PropertyCount; i++)
		s->pname[i] = u16dup(t, t->EventPropertyInfoArray[i].NameOffset);
	/*
	 * The names shown.  A MOF class has no event name.  The NT Kernel
	 * Logger's classes all have the provider MSNT_SystemTrace, but each
	 * its own GUID: the class is the provider ("Process"), the type its
	 * event ("Start"), as tracerpt shows them ("Process/Start" in text);
	 * another class's event is "Task/Opcode".
	 */
	s->dprovider = s->provider;
	s->devent = s->event;
	if (t->DecodingSource == DecodingSourceWbem && !s->event && s->task &&
	    s->opcode) {
		if (s->provider && !strcmp(s->provider, "MSNT_SystemTrace")) {
			s->dprovider = s->task;
			s->devent = s->opcode;
		} else {
			size_t n = strlen(s->task) + strlen(s->opcode) + 2;
			char *ev = malloc(n);

			if (!ev) {
				fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
				exit(1);
			}
			snprintf(ev, n, "%s/%s", s->task, s->opcode);
			s->devent = ev;
		}
	}
	if (t->KeywordsNameOffset) {
		/* A list of strings ending with an empty one: join with ", ". */
		const WCHAR *k = TEI_KEYWORDS_NAME(t);
		char all[1024];
		size_t len = 0;

		all[0] = 0;
		while (*k && len < 900) {
			len += (size_t)snprintf(all + len, sizeof(all) - len, "%s%s",
						len ? ", " : "", da_u16(k));
			while (*k)
				k++;
			k++;
		}
		s->keywords = strdup(all);
	}
	return s;
}

#define CACHE_BUCKETS 1024
static struct info_entry *info_cache[CACHE_BUCKETS];

static const EVENT_HEADER_EXTENDED_DATA_ITEM *ext_of(PEVENT_RECORD er, USHORT t)
{
	USHORT i;

	for (i = 0; i < er->ExtendedDataCount; i++)
		if (er->ExtendedData[i].ExtType == t)
			return &er->ExtendedData[i];
	return NULL;
}

/*
 * The cache key: the TraceLogging metadata and traits, or provider, id
 * and version (manifests; for the kernel's MOF classes also the type, and
 * a stack's length); what TdhGetEventInformation's answer depends on.
 */
static size_t info_key(PEVENT_RECORD er, unsigned char *key, size_t room)
{
	const EVENT_HEADER_EXTENDED_DATA_ITEM *tl, *tr;
	const EVENT_HEADER *h = &er->EventHeader;
	size_t n = 0;

	tl = ext_of(er, EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL);
	if (tl) {
		tr = ext_of(er, EVENT_HEADER_EXT_TYPE_PROV_TRAITS);
		if (2 + (size_t)tl->DataSize + (tr ? (size_t)tr->DataSize : 0) > room)
			return 0;
		key[n++] = 'T';
		key[n++] = tr ? (unsigned char)tr->DataSize : 0;
		memcpy(key + n, (void *)(uintptr_t)tl->DataPtr, tl->DataSize);
		n += tl->DataSize;
		if (tr) {
			memcpy(key + n, (void *)(uintptr_t)tr->DataPtr, tr->DataSize);
			n += tr->DataSize;
		}
		return n;
	}
	key[n++] = 'M';
	memcpy(key + n, &h->ProviderId, 16);
	n += 16;
	memcpy(key + n, &h->EventDescriptor.Id, 2);
	n += 2;
	key[n++] = h->EventDescriptor.Version;
	key[n++] = (unsigned char)(h->Flags >> 8);	/* classic / message kinds */
	key[n++] = (unsigned char)h->Flags;
	if (h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) {
		/* MOF classes: the type is the opcode (Id is 0)... */
		key[n++] = h->EventDescriptor.Opcode;
		/* ...and a stack's class has as many frames as it holds. */
		if (IsEqualGUID(&h->ProviderId, &StackWalkGuid)) {
			memcpy(key + n, &er->UserDataLength, 2);
			n += 2;
		}
	}
	return n;
}

/*
 * The last event's key when it had no TraceLogging metadata: what
 * info_key() makes of the header, compared field by field (an event
 * like the one before costs a few compares, not a key).
 */
struct last_key {
	GUID provider;
	USHORT id, flags, len;
	UCHAR version, opcode;
};

static int same_as_last(PEVENT_RECORD er, struct last_key *k, int set)
{
	const EVENT_HEADER *h = &er->EventHeader;
	struct last_key now;

	memset(&now, 0, sizeof(now));
	now.provider = h->ProviderId;
	now.id = h->EventDescriptor.Id;
	now.version = h->EventDescriptor.Version;
	now.flags = h->Flags;
	if (h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) {
		now.opcode = h->EventDescriptor.Opcode;
		if (IsEqualGUID(&h->ProviderId, &StackWalkGuid))
			now.len = er->UserDataLength;
	}
	if (set) {
		*k = now;
		return 1;
	}
	return !memcmp(&now, k, sizeof(now));
}

static ULONG event_info(PEVENT_RECORD er, const struct schema **out)
{
	static unsigned char key[65536 + 512];
	static struct info_entry *last;	/* runs of one kind of event */
	static struct last_key lastk;	/* its key, if it has no metadata */
	static int last_plain;		/* it had none */
	int plain = !ext_of(er, EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL);
	size_t n;
	uint64_t h;
	struct info_entry *e, **b;
	TRACE_EVENT_INFO *t = NULL;
	ULONG size = 0, r;

	if (plain && last && last_plain && same_as_last(er, &lastk, 0)) {
		*out = last->s;
		return last->status;
	}
	n = info_key(er, key, sizeof(key));
	if (n && last && last->keylen == n && !memcmp(last->key, key, n)) {
		*out = last->s;
		if ((last_plain = plain))
			same_as_last(er, &lastk, 1);
		return last->status;
	}
	h = tdh_hash(1469598103934665603ULL, key, n);
	b = &info_cache[h % CACHE_BUCKETS];
	for (e = *b; n && e; e = e->next)
		if (e->hash == h && e->keylen == n && !memcmp(e->key, key, n)) {
			last = e;
			if ((last_plain = plain))
				same_as_last(er, &lastk, 1);
			*out = e->s;
			return e->status;
		}
	*out = NULL;
	r = TdhGetEventInformation(er, 0, NULL, NULL, &size);
	if (r == ERROR_INSUFFICIENT_BUFFER) {
		t = malloc(size);
		r = t ? TdhGetEventInformation(er, 0, NULL, t, &size) :
			ERROR_NOT_ENOUGH_MEMORY;
		if (r) {
			free(t);
			t = NULL;
		}
	}
	if (t)
		*out = schema_new(t);
	if (!n)
		return r;	/* too big to cache (leaks one schema) */
	e = calloc(1, sizeof(*e));
	if (e && (e->key = malloc(n))) {
		memcpy(e->key, key, n);
		e->keylen = (uint32_t)n;
		e->hash = h;
		e->s = (struct schema *)*out;
		e->status = r;
		last = e;
		if ((last_plain = plain))
			same_as_last(er, &lastk, 1);
		e->next = *b;
		*b = e;
	} else {
		free(e);
	}
	return r;
}

struct map_entry {
	struct map_entry *next;
	GUID provider;
	char *name;
	EVENT_MAP_INFO *map;	/* NULL: none */
};

static struct map_entry *maps;

static EVENT_MAP_INFO *event_map(PEVENT_RECORD er, PWSTR name)
{
	const char *n8 = da_u16(name);
	struct map_entry *m;
	ULONG size = 0;

	for (m = maps; m; m = m->next)
		if (IsEqualGUID(&m->provider, &er->EventHeader.ProviderId) &&
		    !strcmp(m->name, n8))
			return m->map;
	m = calloc(1, sizeof(*m));
	if (!m)
		return NULL;
	m->provider = er->EventHeader.ProviderId;
	m->name = strdup(n8);
	if (TdhGetEventMapInformation(er, name, NULL, &size) == ERROR_INSUFFICIENT_BUFFER) {
		m->map = malloc(size);
		if (m->map && TdhGetEventMapInformation(er, name, m->map, &size)) {
			free(m->map);
			m->map = NULL;
		}
	}
	m->next = maps;
	maps = m;
	return m->map;
}

/* --- the fields --- */

struct walk {
	PEVENT_RECORD er;
	TRACE_EVENT_INFO *t;
	const struct schema *s;
	PBYTE p;
	USHORT left;
	ULONG psize;
	unsigned p8;		/* psize == 8 */
	ULONGLONG *vals;	/* each property's integer value */
	ULONG bad;		/* a TdhFormatProperty status */
};

static enum dn_kind value_kind(USHORT in, USHORT out, int mapped)
{
	if (mapped)
		return DK_TEXT;
	if (in == TDH_INTYPE_BOOLEAN || out == TDH_OUTTYPE_BOOLEAN)
		return DK_BOOL;
	if (in >= TDH_INTYPE_INT8 && in <= TDH_INTYPE_DOUBLE &&
	    (out == TDH_OUTTYPE_NULL || (out >= TDH_OUTTYPE_BYTE &&
					 out <= TDH_OUTTYPE_DOUBLE) ||
	     out == TDH_OUTTYPE_PID || out == TDH_OUTTYPE_TID ||
	     out == TDH_OUTTYPE_ETWTIME))
		return DK_NUMBER;
	return DK_TEXT;
}

/*
 * Whether TDH's text for this value is the integer itself (decimal, or
 * hexadecimal for HEXINT and pointers): then the node keeps the value
 * too, signed as @sgn says.
 */
static int int_kind(USHORT in, USHORT out, int mapped, int *sgn, int *hex)
{
	if (mapped)
		return 0;
	switch (in) {
	case TDH_INTYPE_INT8: case TDH_INTYPE_INT16:
	case TDH_INTYPE_INT32: case TDH_INTYPE_INT64:
		*sgn = 1, *hex = 0;
		break;
	case TDH_INTYPE_UINT8: case TDH_INTYPE_UINT16:
	case TDH_INTYPE_UINT32: case TDH_INTYPE_UINT64:
		*sgn = 0, *hex = 0;
		break;
	case TDH_INTYPE_HEXINT32: case TDH_INTYPE_HEXINT64:
	case TDH_INTYPE_POINTER: case TDH_INTYPE_SIZET:
		*sgn = 0, *hex = 1;
		break;
	default:
		return 0;
	}
	/* The OutTypes TdhFormatProperty shows as the number (tdh_format.c). */
	switch (out) {
	case TDH_OUTTYPE_NULL:
		break;
	case TDH_OUTTYPE_BYTE: case TDH_OUTTYPE_SHORT:
	case TDH_OUTTYPE_INT: case TDH_OUTTYPE_LONG:
		*sgn = 1, *hex = 0;
		break;
	case TDH_OUTTYPE_UNSIGNEDBYTE: case TDH_OUTTYPE_UNSIGNEDSHORT:
	case TDH_OUTTYPE_UNSIGNEDINT: case TDH_OUTTYPE_UNSIGNEDLONG:
	case TDH_OUTTYPE_PID: case TDH_OUTTYPE_TID: case TDH_OUTTYPE_ETWTIME:
		*sgn = 0, *hex = 0;
		break;
	case TDH_OUTTYPE_HEXINT8: case TDH_OUTTYPE_HEXINT16:
	case TDH_OUTTYPE_HEXINT32: case TDH_OUTTYPE_HEXINT64:
	case TDH_OUTTYPE_ERRORCODE: case TDH_OUTTYPE_CODE_POINTER:
		*sgn = 0, *hex = 1;
		break;
	default:
		return 0;
	}
	return 1;
}

/* Property @i's plan, worked out at its first value. */
static const struct pplan *plan_of(struct walk *w, ULONG i)
{
	struct pplan *pl = &((struct schema *)w->s)->plan[i];
	const EVENT_PROPERTY_INFO *pi = &w->t->EventPropertyInfoArray[i];
	USHORT in = pi->nonStructType.InType, out = pi->nonStructType.OutType;
	int sgn = 0, hex = 0;

	if (pl->known)
		return pl;
	if (pi->nonStructType.MapNameOffset)
		pl->map = event_map(w->er, (PWSTR)((PBYTE)w->t +
					 pi->nonStructType.MapNameOffset));
	pl->kind = (unsigned char)value_kind(in, out, pl->map != NULL);
	pl->real = pl->kind == DK_NUMBER &&
		   (in == TDH_INTYPE_FLOAT || in == TDH_INTYPE_DOUBLE);
	pl->chars = pl->map ? 0 : (unsigned char)tdh_char_size(in, out);
	pl->is_int = (unsigned char)int_kind(in, out, pl->map != NULL, &sgn, &hex);
	if (!pl->map) {
		uint32_t size = 0;

		pl->icls[0] = (unsigned char)tdh_int_class(in, out, 4, &size);
		pl->isize[0] = (unsigned char)size;
		pl->icls[1] = (unsigned char)tdh_int_class(in, out, 8, &size);
		pl->isize[1] = (unsigned char)size;
	}
	pl->is_signed = (unsigned char)sgn;
	pl->hex = (unsigned char)hex;
	pl->known = 1;
	return pl;
}

/* The little-endian integer of @n bytes at @p (n <= 8). */
static ULONGLONG le_int(const BYTE *p, USHORT n)
{
	uint64_t v = 0;

	switch (n) {
	case 1: return p[0];
	case 2: { uint16_t x; memcpy(&x, p, 2); return le16toh(x); }
	case 4: { uint32_t x; memcpy(&x, p, 4); return le32toh(x); }
	case 8: memcpy(&v, p, 8); return le64toh(v);
	}
	memcpy(&v, p, n);
	return le64toh(v);
}

/* @n's text is integer @v of @used bytes: it keeps the value too. */
static inline void set_int(struct dnode *n, const struct pplan *pl, ULONGLONG v,
			   USHORT used)
{
	n->is_int = 1;
	n->is_signed = pl->is_signed;
	n->hex = pl->hex;
	n->ival = pl->is_signed ? (ULONGLONG)tdh_sign_extend(v, used) : v;
}

/*
 * TDH's text of @tlen bytes, formatted at @room (da_room()) or, when it
 * did not fit, malloc'ed: kept in the arena.
 */
static const char *keep_text(char *room, char *text, size_t tlen)
{
	if (text == room) {
		da_commit(tlen + 1);
		return text;
	}
	room = memcpy(da_get(tlen + 1), text, tlen + 1);
	free(text);
	return room;
}

/* Any value: as TdhFormatProperty formats it (tdh_format_utf8). */
static __attribute__((noinline)) void any_value(struct walk *w, ULONG i, struct dnode *n,
						const struct pplan *pl)
{
	EVENT_PROPERTY_INFO *pi = &w->t->EventPropertyInfoArray[i];
	USHORT len = pi->length, used = 0;
	char *room, *text = NULL;
	size_t tlen = 0, cap;
	ULONG r;

	n->type = DN_VALUE;
	n->kind = pl->kind;
	/*
	 * TdhFormatProperty's text, before its conversion to UTF-16: into
	 * the arena itself when it fits.
	 */
	room = da_room(512, &cap);
	if (pi->Flags & PropertyParamLength)
		len = (USHORT)w->vals[pi->lengthPropertyIndex];
	r = tdh_format_utf8(pl->map, w->psize, pi->nonStructType.InType,
			    pi->nonStructType.OutType, len, w->left, w->p,
			    room, cap, &text, &tlen, &used);
	if (r) {
		w->bad = r;
		n->text = "";
		return;
	}
	n->text = keep_text(room, text, tlen);
	if (pl->real && (!strcmp(n->text, "NaN") || strstr(n->text, "Infinity")))
		n->kind = DK_TEXT;
	n->len = tlen;
	if (used <= 8) {
		ULONGLONG v = used ? le_int(w->p, used) : 0;

		w->vals[i] = v;
		if (pl->is_int && used)
			set_int(n, pl, v, used);
	}
	w->p += used;
	w->left -= used;
}

/*
 * One value.  The commonest -- an integer without a map, shown in
 * decimal or hex (tdh_int_class) -- has its text written straight into
 * the arena; every other goes through any_value().
 */
static void one_value(struct walk *w, ULONG i, struct dnode *n)
{
	const struct pplan *pl = plan_of(w, i);
	USHORT used = pl->isize[w->p8];
	ULONGLONG v;
	char *room;

	if (!pl->icls[w->p8] || w->left < used) {
		any_value(w, i, n, pl);
		return;
	}
	room = da_room(24, NULL);
	v = le_int(w->p, used);
	n->type = DN_VALUE;
	n->kind = pl->kind;
	n->len = tdh_int_text(pl->icls[w->p8], used, v, room);
	n->text = room;
	da_commit(n->len + 1);
	w->vals[i] = v;
	set_int(n, pl, v, used);	/* these are integers shown as such (int_kind) */
	w->p += used;
	w->left -= used;
}

/*
 * An array of @count characters (a plan's chars): one string, as
 * Windows' decoders show it, up to its first NUL
 * (tdh_format_chars_utf8), not a character an element.
 */
static void chars_value(struct walk *w, ULONG i, ULONG count, struct dnode *n)
{
	const EVENT_PROPERTY_INFO *pi = &w->t->EventPropertyInfoArray[i];
	char *room, *text = NULL;
	size_t tlen = 0, cap;
	USHORT used = 0;
	ULONG r;

	n->type = DN_VALUE;
	n->kind = DK_TEXT;
	room = da_room(512, &cap);
	r = tdh_format_chars_utf8(pi->nonStructType.InType, pi->nonStructType.OutType,
				  count, w->left, w->p, room, cap, &text, &tlen, &used);
	if (r) {
		w->bad = r;
		n->text = "";
		return;
	}
	n->text = keep_text(room, text, tlen);
	n->len = tlen;
	w->p += used;
	w->left -= used;
}

static void props(struct walk *w, ULONG first, ULONG count, struct dnode *out);

static void one_prop(struct walk *w, ULONG i, struct dnode *n)
{
	EVENT_PROPERTY_INFO *pi = &w->t->EventPropertyInfoArray[i];
	ULONG count = (pi->Flags & PropertyParamCount) ?
		      (ULONG)w->vals[pi->countPropertyIndex] : pi->count, k;
	struct dnode *elems;

	n->name = w->s->pname[i] ? w->s->pname[i] : "";
	if (!(pi->Flags & (PropertyParamCount | PropertyParamFixedCount)) && pi->count <= 1) {
		/* one value or one struct: the common case */
		if (!(pi->Flags & PropertyStruct)) {
			one_value(w, i, n);
			return;
		}
		n->type = DN_STRUCT;
		n->nkids = pi->structType.NumOfStructMembers;
		n->kids = da_get((n->nkids + 1) * sizeof(*n->kids));
		props(w, pi->structType.StructStartIndex, n->nkids, n->kids);
		return;
	}
	if (count > 65535) {
		w->bad = ERROR_EVT_INVALID_EVENT_DATA;
		return;
	}
	if (!(pi->Flags & PropertyStruct) && plan_of(w, i)->chars) {
		chars_value(w, i, count, n);
		return;
	}
	elems = da_get((count ? count : 1) * sizeof(*elems));
	for (k = 0; k < count && !w->bad; k++) {
		struct dnode *e = &elems[k];

		memset(e, 0, sizeof(*e));
		if (pi->Flags & PropertyStruct) {
			e->type = DN_STRUCT;
			e->nkids = pi->structType.NumOfStructMembers;
			e->kids = da_get((e->nkids + 1) * sizeof(*e->kids));
			props(w, pi->structType.StructStartIndex, e->nkids, e->kids);
		} else {
			one_value(w, i, e);
		}
		e->name = NULL;
	}
	n->type = DN_ARRAY;
	n->kids = elems;
	n->nkids = count;
}

static void props(struct walk *w, ULONG first, ULONG count, struct dnode *out)
{
	ULONG i, n = count;

	/* as far as there are properties, then the error */
	if (first + count > w->t->PropertyCount)
		n = first < w->t->PropertyCount ? w->t->PropertyCount - first : 0;
	memset(out, 0, count * sizeof(*out));
	for (i = 0; i < n; i++) {
		one_prop(w, first + i, &out[i]);
		if (w->bad)
			return;
	}
	if (n < count)
		w->bad = ERROR_EVT_INVALID_EVENT_DATA;
}

/* Where a flattening writes: at most @left more bytes from @p. */
struct flat {
	char *p;
	size_t left;
};

/* Append @n bytes of @s, as many as fit; 0 once it is full. */
static int flat_put(struct flat *f, const char *s, size_t n)
{
	if (n > f->left)
		n = f->left;
	memcpy(f->p, s, n);
	f->p += n;
	f->left -= n;
	return f->left != 0;
}

/* One piece after another, no printf; stops when full. */
static int flat_node(struct flat *f, const struct dnode *n)
{
	unsigned i;

	if (n->type == DN_VALUE)
		return flat_put(f, n->text, strlen(n->text));
	if (!flat_put(f, n->type == DN_ARRAY ? "[" : "{", 1))
		return 0;
	for (i = 0; i < n->nkids; i++) {
		if (i && !flat_put(f, ",", 1))
			return 0;
		if (n->kids[i].name && (!flat_put(f, n->kids[i].name, strlen(n->kids[i].name)) ||
					!flat_put(f, "=", 1)))
			return 0;
		if (!flat_node(f, &n->kids[i]))
			return 0;
	}
	return flat_put(f, n->type == DN_ARRAY ? "]" : "}", 1);
}

size_t dnode_flat(const struct dnode *n, char *out, size_t room)
{
	struct flat f = { out, room ? room - 1 : 0 };

	if (!room)
		return 0;
	flat_node(&f, n);
	*f.p = 0;
	return (size_t)(f.p - out);
}

void dnode_flat_ob(struct obuf *o, const struct dnode *n, size_t max)
{
	struct flat f = { ob_room(o, max), max };

	flat_node(&f, n);
	ob_commit(o, max - f.left);
}

/* A manifest message: %1..%n are the top-level values, %% a percent. */
static const char *fill_message(const char *tmpl, const struct decoded *d)
{
	size_t room = strlen(tmpl) + 1024, len = 0;
	char *out = da_get(room);
	const char *p;

	for (p = tmpl; *p && len + 1 < room; p++) {
		if (*p == '%' && p[1] >= '1' && p[1] <= '9') {
			unsigned k = 0;

			while (p[1] >= '0' && p[1] <= '9')
				k = 10 * k + (unsigned)(*++p - '0');
			if (k >= 1 && k <= d->nfields)
				len += dnode_flat(&d->fields[k - 1], out + len, room - len);
			if (len >= room)
				len = room - 1;
			continue;
		}
		if (*p == '%' && (p[1] == '%' || p[1] == 'n' || p[1] == 't')) {
			p++;
			out[len++] = *p == '%' ? '%' : *p == 'n' ? '\n' : '\t';
			continue;
		}
		out[len++] = *p;
	}
	out[len] = 0;
	return out;
}

/* --- extended items --- */

static void add_ext(struct decoded *d, const char *name, const char *text)
{
	if (d->next < sizeof(d->ext) / sizeof(d->ext[0])) {
		d->ext[d->next].name = name;
		d->ext[d->next].text = text;
		d->next++;
	}
}

static char *sid_text(const unsigned char *p, size_t n)
{
	char *out = da_get(256);
	unsigned long long auth = 0;
	size_t len, i;

	if (n < 8 || p[1] > 15 || n < 8 + 4u * p[1]) {
		snprintf(out, 256, "(malformed)");
		return out;
	}
	for (i = 0; i < 6; i++)
		auth = auth << 8 | p[2 + i];
	len = (size_t)snprintf(out, 256, "S-%u-%llu", p[0], auth);
	for (i = 0; i < p[1]; i++) {
		unsigned int v;

		memcpy(&v, p + 8 + 4 * i, 4);
		len += (size_t)snprintf(out + len, 256 - len, "-%u", v);
	}
	return out;
}

static char *u64_list(const unsigned char *p, size_t n, size_t each)
{
	size_t k = n / each, i, len = 0, room = 20 * k + 4;
	char *out = da_get(room);

	out[len++] = '[';
	for (i = 0; i < k; i++) {
		unsigned long long v = 0;

		memcpy(&v, p + i * each, each);
		len += (size_t)snprintf(out + len, room - len, "%s0x%llx",
					i ? "," : "", v);
	}
	snprintf(out + len, room - len, "]");
	return out;
}

static void decode_ext(PEVENT_RECORD er, struct decoded *d)
{
	USHORT i;

	for (i = 0; i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];
		const unsigned char *p = (const void *)(uintptr_t)x->DataPtr;
		char *t = da_get(96);
		unsigned long long v = 0;
		unsigned int u = 0;

		switch (x->ExtType) {
		case EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID:
			if (x->DataSize == 16) {
				memcpy(&d->related, p, 16);
				d->has_related = 1;
			}
			break;
		case EVENT_HEADER_EXT_TYPE_SID:
			add_ext(d, "sid", sid_text(p, x->DataSize));
			break;
		case EVENT_HEADER_EXT_TYPE_TS_ID:
			if (x->DataSize >= 4) {
				memcpy(&u, p, 4);
				snprintf(t, 96, "%u", u);
				add_ext(d, "session", t);
			}
			break;
		case EVENT_HEADER_EXT_TYPE_INSTANCE_INFO:
			if (x->DataSize >= 24) {
				char g[ETW_GUID_STR_LEN];
				unsigned int a, b;

				memcpy(&a, p, 4);
				memcpy(&b, p + 4, 4);
				etw_guid_str((const GUID *)(p + 8), g);
				snprintf(t, 96, "%u/%u/{%s}", a, b, g);
				add_ext(d, "instance", t);
			}
			break;
		case EVENT_HEADER_EXT_TYPE_STACK_TRACE64:
			if (x->DataSize >= 8)
				add_ext(d, "stack", u64_list(p + 8, x->DataSize - 8, 8));
			break;
		case EVENT_HEADER_EXT_TYPE_STACK_TRACE32:
			if (x->DataSize >= 8)
				add_ext(d, "stack", u64_list(p + 8, x->DataSize - 8, 4));
			break;
		case EVENT_HEADER_EXT_TYPE_EVENT_KEY:
		case EVENT_HEADER_EXT_TYPE_PROCESS_START_KEY:
		case EVENT_HEADER_EXT_TYPE_PEBS_INDEX:
			if (x->DataSize >= 8) {
				memcpy(&v, p, 8);
				snprintf(t, 96, "%llu", v);
				add_ext(d, x->ExtType == EVENT_HEADER_EXT_TYPE_EVENT_KEY ?
					"event_key" : x->ExtType ==
					EVENT_HEADER_EXT_TYPE_PEBS_INDEX ? "pebs_index" :
					"process_start_key", t);
			}
			break;
		case EVENT_HEADER_EXT_TYPE_PMC_COUNTERS:
			add_ext(d, "pmc", u64_list(p, x->DataSize, 8));
			break;
		case EVENT_HEADER_EXT_TYPE_PROV_TRAITS:
			if (x->DataSize > 3 && memchr(p + 2, 0, x->DataSize - 2)) {
				add_ext(d, "traits", da_str((const char *)p + 2));
				if (!d->provider)
					d->provider = da_str((const char *)p + 2);
			}
			break;
		default:
			break;
		}
	}
}

/* --- one event --- */

static const char *reason_for(PEVENT_RECORD er, ULONG status)
{
	USHORT f = er->EventHeader.Flags;

	if (status == ERROR_EVT_INVALID_EVENT_DATA)
		return ext_of(er, EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL) ?
		       "malformed TraceLogging metadata" :
		       "the data does not match the manifest";
	if (status != ERROR_NOT_FOUND)
		return "TDH failed";
	if (f & EVENT_HEADER_FLAG_TRACE_MESSAGE)
		return "TraceMessage (WPP) event: no TMF file for it (--tmf, TRACE_FORMAT_SEARCH_PATH)";
	if (f & EVENT_HEADER_FLAG_CLASSIC_HEADER)
		return "classic (MOF) event: no MOF class";
	return "no manifest for this provider and event";
}

/* @names_only: the names, not the fields (d->ok stays 0). */
static int decode(PEVENT_RECORD er, struct decoded *d, int names_only)
{
	const EVENT_HEADER *h = &er->EventHeader;
	struct walk w = { 0 };
	const struct schema *s;
	TRACE_EVENT_INFO *t;
	ULONG r;

	arena_reset();
	/* All but the extended items past d->next, which are not read. */
	memset(d, 0, offsetof(struct decoded, ext));
	memset(&d->next, 0, sizeof(*d) - offsetof(struct decoded, next));
	decode_ext(er, d);
	if (IsEqualGUID(&h->ProviderId, &EventTraceGuid) &&
	    h->EventDescriptor.Opcode == 0)
		return decode_header_event(er, d);
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
		d->string = da_utf8(er->UserData, er->UserDataLength / 2);
		d->reason = "string-only event";
		return 0;
	}
	r = event_info(er, &s);
	/*
	 * WPP: the message as its TMF file formats it (--tmf, else the
	 * search path).  TDH describes a WPP event by the properties
	 * TdhGetWppProperty synthesizes (FormattedString, ...), which do not
	 * lay out its data: never walk them as fields.
	 */
	if ((h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) &&
	    (r == ERROR_NOT_FOUND ||
	     (!r && s && s->t->DecodingSource == DecodingSourceWPP))) {
		char *text = da_get(8192);
		int w = tdh_wpp_format(er, decode_tmf_path, text, 8192);

		if (!w) {
			d->message = text;
			d->ok = 1;
			return 1;
		}
		d->reason = w == -ENOENT ? reason_for(er, r) :
			    "the data is shorter than its TMF format";
		return 0;
	}
	if (r || !s) {
		d->reason = reason_for(er, r);
		return 0;
	}
	t = s->t;
	d->source = t->DecodingSource;
	d->provider = s->dprovider;
	d->event = s->devent;
	d->level = s->level;
	d->task = s->task;
	d->opcode = s->opcode;
	d->channel = s->channel;
	d->keywords = s->keywords;
	if (names_only)
		return 0;
	w.er = er;
	w.t = t;
	w.s = s;
	w.p = er->UserData;
	w.left = er->UserDataLength;
	w.psize = (h->Flags & EVENT_HEADER_FLAG_32_BIT_HEADER) ? 4 : 8;
	w.p8 = w.psize == 8;
	w.vals = da_get((t->PropertyCount + 1) * sizeof(*w.vals));
	memset(w.vals, 0, (t->PropertyCount + 1) * sizeof(*w.vals));
	d->nfields = t->TopLevelPropertyCount;
	d->fields = da_get((d->nfields + 1) * sizeof(*d->fields));
	props(&w, 0, d->nfields, d->fields);
	if (w.bad) {
		d->reason = w.bad == ERROR_EVT_INVALID_EVENT_DATA ?
			    "the data is shorter than its schema" :
			    "TdhFormatProperty failed";
		d->nfields = 0;
		return 0;
	}
	if (s->message)
		d->message = fill_message(s->message, d);
	d->ok = 1;
	return 1;
}

int decode_event(PEVENT_RECORD er, struct decoded *d)
{
	return decode(er, d, 0);
}

int decode_names(PEVENT_RECORD er, struct decoded *d)
{
	decode(er, d, 1);
	return d->provider || d->event;
}

int decode_load_manifest(const char *path)
{
	size_t bytes = etw_utf8_to_utf16z(path, strlen(path), NULL, 0);
	WCHAR *w = malloc(bytes);
	ULONG r;

	/* The path is UTF-8; TdhLoadManifest takes UTF-16. */
	if (!w) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		return -1;
	}
	etw_utf8_to_utf16z(path, strlen(path), w, bytes);
	r = TdhLoadManifest(w);
	free(w);
	if (r) {
		fprintf(stderr, "%s: %s: TdhLoadManifest: error %u%s\n",
			program_invocation_short_name, path, r,
			r == ERROR_XML_PARSE_ERROR ? " (not a valid manifest)" :
			r == ERROR_FILE_NOT_FOUND ? " (no such file)" : "");
		return -1;
	}
	return 0;
}
