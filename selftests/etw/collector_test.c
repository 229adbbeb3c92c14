// SPDX-License-Identifier: GPL-2.0-only
/*
 * The collector as a hostile local user meets it: the regression tests
 * of the third security review (issue 27), each as an unprivileged user
 * against a root session, as the review found it.
 *
 *  1. A writer whose records a blocking session has no buffer for holds
 *     back only itself: control calls, other users' registrations and
 *     the session's stop do not wait for the session's reader.
 *  2. Stages full of one-record runs (without a registration, or with
 *     one of the victim's GUID) starve nobody's stages: every event of
 *     another user's writer is collected (fair shares of the
 *     collector's work, SEAL first, nobody's records not planned).
 *  3. Records a session's filters exclude (an INPRIVATE event, with
 *     EXCLUDE_INPRIVATE) never reach memory its consumer maps.
 *
 * Documentation/design.rst, "Collecting" and "Losses, blocking".
 */
#include <grp.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include "etw_util.h"

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>
#include <libetw.h>

#include "../kselftest_harness.h"
#include "stage_raw.h"

#define RT_MODE		0x00000100	/* EVENT_TRACE_REAL_TIME_MODE */
#define FILE_MODE	0x00000001	/* EVENT_TRACE_FILE_MODE_SEQUENTIAL */

/* No state: a fixture only for TEST_F_TIMEOUT (the module before the fix
 * took a blocking timeout per call, and its victim lost events slowly). */
FIXTURE(col) {
	int unused;
};

FIXTURE_SETUP(col)
{
}

FIXTURE_TEARDOWN(col)
{
}

static double secs_since(uint64_t t)
{
	return (mono() - t) / 1e9;
}

/* Run @fn in a child as uid/gid @id; its pid (the caller waits). */
static pid_t as_user(uid_t id, int (*fn)(void *), void *arg)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (setgroups(0, NULL) || setresgid(id, id, id) ||
		    setresuid(id, id, id))
			_exit(100);
		_exit(fn(arg));
	}
	return pid;
}

static int wait_exit(pid_t pid)
{
	int status;

	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static int set_blocking(int fd, uint64_t session, uint32_t ms)
{
	struct etw_system_info q;

	memset(&q, 0, sizeof(q));
	q.session = session;
	q.info_class = ETW_SYSINFO_BLOCKING;
	q.flags = ETW_SYSINFO_F_SET;
	q.data = (uintptr_t)&ms;
	q.length = sizeof(ms);
	return ioctl(fd, ETW_IOC_SYSTEM_INFO, &q);
}

/* ---- 1: a blocked writer delays nobody else ---------------------------- */

struct flood {
	uint8_t guid[16];
	uint32_t logger;
	int ready;		/* the child writes a byte here when full */
};

/*
 * Register the session's GUID, fill the largest stage with records for
 * it, ignoring the congestion word, then register again (before this
 * was fixed, that registration held etw_lock for the whole timeout).
 */
static int flooder(void *arg)
{
	struct flood *f = arg;
	uint8_t pay[200], other[16];
	struct stage s;
	uint32_t slot, slot2, n = 0;
	int fd = etw_open();

	memset(pay, 0x42, sizeof(pay));
	if (fd < 0 || !etw_reg(fd, f->guid, 0, &slot, NULL) ||
	    stage_open(fd, 1 << 20, &s))
		return 1;
	no_seal = true;		/* full: stop, do not ask the module */
	while (stage_event(&s, slot, 1ULL << (f->logger - 1), 7, pay,
			   sizeof(pay), 0))
		n++;
	if (n < 100 || write(f->ready, "x", 1) != 1)
		return 2;
	memcpy(other, f->guid, 16);
	other[15] ^= 0x77;
	if (!etw_reg(fd, other, 0, &slot2, NULL))
		return 3;
	pause();		/* killed by the test */
	return 0;
}

struct timed {
	uint8_t guid[16];
	int out;		/* the child writes its seconds here */
};

static int register_timed(void *arg)
{
	struct timed *t = arg;
	uint64_t t0 = mono();
	uint32_t slot;
	double d;
	int fd = etw_open();

	if (fd < 0 || !etw_reg(fd, t->guid, 0, &slot, NULL))
		return 1;
	d = secs_since(t0);
	return write(t->out, &d, sizeof(d)) == sizeof(d) ? 0 : 2;
}

/* Root's QUERY and STOP of the session, each timed, in threads. */
struct ctl_call {
	int fd;
	uint64_t session;
	uint32_t code;
	useconds_t after;
	double secs;
	int ret;
	struct etw_session_info si;
};

static void *ctl_timed(void *arg)
{
	struct ctl_call *c = arg;
	uint64_t t0;

	usleep(c->after);
	t0 = mono();
	c->ret = etw_control(c->fd, c->session, c->code, &c->si);
	c->secs = secs_since(t0);
	return NULL;
}

TEST_F_TIMEOUT(col, blocked_writer_delays_no_control_call, 240)
{
	struct etw_session_info si;
	struct ctl_call query, stop;
	struct flood f;
	struct timed tm;
	uint64_t session;
	double reg_s = -1;
	int fd = etw_open(), p[2], q[2];
	pid_t flood_pid, reg_pid;
	pthread_t tq, ts;
	char c, name[64];

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, pipe(p));
	ASSERT_EQ(0, pipe(q));
	snprintf(name, sizeof(name), "col-block-%d", getpid());
	/* No consumer, 16 KB of buffers, a 30 s blocking timeout. */
	session = etw_start_geo(fd, name, RT_MODE, 4, 2, 4, &si);
	ASSERT_NE(0, session);
	ASSERT_EQ(0, set_blocking(fd, session, 30000));
	etw_guid(f.guid, 0xB1, getpid() & 0xFF);
	ASSERT_EQ(0, etw_enable(fd, session, f.guid, 5, 0, 0));
	f.logger = si.logger_id;
	f.ready = p[1];
	flood_pid = as_user(65534, flooder, &f);
	ASSERT_LT(0, flood_pid);
	ASSERT_EQ(1, read(p[0], &c, 1));
	usleep(300000);		/* its second EventRegister is under way */

	/* At once: root's QUERY, another user's EventRegister, root's STOP. */
	memset(&query, 0, sizeof(query));
	query.fd = fd;
	query.session = session;
	query.code = ETW_CONTROL_QUERY;
	stop = query;
	stop.code = ETW_CONTROL_STOP;
	stop.after = 200000;
	ASSERT_EQ(0, pthread_create(&tq, NULL, ctl_timed, &query));
	etw_guid(tm.guid, 0xB2, getpid() & 0xFF);
	tm.out = q[1];
	reg_pid = as_user(65533, register_timed, &tm);
	ASSERT_LT(0, reg_pid);
	ASSERT_EQ(0, pthread_create(&ts, NULL, ctl_timed, &stop));
	EXPECT_EQ(0, wait_exit(reg_pid));
	EXPECT_EQ(sizeof(reg_s), read(q[0], &reg_s, sizeof(reg_s)));
	pthread_join(tq, NULL);
	pthread_join(ts, NULL);

	kill(flood_pid, SIGKILL);
	wait_exit(flood_pid);
	TH_LOG("with a 30 s blocking timeout, at once: root's QUERY %.3f s, another user's EventRegister %.3f s, root's STOP %.3f s; %u events lost",
	       query.secs, reg_s, stop.secs, stop.si.events_lost);
	EXPECT_EQ(0, query.ret);
	EXPECT_EQ(0, stop.ret);
	/* Each took up to the timeout before (7.7, 6-8, 8.3 s of 10 s). */
	EXPECT_LT(query.secs, 10.0);
	EXPECT_LT(reg_s, 10.0);
	EXPECT_LT(stop.secs, 10.0);
	/* What the writer's records found no buffer for is counted. */
	EXPECT_LT(0, stop.si.events_lost);
	close(fd);
}

/* ---- 2: one-record runs starve nobody -------------------------------------- */

#define ATTACK_STAGES	48
#define VICTIM_EVENTS	3002

struct attack {
	volatile int *stop;
	uint64_t sessions;
	const uint8_t *guid;	/* registered, or NULL */
};

/*
 * Fill every stage with the smallest records whose CPU alternates (each
 * a run of its own), for every session; again whenever the collector
 * emptied one.  Without a registration: 48-byte FULL_HEADER64 records
 * (nobody's: the collector need not plan them).  With one, of the
 * victim's GUID (GUIDs are open): 80-byte events of level 5, which the
 * victim's session (level 4) plans, checks and skips.
 */
static int runs_attacker(void *arg)
{
	struct attack *a = arg;
	struct stage s[ATTACK_STAGES / 2];
	uint32_t slot = 0;
	int fd = etw_open(), i, n = 0;
	uint16_t size = a->guid ? 80 : 48;

	if (fd < 0 || (a->guid && !etw_reg(fd, a->guid, 0, &slot, NULL)))
		return 1;
	for (i = 0; i < ATTACK_STAGES / 2; i++)
		if (!stage_open(fd, 1 << 20, &s[n]))
			n++;
	if (n < 8)
		return 2;
	no_seal = true;
	while (!*a->stop) {
		for (i = 0; i < n; i++) {
			struct stage *st = &s[i];
			uint32_t k = 0;

			while (!stage_room(st, size)) {
				uint8_t *h = st->data + (uint32_t)st->pos;
				uint16_t cpu = k++ & 1, sl = slot;
				uint64_t ts = mono();

				memset(h, 0, size);
				memcpy(h, &size, 2);
				h[2] = a->guid ? 0x13 : 0x14;
				h[3] = 0xC0;
				memcpy(h + ETW_STASH_SLOT, &sl, 2);
				memcpy(h + ETW_STASH_CPU, &cpu, 2);
				memcpy(h + 0x10, &ts, 8);
				memcpy(h + (a->guid ? ETW_STASH_SESSIONS :
					    ETW_STASH_CLASSIC_SESSIONS),
				       &a->sessions, 8);
				h[0x2C] = 5;	/* above the session's level */
				stage_commit(st, size);
			}
		}
		sched_yield();
	}
	return 0;
}

static const GUID victim_guid = {
	0x5A1C7100, 0x2727, 0x4cc0, { 0x9a, 0x1b, 3, 4, 5, 6, 7, 8 }
};

static int victim(void *arg)
{
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	REGHANDLE reg;
	uint8_t pay[64];
	int i, failed = 0;

	memset(pay, 0x11, sizeof(pay));
	if (EventRegister(&victim_guid, NULL, NULL, &reg))
		return 1;
	EventDescCreate(&ed, 9, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, pay, sizeof(pay));
	for (i = 0; i < VICTIM_EVENTS; i++) {
		memcpy(pay, &i, sizeof(i));
		if (EventWrite(reg, &ed, 1, &d))
			failed++;
		if (!(i % 64))
			usleep(1000);
	}
	EventUnregister(reg);
	return failed ? 3 : 0;
}

static long victim_seen;

static void WINAPI victim_cb(PEVENT_RECORD r)
{
	if (IsEqualGUID(&r->EventHeader.ProviderId, &victim_guid))
		victim_seen++;
}

TEST_F_TIMEOUT(col, one_record_runs_starve_nobody, 240)
{
	struct {
		EVENT_TRACE_PROPERTIES p;
		char name[64];
		char file[128];
	} b;
	struct attack a;
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE ph;
	CONTROLTRACE_ID h;
	pid_t ap, ap2, vp;
	char path[128];

	a.stop = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, a.stop);
	*a.stop = 0;
	snprintf(path, sizeof(path), "/tmp/col-starve-%d.etl", getpid());
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.LogFileMode = EVENT_TRACE_FILE_MODE_SEQUENTIAL;
	b.p.BufferSize = 64;
	b.p.MinimumBuffers = 64;
	b.p.MaximumBuffers = 64;
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	b.p.LogFileNameOffset = offsetof(typeof(b), file);
	strcpy(b.file, path);
	snprintf(b.name, sizeof(b.name), "col-starve-%d", getpid());
	ASSERT_EQ(0, StartTraceA(&h, b.name, &b.p));
	ASSERT_EQ(0, EnableTraceEx2(h, &victim_guid, 1, 4, 0, 0, 0, NULL));
	a.sessions = ~0ULL;
	a.guid = NULL;
	ap = as_user(65534, runs_attacker, &a);
	ASSERT_LT(0, ap);
	a.guid = (const uint8_t *)&victim_guid;
	ap2 = as_user(65534, runs_attacker, &a);
	ASSERT_LT(0, ap2);
	usleep(500000);		/* their stages are full */
	vp = as_user(65533, victim, NULL);
	ASSERT_LT(0, vp);
	EXPECT_EQ(0, wait_exit(vp));
	*a.stop = 1;
	EXPECT_EQ(0, wait_exit(ap));
	EXPECT_EQ(0, wait_exit(ap2));
	memset(&b.p, 0, sizeof(b.p));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	b.p.LogFileNameOffset = offsetof(typeof(b), file);
	ASSERT_EQ(0, ControlTraceA(h, NULL, &b.p, EVENT_TRACE_CONTROL_STOP));
	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = victim_cb;
	victim_seen = 0;
	ph = OpenTraceA(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, ph);
	EXPECT_EQ(0, ProcessTrace(&ph, 1, NULL, NULL));
	CloseTrace(ph);
	unlink(path);
	TH_LOG("48 attacking stages of one-record runs (24 with a registration of the victim's GUID): %ld of %d of another user's events in the file, %u lost",
	       victim_seen, VICTIM_EVENTS, b.p.EventsLost);
	EXPECT_EQ(VICTIM_EVENTS, victim_seen);
	EXPECT_EQ(0, b.p.EventsLost);
	munmap((void *)a.stop, 4096);
}

/* ---- 3: what a session excludes never reaches its mapping ------------------ */

static const GUID inpriv_guid = {
	0x5A1C7101, 0x2727, 0x4cc0, { 0x9a, 0x1b, 3, 4, 5, 6, 7, 9 }
};

#define SECRET	"INPRIVATE-SECRET-PAYLOAD"

/* How often @what is in @len bytes at @map. */
static int count_in(const uint8_t *map, size_t len, const char *what)
{
	size_t i, n = strlen(what);
	int found = 0;

	for (i = 0; i + n <= len; i++)
		if (map[i] == what[0] && !memcmp(map + i, what, n))
			found++;
	return found;
}

/* The events of @guid in the buffers a WAIT (with FLUSH) hands over. */
static long events_of(int cfd, const uint8_t *map, uint32_t bsize,
		      const GUID *guid)
{
	struct etw_consumer_wait w;
	uint32_t ready[256], i;
	long n = 0;

	memset(&w, 0, sizeof(w));
	w.ready = (uintptr_t)ready;
	w.ready_max = 256;
	w.flags = ETW_WAIT_F_FLUSH;
	if (ioctl(cfd, ETW_IOC_CONSUMER_WAIT, &w))
		return -errno;
	for (i = 0; i < w.ready_count; i++) {
		const uint8_t *b = map + (size_t)ready[i] * bsize;
		uint32_t off = 72, filled;

		memcpy(&filled, b + 0x30, 4);
		while (off + 48 <= filled && off < bsize) {
			uint16_t size;

			memcpy(&size, b + off, 2);
			if (size < 48)
				break;
			if (b[off + 2] == 0x13 && !memcmp(b + off + 0x18, guid, 16))
				n++;
			off += (size + 7) & ~7u;
		}
	}
	return n;
}

TEST_F_TIMEOUT(col, excluded_records_never_reach_the_mapping, 60)
{
	struct {
		EVENT_TRACE_PROPERTIES p;
		char name[64];
	} b;
	struct etw_consumer_open o;
	ENABLE_TRACE_PARAMETERS ep;
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	struct etw_fastpath_stats fs;
	CONTROLTRACE_ID h;
	REGHANDLE reg;
	char pay[64];
	long events = 0;
	int fd = etw_open(), i, found = 0, seen = 0, tries;
	uint8_t *map;
	size_t len;

	ASSERT_LE(0, fd);
	memset(&b, 0, sizeof(b));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.Wnode.Flags = WNODE_FLAG_TRACED_GUID;
	b.p.Wnode.ClientContext = 1;
	b.p.LogFileMode = EVENT_TRACE_REAL_TIME_MODE;
	b.p.BufferSize = 16;
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	snprintf(b.name, sizeof(b.name), "col-inpriv-%d", getpid());
	ASSERT_EQ(0, StartTraceA(&h, b.name, &b.p));
	memset(&ep, 0, sizeof(ep));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableProperty = EVENT_ENABLE_PROPERTY_EXCLUDE_INPRIVATE;
	ASSERT_EQ(0, EnableTraceEx2(h, &inpriv_guid, 1, 5, 0, 0, 0, &ep));
	/* The consumer maps every buffer, the current ones too. */
	memset(&o, 0, sizeof(o));
	o.name = (uintptr_t)b.name;
	o.name_len = strlen(b.name);
	ASSERT_EQ(0, ioctl(fd, ETW_IOC_CONSUMER_OPEN, &o));
	len = (size_t)o.nr_buffers * o.buffer_size;
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, o.fd, 0);
	ASSERT_NE(MAP_FAILED, map);
	ASSERT_EQ(0, EventRegister(&inpriv_guid, NULL, NULL, &reg));
	EventDescCreate(&ed, 3, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, pay, sizeof(pay));
	/* In one run: a public event, a private one, a public one, ... */
	for (i = 0; i < 40; i++) {
		memset(pay, 0, sizeof(pay));
		if (i & 1)
			strcpy(pay, SECRET);
		else
			snprintf(pay, sizeof(pay), "public-%02d", i);
		EXPECT_EQ(0, EventWriteEx(reg, &ed, 0, (i & 1) ?
					  EVENT_WRITE_FLAG_INPRIVATE : 0,
					  NULL, NULL, 1, &d));
	}
	/*
	 * Until a collect has copied the run into the current buffer (the
	 * last public event is there), then every byte of the mapping,
	 * before any flush seals the buffer (sealing fills the rest).
	 */
	for (tries = 0; tries < 200 && !seen; tries++) {
		seen = count_in(map, len, "public-38");
		if (!seen)
			usleep(50000);
	}
	found = count_in(map, len, SECRET);
	events = events_of(o.fd, map, o.buffer_size, &inpriv_guid);
	ASSERT_EQ(0, etw_fastpath_stats(&fs));
	EventUnregister(reg);
	munmap(map, len);
	close(o.fd);
	memset(&b.p, 0, sizeof(b.p));
	b.p.Wnode.BufferSize = sizeof(b);
	b.p.LoggerNameOffset = offsetof(typeof(b), name);
	EXPECT_EQ(0, ControlTraceA(h, NULL, &b.p, EVENT_TRACE_CONTROL_STOP));
	TH_LOG("%ld public events delivered (%s); the private payload %d times in the consumer's mapping",
	       events, fs.enabled ? "the fast path" : "the ioctl", found);
	EXPECT_TRUE(seen);
	EXPECT_EQ(20, events);
	EXPECT_EQ(0, found);
	close(fd);
}

TEST_HARNESS_MAIN
