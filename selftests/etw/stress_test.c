// SPDX-License-Identifier: GPL-2.0-only
/*
 * stress_test: for ETW_STRESS_SECONDS (default 20), everything at once,
 * with processes SIGKILLed at random moments, and afterwards exact
 * accounting.
 *
 * Six accounted sessions (real time with a consumer attached from the
 * start, a sequential file switched to a new file every ~1.5 s, real time
 * plus a file, a circular file, buffering mode with snapshots, and a
 * blocking real-time session with a file) each enable one provider of
 * their own, written by writer processes that are never killed
 * (stress_roles.c); the blocking one also by the stage writer, whose
 * threads write through libetw's stages, exit and are replaced at random,
 * and fork children that write and exit (issue 19, part 4).  Around them,
 * chaos controllers start, update, flush and stop sessions of other
 * names, chaos writers register and write (also from forked children),
 * open stages, scribble on them, unmap and leave them, chaos consumers
 * read, and the orchestrator SIGKILLs one of those every 30-250 ms and
 * starts another.
 *
 * At the end every session stops and, per accounted session:
 *   EventsWritten == the WRITEs that returned 0, EventsLost == the WRITEs
 *   that returned a loss (ENOSPC, ENOBUFS, EMSGSIZE, E2BIG);
 *   the consumer attached from the start got exactly the stored events
 *   (count and a hash of their (writer, sequence) payloads), and
 *   RealTimeBuffersLost is 0;
 *   the log files hold exactly the stored events, LogBuffersLost 0
 *   (a circular file at most the stored events).
 * Then no session of the run is listed and no registration is left.
 *
 * Last, unloading etw.ko while a file session runs must finish its log
 * file (every event in it, EndTime set), and the module loads again.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#include "stress.h"
#include "etw_kmsg.h"
#include "shared/etw_logic.h"
#include "../kselftest.h"

struct st_shared *st;
uint8_t *st_fmark;

#define NCHAOS		7	/* 2 controllers, 3 writers, 2 consumers */

static const char *const acc_label[NACC] = {
	"real time", "file (switched)", "real time + file", "circular file",
	"buffering", "blocking (stages)",
};

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ULL + ts.tv_nsec / 1000000;
}

static uint64_t orng;

static uint32_t rnd(uint32_t n)
{
	uint64_t z = (orng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return n ? (uint32_t)((z ^ (z >> 31)) % n) : 0;
}

static pid_t spawn(enum st_role role, int arg, uint64_t seed)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	switch (role) {
	case R_WRITER: st_writer_main(arg); break;
	case R_FWRITER: st_fwriter_main(); break;
	case R_CONSUMER: st_consumer_main(arg); break;
	case R_CTRL: st_ctrl_main(seed); break;
	case R_CWRITER: st_cwriter_main(seed); break;
	case R_CCONS: st_ccons_main(seed); break;
	}
	_exit(0);
}

/* waitpid with a deadline; 0 reaped, -1 still there. */
static int reap(pid_t pid, int ms, int *status)
{
	uint64_t end = now_ms() + ms;
	int st_;

	do {
		if (waitpid(pid, &st_, WNOHANG) == pid) {
			if (status)
				*status = st_;
			return 0;
		}
		usleep(10000);
	} while (now_ms() < end);
	return -1;
}

static int control(int fd, uint64_t handle, const char *name, uint32_t code,
		   const char *path, struct etw_session_info *si)
{
	struct etw_session_control c = { .handle = handle, .code = code };

	if (name) {
		c.name = (uintptr_t)name;
		c.name_len = strlen(name);
	}
	if (path) {
		c.log_file = (uintptr_t)path;
		c.log_file_len = strlen(path);
	}
	if (si) {
		c.info = (uintptr_t)si;
		c.info_size = sizeof(*si);
	}
	return ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) ? -errno : 0;
}

/* ---- reading log files back through libetw ------------------------------------ */

struct file_count {
	int acc;
	struct st_ccount c;
};

static VOID WINAPI file_record(PEVENT_RECORD er)
{
	struct file_count *f = er->UserContext;
	struct st_payload p;

	if (IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid))
		return;
	if (memcmp(&er->EventHeader.ProviderId, st->acc_guid[f->acc], 16)) {
		f->c.foreign++;
		return;
	}
	if (er->UserDataLength != sizeof(p)) {
		f->c.malformed++;
		return;
	}
	memcpy(&p, er->UserData, sizeof(p));
	if (!st_payload_ok(&p, f->acc)) {
		f->c.malformed++;
		return;
	}
	f->c.n++;
	f->c.hash += st_hash(p.writer, p.seq);
}

/* Add @path's events of @acc's provider to @out; ERROR_* of the reader. */
static ULONG read_file(const char *path, int acc, struct st_ccount *out,
		       EVENT_TRACE_LOGFILEA *hdr)
{
	struct file_count f = { .acc = acc };
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	ULONG r;

	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = (LPSTR)path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = file_record;
	lf.Context = &f;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return GetLastError();
	r = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	if (hdr)
		*hdr = lf;
	out->n += f.c.n;
	out->hash += f.c.hash;
	out->foreign += f.c.foreign;
	out->malformed += f.c.malformed;
	return r;
}

/* ---- accounted sessions ------------------------------------------------------------ */

static char files[ST_MAX_FILES][160];
static int nfiles;

static uint64_t acc_start(int fd, int acc)
{
	struct etw_session_start s = { .name = (uintptr_t)st->acc_name[acc],
				       .name_len = strlen(st->acc_name[acc]),
				       .buffer_size_kb = 16, .max_buffers = 64 };
	struct etw_session_info si;
	struct etw_enable e = { .control_code = 1, .timeout_ms = 1000 };
	char path[160] = "";

	switch (acc) {
	case ACC_RT:
		s.log_file_mode = ETW_MODE_REAL_TIME;
		break;
	case ACC_FILE:
		s.log_file_mode = ETW_MODE_FILE_MODE_SEQUENTIAL;
		snprintf(path, sizeof(path), "%s/acc-file-0.etl", st->tmpdir);
		strcpy(files[nfiles++], path);
		break;
	case ACC_RTFILE:
		s.log_file_mode = ETW_MODE_REAL_TIME | ETW_MODE_FILE_MODE_SEQUENTIAL;
		snprintf(path, sizeof(path), "%s/acc-rtfile.etl", st->tmpdir);
		break;
	case ACC_CIRC:
		s.log_file_mode = ETW_MODE_FILE_MODE_CIRCULAR;
		s.max_file_size = 1;
		snprintf(path, sizeof(path), "%s/acc-circ.etl", st->tmpdir);
		break;
	case ACC_BUF:
		s.log_file_mode = ETW_MODE_BUFFERING;
		s.min_buffers = 32;
		break;
	case ACC_FAST:
		s.log_file_mode = ETW_MODE_REAL_TIME | ETW_MODE_FILE_MODE_SEQUENTIAL;
		snprintf(path, sizeof(path), "%s/acc-fast.etl", st->tmpdir);
		break;
	}
	if (path[0]) {
		s.log_file = (uintptr_t)path;
		s.log_file_len = strlen(path);
	}
	s.info = (uintptr_t)&si;
	s.info_size = sizeof(si);
	if (ioctl(fd, ETW_IOC_SESSION_START, &s))
		return 0;
	e.session = si.handle;
	if (acc == ACC_FAST) {
		/* Writers wait for its buffers instead of losing events. */
		uint32_t ms = 5000;
		struct etw_system_info b = {
			.session = si.handle, .info_class = ETW_SYSINFO_BLOCKING,
			.flags = ETW_SYSINFO_F_SET, .data = (uintptr_t)&ms,
			.length = sizeof(ms),
		};

		if (ioctl(fd, ETW_IOC_SYSTEM_INFO, &b))
			return 0;
	}
	memcpy(e.guid, st->acc_guid[acc], 16);
	if (ioctl(fd, ETW_IOC_ENABLE, &e))
		return 0;
	return si.handle;
}

/* The stage writer's events stored and never delivered, by kind. */
static void f_missing(int acc)
{
	uint64_t n = st->fseq < ST_FSEQ_MAX ? st->fseq : ST_FSEQ_MAX, i, from = 0;
	uint64_t miss[3] = { 0 }, extra = 0;
	int shown = 0;
	uint8_t kind = 0, edges = 0;

	for (i = 0; i <= n; i++) {
		uint8_t m = i < n ? st_fmark[i] : ST_F_SEEN;
		uint8_t k = m & (ST_F_THREAD | ST_F_CHILD);

		if (k == (ST_F_THREAD | ST_F_CHILD))
			k = ST_F_THREAD;	/* cannot be */

		if (i < n && !k && (m & ST_F_SEEN) && extra++ < 4)
			ksft_print_msg("%-17s stage event %" PRIu64 " delivered, not stored (marks %#x, before %#x, after %#x)\n",
				       acc_label[acc], i, m,
				       i ? st_fmark[i - 1] : 0,
				       i + 1 < n ? st_fmark[i + 1] : 0);
		if (k && !(m & ST_F_SEEN)) {
			miss[k - 1]++;
			if (!kind) {
				from = i;
				kind = k;
				edges = 0;
			}
			edges |= m & (ST_F_FIRST | ST_F_LAST);
			continue;
		}
		if (kind && shown < 8) {
			ksft_print_msg("%-17s stage events %" PRIu64 "..%" PRIu64 " (by a %s%s%s) stored, never delivered\n",
				       acc_label[acc], from, i - 1,
				       kind == ST_F_CHILD ? "forked child" :
				       "thread",
				       edges & ST_F_FIRST ? ", a batch's first" : "",
				       edges & ST_F_LAST ? ", a batch's last" : "");
			shown++;
		}
		kind = 0;
	}
	if (miss[0] || miss[1] || miss[2] || extra)
		ksft_print_msg("%-17s stage events never delivered: %" PRIu64 " by threads, %" PRIu64 " by children; delivered though not stored: %" PRIu64 "\n",
			       acc_label[acc], miss[0], miss[1], extra);
}

/* Check one accounted session; returns 1 if it holds. */
static int acc_check(int acc, const struct etw_session_info *si,
		     const struct st_ccount *file, int nread)
{
	uint64_t ok = 0, lost = 0, other = 0, hash = 0, late = 0;
	const struct st_ccount *c = &st->cons[acc];
	int w, good = 1, last = 0;

	for (w = 0; w < ST_WRITERS; w++) {
		ok += st->w[w][acc].ok;
		lost += st->w[w][acc].lost;
		other += st->w[w][acc].other;
		hash += st->w[w][acc].hash_ok;
		if (st->w[w][acc].other)
			last = st->w[w][acc].last_other;
	}
	if (acc == ACC_FAST) {
		ksft_print_msg("%-17s stage writer: %" PRIu64 " stored, %" PRIu64 " lost, %" PRIu64 " other (last %d); %" PRIu64 " threads, %" PRIu64 " exited, %" PRIu64 " forks, %" PRIu64 " stuck\n",
			       acc_label[acc], st->fw.ok, st->fw.lost,
			       st->fw.other, st->fw.last_other, st->f_threads,
			       st->f_exits, st->f_forks, st->f_hung);
		f_missing(acc);
		ok += st->fw.ok;
		lost += st->fw.lost;
		other += st->fw.other;
		hash += st->fw.hash_ok;
		if (st->f_hung || !st->fw.ok)
			good = 0;
	}
	ksft_print_msg("%-17s writers: %" PRIu64 " stored, %" PRIu64 " lost, %" PRIu64 " other errors%s%s; session: EventsWritten %" PRIu64 ", EventsLost %u, BuffersWritten %u, RealTimeBuffersLost %u, LogBuffersLost %u\n",
		       acc_label[acc], ok, lost, other, other ? ", last " : "",
		       other ? strerrorname_np(last) : "",
		       (uint64_t)si->events_written, si->events_lost,
		       si->buffers_written, si->real_time_buffers_lost,
		       si->log_buffers_lost);
	/*
	 * Stage writes are counted lost by the session, not the writer: a
	 * collect waiting for a blocking session's buffers gives way to a
	 * control call (design.rst, "Losses, blocking").  Then the stored
	 * are fewer than written by exactly the session's extra losses.
	 */
	if (acc == ACC_FAST && si->events_lost > lost) {
		late = si->events_lost - lost;
		ksft_print_msg("%-17s %" PRIu64 " stage-written events lost at a collect (counted)\n",
			       acc_label[acc], late);
		ok -= late;
		lost += late;
	}
	if (other || si->events_written != ok || si->events_lost != lost)
		good = 0;
	if (acc == ACC_RT || acc == ACC_RTFILE || acc == ACC_FAST) {
		ksft_print_msg("%-17s consumer attached from the start: %" PRIu64 " events (hash %s), %" PRIu64 " foreign, %" PRIu64 " malformed, ProcessTrace %u\n",
			       acc_label[acc], c->n, c->hash == hash ? "equal" :
			       "differs", c->foreign, c->malformed,
			       st->cons_status[acc]);
		if (c->n != ok || (!late && c->hash != hash) || c->foreign ||
		    c->malformed || st->cons_status[acc] ||
		    si->real_time_buffers_lost)
			good = 0;
	}
	if (acc == ACC_FILE || acc == ACC_RTFILE || acc == ACC_CIRC ||
	    acc == ACC_FAST) {
		ksft_print_msg("%-17s %d log file(s): %" PRIu64 " events (hash %s), %" PRIu64 " foreign, %" PRIu64 " malformed\n",
			       acc_label[acc], nread, file->n,
			       file->hash == hash ? "equal" : "differs",
			       file->foreign, file->malformed);
		if (file->foreign || file->malformed || si->log_buffers_lost)
			good = 0;
		if (acc == ACC_CIRC ? file->n > ok :
		    file->n != ok || (!late && file->hash != hash))
			good = 0;
	}
	return good;
}

/* ---- unloading with a file session running (defect: it leaked) ---------- */

static int reload(const char *ko, const char *params)
{
	char cmd[1536];

	snprintf(cmd, sizeof(cmd), "insmod %s %s", ko, params);
	return system(cmd);
}

static void read_param(const char *name, char *out, size_t n)
{
	char path[300];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/etw/parameters/%s", name);
	out[0] = 0;
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(out, n, f))
		out[strcspn(out, "\n")] = 0;
	fclose(f);
}

/* "name=value ..." of every parameter etw.ko has now, to load it again. */
static void all_params(char *out, size_t n)
{
	DIR *d = opendir("/sys/module/etw/parameters");
	struct dirent *e;
	char v[64];
	size_t len = 0;

	out[0] = 0;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		read_param(e->d_name, v, sizeof(v));
		len += snprintf(out + len, len < n ? n - len : 0, "%s%s=%s",
				len ? " " : "", e->d_name, v);
	}
	if (d)
		closedir(d);
}

static void unload_test(void)
{
	const char *ko = getenv("ETW_KO");
	char path[160], params[1024], bad[512];
	struct etw_session_start s = { .log_file_mode = ETW_MODE_FILE_MODE_SEQUENTIAL,
				       .buffer_size_kb = 16, .max_buffers = 64 };
	struct etw_enable e = { .control_code = 1 };
	struct etw_session_info si;
	struct etw_register r = { 0 };
	struct st_ccount got = { 0 };
	EVENT_TRACE_LOGFILEA hdr;
	int fd, kfd, i, n = 1000, ok;
	uint64_t hash = 0;
	ULONG rr;

	if (!ko || access(ko, R_OK)) {
		ksft_test_result_skip("stress: unload with a running file session (ETW_KO not set)\n");
		return;
	}
	all_params(params, sizeof(params));
	snprintf(path, sizeof(path), "%s/unload.etl", st->tmpdir);
	fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	s.name = (uintptr_t)st->acc_name[ACC_FILE];
	s.name_len = strlen(st->acc_name[ACC_FILE]);
	s.log_file = (uintptr_t)path;
	s.log_file_len = strlen(path);
	s.info = (uintptr_t)&si;
	s.info_size = sizeof(si);
	memcpy(e.guid, st->acc_guid[ACC_FILE], 16);
	memcpy(r.guid, st->acc_guid[ACC_FILE], 16);
	i = ioctl(fd, ETW_IOC_SESSION_START, &s);
	e.session = si.handle;
	if (i || ioctl(fd, ETW_IOC_ENABLE, &e) || ioctl(fd, ETW_IOC_REGISTER, &r)) {
		ksft_test_result_fail("stress: unload: setting up the file session: %s\n",
				      strerror(errno));
		close(fd);
		return;
	}
	for (i = 0; i < n; i++) {
		struct st_payload p = { .writer = 0, .acc = ACC_FILE, .seq = i };
		struct etw_data_desc d = { .ptr = (uintptr_t)&p, .size = sizeof(p) };
		struct etw_write w = { .handle = r.handle, .level = 4, .count = 1,
				       .data = (uintptr_t)&d };

		if (ioctl(fd, ETW_IOC_WRITE, &w))
			break;	/* cannot happen with 64 x 16 KB */
		hash += st_hash(0, i);
	}
	n = i;
	close(fd);
	kfd = etw_kmsg_open();
	if (system("rmmod etw")) {
		ksft_test_result_fail("stress: rmmod etw with a file session running failed\n");
		return;
	}
	i = etw_kmsg_check(kfd, bad, sizeof(bad));
	if (i)
		ksft_print_msg("kernel log during rmmod: %s\n", bad);
	memset(&hdr, 0, sizeof(hdr));
	rr = read_file(path, ACC_FILE, &got, &hdr);
	ok = !i && rr == ERROR_SUCCESS && got.n == (uint64_t)n &&
	     got.hash == hash && hdr.LogfileHeader.EndTime.QuadPart != 0;
	ksft_print_msg("unload: %d events written, the file has %" PRIu64 " (reader %u), EndTime %s\n",
		       n, got.n, rr, hdr.LogfileHeader.EndTime.QuadPart ? "set" :
		       "0 (never finished)");
	if (reload(ko, params)) {
		ksft_test_result_fail("stress: etw.ko loads again after the unload (%s)\n",
				      params);
		return;
	}
	ksft_test_result(ok, "stress: unloading etw.ko with a file session running finishes its log file\n");
}

/* ---- the run -------------------------------------------------------------------- */

static int rm_one(const char *p, const struct stat *s, int f, struct FTW *w)
{
	(void)s; (void)f; (void)w;
	return remove(p);
}

static void acc_names(void)
{
	static const char *const tag[NACC] = { "rt", "file", "rtfile", "circ", "buf",
					       "fast" };
	int i;

	for (i = 0; i < NACC; i++) {
		snprintf(st->acc_name[i], sizeof(st->acc_name[i]), "st%06x-%s",
			 st->run, tag[i]);
		memset(st->acc_guid[i], 0xE0, 16);
		memcpy(st->acc_guid[i] + 4, &st->run, 4);
		st->acc_guid[i][0] = i;
	}
	for (i = 0; i < ST_CHAOS_GUIDS; i++) {
		memset(st->chaos_guid[i], 0xE1, 16);
		memcpy(st->chaos_guid[i] + 4, &st->run, 4);
		st->chaos_guid[i][0] = i;
	}
	memset(st->group_guid, 0xE2, 16);
	memcpy(st->group_guid + 4, &st->run, 4);
}

/* Sessions of this run still listed, stopping them if @stop. */
static int ours_listed(int fd, int stop)
{
	uint64_t handles[ETW_MAX_SESSIONS];
	struct etw_session_list l = { .handles = (uintptr_t)handles,
				      .capacity = ETW_MAX_SESSIONS };
	char name[256], prefix[16];
	uint32_t i;
	int n = 0;

	snprintf(prefix, sizeof(prefix), "st%06x-", st->run);
	if (ioctl(fd, ETW_IOC_SESSION_LIST, &l))
		return -1;
	for (i = 0; i < l.count && i < ETW_MAX_SESSIONS; i++) {
		struct etw_session_control c = {
			.handle = handles[i], .code = ETW_CONTROL_QUERY,
			.name_buf = (uintptr_t)name, .name_buf_size = sizeof(name),
		};

		name[0] = 0;
		if (ioctl(fd, ETW_IOC_SESSION_CONTROL, &c) ||
		    strncmp(name, prefix, strlen(prefix)))
			continue;
		n++;
		if (stop)
			control(fd, handles[i], NULL, ETW_CONTROL_STOP, NULL, NULL);
	}
	return n;
}

/* Our GUIDs QUERY_GUIDS still lists (registered or enabled). */
static int ours_registered(int fd)
{
	static uint8_t g[4096][16];
	struct etw_query_guids q = { .query = ETW_QUERY_GUID_LIST,
				     .buf = (uintptr_t)g, .buf_size = sizeof(g) };
	uint32_t i;
	int n = 0;

	if (ioctl(fd, ETW_IOC_QUERY_GUIDS, &q) || q.needed > sizeof(g))
		return -1;
	for (i = 0; i < q.count; i++)
		if ((g[i][1] == 0xE0 || g[i][1] == 0xE1 || g[i][1] == 0xE2) &&
		    !memcmp(g[i] + 4, &st->run, 4))
			n++;
	return n;
}

int main(void)
{
	const char *env = getenv("ETW_STRESS_SECONDS");
	int seconds = env ? atoi(env) : 20, fd, kfd, acc, i, good, hung = 0;
	uint64_t t0, end, next_switch, next_snap, handle[NACC] = { 0 };
	enum st_role chaos_role[NCHAOS] = { R_CTRL, R_CTRL, R_CWRITER, R_CWRITER,
					    R_CWRITER, R_CCONS, R_CCONS };
	pid_t chaos[NCHAOS], writers[ST_WRITERS], consumers[NACC] = { 0 }, fwriter;
	struct etw_session_info si[NACC];
	struct st_ccount filec[NACC];
	int nread[NACC] = { 0 }, kills = 0, switches = 0, snaps = 0, bad_ctl = 0;
	char path[160], bad[512], old_cb[32];
	struct timespec ts;
	FILE *f;

	ksft_print_header();
	ksft_set_plan(NACC + 4);
	fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	if (fd < 0 || geteuid())
		ksft_exit_skip("needs root and %s (is etw.ko loaded?)\n",
			       ETW_DEVICE_PATH);
	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	st_fmark = mmap(NULL, ST_FSEQ_MAX, PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st == MAP_FAILED || st_fmark == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	clock_gettime(CLOCK_REALTIME, &ts);
	orng = ts.tv_nsec ^ ((uint64_t)getpid() << 32);
	st->run = (getpid() ^ ts.tv_nsec) & 0xffffff;
	st->avoid_switch_fail = getenv("ETW_STRESS_AVOID") &&
				strstr(getenv("ETW_STRESS_AVOID"), "switch-fail");
	acc_names();
	snprintf(st->tmpdir, sizeof(st->tmpdir), "/tmp/etw-stress-%d", getpid());
	if (mkdir(st->tmpdir, 0777) || chmod(st->tmpdir, 0777))
		ksft_exit_fail_msg("%s: %s\n", st->tmpdir, strerror(errno));
	/* Chaos providers' processes die; do not wait 5 s for their callbacks. */
	read_param("callback_timeout_ms", old_cb, sizeof(old_cb));
	f = fopen("/sys/module/etw/parameters/callback_timeout_ms", "w");
	if (f) {
		fputs("200", f);
		fclose(f);
	}
	kfd = etw_kmsg_open();
	ksft_print_msg("%d s, run %06x, %d accounted sessions, %d writers, %d chaos processes\n",
		       seconds, st->run, NACC, ST_WRITERS, NCHAOS);

	for (acc = 0; acc < NACC; acc++) {
		handle[acc] = acc_start(fd, acc);
		if (!handle[acc])
			ksft_exit_fail_msg("starting %s: %s\n", st->acc_name[acc],
					   strerror(errno));
	}
	/* Consumers attach before the first event. */
	consumers[ACC_RT] = spawn(R_CONSUMER, ACC_RT, 0);
	consumers[ACC_RTFILE] = spawn(R_CONSUMER, ACC_RTFILE, 0);
	consumers[ACC_FAST] = spawn(R_CONSUMER, ACC_FAST, 0);
	for (i = 0; i < 3000 && !(st->cons_ready[ACC_RT] &&
				  st->cons_ready[ACC_RTFILE] &&
				  st->cons_ready[ACC_FAST]); i++)
		usleep(10000);
	if (!st->cons_ready[ACC_RT] || !st->cons_ready[ACC_RTFILE] ||
	    !st->cons_ready[ACC_FAST])
		ksft_exit_fail_msg("the consumers did not attach\n");
	for (i = 0; i < ST_WRITERS; i++)
		writers[i] = spawn(R_WRITER, i, 0);
	fwriter = spawn(R_FWRITER, 0, 0);
	for (i = 0; i < NCHAOS; i++)
		chaos[i] = spawn(chaos_role[i], 0, orng + i);

	t0 = now_ms();
	end = t0 + seconds * 1000ULL;
	next_switch = t0 + 1500;
	next_snap = t0 + 2000;
	while (now_ms() < end) {
		usleep(30000 + rnd(220000));
		i = rnd(NCHAOS);
		if (chaos[i] > 0) {
			kill(chaos[i], SIGKILL);
			if (reap(chaos[i], 10000, NULL)) {
				ksft_print_msg("a killed %s did not exit in 10 s\n",
					       chaos_role[i] == R_CTRL ? "controller" :
					       chaos_role[i] == R_CWRITER ? "writer" :
					       "consumer");
				hung++;
				chaos[i] = -1;
				continue;
			}
			kills++;
			chaos[i] = spawn(chaos_role[i], 0, orng);
		}
		if (now_ms() >= next_switch && nfiles < ST_MAX_FILES) {
			snprintf(path, sizeof(path), "%s/acc-file-%d.etl",
				 st->tmpdir, nfiles);
			if (control(fd, handle[ACC_FILE], NULL, ETW_CONTROL_UPDATE,
				    path, NULL) == 0) {
				strcpy(files[nfiles++], path);
				switches++;
			} else {
				bad_ctl++;
			}
			next_switch = now_ms() + 1000 + rnd(1000);
		}
		if (now_ms() >= next_snap) {
			snprintf(path, sizeof(path), "%s/acc-buf-%d.etl",
				 st->tmpdir, snaps);
			if (control(fd, handle[ACC_BUF], NULL, ETW_CONTROL_FLUSH,
				    path, NULL) == 0)
				snaps++;
			else
				bad_ctl++;
			next_snap = now_ms() + 2000 + rnd(1000);
		}
	}

	/* Chaos ends, writers finish, every accounted session stops. */
	st->stop_chaos = 1;
	for (i = 0; i < NCHAOS; i++) {
		if (chaos[i] <= 0)
			continue;
		kill(chaos[i], SIGKILL);
		if (reap(chaos[i], 10000, NULL))
			hung++;
	}
	st->stop_writers = 1;
	for (i = 0; i < ST_WRITERS; i++)
		if (reap(writers[i], 30000, NULL))
			hung++;
	if (reap(fwriter, 30000, &i) || !WIFEXITED(i) || WEXITSTATUS(i)) {
		ksft_print_msg("the stage writer did not end well (%#x)\n", i);
		hung++;
	}
	for (acc = 0; acc < NACC; acc++)
		if (control(fd, handle[acc], NULL, ETW_CONTROL_STOP, NULL, &si[acc]))
			ksft_exit_fail_msg("stopping %s: %s\n", st->acc_name[acc],
					   strerror(errno));
	for (acc = 0; acc < NACC; acc++)
		if (consumers[acc] && reap(consumers[acc], 60000, NULL)) {
			ksft_print_msg("the %s consumer did not see the end\n",
				       acc_label[acc]);
			hung++;
		}
	memset(filec, 0, sizeof(filec));
	for (i = 0; i < nfiles; i++, nread[ACC_FILE]++)
		if (read_file(files[i], ACC_FILE, &filec[ACC_FILE], NULL))
			ksft_print_msg("reading %s failed\n", files[i]);
	snprintf(path, sizeof(path), "%s/acc-rtfile.etl", st->tmpdir);
	nread[ACC_RTFILE] = !read_file(path, ACC_RTFILE, &filec[ACC_RTFILE], NULL);
	snprintf(path, sizeof(path), "%s/acc-circ.etl", st->tmpdir);
	nread[ACC_CIRC] = !read_file(path, ACC_CIRC, &filec[ACC_CIRC], NULL);
	snprintf(path, sizeof(path), "%s/acc-fast.etl", st->tmpdir);
	nread[ACC_FAST] = !read_file(path, ACC_FAST, &filec[ACC_FAST], NULL);

	ksft_print_msg("%d s: %d chaos processes SIGKILLed; chaos: %" PRIu64 " control calls, %" PRIu64 " sessions started, %" PRIu64 " stopped, %" PRIu64 " log-file switches, %" PRIu64 " events written, %" PRIu64 " consumed\n",
		       seconds, kills, st->chaos_ops, st->chaos_starts,
		       st->chaos_stops, st->chaos_switches, st->chaos_events,
		       st->chaos_consumed);
	ksft_print_msg("chaos stages: %" PRIu64 " opened and scribbled on, %" PRIu64 " unmapped, %" PRIu64 " forked writers\n",
		       st->chaos_stages, st->chaos_unmaps, st->chaos_forks);
	ksft_print_msg("accounted: %d log-file switches, %d buffering snapshots, %d control calls failed\n",
		       switches, snaps, bad_ctl);
	if (st->anomalies)
		ksft_print_msg("%" PRIu64 " anomalies seen by chaos consumers, first: %s\n",
			       st->anomalies, st->anomaly);
	ksft_test_result(!hung && !st->anomalies && !bad_ctl,
			 "stress: %d s, %d processes SIGKILLed, none hung, chaos consumers saw nothing wrong\n",
			 seconds, kills);
	for (acc = 0; acc < NACC; acc++) {
		good = acc_check(acc, &si[acc], &filec[acc], nread[acc]);
		ksft_test_result(good, "stress: %s session: stored + lost == written, delivered == stored\n",
				 acc_label[acc]);
	}
	ours_listed(fd, 1);	/* chaos sessions outlive their killed controllers */
	i = ours_listed(fd, 0);
	good = ours_registered(fd);
	ksft_test_result(i == 0 && good == 0,
			 "stress: every session stopped, none listed (%d), no registration left (%d)\n",
			 i, good);
	i = etw_kmsg_check(kfd, bad, sizeof(bad));
	if (i)
		ksft_print_msg("kernel log: %s\n", bad);
	ksft_test_result(!i, "stress: kernel log free of BUG/WARNING/Oops/lockdep/KASAN\n");
	close(fd);
	f = fopen("/sys/module/etw/parameters/callback_timeout_ms", "w");
	if (f) {
		fputs(old_cb[0] ? old_cb : "5000", f);
		fclose(f);
	}
	unload_test();
	nftw(st->tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	ksft_finished();
}
