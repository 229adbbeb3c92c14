/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Raw-ioctl helpers for the etw.ko kselftests (no libetw, so the kernel's
 * behaviour is tested on its own).
 */
#ifndef _ETW_SELFTEST_UTIL_H
#define _ETW_SELFTEST_UTIL_H

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <linux/etw.h>

#include "etw_stage_util.h"

static inline int etw_open(void)
{
	return open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
}

/* A GUID whose bytes are all @b, with @n in the first byte. */
static inline void etw_guid(uint8_t g[16], uint8_t b, uint8_t n)
{
	memset(g, b, 16);
	g[0] = n;
}

static inline uint64_t etw_reg(int fd, const uint8_t guid[16], uint32_t flags,
			       uint32_t *slot, uint64_t *notify_seq)
{
	struct etw_register r;

	memset(&r, 0, sizeof(r));
	memcpy(r.guid, guid, 16);
	r.flags = flags;
	if (ioctl(fd, ETW_IOC_REGISTER, &r))
		return 0;
	if (slot)
		*slot = r.slot;
	if (notify_seq)
		*notify_seq = r.notify_seq;
	etw_fast_note_reg(fd, r.handle);
	return r.handle;
}

static inline int etw_unreg(int fd, uint64_t handle)
{
	struct etw_unregister u = { .handle = handle };

	return ioctl(fd, ETW_IOC_UNREGISTER, &u);
}

static inline const struct etw_enable_slot *etw_map(int fd)
{
	void *p = mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ, MAP_SHARED, fd,
		       ETW_MMAP_ENABLE_MAP);

	return p == MAP_FAILED ? NULL : p;
}

/* A consistent copy of a slot (the seqcount reader protocol). */
static inline struct etw_enable_slot etw_slot(const struct etw_enable_slot *s)
{
	struct etw_enable_slot c;
	uint32_t seq;

	do {
		seq = __atomic_load_n(&s->seq, __ATOMIC_ACQUIRE);
		if (seq & 1)
			continue;
		memcpy(&c, (const void *)s, sizeof(c));
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
	} while ((seq & 1) || __atomic_load_n(&s->seq, __ATOMIC_RELAXED) != seq);
	return c;
}

/* Start a session with the given geometry (0: the default); its handle or 0. */
static inline uint64_t etw_start_geo(int fd, const char *name, uint32_t mode,
				     uint32_t kb, uint32_t minb, uint32_t maxb,
				     struct etw_session_info *info)
{
	struct etw_session_start st;
	struct etw_session_info si;

	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)name;
	st.name_len = strlen(name);
	st.log_file_mode = mode;
	st.buffer_size_kb = kb;
	st.min_buffers = minb;
	st.max_buffers = maxb;
	st.info = (uintptr_t)(info ? info : &si);
	st.info_size = sizeof(si);
	if (ioctl(fd, ETW_IOC_SESSION_START, &st))
		return 0;
	return info ? info->handle : si.handle;
}

static inline uint64_t etw_start(int fd, const char *name, uint32_t mode,
				 struct etw_session_info *info)
{
	return etw_start_geo(fd, name, mode, 0, 0, 0, info);
}

static inline int etw_control(int fd, uint64_t handle, uint32_t code,
			      struct etw_session_info *info)
{
	struct etw_session_control c;

	memset(&c, 0, sizeof(c));
	c.handle = handle;
	c.code = code;
	c.info = (uintptr_t)info;
	c.info_size = info ? sizeof(*info) : 0;
	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &c);
}

static inline int etw_stop(int fd, uint64_t handle)
{
	return etw_control(fd, handle, ETW_CONTROL_STOP, NULL);
}

static inline int etw_enable_ex(int fd, uint64_t session, const uint8_t guid[16],
				uint32_t code, uint8_t level, uint64_t any,
				uint64_t all, uint32_t props,
				const uint8_t *source, uint32_t timeout_ms,
				const struct etw_filter_desc *f, uint32_t nf)
{
	struct etw_enable e;

	memset(&e, 0, sizeof(e));
	e.session = session;
	memcpy(e.guid, guid, 16);
	if (source)
		memcpy(e.source_id, source, 16);
	e.control_code = code;
	e.level = level;
	e.match_any = any;
	e.match_all = all;
	e.enable_property = props;
	e.timeout_ms = timeout_ms;
	e.filters = (uintptr_t)f;
	e.filter_count = nf;
	return ioctl(fd, ETW_IOC_ENABLE, &e);
}

static inline int etw_enable(int fd, uint64_t session, const uint8_t guid[16],
			     uint8_t level, uint64_t any, uint64_t all)
{
	return etw_enable_ex(fd, session, guid, 1, level, any, all, 0, NULL,
			     100, NULL, 0);
}

static inline int etw_disable(int fd, uint64_t session, const uint8_t guid[16])
{
	return etw_enable_ex(fd, session, guid, 0, 0, 0, 0, 0, NULL, 100,
			     NULL, 0);
}

/* Read pending notifications without blocking; returns bytes or -errno. */
static inline int etw_read_notes(int fd, void *buf, size_t len)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (poll(&p, 1, 0) <= 0)
		return -EAGAIN;
	n = read(fd, buf, len);
	return n < 0 ? -errno : (int)n;
}

static inline int etw_ack(int fd, uint64_t seq)
{
	struct etw_notify_ack a = { .seq = seq };

	return ioctl(fd, ETW_IOC_NOTIFY_ACK, &a);
}

/* Run @fn in a child as an unprivileged user; returns its exit status. */
static inline int etw_as_nobody(int (*fn)(void *), void *arg)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (setgid(65534) || setuid(65534))
			_exit(100);
		_exit(fn(arg));
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/*
 * A session of @kb KB buffers logging to @path in @mode, through the raw
 * ioctl; its handle, or 0 (errno).
 */
static inline uint64_t etw_start_file(int fd, const char *name,
				      const char *path, uint32_t mode,
				      uint32_t kb)
{
	struct etw_session_start st;
	struct etw_session_info si;

	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)name;
	st.name_len = strlen(name);
	st.log_file_mode = mode;
	st.buffer_size_kb = kb;
	st.log_file = (uintptr_t)path;
	st.log_file_len = strlen(path);
	st.info = (uintptr_t)&si;
	st.info_size = sizeof(si);
	if (ioctl(fd, ETW_IOC_SESSION_START, &st))
		return 0;
	return si.handle;
}

/* ControlTrace(UPDATE) switching session @h to @path: 0 or -errno. */
static inline int etw_update_file(int fd, uint64_t h, const char *path)
{
	struct etw_session_control c;

	memset(&c, 0, sizeof(c));
	c.handle = h;
	c.code = ETW_CONTROL_UPDATE;
	c.log_file = (uintptr_t)path;
	c.log_file_len = strlen(path);
	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) ? -errno : 0;
}

/* One event (id 7, level 4) of @reg whose payload is the 4-byte @seq. */
static inline int etw_write_u32(int fd, uint64_t reg, uint32_t seq)
{
	struct etw_data_desc d = { .ptr = (uintptr_t)&seq, .size = 4 };
	struct etw_write w;

	memset(&w, 0, sizeof(w));
	w.handle = reg;
	w.id = 7;
	w.level = 4;
	w.count = 1;
	w.data = (uintptr_t)&d;
	return ioctl(fd, ETW_IOC_WRITE, &w) ? -errno : 0;
}

/* A fresh registration of @guid on @fd that @session enables; or 0. */
static inline uint64_t etw_reg_enabled(int fd, uint64_t session,
				       const uint8_t *guid)
{
	uint64_t reg = etw_reg(fd, guid, 0, NULL, NULL);

	if (!reg || etw_enable(fd, session, guid, 5, 0, 0))
		return 0;
	return reg;
}

/* CLOCK_MONOTONIC in seconds. */
static inline double etw_now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static inline int etw_zero16(const uint8_t *p)
{
	int i;

	for (i = 0; i < 16; i++)
		if (p[i])
			return 0;
	return 1;
}

/*
 * A provider's dispatcher, as libetw runs one: a thread that reads the
 * notifications of @fd, keeps them for the test, and acknowledges them
 * (unless @stuck), so control calls return as soon as it has.
 */
#define ETW_DISP_MAX	64
#define ETW_DISP_DATA	512

struct etw_note {
	struct etw_notification n;
	uint8_t data[ETW_DISP_DATA];
};

struct etw_dispatcher {
	int fd;
	int stuck;
	volatile int stop;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	unsigned int head, tail;
	struct etw_note q[ETW_DISP_MAX];
};

static void *etw_dispatcher_main(void *arg)
{
	struct etw_dispatcher *d = arg;
	static __thread uint8_t buf[65536];

	while (!d->stop) {
		struct pollfd p = { .fd = d->fd, .events = POLLIN };
		ssize_t n, off = 0;
		uint64_t last = 0;

		if (poll(&p, 1, 20) <= 0)
			continue;
		n = read(d->fd, buf, sizeof(buf));
		if (n <= 0)
			continue;
		pthread_mutex_lock(&d->mu);
		while (off + (ssize_t)sizeof(struct etw_notification) <= n) {
			struct etw_notification *r = (void *)(buf + off);
			struct etw_note *e = &d->q[d->tail % ETW_DISP_MAX];

			e->n = *r;
			memcpy(e->data, r + 1, r->filter_size < ETW_DISP_DATA ?
			       r->filter_size : ETW_DISP_DATA);
			d->tail++;
			last = r->seq;
			off += r->size;
		}
		pthread_cond_broadcast(&d->cv);
		pthread_mutex_unlock(&d->mu);
		if (!d->stuck)
			etw_ack(d->fd, last);
	}
	return NULL;
}

static inline void etw_dispatcher_start(struct etw_dispatcher *d, int fd)
{
	memset(d, 0, sizeof(*d));
	d->fd = fd;
	pthread_mutex_init(&d->mu, NULL);
	pthread_cond_init(&d->cv, NULL);
	pthread_create(&d->thread, NULL, etw_dispatcher_main, d);
}

static inline void etw_dispatcher_stop(struct etw_dispatcher *d)
{
	d->stop = 1;
	pthread_join(d->thread, NULL);
}

/* The next notification, waiting up to @ms; 0 or -ETIMEDOUT. */
static inline int etw_next_note(struct etw_dispatcher *d, struct etw_note *out,
				int ms)
{
	struct timespec ts;
	int ret = 0;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += ms / 1000;
	ts.tv_nsec += (ms % 1000) * 1000000L;
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&d->mu);
	while (d->head == d->tail && ret == 0)
		ret = pthread_cond_timedwait(&d->cv, &d->mu, &ts);
	if (d->head != d->tail) {
		*out = d->q[d->head % ETW_DISP_MAX];
		d->head++;
		ret = 0;
	} else {
		ret = -ETIMEDOUT;
	}
	pthread_mutex_unlock(&d->mu);
	return ret;
}

static inline int etw_notes_pending(struct etw_dispatcher *d)
{
	int n;

	pthread_mutex_lock(&d->mu);
	n = d->tail - d->head;
	pthread_mutex_unlock(&d->mu);
	return n;
}

#endif /* _ETW_SELFTEST_UTIL_H */
