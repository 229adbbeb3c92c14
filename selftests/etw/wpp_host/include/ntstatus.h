/* SPDX-License-Identifier: MIT */
/*
 * ntstatus.h for the Windows samples wpp_test.sh builds: the NTSTATUS
 * codes they use (values as in the Windows SDK; winerror_values.sh
 * checks libetw's own NTSTATUS names against mingw-w64's).
 */
#ifndef _WPP_HOST_NTSTATUS_H
#define _WPP_HOST_NTSTATUS_H

#include <windows.h>

#define STATUS_SUCCESS			((NTSTATUS)0x00000000L)
#define STATUS_UNSUCCESSFUL		((NTSTATUS)0xC0000001L)
#define STATUS_INVALID_PARAMETER	((NTSTATUS)0xC000000DL)
#define STATUS_INVALID_DEVICE_REQUEST	((NTSTATUS)0xC0000010L)
#define STATUS_INSUFFICIENT_RESOURCES	((NTSTATUS)0xC000009AL)
#define STATUS_NOT_SUPPORTED		((NTSTATUS)0xC00000BBL)
#define STATUS_BUFFER_TOO_SMALL		((NTSTATUS)0xC0000023L)

#ifndef NT_SUCCESS
#define NT_SUCCESS(Status) (((NTSTATUS)(Status)) >= 0)
#endif

#endif
