/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What tracepoint_ms.c (built with LinuxTracepoints' headers) offers
 * tracepoint_test.c (built with libetw's): plain C, no shared types.
 */
#ifndef _ETW_SELFTEST_TRACEPOINT_MS_H
#define _ETW_SELFTEST_TRACEPOINT_MS_H

/* ms_enabled(): TRACEPOINT_ENABLED of each tracepoint, a bit each. */
#define MS_L4K1		0x01	/* TpTestProvider_L4K1 */
#define MS_L5K1		0x02	/* TpTestProvider_L5K1 */
#define MS_L4K2		0x04	/* TpTestProvider_L4K2 */
#define MS_L4K3		0x08	/* TpTestProvider_L4K3 */
#define MS_GROUP	0x10	/* TpTestGroupMember_L4K1Gtptestgroup */

int ms_register(void);		/* TraceLoggingRegister: 0 or errno */
void ms_unregister(void);
unsigned ms_enabled(void);
int ms_write(int n);		/* n Ev1 events, then the others once */

/* The tracepoint.h interface: 0 when it behaves as documented. */
int ms_api_closed(void);
int ms_api_open(void);		/* 0, or errno of tracepoint_open_provider */
unsigned ms_api_plain_enabled(void);
int ms_api_plain_write(void);	/* tracepoint_write's result */
int ms_api_close(void);

#endif /* _ETW_SELFTEST_TRACEPOINT_MS_H */
