/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel-mode providers inside etw.ko: what etw_ktlg.c (TraceLogging)
 * needs of etw_kprov.c beyond the public API of etw_km.h.
 */
#ifndef _ETW_KPROV_H
#define _ETW_KPROV_H

#include <etw_km.h>

NTSTATUS etw_kregister(LPCGUID ProviderId, PETWENABLECALLBACK EnableCallback,
		       PVOID CallbackContext, PREGHANDLE RegHandle,
		       unsigned long caller);

#endif /* _ETW_KPROV_H */
