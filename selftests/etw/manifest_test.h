/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * manifest_cxx.cc: the etwmc header in a C++ translation unit, linked
 * into manifest_test with the C one.
 */
#ifndef _ETW_SELFTEST_MANIFEST_TEST_H
#define _ETW_SELFTEST_MANIFEST_TEST_H

#ifdef __cplusplus
extern "C" {
#endif

/* EventWriteEvMaps from C++. */
ULONG cxx_write_maps(UINT32 color, UINT32 flags, UINT32 other);
/* The provider context C++ sees (one object with C's: selectany). */
const void *cxx_context(void);
/* EventEnabledEvInts() as C++ sees it. */
int cxx_enabled_ints(void);

#ifdef __cplusplus
}
#endif

#endif /* _ETW_SELFTEST_MANIFEST_TEST_H */
