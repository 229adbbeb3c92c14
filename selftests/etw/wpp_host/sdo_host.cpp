// SPDX-License-Identifier: MIT
/*
 * sdo_host: runs the hardware simulator of Microsoft's UMDF 2 simple
 * device orientation sensor sample (selftests/data/windows-driver-samples/
 * sensors/SimpleDeviceOrientationSensor/hardwaresimulator.cpp, unchanged,
 * C++) with the fake framework of fakewdf.c: initialize, start, a timer
 * tick, read the orientation, stop, clean up; then initializations whose
 * WdfObjectCreate, WdfWaitLockCreate and WdfTimerCreate fail.  Its own
 * WPP_INIT_TRACING/WPP_CLEANUP stand for the sample's driver.cpp.
 */
#include <stdio.h>

#include "HardwareSimulator.h"
#include "sdo_host.tmh"

static void init_failing(WDFDEVICE dev, const char *fn)
{
	WDFOBJECT sim = NULL;

	FakeWdfFailNext(fn, STATUS_INSUFFICIENT_RESOURCES);
	printf("initialize with %s failing: 0x%08x\n", fn,
	       (unsigned)HardwareSimulator::Initialize(dev, &sim));
}

int main(void)
{
	WDFDEVICE dev = FakeWdfNewDevice();
	WDFOBJECT sim = NULL;
	PHardwareSimulator p;
	NTSTATUS s;

	WPP_INIT_TRACING(NULL, NULL);
	s = HardwareSimulator::Initialize(dev, &sim);
	printf("initialize: 0x%08x\n", (unsigned)s);
	if (s)
		return 1;
	p = GetHardwareSimulatorContextFromInstance(sim);
	p->Start();
	FakeWdfTimerFire(FakeWdfLastTimer());
	printf("orientation %d\n", (int)p->GetOrientation());
	p->Stop();
	p->Cleanup();
	WdfObjectDelete(sim);
	init_failing(dev, "WdfObjectCreate");
	init_failing(dev, "WdfWaitLockCreate");
	init_failing(dev, "WdfTimerCreate");
	WPP_CLEANUP(NULL);
	return 0;
}
