// SPDX-License-Identifier: MIT
/*
 * TraceLogging decoding: an event's schema from its own metadata (the
 * EVENT_SCHEMA_TL extended item, reference §5.3) and its provider's
 * name from the PROV_TRAITS item (reference §1.6).
 *
 * The TDH form of the fields:
 *   - top-level fields first, in order; the members of each struct
 *     follow as a contiguous block (structType.StructStartIndex), nested
 *     structs likewise, as TDH lays out manifest structs;
 *   - a variable-count array (TlgInVcount, data = UINT16 count + values)
 *     is preceded by a UINT16 property "<name>.Count" that holds the
 *     count, and refers to it (PropertyParamCount), so consumers that
 *     walk the data property by property see the count where it is;
 *   - a fixed-count array has PropertyParamFixedCount and its count;
 *   - binary data (UINT16 byte count + bytes) is
 *     TDH_INTYPE_MANIFEST_COUNTEDBINARY, counted strings are
 *     TDH_INTYPE_MANIFEST_COUNTED(ANSI)STRING: the count is in the value;
 *   - OutType is the TDH_OUTTYPE the TraceLogging one means
 *     (tdh_tl_outtype), NULL when the field has none;
 *   - length is the byte size of fixed-size types, 0 for the others.
 */
#include <errno.h>
#include <string.h>

#include <TraceLoggingProvider.h>
#include "tdh_internal.h"

/* One field of the metadata, before layout. */
struct tl_field {
	const char *name;
	size_t name_len;
	uint8_t in, out;
	int has_out;
	uint32_t tags;
	int has_tags;
	uint16_t ccount;		/* fixed count */
	struct tl_field *members;	/* struct: its member fields */
	unsigned nmembers;
};

struct tl_parser {
	const uint8_t *p, *end;
	struct tdh_arena *a;
	int bad;
};

/* Tag bytes: 7 bits each, most significant first, while bit 7 is set. */
static uint32_t tl_tags(struct tl_parser *t)
{
	uint32_t tags = 0;
	int i;

	for (i = 0; i < 4; i++) {
		uint8_t b;

		if (t->p >= t->end) {
			t->bad = 1;
			return 0;
		}
		b = *t->p++;
		tags |= (uint32_t)(b & 0x7F) << (21 - 7 * i);
		if (!(b & 0x80))
			return tags;
	}
	t->bad = 1;	/* a fifth byte would be needed */
	return tags;
}

static int tl_u16(struct tl_parser *t, uint16_t *v)
{
	if (t->end - t->p < 2) {
		t->bad = 1;
		return -1;
	}
	*v = (uint16_t)(t->p[0] | t->p[1] << 8);
	t->p += 2;
	return 0;
}

static const char *tl_name(struct tl_parser *t, size_t *len)
{
	const uint8_t *z = memchr(t->p, 0, t->end - t->p);
	const char *s = (const char *)t->p;

	if (!z) {
		t->bad = 1;
		return NULL;
	}
	*len = z - t->p;
	t->p = z + 1;
	return s;
}

static int tl_fields(struct tl_parser *t, struct tl_field *f, unsigned n,
		     int depth);

/* One field (and, for a struct, its members). */
static int tl_field(struct tl_parser *t, struct tl_field *f, int depth)
{
	f->name = tl_name(t, &f->name_len);
	if (!f->name || t->p >= t->end)
		goto bad;
	f->in = *t->p++;
	if (f->in & _TlgInChain) {
		if (t->p >= t->end)
			goto bad;
		f->has_out = 1;
		f->out = *t->p++;
		if (f->out & _TlgOutChain) {
			f->has_tags = 1;
			f->tags = tl_tags(t);
		}
	}
	switch (f->in & _TlgInCountMask) {
	case _TlgInCcount:
		if (tl_u16(t, &f->ccount) || !f->ccount)
			goto bad;
		break;
	case _TlgInCustom: {
		uint16_t n;

		if (tl_u16(t, &n) || t->end - t->p < n)
			goto bad;
		t->p += n;	/* the custom schema: kept opaque */
		break;
	}
	}
	if ((f->in & _TlgInTypeMask) == _TlgInSTRUCT &&
	    (f->in & _TlgInCountMask) != _TlgInCustom) {
		f->nmembers = f->out & _TlgOutTypeMask;
		if (!f->has_out || !f->nmembers || depth > 32)
			goto bad;
		f->members = tdh_alloc(t->a, f->nmembers * sizeof(*f->members));
		if (!f->members)
			return -ENOMEM;
		return tl_fields(t, f->members, f->nmembers, depth + 1);
	}
	return t->bad ? -EINVAL : 0;
bad:
	t->bad = 1;
	return -EINVAL;
}

static int tl_fields(struct tl_parser *t, struct tl_field *f, unsigned n,
		     int depth)
{
	unsigned i;
	int r;

	for (i = 0; i < n; i++) {
		r = tl_field(t, &f[i], depth);
		if (r)
			return r;
	}
	return 0;
}

uint16_t tdh_tl_outtype(uint8_t tlg_in, uint8_t tlg_out)
{
	uint8_t in = tlg_in & _TlgInTypeMask;

	tlg_out &= _TlgOutTypeMask;
	if (tlg_out >= 32)
		return tlg_out;		/* from RS1 on: TDH_OUTTYPE values */
	switch (tlg_out) {
	case TlgOutNOPRINT: return TDH_OUTTYPE_NOPRINT;
	case TlgOutSTRING: return TDH_OUTTYPE_STRING;
	case TlgOutBOOLEAN: return TDH_OUTTYPE_BOOLEAN;
	case TlgOutHEX:
		switch (in) {
		case TlgInINT8: case TlgInUINT8: return TDH_OUTTYPE_HEXINT8;
		case TlgInINT16: case TlgInUINT16: return TDH_OUTTYPE_HEXINT16;
		case TlgInINT32: case TlgInUINT32: case TlgInHEXINT32:
			return TDH_OUTTYPE_HEXINT32;
		case TlgInINT64: case TlgInUINT64: case TlgInHEXINT64:
			return TDH_OUTTYPE_HEXINT64;
		default: return TDH_OUTTYPE_HEXBINARY;
		}
	case TlgOutPID: return TDH_OUTTYPE_PID;
	case TlgOutTID: return TDH_OUTTYPE_TID;
	case TlgOutPORT: return TDH_OUTTYPE_PORT;
	case TlgOutIPV4: return TDH_OUTTYPE_IPV4;
	case TlgOutIPV6: return TDH_OUTTYPE_IPV6;
	case TlgOutSOCKETADDRESS: return TDH_OUTTYPE_SOCKETADDRESS;
	case TlgOutXML: return TDH_OUTTYPE_XML;
	case TlgOutJSON: return TDH_OUTTYPE_JSON;
	case TlgOutWIN32ERROR: return TDH_OUTTYPE_WIN32ERROR;
	case TlgOutNTSTATUS: return TDH_OUTTYPE_NTSTATUS;
	case TlgOutHRESULT: return TDH_OUTTYPE_HRESULT;
	case TlgOutFILETIME: return TDH_OUTTYPE_DATETIME;
	case TlgOutSIGNED:
		switch (in) {
		case TlgInINT8: case TlgInUINT8: return TDH_OUTTYPE_BYTE;
		case TlgInINT16: case TlgInUINT16: return TDH_OUTTYPE_SHORT;
		case TlgInINT64: case TlgInUINT64: case TlgInHEXINT64:
			return TDH_OUTTYPE_LONG;
		default: return TDH_OUTTYPE_INT;
		}
	case TlgOutUNSIGNED:
		switch (in) {
		case TlgInINT8: case TlgInUINT8: return TDH_OUTTYPE_UNSIGNEDBYTE;
		case TlgInINT16: case TlgInUINT16: return TDH_OUTTYPE_UNSIGNEDSHORT;
		case TlgInINT64: case TlgInUINT64: case TlgInHEXINT64:
			return TDH_OUTTYPE_UNSIGNEDLONG;
		default: return TDH_OUTTYPE_UNSIGNEDINT;
		}
	default:
		return TDH_OUTTYPE_NULL;
	}
}

/* The TDH InType of a TraceLogging one (counted forms: see the top). */
static uint16_t tl_intype(uint8_t in)
{
	switch (in & _TlgInTypeMask) {
	case TlgInBINARY:
	case TlgInCOUNTEDBINARY:
		return TDH_INTYPE_MANIFEST_COUNTEDBINARY;
	case TlgInCOUNTEDSTRING:
		return TDH_INTYPE_MANIFEST_COUNTEDSTRING;
	case TlgInCOUNTEDANSISTRING:
		return TDH_INTYPE_MANIFEST_COUNTEDANSISTRING;
	default:
		return in & _TlgInTypeMask;	/* 0..21 are the TDH values */
	}
}

/* Properties a list of fields needs: one each, two for a vcount array. */
static unsigned tl_count(const struct tl_field *f, unsigned n)
{
	unsigned i, c = 0;

	for (i = 0; i < n; i++) {
		c += (f[i].in & _TlgInCountMask) == TlgInVcount ? 2 : 1;
		if (f[i].members)
			c += tl_count(f[i].members, f[i].nmembers);
	}
	return c;
}

struct tl_layout {
	struct tdh_prop *props;
	unsigned next;		/* first free index */
	struct tdh_arena *a;
};

/* Place the list @f at indices [first, ...); then each struct's members. */
static int tl_place(struct tl_layout *l, const struct tl_field *f, unsigned n,
		    unsigned *count_out)
{
	unsigned first = l->next, i, k;

	for (i = 0; i < n; i++)
		l->next += (f[i].in & _TlgInCountMask) == TlgInVcount ? 2 : 1;
	*count_out = l->next - first;
	for (i = 0, k = first; i < n; i++, k++) {
		struct tdh_prop *p = &l->props[k];
		int vcount = (f[i].in & _TlgInCountMask) == TlgInVcount;

		if (vcount) {
			char *cn = tdh_alloc(l->a, f[i].name_len + 7);

			if (!cn)
				return -ENOMEM;
			memcpy(cn, f[i].name, f[i].name_len);
			memcpy(cn + f[i].name_len, ".Count", 7);
			p->name = cn;
			p->in = TDH_INTYPE_UINT16;
			p->length = 2;
			p->count = 1;
			p++;
			k++;
			p->flags |= PropertyParamCount;
			p->count = (uint16_t)(k - 1);
		} else if ((f[i].in & _TlgInCountMask) == _TlgInCcount) {
			p->flags |= PropertyParamFixedCount;
			p->count = f[i].ccount;
		} else {
			p->count = 1;
		}
		p->name = tdh_strndup(l->a, f[i].name, f[i].name_len);
		if (!p->name)
			return -ENOMEM;
		if (f[i].has_tags) {
			p->flags |= PropertyHasTags;
			p->tags = f[i].tags;
		}
		if (f[i].members) {
			unsigned m, start = l->next;
			int r;

			p->flags |= PropertyStruct;
			p->struct_start = (uint16_t)start;
			r = tl_place(l, f[i].members, f[i].nmembers, &m);
			if (r)
				return r;
			p->struct_members = (uint16_t)m;	/* properties */
			continue;
		}
		if ((f[i].in & _TlgInCountMask) == _TlgInCustom) {
			p->flags |= PropertyHasCustomSchema;
			p->in = TDH_INTYPE_MANIFEST_COUNTEDBINARY;
			p->out = TDH_OUTTYPE_HEXBINARY;
			continue;
		}
		p->in = tl_intype(f[i].in);
		p->out = f[i].has_out ? tdh_tl_outtype(f[i].in, f[i].out) :
					TDH_OUTTYPE_NULL;
		p->length = (uint16_t)tdh_intype_size(p->in, 8);
	}
	return 0;
}

int tdh_tl_parse(const uint8_t *meta, size_t meta_len,
		 const uint8_t *traits, size_t traits_len,
		 struct tdh_schema *out, struct tdh_arena *a)
{
	struct tl_parser t = { .a = a };
	struct tl_layout l = { .a = a };
	struct tl_field *f = NULL;
	unsigned n = 0, cap = 0, top;
	size_t len;
	uint16_t size;
	int r;

	if (meta_len < 3)
		return -EINVAL;
	size = (uint16_t)(meta[0] | meta[1] << 8);
	if (size < 3 || size > meta_len)
		return -EINVAL;
	t.p = meta + 2;
	t.end = meta + size;
	out->tags = tl_tags(&t);
	out->event_name = tl_name(&t, &len);
	if (t.bad)
		return -EINVAL;
	out->event_name = tdh_strndup(a, out->event_name, len);
	/* The top-level fields, each possibly a struct with members. */
	while (t.p < t.end) {
		if (n == cap) {
			struct tl_field *g;

			cap = cap ? 2 * cap : 16;
			g = tdh_alloc(a, cap * sizeof(*g));
			if (!g)
				return -ENOMEM;
			if (n)
				memcpy(g, f, n * sizeof(*g));
			f = g;
		}
		r = tl_field(&t, &f[n], 0);
		if (r)
			return r;
		n++;
	}
	out->nprops = tl_count(f, n);
	if (out->nprops > 0xFFFF)
		return -EINVAL;
	out->props = tdh_alloc(a, (out->nprops + 1) * sizeof(*out->props));
	if (!out->props || !out->event_name)
		return -ENOMEM;
	l.props = out->props;
	r = tl_place(&l, f, n, &top);
	if (r)
		return r;
	out->ntop = top;
	out->source = DecodingSourceTlg;
	/* Traits: UINT16 size, then the provider's NUL-terminated name. */
	if (traits && traits_len >= 3) {
		size_t tsize = traits[0] | traits[1] << 8;
		const uint8_t *z;

		if (tsize > traits_len)
			tsize = traits_len;
		z = tsize > 2 ? memchr(traits + 2, 0, tsize - 2) : NULL;
		if (z)
			out->provider_name = tdh_strndup(a, (const char *)traits + 2,
							 z - (traits + 2));
	}
	/* An EventHeader provider's names carry ";attribute=value"s. */
	if (!a->failed && tdh_eh_traits(traits, traits_len)) {
		uint32_t i;

		out->event_attributes = tdh_eh_split((char *)out->event_name);
		for (i = 0; i < out->nprops; i++)
			if (out->props[i].name)
				tdh_eh_split((char *)out->props[i].name);
	}
	return a->failed ? -ENOMEM : 0;
}
