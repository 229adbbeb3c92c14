/* SPDX-License-Identifier: GPL-2.0-only */
/* What headers_unicode.c (built with UNICODE and INITGUID) exports to headers_test.c. */
#ifndef HEADERS_TEST_H
#define HEADERS_TEST_H

#include <stddef.h>

/* Expansions of the generic names, NULL-terminated, in the order of ansi_names[]. */
const char *const *unicode_selected_names(void);
size_t unicode_tchar_size(void);
const void *unicode_text_abc(size_t *size);
const void *unicode_kernel_logger_name(size_t *size);

#endif
