// SPDX-License-Identifier: MIT
/*
 * A fake of the User-Mode Driver Framework 2 for the Windows samples
 * wpp_test.sh builds unchanged (see include/wdf.h): objects with one
 * context, a driver with one device, one queue, device control requests
 * with an output buffer, timers fired by the test program, wait locks.
 * FakeWdfFailNext("WdfDeviceCreate", STATUS_...) makes the next call of
 * that function fail, so the samples' error paths -- and their trace
 * statements -- run too.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <wdf.h>

struct obj {
	struct {
		char type[64];		/* the context's type name */
		void *mem;
	} ctx[4];			/* the object's contexts */
	struct obj *parent;
	PFN_WDF_OBJECT_CONTEXT_CLEANUP cleanup;
	/* device */
	WDF_PNPPOWER_EVENT_CALLBACKS pnp;
	struct obj *queue;
	/* queue */
	WDF_IO_QUEUE_CONFIG qconfig;
	struct obj *device;
	/* request */
	void *out;
	size_t outlen;
	NTSTATUS status;
	ULONG_PTR information;
	int completed;
	/* timer */
	WDF_TIMER_CONFIG tconfig;
	int started;
	/* wait lock */
	pthread_mutex_t lock;
};

struct WDFDEVICE_INIT {
	WDF_PNPPOWER_EVENT_CALLBACKS pnp;
};

static struct {
	WDF_DRIVER_CONFIG config;
	PFN_WDF_OBJECT_CONTEXT_CLEANUP cleanup;
	struct obj *driver, *device, *timer;
	char fail[64];
	NTSTATUS fail_status;
} fake;

void FakeWdfFailNext(const char *Function, NTSTATUS Status)
{
	snprintf(fake.fail, sizeof(fake.fail), "%s", Function);
	fake.fail_status = Status;
}

/* The injected failure of @fn, once; else STATUS_SUCCESS. */
static NTSTATUS injected(const char *fn)
{
	if (strcmp(fake.fail, fn))
		return STATUS_SUCCESS;
	fake.fail[0] = 0;
	return fake.fail_status;
}

static void *add_context(struct obj *o, const WDF_OBJECT_CONTEXT_TYPE_INFO *t)
{
	unsigned i;

	for (i = 0; i < sizeof(o->ctx) / sizeof(o->ctx[0]) && o->ctx[i].mem; i++)
		;
	if (i == sizeof(o->ctx) / sizeof(o->ctx[0]))
		return NULL;
	snprintf(o->ctx[i].type, sizeof(o->ctx[i].type), "%s", t->ContextName);
	o->ctx[i].mem = calloc(1, t->ContextSize);
	return o->ctx[i].mem;
}

static struct obj *new_obj(PWDF_OBJECT_ATTRIBUTES a)
{
	struct obj *o = calloc(1, sizeof(*o));

	if (!o)
		abort();
	if (a) {
		o->parent = a->ParentObject;
		o->cleanup = a->EvtCleanupCallback;
		if (a->ContextTypeInfo && !add_context(o, a->ContextTypeInfo))
			abort();
	}
	pthread_mutex_init(&o->lock, NULL);
	return o;
}

ULONG DbgPrint(PCSTR Format, ...)
{
	va_list ap;

	va_start(ap, Format);
	vfprintf(stderr, Format, ap);
	va_end(ap);
	return 0;
}

PVOID WdfObjectGetTypedContextWorker(WDFOBJECT Handle,
				     const WDF_OBJECT_CONTEXT_TYPE_INFO *TypeInfo)
{
	struct obj *o = Handle;
	unsigned i;

	/* By name: each unit has its own copy of the type's information. */
	for (i = 0; o && i < sizeof(o->ctx) / sizeof(o->ctx[0]) && o->ctx[i].mem; i++)
		if (!strcmp(o->ctx[i].type, TypeInfo->ContextName))
			return o->ctx[i].mem;
	return NULL;
}

NTSTATUS WdfObjectAllocateContext(WDFOBJECT Handle, PWDF_OBJECT_ATTRIBUTES ContextAttributes,
				  PVOID *Context)
{
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	*Context = add_context(Handle, ContextAttributes->ContextTypeInfo);
	return *Context ? STATUS_SUCCESS : STATUS_INSUFFICIENT_RESOURCES;
}

NTSTATUS WdfObjectCreate(PWDF_OBJECT_ATTRIBUTES Attributes, WDFOBJECT *Object)
{
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	*Object = new_obj(Attributes);
	return STATUS_SUCCESS;
}

VOID WdfObjectDelete(WDFOBJECT Object)
{
	struct obj *o = Object;
	unsigned i;

	if (o->cleanup)
		o->cleanup(Object);
	pthread_mutex_destroy(&o->lock);
	for (i = 0; i < sizeof(o->ctx) / sizeof(o->ctx[0]); i++)
		free(o->ctx[i].mem);
	free(o);
}

NTSTATUS WdfDriverCreate(PDRIVER_OBJECT DriverObject, PCUNICODE_STRING RegistryPath,
			 PWDF_OBJECT_ATTRIBUTES DriverAttributes, PWDF_DRIVER_CONFIG DriverConfig,
			 WDFDRIVER *Driver)
{
	NTSTATUS s = injected(__func__);

	(void)DriverObject;
	(void)RegistryPath;
	if (s)
		return s;
	fake.config = *DriverConfig;
	fake.driver = new_obj(DriverAttributes);
	if (Driver)
		*Driver = (WDFDRIVER)fake.driver;
	return STATUS_SUCCESS;
}

VOID WdfDeviceInitSetPnpPowerEventCallbacks(PWDFDEVICE_INIT DeviceInit,
					    PWDF_PNPPOWER_EVENT_CALLBACKS PnpPowerEventCallbacks)
{
	DeviceInit->pnp = *PnpPowerEventCallbacks;
}

NTSTATUS WdfDeviceCreate(PWDFDEVICE_INIT *DeviceInit, PWDF_OBJECT_ATTRIBUTES DeviceAttributes,
			 WDFDEVICE *Device)
{
	struct obj *o;
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	o = new_obj(DeviceAttributes);
	o->pnp = (*DeviceInit)->pnp;
	fake.device = o;
	*Device = (WDFDEVICE)o;
	return STATUS_SUCCESS;
}

NTSTATUS WdfDeviceAssignS0IdleSettings(WDFDEVICE Device,
				       PWDF_DEVICE_POWER_POLICY_IDLE_SETTINGS Settings)
{
	(void)Device;
	(void)Settings;
	return injected(__func__);
}

NTSTATUS WdfDeviceCreateDeviceInterface(WDFDEVICE Device, const GUID *InterfaceClassGUID,
					PCUNICODE_STRING ReferenceString)
{
	(void)Device;
	(void)InterfaceClassGUID;
	(void)ReferenceString;
	return injected(__func__);
}

NTSTATUS WdfDeviceConfigureRequestDispatching(WDFDEVICE Device, WDFQUEUE Queue,
					      WDF_REQUEST_TYPE RequestType)
{
	(void)Device;
	(void)Queue;
	(void)RequestType;
	return injected(__func__);
}

NTSTATUS WdfIoQueueCreate(WDFDEVICE Device, PWDF_IO_QUEUE_CONFIG Config,
			  PWDF_OBJECT_ATTRIBUTES QueueAttributes, WDFQUEUE *Queue)
{
	struct obj *o, *d = (struct obj *)Device;
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	o = new_obj(QueueAttributes);
	o->qconfig = *Config;
	o->device = d;
	d->queue = o;
	*Queue = (WDFQUEUE)o;
	return STATUS_SUCCESS;
}

WDFDEVICE WdfIoQueueGetDevice(WDFQUEUE Queue)
{
	return (WDFDEVICE)((struct obj *)Queue)->device;
}

NTSTATUS WdfRequestRetrieveOutputBuffer(WDFREQUEST Request, size_t MinimumRequiredSize,
					PVOID *Buffer, size_t *Length)
{
	struct obj *r = (struct obj *)Request;
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	if (r->outlen < MinimumRequiredSize)
		return STATUS_BUFFER_TOO_SMALL;
	*Buffer = r->out;
	if (Length)
		*Length = r->outlen;
	return STATUS_SUCCESS;
}

VOID WdfRequestCompleteWithInformation(WDFREQUEST Request, NTSTATUS Status,
				       ULONG_PTR Information)
{
	struct obj *r = (struct obj *)Request;

	r->status = Status;
	r->information = Information;
	r->completed = 1;
}

VOID WdfRequestComplete(WDFREQUEST Request, NTSTATUS Status)
{
	WdfRequestCompleteWithInformation(Request, Status, 0);
}

NTSTATUS WdfWaitLockCreate(PWDF_OBJECT_ATTRIBUTES LockAttributes, WDFWAITLOCK *Lock)
{
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	*Lock = (WDFWAITLOCK)new_obj(LockAttributes);
	return STATUS_SUCCESS;
}

NTSTATUS WdfWaitLockAcquire(WDFWAITLOCK Lock, PLONGLONG Timeout)
{
	(void)Timeout;
	pthread_mutex_lock(&((struct obj *)Lock)->lock);
	return STATUS_SUCCESS;
}

VOID WdfWaitLockRelease(WDFWAITLOCK Lock)
{
	pthread_mutex_unlock(&((struct obj *)Lock)->lock);
}

NTSTATUS WdfTimerCreate(PWDF_TIMER_CONFIG Config, PWDF_OBJECT_ATTRIBUTES Attributes,
			WDFTIMER *Timer)
{
	struct obj *o;
	NTSTATUS s = injected(__func__);

	if (s)
		return s;
	o = new_obj(Attributes);
	o->tconfig = *Config;
	fake.timer = o;
	*Timer = (WDFTIMER)o;
	return STATUS_SUCCESS;
}

/* Timers fire when the test program says (FakeWdfTimerFire). */
BOOLEAN WdfTimerStart(WDFTIMER Timer, LONGLONG DueTime)
{
	struct obj *t = (struct obj *)Timer;
	BOOLEAN was = (BOOLEAN)t->started;

	(void)DueTime;
	t->started = 1;
	return was;
}

BOOLEAN WdfTimerStop(WDFTIMER Timer, BOOLEAN Wait)
{
	struct obj *t = (struct obj *)Timer;
	BOOLEAN was = (BOOLEAN)t->started;

	(void)Wait;
	t->started = 0;
	return was;
}

WDFOBJECT WdfTimerGetParentObject(WDFTIMER Timer)
{
	return ((struct obj *)Timer)->parent;
}

VOID WdfVerifierDbgBreakPoint(void)
{
}

/* --- the framework's side --- */

/* The driver's EvtDriverDeviceAdd, as PnP would call it. */
NTSTATUS FakeWdfAddDevice(WDFDEVICE *Device)
{
	struct WDFDEVICE_INIT init;
	NTSTATUS s;

	memset(&init, 0, sizeof(init));
	fake.device = NULL;
	s = fake.config.EvtDriverDeviceAdd((WDFDRIVER)fake.driver, &init);
	*Device = (WDFDEVICE)fake.device;
	return s;
}

NTSTATUS FakeWdfD0Entry(WDFDEVICE Device)
{
	struct obj *d = (struct obj *)Device;

	return d->pnp.EvtDeviceD0Entry ? d->pnp.EvtDeviceD0Entry(Device, WdfPowerDeviceD3) :
	       STATUS_SUCCESS;
}

NTSTATUS FakeWdfD0Exit(WDFDEVICE Device)
{
	struct obj *d = (struct obj *)Device;

	return d->pnp.EvtDeviceD0Exit ? d->pnp.EvtDeviceD0Exit(Device, WdfPowerDeviceD3) :
	       STATUS_SUCCESS;
}

WDFQUEUE FakeWdfDeviceQueue(WDFDEVICE Device)
{
	return (WDFQUEUE)((struct obj *)Device)->queue;
}

WDFREQUEST FakeWdfNewRequest(void)
{
	return (WDFREQUEST)new_obj(NULL);
}

NTSTATUS FakeWdfRequestStatus(WDFREQUEST Request)
{
	struct obj *r = (struct obj *)Request;

	return r->completed ? r->status : STATUS_UNSUCCESSFUL;
}

WDFDEVICE FakeWdfNewDevice(void)
{
	return (WDFDEVICE)new_obj(NULL);
}

/* A device control request through the device's queue, completed. */
NTSTATUS FakeWdfIoControl(WDFDEVICE Device, ULONG IoControlCode, PVOID Out, size_t OutLength,
			  ULONG_PTR *Information)
{
	struct obj *q = ((struct obj *)Device)->queue, *r = new_obj(NULL);
	NTSTATUS s;

	r->out = Out;
	r->outlen = OutLength;
	q->qconfig.EvtIoDeviceControl((WDFQUEUE)q, (WDFREQUEST)r, OutLength, 0, IoControlCode);
	s = r->completed ? r->status : STATUS_UNSUCCESSFUL;
	if (Information)
		*Information = r->information;
	WdfObjectDelete(r);
	return s;
}

WDFTIMER FakeWdfLastTimer(void)
{
	return (WDFTIMER)fake.timer;
}

/* The timer's due time has come: its callback runs (if it was started). */
BOOLEAN FakeWdfTimerFire(WDFTIMER Timer)
{
	struct obj *t = (struct obj *)Timer;

	if (!t->started)
		return FALSE;
	t->started = 0;
	t->tconfig.EvtTimerFunc(Timer);
	return TRUE;
}

/* The driver is unloaded: its object's cleanup callback, as UMDF calls it. */
VOID FakeWdfUnload(void)
{
	if (fake.config.EvtDriverUnload)
		fake.config.EvtDriverUnload((WDFDRIVER)fake.driver);
	if (fake.driver)
		WdfObjectDelete(fake.driver);
	fake.driver = NULL;
}
