/* SPDX-License-Identifier: MIT */
/*
 * libetw internals shared between its source files.
 */
#ifndef _LIBETW_INTERNAL_H
#define _LIBETW_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#define ETW_EXPORT __attribute__((visibility("default")))

/* What kind of call an error comes from: the mapping depends on it. */
enum etw_api {
	ETW_API_DEVICE,		/* opening /dev/etw */
	ETW_API_PROVIDER,	/* registration handles */
	ETW_API_PROVIDER_INFO,	/* EventSetInformation */
	ETW_API_WRITE,		/* EventWrite*, TraceEvent* */
	ETW_API_SESSION,	/* StartTrace, ControlTrace, EnableTrace* */
	ETW_API_CONSUMER,	/* OpenTrace, ProcessTrace */
};

/* -errno (or 0) to the Win32 status ETW documents for @api. */
unsigned int etw_win32_error(int err, enum etw_api api);

#endif /* _LIBETW_INTERNAL_H */
