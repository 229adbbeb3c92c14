// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tracepoints of an EventHeader provider (LinuxTracepoints through
 * libtracepoint): each registration of its GUID whose traits carry the
 * ETW_TRAIT_TYPE_EVENTHEADER trait is one tracepoint, named there
 * (ETW_QUERY_GUID_TRAITS).  etwctl providers shows them beside the
 * provider.  An etw.ko without that query shows none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "etwctl.h"
#include "shared/etw_eventheader.h"

/* The EventHeader trait's tracepoint name in @t (@len bytes), or NULL. */
static const char *tp_trait(const uint8_t *t, uint32_t len)
{
	const uint8_t *z;
	uint32_t pos;

	if (len < 3)
		return NULL;
	z = memchr(t + 2, 0, len - 2);
	if (!z)
		return NULL;
	for (pos = (uint32_t)(z - t) + 1; pos + 3 <= len;) {
		uint32_t ts = t[pos] | t[pos + 1] << 8;

		if (ts < 4 || pos + ts > len)
			return NULL;
		if (t[pos + 2] == ETW_TRAIT_TYPE_EVENTHEADER && !t[pos + ts - 1])
			return (const char *)t + pos + 3;
		pos += ts;
	}
	return NULL;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int provider_tracepoints(const GUID *g, char ***out)
{
	struct etw_query_guids q;
	char **names = NULL;
	uint8_t *buf = NULL, *p;
	uint32_t i;
	int fd = etw_dev_fd(), n = 0;

	*out = NULL;
	if (fd < 0)
		return 0;
	/* Size, then fill (registrations may come meanwhile: retry once). */
	memset(&q, 0, sizeof(q));
	q.query = ETW_QUERY_GUID_TRAITS;
	memcpy(q.guid, g, 16);
	if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &q) || !q.needed)
		return 0;
	for (i = 0; i < 2; i++) {
		uint32_t need = q.needed;

		free(buf);
		buf = malloc(need);
		if (!buf)
			return 0;
		memset(&q, 0, sizeof(q));
		q.query = ETW_QUERY_GUID_TRAITS;
		memcpy(q.guid, g, 16);
		q.buf = (uintptr_t)buf;
		q.buf_size = need;
		if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &q)) {
			free(buf);
			return 0;
		}
		if (q.needed <= need)
			break;
	}
	names = calloc(q.count ? q.count : 1, sizeof(*names));
	for (i = 0, p = buf; names && i < q.count &&
	     p + sizeof(struct etw_guid_traits) <= buf + q.needed; i++) {
		const struct etw_guid_traits *gt = (const void *)p;
		const char *tp;
		int k, dup = 0;

		p += sizeof(*gt);
		if (p + gt->size > buf + q.needed)
			break;
		tp = tp_trait(p, gt->size);
		for (k = 0; tp && k < n; k++)
			dup |= !strcmp(names[k], tp);
		if (tp && !dup)
			names[n++] = strdup(tp);
		p += (gt->size + 7) & ~7u;
	}
	free(buf);
	if (!n) {
		free(names);
		return 0;
	}
	qsort(names, (size_t)n, sizeof(*names), by_name);
	*out = names;
	return n;
}

void tracepoints_free(char **names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}
