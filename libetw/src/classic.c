// SPDX-License-Identifier: MIT
/*
 * Classic (MOF) providers (reference section 4, seed 003):
 * RegisterTraceGuids with a WMIDPREQUEST control callback,
 * GetTraceLoggerHandle / GetTraceEnableLevel / GetTraceEnableFlags,
 * TraceEvent, TraceEventInstance, CreateTraceInstanceId, TraceMessage,
 * TraceMessageVa, UnregisterTraceGuids.
 *
 * A classic provider serves one session.  Its control callback gets a
 * WNODE_HEADER whose HistoricalContext is the logger handle; as on
 * Windows that handle is a TRACE_ENABLE_CONTEXT packed into 64 bits:
 * LoggerId (16 bits), Level (8), InternalFlag (8), EnableFlags (32), so
 * GetTraceEnableLevel/Flags just unpack it and TraceEvent finds the
 * session by LoggerId.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <windows.h>
#include <evntrace.h>

#include "libetw.h"
#include "internal.h"
#include "provider.h"
#include "fastpath.h"
#include "shared/etw_etl.h"

/* InternalFlag of the handles we make: tells them from garbage. */
#define ETW_LOGGER_MAGIC	0xE7

/* A class registration handle (TRACE_GUID_REGISTRATION.RegHandle). */
struct etw_class {
	uint32_t magic;
	GUID guid;
	uint64_t reg;			/* the provider's registration */
};
#define ETW_CLASS_MAGIC		0x636c6173

/*
 * @first, @first_result: RegisterTraceGuids of an enabled GUID returns
 * what the control callback returned (reference 4).  That callback may run
 * on the dispatcher thread as well as on the registering one, so its value
 * is kept here; the registering thread reads it after the callback is
 * done (etw_dispatch_until() orders the two through etw_prov.lock).
 */
struct etw_classic {
	bool first;
	ULONG first_result;
	ULONG nclasses;
	struct etw_class classes[];
};

static uint64_t etw_logger_handle(uint16_t logger_id, uint8_t level,
				  uint32_t flags)
{
	return (uint64_t)logger_id | ((uint64_t)level << 16) |
	       ((uint64_t)ETW_LOGGER_MAGIC << 24) | ((uint64_t)flags << 32);
}

static int etw_logger_valid(TRACELOGGER_HANDLE h)
{
	uint64_t v = (uint64_t)h;
	uint16_t id = v & 0xFFFF;

	return ((v >> 24) & 0xFF) == ETW_LOGGER_MAGIC && id >= 1 &&
	       id <= ETW_MAX_SESSIONS;
}

/* Remember which session enables registration @handle (0: none). */
static void etw_classic_set_logger(uint64_t handle, uint16_t logger_id)
{
	struct etw_lib_reg *r;

	pthread_mutex_lock(&etw_prov.lock);
	r = etw_prov.regs[(uint32_t)handle - 1];
	if (r && r->handle == handle)
		r->logger_id = logger_id;
	pthread_mutex_unlock(&etw_prov.lock);
}

/* A classic registration of ours that session @logger_id enables, or 0. */
static uint64_t etw_classic_reg_of(uint16_t logger_id)
{
	uint64_t h = 0;
	uint32_t i;

	pthread_mutex_lock(&etw_prov.lock);
	for (i = 0; i < ETW_MAX_REGS_PER_FD && !h; i++) {
		struct etw_lib_reg *r = etw_prov.regs[i];

		if (r && r->classic && r->logger_id == logger_id)
			h = r->handle;
	}
	pthread_mutex_unlock(&etw_prov.lock);
	return h;
}

/* Dispatch lock held: run a classic provider's control callback. */
void etw_classic_deliver(const struct etw_lib_reg *r,
			 const struct etw_notification *n)
{
	WNODE_HEADER w;
	ULONG size = sizeof(w), code;

	etw_classic_set_logger(r->handle, n->code == 0 ? 0 : n->logger & 0xFFFF);

	memset(&w, 0, sizeof(w));
	w.BufferSize = sizeof(w);
	w.Guid = r->guid;
	w.Flags = WNODE_FLAG_TRACED_GUID;
	switch (n->code) {
	case 1:
		code = WMI_ENABLE_EVENTS;
		/* The one enabling session; EnableFlags = low 32 bits of Any. */
		w.HistoricalContext = etw_logger_handle(n->logger & 0xFFFF,
							n->level,
							(uint32_t)n->match_any);
		break;
	case 0:
		code = WMI_DISABLE_EVENTS;
		break;
	default:
		code = WMI_CAPTURE_STATE;
		w.HistoricalContext = etw_logger_handle(n->logger & 0xFFFF,
							n->level,
							(uint32_t)n->match_any);
		break;
	}
	if (r->request) {
		ULONG rc = r->request((WMIDPREQUESTCODE)code, r->context,
				      &size, &w);

		if (r->cls && __atomic_exchange_n(&r->cls->first, false,
						   __ATOMIC_ACQ_REL))
			__atomic_store_n(&r->cls->first_result, rc,
					 __ATOMIC_RELEASE);
	}
}

static ULONG etw_register_guids(WMIDPREQUEST RequestAddress,
				PVOID RequestContext, LPCGUID ControlGuid,
				ULONG GuidCount,
				PTRACE_GUID_REGISTRATION TraceGuidReg,
				PTRACEHANDLE RegistrationHandle)
{
	struct etw_lib_reg tmpl = { 0 };
	struct etw_classic *cls;
	uint64_t h;
	ULONG i;
	int ret;

	if (!RequestAddress || !ControlGuid || !RegistrationHandle)
		return ERROR_INVALID_PARAMETER;
	if (GuidCount && !TraceGuidReg)
		return ERROR_INVALID_PARAMETER;
	for (i = 0; i < GuidCount; i++)
		if (!TraceGuidReg[i].Guid)
			return ERROR_INVALID_PARAMETER;
	cls = calloc(1, sizeof(*cls) + GuidCount * sizeof(cls->classes[0]));
	if (!cls)
		return ERROR_NOT_ENOUGH_MEMORY;
	cls->nclasses = GuidCount;
	tmpl.classic = 1;
	tmpl.request = RequestAddress;
	tmpl.context = RequestContext;
	tmpl.cls = cls;

	cls->first = true;
	cls->first_result = ERROR_SUCCESS;
	ret = etw_register(ControlGuid, ETW_REG_F_CALLBACK | ETW_REG_F_CLASSIC,
			   &tmpl, &h);
	if (ret) {
		free(cls);
		return etw_win32_error(ret, ret == -ENOENT ? ETW_API_DEVICE :
				       ETW_API_SESSION);
	}
	for (i = 0; i < GuidCount; i++) {
		cls->classes[i].magic = ETW_CLASS_MAGIC;
		cls->classes[i].guid = *TraceGuidReg[i].Guid;
		cls->classes[i].reg = h;
		TraceGuidReg[i].RegHandle = &cls->classes[i];
	}
	*RegistrationHandle = (TRACEHANDLE)h;
	/*
	 * Already enabled: the callback ran during registration and its
	 * value is ours (reference 4).
	 */
	__atomic_store_n(&cls->first, false, __ATOMIC_RELEASE);	/* later ones are not ours */
	return __atomic_load_n(&cls->first_result, __ATOMIC_ACQUIRE);
}

ETW_EXPORT ULONG WMIAPI RegisterTraceGuidsW(WMIDPREQUEST RequestAddress,
					   PVOID RequestContext,
					   LPCGUID ControlGuid, ULONG GuidCount,
					   PTRACE_GUID_REGISTRATION TraceGuidReg,
					   LPCWSTR MofImagePath,
					   LPCWSTR MofResourceName,
					   PTRACEHANDLE RegistrationHandle)
{
	(void)MofImagePath;	/* ignored, as on Windows since Vista */
	(void)MofResourceName;
	return etw_register_guids(RequestAddress, RequestContext, ControlGuid,
				  GuidCount, TraceGuidReg, RegistrationHandle);
}

ETW_EXPORT ULONG WMIAPI RegisterTraceGuidsA(WMIDPREQUEST RequestAddress,
					   PVOID RequestContext,
					   LPCGUID ControlGuid, ULONG GuidCount,
					   PTRACE_GUID_REGISTRATION TraceGuidReg,
					   LPCSTR MofImagePath,
					   LPCSTR MofResourceName,
					   PTRACEHANDLE RegistrationHandle)
{
	(void)MofImagePath;
	(void)MofResourceName;
	return etw_register_guids(RequestAddress, RequestContext, ControlGuid,
				  GuidCount, TraceGuidReg, RegistrationHandle);
}

ETW_EXPORT ULONG WMIAPI UnregisterTraceGuids(TRACEHANDLE RegistrationHandle)
{
	struct etw_lib_reg *r;
	struct etw_classic *cls = NULL;
	uint32_t slot = (uint32_t)RegistrationHandle - 1;
	int ret;

	if (!RegistrationHandle || slot >= ETW_MAX_REGS_PER_FD)
		return ERROR_INVALID_PARAMETER;
	pthread_mutex_lock(&etw_prov.lock);
	r = etw_prov.regs[slot];
	if (r && r->handle == (uint64_t)RegistrationHandle && r->classic)
		cls = r->cls;
	pthread_mutex_unlock(&etw_prov.lock);
	if (!cls)
		return ERROR_INVALID_PARAMETER;
	ret = etw_unregister(RegistrationHandle);
	if (ret)
		return etw_win32_error(ret, ETW_API_PROVIDER_INFO);
	/* The class handles die with the registration. */
	memset(cls, 0, sizeof(*cls) + cls->nclasses * sizeof(cls->classes[0]));
	free(cls);
	return ERROR_SUCCESS;
}

ETW_EXPORT TRACELOGGER_HANDLE WMIAPI GetTraceLoggerHandle(PVOID Buffer)
{
	const WNODE_HEADER *w = Buffer;

	if (!w || !etw_logger_valid(w->HistoricalContext)) {
		SetLastError(ERROR_INVALID_HANDLE);
		return (TRACELOGGER_HANDLE)INVALID_HANDLE_VALUE;
	}
	return w->HistoricalContext;
}

/*
 * A 0 result is ambiguous: callers clear the last error first and treat
 * a non-zero GetLastError() as failure (reference 4).
 */
ETW_EXPORT UCHAR WMIAPI GetTraceEnableLevel(TRACELOGGER_HANDLE TraceHandle)
{
	if (!etw_logger_valid(TraceHandle)) {
		SetLastError(ERROR_INVALID_HANDLE);
		return 0;
	}
	return (UCHAR)(((uint64_t)TraceHandle >> 16) & 0xFF);
}

ETW_EXPORT ULONG WMIAPI GetTraceEnableFlags(TRACELOGGER_HANDLE TraceHandle)
{
	if (!etw_logger_valid(TraceHandle)) {
		SetLastError(ERROR_INVALID_HANDLE);
		return 0;
	}
	return (ULONG)((uint64_t)TraceHandle >> 32);
}

/*
 * Gather a classic event's data: after the header either the data itself
 * or, with WNODE_FLAG_USE_MOF_PTR, an array of MOF_FIELDs (seed 003,
 * rule 15: at most MAX_MOF_FIELDS).
 */
static ULONG etw_classic_data(const void *hdr, ULONG hdr_size, ULONG size,
			      ULONG flags, struct etw_data_desc *d, ULONG *n)
{
	const uint8_t *p = (const uint8_t *)hdr + hdr_size;
	ULONG i, count;

	*n = 0;
	if (size < hdr_size)
		return ERROR_INVALID_PARAMETER;
	if (!(flags & WNODE_FLAG_USE_MOF_PTR)) {
		if (size > hdr_size) {
			d[0].ptr = (uintptr_t)p;
			d[0].size = size - hdr_size;
			d[0].type = 0;
			d[0].reserved1 = 0;
			d[0].reserved2 = 0;
			*n = 1;
		}
		return ERROR_SUCCESS;
	}
	count = (size - hdr_size) / sizeof(MOF_FIELD);
	if ((size - hdr_size) % sizeof(MOF_FIELD) || count > MAX_MOF_FIELDS)
		return ERROR_INVALID_PARAMETER;
	for (i = 0; i < count; i++) {
		MOF_FIELD m;

		memcpy(&m, p + i * sizeof(m), sizeof(m));
		d[i].ptr = (uint64_t)m.DataPtr;
		d[i].size = m.Length;
		d[i].type = 0;
		d[i].reserved1 = 0;
		d[i].reserved2 = 0;
	}
	*n = count;
	return ERROR_SUCCESS;
}

/*
 * The caller's stack for @t, if the session wants it (a StackWalk event
 * after the record): such events take the ioctl, which writes both.
 */
static bool etw_classic_stack(struct etw_trace_event *t, uint64_t *frames,
			      const void *caller)
{
	if (!etw_slot_wants_stack((uint32_t)t->handle - 1))
		return false;
	t->stack_count = etw_stack_capture(frames, ETW_STACK_USER_MAX, caller);
	if (!t->stack_count)
		return false;
	t->stack = (uintptr_t)frames;
	t->image_gen = etw_stack_image_gen();
	return true;
}

static ULONG etw_trace_event(TRACELOGGER_HANDLE h, struct etw_trace_event *t,
			     const void *hdr, ULONG hdr_size, ULONG size,
			     ULONG flags, const void *caller)
{
	struct etw_data_desc d[MAX_MOF_FIELDS];
	uint64_t frames[ETW_STACK_USER_MAX];
	ULONG n, ret;
	int fd;

	if (!etw_logger_valid(h))
		return ERROR_INVALID_HANDLE;
	if (!(flags & WNODE_FLAG_TRACED_GUID))
		return ERROR_INVALID_FLAG_NUMBER;
	ret = etw_classic_data(hdr, hdr_size, size, flags, d, &n);
	if (ret)
		return ret;
	t->logger = (uint64_t)h & 0xFFFF;
	t->handle = etw_classic_reg_of(t->logger);
	if (!t->handle)
		return ERROR_INVALID_HANDLE;	/* not enabled by that session */
	t->count = n;
	t->data = (uintptr_t)d;
	/* With a stack, the ioctl writes the record and its StackWalk. */
	if (!etw_classic_stack(t, frames, caller) && etw_fp_on()) {
		if (!etw_fp_classic(t, d))
			return ERROR_SUCCESS;
		etw_fp_fallback();
	}
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	if (ioctl(fd, ETW_IOC_TRACE_EVENT, t)) {
		/* Not enabled by that session (any more): nothing to do. */
		if (errno == ENOENT)
			return ERROR_INVALID_HANDLE;
		return etw_win32_error(-errno, ETW_API_WRITE);
	}
	return ERROR_SUCCESS;
}

ETW_EXPORT ULONG WMIAPI TraceEvent(TRACELOGGER_HANDLE SessionHandle,
				  PEVENT_TRACE_HEADER EventTrace)
{
	struct etw_trace_event t;

	if (!EventTrace)
		return ERROR_INVALID_PARAMETER;
	memset(&t, 0, sizeof(t));
	if (EventTrace->Flags & WNODE_FLAG_USE_GUID_PTR) {
		if (!EventTrace->GuidPtr)
			return ERROR_INVALID_PARAMETER;
		memcpy(t.guid, (const void *)(uintptr_t)EventTrace->GuidPtr, 16);
	} else {
		memcpy(t.guid, &EventTrace->Guid, 16);
	}
	t.type = EventTrace->Class.Type;
	t.level = EventTrace->Class.Level;
	t.version = EventTrace->Class.Version;
	return etw_trace_event(SessionHandle, &t, EventTrace,
			       sizeof(EVENT_TRACE_HEADER), EventTrace->Size,
			       EventTrace->Flags, __builtin_return_address(0));
}

static const struct etw_class *etw_class_of(HANDLE h)
{
	const struct etw_class *c = h;

	return c && c->magic == ETW_CLASS_MAGIC ? c : NULL;
}

ETW_EXPORT ULONG WMIAPI TraceEventInstance(TRACELOGGER_HANDLE SessionHandle,
					  PEVENT_INSTANCE_HEADER EventTrace,
					  PEVENT_INSTANCE_INFO InstInfo,
					  PEVENT_INSTANCE_INFO ParentInstInfo)
{
	const struct etw_class *c, *pc = NULL;
	struct etw_trace_event t;

	if (!EventTrace || !InstInfo)
		return ERROR_INVALID_PARAMETER;
	if (!(EventTrace->Flags & WNODE_FLAG_TRACED_GUID))
		return ERROR_INVALID_FLAGS;
	/* Seed 003, rule 12: RegHandle names the event class. */
	c = etw_class_of(InstInfo->RegHandle);
	if (!c)
		return ERROR_INVALID_HANDLE;
	if (ParentInstInfo) {
		pc = etw_class_of(ParentInstInfo->RegHandle);
		if (!pc)
			return ERROR_INVALID_HANDLE;
	}
	memset(&t, 0, sizeof(t));
	memcpy(t.guid, &c->guid, 16);
	t.type = EventTrace->Class.Type;
	t.level = EventTrace->Class.Level;
	t.version = EventTrace->Class.Version;
	t.flags = ETW_TRACE_F_INSTANCE;
	t.instance_id = InstInfo->InstanceId;
	if (pc) {
		t.parent_instance_id = ParentInstInfo->InstanceId;
		memcpy(t.parent_guid, &pc->guid, 16);
	}
	/* Seed 003, rule 10: InstanceId/ParentInstanceId are output fields. */
	EventTrace->InstanceId = InstInfo->InstanceId;
	EventTrace->ParentInstanceId = pc ? ParentInstInfo->InstanceId : 0;
	return etw_trace_event(SessionHandle, &t, EventTrace,
			       sizeof(EVENT_INSTANCE_HEADER), EventTrace->Size,
			       EventTrace->Flags & ~WNODE_FLAG_USE_GUID_PTR,
			       __builtin_return_address(0));
}

/* Per process; wraps to 1 after 0xFFFFFFFF (reference 4). */
static uint32_t etw_instance_counter;

ETW_EXPORT ULONG WMIAPI CreateTraceInstanceId(HANDLE RegHandle,
					     PEVENT_INSTANCE_INFO InstInfo)
{
	uint32_t id;

	if (!InstInfo || !etw_class_of(RegHandle))
		return ERROR_INVALID_PARAMETER;
	do {
		id = __atomic_add_fetch(&etw_instance_counter, 1,
					__ATOMIC_RELAXED);
	} while (id == 0);
	InstInfo->RegHandle = RegHandle;
	InstInfo->InstanceId = id;
	return ERROR_SUCCESS;
}

/*
 * TraceMessage / TraceMessageVa (reference 4; etl-format 3.6): a MESSAGE
 * record in the session the logger handle names.  The variable arguments
 * are (PVOID, size_t) pairs ended by a NULL pointer (the length of the
 * terminating pair is not read); their bytes are concatenated, pairs of
 * length 0 add nothing.  The kernel fills the sequence number, the time
 * and the thread and process ids the flags ask for.
 *
 * Decisions where the documentation is silent:
 * - GUID or COMPONENTID with a NULL MessageGuid is ERROR_INVALID_PARAMETER;
 *   the component id is the ULONG MessageGuid points to.
 * - PERFORMANCE_TIMESTAMP is accepted and dropped: the time is always the
 *   session's clock.  Without POINTER32/POINTER64 the caller's pointer
 *   width is added, so consumers see 32_BIT_HEADER/64_BIT_HEADER.
 * - At most ETW_MAX_DATA_DESCRIPTORS non-empty arguments, else
 *   ERROR_INVALID_PARAMETER.  Lengths are passed on (capped to one byte
 *   over the 64 KB limit), so a message too large for the session is
 *   counted lost there, as EventWrite's are, and returns ERROR_MORE_DATA.
 */
static ULONG etw_trace_message(TRACELOGGER_HANDLE h, ULONG flags,
			       LPCGUID guid, USHORT number, va_list ap,
			       const void *caller)
{
	struct etw_data_desc d[ETW_MAX_DATA_DESCRIPTORS];
	uint64_t frames[ETW_STACK_USER_MAX];
	struct etw_trace_message m;
	const void *ptr;
	ULONG n = 0;
	int fd;

	if (!etw_logger_valid(h))
		return ERROR_INVALID_HANDLE;
	if (etl_message_flags_check(flags))
		return ERROR_INVALID_PARAMETER;
	if ((flags & (TRACE_MESSAGE_GUID | TRACE_MESSAGE_COMPONENTID)) && !guid)
		return ERROR_INVALID_PARAMETER;
	memset(&m, 0, sizeof(m));
	flags &= ~(ULONG)TRACE_MESSAGE_PERFORMANCE_TIMESTAMP;
	if (!(flags & (TRACE_MESSAGE_POINTER32 | TRACE_MESSAGE_POINTER64)))
		flags |= sizeof(void *) == 8 ? TRACE_MESSAGE_POINTER64 :
					       TRACE_MESSAGE_POINTER32;
	m.flags = flags;
	m.number = number;
	if (flags & TRACE_MESSAGE_GUID)
		memcpy(m.guid, guid, 16);
	else if (flags & TRACE_MESSAGE_COMPONENTID)
		memcpy(&m.component_id, guid, sizeof(m.component_id));

	while ((ptr = va_arg(ap, const void *)) != NULL) {
		size_t len = va_arg(ap, size_t);

		if (!len)
			continue;
		if (n == ETW_MAX_DATA_DESCRIPTORS)
			return ERROR_INVALID_PARAMETER;
		d[n].ptr = (uintptr_t)ptr;
		d[n].size = len > ETW_MAX_EVENT_SIZE ? ETW_MAX_EVENT_SIZE + 1 :
						       (uint32_t)len;
		d[n].type = 0;
		d[n].reserved1 = 0;
		d[n].reserved2 = 0;
		n++;
	}
	m.logger = (uint64_t)h & 0xFFFF;
	m.handle = etw_classic_reg_of(m.logger);
	if (!m.handle)
		return ERROR_INVALID_HANDLE;	/* not enabled by that session */
	m.count = n;
	m.data = (uintptr_t)d;
	if (etw_slot_wants_stack((uint32_t)m.handle - 1)) {
		m.stack_count = etw_stack_capture(frames, ETW_STACK_USER_MAX,
						  caller);
		if (m.stack_count) {
			m.stack = (uintptr_t)frames;
			m.image_gen = etw_stack_image_gen();
		}
	}
	/*
	 * Messages take the ioctl (design.rst, "What stays on the ioctl
	 * path"): their sequence numbers are drawn in write order.
	 */
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	if (ioctl(fd, ETW_IOC_TRACE_MESSAGE, &m)) {
		/* Not enabled by that session (any more). */
		if (errno == ENOENT)
			return ERROR_INVALID_HANDLE;
		return etw_win32_error(-errno, ETW_API_WRITE);
	}
	return ERROR_SUCCESS;
}

ETW_EXPORT ULONG TraceMessageVa(TRACELOGGER_HANDLE LoggerHandle,
				ULONG MessageFlags, LPCGUID MessageGuid,
				USHORT MessageNumber, va_list MessageArgList)
{
	va_list ap;
	ULONG ret;

	va_copy(ap, MessageArgList);
	ret = etw_trace_message(LoggerHandle, MessageFlags, MessageGuid,
				MessageNumber, ap, __builtin_return_address(0));
	va_end(ap);
	return ret;
}

ETW_EXPORT ULONG __cdecl TraceMessage(TRACELOGGER_HANDLE LoggerHandle,
				      ULONG MessageFlags, LPCGUID MessageGuid,
				      USHORT MessageNumber, ...)
{
	va_list ap;
	ULONG ret;

	va_start(ap, MessageNumber);
	ret = etw_trace_message(LoggerHandle, MessageFlags, MessageGuid,
				MessageNumber, ap, __builtin_return_address(0));
	va_end(ap);
	return ret;
}
