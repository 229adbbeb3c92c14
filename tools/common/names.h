/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Providers by name, wherever a tool takes or shows a provider GUID.
 *
 * A provider the user names is one of:
 *   - a GUID, braces optional;
 *   - "*Name": the GUID Windows derives from a name (the ETW name hash
 *     of TraceLogging and EventSource: SHA-1 over a fixed namespace and
 *     the upper-cased name in UTF-16BE, its version nibble set to 5);
 *   - a name: an installed manifest's provider (etwctl manifest
 *     install) or one loaded by this program, a class of the NT Kernel
 *     Logger (Process, Thread, Image, DiskIo, ...), a provider registered
 *     now under that name (its traits: TraceLogging providers) or with
 *     that name's hash as its GUID; compared without regard to case.
 */
#ifndef _TOOLS_COMMON_NAMES_H
#define _TOOLS_COMMON_NAMES_H

#include <stddef.h>

#include <windows.h>

/* The ETW name hash: the GUID Windows gives the provider @name. */
void provider_name_guid(const char *name, GUID *g);

/* Where provider_lookup() found a name. */
enum provider_source {
	PROV_BY_GUID,		/* it was a GUID */
	PROV_BY_HASH,		/* "*Name" */
	PROV_BY_MANIFEST,
	PROV_BY_KERNEL,		/* an NT Kernel Logger class */
	PROV_BY_REGISTERED,	/* a registered provider's name */
};

/*
 * The provider @s names (see above) in *@g.  Returns 0, or -1 with
 * @err (@errlen bytes) saying why and what to do.
 */
int provider_lookup(const char *s, GUID *g, enum provider_source *src,
		    char *err, size_t errlen);

/*
 * A name for @g to show, from the same places (manifests, kernel
 * classes, a registration's traits), or NULL.  Valid until the next call.
 */
const char *provider_name(const GUID *g);

/*
 * The NT Kernel Logger group (ETW_KG_*, shared/etw_kevents.h) a provider
 * GUID is, or -1: etw_kgroup_of_guid() with the last answer remembered
 * (events come in runs of one provider).
 */
int kgroup_of(const GUID *g);

/* "critical", ..., "verbose", "info", or 0..255, into *@level; 0 or -1. */
int level_parse(const char *s, UCHAR *level);

/*
 * "PROVIDER[:LEVEL[:ANY[:ALL]]]" (keywords in hexadecimal): the
 * provider as provider_lookup() finds it; the others are left as they
 * are when not given.  0, or -1 with @err saying why.
 */
int provider_spec(const char *spec, GUID *g, UCHAR *level, ULONGLONG *any,
		  ULONGLONG *all, char *err, size_t errlen);

#endif /* _TOOLS_COMMON_NAMES_H */
