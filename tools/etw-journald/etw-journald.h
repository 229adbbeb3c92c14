/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etw-journald: ETW events of Event Log channels to the systemd journal.
 *
 *   main.c       options, the real-time session, ProcessTrace, signals
 *   config.c     /etc/etw/journald.conf
 *   manifests.c  the channels of the installed manifests and their types
 *   forward.c    which events go, and as which journal fields
 *   writer.c     who wrote an event: its process's user and name
 */
#ifndef _TOOLS_ETW_JOURNALD_H
#define _TOOLS_ETW_JOURNALD_H

#include <sys/types.h>
#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#define JD_MAX_PROVIDERS	256
#define JD_DEFAULT_SESSION	"EtwJournal"
#define JD_DEFAULT_CONFIG	"/etc/etw/journald.conf"

/* The channel types of Windows' Event Log (a manifest's type=). */
enum chan_type { CH_NONE, CH_ADMIN, CH_OPERATIONAL, CH_ANALYTIC, CH_DEBUG };

struct jd_provider {
	GUID guid;
	char name[128];			/* from the manifest, or "" */
	enum chan_type chan[256];	/* by descriptor Channel value */
	char *chan_name[256];		/* the channel's name, or NULL */
	int manifest;			/* its channels come from a manifest */
	UCHAR level;			/* enable level (default 255) */
	ULONGLONG any;			/* MatchAnyKeyword (default 0: all) */
};

/* The highest priority (syslog level) of a writer that is not root. */
#define JD_DEFAULT_USER_MAX_PRIORITY	3	/* err */

struct jd {
	const char *session;
	const char *config;
	int use_manifests;		/* Manifests= (default yes) */
	int user_max_priority;		/* UserMaxPriority= (0..7) */
	int print;			/* --print: export format on stdout */
	struct jd_provider prov[JD_MAX_PROVIDERS];
	int nprov;
	unsigned long long perf_freq;	/* the session's QPC ticks per second */
	unsigned long long forwarded, skipped, lowered, unknown;
};

/* The process that wrote an event, as /proc shows it (writer.c). */
struct jd_writer {
	int known;			/* provably the writer (else all 0) */
	int root;			/* real and effective uid 0 */
	uid_t uid;			/* real uid */
	char comm[64];
};

extern struct jd jd;

/* config.c */
int config_read(const char *path, int must_exist);
struct jd_provider *provider_get(const GUID *g);	/* found or added */
int parse_channels(const char *s, struct jd_provider *p);

/* manifests.c */
void manifests_read(void);

/* writer.c: 0 and *@w, or -1 (not known) */
int writer_lookup(unsigned int pid, unsigned long long event_ns,
		  struct jd_writer *w);

/* forward.c */
VOID WINAPI on_event(PEVENT_RECORD er);
const char *chan_type_name(enum chan_type t);

#endif /* _TOOLS_ETW_JOURNALD_H */
