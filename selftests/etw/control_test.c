// SPDX-License-Identifier: GPL-2.0-only
/*
 * The control plane of etw.ko through its raw ioctls: registrations, the
 * enable map, sessions, enabling and its aggregation over sessions
 * (seed 000), notifications, traits, groups and disallow lists (seed
 * 004), privileges, and cleanup when processes die.  At the end, the
 * hardening review's defects of limits and names: 6 unbounded, uncharged
 * kernel memory for any user; 9 controllers' sessions, enable entries
 * and consumers unbounded; 10 names of sessions one may not control
 * could be probed.
 */
#include <signal.h>
#include <pthread.h>
#include <sys/stat.h>
#include "etw_util.h"

#include "../kselftest_harness.h"

static unsigned int guid_counter;

FIXTURE(ctl) {
	int fd;
	uint8_t guid[16];
	char name[64];
	uint64_t sessions[70];
	int nsessions;
	uint8_t buf[ETW_NOTIFY_MAX_SIZE];
};

FIXTURE_SETUP(ctl)
{
	self->fd = etw_open();
	if (self->fd < 0)
		SKIP(return, "%s: %s", ETW_DEVICE_PATH, strerror(errno));
	etw_guid(self->guid, 0x5A, ++guid_counter);
	self->guid[1] = getpid() & 0xFF;
	snprintf(self->name, sizeof(self->name), "kst-%d-%u", getpid(),
		 guid_counter);
	self->nsessions = 0;
}

FIXTURE_TEARDOWN(ctl)
{
	int i;

	for (i = 0; i < self->nsessions; i++)
		etw_stop(self->fd, self->sessions[i]);
	if (self->fd >= 0)
		close(self->fd);
}

/* Start a real-time session named <fixture name><suffix>. */
static uint64_t start(FIXTURE_DATA(ctl) *self, const char *suffix)
{
	char name[96];
	uint64_t h;

	snprintf(name, sizeof(name), "%s%s", self->name, suffix);
	h = etw_start(self->fd, name, 0x100 /* REAL_TIME */, NULL);
	if (h)
		self->sessions[self->nsessions++] = h;
	return h;
}

/* Read one notification into @n (and its filter data after it). */
static int note(FIXTURE_DATA(ctl) *self, int fd, struct etw_notification *n)
{
	int r = etw_read_notes(fd, self->buf, sizeof(self->buf));

	if (r < (int)sizeof(*n))
		return r < 0 ? r : -EIO;
	memcpy(n, self->buf, sizeof(*n));
	return r;
}

TEST_F(ctl, register_and_unregister)
{
	uint32_t slot;
	uint64_t h, h2, seq;

	h = etw_reg(self->fd, self->guid, 0, &slot, &seq);
	ASSERT_NE(0, h);
	EXPECT_EQ(0, seq);	/* nothing enables it */
	/* Several registrations of one GUID (EventRegister twice). */
	h2 = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	ASSERT_NE(0, h2);
	EXPECT_NE(h, h2);
	EXPECT_EQ(0, etw_unreg(self->fd, h));
	EXPECT_EQ(-1, etw_unreg(self->fd, h));
	EXPECT_EQ(ENOENT, errno);
	EXPECT_EQ(0, etw_unreg(self->fd, h2));
	/* A handle from another file is unknown here. */
	h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	{
		int fd2 = etw_open();

		EXPECT_EQ(-1, etw_unreg(fd2, h));
		EXPECT_EQ(ENOENT, errno);
		close(fd2);
	}
}

TEST_F(ctl, register_rejects_bad_input)
{
	struct etw_register r;

	memset(&r, 0, sizeof(r));
	r.flags = 0x80;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_REGISTER, &r));
	EXPECT_EQ(EINVAL, errno);
	memset(&r, 0, sizeof(r));
	r.__reserved[1] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_REGISTER, &r));
	EXPECT_EQ(EINVAL, errno);
	memset(&r, 0, sizeof(r));
	r.handle = 5;	/* an output field given as input */
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_REGISTER, &r));
	EXPECT_EQ(EINVAL, errno);
}

/* Only the kernel writes the enable map. */
TEST_F(ctl, enable_map_is_read_only)
{
	void *p;

	ASSERT_NE(0, etw_reg(self->fd, self->guid, 0, NULL, NULL));
	p = mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		 self->fd, 0);
	EXPECT_EQ(MAP_FAILED, p);
	EXPECT_EQ(EPERM, errno);
	p = mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ, MAP_SHARED, self->fd, 0);
	ASSERT_NE(MAP_FAILED, p);
	EXPECT_EQ(-1, mprotect(p, 4096, PROT_READ | PROT_WRITE));
	munmap(p, ETW_ENABLE_MAP_SIZE);
	/* Beyond the map, or at another offset: refused. */
	p = mmap(NULL, ETW_ENABLE_MAP_SIZE + 4096, PROT_READ, MAP_SHARED, self->fd, 0);
	EXPECT_EQ(MAP_FAILED, p);
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, self->fd, 4096);
	EXPECT_EQ(MAP_FAILED, p);
}

/* reference 2.6: "An unregistered provider is enabled when it registers
 * (callback SourceId = GUID_NULL)"; seed 000, rule 3. */
TEST_F(ctl, enable_before_register_applies_at_registration)
{
	const struct etw_enable_slot *map;
	struct etw_enable_slot s;
	struct etw_notification n;
	uint8_t src[16];
	uint64_t sess, h, seq;
	uint32_t slot;

	sess = start(self, "");
	ASSERT_NE(0, sess);
	memset(src, 0x77, 16);
	ASSERT_EQ(0, etw_enable_ex(self->fd, sess, self->guid, 1, 4, 0xF0, 0x10,
				   0, src, 100, NULL, 0));
	h = etw_reg(self->fd, self->guid, ETW_REG_F_CALLBACK, &slot, &seq);
	ASSERT_NE(0, h);
	EXPECT_NE(0, seq);
	map = etw_map(self->fd);
	ASSERT_NE(NULL, map);
	s = etw_slot(&map[slot]);
	EXPECT_EQ(1, s.enabled);
	EXPECT_EQ(4, s.level);
	EXPECT_EQ(0xF0, s.match_any);
	EXPECT_EQ(0x10, s.match_all);
	ASSERT_GT(note(self, self->fd, &n), 0);
	EXPECT_EQ(h, n.handle);
	EXPECT_EQ(seq, n.seq);
	EXPECT_EQ(1, n.code);
	EXPECT_EQ(4, n.level);
	/* seed 000, rule 3: no source at registration time. */
	EXPECT_TRUE(etw_zero16(n.source_id));
}

TEST_F(ctl, aggregation_over_sessions)
{
	const struct etw_enable_slot *map;
	struct etw_enable_slot s;
	uint64_t a, b, h;
	uint32_t slot;

	a = start(self, "-a");
	b = start(self, "-b");
	ASSERT_NE(0, a);
	ASSERT_NE(0, b);
	h = etw_reg(self->fd, self->guid, 0, &slot, NULL);
	ASSERT_NE(0, h);
	map = etw_map(self->fd);
	ASSERT_NE(NULL, map);
	EXPECT_EQ(0, etw_slot(&map[slot]).enabled);

	/* seed 000, rule 10: levels 3 and 1 give 3. */
	ASSERT_EQ(0, etw_enable(self->fd, a, self->guid, 3, 0x0F, 0x0F));
	ASSERT_EQ(0, etw_enable(self->fd, b, self->guid, 1, 0xF00, 0x3C));
	s = etw_slot(&map[slot]);
	EXPECT_EQ(1, s.enabled);
	EXPECT_EQ(3, s.level);
	/* seed 000, rule 12: MatchAny is the OR. */
	EXPECT_EQ(0xF0F, s.match_any);
	/* seed 000, rule 14: MatchAll is the AND. */
	EXPECT_EQ(0x0C, s.match_all);
	EXPECT_TRUE(s.flags & ETW_SLOT_KEYWORD0);

	/* reference 10.1: a session's level 0 means all levels (255). */
	ASSERT_EQ(0, etw_enable(self->fd, b, self->guid, 0, 0xF00, 0x3C));
	EXPECT_EQ(255, etw_slot(&map[slot]).level);

	/* One of two disables: still enabled, with the other's values. */
	ASSERT_EQ(0, etw_disable(self->fd, b, self->guid));
	s = etw_slot(&map[slot]);
	EXPECT_EQ(1, s.enabled);
	EXPECT_EQ(3, s.level);
	EXPECT_EQ(0x0F, s.match_any);
	ASSERT_EQ(0, etw_disable(self->fd, a, self->guid));
	EXPECT_EQ(0, etw_slot(&map[slot]).enabled);
}

/* reference 1.5: MatchAnyKeyword 0 means all keywords for modern
 * providers; IGNORE_KEYWORD_0 makes keyword-0 events fail. */
TEST_F(ctl, keyword_details)
{
	const struct etw_enable_slot *map;
	uint64_t a, h;
	uint32_t slot;

	a = start(self, "");
	ASSERT_NE(0, a);
	h = etw_reg(self->fd, self->guid, 0, &slot, NULL);
	ASSERT_NE(0, h);
	map = etw_map(self->fd);
	ASSERT_EQ(0, etw_enable(self->fd, a, self->guid, 5, 0, 0));
	EXPECT_EQ(~0ULL, etw_slot(&map[slot]).match_any);
	ASSERT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 1, 5, 1, 0,
				   0x10 /* IGNORE_KEYWORD_0 */, NULL, 100, NULL, 0));
	EXPECT_FALSE(etw_slot(&map[slot]).flags & ETW_SLOT_KEYWORD0);
}

/* seed 000, rules 2, 4, 5, 6: SourceId, and IsEnabled reflecting the
 * aggregate rather than the caller's ControlCode. */
TEST_F(ctl, notifications_follow_the_aggregate)
{
	struct etw_dispatcher d;
	struct etw_note e;
	uint8_t src_a[16], src_b[16];
	uint64_t a, b, h;
	int pfd = etw_open();

	memset(src_a, 0xA1, 16);
	memset(src_b, 0xB2, 16);
	a = start(self, "-a");
	b = start(self, "-b");
	h = etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL);
	ASSERT_NE(0, h);
	etw_dispatcher_start(&d, pfd);

	ASSERT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 1, 3, 1, 0, 0,
				   src_a, 2000, NULL, 0));
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	EXPECT_EQ(h, e.n.handle);
	EXPECT_EQ(1, e.n.code);
	EXPECT_EQ(3, e.n.level);
	EXPECT_EQ(0, memcmp(e.n.source_id, src_a, 16));	/* rule 2 */

	ASSERT_EQ(0, etw_enable_ex(self->fd, b, self->guid, 1, 1, 2, 0, 0,
				   src_b, 2000, NULL, 0));
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	EXPECT_EQ(1, e.n.code);
	EXPECT_EQ(3, e.n.level);			/* rule 10 */
	EXPECT_EQ(3, e.n.match_any);			/* rule 12 */
	EXPECT_EQ(0, memcmp(e.n.source_id, src_b, 16));

	/* rule 5: B disables, A still enables: ENABLE with A's values. */
	ASSERT_EQ(0, etw_enable_ex(self->fd, b, self->guid, 0, 0, 0, 0, 0,
				   src_b, 2000, NULL, 0));
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	EXPECT_EQ(1, e.n.code);
	EXPECT_EQ(3, e.n.level);
	EXPECT_EQ(1, e.n.match_any);

	/* rule 4: CAPTURE_STATE is its own code; state unchanged. */
	ASSERT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 2, 0, 0, 0, 0,
				   src_a, 2000, NULL, 0));
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	EXPECT_EQ(2, e.n.code);
	EXPECT_EQ(3, e.n.level);
	EXPECT_EQ(0, memcmp(e.n.source_id, src_a, 16));

	/* rule 6: the last session disables: DISABLE. */
	ASSERT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 0, 0, 0, 0, 0,
				   src_a, 2000, NULL, 0));
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	EXPECT_EQ(0, e.n.code);
	EXPECT_EQ(0, etw_notes_pending(&d));
	etw_dispatcher_stop(&d);
	close(pfd);
}

/* Stopping a session disables its providers (seed 000, rule 19). */
TEST_F(ctl, stop_disables_and_invalidates_handle)
{
	struct etw_dispatcher d;
	struct etw_session_info si;
	struct etw_note e;
	uint64_t a, h;
	int pfd = etw_open();

	a = start(self, "");
	h = etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL);
	etw_dispatcher_start(&d, pfd);
	ASSERT_EQ(0, etw_enable(self->fd, a, self->guid, 4, 0, 0));
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	ASSERT_EQ(0, etw_control(self->fd, a, ETW_CONTROL_STOP, &si));
	self->nsessions--;
	EXPECT_TRUE(si.flags & ETW_SESSION_INFO_F_STOPPED);
	ASSERT_EQ(0, etw_next_note(&d, &e, 1000));
	EXPECT_EQ(h, e.n.handle);
	EXPECT_EQ(0, e.n.code);
	EXPECT_TRUE(etw_zero16(e.n.source_id));
	/* STOP invalidates the handle. */
	EXPECT_EQ(-1, etw_control(self->fd, a, ETW_CONTROL_QUERY, &si));
	EXPECT_EQ(ENOENT, errno);
	EXPECT_EQ(-1, etw_enable(self->fd, a, self->guid, 4, 0, 0));
	EXPECT_EQ(ENOENT, errno);
	etw_dispatcher_stop(&d);
	close(pfd);
}

struct acker {
	int fd;
	volatile int stop;
};

/* A provider's dispatcher that takes 50 ms per callback. */
static void *ack_later(void *arg)
{
	struct acker *a = arg;
	struct pollfd p = { .fd = a->fd, .events = POLLIN };
	uint8_t buf[4096];
	ssize_t n, off;

	while (!a->stop) {
		uint64_t last = 0;

		if (poll(&p, 1, 20) != 1)
			continue;
		n = read(a->fd, buf, sizeof(buf));
		for (off = 0; off + (ssize_t)sizeof(struct etw_notification) <= n;) {
			struct etw_notification *r = (void *)(buf + off);

			last = r->seq;
			off += r->size;
		}
		usleep(50000);
		if (last)
			etw_ack(a->fd, last);
	}
	return NULL;
}

/* A control call returns after the callbacks it caused have run, with a
 * bounded wait; a dead provider process cannot hang it. */
TEST_F(ctl, control_calls_wait_for_callbacks_bounded)
{
	struct acker ack;
	pthread_t t;
	uint64_t a, h;
	int pfd, status;
	pid_t pid;
	int sync[2];

	a = start(self, "");
	pfd = etw_open();
	h = etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL);
	ASSERT_NE(0, h);
	/* Nobody acknowledges: an explicit timeout expires. */
	EXPECT_EQ(-1, etw_enable_ex(self->fd, a, self->guid, 1, 4, 0, 0, 0,
				    NULL, 200, NULL, 0));
	EXPECT_EQ(ETIMEDOUT, errno);
	/* The provider acknowledges after running its callback: success. */
	ack.fd = pfd;
	ack.stop = 0;
	ASSERT_EQ(0, pthread_create(&t, NULL, ack_later, &ack));
	EXPECT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 1, 5, 0, 0, 0,
				   NULL, 3000, NULL, 0));
	ack.stop = 1;
	pthread_join(t, NULL);
	close(pfd);

	/* A provider process that is stuck, then killed. */
	ASSERT_EQ(0, pipe(sync));
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		int cfd = etw_open();

		if (!etw_reg(cfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL))
			_exit(1);
		write(sync[1], "x", 1);
		pause();
		_exit(0);
	}
	ASSERT_EQ(1, read(sync[0], &status, 1));
	EXPECT_EQ(-1, etw_enable_ex(self->fd, a, self->guid, 1, 2, 0, 0, 0,
				    NULL, 200, NULL, 0));
	EXPECT_EQ(ETIMEDOUT, errno);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	/* Its registration died with it: nothing left to wait for. */
	EXPECT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 1, 3, 0, 0, 0,
				   NULL, 200, NULL, 0));
	close(sync[0]);
	close(sync[1]);
}

TEST_F(ctl, session_names_unique_case_insensitive)
{
	char upper[96];
	size_t i;

	ASSERT_NE(0, start(self, "-x"));
	snprintf(upper, sizeof(upper), "%s-X", self->name);
	for (i = 0; upper[i]; i++)
		if (upper[i] >= 'a' && upper[i] <= 'z')
			upper[i] -= 32;
	EXPECT_EQ(0, etw_start(self->fd, upper, 0x100, NULL));
	EXPECT_EQ(EEXIST, errno);
}

/* reference 2.5 / 8: at most 64 sessions; the 65th gets ENOSPC. */
TEST_F(ctl, at_most_64_sessions)
{
	struct etw_session_list l;
	uint64_t handles[80];
	char sfx[16];
	int i, started = 0;

	memset(&l, 0, sizeof(l));
	l.handles = (uintptr_t)handles;
	l.capacity = 80;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_LIST, &l));
	for (i = l.count; i < 64; i++) {
		snprintf(sfx, sizeof(sfx), "-%d", i);
		ASSERT_NE(0, start(self, sfx));
		started++;
	}
	EXPECT_EQ(0, start(self, "-65th"));
	EXPECT_EQ(ENOSPC, errno);
	memset(&l, 0, sizeof(l));
	l.handles = (uintptr_t)handles;
	l.capacity = 80;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_LIST, &l));
	EXPECT_EQ(64, l.count);
	/* A short array still reports how many there are. */
	l.capacity = 3;
	l.count = 0;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_LIST, &l));
	EXPECT_EQ(64, l.count);
	EXPECT_GT(started, 0);
}

TEST_F(ctl, session_query_reports_geometry)
{
	struct etw_session_control c;
	struct etw_session_info si, q;
	struct etw_session_start st;
	char name[96], back[128];
	size_t i;

	snprintf(name, sizeof(name), "%s-geo", self->name);
	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)name;
	st.name_len = strlen(name);
	st.log_file_mode = 0x100;
	st.buffer_size_kb = 32;
	st.min_buffers = 1;
	st.max_buffers = 40;
	st.info = (uintptr_t)&si;
	st.info_size = sizeof(si);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_START, &st));
	self->sessions[self->nsessions++] = si.handle;
	EXPECT_EQ(32, si.buffer_size_kb);
	EXPECT_GE(si.min_buffers, 2 * si.nr_streams);	/* reference 2.2 */
	EXPECT_EQ(40, si.max_buffers);
	EXPECT_EQ(40, si.number_of_buffers);
	EXPECT_EQ(40, si.free_buffers);
	EXPECT_EQ(1, si.clock_type);
	EXPECT_EQ(1000000000ULL, si.perf_freq);
	EXPECT_EQ(1, si.flush_timer);
	EXPECT_EQ(strlen(name), si.name_len);
	EXPECT_NE(0, si.start_time);
	/* Query by name, case-insensitively. */
	for (i = 0; name[i]; i++)
		if (name[i] >= 'a' && name[i] <= 'z')
			name[i] -= 32;
	memset(&c, 0, sizeof(c));
	c.name = (uintptr_t)name;
	c.name_len = strlen(name);
	c.code = ETW_CONTROL_QUERY;
	c.info = (uintptr_t)&q;
	c.info_size = sizeof(q);
	c.name_buf = (uintptr_t)back;
	c.name_buf_size = sizeof(back);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_CONTROL, &c));
	EXPECT_EQ(si.handle, q.handle);
	EXPECT_EQ(0, strncmp(back, self->name, strlen(self->name)));
	/* FLUSH validates its arguments. */
	EXPECT_EQ(0, etw_control(self->fd, si.handle, ETW_CONTROL_FLUSH, NULL));
	EXPECT_EQ(-1, etw_control(self->fd, si.handle, 7, NULL));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(ctl, session_start_rejects_bad_properties)
{
	struct etw_session_start st;
	char name[96];

	snprintf(name, sizeof(name), "%s-bad", self->name);
	memset(&st, 0, sizeof(st));
	st.name = (uintptr_t)name;
	st.name_len = strlen(name);
	st.log_file_mode = 0x100 | 0x400;	/* REAL_TIME | BUFFERING */
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SESSION_START, &st));
	EXPECT_EQ(EINVAL, errno);
	st.log_file_mode = 0x100;
	st.clock_type = 9;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SESSION_START, &st));
	EXPECT_EQ(EINVAL, errno);
	st.clock_type = 0;
	st.name_len = 0;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SESSION_START, &st));
	EXPECT_EQ(EINVAL, errno);
	st.name_len = strlen(name);
	st.name = 8;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_SESSION_START, &st));
	EXPECT_EQ(EFAULT, errno);
}

static int try_start(void *arg)
{
	int fd = etw_open();

	if (fd < 0)
		return 10;
	if (etw_start(fd, (const char *)arg, 0x100, NULL))
		return 11;
	return errno == EPERM ? 0 : 12;
}

struct ctl_arg {
	uint64_t session;
	uint8_t guid[16];
};

static int try_control(void *arg)
{
	struct ctl_arg *a = arg;
	struct etw_session_info si;
	int fd = etw_open();

	if (fd < 0)
		return 10;
	/* Any user may register (and would write). */
	if (!etw_reg(fd, a->guid, ETW_REG_F_CALLBACK, NULL, NULL))
		return 11;
	if (etw_enable(fd, a->session, a->guid, 4, 0, 0) == 0 || errno != EPERM)
		return 12;
	if (etw_control(fd, a->session, ETW_CONTROL_QUERY, &si) == 0 ||
	    errno != EPERM)
		return 13;
	if (etw_stop(fd, a->session) == 0 || errno != EPERM)
		return 14;
	return 0;
}

/* Starting and controlling sessions needs privilege; registering not. */
TEST_F(ctl, privileges)
{
	struct ctl_arg a;
	char name[96];

	if (getuid() != 0)
		SKIP(return, "needs root to switch users");
	snprintf(name, sizeof(name), "%s-nobody", self->name);
	EXPECT_EQ(0, etw_as_nobody(try_start, name));
	a.session = start(self, "");
	ASSERT_NE(0, a.session);
	memcpy(a.guid, self->guid, 16);
	EXPECT_EQ(0, etw_as_nobody(try_control, &a));
}

/* Sessions are global: they survive the process that started them. */
TEST_F(ctl, session_survives_its_controller)
{
	struct etw_session_control c;
	struct etw_session_info si;
	char name[96];
	int status;
	pid_t pid;

	snprintf(name, sizeof(name), "%s-orphan", self->name);
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		int fd = etw_open();

		_exit(etw_start(fd, name, 0x100, NULL) ? 0 : 1);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_EQ(0, WEXITSTATUS(status));
	memset(&c, 0, sizeof(c));
	c.name = (uintptr_t)name;
	c.name_len = strlen(name);
	c.code = ETW_CONTROL_STOP;
	c.info = (uintptr_t)&si;
	c.info_size = sizeof(si);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SESSION_CONTROL, &c));
	EXPECT_TRUE(si.flags & ETW_SESSION_INFO_F_STOPPED);
}

/* reference 8: at most 8 sessions enable one modern provider. */
TEST_F(ctl, at_most_8_sessions_per_provider)
{
	char sfx[16];
	uint64_t s;
	int i;

	for (i = 0; i < 8; i++) {
		snprintf(sfx, sizeof(sfx), "-%d", i);
		s = start(self, sfx);
		ASSERT_NE(0, s);
		ASSERT_EQ(0, etw_enable(self->fd, s, self->guid, 4, 0, 0));
	}
	s = start(self, "-9th");
	ASSERT_NE(0, s);
	EXPECT_EQ(-1, etw_enable(self->fd, s, self->guid, 4, 0, 0));
	EXPECT_EQ(ENOSPC, errno);
}

/* Traits blob "Prov" with an optional group trait. */
static uint32_t traits(uint8_t *b, const uint8_t *group)
{
	uint32_t n = 2;

	memcpy(b + n, "Prov", 5);
	n += 5;
	if (group) {
		b[n] = 19; b[n + 1] = 0; b[n + 2] = 1;
		memcpy(b + n + 3, group, 16);
		n += 19;
	}
	b[0] = n;
	b[1] = 0;
	return n;
}

static int set_info(int fd, uint64_t h, uint32_t cls, const void *p, uint32_t len)
{
	struct etw_set_info si = { .handle = h, .info_class = cls,
				   .length = len, .data = (uintptr_t)p };

	return ioctl(fd, ETW_IOC_SET_INFO, &si);
}

/* seed 004, rule 2: traits are set once; rules 3-4: strict format. */
TEST_F(ctl, traits_set_once_and_validated)
{
	uint8_t b[64];
	uint64_t h;
	uint32_t n;

	h = etw_reg(self->fd, self->guid, 0, NULL, NULL);
	n = traits(b, NULL);
	b[0] = n + 1;	/* TraitsSize disagrees with the length */
	EXPECT_EQ(-1, set_info(self->fd, h, ETW_INFO_SET_TRAITS, b, n));
	EXPECT_EQ(EINVAL, errno);
	b[0] = n;
	EXPECT_EQ(0, set_info(self->fd, h, ETW_INFO_SET_TRAITS, b, n));
	EXPECT_EQ(-1, set_info(self->fd, h, ETW_INFO_SET_TRAITS, b, n));
	EXPECT_EQ(EEXIST, errno);
	/* EventProviderUseDescriptorType takes one byte. */
	EXPECT_EQ(0, set_info(self->fd, h, ETW_INFO_USE_DESCRIPTOR_TYPE, "\1", 1));
	EXPECT_EQ(-1, set_info(self->fd, h, ETW_INFO_USE_DESCRIPTOR_TYPE, "\1\0", 2));
	EXPECT_EQ(EINVAL, errno);
	/* Unknown classes: not supported. */
	EXPECT_EQ(-1, set_info(self->fd, h, 1, b, 1));
	EXPECT_EQ(EOPNOTSUPP, errno);
	EXPECT_EQ(-1, set_info(self->fd, h, 99, b, 1));
	EXPECT_EQ(EOPNOTSUPP, errno);
	EXPECT_EQ(-1, set_info(self->fd, h + 1, ETW_INFO_SET_TRAITS, b, n));
	EXPECT_EQ(ENOENT, errno);
}

/* seed 004, rules 9 and 11: a group enable reaches members (including
 * late joiners); the disallow list excludes from group enables only,
 * and changes take effect at once. */
TEST_F(ctl, groups_and_disallow_lists)
{
	const struct etw_enable_slot *map;
	struct etw_dispatcher dp;
	struct etw_note n;
	struct etw_disallow d;
	uint8_t group[16], other[16], b[64], got[4][16];
	uint64_t s, h1, h2, h3;
	uint32_t s1, s2, s3;
	int pfd = etw_open();

	etw_guid(group, 0x6B, guid_counter);
	etw_guid(other, 0x6C, guid_counter);
	s = start(self, "");
	ASSERT_NE(0, s);
	h1 = etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, &s1, NULL);
	h2 = etw_reg(pfd, other, 0, &s2, NULL);
	ASSERT_EQ(0, set_info(pfd, h1, ETW_INFO_SET_TRAITS, b, traits(b, group)));
	ASSERT_EQ(0, set_info(pfd, h2, ETW_INFO_SET_TRAITS, b, traits(b, group)));
	map = etw_map(pfd);
	etw_dispatcher_start(&dp, pfd);

	ASSERT_EQ(0, etw_enable_ex(self->fd, s, group, 1, 2, 0x30, 0,
				   0x20 /* PROVIDER_GROUP */, NULL, 100, NULL, 0));
	EXPECT_EQ(1, etw_slot(&map[s1]).enabled);
	EXPECT_EQ(2, etw_slot(&map[s1]).level);
	EXPECT_EQ(0x30, etw_slot(&map[s2]).match_any);
	ASSERT_EQ(0, etw_next_note(&dp, &n, 1000));
	EXPECT_EQ(1, n.n.code);

	/* A late joiner. */
	h3 = etw_reg(pfd, other, 0, &s3, NULL);
	EXPECT_EQ(0, etw_slot(&map[s3]).enabled);
	ASSERT_EQ(0, set_info(pfd, h3, ETW_INFO_SET_TRAITS, b, traits(b, group)));
	EXPECT_EQ(1, etw_slot(&map[s3]).enabled);

	/* Disallow our first provider: it is disabled and told so. */
	memset(&d, 0, sizeof(d));
	d.session = s;
	d.guids = (uintptr_t)self->guid;
	d.count = 1;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_DISALLOW, &d));
	EXPECT_EQ(0, etw_slot(&map[s1]).enabled);
	EXPECT_EQ(1, etw_slot(&map[s2]).enabled);
	ASSERT_EQ(0, etw_next_note(&dp, &n, 1000));
	EXPECT_EQ(h1, n.n.handle);
	EXPECT_EQ(0, n.n.code);

	/* Read it back. */
	memset(&d, 0, sizeof(d));
	d.session = s;
	d.guids = (uintptr_t)got;
	d.count = 4;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_GET_DISALLOW, &d));
	EXPECT_EQ(1, d.count);
	EXPECT_EQ(0, memcmp(got[0], self->guid, 16));

	/* A direct enable still applies to a disallowed provider. */
	ASSERT_EQ(0, etw_enable(self->fd, s, self->guid, 5, 0, 0));
	EXPECT_EQ(1, etw_slot(&map[s1]).enabled);
	EXPECT_EQ(5, etw_slot(&map[s1]).level);
	ASSERT_EQ(0, etw_disable(self->fd, s, self->guid));

	/* Clearing the list re-enables it through the group. */
	memset(&d, 0, sizeof(d));
	d.session = s;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_DISALLOW, &d));
	EXPECT_EQ(1, etw_slot(&map[s1]).enabled);
	EXPECT_EQ(2, etw_slot(&map[s1]).level);
	etw_dispatcher_stop(&dp);
	close(pfd);
}

/* seed 004, rule 13 and reference 2.6: filters a group refuses; seed 004,
 * rule 12: private sessions cannot control groups. */
TEST_F(ctl, group_restrictions)
{
	uint8_t group[16], ids[] = { 1, 0, 1, 0, 5, 0 };
	struct etw_filter_desc f = { (uintptr_t)ids, sizeof(ids), 0x80000200 };
	char name[96];
	uint64_t s, p;

	etw_guid(group, 0x6D, guid_counter);
	s = start(self, "");
	EXPECT_EQ(-1, etw_enable_ex(self->fd, s, group, 1, 4, 0, 0, 0x20, NULL,
				    100, &f, 1));
	EXPECT_EQ(EINVAL, errno);
	/* The same filter on a provider is fine. */
	EXPECT_EQ(0, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0, NULL,
				   100, &f, 1));
	snprintf(name, sizeof(name), "%s-priv", self->name);
	p = etw_start(self->fd, name, 0x800 /* PRIVATE_LOGGER */, NULL);
	ASSERT_NE(0, p);
	self->sessions[self->nsessions++] = p;
	EXPECT_EQ(-1, etw_enable_ex(self->fd, p, group, 1, 4, 0, 0, 0x20, NULL,
				    100, NULL, 0));
	EXPECT_EQ(EINVAL, errno);
}

struct join_arg {
	uint8_t group[16];
};

static int try_join(void *arg)
{
	struct join_arg *a = arg;
	uint8_t b[64];
	int fd = etw_open();
	uint64_t h;
	uint8_t g[16];

	etw_guid(g, 0x7E, 1);
	h = etw_reg(fd, g, 0, NULL, NULL);
	if (!h)
		return 10;
	if (set_info(fd, h, ETW_INFO_SET_TRAITS, b, traits(b, a->group)) == 0)
		return 11;
	if (errno != EACCES)
		return 12;
	/* Denied means not stored: traits can still be set, without it. */
	if (set_info(fd, h, ETW_INFO_SET_TRAITS, b, traits(b, NULL)))
		return 13;
	return 0;
}

/* seed 004, rule 10: joining a restricted group is denied. */
TEST_F(ctl, group_join_permission)
{
	struct etw_acl_entry e = { ETW_ACL_UID, 0 };
	struct etw_group_acl acl;
	struct join_arg a;
	struct etw_acl_entry got[4];

	if (getuid() != 0)
		SKIP(return, "needs root");
	etw_guid(a.group, 0x6E, guid_counter);
	memset(&acl, 0, sizeof(acl));
	memcpy(acl.group, a.group, 16);
	acl.flags = ETW_GROUP_ACL_F_RESTRICT;
	acl.entries = (uintptr_t)&e;
	acl.count = 1;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_GROUP_ACL, &acl));
	EXPECT_EQ(0, etw_as_nobody(try_join, &a));
	memset(&acl, 0, sizeof(acl));
	memcpy(acl.group, a.group, 16);
	acl.entries = (uintptr_t)got;
	acl.count = 4;
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_GET_GROUP_ACL, &acl));
	EXPECT_EQ(1, acl.count);
	EXPECT_EQ(ETW_GROUP_ACL_F_RESTRICT, acl.flags);
	EXPECT_EQ(ETW_ACL_UID, got[0].type);
	/* Lift the restriction. */
	memset(&acl, 0, sizeof(acl));
	memcpy(acl.group, a.group, 16);
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_SET_GROUP_ACL, &acl));
}

/* reference 2.6: PID and EXECUTABLE_NAME filters decide which processes'
 * registrations a session enables. */
TEST_F(ctl, pid_and_exe_filters)
{
	const struct etw_enable_slot *map;
	uint32_t pids[2] = { 1, (uint32_t)getpid() }, other = 1;
	char exe[32];
	struct etw_filter_desc f;
	uint64_t s;
	uint32_t slot;

	s = start(self, "");
	ASSERT_NE(0, etw_reg(self->fd, self->guid, 0, &slot, NULL));
	map = etw_map(self->fd);
	f = (struct etw_filter_desc){ (uintptr_t)&other, 4, 0x80000004 };
	ASSERT_EQ(0, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0,
				   NULL, 100, &f, 1));
	EXPECT_EQ(0, etw_slot(&map[slot]).enabled);
	f = (struct etw_filter_desc){ (uintptr_t)pids, 8, 0x80000004 };
	ASSERT_EQ(0, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0,
				   NULL, 100, &f, 1));
	EXPECT_EQ(1, etw_slot(&map[slot]).enabled);
	snprintf(exe, sizeof(exe), "nothere;CONTROL_TEST");
	f = (struct etw_filter_desc){ (uintptr_t)exe, strlen(exe) + 1, 0x80000008 };
	ASSERT_EQ(0, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0,
				   NULL, 100, &f, 1));
	EXPECT_EQ(1, etw_slot(&map[slot]).enabled);
	snprintf(exe, sizeof(exe), "nothere.exe");
	f = (struct etw_filter_desc){ (uintptr_t)exe, strlen(exe) + 1, 0x80000008 };
	ASSERT_EQ(0, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0,
				   NULL, 100, &f, 1));
	EXPECT_EQ(0, etw_slot(&map[slot]).enabled);
	/* A filter type we do not apply is refused, not ignored. */
	f = (struct etw_filter_desc){ (uintptr_t)exe, 4, 0x80000100 };
	EXPECT_EQ(-1, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0,
				    NULL, 100, &f, 1));
	EXPECT_EQ(EOPNOTSUPP, errno);
}

/* seed 000, rule 16: the callback's FilterData carries one filter from
 * each session that gave one, chained as EVENT_FILTER_HEADERs. */
TEST_F(ctl, filter_data_from_each_session)
{
	struct etw_dispatcher dp;
	struct etw_filter_desc f;
	static struct etw_note n;
	uint8_t *d;
	uint64_t a, b;
	uint32_t next;
	int pfd = etw_open();

	a = start(self, "-a");
	b = start(self, "-b");
	ASSERT_NE(0, etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL));
	etw_dispatcher_start(&dp, pfd);
	f = (struct etw_filter_desc){ (uintptr_t)"AAAA", 4, 7 };
	ASSERT_EQ(0, etw_enable_ex(self->fd, a, self->guid, 1, 4, 0, 0, 0,
				   NULL, 2000, &f, 1));
	ASSERT_EQ(0, etw_next_note(&dp, &n, 1000));
	/* One session: its filter as it came. */
	EXPECT_EQ(7, n.n.filter_type);
	EXPECT_EQ(4, n.n.filter_size);
	EXPECT_EQ(0, memcmp(n.data, "AAAA", 4));

	f = (struct etw_filter_desc){ (uintptr_t)"BBBBBB", 6, 9 };
	ASSERT_EQ(0, etw_enable_ex(self->fd, b, self->guid, 1, 4, 0, 0, 0,
				   NULL, 2000, &f, 1));
	ASSERT_EQ(0, etw_next_note(&dp, &n, 1000));
	EXPECT_EQ(0x80000000u, n.n.filter_type);	/* SCHEMATIZED chain */
	d = n.data;
	/* First header: InstanceId = session a's bit, Size 24 + 4. */
	EXPECT_EQ(28, *(uint32_t *)(d + 16));
	next = *(uint32_t *)(d + 20);
	EXPECT_EQ(32, next);
	EXPECT_EQ(0, memcmp(d + 24, "AAAA", 4));
	EXPECT_EQ(0, memcmp(d + next + 24, "BBBBBB", 6));
	EXPECT_EQ(0, *(uint32_t *)(d + next + 20));
	EXPECT_NE(*(uint64_t *)(d + 8), *(uint64_t *)(d + next + 8));
	EXPECT_EQ(next + 32, n.n.filter_size);
	etw_dispatcher_stop(&dp);
	close(pfd);
}

/* A registration and its notifications go away with unregister: no
 * callback afterwards (reference 1.4). */
TEST_F(ctl, unregister_drops_pending_notifications)
{
	uint64_t s, h;

	s = start(self, "");
	h = etw_reg(self->fd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL);
	/* Nobody acknowledges here: a short explicit timeout expires. */
	EXPECT_EQ(-1, etw_enable_ex(self->fd, s, self->guid, 1, 4, 0, 0, 0,
				    NULL, 10, NULL, 0));
	EXPECT_EQ(ETIMEDOUT, errno);
	ASSERT_EQ(0, etw_unreg(self->fd, h));
	EXPECT_EQ(-EAGAIN, etw_read_notes(self->fd, self->buf, sizeof(self->buf)));
}

/*
 * Filter data reaches the callback whole (seed 000, rule 16): a read(2)
 * buffer too small for a record fails with EINVAL and loses nothing; the
 * largest record fits in ETW_NOTIFY_MAX_SIZE.
 */
TEST_F(ctl, notification_read_never_cuts_filter_data)
{
	static uint8_t big[2][1024];
	struct etw_filter_desc f;
	struct etw_notification *n = (void *)self->buf;
	uint64_t a, b;
	int pfd = etw_open();

	memset(big[0], 'A', sizeof(big[0]));
	memset(big[1], 'B', sizeof(big[1]));
	a = start(self, "-a");
	b = start(self, "-b");
	ASSERT_NE(0, etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL));
	/* Nobody acknowledges: the short timeouts expire, the change stays. */
	f = (struct etw_filter_desc){ (uintptr_t)big[0], 1024, 7 };
	EXPECT_EQ(-1, etw_enable_ex(self->fd, a, self->guid, 1, 4, 0, 0, 0,
				    NULL, 10, &f, 1));
	f = (struct etw_filter_desc){ (uintptr_t)big[1], 1024, 9 };
	EXPECT_EQ(-1, etw_enable_ex(self->fd, b, self->guid, 1, 4, 0, 0, 0,
				    NULL, 10, &f, 1));
	/* Room for the header and one filter, not two. */
	EXPECT_EQ(-EINVAL, etw_read_notes(pfd, self->buf,
					  sizeof(*n) + 24 + 1024 + 100));
	ASSERT_EQ(sizeof(*n) + 2 * (24 + 1024),
		  etw_read_notes(pfd, self->buf, ETW_NOTIFY_MAX_SIZE));
	EXPECT_EQ(1, n->code);	/* EVENT_CONTROL_CODE_ENABLE_PROVIDER */
	EXPECT_EQ(2 * (24 + 1024), n->filter_size);
	EXPECT_EQ(0x80000000u, n->filter_type);
	EXPECT_EQ('A', self->buf[sizeof(*n) + 24 + 1023]);
	EXPECT_EQ('B', self->buf[sizeof(*n) + 2 * 24 + 1024 + 1023]);
	close(pfd);
}

/* Acknowledging beyond what was read counts only what was read: the
 * control call still waits for the callback (seed 000: callbacks run
 * before EnableTraceEx2 returns). */
TEST_F(ctl, ack_cannot_run_ahead_of_reads)
{
	uint64_t a;
	int pfd = etw_open();

	a = start(self, "");
	ASSERT_NE(0, etw_reg(pfd, self->guid, ETW_REG_F_CALLBACK, NULL, NULL));
	ASSERT_EQ(0, etw_ack(pfd, INT64_MAX));
	EXPECT_EQ(-1, etw_enable_ex(self->fd, a, self->guid, 1, 4, 0, 0, 0,
				    NULL, 200, NULL, 0));
	EXPECT_EQ(ETIMEDOUT, errno);
	close(pfd);
}

/* ---- the hardening review's defects 6, 9 and 10: limits and names ----- */

#define PARAM_DIR	"/sys/module/etw/parameters/"
#define REAL_TIME	0x100	/* EVENT_TRACE_REAL_TIME_MODE */

static int param_get(const char *p)
{
	char path[128], buf[32] = "";
	int fd, v;

	snprintf(path, sizeof(path), PARAM_DIR "%s", p);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (read(fd, buf, sizeof(buf) - 1) < 0)
		buf[0] = 0;
	close(fd);
	v = atoi(buf);
	return v;
}

static int param_set(const char *p, long v)
{
	char path[128], buf[32];
	int fd, n, ok;

	snprintf(path, sizeof(path), PARAM_DIR "%s", p);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%ld", v);
	ok = write(fd, buf, n) == n;
	close(fd);
	return ok ? 0 : -1;
}

/* ---- hardening 6: per-user quotas and memory cgroups -------------------- */

static int reg_until_refused(void *arg)
{
	int *count = arg, fds[3], i, n = 0;
	uint8_t g[16];

	for (i = 0; i < 3; i++) {
		fds[i] = etw_open();
		if (fds[i] < 0)
			return 200;
	}
	for (i = 0; i < 3 * 2048; i++) {
		etw_guid(g, 0x71, (uint8_t)i);
		g[1] = (uint8_t)(i >> 8);
		if (!etw_reg(fds[i % 3], g, 0, NULL, NULL))
			break;
		n++;
	}
	if (errno != EDQUOT)
		return 201;
	return n == *count ? 0 : 202;
}

/*
 * An unprivileged user may hold max_regs_per_user registrations over all
 * its files, then gets EDQUOT (before: 2,048 per file, as many files as
 * RLIMIT_NOFILE allows).
 */
TEST_F(ctl, registrations_are_bounded_per_user)
{
	int old = param_get("max_regs_per_user"), limit = 100;

	ASSERT_LT(0, old);
	ASSERT_EQ(0, param_set("max_regs_per_user", limit));
	EXPECT_EQ(0, etw_as_nobody(reg_until_refused, &limit));
	ASSERT_EQ(0, param_set("max_regs_per_user", old));
}

static int traits_until_refused(void *arg)
{
	static uint8_t blob[40000];
	int fd = etw_open(), i;
	uint8_t g[16];

	(void)arg;
	memset(blob, 'n', sizeof(blob));
	blob[0] = sizeof(blob) & 0xff;
	blob[1] = sizeof(blob) >> 8;
	blob[sizeof(blob) - 1] = 0;
	for (i = 0; i < 3; i++) {
		struct etw_set_info si;
		uint64_t r;

		etw_guid(g, 0x72, (uint8_t)i);
		r = etw_reg(fd, g, 0, NULL, NULL);
		if (!r)
			return 100 + i;
		memset(&si, 0, sizeof(si));
		si.handle = r;
		si.info_class = ETW_INFO_SET_TRAITS;
		si.length = sizeof(blob);
		si.data = (uintptr_t)blob;
		if (ioctl(fd, ETW_IOC_SET_INFO, &si))
			return i == 2 && errno == EDQUOT ? 0 : 110 + i;
	}
	return 120;	/* 120,000 bytes against a 100 KiB quota */
}

TEST_F(ctl, traits_bytes_are_bounded_per_user)
{
	int old = param_get("max_traits_kb_per_user");

	ASSERT_LT(0, old);
	ASSERT_EQ(0, param_set("max_traits_kb_per_user", 100));
	EXPECT_EQ(0, etw_as_nobody(traits_until_refused, NULL));
	ASSERT_EQ(0, param_set("max_traits_kb_per_user", old));
}

static long cg_read(const char *cg, const char *file)
{
	char path[256], buf[64] = "";
	int fd;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	if (read(fd, buf, sizeof(buf) - 1) < 0)
		buf[0] = 0;
	close(fd);
	return atol(buf);
}

static int cg_write(const char *cg, const char *file, const char *v)
{
	char path[256];
	int fd, ok;

	snprintf(path, sizeof(path), "%s/%s", cg, file);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ok = write(fd, v, strlen(v)) == (ssize_t)strlen(v);
	close(fd);
	return ok ? 0 : -1;
}

/*
 * Kernel memory a process makes the module hold is charged to its memory
 * cgroup: a process in a cgroup limited to 24 MiB registers providers
 * with 60 KB traits until the kernel refuses (ENOMEM, or the cgroup's OOM
 * killer ends it), long before the 2,048 a file allows (120 MiB), and the
 * cgroup's peak usage shows what the module held for it.  Before, none of
 * it was charged: the process got all 2,048.
 */
TEST_F(ctl, allocations_are_charged_to_the_memory_cgroup)
{
	const char *cg = "/sys/fs/cgroup/etw-ctl";
	int go[2], res[2], status, got = -1, i;
	long peak;
	char pid[32];
	pid_t child;

	if (access("/sys/fs/cgroup/cgroup.subtree_control", W_OK))
		SKIP(return, "no cgroup2 at /sys/fs/cgroup");
	ASSERT_EQ(0, cg_write("/sys/fs/cgroup", "cgroup.subtree_control",
			      "+memory"));
	rmdir(cg);
	ASSERT_EQ(0, mkdir(cg, 0755));
	ASSERT_EQ(0, cg_write(cg, "memory.max", "25165824"));
	ASSERT_EQ(0, pipe(go));
	ASSERT_EQ(0, pipe(res));
	child = fork();
	ASSERT_LE(0, child);
	if (child == 0) {
		static uint8_t blob[60000];
		int fd;
		char c;

		close(go[1]);
		close(res[0]);
		if (read(go[0], &c, 1) != 1)	/* now in the cgroup */
			_exit(100);
		fd = etw_open();
		memset(blob, 'c', sizeof(blob));
		blob[0] = sizeof(blob) & 0xff;
		blob[1] = sizeof(blob) >> 8;
		blob[sizeof(blob) - 1] = 0;
		for (i = 0; i < 2048; i++) {
			struct etw_set_info si;
			uint8_t g[16];
			uint64_t r;

			etw_guid(g, 0x73, (uint8_t)i);
			g[1] = (uint8_t)(i >> 8);
			r = etw_reg(fd, g, 0, NULL, NULL);
			if (!r)
				break;
			memset(&si, 0, sizeof(si));
			si.handle = r;
			si.info_class = ETW_INFO_SET_TRAITS;
			si.length = sizeof(blob);
			si.data = (uintptr_t)blob;
			if (ioctl(fd, ETW_IOC_SET_INFO, &si))
				break;
		}
		if (write(res[1], &i, sizeof(i)) != sizeof(i))
			_exit(101);
		pause();	/* hold it all until killed */
		_exit(0);
	}
	close(go[0]);
	close(res[1]);
	snprintf(pid, sizeof(pid), "%d", child);
	ASSERT_EQ(0, cg_write(cg, "cgroup.procs", pid));
	ASSERT_EQ(1, write(go[1], "g", 1));
	/* How far it got; EOF if the cgroup's OOM killer ended it. */
	if (read(res[0], &got, sizeof(got)) != sizeof(got))
		got = -1;
	peak = cg_read(cg, "memory.peak");
	kill(child, SIGKILL);
	waitpid(child, &status, 0);
	TH_LOG("%d registrations with traits; memory.peak %ld", got, peak);
	EXPECT_GT(2048, got);
	/* What it got was charged: at least 16 MiB of the 24 MiB. */
	EXPECT_LT(16 << 20, peak);
	EXPECT_GE(25165824, peak);
	close(go[1]);
	close(res[0]);
	for (i = 0; i < 100 && rmdir(cg); i++)
		usleep(50 * 1000);
}

/* ---- hardening 9: controllers' memory ----------------------------------- */

static int start_two_of_three(void *arg)
{
	const char *base = arg;
	char name[96];
	int fd = etw_open(), i;
	uint64_t h[3];

	for (i = 0; i < 3; i++) {
		snprintf(name, sizeof(name), "%s-%d", base, i);
		h[i] = etw_start(fd, name, REAL_TIME, NULL);
		if (i < 2 && !h[i])
			return 10 + i;
	}
	if (h[2] || errno != EDQUOT)
		return 20;
	/* A session whose buffers pass the memory quota. */
	snprintf(name, sizeof(name), "%s-big", base);
	etw_stop(fd, h[0]);
	if (etw_start_geo(fd, name, REAL_TIME, 1024, 16, 16, NULL) ||
	    errno != EDQUOT)
		return 30;
	etw_stop(fd, h[1]);
	return 0;
}

/*
 * A member of the controller group may run max_sessions_per_user
 * sessions holding at most max_session_mb_per_user of buffers.
 */
TEST_F(ctl, controllers_sessions_are_bounded)
{
	int gid = param_get("controller_gid");
	int ns = param_get("max_sessions_per_user");
	int mb = param_get("max_session_mb_per_user");

	/* etw_as_nobody() runs as uid and gid 65534: now a controller. */
	ASSERT_EQ(0, param_set("controller_gid", 65534));
	ASSERT_EQ(0, param_set("max_sessions_per_user", 2));
	ASSERT_EQ(0, param_set("max_session_mb_per_user", 8));
	EXPECT_EQ(0, etw_as_nobody(start_two_of_three, self->name));
	param_set("controller_gid", gid);
	param_set("max_sessions_per_user", ns);
	param_set("max_session_mb_per_user", mb);
}

/* The entries of one session and the consumers of one session. */
TEST_F(ctl, entries_and_consumers_are_bounded)
{
	int ne = param_get("max_entries_per_session");
	int nc = param_get("max_consumers_per_session");
	struct etw_consumer_open co;
	int i, fds[3];
	uint8_t g[16];
	uint64_t h;

	ASSERT_EQ(0, param_set("max_entries_per_session", 16));
	ASSERT_EQ(0, param_set("max_consumers_per_session", 2));
	h = etw_start(self->fd, self->name, REAL_TIME, NULL);
	ASSERT_NE(0, h);
	for (i = 0; i < 16; i++) {
		etw_guid(g, 0x74, (uint8_t)i);
		EXPECT_EQ(0, etw_enable(self->fd, h, g, 5, 0, 0));
	}
	etw_guid(g, 0x74, 16);
	EXPECT_EQ(-1, etw_enable(self->fd, h, g, 5, 0, 0));
	EXPECT_EQ(ENOSPC, errno);
	/* Changing an existing entry needs no new one. */
	etw_guid(g, 0x74, 3);
	EXPECT_EQ(0, etw_enable(self->fd, h, g, 2, 0, 0));
	for (i = 0; i < 3; i++) {
		memset(&co, 0, sizeof(co));
		co.name = (uintptr_t)self->name;
		co.name_len = strlen(self->name);
		fds[i] = ioctl(self->fd, ETW_IOC_CONSUMER_OPEN, &co) ? -errno :
								       (int)co.fd;
	}
	EXPECT_LE(0, fds[0]);
	EXPECT_LE(0, fds[1]);
	EXPECT_EQ(-ENOSPC, fds[2]);
	close(fds[0]);
	close(fds[1]);
	EXPECT_EQ(0, etw_stop(self->fd, h));
	param_set("max_entries_per_session", ne);
	param_set("max_consumers_per_session", nc);
}

/* ---- hardening 10: names cannot be probed ------------------------------- */

static int query_name_errno(const char *name)
{
	struct etw_session_control c;
	int fd = etw_open();

	memset(&c, 0, sizeof(c));
	c.name = (uintptr_t)name;
	c.name_len = strlen(name);
	c.code = ETW_CONTROL_QUERY;
	if (!ioctl(fd, ETW_IOC_SESSION_CONTROL, &c))
		return 0;
	return errno;
}

static int probe_names(void *arg)
{
	const char *name = arg;
	char missing[96];
	int e1, e2;

	snprintf(missing, sizeof(missing), "%s-missing", name);
	e1 = query_name_errno(name);
	e2 = query_name_errno(missing);
	return e1 == e2 && e1 == EPERM ? 0 : 10 + (e1 == e2);
}

/*
 * An unprivileged QUERY by name gets the same answer (EPERM: Windows'
 * ERROR_ACCESS_DENIED) for a session it may not control and for one that
 * does not exist (before: EPERM and ENOENT told them apart).
 */
TEST_F(ctl, unprivileged_cannot_probe_session_names)
{
	uint64_t h = etw_start(self->fd, self->name, REAL_TIME, NULL);

	ASSERT_NE(0, h);
	EXPECT_EQ(0, etw_as_nobody(probe_names, self->name));
	EXPECT_EQ(ENOENT, query_name_errno("no-such-session-anywhere"));
	EXPECT_EQ(0, etw_stop(self->fd, h));
}

TEST_HARNESS_MAIN
