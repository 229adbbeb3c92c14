/* SPDX-License-Identifier: MIT */
/*
 * guiddef.h - GUID, its pointer/reference types, comparison and
 * DEFINE_GUID.
 *
 * DEFINE_GUID(name, l, w1, w2, b1, ..., b8) follows the Windows INITGUID
 * rule: normally it only declares `extern const GUID name;`; in a
 * translation unit that defines INITGUID (or includes <initguid.h>)
 * before including this header, it defines the GUID.  As on Windows
 * (where the definition is "selectany"), the definition is weak, so
 * several translation units may define the same GUID.  This part of the
 * header is re-read on every inclusion, so including <initguid.h> late
 * still switches DEFINE_GUID to defining.
 *
 * The GUIDs libetw's own headers provide (GUID_NULL, EventTraceGuid, ...)
 * are `static const` objects instead, usable by name in every
 * translation unit with no INITGUID at all.
 */
#ifndef _LIBETW_GUIDDEF_H
#define _LIBETW_GUIDDEF_H

#include "etw_wintypes.h"	/* and <string.h> (memcmp) */

#ifdef __cplusplus
extern "C" {
#endif

#ifndef GUID_DEFINED
#define GUID_DEFINED
/*
 * A 128-bit identifier.  Data1..Data3 are stored little-endian (native
 * order on x86-64), Data4 byte by byte.  16 bytes, 4-byte aligned.
 */
typedef struct _GUID {
	uint32_t Data1;
	uint16_t Data2;
	uint16_t Data3;
	uint8_t Data4[8];
} GUID;
#endif

typedef GUID *LPGUID;
typedef GUID *PGUID;
typedef const GUID *LPCGUID;
typedef const GUID *PCGUID;
typedef GUID IID;
typedef IID *LPIID;
typedef GUID CLSID;
typedef CLSID *LPCLSID;
typedef GUID FMTID;

/* REFGUID: a reference in C++, a pointer in C (as on Windows). */
#ifdef __cplusplus
#define REFGUID const GUID &
#define REFIID const IID &
#define REFCLSID const IID &
#define REFFMTID const IID &
#else
#define REFGUID const GUID *
#define REFIID const IID *
#define REFCLSID const IID *
#define REFFMTID const IID *
#endif

/* The all-zero GUID (unused in most programs, and not to warn there). */
static const GUID GUID_NULL __attribute__((__unused__)) =
	{ 0, 0, 0, { 0, 0, 0, 0, 0, 0, 0, 0 } };
#define IID_NULL GUID_NULL
#define CLSID_NULL GUID_NULL
#define FMTID_NULL GUID_NULL

#ifdef __cplusplus
}	/* extern "C" */

/* C++: compare by reference, and == / != as the SDK provides. */
inline int InlineIsEqualGUID(REFGUID a, REFGUID b)
{
	return memcmp(&a, &b, sizeof(GUID)) == 0;
}
inline int IsEqualGUID(REFGUID a, REFGUID b)
{
	return memcmp(&a, &b, sizeof(GUID)) == 0;
}
inline bool operator==(REFGUID a, REFGUID b)
{
	return IsEqualGUID(a, b) != 0;
}
inline bool operator!=(REFGUID a, REFGUID b)
{
	return !(a == b);
}
#else
/* C: compare two GUIDs through pointers; nonzero when equal. */
ETW_INLINE int InlineIsEqualGUID(REFGUID a, REFGUID b)
{
	return memcmp(a, b, sizeof(GUID)) == 0;
}
ETW_INLINE int IsEqualGUID(REFGUID a, REFGUID b)
{
	return memcmp(a, b, sizeof(GUID)) == 0;
}
#endif
#define IsEqualIID(a, b) IsEqualGUID(a, b)
#define IsEqualCLSID(a, b) IsEqualGUID(a, b)
#define IsEqualFMTID(a, b) IsEqualGUID(a, b)

/* Reference §0.1: GUID is 16 bytes, 4-aligned. */
ETW_ASSERT_SIZE(GUID, 16);
ETW_ASSERT_ALIGN(GUID, 4);
ETW_ASSERT_OFFSET(GUID, Data2, 4);
ETW_ASSERT_OFFSET(GUID, Data3, 6);
ETW_ASSERT_OFFSET(GUID, Data4, 8);

#endif /* _LIBETW_GUIDDEF_H */

/*
 * DEFINE_GUID is (re)defined on every inclusion, after INITGUID may have
 * changed, exactly like the SDK's guiddef.h.
 */
#ifdef DEFINE_GUID
#undef DEFINE_GUID
#endif
#ifdef INITGUID
#ifdef __cplusplus
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	extern "C" const GUID DECLSPEC_SELECTANY name = \
		{ l, w1, w2, { b1, b2, b3, b4, b5, b6, b7, b8 } }
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	const GUID DECLSPEC_SELECTANY name = \
		{ l, w1, w2, { b1, b2, b3, b4, b5, b6, b7, b8 } }
#endif
#elif defined(__cplusplus)
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	extern "C" const GUID name
#else
#define DEFINE_GUID(name, l, w1, w2, b1, b2, b3, b4, b5, b6, b7, b8) \
	extern const GUID name
#endif
