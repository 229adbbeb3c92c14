// SPDX-License-Identifier: MIT
/*
 * pofx_host: runs Microsoft's UMDF 2 single-component power framework
 * sample (selftests/data/windows-driver-samples/pofx/UMDF2, unchanged) as
 * UMDF would, with the fake framework of fakewdf.c, so that every trace
 * statement of driver.c and HwSim.c runs once: DriverEntry, a device
 * added, powered up, a good and a bad IOCTL, an IOCTL while the
 * component is idle, one while the device is off, read and write, each
 * Wdf* failure the driver traces, and the unload.  It prints what a test
 * needs to know to expect the messages: the queue handle.
 */
#include <stdio.h>

#include "include.h"
#include "HwSim.h"
#include "AppInterface.h"

EVT_WDF_IO_QUEUE_IO_READ SingleCompEvtIoRead;
EVT_WDF_IO_QUEUE_IO_WRITE SingleCompEvtIoWrite;

static void ioctl(WDFDEVICE dev, ULONG code)
{
	POWERFX_READ_COMPONENT_OUTPUT out = { 0 };
	ULONG_PTR info = 0;
	NTSTATUS s = FakeWdfIoControl(dev, code, &out, sizeof(out), &info);

	printf("ioctl 0x%x: status 0x%08x, %zu bytes, data 0x%08x\n", (unsigned)code,
	       (unsigned)s, (size_t)info, (unsigned)out.ComponentData);
}

/* A device add that fails in @fn. */
static void add_failing(const char *fn)
{
	WDFDEVICE dev;

	FakeWdfFailNext(fn, STATUS_INSUFFICIENT_RESOURCES);
	printf("add with %s failing: 0x%08x\n", fn, (unsigned)FakeWdfAddDevice(&dev));
}

int main(void)
{
	static DRIVER_OBJECT *const driver_object;
	UNICODE_STRING reg = { 0 };
	WDFDEVICE dev;
	WDFREQUEST req;
	NTSTATUS s;

	s = DriverEntry(driver_object, &reg);
	printf("DriverEntry: 0x%08x\n", (unsigned)s);
	if (s)
		return 1;
	s = FakeWdfAddDevice(&dev);
	printf("add: 0x%08x\n", (unsigned)s);
	if (s)
		return 1;
	printf("queue %016llX\n", (unsigned long long)(ULONG_PTR)FakeWdfDeviceQueue(dev));
	FakeWdfD0Entry(dev);
	ioctl(dev, IOCTL_POWERFX_READ_COMPONENT);
	ioctl(dev, 0x1234);
	FdoGetContext(dev)->IsActive = FALSE;		/* the component went idle */
	ioctl(dev, IOCTL_POWERFX_READ_COMPONENT);
	FdoGetContext(dev)->IsActive = TRUE;
	FakeWdfFailNext("WdfRequestRetrieveOutputBuffer", STATUS_BUFFER_TOO_SMALL);
	ioctl(dev, IOCTL_POWERFX_READ_COMPONENT);
	FakeWdfD0Exit(dev);
	ioctl(dev, IOCTL_POWERFX_READ_COMPONENT);	/* read while in D3 */
	req = FakeWdfNewRequest();
	SingleCompEvtIoRead(FakeWdfDeviceQueue(dev), req, 4);
	SingleCompEvtIoWrite(FakeWdfDeviceQueue(dev), req, 4);
	printf("read/write: 0x%08x\n", (unsigned)FakeWdfRequestStatus(req));
	WdfObjectDelete(req);
	add_failing("WdfDeviceCreate");
	add_failing("WdfIoQueueCreate");
	add_failing("WdfDeviceConfigureRequestDispatching");
	add_failing("WdfDeviceAssignS0IdleSettings");
	add_failing("WdfDeviceCreateDeviceInterface");
	add_failing("WdfObjectAllocateContext");
	FakeWdfUnload();
	return 0;
}
