/* SPDX-License-Identifier: MIT */
/*
 * Instrumentation manifests (.man XML, the Windows event schema) as read
 * by libxml2: the model TDH and etwmc share.  Strings are UTF-8, $(string.X)
 * references resolved against the manifest's string table (en-US, else
 * the first culture).
 */
#ifndef _LIBETW_TDH_MANIFEST_H
#define _LIBETW_TDH_MANIFEST_H

#include "tdh_internal.h"

/* A level, task, opcode, keyword or channel. */
struct mf_item {
	uint64_t value;
	const char *name;
	const char *symbol;
	const char *message;	/* resolved, or NULL */
	unsigned task;		/* opcodes: owning task's value + 1, 0 = global */
	const char *type;	/* channels: Admin, Operational, ... */
	const char *chid;	/* channels: the id events refer to */
	const char *msgref;	/* the X of message="$(string.X)", or NULL */
	const char *event_guid;	/* tasks: eventGUID="{...}", or NULL */
	int imported;		/* channels: an <importChannel> */
};

struct mf_map {
	const char *name;
	const char *symbol;	/* the map's symbol attribute, or NULL */
	int bitmap;
	unsigned n;
	struct tdh_map_entry *e;
	const char **symbols;	/* per entry, may be NULL */
	const char **msgrefs;	/* per entry: $(string.X)'s X, may be NULL */
};

/* A template <data> or <struct>. */
struct mf_data {
	const char *name;
	uint16_t in, out;	/* TDH values; out = default when not given */
	int out_given;
	const char *map;
	const char *count_ref;	/* count="OtherField" */
	uint16_t count;		/* count="3" (0 = not given) */
	const char *length_ref;
	uint16_t length;	/* length="16" (0 = not given) */
	struct mf_data *members;	/* <struct> */
	unsigned nmembers;
	int is_struct;
};

struct mf_template {
	const char *tid;
	struct mf_data *data;
	unsigned n;
};

struct mf_event {
	EVENT_DESCRIPTOR desc;
	const char *symbol;
	const char *message;
	const char *level_name, *task_name, *opcode_name, *channel_name;
	const char *keyword_names;	/* '\n'-separated */
	const struct mf_template *tmpl;
	const char *msgref;	/* $(string.X)'s X, or NULL */
	const struct mf_item *channel;	/* the provider's or winmeta's, or NULL */
	int not_logged;		/* notLogged="true": no code is generated */
};

struct tdh_provider {
	GUID guid;
	const char *name, *symbol, *message;
	const char *msgref;	/* $(string.X)'s X, or NULL */
	const char *resource_file, *message_file;
	struct mf_item *levels, *tasks, *opcodes, *keywords, *channels;
	unsigned nlevels, ntasks, nopcodes, nkeywords, nchannels;
	struct mf_map *maps;
	unsigned nmaps;
	struct mf_template *templates;
	unsigned ntemplates;
	struct mf_event *events;
	unsigned nevents;
	struct tdh_arena *arena;	/* the manifest's */
	struct tdh_field *fields[EventInformationMax];	/* for TDH enumeration */
	unsigned nfields[EventInformationMax];
};

/* A <string id= value=> of the string table. */
struct mf_string {
	const char *id, *value;
};

struct tdh_manifest {
	struct tdh_arena a;
	struct tdh_provider *providers;
	unsigned nproviders;
	struct mf_item *messages;	/* <messageTable>: value, symbol, msgref */
	unsigned nmessages;
	const struct mf_string *strings;	/* the string table used */
	unsigned nstrings;
};

/* The predefined (winmeta) names: value or -1. */
int mf_intype(const char *name);
int mf_outtype(const char *name);
uint16_t mf_default_outtype(uint16_t in);
/* winmeta.h spelling of a TDH in/out type (for etwmc and messages). */
const char *mf_intype_name(uint16_t in);

/* The winmeta levels, opcodes, keywords, channels and tasks. */
extern const struct mf_item mf_winmeta_levels[], mf_winmeta_opcodes[],
	mf_winmeta_keywords[], mf_winmeta_channels[], mf_winmeta_tasks[];
extern const unsigned mf_winmeta_nlevels, mf_winmeta_nopcodes,
	mf_winmeta_nkeywords, mf_winmeta_nchannels, mf_winmeta_ntasks;

/* Parse GUID text ("{...}" or bare); 0 on success. */
int mf_parse_guid(const char *s, GUID *g);

#endif /* _LIBETW_TDH_MANIFEST_H */
