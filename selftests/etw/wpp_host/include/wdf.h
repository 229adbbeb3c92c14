/* SPDX-License-Identifier: MIT */
/*
 * wdf.h: a fake of the User-Mode Driver Framework 2, just big enough to
 * run the Windows samples wpp_test.sh builds unchanged
 * (selftests/data/windows-driver-samples): the handle types, the
 * structures and _INIT functions they use, the Wdf* calls (fakewdf.c)
 * and, for the programs that drive them, the framework's side -- adding
 * the device, power transitions, requests, timers, unloading -- and a
 * way to make the next call of a Wdf* function fail.  Not part of libetw.
 */
#ifndef _WPP_HOST_WDF_H
#define _WPP_HOST_WDF_H

#include <windows.h>
#include <stddef.h>
#include <string.h>
#include <ntstatus.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void *WDFOBJECT;
typedef struct WDFDRIVER__ *WDFDRIVER;
typedef struct WDFDEVICE__ *WDFDEVICE;
typedef struct WDFQUEUE__ *WDFQUEUE;
typedef struct WDFREQUEST__ *WDFREQUEST;
typedef struct WDFTIMER__ *WDFTIMER;
typedef struct WDFWAITLOCK__ *WDFWAITLOCK;
typedef struct WDFDEVICE_INIT WDFDEVICE_INIT, *PWDFDEVICE_INIT;
typedef struct _DRIVER_OBJECT DRIVER_OBJECT, *PDRIVER_OBJECT;

#define WDF_NO_HANDLE NULL
#define WDF_NO_OBJECT_ATTRIBUTES NULL
#define WDF_REL_TIMEOUT_IN_MS(ms) (-((LONGLONG)(ms) * 10000))

#ifndef __analysis_assume
#define __analysis_assume(expr)
#endif
#define KdPrint(args) DbgPrint args
ULONG DbgPrint(PCSTR Format, ...);

typedef enum _WDF_TRI_STATE { WdfFalse = 0, WdfTrue = 1, WdfUseDefault = 2 } WDF_TRI_STATE;
typedef enum _WDF_POWER_DEVICE_STATE {
	WdfPowerDeviceInvalid = 0, WdfPowerDeviceD0, WdfPowerDeviceD1, WdfPowerDeviceD2,
	WdfPowerDeviceD3, WdfPowerDeviceD3Final, WdfPowerDevicePrepareForHibernation,
} WDF_POWER_DEVICE_STATE;
typedef enum _WDF_IO_QUEUE_DISPATCH_TYPE {
	WdfIoQueueDispatchInvalid = 0, WdfIoQueueDispatchSequential,
	WdfIoQueueDispatchParallel, WdfIoQueueDispatchManual,
} WDF_IO_QUEUE_DISPATCH_TYPE;
typedef enum _WDF_REQUEST_TYPE {
	WdfRequestTypeCreate = 0, WdfRequestTypeRead = 3, WdfRequestTypeWrite = 4,
	WdfRequestTypeDeviceControl = 0xE,
} WDF_REQUEST_TYPE;
typedef enum _WDF_POWER_POLICY_S0_IDLE_CAPABILITIES {
	IdleCapsInvalid = 0, IdleCannotWakeFromS0, IdleCanWakeFromS0, IdleUsbSelectiveSuspend,
} WDF_POWER_POLICY_S0_IDLE_CAPABILITIES;
typedef enum _WDF_POWER_POLICY_IDLE_TIMEOUT_TYPE {
	DriverManagedIdleTimeout = 0, SystemManagedIdleTimeout,
	SystemManagedIdleTimeoutWithHint,
} WDF_POWER_POLICY_IDLE_TIMEOUT_TYPE;
typedef enum _WDF_EXECUTION_LEVEL {
	WdfExecutionLevelInvalid = 0, WdfExecutionLevelInheritFromParent,
	WdfExecutionLevelPassive, WdfExecutionLevelDispatch,
} WDF_EXECUTION_LEVEL;

typedef NTSTATUS DRIVER_INITIALIZE(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath);
typedef NTSTATUS EVT_WDF_DRIVER_DEVICE_ADD(WDFDRIVER Driver, PWDFDEVICE_INIT DeviceInit);
typedef VOID EVT_WDF_DRIVER_UNLOAD(WDFDRIVER Driver);
typedef VOID EVT_WDF_OBJECT_CONTEXT_CLEANUP(WDFOBJECT Object);
typedef NTSTATUS EVT_WDF_DEVICE_D0_ENTRY(WDFDEVICE Device, WDF_POWER_DEVICE_STATE PreviousState);
typedef NTSTATUS EVT_WDF_DEVICE_D0_EXIT(WDFDEVICE Device, WDF_POWER_DEVICE_STATE TargetState);
typedef VOID EVT_WDF_IO_QUEUE_IO_DEVICE_CONTROL(WDFQUEUE Queue, WDFREQUEST Request,
						size_t OutputBufferLength,
						size_t InputBufferLength, ULONG IoControlCode);
typedef VOID EVT_WDF_IO_QUEUE_IO_READ(WDFQUEUE Queue, WDFREQUEST Request, size_t Length);
typedef VOID EVT_WDF_IO_QUEUE_IO_WRITE(WDFQUEUE Queue, WDFREQUEST Request, size_t Length);
typedef VOID EVT_WDF_TIMER(WDFTIMER Timer);
typedef EVT_WDF_DRIVER_DEVICE_ADD *PFN_WDF_DRIVER_DEVICE_ADD;
typedef EVT_WDF_DRIVER_UNLOAD *PFN_WDF_DRIVER_UNLOAD;
typedef EVT_WDF_OBJECT_CONTEXT_CLEANUP *PFN_WDF_OBJECT_CONTEXT_CLEANUP;
typedef EVT_WDF_DEVICE_D0_ENTRY *PFN_WDF_DEVICE_D0_ENTRY;
typedef EVT_WDF_DEVICE_D0_EXIT *PFN_WDF_DEVICE_D0_EXIT;
typedef EVT_WDF_IO_QUEUE_IO_DEVICE_CONTROL *PFN_WDF_IO_QUEUE_IO_DEVICE_CONTROL;
typedef EVT_WDF_IO_QUEUE_IO_READ *PFN_WDF_IO_QUEUE_IO_READ;
typedef EVT_WDF_IO_QUEUE_IO_WRITE *PFN_WDF_IO_QUEUE_IO_WRITE;
typedef EVT_WDF_TIMER *PFN_WDF_TIMER;

/* A context type: WDF_DECLARE_CONTEXT_TYPE_WITH_NAME. */
typedef struct _WDF_OBJECT_CONTEXT_TYPE_INFO {
	ULONG Size;
	PCSTR ContextName;
	size_t ContextSize;
} WDF_OBJECT_CONTEXT_TYPE_INFO, *PWDF_OBJECT_CONTEXT_TYPE_INFO;

typedef struct _WDF_OBJECT_ATTRIBUTES {
	ULONG Size;
	PFN_WDF_OBJECT_CONTEXT_CLEANUP EvtCleanupCallback;
	WDF_EXECUTION_LEVEL ExecutionLevel;
	WDFOBJECT ParentObject;
	size_t ContextSizeOverride;
	const WDF_OBJECT_CONTEXT_TYPE_INFO *ContextTypeInfo;
} WDF_OBJECT_ATTRIBUTES, *PWDF_OBJECT_ATTRIBUTES;

PVOID WdfObjectGetTypedContextWorker(WDFOBJECT Handle,
				     const WDF_OBJECT_CONTEXT_TYPE_INFO *TypeInfo);

#define WDF_DECLARE_CONTEXT_TYPE_WITH_NAME(_contexttype, _castingfunction) \
	static const WDF_OBJECT_CONTEXT_TYPE_INFO WDF_ ## _contexttype ## _TYPE_INFO = { \
		sizeof(WDF_OBJECT_CONTEXT_TYPE_INFO), #_contexttype, sizeof(_contexttype) }; \
	static inline _contexttype *_castingfunction(WDFOBJECT Handle) \
	{ \
		return (_contexttype *)WdfObjectGetTypedContextWorker(Handle, \
				&WDF_ ## _contexttype ## _TYPE_INFO); \
	}

static inline VOID WDF_OBJECT_ATTRIBUTES_INIT(PWDF_OBJECT_ATTRIBUTES Attributes)
{
	memset(Attributes, 0, sizeof(*Attributes));
	Attributes->Size = sizeof(*Attributes);
	Attributes->ExecutionLevel = WdfExecutionLevelInheritFromParent;
}

#define WDF_OBJECT_ATTRIBUTES_INIT_CONTEXT_TYPE(_attributes, _contexttype) do { \
		WDF_OBJECT_ATTRIBUTES_INIT(_attributes); \
		(_attributes)->ContextTypeInfo = &WDF_ ## _contexttype ## _TYPE_INFO; \
	} while (0)

typedef struct _WDF_DRIVER_CONFIG {
	ULONG Size;
	PFN_WDF_DRIVER_DEVICE_ADD EvtDriverDeviceAdd;
	PFN_WDF_DRIVER_UNLOAD EvtDriverUnload;
	ULONG DriverInitFlags;
	ULONG DriverPoolTag;
} WDF_DRIVER_CONFIG, *PWDF_DRIVER_CONFIG;

static inline VOID WDF_DRIVER_CONFIG_INIT(PWDF_DRIVER_CONFIG Config,
					  PFN_WDF_DRIVER_DEVICE_ADD EvtDriverDeviceAdd)
{
	memset(Config, 0, sizeof(*Config));
	Config->Size = sizeof(*Config);
	Config->EvtDriverDeviceAdd = EvtDriverDeviceAdd;
}

typedef struct _WDF_PNPPOWER_EVENT_CALLBACKS {
	ULONG Size;
	PFN_WDF_DEVICE_D0_ENTRY EvtDeviceD0Entry;
	PFN_WDF_DEVICE_D0_EXIT EvtDeviceD0Exit;
} WDF_PNPPOWER_EVENT_CALLBACKS, *PWDF_PNPPOWER_EVENT_CALLBACKS;

static inline VOID WDF_PNPPOWER_EVENT_CALLBACKS_INIT(PWDF_PNPPOWER_EVENT_CALLBACKS Callbacks)
{
	memset(Callbacks, 0, sizeof(*Callbacks));
	Callbacks->Size = sizeof(*Callbacks);
}

typedef struct _WDF_IO_QUEUE_CONFIG {
	ULONG Size;
	WDF_IO_QUEUE_DISPATCH_TYPE DispatchType;
	WDF_TRI_STATE PowerManaged;
	BOOLEAN DefaultQueue;
	PFN_WDF_IO_QUEUE_IO_READ EvtIoRead;
	PFN_WDF_IO_QUEUE_IO_WRITE EvtIoWrite;
	PFN_WDF_IO_QUEUE_IO_DEVICE_CONTROL EvtIoDeviceControl;
	PVOID EvtIoStop;
} WDF_IO_QUEUE_CONFIG, *PWDF_IO_QUEUE_CONFIG;

static inline VOID WDF_IO_QUEUE_CONFIG_INIT(PWDF_IO_QUEUE_CONFIG Config,
					    WDF_IO_QUEUE_DISPATCH_TYPE DispatchType)
{
	memset(Config, 0, sizeof(*Config));
	Config->Size = sizeof(*Config);
	Config->DispatchType = DispatchType;
	Config->PowerManaged = WdfUseDefault;
}

typedef struct _WDF_DEVICE_POWER_POLICY_IDLE_SETTINGS {
	ULONG Size;
	WDF_POWER_POLICY_S0_IDLE_CAPABILITIES IdleCaps;
	ULONG IdleTimeout;
	WDF_POWER_POLICY_IDLE_TIMEOUT_TYPE IdleTimeoutType;
} WDF_DEVICE_POWER_POLICY_IDLE_SETTINGS, *PWDF_DEVICE_POWER_POLICY_IDLE_SETTINGS;

static inline VOID WDF_DEVICE_POWER_POLICY_IDLE_SETTINGS_INIT(
	PWDF_DEVICE_POWER_POLICY_IDLE_SETTINGS Settings,
	WDF_POWER_POLICY_S0_IDLE_CAPABILITIES IdleCaps)
{
	memset(Settings, 0, sizeof(*Settings));
	Settings->Size = sizeof(*Settings);
	Settings->IdleCaps = IdleCaps;
	Settings->IdleTimeoutType = DriverManagedIdleTimeout;
}

typedef struct _WDF_TIMER_CONFIG {
	ULONG Size;
	PFN_WDF_TIMER EvtTimerFunc;
	ULONG Period;
	BOOLEAN AutomaticSerialization;
} WDF_TIMER_CONFIG, *PWDF_TIMER_CONFIG;

static inline VOID WDF_TIMER_CONFIG_INIT(PWDF_TIMER_CONFIG Config, PFN_WDF_TIMER EvtTimerFunc)
{
	memset(Config, 0, sizeof(*Config));
	Config->Size = sizeof(*Config);
	Config->EvtTimerFunc = EvtTimerFunc;
	Config->AutomaticSerialization = TRUE;
}

/* The framework's calls the samples make (fakewdf.c). */
NTSTATUS WdfDriverCreate(PDRIVER_OBJECT DriverObject, PCUNICODE_STRING RegistryPath,
			 PWDF_OBJECT_ATTRIBUTES DriverAttributes, PWDF_DRIVER_CONFIG DriverConfig,
			 WDFDRIVER *Driver);
VOID WdfDeviceInitSetPnpPowerEventCallbacks(PWDFDEVICE_INIT DeviceInit,
					    PWDF_PNPPOWER_EVENT_CALLBACKS PnpPowerEventCallbacks);
NTSTATUS WdfDeviceCreate(PWDFDEVICE_INIT *DeviceInit, PWDF_OBJECT_ATTRIBUTES DeviceAttributes,
			 WDFDEVICE *Device);
NTSTATUS WdfDeviceAssignS0IdleSettings(WDFDEVICE Device,
				       PWDF_DEVICE_POWER_POLICY_IDLE_SETTINGS Settings);
NTSTATUS WdfDeviceCreateDeviceInterface(WDFDEVICE Device, const GUID *InterfaceClassGUID,
					PCUNICODE_STRING ReferenceString);
NTSTATUS WdfDeviceConfigureRequestDispatching(WDFDEVICE Device, WDFQUEUE Queue,
					      WDF_REQUEST_TYPE RequestType);
NTSTATUS WdfIoQueueCreate(WDFDEVICE Device, PWDF_IO_QUEUE_CONFIG Config,
			  PWDF_OBJECT_ATTRIBUTES QueueAttributes, WDFQUEUE *Queue);
WDFDEVICE WdfIoQueueGetDevice(WDFQUEUE Queue);
NTSTATUS WdfRequestRetrieveOutputBuffer(WDFREQUEST Request, size_t MinimumRequiredSize,
					PVOID *Buffer, size_t *Length);
VOID WdfRequestComplete(WDFREQUEST Request, NTSTATUS Status);
VOID WdfRequestCompleteWithInformation(WDFREQUEST Request, NTSTATUS Status,
				       ULONG_PTR Information);
NTSTATUS WdfObjectAllocateContext(WDFOBJECT Handle, PWDF_OBJECT_ATTRIBUTES ContextAttributes,
				  PVOID *Context);
NTSTATUS WdfObjectCreate(PWDF_OBJECT_ATTRIBUTES Attributes, WDFOBJECT *Object);
VOID WdfObjectDelete(WDFOBJECT Object);
NTSTATUS WdfWaitLockCreate(PWDF_OBJECT_ATTRIBUTES LockAttributes, WDFWAITLOCK *Lock);
NTSTATUS WdfWaitLockAcquire(WDFWAITLOCK Lock, PLONGLONG Timeout);
VOID WdfWaitLockRelease(WDFWAITLOCK Lock);
NTSTATUS WdfTimerCreate(PWDF_TIMER_CONFIG Config, PWDF_OBJECT_ATTRIBUTES Attributes,
			WDFTIMER *Timer);
BOOLEAN WdfTimerStart(WDFTIMER Timer, LONGLONG DueTime);
BOOLEAN WdfTimerStop(WDFTIMER Timer, BOOLEAN Wait);
WDFOBJECT WdfTimerGetParentObject(WDFTIMER Timer);
VOID WdfVerifierDbgBreakPoint(void);

/* The framework's side, for the programs that drive a sample. */
void FakeWdfFailNext(const char *Function, NTSTATUS Status);
NTSTATUS FakeWdfAddDevice(WDFDEVICE *Device);
NTSTATUS FakeWdfD0Entry(WDFDEVICE Device);
NTSTATUS FakeWdfD0Exit(WDFDEVICE Device);
/* A device control request to the device's queue; its completion. */
NTSTATUS FakeWdfIoControl(WDFDEVICE Device, ULONG IoControlCode, PVOID Out, size_t OutLength,
			  ULONG_PTR *Information);
WDFQUEUE FakeWdfDeviceQueue(WDFDEVICE Device);
WDFREQUEST FakeWdfNewRequest(void);
NTSTATUS FakeWdfRequestStatus(WDFREQUEST Request);
WDFDEVICE FakeWdfNewDevice(void);
WDFTIMER FakeWdfLastTimer(void);
BOOLEAN FakeWdfTimerFire(WDFTIMER Timer);
VOID FakeWdfUnload(void);

#ifdef __cplusplus
}
#endif

#endif
