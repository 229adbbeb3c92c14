// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * EventHeader events and plain tracepoints in the TraceLogging form
 * (etw_eventheader.h).  Freestanding: caller's memory, no allocation.
 */
#include "etw_eventheader.h"

/* TraceLogging InTypes and OutTypes (TraceLoggingProvider.h's values). */
enum {
	TL_IN_UNICODESTRING = 1,
	TL_IN_ANSISTRING = 2,
	TL_IN_INT8 = 3,
	TL_IN_UINT8 = 4,
	TL_IN_INT16 = 5,
	TL_IN_UINT16 = 6,
	TL_IN_INT32 = 7,
	TL_IN_UINT32 = 8,
	TL_IN_INT64 = 9,
	TL_IN_UINT64 = 10,
	TL_IN_FLOAT = 11,
	TL_IN_DOUBLE = 12,
	TL_IN_BOOL32 = 13,
	TL_IN_BINARY = 14,
	TL_IN_GUID = 15,
	TL_IN_HEXINT32 = 20,
	TL_IN_HEXINT64 = 21,
	TL_IN_COUNTEDSTRING = 22,
	TL_IN_COUNTEDANSISTRING = 23,
	TL_IN_STRUCT = 24,
	TL_IN_CCOUNT = 0x20,
	TL_IN_VCOUNT = 0x40,
	TL_IN_CHAIN = 0x80,
};

enum {
	TL_OUT_NONE = 0,
	TL_OUT_STRING = 2,
	TL_OUT_HEX = 4,
	TL_OUT_PID = 5,
	TL_OUT_PORT = 7,
	TL_OUT_IPV4 = 8,
	TL_OUT_XML = 11,
	TL_OUT_JSON = 12,
	TL_OUT_UTF8 = 35,
	TL_OUT_CHAIN = 0x80,
};

static u16 rd16(const u8 *p)
{
	return (u16)(p[0] | p[1] << 8);
}

static u32 rd32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void wr16(u8 *p, u16 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
}

struct tl_out {
	u8 *p;
	u32 len, room;
	bool over;
};

static void tl_put(struct tl_out *o, const void *s, u32 n)
{
	if (o->over || o->room - o->len < n) {
		o->over = true;
		return;
	}
	memcpy(o->p + o->len, s, n);
	o->len += n;
}

static void tl_byte(struct tl_out *o, u8 b)
{
	tl_put(o, &b, 1);
}

/* --- events ---------------------------------------------------------------- */

int etw_eh_parse(const u8 *ev, u32 len, struct etw_eh_event *out)
{
	u32 pos = 8;
	bool more;

	memset(out, 0, sizeof(*out));
	if (!ev || len < 8)
		return -EINVAL;
	out->flags = ev[0];
	out->version = ev[1];
	out->id = rd16(ev + 2);
	out->tag = rd16(ev + 4);
	out->opcode = ev[6];
	out->level = ev[7];
	if (!(out->flags & ETW_EH_FLAG_LITTLE_ENDIAN))
		return -EPROTONOSUPPORT;
	more = out->flags & ETW_EH_FLAG_EXTENSION;
	while (more) {
		u16 size, kind;

		if (len - pos < 4)
			return -EINVAL;
		size = rd16(ev + pos);
		kind = rd16(ev + pos + 2);
		pos += 4;
		if (len - pos < size)
			return -EINVAL;
		switch (kind & ETW_EH_EXT_KIND_MASK) {
		case ETW_EH_EXT_METADATA:
			if (out->meta)
				return -EINVAL;
			out->meta = ev + pos;
			out->meta_len = size;
			break;
		case ETW_EH_EXT_ACTIVITY_ID:
			if (size != 16 && size != 32)
				return -EINVAL;
			out->activity = ev + pos;
			if (size == 32)
				out->related = ev + pos + 16;
			break;
		default:
			break;		/* a kind of a later version: skipped */
		}
		pos += size;
		more = kind & ETW_EH_EXT_CHAIN;
	}
	out->payload = ev + pos;
	out->payload_len = len - pos;
	return 0;
}

/* --- tracepoint names ------------------------------------------------------ */

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int etw_eh_tpname_parse(const char *name, u32 len, struct etw_eh_tpname *out)
{
	u32 i, us, p, digits;
	u64 v;

	memset(out, 0, sizeof(*out));
	if (!name || !len || len >= ETW_EH_NAME_MAX)
		return -EINVAL;
	for (i = 0; i < len; i++)
		if (name[i] == ' ' || name[i] == ':' || !name[i])
			return -EINVAL;
	/* The attributes follow the last "_L": the provider may have '_'. */
	for (us = len; us > 0; us--)
		if (name[us - 1] == '_' && us < len && name[us] == 'L')
			break;
	if (us < 2)
		return -EINVAL;
	out->provider = name;
	out->provider_len = us - 1;
	p = us + 1;
	for (v = 0, digits = 0; p < len && hexval(name[p]) >= 0; p++, digits++)
		v = v << 4 | (u64)hexval(name[p]);
	if (!digits || digits > 2 || !v || p >= len || name[p] != 'K')
		return -EINVAL;
	out->level = (u8)v;
	p++;
	for (v = 0, digits = 0; p < len && hexval(name[p]) >= 0; p++, digits++)
		v = v << 4 | (u64)hexval(name[p]);
	if (!digits || digits > 16)
		return -EINVAL;
	out->keyword = v;
	out->options = name + p;
	out->options_len = len - p;
	/* Options: an uppercase letter, then lowercase letters and digits. */
	while (p < len) {
		u32 start = p;

		if (name[p] < 'A' || name[p] > 'Z')
			return -EINVAL;
		for (p++; p < len; p++)
			if (!((name[p] >= 'a' && name[p] <= 'z') ||
			      (name[p] >= '0' && name[p] <= '9')))
				break;
		if (name[start] == 'G' && !out->group) {
			out->group = name + start + 1;
			out->group_len = p - start - 1;
		}
	}
	return 0;
}

int etw_eh_traits(const char *provider, u32 plen, const char *tp, u32 tplen,
		  const u8 *group_guid, u8 *out, u32 room)
{
	struct tl_out o = { .p = out, .room = room > 0xFFFF ? 0xFFFF : room };
	u8 h[3];

	tl_put(&o, "\0", 2);
	tl_put(&o, provider, plen);
	tl_byte(&o, 0);
	if (tp) {
		if (group_guid) {
			wr16(h, 3 + 16);
			h[2] = 1;		/* EtwProviderTraitTypeGroup */
			tl_put(&o, h, 3);
			tl_put(&o, group_guid, 16);
		}
		wr16(h, (u16)(3 + tplen + 1));
		h[2] = ETW_TRAIT_TYPE_EVENTHEADER;
		tl_put(&o, h, 3);
		tl_put(&o, tp, tplen);
		tl_byte(&o, 0);
	}
	if (o.over)
		return -E2BIG;
	wr16(out, (u16)o.len);
	return (int)o.len;
}

/* --- EventHeader metadata -------------------------------------------------- */

/* Index past field @i and, for a struct, its members; -1 if cut. */
static int eh_skip(const struct etw_eh_meta *m, u32 i, int depth)
{
	u32 k, members;

	if (i >= m->n || depth > ETW_EH_MAX_DEPTH)
		return -1;
	if ((m->f[i].enc & ETW_EH_ENC_MASK) != ETW_EH_ENC_STRUCT)
		return (int)i + 1;
	members = m->f[i].fmt;
	for (i++, k = 0; k < members; k++) {
		int r = eh_skip(m, i, depth + 1);

		if (r < 0)
			return -1;
		i = (u32)r;
	}
	return (int)i;
}

/*
 * As eh_skip, but a struct that says more members than the metadata has
 * gets the ones there are (LinuxTracepoints' decoder reads it so).
 */
static int eh_clamp(struct etw_eh_meta *m, u32 i, int depth)
{
	struct etw_eh_field *f = &m->f[i];
	u32 k;

	if (depth > ETW_EH_MAX_DEPTH)
		return -1;
	if ((f->enc & ETW_EH_ENC_MASK) != ETW_EH_ENC_STRUCT)
		return (int)i + 1;
	for (i++, k = 0; k < f->fmt; k++) {
		int r;

		if (i >= m->n) {
			f->fmt = (u8)k;
			break;
		}
		r = eh_clamp(m, i, depth + 1);
		if (r < 0)
			return -1;
		i = (u32)r;
	}
	return (int)i;
}

int etw_eh_meta_parse(const u8 *meta, u32 len, struct etw_eh_meta *m)
{
	u32 pos = 0, i;
	const u8 *z;

	m->n = 0;
	z = meta ? memchr(meta, 0, len) : NULL;
	if (!z)
		return -EINVAL;
	m->name = (const char *)meta;
	m->name_len = (u32)(z - meta);
	pos = m->name_len + 1;
	while (pos < len) {
		struct etw_eh_field *f;

		if (m->n == ETW_EH_MAX_FIELDS)
			return -E2BIG;
		f = &m->f[m->n];
		memset(f, 0, sizeof(*f));
		z = memchr(meta + pos, 0, len - pos);
		if (!z)
			return -EINVAL;
		f->name = (const char *)meta + pos;
		f->name_len = (u32)(z - (meta + pos));
		pos += f->name_len + 1;
		if (pos >= len)
			return -EINVAL;
		f->enc = meta[pos++];
		if (f->enc & ETW_EH_ENC_CHAIN) {
			if (pos >= len)
				return -EINVAL;
			f->fmt = meta[pos++];
			if (f->fmt & ETW_EH_FMT_CHAIN) {
				if (len - pos < 2)
					return -EINVAL;
				f->tag = rd16(meta + pos);
				f->has_tag = true;
				pos += 2;
			}
			f->fmt &= ETW_EH_FMT_MASK;
		}
		f->enc &= ~ETW_EH_ENC_CHAIN;
		if ((f->enc & (ETW_EH_ENC_CARRAY | ETW_EH_ENC_VARRAY)) ==
		    (ETW_EH_ENC_CARRAY | ETW_EH_ENC_VARRAY))
			return -EINVAL;
		if (f->enc & ETW_EH_ENC_CARRAY) {
			if (len - pos < 2)
				return -EINVAL;
			f->ccount = rd16(meta + pos);
			pos += 2;
			if (!f->ccount)
				return -EINVAL;
		}
		switch (f->enc & ETW_EH_ENC_MASK) {
		case ETW_EH_ENC_INVALID:
			return -EINVAL;
		case ETW_EH_ENC_STRUCT:
			if (!f->fmt)
				return -EINVAL;	/* no empty structs */
			break;
		default:
			if ((f->enc & ETW_EH_ENC_MASK) >= ETW_EH_ENC_MAX)
				return -EINVAL;
		}
		m->n++;
	}
	/* A struct cut by the end of the metadata has the members left. */
	for (i = 0; i < m->n;) {
		int r = eh_clamp(m, i, 0);

		if (r < 0)
			return -EINVAL;
		i = (u32)r;
	}
	return 0;
}

/* How a string encoding's value is shown (and so transcoded). */
enum eh_class { EH_STR, EH_HEX, EH_VAL };

static bool eh_counted8(u8 enc)
{
	return enc == ETW_EH_ENC_STRING_LENGTH16_CHAR8 ||
	       enc == ETW_EH_ENC_BINARY_LENGTH16_CHAR8;
}

static enum eh_class eh_class(u8 enc, u8 fmt)
{
	if (fmt == ETW_EH_FMT_DEFAULT)
		return enc == ETW_EH_ENC_BINARY_LENGTH16_CHAR8 ? EH_HEX : EH_STR;
	if (fmt == ETW_EH_FMT_HEX_BYTES)
		return EH_HEX;
	if (fmt >= ETW_EH_FMT_STRING8 && fmt <= ETW_EH_FMT_STRING_JSON)
		return EH_STR;
	/* A counted value of a fixed-size format; other strings: as strings. */
	return eh_counted8(enc) ? EH_VAL : EH_STR;
}

/* Formats whose strings may start with a byte-order mark. */
static bool eh_bom(u8 fmt)
{
	return fmt == ETW_EH_FMT_STRING_UTF_BOM || fmt == ETW_EH_FMT_STRING_XML ||
	       fmt == ETW_EH_FMT_STRING_JSON;
}

/* Code unit bytes of a string encoding. */
static u32 eh_unit(u8 enc)
{
	switch (enc) {
	case ETW_EH_ENC_ZSTRING_CHAR16:
	case ETW_EH_ENC_STRING_LENGTH16_CHAR16:
		return 2;
	case ETW_EH_ENC_ZSTRING_CHAR32:
	case ETW_EH_ENC_STRING_LENGTH16_CHAR32:
		return 4;
	default:
		return 1;
	}
}

static bool eh_zstring(u8 enc)
{
	return enc >= ETW_EH_ENC_ZSTRING_CHAR8 && enc <= ETW_EH_ENC_ZSTRING_CHAR32;
}

/*
 * The TraceLogging form of a string encoding's field: a string (UTF-8
 * or this machine's UTF-16, no byte-order mark, NUL-terminated or
 * counted in bytes), a counted binary (hex dumps, counted values).
 */
static void eh_tl_string(u8 enc, u8 fmt, u8 *in, u8 *out)
{
	u8 eh = (u8)ETW_TL_OUT_EH(fmt);

	*out = TL_OUT_NONE;
	switch (eh_class(enc, fmt)) {
	case EH_HEX:
		*in = TL_IN_BINARY;
		*out = (u8)ETW_TL_OUT_EH(ETW_EH_FMT_HEX_BYTES);
		return;
	case EH_VAL:
		*in = enc == ETW_EH_ENC_BINARY_LENGTH16_CHAR8 ? TL_IN_BINARY :
							       TL_IN_COUNTEDANSISTRING;
		*out = eh;
		return;
	case EH_STR:
		break;
	}
	if (eh_unit(enc) == 1)
		*in = eh_zstring(enc) ? TL_IN_ANSISTRING : TL_IN_COUNTEDANSISTRING;
	else
		*in = eh_zstring(enc) ? TL_IN_UNICODESTRING : TL_IN_COUNTEDSTRING;
	if (fmt == ETW_EH_FMT_STRING_XML)
		*out = TL_OUT_XML;
	else if (fmt == ETW_EH_FMT_STRING_JSON)
		*out = TL_OUT_JSON;
	else if (fmt != ETW_EH_FMT_STRING8 && eh_unit(enc) == 1)
		*out = TL_OUT_UTF8;
}

/* Does this field's payload differ in the TraceLogging form? */
static bool eh_needs_transcode(u8 enc, u8 fmt)
{
	if (enc < ETW_EH_ENC_ZSTRING_CHAR8 || enc >= ETW_EH_ENC_MAX)
		return false;
	switch (eh_class(enc, fmt)) {
	case EH_HEX:
		return !eh_counted8(enc);
	case EH_VAL:
		return false;
	default:
		return eh_unit(enc) == 4 || enc == ETW_EH_ENC_STRING_LENGTH16_CHAR16 ||
		       eh_bom(fmt);
	}
}

/* The TraceLogging InType/OutType reading an EventHeader field's bytes. */
static void eh_tl_type(u8 enc, u8 fmt, u8 *in, u8 *out)
{
	u8 eh = (u8)ETW_TL_OUT_EH(fmt);

	*out = TL_OUT_NONE;
	switch (enc) {
	case ETW_EH_ENC_VALUE8:
		*in = fmt == ETW_EH_FMT_SIGNED_INT ? TL_IN_INT8 : TL_IN_UINT8;
		if (fmt == ETW_EH_FMT_HEX_INT)
			*out = TL_OUT_HEX;
		else if (fmt == ETW_EH_FMT_STRING8)
			*out = TL_OUT_STRING;
		else if (fmt == ETW_EH_FMT_BOOLEAN ||
			 fmt == ETW_EH_FMT_HEX_BYTES)
			*out = eh;
		return;
	case ETW_EH_ENC_VALUE16:
		*in = fmt == ETW_EH_FMT_SIGNED_INT ? TL_IN_INT16 : TL_IN_UINT16;
		if (fmt == ETW_EH_FMT_HEX_INT)
			*out = TL_OUT_HEX;
		else if (fmt == ETW_EH_FMT_STRING_UTF)
			*out = TL_OUT_STRING;
		else if (fmt == ETW_EH_FMT_PORT)
			*out = TL_OUT_PORT;
		else if (fmt == ETW_EH_FMT_BOOLEAN ||
			 fmt == ETW_EH_FMT_HEX_BYTES)
			*out = eh;
		return;
	case ETW_EH_ENC_VALUE32:
		switch (fmt) {
		case ETW_EH_FMT_SIGNED_INT:
			*in = TL_IN_INT32;
			return;
		case ETW_EH_FMT_HEX_INT:
			*in = TL_IN_HEXINT32;
			return;
		case ETW_EH_FMT_ERRNO:
		case ETW_EH_FMT_TIME:
			*in = TL_IN_INT32;
			*out = eh;
			return;
		case ETW_EH_FMT_PID:
			*in = TL_IN_UINT32;
			*out = TL_OUT_PID;
			return;
		case ETW_EH_FMT_BOOLEAN:
			*in = TL_IN_BOOL32;
			*out = eh;
			return;
		case ETW_EH_FMT_FLOAT:
			*in = TL_IN_FLOAT;
			return;
		case ETW_EH_FMT_IP_ADDRESS:
		case ETW_EH_FMT_IP_ADDRESS_OBSOLETE:
			*in = TL_IN_UINT32;
			*out = TL_OUT_IPV4;
			return;
		case ETW_EH_FMT_HEX_BYTES:
		case ETW_EH_FMT_STRING_UTF:
			*in = TL_IN_UINT32;
			*out = eh;
			return;
		default:
			*in = TL_IN_UINT32;
			return;
		}
	case ETW_EH_ENC_VALUE64:
		switch (fmt) {
		case ETW_EH_FMT_SIGNED_INT:
			*in = TL_IN_INT64;
			return;
		case ETW_EH_FMT_HEX_INT:
			*in = TL_IN_HEXINT64;
			return;
		case ETW_EH_FMT_TIME:
			*in = TL_IN_INT64;
			*out = eh;
			return;
		case ETW_EH_FMT_FLOAT:
			*in = TL_IN_DOUBLE;
			return;
		case ETW_EH_FMT_HEX_BYTES:
			*in = TL_IN_UINT64;
			*out = eh;
			return;
		default:
			*in = TL_IN_UINT64;
			return;
		}
	case ETW_EH_ENC_VALUE128:
		*in = TL_IN_GUID;	/* 16 bytes; the format says what */
		*out = (u8)ETW_TL_OUT_EH(fmt == ETW_EH_FMT_UUID ||
					 fmt == ETW_EH_FMT_IP_ADDRESS ||
					 fmt == ETW_EH_FMT_IP_ADDRESS_OBSOLETE ?
					 fmt : ETW_EH_FMT_HEX_BYTES);
		return;
	case ETW_EH_ENC_ZSTRING_CHAR8:
	case ETW_EH_ENC_ZSTRING_CHAR16:
	case ETW_EH_ENC_ZSTRING_CHAR32:
	case ETW_EH_ENC_STRING_LENGTH16_CHAR8:
	case ETW_EH_ENC_STRING_LENGTH16_CHAR16:
	case ETW_EH_ENC_STRING_LENGTH16_CHAR32:
	case ETW_EH_ENC_BINARY_LENGTH16_CHAR8:
		eh_tl_string(enc, fmt, in, out);
		return;
	default:
		*in = TL_IN_BINARY;
		return;
	}
}


/* A 28-bit tag as TraceLogging writes it: 7 bits a byte, high first. */
static void tl_tags(struct tl_out *o, u32 tags)
{
	u8 b[4];
	int i, last = 0;

	for (i = 0; i < 4; i++) {
		b[i] = (u8)((tags >> (21 - 7 * i)) & 0x7F);
		if (b[i])
			last = i;
	}
	for (i = 0; i < last; i++)
		b[i] |= 0x80;
	tl_put(o, b, (u32)last + 1);
}

/* The TraceLogging field for EventHeader field @f. */
static void tl_field(struct tl_out *o, const char *name, u32 name_len,
		     u8 in, u8 out, bool has_out, u16 tag, bool has_tag,
		     u8 array, u16 ccount)
{
	tl_put(o, name, name_len);
	tl_byte(o, 0);
	if (has_tag)
		has_out = true;
	tl_byte(o, (u8)(in | array | (has_out ? TL_IN_CHAIN : 0)));
	if (has_out) {
		tl_byte(o, (u8)(out | (has_tag ? TL_OUT_CHAIN : 0)));
		if (has_tag)
			tl_tags(o, tag);
	}
	if (array == TL_IN_CCOUNT) {
		u8 c[2];

		wr16(c, ccount);
		tl_put(o, c, 2);
	}
}

static u8 eh_array(u8 enc)
{
	if (enc & ETW_EH_ENC_CARRAY)
		return TL_IN_CCOUNT;
	if (enc & ETW_EH_ENC_VARRAY)
		return TL_IN_VCOUNT;
	return 0;
}

int etw_eh_tl_meta(const struct etw_eh_meta *m, u16 tag, u8 *out, u32 room,
		   u32 *flags)
{
	struct tl_out o = { .p = out, .room = room > 0xFFFF ? 0xFFFF : room };
	u32 i;

	*flags = 0;
	tl_put(&o, "\0", 2);		/* the size, below */
	tl_tags(&o, tag);
	tl_put(&o, m->name, m->name_len);
	tl_byte(&o, 0);
	for (i = 0; i < m->n; i++) {
		const struct etw_eh_field *f = &m->f[i];
		u8 enc = f->enc & ETW_EH_ENC_MASK, in, tout;

		if (enc == ETW_EH_ENC_STRUCT) {
			if (!f->fmt)
				continue;	/* cut to nothing: no TraceLogging form */
			tl_field(&o, f->name, f->name_len, TL_IN_STRUCT, f->fmt,
				 true, f->tag, f->has_tag, eh_array(f->enc),
				 f->ccount);
			continue;
		}
		eh_tl_type(enc, f->fmt, &in, &tout);
		if (eh_needs_transcode(enc, f->fmt))
			*flags |= ETW_EH_TRANSCODE;
		tl_field(&o, f->name, f->name_len, in, tout, tout != TL_OUT_NONE,
			 f->tag, f->has_tag, eh_array(f->enc), f->ccount);
	}
	if (o.over)
		return -E2BIG;
	wr16(out, (u16)o.len);
	return (int)o.len;
}

/* --- EventHeader payloads -------------------------------------------------- */

struct eh_walk {
	const struct etw_eh_meta *m;
	const u8 *in;
	u32 pos, len;
	struct tl_out o;
	bool bad;
};

static void w_copy(struct eh_walk *w, u32 n)
{
	if (w->len - w->pos < n) {
		w->bad = true;
		return;
	}
	tl_put(&w->o, w->in + w->pos, n);
	w->pos += n;
}

/* Code point @c as UTF-16LE (U+FFFD for what is not a character). */
static void w_utf16(struct eh_walk *w, u32 c)
{
	u8 b[4];

	if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		c = 0xFFFD;
	if (c >= 0x10000) {
		c -= 0x10000;
		wr16(b, (u16)(0xD800 | c >> 10));
		wr16(b + 2, (u16)(0xDC00 | (c & 0x3FF)));
		tl_put(&w->o, b, 4);
	} else {
		wr16(b, (u16)c);
		tl_put(&w->o, b, 2);
	}
}

static u32 unit_at(const u8 *p, u32 unit, bool swap)
{
	u32 v = unit == 1 ? p[0] : unit == 2 ? rd16(p) : rd32(p);

	if (!swap)
		return v;
	return unit == 2 ? (u16)(v << 8 | v >> 8) :
	       (v >> 24 | (v >> 8 & 0xFF00) | (v << 8 & 0xFF0000) | v << 24);
}

/* Units before the first NUL unit at the input; bad if none. */
static u32 w_zlen(struct eh_walk *w, u32 unit)
{
	u32 p;

	for (p = w->pos; w->len - p >= unit; p += unit)
		if (!unit_at(w->in + p, unit, false))
			return (p - w->pos) / unit;
	w->bad = true;
	return 0;
}

/*
 * The string of @n units of @unit bytes at the input (then a NUL unit
 * when @in_z), in the TraceLogging form @cls says: a hex dump's
 * bytes as they are, a string as UTF-8 (@unit 1) or UTF-16, without the
 * byte-order mark @bom formats may have, in this machine's byte order.
 */
static void w_string(struct eh_walk *w, u32 n, u32 unit, bool in_z,
		     enum eh_class cls, bool bom)
{
	bool z = in_z && cls != EH_HEX;
	const u8 *p = w->in + w->pos;
	u32 at = w->o.len, k, start = 0;
	bool swap = false;
	u8 c[2] = { 0, 0 };

	if ((w->len - w->pos) / unit < n) {
		w->bad = true;
		return;
	}
	w->pos += n * unit + (in_z ? unit : 0);
	if (cls == EH_HEX) {
		if (n * unit > 0xFFFF) {
			w->bad = true;
			return;
		}
		wr16(c, (u16)(n * unit));
		tl_put(&w->o, c, 2);
		tl_put(&w->o, p, n * unit);
		return;
	}
	if (bom && n) {
		u32 first = unit_at(p, unit, false);

		if (unit == 1 && n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF)
			start = 3;
		else if (unit > 1 && first == 0xFEFF)
			start = 1;
		else if ((unit == 2 && first == 0xFFFE) ||
			 (unit == 4 && first == 0xFFFE0000))
			start = 1, swap = true;
	}
	if (!z)
		tl_put(&w->o, c, 2);		/* the byte count, below */
	for (k = start; k < n && !w->o.over; k++) {
		u32 v = unit_at(p + k * unit, unit, swap);

		if (unit == 4)
			w_utf16(w, v);
		else if (unit == 2) {
			wr16(c, (u16)v);
			tl_put(&w->o, c, 2);
		} else
			tl_byte(&w->o, (u8)v);
	}
	if (z) {
		tl_put(&w->o, "\0\0", unit == 1 ? 1 : 2);
	} else if (!w->o.over) {
		u32 bytes = w->o.len - at - 2;

		if (bytes > 0xFFFF)
			w->bad = true;
		else
			wr16(w->o.p + at, (u16)bytes);
	}
}

/* One value of a non-struct field. */
static void w_value(struct eh_walk *w, u8 enc, u8 fmt)
{
	static const u8 fixed[] = {
		[ETW_EH_ENC_VALUE8] = 1, [ETW_EH_ENC_VALUE16] = 2,
		[ETW_EH_ENC_VALUE32] = 4, [ETW_EH_ENC_VALUE64] = 8,
		[ETW_EH_ENC_VALUE128] = 16,
	};
	u32 unit = eh_unit(enc), n;

	if (enc >= ETW_EH_ENC_VALUE8 && enc <= ETW_EH_ENC_VALUE128) {
		w_copy(w, fixed[enc]);
		return;
	}
	if (enc < ETW_EH_ENC_ZSTRING_CHAR8 || enc >= ETW_EH_ENC_MAX) {
		w->bad = true;
		return;
	}
	if (!eh_needs_transcode(enc, fmt)) {
		/* The same bytes: a NUL-terminated or UINT16-counted value. */
		if (eh_zstring(enc)) {
			n = w_zlen(w, unit);
			if (!w->bad)
				w_copy(w, (n + 1) * unit);
		} else if (w->len - w->pos < 2) {
			w->bad = true;
		} else {
			w_copy(w, 2 + rd16(w->in + w->pos) * unit);
		}
		return;
	}
	if (!eh_zstring(enc) && w->len - w->pos < 2) {
		w->bad = true;
		return;
	}
	if (eh_zstring(enc)) {
		n = w_zlen(w, unit);
	} else {
		n = rd16(w->in + w->pos);
		w->pos += 2;
	}
	if (!w->bad)
		w_string(w, n, unit, eh_zstring(enc), eh_class(enc, fmt),
			 eh_bom(fmt));
}

/* Field @i (all its elements, a struct's members too); next index. */
static u32 w_field(struct eh_walk *w, u32 i, int depth)
{
	const struct etw_eh_field *f = &w->m->f[i];
	u8 enc = f->enc & ETW_EH_ENC_MASK;
	u32 count = 1, e, k, next = (u32)eh_skip(w->m, i, 0);

	if (depth > ETW_EH_MAX_DEPTH) {
		w->bad = true;
		return next;
	}
	if (f->enc & ETW_EH_ENC_CARRAY) {
		count = f->ccount;
	} else if (f->enc & ETW_EH_ENC_VARRAY) {
		if (w->len - w->pos < 2) {
			w->bad = true;
			return next;
		}
		count = rd16(w->in + w->pos);
		if (enc == ETW_EH_ENC_STRUCT && !f->fmt)
			w->pos += 2;	/* a struct cut to nothing: no field */
		else
			w_copy(w, 2);
	}
	for (e = 0; e < count && !w->bad; e++) {
		if (enc != ETW_EH_ENC_STRUCT) {
			w_value(w, enc, f->fmt);
			continue;
		}
		for (k = i + 1; k < next && !w->bad;)
			k = w_field(w, k, depth + 1);
	}
	return next;
}

int etw_eh_transcode(const struct etw_eh_meta *m, const u8 *in, u32 in_len,
		     u8 *out, u32 room)
{
	struct eh_walk w = {
		.m = m, .in = in, .len = in_len,
		.o = { .p = out, .room = room },
	};
	u32 i;

	for (i = 0; i < m->n && !w.bad && !w.o.over;)
		i = w_field(&w, i, 0);
	if (w.bad)
		return -EINVAL;
	tl_put(&w.o, in + w.pos, in_len - w.pos);
	if (w.o.over)
		return -E2BIG;
	return (int)w.o.len;
}

/* --- plain tracepoints ----------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static bool word_is(const char *s, u32 n, const char *w)
{
	u32 k = (u32)strlen(w);

	return n == k && !memcmp(s, w, k);
}

/* The size and signedness of a basic type; 0 if unknown. */
static u32 tp_basic(const char *t, u32 n, u8 *is_signed, u8 *is_char)
{
	static const struct {
		const char *name;
		u8 size, is_signed, is_char;
	} types[] = {
		{ "u8", 1, 0, 0 }, { "s8", 1, 1, 0 }, { "char", 1, 1, 1 },
		{ "unsigned char", 1, 0, 1 }, { "signed char", 1, 1, 1 },
		{ "u16", 2, 0, 0 }, { "s16", 2, 1, 0 }, { "short", 2, 1, 0 },
		{ "unsigned short", 2, 0, 0 },
		{ "u32", 4, 0, 0 }, { "s32", 4, 1, 0 }, { "int", 4, 1, 0 },
		{ "unsigned int", 4, 0, 0 }, { "unsigned", 4, 0, 0 },
		{ "pid_t", 4, 1, 0 },
		{ "u64", 8, 0, 0 }, { "s64", 8, 1, 0 }, { "long", 8, 1, 0 },
		{ "unsigned long", 8, 0, 0 }, { "long long", 8, 1, 0 },
		{ "unsigned long long", 8, 0, 0 }, { "size_t", 8, 0, 0 },
		{ "bool", 1, 0, 0 }, { "__u8", 1, 0, 0 }, { "__u16", 2, 0, 0 },
		{ "__u32", 4, 0, 0 }, { "__u64", 8, 0, 0 },
	};
	u32 i;

	for (i = 0; i < etw_nelems(types); i++) {
		if (word_is(t, n, types[i].name)) {
			*is_signed = types[i].is_signed;
			*is_char = types[i].is_char;
			return types[i].size;
		}
	}
	return 0;
}

/*
 * One declaration "[__data_loc|__rel_loc] type name[N]" (@s, @n bytes)
 * into @f, its size from the type; offset left to the caller.
 */
static int tp_decl(const char *s, u32 n, struct etw_tp_field *f)
{
	u32 name_start, type_end, count = 0, k;
	const char *br;

	memset(f, 0, sizeof(*f));
	while (n && is_space(*s)) {
		s++;
		n--;
	}
	while (n && is_space(s[n - 1]))
		n--;
	if (n > 11 && word_is(s, 11, "__data_loc ")) {
		f->kind = ETW_TPF_DATA_LOC;
		s += 11;
		n -= 11;
	} else if (n > 10 && word_is(s, 10, "__rel_loc ")) {
		f->kind = ETW_TPF_REL_LOC;
		s += 10;
		n -= 10;
	}
	/* The name is the last word (with [N] for an array), the type before. */
	for (name_start = n; name_start > 0 && !is_space(s[name_start - 1]);
	     name_start--)
		;
	if (!name_start || name_start == n)
		return -EINVAL;
	for (type_end = name_start; type_end && is_space(s[type_end - 1]);)
		type_end--;
	if (type_end > 7 && word_is(s, 7, "struct "))
		return -EINVAL;		/* no struct layouts here */
	f->name = s + name_start;
	f->name_len = n - name_start;
	br = memchr(f->name, '[', f->name_len);
	if (br) {
		for (k = (u32)(br - f->name) + 1; k < f->name_len &&
		     f->name[k] >= '0' && f->name[k] <= '9'; k++)
			count = count * 10 + (u32)(f->name[k] - '0');
		if (k + 1 != f->name_len || f->name[k] != ']')
			return -EINVAL;
		f->name_len = (u32)(br - f->name);
	}
	/* "char[] name" (user_events' spelling of a dynamic array). */
	if (type_end >= 2 && s[type_end - 2] == '[' && s[type_end - 1] == ']') {
		type_end -= 2;
		if (f->kind == ETW_TPF_FIXED)
			return -EINVAL;
	}
	if (!f->name_len || (br && !count && f->kind == ETW_TPF_FIXED))
		return -EINVAL;
	f->elem = (u8)tp_basic(s, type_end, &f->is_signed, &f->is_char);
	if (!f->elem)
		return -EINVAL;
	if (f->kind != ETW_TPF_FIXED) {
		f->size = 4;
		return 0;
	}
	f->count = count;
	f->size = f->elem * (count ? count : 1);
	if (count && f->is_char)
		f->kind = ETW_TPF_CHARS;
	return 0;
}

int etw_tp_args_parse(const char *args, u32 len, struct etw_tp_field *f,
		      u32 max)
{
	u32 pos = 0, n = 0, off = ETW_TP_USER_BASE;

	while (pos < len) {
		const char *semi = memchr(args + pos, ';', len - pos);
		u32 end = semi ? (u32)(semi - args) : len, k;
		int r;

		for (k = pos; k < end && is_space(args[k]); k++)
			;
		if (k < end) {
			if (n == max)
				return -E2BIG;
			r = tp_decl(args + pos, end - pos, &f[n]);
			if (r)
				return r;
			f[n].offset = off;
			off += f[n].size;
			n++;
		}
		pos = end + 1;
	}
	return (int)n;
}

/* The number after @key (e.g. "offset:") in @s (@n bytes), or -1. */
static s64 fmt_num(const char *s, u32 n, const char *key)
{
	u32 k = (u32)strlen(key), i;
	s64 v = 0;

	for (i = 0; i + k <= n; i++) {
		if (memcmp(s + i, key, k))
			continue;
		i += k;
		if (i >= n || s[i] < '0' || s[i] > '9')
			return -1;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			v = v * 10 + (s[i++] - '0');
		return v;
	}
	return -1;
}

int etw_tp_format_parse(const char *text, u32 len, struct etw_tp_field *f,
			u32 max)
{
	u32 pos = 0, n = 0;

	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		u32 end = nl ? (u32)(nl - text) : len;
		const char *line = text + pos, *fs, *semi;
		u32 ll = end - pos;
		s64 off, size, sgn;

		pos = end + 1;
		fs = ll > 6 ? memchr(line, 'f', ll) : NULL;
		if (!fs || (u32)(line + ll - fs) < 6 || memcmp(fs, "field:", 6))
			continue;
		fs += 6;
		semi = memchr(fs, ';', (size_t)(line + ll - fs));
		if (!semi)
			return -EINVAL;
		off = fmt_num(line, ll, "offset:");
		size = fmt_num(line, ll, "size:");
		sgn = fmt_num(line, ll, "signed:");
		if (off < 0 || size < 0 || off > 0xFFFF || size > 0xFFFF)
			return -EINVAL;
		if (n == max)
			return -E2BIG;
		if (tp_decl(fs, (u32)(semi - fs), &f[n])) {
			/* A type not known here: its bytes, shown as binary. */
			const char *nm = semi;

			memset(&f[n], 0, sizeof(f[n]));
			while (nm > fs && !is_space(nm[-1]))
				nm--;
			f[n].name = nm;
			f[n].name_len = (u32)(semi - nm);
			{
				const char *b = memchr(nm, '[', f[n].name_len);

				if (b)
					f[n].name_len = (u32)(b - nm);
			}
		}
		if (f[n].name_len > 7 && !memcmp(f[n].name, "common_", 7))
			continue;
		f[n].offset = (u32)off;
		if (f[n].kind == ETW_TPF_FIXED || f[n].kind == ETW_TPF_CHARS) {
			f[n].size = (u32)size;
			if (f[n].elem && size % f[n].elem)
				f[n].elem = 0;
			if (f[n].elem && f[n].count)
				f[n].count = (u32)size / f[n].elem;
			if (f[n].elem && !f[n].count && (u32)size != f[n].elem)
				f[n].elem = 0;
		}
		if (sgn >= 0 && f[n].elem)
			f[n].is_signed = sgn != 0;
		n++;
	}
	return (int)n;
}

/* The TraceLogging InType of a fixed integer of @size bytes. */
static u8 tp_int_in(u32 size, bool is_signed)
{
	switch (size) {
	case 1:
		return is_signed ? TL_IN_INT8 : TL_IN_UINT8;
	case 2:
		return is_signed ? TL_IN_INT16 : TL_IN_UINT16;
	case 4:
		return is_signed ? TL_IN_INT32 : TL_IN_UINT32;
	default:
		return is_signed ? TL_IN_INT64 : TL_IN_UINT64;
	}
}

int etw_tp_tl_meta(const char *name, u32 name_len, const struct etw_tp_field *f,
		   u32 n, u8 *out, u32 room)
{
	struct tl_out o = { .p = out, .room = room > 0xFFFF ? 0xFFFF : room };
	u32 i;

	tl_put(&o, "\0", 2);
	tl_tags(&o, 0);
	tl_put(&o, name, name_len);
	tl_byte(&o, 0);
	for (i = 0; i < n; i++) {
		const struct etw_tp_field *p = &f[i];

		if (p->kind == ETW_TPF_CHARS ||
		    ((p->kind == ETW_TPF_DATA_LOC || p->kind == ETW_TPF_REL_LOC) &&
		     p->is_char))
			tl_field(&o, p->name, p->name_len, TL_IN_ANSISTRING,
				 TL_OUT_UTF8, true, 0, false, 0, 0);
		else if (p->kind != ETW_TPF_FIXED || !p->elem)
			tl_field(&o, p->name, p->name_len, TL_IN_BINARY,
				 TL_OUT_NONE, false, 0, false, 0, 0);
		else
			tl_field(&o, p->name, p->name_len,
				 tp_int_in(p->elem, p->is_signed), TL_OUT_NONE,
				 false, 0, false, p->count ? TL_IN_CCOUNT : 0,
				 (u16)p->count);
	}
	if (o.over)
		return -E2BIG;
	wr16(out, (u16)o.len);
	return (int)o.len;
}

int etw_tp_transcode(const struct etw_tp_field *f, u32 n, const u8 *in,
		     u32 in_len, u32 base, u8 *out, u32 room)
{
	struct tl_out o = { .p = out, .room = room };
	u32 i;

	for (i = 0; i < n; i++) {
		const struct etw_tp_field *p = &f[i];
		u32 at, dlen, loc;
		u8 c[2];

		if (p->offset < base || p->offset - base > in_len ||
		    in_len - (p->offset - base) < p->size)
			return -EINVAL;
		at = p->offset - base;
		if (p->kind == ETW_TPF_FIXED && p->elem) {
			tl_put(&o, in + at, p->size);
			continue;
		}
		dlen = p->size;
		if (p->kind == ETW_TPF_DATA_LOC || p->kind == ETW_TPF_REL_LOC) {
			loc = rd32(in + at);
			dlen = loc >> 16;
			if (p->kind == ETW_TPF_DATA_LOC && (loc & 0xFFFF) < base)
				return -EINVAL;
			if (p->kind == ETW_TPF_REL_LOC)
				at += 4 + (loc & 0xFFFF);
			else
				at = (loc & 0xFFFF) - base;
			if (at > in_len || in_len - at < dlen)
				return -EINVAL;
		}
		if (p->is_char && (p->kind != ETW_TPF_FIXED || p->count)) {
			const u8 *z = memchr(in + at, 0, dlen);

			tl_put(&o, in + at, z ? (u32)(z - (in + at)) : dlen);
			tl_byte(&o, 0);
			continue;
		}
		if (dlen > 0xFFFF)
			return -EINVAL;
		wr16(c, (u16)dlen);
		tl_put(&o, c, 2);
		tl_put(&o, in + at, dlen);
	}
	if (o.over)
		return -E2BIG;
	return (int)o.len;
}
