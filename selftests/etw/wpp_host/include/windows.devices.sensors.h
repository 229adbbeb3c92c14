/* SPDX-License-Identifier: MIT */
/*
 * windows.devices.sensors.h for the sensor sample wpp_test.sh builds:
 * the SimpleOrientation enumeration (values as Windows defines them).
 */
#ifndef _WPP_HOST_WINDOWS_DEVICES_SENSORS_H
#define _WPP_HOST_WINDOWS_DEVICES_SENSORS_H

namespace ABI { namespace Windows { namespace Devices { namespace Sensors {
enum SimpleOrientation {
	SimpleOrientation_NotRotated = 0,
	SimpleOrientation_Rotated90DegreesCounterclockwise = 1,
	SimpleOrientation_Rotated180DegreesCounterclockwise = 2,
	SimpleOrientation_Rotated270DegreesCounterclockwise = 3,
	SimpleOrientation_Faceup = 4,
	SimpleOrientation_Facedown = 5,
};
} } } }

#endif
