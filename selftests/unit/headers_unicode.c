// SPDX-License-Identifier: GPL-2.0-only
/*
 * Second translation unit of headers_test: compiled with UNICODE and
 * INITGUID defined, so headers_test.c (which has neither) can compare the
 * A/W selection and the DEFINE_GUID rule across the two.
 */
#define UNICODE
#define INITGUID
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>

#include "headers_test.h"

/*
 * Reference §0.1: with UNICODE the unsuffixed names select W.  Checked at
 * compile time here, and through the strings below at run time.
 */
_Static_assert(__builtin_types_compatible_p(EVENT_TRACE_LOGFILE, EVENT_TRACE_LOGFILEW),
	       "EVENT_TRACE_LOGFILE is the W form under UNICODE");
_Static_assert(__builtin_types_compatible_p(PEVENT_TRACE_LOGFILE, PEVENT_TRACE_LOGFILEW),
	       "PEVENT_TRACE_LOGFILE is the W form under UNICODE");
_Static_assert(__builtin_types_compatible_p(__typeof__(&StartTrace), __typeof__(&StartTraceW)),
	       "StartTrace is StartTraceW under UNICODE");
_Static_assert(__builtin_types_compatible_p(TCHAR, WCHAR), "TCHAR is WCHAR under UNICODE");
_Static_assert(_Generic(TEXT("x"), WCHAR *: 1, default: 0), "TEXT() gives a WCHAR string");
_Static_assert(_Generic(KERNEL_LOGGER_NAME, WCHAR *: 1, default: 0),
	       "KERNEL_LOGGER_NAME is UTF-16 under UNICODE");

/* Defined here (INITGUID); only declared in headers_test.c. */
DEFINE_GUID(HeadersTestGuid, 0x01020304, 0x0506, 0x0708,
	    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10);

#define STR2(x) #x
#define STR(x) STR2(x)

static const char *const names[] = {
	STR(StartTrace), STR(ControlTrace), STR(StopTrace), STR(QueryTrace),
	STR(UpdateTrace), STR(FlushTrace), STR(QueryAllTraces), STR(OpenTrace),
	STR(RegisterTraceGuids), STR(EVENT_TRACE_LOGFILE), STR(PEVENT_TRACE_LOGFILE),
	STR(PEVENT_TRACE_BUFFER_CALLBACK), STR(KERNEL_LOGGER_NAME),
	STR(GLOBAL_LOGGER_NAME), STR(EVENT_LOGGER_NAME), NULL,
};

const char *const *unicode_selected_names(void)
{
	return names;
}

size_t unicode_tchar_size(void)
{
	return sizeof(TCHAR);
}

const void *unicode_text_abc(size_t *size)
{
	*size = sizeof(TEXT("abc"));
	return TEXT("abc");
}

const void *unicode_kernel_logger_name(size_t *size)
{
	*size = sizeof(KERNEL_LOGGER_NAME);
	return KERNEL_LOGGER_NAME;
}
