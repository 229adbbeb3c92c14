/* SPDX-License-Identifier: MIT */
/*
 * wmistr.h - WNODE_HEADER (the head of EVENT_TRACE_PROPERTIES and of the
 * classic provider's control-callback buffer), its flags, and the WMI
 * request codes a classic provider's callback receives.
 */
#ifndef _LIBETW_WMISTR_H
#define _LIBETW_WMISTR_H

#include "etw_wintypes.h"
#include "guiddef.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * WNODE_HEADER (48 bytes).  For ETW sessions: BufferSize is the size of
 * the whole properties allocation, HistoricalContext returns the session
 * handle, Guid names the session, ClientContext selects the clock
 * (1 QPC, 2 system time, 3 CPU cycles; 0 = QPC) and Flags must contain
 * WNODE_FLAG_TRACED_GUID.
 */
typedef struct _WNODE_HEADER {
	ULONG BufferSize;
	ULONG ProviderId;
	ETW_NAMELESS union {
		ULONG64 HistoricalContext;
		ETW_NAMELESS struct {
			ULONG Version;
			ULONG Linkage;
		};
	};
	ETW_NAMELESS union {
		ULONG CountLost;
		HANDLE KernelHandle;
		LARGE_INTEGER TimeStamp;
	};
	GUID Guid;
	ULONG ClientContext;
	ULONG Flags;
} WNODE_HEADER, *PWNODE_HEADER;

#define WNODE_FLAG_ALL_DATA			0x00000001
#define WNODE_FLAG_SINGLE_INSTANCE		0x00000002
#define WNODE_FLAG_SINGLE_ITEM			0x00000004
#define WNODE_FLAG_EVENT_ITEM			0x00000008
#define WNODE_FLAG_FIXED_INSTANCE_SIZE		0x00000010
#define WNODE_FLAG_TOO_SMALL			0x00000020
#define WNODE_FLAG_INSTANCES_SAME		0x00000040
#define WNODE_FLAG_STATIC_INSTANCE_NAMES	0x00000080
#define WNODE_FLAG_INTERNAL			0x00000100
#define WNODE_FLAG_USE_TIMESTAMP		0x00000200
#define WNODE_FLAG_PERSIST_EVENT		0x00000400
#define WNODE_FLAG_EVENT_REFERENCE		0x00002000
#define WNODE_FLAG_ANSI_INSTANCENAMES		0x00004000
#define WNODE_FLAG_METHOD_ITEM			0x00008000
#define WNODE_FLAG_PDO_INSTANCE_NAMES		0x00010000
#define WNODE_FLAG_TRACED_GUID			0x00020000	/* an ETW trace */
#define WNODE_FLAG_LOG_WNODE			0x00040000
#define WNODE_FLAG_USE_GUID_PTR			0x00080000	/* GuidPtr, not Guid */
#define WNODE_FLAG_USE_MOF_PTR			0x00100000	/* MOF_FIELDs follow */
#define WNODE_FLAG_NO_HEADER			0x00200000
#define WNODE_FLAG_SEND_DATA_BLOCK		0x00400000
#define WNODE_FLAG_VERSIONED_PROPERTIES		0x00800000	/* properties >= V2 */
#define WNODE_FLAG_SEVERITY_MASK		0xFF000000

/* Request codes passed to a classic provider's WMIDPREQUEST callback. */
typedef enum {
	WMI_GET_ALL_DATA = 0,
	WMI_GET_SINGLE_INSTANCE = 1,
	WMI_SET_SINGLE_INSTANCE = 2,
	WMI_SET_SINGLE_ITEM = 3,
	WMI_ENABLE_EVENTS = 4,		/* enable or reconfigure tracing */
	WMI_DISABLE_EVENTS = 5,		/* disable tracing */
	WMI_ENABLE_COLLECTION = 6,
	WMI_DISABLE_COLLECTION = 7,
	WMI_REGINFO = 8,
	WMI_EXECUTE_METHOD = 9,
	WMI_CAPTURE_STATE = 10
} WMIDPREQUESTCODE;

#ifdef __cplusplus
}
#endif

/* Reference §2.1: WNODE_HEADER layout. */
ETW_ASSERT_SIZE(WNODE_HEADER, 48);
ETW_ASSERT_OFFSET(WNODE_HEADER, BufferSize, 0);
ETW_ASSERT_OFFSET(WNODE_HEADER, ProviderId, 4);
ETW_ASSERT_OFFSET(WNODE_HEADER, HistoricalContext, 8);
ETW_ASSERT_OFFSET(WNODE_HEADER, Version, 8);
ETW_ASSERT_OFFSET(WNODE_HEADER, Linkage, 12);
ETW_ASSERT_OFFSET(WNODE_HEADER, CountLost, 16);
ETW_ASSERT_OFFSET(WNODE_HEADER, KernelHandle, 16);
ETW_ASSERT_OFFSET(WNODE_HEADER, TimeStamp, 16);
ETW_ASSERT_OFFSET(WNODE_HEADER, Guid, 24);
ETW_ASSERT_OFFSET(WNODE_HEADER, ClientContext, 40);
ETW_ASSERT_OFFSET(WNODE_HEADER, Flags, 44);

#endif /* _LIBETW_WMISTR_H */
