// SPDX-License-Identifier: MIT
/*
 * Provider enumeration (reference 2.7): EnumerateTraceGuidsEx and the
 * legacy EnumerateTraceGuids, over ETW_IOC_QUERY_GUIDS.
 *
 * TraceGuidQueryInfo answers in the Windows layout:
 *
 *	TRACE_GUID_INFO			{InstanceCount, Reserved}	 8 bytes
 *	per instance:
 *	  TRACE_PROVIDER_INSTANCE_INFO	{NextOffset, EnableCount, Pid, Flags} 16
 *	  EnableCount x TRACE_ENABLE_INFO				32 each
 *
 * NextOffset is the distance in bytes from an instance to the next one
 * (16 + 32 * EnableCount), 0 on the last.  Every block's size is a
 * multiple of 8, so each TRACE_ENABLE_INFO's ULONGLONGs are naturally
 * aligned in a buffer from malloc.  The kernel's records
 * (etw_guid_instance, etw_guid_enable) have the same sizes, so the
 * kernel writes its answer into the caller's buffer after the 8-byte
 * head and each record is rewritten in place.
 *
 * Sizes: ERROR_INSUFFICIENT_BUFFER with *ReturnLength = the size needed
 * when OutBufferSize is smaller (0 included: nothing is written); on
 * success *ReturnLength = the bytes written.
 */
#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <windows.h>
#include <evntrace.h>

#include "libetw.h"
#include "internal.h"

static_assert(sizeof(struct etw_guid_instance) ==
	      sizeof(TRACE_PROVIDER_INSTANCE_INFO), "instance record size");
static_assert(sizeof(struct etw_guid_enable) == sizeof(TRACE_ENABLE_INFO),
	      "enable record size");
static_assert(ETW_GUID_INST_CLASSIC == TRACE_PROVIDER_FLAG_LEGACY,
	      "TRACE_PROVIDER_FLAG_LEGACY");
static_assert(ETW_GUID_INST_PRE_ENABLE == TRACE_PROVIDER_FLAG_PRE_ENABLE,
	      "TRACE_PROVIDER_FLAG_PRE_ENABLE");
static_assert(ETW_QUERY_GUID_LIST == TraceGuidQueryList &&
	      ETW_QUERY_GUID_INFO == TraceGuidQueryInfo &&
	      ETW_QUERY_GUID_PROCESS == TraceGuidQueryProcess,
	      "TRACE_QUERY_INFO_CLASS values");

/* ETW_IOC_QUERY_GUIDS; 0 or -errno. */
static int etw_query(uint32_t query, const GUID *guid, void *buf,
		     uint32_t size, uint32_t *needed, uint32_t *count)
{
	struct etw_query_guids q;
	int fd = etw_dev_fd();

	if (fd < 0)
		return fd;
	memset(&q, 0, sizeof(q));
	q.query = query;
	if (guid)
		memcpy(q.guid, guid, sizeof(q.guid));
	q.buf = (uintptr_t)buf;
	q.buf_size = buf ? size : 0;
	if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &q))
		return -errno;
	*needed = q.needed;
	*count = q.count;
	return 0;
}

/* The whole answer in a malloc'ed buffer (*out, may be NULL if empty). */
static int etw_query_alloc(uint32_t query, const GUID *guid, void **out,
			   uint32_t *size, uint32_t *count)
{
	uint32_t have = 0, need = 0;
	void *buf = NULL, *p;
	int ret;

	for (;;) {
		ret = etw_query(query, guid, buf, have, &need, count);
		if (ret || need <= have)
			break;
		/* Grew meanwhile: try again with what it needs now. */
		p = realloc(buf, need);
		if (!p) {
			ret = -ENOMEM;
			break;
		}
		buf = p;
		have = need;
	}
	if (ret) {
		free(buf);
		return ret;
	}
	*out = buf;
	*size = need;
	return 0;
}

/*
 * Rewrite the kernel's @count instances (@size bytes at @p) as
 * TRACE_PROVIDER_INSTANCE_INFO blocks.  Records are read whole before
 * they are overwritten; memcpy keeps unaligned caller buffers safe.
 */
static int etw_info_to_windows(uint8_t *p, uint32_t size, uint32_t count)
{
	uint8_t *end = p + size;
	uint32_t i, j;

	for (i = 0; i < count; i++) {
		struct etw_guid_instance gi;
		TRACE_PROVIDER_INSTANCE_INFO wi;

		if ((size_t)(end - p) < sizeof(gi))
			return -EPROTO;
		memcpy(&gi, p, sizeof(gi));
		if (gi.enable_count > ETW_MAX_SESSIONS ||
		    (size_t)(end - p) < sizeof(gi) +
		    (size_t)gi.enable_count * sizeof(struct etw_guid_enable))
			return -EPROTO;
		wi.NextOffset = i + 1 == count ? 0 :
			sizeof(wi) + gi.enable_count * sizeof(TRACE_ENABLE_INFO);
		wi.EnableCount = gi.enable_count;
		wi.Pid = gi.pid;
		wi.Flags = gi.flags;
		memcpy(p, &wi, sizeof(wi));
		p += sizeof(wi);
		for (j = 0; j < gi.enable_count; j++) {
			struct etw_guid_enable ge;
			TRACE_ENABLE_INFO we;

			memcpy(&ge, p, sizeof(ge));
			memset(&we, 0, sizeof(we));
			we.IsEnabled = TRUE;
			we.Level = ge.level;
			we.LoggerId = ge.logger_id;
			we.EnableProperty = ge.enable_property;
			we.MatchAnyKeyword = ge.match_any;
			we.MatchAllKeyword = ge.match_all;
			memcpy(p, &we, sizeof(we));
			p += sizeof(we);
		}
	}
	return p == end ? 0 : -EPROTO;
}

/* TraceGuidQueryInfo. */
static ULONG etw_enum_info(const GUID *guid, uint8_t *out, ULONG out_size,
			   PULONG ReturnLength)
{
	const uint32_t head = sizeof(TRACE_GUID_INFO);
	TRACE_GUID_INFO gh;
	uint32_t need, count;
	int ret;

	ret = etw_query(ETW_QUERY_GUID_INFO, guid,
			out_size > head ? out + head : NULL,
			out_size > head ? out_size - head : 0, &need, &count);
	if (ret)
		return etw_win32_error(ret, ETW_API_QUERY);
	if (need > UINT32_MAX - head)
		return ERROR_ARITHMETIC_OVERFLOW;
	*ReturnLength = head + need;
	if (out_size < head + need)
		return ERROR_INSUFFICIENT_BUFFER;
	if (etw_info_to_windows(out + head, need, count))
		return ERROR_INVALID_DATA;
	gh.InstanceCount = count;
	gh.Reserved = 0;
	memcpy(out, &gh, sizeof(gh));
	return ERROR_SUCCESS;
}

/* TraceGuidQueryList, TraceGuidQueryProcess: GUID[], each once. */
static ULONG etw_enum_list(uint32_t query, void *out, ULONG out_size,
			   PULONG ReturnLength)
{
	uint32_t need, count;
	int ret;

	ret = etw_query(query, NULL, out, out_size, &need, &count);
	if (ret)
		return etw_win32_error(ret, ETW_API_QUERY);
	*ReturnLength = need;
	return out_size < need ? ERROR_INSUFFICIENT_BUFFER : ERROR_SUCCESS;
}

ETW_EXPORT ULONG WMIAPI EnumerateTraceGuidsEx(
	TRACE_QUERY_INFO_CLASS TraceQueryInfoClass, PVOID InBuffer,
	ULONG InBufferSize, PVOID OutBuffer, ULONG OutBufferSize,
	PULONG ReturnLength)
{
	ULONG value;

	if (!ReturnLength)
		return ERROR_INVALID_PARAMETER;
	*ReturnLength = 0;
	if (OutBufferSize && !OutBuffer)
		return ERROR_INVALID_PARAMETER;
	switch (TraceQueryInfoClass) {
	case TraceGuidQueryList:
		return etw_enum_list(ETW_QUERY_GUID_LIST, OutBuffer,
				     OutBufferSize, ReturnLength);
	case TraceGuidQueryProcess:
		return etw_enum_list(ETW_QUERY_GUID_PROCESS, OutBuffer,
				     OutBufferSize, ReturnLength);
	case TraceGuidQueryInfo:
		if (!InBuffer)
			return ERROR_INVALID_PARAMETER;
		if (InBufferSize < sizeof(GUID))
			return ERROR_BAD_LENGTH;
		return etw_enum_info(InBuffer, OutBuffer, OutBufferSize,
				     ReturnLength);
	case TraceMaxLoggersQuery:
		value = ETW_MAX_SESSIONS;
		*ReturnLength = sizeof(value);
		if (OutBufferSize < sizeof(value))
			return ERROR_INSUFFICIENT_BUFFER;
		memcpy(OutBuffer, &value, sizeof(value));
		return ERROR_SUCCESS;
	default:
		/* Session classes belong to TraceQueryInformation. */
		if ((unsigned int)TraceQueryInfoClass >= MaxTraceSetInfoClass)
			return ERROR_INVALID_PARAMETER;
		return ERROR_NOT_SUPPORTED;
	}
}

/*
 * The legacy form: one TRACE_GUID_PROPERTIES per GUID TraceGuidQueryList
 * reports.  When any instance is enabled, the enabling session with the
 * lowest logger id is reported: LoggerId its handle (low 32 bits; what
 * ControlTrace accepts), EnableLevel its Level, EnableFlags the low 32
 * bits of its MatchAnyKeyword (what EnableTrace's EnableFlag sets).
 */
static void etw_guid_properties(const GUID *guid, TRACE_GUID_PROPERTIES *p)
{
	struct etw_guid_instance gi;
	struct etw_guid_enable ge, best = { 0 };
	uint32_t size, count, i, j;
	uint8_t *buf = NULL, *q;
	int found = 0;

	memset(p, 0, sizeof(*p));
	p->Guid = *guid;
	/* A GUID gone since the list was taken stays listed, not enabled. */
	if (etw_query_alloc(ETW_QUERY_GUID_INFO, guid, (void **)&buf, &size,
			    &count))
		return;
	q = buf;
	for (i = 0; i < count; i++) {
		if (size - (size_t)(q - buf) < sizeof(gi))
			break;
		memcpy(&gi, q, sizeof(gi));
		q += sizeof(gi);
		for (j = 0; j < gi.enable_count &&
			    size - (size_t)(q - buf) >= sizeof(ge); j++) {
			memcpy(&ge, q, sizeof(ge));
			q += sizeof(ge);
			if (!found || ge.logger_id < best.logger_id)
				best = ge;
			found = 1;
		}
	}
	free(buf);
	if (!found)
		return;
	p->IsEnable = TRUE;
	p->LoggerId = (ULONG)best.session;
	p->EnableLevel = best.level;
	p->EnableFlags = (ULONG)best.match_any;
}

ETW_EXPORT ULONG WMIAPI EnumerateTraceGuids(
	PTRACE_GUID_PROPERTIES *GuidPropertiesArray, ULONG PropertyArrayCount,
	PULONG GuidCount)
{
	uint32_t size, count, i;
	GUID *guids = NULL;
	int ret;

	if (!GuidPropertiesArray || !PropertyArrayCount || !GuidCount)
		return ERROR_INVALID_PARAMETER;
	for (i = 0; i < PropertyArrayCount; i++)
		if (!GuidPropertiesArray[i])
			return ERROR_INVALID_PARAMETER;
	*GuidCount = 0;
	ret = etw_query_alloc(ETW_QUERY_GUID_LIST, NULL, (void **)&guids,
			      &size, &count);
	if (ret)
		return etw_win32_error(ret, ETW_API_QUERY);
	for (i = 0; i < count && i < PropertyArrayCount; i++)
		etw_guid_properties(&guids[i], GuidPropertiesArray[i]);
	free(guids);
	*GuidCount = count;
	return count > PropertyArrayCount ? ERROR_MORE_DATA : ERROR_SUCCESS;
}
