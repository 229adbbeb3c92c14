/* SPDX-License-Identifier: MIT */
/*
 * evntrace.h - the ETW controller API (start, query, update and stop
 * sessions; enable providers), the consumer API (open and process traces),
 * the classic (MOF/WPP) provider API, and their structures.  Names,
 * layouts and values are those of the Windows SDK header of the same name
 * (reference §2, §3, §4).
 *
 * Functions with string parameters come in A (char) and W (UTF-16 WCHAR)
 * forms; the unsuffixed name (StartTrace, OpenTrace, EVENT_TRACE_LOGFILE,
 * KERNEL_LOGGER_NAME, ...) selects W when UNICODE or _UNICODE is defined
 * and A otherwise, as on Windows.
 *
 * The well-known GUIDs (EventTraceGuid, SystemTraceControlGuid, ...) are
 * `static const` objects: every translation unit can use them by name
 * without defining INITGUID anywhere.
 */
#ifndef _LIBETW_EVNTRACE_H
#define _LIBETW_EVNTRACE_H

#include <stdarg.h>	/* va_list, for TraceMessageVa */
#include "etw_wintypes.h"
#include "sal.h"
#include "guiddef.h"
#include "wmistr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --- Well-known GUIDs (reference §2.4) --- */

/* Provider of the synthetic events that describe a trace (header event). */
static const GUID EventTraceGuid = /* 68fdd900-4a3e-11d1-84f4-0000f80464e3 */
	{ 0x68fdd900, 0x4a3e, 0x11d1, { 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 } };
/* Session GUID of the NT Kernel Logger (system trace). */
static const GUID SystemTraceControlGuid = /* 9e814aad-3204-11d2-9a82-006008a86939 */
	{ 0x9e814aad, 0x3204, 0x11d2, { 0x9a, 0x82, 0x00, 0x60, 0x08, 0xa8, 0x69, 0x39 } };
/* Provider of system configuration records. */
static const GUID EventTraceConfigGuid = /* 01853a65-418f-4f36-aefc-dc0f1d2fd235 */
	{ 0x01853a65, 0x418f, 0x4f36, { 0xae, 0xfc, 0xdc, 0x0f, 0x1d, 0x2f, 0xd2, 0x35 } };
/* Default session security descriptor. */
static const GUID DefaultTraceSecurityGuid = /* 0811c1af-7a07-4a06-82ed-869455cdf713 */
	{ 0x0811c1af, 0x7a07, 0x4a06, { 0x82, 0xed, 0x86, 0x94, 0x55, 0xcd, 0xf7, 0x13 } };
/* Private-logger notifications across processes. */
static const GUID PrivateLoggerNotificationGuid = /* 3595ab5c-042a-4c8e-b942-2d059bfeb1b1 */
	{ 0x3595ab5c, 0x042a, 0x4c8e, { 0xb9, 0x42, 0x2d, 0x05, 0x9b, 0xfe, 0xb1, 0xb1 } };

/*
 * The kernel event classes (NT Kernel Logger events): ProviderId of the
 * events of each group, and the EventGuid of TraceStackTracingInfo.
 */
static const GUID ProcessGuid = /* 3d6fa8d0-fe05-11d0-9dda-00c04fd7ba7c */
	{ 0x3d6fa8d0, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } };
static const GUID ThreadGuid = /* 3d6fa8d1-fe05-11d0-9dda-00c04fd7ba7c */
	{ 0x3d6fa8d1, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } };
static const GUID PageFaultGuid = /* 3d6fa8d3-fe05-11d0-9dda-00c04fd7ba7c */
	{ 0x3d6fa8d3, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } };
static const GUID DiskIoGuid = /* 3d6fa8d4-fe05-11d0-9dda-00c04fd7ba7c */
	{ 0x3d6fa8d4, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } };
static const GUID FileIoGuid = /* 90cbdc39-4a3e-11d1-84f4-0000f80464e3 */
	{ 0x90cbdc39, 0x4a3e, 0x11d1, { 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 } };
static const GUID TcpIpGuid = /* 9a280ac0-c8e0-11d1-84e2-00c04fb998a2 */
	{ 0x9a280ac0, 0xc8e0, 0x11d1, { 0x84, 0xe2, 0x00, 0xc0, 0x4f, 0xb9, 0x98, 0xa2 } };
static const GUID UdpIpGuid = /* bf3a50c5-a9c9-4988-a005-2df0b7c80f80 */
	{ 0xbf3a50c5, 0xa9c9, 0x4988, { 0xa0, 0x05, 0x2d, 0xf0, 0xb7, 0xc8, 0x0f, 0x80 } };
static const GUID ImageLoadGuid = /* 2cb15d1d-5fc1-11d2-abe1-00a0c911f518 */
	{ 0x2cb15d1d, 0x5fc1, 0x11d2, { 0xab, 0xe1, 0x00, 0xa0, 0xc9, 0x11, 0xf5, 0x18 } };
static const GUID RegistryGuid = /* ae53722e-c863-11d2-8659-00c04fa321a1 */
	{ 0xae53722e, 0xc863, 0x11d2, { 0x86, 0x59, 0x00, 0xc0, 0x4f, 0xa3, 0x21, 0xa1 } };
static const GUID PerfInfoGuid = /* ce1dbfb4-137e-4da6-87b0-3f59aa102cbc */
	{ 0xce1dbfb4, 0x137e, 0x4da6, { 0x87, 0xb0, 0x3f, 0x59, 0xaa, 0x10, 0x2c, 0xbc } };
static const GUID StackWalkGuid = /* def2fe46-7bd6-4b80-bd94-f57fe20d0ce3 */
	{ 0xdef2fe46, 0x7bd6, 0x4b80, { 0xbd, 0x94, 0xf5, 0x7f, 0xe2, 0x0d, 0x0c, 0xe3 } };
static const GUID ALPCGuid = /* 45d8cccd-539f-4b72-a8b7-5c683142609a */
	{ 0x45d8cccd, 0x539f, 0x4b72, { 0xa8, 0xb7, 0x5c, 0x68, 0x31, 0x42, 0x60, 0x9a } };
static const GUID SplitIoGuid = /* d837ca92-12b9-44a5-ad6a-3a65b3578aa8 */
	{ 0xd837ca92, 0x12b9, 0x44a5, { 0xad, 0x6a, 0x3a, 0x65, 0xb3, 0x57, 0x8a, 0xa8 } };

/*
 * System Providers (Windows 10 SDK 20348 and later): EnableTraceEx2 on a
 * system logger turns the kernel events on by provider and keyword.
 */
static const GUID SystemAlpcProviderGuid = /* fcb9baaf-e529-4980-92e9-ced1a6aadfdf */
	{ 0xfcb9baaf, 0xe529, 0x4980, { 0x92, 0xe9, 0xce, 0xd1, 0xa6, 0xaa, 0xdf, 0xdf } };
static const GUID SystemConfigProviderGuid = /* fef3a8b6-318d-4b67-a96a-3b0f6b8f18fe */
	{ 0xfef3a8b6, 0x318d, 0x4b67, { 0xa9, 0x6a, 0x3b, 0x0f, 0x6b, 0x8f, 0x18, 0xfe } };
static const GUID SystemCpuProviderGuid = /* c6c5265f-eae8-4650-aae4-9d48603d8510 */
	{ 0xc6c5265f, 0xeae8, 0x4650, { 0xaa, 0xe4, 0x9d, 0x48, 0x60, 0x3d, 0x85, 0x10 } };
static const GUID SystemHypervisorProviderGuid = /* bafa072a-918a-4bed-b622-bc152097098f */
	{ 0xbafa072a, 0x918a, 0x4bed, { 0xb6, 0x22, 0xbc, 0x15, 0x20, 0x97, 0x09, 0x8f } };
static const GUID SystemInterruptProviderGuid = /* d4bbee17-b545-4888-858b-744169015b25 */
	{ 0xd4bbee17, 0xb545, 0x4888, { 0x85, 0x8b, 0x74, 0x41, 0x69, 0x01, 0x5b, 0x25 } };
static const GUID SystemIoProviderGuid = /* 3d5c43e3-0f1c-4202-b817-174c0070dc79 */
	{ 0x3d5c43e3, 0x0f1c, 0x4202, { 0xb8, 0x17, 0x17, 0x4c, 0x00, 0x70, 0xdc, 0x79 } };
static const GUID SystemIoFilterProviderGuid = /* fbd09363-9e22-4661-b8bf-e7a34b535b8c */
	{ 0xfbd09363, 0x9e22, 0x4661, { 0xb8, 0xbf, 0xe7, 0xa3, 0x4b, 0x53, 0x5b, 0x8c } };
static const GUID SystemLockProviderGuid = /* 721ddfd3-dacc-4e1e-b26a-a2cb31d4705a */
	{ 0x721ddfd3, 0xdacc, 0x4e1e, { 0xb2, 0x6a, 0xa2, 0xcb, 0x31, 0xd4, 0x70, 0x5a } };
static const GUID SystemMemoryProviderGuid = /* 82958ca9-b6cd-47f8-a3a8-03ae85a4bc24 */
	{ 0x82958ca9, 0xb6cd, 0x47f8, { 0xa3, 0xa8, 0x03, 0xae, 0x85, 0xa4, 0xbc, 0x24 } };
static const GUID SystemObjectProviderGuid = /* febd7460-3d1d-47eb-af49-c9eeb1e146f2 */
	{ 0xfebd7460, 0x3d1d, 0x47eb, { 0xaf, 0x49, 0xc9, 0xee, 0xb1, 0xe1, 0x46, 0xf2 } };
static const GUID SystemPowerProviderGuid = /* c134884a-32d5-4488-80e5-14ed7abb8269 */
	{ 0xc134884a, 0x32d5, 0x4488, { 0x80, 0xe5, 0x14, 0xed, 0x7a, 0xbb, 0x82, 0x69 } };
static const GUID SystemProcessProviderGuid = /* 151f55dc-467d-471f-83b5-5f889d46ff66 */
	{ 0x151f55dc, 0x467d, 0x471f, { 0x83, 0xb5, 0x5f, 0x88, 0x9d, 0x46, 0xff, 0x66 } };
static const GUID SystemProfileProviderGuid = /* bfeb0324-1cee-496f-a409-2ac2b48a6322 */
	{ 0xbfeb0324, 0x1cee, 0x496f, { 0xa4, 0x09, 0x2a, 0xc2, 0xb4, 0x8a, 0x63, 0x22 } };
static const GUID SystemRegistryProviderGuid = /* 16156bd9-fab4-4cfa-a232-89d1099058e3 */
	{ 0x16156bd9, 0xfab4, 0x4cfa, { 0xa2, 0x32, 0x89, 0xd1, 0x09, 0x90, 0x58, 0xe3 } };
static const GUID SystemSchedulerProviderGuid = /* 599a2a76-4d91-4910-9ac7-7d33f2e97a6c */
	{ 0x599a2a76, 0x4d91, 0x4910, { 0x9a, 0xc7, 0x7d, 0x33, 0xf2, 0xe9, 0x7a, 0x6c } };
static const GUID SystemSyscallProviderGuid = /* 434286f7-6f1b-45bb-b37e-95f623046c7c */
	{ 0x434286f7, 0x6f1b, 0x45bb, { 0xb3, 0x7e, 0x95, 0xf6, 0x23, 0x04, 0x6c, 0x7c } };
static const GUID SystemTimerProviderGuid = /* 4f061568-e215-499f-ab2e-eda0ae890a5b */
	{ 0x4f061568, 0xe215, 0x499f, { 0xab, 0x2e, 0xed, 0xa0, 0xae, 0x89, 0x0a, 0x5b } };

/* Their keywords (evntrace.h, "Keywords to be used for the System ..."). */
#define SYSTEM_ALPC_KW_GENERAL			0x0000000000000001ULL
#define SYSTEM_CONFIG_KW_SYSTEM			0x0000000000000001ULL
#define SYSTEM_CONFIG_KW_GRAPHICS		0x0000000000000002ULL
#define SYSTEM_CONFIG_KW_STORAGE		0x0000000000000004ULL
#define SYSTEM_CONFIG_KW_NETWORK		0x0000000000000008ULL
#define SYSTEM_CONFIG_KW_SERVICES		0x0000000000000010ULL
#define SYSTEM_CONFIG_KW_PNP			0x0000000000000020ULL
#define SYSTEM_CONFIG_KW_OPTICAL		0x0000000000000040ULL
#define SYSTEM_CPU_KW_CONFIG			0x0000000000000001ULL
#define SYSTEM_CPU_KW_CACHE_FLUSH		0x0000000000000002ULL
#define SYSTEM_CPU_KW_SPEC_CONTROL		0x0000000000000004ULL
#define SYSTEM_CPU_KW_DOMAIN_CHANGE		0x0000000000000008ULL
#define SYSTEM_INTERRUPT_KW_GENERAL		0x0000000000000001ULL
#define SYSTEM_INTERRUPT_KW_CLOCK_INTERRUPT	0x0000000000000002ULL
#define SYSTEM_INTERRUPT_KW_DPC			0x0000000000000004ULL
#define SYSTEM_INTERRUPT_KW_DPC_QUEUE		0x0000000000000008ULL
#define SYSTEM_INTERRUPT_KW_WDF_DPC		0x0000000000000010ULL
#define SYSTEM_INTERRUPT_KW_WDF_INTERRUPT	0x0000000000000020ULL
#define SYSTEM_INTERRUPT_KW_IPI			0x0000000000000040ULL
#define SYSTEM_IO_KW_DISK			0x0000000000000001ULL
#define SYSTEM_IO_KW_DISK_INIT			0x0000000000000002ULL
#define SYSTEM_IO_KW_FILENAME			0x0000000000000004ULL
#define SYSTEM_IO_KW_SPLIT			0x0000000000000008ULL
#define SYSTEM_IO_KW_FILE			0x0000000000000010ULL
#define SYSTEM_IO_KW_OPTICAL			0x0000000000000020ULL
#define SYSTEM_IO_KW_OPTICAL_INIT		0x0000000000000040ULL
#define SYSTEM_IO_KW_DRIVERS			0x0000000000000080ULL
#define SYSTEM_IO_KW_CC				0x0000000000000100ULL
#define SYSTEM_IO_KW_NETWORK			0x0000000000000200ULL
#define SYSTEM_IO_KW_FILE_INIT			0x0000000000000400ULL
#define SYSTEM_IO_KW_TIMER			0x0000000000000800ULL
#define SYSTEM_MEMORY_KW_GENERAL		0x0000000000000001ULL
#define SYSTEM_MEMORY_KW_HARD_FAULTS		0x0000000000000002ULL
#define SYSTEM_MEMORY_KW_ALL_FAULTS		0x0000000000000004ULL
#define SYSTEM_MEMORY_KW_POOL			0x0000000000000008ULL
#define SYSTEM_MEMORY_KW_VIRTUAL_ALLOC		0x0000000000000400ULL
#define SYSTEM_MEMORY_KW_VAMAP			0x0000000000004000ULL
#define SYSTEM_PROCESS_KW_GENERAL		0x0000000000000001ULL
#define SYSTEM_PROCESS_KW_INSWAP		0x0000000000000002ULL
#define SYSTEM_PROCESS_KW_FREEZE		0x0000000000000004ULL
#define SYSTEM_PROCESS_KW_PERF_COUNTER		0x0000000000000008ULL
#define SYSTEM_PROCESS_KW_WAKE_COUNTER		0x0000000000000010ULL
#define SYSTEM_PROCESS_KW_WAKE_DROP		0x0000000000000020ULL
#define SYSTEM_PROCESS_KW_WAKE_EVENT		0x0000000000000040ULL
#define SYSTEM_PROCESS_KW_DEBUG_EVENTS		0x0000000000000080ULL
#define SYSTEM_PROCESS_KW_DBGPRINT		0x0000000000000100ULL
#define SYSTEM_PROCESS_KW_JOB			0x0000000000000200ULL
#define SYSTEM_PROCESS_KW_WORKER_THREAD		0x0000000000000400ULL
#define SYSTEM_PROCESS_KW_THREAD		0x0000000000000800ULL
#define SYSTEM_PROCESS_KW_LOADER		0x0000000000001000ULL
#define SYSTEM_PROFILE_KW_GENERAL		0x0000000000000001ULL
#define SYSTEM_PROFILE_KW_PMC_PROFILE		0x0000000000000002ULL
#define SYSTEM_REGISTRY_KW_GENERAL		0x0000000000000001ULL
#define SYSTEM_REGISTRY_KW_HIVE			0x0000000000000002ULL
#define SYSTEM_REGISTRY_KW_NOTIFICATION		0x0000000000000004ULL
#define SYSTEM_SCHEDULER_KW_XSCHEDULER		0x0000000000000001ULL
#define SYSTEM_SCHEDULER_KW_DISPATCHER		0x0000000000000002ULL
#define SYSTEM_SCHEDULER_KW_CONTEXT_SWITCH	0x0000000000000200ULL
#define SYSTEM_SYSCALL_KW_GENERAL		0x0000000000000001ULL
#define SYSTEM_TIMER_KW_GENERAL			0x0000000000000001ULL
#define SYSTEM_TIMER_KW_CLOCK_TIMER		0x0000000000000002ULL

/*
 * --- Well-known session names: A = char, W = WCHAR (L"..." when wchar_t
 * is 16 bits, as with -fshort-wchar; u"..." otherwise) ---
 */
#define KERNEL_LOGGER_NAMEW		ETW_WIDE("NT Kernel Logger")
#define GLOBAL_LOGGER_NAMEW		ETW_WIDE("GlobalLogger")
#define EVENT_LOGGER_NAMEW		ETW_WIDE("EventLog")
#define DIAG_LOGGER_NAMEW		ETW_WIDE("DiagLog")
#define KERNEL_LOGGER_NAMEA		"NT Kernel Logger"
#define GLOBAL_LOGGER_NAMEA		"GlobalLogger"
#define EVENT_LOGGER_NAMEA		"EventLog"
#define DIAG_LOGGER_NAMEA		"DiagLog"

#define MAX_MOF_FIELDS			16	/* MOF_FIELDs with USE_MOF_PTR */

/* --- Handles (reference §0.1, §3.1) --- */
#ifndef _TRACEHANDLE_DEFINED
#define _TRACEHANDLE_DEFINED
typedef ULONG64 TRACEHANDLE, *PTRACEHANDLE;	/* obsolete generic handle */
#endif
typedef ULONG64 PROCESSTRACE_HANDLE;	/* OpenTrace; invalid: INVALID_PROCESSTRACE_HANDLE */
typedef ULONG64 CONTROLTRACE_ID;	/* StartTrace; invalid: 0 */
#ifndef _typedef_TRACELOGGER_HANDLE
#define _typedef_TRACELOGGER_HANDLE 1
typedef ULONG64 TRACELOGGER_HANDLE;	/* GetTraceLoggerHandle (classic providers) */
#endif
typedef ULONG64 TRACEGUID_HANDLE;	/* RegisterTraceGuids; invalid: 0 */

#define INVALID_PROCESSTRACE_HANDLE	((PROCESSTRACE_HANDLE)INVALID_HANDLE_VALUE)

#define SYSTEM_EVENT_TYPE		1

/* --- Classic event types (EVENT_TRACE_HEADER.Class.Type; §4) --- */
#define EVENT_TRACE_TYPE_INFO		0x00	/* default */
#define EVENT_TRACE_TYPE_START		0x01
#define EVENT_TRACE_TYPE_END		0x02
#define EVENT_TRACE_TYPE_STOP		0x02
#define EVENT_TRACE_TYPE_DC_START	0x03	/* data collection start */
#define EVENT_TRACE_TYPE_DC_END		0x04	/* data collection end */
#define EVENT_TRACE_TYPE_EXTENSION	0x05	/* continues an earlier event */
#define EVENT_TRACE_TYPE_REPLY		0x06
#define EVENT_TRACE_TYPE_DEQUEUE	0x07
#define EVENT_TRACE_TYPE_RESUME		0x07
#define EVENT_TRACE_TYPE_CHECKPOINT	0x08
#define EVENT_TRACE_TYPE_SUSPEND	0x08
#define EVENT_TRACE_TYPE_WINEVT_SEND	0x09
#define EVENT_TRACE_TYPE_WINEVT_RECEIVE	0xF0
/* Provider-defined types start at 10; these are the system ones. */
#define EVENT_TRACE_TYPE_LOAD		0x0A	/* process/thread: image load */
#define EVENT_TRACE_TYPE_TERMINATE	0x0B
#define EVENT_TRACE_TYPE_IO_READ	0x0A
#define EVENT_TRACE_TYPE_IO_WRITE	0x0B
#define EVENT_TRACE_TYPE_IO_READ_INIT	0x0C
#define EVENT_TRACE_TYPE_IO_WRITE_INIT	0x0D
#define EVENT_TRACE_TYPE_IO_FLUSH	0x0E
#define EVENT_TRACE_TYPE_IO_FLUSH_INIT	0x0F
#define EVENT_TRACE_TYPE_IO_REDIRECTED_INIT 0x10
#define EVENT_TRACE_TYPE_MM_TF		0x0A
#define EVENT_TRACE_TYPE_MM_DZF		0x0B
#define EVENT_TRACE_TYPE_MM_COW		0x0C
#define EVENT_TRACE_TYPE_MM_GPF		0x0D
#define EVENT_TRACE_TYPE_MM_HPF		0x0E
#define EVENT_TRACE_TYPE_MM_AV		0x0F
#define EVENT_TRACE_TYPE_SEND		0x0A
#define EVENT_TRACE_TYPE_RECEIVE	0x0B
#define EVENT_TRACE_TYPE_CONNECT	0x0C
#define EVENT_TRACE_TYPE_DISCONNECT	0x0D
#define EVENT_TRACE_TYPE_RETRANSMIT	0x0E
#define EVENT_TRACE_TYPE_ACCEPT		0x0F
#define EVENT_TRACE_TYPE_RECONNECT	0x10
#define EVENT_TRACE_TYPE_CONNFAIL	0x11
#define EVENT_TRACE_TYPE_COPY_TCP	0x12
#define EVENT_TRACE_TYPE_COPY_ARP	0x13
#define EVENT_TRACE_TYPE_ACKFULL	0x14
#define EVENT_TRACE_TYPE_ACKPART	0x15
#define EVENT_TRACE_TYPE_ACKDUP		0x16
/* Types of the EventTraceGuid header-class events. */
#define EVENT_TRACE_TYPE_GUIDMAP	0x0A
#define EVENT_TRACE_TYPE_CONFIG		0x0B
#define EVENT_TRACE_TYPE_SIDINFO	0x0C
#define EVENT_TRACE_TYPE_SECURITY	0x0D
#define EVENT_TRACE_TYPE_DBGID_RSDS	0x40

/* --- Levels (also EVENT_DESCRIPTOR.Level) --- */
#define TRACE_LEVEL_NONE		0
#define TRACE_LEVEL_CRITICAL		1	/* abnormal exit or termination */
#define TRACE_LEVEL_FATAL		1
#define TRACE_LEVEL_ERROR		2
#define TRACE_LEVEL_WARNING		3
#define TRACE_LEVEL_INFORMATION		4
#define TRACE_LEVEL_VERBOSE		5
#define TRACE_LEVEL_RESERVED6		6
#define TRACE_LEVEL_RESERVED7		7
#define TRACE_LEVEL_RESERVED8		8
#define TRACE_LEVEL_RESERVED9		9

/* --- EnableFlags of system (kernel) loggers (reference §2.4) --- */
#define EVENT_TRACE_FLAG_PROCESS		0x00000001
#define EVENT_TRACE_FLAG_THREAD			0x00000002
#define EVENT_TRACE_FLAG_IMAGE_LOAD		0x00000004
#define EVENT_TRACE_FLAG_PROCESS_COUNTERS	0x00000008
#define EVENT_TRACE_FLAG_CSWITCH		0x00000010
#define EVENT_TRACE_FLAG_DPC			0x00000020
#define EVENT_TRACE_FLAG_INTERRUPT		0x00000040
#define EVENT_TRACE_FLAG_SYSTEMCALL		0x00000080
#define EVENT_TRACE_FLAG_DISK_IO		0x00000100
#define EVENT_TRACE_FLAG_DISK_FILE_IO		0x00000200
#define EVENT_TRACE_FLAG_DISK_IO_INIT		0x00000400
#define EVENT_TRACE_FLAG_DISPATCHER		0x00000800
#define EVENT_TRACE_FLAG_MEMORY_PAGE_FAULTS	0x00001000
#define EVENT_TRACE_FLAG_MEMORY_HARD_FAULTS	0x00002000
#define EVENT_TRACE_FLAG_VIRTUAL_ALLOC		0x00004000
#define EVENT_TRACE_FLAG_VAMAP			0x00008000
#define EVENT_TRACE_FLAG_NETWORK_TCPIP		0x00010000
#define EVENT_TRACE_FLAG_REGISTRY		0x00020000
#define EVENT_TRACE_FLAG_DBGPRINT		0x00040000
#define EVENT_TRACE_FLAG_JOB			0x00080000
#define EVENT_TRACE_FLAG_ALPC			0x00100000
#define EVENT_TRACE_FLAG_SPLIT_IO		0x00200000
#define EVENT_TRACE_FLAG_DEBUG_EVENTS		0x00400000
#define EVENT_TRACE_FLAG_DRIVER			0x00800000
#define EVENT_TRACE_FLAG_PROFILE		0x01000000
#define EVENT_TRACE_FLAG_FILE_IO		0x02000000
#define EVENT_TRACE_FLAG_FILE_IO_INIT		0x04000000
#define EVENT_TRACE_FLAG_NO_SYSCONFIG		0x10000000
#define EVENT_TRACE_FLAG_ENABLE_RESERVE		0x20000000
#define EVENT_TRACE_FLAG_FORWARD_WMI		0x40000000
#define EVENT_TRACE_FLAG_EXTENSION		0x80000000

/* --- LogFileMode (reference §2.3) --- */
#define EVENT_TRACE_FILE_MODE_NONE		0x00000000
#define EVENT_TRACE_FILE_MODE_SEQUENTIAL	0x00000001
#define EVENT_TRACE_FILE_MODE_CIRCULAR		0x00000002
#define EVENT_TRACE_FILE_MODE_APPEND		0x00000004
#define EVENT_TRACE_FILE_MODE_NEWFILE		0x00000008
#define EVENT_TRACE_FILE_MODE_PREALLOCATE	0x00000020
#define EVENT_TRACE_NONSTOPPABLE_MODE		0x00000040
#define EVENT_TRACE_SECURE_MODE			0x00000080
#define EVENT_TRACE_REAL_TIME_MODE		0x00000100
#define EVENT_TRACE_DELAY_OPEN_FILE_MODE	0x00000200
#define EVENT_TRACE_BUFFERING_MODE		0x00000400
#define EVENT_TRACE_PRIVATE_LOGGER_MODE		0x00000800
#define EVENT_TRACE_ADD_HEADER_MODE		0x00001000
#define EVENT_TRACE_USE_KBYTES_FOR_SIZE		0x00002000
#define EVENT_TRACE_USE_GLOBAL_SEQUENCE		0x00004000
#define EVENT_TRACE_USE_LOCAL_SEQUENCE		0x00008000
#define EVENT_TRACE_RELOG_MODE			0x00010000
#define EVENT_TRACE_PRIVATE_IN_PROC		0x00020000
#define EVENT_TRACE_MODE_RESERVED		0x00100000
#define EVENT_TRACE_STOP_ON_HYBRID_SHUTDOWN	0x00400000
#define EVENT_TRACE_PERSIST_ON_HYBRID_SHUTDOWN	0x00800000
#define EVENT_TRACE_USE_PAGED_MEMORY		0x01000000
#define EVENT_TRACE_SYSTEM_LOGGER_MODE		0x02000000
#define EVENT_TRACE_COMPRESSED_MODE		0x04000000
#define EVENT_TRACE_INDEPENDENT_SESSION_MODE	0x08000000
#define EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING	0x10000000
#define EVENT_TRACE_ADDTO_TRIAGE_DUMP		0x80000000

/* --- ControlTrace codes (reference §2.5) --- */
#define EVENT_TRACE_CONTROL_QUERY		0
#define EVENT_TRACE_CONTROL_STOP		1
#define EVENT_TRACE_CONTROL_UPDATE		2
#define EVENT_TRACE_CONTROL_FLUSH		3
#define EVENT_TRACE_CONTROL_INCREMENT_FILE	4
#define EVENT_TRACE_CONTROL_CONVERT_TO_REALTIME	5

/* --- TraceMessage flags --- */
#define TRACE_MESSAGE_SEQUENCE			1
#define TRACE_MESSAGE_GUID			2
#define TRACE_MESSAGE_COMPONENTID		4
#define TRACE_MESSAGE_TIMESTAMP			8
#define TRACE_MESSAGE_PERFORMANCE_TIMESTAMP	16	/* obsolete */
#define TRACE_MESSAGE_SYSTEMINFO		32
#define TRACE_MESSAGE_POINTER32			0x0040
#define TRACE_MESSAGE_POINTER64			0x0080
#define TRACE_MESSAGE_FLAG_MASK			0xFFFF
#define TRACE_MESSAGE_MAXIMUM_SIZE		(64 * 1024)

/* Which time fields of a classic EVENT_TRACE_HEADER are valid. */
#define EVENT_TRACE_USE_PROCTIME		0x0001
#define EVENT_TRACE_USE_NOCPUTIME		0x0002

/* EVENT_TRACE_HEADER.Flags for TraceEvent (mirror WNODE_FLAG_*). */
#define TRACE_HEADER_FLAG_USE_TIMESTAMP		0x00000200
#define TRACE_HEADER_FLAG_TRACED_GUID		0x00020000
#define TRACE_HEADER_FLAG_LOG_WNODE		0x00040000
#define TRACE_HEADER_FLAG_USE_GUID_PTR		0x00080000
#define TRACE_HEADER_FLAG_USE_MOF_PTR		0x00100000

/* Enable-callback IsEnabled / EnableTraceEx2 ControlCode (also in evntprov.h). */
#ifndef EVENT_CONTROL_CODE_DISABLE_PROVIDER
#define EVENT_CONTROL_CODE_DISABLE_PROVIDER	0
#define EVENT_CONTROL_CODE_ENABLE_PROVIDER	1
#define EVENT_CONTROL_CODE_CAPTURE_STATE	2
#endif

/*
 * EnableProperty bits of ENABLE_TRACE_PARAMETERS / EnableTraceEx (reference
 * §2.6).  The SDK declares them in evntcons.h; both headers have them.
 */
#ifndef _LIBETW_EVENT_ENABLE_PROPERTY
#define _LIBETW_EVENT_ENABLE_PROPERTY
#define EVENT_ENABLE_PROPERTY_SID			0x00000001
#define EVENT_ENABLE_PROPERTY_TS_ID			0x00000002
#define EVENT_ENABLE_PROPERTY_STACK_TRACE		0x00000004
#define EVENT_ENABLE_PROPERTY_PSM_KEY			0x00000008
#define EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0		0x00000010
#define EVENT_ENABLE_PROPERTY_PROVIDER_GROUP		0x00000020
#define EVENT_ENABLE_PROPERTY_ENABLE_KEYWORD_0		0x00000040
#define EVENT_ENABLE_PROPERTY_PROCESS_START_KEY		0x00000080
#define EVENT_ENABLE_PROPERTY_EVENT_KEY			0x00000100
#define EVENT_ENABLE_PROPERTY_EXCLUDE_INPRIVATE		0x00000200
#define EVENT_ENABLE_PROPERTY_ENABLE_SILOS		0x00000400
#define EVENT_ENABLE_PROPERTY_SOURCE_CONTAINER_TRACKING	0x00000800
#endif

/*
 * EVENT_TRACE_LOGFILE.ProcessTraceMode (reference §3.1); the SDK declares
 * them in evntcons.h; both headers have them.
 */
#ifndef _LIBETW_PROCESS_TRACE_MODE
#define _LIBETW_PROCESS_TRACE_MODE
#define PROCESS_TRACE_MODE_REAL_TIME		0x00000100
#define PROCESS_TRACE_MODE_RAW_TIMESTAMP	0x00001000
#define PROCESS_TRACE_MODE_EVENT_RECORD		0x10000000
#endif

/* --- Classic event headers (reference §3.7, §4) --- */

/*
 * Header of every classic event (TraceEvent; consumers' EVENT_TRACE).
 * Size includes the data that follows and must stay below the session
 * buffer size minus 72.  Guid names the event class, or GuidPtr points
 * to it with WNODE_FLAG_USE_GUID_PTR.  48 bytes.
 */
typedef struct _EVENT_TRACE_HEADER {
	USHORT Size;
	ETW_NAMELESS union {
		USHORT FieldTypeFlags;		/* reserved */
		ETW_NAMELESS struct {
			UCHAR HeaderType;	/* reserved */
			UCHAR MarkerFlags;	/* reserved */
		};
	};
	ETW_NAMELESS union {
		ULONG Version;			/* Class as one value */
		struct {
			UCHAR Type;		/* EVENT_TRACE_TYPE_* */
			UCHAR Level;		/* TRACE_LEVEL_* */
			USHORT Version;
		} Class;
	};
	ULONG ThreadId;
	ULONG ProcessId;
	LARGE_INTEGER TimeStamp;
	ETW_NAMELESS union {
		GUID Guid;
		ULONGLONG GuidPtr;
	};
	ETW_NAMELESS union {
		ETW_NAMELESS struct {
			ULONG KernelTime;
			ULONG UserTime;
		};
		ULONG64 ProcessorTime;
		ETW_NAMELESS struct {
			ULONG ClientContext;
			ULONG Flags;		/* WNODE_FLAG_TRACED_GUID | ... */
		};
	};
} EVENT_TRACE_HEADER, *PEVENT_TRACE_HEADER;

/*
 * Header of a TraceEventInstance event (seed 003): like EVENT_TRACE_HEADER
 * but with the class registration handles of the event and of its parent,
 * for instance and parent/child tracking.  Zero it before use.  56 bytes.
 */
typedef struct _EVENT_INSTANCE_HEADER {
	USHORT Size;
	ETW_NAMELESS union {
		USHORT FieldTypeFlags;		/* reserved */
		ETW_NAMELESS struct {
			UCHAR HeaderType;	/* reserved */
			UCHAR MarkerFlags;	/* reserved */
		};
	};
	ETW_NAMELESS union {
		ULONG Version;			/* Type | Level << 8 | Version << 16 */
		struct {
			UCHAR Type;
			UCHAR Level;
			USHORT Version;
		} Class;
	};
	ULONG ThreadId;
	ULONG ProcessId;
	LARGE_INTEGER TimeStamp;
	ULONGLONG RegHandle;			/* TRACE_GUID_REGISTRATION.RegHandle */
	ULONG InstanceId;
	ULONG ParentInstanceId;
	ETW_NAMELESS union {
		ETW_NAMELESS struct {
			ULONG KernelTime;
			ULONG UserTime;
		};
		ULONG64 ProcessorTime;
		ETW_NAMELESS struct {
			ULONG EventId;
			ULONG Flags;		/* WNODE_FLAG_TRACED_GUID | ... */
		};
	};
	ULONGLONG ParentRegHandle;
} EVENT_INSTANCE_HEADER, *PEVENT_INSTANCE_HEADER;

/* --- MOF_FIELD: event data by reference, with WNODE_FLAG_USE_MOF_PTR --- */
#define ETW_NULL_TYPE_VALUE			0
#define ETW_OBJECT_TYPE_VALUE			1
#define ETW_STRING_TYPE_VALUE			2
#define ETW_SBYTE_TYPE_VALUE			3
#define ETW_BYTE_TYPE_VALUE			4
#define ETW_INT16_TYPE_VALUE			5
#define ETW_UINT16_TYPE_VALUE			6
#define ETW_INT32_TYPE_VALUE			7
#define ETW_UINT32_TYPE_VALUE			8
#define ETW_INT64_TYPE_VALUE			9
#define ETW_UINT64_TYPE_VALUE			10
#define ETW_CHAR_TYPE_VALUE			11
#define ETW_SINGLE_TYPE_VALUE			12
#define ETW_DOUBLE_TYPE_VALUE			13
#define ETW_BOOLEAN_TYPE_VALUE			14
#define ETW_DECIMAL_TYPE_VALUE			15
#define ETW_GUID_TYPE_VALUE			101
#define ETW_ASCIICHAR_TYPE_VALUE		102
#define ETW_ASCIISTRING_TYPE_VALUE		103
#define ETW_COUNTED_STRING_TYPE_VALUE		104
#define ETW_POINTER_TYPE_VALUE			105
#define ETW_SIZET_TYPE_VALUE			106
#define ETW_HIDDEN_TYPE_VALUE			107
#define ETW_BOOL_TYPE_VALUE			108
#define ETW_COUNTED_ANSISTRING_TYPE_VALUE	109
#define ETW_REVERSED_COUNTED_STRING_TYPE_VALUE	110
#define ETW_REVERSED_COUNTED_ANSISTRING_TYPE_VALUE 111
#define ETW_NON_NULL_TERMINATED_STRING_TYPE_VALUE 112
#define ETW_REDUCED_ANSISTRING_TYPE_VALUE	113
#define ETW_REDUCED_STRING_TYPE_VALUE		114
#define ETW_SID_TYPE_VALUE			115
#define ETW_VARIANT_TYPE_VALUE			116
#define ETW_PTVECTOR_TYPE_VALUE			117
#define ETW_WMITIME_TYPE_VALUE			118
#define ETW_DATETIME_TYPE_VALUE			119
#define ETW_REFRENCE_TYPE_VALUE			120	/* sic */

/* Fill one MOF_FIELD (a statement sequence, as in the SDK). */
#define DEFINE_TRACE_MOF_FIELD(MOF, ptr, length, type) \
	(MOF)->DataPtr = (ULONG64)(ULONG_PTR)(ptr); \
	(MOF)->Length = (ULONG)(length); \
	(MOF)->DataType = (ULONG)(type);

typedef struct _MOF_FIELD {
	ULONG64 DataPtr;
	ULONG Length;
	ULONG DataType;		/* ETW_*_TYPE_VALUE */
} MOF_FIELD, *PMOF_FIELD;

/* --- Log file header (reference §3.6) --- */

/*
 * Description of a trace: the payload of the first (synthetic) event of
 * each log file, and EVENT_TRACE_LOGFILE.LogfileHeader after OpenTrace.
 * In the header event the two name pointers are meaningless and the names
 * follow the structure as UTF-16 strings.  280 bytes on x86-64.
 */
typedef struct _TRACE_LOGFILE_HEADER {
	ULONG BufferSize;
	ETW_NAMELESS union {
		ULONG Version;
		struct {
			UCHAR MajorVersion;
			UCHAR MinorVersion;
			UCHAR SubVersion;
			UCHAR SubMinorVersion;
		} VersionDetail;
	};
	ULONG ProviderVersion;		/* OS build */
	ULONG NumberOfProcessors;
	LARGE_INTEGER EndTime;		/* FILETIME; 0 while live */
	ULONG TimerResolution;		/* 100-ns units */
	ULONG MaximumFileSize;		/* MB */
	ULONG LogFileMode;
	ULONG BuffersWritten;
	ETW_NAMELESS union {
		GUID LogInstanceGuid;
		ETW_NAMELESS struct {
			ULONG StartBuffers;
			ULONG PointerSize;
			ULONG EventsLost;
			ULONG CpuSpeedInMHz;
		};
	};
	LPWSTR LoggerName;
	LPWSTR LogFileName;
	TIME_ZONE_INFORMATION TimeZone;
	LARGE_INTEGER BootTime;
	LARGE_INTEGER PerfFreq;		/* QPC ticks per second */
	LARGE_INTEGER StartTime;	/* FILETIME */
	ULONG ReservedFlags;		/* clock type: 1 QPC, 2 system, 3 cycles */
	ULONG BuffersLost;
} TRACE_LOGFILE_HEADER, *PTRACE_LOGFILE_HEADER;

/* The header as written by a 32-bit process: names are 32-bit. 272 bytes. */
typedef struct _TRACE_LOGFILE_HEADER32 {
	ULONG BufferSize;
	ETW_NAMELESS union {
		ULONG Version;
		struct {
			UCHAR MajorVersion;
			UCHAR MinorVersion;
			UCHAR SubVersion;
			UCHAR SubMinorVersion;
		} VersionDetail;
	};
	ULONG ProviderVersion;
	ULONG NumberOfProcessors;
	LARGE_INTEGER EndTime;
	ULONG TimerResolution;
	ULONG MaximumFileSize;
	ULONG LogFileMode;
	ULONG BuffersWritten;
	ETW_NAMELESS union {
		GUID LogInstanceGuid;
		ETW_NAMELESS struct {
			ULONG StartBuffers;
			ULONG PointerSize;
			ULONG EventsLost;
			ULONG CpuSpeedInMHz;
		};
	};
	ULONG32 LoggerName;
	ULONG32 LogFileName;
	TIME_ZONE_INFORMATION TimeZone;
	LARGE_INTEGER BootTime;
	LARGE_INTEGER PerfFreq;
	LARGE_INTEGER StartTime;
	ULONG ReservedFlags;
	ULONG BuffersLost;
} TRACE_LOGFILE_HEADER32, *PTRACE_LOGFILE_HEADER32;

/* The header as written by a 64-bit process. 280 bytes. */
typedef struct _TRACE_LOGFILE_HEADER64 {
	ULONG BufferSize;
	ETW_NAMELESS union {
		ULONG Version;
		struct {
			UCHAR MajorVersion;
			UCHAR MinorVersion;
			UCHAR SubVersion;
			UCHAR SubMinorVersion;
		} VersionDetail;
	};
	ULONG ProviderVersion;
	ULONG NumberOfProcessors;
	LARGE_INTEGER EndTime;
	ULONG TimerResolution;
	ULONG MaximumFileSize;
	ULONG LogFileMode;
	ULONG BuffersWritten;
	ETW_NAMELESS union {
		GUID LogInstanceGuid;
		ETW_NAMELESS struct {
			ULONG StartBuffers;
			ULONG PointerSize;
			ULONG EventsLost;
			ULONG CpuSpeedInMHz;
		};
	};
	ULONG64 LoggerName;
	ULONG64 LogFileName;
	TIME_ZONE_INFORMATION TimeZone;
	LARGE_INTEGER BootTime;
	LARGE_INTEGER PerfFreq;
	LARGE_INTEGER StartTime;
	ULONG ReservedFlags;
	ULONG BuffersLost;
} TRACE_LOGFILE_HEADER64, *PTRACE_LOGFILE_HEADER64;

/* Instance tracking for TraceEventInstance / CreateTraceInstanceId. */
typedef struct EVENT_INSTANCE_INFO {
	HANDLE RegHandle;
	ULONG InstanceId;
} EVENT_INSTANCE_INFO, *PEVENT_INSTANCE_INFO;

/* --- Session properties (reference §2.2) --- */

#ifndef _LIBETW_EVENT_FILTER_DESCRIPTOR_TYPEDEF
#define _LIBETW_EVENT_FILTER_DESCRIPTOR_TYPEDEF
typedef struct _EVENT_FILTER_DESCRIPTOR
	EVENT_FILTER_DESCRIPTOR, *PEVENT_FILTER_DESCRIPTOR;
#endif

/*
 * Session configuration and statistics (120 bytes).  Allocate it with room
 * for the session name and then the log file name after it, zeroed; set
 * Wnode.BufferSize to the whole allocation and the two name offsets.
 */
typedef struct _EVENT_TRACE_PROPERTIES {
	WNODE_HEADER Wnode;
	/* set by the caller */
	ULONG BufferSize;		/* KB per buffer */
	ULONG MinimumBuffers;
	ULONG MaximumBuffers;
	ULONG MaximumFileSize;		/* MB (KB with USE_KBYTES_FOR_SIZE) */
	ULONG LogFileMode;		/* EVENT_TRACE_*_MODE */
	ULONG FlushTimer;		/* seconds */
	ULONG EnableFlags;		/* EVENT_TRACE_FLAG_*, system loggers */
	ETW_NAMELESS union {
		LONG AgeLimit;		/* unused */
		LONG FlushThreshold;
	};
	/* returned */
	ULONG NumberOfBuffers;
	ULONG FreeBuffers;
	ULONG EventsLost;
	ULONG BuffersWritten;
	ULONG LogBuffersLost;
	ULONG RealTimeBuffersLost;
	HANDLE LoggerThreadId;
	ULONG LogFileNameOffset;	/* from the struct start; 0 = no file */
	ULONG LoggerNameOffset;		/* from the struct start */
} EVENT_TRACE_PROPERTIES, *PEVENT_TRACE_PROPERTIES;

/*
 * Version 2 (144 bytes): set VersionNumber = 2 and WNODE_FLAG_VERSIONED_
 * PROPERTIES in Wnode.Flags.
 */
typedef struct _EVENT_TRACE_PROPERTIES_V2 {
	WNODE_HEADER Wnode;
	ULONG BufferSize;
	ULONG MinimumBuffers;
	ULONG MaximumBuffers;
	ULONG MaximumFileSize;
	ULONG LogFileMode;
	ULONG FlushTimer;
	ULONG EnableFlags;
	ETW_NAMELESS union {
		LONG AgeLimit;
		LONG FlushThreshold;
	};
	ULONG NumberOfBuffers;
	ULONG FreeBuffers;
	ULONG EventsLost;
	ULONG BuffersWritten;
	ULONG LogBuffersLost;
	ULONG RealTimeBuffersLost;
	HANDLE LoggerThreadId;
	ULONG LogFileNameOffset;
	ULONG LoggerNameOffset;
	/* version 2 */
	ETW_NAMELESS union {
		ETW_NAMELESS struct {
			ULONG VersionNumber : 8;	/* 2 */
		};
		ULONG V2Control;
	};
	ULONG FilterDescCount;
	PEVENT_FILTER_DESCRIPTOR FilterDesc;	/* private loggers only */
	ETW_NAMELESS union {
		ETW_NAMELESS struct {
			ULONG Wow : 1;			/* output only */
			ULONG QpcDeltaTracking : 1;
			ULONG LargeMdlPages : 1;
			ULONG ExcludeKernelStack : 1;
		};
		ULONG64 V2Options;
	};
} EVENT_TRACE_PROPERTIES_V2, *PEVENT_TRACE_PROPERTIES_V2;

/* --- Classic provider registration (reference §4) --- */

/* In: an event class GUID; out: its class registration handle. */
typedef struct _TRACE_GUID_REGISTRATION {
	LPCGUID Guid;
	HANDLE RegHandle;
} TRACE_GUID_REGISTRATION, *PTRACE_GUID_REGISTRATION;

/* Legacy EnumerateTraceGuids output. 36 bytes. */
typedef struct _TRACE_GUID_PROPERTIES {
	GUID Guid;
	ULONG GuidType;
	ULONG LoggerId;
	ULONG EnableLevel;
	ULONG EnableFlags;
	BOOLEAN IsEnable;
} TRACE_GUID_PROPERTIES, *PTRACE_GUID_PROPERTIES;

#ifndef ETW_BUFFER_CONTEXT_DEF
#define ETW_BUFFER_CONTEXT_DEF
/*
 * Where an event was logged: the CPU (ProcessorIndex when the header has
 * EVENT_HEADER_FLAG_PROCESSOR_INDEX, else ProcessorNumber) and the session
 * (LoggerId).  4 bytes.
 */
typedef struct _ETW_BUFFER_CONTEXT {
	ETW_NAMELESS union {
		ETW_NAMELESS struct {
			UCHAR ProcessorNumber;
			UCHAR Alignment;
		};
		USHORT ProcessorIndex;
	};
	USHORT LoggerId;
} ETW_BUFFER_CONTEXT, *PETW_BUFFER_CONTEXT;
#endif

/* --- Provider enumeration (reference §2.7) --- */
#define TRACE_PROVIDER_FLAG_LEGACY	0x00000001
#define TRACE_PROVIDER_FLAG_PRE_ENABLE	0x00000002

/* One session's enable state of a provider or group. 32 bytes. */
typedef struct _TRACE_ENABLE_INFO {
	ULONG IsEnabled;
	UCHAR Level;
	UCHAR Reserved1;
	USHORT LoggerId;
	ULONG EnableProperty;
	ULONG Reserved2;
	ULONGLONG MatchAnyKeyword;
	ULONGLONG MatchAllKeyword;
} TRACE_ENABLE_INFO, *PTRACE_ENABLE_INFO;

/* One registration of a provider; EnableCount TRACE_ENABLE_INFOs follow. */
typedef struct _TRACE_PROVIDER_INSTANCE_INFO {
	ULONG NextOffset;
	ULONG EnableCount;
	ULONG Pid;
	ULONG Flags;		/* TRACE_PROVIDER_FLAG_* */
} TRACE_PROVIDER_INSTANCE_INFO, *PTRACE_PROVIDER_INSTANCE_INFO;

/* TraceGuidQueryInfo output head; InstanceCount instances follow. */
typedef struct _TRACE_GUID_INFO {
	ULONG InstanceCount;
	ULONG Reserved;
} TRACE_GUID_INFO, *PTRACE_GUID_INFO;

/* --- Consumer structures (reference §3) --- */

/*
 * A classic-form event as consumers see it (88 bytes): the header, the
 * instance information and the data (MofData, MofLength).
 */
typedef struct _EVENT_TRACE {
	EVENT_TRACE_HEADER Header;
	ULONG InstanceId;
	ULONG ParentInstanceId;
	GUID ParentGuid;
	PVOID MofData;
	ULONG MofLength;
	ETW_NAMELESS union {
		ULONG ClientContext;
		ETW_BUFFER_CONTEXT BufferContext;
	};
} EVENT_TRACE, *PEVENT_TRACE;

/* EVENT_RECORD itself is defined in evntcons.h. */
#ifndef _LIBETW_EVENT_RECORD_TYPEDEF
#define _LIBETW_EVENT_RECORD_TYPEDEF
typedef struct _EVENT_RECORD EVENT_RECORD, *PEVENT_RECORD;
typedef const EVENT_RECORD *PCEVENT_RECORD;
#endif

typedef struct _EVENT_TRACE_LOGFILEW EVENT_TRACE_LOGFILEW, *PEVENT_TRACE_LOGFILEW;
typedef struct _EVENT_TRACE_LOGFILEA EVENT_TRACE_LOGFILEA, *PEVENT_TRACE_LOGFILEA;

/* Called after each buffer; return TRUE to go on, FALSE to stop ProcessTrace. */
typedef ULONG (WINAPI *PEVENT_TRACE_BUFFER_CALLBACKW)(PEVENT_TRACE_LOGFILEW Logfile);
typedef ULONG (WINAPI *PEVENT_TRACE_BUFFER_CALLBACKA)(PEVENT_TRACE_LOGFILEA Logfile);
/* Per-event callbacks: classic form, and EVENT_RECORD form (seed 001). */
typedef VOID (WINAPI *PEVENT_CALLBACK)(PEVENT_TRACE pEvent);
typedef VOID (WINAPI *PEVENT_RECORD_CALLBACK)(PEVENT_RECORD EventRecord);

/*
 * The 72-byte header of every ETW buffer (reference §3.3): an event must
 * fit in BufferSize minus this header (seed 002, rule 10).
 */
typedef struct ETW_BUFFER_HEADER {
	ULONG Reserved1[4];
	LARGE_INTEGER TimeStamp;	/* time of flush */
	ULONG Reserved2[4];
	ETW_BUFFER_CONTEXT ClientContext;
	ULONG Reserved3;
	ULONG FilledBytes;		/* valid bytes in the buffer */
	ULONG Reserved4[5];
} ETW_BUFFER_HEADER;

/* State handed to a PETW_BUFFER_CALLBACK. */
typedef struct ETW_BUFFER_CALLBACK_INFORMATION {
	PROCESSTRACE_HANDLE TraceHandle;
	const TRACE_LOGFILE_HEADER *LogfileHeader;
	ULONG BuffersRead;
} ETW_BUFFER_CALLBACK_INFORMATION;

typedef BOOL (WINAPI *PETW_BUFFER_CALLBACK)(
	_In_reads_bytes_(BufferSize) const ETW_BUFFER_HEADER *Buffer,
	_In_ ULONG BufferSize,
	_In_ const ETW_BUFFER_CALLBACK_INFORMATION *ConsumerInfo,
	_In_opt_ void *CallbackContext);

typedef enum ETW_PROCESS_TRACE_MODES {
	ETW_PROCESS_TRACE_MODE_NONE = 0,
	ETW_PROCESS_TRACE_MODE_RAW_TIMESTAMP = 0x00000001
} ETW_PROCESS_TRACE_MODES;

/* Options of the OpenTraceFrom* family (declared types only, for now). */
typedef struct ETW_OPEN_TRACE_OPTIONS {
	ETW_PROCESS_TRACE_MODES ProcessTraceModes;
	PEVENT_RECORD_CALLBACK EventCallback;
	void *EventCallbackContext;
	PETW_BUFFER_CALLBACK BufferCallback;
	void *BufferCallbackContext;
} ETW_OPEN_TRACE_OPTIONS;

typedef VOID (WINAPI *PETW_BUFFER_COMPLETION_CALLBACK)(
	_In_ const ETW_BUFFER_HEADER *Buffer,
	_In_opt_ void *CallbackContext);

/*
 * A classic provider's control callback (RegisterTraceGuids): RequestCode
 * WMI_ENABLE_EVENTS or WMI_DISABLE_EVENTS; Buffer points to a WNODE_HEADER
 * whose HistoricalContext is the logger handle.
 */
typedef ULONG (WINAPI *WMIDPREQUEST)(
	_In_ WMIDPREQUESTCODE RequestCode,
	_In_ PVOID RequestContext,
	_Inout_ ULONG *BufferSize,
	_Inout_ PVOID Buffer);

/*
 * What to consume and how (reference §3.2): set LogFileName or LoggerName,
 * ProcessTraceMode, the callback matching that mode, and Context; OpenTrace
 * fills the rest.  448 bytes on x86-64.
 */
struct _EVENT_TRACE_LOGFILEW {
	LPWSTR LogFileName;
	LPWSTR LoggerName;
	LONGLONG CurrentTime;
	ULONG BuffersRead;
	ETW_NAMELESS union {
		ULONG LogFileMode;		/* reserved */
		ULONG ProcessTraceMode;		/* PROCESS_TRACE_MODE_* */
	};
	EVENT_TRACE CurrentEvent;
	TRACE_LOGFILE_HEADER LogfileHeader;
	PEVENT_TRACE_BUFFER_CALLBACKW BufferCallback;
	ULONG BufferSize;
	ULONG Filled;
	ULONG EventsLost;
	/*
	 * The two callbacks share storage (seed 001, rule 3): EventRecordCallback
	 * is called when ProcessTraceMode has PROCESS_TRACE_MODE_EVENT_RECORD,
	 * EventCallback otherwise.
	 */
	ETW_NAMELESS union {
		PEVENT_CALLBACK EventCallback;
		PEVENT_RECORD_CALLBACK EventRecordCallback;
	};
	ULONG IsKernelTrace;
	PVOID Context;				/* EVENT_RECORD.UserContext */
};

/* The same with char names. */
struct _EVENT_TRACE_LOGFILEA {
	LPSTR LogFileName;
	LPSTR LoggerName;
	LONGLONG CurrentTime;
	ULONG BuffersRead;
	ETW_NAMELESS union {
		ULONG LogFileMode;
		ULONG ProcessTraceMode;
	};
	EVENT_TRACE CurrentEvent;
	TRACE_LOGFILE_HEADER LogfileHeader;
	PEVENT_TRACE_BUFFER_CALLBACKA BufferCallback;
	ULONG BufferSize;
	ULONG Filled;
	ULONG EventsLost;
	ETW_NAMELESS union {
		PEVENT_CALLBACK EventCallback;
		PEVENT_RECORD_CALLBACK EventRecordCallback;
	};
	ULONG IsKernelTrace;
	PVOID Context;
};

/* --- Enabling providers (reference §2.6) --- */
#define ENABLE_TRACE_PARAMETERS_VERSION		1
#define ENABLE_TRACE_PARAMETERS_VERSION_2	2

/* Version 1 (40 bytes): no filter count. */
typedef struct _ENABLE_TRACE_PARAMETERS_V1 {
	ULONG Version;
	ULONG EnableProperty;
	ULONG ControlFlags;
	GUID SourceId;
	PEVENT_FILTER_DESCRIPTOR EnableFilterDesc;
} ENABLE_TRACE_PARAMETERS_V1, *PENABLE_TRACE_PARAMETERS_V1;

/* Version 2 (48 bytes). SourceId is what enable callbacks receive. */
typedef struct _ENABLE_TRACE_PARAMETERS {
	ULONG Version;			/* ENABLE_TRACE_PARAMETERS_VERSION_2 */
	ULONG EnableProperty;		/* EVENT_ENABLE_PROPERTY_* */
	ULONG ControlFlags;		/* reserved, 0 */
	GUID SourceId;
	PEVENT_FILTER_DESCRIPTOR EnableFilterDesc;
	ULONG FilterDescCount;
} ENABLE_TRACE_PARAMETERS, *PENABLE_TRACE_PARAMETERS;

/* --- Information classes (reference §2.7) --- */
typedef enum _TRACE_QUERY_INFO_CLASS {
	TraceGuidQueryList = 0,
	TraceGuidQueryInfo = 1,
	TraceGuidQueryProcess = 2,
	TraceStackTracingInfo = 3,
	TraceSystemTraceEnableFlagsInfo = 4,
	TraceSampledProfileIntervalInfo = 5,
	TraceProfileSourceConfigInfo = 6,
	TraceProfileSourceListInfo = 7,
	TracePmcEventListInfo = 8,
	TracePmcCounterListInfo = 9,
	TraceSetDisallowList = 10,
	TraceVersionInfo = 11,
	TraceGroupQueryList = 12,
	TraceGroupQueryInfo = 13,
	TraceDisallowListQuery = 14,
	TraceInfoReserved15 = 15,
	TracePeriodicCaptureStateListInfo = 16,
	TracePeriodicCaptureStateInfo = 17,
	TraceProviderBinaryTracking = 18,
	TraceMaxLoggersQuery = 19,
	TraceLbrConfigurationInfo = 20,
	TraceLbrEventListInfo = 21,
	TraceMaxPmcCounterQuery = 22,
	TraceStreamCount = 23,
	TraceStackCachingInfo = 24,
	TracePmcCounterOwners = 25,
	TraceUnifiedStackCachingInfo = 26,
	TracePmcSessionInformation = 27,
	TraceContextRegisterInfo = 28,
	MaxTraceSetInfoClass
} TRACE_QUERY_INFO_CLASS, TRACE_INFO_CLASS;

/* A kernel event by class GUID and type (TraceStackTracingInfo). 24 bytes. */
typedef struct _CLASSIC_EVENT_ID {
	GUID EventGuid;
	UCHAR Type;
	UCHAR Reserved[7];
} CLASSIC_EVENT_ID, *PCLASSIC_EVENT_ID;

typedef struct _TRACE_STACK_CACHING_INFO {
	BOOLEAN Enabled;
	ULONG CacheSize;
	ULONG BucketCount;
} TRACE_STACK_CACHING_INFO, *PTRACE_STACK_CACHING_INFO;

typedef struct _TRACE_PROFILE_INTERVAL {
	ULONG Source;
	ULONG Interval;
} TRACE_PROFILE_INTERVAL, *PTRACE_PROFILE_INTERVAL;

/* TraceVersionInfo output. */
typedef struct _TRACE_VERSION_INFO {
	UINT EtwTraceProcessingVersion;
	UINT Reserved;
} TRACE_VERSION_INFO, *PTRACE_VERSION_INFO;

/* TracePeriodicCaptureStateListInfo input head; ProviderCount GUIDs follow. */
typedef struct _TRACE_PERIODIC_CAPTURE_STATE_INFO {
	ULONG CaptureStateFrequencyInSeconds;
	USHORT ProviderCount;
	USHORT Reserved;
} TRACE_PERIODIC_CAPTURE_STATE_INFO, *PTRACE_PERIODIC_CAPTURE_STATE_INFO;

/* --- Session control (reference §2.5) --- */
ULONG WMIAPI StartTraceW(
	_Out_ CONTROLTRACE_ID *TraceId,
	_In_ LPCWSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);
ULONG WMIAPI StartTraceA(
	_Out_ CONTROLTRACE_ID *TraceId,
	_In_ LPCSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);

ULONG WMIAPI StopTraceW(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCWSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);
ULONG WMIAPI StopTraceA(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);

ULONG WMIAPI QueryTraceW(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCWSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);
ULONG WMIAPI QueryTraceA(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);

ULONG WMIAPI UpdateTraceW(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCWSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);
ULONG WMIAPI UpdateTraceA(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);

ULONG WMIAPI FlushTraceW(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCWSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);
ULONG WMIAPI FlushTraceA(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties);

/* ControlCode: EVENT_TRACE_CONTROL_*; the name wins over TraceId. */
ULONG WMIAPI ControlTraceW(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCWSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties,
	_In_ ULONG ControlCode);
ULONG WMIAPI ControlTraceA(
	_In_ CONTROLTRACE_ID TraceId,
	_In_opt_ LPCSTR InstanceName,
	_Inout_ PEVENT_TRACE_PROPERTIES Properties,
	_In_ ULONG ControlCode);

ULONG WMIAPI QueryAllTracesW(
	_Out_writes_(PropertyArrayCount) PEVENT_TRACE_PROPERTIES *PropertyArray,
	_In_ ULONG PropertyArrayCount,
	_Out_ PULONG LoggerCount);
ULONG WMIAPI QueryAllTracesA(
	_Out_writes_(PropertyArrayCount) PEVENT_TRACE_PROPERTIES *PropertyArray,
	_In_ ULONG PropertyArrayCount,
	_Out_ PULONG LoggerCount);

/* --- Enabling providers (reference §2.6) --- */
ULONG WMIAPI EnableTrace(
	_In_ ULONG Enable,
	_In_ ULONG EnableFlag,
	_In_ ULONG EnableLevel,
	_In_ LPCGUID ControlGuid,
	_In_ CONTROLTRACE_ID TraceId);

ULONG WMIAPI EnableTraceEx(
	_In_ LPCGUID ProviderId,
	_In_opt_ LPCGUID SourceId,
	_In_ CONTROLTRACE_ID TraceId,
	_In_ ULONG IsEnabled,
	_In_ UCHAR Level,
	_In_ ULONGLONG MatchAnyKeyword,
	_In_ ULONGLONG MatchAllKeyword,
	_In_ ULONG EnableProperty,
	_In_opt_ PEVENT_FILTER_DESCRIPTOR EnableFilterDesc);

ULONG WMIAPI EnableTraceEx2(
	_In_ CONTROLTRACE_ID TraceId,
	_In_ LPCGUID ProviderId,
	_In_ ULONG ControlCode,
	_In_ UCHAR Level,
	_In_ ULONGLONG MatchAnyKeyword,
	_In_ ULONGLONG MatchAllKeyword,
	_In_ ULONG Timeout,
	_In_opt_ PENABLE_TRACE_PARAMETERS EnableParameters);

/* --- Session information (reference §2.7) --- */
ULONG WMIAPI TraceSetInformation(
	_In_ CONTROLTRACE_ID TraceId,
	_In_ TRACE_INFO_CLASS InformationClass,
	_In_reads_bytes_(InformationLength) PVOID TraceInformation,
	_In_ ULONG InformationLength);

ULONG WMIAPI TraceQueryInformation(
	_In_ CONTROLTRACE_ID TraceId,
	_In_ TRACE_INFO_CLASS InformationClass,
	_Out_writes_bytes_(InformationLength) PVOID TraceInformation,
	_In_ ULONG InformationLength,
	_Out_opt_ PULONG ReturnLength);

ULONG WMIAPI EnumerateTraceGuidsEx(
	_In_ TRACE_QUERY_INFO_CLASS TraceQueryInfoClass,
	_In_reads_bytes_opt_(InBufferSize) PVOID InBuffer,
	_In_ ULONG InBufferSize,
	_Out_writes_bytes_opt_(OutBufferSize) PVOID OutBuffer,
	_In_ ULONG OutBufferSize,
	_Out_ PULONG ReturnLength);

/* Superseded by EnumerateTraceGuidsEx; one TRACE_GUID_PROPERTIES per GUID. */
ULONG WMIAPI EnumerateTraceGuids(
	_Inout_updates_(PropertyArrayCount) PTRACE_GUID_PROPERTIES *GuidPropertiesArray,
	_In_ ULONG PropertyArrayCount,
	_Out_ PULONG GuidCount);

/* --- Classic providers (reference §4) --- */
ULONG WMIAPI RegisterTraceGuidsW(
	_In_ WMIDPREQUEST RequestAddress,
	_In_opt_ PVOID RequestContext,
	_In_ LPCGUID ControlGuid,
	_In_ ULONG GuidCount,
	_In_reads_opt_(GuidCount) PTRACE_GUID_REGISTRATION TraceGuidReg,
	_In_opt_ LPCWSTR MofImagePath,
	_In_opt_ LPCWSTR MofResourceName,
	_Out_ TRACEGUID_HANDLE *RegistrationHandle);
ULONG WMIAPI RegisterTraceGuidsA(
	_In_ WMIDPREQUEST RequestAddress,
	_In_opt_ PVOID RequestContext,
	_In_ LPCGUID ControlGuid,
	_In_ ULONG GuidCount,
	_In_reads_opt_(GuidCount) PTRACE_GUID_REGISTRATION TraceGuidReg,
	_In_opt_ LPCSTR MofImagePath,
	_In_opt_ LPCSTR MofResourceName,
	_Out_ TRACEGUID_HANDLE *RegistrationHandle);

ULONG WMIAPI UnregisterTraceGuids(_In_ TRACEGUID_HANDLE RegistrationHandle);

/* From the control callback's Buffer; INVALID_HANDLE_VALUE on failure. */
TRACELOGGER_HANDLE WMIAPI GetTraceLoggerHandle(_In_ PVOID Buffer);
UCHAR WMIAPI GetTraceEnableLevel(_In_ TRACELOGGER_HANDLE TraceHandle);
ULONG WMIAPI GetTraceEnableFlags(_In_ TRACELOGGER_HANDLE TraceHandle);

ULONG WMIAPI TraceEvent(
	_In_ TRACELOGGER_HANDLE TraceHandle,
	_In_ PEVENT_TRACE_HEADER EventTrace);

ULONG WMIAPI TraceEventInstance(
	_In_ TRACELOGGER_HANDLE TraceHandle,
	_In_ PEVENT_INSTANCE_HEADER EventTrace,
	_In_ PEVENT_INSTANCE_INFO InstInfo,
	_In_opt_ PEVENT_INSTANCE_INFO ParentInstInfo);

ULONG WMIAPI CreateTraceInstanceId(
	_In_ HANDLE RegHandle,
	_Inout_ PEVENT_INSTANCE_INFO InstInfo);

ULONG __cdecl TraceMessage(
	_In_ TRACELOGGER_HANDLE LoggerHandle,
	_In_ ULONG MessageFlags,
	_In_ LPCGUID MessageGuid,
	_In_ USHORT MessageNumber,
	...);

ULONG TraceMessageVa(
	_In_ TRACELOGGER_HANDLE LoggerHandle,
	_In_ ULONG MessageFlags,
	_In_ LPCGUID MessageGuid,
	_In_ USHORT MessageNumber,
	_In_ va_list MessageArgList);

/* --- Consumers (reference §3.3) --- */
PROCESSTRACE_HANDLE WMIAPI OpenTraceW(_Inout_ PEVENT_TRACE_LOGFILEW Logfile);
PROCESSTRACE_HANDLE WMIAPI OpenTraceA(_Inout_ PEVENT_TRACE_LOGFILEA Logfile);

ULONG WMIAPI ProcessTrace(
	_In_reads_(HandleCount) PROCESSTRACE_HANDLE *HandleArray,
	_In_ ULONG HandleCount,
	_In_opt_ LPFILETIME StartTime,
	_In_opt_ LPFILETIME EndTime);

ULONG WMIAPI CloseTrace(_In_ PROCESSTRACE_HANDLE TraceHandle);

#ifdef __cplusplus
}
#endif

/* --- A/W selection, as in the SDK --- */
#if defined(UNICODE) || defined(_UNICODE)
#define PEVENT_TRACE_BUFFER_CALLBACK	PEVENT_TRACE_BUFFER_CALLBACKW
#define EVENT_TRACE_LOGFILE		EVENT_TRACE_LOGFILEW
#define PEVENT_TRACE_LOGFILE		PEVENT_TRACE_LOGFILEW
#define KERNEL_LOGGER_NAME		KERNEL_LOGGER_NAMEW
#define GLOBAL_LOGGER_NAME		GLOBAL_LOGGER_NAMEW
#define EVENT_LOGGER_NAME		EVENT_LOGGER_NAMEW
#define RegisterTraceGuids		RegisterTraceGuidsW
#define StartTrace			StartTraceW
#define ControlTrace			ControlTraceW
#define StopTrace			StopTraceW
#define QueryTrace			QueryTraceW
#define UpdateTrace			UpdateTraceW
#define FlushTrace			FlushTraceW
#define QueryAllTraces			QueryAllTracesW
#define OpenTrace			OpenTraceW
#else
#define PEVENT_TRACE_BUFFER_CALLBACK	PEVENT_TRACE_BUFFER_CALLBACKA
#define EVENT_TRACE_LOGFILE		EVENT_TRACE_LOGFILEA
#define PEVENT_TRACE_LOGFILE		PEVENT_TRACE_LOGFILEA
#define KERNEL_LOGGER_NAME		KERNEL_LOGGER_NAMEA
#define GLOBAL_LOGGER_NAME		GLOBAL_LOGGER_NAMEA
#define EVENT_LOGGER_NAME		EVENT_LOGGER_NAMEA
#define RegisterTraceGuids		RegisterTraceGuidsA
#define StartTrace			StartTraceA
#define ControlTrace			ControlTraceA
#define StopTrace			StopTraceA
#define QueryTrace			QueryTraceA
#define UpdateTrace			UpdateTraceA
#define FlushTrace			FlushTraceA
#define QueryAllTraces			QueryAllTracesA
#define OpenTrace			OpenTraceA
#endif

/* --- Layout, x86-64 --- */

/* Reference §0.1: all trace handles are 64-bit. */
ETW_ASSERT_SIZE(TRACEHANDLE, 8);
ETW_ASSERT_SIZE(PROCESSTRACE_HANDLE, 8);
ETW_ASSERT_SIZE(CONTROLTRACE_ID, 8);
ETW_ASSERT_SIZE(TRACELOGGER_HANDLE, 8);
ETW_ASSERT_SIZE(TRACEGUID_HANDLE, 8);

/* Reference §3.7: EVENT_TRACE_HEADER. */
ETW_ASSERT_SIZE(EVENT_TRACE_HEADER, 48);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Size, 0);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, FieldTypeFlags, 2);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, HeaderType, 2);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, MarkerFlags, 3);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Version, 4);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Class.Type, 4);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Class.Level, 5);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Class.Version, 6);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, ThreadId, 8);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, ProcessId, 12);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, TimeStamp, 16);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Guid, 24);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, GuidPtr, 24);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, KernelTime, 40);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, UserTime, 44);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, ProcessorTime, 40);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, ClientContext, 40);
ETW_ASSERT_OFFSET(EVENT_TRACE_HEADER, Flags, 44);

/* Seed 003, rule 2: EVENT_INSTANCE_HEADER, 56 bytes on x64. */
ETW_ASSERT_SIZE(EVENT_INSTANCE_HEADER, 56);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, Size, 0);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, FieldTypeFlags, 2);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, HeaderType, 2);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, MarkerFlags, 3);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, Version, 4);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, Class.Type, 4);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, Class.Level, 5);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, Class.Version, 6);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, ThreadId, 8);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, ProcessId, 12);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, TimeStamp, 16);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, RegHandle, 24);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, InstanceId, 32);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, ParentInstanceId, 36);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, KernelTime, 40);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, UserTime, 44);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, ProcessorTime, 40);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, EventId, 40);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, Flags, 44);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_HEADER, ParentRegHandle, 48);

/* Reference §4: MOF_FIELD, TRACE_GUID_REGISTRATION, EVENT_INSTANCE_INFO. */
ETW_ASSERT_SIZE(MOF_FIELD, 16);
ETW_ASSERT_OFFSET(MOF_FIELD, DataPtr, 0);
ETW_ASSERT_OFFSET(MOF_FIELD, Length, 8);
ETW_ASSERT_OFFSET(MOF_FIELD, DataType, 12);
ETW_ASSERT_SIZE(TRACE_GUID_REGISTRATION, 16);
ETW_ASSERT_OFFSET(TRACE_GUID_REGISTRATION, RegHandle, 8);
ETW_ASSERT_SIZE(EVENT_INSTANCE_INFO, 16);
ETW_ASSERT_OFFSET(EVENT_INSTANCE_INFO, InstanceId, 8);

/* Reference §3.6: TRACE_LOGFILE_HEADER (= _HEADER64 on x64) and _HEADER32. */
ETW_ASSERT_SIZE(TRACE_LOGFILE_HEADER, 280);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, BufferSize, 0);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, Version, 4);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, VersionDetail.MajorVersion, 4);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, VersionDetail.SubMinorVersion, 7);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, ProviderVersion, 8);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, NumberOfProcessors, 12);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, EndTime, 16);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, TimerResolution, 24);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, MaximumFileSize, 28);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, LogFileMode, 32);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, BuffersWritten, 36);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, LogInstanceGuid, 40);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, StartBuffers, 40);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, PointerSize, 44);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, EventsLost, 48);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, CpuSpeedInMHz, 52);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, LoggerName, 56);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, LogFileName, 64);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, TimeZone, 72);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, BootTime, 248);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, PerfFreq, 256);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, StartTime, 264);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, ReservedFlags, 272);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER, BuffersLost, 276);
ETW_ASSERT_SIZE(TRACE_LOGFILE_HEADER64, 280);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER64, LoggerName, 56);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER64, LogFileName, 64);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER64, TimeZone, 72);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER64, BootTime, 248);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER64, BuffersLost, 276);
ETW_ASSERT_SIZE(TRACE_LOGFILE_HEADER32, 272);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, LogInstanceGuid, 40);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, LoggerName, 56);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, LogFileName, 60);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, TimeZone, 64);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, BootTime, 240);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, PerfFreq, 248);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, StartTime, 256);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, ReservedFlags, 264);
ETW_ASSERT_OFFSET(TRACE_LOGFILE_HEADER32, BuffersLost, 268);

/* Reference §2.2: EVENT_TRACE_PROPERTIES (120) and _V2 (144). */
ETW_ASSERT_SIZE(EVENT_TRACE_PROPERTIES, 120);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, Wnode, 0);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, BufferSize, 48);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, MinimumBuffers, 52);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, MaximumBuffers, 56);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, MaximumFileSize, 60);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, LogFileMode, 64);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, FlushTimer, 68);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, EnableFlags, 72);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, AgeLimit, 76);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, FlushThreshold, 76);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, NumberOfBuffers, 80);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, FreeBuffers, 84);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, EventsLost, 88);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, BuffersWritten, 92);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, LogBuffersLost, 96);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, RealTimeBuffersLost, 100);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, LoggerThreadId, 104);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, LogFileNameOffset, 112);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES, LoggerNameOffset, 116);
ETW_ASSERT_SIZE(EVENT_TRACE_PROPERTIES_V2, 144);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, BufferSize, 48);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, LoggerThreadId, 104);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, LogFileNameOffset, 112);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, LoggerNameOffset, 116);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, V2Control, 120);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, FilterDescCount, 124);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, FilterDesc, 128);
ETW_ASSERT_OFFSET(EVENT_TRACE_PROPERTIES_V2, V2Options, 136);

/* Reference §2.7: enumeration structures. */
ETW_ASSERT_SIZE(TRACE_GUID_PROPERTIES, 36);
ETW_ASSERT_OFFSET(TRACE_GUID_PROPERTIES, IsEnable, 32);
ETW_ASSERT_SIZE(TRACE_ENABLE_INFO, 32);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, IsEnabled, 0);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, Level, 4);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, Reserved1, 5);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, LoggerId, 6);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, EnableProperty, 8);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, Reserved2, 12);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, MatchAnyKeyword, 16);
ETW_ASSERT_OFFSET(TRACE_ENABLE_INFO, MatchAllKeyword, 24);
ETW_ASSERT_SIZE(TRACE_PROVIDER_INSTANCE_INFO, 16);
ETW_ASSERT_OFFSET(TRACE_PROVIDER_INSTANCE_INFO, NextOffset, 0);
ETW_ASSERT_OFFSET(TRACE_PROVIDER_INSTANCE_INFO, EnableCount, 4);
ETW_ASSERT_OFFSET(TRACE_PROVIDER_INSTANCE_INFO, Pid, 8);
ETW_ASSERT_OFFSET(TRACE_PROVIDER_INSTANCE_INFO, Flags, 12);
ETW_ASSERT_SIZE(TRACE_GUID_INFO, 8);
ETW_ASSERT_OFFSET(TRACE_GUID_INFO, Reserved, 4);
ETW_ASSERT_SIZE(CLASSIC_EVENT_ID, 24);
ETW_ASSERT_OFFSET(CLASSIC_EVENT_ID, Type, 16);
ETW_ASSERT_OFFSET(CLASSIC_EVENT_ID, Reserved, 17);
ETW_ASSERT_SIZE(TRACE_VERSION_INFO, 8);
ETW_ASSERT_SIZE(TRACE_PERIODIC_CAPTURE_STATE_INFO, 8);
ETW_ASSERT_OFFSET(TRACE_PERIODIC_CAPTURE_STATE_INFO, ProviderCount, 4);
ETW_ASSERT_OFFSET(TRACE_PERIODIC_CAPTURE_STATE_INFO, Reserved, 6);
ETW_ASSERT_SIZE(TRACE_STACK_CACHING_INFO, 12);
ETW_ASSERT_SIZE(TRACE_PROFILE_INTERVAL, 8);
ETW_ASSERT_SIZE(TRACE_INFO_CLASS, 4);

/* Reference §3.4: ETW_BUFFER_CONTEXT, 4 bytes. */
ETW_ASSERT_SIZE(ETW_BUFFER_CONTEXT, 4);
ETW_ASSERT_OFFSET(ETW_BUFFER_CONTEXT, ProcessorNumber, 0);
ETW_ASSERT_OFFSET(ETW_BUFFER_CONTEXT, Alignment, 1);
ETW_ASSERT_OFFSET(ETW_BUFFER_CONTEXT, ProcessorIndex, 0);
ETW_ASSERT_OFFSET(ETW_BUFFER_CONTEXT, LoggerId, 2);

/* Reference §3.7: EVENT_TRACE, 88 bytes. */
ETW_ASSERT_SIZE(EVENT_TRACE, 88);
ETW_ASSERT_OFFSET(EVENT_TRACE, Header, 0);
ETW_ASSERT_OFFSET(EVENT_TRACE, InstanceId, 48);
ETW_ASSERT_OFFSET(EVENT_TRACE, ParentInstanceId, 52);
ETW_ASSERT_OFFSET(EVENT_TRACE, ParentGuid, 56);
ETW_ASSERT_OFFSET(EVENT_TRACE, MofData, 72);
ETW_ASSERT_OFFSET(EVENT_TRACE, MofLength, 80);
ETW_ASSERT_OFFSET(EVENT_TRACE, ClientContext, 84);
ETW_ASSERT_OFFSET(EVENT_TRACE, BufferContext, 84);

/* Reference §3.3 and seed 002, rule 10: the 72-byte buffer header. */
ETW_ASSERT_SIZE(ETW_BUFFER_HEADER, 72);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, Reserved1, 0);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, TimeStamp, 16);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, Reserved2, 24);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, ClientContext, 40);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, Reserved3, 44);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, FilledBytes, 48);
ETW_ASSERT_OFFSET(ETW_BUFFER_HEADER, Reserved4, 52);
ETW_ASSERT_SIZE(ETW_OPEN_TRACE_OPTIONS, 40);

/* Reference §3.2: EVENT_TRACE_LOGFILEW/A, 448 bytes, same layout. */
ETW_ASSERT_SIZE(EVENT_TRACE_LOGFILEW, 448);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, LogFileName, 0);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, LoggerName, 8);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, CurrentTime, 16);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, BuffersRead, 24);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, LogFileMode, 28);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, ProcessTraceMode, 28);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, CurrentEvent, 32);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, LogfileHeader, 120);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, BufferCallback, 400);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, BufferSize, 408);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, Filled, 412);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, EventsLost, 416);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, EventCallback, 424);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, EventRecordCallback, 424);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, IsKernelTrace, 432);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEW, Context, 440);
ETW_ASSERT_SIZE(EVENT_TRACE_LOGFILEA, 448);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, LogFileName, 0);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, LoggerName, 8);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, CurrentTime, 16);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, BuffersRead, 24);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, ProcessTraceMode, 28);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, CurrentEvent, 32);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, LogfileHeader, 120);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, BufferCallback, 400);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, BufferSize, 408);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, Filled, 412);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, EventsLost, 416);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, EventCallback, 424);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, EventRecordCallback, 424);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, IsKernelTrace, 432);
ETW_ASSERT_OFFSET(EVENT_TRACE_LOGFILEA, Context, 440);

/* Reference §2.6: ENABLE_TRACE_PARAMETERS (48) and _V1 (40). */
ETW_ASSERT_SIZE(ENABLE_TRACE_PARAMETERS, 48);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS, Version, 0);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS, EnableProperty, 4);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS, ControlFlags, 8);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS, SourceId, 12);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS, EnableFilterDesc, 32);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS, FilterDescCount, 40);
ETW_ASSERT_SIZE(ENABLE_TRACE_PARAMETERS_V1, 40);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS_V1, SourceId, 12);
ETW_ASSERT_OFFSET(ENABLE_TRACE_PARAMETERS_V1, EnableFilterDesc, 32);

#endif /* _LIBETW_EVNTRACE_H */
