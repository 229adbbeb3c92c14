// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * UTF-8 <-> UTF-16LE (etw_utf.h).
 */
#include "etw_utf.h"

#define ETW_REPLACEMENT	0xFFFD

u32 etw_utf8_decode(const u8 *s, size_t n, size_t *i)
{
	u32 c = s[(*i)++], min;
	unsigned int more, k;

	if (c < 0x80)
		return c;
	if ((c & 0xE0) == 0xC0) {
		more = 1;
		c &= 0x1F;
		min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		more = 2;
		c &= 0x0F;
		min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		more = 3;
		c &= 0x07;
		min = 0x10000;
	} else {
		return ETW_REPLACEMENT;	/* a stray continuation or invalid byte */
	}
	for (k = 0; k < more; k++) {
		if (*i >= n || (s[*i] & 0xC0) != 0x80)
			return ETW_REPLACEMENT;	/* cut: what was read is gone */
		c = (c << 6) | (s[(*i)++] & 0x3F);
	}
	if (c < min || c > 0x10FFFF || (c >= 0xD800 && c < 0xE000))
		return ETW_REPLACEMENT;
	return c;
}

unsigned int etw_utf8_encode(u32 c, u8 *out)
{
	if (c < 0x80) {
		out[0] = (u8)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (u8)(0xC0 | c >> 6);
		out[1] = (u8)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (u8)(0xE0 | c >> 12);
		out[1] = (u8)(0x80 | ((c >> 6) & 0x3F));
		out[2] = (u8)(0x80 | (c & 0x3F));
		return 3;
	}
	out[0] = (u8)(0xF0 | c >> 18);
	out[1] = (u8)(0x80 | ((c >> 12) & 0x3F));
	out[2] = (u8)(0x80 | ((c >> 6) & 0x3F));
	out[3] = (u8)(0x80 | (c & 0x3F));
	return 4;
}

static void put_unit(u8 *out, size_t at, u32 u)
{
	out[2 * at] = (u8)u;
	out[2 * at + 1] = (u8)(u >> 8);
}

size_t etw_utf8_to_utf16(const char *s, size_t len, void *out, size_t room)
{
	const u8 *u = (const u8 *)s;
	size_t i = 0, w = 0;

	while (i < len && u[i]) {
		u32 c = u[i] < 0x80 ? u[i++] : etw_utf8_decode(u, len, &i);
		unsigned int need = c >= 0x10000 ? 2 : 1;

		if (w + need > room)
			break;
		if (out && need == 2) {
			c -= 0x10000;
			put_unit(out, w, 0xD800 | (c >> 10));
			put_unit(out, w + 1, 0xDC00 | (c & 0x3FF));
		} else if (out) {
			put_unit(out, w, c);
		}
		w += need;
	}
	return w;
}

size_t etw_utf8_to_utf16z(const char *s, size_t len, void *out, size_t room)
{
	size_t n;

	if (!out)
		return 2 * (etw_utf8_to_utf16(s, len, NULL, SIZE_MAX) + 1);
	if (room < 2)
		return 0;
	n = etw_utf8_to_utf16(s, len, out, room / 2 - 1);
	put_unit(out, n, 0);
	return 2 * (n + 1);
}

size_t etw_utf16_to_utf8(const void *s, size_t units, char *out, size_t room)
{
	const u8 *p = s;
	size_t i, w = 0;

	if (out && !room)
		return 0;
	for (i = 0; p && i < units; i++) {
		u32 c = p[2 * i] | (u32)p[2 * i + 1] << 8;
		u8 b[ETW_UTF8_MAX];
		unsigned int len, k;

		if (!c)
			break;
		if (c >= 0xD800 && c < 0xDC00 && i + 1 < units) {
			u32 c2 = p[2 * i + 2] | (u32)p[2 * i + 3] << 8;

			if (c2 >= 0xDC00 && c2 < 0xE000) {
				c = 0x10000 + ((c - 0xD800) << 10) + (c2 - 0xDC00);
				i++;
			} else {
				c = ETW_REPLACEMENT;
			}
		} else if (c >= 0xD800 && c < 0xE000) {
			c = ETW_REPLACEMENT;
		}
		len = etw_utf8_encode(c, b);
		if (out && w + len > room - 1)
			break;
		for (k = 0; out && k < len; k++)
			out[w + k] = (char)b[k];
		w += len;
	}
	if (out)
		out[w] = 0;
	return w;
}
