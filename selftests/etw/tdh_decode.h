/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a consumer program does with TDH, for the tests: read a .etl file
 * with OpenTrace/ProcessTrace and turn each event into text with
 * TdhGetEventInformation and TdhFormatProperty only -- the loop of
 * Microsoft's "Using TdhFormatProperty to Consume Event Data" sample:
 * arrays by their count (a count property or a fixed count), lengths by
 * their length property, structs member by member, the data consumed
 * value by value.  Fields print as "name=value; ...", arrays as
 * "[a,b]", structs as "{m=v,...}", map values through
 * TdhGetEventMapInformation.
 */
#ifndef _ETW_SELFTEST_TDH_DECODE_H
#define _ETW_SELFTEST_TDH_DECODE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <tdh.h>

#include "shared/etw_utf.h"

#define TD_MAX_EVENTS	512
#define TD_TEXT		2048

struct td_event {
	char name[128];		/* TraceLogging event name, or "id:<n>" */
	char provider[128];
	char text[TD_TEXT];	/* "name=value; ..." */
	EVENT_HEADER header;
	ULONG tdh_status;
	DECODING_SOURCE source;
	int has_traits;		/* a PROV_TRAITS item came with it */
	char traits_name[256];
	unsigned char traits[256];
	USHORT traits_len;
	GUID related;		/* RELATED_ACTIVITYID item */
	int has_related;
};

struct td_file {
	int n;
	struct td_event ev[TD_MAX_EVENTS];
	GUID only;		/* keep only this provider (GUID_NULL: all) */
};

static const char *td_u8(const WCHAR *w, char *out, size_t room)
{
	if (!w) {
		snprintf(out, room, "(none)");
		return out;
	}
	etw_utf16_to_utf8(w, SIZE_MAX, out, room);
	return out;
}

struct td_walk {
	PEVENT_RECORD e;
	TRACE_EVENT_INFO *t;
	PBYTE p;
	USHORT left;
	ULONGLONG vals[256];	/* integer value of each property */
	char *out;
	size_t room, len;
	int bad;
};

static void td_put(struct td_walk *w, const char *s)
{
	size_t n = strlen(s);

	if (w->len + n + 1 > w->room)
		n = w->room - w->len - 1;
	memcpy(w->out + w->len, s, n);
	w->len += n;
	w->out[w->len] = 0;
}

static void td_props(struct td_walk *w, ULONG first, ULONG n, const char *sep);

static void td_value(struct td_walk *w, ULONG i)
{
	EVENT_PROPERTY_INFO *pi = &w->t->EventPropertyInfoArray[i];
	USHORT len = pi->length, used = 0;
	EVENT_MAP_INFO *map = NULL;
	WCHAR buf[1024];
	ULONG size = sizeof(buf), r;
	char text[TD_TEXT];

	if (pi->Flags & PropertyParamLength)
		len = (USHORT)w->vals[pi->lengthPropertyIndex];
	if (pi->nonStructType.MapNameOffset) {
		ULONG msize = 0;
		PWSTR mname = (PWSTR)((PBYTE)w->t + pi->nonStructType.MapNameOffset);

		if (TdhGetEventMapInformation(w->e, mname, NULL, &msize) ==
		    ERROR_INSUFFICIENT_BUFFER) {
			map = malloc(msize);
			if (map && TdhGetEventMapInformation(w->e, mname, map, &msize)) {
				free(map);
				map = NULL;
			}
		}
	}
	r = TdhFormatProperty(w->t, map, (w->e->EventHeader.Flags &
			      EVENT_HEADER_FLAG_32_BIT_HEADER) ? 4 : 8,
			      pi->nonStructType.InType, pi->nonStructType.OutType,
			      len, w->left, w->p, &size, buf, &used);
	free(map);
	if (r) {
		snprintf(text, sizeof(text), "<TdhFormatProperty %u>", r);
		td_put(w, text);
		w->bad = 1;
		return;
	}
	if (used <= 8) {
		ULONGLONG v = 0;

		memcpy(&v, w->p, used);
		w->vals[i] = v;
	}
	w->p += used;
	w->left -= used;
	td_put(w, td_u8(buf, text, sizeof(text)));
}

static void td_props(struct td_walk *w, ULONG first, ULONG n, const char *sep)
{
	ULONG i, k, count;
	char name[256];

	for (i = first; i < first + n && !w->bad; i++) {
		EVENT_PROPERTY_INFO *pi = &w->t->EventPropertyInfoArray[i];
		int array = (pi->Flags & (PropertyParamCount | PropertyParamFixedCount)) ||
			    pi->count > 1;

		count = (pi->Flags & PropertyParamCount) ?
			(ULONG)w->vals[pi->countPropertyIndex] : pi->count;
		if (i > first)
			td_put(w, sep);
		td_put(w, td_u8((PWSTR)((PBYTE)w->t + pi->NameOffset), name,
				sizeof(name)));
		td_put(w, "=");
		if (array)
			td_put(w, "[");
		for (k = 0; k < count && !w->bad; k++) {
			if (k)
				td_put(w, ",");
			if (pi->Flags & PropertyStruct) {
				td_put(w, "{");
				td_props(w, pi->structType.StructStartIndex,
					 pi->structType.NumOfStructMembers, ",");
				td_put(w, "}");
			} else {
				td_value(w, i);
			}
		}
		if (array)
			td_put(w, "]");
	}
}

static VOID WINAPI td_event_cb(PEVENT_RECORD e)
{
	struct td_file *f = e->UserContext;
	struct td_event *ev;
	struct td_walk w = { 0 };
	ULONG size = 0;
	USHORT i;

	if (IsEqualGUID(&e->EventHeader.ProviderId, &EventTraceGuid))
		return;
	if (!IsEqualGUID(&f->only, &GUID_NULL) &&
	    !IsEqualGUID(&f->only, &e->EventHeader.ProviderId))
		return;
	if (f->n >= TD_MAX_EVENTS)
		return;
	ev = &f->ev[f->n++];
	memset(ev, 0, sizeof(*ev));
	ev->header = e->EventHeader;
	for (i = 0; i < e->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &e->ExtendedData[i];

		if (x->ExtType == EVENT_HEADER_EXT_TYPE_PROV_TRAITS &&
		    x->DataSize <= sizeof(ev->traits)) {
			ev->has_traits = 1;
			ev->traits_len = x->DataSize;
			memcpy(ev->traits, (void *)(uintptr_t)x->DataPtr, x->DataSize);
			memcpy(ev->traits_name, ev->traits + 2,
			       x->DataSize > 2 ? x->DataSize - 2 : 0);
			ev->traits_name[sizeof(ev->traits_name) - 1] = 0;
		}
		if (x->ExtType == EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID &&
		    x->DataSize == 16) {
			ev->has_related = 1;
			memcpy(&ev->related, (void *)(uintptr_t)x->DataPtr, 16);
		}
	}
	ev->tdh_status = TdhGetEventInformation(e, 0, NULL, NULL, &size);
	if (ev->tdh_status != ERROR_INSUFFICIENT_BUFFER)
		return;
	w.t = malloc(size);
	ev->tdh_status = TdhGetEventInformation(e, 0, NULL, w.t, &size);
	if (ev->tdh_status) {
		free(w.t);
		return;
	}
	ev->source = w.t->DecodingSource;
	if (w.t->EventNameOffset)
		td_u8((PWSTR)((PBYTE)w.t + w.t->EventNameOffset), ev->name,
		      sizeof(ev->name));
	else
		snprintf(ev->name, sizeof(ev->name), "id:%u",
			 e->EventHeader.EventDescriptor.Id);
	td_u8(TEI_PROVIDER_NAME(w.t), ev->provider, sizeof(ev->provider));
	w.e = e;
	w.p = e->UserData;
	w.left = e->UserDataLength;
	w.out = ev->text;
	w.room = sizeof(ev->text);
	td_props(&w, 0, w.t->TopLevelPropertyCount, "; ");
	if (!w.bad && w.left)
		td_put(&w, " <data left over>");
	free(w.t);
}

/* Decode every event of @path (of provider @only, or all). */
static int td_read(const char *path, const GUID *only, struct td_file *f)
{
	EVENT_TRACE_LOGFILEA lf = { 0 };
	PROCESSTRACE_HANDLE h;
	ULONG r;

	memset(f, 0, sizeof(*f));
	if (only)
		f->only = *only;
	lf.LogFileName = (char *)path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = td_event_cb;
	lf.Context = f;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return -1;
	r = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	return r ? -1 : f->n;
}

static inline const struct td_event *td_find(const struct td_file *f, const char *name)
{
	int i;

	for (i = 0; i < f->n; i++)
		if (!strcmp(f->ev[i].name, name))
			return &f->ev[i];
	return NULL;
}

#endif /* _ETW_SELFTEST_TDH_DECODE_H */
