// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report: the page's style sheet and script, kept as the files
 * they are (report.css, report.js, in this directory) and built into the
 * program as NUL-terminated strings (tools/Makefile passes their paths
 * and rebuilds this file when they change).
 */
#define ASSET(sym, path) __asm__(					\
	".section .rodata\n"						\
	".global " #sym "\n"						\
	".type " #sym ", @object\n"					\
	#sym ":\n"							\
	".incbin \"" path "\"\n"					\
	".byte 0\n"							\
	".size " #sym ", . - " #sym "\n"				\
	".previous\n")

ASSET(report_css, REPORT_DIR "/report.css");
ASSET(report_js, REPORT_DIR "/report.js");
