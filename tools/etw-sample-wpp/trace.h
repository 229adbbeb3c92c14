/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * WPP configuration of the sample, as Windows projects keep it in their
 * trace.h: the control GUID and its flags, and the trace functions
 * tracewpp (here etwwpp -scan:trace.h) reads from the config block.
 */
#pragma once

#define WPP_CONTROL_GUIDS                                                   \
    WPP_DEFINE_CONTROL_GUID(                                                \
        EtwSampleWppTraceGuid, (0x8c9a5e31,0x2f4b,0x4d6e,0x9a,0x1c,0x3b,0x5d,0x7e,0x9f,0xa1,0xc3), \
        WPP_DEFINE_BIT(TRACE_INIT)          /* 0x00000001 */              \
        WPP_DEFINE_BIT(TRACE_WORK)          /* 0x00000002 */              \
        WPP_DEFINE_BIT(TRACE_ERRORS)        /* 0x00000004 */              \
        )

//
// begin_wpp config
// FUNC TraceEvents(LEVEL, FLAGS, MSG, ...);
// FUNC TraceError{LEVEL=TRACE_LEVEL_ERROR, FLAG=TRACE_ERRORS}(MSG, ...);
// end_wpp
//
