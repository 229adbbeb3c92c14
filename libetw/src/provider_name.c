// SPDX-License-Identifier: MIT
/*
 * The provider GUID of a provider name: the hash TraceLogging and
 * EventSource use on Windows and LinuxTracepoints' TraceLoggingProvider.h
 * documents (SHA-1 over the namespace {482C2DB2-C390-47C8-87F8-1A15BFC130FB}
 * and the name upper-cased in UTF-16BE; 16 bytes of the digest with the
 * version nibble 5, read as a little-endian GUID).  SHA-1 from nettle.
 * libtracepoint registers its providers under it, etwctl finds providers
 * by name with it.
 */
#include <stdlib.h>
#include <string.h>

#include <nettle/sha1.h>

#include <guiddef.h>
#include "libetw.h"
#include "internal.h"
#include "shared/etw_utf.h"

ETW_EXPORT void etw_provider_guid(const char *name, GUID *g)
{
	/* {482C2DB2-C390-47C8-87F8-1A15BFC130FB}, big-endian. */
	static const unsigned char ns[16] = {
		0x48, 0x2C, 0x2D, 0xB2, 0xC3, 0x90, 0x47, 0xC8,
		0x87, 0xF8, 0x1A, 0x15, 0xBF, 0xC1, 0x30, 0xFB,
	};
	unsigned char h[SHA1_DIGEST_SIZE], buf[512], *w;
	size_t len = strlen(name), units, i;
	struct sha1_ctx c;

	units = etw_utf8_to_utf16(name, len, NULL, SIZE_MAX);
	w = 2 * units <= sizeof(buf) ? buf : malloc(2 * units);
	sha1_init(&c);
	sha1_update(&c, sizeof(ns), ns);
	if (w) {
		etw_utf8_to_utf16(name, len, w, units);
		/* Upper case (ASCII; others as they are), then big-endian. */
		for (i = 0; i < units; i++) {
			unsigned char lo = w[2 * i], hi = w[2 * i + 1];

			if (!hi && lo >= 'a' && lo <= 'z')
				lo -= 32;
			w[2 * i] = hi;
			w[2 * i + 1] = lo;
		}
		sha1_update(&c, 2 * units, w);
		if (w != buf)
			free(w);
	}
	sha1_digest(&c, sizeof(h), h);
	h[7] = (h[7] & 0x0F) | 0x50;
	g->Data1 = (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16 |
		   (uint32_t)h[3] << 24;
	g->Data2 = (uint16_t)(h[4] | h[5] << 8);
	g->Data3 = (uint16_t)(h[6] | h[7] << 8);
	memcpy(g->Data4, h + 8, 8);
}
