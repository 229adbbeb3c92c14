// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export: the .etl files it exports (Files= in export.conf, --files),
 * glob(7) patterns such as /var/log/etw/app_*.etl -- the files of a
 * log-file session (a NEWFILE session's numbered files, a sequential
 * session's file once it stopped), or traces copied from elsewhere.
 * One thread looks every two seconds; a file is read once it is
 * complete, that is when no running session writes it (QueryAllTraces
 * names each session's current log file), and exported whole, once.
 *
 * What was exported is remembered in the spool's files.done (size,
 * modification time and path: a file written again is exported again),
 * and a file half exported when the exporter stopped goes on from its
 * checkpoint (spool.c).  --once: the files there at the start, then the
 * thread ends.  What a pattern does not give is said, once: no file
 * matches it, it names a directory, a file it matches was exported
 * already (files.done) -- --once then ends with "nothing shipped" when
 * nothing was (main.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "etw-export.h"
#include "common/win32.h"

#define POLL_SECS	2

static pthread_t thread;
static int started, finished;
static struct files_counts counts;	/* what this run exported (lock) */
static unsigned char said[EX_MAX_SOURCES];	/* a pattern's emptiness was said */
static struct source cur;		/* the file being read */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct waker wake = WAKER_INIT;

/* ---- files.done ---- */

struct done {
	long long size, mtime_ns;
	char *path;
};

static struct done *done;
static size_t ndone, capdone;

static int done_has(const char *path, const struct stat *sb)
{
	long long m = (long long)sb->st_mtim.tv_sec * 1000000000LL + sb->st_mtim.tv_nsec;
	size_t i;

	for (i = 0; i < ndone; i++)
		if (done[i].size == (long long)sb->st_size && done[i].mtime_ns == m &&
		    !strcmp(done[i].path, path))
			return 1;
	return 0;
}

static int done_add_mem(const char *path, long long size, long long m)
{
	if (ndone == capdone) {
		size_t cap = capdone ? 2 * capdone : 64;
		struct done *d = realloc(done, cap * sizeof(*d));

		if (!d)
			return -1;
		done = d;
		capdone = cap;
	}
	done[ndone].path = strdup(path);
	if (!done[ndone].path)
		return -1;
	done[ndone].size = size;
	done[ndone].mtime_ns = m;
	ndone++;
	return 0;
}

static void done_add(const char *path, const struct stat *sb)
{
	long long m = (long long)sb->st_mtim.tv_sec * 1000000000LL + sb->st_mtim.tv_nsec;
	int fd = openat(spool.dirfd, "files.done", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	char line[PATH_MAX + 64];
	int n;

	done_add_mem(path, (long long)sb->st_size, m);
	n = snprintf(line, sizeof(line), "%lld %lld %s\n", (long long)sb->st_size, m, path);
	if (fd < 0 || write(fd, line, (size_t)n) != n)
		fprintf(stderr, "etw-export: %s/files.done: %s\n", spool.dir, strerror(errno));
	if (fd >= 0)
		close(fd);
}

/* Read files.done, forgetting files that are gone (and rewrite it then). */
static void done_load(void)
{
	FILE *f;
	char line[PATH_MAX + 64], path[PATH_MAX];
	long long size, m;
	size_t gone = 0, i;
	int fd;

	fd = openat(spool.dirfd, "files.done", O_RDONLY | O_CLOEXEC);
	f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lld %lld %4095[^\n]", &size, &m, path) != 3)
			continue;
		if (access(path, F_OK)) {
			gone++;
			continue;
		}
		done_add_mem(path, size, m);
	}
	fclose(f);
	if (!gone)
		return;
	fd = openat(spool.dirfd, "files.done.new", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f)
		return;
	for (i = 0; i < ndone; i++)
		fprintf(f, "%lld %lld %s\n", done[i].size, done[i].mtime_ns, done[i].path);
	if (!fclose(f))
		renameat(spool.dirfd, "files.done.new", spool.dirfd, "files.done");
}

/* ---- what a running session writes ---- */

struct props {
	EVENT_TRACE_PROPERTIES p;
	char name[1024];
	char file[PATH_MAX];
};

/*
 * The log files running sessions write now, malloc'ed: as the sessions
 * name them, their directory realpath'ed -- a newfile session's name is
 * its pattern, with "%d" where the file's number goes.
 */
static char **open_logs(int *n)
{
	PEVENT_TRACE_PROPERTIES arr[64];
	struct props *b = calloc(64, sizeof(*b));
	char **out = calloc(64, sizeof(*out)), dir[PATH_MAX], real[PATH_MAX];
	ULONG count = 0, i;

	*n = 0;
	if (!b || !out)
		goto out;
	for (i = 0; i < 64; i++) {
		b[i].p.Wnode.BufferSize = sizeof(b[i]);
		b[i].p.LoggerNameOffset = offsetof(struct props, name);
		b[i].p.LogFileNameOffset = offsetof(struct props, file);
		arr[i] = &b[i].p;
	}
	/* No etw.ko (a host replaying files): no session writes anything. */
	if (QueryAllTracesA(arr, 64, &count) != ERROR_SUCCESS)
		count = 0;
	for (i = 0; i < count && i < 64; i++) {
		char *slash = strrchr(b[i].file, '/');

		if (!b[i].file[0] || !slash)
			continue;
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - b[i].file), b[i].file);
		if (realpath(dir[0] ? dir : "/", real) &&
		    asprintf(&out[*n], "%s/%s", strcmp(real, "/") ? real : "", slash + 1) > 0)
			(*n)++;
	}
out:
	free(b);
	return out;
}

/* @name against @pat, whose "%d" stands for a number: -1, or the number. */
static long numbered(const char *pat, const char *name)
{
	const char *d = strstr(pat, "%d");
	size_t pre, suf, len = strlen(name);
	char *end;
	long v;

	if (!d)
		return strcmp(pat, name) ? -1 : 0;
	pre = (size_t)(d - pat);
	suf = strlen(d + 2);
	if (len <= pre + suf || strncmp(name, pat, pre) || strcmp(name + len - suf, d + 2) ||
	    name[pre] < '0' || name[pre] > '9')
		return -1;
	v = strtol(name + pre, &end, 10);
	return end == name + len - suf ? v : -1;
}

/*
 * Whether a running session writes @path: its log file, or for a newfile
 * session the file of the highest number of its pattern (the others it
 * has closed).
 */
static int being_written(char **logs, int n, const char *path)
{
	char real[PATH_MAX], dirpat[PATH_MAX + 2];
	glob_t g;
	size_t k;
	long mine, other, top;
	int i;

	if (!realpath(path, real))
		return 0;
	for (i = 0; i < n; i++) {
		mine = numbered(logs[i], real);
		if (mine < 0)
			continue;
		if (!strstr(logs[i], "%d"))
			return 1;
		/* A file of a higher number: then this one was closed. */
		top = mine;
		snprintf(dirpat, sizeof(dirpat), "%.*s/*", (int)(strrchr(real, '/') - real), real);
		memset(&g, 0, sizeof(g));
		if (!glob(dirpat, 0, NULL, &g)) {
			for (k = 0; k < g.gl_pathc; k++) {
				other = numbered(logs[i], g.gl_pathv[k]);
				if (other > top)
					top = other;
			}
			globfree(&g);
		}
		if (mine == top)
			return 1;
	}
	return 0;
}

/* ---- reading one file ---- */

static void export_file(const char *path, const struct stat *sb)
{
	struct source *s = &cur;
	ULONG st;

	pthread_mutex_lock(&lock);
	memset(s, 0, sizeof(*s));
	pthread_mutex_init(&s->mu, NULL);
	s->is_file = 1;
	s->name = path;
	snprintf(s->key, sizeof(s->key), "file %s", path);
	s->st = spool_source(s->key);
	pthread_mutex_unlock(&lock);
	if (!s->st) {
		fprintf(stderr, "etw-export: %s: too many sources\n", path);
		return;
	}
	if (source_open(s)) {
		ULONG e = GetLastError();

		fprintf(stderr, "etw-export: %s: OpenTrace: %s (%u); not exported\n",
			path, win32_name(e), e);
		spool_source_free(s->st);
		done_add(path, sb);	/* not again and again */
		return;
	}
	if (cfg.verbose)
		fprintf(stderr, "etw-export: exporting %s\n", path);
	source_register(s);
	st = source_run(s);
	source_flush(s, 1);
	source_unregister(s);
	if (ex_stopping)
		return;		/* goes on from its checkpoint next time */
	if (st != ERROR_SUCCESS)
		fprintf(stderr, "etw-export: %s: ProcessTrace: %s (%u); exported what "
			"could be read\n", path, win32_name(st), st);
	pthread_mutex_lock(&s->mu);
	source_commit(s, 1);
	report_source(s);
	pthread_mutex_unlock(&s->mu);
	done_add(path, sb);
	spool_source_free(s->st);
	pthread_mutex_lock(&lock);
	counts.exported++;
	counts.events += s->taken;
	pthread_mutex_unlock(&lock);
	if (cfg.verbose)
		fprintf(stderr, "etw-export: %s: %llu events\n", path,
			(unsigned long long)s->taken);
}

/* Whether @p has a character glob(7) treats as special. */
static int has_magic(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

/*
 * Pattern @i gave no file to export: say why, once (a pattern whose
 * files are still to come is no error for a running exporter, but it
 * may be a typo).
 */
static void say_empty(int i, int nmatch, int nregular, int nknown)
{
	const char *p = cfg.files[i];
	struct stat sb;

	if (said[i])
		return;
	said[i] = 1;
	if (!has_magic(p) && !stat(p, &sb) && S_ISDIR(sb.st_mode))
		fprintf(stderr, "etw-export: --files %s: a directory; give the files in it "
			"as a pattern, e.g. --files '%s/*.etl'\n", p, p);
	else if (!has_magic(p) && stat(p, &sb))
		fprintf(stderr, "etw-export: --files %s: %s\n", p, strerror(errno));
	else if (!nmatch)
		fprintf(stderr, "etw-export: --files %s: no file matches it%s\n", p,
			cfg.once ? "" : " (yet)");
	else if (!nregular)
		fprintf(stderr, "etw-export: --files %s: matches no regular file\n", p);
	else if (nknown)
		fprintf(stderr, "etw-export: --files %s: %d file%s exported already "
			"(%s/files.done); not again\n", p, nknown, nknown > 1 ? "s" : "",
			spool.dir);
}

static void scan(void)
{
	struct stat sb;
	char **logs;
	glob_t g;
	size_t k;
	int i, nlogs;

	logs = open_logs(&nlogs);
	for (i = 0; i < cfg.nfiles && !ex_stopping; i++) {
		int nregular = 0, nknown = 0, nnew = 0;

		memset(&g, 0, sizeof(g));
		if (glob(cfg.files[i], 0, NULL, &g)) {
			say_empty(i, 0, 0, 0);
			continue;
		}
		for (k = 0; k < g.gl_pathc && !ex_stopping; k++) {
			const char *p = g.gl_pathv[k];

			if (stat(p, &sb) || !S_ISREG(sb.st_mode))
				continue;
			nregular++;
			if (done_has(p, &sb)) {
				nknown++;
				continue;
			}
			nnew++;
			if (being_written(logs, nlogs, p))
				continue;
			export_file(p, &sb);
		}
		if (!nnew)
			say_empty(i, (int)g.gl_pathc, nregular, nknown);
		globfree(&g);
	}
	for (i = 0; i < nlogs; i++)
		free(logs[i]);
	free(logs);
}

static void *files_main(void *arg)
{
	(void)arg;
	done_load();
	while (!ex_stopping) {
		scan();
		if (cfg.once)
			break;
		waker_sleep(&wake, &ex_stopping, POLL_SECS);
	}
	__atomic_store_n(&finished, 1, __ATOMIC_RELEASE);
	return NULL;
}

int files_start(void)
{
	if (!cfg.nfiles) {
		finished = 1;
		return 0;
	}
	if (pthread_create(&thread, NULL, files_main, NULL)) {
		fprintf(stderr, "etw-export: cannot start a thread: %s\n", strerror(errno));
		return -1;
	}
	started = 1;
	return 0;
}

void files_counts(struct files_counts *c)
{
	pthread_mutex_lock(&lock);
	*c = counts;
	pthread_mutex_unlock(&lock);
}

int files_done(void)
{
	return __atomic_load_n(&finished, __ATOMIC_ACQUIRE);
}

void files_stop(void)
{
	waker_stop(&wake, &ex_stopping);
	pthread_mutex_lock(&lock);
	if (cur.st)
		source_close(&cur);
	pthread_mutex_unlock(&lock);
	if (started)
		pthread_join(thread, NULL);
	started = 0;
}
