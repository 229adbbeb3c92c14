/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared by tracelogging_test.c and tracelogging_value.cc. */
#ifndef _TRACELOGGING_TEST_H
#define _TRACELOGGING_TEST_H

#include <windows.h>
#include <TraceLoggingProvider.h>

#ifdef __cplusplus
extern "C" {
#endif
TRACELOGGING_DECLARE_PROVIDER(g_tl);
/* The event named @name must decode to @text. */
void expect_add(const char *name, const char *text);
/* TraceLoggingValue events (C++). */
void write_values(void);
#ifdef __cplusplus
}
#endif

#endif
