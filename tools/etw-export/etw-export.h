/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etw-export: what its files share (main.c has the overview).
 *
 *   main.c     options, the modes (run, --init-schema, --status), signals
 *   config.c   /etc/etw/export.conf and the credentials file
 *   source.c   the sessions and files followed: ProcessTrace, each event
 *              as one row (common/event_json.h), into the spool
 *   spool.c    the spool: batches as files, the state that survives a
 *              restart, the limit
 *   ship.c     the shipper: each batch to ClickHouse over HTTP (libcurl,
 *              gzip, keep-alive, retries with backoff, other servers)
 *   report.c   the losses and hosts rows of each interval, the status file
 *   schema.c   --init-schema: schema.sql on every server
 */
#ifndef _TOOLS_ETW_EXPORT_H
#define _TOOLS_ETW_EXPORT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#include "common/origin.h"

#define EX_MAX_URLS	8
#define GZIP_AUTO	2		/* gzip unless the server is on loopback */
#define EX_MAX_SOURCES	64
#define EX_DEFAULT_CONFIG	"/etc/etw/export.conf"
#define EX_DEFAULT_SPOOL	"/var/spool/etw-export"

/* What a full spool does to a new event. */
enum on_full { FULL_DEFAULT, FULL_DROP, FULL_WAIT };

/* The configuration (export.conf, then the command line over it). */
struct ex_config {
	const char *urls[EX_MAX_URLS];	/* tried in this order */
	int nurls;
	const char *user;		/* or from the credentials file */
	const char *password;
	const char *credentials;	/* file: user=..., password=... */
	const char *ca_file;		/* TLS: CA certificates (else the system's) */
	const char *database;		/* default etw */
	const char *cluster;		/* --init-schema; default etw, "" none */
	int cluster_set;		/* ... given (Cluster=, --cluster), not the default */
	const char *sessions[EX_MAX_SOURCES];	/* real-time sessions */
	int nsessions;
	const char *files[EX_MAX_SOURCES];	/* glob patterns of .etl files */
	int nfiles;
	const char *host;		/* identity; default gethostname */
	const char *spool;		/* directory */
	unsigned long long spool_limit;	/* bytes */
	enum on_full on_full;
	unsigned batch_rows;
	double batch_secs;
	unsigned long long batch_bytes;
	unsigned long long max_row_bytes;
	double interval;		/* losses/hosts rows and status, s */
	int gzip;			/* 1: if the server takes it; GZIP_AUTO */
	int connections;		/* shippers (0: one per URL) */
	int replicated;			/* --init-schema: Replicated* tables */
	int distributed_sync;		/* insert_distributed_sync=1 */
	double replay_rate;		/* files: events/s at most, 0 no limit */
	double timeout;			/* one request, s; --once: the server's time to answer */
	double retry_max;		/* the longest pause between retries, s */
	int once;			/* files present now, then exit when shipped */
	int verbose;
};

extern struct ex_config cfg;
extern volatile int ex_stopping;	/* SIGINT/SIGTERM: finish and exit */

/* config.c */
void config_defaults(struct ex_config *c);
/* Read @path into @c; a missing file is fine unless @must_exist.  0/-1. */
int config_read(struct ex_config *c, const char *path, int must_exist);
/* Credentials file (user=, password=) into @c; 0/-1 (message printed). */
int config_credentials(struct ex_config *c);
/* Key=Value (export.conf's keys) into @c; 0, or -1 with @why. */
int config_set(struct ex_config *c, const char *key, const char *value, const char **why);
/* "10M", "1G", "4096" into @v; 0/-1. */
int parse_bytes(const char *s, unsigned long long *v);

/* ---- spool.c ---- */

/* The tables a batch may go to. */
enum table { T_EVENTS, T_LOSSES, T_HOSTS, T_COUNT };
extern const char *const table_name[T_COUNT];

/*
 * A source's state in the spool's state file, written so that a kill at
 * any instant leaves one consistent copy: two slots, the one not current
 * is written, then `cur` flips.  Everything up to @checkpoint (the
 * source's events by number) is in the spool's files or counted in
 * @dropped/@rejected.
 */
struct src_slot {
	uint64_t checkpoint;	/* events taken from the source */
	uint64_t dropped;	/* spool full */
	uint64_t rejected;	/* too large; refused by the server */
	uint64_t start;		/* the source's start (origin.h): which run of it */
	uint64_t events_lost, buffers_lost;	/* ETW's counts, as last seen */
	uint64_t final;		/* the file was read to its end */
	uint64_t pad;
};

struct src_state {
	char key[512];		/* "session NAME" or "file PATH" */
	uint32_t used, cur;
	struct src_slot slot[2];
};

struct spool_state {
	char magic[8];		/* "ETWEXPv1" */
	uint64_t run;		/* incremented at each start */
	uint64_t next_seg;	/* the next batch file's number */
	uint64_t rows_sent, sent_batches;
	uint64_t rejected_by_server;	/* rows the server refused (ship.c) */
	uint64_t retired_dropped, retired_rejected;	/* of sources forgotten */
	struct src_state src[EX_MAX_SOURCES];
};

/* A batch being written by one source (or the reporter). */
struct seg {
	enum table table;
	int fd;			/* the .open file, -1: none yet */
	uint64_t no;
	char *buf;		/* rows not yet written to the file */
	size_t len, cap;
	uint64_t bytes;		/* in the file and buf */
	unsigned rows;
	struct timespec opened;
};

/* A batch written whole, waiting for the shipper. */
struct sealed {
	uint64_t no;
	enum table table;
	uint64_t bytes;
	time_t when;		/* sealed (for the lag) */
	int busy;		/* a shipper has it */
};

struct spool {
	const char *dir;
	int dirfd, lockfd;
	struct spool_state *st;	/* the state file, mapped */
	pthread_mutex_t lock;	/* what follows, and st's counters */
	pthread_cond_t changed;	/* a batch sealed, or room made */
	uint64_t bytes;		/* in every batch file, open or sealed */
	struct sealed *q;	/* sealed batches, oldest first */
	size_t nq, capq;
	int closing;		/* no more batches will come */
};

extern struct spool spool;

/* Open (and lock) the spool, recover what a killed run left.  0/-1. */
int spool_open(const char *dir);
void spool_close(void);
/* The state of source @key (found or taken); NULL when all are taken. */
struct src_state *spool_source(const char *key);
void spool_source_free(struct src_state *s);
/* The current slot, and committing a new one (a copy of it, changed). */
static inline struct src_slot *src_cur(struct src_state *s)
{
	return &s->slot[s->cur & 1];
}
void src_commit(struct src_state *s, const struct src_slot *v);

void seg_init(struct seg *g, enum table t);
/*
 * Add one row (@len bytes, ending in '\n') to @g, opening its file when
 * needed, if the spool has room: for LIM_EVENTS up to SpoolLimit less a
 * reserve for the exporter's own rows, LIM_REPORT up to SpoolLimit,
 * LIM_NONE always (a source's final losses row).  0; 1 when it had no
 * room; -1 on an I/O error (message printed).
 */
enum limit { LIM_EVENTS, LIM_REPORT, LIM_NONE };
int seg_add(struct seg *g, const char *row, size_t len, enum limit lim);
/* Write @g's rows to its file (they then survive this process). */
int seg_flush(struct seg *g);
/* The batch is complete: flush, sync, and queue it for the shipper. */
int seg_seal(struct seg *g);
/* Whether @g is due: rows, bytes or age (cfg.batch_*). */
int seg_due(const struct seg *g, const struct timespec *now);
/* Wait until the spool has room for @len more bytes, or stopping.  0/-1. */
int spool_wait_room(size_t len);
/* Nothing waits to be shipped (no batch sealed or being written). */
int spool_empty(void);

/* A shipper's next batch: the oldest no other has (0, with *@s, now
 * its own), 1 when none came in @wait_secs, -1 when closing. */
int spool_next(struct sealed *s, double wait_secs);
/* Read batch @s whole (malloc'ed into *@buf).  0/-1. */
int spool_read(const struct sealed *s, char **buf, size_t *len);
/* Not shipped after all (stopping): another shipper may take it. */
void spool_release(const struct sealed *s);
/* It was shipped (@rows of it): remove it. */
void spool_done(const struct sealed *s, uint64_t rows);
/* Seconds the oldest waiting batch has waited; 0 when none. */
double spool_lag(void);
/* Keep rows the server refused, for a person to look at. */
void spool_keep_rejected(const char *rows, size_t len);

/* ---- source.c: one source's events as rows ---- */

struct source {
	char key[512];			/* its state's key (spool_source) */
	int is_file;
	const char *name;		/* the session, or the file's path */
	struct src_state *st;
	pthread_mutex_t mu;		/* seg, the counters, h and live */
	struct origin origin;
	struct seg seg;
	uint64_t taken;			/* events ProcessTrace gave (a file's: its numbers) */
	uint64_t skip;			/* a file's events already in the spool */
	uint64_t dropped, rejected;	/* as committed with the checkpoint */
	int live;			/* opened, not yet closed */
	PROCESSTRACE_HANDLE h;
	EVENT_TRACE_LOGFILEA lf;	/* EventsLost, BuffersLost: ETW's counts */
	struct timespec paced;		/* --replay-rate: when reading began */
};

/* OpenTrace @s (its name and kind set); 0, or -1 (GetLastError()). */
int source_open(struct source *s);
/* Read it to its end (or until closed); what ProcessTrace returned. */
ULONG source_run(struct source *s);
/* CloseTrace, from another thread: ProcessTrace returns. */
void source_close(struct source *s);
/* Write its rows; seal its batch when due by age or @seal; commit. */
int source_flush(struct source *s, int seal);
/* Its state now, committed; @final: it has ended. */
void source_commit(struct source *s, int final);

/* ---- sessions.c, files.c: what is followed ---- */

/* A thread per session and one for the files; 0/-1. */
int sessions_start(void);
int files_start(void);
/* Stop following (CloseTrace), wait for the threads. */
void sessions_stop(void);
void files_stop(void);
/* --once: every file present at the start has been exported. */
int files_done(void);
/* What the files thread exported this run. */
struct files_counts {
	unsigned exported;		/* files read to their end */
	uint64_t events;		/* their events */
};
void files_counts(struct files_counts *c);
/* How many sessions were opened this run. */
int sessions_read(void);
/* --once: every session followed has ended (or could not be opened). */
int sessions_done(void);

/* The sources being read, for the reporter (source.c). */
void source_register(struct source *s);
void source_unregister(struct source *s);
/* Every source's batch sealed when due; @rows: a losses row each. */
void sources_tick(int rows);

/* ---- ship.c ---- */

struct ship_stats {
	uint64_t rows_sent, batches_sent, retries, rejected;
	uint64_t events_sent;		/* rows of the events table, this run */
	uint64_t requests, gzip_requests;	/* INSERTs this run, compressed */
	int connections;
	int up;				/* the last request succeeded */
	time_t down_since;		/* the first failure since the last success, or 0 */
	uint64_t failures;		/* requests failed since the last success */
	char last_error[256];
	const char *url;		/* the server in use */
};

int ship_start(void);
/* Stop shipping (what is left stays in the spool) and wait for it. */
void ship_stop(void);
void ship_stats(struct ship_stats *s);
/*
 * --once: whether shipping gave up (no server took a batch within
 * --timeout seconds); then 1, with the reason in @why.
 */
int ship_failed(char *why, size_t len);
/* Run one query on @url (--init-schema); the body of the answer, malloc'ed, into *@out (may be NULL).  0, or -1 with @err. */
int ship_query(const char *url, const char *sql, char **out, char *err, size_t errlen);

/* ---- report.c ---- */

/* Each interval: seal due batches, add losses and hosts rows, write status. */
int report_start(void);
void report_stop(void);
/* A losses row for @s (its state now), into the spool; locked by caller. */
void report_source(struct source *s);
/* Seal the exporter's own rows (losses, hosts) now. */
void report_seal(void);
/* A hosts row now. */
void report_host(void);
/* status.json says the exporter ended. */
void report_final_status(void);
/* --status: print the status file of the spool @dir. */
int report_status(const char *dir, int json);

/* ---- schema.c ---- */
int schema_init(void);

/* ---- waker.c ---- */

/* A thread's wait for its next round, cut short by waker_stop(). */
struct waker {
	pthread_mutex_t lock;
	pthread_cond_t cond;
};
#define WAKER_INIT { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER }
/* Wait until @when (CLOCK_REALTIME) or @secs; 0, or -1 once *@stop is set. */
int waker_until(struct waker *w, const volatile int *stop, const struct timespec *when);
int waker_sleep(struct waker *w, const volatile int *stop, double secs);
/* @secs from now on CLOCK_REALTIME, pthread_cond_timedwait's clock. */
void waker_deadline(struct timespec *t, double secs);
/* Set *@stop and wake the waiting threads. */
void waker_stop(struct waker *w, volatile int *stop);

#endif /* _TOOLS_ETW_EXPORT_H */
