// SPDX-License-Identifier: MIT
/*
 * The one place where the native layer's -errno values become the Win32
 * status codes ETW documents (reference sections 0.3, 1.4, 2.5, 2.6,
 * 3.3), and the thread's last-error value.
 */
#include <errno.h>
#include <windows.h>

#include "internal.h"

static __thread DWORD etw_last_error;

ETW_EXPORT DWORD WINAPI GetLastError(void)
{
	return etw_last_error;
}

ETW_EXPORT void WINAPI SetLastError(DWORD dwErrCode)
{
	etw_last_error = dwErrCode;
}

/*
 * Errors common to every API, then those whose meaning depends on what
 * was asked (a missing "thing" is a bad handle for a provider, a missing
 * instance for a session, ...).
 */
ULONG etw_win32_error(int err, enum etw_api api)
{
	if (err >= 0)
		return ERROR_SUCCESS;
	switch (-err) {
	case EINVAL:
		return ERROR_INVALID_PARAMETER;
	case EFAULT:
		return ERROR_NOACCESS;
	case EPERM:
	case EACCES:
		return ERROR_ACCESS_DENIED;
	case EEXIST:
		return ERROR_ALREADY_EXISTS;
	case EOPNOTSUPP:
	case ENOTTY:
		return ERROR_NOT_SUPPORTED;
	case ETIMEDOUT:
		return ERROR_TIMEOUT;
	case ENODEV:
	case ENXIO:
		return ERROR_WMI_SERVER_UNAVAILABLE;	/* no etw.ko */
	case EBUSY:
		return ERROR_BUSY;
	case E2BIG:
		return api == ETW_API_WRITE ? ERROR_ARITHMETIC_OVERFLOW :
					      ERROR_INVALID_PARAMETER;
	case EMSGSIZE:
		return ERROR_MORE_DATA;
	case ENOBUFS:
		/* A real-time session without consumer is full. */
		return api == ETW_API_WRITE ? STATUS_LOG_FILE_FULL :
					      ERROR_NOT_ENOUGH_MEMORY;
	case ENOMEM:
		return ERROR_NOT_ENOUGH_MEMORY;
	case ENOSPC:
		return api == ETW_API_WRITE ? ERROR_NOT_ENOUGH_MEMORY :
					      ERROR_NO_SYSTEM_RESOURCES;
	case EDQUOT:
		/* A per-user limit of etw.ko (admin-guide, "Limits"). */
		return ERROR_NO_SYSTEM_RESOURCES;
	case ENOENT:
		switch (api) {
		case ETW_API_DEVICE:
			return ERROR_WMI_SERVER_UNAVAILABLE;
		case ETW_API_SESSION:
		case ETW_API_CONSUMER:
			return ERROR_WMI_INSTANCE_NOT_FOUND;
		case ETW_API_PROVIDER_INFO:
			return ERROR_INVALID_PARAMETER;
		case ETW_API_QUERY:
			return ERROR_WMI_GUID_NOT_FOUND;
		default:
			return ERROR_INVALID_HANDLE;
		}
	default:
		return ERROR_INVALID_FUNCTION;
	}
}
