/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * GUIDs as text for the command-line tools: the registry form
 * xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, braces optional on input,
 * parsed to the Windows GUID layout (Data1..Data3 as integers, Data4 as
 * bytes in the order written).
 */
#ifndef _TOOLS_COMMON_GUID_H
#define _TOOLS_COMMON_GUID_H

#include <stdio.h>
#include <string.h>
#include <guiddef.h>

/* Room for the text form with braces and the NUL. */
#define ETW_GUID_STR_LEN 39

static inline int etw_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Parse @s into @g.  Returns 0, or -1 if @s is not a GUID. */
static inline int etw_guid_parse(const char *s, GUID *g)
{
	/* Hex digits per group, and where each group's bytes go. */
	static const int digits[5] = { 8, 4, 4, 4, 12 };
	unsigned char b[16];
	size_t len = strlen(s);
	int grp, i, nb = 0;

	if (len == 38 && s[0] == '{' && s[37] == '}')
		s++;
	else if (len != 36)
		return -1;
	for (grp = 0; grp < 5; grp++) {
		for (i = 0; i < digits[grp]; i += 2) {
			int hi = etw_hexval(s[i]), lo = etw_hexval(s[i + 1]);

			if (hi < 0 || lo < 0)
				return -1;
			b[nb++] = (unsigned char)(hi << 4 | lo);
		}
		s += digits[grp];
		if (grp < 4 && *s++ != '-')
			return -1;
	}
	g->Data1 = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
		   (uint32_t)b[2] << 8 | b[3];
	g->Data2 = (uint16_t)(b[4] << 8 | b[5]);
	g->Data3 = (uint16_t)(b[6] << 8 | b[7]);
	memcpy(g->Data4, b + 8, 8);
	return 0;
}

/*
 * Format @g without braces into @buf (at least ETW_GUID_STR_LEN bytes),
 * lower-case: a table, not printf (it is on every event's line).
 */
static inline const char *etw_guid_str(const GUID *g, char *buf)
{
	static const char hx[] = "0123456789abcdef";
	unsigned char b[16];
	char *p = buf;
	int i;

	b[0] = (unsigned char)(g->Data1 >> 24);
	b[1] = (unsigned char)(g->Data1 >> 16);
	b[2] = (unsigned char)(g->Data1 >> 8);
	b[3] = (unsigned char)g->Data1;
	b[4] = (unsigned char)(g->Data2 >> 8);
	b[5] = (unsigned char)g->Data2;
	b[6] = (unsigned char)(g->Data3 >> 8);
	b[7] = (unsigned char)g->Data3;
	memcpy(b + 8, g->Data4, 8);
	for (i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*p++ = '-';
		*p++ = hx[b[i] >> 4];
		*p++ = hx[b[i] & 15];
	}
	*p = 0;
	return buf;
}

#endif /* _TOOLS_COMMON_GUID_H */
