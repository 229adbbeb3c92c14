// SPDX-License-Identifier: MIT
/*
 * The English message text TDH shows for Win32 error, NTSTATUS and
 * HRESULT values (TDH_OUTTYPE_WIN32ERROR/NTSTATUS/HRESULT).  Windows
 * looks them up in the system message tables; here a table holds the
 * codes ETW programs meet most, and anything else gets Windows' own
 * fallback text, "Unknown Win32 Error code: 0x..." and so on.  The
 * NTSTATUS table also names each code (STATUS_...), for WPP decoding;
 * selftests/unit/winerror_values.sh checks the names and values against
 * mingw-w64's ntstatus.h.
 */
#include <stdio.h>
#include <string.h>

#include "tdh_internal.h"

struct errtext {
	uint32_t code;
	const char *text;
};

/* An NTSTATUS: its text (NULL: not known here) and its symbol. */
struct ntstatus {
	uint32_t code;
	const char *text, *name;
};

static const struct errtext win32[] = {
	{ 0, "The operation completed successfully." },
	{ 1, "Incorrect function." },
	{ 2, "The system cannot find the file specified." },
	{ 3, "The system cannot find the path specified." },
	{ 5, "Access is denied." },
	{ 6, "The handle is invalid." },
	{ 8, "Not enough memory resources are available to process this command." },
	{ 11, "An attempt was made to load a program with an incorrect format." },
	{ 13, "The data is invalid." },
	{ 14, "Not enough memory resources are available to complete this operation." },
	{ 24, "The program issued a command but the command length is incorrect." },
	{ 38, "Reached the end of the file." },
	{ 50, "The request is not supported." },
	{ 87, "The parameter is incorrect." },
	{ 112, "There is not enough space on the disk." },
	{ 122, "The data area passed to a system call is too small." },
	{ 123, "The filename, directory name, or volume label syntax is incorrect." },
	{ 161, "The specified path is invalid." },
	{ 170, "The requested resource is in use." },
	{ 183, "Cannot create a file when that file already exists." },
	{ 234, "More data is available." },
	{ 259, "No more data is available." },
	{ 534, "Arithmetic result exceeded 32 bits." },
	{ 998, "Invalid access to memory location." },
	{ 1004, "Invalid flags." },
	{ 1168, "Element not found." },
	{ 1223, "The operation was canceled by the user." },
	{ 1314, "A required privilege is not held by the client." },
	{ 1392, "The file or directory is corrupted and unreadable." },
	{ 1450, "Insufficient system resources exist to complete the requested service." },
	{ 1460, "This operation returned because the timeout period expired." },
	{ 4200, "The GUID passed was not recognized as valid by a WMI data provider." },
	{ 4201, "The instance name passed was not recognized as valid by a WMI data provider." },
	{ 5023, "The group or resource is not in the correct state to perform the requested operation." },
};

static const struct ntstatus ntstatus[] = {
	{ 0x00000000, "STATUS_SUCCESS", "STATUS_SUCCESS" },
	{ 0x00000080, NULL, "STATUS_ABANDONED" },
	{ 0x000000C0, NULL, "STATUS_USER_APC" },
	{ 0x00000101, NULL, "STATUS_ALERTED" },
	{ 0x00000102, NULL, "STATUS_TIMEOUT" },
	{ 0x00000103, "The operation that was requested is pending completion.", "STATUS_PENDING" },
	{ 0x00000104, NULL, "STATUS_REPARSE" },
	{ 0x00000105, NULL, "STATUS_MORE_ENTRIES" },
	{ 0x80000005, "{Buffer Overflow} The data was too large to fit into the specified buffer.", "STATUS_BUFFER_OVERFLOW" },
	{ 0x80000006, NULL, "STATUS_NO_MORE_FILES" },
	{ 0x80000011, NULL, "STATUS_DEVICE_BUSY" },
	{ 0x8000001A, NULL, "STATUS_NO_MORE_ENTRIES" },
	{ 0x80000022, NULL, "STATUS_NO_DATA_DETECTED" },
	{ 0xC0000001, "{Operation Failed} The requested operation was unsuccessful.", "STATUS_UNSUCCESSFUL" },
	{ 0xC0000002, "{Not Implemented} The requested operation is not implemented.", "STATUS_NOT_IMPLEMENTED" },
	{ 0xC0000003, NULL, "STATUS_INVALID_INFO_CLASS" },
	{ 0xC0000004, NULL, "STATUS_INFO_LENGTH_MISMATCH" },
	{ 0xC0000005, NULL, "STATUS_ACCESS_VIOLATION" },
	{ 0xC0000008, "An invalid HANDLE was specified.", "STATUS_INVALID_HANDLE" },
	{ 0xC000000D, "An invalid parameter was passed to a service or function.", "STATUS_INVALID_PARAMETER" },
	{ 0xC000000E, NULL, "STATUS_NO_SUCH_DEVICE" },
	{ 0xC000000F, NULL, "STATUS_NO_SUCH_FILE" },
	{ 0xC0000010, NULL, "STATUS_INVALID_DEVICE_REQUEST" },
	{ 0xC0000011, NULL, "STATUS_END_OF_FILE" },
	{ 0xC0000017, "{Not Enough Quota} Not enough virtual memory or paging file quota is available to complete the specified operation.", "STATUS_NO_MEMORY" },
	{ 0xC000001D, NULL, "STATUS_ILLEGAL_INSTRUCTION" },
	{ 0xC000001E, NULL, "STATUS_INVALID_LOCK_SEQUENCE" },
	{ 0xC0000022, "{Access Denied} A process has requested access to an object, but has not been granted those access rights.", "STATUS_ACCESS_DENIED" },
	{ 0xC0000023, "{Buffer Too Small} The buffer is too small to contain the entry. No information has been written to the buffer.", "STATUS_BUFFER_TOO_SMALL" },
	{ 0xC0000024, NULL, "STATUS_OBJECT_TYPE_MISMATCH" },
	{ 0xC0000034, "Object Name not found.", "STATUS_OBJECT_NAME_NOT_FOUND" },
	{ 0xC0000035, "Object Name already exists.", "STATUS_OBJECT_NAME_COLLISION" },
	{ 0xC000003E, NULL, "STATUS_DATA_ERROR" },
	{ 0xC000003F, NULL, "STATUS_CRC_ERROR" },
	{ 0xC0000043, NULL, "STATUS_SHARING_VIOLATION" },
	{ 0xC0000056, NULL, "STATUS_DELETE_PENDING" },
	{ 0xC0000061, NULL, "STATUS_PRIVILEGE_NOT_HELD" },
	{ 0xC000007F, NULL, "STATUS_DISK_FULL" },
	{ 0xC0000095, NULL, "STATUS_INTEGER_OVERFLOW" },
	{ 0xC000009A, "Insufficient system resources exist to complete the API.", "STATUS_INSUFFICIENT_RESOURCES" },
	{ 0xC000009D, NULL, "STATUS_DEVICE_NOT_CONNECTED" },
	{ 0xC000009E, NULL, "STATUS_DEVICE_POWER_FAILURE" },
	{ 0xC00000A3, NULL, "STATUS_DEVICE_NOT_READY" },
	{ 0xC00000AF, NULL, "STATUS_ILLEGAL_FUNCTION" },
	{ 0xC00000B5, NULL, "STATUS_IO_TIMEOUT" },
	{ 0xC00000BA, NULL, "STATUS_FILE_IS_A_DIRECTORY" },
	{ 0xC00000BB, "The request is not supported.", "STATUS_NOT_SUPPORTED" },
	{ 0xC00000C0, NULL, "STATUS_DEVICE_DOES_NOT_EXIST" },
	{ 0xC00000C2, NULL, "STATUS_ADAPTER_HARDWARE_ERROR" },
	{ 0xC00000E8, NULL, "STATUS_INVALID_USER_BUFFER" },
	{ 0xC00000E9, NULL, "STATUS_UNEXPECTED_IO_ERROR" },
	{ 0xC00000EF, NULL, "STATUS_INVALID_PARAMETER_1" },
	{ 0xC00000F0, NULL, "STATUS_INVALID_PARAMETER_2" },
	{ 0xC0000103, NULL, "STATUS_NOT_A_DIRECTORY" },
	{ 0xC0000120, "The I/O request was canceled.", "STATUS_CANCELLED" },
	{ 0xC0000141, NULL, "STATUS_INVALID_ADDRESS" },
	{ 0xC0000184, NULL, "STATUS_INVALID_DEVICE_STATE" },
	{ 0xC0000188, "The log file space is insufficient to support this operation.", "STATUS_LOG_FILE_FULL" },
	{ 0xC0000206, NULL, "STATUS_INVALID_BUFFER_SIZE" },
	{ 0xC0000225, "The object was not found.", "STATUS_NOT_FOUND" },
	{ 0xC000022D, NULL, "STATUS_RETRY" },
	{ 0xC0000236, NULL, "STATUS_CONNECTION_REFUSED" },
	{ 0xC0000240, NULL, "STATUS_REQUEST_ABORTED" },
	{ 0xC00002B6, NULL, "STATUS_DEVICE_REMOVED" },
	{ 0xC00002D3, NULL, "STATUS_POWER_STATE_INVALID" },
	{ 0xC00002DE, NULL, "STATUS_INSUFFICIENT_POWER" },
	{ 0xC0000467, NULL, "STATUS_FILE_NOT_AVAILABLE" },
};

static const struct errtext hresult[] = {
	{ 0x00000000, "The operation completed successfully." },
	{ 0x00000001, "Incorrect function." },
	{ 0x80004001, "Not implemented" },
	{ 0x80004002, "No such interface supported" },
	{ 0x80004003, "Invalid pointer" },
	{ 0x80004004, "Operation aborted" },
	{ 0x80004005, "Unspecified error" },
	{ 0x8000FFFF, "Catastrophic failure" },
};

static const char *lookup(const struct errtext *t, size_t n, uint32_t code)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].code == code)
			return t[i].text;
	return NULL;
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const struct ntstatus *find_ntstatus(uint32_t code)
{
	size_t i;

	for (i = 0; i < N(ntstatus); i++)
		if (ntstatus[i].code == code)
			return &ntstatus[i];
	return NULL;
}

/* STATUS_SUCCESS, STATUS_NOT_SUPPORTED, ...: NULL if not in the table. */
const char *tdh_ntstatus_name(uint32_t code)
{
	const struct ntstatus *e = find_ntstatus(code);

	return e ? e->name : NULL;
}

/* Every name and value of the table, for winerror_values.sh. */
void tdh_ntstatus_list(void (*fn)(const char *name, uint32_t code))
{
	size_t i;

	for (i = 0; i < N(ntstatus); i++)
		fn(ntstatus[i].name, ntstatus[i].code);
}

/* The text for @code of TDH_OUTTYPE @out into @buf (@n bytes). */
void tdh_error_text(uint16_t out, uint32_t code, char *buf, size_t n)
{
	const char *t = NULL, *kind = "Win32 Error";

	switch (out) {
	case TDH_OUTTYPE_WIN32ERROR:
		t = lookup(win32, N(win32), code);
		break;
	case TDH_OUTTYPE_NTSTATUS:
		t = find_ntstatus(code) ? find_ntstatus(code)->text : NULL;
		kind = "NTSTATUS Error";
		break;
	case TDH_OUTTYPE_HRESULT:
		t = lookup(hresult, N(hresult), code);
		/* FACILITY_WIN32: the Win32 error's text. */
		if (!t && (code & 0xFFFF0000) == 0x80070000)
			t = lookup(win32, N(win32), code & 0xFFFF);
		kind = "HResult Error";
		break;
	}
	if (t && n) {
		size_t k = strlen(t) < n - 1 ? strlen(t) : n - 1;

		memcpy(buf, t, k);
		buf[k] = 0;
	} else if (n)
		snprintf(buf, n, "Unknown %s code: 0x%X", kind, code);
}
