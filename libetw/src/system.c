// SPDX-License-Identifier: MIT
/*
 * System loggers (the NT Kernel Logger): TraceSetInformation and
 * TraceQueryInformation of TraceStackTracingInfo,
 * TraceSystemTraceEnableFlagsInfo and TraceSampledProfileIntervalInfo,
 * and EnableTraceEx2 with the System Provider GUIDs (Windows 10 SDK
 * 20348 and later), which turn EnableFlags on and off by keyword.  All of
 * it goes to ETW_IOC_SYSTEM_INFO.
 */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <windows.h>
#include <evntrace.h>
#include <linux/etw.h>

#include "libetw.h"
#include "internal.h"
#include "shared/etw_kevents.h"

static int etw_sysinfo(uint64_t session, uint32_t cls, uint32_t flags,
		       void *data, uint32_t len, uint32_t *needed)
{
	struct etw_system_info req;
	int fd = etw_dev_fd();

	if (fd < 0)
		return fd;
	memset(&req, 0, sizeof(req));
	req.session = session;
	req.info_class = cls;
	req.flags = flags;
	req.data = (uintptr_t)data;
	req.length = len;
	if (ioctl(fd, ETW_IOC_SYSTEM_INFO, &req)) {
		if (needed)
			*needed = req.needed;
		return -errno;
	}
	if (needed)
		*needed = req.needed;
	return 0;
}

/* Errors of these calls: a session that is no system logger included. */
static ULONG etw_sysinfo_error(int err)
{
	if (err == -ENOENT)
		return ERROR_WMI_INSTANCE_NOT_FOUND;
	if (err == -EOPNOTSUPP)
		return ERROR_NOT_SUPPORTED;
	return etw_win32_error(err, ETW_API_SESSION);
}

/* TraceStackTracingInfo: CLASSIC_EVENT_IDs to kernel hook ids. */
static ULONG etw_set_stacks(CONTROLTRACE_ID session, const void *info,
			    ULONG len)
{
	uint16_t hooks[ETW_MAX_STACK_EVENTS];
	const CLASSIC_EVENT_ID *ids = info;
	ULONG n = len / sizeof(CLASSIC_EVENT_ID), i, k = 0;
	int ret;

	if (len % sizeof(CLASSIC_EVENT_ID))
		return ERROR_BAD_LENGTH;
	if (n > ETW_MAX_STACK_EVENTS)
		return ERROR_INVALID_PARAMETER;
	for (i = 0; i < n; i++) {
		int g = etw_kgroup_of_guid((const u8 *)&ids[i].EventGuid);

		/* Classes Linux has no events for are accepted and unused. */
		if (g >= 0)
			hooks[k++] = ETW_KHOOK(g, ids[i].Type);
	}
	/* Windows logs Image/Load in the Process group (type 10). */
	for (i = 0; i < k && k < ETW_MAX_STACK_EVENTS; i++)
		if (hooks[i] == ETW_KHOOK(ETW_KG_IMAGE, 10))
			hooks[k++] = ETW_KH_IMAGE_LOAD;
	ret = etw_sysinfo(session, ETW_SYSINFO_STACK_TRACING, ETW_SYSINFO_F_SET,
			  k ? hooks : NULL, k * sizeof(hooks[0]), NULL);
	return ret ? etw_sysinfo_error(ret) : ERROR_SUCCESS;
}

/* The System Providers and the EnableFlags their keywords stand for. */
static const struct {
	GUID guid;
	ULONGLONG keyword;
	ULONG flag;
} etw_sysprov[] = {
#define P(g, k, f) { g, k, f }
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_GENERAL, EVENT_TRACE_FLAG_PROCESS),
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_PERF_COUNTER, EVENT_TRACE_FLAG_PROCESS_COUNTERS),
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_DEBUG_EVENTS, EVENT_TRACE_FLAG_DEBUG_EVENTS),
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_DBGPRINT, EVENT_TRACE_FLAG_DBGPRINT),
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_JOB, EVENT_TRACE_FLAG_JOB),
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_THREAD, EVENT_TRACE_FLAG_THREAD),
	P(SystemProcessProviderGuid, SYSTEM_PROCESS_KW_LOADER, EVENT_TRACE_FLAG_IMAGE_LOAD),
	P(SystemSchedulerProviderGuid, SYSTEM_SCHEDULER_KW_DISPATCHER, EVENT_TRACE_FLAG_DISPATCHER),
	P(SystemSchedulerProviderGuid, SYSTEM_SCHEDULER_KW_CONTEXT_SWITCH, EVENT_TRACE_FLAG_CSWITCH),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_DISK, EVENT_TRACE_FLAG_DISK_IO),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_DISK_INIT, EVENT_TRACE_FLAG_DISK_IO_INIT),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_FILENAME, EVENT_TRACE_FLAG_DISK_FILE_IO),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_SPLIT, EVENT_TRACE_FLAG_SPLIT_IO),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_FILE, EVENT_TRACE_FLAG_FILE_IO),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_FILE_INIT, EVENT_TRACE_FLAG_FILE_IO_INIT),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_DRIVERS, EVENT_TRACE_FLAG_DRIVER),
	P(SystemIoProviderGuid, SYSTEM_IO_KW_NETWORK, EVENT_TRACE_FLAG_NETWORK_TCPIP),
	P(SystemProfileProviderGuid, SYSTEM_PROFILE_KW_GENERAL, EVENT_TRACE_FLAG_PROFILE),
	P(SystemSyscallProviderGuid, SYSTEM_SYSCALL_KW_GENERAL, EVENT_TRACE_FLAG_SYSTEMCALL),
	P(SystemInterruptProviderGuid, SYSTEM_INTERRUPT_KW_GENERAL, EVENT_TRACE_FLAG_INTERRUPT),
	P(SystemInterruptProviderGuid, SYSTEM_INTERRUPT_KW_DPC, EVENT_TRACE_FLAG_DPC),
	P(SystemMemoryProviderGuid, SYSTEM_MEMORY_KW_HARD_FAULTS, EVENT_TRACE_FLAG_MEMORY_HARD_FAULTS),
	P(SystemMemoryProviderGuid, SYSTEM_MEMORY_KW_ALL_FAULTS, EVENT_TRACE_FLAG_MEMORY_PAGE_FAULTS),
	P(SystemMemoryProviderGuid, SYSTEM_MEMORY_KW_VIRTUAL_ALLOC, EVENT_TRACE_FLAG_VIRTUAL_ALLOC),
	P(SystemMemoryProviderGuid, SYSTEM_MEMORY_KW_VAMAP, EVENT_TRACE_FLAG_VAMAP),
	P(SystemRegistryProviderGuid, SYSTEM_REGISTRY_KW_GENERAL, EVENT_TRACE_FLAG_REGISTRY),
	P(SystemAlpcProviderGuid, SYSTEM_ALPC_KW_GENERAL, EVENT_TRACE_FLAG_ALPC),
#undef P
};

#define ETW_NSYSPROV (sizeof(etw_sysprov) / sizeof(etw_sysprov[0]))

/* Other System Providers: known GUIDs whose keywords map to no flag. */
static const GUID *const etw_sysprov_other[] = {
	&SystemConfigProviderGuid, &SystemCpuProviderGuid,
	&SystemHypervisorProviderGuid, &SystemIoFilterProviderGuid,
	&SystemLockProviderGuid, &SystemObjectProviderGuid,
	&SystemPowerProviderGuid, &SystemTimerProviderGuid,
};

/**
 * etw_system_provider_flags() - is @guid a System Provider?
 * @guid:	the provider
 * @any:	MatchAnyKeyword (0: every keyword)
 * @flags:	out: the EnableFlags its keywords in @any stand for
 * @all:	out: every EnableFlag of the provider
 *
 * Return: true for a System Provider.
 */
_Bool etw_system_provider_flags(const struct _GUID *guid,
				unsigned long long any, unsigned int *flags,
				unsigned int *all)
{
	bool found = false;
	size_t i;

	*flags = *all = 0;
	for (i = 0; i < ETW_NSYSPROV; i++) {
		if (memcmp(&etw_sysprov[i].guid, guid, sizeof(GUID)))
			continue;
		found = true;
		*all |= etw_sysprov[i].flag;
		if (!any || (any & etw_sysprov[i].keyword))
			*flags |= etw_sysprov[i].flag;
	}
	for (i = 0; i < sizeof(etw_sysprov_other) / sizeof(etw_sysprov_other[0]); i++)
		if (!memcmp(etw_sysprov_other[i], guid, sizeof(GUID)))
			found = true;
	return found;
}

/*
 * EnableTraceEx2 on a System Provider: ENABLE turns its keywords' flags
 * on (and the provider's other flags off), DISABLE turns all of its flags
 * off, CAPTURE_STATE does nothing.  Only system loggers may (reference
 * "System Providers"); another session gets ERROR_NOT_SUPPORTED.
 */
unsigned int etw_system_enable(uint64_t session, const struct _GUID *guid,
			       unsigned int code, unsigned long long any)
{
	ULONG flags, all;
	int ret;

	etw_system_provider_flags(guid, any, &flags, &all);
	if (code == EVENT_CONTROL_CODE_CAPTURE_STATE)
		return ERROR_SUCCESS;
	ret = etw_sysinfo(session, ETW_SYSINFO_ENABLE_FLAGS,
			  ETW_SYSINFO_F_SET | ETW_SYSINFO_F_REMOVE, &all,
			  sizeof(all), NULL);
	if (!ret && code == EVENT_CONTROL_CODE_ENABLE_PROVIDER && flags)
		ret = etw_sysinfo(session, ETW_SYSINFO_ENABLE_FLAGS,
				  ETW_SYSINFO_F_SET | ETW_SYSINFO_F_ADD,
				  &flags, sizeof(flags), NULL);
	if (ret == -ENOENT)
		return ERROR_NOT_SUPPORTED;
	return ret ? etw_sysinfo_error(ret) : ERROR_SUCCESS;
}

/* TraceSetInformation's system classes; ERROR_NOT_SUPPORTED otherwise. */
unsigned int etw_system_set(uint64_t session, int cls, const void *info,
			    unsigned int len)
{
	uint32_t masks[8];
	int ret;

	if (len && !info)
		return ERROR_INVALID_PARAMETER;
	switch (cls) {
	case TraceStackTracingInfo:
		if (!session)
			return ERROR_INVALID_PARAMETER;
		return etw_set_stacks(session, info, len);
	case TraceSystemTraceEnableFlagsInfo:
		if (!session)
			return ERROR_INVALID_PARAMETER;
		if (len < sizeof(ULONG))
			return ERROR_BAD_LENGTH;
		memset(masks, 0, sizeof(masks));
		memcpy(masks, info, len < sizeof(masks) ? len : sizeof(masks));
		ret = etw_sysinfo(session, ETW_SYSINFO_ENABLE_FLAGS,
				  ETW_SYSINFO_F_SET, masks, sizeof(ULONG), NULL);
		break;
	case TraceSampledProfileIntervalInfo:
		if (len != sizeof(TRACE_PROFILE_INTERVAL))
			return ERROR_BAD_LENGTH;
		/* Machine-wide, as on Windows: the session is not used. */
		ret = etw_sysinfo(0, ETW_SYSINFO_PROFILE_INTERVAL,
				  ETW_SYSINFO_F_SET, (void *)info, len, NULL);
		break;
	case ETW_TRACE_BLOCKING_INFO:
		if (!session || !info)
			return ERROR_INVALID_PARAMETER;
		if (len != sizeof(ULONG))
			return ERROR_BAD_LENGTH;
		ret = etw_sysinfo(session, ETW_SYSINFO_BLOCKING,
				  ETW_SYSINFO_F_SET, (void *)info, len, NULL);
		break;
	default:
		return ERROR_NOT_SUPPORTED;
	}
	return ret ? etw_sysinfo_error(ret) : ERROR_SUCCESS;
}

/* TraceQueryInformation's system classes. */
unsigned int etw_system_query(uint64_t session, int cls, void *info,
			      unsigned int len, unsigned int *ret_len)
{
	uint32_t need = 0;
	int ret;

	switch (cls) {
	case TraceSystemTraceEnableFlagsInfo:
		if (!session)
			return ERROR_INVALID_PARAMETER;
		ret = etw_sysinfo(session, ETW_SYSINFO_ENABLE_FLAGS, 0, info,
				  len, &need);
		break;
	case TraceSampledProfileIntervalInfo:
		/* In: the Source; out: its Interval. */
		ret = etw_sysinfo(0, ETW_SYSINFO_PROFILE_INTERVAL, 0, info,
				  len, &need);
		break;
	case ETW_TRACE_BLOCKING_INFO:
		if (!session)
			return ERROR_INVALID_PARAMETER;
		ret = etw_sysinfo(session, ETW_SYSINFO_BLOCKING, 0, info, len,
				  &need);
		break;
	default:
		return ERROR_NOT_SUPPORTED;
	}
	if (ret_len)
		*ret_len = need;
	if (ret == -ENOSPC)
		return ERROR_BAD_LENGTH;
	return ret ? etw_sysinfo_error(ret) : ERROR_SUCCESS;
}
