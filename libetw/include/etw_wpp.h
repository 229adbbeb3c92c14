/* SPDX-License-Identifier: MIT */
/*
 * etw_wpp.h: the run-time part of WPP software tracing, for the .tmh
 * headers etwwpp(1) generates (the part tracewpp's um-init templates
 * put in every .tmh on Windows).  Not included by programs directly.
 *
 * A program's WPP_CONTROL_GUIDS name control GUIDs, each with flags
 * (WPP_DEFINE_BIT: the first is 0x1, the next 0x2, ...); the .tmh makes
 * WPP_BIT_<flag> = (control << 16) + bit + 1, as tracewpp does.
 * WPP_INIT_TRACING registers each control GUID with RegisterTraceGuids;
 * when a session enables one (etwctl enable GUID --any FLAGS --level L:
 * EnableTraceEx2's MatchAnyKeyword is the flags), the callback keeps the
 * session's logger handle, flags and level in that GUID's control block,
 * WPP_CONTROL(WPP_BIT_<flag>).  A trace statement asks its
 * WPP_<ARGS>_ENABLED macro -- the code's own, written with
 * WPP_LEVEL_ENABLED(flag) and WPP_CONTROL(...).Level as Windows code
 * writes them, or etwwpp's default for LEVEL/FLAGS -- and, if enabled,
 * writes one message with TraceMessage to the logger WPP_<ARGS>_LOGGER
 * names: the message GUID of its source file, its number, its arguments.
 * Decoding needs the TMF file etwwpp wrote (etwdump --tmf DIR,
 * TRACE_FORMAT_SEARCH_PATH).
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
	ULONG Flags[1];		/* WPP_DEFINE_BIT flags the session enabled */
	UCHAR Level;		/* the session's level */
} WPP_ETW_CONTROL;

__attribute__((weak)) WPP_ETW_CONTROL WPP_ETW_Controls[WPP_MAX_CONTROL_GUIDS];

/* TraceMessage's flags for WPP messages (tracewpp's defaults). */
#define WPP_ETW_MESSAGE_FLAGS (TRACE_MESSAGE_SEQUENCE | TRACE_MESSAGE_GUID | \
			       TRACE_MESSAGE_SYSTEMINFO | TRACE_MESSAGE_TIMESTAMP)

/* The macros Windows code writes its WPP_<ARGS>_ENABLED/_LOGGER with. */
#define WPP_FLAG_NO(f) ((0xFFFF & ((f) - 1)) / 32)
#define WPP_MASK(f) (1u << (((f) - 1) & 31))
#define WPP_CONTROL(f) (WPP_ETW_Controls[(f) >> 16])
#define WPP_LEVEL_ENABLED(flag) \
	((WPP_CONTROL(WPP_BIT_ ## flag).Flags[WPP_FLAG_NO(WPP_BIT_ ## flag)] & \
	  WPP_MASK(WPP_BIT_ ## flag)) != 0)
/* A logger and a comma, as tracewpp's templates expect. */
#define WPP_LEVEL_LOGGER(flag) (WPP_CONTROL(WPP_BIT_ ## flag).Logger),

/* The GUID of WPP_DEFINE_CONTROL_GUID(Name, (l,w1,w2,w3,ll), ...). */
#define WPP_ETW_GUID(l, w1, w2, w3, ll) \
	{ 0x ## l, 0x ## w1, 0x ## w2, { (UCHAR)(0x ## w3 >> 8), (UCHAR)(0x ## w3), \
	  (UCHAR)(0x ## ll >> 40), (UCHAR)(0x ## ll >> 32), (UCHAR)(0x ## ll >> 24), \
	  (UCHAR)(0x ## ll >> 16), (UCHAR)(0x ## ll >> 8), (UCHAR)(0x ## ll) } }

static inline ULONG WINAPI WppEtwControlCallback(WMIDPREQUESTCODE Code,
						 PVOID Context, ULONG *Reserved,
						 PVOID Buffer)
{
	WPP_ETW_CONTROL *c = (WPP_ETW_CONTROL *)Context;

	(void)Reserved;
	if (Code == WMI_ENABLE_EVENTS) {
		TRACEHANDLE h = GetTraceLoggerHandle(Buffer);

		c->Logger = h;
		c->Level = GetTraceEnableLevel(h);
		c->Flags[0] = GetTraceEnableFlags(h);
	} else if (Code == WMI_DISABLE_EVENTS) {
		c->Flags[0] = 0;
		c->Level = 0;
		c->Logger = 0;
	}
	return ERROR_SUCCESS;
}

/* WPP_INIT_TRACING: register every control GUID (its arguments unused). */
static inline void WppEtwInit(const GUID *guids, unsigned n)
{
	unsigned i;

	for (i = 0; i < n && i < WPP_MAX_CONTROL_GUIDS; i++) {
		TRACE_GUID_REGISTRATION reg;

		if (WPP_ETW_Controls[i].Registration)
			continue;
		reg.Guid = &guids[i];
		reg.RegHandle = NULL;
		RegisterTraceGuidsW(WppEtwControlCallback, &WPP_ETW_Controls[i],
				    &guids[i], 1, &reg, NULL, NULL,
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

/*
 * %!FUNC!: the name MSVC's __FUNCTION__ gives, from what the compiler
 * has -- __func__ in C, __PRETTY_FUNCTION__ in C++ ("static NTSTATUS
 * ns::Class::Method(int)" becomes "ns::Class::Method", gcc's
 * "{anonymous}" MSVC's "`anonymous-namespace'").
 */
#ifdef __cplusplus
#define WPP_ETW_FUNCTION __PRETTY_FUNCTION__
#else
#define WPP_ETW_FUNCTION __func__
#endif

static inline const char *WppEtwFuncName(const char *pretty, char *buf, size_t room)
{
	static const char anon[] = "{anonymous}", msvc[] = "`anonymous-namespace'";
	const char *start = pretty, *p;
	size_t k = 0;
	int angle = 0;

	/* The name ends at its parameter list: the first '(' outside <>. */
	for (p = pretty; *p; p++) {
		if (*p == '<')
			angle++;
		else if (*p == '>' && angle)
			angle--;
		else if (*p == ' ' && !angle)
			start = p + 1;
		else if (*p == '(' && !angle) {
			if (p - start >= 8 && !strncmp(p - 8, "operator", 8) && p[1] == ')')
				p++;	/* operator() */
			else
				break;
		}
	}
	if (!*p || !room)
		return pretty;
	while (start < p && k + 1 < room) {
		if (!strncmp(start, anon, sizeof(anon) - 1) && k + sizeof(msvc) < room) {
			memcpy(buf + k, msvc, sizeof(msvc) - 1);
			k += sizeof(msvc) - 1;
			start += sizeof(anon) - 1;
			continue;
		}
		buf[k++] = *start++;
	}
	buf[k] = 0;
	return buf;
}

#define WPP_ETW_PASTE3(a, b, c) a##b##c
#define WPP_ETW_XPASTE3(a, b, c) WPP_ETW_PASTE3(a, b, c)
/* The call site's macro: WPP_CALL_<file>_<line>. */
#define WPP_ETW_CALL WPP_ETW_XPASTE3(WPP_CALL_, WPP_THIS_FILE, __LINE__)

#ifdef __cplusplus
}
#endif

#endif /* _ETW_WPP_H */
