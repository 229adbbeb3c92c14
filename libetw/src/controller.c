// SPDX-License-Identifier: MIT
/*
 * The controller API (evntrace.h): StartTrace, ControlTrace and its
 * Stop/Query/Update/Flush forms, QueryAllTraces, EnableTrace,
 * EnableTraceEx, EnableTraceEx2, TraceSetInformation and
 * TraceQueryInformation, in A (UTF-8 on Linux) and W (UTF-16) forms.
 *
 * EVENT_TRACE_PROPERTIES is one block: the struct, then the session name
 * at LoggerNameOffset and the log-file name at LogFileNameOffset
 * (reference 2.2).  Names travel to the kernel as UTF-8.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include <windows.h>
#include <evntrace.h>

#include "libetw.h"
#include "internal.h"
#include "provider.h"
#include "etl_file.h"
#include "shared/etw_etl.h"
#include "shared/etw_utf.h"

#define ETW_NAME_CHARS	1024	/* session and file names (reference 2.2) */

/* A string given to us in the caller's width, as UTF-8. */
struct etw_name {
	char buf[ETW_MAX_PATH_BYTES + 1];
	size_t len;
};

/* Read a caller's string (W or A) of at most @max_chars into @out. */
static int etw_name_get(const void *s, int wide, size_t max_chars,
			struct etw_name *out)
{
	size_t n = 0;

	if (wide) {
		const WCHAR *w = s;

		while (n <= max_chars && w[n])
			n++;
		if (n > max_chars)
			return -EINVAL;
		out->len = etw_utf16_to_utf8(w, n, out->buf, sizeof(out->buf));
	} else {
		const char *a = s;

		while (n <= max_chars && a[n])
			n++;
		if (n > max_chars || n > ETW_MAX_PATH_BYTES)
			return -EINVAL;
		memcpy(out->buf, a, n);
		out->len = n;
	}
	out->buf[out->len] = 0;
	return 0;
}

/* Bounded strlen of a string inside the properties block. */
static int etw_props_string(const EVENT_TRACE_PROPERTIES *p, ULONG offset,
			    int wide, struct etw_name *out)
{
	size_t room, cw = wide ? sizeof(WCHAR) : 1, n = 0;
	const uint8_t *base = (const uint8_t *)p;

	if (offset < sizeof(*p) || offset >= p->Wnode.BufferSize)
		return -EINVAL;
	room = (p->Wnode.BufferSize - offset) / cw;
	if (wide) {
		const WCHAR *w = (const WCHAR *)(base + offset);

		while (n < room && w[n])
			n++;
	} else {
		while (n < room && base[offset + n])
			n++;
	}
	if (n == room || n > ETW_NAME_CHARS)
		return -EINVAL;		/* not terminated inside the block */
	return etw_name_get(base + offset, wide, ETW_NAME_CHARS, out);
}

/* Write a UTF-8 name into the block at @offset in the caller's width. */
static ULONG etw_props_put(EVENT_TRACE_PROPERTIES *p, ULONG offset, int wide,
			   const char *s, size_t len)
{
	uint8_t *base = (uint8_t *)p;
	size_t room;

	if (!offset)
		return ERROR_SUCCESS;
	if (offset < sizeof(*p) || offset >= p->Wnode.BufferSize)
		return ERROR_MORE_DATA;
	room = p->Wnode.BufferSize - offset;
	if (wide) {
		WCHAR tmp[ETW_NAME_CHARS * 2 + 1];
		size_t n = etw_utf8_to_utf16(s, len, tmp, ETW_NAME_CHARS * 2);

		if ((n + 1) * sizeof(WCHAR) > room)
			return ERROR_MORE_DATA;
		tmp[n] = 0;
		memcpy(base + offset, tmp, (n + 1) * sizeof(WCHAR));
	} else {
		if (len + 1 > room)
			return ERROR_MORE_DATA;
		memcpy(base + offset, s, len);
		base[offset + len] = 0;
	}
	return ERROR_SUCCESS;
}

/* Would etw_props_put() of this string fail for lack of room? */
static int etw_props_room(const EVENT_TRACE_PROPERTIES *p, ULONG offset,
			  int wide, const char *s, size_t len)
{
	size_t need, room;

	if (offset < sizeof(*p) || offset >= p->Wnode.BufferSize)
		return -1;
	room = p->Wnode.BufferSize - offset;
	if (wide) {
		need = (etw_utf8_to_utf16(s, len, NULL, ETW_NAME_CHARS * 2) + 1) *
		       sizeof(WCHAR);
	} else {
		need = len + 1;
	}
	return need > room ? -1 : 0;
}

/* The output fields of EVENT_TRACE_PROPERTIES from the kernel's view. */
static void etw_props_fill(EVENT_TRACE_PROPERTIES *p,
			   const struct etw_session_info *si)
{
	p->Wnode.HistoricalContext = si->handle;
	memcpy(&p->Wnode.Guid, si->guid, 16);
	p->Wnode.ClientContext = si->clock_type;
	p->Wnode.TimeStamp.QuadPart = (LONGLONG)si->start_time;
	p->BufferSize = si->buffer_size_kb;
	p->MinimumBuffers = si->min_buffers;
	p->MaximumBuffers = si->max_buffers;
	p->MaximumFileSize = si->max_file_size;
	p->LogFileMode = si->log_file_mode;
	p->FlushTimer = si->flush_timer;
	p->EnableFlags = si->enable_flags;
	p->NumberOfBuffers = si->number_of_buffers;
	p->FreeBuffers = si->free_buffers;
	p->EventsLost = si->events_lost;
	p->BuffersWritten = si->buffers_written;
	p->LogBuffersLost = si->log_buffers_lost;
	p->RealTimeBuffersLost = si->real_time_buffers_lost;
	p->LoggerThreadId = NULL;
}

/* Make a log file path absolute: the kernel resolves it later. */
static int etw_abs_path(struct etw_name *f)
{
	char cwd[PATH_MAX];
	size_t n;

	if (f->buf[0] == '/')
		return 0;
	if (!getcwd(cwd, sizeof(cwd)))
		return -errno;
	n = strlen(cwd);
	if (n + 1 + f->len > ETW_MAX_PATH_BYTES)
		return -ENAMETOOLONG;
	memmove(f->buf + n + 1, f->buf, f->len + 1);
	memcpy(f->buf, cwd, n);
	f->buf[n] = '/';
	f->len += n + 1;
	return 0;
}

/*
 * A control call's names, 25 KB: on the heap, not in thread-local
 * storage (libetw's TLS is initial-exec for the write path, which puts
 * all of it in the static TLS block: at that size dlopen() of libetw
 * failed, e.g. from Python's ctypes).
 */
struct etw_ctl_names {
	struct etw_name name, file;
	char name_out[ETW_MAX_NAME_BYTES + 1];
	char file_out[ETW_MAX_PATH_BYTES + 1];
};

static ULONG etw_start_in(CONTROLTRACE_ID * TraceId, const void *InstanceName,
			  PEVENT_TRACE_PROPERTIES p, int wide,
			  struct etw_ctl_names *x)
{
	struct etw_session_start req;
	struct etw_session_info si;
	int fd, has_file = 0;

	if (!TraceId || !InstanceName || !p)
		return ERROR_INVALID_PARAMETER;
	*TraceId = 0;
	if (etw_in_callback)
		return ERROR_BUSY;	/* would wait for its own callback */
	if (p->Wnode.BufferSize < sizeof(*p))
		return ERROR_BAD_LENGTH;
	if (!(p->Wnode.Flags & WNODE_FLAG_TRACED_GUID))
		return ERROR_INVALID_PARAMETER;
	if (etw_name_get(InstanceName, wide, ETW_NAME_CHARS, &x->name) ||
	    x->name.len == 0)
		return ERROR_INVALID_PARAMETER;
	/* StartTrace copies the name to LoggerNameOffset: it must fit. */
	if (p->LoggerNameOffset < sizeof(*p) ||
	    p->LoggerNameOffset >= p->Wnode.BufferSize)
		return ERROR_INVALID_PARAMETER;
	/* ... checked before anything starts: an error leaves nothing (issue 9) */
	if (etw_props_room(p, p->LoggerNameOffset, wide, x->name.buf, x->name.len))
		return ERROR_BAD_LENGTH;
	if (p->LogFileNameOffset) {
		if (etw_props_string(p, p->LogFileNameOffset, wide, &x->file))
			return ERROR_INVALID_PARAMETER;
		has_file = x->file.len > 0;
	}
	if (!has_file && (p->LogFileMode == 0 ||
			  (p->LogFileMode & (EVENT_TRACE_FILE_MODE_SEQUENTIAL |
					     EVENT_TRACE_FILE_MODE_CIRCULAR |
					     EVENT_TRACE_FILE_MODE_APPEND |
					     EVENT_TRACE_FILE_MODE_NEWFILE |
					     EVENT_TRACE_FILE_MODE_PREALLOCATE))))
		return ERROR_BAD_PATHNAME;
	/*
	 * SystemTraceControlGuid names the NT Kernel Logger only (reference
	 * 2.5); etw.ko makes it, KERNEL_LOGGER_NAME and SYSTEM_LOGGER_MODE
	 * sessions system loggers (Documentation/system-trace.rst).
	 */
	if (!memcmp(&p->Wnode.Guid, &SystemTraceControlGuid, sizeof(GUID)) &&
	    strcasecmp(x->name.buf, KERNEL_LOGGER_NAMEA))
		return ERROR_INVALID_PARAMETER;
	if (has_file && etw_abs_path(&x->file))
		return ERROR_BAD_PATHNAME;

	memset(&req, 0, sizeof(req));
	req.name = (uintptr_t)x->name.buf;
	req.name_len = x->name.len;
	req.log_file_mode = p->LogFileMode;
	req.buffer_size_kb = p->BufferSize;
	req.min_buffers = p->MinimumBuffers;
	req.max_buffers = p->MaximumBuffers;
	req.max_file_size = p->MaximumFileSize;
	req.flush_timer = p->FlushTimer;
	req.clock_type = p->Wnode.ClientContext;
	req.enable_flags = p->EnableFlags;
	memcpy(req.guid, &p->Wnode.Guid, 16);
	if (has_file) {
		req.log_file = (uintptr_t)x->file.buf;
		req.log_file_len = x->file.len;
	}
	req.info = (uintptr_t)&si;
	req.info_size = sizeof(si);
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	if (ioctl(fd, ETW_IOC_SESSION_START, &req)) {
		/* The log file's own errors (reference 2.5). */
		if (has_file && errno == ENOENT)
			return ERROR_PATH_NOT_FOUND;
		if (has_file && (errno == EBUSY || errno == EISDIR ||
				 errno == ENOTDIR))
			return ERROR_BAD_PATHNAME;
		return etw_win32_error(-errno, ETW_API_SESSION);
	}

	*TraceId = si.handle;
	etw_props_fill(p, &si);
	/* The name at LoggerNameOffset (reference 2.2). */
	return etw_props_put(p, p->LoggerNameOffset, wide, x->name.buf, x->name.len) ==
	       ERROR_SUCCESS ? ERROR_SUCCESS : ERROR_BAD_LENGTH;
}

static ULONG etw_start(CONTROLTRACE_ID *TraceId, const void *InstanceName,
		       PEVENT_TRACE_PROPERTIES p, int wide)
{
	struct etw_ctl_names *x = malloc(sizeof(*x));
	ULONG r;

	if (!x)
		return ERROR_NOT_ENOUGH_MEMORY;
	r = etw_start_in(TraceId, InstanceName, p, wide, x);
	free(x);
	return r;
}

ETW_EXPORT ULONG WMIAPI StartTraceW(CONTROLTRACE_ID * TraceId,
				   LPCWSTR InstanceName,
				   PEVENT_TRACE_PROPERTIES Properties)
{
	return etw_start(TraceId, InstanceName, Properties, 1);
}

ETW_EXPORT ULONG WMIAPI StartTraceA(CONTROLTRACE_ID * TraceId,
				   LPCSTR InstanceName,
				   PEVENT_TRACE_PROPERTIES Properties)
{
	return etw_start(TraceId, InstanceName, Properties, 0);
}

/*
 * The kernel side of ControlTrace for a session given by name or id;
 * @si and the names are filled on success.  Returns 0 or -errno.
 */
int etw_session_control(uint64_t id, const char *name, size_t name_len,
			uint32_t code, const struct _EVENT_TRACE_PROPERTIES *upd,
			const char *new_file, size_t new_file_len,
			struct etw_session_info *si, char *name_out,
			char *file_out)
{
	struct etw_session_control req;
	int fd = etw_dev_fd();

	if (fd < 0)
		return fd;
	memset(&req, 0, sizeof(req));
	req.handle = id;
	if (name) {
		req.name = (uintptr_t)name;
		req.name_len = name_len;
	}
	req.code = code;
	if (code == EVENT_TRACE_CONTROL_UPDATE && upd) {
		req.flush_timer = upd->FlushTimer;
		req.max_buffers = upd->MaximumBuffers;
		req.log_file_mode = upd->LogFileMode & EVENT_TRACE_REAL_TIME_MODE;
		req.enable_flags = upd->EnableFlags;
	}
	if (new_file) {
		req.log_file = (uintptr_t)new_file;
		req.log_file_len = new_file_len;
	}
	req.info = (uintptr_t)si;
	req.info_size = sizeof(*si);
	req.name_buf = (uintptr_t)name_out;
	req.name_buf_size = name_out ? ETW_MAX_NAME_BYTES + 1 : 0;
	req.log_file_buf = (uintptr_t)file_out;
	req.log_file_buf_size = file_out ? ETW_MAX_PATH_BYTES + 1 : 0;
	if (name_out)
		name_out[0] = 0;
	if (file_out)
		file_out[0] = 0;
	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &req) ? -errno : 0;
}

static ULONG etw_control_in(CONTROLTRACE_ID TraceId,
			    const void *InstanceName,
			    PEVENT_TRACE_PROPERTIES p, ULONG code, int wide,
			    struct etw_ctl_names *x)
{
	struct etw_session_info si;
	const char *new_file = NULL;
	ULONG r1, r2;
	int ret;

	if (!p)
		return ERROR_INVALID_PARAMETER;
	if (p->Wnode.BufferSize < sizeof(*p))
		return ERROR_BAD_LENGTH;
	if (!InstanceName && !TraceId)
		return ERROR_INVALID_PARAMETER;
	if (code == EVENT_TRACE_CONTROL_INCREMENT_FILE ||
	    code == EVENT_TRACE_CONTROL_CONVERT_TO_REALTIME)
		return ERROR_NOT_SUPPORTED;
	if (code > EVENT_TRACE_CONTROL_FLUSH)
		return ERROR_INVALID_PARAMETER;
	if (etw_in_callback && code != EVENT_TRACE_CONTROL_QUERY)
		return ERROR_BUSY;
	/* The name wins over TraceId when both are given (reference 2.5). */
	if (InstanceName && etw_name_get(InstanceName, wide, ETW_NAME_CHARS,
					 &x->name))
		return ERROR_INVALID_PARAMETER;
	/*
	 * A file name switches files (UPDATE), or receives a buffering-mode
	 * session's memory (FLUSH, STOP); the kernel ignores it otherwise.
	 */
	if (code != EVENT_TRACE_CONTROL_QUERY && p->LogFileNameOffset) {
		if (etw_props_string(p, p->LogFileNameOffset, wide, &x->file))
			return code == EVENT_TRACE_CONTROL_UPDATE ?
			       ERROR_INVALID_PARAMETER : ERROR_SUCCESS;
		if (x->file.len) {
			if (etw_abs_path(&x->file))
				return ERROR_BAD_PATHNAME;
			new_file = x->file.buf;
		}
	}
	ret = etw_session_control(InstanceName ? 0 : TraceId,
				  InstanceName ? x->name.buf : NULL, x->name.len, code,
				  p, new_file, new_file ? x->file.len : 0, &si,
				  x->name_out, x->file_out);
	if (ret)
		return etw_win32_error(ret, ETW_API_SESSION);
	etw_props_fill(p, &si);
	/* Output names; if they do not fit, MORE_DATA (a STOP still ran). */
	r1 = etw_props_put(p, p->LoggerNameOffset, wide, x->name_out,
			   strlen(x->name_out));
	r2 = si.log_file_len ? etw_props_put(p, p->LogFileNameOffset, wide,
					     x->file_out, strlen(x->file_out)) :
			       ERROR_SUCCESS;
	return r1 ? r1 : r2;
}

static ULONG etw_control(CONTROLTRACE_ID TraceId, const void *InstanceName,
			 PEVENT_TRACE_PROPERTIES p, ULONG code, int wide)
{
	struct etw_ctl_names *x = malloc(sizeof(*x));
	ULONG r;

	if (!x)
		return ERROR_NOT_ENOUGH_MEMORY;
	r = etw_control_in(TraceId, InstanceName, p, code, wide, x);
	free(x);
	return r;
}

ETW_EXPORT ULONG WMIAPI ControlTraceW(CONTROLTRACE_ID TraceId,
				     LPCWSTR InstanceName,
				     PEVENT_TRACE_PROPERTIES Properties,
				     ULONG ControlCode)
{
	return etw_control(TraceId, InstanceName, Properties, ControlCode, 1);
}

ETW_EXPORT ULONG WMIAPI ControlTraceA(CONTROLTRACE_ID TraceId,
				     LPCSTR InstanceName,
				     PEVENT_TRACE_PROPERTIES Properties,
				     ULONG ControlCode)
{
	return etw_control(TraceId, InstanceName, Properties, ControlCode, 0);
}

#define ETW_CONTROL_FORMS(Name, Code)					\
ETW_EXPORT ULONG WMIAPI Name##W(CONTROLTRACE_ID TraceId,		\
				LPCWSTR InstanceName,			\
				PEVENT_TRACE_PROPERTIES Properties)	\
{									\
	return etw_control(TraceId, InstanceName, Properties, Code, 1);	\
}									\
ETW_EXPORT ULONG WMIAPI Name##A(CONTROLTRACE_ID TraceId,		\
				LPCSTR InstanceName,			\
				PEVENT_TRACE_PROPERTIES Properties)	\
{									\
	return etw_control(TraceId, InstanceName, Properties, Code, 0);	\
}

ETW_CONTROL_FORMS(StopTrace, EVENT_TRACE_CONTROL_STOP)
ETW_CONTROL_FORMS(QueryTrace, EVENT_TRACE_CONTROL_QUERY)
ETW_CONTROL_FORMS(UpdateTrace, EVENT_TRACE_CONTROL_UPDATE)
ETW_CONTROL_FORMS(FlushTrace, EVENT_TRACE_CONTROL_FLUSH)

static ULONG etw_query_all(PEVENT_TRACE_PROPERTIES *PropertyArray,
			   ULONG PropertyArrayCount, PULONG LoggerCount,
			   int wide)
{
	struct etw_session_list req;
	uint64_t handles[ETW_MAX_SESSIONS];
	ULONG i, filled = 0, r;
	int fd;

	if (!PropertyArray || !LoggerCount || PropertyArrayCount == 0 ||
	    PropertyArrayCount > ETW_MAX_SESSIONS)
		return ERROR_INVALID_PARAMETER;
	*LoggerCount = 0;
	for (i = 0; i < PropertyArrayCount; i++)
		if (!PropertyArray[i] ||
		    PropertyArray[i]->Wnode.BufferSize < sizeof(EVENT_TRACE_PROPERTIES))
			return ERROR_INVALID_PARAMETER;
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	memset(&req, 0, sizeof(req));
	req.handles = (uintptr_t)handles;
	req.capacity = ETW_MAX_SESSIONS;
	if (ioctl(fd, ETW_IOC_SESSION_LIST, &req))
		return etw_win32_error(-errno, ETW_API_SESSION);
	for (i = 0; i < req.count && i < ETW_MAX_SESSIONS &&
		    filled < PropertyArrayCount; i++) {
		r = etw_control(handles[i], NULL, PropertyArray[filled],
				EVENT_TRACE_CONTROL_QUERY, wide);
		if (r == ERROR_WMI_INSTANCE_NOT_FOUND)
			continue;	/* stopped meanwhile */
		filled++;
	}
	*LoggerCount = filled;
	return req.count > PropertyArrayCount ? ERROR_MORE_DATA : ERROR_SUCCESS;
}

ETW_EXPORT ULONG WMIAPI QueryAllTracesW(PEVENT_TRACE_PROPERTIES *PropertyArray,
				       ULONG PropertyArrayCount,
				       PULONG LoggerCount)
{
	return etw_query_all(PropertyArray, PropertyArrayCount, LoggerCount, 1);
}

ETW_EXPORT ULONG WMIAPI QueryAllTracesA(PEVENT_TRACE_PROPERTIES *PropertyArray,
				       ULONG PropertyArrayCount,
				       PULONG LoggerCount)
{
	return etw_query_all(PropertyArray, PropertyArrayCount, LoggerCount, 0);
}

/*
 * Windows passes EVENT_FILTER_TYPE_EXECUTABLE_NAME as a NUL-terminated
 * WCHAR string; the kernel compares UTF-8.  A filter that ends in a
 * UTF-16 NUL (and starts with an ASCII character, as file names here do)
 * is converted into @buf; a UTF-8 string from Linux code passes as is.
 */
static void etw_exe_filter_utf8(EVENT_FILTER_DESCRIPTOR *f, char *buf,
				size_t room)
{
	const u8 *d = (const u8 *)(uintptr_t)f->Ptr;
	size_t n;

	if (f->Type != EVENT_FILTER_TYPE_EXECUTABLE_NAME || !d ||
	    f->Size < 4 || f->Size % 2 || d[f->Size - 1] || d[f->Size - 2] ||
	    d[1])
		return;
	n = etw_utf16_to_utf8(d, f->Size / 2 - 1, buf, room);
	f->Ptr = (ULONGLONG)(uintptr_t)buf;
	f->Size = n + 1;
}

/* EnableTraceEx2 and its older forms all end here. */
static ULONG etw_enable(CONTROLTRACE_ID TraceId, LPCGUID ProviderId,
			ULONG ControlCode, UCHAR Level, ULONGLONG Any,
			ULONGLONG All, ULONG Timeout, ULONG Property,
			const GUID *SourceId,
			const EVENT_FILTER_DESCRIPTOR *filters, ULONG nfilters,
			uint32_t flags)
{
	EVENT_FILTER_DESCRIPTOR fcopy[MAX_EVENT_FILTERS_COUNT];
	char exe[MAX_EVENT_FILTER_DATA_SIZE * 3 / 2 + 1];
	struct etw_enable req;
	ULONG i;
	int fd;

	ULONG sysflags, sysall;

	if (!ProviderId || !TraceId)
		return ERROR_INVALID_PARAMETER;
	if (ControlCode > EVENT_CONTROL_CODE_CAPTURE_STATE)
		return ERROR_INVALID_PARAMETER;
	/* A System Provider: kernel events by keyword (system loggers). */
	if (etw_system_provider_flags(ProviderId, Any, &sysflags, &sysall))
		return etw_system_enable(TraceId, ProviderId, ControlCode, Any);
	if (nfilters > MAX_EVENT_FILTERS_COUNT || (nfilters && !filters))
		return ERROR_INVALID_PARAMETER;
	/* From inside an enable callback this would wait for itself. */
	if (etw_in_callback)
		return ERROR_BUSY;
	memset(&req, 0, sizeof(req));
	req.session = TraceId;
	memcpy(req.guid, ProviderId, 16);
	if (SourceId)
		memcpy(req.source_id, SourceId, 16);
	req.control_code = ControlCode;
	req.enable_property = Property;
	req.match_any = (uint64_t)Any;
	req.match_all = (uint64_t)All;
	req.level = Level;
	req.timeout_ms = Timeout;
	req.flags = flags;
	for (i = 0; i < nfilters; i++) {
		fcopy[i] = filters[i];
		etw_exe_filter_utf8(&fcopy[i], exe, sizeof(exe));
	}
	req.filter_count = nfilters;
	req.filters = (uintptr_t)fcopy;
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	if (ioctl(fd, ETW_IOC_ENABLE, &req))
		return etw_win32_error(-errno, ETW_API_SESSION);
	return ERROR_SUCCESS;
}

ETW_EXPORT ULONG WMIAPI EnableTraceEx2(CONTROLTRACE_ID TraceId,
				      LPCGUID ProviderId, ULONG ControlCode,
				      UCHAR Level, ULONGLONG MatchAnyKeyword,
				      ULONGLONG MatchAllKeyword, ULONG Timeout,
				      PENABLE_TRACE_PARAMETERS EnableParameters)
{
	const EVENT_FILTER_DESCRIPTOR *filters = NULL;
	const GUID *source = NULL;
	ULONG property = 0, nfilters = 0;

	if (EnableParameters) {
		const ENABLE_TRACE_PARAMETERS *p = EnableParameters;

		if (p->Version == ENABLE_TRACE_PARAMETERS_VERSION_2) {
			filters = p->EnableFilterDesc;
			nfilters = p->FilterDescCount;
		} else if (p->Version == ENABLE_TRACE_PARAMETERS_VERSION) {
			/* _V1: one optional filter, no count. */
			filters = p->EnableFilterDesc;
			nfilters = filters ? 1 : 0;
		} else {
			return ERROR_INVALID_PARAMETER;
		}
		if (p->ControlFlags)
			return ERROR_INVALID_PARAMETER;
		property = p->EnableProperty;
		source = &p->SourceId;
	}
	return etw_enable(TraceId, ProviderId, ControlCode, Level,
			  MatchAnyKeyword, MatchAllKeyword, Timeout, property,
			  source, filters, nfilters, 0);
}

ETW_EXPORT ULONG WMIAPI EnableTraceEx(LPCGUID ProviderId, LPCGUID SourceId,
				     CONTROLTRACE_ID TraceId, ULONG IsEnabled,
				     UCHAR Level, ULONGLONG MatchAnyKeyword,
				     ULONGLONG MatchAllKeyword,
				     ULONG EnableProperty,
				     PEVENT_FILTER_DESCRIPTOR EnableFilterDesc)
{
	return etw_enable(TraceId, ProviderId, IsEnabled, Level,
			  MatchAnyKeyword, MatchAllKeyword, 0, EnableProperty,
			  SourceId, EnableFilterDesc, EnableFilterDesc ? 1 : 0, 0);
}

/* EnableTrace(E, F, L, g, h) = EnableTraceEx2(h, g, E, L, F, 0, 0, NULL). */
ETW_EXPORT ULONG WMIAPI EnableTrace(ULONG Enable, ULONG EnableFlag,
				   ULONG EnableLevel, LPCGUID ControlGuid,
				   CONTROLTRACE_ID TraceId)
{
	if (EnableLevel > 0xFF)
		return ERROR_INVALID_PARAMETER;
	return etw_enable(TraceId, ControlGuid, Enable ? 1 : 0,
			  (UCHAR)EnableLevel, EnableFlag, 0, 0, 0, NULL, NULL,
			  0, ETW_ENABLE_F_LEGACY);
}

ETW_EXPORT ULONG WMIAPI TraceSetInformation(CONTROLTRACE_ID SessionHandle,
					   TRACE_INFO_CLASS InformationClass,
					   PVOID TraceInformation,
					   ULONG InformationLength)
{
	struct etw_disallow req;
	int fd;

	if (InformationClass != TraceSetDisallowList) {
		if (etw_in_callback)
			return ERROR_BUSY;
		return etw_system_set(SessionHandle, InformationClass,
				      TraceInformation, InformationLength);
	}
	if (!SessionHandle)
		return ERROR_INVALID_PARAMETER;
	if (InformationLength % sizeof(GUID))
		return ERROR_BAD_LENGTH;
	if (InformationLength && !TraceInformation)
		return ERROR_INVALID_PARAMETER;
	if (etw_in_callback)
		return ERROR_BUSY;
	memset(&req, 0, sizeof(req));
	req.session = SessionHandle;
	req.guids = (uintptr_t)TraceInformation;
	req.count = InformationLength / sizeof(GUID);
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	if (ioctl(fd, ETW_IOC_SET_DISALLOW, &req))
		return etw_win32_error(-errno, ETW_API_SESSION);
	return ERROR_SUCCESS;
}

ETW_EXPORT ULONG WMIAPI TraceQueryInformation(CONTROLTRACE_ID SessionHandle,
					     TRACE_INFO_CLASS InformationClass,
					     PVOID TraceInformation,
					     ULONG InformationLength,
					     PULONG ReturnLength)
{
	struct etw_session_info si;
	struct etw_disallow req;
	ULONG need, value;
	int fd, ret;

	if (InformationLength && !TraceInformation)
		return ERROR_INVALID_PARAMETER;
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	switch (InformationClass) {
	case TraceDisallowListQuery:
		if (!SessionHandle)
			return ERROR_INVALID_PARAMETER;
		memset(&req, 0, sizeof(req));
		req.session = SessionHandle;
		req.guids = (uintptr_t)TraceInformation;
		req.count = InformationLength / sizeof(GUID);
		if (ioctl(fd, ETW_IOC_GET_DISALLOW, &req))
			return etw_win32_error(-errno, ETW_API_SESSION);
		need = req.count * sizeof(GUID);
		if (ReturnLength)
			*ReturnLength = need;
		return need > InformationLength ? ERROR_BAD_LENGTH :
						  ERROR_SUCCESS;
	case TraceMaxLoggersQuery:
		value = ETW_MAX_SESSIONS;
		break;
	case TraceVersionInfo:
		if (ReturnLength)
			*ReturnLength = sizeof(TRACE_VERSION_INFO);
		if (InformationLength < sizeof(TRACE_VERSION_INFO))
			return ERROR_BAD_LENGTH;
		((TRACE_VERSION_INFO *)TraceInformation)->EtwTraceProcessingVersion = 2;
		((TRACE_VERSION_INFO *)TraceInformation)->Reserved = 0;
		return ERROR_SUCCESS;
	case TraceStreamCount:
		ret = etw_session_control(SessionHandle, NULL, 0,
					  EVENT_TRACE_CONTROL_QUERY, NULL, NULL,
					  0, &si, NULL, NULL);
		if (ret)
			return etw_win32_error(ret, ETW_API_SESSION);
		value = si.nr_streams;
		break;
	default:
		return etw_system_query(SessionHandle, InformationClass,
					TraceInformation, InformationLength,
					ReturnLength);
	}
	if (ReturnLength)
		*ReturnLength = sizeof(ULONG);
	if (InformationLength < sizeof(ULONG))
		return ERROR_BAD_LENGTH;
	memcpy(TraceInformation, &value, sizeof(value));
	return ERROR_SUCCESS;
}
