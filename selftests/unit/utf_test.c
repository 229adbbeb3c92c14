// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tree's one UTF-8 <-> UTF-16LE converter (kmod/shared/etw_utf.c),
 * used by etw.ko, libetw and the tools: characters of every length,
 * surrogate pairs, U+FFFD for what is not a character, output cut at a
 * whole character, and counting without writing.
 */
#include <stdint.h>
#include <string.h>

#include "shared/etw_utf.h"
#include "../kselftest_harness.h"

static size_t conv(const char *s, size_t room, u8 *out)
{
	memset(out, 0xAA, 64);
	return etw_utf8_to_utf16z(s, strlen(s), out, room);
}

TEST(utf8_to_utf16)
{
	static const u8 euro[] = { 0xAC, 0x20, 0, 0 };
	static const u8 smile[] = { 0x3D, 0xD8, 0x00, 0xDE, 0, 0 };
	u8 o[64];

	EXPECT_EQ(6, conv("ab", 64, o));
	EXPECT_EQ(0, memcmp(o, "a\0b\0\0\0", 6));
	EXPECT_EQ(4, conv("\xe2\x82\xac", 64, o));		/* U+20AC */
	EXPECT_EQ(0, memcmp(o, euro, 4));
	EXPECT_EQ(6, conv("\xf0\x9f\x98\x80", 64, o));		/* U+1F600 */
	EXPECT_EQ(0, memcmp(o, smile, 6));
	/* malformed, overlong, encoded surrogates and cut sequences: U+FFFD */
	EXPECT_EQ(6, conv("\xff" "a", 64, o));
	EXPECT_EQ(0xFD, o[0]);
	EXPECT_EQ(0xFF, o[1]);
	EXPECT_EQ('a', o[2]);
	EXPECT_EQ(4, conv("\xe2\x82", 64, o));
	EXPECT_EQ(0xFD, o[0]);
	EXPECT_EQ(4, conv("\xc0\xaf", 64, o));			/* overlong '/' */
	EXPECT_EQ(0xFD, o[0]);
	EXPECT_EQ(4, conv("\xed\xa0\x80", 64, o));		/* U+D800 */
	EXPECT_EQ(0xFD, o[0]);
	/* cut to the room, always terminated */
	EXPECT_EQ(6, conv("abcdef", 6, o));
	EXPECT_EQ(0, memcmp(o, "a\0b\0\0\0", 6));
	EXPECT_EQ(0xAA, o[6]);
	EXPECT_EQ(2, conv("\xf0\x9f\x98\x80", 4, o));	/* no half pair */
	EXPECT_EQ(0, conv("a", 1, o));
	/* counting: what a whole copy needs */
	EXPECT_EQ(10, etw_utf8_to_utf16z("a\xf0\x9f\x98\x80" "b", 6, NULL, 0));
	EXPECT_EQ(4, etw_utf8_to_utf16("a\xf0\x9f\x98\x80" "b", 6, NULL, SIZE_MAX));
	/* a NUL byte ends the string whatever the length says */
	EXPECT_EQ(1, etw_utf8_to_utf16("a\0b", 3, NULL, SIZE_MAX));
}

TEST(utf16_to_utf8)
{
	/* "aé€𝄞" + lone high surrogate */
	static const u8 s[] = { 'a', 0, 0xe9, 0, 0xac, 0x20, 0x34, 0xd8, 0x1e, 0xdd,
				0x00, 0xd8 };
	static const u8 lone_low[] = { 0x00, 0xdc, 'x', 0 };
	static const u8 nul[] = { 'a', 0, 0, 0, 'b', 0 };
	char out[32];

	EXPECT_EQ(13, etw_utf16_to_utf8(s, 6, out, sizeof(out)));
	EXPECT_STREQ("a\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e\xef\xbf\xbd", out);
	EXPECT_EQ(13, etw_utf16_to_utf8(s, 6, NULL, SIZE_MAX));
	/* truncation keeps whole characters */
	EXPECT_EQ(3, etw_utf16_to_utf8(s, 6, out, 5));
	EXPECT_STREQ("a\xc3\xa9", out);
	EXPECT_EQ(0, etw_utf16_to_utf8(NULL, 0, out, sizeof(out)));
	EXPECT_STREQ("", out);
	EXPECT_EQ(4, etw_utf16_to_utf8(lone_low, 2, out, sizeof(out)));
	EXPECT_STREQ("\xef\xbf\xbdx", out);
	/* a NUL unit ends the string */
	EXPECT_EQ(1, etw_utf16_to_utf8(nul, 3, out, sizeof(out)));
	EXPECT_STREQ("a", out);
}

TEST(round_trip)
{
	const char *t = "Ünïcödé ✓ \xf0\x9f\x98\x80 end";
	u8 w[128];
	char back[128];
	size_t n = etw_utf8_to_utf16(t, strlen(t), w, 64);

	EXPECT_EQ(strlen(t), etw_utf16_to_utf8(w, n, back, sizeof(back)));
	EXPECT_STREQ(t, back);
}

TEST_HARNESS_MAIN
