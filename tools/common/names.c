// SPDX-License-Identifier: GPL-2.0-only
/*
 * Providers by name (names.h).  The name hash is libetw's
 * (etw_provider_guid); the manifests from TDH (TdhEnumerateProviders); the kernel
 * classes from kmod/shared/etw_kevents; registrations from
 * EnumerateTraceGuidsEx, their names from their traits (the module's
 * ETW_QUERY_GUID_NAME; an older module answers EOPNOTSUPP: no names).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>

#include <evntrace.h>
#include <libetw.h>
#include <tdh.h>

#include "common/names.h"
#include "common/guid.h"
#include "shared/etw_eventheader.h"
#include "shared/etw_kevents.h"
#include "shared/etw_utf.h"

void provider_name_guid(const char *name, GUID *g)
{
	etw_provider_guid(name, g);	/* libetw's, shared with libtracepoint */
}

/* --- the installed and loaded manifests ---------------------------------- */

/* TDH's providers as they are now (manifests come and go), malloc'ed. */
static PROVIDER_ENUMERATION_INFO *manifests(void)
{
	PROVIDER_ENUMERATION_INFO *pe = NULL;
	ULONG size = 0;

	while (TdhEnumerateProviders(pe, &size) == ERROR_INSUFFICIENT_BUFFER) {
		PROVIDER_ENUMERATION_INFO *p = realloc(pe, size);

		if (!p)
			break;
		pe = p;
	}
	if (pe && !pe->NumberOfProviders) {
		free(pe);
		pe = NULL;
	}
	return pe;
}

static char *u8_at(const void *base, ULONG off, char *buf, size_t size)
{
	etw_utf16_to_utf8((const char *)base + off, SIZE_MAX, buf, size);
	return buf;
}

/* --- names ----------------------------------------------------------------- */

/* The GUIDs registered now (EnumerateTraceGuidsEx's list), malloc'ed. */
static GUID *registered(ULONG *n)
{
	GUID *list = NULL;
	ULONG size = 0, need = 0;

	*n = 0;
	while (EnumerateTraceGuidsEx(TraceGuidQueryList, NULL, 0, list, size, &need) ==
	       ERROR_INSUFFICIENT_BUFFER) {
		GUID *p = realloc(list, need);

		if (!p)
			break;
		list = p;
		size = need;
	}
	if (list && need <= size)
		*n = need / sizeof(GUID);
	return list;
}

/*
 * The name a registration of @g gives in its traits (TraceLogging's
 * provider name; ETW_QUERY_GUID_NAME), or NULL.
 */
static const char *traits_name(const GUID *g, char *buf, size_t size)
{
	struct etw_query_guids q;
	int fd = etw_dev_fd();

	if (fd < 0 || size < 2)
		return NULL;
	memset(&q, 0, sizeof(q));
	q.query = ETW_QUERY_GUID_NAME;
	memcpy(q.guid, g, sizeof(q.guid));
	q.buf = (uintptr_t)buf;
	q.buf_size = (__u32)size - 1;
	if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &q) || q.needed >= size)
		return NULL;
	buf[q.needed] = 0;
	return buf;
}

/*
 * A LinuxTracepoints tracepoint name, ProviderName_L<level>K<keyword>
 * (as perf-collect names them): the provider by its name hash, that
 * level and keyword.  0, or -1 if @s is none.
 */
static int eventheader_spec(const char *s, GUID *g, UCHAR *level, ULONGLONG *any)
{
	struct etw_eh_tpname tn;
	char name[ETW_EH_NAME_MAX];

	if (etw_eh_tpname_parse(s, (u32)strlen(s), &tn))
		return -1;
	memcpy(name, tn.provider, tn.provider_len);
	name[tn.provider_len] = 0;
	provider_name_guid(name, g);
	if (level)
		*level = tn.level;
	if (any)
		*any = tn.keyword;
	return 0;
}

int provider_lookup(const char *s, GUID *g, enum provider_source *src,
		    char *err, size_t errlen)
{
	PROVIDER_ENUMERATION_INFO *pe;
	enum provider_source dummy;
	char buf[512];
	GUID *list;
	ULONG i, n;

	if (!src)
		src = &dummy;
	if (!etw_guid_parse(s, g)) {
		*src = PROV_BY_GUID;
		return 0;
	}
	if (s[0] == '*' && s[1]) {
		provider_name_guid(s + 1, g);
		*src = PROV_BY_HASH;
		return 0;
	}
	pe = manifests();
	for (i = 0; pe && i < pe->NumberOfProviders; i++) {
		const TRACE_PROVIDER_INFO *t = &pe->TraceProviderInfoArray[i];

		if (!strcasecmp(u8_at(pe, t->ProviderNameOffset, buf, sizeof(buf)), s)) {
			*g = t->ProviderGuid;
			*src = PROV_BY_MANIFEST;
			free(pe);
			return 0;
		}
	}
	free(pe);
	for (i = 0; i < 256; i++) {
		const char *k = etw_kgroup_name((u8)i);
		const u8 *kg = etw_kgroup_guid((u8)i);

		if (k && kg && !strcasecmp(k, s)) {
			memcpy(g, kg, sizeof(*g));
			*src = PROV_BY_KERNEL;
			return 0;
		}
	}
	/* Registered: by its traits' name, or by the name's hash as its GUID. */
	provider_name_guid(s, g);
	list = registered(&n);
	for (i = 0; i < n; i++) {
		const char *name = traits_name(&list[i], buf, sizeof(buf));

		if ((name && !strcasecmp(name, s)) || IsEqualGUID(&list[i], g)) {
			*g = list[i];
			*src = PROV_BY_REGISTERED;
			free(list);
			return 0;
		}
	}
	free(list);
	/* A LinuxTracepoints tracepoint name: its provider's name hash. */
	if (!eventheader_spec(s, g, NULL, NULL)) {
		*src = PROV_BY_HASH;
		return 0;
	}
	snprintf(err, errlen, "no provider is named '%s' (none of the installed manifests: "
		 "'etwctl manifest list'; no kernel class; not registered now); "
		 "give its GUID, or '*%s' for the GUID Windows derives from the name",
		 s, s);
	return -1;
}

int kgroup_of(const GUID *g)
{
	static __thread GUID last;
	static __thread int group = -2;	/* -2: none yet */

	if (group == -2 || !IsEqualGUID(&last, g)) {
		group = etw_kgroup_of_guid((const u8 *)g);
		last = *g;
	}
	return group;
}

const char *provider_name(const GUID *g)
{
	static char buf[512];
	PROVIDER_ENUMERATION_INFO *pe = manifests();
	int grp = etw_kgroup_of_guid((const u8 *)g);
	ULONG i;

	for (i = 0; pe && i < pe->NumberOfProviders; i++) {
		if (IsEqualGUID(&pe->TraceProviderInfoArray[i].ProviderGuid, g)) {
			u8_at(pe, pe->TraceProviderInfoArray[i].ProviderNameOffset,
			      buf, sizeof(buf));
			free(pe);
			return buf;
		}
	}
	free(pe);
	if (grp >= 0)
		return etw_kgroup_name((u8)grp);
	return traits_name(g, buf, sizeof(buf));
}

int level_parse(const char *s, UCHAR *level)
{
	static const char *const names[] = {
		"none", "critical", "error", "warning", "information", "verbose",
	};
	unsigned long v;
	char *end;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcasecmp(s, names[i])) {
			*level = (UCHAR)i;
			return 0;
		}
	}
	if (!strcasecmp(s, "info")) {
		*level = TRACE_LEVEL_INFORMATION;
		return 0;
	}
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > 255)
		return -1;
	*level = (UCHAR)v;
	return 0;
}

static int hex_u64(const char *s, ULONGLONG *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 16);
	return errno || *end ? -1 : 0;
}

int provider_spec(const char *spec, GUID *g, UCHAR *level, ULONGLONG *any,
		  ULONGLONG *all, char *err, size_t errlen)
{
	char *copy = strdup(spec), *f[4] = { NULL }, *p;
	int n = 0, ret = -1;
	ULONGLONG eh_any;
	UCHAR eh_level;
	GUID eh;

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* Neither a GUID nor a name has a ':'. */
	for (p = copy, f[n++] = p; (p = strchr(p, ':')) && n < 4; f[n++] = p)
		*p++ = 0;
	*all = 0;
	if (p) {
		snprintf(err, errlen, "PROVIDER[:LEVEL[:ANY[:ALL]]], no more");
		goto out;
	}
	if (provider_lookup(f[0], g, NULL, err, errlen))
		goto out;
	/* A tracepoint name (Provider_L5K1): its level and keyword, unless given. */
	if (!eventheader_spec(f[0], &eh, &eh_level, &eh_any) && IsEqualGUID(&eh, g)) {
		*level = eh_level;
		*any = eh_any;
	}
	if (f[1] && *f[1] && level_parse(f[1], level)) {
		snprintf(err, errlen, "'%s' is no level (0..255, critical, error, warning, "
			 "information, verbose)", f[1]);
	} else if ((f[2] && *f[2] && hex_u64(f[2], any)) || (f[3] && *f[3] && hex_u64(f[3], all))) {
		snprintf(err, errlen, "'%s' is no keyword mask (hexadecimal, e.g. 0x10)",
			 f[2] && hex_u64(f[2], any) ? f[2] : f[3]);
	} else {
		ret = 0;
	}
out:
	free(copy);
	return ret;
}
