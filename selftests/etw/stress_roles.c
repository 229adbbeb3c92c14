// SPDX-License-Identifier: GPL-2.0-only
/*
 * stress_test: the processes the orchestrator runs.
 *
 *  - accounted writers (never killed): write to the accounted sessions'
 *    providers and count what each WRITE answered;
 *  - the accounted stage writer (never killed): threads writing through
 *    libetw's stages into the blocking session, exiting and replaced at
 *    random, forking children that write and exit;
 *  - accounted consumers (never killed): libetw OpenTrace/ProcessTrace on
 *    a real-time session from before the first event to its stop;
 *  - chaos controllers, writers and consumers, SIGKILLed at random
 *    moments: they start, update (log-file switches), flush, query and
 *    stop sessions of their own names, enable and disable providers,
 *    register (raw ioctls and libetw EventRegister with callbacks),
 *    write (also from forked children), open stages, scribble on them,
 *    unmap them and leave them, unregister, and consume with raw CONSUMER_WAIT on a mapping
 *    or with libetw ProcessTrace.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>

#include "stress.h"
#include "shared/etw_logic.h"

static __thread uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return n ? (uint32_t)((z ^ (z >> 31)) % n) : 0;
}

void st_anomaly(const char *fmt, ...)
{
	va_list ap;

	if (__atomic_fetch_add(&st->anomalies, 1, __ATOMIC_RELAXED))
		return;
	va_start(ap, fmt);
	vsnprintf(st->anomaly, sizeof(st->anomaly), fmt, ap);
	va_end(ap);
}

void st_chaos_name(char *out, uint32_t k)
{
	sprintf(out, "st%06x-c%u", st->run, k);
}

static void as_nobody(void)
{
	if (setgid(65534) || setuid(65534))
		_exit(3);
}

/* ---- accounted writers ----------------------------------------------------- */

void st_writer_main(int w)
{
	uint64_t handle[NACC], seq = 0;
	int fd, acc;

	if (w > 0)
		as_nobody();	/* any user may write */
	fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	for (acc = 0; acc < NACC; acc++) {
		struct etw_register r = { 0 };

		memcpy(r.guid, st->acc_guid[acc], 16);
		if (ioctl(fd, ETW_IOC_REGISTER, &r))
			_exit(4);
		handle[acc] = r.handle;
	}
	while (!st->stop_writers) {
		for (acc = 0; acc < NACC; acc++) {
			struct st_payload p = { .writer = w, .acc = acc, .seq = seq };
			struct etw_data_desc d = { .ptr = (uintptr_t)&p,
						   .size = sizeof(p) };
			struct etw_write wr = { .handle = handle[acc], .level = 4,
						.id = 1, .count = 1,
						.data = (uintptr_t)&d };
			struct st_wcount *c = &st->w[w][acc];

			if (ioctl(fd, ETW_IOC_WRITE, &wr) == 0) {
				c->ok++;
				c->hash_ok += st_hash(w, seq);
			} else if (errno == ENOSPC || errno == ENOBUFS ||
				   errno == EMSGSIZE || errno == E2BIG) {
				c->lost++;
			} else {
				c->other++;
				c->last_other = errno;
			}
		}
		/* Leave the consumers time to keep up, even under TCG. */
		if (++seq % 16 == 0)
			usleep(1000);
	}
	close(fd);
	_exit(0);
}

/* ---- the accounted stage writer ------------------------------------------- */

static REGHANDLE f_reg;
static uint8_t f_kind = ST_F_THREAD;	/* ST_F_CHILD in a forked child */

/* A batch through EventWrite (the stages), counted in st->fw. */
static void f_batch(REGHANDLE reg, uint32_t n)
{
	static const EVENT_DESCRIPTOR ed = { .Id = 2, .Level = 4 };
	EVENT_DATA_DESCRIPTOR d;
	struct st_payload p = { .writer = ST_FWRITER, .acc = ACC_FAST };
	uint32_t i;
	ULONG r;

	EventDataDescCreate(&d, &p, sizeof(p));
	for (i = 0; i < n && !st->stop_writers; i++) {
		p.seq = __atomic_fetch_add(&st->fseq, 1, __ATOMIC_RELAXED);
		r = EventWrite(reg, &ed, 1, &d);
		if (r == ERROR_SUCCESS) {
			if (p.seq < ST_FSEQ_MAX)
				__atomic_or_fetch(&st_fmark[p.seq], f_kind |
						  (i ? 0 : ST_F_FIRST) |
						  (i + 1 < n ? 0 : ST_F_LAST),
						  __ATOMIC_RELAXED);
			__atomic_add_fetch(&st->fw.ok, 1, __ATOMIC_RELAXED);
			__atomic_add_fetch(&st->fw.hash_ok,
					   st_hash(ST_FWRITER, p.seq),
					   __ATOMIC_RELAXED);
		} else if (r == ERROR_NOT_ENOUGH_MEMORY ||
			   r == STATUS_LOG_FILE_FULL ||
			   r == ERROR_ARITHMETIC_OVERFLOW ||
			   r == ERROR_MORE_DATA) {
			/* the ioctl's losses, counted (ENOSPC, ENOBUFS, ...) */
			__atomic_add_fetch(&st->fw.lost, 1, __ATOMIC_RELAXED);
		} else {
			__atomic_add_fetch(&st->fw.other, 1, __ATOMIC_RELAXED);
			st->fw.last_other = (int)r;
		}
	}
}

/*
 * A child of a writing thread: its parent's handle is none of its own
 * (ERROR_INVALID_HANDLE, nothing written); it registers, writes through
 * stages of its own and exits without closing anything (its stages and
 * registration die with it).
 */
static void f_fork(void)
{
	static const EVENT_DESCRIPTOR ed = { .Id = 2, .Level = 4 };
	uint64_t end;
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return;
	if (!pid) {
		REGHANDLE h;
		GUID guid;
		ULONG r = EventWrite(f_reg, &ed, 0, NULL);

		if (r != ERROR_INVALID_HANDLE) {
			__atomic_add_fetch(&st->fw.other, 1, __ATOMIC_RELAXED);
			st->fw.last_other = (int)r;
		}
		f_kind = ST_F_CHILD;
		memcpy(&guid, st->acc_guid[ACC_FAST], 16);
		if (EventRegister(&guid, NULL, NULL, &h) == ERROR_SUCCESS)
			f_batch(h, 1 + rnd(100));
		_exit(0);
	}
	__atomic_add_fetch(&st->f_forks, 1, __ATOMIC_RELAXED);
	end = (uint64_t)time(NULL) + 20;
	while (waitpid(pid, &status, WNOHANG) != pid) {
		if ((uint64_t)time(NULL) > end) {
			/* a child stuck after fork(): a defect, reported */
			__atomic_add_fetch(&st->f_hung, 1, __ATOMIC_RELAXED);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return;
		}
		usleep(2000);
	}
}

static void *f_thread(void *arg)
{
	rng = (uintptr_t)arg;
	while (!st->stop_writers) {
		f_batch(f_reg, 1 + rnd(100));
		if (rnd(24) == 0)
			f_fork();
		if (rnd(8) == 0)
			break;	/* the thread exits; its stage closes */
		usleep(rnd(2000));
	}
	__atomic_add_fetch(&st->f_exits, 1, __ATOMIC_RELAXED);
	return NULL;
}

void st_fwriter_main(void)
{
	pthread_t t[ST_FTHREADS];
	bool live[ST_FTHREADS] = { false };
	GUID guid;
	int i;

	as_nobody();	/* stages are for any user */
	memcpy(&guid, st->acc_guid[ACC_FAST], 16);
	if (EventRegister(&guid, NULL, NULL, &f_reg) != ERROR_SUCCESS)
		_exit(4);
	rng = st->run;
	while (!st->stop_writers) {
		for (i = 0; i < ST_FTHREADS; i++) {
			if (live[i] && pthread_tryjoin_np(t[i], NULL) == 0)
				live[i] = false;
			if (!live[i] && !st->stop_writers &&
			    !pthread_create(&t[i], NULL, f_thread,
					    (void *)(uintptr_t)(rng + i))) {
				live[i] = true;
				__atomic_add_fetch(&st->f_threads, 1,
						   __ATOMIC_RELAXED);
			}
		}
		rng += ST_FTHREADS;
		usleep(5000);
	}
	for (i = 0; i < ST_FTHREADS; i++)
		if (live[i])
			pthread_join(t[i], NULL);
	EventUnregister(f_reg);
	_exit(0);
}

/* ---- accounted consumers ------------------------------------------------------ */

static VOID WINAPI acc_record(PEVENT_RECORD er)
{
	int acc = (int)(intptr_t)er->UserContext;
	struct st_ccount *c = &st->cons[acc];
	struct st_payload p;

	if (IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid))
		return;
	if (memcmp(&er->EventHeader.ProviderId, st->acc_guid[acc], 16)) {
		c->foreign++;
		return;
	}
	if (er->UserDataLength != sizeof(p)) {
		c->malformed++;
		return;
	}
	memcpy(&p, er->UserData, sizeof(p));
	if (!st_payload_ok(&p, acc)) {
		c->malformed++;
		return;
	}
	c->n++;
	c->hash += st_hash(p.writer, p.seq);
	if (p.writer == ST_FWRITER && p.seq < ST_FSEQ_MAX)
		__atomic_or_fetch(&st_fmark[p.seq], ST_F_SEEN, __ATOMIC_RELAXED);
}

void st_consumer_main(int acc)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;

	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = st->acc_name[acc];
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = acc_record;
	lf.Context = (void *)(intptr_t)acc;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE) {
		st->cons_status[acc] = GetLastError();
		st->cons_done[acc] = 1;
		_exit(5);
	}
	st->cons_ready[acc] = 1;
	st->cons_status[acc] = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	st->cons_done[acc] = 1;
	_exit(0);
}

/* ---- chaos controllers ----------------------------------------------------------- */

static int sess_handle(int fd, const char *name, uint64_t *h)
{
	struct etw_session_info si;
	struct etw_session_control c = { .name = (uintptr_t)name,
					 .name_len = strlen(name),
					 .code = ETW_CONTROL_QUERY,
					 .info = (uintptr_t)&si,
					 .info_size = sizeof(si) };

	if (ioctl(fd, ETW_IOC_SESSION_CONTROL, &c))
		return -errno;
	*h = si.handle;
	return 0;
}

static void ctrl_start(int fd, const char *name, uint32_t k)
{
	static const uint32_t modes[] = {
		ETW_MODE_REAL_TIME,
		ETW_MODE_REAL_TIME | ETW_MODE_NO_PER_PROCESSOR_BUFFERING,
		ETW_MODE_FILE_MODE_SEQUENTIAL,
		ETW_MODE_FILE_MODE_CIRCULAR,
		ETW_MODE_REAL_TIME | ETW_MODE_FILE_MODE_SEQUENTIAL,
		ETW_MODE_BUFFERING,
		ETW_MODE_FILE_MODE_NEWFILE,
	};
	struct etw_session_start s = { .name = (uintptr_t)name,
				       .name_len = strlen(name) };
	char path[192];

	s.log_file_mode = modes[rnd(7)];
	s.buffer_size_kb = 4 << rnd(3);
	s.min_buffers = rnd(8);
	s.max_buffers = 8 + rnd(24);
	s.flush_timer = rnd(2);
	if (s.log_file_mode & (ETW_MODE_FILE_MODE_SEQUENTIAL |
			       ETW_MODE_FILE_MODE_CIRCULAR |
			       ETW_MODE_FILE_MODE_NEWFILE)) {
		s.max_file_size = 1 + rnd(3);
		s.log_file_len = snprintf(path, sizeof(path), "%s/c%u-%u%s.etl",
					  st->tmpdir, k, rnd(1000000),
					  s.log_file_mode & ETW_MODE_FILE_MODE_NEWFILE ?
					  "-%d" : "");
		s.log_file = (uintptr_t)path;
	}
	if (ioctl(fd, ETW_IOC_SESSION_START, &s) == 0)
		__atomic_add_fetch(&st->chaos_starts, 1, __ATOMIC_RELAXED);
}

void st_ctrl_main(uint64_t seed)
{
	int fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	char name[64], path[192];
	uint64_t h = 0;

	rng = seed;
	while (!st->stop_chaos) {
		uint32_t k = rnd(ST_CHAOS_SESS), a = rnd(12);
		struct etw_session_control c = { .code = ETW_CONTROL_QUERY };
		struct etw_enable e = { .control_code = 1 };

		st_chaos_name(name, k);
		__atomic_add_fetch(&st->chaos_ops, 1, __ATOMIC_RELAXED);
		if (a < 3) {
			ctrl_start(fd, name, k);
		} else if (a < 6) {
			if (sess_handle(fd, name, &h))
				continue;
			e.session = h;
			memcpy(e.guid, st->chaos_guid[rnd(ST_CHAOS_GUIDS)], 16);
			e.control_code = rnd(3) ? 1 : rnd(2) ? 0 : 2;
			e.level = rnd(6);
			e.match_any = rnd(2) ? 0 : 1 + rnd(255);
			if (rnd(5) == 0) {
				memcpy(e.guid, st->group_guid, 16);
				e.enable_property = ETW_PROP_PROVIDER_GROUP;
			}
			ioctl(fd, ETW_IOC_ENABLE, &e);
		} else {
			c.name = (uintptr_t)name;
			c.name_len = strlen(name);
			c.code = a < 8 ? ETW_CONTROL_UPDATE : a < 9 ? ETW_CONTROL_FLUSH :
				 a < 10 ? ETW_CONTROL_QUERY : ETW_CONTROL_STOP;
			if (c.code == ETW_CONTROL_UPDATE && rnd(2)) {
				/* A log-file switch; sometimes to a file that cannot open. */
				c.log_file_len = snprintf(path, sizeof(path),
					!st->avoid_switch_fail && rnd(20) == 0 ?
					"%s/missing/s%u-%u.etl" : "%s/s%u-%u.etl",
					st->tmpdir, k, rnd(1000000));
				c.log_file = (uintptr_t)path;
				__atomic_add_fetch(&st->chaos_switches, 1,
						   __ATOMIC_RELAXED);
			} else if (c.code == ETW_CONTROL_UPDATE) {
				c.flush_timer = 1 + rnd(2);
				c.log_file_mode = rnd(2) ? ETW_MODE_REAL_TIME : 0;
			}
			if (ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) == 0 &&
			    c.code == ETW_CONTROL_STOP)
				__atomic_add_fetch(&st->chaos_stops, 1,
						   __ATOMIC_RELAXED);
		}
		usleep(rnd(5000));
	}
	_exit(0);
}

/* ---- chaos writers ---------------------------------------------------------------- */

static void WINAPI chaos_cb(LPCGUID src, ULONG enabled, UCHAR level,
			    ULONGLONG any, ULONGLONG all,
			    PEVENT_FILTER_DESCRIPTOR filter, PVOID ctx)
{
	(void)src; (void)enabled; (void)level; (void)any; (void)all;
	(void)filter; (void)ctx;
}

/*
 * A stage of the chaos writer's own: scribbled on, its head set at
 * random, unmapped or not, sealed, closed or left for the module to find
 * when the process dies.
 */
static void cw_stage(int fd)
{
	struct etw_stage_open so = { 0 };
	struct etw_stage_ctl c = { 0 };
	struct etw_stage_meta *m;
	uint8_t *data;
	uint32_t i;

	if (ioctl(fd, ETW_IOC_STAGE_OPEN, &so))
		return;
	__atomic_add_fetch(&st->chaos_stages, 1, __ATOMIC_RELAXED);
	m = mmap(NULL, so.map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)so.mmap_offset);
	if (m != MAP_FAILED) {
		data = (uint8_t *)m + m->data_offset;
		for (i = 0; i < 64; i++)
			data[rnd(m->data_size)] = (uint8_t)rnd(256);
		__atomic_store_n(&m->head, (uint64_t)rnd(m->data_size / 8) * 8 |
				 rnd(2), __ATOMIC_RELEASE);
		if (rnd(2)) {
			munmap(m, so.map_size);
			__atomic_add_fetch(&st->chaos_unmaps, 1, __ATOMIC_RELAXED);
		}
	}
	c.id = so.id;
	switch (rnd(3)) {
	case 0:
		c.need = 8 * (1 + rnd(64));
		ioctl(fd, ETW_IOC_STAGE_SEAL, &c);
		break;
	case 1:
		ioctl(fd, ETW_IOC_STAGE_CLOSE, &c);
		break;
	}
}

/* A child registers, writes a batch through the stages and exits. */
static void cw_fork(const GUID *guid, const EVENT_DESCRIPTOR *ed,
		    EVENT_DATA_DESCRIPTOR *d)
{
	pid_t pid = fork();
	uint32_t i, n = 1 + rnd(100);
	REGHANDLE h;

	if (pid < 0)
		return;
	if (!pid) {
		if (EventRegister(guid, NULL, NULL, &h) != ERROR_SUCCESS)
			_exit(0);
		for (i = 0; i < n; i++)
			EventWrite(h, ed, 1, d);
		_exit(0);
	}
	__atomic_add_fetch(&st->chaos_forks, 1, __ATOMIC_RELAXED);
	waitpid(pid, NULL, 0);
}

void st_cwriter_main(uint64_t seed)
{
	static const EVENT_DESCRIPTOR ed = { .Id = 7, .Level = 4 };
	uint8_t traits[32] = { 0 }, payload[256];
	int fd = -1;

	rng = seed;
	if (rnd(2))
		as_nobody();
	memset(payload, 'c', sizeof(payload));
	/* traits "S" with the chaos group */
	traits[0] = 2 + 2 + 19;
	traits[2] = 'S';
	traits[4] = 19;
	traits[6] = ETW_TRAIT_TYPE_GROUP;
	memcpy(traits + 7, st->group_guid, 16);
	while (!st->stop_chaos) {
		uint32_t n = 1 + rnd(200), i, g = rnd(ST_CHAOS_GUIDS);

		if (rnd(10) < 4) {
			REGHANDLE h;
			GUID guid;
			EVENT_DATA_DESCRIPTOR d;

			memcpy(&guid, st->chaos_guid[g], 16);
			if (EventRegister(&guid, chaos_cb, NULL, &h) != ERROR_SUCCESS)
				continue;
			if (rnd(3) == 0)
				EventSetInformation(h, EventProviderSetTraits,
						    traits, traits[0]);
			EventDataDescCreate(&d, payload, 1 + rnd(sizeof(payload)));
			for (i = 0; i < n && !st->stop_chaos; i++)
				EventWrite(h, &ed, 1, &d);
			if (rnd(6) == 0)
				cw_fork(&guid, &ed, &d);
			if (rnd(10) < 7)
				EventUnregister(h);
		} else {
			struct etw_register r = { 0 };
			struct etw_data_desc d = { .ptr = (uintptr_t)payload };
			struct etw_write w = { .level = 4, .count = 1,
					       .data = (uintptr_t)&d };
			struct etw_unregister u = { 0 };

			if (fd < 0)
				fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
			if (rnd(4) == 0)
				cw_stage(fd);
			memcpy(r.guid, st->chaos_guid[g], 16);
			r.flags = rnd(4) == 0 ? ETW_REG_F_CALLBACK : 0;
			if (ioctl(fd, ETW_IOC_REGISTER, &r))
				continue;
			w.handle = r.handle;
			for (i = 0; i < n && !st->stop_chaos; i++) {
				d.size = 1 + rnd(sizeof(payload));
				ioctl(fd, ETW_IOC_WRITE, &w);
			}
			u.handle = r.handle;
			if (rnd(10) < 7)
				ioctl(fd, ETW_IOC_UNREGISTER, &u);
			if (rnd(10) == 0) {
				close(fd);	/* its registrations die with it */
				fd = -1;
			}
		}
		__atomic_add_fetch(&st->chaos_events, n, __ATOMIC_RELAXED);
		usleep(rnd(3000));
	}
	_exit(0);
}

/* ---- chaos consumers ---------------------------------------------------------------- */

static VOID WINAPI chaos_record(PEVENT_RECORD er)
{
	(void)er;
	__atomic_add_fetch(&st->chaos_consumed, 1, __ATOMIC_RELAXED);
}

static void *chaos_process(void *arg)
{
	PROCESSTRACE_HANDLE *h = arg;

	ProcessTrace(h, 1, NULL, NULL);
	return NULL;
}

/* libetw's consumer on a chaos session, closed from another thread. */
static void ccons_libetw(const char *name)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	pthread_t th;

	memset(&lf, 0, sizeof(lf));
	lf.LoggerName = (LPSTR)name;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME |
			      PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = chaos_record;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return;
	pthread_create(&th, NULL, chaos_process, &h);
	usleep(20000 + rnd(300000));
	CloseTrace(h);
	pthread_join(th, NULL);
}

/* Raw CONSUMER_OPEN, mmap and CONSUMER_WAIT, checking what comes back. */
static void ccons_raw(int fd, const char *name)
{
	struct etw_consumer_open co = { .name = (uintptr_t)name,
					.name_len = strlen(name) };
	uint32_t held[4096], ready[4096], nheld = 0, i, rounds;
	uint8_t *map = NULL;
	size_t len;

	if (ioctl(fd, ETW_IOC_CONSUMER_OPEN, &co))
		return;
	len = (size_t)co.nr_buffers * co.buffer_size;
	if (co.nr_buffers > 4096) {
		st_anomaly("CONSUMER_OPEN: %u buffers", co.nr_buffers);
		goto out;
	}
	map = mmap(NULL, len, PROT_READ, MAP_SHARED, co.fd, 0);
	if (map == MAP_FAILED)
		map = NULL;	/* (a BufferSize that is not a page multiple) */
	for (rounds = 5 + rnd(50); rounds-- && !st->stop_chaos;) {
		struct etw_consumer_wait w = {
			.release = (uintptr_t)held, .release_count = nheld,
			.ready = (uintptr_t)ready, .ready_max = co.nr_buffers,
			.timeout_ms = 10, .flags = rnd(2) ? ETW_WAIT_F_FLUSH : 0,
		};

		if (ioctl(co.fd, ETW_IOC_CONSUMER_WAIT, &w)) {
			st_anomaly("CONSUMER_WAIT on a consumer of its own: %s",
				   strerror(errno));
			break;
		}
		nheld = w.ready_count;
		for (i = 0; i < w.ready_count; i++) {
			if (ready[i] >= co.nr_buffers) {
				st_anomaly("CONSUMER_WAIT: index %u of %u",
					   ready[i], co.nr_buffers);
				nheld = 0;
				break;
			}
			held[i] = ready[i];
			if (map && *(uint32_t *)(map + (size_t)ready[i] *
						 co.buffer_size) != co.buffer_size)
				st_anomaly("buffer %u: header says %u bytes, not %u",
					   ready[i], *(uint32_t *)(map +
					   (size_t)ready[i] * co.buffer_size),
					   co.buffer_size);
		}
		__atomic_add_fetch(&st->chaos_consumed, w.ready_count,
				   __ATOMIC_RELAXED);
		if (w.status & ETW_WAIT_STOPPED)
			break;
	}
out:
	if (map)
		munmap(map, len);
	close(co.fd);
}

void st_ccons_main(uint64_t seed)
{
	int fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	char name[64];

	rng = seed;
	while (!st->stop_chaos) {
		st_chaos_name(name, rnd(ST_CHAOS_SESS));
		if (rnd(5) == 0)
			ccons_libetw(name);
		else
			ccons_raw(fd, name);
		usleep(rnd(5000));
	}
	_exit(0);
}
