// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tracepoint events as EVENT_RECORDs (tprecord.h).  The TraceLogging
 * form of each EventHeader metadata block is made once and kept, found
 * again by a hash of its bytes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libetw.h>

#include "common/tprecord.h"

/* --- the TraceLogging forms of EventHeader metadata ------------------------- */

struct tl_form {
	struct tl_form *next;
	uint64_t hash;
	uint16_t tag;
	uint32_t len, flags, tl_len;
	uint8_t *meta;			/* a copy: @parsed points into it */
	uint8_t *tl;
	struct etw_eh_meta *parsed;	/* kept when the payload is transcoded */
};

#define TL_FORM_BUCKETS 1024
static struct tl_form *tl_forms[TL_FORM_BUCKETS];

/* A hash of the metadata: eight bytes a step. */
static uint64_t meta_hash(const uint8_t *p, uint32_t n, uint16_t tag)
{
	uint64_t h = 0x9E3779B97F4A7C15ull ^ ((uint64_t)n << 16) ^ tag, w;
	uint32_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (w = 0; i < n; i++)
		w = w << 8 | p[i];
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	return h ^ (h >> 29);
}

static const struct tl_form *tl_form(const uint8_t *meta, uint32_t len,
				     uint16_t tag)
{
	uint64_t h = meta_hash(meta, len, tag);
	struct tl_form *f, **b = &tl_forms[h % TL_FORM_BUCKETS];
	uint8_t tl[0x10000];
	int r;

	for (f = *b; f; f = f->next)
		if (f->hash == h && f->tag == tag && f->len == len &&
		    !memcmp(f->meta, meta, len))
			return f;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->meta = malloc(len ? len : 1);
	f->parsed = malloc(sizeof(*f->parsed));
	if (!f->meta || !f->parsed)
		goto fail;
	memcpy(f->meta, meta, len);
	f->len = len;
	f->tag = tag;
	f->hash = h;
	if (etw_eh_meta_parse(f->meta, len, f->parsed))
		goto fail;
	r = etw_eh_tl_meta(f->parsed, tag, tl, sizeof(tl), &f->flags);
	if (r < 0)
		goto fail;
	f->tl = malloc((size_t)r);
	if (!f->tl)
		goto fail;
	memcpy(f->tl, tl, (size_t)r);
	f->tl_len = (uint32_t)r;
	if (!(f->flags & ETW_EH_TRANSCODE)) {
		free(f->parsed);
		f->parsed = NULL;
	}
	f->next = *b;
	*b = f;
	return f;
fail:
	free(f->meta);
	free(f->parsed);
	free(f);
	return NULL;
}

/* --- tracepoints ------------------------------------------------------------ */

void tpr_tp_free(struct tpr_tp *tp)
{
	if (!tp)
		return;
	free(tp->system);
	free(tp->name);
	free(tp->traits);
	free(tp->fields);
	free(tp->tl);
	free(tp->format);
	free(tp);
}

/* Does the format say EventHeader (its fields, at @off)? */
static int format_is_eh(const struct etw_tp_field *f, uint32_t n, uint32_t *off)
{
	static const char *const names[] = {
		"eventheader_flags", "version", "id", "tag", "opcode", "level",
	};
	uint32_t i;

	if (n < 6)
		return 0;
	for (i = 0; i < 6; i++)
		if (f[i].name_len != strlen(names[i]) ||
		    memcmp(f[i].name, names[i], f[i].name_len))
			return 0;
	*off = f[0].offset;
	return 1;
}

struct tpr_tp *tpr_tp_new(const char *system, const char *name,
			  const char *format, uint32_t eh_offset)
{
	struct tpr_tp *tp = calloc(1, sizeof(*tp));
	struct etw_tp_field f[ETW_TP_MAX_FIELDS];
	uint8_t buf[0x10000];
	int n = 0, r;

	if (!tp)
		return NULL;
	tp->system = strdup(system ? system : "");
	tp->name = strdup(name);
	if (!tp->system || !tp->name)
		goto fail;
	if (format) {
		const char *fmt = strstr(format, "format:");

		tp->format = strdup(fmt ? fmt : format);
		if (!tp->format)
			goto fail;
		n = etw_tp_format_parse(tp->format, (u32)strlen(tp->format), f,
					ETW_TP_MAX_FIELDS);
		if (n < 0)
			n = 0;
	}
	tp->eh_offset = eh_offset;
	if (!etw_eh_tpname_parse(tp->name, (u32)strlen(tp->name), &tp->tn) &&
	    (!format || format_is_eh(f, (u32)n, &tp->eh_offset))) {
		char group[ETW_EH_NAME_MAX];
		GUID g;

		tp->eh = 1;
		memcpy(group, tp->tn.provider, tp->tn.provider_len);
		group[tp->tn.provider_len] = 0;
		etw_provider_guid(group, &tp->guid);
		if (tp->tn.group) {
			memcpy(group, tp->tn.group, tp->tn.group_len);
			group[tp->tn.group_len] = 0;
			etw_provider_guid(group, &g);
		}
		r = etw_eh_traits(tp->tn.provider, tp->tn.provider_len, tp->name,
				  (u32)strlen(tp->name),
				  tp->tn.group ? (const u8 *)&g : NULL, buf, sizeof(buf));
	} else {
		/* The system is the provider, the tracepoint the event. */
		memset(&tp->tn, 0, sizeof(tp->tn));
		etw_provider_guid(tp->system, &tp->guid);
		r = etw_eh_traits(tp->system, (u32)strlen(tp->system), NULL, 0,
				  NULL, buf, sizeof(buf));
		if (r > 0) {
			int m;

			tp->fields = malloc(sizeof(*f) * (size_t)(n ? n : 1));
			tp->tl = malloc(0x10000);
			if (!tp->fields || !tp->tl)
				goto fail;
			memcpy(tp->fields, f, sizeof(*f) * (size_t)n);
			tp->nfields = (uint32_t)n;
			m = etw_tp_tl_meta(tp->name, (u32)strlen(tp->name), f,
					   (u32)n, tp->tl, 0x10000);
			if (m < 0)
				goto fail;
			tp->tl_len = (uint32_t)m;
		}
	}
	if (r < 0)
		goto fail;
	tp->traits = malloc((size_t)r);
	if (!tp->traits)
		goto fail;
	memcpy(tp->traits, buf, (size_t)r);
	tp->traits_len = (uint32_t)r;
	return tp;
fail:
	tpr_tp_free(tp);
	return NULL;
}

/* --- events ----------------------------------------------------------------- */

void tpr_out_free(struct tpr_out *o)
{
	free(o->buf);
	o->buf = NULL;
	o->cap = 0;
}

static uint8_t *out_room(struct tpr_out *o, size_t n)
{
	if (o->cap < n) {
		uint8_t *b = realloc(o->buf, n);

		if (!b)
			return NULL;
		o->buf = b;
		o->cap = n;
	}
	return o->buf;
}

static void ext_set(EVENT_HEADER_EXTENDED_DATA_ITEM *x, USHORT type,
		    const void *p, uint32_t n)
{
	memset(x, 0, sizeof(*x));
	x->ExtType = type;
	x->DataSize = (USHORT)n;
	x->DataPtr = (ULONGLONG)(uintptr_t)p;
}

int tpr_build(const struct tpr_tp *tp, const uint8_t *raw, uint32_t len,
	      struct tpr_out *o)
{
	EVENT_RECORD *er = &o->er;
	EVENT_HEADER *h = &er->EventHeader;
	struct etw_eh_event ev;
	const struct tl_form *f = NULL;
	const uint8_t *tl = NULL;
	uint32_t tl_len = 0;
	unsigned nx = 0;
	int r = 0;

	memset(er, 0, sizeof(*er));
	h->Size = sizeof(*h);
	h->Flags = EVENT_HEADER_FLAG_64_BIT_HEADER;
	h->ProviderId = tp->guid;
	h->EventDescriptor.Channel = 11;
	er->UserData = (PVOID)raw;
	er->UserDataLength = (USHORT)(len > 0xFFFF ? 0xFFFF : len);
	if (tp->eh) {
		if (len < tp->eh_offset ||
		    etw_eh_parse(raw + tp->eh_offset, len - tp->eh_offset, &ev))
			return -EINVAL;
		if (!(ev.flags & ETW_EH_FLAG_POINTER64))
			h->Flags = EVENT_HEADER_FLAG_32_BIT_HEADER;
		h->EventDescriptor.Id = ev.id;
		h->EventDescriptor.Version = ev.version;
		h->EventDescriptor.Level = ev.level;
		h->EventDescriptor.Opcode = ev.opcode;
		h->EventDescriptor.Keyword = tp->tn.keyword;
		if (ev.activity)
			memcpy(&h->ActivityId, ev.activity, 16);
		if (ev.related)
			ext_set(&o->ext[nx++], EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID,
				ev.related, 16);
		er->UserData = (PVOID)ev.payload;
		er->UserDataLength = (USHORT)(ev.payload_len > 0xFFFF ? 0xFFFF :
					      ev.payload_len);
		if (ev.meta) {
			f = tl_form(ev.meta, ev.meta_len, ev.tag);
			if (!f)
				r = -EINVAL;	/* decoded as it is: no schema */
		}
		if (f) {
			tl = f->tl;
			tl_len = f->tl_len;
		}
		if (f && (f->flags & ETW_EH_TRANSCODE)) {
			size_t need = 2 * (size_t)ev.payload_len + 64;
			uint8_t *b = out_room(o, need);
			int n;

			if (!b)
				return -ENOMEM;
			n = etw_eh_transcode(f->parsed, ev.payload, ev.payload_len,
					     b, (u32)need);
			if (n < 0) {
				tl = NULL;	/* the schema does not fit the data */
				r = -EINVAL;
			} else {
				er->UserData = b;
				er->UserDataLength = (USHORT)(n > 0xFFFF ? 0xFFFF : n);
			}
		}
	} else if (tp->tl) {
		size_t need = (size_t)len + 2 * tp->nfields + 64;
		uint8_t *b = out_room(o, need);
		int n;

		if (!b)
			return -ENOMEM;
		n = etw_tp_transcode(tp->fields, tp->nfields, raw, len, 0, b,
				     (u32)need);
		if (n >= 0) {
			tl = tp->tl;
			tl_len = tp->tl_len;
			er->UserData = b;
			er->UserDataLength = (USHORT)(n > 0xFFFF ? 0xFFFF : n);
		} else {
			r = -EINVAL;
		}
	}
	ext_set(&o->ext[nx++], EVENT_HEADER_EXT_TYPE_PROV_TRAITS, tp->traits,
		tp->traits_len);
	if (tl)
		ext_set(&o->ext[nx++], EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL, tl,
			tl_len);
	er->ExtendedDataCount = (USHORT)nx;
	er->ExtendedData = o->ext;
	h->Flags |= EVENT_HEADER_FLAG_EXTENDED_INFO;
	return r;
}
