/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * WPP configuration of the sample, as Windows projects keep it in their
 * trace.h: the control GUID and its flags, and the trace functions
 * tracewpp (here etwwpp -scan:trace.h) reads from the config block.
 */
#pragma once

#define WPP_CONTROL_GUIDS                                                   \
    WPP_DEFINE_CONTROL_GUID(                                                \
        EtwSampleWppTraceGuid, (8c9a5e31,2f4b,4d6e,9a1c,3b5d7e9fa1c3),    \
        WPP_DEFINE_BIT(TRACE_INIT)          /* 0x00000001 */              \
        WPP_DEFINE_BIT(TRACE_WORK)          /* 0x00000002 */              \
        WPP_DEFINE_BIT(TRACE_ERRORS)        /* 0x00000004 */              \
        )

//
// begin_wpp config
// FUNC TraceEvents(LEVEL, FLAGS, MSG, ...);
// FUNC TraceError{LEVEL=TRACE_LEVEL_ERROR, FLAG=TRACE_ERRORS}(MSG, ...);
// FUNC TraceDone{LEVEL=TRACE_LEVEL_INFORMATION, FLAGS=TRACE_INIT}(MSG, ...);
// USESUFFIX(TraceDone, " (%!FUNC!, %s)", "suffix");
// CUSTOM_TYPE(state, ItemListLong(Idle, Busy, Done));
// end_wpp
//
