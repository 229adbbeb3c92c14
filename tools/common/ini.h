/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The INI-style lines of the tools' configuration files (etw-journald's
 * journald.conf, etwctl's autologger.d/NAME.conf): blanks around lines,
 * keys and values do not count; a blank line, or one whose first
 * character is '#' or ';', is a comment; a key=value line splits at its
 * first '='.  Sections, keys and values are each file's own business.
 */
#ifndef _TOOLS_COMMON_INI_H
#define _TOOLS_COMMON_INI_H

#include <ctype.h>
#include <string.h>

/* @s without its leading and trailing blanks (the trailing ones cut off). */
static inline char *etw_ini_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = 0;
	return s;
}

/* Whether the (trimmed) line @l is blank or a comment. */
static inline int etw_ini_comment(const char *l)
{
	return !*l || *l == '#' || *l == ';';
}

/*
 * Split the (trimmed) line @l at its first '=' into a trimmed key and
 * value, both in @l; -1 (and @l untouched) when it has no '='.
 */
static inline int etw_ini_split(char *l, char **key, char **value)
{
	char *eq = strchr(l, '=');

	if (!eq)
		return -1;
	*eq = 0;
	*key = etw_ini_trim(l);
	*value = etw_ini_trim(eq + 1);
	return 0;
}

#endif /* _TOOLS_COMMON_INI_H */
