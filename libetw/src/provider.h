/* SPDX-License-Identifier: MIT */
/*
 * libetw provider internals, shared by provider.c (EventRegister) and
 * classic.c (RegisterTraceGuids).
 */
#ifndef _LIBETW_PROVIDER_H
#define _LIBETW_PROVIDER_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <linux/etw.h>

/* One registration as libetw sees it (kernel handle + callback). */
struct etw_lib_reg {
	uint64_t handle;
	GUID guid;
	PENABLECALLBACK callback;	/* EventRegister */
	PVOID context;
	int classic;			/* RegisterTraceGuids */
	WMIDPREQUEST request;
	struct etw_classic *cls;	/* classic: its class handles */
	uint16_t logger_id;		/* classic: the enabling session */
};

struct etw_provider_state {
	pthread_mutex_t lock;		/* regs[], done_seq */
	struct etw_lib_reg *regs[ETW_MAX_REGS_PER_FD];
	/*
	 * The handle of each live slot (0: free), set and cleared with
	 * regs[] under lock, read without it by the writes: a handle that is
	 * no registration of this process is ERROR_INVALID_HANDLE.
	 */
	uint64_t live[ETW_MAX_REGS_PER_FD];
	int dispatch_init;
	pthread_mutex_t dispatch;	/* recursive: reading + callbacks */
	pthread_cond_t done_cv;
	uint64_t done_seq;		/* highest notification handled */
	int thread_started;
	pthread_t thread;
	int stop_fd;
};

extern struct etw_provider_state etw_prov;
extern __thread int etw_in_callback;

int etw_register(const GUID *guid, uint32_t flags, struct etw_lib_reg *tmpl,
		 uint64_t *handle);
int etw_unregister(uint64_t handle);
int etw_dispatch_pending(void);
void etw_dispatch_until(uint64_t seq);
void etw_classic_deliver(const struct etw_lib_reg *r,
			 const struct etw_notification *n);
void etw_provider_atfork_child(void);
/* EventWriteEx whose stack starts at @caller (TraceLoggingWrite's). */
ULONG etw_write_ex_from(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
			ULONG64 Filter, ULONG Flags, LPCGUID ActivityId,
			LPCGUID RelatedActivityId, ULONG UserDataCount,
			PEVENT_DATA_DESCRIPTOR UserData, const void *caller);
/* Does a session want the events of slot @slot with stacks? */
bool etw_slot_wants_stack(uint32_t slot);
/* The kernel has described this process's images to @sessions at @gen. */
void etw_stack_tell(uint32_t slot, uint64_t sessions, uint32_t gen);
/* EventWriteEx for registrations with traits (libtracepoint). */
ULONG __etw_write_traits(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
			 LPCGUID ActivityId, LPCGUID RelatedActivityId,
			 ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData);

#endif /* _LIBETW_PROVIDER_H */
