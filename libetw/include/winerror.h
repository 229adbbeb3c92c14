/* SPDX-License-Identifier: MIT */
/*
 * winerror.h - the Win32 status codes the ETW API returns, and HRESULTs.
 *
 * Values are those of the Windows SDK (reference §0.3).  The ERROR_*
 * codes are plain int constants (Windows spells them 5L, a 32-bit long;
 * C `long` would be 64 bits here), so they compare cleanly with the ULONG
 * status of every ETW function and still work in #if.
 */
#ifndef _LIBETW_WINERROR_H
#define _LIBETW_WINERROR_H

#include "etw_wintypes.h"

#define ERROR_SUCCESS			0
#define NO_ERROR			0
#define ERROR_INVALID_FUNCTION		1
#define ERROR_FILE_NOT_FOUND		2
#define ERROR_PATH_NOT_FOUND		3
#define ERROR_ACCESS_DENIED		5
#define ERROR_INVALID_HANDLE		6
#define ERROR_NOT_ENOUGH_MEMORY		8
#define ERROR_BAD_FORMAT		11
#define ERROR_INVALID_DATA		13
#define ERROR_OUTOFMEMORY		14
#define ERROR_WRITE_PROTECT		19
#define ERROR_NOT_READY			21
#define ERROR_BAD_LENGTH		24
#define ERROR_WRITE_FAULT		29
#define ERROR_READ_FAULT		30
#define ERROR_GEN_FAILURE		31
#define ERROR_SHARING_VIOLATION		32
#define ERROR_LOCK_VIOLATION		33
#define ERROR_HANDLE_EOF		38
#define ERROR_HANDLE_DISK_FULL		39
#define ERROR_NOT_SUPPORTED		50
#define ERROR_FILE_EXISTS		80
#define ERROR_INVALID_PARAMETER		87
#define ERROR_DISK_FULL			112
#define ERROR_CALL_NOT_IMPLEMENTED	120
#define ERROR_SEM_TIMEOUT		121
#define ERROR_INSUFFICIENT_BUFFER	122
#define ERROR_INVALID_NAME		123
#define ERROR_INVALID_LEVEL		124
#define ERROR_BAD_ARGUMENTS		160
#define ERROR_BAD_PATHNAME		161
#define ERROR_BUSY			170
#define ERROR_ALREADY_EXISTS		183
#define ERROR_INVALID_FLAG_NUMBER	186
#define ERROR_FILE_TOO_LARGE		223
#define ERROR_NO_DATA			232
#define ERROR_MORE_DATA			234
#define ERROR_NO_MORE_ITEMS		259
#define ERROR_INVALID_ADDRESS		487
#define ERROR_ARITHMETIC_OVERFLOW	534
#define ERROR_IO_PENDING		997
#define ERROR_NOACCESS			998
#define ERROR_INVALID_FLAGS		1004
#define ERROR_NOT_FOUND			1168
#define ERROR_CANCELLED			1223
#define ERROR_PRIVILEGE_NOT_HELD	1314
#define ERROR_FILE_CORRUPT		1392
#define ERROR_NO_SYSTEM_RESOURCES	1450
#define ERROR_TIMEOUT			1460
#define ERROR_XML_PARSE_ERROR		1465	/* TdhLoadManifest */
#define ERROR_LOG_FILE_FULL		1502
#define ERROR_INVALID_USER_BUFFER	1784
#define ERROR_RESOURCE_DATA_NOT_FOUND	1812
#define ERROR_RESOURCE_TYPE_NOT_FOUND	1813
#define ERROR_RESOURCE_NAME_NOT_FOUND	1814
#define ERROR_RESOURCE_LANG_NOT_FOUND	1815
#define ERROR_NOT_ENOUGH_QUOTA		1816
#define ERROR_INVALID_TIME		1901
#define ERROR_WMI_GUID_NOT_FOUND	4200
#define ERROR_WMI_INSTANCE_NOT_FOUND	4201
#define ERROR_WMI_ITEMID_NOT_FOUND	4202
#define ERROR_WMI_TRY_AGAIN		4203
#define ERROR_WMI_DP_NOT_FOUND		4204
#define ERROR_WMI_UNRESOLVED_INSTANCE_REF 4205
#define ERROR_WMI_ALREADY_ENABLED	4206
#define ERROR_WMI_GUID_DISCONNECTED	4207
#define ERROR_WMI_SERVER_UNAVAILABLE	4208
#define ERROR_WMI_DP_FAILED		4209
#define ERROR_WMI_INVALID_MOF		4210
#define ERROR_WMI_INVALID_REGINFO	4211
#define ERROR_WMI_ALREADY_DISABLED	4212
#define ERROR_WMI_READ_ONLY		4213
#define ERROR_WMI_SET_FAILURE		4214
#define ERROR_RESOURCE_NOT_FOUND	5007	/* TdhLoadManifestFromBinary */
#define ERROR_INVALID_STATE		5023
#define ERROR_CTX_CLOSE_PENDING		7007
#define ERROR_EVT_INVALID_EVENT_DATA	15005
#define ERROR_MUI_FILE_NOT_FOUND	15100

/*
 * An NTSTATUS that EventWrite* return as their ULONG status when a
 * real-time session's backlog is full.  Unsigned here, so comparing it
 * with a ULONG status draws no sign-compare warning.
 */
#ifndef _ETW_KM_	/* kernel mode: an NTSTATUS, etw_km.h */
#define STATUS_LOG_FILE_FULL		0xC0000188U
#endif

/* --- HRESULT --- */
#define FACILITY_WIN32			7
#define S_OK				((HRESULT)0)
#define S_FALSE				((HRESULT)1)
#define E_NOTIMPL			((HRESULT)0x80004001U)
#define E_POINTER			((HRESULT)0x80004003U)
#define E_ABORT				((HRESULT)0x80004004U)
#define E_FAIL				((HRESULT)0x80004005U)
#define E_UNEXPECTED			((HRESULT)0x8000FFFFU)
#define E_ACCESSDENIED			((HRESULT)0x80070005U)
#define E_HANDLE			((HRESULT)0x80070006U)
#define E_OUTOFMEMORY			((HRESULT)0x8007000EU)
#define E_INVALIDARG			((HRESULT)0x80070057U)

#define SUCCEEDED(hr)			(((HRESULT)(hr)) >= 0)
#define FAILED(hr)			(((HRESULT)(hr)) < 0)
#define HRESULT_CODE(hr)		((hr) & 0xFFFF)
#define HRESULT_FACILITY(hr)		(((hr) >> 16) & 0x1FFF)
#define HRESULT_SEVERITY(hr)		(((hr) >> 31) & 0x1)

/*
 * A Win32 error as an HRESULT, as the TraceLogging wrappers compute it
 * (reference §0.3): 0 stays 0 (S_OK), any other code e becomes
 * 0x80070000 | (e & 0xFFFF).  (The SDK's version also passes values that
 * are already negative HRESULTs through unchanged; for Win32 codes,
 * which are below 0x10000, the two agree.)
 */
#define HRESULT_FROM_WIN32(e) \
	((HRESULT)((ULONG)(e) != 0 ? \
		   (0x80070000U | ((ULONG)(e) & 0xFFFFU)) : 0U))

#endif /* _LIBETW_WINERROR_H */
