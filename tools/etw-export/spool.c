// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export's spool (/var/spool/etw-export): every row goes to a batch
 * file here before it is sent, so that neither the server being down nor
 * this process being killed loses it.
 *
 *   lock                 flock()ed by the running exporter
 *   state                struct spool_state, mapped: the run number, the
 *                        next batch number, each source's checkpoint and
 *                        counters
 *   NUMBER.TABLE.open    a batch being written (NUMBER: 16 hex digits)
 *   NUMBER.TABLE         a batch complete, waiting to be sent: JSONEachRow
 *                        lines for table TABLE (events, losses, hosts)
 *   files.done           the files already exported (files.c)
 *   status.json          the status (report.c; etw-export --status)
 *   rejected             rows the server refused, for a person to read
 *
 * The order that makes a kill harmless: a row is written to its batch
 * file (write(2): the page cache keeps it whatever happens to this
 * process) before the source's checkpoint passes it, and a batch is
 * removed only after the server took it.  The state file is a shared
 * mapping: a store to it is in the page cache at once.  A source's state
 * has two slots; the one not current is written, then `cur` flips, so a
 * kill between two stores leaves the old slot whole.  After a kill, an
 * .open batch is cut after its last whole line and sealed; its rows and
 * the rows after the checkpoint may then be sent twice, with the same key
 * (common/origin.h), which the tables' ReplacingMergeTree removes.
 *
 * The limit (SpoolLimit) counts the bytes of every batch file.  Sources
 * ask seg_add() for room; without it a live session's event is dropped
 * and counted, a file waits (spool_wait_room()): the file keeps the
 * events.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "etw-export.h"

struct spool spool = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.changed = PTHREAD_COND_INITIALIZER,
	.dirfd = -1,
	.lockfd = -1,
};

const char *const table_name[T_COUNT] = { "events", "losses", "hosts" };

#define SEG_BUF		(256 * 1024)	/* rows kept in memory before write(2) */

static void seg_name(char *buf, size_t size, uint64_t no, enum table t, int open)
{
	snprintf(buf, size, "%016llx.%s%s", (unsigned long long)no, table_name[t],
		 open ? ".open" : "");
}

/* Parse "NUMBER.TABLE[.open]"; 0 (open: 1 or 0), or -1 when not a batch. */
static int parse_name(const char *n, uint64_t *no, enum table *t, int *open)
{
	char *end;
	int i;

	if (strlen(n) < 18 || n[16] != '.')
		return -1;
	*no = strtoull(n, &end, 16);
	if (end != n + 16)
		return -1;
	for (i = 0; i < T_COUNT; i++) {
		size_t l = strlen(table_name[i]);

		if (!strncmp(n + 17, table_name[i], l)) {
			*t = (enum table)i;
			*open = !strcmp(n + 17 + l, ".open");
			if (*open || !n[17 + l])
				return 0;
		}
	}
	return -1;
}

static int cmp_sealed(const void *a, const void *b)
{
	const struct sealed *x = a, *y = b;

	return x->no < y->no ? -1 : x->no > y->no;
}

/* Queue a sealed batch (locked). */
static int enqueue(uint64_t no, enum table t, uint64_t bytes, time_t when)
{
	if (spool.nq == spool.capq) {
		size_t cap = spool.capq ? 2 * spool.capq : 64;
		struct sealed *q = realloc(spool.q, cap * sizeof(*q));

		if (!q)
			return -1;
		spool.q = q;
		spool.capq = cap;
	}
	spool.q[spool.nq].no = no;
	spool.q[spool.nq].table = t;
	spool.q[spool.nq].bytes = bytes;
	spool.q[spool.nq].when = when;
	spool.q[spool.nq].busy = 0;
	spool.nq++;
	return 0;
}

/* An .open batch a killed run left: cut after its last whole row, seal. */
static int recover_open(const char *name, uint64_t no, enum table t, uint64_t *bytes)
{
	char sealed[64], buf[65536];
	int fd = openat(spool.dirfd, name, O_RDWR | O_CLOEXEC);
	off_t size, pos, keep = 0;
	ssize_t n, i;

	if (fd < 0)
		return -1;
	size = lseek(fd, 0, SEEK_END);
	/* Backwards, block by block, to the last newline. */
	for (pos = size; pos > 0 && !keep; ) {
		off_t from = pos > (off_t)sizeof(buf) ? pos - (off_t)sizeof(buf) : 0;

		n = pread(fd, buf, (size_t)(pos - from), from);
		if (n <= 0)
			break;
		for (i = n - 1; i >= 0; i--) {
			if (buf[i] == '\n') {
				keep = from + i + 1;
				break;
			}
		}
		pos = from;
	}
	if (keep != size && ftruncate(fd, keep)) {
		close(fd);
		return -1;
	}
	fdatasync(fd);
	close(fd);
	if (!keep) {
		unlinkat(spool.dirfd, name, 0);
		*bytes = 0;
		return 0;
	}
	seg_name(sealed, sizeof(sealed), no, t, 0);
	if (renameat(spool.dirfd, name, spool.dirfd, sealed))
		return -1;
	*bytes = (uint64_t)keep;
	return 1;
}

static int open_state(void)
{
	int fd = openat(spool.dirfd, "state", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	struct stat sb;
	void *m;

	if (fd < 0 || fstat(fd, &sb))
		goto fail;
	if ((size_t)sb.st_size != sizeof(struct spool_state)) {
		/* New, or of another layout: begin afresh (the batches stay). */
		if (sb.st_size)
			fprintf(stderr, "etw-export: %s/state: not this version's; starting afresh\n",
				spool.dir);
		if (ftruncate(fd, 0) || ftruncate(fd, sizeof(struct spool_state)))
			goto fail;
	}
	m = mmap(NULL, sizeof(struct spool_state), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED)
		goto fail;
	close(fd);
	spool.st = m;
	if (memcmp(spool.st->magic, "ETWEXPv1", 8)) {
		memset(spool.st, 0, sizeof(*spool.st));
		memcpy(spool.st->magic, "ETWEXPv1", 8);
	}
	return 0;
fail:
	fprintf(stderr, "etw-export: %s/state: %s\n", spool.dir, strerror(errno));
	if (fd >= 0)
		close(fd);
	return -1;
}

int spool_open(const char *dir)
{
	struct dirent *e;
	uint64_t no, bytes, max_no = 0;
	enum table t;
	int is_open, r;
	DIR *d;

	spool.dir = dir;
	if (mkdir(dir, 0750) && errno != EEXIST) {
		fprintf(stderr, "etw-export: spool %s: %s\n", dir, strerror(errno));
		return -1;
	}
	spool.dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (spool.dirfd < 0) {
		fprintf(stderr, "etw-export: spool %s: %s\n", dir, strerror(errno));
		return -1;
	}
	spool.lockfd = openat(spool.dirfd, "lock", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (spool.lockfd < 0 || flock(spool.lockfd, LOCK_EX | LOCK_NB)) {
		fprintf(stderr, "etw-export: spool %s: %s\n", dir, errno == EWOULDBLOCK ?
			"another etw-export uses it (give each its own --spool)" : strerror(errno));
		return -1;
	}
	if (open_state())
		return -1;
	spool.st->run++;
	d = fdopendir(dup(spool.dirfd));
	if (!d)
		return -1;
	while ((e = readdir(d))) {
		struct stat sb;

		if (parse_name(e->d_name, &no, &t, &is_open))
			continue;
		if (no >= max_no)
			max_no = no + 1;
		if (is_open) {
			r = recover_open(e->d_name, no, t, &bytes);
			if (r < 0) {
				fprintf(stderr, "etw-export: %s/%s: %s\n", dir, e->d_name,
					strerror(errno));
				continue;
			}
			if (!r)
				continue;
		} else if (fstatat(spool.dirfd, e->d_name, &sb, 0)) {
			continue;
		} else {
			bytes = (uint64_t)sb.st_size;
		}
		if (enqueue(no, t, bytes, time(NULL)))
			break;
		spool.bytes += bytes;
	}
	closedir(d);
	qsort(spool.q, spool.nq, sizeof(*spool.q), cmp_sealed);
	if (spool.st->next_seg < max_no)
		spool.st->next_seg = max_no;
	if (spool.nq && cfg.verbose)
		fprintf(stderr, "etw-export: %zu batches (%llu bytes) waiting in %s\n",
			spool.nq, (unsigned long long)spool.bytes, dir);
	return 0;
}

void spool_close(void)
{
	if (spool.st) {
		msync(spool.st, sizeof(*spool.st), MS_SYNC);
		munmap(spool.st, sizeof(*spool.st));
		spool.st = NULL;
	}
	if (spool.lockfd >= 0)
		close(spool.lockfd);
	if (spool.dirfd >= 0)
		close(spool.dirfd);
	spool.lockfd = spool.dirfd = -1;
}

struct src_state *spool_source(const char *key)
{
	struct src_state *s, *free_one = NULL, *ended = NULL;
	int i;

	pthread_mutex_lock(&spool.lock);
	for (i = 0; i < EX_MAX_SOURCES; i++) {
		s = &spool.st->src[i];
		if (s->used && !strcmp(s->key, key))
			goto out;
		if (!s->used && !free_one)
			free_one = s;
		/* An ended source is kept for --status until its place is needed. */
		if (s->used == 2 && (!ended || s->slot[s->cur & 1].checkpoint <
				     ended->slot[ended->cur & 1].checkpoint))
			ended = s;
	}
	s = free_one;
	if (!s && ended) {
		s = ended;
		spool.st->retired_dropped += s->slot[s->cur & 1].dropped;
		spool.st->retired_rejected += s->slot[s->cur & 1].rejected;
	}
	if (s) {
		memset(s, 0, sizeof(*s));
		snprintf(s->key, sizeof(s->key), "%s", key);
		s->used = 1;
	}
	pthread_mutex_unlock(&spool.lock);
	return s;
out:
	s->used = 1;
	pthread_mutex_unlock(&spool.lock);
	return s;
}

void spool_source_free(struct src_state *s)
{
	pthread_mutex_lock(&spool.lock);
	s->used = 2;	/* ended: kept until its place is needed */
	pthread_mutex_unlock(&spool.lock);
}

void src_commit(struct src_state *s, const struct src_slot *v)
{
	uint32_t next;

	pthread_mutex_lock(&spool.lock);
	next = (s->cur + 1) & 1;
	s->slot[next] = *v;
	/* The slot is whole before it becomes current (a kill between). */
	__atomic_store_n(&s->cur, next, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&spool.lock);
}

void seg_init(struct seg *g, enum table t)
{
	memset(g, 0, sizeof(*g));
	g->table = t;
	g->fd = -1;
}

static int seg_open(struct seg *g)
{
	char name[64];

	pthread_mutex_lock(&spool.lock);
	g->no = spool.st->next_seg++;
	pthread_mutex_unlock(&spool.lock);
	seg_name(name, sizeof(name), g->no, g->table, 1);
	g->fd = openat(spool.dirfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (g->fd < 0) {
		fprintf(stderr, "etw-export: %s/%s: %s\n", spool.dir, name, strerror(errno));
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &g->opened);
	g->bytes = 0;
	g->rows = 0;
	return 0;
}

/* What is kept from the events for the exporter's own rows. */
static uint64_t reserve(void)
{
	return cfg.spool_limit / 16 < 65536 ? cfg.spool_limit / 16 : 65536;
}

int seg_add(struct seg *g, const char *row, size_t len, enum limit lim)
{
	int full;

	pthread_mutex_lock(&spool.lock);
	full = (lim == LIM_EVENTS && spool.bytes + len > cfg.spool_limit - reserve()) ||
	       (lim == LIM_REPORT && spool.bytes + len > cfg.spool_limit);
	if (!full)
		spool.bytes += len;
	pthread_mutex_unlock(&spool.lock);
	if (full)
		return 1;
	if (g->fd < 0 && seg_open(g)) {
		pthread_mutex_lock(&spool.lock);
		spool.bytes -= len;
		pthread_mutex_unlock(&spool.lock);
		return -1;
	}
	if (g->len + len > g->cap) {
		size_t cap = g->cap ? g->cap : SEG_BUF;
		char *b;

		while (cap < g->len + len)
			cap *= 2;
		b = realloc(g->buf, cap);
		if (!b)
			return -1;
		g->buf = b;
		g->cap = cap;
	}
	memcpy(g->buf + g->len, row, len);
	g->len += len;
	g->bytes += len;
	g->rows++;
	if (g->len >= SEG_BUF)
		return seg_flush(g);
	return 0;
}

int seg_flush(struct seg *g)
{
	size_t off = 0;
	ssize_t n;

	while (off < g->len) {
		n = write(g->fd, g->buf + off, g->len - off);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "etw-export: spool %s: write: %s\n", spool.dir,
				strerror(errno));
			return -1;
		}
		off += (size_t)n;
	}
	g->len = 0;
	/* A buffer grown for one large row goes back to its usual size. */
	if (g->cap > 4 * SEG_BUF) {
		free(g->buf);
		g->buf = NULL;
		g->cap = 0;
	}
	return 0;
}

int seg_seal(struct seg *g)
{
	char opened[64], sealed[64];
	int r;

	if (g->fd < 0)
		return 0;
	if (seg_flush(g))
		return -1;
	fdatasync(g->fd);
	close(g->fd);
	g->fd = -1;
	seg_name(opened, sizeof(opened), g->no, g->table, 1);
	seg_name(sealed, sizeof(sealed), g->no, g->table, 0);
	if (renameat(spool.dirfd, opened, spool.dirfd, sealed)) {
		fprintf(stderr, "etw-export: spool %s: %s: %s\n", spool.dir, sealed,
			strerror(errno));
		return -1;
	}
	pthread_mutex_lock(&spool.lock);
	r = enqueue(g->no, g->table, g->bytes, time(NULL));
	pthread_cond_broadcast(&spool.changed);
	pthread_mutex_unlock(&spool.lock);
	g->rows = 0;
	g->bytes = 0;
	return r;
}

int seg_due(const struct seg *g, const struct timespec *now)
{
	double age;

	if (g->fd < 0 || !g->rows)
		return 0;
	if (g->rows >= cfg.batch_rows || g->bytes >= cfg.batch_bytes)
		return 1;
	age = (now->tv_sec - g->opened.tv_sec) + (now->tv_nsec - g->opened.tv_nsec) / 1e9;
	return age >= cfg.batch_secs;
}

int spool_wait_room(size_t len)
{
	int r = 0;

	/*
	 * Until half the spool is free: resuming at the first free byte
	 * would make each batch as small as the one just shipped.
	 */
	pthread_mutex_lock(&spool.lock);
	while ((spool.bytes + len > cfg.spool_limit - reserve() ||
		spool.bytes > (cfg.spool_limit - reserve()) / 2) && !ex_stopping) {
		struct timespec t;

		waker_deadline(&t, 1);
		pthread_cond_timedwait(&spool.changed, &spool.lock, &t);
	}
	if (spool.bytes + len > cfg.spool_limit - reserve())
		r = -1;
	pthread_mutex_unlock(&spool.lock);
	return r;
}

int spool_empty(void)
{
	int r;

	pthread_mutex_lock(&spool.lock);
	r = !spool.nq && !spool.bytes;
	pthread_mutex_unlock(&spool.lock);
	return r;
}

/* The oldest batch no shipper has (locked), or NULL. */
static struct sealed *first_free(void)
{
	size_t i;

	for (i = 0; i < spool.nq; i++)
		if (!spool.q[i].busy)
			return &spool.q[i];
	return NULL;
}

int spool_next(struct sealed *s, double wait_secs)
{
	struct sealed *f;
	struct timespec t;
	int r = 1;

	pthread_mutex_lock(&spool.lock);
	f = first_free();
	if (!f && !spool.closing) {
		waker_deadline(&t, wait_secs);
		pthread_cond_timedwait(&spool.changed, &spool.lock, &t);
		f = first_free();
	}
	if (f) {
		f->busy = 1;
		*s = *f;
		r = 0;
	} else if (spool.closing) {
		r = -1;
	}
	pthread_mutex_unlock(&spool.lock);
	return r;
}

void spool_release(const struct sealed *s)
{
	size_t i;

	pthread_mutex_lock(&spool.lock);
	for (i = 0; i < spool.nq; i++)
		if (spool.q[i].no == s->no)
			spool.q[i].busy = 0;
	pthread_cond_broadcast(&spool.changed);
	pthread_mutex_unlock(&spool.lock);
}

int spool_read(const struct sealed *s, char **buf, size_t *len)
{
	char name[64];
	struct stat sb;
	size_t off = 0;
	ssize_t n;
	int fd;

	seg_name(name, sizeof(name), s->no, s->table, 0);
	fd = openat(spool.dirfd, name, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &sb)) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	*buf = malloc((size_t)sb.st_size + 1);
	if (!*buf) {
		close(fd);
		return -1;
	}
	while (off < (size_t)sb.st_size) {
		n = read(fd, *buf + off, (size_t)sb.st_size - off);
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(fd);
	(*buf)[off] = 0;
	*len = off;
	return 0;
}

void spool_done(const struct sealed *s, uint64_t rows)
{
	char name[64];
	size_t i;

	seg_name(name, sizeof(name), s->no, s->table, 0);
	unlinkat(spool.dirfd, name, 0);
	pthread_mutex_lock(&spool.lock);
	for (i = 0; i < spool.nq; i++) {
		if (spool.q[i].no == s->no) {
			memmove(&spool.q[i], &spool.q[i + 1], (spool.nq - i - 1) * sizeof(*spool.q));
			spool.nq--;
			spool.bytes -= s->bytes;
			break;
		}
	}
	spool.st->rows_sent += rows;
	spool.st->sent_batches++;
	pthread_cond_broadcast(&spool.changed);
	pthread_mutex_unlock(&spool.lock);
}

double spool_lag(void)
{
	double lag = 0;

	pthread_mutex_lock(&spool.lock);
	if (spool.nq)
		lag = difftime(time(NULL), spool.q[0].when);
	pthread_mutex_unlock(&spool.lock);
	return lag < 0 ? 0 : lag;
}

void spool_keep_rejected(const char *rows, size_t len)
{
	int fd = openat(spool.dirfd, "rejected", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	struct stat sb;

	if (fd < 0)
		return;
	/* Kept for a person to look at, not forever: 16 MB at most. */
	if (!fstat(fd, &sb) && sb.st_size < 16 << 20 && write(fd, rows, len) < 0)
		fprintf(stderr, "etw-export: %s/rejected: %s\n", spool.dir, strerror(errno));
	close(fd);
}
