// SPDX-License-Identifier: MIT
/*
 * The consumer API (reference section 3): OpenTrace, ProcessTrace and
 * CloseTrace over .etl files and real-time sessions.
 *
 * A trace is a set of streams: the per-CPU buffer sequences of each file,
 * or the kernel's per-CPU streams of a real-time session.  Records inside
 * a buffer are in time order and the buffers of a stream follow each
 * other (seed 001, rule 14), so ProcessTrace is a k-way merge: a binary
 * heap of streams keyed by the time of each stream's next record.
 *
 * Files are mapped read-only (etl_file.c); a real-time session's buffers
 * are mapped read-only from the consumer descriptor etw.ko returns, and
 * handed over and taken back in batches with ETW_IOC_CONSUMER_WAIT, so
 * there is no system call per event.  The kernel's watermark says up to
 * which raw time every event has been handed over: the merge delivers
 * events below it and keeps the rest for later.
 *
 * Events are decoded in place: EVENT_RECORD.UserData, the extended
 * items' DataPtr and the header event's UserData point into the mapped
 * buffers and are valid only during the callback.  See
 * Documentation/api-mapping.rst, "Consumers".
 *
 * This file: the handles, OpenTrace, ProcessTrace and CloseTrace;
 * consumer_merge.c runs the merge, consumer_event.c builds what the
 * callbacks get.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>

#include "libetw.h"
#include "internal.h"
#include "consumer.h"
#include "shared/etw_utf.h"

/* The layouts we hand out are the raw ones we read (reference 3.4, 3.6). */
_Static_assert(sizeof(EVENT_HEADER) == sizeof(struct etl_event_header),
	       "EVENT_HEADER is the in-buffer event header");
_Static_assert(sizeof(TRACE_LOGFILE_HEADER) == ETL_LOGFILE_HEADER_SIZE,
	       "TRACE_LOGFILE_HEADER is the 64-bit on-disk form");
_Static_assert(offsetof(TRACE_LOGFILE_HEADER, BootTime) ==
	       offsetof(struct etl_logfile_header, boot_time), "BootTime");
_Static_assert(sizeof(EVENT_TRACE_LOGFILEW) == sizeof(EVENT_TRACE_LOGFILEA),
	       "A and W logfile structs share a layout");
_Static_assert(ETW_DAMAGE_RECORD == ETL_DAMAGE_RECORD &&
	       ETW_DAMAGE_TAIL == ETL_DAMAGE_TAIL &&
	       ETW_DAMAGE_BUFFER == ETL_DAMAGE_BUFFER &&
	       ETW_DAMAGE_TRUNCATED == ETL_DAMAGE_TRUNCATED &&
	       ETW_DAMAGE_TRAILING == ETL_DAMAGE_TRAILING &&
	       ETW_DAMAGE_DUPLICATE == ETL_DAMAGE_DUPLICATE &&
	       ETW_DAMAGE_RESYNC == ETL_DAMAGE_RESYNC &&
	       ETW_DAMAGE_OPEN == ETL_DAMAGE_OPEN, "damage kinds");
_Static_assert(ETW_TRACE_DAMAGE_MAX == ETL_FILE_DAMAGE_MAX, "damages kept");
_Static_assert(sizeof(EVENT_EXTENDED_ITEM_INSTANCE) ==
	       sizeof(struct etl_instance_header) - sizeof(struct etl_full_header),
	       "INSTANCE_INFO is the tail of the INSTANCE header");

static pthread_mutex_t ct_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ct_trace **ct_table;
static u32 ct_cap;
static u32 ct_gen;

/* --- errors -------------------------------------------------------------- */


/*
 * The consumer's errno-to-Win32 mapping (reference 3.3); what it does not
 * decide goes to the library's common table.
 */
ULONG consumer_win32_error(int err, enum ct_what what)
{
	switch (-err) {
	case 0:
		return ERROR_SUCCESS;
	case EPERM:
	case EACCES:
		return ERROR_ACCESS_DENIED;
	case ENOMEM:
		return ERROR_NOT_ENOUGH_MEMORY;
	}
	if (what == CT_OPEN_FILE) {
		switch (-err) {
		case ENOENT:
			return ERROR_FILE_NOT_FOUND;
		case ENOTDIR:
		case ENAMETOOLONG:
		case EISDIR:
		case ELOOP:
		case EINVAL:	/* not a regular file */
			return ERROR_BAD_PATHNAME;
		case EBADMSG:
			return ERROR_FILE_CORRUPT;
		case EOPNOTSUPP:
			return ERROR_NOT_SUPPORTED;	/* compressed buffers */
		}
		return etw_win32_error(err, ETW_API_CONSUMER);
	}
	/* No such session, or it is not a real-time one. */
	if (what == CT_OPEN_SESSION && (err == -ENOENT || err == -EINVAL))
		return ERROR_WMI_INSTANCE_NOT_FOUND;
	return etw_win32_error(err, ETW_API_CONSUMER);
}

/* --- handles ------------------------------------------------------------- */

static int ct_insert(struct ct_trace *t)
{
	u32 i;

	pthread_mutex_lock(&ct_lock);
	for (i = 0; i < ct_cap; i++)
		if (!ct_table[i])
			break;
	if (i == ct_cap) {
		u32 cap = ct_cap ? 2 * ct_cap : 16;
		struct ct_trace **tab = realloc(ct_table, cap * sizeof(*tab));

		if (!tab) {
			pthread_mutex_unlock(&ct_lock);
			return -ENOMEM;
		}
		memset(tab + ct_cap, 0, (cap - ct_cap) * sizeof(*tab));
		ct_table = tab;
		ct_cap = cap;
	}
	/* Never 0, never INVALID_PROCESSTRACE_HANDLE, never reused soon. */
	if (++ct_gen == 0 || ct_gen == 0xFFFFFFFFu)
		ct_gen = 1;
	t->handle = (u64)ct_gen << 32 | (i + 1);
	ct_table[i] = t;
	pthread_mutex_unlock(&ct_lock);
	return 0;
}

/* Context: ct_lock held. */
static struct ct_trace *ct_lookup(u64 h)
{
	u64 slot = (h & 0xFFFFFFFFu) - 1;

	if (!h || h == INVALID_PROCESSTRACE_HANDLE || slot >= ct_cap)
		return NULL;
	if (!ct_table[slot] || ct_table[slot]->handle != h)
		return NULL;
	return ct_table[slot];
}

/* Context: ct_lock held. */
static void ct_remove(struct ct_trace *t)
{
	u64 slot = (t->handle & 0xFFFFFFFFu) - 1;

	if (slot < ct_cap && ct_table[slot] == t)
		ct_table[slot] = NULL;
}

static void ct_free(struct ct_trace *t)
{
	if (!t)
		return;
	if (t->file)
		etl_file_close(t->file);
	if (t->map)
		munmap(t->map, t->map_len);
	if (t->cfd >= 0)
		close(t->cfd);
	if (t->efd >= 0)
		close(t->efd);
	ct_rt_free_side(t);
	free(t->rt);
	free(t->rt_ring);
	free(t->release);
	free(t->ready);
	free(t->hdr_copy);
	free(t->logger16);
	free(t->file16);
	free(t->logger8);
	free(t->file8);
	free(t);
}

/* --- strings ------------------------------------------------------------- */

static size_t u16len(const WCHAR *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

/* UTF-16 (host order = little-endian) to a new UTF-8 string. */
static char *u16_to_u8(const WCHAR *s)
{
	size_t n = u16len(s), sz = etw_utf16_to_utf8(s, n, NULL, SIZE_MAX) + 1;
	char *out = malloc(sz);

	if (out)
		etw_utf16_to_utf8(s, n, out, sz);
	return out;
}

/* UTF-8 to a new NUL-terminated UTF-16 string; bad bytes become U+FFFD. */
static WCHAR *u8_to_u16(const char *s, size_t *units)
{
	size_t n = strlen(s), bytes = etw_utf8_to_utf16z(s, n, NULL, 0);
	WCHAR *out = malloc(bytes);

	if (!out)
		return NULL;
	etw_utf8_to_utf16z(s, n, out, bytes);
	if (units)
		*units = bytes / sizeof(WCHAR) - 1;
	return out;
}

/* A copy of @units UTF-16LE code units from a buffer, NUL-terminated. */
static WCHAR *u16_dup_le(const u8 *s, u32 units)
{
	WCHAR *out = malloc(((size_t)units + 1) * sizeof(WCHAR));
	u32 i;

	if (!out)
		return NULL;
	for (i = 0; i < units; i++)
		out[i] = s[2 * i] | s[2 * i + 1] << 8;
	out[units] = 0;
	return out;
}

static bool ascii_ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? *a + 32 : *a;
		char y = *b >= 'A' && *b <= 'Z' ? *b + 32 : *b;

		if (x != y)
			return false;
	}
	return *a == *b;
}

/* --- OpenTrace ----------------------------------------------------------- */

/*
 * The header event's UserData: TRACE_LOGFILE_HEADER (x64 form) followed
 * by the logger and log file names as NUL-terminated UTF-16.
 */
static int ct_build_header_blob(struct ct_trace *t,
				const struct etl_logfile_header *h,
				const WCHAR *logger, const WCHAR *file)
{
	size_t ln = logger ? u16len(logger) : 0, fn = file ? u16len(file) : 0;
	size_t len = sizeof(*h) + 2 * (ln + 1) + 2 * (fn + 1);
	u8 *p;

	if (len > 0xFFFF - sizeof(struct etl_system_header))
		len = 0xFFFF - sizeof(struct etl_system_header);
	p = calloc(1, len);
	if (!p)
		return -ENOMEM;
	memcpy(p, h, sizeof(*h));
	if (ln)
		memcpy(p + sizeof(*h), logger,
		       2 * ln < len - sizeof(*h) ? 2 * ln : len - sizeof(*h));
	if (fn && sizeof(*h) + 2 * (ln + 1) + 2 * fn <= len)
		memcpy(p + sizeof(*h) + 2 * (ln + 1), file, 2 * fn);
	t->hdr_copy = p;
	t->hdr_data = p;
	t->hdr_len = len;
	t->hdr_size = sizeof(struct etl_system_header) + len;
	return 0;
}

/* Why this thread's last OpenTrace of a file failed (etw_trace_open_error). */
static __thread struct etl_file_error ct_open_err;

static int ct_open_file(struct ct_trace *t, const char *path)
{
	const struct etl_logfile_info *lf;
	const struct etl_record *hr;
	const struct etl_clock *clk;
	struct etl_file_buffer b0;
	int rc;

	rc = etl_file_open(path, &t->file, &ct_open_err);
	if (rc < 0)
		return rc;
	lf = etl_file_logfile(t->file);
	hr = etl_file_header_record(t->file);
	clk = etl_file_clock(t->file);
	if (clk) {
		t->clock = *clk;
		t->clock_ok = true;
	}
	/* The names as the file recorded them (the caller's path stays ours). */
	t->logger16 = u16_dup_le(lf->logger_name, lf->logger_name_len);
	t->file16 = u16_dup_le(lf->log_file_name, lf->log_file_name_len);
	if (!t->logger16 || !t->file16)
		return -ENOMEM;
	t->logger8 = u16_to_u8(t->logger16);
	if (!t->logger8)
		return -ENOMEM;

	/* Buffer 0 gives the CPU and LoggerId of the header event. */
	etl_file_rewind(t->file);
	if (etl_file_next_buffer(t->file, &b0) > 0) {
		t->hdr_cpu = b0.info.cpu;
		t->logger_id = b0.info.logger_id;
	}
	etl_file_rewind(t->file);

	t->hdr_raw = lf->raw_time;
	t->hdr_tid = lf->thread_id;
	t->hdr_pid = lf->process_id;
	t->hdr_version = hr->system.event_version;
	/* Seed 001, rule 6: the file's own header bytes when they are the
	 * x64 form with both names; a rebuilt copy otherwise.
	 */
	if (lf->pointer_width == 8 && !lf->names) {
		t->hdr_data = hr->payload;
		t->hdr_len = hr->payload_len;
		t->hdr_size = hr->size;
		return 0;
	}
	return ct_build_header_blob(t, &lf->hdr, t->logger16, t->file16);
}

/* TIME_ZONE_INFORMATION of the local zone: bias and names only. */
static void ct_time_zone(u8 tz[172])
{
	TIME_ZONE_INFORMATION z;
	struct tm tm;
	time_t now = time(NULL);
	int i, j;

	memset(&z, 0, sizeof(z));
	memset(&tm, 0, sizeof(tm));
	tzset();
	if (localtime_r(&now, &tm))
		z.Bias = (LONG)(-tm.tm_gmtoff / 60);
	for (j = 0; j < 2; j++) {
		const char *n = tzname[j] ? tzname[j] : "";
		WCHAR *dst = j ? z.DaylightName : z.StandardName;

		for (i = 0; i < 31 && n[i]; i++)
			dst[i] = (unsigned char)n[i];
	}
	if (tm.tm_isdst > 0) {
		/* Bias is standard time's; today's offset includes DST. */
		z.DaylightBias = -60;
		z.Bias += 60;
	}
	memcpy(tz, &z, sizeof(z));
}

/*
 * A real-time session has no buffer 0: synthesize its header (etl-format
 * 6) with the file writer's filler, and the whole time zone.
 */
static void ct_rt_header(struct etl_logfile_header *h,
			 const struct etw_session_info *si, u32 buffer_size)
{
	u32 ncpu = get_nprocs_conf();
	struct etl_logfile_params p = {
		.buffer_size = buffer_size,
		.nr_processors = si->nr_streams > ncpu ? si->nr_streams : ncpu,
		.max_file_size = si->max_file_size,
		.log_file_mode = si->log_file_mode,
		.buffers_written = si->buffers_written,
		.events_lost = si->events_lost,
		.buffers_lost = si->real_time_buffers_lost,
		.cpu_mhz = si->cpu_speed_mhz,
		.boot_time = si->boot_time,
		.perf_freq = si->perf_freq,
		.start_time = si->start_time,
		.clock_type = si->clock_type,
	};

	etl_logfile_header_fill(h, &p);
	ct_time_zone(h->time_zone);
}

/*
 * The session's own spelling of its name and its log file, if it has one
 * (real time together with a file), for LogfileHeader and the header
 * event.  Best effort: the caller's name and no file otherwise.
 */
static void ct_session_names(struct ct_trace *t, int fd,
			     const struct etw_session_info *si)
{
	struct etw_session_control q;
	char *name = calloc(1, si->name_len + 1);
	char *file = calloc(1, si->log_file_len + 1);
	WCHAR *w;

	memset(&q, 0, sizeof(q));
	q.handle = si->handle;
	q.code = ETW_CONTROL_QUERY;
	q.name_buf = (uintptr_t)name;
	q.name_buf_size = si->name_len + 1;
	q.log_file_buf = (uintptr_t)file;
	q.log_file_buf_size = si->log_file_len + 1;
	if (name && file && !ioctl(fd, ETW_IOC_SESSION_CONTROL, &q)) {
		if (name[0] && (w = u8_to_u16(name, NULL))) {
			free(t->logger16);
			t->logger16 = w;
		}
		if (file[0])
			t->file16 = u8_to_u16(file, NULL);
	}
	free(name);
	free(file);
}

static int ct_open_session(struct ct_trace *t, const char *name,
			   struct etl_logfile_header *h)
{
	struct etw_consumer_open o;
	struct etw_session_info si;
	u32 i;
	int fd, rc;

	fd = etw_dev_fd();
	if (fd < 0)
		return fd;
	memset(&o, 0, sizeof(o));
	memset(&si, 0, sizeof(si));
	o.name = (uintptr_t)name;
	o.name_len = strlen(name);
	o.info = (uintptr_t)&si;
	o.info_size = sizeof(si);
	if (ioctl(fd, ETW_IOC_CONSUMER_OPEN, &o) < 0)
		return -errno;
	t->cfd = o.fd;
	t->buffer_size = o.buffer_size;
	t->nr_buffers = o.nr_buffers;
	t->flags_out = o.flags_out;
	t->attach_time = o.attach_time;
	if (!t->nr_buffers || t->buffer_size < ETL_BUFFER_HEADER_SIZE)
		return -EPROTO;
	t->map_len = (size_t)t->nr_buffers * t->buffer_size;
	t->map = mmap(NULL, t->map_len, PROT_READ, MAP_SHARED, t->cfd, 0);
	if (t->map == MAP_FAILED) {
		t->map = NULL;
		return -errno;
	}
	t->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (t->efd < 0)
		return -errno;

	t->rt_n = si.nr_streams ? si.nr_streams : 1;
	t->rt = calloc(t->rt_n, sizeof(*t->rt));
	t->rt_ring = calloc((size_t)t->rt_n * t->nr_buffers, sizeof(*t->rt_ring));
	t->release = calloc(t->nr_buffers, sizeof(u32));
	t->ready = calloc(t->nr_buffers, sizeof(u32));
	if (!t->rt || !t->rt_ring || !t->release || !t->ready)
		return -ENOMEM;
	for (i = 0; i < t->rt_n; i++) {
		t->rt[i].t = t;
		t->rt[i].bufs = t->rt_ring + (size_t)i * t->nr_buffers;
		t->rt[i].cap = t->nr_buffers;
		t->rt[i].order = i;
		t->rt[i].heap_pos = -1;
		t->rt[i].cpu = (u16)i;
	}

	ct_rt_header(h, &si, t->buffer_size);
	rc = etl_clock_init(&t->clock, si.clock_type, si.perf_freq,
			    si.cpu_speed_mhz, si.start_time, si.start_raw);
	t->clock_ok = !rc;
	t->hdr_raw = si.start_raw;
	/* The header event comes from the thread that started the session. */
	t->hdr_pid = si.owner_pid;
	t->hdr_tid = si.owner_tid;
	t->hdr_version = ETL_SYSTEM_TRACE_VERSION;
	t->logger_id = si.logger_id;
	ct_session_names(t, fd, &si);
	if (!t->file16)
		t->file16 = u8_to_u16("", NULL);
	if (!t->file16)
		return -ENOMEM;
	return ct_build_header_blob(t, h, t->logger16, t->file16);
}

/*
 * OpenTrace{A,W}: @lf is the caller's struct (A or W; same layout),
 * @logger/@file the names in UTF-8.
 */
static PROCESSTRACE_HANDLE ct_open(void *user, bool ansi, const char *logger,
				   const char *file)
{
	EVENT_TRACE_LOGFILEW *ul = user;
	struct etl_logfile_header h;
	struct ct_trace *t;
	ULONG err;
	int rc;

	t = calloc(1, sizeof(*t));
	if (!t) {
		SetLastError(ERROR_NOT_ENOUGH_MEMORY);
		return INVALID_PROCESSTRACE_HANDLE;
	}
	t->cfd = -1;
	t->efd = -1;
	t->ansi = ansi;
	memcpy(&t->lf, user, sizeof(t->lf));
	t->mode = ul->ProcessTraceMode;

	if (file) {
		memset(&ct_open_err, 0, sizeof(ct_open_err));
		t->kind = CT_FILE;
		t->file8 = strdup(file);
		rc = t->file8 ? ct_open_file(t, file) : -ENOMEM;
		err = consumer_win32_error(rc, CT_OPEN_FILE);
		if (!rc) {
			memcpy(&h, &etl_file_logfile(t->file)->hdr, sizeof(h));
			/* Our path, as given (reference 3.2), UTF-16 too. */
			free(t->file16);
			t->file16 = u8_to_u16(file, NULL);
			if (!t->file16) {
				rc = -ENOMEM;
				err = ERROR_NOT_ENOUGH_MEMORY;
			}
		}
	} else {
		t->kind = CT_REALTIME;
		t->logger8 = strdup(logger);
		t->logger16 = t->logger8 ? u8_to_u16(logger, NULL) : NULL;
		rc = t->logger16 ? ct_open_session(t, logger, &h) : -ENOMEM;
		err = consumer_win32_error(rc, CT_OPEN_SESSION);
		/* No /dev/etw: no session can exist. */
		if (rc == -ENOENT && etw_dev_fd() < 0)
			err = etw_win32_error(rc, ETW_API_DEVICE);
	}
	if (!rc)
		rc = ct_insert(t);
	if (rc) {
		ct_free(t);
		SetLastError(err ? err : ERROR_NOT_ENOUGH_MEMORY);
		return INVALID_PROCESSTRACE_HANDLE;
	}

	/* The output fields (reference 3.2), in our copy and the caller's. */
	memcpy(&t->lf.w.LogfileHeader, &h, sizeof(h));
	t->lf.w.LogfileHeader.LoggerName = t->logger16;
	t->lf.w.LogfileHeader.LogFileName = t->file16;
	t->lf.w.CurrentTime = 0;
	t->lf.w.BuffersRead = 0;
	memset(&t->lf.w.CurrentEvent, 0, sizeof(t->lf.w.CurrentEvent));
	t->lf.w.BufferSize = h.buffer_size;
	t->lf.w.Filled = 0;
	t->lf.w.EventsLost = h.events_lost;
	t->lf.w.IsKernelTrace = (t->logger8 &&
				 ascii_ieq(t->logger8, KERNEL_LOGGER_NAMEA)) ||
				(h.log_file_mode & EVENT_TRACE_SYSTEM_LOGGER_MODE);
	if (ansi) {
		t->lf.a.LogFileName = t->kind == CT_FILE ? t->file8 : NULL;
		t->lf.a.LoggerName = t->kind == CT_REALTIME ? t->logger8 : NULL;
	} else {
		t->lf.w.LogFileName = t->kind == CT_FILE ? t->file16 : NULL;
		t->lf.w.LoggerName = t->kind == CT_REALTIME ? t->logger16 : NULL;
	}
	ul->CurrentTime = 0;
	ul->BuffersRead = 0;
	memset(&ul->CurrentEvent, 0, sizeof(ul->CurrentEvent));
	memcpy(&ul->LogfileHeader, &t->lf.w.LogfileHeader, sizeof(h));
	ul->BufferSize = t->lf.w.BufferSize;
	ul->Filled = 0;
	ul->EventsLost = t->lf.w.EventsLost;
	ul->IsKernelTrace = t->lf.w.IsKernelTrace;
	SetLastError(ERROR_SUCCESS);
	return t->handle;
}

/* The checks common to A and W (reference 3.3). */
static ULONG ct_open_check(const void *lf, bool has_file, bool has_logger,
			   ULONG mode)
{
	if (!lf || has_file == has_logger)
		return ERROR_INVALID_PARAMETER;
	/* Real time needs LoggerName plus the mode; a file must not ask for it. */
	if (has_logger != !!(mode & PROCESS_TRACE_MODE_REAL_TIME))
		return ERROR_INVALID_PARAMETER;
	return ERROR_SUCCESS;
}

ETW_EXPORT PROCESSTRACE_HANDLE WMIAPI OpenTraceW(PEVENT_TRACE_LOGFILEW Logfile)
{
	PROCESSTRACE_HANDLE h;
	char *logger = NULL, *file = NULL;
	ULONG err;

	err = Logfile ? ct_open_check(Logfile, Logfile->LogFileName,
				      Logfile->LoggerName,
				      Logfile->ProcessTraceMode) :
			ERROR_INVALID_PARAMETER;
	if (err) {
		SetLastError(err);
		return INVALID_PROCESSTRACE_HANDLE;
	}
	if (Logfile->LogFileName) {
		if (!Logfile->LogFileName[0]) {
			SetLastError(ERROR_BAD_PATHNAME);
			return INVALID_PROCESSTRACE_HANDLE;
		}
		file = u16_to_u8(Logfile->LogFileName);
	} else {
		if (!Logfile->LoggerName[0]) {
			SetLastError(ERROR_INVALID_PARAMETER);
			return INVALID_PROCESSTRACE_HANDLE;
		}
		logger = u16_to_u8(Logfile->LoggerName);
	}
	if (!file && !logger) {
		SetLastError(ERROR_NOT_ENOUGH_MEMORY);
		return INVALID_PROCESSTRACE_HANDLE;
	}
	h = ct_open(Logfile, false, logger, file);
	free(logger);
	free(file);
	return h;
}

ETW_EXPORT PROCESSTRACE_HANDLE WMIAPI OpenTraceA(PEVENT_TRACE_LOGFILEA Logfile)
{
	ULONG err;

	err = Logfile ? ct_open_check(Logfile, Logfile->LogFileName,
				      Logfile->LoggerName,
				      Logfile->ProcessTraceMode) :
			ERROR_INVALID_PARAMETER;
	if (!err && Logfile->LogFileName && !Logfile->LogFileName[0])
		err = ERROR_BAD_PATHNAME;
	if (!err && Logfile->LoggerName && !Logfile->LoggerName[0])
		err = ERROR_INVALID_PARAMETER;
	if (err) {
		SetLastError(err);
		return INVALID_PROCESSTRACE_HANDLE;
	}
	return ct_open(Logfile, true, Logfile->LoggerName, Logfile->LogFileName);
}

/* --- ProcessTrace and CloseTrace ----------------------------------------- */

static u64 ct_ft(const FILETIME *f)
{
	return (u64)f->dwHighDateTime << 32 | f->dwLowDateTime;
}

static void ct_proc_free(struct ct_proc *p)
{
	u32 i;

	for (i = 0; i < CT_MAX_FILES; i++)
		free(p->fbufs[i]);
	for (i = 0; i < p->nstreams; i++)
		free(p->streams[i].scratch);
	for (i = 0; i < p->nsplit; i++) {
		free(p->split[i]->scratch);
		free(p->split[i]);
	}
	free(p->split);
	free(p->streams);
	free(p->heap);
	free(p->ext);
}

/* A real-time handle keeps its streams: forget the heap positions. */
static void ct_rt_unheap(struct ct_trace *t)
{
	u32 i;

	for (i = 0; t->rt && i < t->rt_n; i++)
		t->rt[i].heap_pos = -1;
	for (i = 0; i < t->nside; i++)
		t->side[i]->heap_pos = -1;
}

ETW_EXPORT ULONG WMIAPI ProcessTrace(PROCESSTRACE_HANDLE *HandleArray,
				     ULONG HandleCount, LPFILETIME StartTime,
				     LPFILETIME EndTime)
{
	struct ct_proc p;
	ULONG status = ERROR_SUCCESS;
	u32 i, j, nrt = 0;

	if (!HandleCount || HandleCount > CT_MAX_FILES)
		return ERROR_BAD_LENGTH;
	if (!HandleArray)
		return ERROR_INVALID_PARAMETER;
	if (StartTime && EndTime && ct_ft(EndTime) < ct_ft(StartTime))
		return ERROR_INVALID_TIME;

	memset(&p, 0, sizeof(p));
	pthread_mutex_lock(&ct_lock);
	for (i = 0; i < HandleCount; i++) {
		struct ct_trace *t = ct_lookup(HandleArray[i]);

		if (!t) {
			status = ERROR_INVALID_HANDLE;
			break;
		}
		for (j = 0; j < i; j++)
			if (p.t[j] == t)
				status = ERROR_INVALID_PARAMETER;
		if (t->kind == CT_REALTIME)
			nrt++;
		p.t[i] = t;
	}
	/* Exactly one real-time handle, or only files (reference 3.3). */
	if (!status && nrt && (nrt > 1 || HandleCount > 1))
		status = ERROR_INVALID_PARAMETER;
	for (i = 0; !status && i < HandleCount; i++)
		if (p.t[i]->busy)
			status = ERROR_BUSY;
	if (!status)
		for (i = 0; i < HandleCount; i++)
			p.t[i]->busy = true;
	pthread_mutex_unlock(&ct_lock);
	if (status)
		return status;

	p.nt = HandleCount;
	p.realtime = nrt == 1;
	if (StartTime) {
		p.has_start = true;
		p.start = ct_ft(StartTime);
	}
	if (EndTime) {
		p.has_end = true;
		p.end = ct_ft(EndTime);
	}
	for (i = 0; i < p.nt; i++)
		p.t[i]->have_last = false;
	if (p.realtime)
		ct_process_rt(&p);
	else
		ct_process_files(&p);
	if (p.t[0]->kind == CT_REALTIME)
		ct_rt_unheap(p.t[0]);
	status = p.status;
	ct_proc_free(&p);

	/* Handles closed meanwhile die now; the others are free again. */
	pthread_mutex_lock(&ct_lock);
	for (i = 0; i < p.nt; i++) {
		struct ct_trace *t = p.t[i];

		t->busy = false;
		if (ct_closing(t))
			ct_free(t);
	}
	pthread_mutex_unlock(&ct_lock);
	return status;
}

/* --- what was skipped (libetw.h) ------------------------------------------- */

static void ct_damage_out(const struct etl_file_error *e, struct etw_trace_damage *d)
{
	memset(d, 0, sizeof(*d));
	d->kind = e->kind;
	d->error = e->code;
	d->buffer = e->buffer;
	d->file_offset = e->file_offset;
	d->bytes = e->bytes;
	snprintf(d->reason, sizeof(d->reason), "%s", e->msg);
}

ETW_EXPORT int etw_trace_damage_totals(__u64 handle, struct etw_trace_damage_totals *out)
{
	const struct etl_file_damage_totals *s;
	struct ct_trace *t;

	if (!out)
		return -EINVAL;
	pthread_mutex_lock(&ct_lock);
	t = ct_lookup(handle);
	if (!t || t->kind != CT_FILE || !t->file) {
		pthread_mutex_unlock(&ct_lock);
		return -EBADF;
	}
	s = etl_file_damage_totals(t->file);
	memset(out, 0, sizeof(*out));
	out->damages = s->damages;
	out->records = s->records;
	out->tails = s->tails;
	out->buffers = s->buffers;
	out->duplicates = s->duplicates;
	out->bytes = s->bytes;
	pthread_mutex_unlock(&ct_lock);
	return 0;
}

ETW_EXPORT int etw_trace_damage(__u64 handle, unsigned int index,
				struct etw_trace_damage *d)
{
	const struct etl_file_error *e;
	struct ct_trace *t;
	int rc = 0;

	if (!d)
		return -EINVAL;
	pthread_mutex_lock(&ct_lock);
	t = ct_lookup(handle);
	if (!t || t->kind != CT_FILE || !t->file) {
		rc = -EBADF;
	} else {
		e = etl_file_damage(t->file, index);
		if (e)
			ct_damage_out(e, d);
		else
			rc = -ENOENT;
	}
	pthread_mutex_unlock(&ct_lock);
	return rc;
}

ETW_EXPORT int etw_trace_open_error(struct etw_trace_damage *d)
{
	if (!d)
		return -EINVAL;
	if (!ct_open_err.code)
		return -ENOENT;
	ct_damage_out(&ct_open_err, d);
	return 0;
}

ETW_EXPORT const char *etw_damage_kind_name(unsigned int kind)
{
	return etl_damage_kind_name(kind);
}

ETW_EXPORT ULONG WMIAPI CloseTrace(PROCESSTRACE_HANDLE TraceHandle)
{
	struct ct_trace *t;
	u64 one = 1;

	pthread_mutex_lock(&ct_lock);
	t = ct_lookup(TraceHandle);
	if (!t) {
		pthread_mutex_unlock(&ct_lock);
		return ERROR_INVALID_HANDLE;
	}
	ct_remove(t);
	if (t->busy) {
		/* ProcessTrace drains and returns; it frees the handle. */
		__atomic_store_n(&t->closing, 1, __ATOMIC_RELEASE);
		if (t->efd >= 0 && write(t->efd, &one, sizeof(one)) < 0)
			one = 0;	/* the counter cannot overflow here */
		pthread_mutex_unlock(&ct_lock);
		return ERROR_CTX_CLOSE_PENDING;
	}
	pthread_mutex_unlock(&ct_lock);
	ct_free(t);
	return ERROR_SUCCESS;
}
