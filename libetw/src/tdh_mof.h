/* SPDX-License-Identifier: MIT */
/*
 * MOF classes for classic events (tdh_mof.c): the local class store TDH
 * decodes classic events with, and the MOF reader `etwctl mof` checks
 * files with.
 */
#ifndef _LIBETW_TDH_MOF_H
#define _LIBETW_TDH_MOF_H

#include <stddef.h>

#include <evntcons.h>

/* Where the store is by default: install writes the first directory. */
#define ETW_MOF_DIRS "/var/lib/etw/mof:/usr/share/etw/mof"

/* $ETW_MOF_PATH, else ETW_MOF_DIRS. */
const char *tdh_mof_path(void);

/* A parsed MOF file; NULL with "line N: why" in @err if it does not parse. */
struct mof_file;
struct mof_file *tdh_mof_parse(const char *text, size_t len, char *err, size_t errlen);
void tdh_mof_free(struct mof_file *f);
unsigned tdh_mof_classes(const struct mof_file *f);
const char *tdh_mof_class_name(const struct mof_file *f, unsigned i);
/* The class's Guid qualifier: 0, or -1 without one. */
int tdh_mof_class_guid(const struct mof_file *f, unsigned i, GUID *g);

/*
 * The schema of classic event @e from the store: ERROR_SUCCESS,
 * ERROR_NOT_FOUND or ERROR_NOT_ENOUGH_MEMORY.
 */
struct tdh_schema;
struct tdh_arena;
ULONG tdh_mof_schema(const EVENT_RECORD *e, struct tdh_schema *s, struct tdh_arena *a);
/* Read the store again if it changed (at most once a second). */
void tdh_mof_refresh(void);

#endif /* _LIBETW_TDH_MOF_H */
