// SPDX-License-Identifier: GPL-2.0-only
/*
 * A Windows-style ETW program, written as Windows code is: <windows.h>
 * first, the SDK headers, DEFINE_GUID, TEXT() strings, an
 * EVENT_TRACE_PROPERTIES block with the names after it, EnableTraceEx2
 * with ENABLE_TRACE_PARAMETERS, a provider, an EVENT_RECORD consumer and a
 * classic (MOF) provider.  headers_standalone.sh compiles it with
 * -fsyntax-only as C11 and C++11, with and without UNICODE; it is not
 * linked (libetw's functions live elsewhere).
 *
 * The only changes a Windows original needs are the ones the headers
 * document: UTF-16 literals are u"..." or TEXT("..."), never L"...", and
 * 32-bit ULONG/DWORD values print with %u, not %lu.
 */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <initguid.h>
#include <wmistr.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>

/* {5A1C9C46-2D36-4C3B-9F0A-6E8F1B2C3D4E} */
DEFINE_GUID(ProviderGuid, 0x5a1c9c46, 0x2d36, 0x4c3b,
	    0x9f, 0x0a, 0x6e, 0x8f, 0x1b, 0x2c, 0x3d, 0x4e);
/* {5A1C9C46-2D36-4C3B-9F0A-6E8F1B2C3D4F} */
DEFINE_GUID(SessionGuid, 0x5a1c9c46, 0x2d36, 0x4c3b,
	    0x9f, 0x0a, 0x6e, 0x8f, 0x1b, 0x2c, 0x3d, 0x4f);
/* {5A1C9C46-2D36-4C3B-9F0A-6E8F1B2C3D50}: event class of the classic provider */
DEFINE_GUID(ClassGuid, 0x5a1c9c46, 0x2d36, 0x4c3b,
	    0x9f, 0x0a, 0x6e, 0x8f, 0x1b, 0x2c, 0x3d, 0x50);

#define LOGSESSION_NAME TEXT("MySampleSession")
#define LOGFILE_PATH TEXT("/tmp/MySampleSession.etl")

/* C takes GUID pointers, C++ references: code shared by both does this. */
#ifdef __cplusplus
#define SAME_GUID(a, b) IsEqualGUID((a), (b))
#else
#define SAME_GUID(a, b) IsEqualGUID(&(a), &(b))
#endif

static REGHANDLE g_RegHandle;
static ULONG g_IsEnabled;
static UCHAR g_Level;
static ULONGLONG g_MatchAny, g_MatchAll;
static TRACELOGGER_HANDLE g_Logger;
static TRACEGUID_HANDLE g_Registration;

static VOID NTAPI EnableCallback(
	_In_ LPCGUID SourceId,
	_In_ ULONG IsEnabled,
	_In_ UCHAR Level,
	_In_ ULONGLONG MatchAnyKeyword,
	_In_ ULONGLONG MatchAllKeyword,
	_In_opt_ PEVENT_FILTER_DESCRIPTOR FilterData,
	_Inout_opt_ PVOID CallbackContext)
{
	UNREFERENCED_PARAMETER(CallbackContext);
	switch (IsEnabled) {
	case EVENT_CONTROL_CODE_ENABLE_PROVIDER:
		g_IsEnabled = 1;
		g_Level = Level;
		g_MatchAny = MatchAnyKeyword;
		g_MatchAll = MatchAllKeyword;
		if (FilterData && FilterData->Type == EVENT_FILTER_TYPE_SCHEMATIZED)
			printf("filter of %u bytes\n", FilterData->Size);
		break;
	case EVENT_CONTROL_CODE_DISABLE_PROVIDER:
		g_IsEnabled = 0;
		break;
	case EVENT_CONTROL_CODE_CAPTURE_STATE:
		break;
	default:
		break;		/* ignore what we do not know */
	}
	if (SourceId && SAME_GUID(*SourceId, GUID_NULL))
		printf("no source\n");
}

static VOID WINAPI EventRecordCallback(PEVENT_RECORD pEvent)
{
	USHORT i;

	if (SAME_GUID(pEvent->EventHeader.ProviderId, EventTraceGuid) &&
	    pEvent->EventHeader.EventDescriptor.Opcode == EVENT_TRACE_TYPE_INFO) {
		PTRACE_LOGFILE_HEADER h = (PTRACE_LOGFILE_HEADER)pEvent->UserData;

		printf("buffers of %u bytes, %u CPUs, pointer size %u, start %lld\n",
		       h->BufferSize, h->NumberOfProcessors, h->PointerSize,
		       h->StartTime.QuadPart);
		return;
	}
	if (pEvent->EventHeader.Flags & EVENT_HEADER_FLAG_STRING_ONLY)
		printf("string event of %u bytes\n", pEvent->UserDataLength);

	printf("event %u v%u level %u keyword 0x%llx on CPU %u, pid %u tid %u\n",
	       EventDescGetId(&pEvent->EventHeader.EventDescriptor),
	       pEvent->EventHeader.EventDescriptor.Version,
	       pEvent->EventHeader.EventDescriptor.Level,
	       pEvent->EventHeader.EventDescriptor.Keyword,
	       GetEventProcessorIndex(pEvent),
	       pEvent->EventHeader.ProcessId, pEvent->EventHeader.ThreadId);

	for (i = 0; i < pEvent->ExtendedDataCount; i++) {
		PEVENT_HEADER_EXTENDED_DATA_ITEM item = &pEvent->ExtendedData[i];

		if (item->ExtType == EVENT_HEADER_EXT_TYPE_RELATED_ACTIVITYID) {
			PEVENT_EXTENDED_ITEM_RELATED_ACTIVITYID rel =
				(PEVENT_EXTENDED_ITEM_RELATED_ACTIVITYID)(ULONG_PTR)item->DataPtr;
			printf("related %08x\n", rel->RelatedActivityId.Data1);
		} else if (item->ExtType == EVENT_HEADER_EXT_TYPE_PROV_TRAITS) {
			PVOID trait;
			USHORT size;

			EtwGetTraitFromProviderTraits((PVOID)(ULONG_PTR)item->DataPtr,
						      EtwProviderTraitTypeGroup, &trait, &size);
			if (trait && size == sizeof(GUID))
				printf("group member\n");
		} else if (item->ExtType == EVENT_HEADER_EXT_TYPE_STACK_TRACE64) {
			PEVENT_EXTENDED_ITEM_STACK_TRACE64 st =
				(PEVENT_EXTENDED_ITEM_STACK_TRACE64)(ULONG_PTR)item->DataPtr;
			ULONG frames = (item->DataSize - sizeof(ULONG64)) / sizeof(ULONG64);

			if (frames)
				printf("top frame 0x%llx\n", st->Address[0]);
		}
	}
}

static ULONG WINAPI BufferCallback(PEVENT_TRACE_LOGFILE Logfile)
{
	printf("%u buffers read, %u bytes\n", Logfile->BuffersRead, Logfile->Filled);
	return TRUE;
}

/* Classic provider control callback. */
static ULONG WINAPI ControlCallback(
	WMIDPREQUESTCODE RequestCode, PVOID Context, ULONG *Reserved, PVOID Header)
{
	UNREFERENCED_PARAMETER(Context);
	UNREFERENCED_PARAMETER(Reserved);

	switch (RequestCode) {
	case WMI_ENABLE_EVENTS:
		SetLastError(ERROR_SUCCESS);
		g_Logger = GetTraceLoggerHandle(Header);
		if (g_Logger == (TRACELOGGER_HANDLE)INVALID_HANDLE_VALUE)
			return GetLastError();
		g_Level = GetTraceEnableLevel(g_Logger);
		if (g_Level == 0 && GetLastError() != ERROR_SUCCESS)
			return GetLastError();
		g_MatchAny = GetTraceEnableFlags(g_Logger);
		break;
	case WMI_DISABLE_EVENTS:
		g_Logger = 0;
		break;
	default:
		return ERROR_INVALID_PARAMETER;
	}
	return ERROR_SUCCESS;
}

static void Provider(void)
{
	EVENT_DESCRIPTOR desc;
	EVENT_DATA_DESCRIPTOR data[3];
	ULONG value = 42;
	static const WCHAR message[] = u"hello";	/* L"hello" on Windows */
	static const char name[] = "utf-8 name";
	GUID activity, related;
	ULONG status;

	status = EventRegister(&ProviderGuid, EnableCallback, NULL, &g_RegHandle);
	if (status != ERROR_SUCCESS) {
		printf("EventRegister failed with %u\n", status);
		return;
	}

	EventDescCreate(&desc, 1, 0, 0, TRACE_LEVEL_INFORMATION, 10, EVENT_TRACE_TYPE_START, 0x1);
	EventDataDescCreate(&data[0], &value, sizeof(value));
	EventDataDescCreate(&data[1], message, sizeof(message));
	EventDataDescCreate(&data[2], name, sizeof(name));
	if (EventEnabled(g_RegHandle, &desc))
		status = EventWrite(g_RegHandle, &desc, ARRAYSIZE(data), data);
	if (status == STATUS_LOG_FILE_FULL || status == ERROR_MORE_DATA)
		printf("dropped\n");

	EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_SET_ID, &related);
	EventActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &activity);
	EventWriteTransfer(g_RegHandle, &desc, &activity, &related, 1, data);
	EventWriteEx(g_RegHandle, &desc, 0, 0, NULL, NULL, 0, NULL);
	if (EventProviderEnabled(g_RegHandle, TRACE_LEVEL_ERROR, 0))
		EventWriteString(g_RegHandle, TRACE_LEVEL_ERROR, 0, u"oops");

	{
		/* Traits: size, name, then a group trait (seed 004). */
		UCHAR traits[2 + 2 + 19];
		USHORT size = sizeof(traits);
		USHORT trait_size = 19;
		BOOLEAN use_type = TRUE;

		memcpy(traits, &size, 2);
		traits[2] = 'P';
		traits[3] = 0;
		memcpy(traits + 4, &trait_size, 2);
		traits[6] = EtwProviderTraitTypeGroup;
		memcpy(traits + 7, &SessionGuid, sizeof(GUID));
		EventSetInformation(g_RegHandle, EventProviderSetTraits, traits, sizeof(traits));
		EventSetInformation(g_RegHandle, EventProviderUseDescriptorType,
				    &use_type, sizeof(use_type));
	}
	EventUnregister(g_RegHandle);
	g_RegHandle = 0;
}

static void ClassicProvider(void)
{
	TRACE_GUID_REGISTRATION reg[1];
	struct {
		EVENT_TRACE_HEADER Header;
		MOF_FIELD Mof[2];
	} ev;
	EVENT_INSTANCE_HEADER inst;
	EVENT_INSTANCE_INFO info;
	ULONG value = 7;
	static const char text[] = "classic";
	ULONG status;

	reg[0].Guid = &ClassGuid;
	reg[0].RegHandle = NULL;
	status = RegisterTraceGuids(ControlCallback, NULL, &ProviderGuid, 1, reg,
				    NULL, NULL, &g_Registration);
	if (status != ERROR_SUCCESS)
		return;

	ZeroMemory(&ev, sizeof(ev));
	ev.Header.Size = sizeof(ev);
	ev.Header.Flags = WNODE_FLAG_TRACED_GUID | WNODE_FLAG_USE_MOF_PTR;
	ev.Header.Guid = ClassGuid;
	ev.Header.Class.Type = EVENT_TRACE_TYPE_INFO;
	ev.Header.Class.Level = TRACE_LEVEL_WARNING;
	DEFINE_TRACE_MOF_FIELD(&ev.Mof[0], &value, sizeof(value), ETW_UINT32_TYPE_VALUE)
	DEFINE_TRACE_MOF_FIELD(&ev.Mof[1], text, sizeof(text), ETW_STRING_TYPE_VALUE)
	if (g_Logger)
		TraceEvent(g_Logger, &ev.Header);

	ZeroMemory(&inst, sizeof(inst));
	inst.Size = sizeof(inst);
	inst.Flags = WNODE_FLAG_TRACED_GUID;
	inst.RegHandle = (ULONGLONG)(ULONG_PTR)reg[0].RegHandle;
	CreateTraceInstanceId(reg[0].RegHandle, &info);
	TraceEventInstance(g_Logger, &inst, &info, NULL);

	TraceMessage(g_Logger, TRACE_MESSAGE_SEQUENCE | TRACE_MESSAGE_GUID, &ClassGuid, 10,
		     &value, sizeof(value), NULL, (size_t)0);
	UnregisterTraceGuids(g_Registration);
}

static void Consumer(void)
{
	EVENT_TRACE_LOGFILE trace;
	PROCESSTRACE_HANDLE hTrace;
	FILETIME start = { 0, 0 };
	ULONG status;

	ZeroMemory(&trace, sizeof(trace));
	trace.LoggerName = (LPTSTR)LOGSESSION_NAME;
	trace.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME | PROCESS_TRACE_MODE_EVENT_RECORD;
	trace.EventRecordCallback = EventRecordCallback;
	trace.BufferCallback = BufferCallback;
	trace.Context = NULL;

	hTrace = OpenTrace(&trace);
	if (hTrace == INVALID_PROCESSTRACE_HANDLE) {
		printf("OpenTrace failed with %u\n", GetLastError());
		return;
	}
	if (trace.LogfileHeader.PointerSize != sizeof(PVOID))
		printf("written by a %u-byte-pointer process\n", trace.LogfileHeader.PointerSize);

	status = ProcessTrace(&hTrace, 1, &start, NULL);
	if (status != ERROR_SUCCESS && status != ERROR_CANCELLED)
		printf("ProcessTrace failed with %u\n", status);
	status = CloseTrace(hTrace);
	if (status == ERROR_CTX_CLOSE_PENDING)
		printf("closing\n");
}

int main(void)
{
	ULONG status;
	CONTROLTRACE_ID SessionHandle = 0;
	PEVENT_TRACE_PROPERTIES pSessionProperties;
	ULONG BufferSize;
	ENABLE_TRACE_PARAMETERS params;
	EVENT_FILTER_DESCRIPTOR filter;
	USHORT ids[1 + sizeof(EVENT_FILTER_EVENT_ID) / sizeof(USHORT)];
	PEVENT_FILTER_EVENT_ID idfilter = (PEVENT_FILTER_EVENT_ID)(void *)ids;
	PEVENT_TRACE_PROPERTIES all[4];
	ULONG count = 0;
	GUID disallow[1];
	ULONG streams = 0, needed = 0;
	LPCTSTR kernel = KERNEL_LOGGER_NAME;
	int i;

	/* Properties with the session name, then the log file name, after them. */
	BufferSize = sizeof(EVENT_TRACE_PROPERTIES) + sizeof(LOGSESSION_NAME) + sizeof(LOGFILE_PATH);
	pSessionProperties = (PEVENT_TRACE_PROPERTIES)malloc(BufferSize);
	if (pSessionProperties == NULL)
		return 1;
	ZeroMemory(pSessionProperties, BufferSize);
	pSessionProperties->Wnode.BufferSize = BufferSize;
	pSessionProperties->Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	pSessionProperties->Wnode.ClientContext = 1;	/* QPC */
	pSessionProperties->Wnode.Guid = SessionGuid;
	pSessionProperties->BufferSize = 64;
	pSessionProperties->LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL | EVENT_TRACE_REAL_TIME_MODE;
	pSessionProperties->MaximumFileSize = 5;
	pSessionProperties->FlushTimer = 1;
	pSessionProperties->LoggerNameOffset = sizeof(EVENT_TRACE_PROPERTIES);
	pSessionProperties->LogFileNameOffset = sizeof(EVENT_TRACE_PROPERTIES) + sizeof(LOGSESSION_NAME);
	memcpy((char *)pSessionProperties + pSessionProperties->LogFileNameOffset,
	       LOGFILE_PATH, sizeof(LOGFILE_PATH));

	status = StartTrace(&SessionHandle, LOGSESSION_NAME, pSessionProperties);
	if (status == ERROR_ALREADY_EXISTS) {
		status = ControlTrace(0, LOGSESSION_NAME, pSessionProperties, EVENT_TRACE_CONTROL_QUERY);
		SessionHandle = pSessionProperties->Wnode.HistoricalContext;
	}
	if (status != ERROR_SUCCESS) {
		printf("StartTrace failed with %u (0x%08x)\n", status, (ULONG)HRESULT_FROM_WIN32(status));
		free(pSessionProperties);
		return 1;
	}

	/* Enable the provider with an event-ID filter and stacks. */
	idfilter->FilterIn = TRUE;
	idfilter->Reserved = 0;
	idfilter->Count = 1;
	idfilter->Events[0] = 1;
	filter.Ptr = (ULONGLONG)(ULONG_PTR)idfilter;
	filter.Size = (ULONG)sizeof(ids);
	filter.Type = EVENT_FILTER_TYPE_EVENT_ID;

	ZeroMemory(&params, sizeof(params));
	params.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	params.EnableProperty = EVENT_ENABLE_PROPERTY_STACK_TRACE | EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0;
	params.SourceId = SessionGuid;
	params.EnableFilterDesc = &filter;
	params.FilterDescCount = 1;
	status = EnableTraceEx2(SessionHandle, &ProviderGuid, EVENT_CONTROL_CODE_ENABLE_PROVIDER,
				TRACE_LEVEL_VERBOSE, 0x1, 0, INFINITE, &params);
	if (status == ERROR_TIMEOUT)
		printf("provider callbacks were late\n");
	EnableTraceEx(&ProviderGuid, &SessionGuid, SessionHandle, TRUE, TRACE_LEVEL_ERROR,
		      0, 0, 0, NULL);
	EnableTrace(TRUE, 0x1, TRACE_LEVEL_WARNING, &ProviderGuid, SessionHandle);

	disallow[0] = ClassGuid;
	TraceSetInformation(SessionHandle, TraceSetDisallowList, disallow, sizeof(disallow));
	TraceQueryInformation(SessionHandle, TraceStreamCount, &streams, sizeof(streams), NULL);
	EnumerateTraceGuidsEx(TraceGuidQueryList, NULL, 0, NULL, 0, &needed);

	Provider();
	ClassicProvider();
	Consumer();

	for (i = 0; i < 4; i++) {
		all[i] = (PEVENT_TRACE_PROPERTIES)calloc(1, 1024);
		if (all[i] == NULL)
			return 1;
		all[i]->Wnode.BufferSize = 1024;
		all[i]->LoggerNameOffset = sizeof(EVENT_TRACE_PROPERTIES);
		all[i]->LogFileNameOffset = sizeof(EVENT_TRACE_PROPERTIES) + 512;
	}
	if (QueryAllTraces(all, 4, &count) == ERROR_SUCCESS)
		printf("%u sessions, first loses %u events\n", count, all[0]->EventsLost);
	for (i = 0; i < 4; i++)
		free(all[i]);

	FlushTrace(SessionHandle, NULL, pSessionProperties);
	QueryTrace(SessionHandle, NULL, pSessionProperties);
	UpdateTrace(SessionHandle, NULL, pSessionProperties);
	EnableTraceEx2(SessionHandle, &ProviderGuid, EVENT_CONTROL_CODE_DISABLE_PROVIDER, 0, 0, 0, 0, NULL);
	status = StopTrace(SessionHandle, LOGSESSION_NAME, pSessionProperties);
	if (status == ERROR_SUCCESS || status == ERROR_MORE_DATA)
		printf("%u events lost, %u buffers written, kernel logger is %s\n",
		       pSessionProperties->EventsLost, pSessionProperties->BuffersWritten,
		       kernel ? "named" : "unnamed");
	free(pSessionProperties);
	return 0;
}
