/* SPDX-License-Identifier: MIT */
/*
 * initguid.h - make DEFINE_GUID define (not just declare) its GUID in this
 * translation unit, as on Windows: include it before (or after) the
 * headers whose DEFINE_GUIDs this file should own.  See guiddef.h.
 */
#ifndef INITGUID
#define INITGUID
#endif
#include "guiddef.h"
