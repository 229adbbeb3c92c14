// SPDX-License-Identifier: MIT
/*
 * The English message text TDH shows for Win32 error, NTSTATUS and
 * HRESULT values (TDH_OUTTYPE_WIN32ERROR/NTSTATUS/HRESULT).  Windows
 * looks them up in the system message tables; here a table holds the
 * codes ETW programs meet most, and anything else gets Windows' own
 * fallback text, "Unknown Win32 Error code: 0x..." and so on.
 */
#include <stdio.h>
#include <string.h>

#include "tdh_internal.h"

struct errtext {
	uint32_t code;
	const char *text;
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

static const struct errtext ntstatus[] = {
	{ 0x00000000, "STATUS_SUCCESS" },
	{ 0x00000103, "The operation that was requested is pending completion." },
	{ 0x80000005, "{Buffer Overflow} The data was too large to fit into the specified buffer." },
	{ 0xC0000001, "{Operation Failed} The requested operation was unsuccessful." },
	{ 0xC0000002, "{Not Implemented} The requested operation is not implemented." },
	{ 0xC0000008, "An invalid HANDLE was specified." },
	{ 0xC000000D, "An invalid parameter was passed to a service or function." },
	{ 0xC0000017, "{Not Enough Quota} Not enough virtual memory or paging file quota is available to complete the specified operation." },
	{ 0xC0000022, "{Access Denied} A process has requested access to an object, but has not been granted those access rights." },
	{ 0xC0000023, "{Buffer Too Small} The buffer is too small to contain the entry. No information has been written to the buffer." },
	{ 0xC0000034, "Object Name not found." },
	{ 0xC0000035, "Object Name already exists." },
	{ 0xC000009A, "Insufficient system resources exist to complete the API." },
	{ 0xC00000BB, "The request is not supported." },
	{ 0xC0000120, "The I/O request was canceled." },
	{ 0xC0000188, "The log file space is insufficient to support this operation." },
	{ 0xC0000225, "The object was not found." },
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

/* The text for @code of TDH_OUTTYPE @out into @buf (@n bytes). */
void tdh_error_text(uint16_t out, uint32_t code, char *buf, size_t n)
{
	const char *t = NULL, *kind = "Win32 Error";

	switch (out) {
	case TDH_OUTTYPE_WIN32ERROR:
		t = lookup(win32, N(win32), code);
		break;
	case TDH_OUTTYPE_NTSTATUS:
		t = lookup(ntstatus, N(ntstatus), code);
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
