/* SPDX-License-Identifier: GPL-2.0-only */
/* etwbench-cg: eventheader.c (LinuxTracepoints' headers) for main.c. */
#ifndef ETWBENCH_CG_EVENTHEADER_H
#define ETWBENCH_CG_EVENTHEADER_H

int cg_eh_register(void);	/* TraceLoggingRegister: 0 or errno */
int cg_eh_enabled(void);	/* its tracepoint's TRACEPOINT_ENABLED */
void cg_loop_eh(long n);

#endif /* ETWBENCH_CG_EVENTHEADER_H */
