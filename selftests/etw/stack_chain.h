/* SPDX-License-Identifier: GPL-2.0-only */
/* stack_test's call chain (stack_chain.c, built with and without frame pointers). */
#ifndef _STACK_CHAIN_H
#define _STACK_CHAIN_H

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <TraceLoggingProvider.h>

enum chain_how { CHAIN_WRITE, CHAIN_TRANSFER, CHAIN_STRING, CHAIN_TRACELOGGING,
		 CHAIN_CLASSIC, CHAIN_MESSAGE };

struct chain {
	REGHANDLE reg;
	TraceLoggingHProvider tl;
	enum chain_how how;
	USHORT id;
	UINT32 value;
	TRACELOGGER_HANDLE logger;	/* CHAIN_CLASSIC, CHAIN_MESSAGE */
	const GUID *class_guid;		/* their event class / message GUID */
};

void chain_a_fp(const struct chain *c);
void chain_a_nofp(const struct chain *c);

#endif /* _STACK_CHAIN_H */
