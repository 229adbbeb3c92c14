// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: an event's names and fields for the file formats (view.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "common/fmt.h"
#include "common/label.h"
#include "view.h"
#include "shared/etw_utf.h"

static char *cur[VIEW_MAX_FIELDS + 4];	/* what the last view allocated */
static unsigned ncur;

static const char *keep(char *s)
{
	if (ncur < sizeof(cur) / sizeof(cur[0]))
		cur[ncur++] = s;
	return s ? s : "";
}

static char *utf8_dup(const void *u16le, size_t units)
{
	size_t n = etw_utf16_to_utf8(u16le, units, NULL, SIZE_MAX) + 1;
	char *s = malloc(n);

	if (s)
		etw_utf16_to_utf8(u16le, units, s, n);
	return s;
}

static char *hex_dup(const void *p, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	put_hex(f, p, n);
	fclose(f);
	return buf;
}

static void raw_fields(PEVENT_RECORD er, struct view *v)
{
	char buf[32];

	if (er->EventHeader.Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
		v->fields[0].name = "message";
		v->fields[0].text = keep(utf8_dup(er->UserData, er->UserDataLength / 2));
		v->nfields = 1;
		return;
	}
	if (!er->UserDataLength)
		return;
	v->fields[0].name = "payload";
	v->fields[0].text = keep(hex_dup(er->UserData, er->UserDataLength));
	v->fields[1].name = "length";
	snprintf(buf, sizeof(buf), "%u", er->UserDataLength);
	v->fields[1].text = keep(strdup(buf));
	v->fields[1].number = 1;
	v->fields[1].value = er->UserDataLength;
	v->nfields = 2;
}

void view_of(PEVENT_RECORD er, const struct decoded *d, struct view *v)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ds = &h->EventDescriptor;
	static char pbuf[512], ebuf[512];
	unsigned i;
	USHORT x;

	while (ncur)
		free(cur[--ncur]);
	memset(v, 0, sizeof(*v));
	etw_guid_str(&h->ProviderId, v->guid);
	v->provider = provider_label(er, d, pbuf, sizeof(pbuf));
	v->event = event_label(er, d, ebuf, sizeof(ebuf));
	v->task = d ? d->task : NULL;
	v->opcode = d ? d->opcode : NULL;
	/*
	 * A classic (MOF) event's types 1 and 2 are events of their own
	 * (Thread/Start, Image/Unload, Process/End...), not a begin and an
	 * end of anything.
	 */
	if (!(h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER)) {
		v->start = ds->Opcode == 1;
		v->stop = ds->Opcode == 2;
	}
	if (d && d->has_related) {
		v->related = d->related;
		v->has_related = 1;
	}
	for (x = 0; !v->has_related && x < er->ExtendedDataCount; x++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *e = &er->ExtendedData[x];

		if (e->ExtType == EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID &&
		    e->DataSize >= sizeof(GUID)) {
			memcpy(&v->related, (const void *)(uintptr_t)e->DataPtr,
			       sizeof(GUID));
			v->has_related = 1;
		}
	}
	if (!d || !d->ok) {
		raw_fields(er, v);
		return;
	}
	v->decoded = 1;
	if (d->string) {
		v->fields[v->nfields].name = "message";
		v->fields[v->nfields++].text = d->string;
	}
	for (i = 0; i < d->nfields && v->nfields < VIEW_MAX_FIELDS - 1; i++) {
		const struct dnode *n = &d->fields[i];
		struct vfield *f = &v->fields[v->nfields++];
		f->name = n->name ? n->name : "field";
		if (n->type == DN_VALUE) {
			f->text = n->text ? n->text : "";
		} else {
			char *t = malloc(8192);	/* longer values are cut */

			if (t)
				dnode_flat(n, t, 8192);
			f->text = keep(t);
		}
		if (n->type == DN_VALUE && n->is_int) {
			f->number = 1;
			f->is_signed = n->is_signed;
			f->hex = n->hex;
			f->value = n->ival;
		}
	}
	if (d->message && v->nfields < VIEW_MAX_FIELDS) {
		v->fields[v->nfields].name = "message";
		v->fields[v->nfields++].text = d->message;
	}
}
