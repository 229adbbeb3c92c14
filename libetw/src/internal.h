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
	ETW_API_QUERY,		/* EnumerateTraceGuids(Ex) */
};

/* -errno (or 0) to the Win32 status ETW documents for @api. */
unsigned int etw_win32_error(int err, enum etw_api api);

struct etw_session_info;
struct _EVENT_TRACE_PROPERTIES;

/*
 * ETW_IOC_SESSION_CONTROL for a session given by handle (@name NULL) or
 * name; @upd supplies UPDATE's inputs.  @name_out/@file_out, if given,
 * have room for ETW_MAX_NAME_BYTES/ETW_MAX_PATH_BYTES + 1.
 */
int etw_session_control(uint64_t id, const char *name, size_t name_len,
			uint32_t code, const struct _EVENT_TRACE_PROPERTIES *upd,
			const char *new_file, size_t new_file_len,
			struct etw_session_info *si, char *name_out,
			char *file_out);

/* System loggers (system.c); the types are evntrace.h's. */
struct _GUID;
unsigned int etw_system_enable(uint64_t session, const struct _GUID *guid,
			       unsigned int code, unsigned long long any);
_Bool etw_system_provider_flags(const struct _GUID *guid,
				unsigned long long any, unsigned int *flags,
				unsigned int *all);
unsigned int etw_system_set(uint64_t session, int cls, const void *info,
			    unsigned int len);
unsigned int etw_system_query(uint64_t session, int cls, void *info,
			      unsigned int len, unsigned int *ret_len);

/*
 * The calling thread's stack (stack.c): at most @max return addresses,
 * from @caller (the API function's return address) outwards; returns how
 * many.  ETW_STACK_USER_MAX: how deep a writer unwinds.
 */
#define ETW_STACK_USER_MAX	128
uint32_t etw_stack_capture(uint64_t *out, uint32_t max, const void *caller);
uint32_t etw_stack_image_gen(void);

#endif /* _LIBETW_INTERNAL_H */
