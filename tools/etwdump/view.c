// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: an event's names and fields for the file formats (view.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "view.h"

static char *cur[VIEW_MAX_FIELDS + 4];	/* what the last view allocated */
static unsigned ncur;

static const char *keep(char *s)
{
	if (ncur < sizeof(cur) / sizeof(cur[0]))
		cur[ncur++] = s;
	return s ? s : "";
}

char *utf16_dup(const unsigned char *s, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	put_utf16(f, s, n, 0);
	fclose(f);
	return buf;
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

void view_of(PEVENT_RECORD er, struct view *v)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *d = &h->EventDescriptor;
	char buf[64];
	USHORT i;

	while (ncur)
		free(cur[--ncur]);
	memset(v, 0, sizeof(*v));
	guid_str(&h->ProviderId, v->guid);
	v->provider = v->guid;
	if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE)
		snprintf(buf, sizeof(buf), "Message %u", d->Id);
	else
		snprintf(buf, sizeof(buf), "Event %u", d->Id);
	v->event = keep(strdup(buf));
	v->start = d->Opcode == 1;
	v->stop = d->Opcode == 2;
	for (i = 0; i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];

		if (x->ExtType == EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID &&
		    x->DataSize >= sizeof(GUID)) {
			memcpy(&v->related, (const void *)(uintptr_t)x->DataPtr,
			       sizeof(GUID));
			v->has_related = 1;
		}
	}
	if (h->Flags & EVENT_HEADER_FLAG_STRING_ONLY) {
		v->fields[0].name = "message";
		v->fields[0].text = keep(utf16_dup(er->UserData, er->UserDataLength));
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
	v->nfields = 2;
}
