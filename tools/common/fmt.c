// SPDX-License-Identifier: GPL-2.0-only
/*
 * Times and bytes as text (fmt.h).
 */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "common/fmt.h"
#include "tdh_internal.h"

/*
 * Events come many to a second: the date and time of day are formatted
 * once per second (this thread's last), the 100-ns digits each time.
 */
void iso_time(LONGLONG ft, char out[96])
{
	static __thread uint64_t sec = UINT64_MAX;
	static __thread char day[20];	/* "2024-01-31T12:34:56." */
	uint64_t u = (uint64_t)ft, f;
	int i;

	if (u / 10000000 != sec) {
		if (tdh_filetime_text(u, out, 96) != 28)
			return;		/* a year of more than four digits */
		memcpy(day, out, 20);
		sec = u / 10000000;
		return;
	}
	memcpy(out, day, 20);
	for (i = 26, f = u % 10000000; i >= 20; i--, f /= 10)
		out[i] = (char)('0' + f % 10);
	out[27] = 'Z';
	out[28] = 0;
}

const char *span_text(long long ns, char *buf, size_t size)
{
	long long s;

	if (ns < 0)
		ns = 0;
	s = ns / 1000000000LL;
	if (s >= 3600)
		snprintf(buf, size, "%lldh%02lldm%02llds", s / 3600, s / 60 % 60, s % 60);
	else if (s >= 60)
		snprintf(buf, size, "%lldm%02llds", s / 60, s % 60);
	else if (ns >= 1000000000LL)
		snprintf(buf, size, "%.3g s", ns / 1e9);
	else if (ns >= 1000000)
		snprintf(buf, size, "%.3g ms", ns / 1e6);
	else if (ns >= 1000)
		snprintf(buf, size, "%.3g us", ns / 1e3);
	else
		snprintf(buf, size, "%lld ns", ns);
	return buf;
}

void put_hex(FILE *f, const void *p, size_t n)
{
	static const char hx[] = "0123456789abcdef";
	const unsigned char *b = p;
	char buf[512];
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		buf[k++] = hx[b[i] >> 4];
		buf[k++] = hx[b[i] & 15];
		if (k == sizeof(buf)) {
			fwrite_unlocked(buf, 1, k, f);
			k = 0;
		}
	}
	fwrite_unlocked(buf, 1, k, f);
}
