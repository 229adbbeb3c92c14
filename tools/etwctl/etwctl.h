/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwctl: what the subcommand files share (main.c has the overview).
 *
 *   main.c       option parsing, the command table, dispatch, usage
 *   common.c     Win32 error names, failure reports, text output, numbers
 *   props.c      EVENT_TRACE_PROPERTIES blocks: shown, looked up by name
 *   start.c      start
 *   session.c    stop, flush, query, update, list
 *   enable.c     enable, disable, capture
 *   disallow.c   disallow
 *   group_acl.c  group-acl
 *   providers.c  providers
 *   autologger.c autologger (boot-time sessions; autologger_conf.c their files)
 *   progress.c   progress on a terminal while stop and flush wait
 *   info.c       info
 *   kernel.c     kernel flags, stack walks, profile interval (system loggers)
 *   manifest.c   manifest install, uninstall, list
 *   record.c     record: a session for one job, then its summary
 */
#ifndef _TOOLS_ETWCTL_H
#define _TOOLS_ETWCTL_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <windows.h>
#include <evntrace.h>
#include <evntprov.h>

#include "libetw.h"
#include "common/file.h"
#include "common/guid.h"
#include "common/json.h"
#include "common/names.h"
#include "common/record.h"
#include "common/win32.h"

#define EXIT_API	1
#define EXIT_USAGE	2

extern int json;		/* --json */
extern const char *cur_cmd;	/* for messages */

/* ===== main.c: usage and option plumbing ============================== */

void usage_cmd(FILE *f, const char *name);
int usage_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

enum {
	OPT_JSON = 0x100, OPT_HELP,
	OPT_REALTIME, OPT_FILE, OPT_MODE, OPT_BUFFERING, OPT_NO_PER_CPU,
	OPT_BUFFER_KB, OPT_MIN_BUFFERS, OPT_MAX_BUFFERS, OPT_MAX_FILE_MB,
	OPT_FLUSH_TIMER, OPT_CLOCK, OPT_BLOCKING, OPT_PRIVATE, OPT_GUID,
	OPT_LEVEL, OPT_ANY, OPT_ALL, OPT_GROUP, OPT_SOURCE, OPT_PROPERTY,
	OPT_PID, OPT_EXE, OPT_EVENT_IDS, OPT_TIMEOUT,
	OPT_KERNEL, OPT_SYSTEM, OPT_FLAGS, OPT_STACKS, OPT_PROFILE_INTERVAL,
};

#define COMMON_OPTS \
	{ "json", no_argument, NULL, OPT_JSON }, \
	{ "help", no_argument, NULL, OPT_HELP }

/* A session's buffers and clock: etwctl start and autologger create. */
#define BUFFER_OPTS \
	{ "buffer-kb", required_argument, NULL, OPT_BUFFER_KB }, \
	{ "min-buffers", required_argument, NULL, OPT_MIN_BUFFERS }, \
	{ "max-buffers", required_argument, NULL, OPT_MAX_BUFFERS }, \
	{ "max-file-mb", required_argument, NULL, OPT_MAX_FILE_MB }, \
	{ "flush-timer", required_argument, NULL, OPT_FLUSH_TIMER }, \
	{ "clock", required_argument, NULL, OPT_CLOCK }

int next_opt(int argc, char **argv, const struct option *opts);
int nargs(int argc);
int opt_end(int c);
int arg_guid(const char *s, GUID *g, const char *what);
/* A provider by GUID or name (common/names.h); the message printed. */
int arg_provider(const char *s, GUID *g);

/* ===== common.c ======================================================== */

void kv(const char *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* What the command works on, named in api_fail's messages. */
void set_what(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int api_fail(const char *api, ULONG status, const char *hint);
int native_fail(const char *what, int err);
int parse_u64(const char *s, int base, uint64_t max, uint64_t *out);
int parse_u32(const char *s, uint32_t max, ULONG *out);
int have_feature(uint64_t bit);

/* ===== --json: the tools' JSON writer (common/json.h) on stdout ====== */

extern struct json jout;

/* ===== props.c: EVENT_TRACE_PROPERTIES with room for both names ====== */

/*
 * One allocation: the struct, the session name at LoggerNameOffset, the
 * log file name at LogFileNameOffset (reference 2.2), zeroed.
 */
struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[ETW_MAX_NAME_BYTES + 1];
	char file[ETW_MAX_PATH_BYTES + 1];
};

void props_init(struct props *b);
struct props *props_new(void);
int props_set_file(struct props *b, const char *path);
const char *props_name(const struct props *b);
const char *props_file(const struct props *b);
unsigned int logger_id(CONTROLTRACE_ID h);
const char *mode_text(ULONG mode, char *buf, size_t size);
const char *clock_name(ULONG c);
const char *filetime_text(LONGLONG ft, char *buf, size_t size);
ULONG stream_count(CONTROLTRACE_ID h);
void session_json_members(const struct props *b, ULONG streams);
void session_show(const struct props *b, ULONG streams);
int session_lookup(const char *name, CONTROLTRACE_ID *h);
const char *logfile_hint(ULONG st);
/*
 * --mode and BUFFER_OPTS (etwctl start, autologger create) into @p (--mode
 * into *@file_mode): 0 when parsed, -1 when @c is none of them, else the
 * usage error's status (printed).
 */
int session_opt(int c, const char *arg, EVENT_TRACE_PROPERTIES *p,
		ULONG *file_mode);
/* A file without a file mode is sequential; no file means real time. */
void session_default_mode(EVENT_TRACE_PROPERTIES *p, int has_file);

/* ===== enable.c: EnableProperty bits by name ========================== */

struct property_name {
	const char *name;
	ULONG bit;
};

extern const struct property_name property_names[];
extern const size_t nr_property_names;

void property_text(ULONG props, char *buf, size_t size);

/* ===== kernel.c: system loggers ========================================== */

int kflags_parse(const char *s, ULONG *flags);
const char *kflags_text(ULONG flags, char *buf, size_t size);
int kernel_setup(CONTROLTRACE_ID h, const char *stacks, ULONG interval);

/* ===== progress.c ====================================================== */

void wait_progress_start(const char *verb, const char *session);
void wait_progress_stop(void);

/* ===== The subcommands ================================================= */

/* tracepoints.c: an EventHeader provider's tracepoints, sorted (malloc'ed). */
int provider_tracepoints(const GUID *g, char ***names);
void tracepoints_free(char **names, int n);

int cmd_info(int argc, char **argv);
int cmd_start(int argc, char **argv);
int cmd_stop(int argc, char **argv);
int cmd_flush(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_update(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_enable(int argc, char **argv);
int cmd_disable(int argc, char **argv);
int cmd_capture(int argc, char **argv);
int cmd_disallow(int argc, char **argv);
int cmd_group_acl(int argc, char **argv);
int cmd_providers(int argc, char **argv);
int cmd_autologger(int argc, char **argv);
int cmd_manifest(int argc, char **argv);
int cmd_mof(int argc, char **argv);

/* Files of the manifest and MOF stores (manifest.c). */
int file_fail(const char *what, int err);
int mkdirs(const char *dir);
int install_file(const char *dir, const char *name, const char *data, size_t len,
		 char *dst, size_t room);
void store_file_name(const char *src, const char *suffix, char *out, size_t room);
int store_each(const char *dir, const char *suffix, int icase,
	       int (*fn)(const char *file, const char *path, void *ctx), void *ctx);
int store_remove(const char *path);
void store_dirs(const char *path, const char *dir_opt, void (*fn)(const char *dir));
int cmd_record(int argc, char **argv);

#endif /* _TOOLS_ETWCTL_H */
