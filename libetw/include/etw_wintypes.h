/* SPDX-License-Identifier: MIT */
/*
 * etw_wintypes.h - the Windows base types, on Linux, for libetw's
 * Windows-compatible headers (windows.h, evntprov.h, evntrace.h, ...).
 *
 * Every width is the Windows one, not the Linux one:
 *
 *   - LONG, ULONG and DWORD are 32 bits (int32_t / uint32_t).  They are
 *     never C `long`, which is 64 bits on LP64 Linux.  Print them with
 *     "%u"/"%d", not Windows' "%lu"/"%ld".
 *   - LONGLONG, ULONGLONG, ULONG64, ... are 64 bits and are spelt
 *     `long long` as on Windows, so "%llu"/"%llx" work unchanged.
 *   - WCHAR is UTF-16.  It is char16_t, never a 32-bit wchar_t, so a
 *     Windows L"..." literal does not convert to LPCWSTR: write
 *     TEXT("...") (with UNICODE defined) or u"...".  A program built
 *     with -fshort-wchar (wchar_t is then 16 bits) gets WCHAR = wchar_t
 *     instead, and L"..." works unchanged (Documentation/porting.rst).
 *   - BOOLEAN is 1 byte, BOOL is 4.
 *   - Calling-convention macros (WINAPI, __stdcall, ...) are empty: they
 *     have no effect on x86-64 Windows either.
 *
 * The structures of these headers describe the x86-64 (LP64) layout and
 * pin it with static assertions, so only LP64 targets are supported.
 */
#ifndef _LIBETW_ETW_WINTYPES_H
#define _LIBETW_ETW_WINTYPES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>	/* memset, memcpy, ... for ZeroMemory and friends */
#ifndef __cplusplus
#include <uchar.h>	/* char16_t; a keyword in C++11 */
#endif

#if !defined(__LP64__) && !defined(_LP64)
#error "libetw's Windows headers describe the x86-64/LP64 layout; this target is not LP64"
#endif

/* Compile-time layout checks, usable in C11 and C++11 alike. */
#ifdef __cplusplus
#define ETW_STATIC_ASSERT(expr, msg) static_assert(expr, msg)
#define ETW_ALIGNOF(type) alignof(type)
#else
#define ETW_STATIC_ASSERT(expr, msg) _Static_assert(expr, msg)
#define ETW_ALIGNOF(type) _Alignof(type)
#endif
/* Pin sizeof(type) to the Windows x86-64 value. */
#define ETW_ASSERT_SIZE(type, size) \
	ETW_STATIC_ASSERT(sizeof(type) == (size), "sizeof(" #type ") != " #size)
/* Pin the alignment of type to the Windows x86-64 value. */
#define ETW_ASSERT_ALIGN(type, align) \
	ETW_STATIC_ASSERT(ETW_ALIGNOF(type) == (align), "alignof(" #type ") != " #align)
/* Pin offsetof(type, field) to the Windows x86-64 value. */
#define ETW_ASSERT_OFFSET(type, field, off) \
	ETW_STATIC_ASSERT(offsetof(type, field) == (off), \
			  "offsetof(" #type ", " #field ") != " #off)

/* Is the generic (unsuffixed) API the UTF-16 one? */
#if defined(UNICODE) || defined(_UNICODE)
#define ETW_UNICODE 1
#endif

/* --- Calling conventions and declaration decorations (all no-ops) --- */
#ifndef WINAPI
#define WINAPI
#endif
#ifndef WINAPIV
#define WINAPIV
#endif
#ifndef APIENTRY
#define APIENTRY
#endif
#ifndef CALLBACK
#define CALLBACK
#endif
#ifndef NTAPI
#define NTAPI
#endif
#ifndef WMIAPI
#define WMIAPI
#endif
#ifndef EVNTAPI
#define EVNTAPI
#endif
#ifndef STDAPICALLTYPE
#define STDAPICALLTYPE
#endif
#ifndef __stdcall
#define __stdcall
#endif
#ifndef __cdecl
#define __cdecl
#endif
#ifndef _cdecl
#define _cdecl
#endif
#ifndef DECLSPEC_IMPORT
#define DECLSPEC_IMPORT
#endif
#ifndef DECLSPEC_EXPORT
#define DECLSPEC_EXPORT
#endif
#ifndef DECLSPEC_NOTHROW
#define DECLSPEC_NOTHROW
#endif
#ifndef DECLSPEC_SELECTANY
#define DECLSPEC_SELECTANY __attribute__((__weak__))
#endif
/* __declspec(...), including selectany definitions: see etw_declspec.h. */
#include "etw_declspec.h"
#ifndef DECLSPEC_NORETURN
#define DECLSPEC_NORETURN __attribute__((__noreturn__))
#endif
#ifndef DECLSPEC_ALIGN
#define DECLSPEC_ALIGN(x) __attribute__((__aligned__(x)))
#endif
/*
 * DECLSPEC_NOINLINE: mc.exe defines its helpers in the generated header
 * as "DECLSPEC_NOINLINE __inline ULONG McGenEventWrite(...) {...}".  In
 * C that is a C99 inline definition, which emits no code: a call that is
 * not inlined (and noinline ones never are), or the address of the
 * callback, would not link.  In C, DECLSPEC_NOINLINE therefore also
 * makes the function static (one private copy per translation unit, as
 * MSVC's COMDAT folding would give one), and drops the noinline attribute
 * there: gcc rejects noinline on an inline function in C (-Wattributes),
 * and a static inline function the compiler chooses not to inline is
 * what MSVC gives too.  Define LIBETW_NO_INLINE_FIXUP for the plain
 * attribute (Documentation/porting.rst).
 */
#ifndef DECLSPEC_NOINLINE
#if defined(__cplusplus) || defined(LIBETW_NO_INLINE_FIXUP)
#define DECLSPEC_NOINLINE __attribute__((__noinline__))
#else
#define DECLSPEC_NOINLINE static
#endif
#endif
#ifndef UNALIGNED
#define UNALIGNED
#endif
#ifndef CONST
#define CONST const
#endif
#ifndef FAR
#define FAR
#endif
#ifndef NEAR
#define NEAR
#endif
/*
 * Header-defined functions: `static inline` in C, so that no out-of-line
 * copy is ever needed; plain `inline` in C++ (a `static` would change the
 * meaning of member functions).  ETW_INLINE is what these headers use;
 * FORCEINLINE is the same for Windows code, unless it brings its own.
 */
#ifdef __cplusplus
#define ETW_INLINE inline
#else
#define ETW_INLINE static inline
#endif
#ifndef FORCEINLINE
#define FORCEINLINE ETW_INLINE
#endif
#ifndef __forceinline
#define __forceinline FORCEINLINE
#endif

/*
 * EXTERN_C: extern "C" in C++; empty in C (the SDK has `extern`).  In C
 * the storage class is what makes the difference for
 * `EXTERN_C __declspec(selectany) ULONG Bits[1];`, which must define the
 * object (etw_declspec.h).  Functions are extern by default anyway; a
 * *variable declaration* written `EXTERN_C T x;` in C becomes a tentative
 * definition, so write `extern T x;` for those (Documentation/porting.rst).
 */
#ifndef EXTERN_C
#ifdef __cplusplus
#define EXTERN_C extern "C"
#else
#define EXTERN_C
#endif
#endif
#ifndef EXTERN_C_START
#ifdef __cplusplus
#define EXTERN_C_START extern "C" {
#define EXTERN_C_END }
#else
#define EXTERN_C_START
#define EXTERN_C_END
#endif
#endif

/*
 * Nameless (anonymous) struct and union members, as the Windows layouts
 * need them: standard C11, a GNU extension in C++ and C99.  Marking them
 * __extension__ keeps -Wpedantic quiet in every language mode.
 */
#define ETW_NAMELESS __extension__
/* ...and Windows code's spelling of the missing member names is empty. */
#define DUMMYUNIONNAME
#define DUMMYUNIONNAME2
#define DUMMYUNIONNAME3
#define DUMMYUNIONNAME4
#define DUMMYUNIONNAME5
#define DUMMYSTRUCTNAME
#define DUMMYSTRUCTNAME2
#define DUMMYSTRUCTNAME3
#define DUMMYSTRUCTNAME4
#define DUMMYSTRUCTNAME5

#ifndef C_ASSERT
#define C_ASSERT(expr) ETW_STATIC_ASSERT(expr, #expr)
#endif
#ifndef UNREFERENCED_PARAMETER
#define UNREFERENCED_PARAMETER(P) ((void)(P))
#endif
#ifndef DBG_UNREFERENCED_PARAMETER
#define DBG_UNREFERENCED_PARAMETER(P) ((void)(P))
#endif
#ifndef DBG_UNREFERENCED_LOCAL_VARIABLE
#define DBG_UNREFERENCED_LOCAL_VARIABLE(V) ((void)(V))
#endif
#ifndef ARRAYSIZE
#define ARRAYSIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#ifndef RTL_NUMBER_OF
#define RTL_NUMBER_OF(a) ARRAYSIZE(a)
#endif
#ifndef FIELD_OFFSET
#define FIELD_OFFSET(type, field) ((LONG)offsetof(type, field))
#endif
#ifndef RTL_FIELD_SIZE
#define RTL_FIELD_SIZE(type, field) (sizeof(((type *)0)->field))
#endif
#ifndef RTL_SIZEOF_THROUGH_FIELD
#define RTL_SIZEOF_THROUGH_FIELD(type, field) \
	(offsetof(type, field) + RTL_FIELD_SIZE(type, field))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* --- Integer types (Windows widths) --- */
#ifndef VOID
#define VOID void
#endif
typedef char CHAR;
typedef short SHORT;
typedef int32_t LONG;		/* 32 bits: never C `long` */
typedef int INT;

typedef uint8_t BYTE;
typedef uint8_t UCHAR;
typedef uint8_t BOOLEAN;	/* 1 byte */
typedef int32_t BOOL;		/* 4 bytes */
typedef uint16_t USHORT;
typedef uint16_t WORD;
typedef uint32_t ULONG;		/* 32 bits: never C `unsigned long` */
typedef uint32_t DWORD;
typedef unsigned int UINT;
typedef float FLOAT;
typedef double DOUBLE;

typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
typedef long long LONG64;
typedef unsigned long long ULONG64;
typedef long long INT64;
typedef unsigned long long UINT64;
typedef unsigned long long DWORD64;
typedef unsigned long long DWORDLONG;
#ifndef __int64
#define __int64 long long	/* MSVC builtin; a macro so `unsigned __int64` works */
#endif

typedef int8_t INT8;
typedef int16_t INT16;
typedef int32_t INT32;
typedef uint8_t UINT8;
typedef uint16_t UINT16;
typedef uint32_t UINT32;
typedef int32_t LONG32;
typedef uint32_t ULONG32;
typedef uint32_t DWORD32;

/* Pointer-sized integers */
typedef intptr_t INT_PTR;
typedef uintptr_t UINT_PTR;
typedef intptr_t LONG_PTR;
typedef uintptr_t ULONG_PTR;
typedef uintptr_t DWORD_PTR;
typedef size_t SIZE_T;
typedef intptr_t SSIZE_T;

/*
 * Characters and strings: WCHAR is UTF-16 -- char16_t, or wchar_t when
 * the program is compiled with -fshort-wchar (then L"..." is UTF-16).
 */
#if defined(__SIZEOF_WCHAR_T__) && __SIZEOF_WCHAR_T__ == 2
#define ETW_SHORT_WCHAR 1
typedef wchar_t WCHAR;
#else
typedef char16_t WCHAR;
#endif
/*
 * ETW_WIDE("x"): a WCHAR string literal -- L"x" when wchar_t is 16 bits
 * (so it is the very type Windows code passes as LPCWSTR, in C and C++),
 * else u"x".  The W well-known names (KERNEL_LOGGER_NAMEW, ...) use it.
 */
#ifdef ETW_SHORT_WCHAR
#define ETW_WIDE(quote) L##quote
#else
#define ETW_WIDE(quote) u##quote
#endif
#ifdef ETW_UNICODE
typedef WCHAR TCHAR;
#else
typedef char TCHAR;
#endif

/* Handles and untyped pointers */
typedef void *HANDLE;
typedef void *PVOID;
typedef void *LPVOID;
typedef const void *PCVOID;
typedef const void *LPCVOID;
typedef HANDLE *PHANDLE;
typedef HANDLE *LPHANDLE;
typedef LONG HRESULT;
typedef LONG NTSTATUS;

/* --- Pointer variants --- */
typedef CHAR *PCHAR, *LPCH, *PCH;
typedef CHAR *PSTR, *LPSTR, *NPSTR;
typedef const CHAR *PCSTR, *LPCSTR, *PCCH, *LPCCH;
typedef SHORT *PSHORT;
typedef LONG *PLONG, *LPLONG;
typedef INT *PINT, *LPINT;
typedef BYTE *PBYTE, *LPBYTE;
typedef UCHAR *PUCHAR;
typedef const UCHAR *PCUCHAR;
typedef BOOLEAN *PBOOLEAN;
typedef BOOL *PBOOL, *LPBOOL;
typedef USHORT *PUSHORT;
typedef WORD *PWORD, *LPWORD;
typedef ULONG *PULONG;
typedef const ULONG *PCULONG;
typedef DWORD *PDWORD, *LPDWORD;
typedef UINT *PUINT, *LPUINT;
typedef LONGLONG *PLONGLONG;
typedef ULONGLONG *PULONGLONG;
typedef LONG64 *PLONG64;
typedef ULONG64 *PULONG64;
typedef INT64 *PINT64;
typedef UINT64 *PUINT64;
typedef DWORD64 *PDWORD64;
typedef INT8 *PINT8;
typedef INT16 *PINT16;
typedef INT32 *PINT32;
typedef UINT8 *PUINT8;
typedef UINT16 *PUINT16;
typedef UINT32 *PUINT32;
typedef LONG32 *PLONG32;
typedef ULONG32 *PULONG32;
typedef DWORD32 *PDWORD32;
typedef INT_PTR *PINT_PTR;
typedef UINT_PTR *PUINT_PTR;
typedef LONG_PTR *PLONG_PTR;
typedef ULONG_PTR *PULONG_PTR;
typedef DWORD_PTR *PDWORD_PTR;
typedef SIZE_T *PSIZE_T;
typedef SSIZE_T *PSSIZE_T;
typedef FLOAT *PFLOAT;

typedef WCHAR *PWCHAR, *LPWCH, *PWCH;
typedef const WCHAR *LPCWCH, *PCWCH, *PCWCHAR;
typedef WCHAR *PWSTR, *LPWSTR, *NWPSTR;
typedef const WCHAR *PCWSTR, *LPCWSTR;
typedef TCHAR *PTCHAR, *PTCH, *LPTCH;
typedef TCHAR *PTSTR, *LPTSTR;
typedef const TCHAR *PCTSTR, *LPCTSTR;

/* --- TEXT(): string literals of TCHAR type --- */
/*
 * With UNICODE (or _UNICODE) defined, TEXT("x") is u"x", a UTF-16 literal
 * that matches WCHAR/LPCWSTR.  A Windows L"x" literal is wchar_t (4 bytes
 * on Linux) and does not: replace it with TEXT("x") or u"x".
 */
#if defined(ETW_UNICODE) && defined(ETW_SHORT_WCHAR)
#define __TEXT(quote) L##quote
#elif defined(ETW_UNICODE)
#define __TEXT(quote) u##quote
#else
#define __TEXT(quote) quote
#endif
#ifndef TEXT
#define TEXT(quote) __TEXT(quote)
#endif
#ifndef __T
#define __T(quote) __TEXT(quote)
#endif
#ifndef _T
#define _T(quote) __T(quote)
#endif
#ifndef _TEXT
#define _TEXT(quote) __T(quote)
#endif

/* --- Constants --- */
#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#define INVALID_HANDLE_VALUE ((HANDLE)(LONG_PTR)-1)
#define ANYSIZE_ARRAY 1
#ifndef INFINITE
#define INFINITE 0xFFFFFFFF	/* an infinite timeout */
#endif
#ifndef MAX_PATH
#define MAX_PATH 260
#endif

/* Memory helpers ETW samples use (winnt.h / winbase.h). */
#ifndef RtlZeroMemory
#define RtlZeroMemory(Destination, Length) memset((Destination), 0, (Length))
#endif
#ifndef ZeroMemory
#define ZeroMemory RtlZeroMemory
#endif
#ifndef RtlFillMemory
#define RtlFillMemory(Destination, Length, Fill) memset((Destination), (Fill), (Length))
#endif
#ifndef FillMemory
#define FillMemory RtlFillMemory
#endif
#ifndef RtlCopyMemory
#define RtlCopyMemory(Destination, Source, Length) memcpy((Destination), (Source), (Length))
#endif
#ifndef CopyMemory
#define CopyMemory RtlCopyMemory
#endif
#ifndef RtlMoveMemory
#define RtlMoveMemory(Destination, Source, Length) memmove((Destination), (Source), (Length))
#endif
#ifndef MoveMemory
#define MoveMemory RtlMoveMemory
#endif
#ifndef RtlEqualMemory
#define RtlEqualMemory(Destination, Source, Length) (!memcmp((Destination), (Source), (Length)))
#endif
#ifndef EqualMemory
#define EqualMemory RtlEqualMemory
#endif

/* --- Structures --- */

/* A signed 64-bit value that can also be seen as two 32-bit halves. */
typedef union _LARGE_INTEGER {
	ETW_NAMELESS struct {
		DWORD LowPart;
		LONG HighPart;
	};
	struct {
		DWORD LowPart;
		LONG HighPart;
	} u;
	LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;

typedef union _ULARGE_INTEGER {
	ETW_NAMELESS struct {
		DWORD LowPart;
		DWORD HighPart;
	};
	struct {
		DWORD LowPart;
		DWORD HighPart;
	} u;
	ULONGLONG QuadPart;
} ULARGE_INTEGER, *PULARGE_INTEGER;

/* 100-ns intervals since 1601-01-01 00:00 UTC, as two 32-bit halves. */
typedef struct _FILETIME {
	DWORD dwLowDateTime;
	DWORD dwHighDateTime;
} FILETIME, *PFILETIME, *LPFILETIME;

typedef struct _SYSTEMTIME {
	WORD wYear;
	WORD wMonth;
	WORD wDayOfWeek;
	WORD wDay;
	WORD wHour;
	WORD wMinute;
	WORD wSecond;
	WORD wMilliseconds;
} SYSTEMTIME, *PSYSTEMTIME, *LPSYSTEMTIME;

typedef struct _TIME_ZONE_INFORMATION {
	LONG Bias;
	WCHAR StandardName[32];
	SYSTEMTIME StandardDate;
	LONG StandardBias;
	WCHAR DaylightName[32];
	SYSTEMTIME DaylightDate;
	LONG DaylightBias;
} TIME_ZONE_INFORMATION, *PTIME_ZONE_INFORMATION, *LPTIME_ZONE_INFORMATION;

/* Counted strings (ntdef.h); Length and MaximumLength are in bytes. */
#ifndef _LIBETW_COUNTED_STRINGS
#define _LIBETW_COUNTED_STRINGS
typedef struct _STRING {
	USHORT Length;
	USHORT MaximumLength;
	PCHAR Buffer;
} STRING, ANSI_STRING, OEM_STRING, *PSTRING, *PANSI_STRING, *POEM_STRING;
typedef const STRING *PCSTRING, *PCANSI_STRING, *PCOEM_STRING;
typedef struct _UNICODE_STRING {
	USHORT Length;
	USHORT MaximumLength;
	PWSTR Buffer;
} UNICODE_STRING, *PUNICODE_STRING;
typedef const UNICODE_STRING *PCUNICODE_STRING;
#endif

/* Security identifiers (winnt.h): 8 + 4 * SubAuthorityCount bytes. */
#ifndef SID_DEFINED
#define SID_DEFINED
typedef struct _SID_IDENTIFIER_AUTHORITY {
	BYTE Value[6];
} SID_IDENTIFIER_AUTHORITY, *PSID_IDENTIFIER_AUTHORITY;
typedef struct _SID {
	BYTE Revision;
	BYTE SubAuthorityCount;
	SID_IDENTIFIER_AUTHORITY IdentifierAuthority;
	DWORD SubAuthority[ANYSIZE_ARRAY];
} SID, *PISID;
typedef PVOID PSID;
#endif

/* --- Thread last-error value (thread-local in libetw) --- */
DWORD WINAPI GetLastError(void);
void WINAPI SetLastError(DWORD dwErrCode);

#ifdef __cplusplus
}
#endif

/* Reference §0.1: Windows type widths on LP64. */
ETW_ASSERT_SIZE(CHAR, 1);
ETW_ASSERT_SIZE(UCHAR, 1);
ETW_ASSERT_SIZE(BYTE, 1);
ETW_ASSERT_SIZE(BOOLEAN, 1);
ETW_ASSERT_SIZE(UINT8, 1);
ETW_ASSERT_SIZE(SHORT, 2);
ETW_ASSERT_SIZE(USHORT, 2);
ETW_ASSERT_SIZE(WORD, 2);
ETW_ASSERT_SIZE(UINT16, 2);
ETW_ASSERT_SIZE(WCHAR, 2);
ETW_ASSERT_SIZE(LONG, 4);
ETW_ASSERT_SIZE(ULONG, 4);
ETW_ASSERT_SIZE(DWORD, 4);
ETW_ASSERT_SIZE(UINT32, 4);
ETW_ASSERT_SIZE(INT, 4);
ETW_ASSERT_SIZE(UINT, 4);
ETW_ASSERT_SIZE(BOOL, 4);
ETW_ASSERT_SIZE(HRESULT, 4);
ETW_ASSERT_SIZE(LONGLONG, 8);
ETW_ASSERT_SIZE(ULONGLONG, 8);
ETW_ASSERT_SIZE(ULONG64, 8);
ETW_ASSERT_SIZE(UINT64, 8);
ETW_ASSERT_SIZE(DWORD64, 8);
ETW_ASSERT_SIZE(HANDLE, 8);
ETW_ASSERT_SIZE(PVOID, 8);
ETW_ASSERT_SIZE(ULONG_PTR, 8);
ETW_ASSERT_SIZE(LONG_PTR, 8);
ETW_ASSERT_SIZE(SIZE_T, 8);
ETW_ASSERT_SIZE(LARGE_INTEGER, 8);
ETW_ASSERT_ALIGN(LARGE_INTEGER, 8);
ETW_ASSERT_SIZE(ULARGE_INTEGER, 8);
ETW_ASSERT_OFFSET(LARGE_INTEGER, LowPart, 0);
ETW_ASSERT_OFFSET(LARGE_INTEGER, HighPart, 4);
ETW_ASSERT_SIZE(FILETIME, 8);
ETW_ASSERT_ALIGN(FILETIME, 4);
ETW_ASSERT_OFFSET(FILETIME, dwHighDateTime, 4);
ETW_ASSERT_SIZE(SYSTEMTIME, 16);
ETW_ASSERT_SIZE(TIME_ZONE_INFORMATION, 172);
ETW_ASSERT_SIZE(UNICODE_STRING, 16);
ETW_ASSERT_OFFSET(UNICODE_STRING, Buffer, 8);
ETW_ASSERT_SIZE(STRING, 16);
ETW_ASSERT_SIZE(SID, 12);
ETW_ASSERT_OFFSET(SID, SubAuthority, 8);
ETW_ASSERT_OFFSET(TIME_ZONE_INFORMATION, StandardName, 4);
ETW_ASSERT_OFFSET(TIME_ZONE_INFORMATION, StandardDate, 68);
ETW_ASSERT_OFFSET(TIME_ZONE_INFORMATION, StandardBias, 84);
ETW_ASSERT_OFFSET(TIME_ZONE_INFORMATION, DaylightName, 88);
ETW_ASSERT_OFFSET(TIME_ZONE_INFORMATION, DaylightDate, 152);
ETW_ASSERT_OFFSET(TIME_ZONE_INFORMATION, DaylightBias, 168);

#endif /* _LIBETW_ETW_WINTYPES_H */
