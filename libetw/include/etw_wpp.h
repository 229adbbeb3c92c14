/* SPDX-License-Identifier: MIT */
/*
 * etw_wpp.h: the run-time part of WPP software tracing, for the .tmh
 * headers etwwpp(1) generates (the part tracewpp's um-init templates
 * put in every .tmh on Windows).  Not included by programs directly.
 *
 * A program's WPP_CONTROL_GUIDS name control GUIDs, each with flags
 * (WPP_DEFINE_BIT: the first is 0x1, the next 0x2, ...).
 * WPP_INIT_TRACING registers each control GUID with RegisterTraceGuids;
 * when a session enables one (etwctl enable GUID --flags F --level L,
 * EnableTraceEx2's MatchAnyKeyword being the flags), the callback keeps
 * the session's logger handle, flags and level in that GUID's control
 * block, and a trace statement whose flag is set (and whose level, for
 * functions with a LEVEL, is at most the session's) writes one message
 * with TraceMessage: the message GUID of its source file, its message
 * number, its arguments.  Decoding needs the TMF file etwwpp wrote
 * (etwdump --tmf DIR, TRACE_FORMAT_SEARCH_PATH).
 *
 * The control blocks are one weak array shared by all units of a program.
 */
#ifndef _ETW_WPP_H
#define _ETW_WPP_H

#include <winerror.h>
#include <evntrace.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WPP_MAX_CONTROL_GUIDS 16

typedef struct _WPP_ETW_CONTROL {
	TRACEHANDLE Logger;	/* the enabling session's logger handle, or 0 */
	TRACEHANDLE Registration;
	ULONG Flags;		/* WPP_DEFINE_BIT flags the session enabled */
	UCHAR Level;		/* the session's level */
} WPP_ETW_CONTROL;

__attribute__((weak)) WPP_ETW_CONTROL WPP_ETW_Controls[WPP_MAX_CONTROL_GUIDS];

/* TraceMessage's flags for WPP messages (tracewpp's defaults). */
#define WPP_ETW_MESSAGE_FLAGS (TRACE_MESSAGE_SEQUENCE | TRACE_MESSAGE_GUID | \
			       TRACE_MESSAGE_SYSTEMINFO | TRACE_MESSAGE_TIMESTAMP)

static inline int WppEtwEnabled(unsigned ctl, unsigned bit, UCHAR level)
{
	const WPP_ETW_CONTROL *c = &WPP_ETW_Controls[ctl];

	return c->Logger && (c->Flags & (1u << bit)) && (!level || c->Level >= level);
}

static inline ULONG WINAPI WppEtwControlCallback(WMIDPREQUESTCODE Code,
						 PVOID Context, ULONG *Reserved,
						 PVOID Buffer)
{
	WPP_ETW_CONTROL *c = (WPP_ETW_CONTROL *)Context;

	(void)Reserved;
	if (Code == WMI_ENABLE_EVENTS) {
		TRACEHANDLE h = GetTraceLoggerHandle(Buffer);

		c->Flags = GetTraceEnableFlags(h);
		c->Level = GetTraceEnableLevel(h);
		c->Logger = h;
	} else if (Code == WMI_DISABLE_EVENTS) {
		c->Logger = 0;
		c->Flags = 0;
		c->Level = 0;
	}
	return ERROR_SUCCESS;
}

/* WPP_INIT_TRACING: register every control GUID (AppName is not used). */
static inline void WppEtwInit(const GUID *const *guids, unsigned n)
{
	unsigned i;

	for (i = 0; i < n && i < WPP_MAX_CONTROL_GUIDS; i++) {
		TRACE_GUID_REGISTRATION reg;

		if (WPP_ETW_Controls[i].Registration)
			continue;
		reg.Guid = guids[i];
		reg.RegHandle = NULL;
		RegisterTraceGuidsW(WppEtwControlCallback, &WPP_ETW_Controls[i],
				    guids[i], 1, &reg, NULL, NULL,
				    &WPP_ETW_Controls[i].Registration);
	}
}

/* WPP_CLEANUP: unregister; later trace statements write nothing. */
static inline void WppEtwCleanup(unsigned n)
{
	unsigned i;

	for (i = 0; i < n && i < WPP_MAX_CONTROL_GUIDS; i++) {
		if (WPP_ETW_Controls[i].Registration)
			UnregisterTraceGuids(WPP_ETW_Controls[i].Registration);
		memset(&WPP_ETW_Controls[i], 0, sizeof(WPP_ETW_Controls[i]));
	}
}

/* Bytes of a NUL-terminated UTF-16 string, the NUL included. */
static inline size_t WppEtwWideBytes(const WCHAR *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return (n + 1) * sizeof(WCHAR);
}

#define WPP_ETW_PASTE3(a, b, c) a##b##c
#define WPP_ETW_XPASTE3(a, b, c) WPP_ETW_PASTE3(a, b, c)
/* The call site's macro: WPP_CALL_<file>_<line>. */
#define WPP_ETW_CALL WPP_ETW_XPASTE3(WPP_CALL_, WPP_THIS_FILE, __LINE__)

#ifdef __cplusplus
}
#endif

#endif /* _ETW_WPP_H */
