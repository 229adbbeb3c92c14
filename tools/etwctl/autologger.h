/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Boot-time sessions (AutoLogger): one configuration file per session in
 * /etc/etw/autologger.d (autologger_conf.c reads and writes them,
 * autologger.c is the "etwctl autologger" command family).  The format
 * is documented in etw-autologger.conf(5).
 */
#ifndef _TOOLS_ETWCTL_AUTOLOGGER_H
#define _TOOLS_ETWCTL_AUTOLOGGER_H

#include "etwctl.h"

#define AL_DEFAULT_DIR		"/etc/etw/autologger.d"
#define AL_MAX_PROVIDERS	64
#define AL_MAX_NAME		200	/* session names of etw.ko fit */
#define AL_MAX_FILES		16	/* FileMax= at most */

struct al_provider {
	GUID guid;
	int has_guid;
	int enabled;		/* Enabled= (default 1) */
	UCHAR level;		/* EnableLevel= (default 0: every level) */
	ULONGLONG any, all;	/* MatchAnyKeyword=, MatchAllKeyword= */
	ULONG props;		/* EnableProperty= */
};

struct al_session {
	char name[AL_MAX_NAME + 1];	/* the file's name without .conf */
	int start;			/* Start= (default 1) */
	int has_guid;
	GUID guid;			/* Guid= */
	char file[ETW_MAX_PATH_BYTES + 1];	/* FileName= ("" real time) */
	ULONG file_max;			/* FileMax= (files kept, default 1) */
	ULONG mode;			/* LogFileMode= */
	ULONG buffer_kb, min_buffers, max_buffers, max_file_mb, flush_timer;
	ULONG clock;			/* ClockType= (0: the default) */
	size_t nprov;
	struct al_provider prov[AL_MAX_PROVIDERS];
};

/* autologger_conf.c */
int al_name_ok(const char *name);
void al_session_init(struct al_session *s, const char *name);
void al_provider_init(struct al_provider *p);
int al_read(const char *path, const char *name, struct al_session *s);
int al_write(FILE *f, const struct al_session *s);
int al_parse_mode(const char *s, ULONG *out);
int al_parse_clock(const char *s, ULONG *out);
const char *al_mode_text(ULONG mode, char *buf, size_t size);
const char *al_clock_text(ULONG c);

#endif /* _TOOLS_ETWCTL_AUTOLOGGER_H */
