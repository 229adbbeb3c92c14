/* SPDX-License-Identifier: MIT */
/* winioctl.h for the Windows samples wpp_test.sh builds: CTL_CODE. */
#ifndef _WPP_HOST_WINIOCTL_H
#define _WPP_HOST_WINIOCTL_H

#define CTL_CODE(DeviceType, Function, Method, Access) \
	(((DeviceType) << 16) | ((Access) << 14) | ((Function) << 2) | (Method))
#define METHOD_BUFFERED		0
#define FILE_ANY_ACCESS		0
#define FILE_READ_ACCESS	0x0001
#define FILE_WRITE_ACCESS	0x0002

#endif
