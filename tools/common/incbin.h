/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A file of the tree built into a tool as a NUL-terminated string
 * (etwdump --report's style sheet and script, etw-export's schema.sql):
 *
 *	ETW_INCBIN(schema_sql, SCHEMA_PATH);	// at file scope
 *	extern const char schema_sql[];
 *
 * The Makefile passes the path (absolute) and makes the object depend
 * on the file.
 */
#ifndef _TOOLS_COMMON_INCBIN_H
#define _TOOLS_COMMON_INCBIN_H

#define ETW_INCBIN(sym, path) __asm__(					\
	".section .rodata\n"						\
	".global " #sym "\n"						\
	".type " #sym ", @object\n"					\
	#sym ":\n"							\
	".incbin \"" path "\"\n"					\
	".byte 0\n"							\
	".size " #sym ", . - " #sym "\n"				\
	".previous\n")

#endif /* _TOOLS_COMMON_INCBIN_H */
