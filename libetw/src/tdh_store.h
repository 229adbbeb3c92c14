/* SPDX-License-Identifier: MIT */
/*
 * The manifests TDH knows: loaded by this process (TdhLoadManifest*) and
 * installed on the machine (etwctl manifest install).  tdh_store.c keeps
 * them; tdh_enum.c answers from them.  Providers are only used with the
 * store lock held (tdh_store_lock/unlock, a read lock).
 */
#ifndef _LIBETW_TDH_STORE_H
#define _LIBETW_TDH_STORE_H

#include "tdh_internal.h"

/* Where installed manifests are looked for when $ETW_MANIFEST_PATH is unset. */
#ifndef ETW_MANIFEST_DIRS
#define ETW_MANIFEST_DIRS "/var/lib/etw/manifests:/usr/share/etw/manifests"
/* A whole regular file (at most 64 MB) into malloc'ed memory, NUL-ended. */
ULONG tdh_read_file(const char *path, char **out, size_t *len);

#endif

void tdh_store_lock(void);
void tdh_store_unlock(void);

/* With the lock held: the provider with @guid (loaded first), or NULL. */
const struct tdh_provider *tdh_store_get(const GUID *guid);

/* With the lock held: every provider once (loaded first, then installed). */
void tdh_store_each(void (*fn)(const struct tdh_provider *, void *), void *ctx);

/*
 * The schema of a manifest event, its strings copied into @a (no lock
 * needed afterwards).  ERROR_SUCCESS, ERROR_NOT_FOUND, ERROR_NOT_ENOUGH_MEMORY.
 */
ULONG tdh_store_schema(const GUID *provider, const EVENT_DESCRIPTOR *d,
		       struct tdh_schema *s, struct tdh_arena *a);

/* A map of a manifest provider as EVENT_MAP_INFO. */
ULONG tdh_store_map_info(const GUID *provider, const char *name,
			 EVENT_MAP_INFO *buf, ULONG *size);

/*
 * The installed list brought up to date if a directory changed (looked at
 * at most once a second; a change invalidates the schema cache).
 */
void tdh_store_refresh(void);

/* The installed list brought up to date, then the read lock taken. */
void tdh_store_lock_fresh(void);
/* tdh_store_lock_fresh(), then tdh_store_get(). */
const struct tdh_provider *tdh_store_lookup_locked(const GUID *guid);

/* A whole regular file (at most 64 MB) into malloc'ed memory, NUL-ended. */
ULONG tdh_read_file(const char *path, char **out, size_t *len);

#endif /* _LIBETW_TDH_STORE_H */
