// SPDX-License-Identifier: MIT
/*
 * Walking an event's data with its TRACE_EVENT_INFO: how many bytes a
 * value takes, and where a named property (or one element of it) is.
 * Used by TdhGetPropertySize, TdhGetProperty and TdhFormatProperty.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "tdh_internal.h"

/* PROPERTY_DATA_DESCRIPTOR.ArrayIndex for the whole property (Windows ULONG_MAX). */
#define TDH_WHOLE ((ULONG)0xFFFFFFFF)

static uint32_t rd16(const uint8_t *p)
{
	return p[0] | p[1] << 8;
}

uint32_t tdh_value_size(uint16_t in, uint16_t out, uint32_t length,
			const uint8_t *p, uint32_t avail, uint32_t psize,
			int *bad)
{
	uint32_t n, i;

	*bad = 0;
	n = tdh_intype_size(in, psize);
	if (n) {
		if (avail < n)
			goto bad;
		return n;
	}
	switch (in) {
	case TDH_INTYPE_NULL:
		return 0;
	case TDH_INTYPE_UNICODESTRING:
		if (length) {
			n = 2 * length;
			break;
		}
		for (i = 0; i + 3 < avail; i += 4) {
			/* two units a step: either of them NUL? */
			if ((!p[i] && !p[i + 1]) || (!p[i + 2] && !p[i + 3]))
				break;
		}
		for (; i + 1 < avail; i += 2)
			if (!p[i] && !p[i + 1])
				return i + 2;
		return avail & ~1u;	/* unterminated: the rest */
	case TDH_INTYPE_ANSISTRING:
		if (length) {
			n = length;
			break;
		}
		for (i = 0; i < avail; i++)
			if (!p[i])
				return i + 1;
		return avail;
	case TDH_INTYPE_BINARY:
		n = length;
		if (!n && out == TDH_OUTTYPE_IPV6)
			n = 16;
		break;
	case TDH_INTYPE_MANIFEST_COUNTEDSTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDANSISTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDBINARY:
	case TDH_INTYPE_COUNTEDSTRING:
	case TDH_INTYPE_COUNTEDANSISTRING:
		if (avail < 2)
			goto bad;
		n = 2 + rd16(p);
		break;
	case TDH_INTYPE_REVERSEDCOUNTEDSTRING:
	case TDH_INTYPE_REVERSEDCOUNTEDANSISTRING:
		if (avail < 2)
			goto bad;
		n = 2 + (p[0] << 8 | p[1]);
		break;
	case TDH_INTYPE_NONNULLTERMINATEDSTRING:
	case TDH_INTYPE_NONNULLTERMINATEDANSISTRING:
		return avail;
	case TDH_INTYPE_HEXDUMP:
		if (avail < 4)
			goto bad;
		n = 4 + (p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24);
		if (n < 4)
			goto bad;
		break;
	case TDH_INTYPE_SID:
		if (avail < 8 || p[1] > 15)
			goto bad;
		n = 8 + 4 * p[1];
		break;
	case TDH_INTYPE_WBEMSID:
		/*
		 * TOKEN_USER (two pointers), then the SID; a null Sid
		 * pointer is the 4 bytes alone (no SID follows), as the
		 * kernel writes it and PerfView reads it.
		 */
		if (avail >= 4 && !(p[0] | p[1] | p[2] | p[3])) {
			n = 4;
			break;
		}
		if (avail < 2 * psize + 8 || p[2 * psize + 1] > 15)
			goto bad;
		n = 2 * psize + 8 + 4 * p[2 * psize + 1];
		break;
	default:
		goto bad;
	}
	if (n > avail)
		goto bad;
	return n;
bad:
	*bad = 1;
	return 0;
}

/* Little-endian integer value of an integer property (for count/length). */
static uint64_t int_value(uint16_t in, const uint8_t *p, uint32_t size)
{
	uint64_t v = 0;
	uint32_t i;

	switch (in) {
	case TDH_INTYPE_INT8: case TDH_INTYPE_UINT8:
	case TDH_INTYPE_INT16: case TDH_INTYPE_UINT16:
	case TDH_INTYPE_INT32: case TDH_INTYPE_UINT32:
	case TDH_INTYPE_INT64: case TDH_INTYPE_UINT64:
	case TDH_INTYPE_HEXINT32: case TDH_INTYPE_HEXINT64:
		for (i = 0; i < size && i < 8; i++)
			v |= (uint64_t)p[i] << (8 * i);
		return v;
	default:
		return 0;
	}
}

struct walk {
	const TRACE_EVENT_INFO *tei;
	const uint8_t *data;
	uint32_t len, off, psize;
	uint64_t *vals;		/* last integer value of each property */
	const PROPERTY_DATA_DESCRIPTOR *pd;
	ULONG npd;
	struct tdh_loc *loc;
	int found;
};

static int name_eq(const TRACE_EVENT_INFO *tei, ULONG off, const WCHAR *name)
{
	const WCHAR *a = (const WCHAR *)((const uint8_t *)tei + off);

	if (!off || !name)
		return 0;
	while (*a && *a == *name) {
		a++;
		name++;
	}
	return *a == *name;
}

/* Elements of property @i: from its count or the count property. */
static uint32_t prop_count(struct walk *w, const EVENT_PROPERTY_INFO *e)
{
	if (e->Flags & PropertyParamCount)
		return e->countPropertyIndex < w->tei->PropertyCount ?
		       (uint32_t)w->vals[e->countPropertyIndex] : 0;
	if (e->Flags & PropertyParamFixedCount)
		return e->count;
	return e->count ? e->count : 1;
}

static uint32_t prop_length(struct walk *w, const EVENT_PROPERTY_INFO *e)
{
	if (e->Flags & PropertyParamLength)
		return e->lengthPropertyIndex < w->tei->PropertyCount ?
		       (uint32_t)w->vals[e->lengthPropertyIndex] : 0;
	return e->length;
}

/*
 * Walk properties [first, first + n) from w->off.  @depth is the index
 * in w->pd of the descriptor these properties are matched against
 * (w->npd when not on the requested path).  ERROR_SUCCESS when walked
 * (or found), ERROR_EVT_INVALID_EVENT_DATA on short data.
 */
static ULONG walk_props(struct walk *w, uint32_t first, uint32_t n,
			ULONG depth, int level)
{
	uint32_t i;

	if (level > 32 || first + n > w->tei->PropertyCount)
		return ERROR_EVT_INVALID_EVENT_DATA;
	for (i = first; i < first + n && !w->found; i++) {
		const EVENT_PROPERTY_INFO *e = &w->tei->EventPropertyInfoArray[i];
		int on = depth < w->npd &&
			 name_eq(w->tei, e->NameOffset,
				 (const WCHAR *)(uintptr_t)w->pd[depth].PropertyName);
		ULONG want = on ? w->pd[depth].ArrayIndex : TDH_WHOLE;
		uint32_t count = prop_count(w, e), start = w->off, k;

		for (k = 0; k < count && !w->found; k++) {
			uint32_t at = w->off, size;
			int elem = on && want == k;

			if (e->Flags & PropertyStruct) {
				int inside = elem || (on && count == 1 &&
						      want == TDH_WHOLE);
				ULONG r = walk_props(w, e->structType.StructStartIndex,
						     e->structType.NumOfStructMembers,
						     inside ? depth + 1 : w->npd,
						     level + 1);

				if (r)
					return r;
				size = w->off - at;
			} else {
				int bad;

				size = tdh_value_size(e->nonStructType.InType,
						      e->nonStructType.OutType,
						      prop_length(w, e), w->data + at,
						      w->len - at, w->psize, &bad);
				if (bad)
					return ERROR_EVT_INVALID_EVENT_DATA;
				w->vals[i] = int_value(e->nonStructType.InType,
						       w->data + at, size);
				w->off += size;
			}
			if (!w->found && elem && depth + 1 == w->npd) {
				w->loc->off = at;
				w->loc->size = size;
				w->loc->count = 1;
				w->found = 1;
			}
		}
		if (!w->found && on && want == TDH_WHOLE && depth + 1 == w->npd) {
			w->loc->off = start;
			w->loc->size = w->off - start;
			w->loc->count = count;
			w->found = 1;
		}
	}
	return ERROR_SUCCESS;
}

ULONG tdh_locate(const TRACE_EVENT_INFO *tei, const uint8_t *data,
		 uint32_t len, uint32_t psize, const PROPERTY_DATA_DESCRIPTOR *pd,
		 ULONG n, struct tdh_loc *loc)
{
	uint64_t small[64], *vals = small;
	struct walk w = {
		.tei = tei, .data = data, .len = len, .psize = psize,
		.pd = pd, .npd = n, .loc = loc,
	};
	ULONG r;

	if (tei->PropertyCount > 64) {
		vals = calloc(tei->PropertyCount, sizeof(*vals));
		if (!vals)
			return ERROR_NOT_ENOUGH_MEMORY;
	} else {
		memset(small, 0, sizeof(small));
	}
	w.vals = vals;
	r = walk_props(&w, 0, tei->TopLevelPropertyCount, 0, 0);
	if (vals != small)
		free(vals);
	if (r)
		return r;
	return w.found ? ERROR_SUCCESS : ERROR_NOT_FOUND;
}
