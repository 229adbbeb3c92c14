// SPDX-License-Identifier: MIT
/*
 * WPP (TraceMessage) events through TDH's property API, as Windows' TDH
 * gives them once the TMF is found: TdhGetEventInformation describes a
 * WPP event with DecodingSourceWPP and the properties below,
 * TdhGetPropertySize/TdhGetProperty (and TdhGetWppProperty, with a
 * decoding handle) return their values, TdhFormatProperty formats them
 * like any other property.  The TMF is found as tdh_wpp.c finds it: the
 * TDH_CONTEXT_WPP_TMFSEARCHPATH or TDH_CONTEXT_WPP_TMFFILE of the call
 * (or of the handle), else TRACE_FORMAT_SEARCH_PATH.
 *
 * The properties and their types are those Microsoft lists for WPP
 * events (PROPERTY_DATA_DESCRIPTOR's documentation, the DecodeEvent
 * sample): Version, TraceGuid, GuidName (the TMF's module name),
 * GuidTypeName (the #typev name: source file and line, main_c22),
 * ThreadId, SystemTime, UserTime, KernelTime, SequenceNum, ProcessId,
 * CpuNumber, Indent, FlagsName, LevelName, FunctionName, ComponentName,
 * SubComponentName, FormattedString (the message, as TdhGetWppMessage and
 * tracefmt's %s give it, without the prefix), RawSystemTime, ProviderGuid;
 * then FileName (the TMF's SRC=) and LineNumber, which tracefmt prints as
 * %!FILE! and %!LINE!.  Values a record here does not carry are 0:
 * SequenceNum (the consumer does not keep a message's sequence number),
 * Indent, Version and ProviderGuid (the control GUID).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "tdh_internal.h"
#include "tdh_wpp.h"
#include "shared/etw_utf.h"
#include "shared/etw_etl.h"

enum {
	W_VERSION, W_TRACEGUID, W_GUIDNAME, W_GUIDTYPENAME, W_THREADID,
	W_SYSTEMTIME, W_USERTIME, W_KERNELTIME, W_SEQUENCENUM, W_PROCESSID,
	W_CPUNUMBER, W_INDENT, W_FLAGSNAME, W_LEVELNAME, W_FUNCTIONNAME,
	W_COMPONENTNAME, W_SUBCOMPONENTNAME, W_FORMATTEDSTRING,
	W_RAWSYSTEMTIME, W_PROVIDERGUID, W_FILENAME, W_LINENUMBER, W_COUNT
};

static const struct {
	const char *name;
	uint16_t in, out;
} props[W_COUNT] = {
	[W_VERSION] = { "Version", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_TRACEGUID] = { "TraceGuid", TDH_INTYPE_GUID, TDH_OUTTYPE_GUID },
	[W_GUIDNAME] = { "GuidName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_GUIDTYPENAME] = { "GuidTypeName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_THREADID] = { "ThreadId", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_SYSTEMTIME] = { "SystemTime", TDH_INTYPE_SYSTEMTIME, TDH_OUTTYPE_DATETIME },
	[W_USERTIME] = { "UserTime", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_KERNELTIME] = { "KernelTime", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_SEQUENCENUM] = { "SequenceNum", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_PROCESSID] = { "ProcessId", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_CPUNUMBER] = { "CpuNumber", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_INDENT] = { "Indent", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
	[W_FLAGSNAME] = { "FlagsName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_LEVELNAME] = { "LevelName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_FUNCTIONNAME] = { "FunctionName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_COMPONENTNAME] = { "ComponentName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_SUBCOMPONENTNAME] = { "SubComponentName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_FORMATTEDSTRING] = { "FormattedString", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_RAWSYSTEMTIME] = { "RawSystemTime", TDH_INTYPE_FILETIME, TDH_OUTTYPE_DATETIME },
	[W_PROVIDERGUID] = { "ProviderGuid", TDH_INTYPE_GUID, TDH_OUTTYPE_GUID },
	[W_FILENAME] = { "FileName", TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_STRING },
	[W_LINENUMBER] = { "LineNumber", TDH_INTYPE_UINT32, TDH_OUTTYPE_UNSIGNEDINT },
};

/* The search path of the call's contexts (UTF-8 into @buf), else NULL. */
static const char *context_search(ULONG n, const TDH_CONTEXT *c, char *buf, size_t room,
				  int *gmt)
{
	const char *found = NULL;
	ULONG i;

	for (i = 0; c && i < n; i++) {
		const WCHAR *w = (const WCHAR *)(uintptr_t)c[i].ParameterValue;

		if (c[i].ParameterType == TDH_CONTEXT_WPP_GMT && gmt)
			*gmt = c[i].ParameterValue != 0;
		if ((c[i].ParameterType == TDH_CONTEXT_WPP_TMFSEARCHPATH ||
		     c[i].ParameterType == TDH_CONTEXT_WPP_TMFFILE) && w && !found) {
			etw_utf16_to_utf8(w, SIZE_MAX, buf, room);
			found = buf;
		}
	}
	return found;
}

struct wpp_event {
	struct tdh_wpp_meta meta;
	char text[8192];
	int gmt;
};

/* The TMF's message for @e: ERROR_SUCCESS, NOT_FOUND or INVALID_EVENT_DATA. */
static ULONG describe(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c,
		      const struct tdh_decoding *t, struct wpp_event *w)
{
	char buf[2048];
	const char *search = context_search(n, c, buf, sizeof(buf), &w->gmt);
	int r;

	if (!search)
		search = tdh_wpp_search(t);
	if (t && t->gmt)
		w->gmt = 1;
	r = tdh_wpp_describe(e, search, w->text, sizeof(w->text), &w->meta);
	if (r == -ENOMEM)
		return ERROR_NOT_ENOUGH_MEMORY;
	if (r == -EINVAL)
		return ERROR_EVT_INVALID_EVENT_DATA;
	return r ? ERROR_NOT_FOUND : ERROR_SUCCESS;
}

ULONG tdh_wpp_schema(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c,
		     struct tdh_schema *s, struct tdh_arena *a)
{
	struct wpp_event *w = calloc(1, sizeof(*w));
	unsigned i;
	ULONG r;

	if (!w)
		return ERROR_NOT_ENOUGH_MEMORY;
	r = describe(e, n, c, NULL, w);
	if (r) {
		free(w);
		return r;
	}
	memset(s, 0, sizeof(*s));
	s->provider = e->EventHeader.ProviderId;
	s->desc = e->EventHeader.EventDescriptor;
	s->source = DecodingSourceWPP;
	s->provider_name = tdh_strndup(a, w->meta.guid_name, strlen(w->meta.guid_name));
	s->level_name = w->meta.level[0] ?
		tdh_strndup(a, w->meta.level, strlen(w->meta.level)) : NULL;
	s->props = tdh_alloc(a, W_COUNT * sizeof(*s->props));
	free(w);
	if (!s->props || !s->provider_name)
		return ERROR_NOT_ENOUGH_MEMORY;
	for (i = 0; i < W_COUNT; i++) {
		s->props[i].name = props[i].name;
		s->props[i].in = props[i].in;
		s->props[i].out = props[i].out;
		s->props[i].count = 1;
	}
	s->nprops = s->ntop = W_COUNT;
	return ERROR_SUCCESS;
}

/* FILETIME @ft as SYSTEMTIME, UTC or local. */
static void filetime_to_systemtime(uint64_t ft, int gmt, SYSTEMTIME *st)
{
	time_t secs = (time_t)(ft / 10000000ULL) - ETL_UNIX_EPOCH_SECONDS;
	struct tm tm;

	memset(st, 0, sizeof(*st));
	if (!(gmt ? gmtime_r(&secs, &tm) : localtime_r(&secs, &tm)))
		return;
	st->wYear = (WORD)(tm.tm_year + 1900);
	st->wMonth = (WORD)(tm.tm_mon + 1);
	st->wDayOfWeek = (WORD)tm.tm_wday;
	st->wDay = (WORD)tm.tm_mday;
	st->wHour = (WORD)tm.tm_hour;
	st->wMinute = (WORD)tm.tm_min;
	st->wSecond = (WORD)tm.tm_sec;
	st->wMilliseconds = (WORD)(ft / 10000 % 1000);
}

ULONG tdh_wpp_property(const EVENT_RECORD *e, ULONG n, const TDH_CONTEXT *c,
		       const struct tdh_decoding *t, const WCHAR *name,
		       PBYTE buf, ULONG *size)
{
	const EVENT_HEADER *h = &e->EventHeader;
	char pname[64];
	const char *str = NULL;
	struct wpp_event *w;
	union {
		uint32_t u32;
		GUID guid;
		SYSTEMTIME st;
		uint64_t ft;
	} v;
	const void *src = &v;
	size_t len = 4;
	unsigned i;
	ULONG r;

	if (!name || !size)
		return ERROR_INVALID_PARAMETER;
	if (etw_utf16_to_utf8(name, 64, pname, sizeof(pname)) >= sizeof(pname))
		return ERROR_NOT_FOUND;
	for (i = 0; i < W_COUNT && strcmp(props[i].name, pname); i++)
		;
	if (i == W_COUNT)
		return ERROR_NOT_FOUND;
	w = calloc(1, sizeof(*w));
	if (!w)
		return ERROR_NOT_ENOUGH_MEMORY;
	r = describe(e, n, c, t, w);
	if (r) {
		free(w);
		return r;
	}
	memset(&v, 0, sizeof(v));
	switch (i) {
	case W_TRACEGUID:
		v.guid = h->ProviderId;
		/* fall through */
	case W_PROVIDERGUID:
		len = sizeof(GUID);
		break;
	case W_GUIDNAME: str = w->meta.guid_name; break;
	case W_GUIDTYPENAME: str = w->meta.type_name; break;
	case W_THREADID: v.u32 = h->ThreadId; break;
	case W_PROCESSID: v.u32 = h->ProcessId; break;
	case W_USERTIME: v.u32 = h->UserTime; break;
	case W_KERNELTIME: v.u32 = h->KernelTime; break;
	case W_CPUNUMBER: v.u32 = e->BufferContext.ProcessorIndex; break;
	case W_LINENUMBER: v.u32 = w->meta.line; break;
	case W_SYSTEMTIME:
		filetime_to_systemtime((uint64_t)h->TimeStamp.QuadPart, w->gmt, &v.st);
		len = sizeof(SYSTEMTIME);
		break;
	case W_RAWSYSTEMTIME:
		v.ft = (uint64_t)h->TimeStamp.QuadPart;
		len = 8;
		break;
	case W_FLAGSNAME: str = w->meta.flags; break;
	case W_LEVELNAME: str = w->meta.level; break;
	case W_FUNCTIONNAME: str = w->meta.func; break;
	case W_COMPONENTNAME: str = w->meta.comp; break;
	case W_SUBCOMPONENTNAME: str = w->meta.subcomp; break;
	case W_FORMATTEDSTRING: str = w->text; break;
	case W_FILENAME: str = w->meta.file; break;
	default: break;		/* Version, SequenceNum, Indent: 0 */
	}
	if (str)
		len = etw_utf8_to_utf16z(str, strlen(str), NULL, 0);
	if (!buf || *size < len) {
		*size = (ULONG)len;
		free(w);
		return ERROR_INSUFFICIENT_BUFFER;
	}
	if (str)
		etw_utf8_to_utf16z(str, strlen(str), buf, len);
	else
		memcpy(buf, src, len);
	*size = (ULONG)len;
	free(w);
	return ERROR_SUCCESS;
}

/*
 * TdhGetWppProperty (tdh.h): one of the properties above, with the
 * handle's TMF search path.
 */
ETW_EXPORT TDHSTATUS __stdcall TdhGetWppProperty(TDH_HANDLE Handle,
						 PEVENT_RECORD EventRecord,
						 PWSTR PropertyName, PULONG BufferSize,
						 PBYTE Buffer)
{
	if (!Handle || !EventRecord || !PropertyName || !BufferSize)
		return ERROR_INVALID_PARAMETER;
	if (!(EventRecord->EventHeader.Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE))
		return ERROR_NOT_FOUND;
	return tdh_wpp_property(EventRecord, 0, NULL, Handle, PropertyName, Buffer,
				BufferSize);
}
