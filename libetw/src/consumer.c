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
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>

#include "libetw.h"
#include "internal.h"
#include "etl_file.h"

/* The layouts we hand out are the raw ones we read (reference 3.4, 3.6). */
_Static_assert(sizeof(EVENT_HEADER) == sizeof(struct etl_event_header),
	       "EVENT_HEADER is the in-buffer event header");
_Static_assert(sizeof(TRACE_LOGFILE_HEADER) == ETL_LOGFILE_HEADER_SIZE,
	       "TRACE_LOGFILE_HEADER is the 64-bit on-disk form");
_Static_assert(offsetof(TRACE_LOGFILE_HEADER, BootTime) ==
	       offsetof(struct etl_logfile_header, boot_time), "BootTime");
_Static_assert(sizeof(EVENT_TRACE_LOGFILEW) == sizeof(EVENT_TRACE_LOGFILEA),
	       "A and W logfile structs share a layout");
_Static_assert(sizeof(EVENT_EXTENDED_ITEM_INSTANCE) ==
	       sizeof(struct etl_instance_header) - sizeof(struct etl_full_header),
	       "INSTANCE_INFO is the tail of the INSTANCE header");

#define CT_MAX_FILES		64
#define CT_TIMER_RESOLUTION	156250		/* 100-ns units, reference 3.6 */
#define CT_PROVIDER_VERSION	19041		/* a Windows 10 build (etl-format 6) */
#define CT_POLL_MS		50		/* re-ask for the watermark */

enum ct_kind {
	CT_FILE,
	CT_REALTIME,
};

/* One buffer of a stream. */
struct ct_buf {
	const u8 *data;
	struct etl_buffer_info info;
	u32 limit;		/* records end here (files: before any damage) */
	u32 index;		/* real time: index in the mapping */
	bool skip_first;	/* file buffer 0: its header record is synthetic */
};

/* A stream of buffers whose records are in time order. */
struct ct_stream {
	struct ct_trace *t;
	struct ct_buf *bufs;	/* ring (real time) or slice (files) */
	u32 cap, head, count;
	struct ct_buf cur;
	bool have_cur;
	struct etl_record_iter it;
	struct etl_record rec;	/* the next record, when queued in the heap */
	u64 key_ft;		/* its FILETIME (raw time if no clock) */
	u64 key_raw;
	u64 last_raw;		/* for records without a time (MESSAGE) */
	u32 order;		/* tie breaker */
	int heap_pos;		/* -1: not in the heap */
};

/* What OpenTrace returned a handle to. */
struct ct_trace {
	u64 handle;
	enum ct_kind kind;
	bool ansi;		/* OpenTraceA: callbacks get the A struct */
	bool busy;		/* ProcessTrace runs on it (ct_lock) */
	int closing;		/* CloseTrace while busy (atomic) */
	bool ended;		/* real time: the session stopped, all delivered */
	u32 mode;		/* ProcessTraceMode */
	union {			/* our copy: what BufferCallback sees */
		EVENT_TRACE_LOGFILEW w;
		EVENT_TRACE_LOGFILEA a;
	} lf;
	WCHAR *logger16, *file16;	/* names, UTF-16, NUL-terminated */
	char *logger8, *file8;		/* names, UTF-8 */
	struct etl_clock clock;
	bool clock_ok;

	/* The synthetic header event (seed 001, rules 5-6). */
	const u8 *hdr_data;	/* TRACE_LOGFILE_HEADER + names */
	u32 hdr_len;
	u8 *hdr_copy;		/* when hdr_data had to be built */
	u64 hdr_raw;
	u32 hdr_tid, hdr_pid;
	u16 hdr_size;
	u8 hdr_version;
	u16 hdr_cpu, logger_id;

	/* The last EVENT_RECORD built, for CurrentEvent. */
	EVENT_RECORD last;
	bool have_last;

	/* Files. */
	struct etl_file *file;

	/* Real time. */
	int cfd, efd;
	u8 *map;
	size_t map_len;
	u32 nr_buffers, buffer_size;
	u32 flags_out;
	u64 attach_time;
	struct ct_stream *rt;	/* rt_n streams */
	u32 rt_n;
	struct ct_buf *rt_ring;	/* rt_n * nr_buffers */
	u32 *release, nrelease;
	u32 *ready;
	u32 held;		/* buffers fetched and not yet released */
	u64 watermark;
	bool stopped;
};

/* One ProcessTrace call. */
struct ct_proc {
	struct ct_trace *t[CT_MAX_FILES];
	u32 nt;
	bool realtime;
	struct ct_stream *streams;	/* files */
	u32 nstreams;
	struct ct_buf *fbufs[CT_MAX_FILES];
	struct ct_stream **heap;
	u32 nheap, heap_cap;
	bool has_start, has_end;
	u64 start, end;
	EVENT_HEADER_EXTENDED_DATA_ITEM *ext;
	u32 ext_cap;
	ULONG status;		/* first error to report */
	bool stop;		/* cancelled, closed or failed */
};

static pthread_mutex_t ct_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ct_trace **ct_table;
static u32 ct_cap;
static u32 ct_gen;

/* --- errors -------------------------------------------------------------- */

enum ct_what {
	CT_OPEN_FILE,		/* opening or reading a .etl file */
	CT_OPEN_SESSION,	/* attaching to a real-time session */
	CT_READ_SESSION,	/* fetching buffers of a session */
};

/*
 * The consumer's errno-to-Win32 mapping (reference 3.3); what it does not
 * decide goes to the library's common table.
 */
static ULONG consumer_win32_error(int err, enum ct_what what)
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
	size_t n = u16len(s), sz = 3 * n + 1;
	char *out = malloc(sz);

	if (out)
		etl_utf16le_to_utf8((const u8 *)s, n, out, sz);
	return out;
}

/* UTF-8 to a new NUL-terminated UTF-16 string; bad bytes become U+FFFD. */
static WCHAR *u8_to_u16(const char *s, size_t *units)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), o = 0;
	WCHAR *out = malloc((n + 1) * sizeof(WCHAR));

	if (!out)
		return NULL;
	while (*p) {
		u32 c = *p, need, i;

		if (c < 0x80) {
			need = 0;
		} else if ((c & 0xE0) == 0xC0) {
			need = 1;
			c &= 0x1F;
		} else if ((c & 0xF0) == 0xE0) {
			need = 2;
			c &= 0x0F;
		} else if ((c & 0xF8) == 0xF0) {
			need = 3;
			c &= 0x07;
		} else {
			out[o++] = 0xFFFD;
			p++;
			continue;
		}
		for (i = 1; i <= need; i++)
			if ((p[i] & 0xC0) != 0x80)
				break;
		if (i <= need) {
			out[o++] = 0xFFFD;
			p += i;
			continue;
		}
		for (i = 1; i <= need; i++)
			c = c << 6 | (p[i] & 0x3F);
		p += need + 1;
		if (c >= 0x10000 && c < 0x110000) {
			c -= 0x10000;
			out[o++] = 0xD800 | (c >> 10);
			out[o++] = 0xDC00 | (c & 0x3FF);
		} else if (c >= 0xD800 && c < 0xE000) {
			out[o++] = 0xFFFD;
		} else {
			out[o++] = c < 0x110000 ? c : 0xFFFD;
		}
	}
	out[o] = 0;
	if (units)
		*units = o;
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

static int ct_open_file(struct ct_trace *t, const char *path)
{
	const struct etl_logfile_info *lf;
	const struct etl_record *hr;
	const struct etl_clock *clk;
	struct etl_file_buffer b0;
	int rc;

	rc = etl_file_open(path, &t->file, NULL);
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

/* A real-time session has no buffer 0: synthesize its header (etl-format 6). */
static void ct_rt_header(struct etl_logfile_header *h,
			 const struct etw_session_info *si, u32 buffer_size)
{
	u32 ncpu = get_nprocs_conf();

	memset(h, 0, sizeof(*h));
	h->buffer_size = buffer_size;
	h->version[0] = 10;
	h->version[1] = 0;
	h->version[2] = 1;
	h->version[3] = 5;
	h->provider_version = CT_PROVIDER_VERSION;
	h->number_of_processors = si->nr_streams > ncpu ? si->nr_streams : ncpu;
	h->timer_resolution = CT_TIMER_RESOLUTION;
	h->maximum_file_size = si->max_file_size;
	h->log_file_mode = si->log_file_mode;
	h->buffers_written = si->buffers_written;
	h->start_buffers = 1;
	h->pointer_size = 8;
	h->events_lost = si->events_lost;
	h->cpu_speed_mhz = si->cpu_speed_mhz;
	ct_time_zone(h->time_zone);
	h->boot_time = si->boot_time;
	h->perf_freq = si->perf_freq;
	h->start_time = si->start_time;
	h->reserved_flags = si->clock_type;
	h->buffers_lost = si->real_time_buffers_lost;
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
	}

	ct_rt_header(h, &si, t->buffer_size);
	rc = etl_clock_init(&t->clock, si.clock_type, si.perf_freq,
			    si.cpu_speed_mhz, si.start_time, si.start_raw);
	t->clock_ok = !rc;
	t->hdr_raw = si.start_raw;
	t->hdr_version = ETL_SYSTEM_TRACE_VERSION;
	t->logger_id = si.logger_id;
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

/* --- kernel event groups ------------------------------------------------- */

/*
 * ProviderId of SYSTEM/COMPACT/PERFINFO records: the GUID of the kernel
 * event group (HookId >> 8; ntwmi.h EVENT_TRACE_GROUP_*).  Groups without
 * a GUID we could confirm get the placeholder 000000GG-0000-0000-0000-
 * 000000000000 (GG = the group number), which is no Windows GUID.
 */
static const struct {
	u8 group;
	GUID guid;
} ct_groups[] = {
	{ 0x00, { 0x68fdd900, 0x4a3e, 0x11d1, { 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 } } },
	{ 0x01, { 0x3d6fa8d4, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } } },
	{ 0x02, { 0x3d6fa8d3, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } } },
	{ 0x03, { 0x3d6fa8d0, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } } },
	{ 0x04, { 0x90cbdc39, 0x4a3e, 0x11d1, { 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 } } },
	{ 0x05, { 0x3d6fa8d1, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } } },
	{ 0x06, { 0x9a280ac0, 0xc8e0, 0x11d1, { 0x84, 0xe2, 0x00, 0xc0, 0x4f, 0xb9, 0x98, 0xa2 } } },
	{ 0x08, { 0xbf3a50c5, 0xa9c9, 0x4988, { 0xa0, 0x05, 0x2d, 0xf0, 0xb7, 0xc8, 0x0f, 0x80 } } },
	{ 0x09, { 0xae53722e, 0xc863, 0x11d2, { 0x86, 0x59, 0x00, 0xc0, 0x4f, 0xa3, 0x21, 0xa1 } } },
	{ 0x0B, { 0x01853a65, 0x418f, 0x4f36, { 0xae, 0xfc, 0xdc, 0x0f, 0x1d, 0x2f, 0xd2, 0x35 } } },
	{ 0x0F, { 0xce1dbfb4, 0x137e, 0x4da6, { 0x87, 0xb0, 0x3f, 0x59, 0xaa, 0x10, 0x2c, 0xbc } } },
	{ 0x14, { 0x2cb15d1d, 0x5fc1, 0x11d2, { 0xab, 0xe1, 0x00, 0xa0, 0xc9, 0x11, 0xf5, 0x18 } } },
	{ 0x1A, { 0x45d8cccd, 0x539f, 0x4b72, { 0xa8, 0xb7, 0x5c, 0x68, 0x31, 0x42, 0x60, 0x9a } } },
	{ 0x1B, { 0xd837ca92, 0x12b9, 0x44a5, { 0xad, 0x6a, 0x3a, 0x65, 0xb3, 0x57, 0x8a, 0xa8 } } },
};

static void ct_group_guid(u8 group, GUID *g)
{
	size_t i;

	for (i = 0; i < sizeof(ct_groups) / sizeof(ct_groups[0]); i++) {
		if (ct_groups[i].group == group) {
			*g = ct_groups[i].guid;
			return;
		}
	}
	memset(g, 0, sizeof(*g));
	g->Data1 = group;
}

/* --- building what the callbacks get ------------------------------------- */

static bool ct_ext_room(struct ct_proc *p, u32 n)
{
	EVENT_HEADER_EXTENDED_DATA_ITEM *x;
	u32 cap;

	if (n <= p->ext_cap)
		return true;
	cap = n < 16 ? 16 : n;
	x = realloc(p->ext, cap * sizeof(*x));
	if (!x)
		return false;
	p->ext = x;
	p->ext_cap = cap;
	return true;
}

static void ct_ext_set(EVENT_HEADER_EXTENDED_DATA_ITEM *x, u16 type,
		       const void *data, u16 size, bool more)
{
	memset(x, 0, sizeof(*x));
	x->ExtType = type;
	x->Linkage = more;
	x->DataSize = size;
	x->DataPtr = (ULONGLONG)(uintptr_t)data;
}

/* The width and CPU flags every record we deliver carries. */
static u16 ct_width_flag(u8 pointer_size)
{
	if (pointer_size == 4)
		return EVENT_HEADER_FLAG_32_BIT_HEADER;
	return EVENT_HEADER_FLAG_64_BIT_HEADER;
}

/*
 * Fill @er from the record @r (timestamp @ts already chosen).  Returns
 * false for records that are no events (ERROR).
 */
static bool ct_build(struct ct_proc *p, const struct ct_buf *b,
		     const struct etl_record *r, u64 ts, EVENT_RECORD *er)
{
	EVENT_HEADER *eh = &er->EventHeader;
	u32 n = 0;

	switch (r->family) {
	case ETL_FAM_EVENT: {
		struct etl_ext_iter xi;
		struct etl_ext x;

		/* The in-buffer header is the public one (reference 3.4). */
		memcpy(eh, r->data, sizeof(*eh));
		eh->HeaderType = 0;
		eh->Flags &= ~(EVENT_HEADER_FLAG_32_BIT_HEADER |
			       EVENT_HEADER_FLAG_64_BIT_HEADER);
		eh->Flags |= ct_width_flag(r->pointer_size) |
			     EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		if (r->event.ext_count && ct_ext_room(p, r->event.ext_count)) {
			etl_ext_iter_init(&xi, r);
			while (n < r->event.ext_count && etl_ext_next(&xi, &x) > 0) {
				ct_ext_set(&p->ext[n], x.ext_type, x.data,
					   x.data_size, n + 1 < r->event.ext_count);
				n++;
			}
		}
		break;
	}
	case ETL_FAM_CLASSIC:
		memset(eh, 0, sizeof(*eh));
		eh->Size = r->size;
		eh->Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
			    ct_width_flag(r->pointer_size) |
			    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		eh->ThreadId = r->thread_id;
		eh->ProcessId = r->process_id;
		memcpy(&eh->ProviderId, r->classic.guid, 16);
		eh->EventDescriptor.Opcode = r->classic.type;
		eh->EventDescriptor.Level = r->classic.level;
		eh->EventDescriptor.Version = (UCHAR)r->classic.version;
		eh->KernelTime = r->classic.kernel_time;
		eh->UserTime = r->classic.user_time;
		/* TraceEventInstance: the header's tail is the item's data. */
		if (r->classic.instance && ct_ext_room(p, 1))
			ct_ext_set(&p->ext[n++], EVENT_HEADER_EXT_TYPE_INSTANCE_INFO,
				   r->data + sizeof(struct etl_full_header),
				   sizeof(EVENT_EXTENDED_ITEM_INSTANCE), false);
		break;
	case ETL_FAM_SYSTEM:
		memset(eh, 0, sizeof(*eh));
		eh->Size = r->size;
		eh->Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
			    ct_width_flag(r->pointer_size) |
			    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		eh->ThreadId = r->thread_id;
		eh->ProcessId = r->process_id;
		ct_group_guid(r->system.group, &eh->ProviderId);
		eh->EventDescriptor.Opcode = r->system.type;
		eh->EventDescriptor.Version = r->system.event_version;
		eh->KernelTime = r->system.kernel_time;
		eh->UserTime = r->system.user_time;
		if (r->system.ext && ct_ext_room(p, 2)) {
			const u8 *x = r->system.ext;
			u32 pmc = 8 * r->system.pmc_count;

			if (r->system.pebs) {
				ct_ext_set(&p->ext[n++], EVENT_HEADER_EXT_TYPE_PEBS_INDEX,
					   x, 8, pmc != 0);
				x += 8;
			}
			if (pmc)
				ct_ext_set(&p->ext[n++], EVENT_HEADER_EXT_TYPE_PMC_COUNTERS,
					   x, pmc, false);
		}
		break;
	case ETL_FAM_MESSAGE:
		memset(eh, 0, sizeof(*eh));
		eh->Size = r->size;
		eh->Flags = EVENT_HEADER_FLAG_TRACE_MESSAGE |
			    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		if (r->message.option_flags & ETL_MSG_POINTER32)
			eh->Flags |= EVENT_HEADER_FLAG_32_BIT_HEADER;
		if (r->message.option_flags & ETL_MSG_POINTER64)
			eh->Flags |= EVENT_HEADER_FLAG_64_BIT_HEADER;
		eh->ThreadId = r->thread_id;
		eh->ProcessId = r->process_id;
		if (r->message.option_flags & ETL_MSG_GUID)
			memcpy(&eh->ProviderId, r->message.guid, 16);
		eh->EventDescriptor.Id = r->message.message_number;
		break;
	default:
		return false;	/* ERROR records: a failed logging attempt */
	}
	if (n)
		eh->Flags |= EVENT_HEADER_FLAG_EXTENDED_INFO;
	eh->TimeStamp.QuadPart = (LONGLONG)ts;
	er->BufferContext.ProcessorIndex = b->info.cpu;
	er->BufferContext.LoggerId = b->info.logger_id;
	er->ExtendedDataCount = n;
	er->ExtendedData = n ? p->ext : NULL;
	er->UserDataLength = r->payload_len;
	er->UserData = (PVOID)r->payload;
	return true;
}

/* The classic form of an event (reference 3.7). */
static void ct_to_classic(const EVENT_RECORD *er, EVENT_TRACE *et, bool ext)
{
	const EVENT_HEADER *eh = &er->EventHeader;
	u32 len = sizeof(EVENT_TRACE_HEADER) + er->UserDataLength;
	USHORT i;

	memset(et, 0, sizeof(*et));
	et->Header.Size = len > 0xFFFF ? 0xFFFF : len;
	et->Header.Class.Type = eh->EventDescriptor.Opcode;
	et->Header.Class.Level = eh->EventDescriptor.Level;
	et->Header.Class.Version = eh->EventDescriptor.Version;
	et->Header.ThreadId = eh->ThreadId;
	et->Header.ProcessId = eh->ProcessId;
	et->Header.TimeStamp = eh->TimeStamp;
	et->Header.Guid = eh->ProviderId;
	et->Header.ProcessorTime = eh->ProcessorTime;
	for (i = 0; ext && i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];
		EVENT_EXTENDED_ITEM_INSTANCE inst;

		if (x->ExtType != EVENT_HEADER_EXT_TYPE_INSTANCE_INFO ||
		    x->DataSize < sizeof(inst))
			continue;
		memcpy(&inst, (const void *)(uintptr_t)x->DataPtr, sizeof(inst));
		et->InstanceId = inst.InstanceId;
		et->ParentInstanceId = inst.ParentInstanceId;
		et->ParentGuid = inst.ParentGuid;
	}
	et->MofData = er->UserData;
	et->MofLength = er->UserDataLength;
	et->BufferContext = er->BufferContext;
}

static u64 ct_filetime(const struct ct_trace *t, u64 raw)
{
	return t->clock_ok ? (u64)etl_clock_to_filetime(&t->clock, raw) : raw;
}

static bool ct_closing(const struct ct_trace *t)
{
	return __atomic_load_n(&t->closing, __ATOMIC_ACQUIRE);
}

/* Hand @t->last to the callback the mode asks for (seed 001, rule 3). */
static void ct_call(struct ct_trace *t)
{
	EVENT_TRACE_LOGFILEW *lf = &t->lf.w;

	t->have_last = true;
	t->last.UserContext = lf->Context;	/* seed 001, rule 2 */
	if (t->mode & PROCESS_TRACE_MODE_EVENT_RECORD) {
		if (lf->EventRecordCallback)
			lf->EventRecordCallback(&t->last);
		return;
	}
	ct_to_classic(&t->last, &lf->CurrentEvent, true);
	if (lf->EventCallback)
		lf->EventCallback(&lf->CurrentEvent);
}

/* Seed 001, rules 5-6: the synthetic EventTraceGuid header event. */
static void ct_deliver_header(struct ct_trace *t)
{
	EVENT_RECORD *er = &t->last;
	EVENT_HEADER *eh = &er->EventHeader;
	u64 ft = ct_filetime(t, t->hdr_raw);

	memset(er, 0, sizeof(*er));
	eh->Size = t->hdr_size;
	eh->Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
		    EVENT_HEADER_FLAG_64_BIT_HEADER |
		    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
	eh->ThreadId = t->hdr_tid;
	eh->ProcessId = t->hdr_pid;
	eh->TimeStamp.QuadPart = (LONGLONG)((t->mode & PROCESS_TRACE_MODE_RAW_TIMESTAMP) ?
					    t->hdr_raw : ft);
	eh->ProviderId = EventTraceGuid;
	eh->EventDescriptor.Opcode = EVENT_TRACE_TYPE_INFO;
	eh->EventDescriptor.Version = t->hdr_version;
	er->BufferContext.ProcessorIndex = t->hdr_cpu;
	er->BufferContext.LoggerId = t->logger_id;
	er->UserDataLength = t->hdr_len;
	er->UserData = (PVOID)t->hdr_data;
	t->lf.w.CurrentTime = ft;
	ct_call(t);
}

/* --- the merge ----------------------------------------------------------- */

static bool ct_less(const struct ct_stream *a, const struct ct_stream *b)
{
	if (a->key_ft != b->key_ft)
		return a->key_ft < b->key_ft;
	if (a->key_raw != b->key_raw)
		return a->key_raw < b->key_raw;
	return a->order < b->order;
}

static void ct_heap_set(struct ct_proc *p, u32 i, struct ct_stream *s)
{
	p->heap[i] = s;
	s->heap_pos = i;
}

static void ct_heap_up(struct ct_proc *p, u32 i)
{
	struct ct_stream *s = p->heap[i];

	while (i) {
		u32 up = (i - 1) / 2;

		if (!ct_less(s, p->heap[up]))
			break;
		ct_heap_set(p, i, p->heap[up]);
		i = up;
	}
	ct_heap_set(p, i, s);
}

static void ct_heap_down(struct ct_proc *p, u32 i)
{
	struct ct_stream *s = p->heap[i];

	for (;;) {
		u32 c = 2 * i + 1;

		if (c >= p->nheap)
			break;
		if (c + 1 < p->nheap && ct_less(p->heap[c + 1], p->heap[c]))
			c++;
		if (!ct_less(p->heap[c], s))
			break;
		ct_heap_set(p, i, p->heap[c]);
		i = c;
	}
	ct_heap_set(p, i, s);
}

static bool ct_heap_push(struct ct_proc *p, struct ct_stream *s)
{
	if (p->nheap == p->heap_cap) {
		u32 cap = p->heap_cap ? 2 * p->heap_cap : 16;
		struct ct_stream **h = realloc(p->heap, cap * sizeof(*h));

		if (!h)
			return false;
		p->heap = h;
		p->heap_cap = cap;
	}
	ct_heap_set(p, p->nheap++, s);
	ct_heap_up(p, p->nheap - 1);
	return true;
}

static void ct_heap_pop(struct ct_proc *p)
{
	p->heap[0]->heap_pos = -1;
	if (--p->nheap) {
		ct_heap_set(p, 0, p->heap[p->nheap]);
		ct_heap_down(p, 0);
	}
}

/* After a buffer: counters, BufferCallback (reference 3.3), hand-back. */
static void ct_buffer_done(struct ct_proc *p, struct ct_stream *s)
{
	struct ct_trace *t = s->t;
	EVENT_TRACE_LOGFILEW *lf = &t->lf.w;
	ULONG go;

	if (t->kind == CT_REALTIME) {
		t->release[t->nrelease++] = s->cur.index;
	}
	lf->BuffersRead++;
	lf->BufferSize = s->cur.info.buffer_size;
	lf->Filled = s->cur.info.filled;
	/*
	 * CurrentEvent: the last event in classic form.  Its extended items
	 * may be gone by now, so the instance fields stay 0 here.
	 */
	if (t->have_last && (t->mode & PROCESS_TRACE_MODE_EVENT_RECORD))
		ct_to_classic(&t->last, &lf->CurrentEvent, false);
	if (!lf->BufferCallback)
		return;
	if (t->ansi)
		go = t->lf.a.BufferCallback(&t->lf.a);
	else
		go = lf->BufferCallback(lf);
	if (!go && !p->stop) {
		p->stop = true;
		if (!p->status)
			p->status = ERROR_CANCELLED;
	}
}

/*
 * Load the stream's next record into s->rec and its keys.  Returns true
 * when there is one; false when the stream ran out of buffers (or the
 * processing must stop).
 */
static bool ct_stream_next(struct ct_proc *p, struct ct_stream *s)
{
	struct ct_trace *t = s->t;
	int rc;

	for (;;) {
		if (!s->have_cur) {
			if (!s->count || p->stop)
				return false;
			s->cur = s->bufs[s->head];
			s->head = (s->head + 1) % s->cap;
			s->count--;
			s->have_cur = true;
			etl_record_iter_init(&s->it, s->cur.data, &s->cur.info);
			if (s->cur.limit < s->it.filled)
				s->it.filled = s->cur.limit;
			if (s->cur.skip_first)
				etl_record_next(&s->it, &s->rec);
		}
		rc = etl_record_next(&s->it, &s->rec);
		if (rc > 0) {
			struct etl_record *r = &s->rec;

			if (r->family == ETL_FAM_ERROR)
				continue;
			if (!(r->present & ETL_REC_HAS_TIME))
				r->timestamp = s->last_raw;
			s->last_raw = r->timestamp;
			/* Seed 001, rule 16: a later consumer gets only new events. */
			if (t->kind == CT_REALTIME &&
			    !(t->flags_out & ETW_CONSUMER_F_BACKLOG) &&
			    r->timestamp < t->attach_time)
				continue;
			s->key_raw = r->timestamp;
			s->key_ft = ct_filetime(t, r->timestamp);
			return true;
		}
		/* The end of the buffer (a damaged kernel buffer ends early). */
		s->have_cur = false;
		ct_buffer_done(p, s);
		if (t->kind == CT_REALTIME)
			t->held--;
	}
}

/* Deliver the record at the top of the heap and move its stream on. */
static void ct_deliver_top(struct ct_proc *p)
{
	struct ct_stream *s = p->heap[0];
	struct ct_trace *t = s->t;
	u64 ts;

	if ((!p->has_start || s->key_ft >= p->start) &&
	    (!p->has_end || s->key_ft <= p->end)) {
		ts = (t->mode & PROCESS_TRACE_MODE_RAW_TIMESTAMP) ? s->key_raw :
								    s->key_ft;
		if (ct_build(p, &s->cur, &s->rec, ts, &t->last)) {
			t->lf.w.CurrentTime = s->key_ft;
			ct_call(t);
		}
	}
	/* A file closed meanwhile stops here; a session drains first. */
	if (t->kind == CT_FILE && ct_closing(t))
		p->stop = true;
	if (ct_stream_next(p, s))
		ct_heap_down(p, 0);
	else
		ct_heap_pop(p);
}

/* --- files --------------------------------------------------------------- */

/*
 * Walk file @t once: every intact buffer and, in a damaged one, the
 * records before the damage; then make one stream per CPU (buffers in
 * file order).  Returns 0 or -ENOMEM; damage is left in the file's
 * sticky error and reported after the merge.
 */
static int ct_file_streams(struct ct_proc *p, struct ct_trace *t, u32 slot)
{
	struct etl_file *f = t->file;
	struct etl_file_buffer b;
	struct etl_record r;
	struct ct_buf *all = NULL, *sorted;
	struct ct_stream *st;
	u32 n = 0, cap = 0, i, ncpu = 0, *cnt, *pos;
	u16 cpumap[ETL_PROCESSOR_INDEX_MASK + 1];
	int rc;

	etl_file_rewind(f);
	while ((rc = etl_file_next_buffer(f, &b)) > 0) {
		while ((rc = etl_file_next_record(f, &b, &r)) > 0)
			;
		if (n == cap) {
			struct ct_buf *x;

			cap = cap ? 2 * cap : 64;
			x = realloc(all, cap * sizeof(*x));
			if (!x) {
				free(all);
				return -ENOMEM;
			}
			all = x;
		}
		all[n].data = b.data;
		all[n].info = b.info;
		/* A damaged record stops the walk where it starts. */
		all[n].limit = rc < 0 ? b.iter.pos : b.info.filled;
		all[n].index = b.index;
		all[n].skip_first = b.index == 0;
		n++;
		if (rc < 0)
			break;
	}

	/* Group by CPU, keeping file order (seed 001, rule 14). */
	memset(cpumap, 0xFF, sizeof(cpumap));
	cnt = calloc(n + 1, sizeof(u32));
	pos = calloc(n + 1, sizeof(u32));
	sorted = calloc(n ? n : 1, sizeof(*sorted));
	if (!cnt || !pos || !sorted)
		goto nomem;
	for (i = 0; i < n; i++) {
		u16 c = all[i].info.cpu & ETL_PROCESSOR_INDEX_MASK;

		if (cpumap[c] == 0xFFFF)
			cpumap[c] = ncpu++;
		cnt[cpumap[c]]++;
	}
	for (i = 1; i < ncpu; i++)
		pos[i] = pos[i - 1] + cnt[i - 1];
	for (i = 0; i < n; i++) {
		u16 s = cpumap[all[i].info.cpu & ETL_PROCESSOR_INDEX_MASK];

		sorted[pos[s]++] = all[i];
	}
	st = realloc(p->streams, (p->nstreams + ncpu) * sizeof(*st));
	if (!st)
		goto nomem;
	p->streams = st;
	for (i = 0; i < ncpu; i++) {
		struct ct_stream *s = &p->streams[p->nstreams + i];

		memset(s, 0, sizeof(*s));
		s->t = t;
		s->cap = cnt[i] ? cnt[i] : 1;
		s->count = cnt[i];
		s->bufs = sorted + pos[i] - cnt[i];
		s->order = p->nstreams + i;
		s->heap_pos = -1;
	}
	p->nstreams += ncpu;
	p->fbufs[slot] = sorted;
	free(all);
	free(cnt);
	free(pos);
	return 0;

nomem:
	free(all);
	free(cnt);
	free(pos);
	free(sorted);
	return -ENOMEM;
}

static void ct_process_files(struct ct_proc *p)
{
	u32 i;
	int rc;

	for (i = 0; i < p->nt; i++) {
		rc = ct_file_streams(p, p->t[i], i);
		if (rc) {
			p->status = consumer_win32_error(rc, CT_OPEN_FILE);
			return;
		}
	}
	/* Seed 001, rule 6: each file's header event comes first. */
	for (i = 0; i < p->nt && !p->stop; i++) {
		ct_deliver_header(p->t[i]);
		if (ct_closing(p->t[i]))
			p->stop = true;
	}
	for (i = 0; i < p->nstreams && !p->stop; i++) {
		struct ct_stream *s = &p->streams[i];

		if (ct_stream_next(p, s) && !ct_heap_push(p, s)) {
			p->status = ERROR_NOT_ENOUGH_MEMORY;
			return;
		}
	}
	while (p->nheap && !p->stop)
		ct_deliver_top(p);
	if (p->stop)
		return;
	/* Everything before the damage was delivered: now say so. */
	for (i = 0; i < p->nt; i++) {
		const struct etl_file_error *e = etl_file_error(p->t[i]->file);

		if (e->code && !p->status)
			p->status = e->code == -EBADMSG ? ERROR_FILE_CORRUPT :
				    consumer_win32_error(e->code, CT_OPEN_FILE);
	}
}

/* --- real time ----------------------------------------------------------- */

/* Queue buffer @idx of the mapping on its stream. */
static bool ct_rt_queue(struct ct_proc *p, struct ct_trace *t, u32 idx)
{
	struct etl_buffer_info info;
	struct ct_stream *s;
	struct ct_buf *b;

	if (idx >= t->nr_buffers ||
	    etl_buffer_parse(t->map + (size_t)idx * t->buffer_size,
			     t->buffer_size, &info, NULL) < 0) {
		/* Not a buffer we can read: give it back unread. */
		if (idx < t->nr_buffers)
			t->release[t->nrelease++] = idx;
		return true;
	}
	s = &t->rt[info.cpu % t->rt_n];
	b = &s->bufs[(s->head + s->count) % s->cap];
	b->data = t->map + (size_t)idx * t->buffer_size;
	b->info = info;
	b->limit = info.filled;
	b->index = idx;
	b->skip_first = false;
	s->count++;
	t->held++;
	if (s->heap_pos < 0 && !s->have_cur && ct_stream_next(p, s))
		return ct_heap_push(p, s);
	return true;
}

/*
 * One ETW_IOC_CONSUMER_WAIT: give back what is done, take what is ready.
 * Returns buffers taken or -errno.
 */
static int ct_rt_wait(struct ct_proc *p, struct ct_trace *t, u32 flags)
{
	struct etw_consumer_wait w;
	u32 i;

	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)t->release;
	w.release_count = t->nrelease;
	w.ready = (uintptr_t)t->ready;
	w.ready_max = t->nr_buffers;
	w.flags = flags;
	while (ioctl(t->cfd, ETW_IOC_CONSUMER_WAIT, &w) < 0) {
		if (errno != EINTR)
			return -errno;
	}
	t->nrelease = 0;
	t->watermark = w.watermark;
	if (w.status & ETW_WAIT_STOPPED)
		t->stopped = true;
	t->lf.w.EventsLost = w.events_lost;
	t->lf.w.LogfileHeader.EventsLost = w.events_lost;
	t->lf.w.LogfileHeader.BuffersLost = w.buffers_lost;
	for (i = 0; i < w.ready_count; i++)
		if (!ct_rt_queue(p, t, t->ready[i]))
			return -ENOMEM;
	return w.ready_count;
}

/* Block until the kernel or CloseTrace has something for us. */
static void ct_rt_sleep(struct ct_trace *t, int ms)
{
	struct pollfd pf[2] = {
		{ .fd = t->cfd, .events = POLLIN },
		{ .fd = t->efd, .events = POLLIN },
	};

	if (poll(pf, 2, ms) > 0 && (pf[1].revents & POLLIN)) {
		u64 v;

		if (read(t->efd, &v, sizeof(v)) < 0)
			v = 0;	/* nothing to do: closing is in t->closing */
	}
}

/* Give back what is done, take nothing (the end of a ProcessTrace). */
static void ct_rt_release(struct ct_trace *t)
{
	struct etw_consumer_wait w;

	if (!t->nrelease)
		return;
	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)t->release;
	w.release_count = t->nrelease;
	while (ioctl(t->cfd, ETW_IOC_CONSUMER_WAIT, &w) < 0 && errno == EINTR)
		;
	t->nrelease = 0;
}

static void ct_process_rt(struct ct_proc *p)
{
	struct ct_trace *t = p->t[0];
	u32 i, flags = 0, thresh = t->nr_buffers / 2 ? t->nr_buffers / 2 : 1;
	bool flushed;
	int n;

	if (t->ended) {
		p->status = ERROR_WMI_INSTANCE_NOT_FOUND;
		return;
	}
	/* Seed 001, rules 5 and 15: the session's header event first. */
	ct_deliver_header(t);
	/* What an earlier ProcessTrace left queued goes first. */
	for (i = 0; i < t->rt_n; i++) {
		struct ct_stream *s = &t->rt[i];

		if ((s->have_cur || ct_stream_next(p, s)) && !ct_heap_push(p, s)) {
			p->status = ERROR_NOT_ENOUGH_MEMORY;
			return;
		}
	}
	for (;;) {
		/* Reference 3.3: after CloseTrace, drain what is buffered. */
		bool draining = ct_closing(t);
		u32 delivered = 0;

		if (draining)
			flags |= ETW_WAIT_F_FLUSH;
		n = ct_rt_wait(p, t, flags);
		if (n < 0) {
			p->status = consumer_win32_error(n, CT_READ_SESSION);
			break;
		}
		flushed = flags & ETW_WAIT_F_FLUSH;
		flags = 0;
		/* Below the watermark every stream is in: deliver in order. */
		while (p->nheap && !p->stop &&
		       (p->heap[0]->key_raw < t->watermark || t->stopped ||
			draining)) {
			ct_deliver_top(p);
			delivered++;
		}
		/*
		 * Still held back after a flush (an event time beyond the
		 * watermark: a timestamp override, seed 001 rule 13): give
		 * way rather than starve the writers of buffers.
		 */
		while (p->nheap && !p->stop && flushed && !delivered &&
		       t->held >= thresh)
			ct_deliver_top(p);
		if (p->stop || draining)
			break;		/* cancelled, or drained after CloseTrace */
		if (t->stopped && !p->nheap) {
			t->ended = true;	/* the session stopped */
			break;
		}
		if (t->nrelease || n)
			continue;	/* give back at once; there may be more */
		/* Buffers pile up behind an older partial one: flush it. */
		if (p->nheap && t->held >= thresh && !flushed) {
			flags = ETW_WAIT_F_FLUSH;
			continue;
		}
		if (!ct_closing(t))
			ct_rt_sleep(t, p->nheap ? CT_POLL_MS : -1);
	}
	ct_rt_release(t);
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
