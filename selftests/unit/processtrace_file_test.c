// SPDX-License-Identifier: GPL-2.0-only
/*
 * The consumer API (libetw/src/consumer.c) on .etl files, through the
 * public OpenTrace / ProcessTrace / CloseTrace only:
 *  - the two Windows-written samples: the synthetic EventTraceGuid header
 *    event first (seed 001, rules 5-6), then as many events per provider,
 *    extended items and payload bytes as etl_count.py (an independent
 *    parser) finds, in non-decreasing time;
 *  - EventCallback vs EventRecordCallback (rule 3), UserContext (rule 2),
 *    StartTime/EndTime windows, raw timestamps, BufferCallback;
 *  - synthetic files written with the shared ETL writer: several files
 *    and CPUs merged by time, classic/system/message records mapped to
 *    EVENT_RECORDs;
 *  - damaged files deliver every intact buffer and record, then
 *    ERROR_FILE_CORRUPT (more in consumer_damage_test.c); bad arguments
 *    give the documented errors.
 * Built with ASan/UBSan where the toolchain can (processtrace_file_test.mk).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <unistd.h>
#include <sys/stat.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include "shared/etw_etl.h"

#include "../kselftest_harness.h"

#ifndef ETL_UNIT_DIR
#define ETL_UNIT_DIR "."
#endif
#define DATA_DIR ETL_UNIT_DIR "/../data/"
#define LXCORE DATA_DIR "lxcore_kernel.etl"
#define POWERSHELL DATA_DIR "powershell.etl"

/* --- etl_count.py's facts ------------------------------------------------ */

struct py {
	char **key, **val;
	int n;
	int status;
};

static struct py *py_run(const char *path)
{
	char cmd[1024], *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct py *py = calloc(1, sizeof(*py));
	FILE *p;

	snprintf(cmd, sizeof(cmd), "python3 '%s/etl_count.py' '%s'", ETL_UNIT_DIR, path);
	p = popen(cmd, "r");
	if (!p)
		return NULL;
	while ((len = getline(&line, &cap, p)) > 0) {
		char *sp;

		if (line[len - 1] == '\n')
			line[len - 1] = '\0';
		sp = strchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		py->key = realloc(py->key, (py->n + 1) * sizeof(char *));
		py->val = realloc(py->val, (py->n + 1) * sizeof(char *));
		py->key[py->n] = strdup(line);
		py->val[py->n] = strdup(sp + 1);
		py->n++;
	}
	free(line);
	py->status = pclose(p);
	return py;
}

static const char *py_get(const struct py *py, const char *key)
{
	int i;

	for (i = 0; i < py->n; i++)
		if (!strcmp(py->key[i], key))
			return py->val[i];
	return NULL;
}

static unsigned long long py_num(const struct py *py, const char *fmt, ...)
{
	char key[128];
	const char *v;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(key, sizeof(key), fmt, ap);
	va_end(ap);
	v = py_get(py, key);
	return v ? strtoull(v, NULL, 0) : 0;
}

/* records=N of "buffer.B" */
static unsigned int py_buffer_records(const struct py *py, int b)
{
	char key[32];
	const char *v;

	snprintf(key, sizeof(key), "buffer.%d", b);
	v = py_get(py, key);
	v = v ? strstr(v, "records=") : NULL;
	return v ? atoi(v + 8) : 0;
}

static void py_free(struct py *py)
{
	int i;

	for (i = 0; py && i < py->n; i++) {
		free(py->key[i]);
		free(py->val[i]);
	}
	if (py) {
		free(py->key);
		free(py->val);
	}
	free(py);
}

/* --- what the callbacks saw ---------------------------------------------- */

#define MAX_SEEN 4096

struct seen_ev {
	GUID provider;
	USHORT flags, id;
	UCHAR opcode, level, version;
	LONGLONG ts;
	USHORT cpu, logger;
	USHORT ext_count, len;
	USHORT ext_types[8];
	ULONG tid, pid;
	void *ctx;
	unsigned char data[64];	/* first bytes of the payload */
	ULONG inst_id, inst_parent;
};

static struct seen {
	int n;
	struct seen_ev ev[MAX_SEEN];
	unsigned long long payload;	/* sum of UserDataLength */
	unsigned long long ext_items;
	unsigned int ext_by_type[32];
	int buffers;		/* BufferCallback calls */
	int stop_after;		/* BufferCallback returns FALSE after this many */
	ULONG last_buffers_read;
	PROCESSTRACE_HANDLE close_me;	/* CloseTrace this on event n == close_at */
	int close_at;
	ULONG close_status;
	unsigned char hdr[512];	/* the header event's UserData */
	USHORT hdr_len;
} seen;

static void seen_reset(void)
{
	memset(&seen, 0, sizeof(seen));
	seen.stop_after = -1;
	seen.close_at = -1;
}

static void seen_add(const EVENT_RECORD *er)
{
	struct seen_ev *e;
	USHORT i;

	seen.payload += er->UserDataLength;
	seen.ext_items += er->ExtendedDataCount;
	for (i = 0; i < er->ExtendedDataCount; i++)
		if (er->ExtendedData[i].ExtType < 32)
			seen.ext_by_type[er->ExtendedData[i].ExtType]++;
	if (seen.n == 0 && er->UserDataLength <= sizeof(seen.hdr)) {
		memcpy(seen.hdr, er->UserData, er->UserDataLength);
		seen.hdr_len = er->UserDataLength;
	}
	if (seen.n == seen.close_at)
		seen.close_status = CloseTrace(seen.close_me);
	if (seen.n >= MAX_SEEN) {
		seen.n++;
		return;
	}
	e = &seen.ev[seen.n++];
	e->provider = er->EventHeader.ProviderId;
	e->flags = er->EventHeader.Flags;
	e->id = er->EventHeader.EventDescriptor.Id;
	e->opcode = er->EventHeader.EventDescriptor.Opcode;
	e->level = er->EventHeader.EventDescriptor.Level;
	e->version = er->EventHeader.EventDescriptor.Version;
	e->ts = er->EventHeader.TimeStamp.QuadPart;
	e->cpu = GetEventProcessorIndex(er);
	e->logger = er->BufferContext.LoggerId;
	e->ext_count = er->ExtendedDataCount;
	e->len = er->UserDataLength;
	e->tid = er->EventHeader.ThreadId;
	e->pid = er->EventHeader.ProcessId;
	e->ctx = er->UserContext;
	for (i = 0; i < er->ExtendedDataCount && i < 8; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];

		e->ext_types[i] = x->ExtType;
		if (x->ExtType == EVENT_HEADER_EXT_TYPE_INSTANCE_INFO) {
			const EVENT_EXTENDED_ITEM_INSTANCE *in =
				(const void *)(uintptr_t)x->DataPtr;

			e->inst_id = in->InstanceId;
			e->inst_parent = in->ParentInstanceId;
		}
	}
	memcpy(e->data, er->UserData,
	       er->UserDataLength < sizeof(e->data) ? er->UserDataLength : sizeof(e->data));
}

static VOID WINAPI on_record(PEVENT_RECORD er)
{
	seen_add(er);
}

/* The classic form: kept in the same table (ProviderId = Header.Guid). */
static VOID WINAPI on_event(PEVENT_TRACE et)
{
	EVENT_RECORD er;

	memset(&er, 0, sizeof(er));
	er.EventHeader.ProviderId = et->Header.Guid;
	er.EventHeader.EventDescriptor.Opcode = et->Header.Class.Type;
	er.EventHeader.EventDescriptor.Level = et->Header.Class.Level;
	er.EventHeader.EventDescriptor.Version = (UCHAR)et->Header.Class.Version;
	er.EventHeader.TimeStamp = et->Header.TimeStamp;
	er.EventHeader.ThreadId = et->Header.ThreadId;
	er.EventHeader.ProcessId = et->Header.ProcessId;
	er.EventHeader.Flags = 0xFFFF;	/* marks "came through EventCallback" */
	er.BufferContext = et->BufferContext;
	er.UserData = et->MofData;
	er.UserDataLength = et->MofLength;
	seen_add(&er);
	seen.ev[seen.n - 1].inst_id = et->InstanceId;
	seen.ev[seen.n - 1].inst_parent = et->ParentInstanceId;
}

static ULONG WINAPI on_buffer(PEVENT_TRACE_LOGFILEA lf)
{
	seen.buffers++;
	seen.last_buffers_read = lf->BuffersRead;
	if (seen.stop_after >= 0 && seen.buffers >= seen.stop_after)
		return FALSE;
	return TRUE;
}

static PROCESSTRACE_HANDLE open_file(const char *path, ULONG mode,
				     EVENT_TRACE_LOGFILEA *lf)
{
	memset(lf, 0, sizeof(*lf));
	lf->LogFileName = (LPSTR)path;
	lf->ProcessTraceMode = mode;
	if (mode & PROCESS_TRACE_MODE_EVENT_RECORD)
		lf->EventRecordCallback = on_record;
	else
		lf->EventCallback = on_event;
	lf->BufferCallback = on_buffer;
	lf->Context = (PVOID)0x5EED0001;
	return OpenTraceA(lf);
}

/* Open, process, close one file; the ProcessTrace status. */
static ULONG run_file(const char *path, ULONG mode, LPFILETIME start,
		      LPFILETIME end)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	ULONG st;

	seen_reset();
	h = open_file(path, mode, &lf);
	if (h == INVALID_PROCESSTRACE_HANDLE)
		return 0xDEAD0000 | GetLastError();
	st = ProcessTrace(&h, 1, start, end);
	CloseTrace(h);
	return st;
}

static FILETIME ft_of(LONGLONG v)
{
	FILETIME f;

	f.dwLowDateTime = (DWORD)v;
	f.dwHighDateTime = (DWORD)((unsigned long long)v >> 32);
	return f;
}

static void guid_str(const GUID *g, char *out)
{
	sprintf(out, "%08x-%04x-%04x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		g->Data1, g->Data2, g->Data3, g->Data4[0], g->Data4[1],
		g->Data4[2], g->Data4[3], g->Data4[4], g->Data4[5],
		g->Data4[6], g->Data4[7]);
}

/* --- the Windows samples against etl_count.py ----------------------------- */

static void check_sample(struct __test_metadata *_metadata, const char *path,
			 ULONG mode)
{
	struct py *py = py_run(path);
	unsigned long long records, payload, first_ft;
	char g[40];
	int i, j, nprov = 0;

	ASSERT_NE(NULL, py);
	ASSERT_EQ(0, py->status);
	ASSERT_EQ(ERROR_SUCCESS, run_file(path, mode, NULL, NULL));
	records = py_num(py, "records.total");
	/* One callback per record: the header record becomes the header
	 * event, every other record an event (nothing merged away).
	 */
	EXPECT_EQ(records, (unsigned long long)seen.n);
	ASSERT_LE(seen.n, MAX_SEEN);

	/* Seed 001, rules 5-6: first the EventTraceGuid header, Opcode 0. */
	EXPECT_TRUE(IsEqualGUID(&seen.ev[0].provider, &EventTraceGuid));
	EXPECT_EQ(0, seen.ev[0].opcode);
	EXPECT_GE(seen.ev[0].len, sizeof(TRACE_LOGFILE_HEADER));
	if (mode & PROCESS_TRACE_MODE_EVENT_RECORD)
		EXPECT_TRUE(seen.ev[0].flags & EVENT_HEADER_FLAG_CLASSIC_HEADER);
	first_ft = py_num(py, (mode & PROCESS_TRACE_MODE_RAW_TIMESTAMP) ?
				  "header.raw_time" : "header.start_time");
	EXPECT_EQ(first_ft, (unsigned long long)seen.ev[0].ts);
	if (seen.hdr_len >= sizeof(TRACE_LOGFILE_HEADER)) {
		TRACE_LOGFILE_HEADER h;

		memcpy(&h, seen.hdr, sizeof(h));
		EXPECT_EQ(py_num(py, "header.buffer_size"), h.BufferSize);
		EXPECT_EQ(py_num(py, "header.number_of_processors"), h.NumberOfProcessors);
		EXPECT_EQ(py_num(py, "header.perf_freq"), (unsigned long long)h.PerfFreq.QuadPart);
		EXPECT_EQ(py_num(py, "header.start_time"), (unsigned long long)h.StartTime.QuadPart);
		EXPECT_EQ(py_num(py, "header.buffers_written"), h.BuffersWritten);
	}

	/* Payload bytes: every record's user data, the header's included. */
	payload = 0;
	for (i = 0; i < py->n; i++)
		if (!strncmp(py->key[i], "kind.", 5) && strstr(py->key[i], ".payload"))
			payload += strtoull(py->val[i], NULL, 0);
	EXPECT_EQ(payload, seen.payload);

	/* Events per provider (EVENT_HEADER records). */
	for (i = 0; i < py->n; i++) {
		unsigned long long want, got = 0;

		if (strncmp(py->key[i], "provider.", 9))
			continue;
		nprov++;
		want = strtoull(py->val[i], NULL, 0);
		for (j = 0; j < seen.n; j++) {
			guid_str(&seen.ev[j].provider, g);
			if (!strcmp(g, py->key[i] + 9))
				got++;
		}
		EXPECT_EQ(want, got) {
			TH_LOG("provider %s", py->key[i] + 9);
		}
	}
	EXPECT_GE(nprov, 1);

	/* Time order (rule 10) inside [time.min, time.max] of the file. */
	for (i = 1; i < seen.n; i++) {
		EXPECT_LE(seen.ev[i - 1].ts, seen.ev[i].ts) {
			TH_LOG("event %d goes back in time", i);
		}
		if (mode & PROCESS_TRACE_MODE_RAW_TIMESTAMP)
			continue;
		EXPECT_GE((unsigned long long)seen.ev[i].ts, py_num(py, "time.min"));
		EXPECT_LE((unsigned long long)seen.ev[i].ts, py_num(py, "time.max"));
	}
	EXPECT_EQ(py_num(py, "file.buffers"), (unsigned long long)seen.buffers);
	EXPECT_EQ(py_num(py, "file.buffers"), seen.last_buffers_read);

	if (mode & PROCESS_TRACE_MODE_EVENT_RECORD) {
		/* Extended items as etl_count.py counted them. */
		EXPECT_EQ(py_num(py, "ext.0xb"), seen.ext_by_type[0xb]);
		EXPECT_EQ(py_num(py, "ext.0xc"), seen.ext_by_type[0xc]);
		for (i = 0; i < seen.n; i++) {
			/* Seed 001, rule 2; reference 3.4 flags. */
			EXPECT_EQ((void *)0x5EED0001, seen.ev[i].ctx);
			EXPECT_TRUE(seen.ev[i].flags & EVENT_HEADER_FLAG_PROCESSOR_INDEX);
			EXPECT_TRUE(seen.ev[i].flags & EVENT_HEADER_FLAG_64_BIT_HEADER);
			EXPECT_EQ(!!seen.ev[i].ext_count,
				  !!(seen.ev[i].flags & EVENT_HEADER_FLAG_EXTENDED_INFO));
			EXPECT_EQ(seen.ev[0].logger, seen.ev[i].logger);
		}
	}
	py_free(py);
}

TEST(lxcore_event_records)
{
	check_sample(_metadata, LXCORE, PROCESS_TRACE_MODE_EVENT_RECORD);
}

TEST(powershell_event_records)
{
	check_sample(_metadata, POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD);
}

/* Seed 001, rule 3: without EVENT_RECORD mode, EventCallback gets EVENT_TRACEs. */
TEST(powershell_classic_callback)
{
	check_sample(_metadata, POWERSHELL, 0);
	EXPECT_EQ(0xFFFF, seen.ev[0].flags);
	EXPECT_EQ(0xFFFF, seen.ev[5].flags);
}

TEST(lxcore_raw_timestamps)
{
	struct py *py = py_run(LXCORE);

	ASSERT_NE(NULL, py);
	check_sample(_metadata, LXCORE,
		     PROCESS_TRACE_MODE_EVENT_RECORD | PROCESS_TRACE_MODE_RAW_TIMESTAMP);
	/* The header event's time is the header record's raw time. */
	EXPECT_EQ(py_num(py, "header.raw_time"), (unsigned long long)seen.ev[0].ts);
	py_free(py);
}

/* OpenTrace fills the output fields of EVENT_TRACE_LOGFILE (reference 3.2). */
TEST(open_fills_logfile)
{
	static const WCHAR wpath[] = u"" POWERSHELL;
	EVENT_TRACE_LOGFILEW lf;
	PROCESSTRACE_HANDLE h;
	char name[64];
	int i;

	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = (LPWSTR)wpath;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = on_record;
	h = OpenTraceW(&lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h);
	EXPECT_EQ(ERROR_SUCCESS, GetLastError());
	EXPECT_EQ(8192, lf.LogfileHeader.BufferSize);
	EXPECT_EQ(8192, lf.BufferSize);
	EXPECT_EQ(32, lf.LogfileHeader.NumberOfProcessors);
	EXPECT_EQ(10, lf.LogfileHeader.VersionDetail.MajorVersion);
	EXPECT_EQ(5, lf.LogfileHeader.VersionDetail.SubMinorVersion);
	EXPECT_EQ(10000000, lf.LogfileHeader.PerfFreq.QuadPart);
	EXPECT_EQ(133245763580175449LL, lf.LogfileHeader.StartTime.QuadPart);
	EXPECT_EQ(133245764954543828LL, lf.LogfileHeader.EndTime.QuadPart);
	EXPECT_EQ(1, lf.LogfileHeader.ReservedFlags);
	EXPECT_EQ(26, lf.LogfileHeader.BuffersWritten);
	EXPECT_EQ(8, lf.LogfileHeader.PointerSize);
	EXPECT_EQ(0, lf.IsKernelTrace);
	ASSERT_NE(NULL, lf.LogfileHeader.LoggerName);
	for (i = 0; lf.LogfileHeader.LoggerName[i] && i < 63; i++)
		name[i] = (char)lf.LogfileHeader.LoggerName[i];
	name[i] = 0;
	EXPECT_STREQ("usermode_trace", name);
	ASSERT_NE(NULL, lf.LogfileHeader.LogFileName);
	EXPECT_EQ('/', lf.LogfileHeader.LogFileName[0]);
	EXPECT_EQ(ERROR_SUCCESS, CloseTrace(h));
}

/* StartTime/EndTime (FILETIMEs) skip events outside the window. */
TEST(time_window)
{
	FILETIME s, e;
	static LONGLONG all[MAX_SEEN];
	LONGLONG lo, hi;
	int n, i, want = 0;

	ASSERT_EQ(ERROR_SUCCESS, run_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD,
					  NULL, NULL));
	n = seen.n;
	for (i = 0; i < n; i++)
		all[i] = seen.ev[i].ts;
	lo = all[n / 3];
	hi = all[2 * n / 3];
	for (i = 1; i < n; i++)
		want += all[i] >= lo && all[i] <= hi;
	s = ft_of(lo);
	e = ft_of(hi);
	ASSERT_EQ(ERROR_SUCCESS, run_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD,
					  &s, &e));
	/* The header event always comes; then exactly the window. */
	EXPECT_EQ(1 + want, seen.n);
	EXPECT_TRUE(IsEqualGUID(&seen.ev[0].provider, &EventTraceGuid));
	for (i = 1; i < seen.n; i++) {
		EXPECT_GE(seen.ev[i].ts, lo);
		EXPECT_LE(seen.ev[i].ts, hi);
	}
	/* Only a start; only an end. */
	ASSERT_EQ(ERROR_SUCCESS, run_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD,
					  &s, NULL));
	for (i = 1, want = 0; i < n; i++)
		want += all[i] >= lo;
	EXPECT_EQ(1 + want, seen.n);
	ASSERT_EQ(ERROR_SUCCESS, run_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD,
					  NULL, &e));
	for (i = 1, want = 0; i < n; i++)
		want += all[i] <= hi;
	EXPECT_EQ(1 + want, seen.n);
	/* EndTime before StartTime */
	EXPECT_EQ(ERROR_INVALID_TIME, run_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD,
					       &e, &s));
}

/* A BufferCallback returning FALSE stops ProcessTrace: ERROR_CANCELLED. */
TEST(buffer_callback_cancels)
{
	int full;

	ASSERT_EQ(ERROR_SUCCESS, run_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD,
					  NULL, NULL));
	full = seen.n;
	seen_reset();
	{
		EVENT_TRACE_LOGFILEA lf;
		PROCESSTRACE_HANDLE h = open_file(POWERSHELL,
						  PROCESS_TRACE_MODE_EVENT_RECORD, &lf);

		ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h);
		seen.stop_after = 3;
		EXPECT_EQ(ERROR_CANCELLED, ProcessTrace(&h, 1, NULL, NULL));
		EXPECT_EQ(3, seen.buffers);
		EXPECT_LT(seen.n, full);
		EXPECT_GT(seen.n, 1);
		/* The same handle can be processed again, from the start. */
		seen_reset();
		EXPECT_EQ(ERROR_SUCCESS, ProcessTrace(&h, 1, NULL, NULL));
		EXPECT_EQ(full, seen.n);
		EXPECT_EQ(ERROR_SUCCESS, CloseTrace(h));
	}
}

/* CloseTrace from a callback: pending, ProcessTrace stops and succeeds. */
TEST(close_from_callback)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;

	seen_reset();
	h = open_file(POWERSHELL, PROCESS_TRACE_MODE_EVENT_RECORD, &lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h);
	seen.close_me = h;
	seen.close_at = 10;
	EXPECT_EQ(ERROR_SUCCESS, ProcessTrace(&h, 1, NULL, NULL));
	EXPECT_EQ(ERROR_CTX_CLOSE_PENDING, seen.close_status);
	EXPECT_EQ(11, seen.n);
	/* The handle is gone. */
	EXPECT_EQ(ERROR_INVALID_HANDLE, ProcessTrace(&h, 1, NULL, NULL));
	EXPECT_EQ(ERROR_INVALID_HANDLE, CloseTrace(h));
}

/* --- damage ---------------------------------------------------------------- */

#define UNIT_TMPDIR_NAME "processtrace_file_test"
#include "unit_tmpdir.h"

static unsigned char *load(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *d;
	struct stat st;

	if (!f || fstat(fileno(f), &st))
		abort();
	d = malloc(st.st_size);
	if (fread(d, 1, st.st_size, f) != (size_t)st.st_size)
		abort();
	fclose(f);
	*size = st.st_size;
	return d;
}

TEST(truncated_file_delivers_then_corrupt)
{
	struct py *py = py_run(POWERSHELL);
	unsigned int want = 0;
	size_t size;
	unsigned char *d = load(POWERSHELL, &size);
	const char *path;
	int b;

	ASSERT_NE(NULL, py);
	for (b = 0; b < 10; b++)
		want += py_buffer_records(py, b);
	path = tmp_save("trunc.etl", d, 10 * 8192 + 3000);
	EXPECT_EQ(ERROR_FILE_CORRUPT, run_file(path, PROCESS_TRACE_MODE_EVENT_RECORD,
					       NULL, NULL));
	/* issue 9: and the whole records of the cut buffer 10 */
	EXPECT_LE(want, seen.n);
	EXPECT_GE(want + py_buffer_records(py, 10), seen.n);
	EXPECT_EQ(11, seen.buffers);
	for (b = 1; b < seen.n; b++)
		EXPECT_LE(seen.ev[b - 1].ts, seen.ev[b].ts);
	/* Cut at a buffer boundary: BuffersWritten promises more. */
	path = tmp_save("trunc2.etl", d, 10 * 8192);
	EXPECT_EQ(ERROR_FILE_CORRUPT, run_file(path, PROCESS_TRACE_MODE_EVENT_RECORD,
					       NULL, NULL));
	EXPECT_EQ(want, seen.n);
	free(d);
	py_free(py);
}

TEST(corrupt_record_delivers_then_corrupt)
{
	struct py *py = py_run(POWERSHELL);
	unsigned int want = 0;
	size_t size;
	unsigned char *d = load(POWERSHELL, &size);
	u32 off, sz;
	int b;

	ASSERT_NE(NULL, py);
	/* issue 9: everything but the rest of buffer 7 from its third record */
	want = py_num(py, "records.total") - (py_buffer_records(py, 7) - 2);
	/* buffer 7: its third record gets a bad marker */
	off = 7 * 8192 + 72;
	for (b = 0; b < 2; b++) {
		sz = d[off] | d[off + 1] << 8;
		off += ETL_ALIGN8(sz);
	}
	d[off + 3] = 0x12;
	EXPECT_EQ(ERROR_FILE_CORRUPT,
		  run_file(tmp_save("corrupt.etl", d, size),
			   PROCESS_TRACE_MODE_EVENT_RECORD, NULL, NULL));
	EXPECT_EQ(want, seen.n);
	/* Damage inside buffer 0's header record: OpenTrace refuses it. */
	d[72 + 3] = 0;
	EXPECT_EQ(0xDEAD0000 | ERROR_FILE_CORRUPT,
		  run_file(tmp_save("corrupt0.etl", d, size),
			   PROCESS_TRACE_MODE_EVENT_RECORD, NULL, NULL));
	free(d);
	py_free(py);
}

/* Random damage never crashes: some events, then SUCCESS or FILE_CORRUPT. */
TEST(damage_never_crashes)
{
	size_t size;
	unsigned char *d = load(POWERSHELL, &size), *c = malloc(size);
	unsigned int seed = 1;
	int round, i;

	for (round = 0; round < 200; round++) {
		ULONG st;

		memcpy(c, d, size);
		for (i = 0; i < 8; i++) {
			seed = seed * 1103515245 + 12345;
			/* leave the header record intact half of the time */
			c[(round & 1 ? 1024 : 0) + (seed >> 8) % (size - 1024)] = seed >> 24;
		}
		st = run_file(tmp_save("fuzz.etl", c, size), PROCESS_TRACE_MODE_EVENT_RECORD,
			      NULL, NULL);
		EXPECT_TRUE(st == ERROR_SUCCESS || st == ERROR_FILE_CORRUPT ||
			    st == ERROR_NOT_SUPPORTED ||
			    st == (0xDEAD0000 | ERROR_FILE_CORRUPT) ||
			    st == (0xDEAD0000 | ERROR_NOT_SUPPORTED)) {
			TH_LOG("round %d: status 0x%x", round, st);
		}
	}
	free(c);
	free(d);
}

/* --- synthetic files --------------------------------------------------------- */

#define SBSIZE 1024
#define NCPU 3

struct wfile {
	u8 *img;
	u32 nbuf, cap;
	u64 start_ft;		/* StartTime */
	u64 base_raw;		/* raw time of the header event */
	u64 freq;		/* QPC frequency */
};

static u8 *wf_buffer(struct wfile *w)
{
	if (w->nbuf == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->img = realloc(w->img, (size_t)w->cap * SBSIZE);
	}
	return w->img + (size_t)w->nbuf++ * SBSIZE;
}

static u32 put_u16s(u8 *p, const char *s)
{
	u32 n = 0;

	do {
		p[n++] = *s;
		p[n++] = 0;
	} while (*s++);
	return n;
}

static u64 wf_raw(const struct wfile *w, u64 ft)
{
	return w->base_raw + (ft - w->start_ft) * (w->freq / 10000000);
}

/* Buffer 0: the logfile header event (etl-format section 4). */
static void wf_begin(struct wfile *w, u64 start_ft, u64 base_raw, u64 freq,
		     u32 nbuf_total, const char *logger)
{
	u8 *b, *p;
	struct etl_system_header *sh;
	struct etl_logfile_header h;
	u32 n;

	memset(w, 0, sizeof(*w));
	w->start_ft = start_ft;
	w->base_raw = base_raw;
	w->freq = freq;
	b = wf_buffer(w);
	etl_buffer_init(b, SBSIZE, 0, 9, ETL_BUFFER_TYPE_HEADER);
	sh = (void *)(b + ETL_BUFFER_HEADER_SIZE);
	memset(sh, 0, 512);
	memset(&h, 0, sizeof(h));
	h.buffer_size = SBSIZE;
	h.version[0] = 10;
	h.version[2] = 1;
	h.version[3] = 5;
	h.number_of_processors = NCPU;
	h.timer_resolution = 156250;
	h.buffers_written = nbuf_total;
	h.start_buffers = 1;
	h.pointer_size = 8;
	h.cpu_speed_mhz = 1000;
	h.perf_freq = freq;
	h.start_time = start_ft;
	h.reserved_flags = ETL_CLOCK_QPC;
	p = (u8 *)(sh + 1);
	memcpy(p, &h, sizeof(h));
	n = sizeof(h);
	n += put_u16s(p + n, logger);
	n += put_u16s(p + n, "/tmp/x.etl");
	sh->version = ETL_SYSTEM_TRACE_VERSION;
	sh->header_type = ETL_HEADER_TYPE_SYSTEM64;
	sh->marker_flags = ETL_MARKER_FLAGS;
	sh->size = sizeof(*sh) + n;
	sh->thread_id = 1;
	sh->process_id = 2;
	sh->system_time = base_raw;
	etl_buffer_seal(b, ETL_BUFFER_HEADER_SIZE + ETL_ALIGN8(sh->size), 0, 0,
			ETL_BUFFER_FLAG_FLUSH_MARKER);
}

/* An EVENT_HEADER64 record carrying the u32 @seq at time @ft. */
static u32 put_ev(u8 *at, const struct wfile *w, u64 ft, u32 seq)
{
	struct etl_event_header *e = (void *)at;
	u32 size = sizeof(*e) + 4;

	memset(e, 0, ETL_ALIGN8(size));
	e->size = size;
	e->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	e->marker_flags = ETL_MARKER_FLAGS;
	e->thread_id = 100 + seq;
	e->process_id = 7;
	e->timestamp = wf_raw(w, ft);
	e->provider_id[0] = 0xAB;
	e->id = seq & 0xFFFF;
	e->level = 4;
	memcpy(e + 1, &seq, 4);
	return ETL_ALIGN8(size);
}

/* Seed 001, rules 10 and 14: files and CPUs merged by time. */
TEST(several_files_merged_by_time)
{
	/* Event i at FILETIME T0 + 10 i, file i % 2, CPU (i / 2) % NCPU. */
	enum { N = 600, PER_BUF = 7 };
	const u64 T0 = 133000000000000000ULL;
	struct wfile w[2];
	int cur[2][NCPU];
	u32 fill[2][NCPU] = { { 0 } }, held[2][NCPU] = { { 0 } };
	PROCESSTRACE_HANDLE h[2];
	EVENT_TRACE_LOGFILEA lf[2];
	const char *names[2] = { "merge0.etl", "merge1.etl" };
	char paths[2][512];
	int i, f, c;

	memset(cur, 0xFF, sizeof(cur));		/* -1: no open buffer */
	wf_begin(&w[0], T0, 5000000000ULL, 1000000000ULL, 0, "alpha");
	wf_begin(&w[1], T0 - 50, 777, 10000000ULL, 0, "beta");
	for (i = 0; i < N; i++) {
		u8 *b;

		f = i % 2;
		c = (i / 2) % NCPU;
		if (cur[f][c] < 0) {
			/*
			 * Per-CPU buffers, CPU c holding PER_BUF + c events:
			 * file order interleaves the CPUs and is not time
			 * order across them (as in lxcore_kernel.etl).
			 */
			cur[f][c] = w[f].nbuf;
			b = wf_buffer(&w[f]);
			etl_buffer_init(b, SBSIZE, c, 9 + f, ETL_BUFFER_TYPE_GENERIC);
			fill[f][c] = ETL_BUFFER_HEADER_SIZE;
		}
		b = w[f].img + (size_t)cur[f][c] * SBSIZE;
		fill[f][c] += put_ev(b + fill[f][c], &w[f], T0 + 10 * (u64)i, i);
		if (++held[f][c] == PER_BUF + c) {
			etl_buffer_seal(b, fill[f][c], 0, 0, 0);
			cur[f][c] = -1;
			held[f][c] = 0;
		}
	}
	for (f = 0; f < 2; f++)
		for (c = 0; c < NCPU; c++)
			if (cur[f][c] >= 0)
				etl_buffer_seal(w[f].img + (size_t)cur[f][c] * SBSIZE,
						fill[f][c], 0, 0, 0);
	for (f = 0; f < 2; f++) {
		struct etl_logfile_header *hh = (void *)(w[f].img + ETL_BUFFER_HEADER_SIZE +
						 sizeof(struct etl_system_header));

		hh->buffers_written = w[f].nbuf;
		snprintf(paths[f], sizeof(paths[f]), "%s",
			 tmp_save(names[f], w[f].img, (size_t)w[f].nbuf * SBSIZE));
	}

	seen_reset();
	for (f = 0; f < 2; f++) {
		h[f] = open_file(paths[f], PROCESS_TRACE_MODE_EVENT_RECORD, &lf[f]);
		ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h[f]);
	}
	seen_reset();
	ASSERT_EQ(ERROR_SUCCESS, ProcessTrace(h, 2, NULL, NULL));
	/* Both header events first, in handle order (rule 6). */
	ASSERT_EQ(2 + N, seen.n);
	EXPECT_TRUE(IsEqualGUID(&seen.ev[0].provider, &EventTraceGuid));
	EXPECT_TRUE(IsEqualGUID(&seen.ev[1].provider, &EventTraceGuid));
	EXPECT_EQ(9, seen.ev[0].logger);
	EXPECT_EQ(T0, (u64)seen.ev[0].ts);
	EXPECT_EQ(T0 - 50, (u64)seen.ev[1].ts);
	for (i = 0; i < N; i++) {
		struct seen_ev *e = &seen.ev[2 + i];
		u32 seq;

		memcpy(&seq, e->data, 4);
		EXPECT_EQ((u32)i, seq);
		EXPECT_EQ(T0 + 10 * (u64)i, (u64)e->ts);
		EXPECT_EQ((i / 2) % NCPU, e->cpu);
		EXPECT_EQ(9 + i % 2, e->logger);
		EXPECT_EQ(100u + i, e->tid);
		if (seq != (u32)i)
			break;
	}
	for (f = 0; f < 2; f++) {
		EXPECT_EQ(ERROR_SUCCESS, CloseTrace(h[f]));
		free(w[f].img);
	}
}

/*
 * Seed 001, rule 14, and the fast path (Documentation/design.rst): two
 * threads' buffers drained for the same CPU overlap in time (thread A's
 * events at T0 + 0, 20, 40, ..., thread B's at T0 + 10, 30, ...); each
 * stage's buffers are a stream of their own, and the merge delivers every
 * event in time order, not one buffer after the other.
 */
TEST(overlapping_buffers_of_one_cpu_merged_by_time)
{
	enum { PER_BUF = 6, NBUF = 8 };
	const u64 T0 = 133000000000000000ULL;
	struct wfile w;
	PROCESSTRACE_HANDLE h;
	EVENT_TRACE_LOGFILEA lf;
	const char *path;
	int b, k, i;

	wf_begin(&w, T0, 5000000000ULL, 1000000000ULL, 0, "overlap");
	/* File order A1 B1 A2 B2 ...: each drain seals one buffer. */
	for (b = 0; b < NBUF; b++) {
		u8 *buf = wf_buffer(&w);
		u32 fill = ETL_BUFFER_HEADER_SIZE;

		etl_buffer_init(buf, SBSIZE, 0, 9, ETL_BUFFER_TYPE_GENERIC);
		for (k = 0; k < PER_BUF; k++) {
			/* thread b % 2, its (b / 2 * PER_BUF + k)-th event */
			u32 seq = 2 * ((b / 2) * PER_BUF + k) + b % 2;

			fill += put_ev(buf + fill, &w, T0 + 10 * (u64)seq, seq);
		}
		etl_buffer_seal(buf, fill, 0, 0, 0);
	}
	((struct etl_logfile_header *)(w.img + ETL_BUFFER_HEADER_SIZE +
		sizeof(struct etl_system_header)))->buffers_written = w.nbuf;
	path = tmp_save("overlap.etl", w.img, (size_t)w.nbuf * SBSIZE);
	seen_reset();
	h = open_file(path, PROCESS_TRACE_MODE_EVENT_RECORD, &lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h);
	seen_reset();
	ASSERT_EQ(ERROR_SUCCESS, ProcessTrace(&h, 1, NULL, NULL));
	ASSERT_EQ(1 + NBUF * PER_BUF, seen.n);
	for (i = 0; i < NBUF * PER_BUF; i++) {
		u32 seq;

		memcpy(&seq, seen.ev[1 + i].data, 4);
		EXPECT_EQ((u32)i, seq);
		EXPECT_EQ(0, seen.ev[1 + i].cpu);
		if (seq != (u32)i)
			break;
	}
	EXPECT_EQ(ERROR_SUCCESS, CloseTrace(h));
	free(w.img);
}

/* Buffers of one CPU out of file order are still merged in time. */
TEST(lxcore_order_across_cpus)
{
	struct py *py = py_run(LXCORE);

	ASSERT_NE(NULL, py);
	/* buffer 1 (CPU 3) holds a later event than buffer 2 (CPU 5) */
	ASSERT_EQ(ERROR_SUCCESS, run_file(LXCORE, PROCESS_TRACE_MODE_EVENT_RECORD,
					  NULL, NULL));
	ASSERT_EQ(4, seen.n);
	EXPECT_EQ(0, seen.ev[1].cpu);	/* buffer 0's PartitionInfo record */
	EXPECT_EQ(80, seen.ev[1].opcode);
	EXPECT_EQ(5, seen.ev[2].cpu);
	EXPECT_EQ(3, seen.ev[3].cpu);
	EXPECT_EQ(py_num(py, "time.max"), (unsigned long long)seen.ev[3].ts);
	py_free(py);
}

/* Classic, instance, system, PERFINFO and message records (reference 4). */
TEST(record_kinds_mapped)
{
	static const u8 cls[16] = { 0xC1, 0xA5, 0x5E, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
	static const u8 pguid[16] = { 0xEE, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
	const u64 T0 = 133000000000000000ULL;
	struct etl_instance_header *ih;
	struct etl_full_header *fh;
	struct etl_system_header *sh;
	struct wfile w;
	u8 *b, *p;
	u32 off = ETL_BUFFER_HEADER_SIZE;
	u64 v;
	char pg[40];

	wf_begin(&w, T0, 1000, 10000000ULL, 2, "kinds");
	b = wf_buffer(&w);
	etl_buffer_init(b, SBSIZE, 1, 9, ETL_BUFFER_TYPE_GENERIC);
	/* FULL_HEADER64: TraceEvent */
	fh = (void *)(b + off);
	memset(fh, 0, 56);
	fh->size = sizeof(*fh) + 5;
	fh->header_type = ETL_HEADER_TYPE_FULL_HEADER64;
	fh->marker_flags = ETL_MARKER_FLAGS;
	fh->type = 12;
	fh->level = 3;
	fh->version = 2;
	fh->thread_id = 77;
	fh->process_id = 88;
	fh->timestamp = wf_raw(&w, T0 + 1);
	memcpy(fh->guid, cls, 16);
	memcpy(fh + 1, "hello", 5);
	off += ETL_ALIGN8(fh->size);
	/* INSTANCE64: TraceEventInstance */
	ih = (void *)(b + off);
	memset(ih, 0, 80);
	ih->full = *fh;
	ih->full.size = sizeof(*ih) + 3;
	ih->full.header_type = ETL_HEADER_TYPE_INSTANCE64;
	ih->full.timestamp = wf_raw(&w, T0 + 2);
	ih->instance_id = 17;
	ih->parent_instance_id = 16;
	memcpy(ih + 1, "abc", 3);
	off += ETL_ALIGN8(ih->full.size);
	/* SYSTEM64 of a known group (Process, 3) and of an unknown one (0x30) */
	sh = (void *)(b + off);
	memset(sh, 0, 40);
	sh->version = 2;
	sh->header_type = ETL_HEADER_TYPE_SYSTEM64;
	sh->marker_flags = ETL_MARKER_FLAGS;
	sh->size = sizeof(*sh) + 8;
	sh->hook_id = 0x0301;
	sh->thread_id = 5;
	sh->process_id = 4;
	sh->system_time = wf_raw(&w, T0 + 3);
	off += ETL_ALIGN8(sh->size);
	sh = (void *)(b + off);
	memset(sh, 0, 40);
	sh->version = 2;
	sh->header_type = ETL_HEADER_TYPE_SYSTEM64;
	sh->marker_flags = ETL_MARKER_FLAGS;
	sh->size = sizeof(*sh) + 8;
	sh->hook_id = 0x3002;
	sh->system_time = wf_raw(&w, T0 + 4);
	off += ETL_ALIGN8(sh->size);
	/* PERFINFO64 with a PEBS index: raw time at +8 */
	p = b + off;
	memset(p, 0, 40);
	p[0] = 2;
	p[1] = 0x80;		/* PEBS */
	p[2] = ETL_HEADER_TYPE_PERFINFO64;
	p[3] = ETL_MARKER_FLAGS;
	p[4] = 16 + 8 + 4;
	p[6] = 0x2E;
	p[7] = 0x0F;		/* PerfInfo group, type 0x2E */
	v = wf_raw(&w, T0 + 5);
	memcpy(p + 8, &v, 8);
	v = 0x1234;
	memcpy(p + 16, &v, 8);
	memcpy(p + 24, "perf", 4);
	off += ETL_ALIGN8(28);
	/* MESSAGE: GUID | TIMESTAMP | SYSTEMINFO | POINTER64 */
	p = b + off;
	memset(p, 0, 64);
	p[0] = 8 + 16 + 8 + 8 + 2;
	p[3] = ETL_MARKER_MESSAGE_FLAGS;
	p[4] = 33;		/* MessageNumber */
	p[6] = ETL_MSG_GUID | ETL_MSG_TIMESTAMP | ETL_MSG_SYSTEMINFO | ETL_MSG_POINTER64;
	memcpy(p + 8, pguid, 16);
	v = wf_raw(&w, T0 + 6);
	memcpy(p + 24, &v, 8);
	p[32] = 21;		/* ThreadId */
	p[36] = 22;		/* ProcessId */
	p[40] = 'm';
	p[41] = 'x';
	off += ETL_ALIGN8(p[0]);
	etl_buffer_seal(b, off, 0, 1, 0);

	ASSERT_EQ(ERROR_SUCCESS,
		  run_file(tmp_save("kinds.etl", w.img, (size_t)w.nbuf * SBSIZE),
			   PROCESS_TRACE_MODE_EVENT_RECORD, NULL, NULL));
	free(w.img);
	ASSERT_EQ(7, seen.n);
	/* FULL_HEADER: a classic event, ProviderId = the class GUID */
	EXPECT_EQ(0, memcmp(&seen.ev[1].provider, cls, 16));
	EXPECT_TRUE(seen.ev[1].flags & EVENT_HEADER_FLAG_CLASSIC_HEADER);
	EXPECT_EQ(12, seen.ev[1].opcode);
	EXPECT_EQ(3, seen.ev[1].level);
	EXPECT_EQ(2, seen.ev[1].version);
	EXPECT_EQ(77, seen.ev[1].tid);
	EXPECT_EQ(88, seen.ev[1].pid);
	EXPECT_EQ(5, seen.ev[1].len);
	EXPECT_EQ(0, memcmp(seen.ev[1].data, "hello", 5));
	EXPECT_EQ(0, seen.ev[1].ext_count);
	EXPECT_EQ(1, seen.ev[1].cpu);
	EXPECT_EQ((LONGLONG)(T0 + 1), seen.ev[1].ts);
	/* INSTANCE: plus an INSTANCE_INFO item */
	EXPECT_EQ(1, seen.ev[2].ext_count);
	EXPECT_EQ(EVENT_HEADER_EXT_TYPE_INSTANCE_INFO, seen.ev[2].ext_types[0]);
	EXPECT_TRUE(seen.ev[2].flags & EVENT_HEADER_FLAG_EXTENDED_INFO);
	EXPECT_EQ(17, seen.ev[2].inst_id);
	EXPECT_EQ(16, seen.ev[2].inst_parent);
	EXPECT_EQ(3, seen.ev[2].len);
	/* SYSTEM: the group's GUID (Process), Opcode = Type */
	guid_str(&seen.ev[3].provider, pg);
	EXPECT_STREQ("3d6fa8d0-fe05-11d0-9dda-00c04fd7ba7c", pg);
	EXPECT_EQ(1, seen.ev[3].opcode);
	EXPECT_EQ(2, seen.ev[3].version);
	EXPECT_TRUE(seen.ev[3].flags & EVENT_HEADER_FLAG_CLASSIC_HEADER);
	/* a group beyond Windows' table: no GUID, as sechost gives it */
	guid_str(&seen.ev[4].provider, pg);
	EXPECT_STREQ("00000000-0000-0000-0000-000000000000", pg);
	/* PERFINFO: PerfInfo GUID, the PEBS index as an item */
	guid_str(&seen.ev[5].provider, pg);
	EXPECT_STREQ("ce1dbfb4-137e-4da6-87b0-3f59aa102cbc", pg);
	EXPECT_EQ(0x2E, seen.ev[5].opcode);
	EXPECT_EQ(1, seen.ev[5].ext_count);
	EXPECT_EQ(EVENT_HEADER_EXT_TYPE_PEBS_INDEX, seen.ev[5].ext_types[0]);
	EXPECT_EQ(4, seen.ev[5].len);
	/* MESSAGE: TRACE_MESSAGE, the message GUID, Id = MessageNumber */
	EXPECT_TRUE(seen.ev[6].flags & EVENT_HEADER_FLAG_TRACE_MESSAGE);
	EXPECT_EQ(0, memcmp(&seen.ev[6].provider, pguid, 16));
	EXPECT_EQ(33, seen.ev[6].id);
	EXPECT_EQ(21, seen.ev[6].tid);
	EXPECT_EQ(22, seen.ev[6].pid);
	EXPECT_EQ(2, seen.ev[6].len);
	EXPECT_EQ((LONGLONG)(T0 + 6), seen.ev[6].ts);

	/* The classic form carries the instance ids too (reference 3.7). */
	ASSERT_EQ(ERROR_SUCCESS,
		  run_file(tmp_path("kinds.etl"), 0, NULL, NULL));
	ASSERT_EQ(7, seen.n);
	EXPECT_EQ(17, seen.ev[2].inst_id);
	EXPECT_EQ(16, seen.ev[2].inst_parent);
	EXPECT_EQ(12, seen.ev[1].opcode);
	EXPECT_EQ(0, memcmp(&seen.ev[1].provider, cls, 16));
}

/*
 * Messages written with the shared encoder (etl-format 3.6): one without
 * TRACE_MESSAGE_TIMESTAMP takes the time of the record before it in its
 * stream, or when it is the stream's first, of the first timed record
 * after it in its buffer (issue 9: never the trace's start); one without
 * SYSTEMINFO has no thread or process; COMPONENTID leaves ProviderId zero.
 */
TEST(messages_without_time)
{
	static const u8 zero[16];
	const u64 T0 = 133000000000000000ULL;
	struct etl_rec_message m = { 0 };
	struct wfile w;
	u8 *b0, *b1, *p;
	u32 o0 = ETL_BUFFER_HEADER_SIZE, o1 = ETL_BUFFER_HEADER_SIZE, size;

	wf_begin(&w, T0, 5000, 10000000ULL, 3, "msgs");
	b0 = wf_buffer(&w);
	b1 = wf_buffer(&w);
	etl_buffer_init(b0, SBSIZE, 0, 9, ETL_BUFFER_TYPE_GENERIC);
	etl_buffer_init(b1, SBSIZE, 1, 9, ETL_BUFFER_TYPE_GENERIC);
	/* CPU 0: a timeless message first, an event at T0 + 20, another. */
	m.option_flags = ETL_MSG_SEQUENCE | ETL_MSG_COMPONENTID;
	m.message_number = 1;
	m.sequence = 1;
	m.component_id = 42;
	size = etl_message_header_size(m.option_flags) + 2;
	p = etl_message_put_header(b0 + o0, size, &m, 0, 0, 0);
	memcpy(p, "m1", 2);
	memset(p + 2, 0, ETL_ALIGN8(size) - size);
	o0 += ETL_ALIGN8(size);
	o0 += put_ev(b0 + o0, &w, T0 + 20, 2);
	m.message_number = 3;
	m.option_flags = ETL_MSG_SYSTEMINFO;
	size = etl_message_header_size(m.option_flags) + 2;
	p = etl_message_put_header(b0 + o0, size, &m, 0, 31, 32);
	memcpy(p, "m3", 2);
	memset(p + 2, 0, ETL_ALIGN8(size) - size);
	o0 += ETL_ALIGN8(size);
	etl_buffer_seal(b0, o0, 0, 1, 0);
	/* CPU 1: an event at T0 + 10, a timed message at T0 + 30. */
	o1 += put_ev(b1 + o1, &w, T0 + 10, 4);
	m.message_number = 5;
	m.option_flags = ETL_MSG_GUID | ETL_MSG_TIMESTAMP | ETL_MSG_POINTER32;
	memset(m.guid, 0x5A, 16);
	size = etl_message_header_size(m.option_flags);
	etl_message_put_header(b1 + o1, size, &m, wf_raw(&w, T0 + 30), 0, 0);
	o1 += ETL_ALIGN8(size);
	etl_buffer_seal(b1, o1, 0, 2, 0);

	ASSERT_EQ(ERROR_SUCCESS,
		  run_file(tmp_save("msgs.etl", w.img, (size_t)w.nbuf * SBSIZE),
			   PROCESS_TRACE_MODE_EVENT_RECORD, NULL, NULL));
	free(w.img);
	ASSERT_EQ(6, seen.n);
	EXPECT_EQ((LONGLONG)(T0 + 10), seen.ev[1].ts);	/* CPU 1's event */
	EXPECT_EQ(4, seen.ev[1].id);
	/* The stream's first record has no time: the event after it. */
	EXPECT_EQ(1, seen.ev[2].id);
	EXPECT_TRUE(seen.ev[2].flags & EVENT_HEADER_FLAG_TRACE_MESSAGE);
	EXPECT_EQ((LONGLONG)(T0 + 20), seen.ev[2].ts);
	EXPECT_EQ(0, memcmp(&seen.ev[2].provider, zero, 16));
	EXPECT_EQ(0, seen.ev[2].tid);
	EXPECT_EQ(0, seen.ev[2].pid);
	EXPECT_EQ(2, seen.ev[2].len);
	EXPECT_EQ(0, memcmp(seen.ev[2].data, "m1", 2));
	EXPECT_EQ((LONGLONG)(T0 + 20), seen.ev[3].ts);	/* CPU 0's event */
	EXPECT_EQ(2, seen.ev[3].id);
	/* After a timed record: that record's time. */
	EXPECT_EQ(3, seen.ev[4].id);
	EXPECT_EQ((LONGLONG)(T0 + 20), seen.ev[4].ts);
	EXPECT_EQ(31, seen.ev[4].tid);
	EXPECT_EQ(32, seen.ev[4].pid);
	EXPECT_EQ(0, seen.ev[4].cpu);
	/* A timed one; POINTER32 gives the 32-bit header flag. */
	EXPECT_EQ(5, seen.ev[5].id);
	EXPECT_EQ((LONGLONG)(T0 + 30), seen.ev[5].ts);
	EXPECT_TRUE(seen.ev[5].flags & EVENT_HEADER_FLAG_32_BIT_HEADER);
	EXPECT_FALSE(seen.ev[5].flags & EVENT_HEADER_FLAG_64_BIT_HEADER);
	EXPECT_EQ(0x5A, ((const u8 *)&seen.ev[5].provider)[0]);
	EXPECT_EQ(0, seen.ev[5].len);
}

/* --- bad arguments (reference 3.3) ------------------------------------------- */

TEST(open_errors)
{
	EVENT_TRACE_LOGFILEA lf;
	EVENT_TRACE_LOGFILEW lw;
	const char *garbage;
	char zeros[8192];

	SetLastError(0);
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, GetLastError());
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceW(NULL));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, GetLastError());

	memset(&lf, 0, sizeof(lf));		/* neither name */
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, GetLastError());
	lf.LogFileName = (LPSTR)LXCORE;		/* both names */
	lf.LoggerName = (LPSTR)"x";
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, GetLastError());
	lf.LogFileName = NULL;			/* real time without the mode */
	lf.ProcessTraceMode = 0;
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, GetLastError());
	lf.LoggerName = NULL;			/* a file with the mode */
	lf.LogFileName = (LPSTR)LXCORE;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_INVALID_PARAMETER, GetLastError());

	lf.ProcessTraceMode = 0;
	lf.LogFileName = (LPSTR)"";
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_BAD_PATHNAME, GetLastError());
	lf.LogFileName = (LPSTR)"/nonexistent/dir/x.etl";
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_FILE_NOT_FOUND, GetLastError());
	lf.LogFileName = (LPSTR)"/tmp";
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_BAD_PATHNAME, GetLastError());
	lf.LogFileName = (LPSTR)LXCORE "/x";
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_BAD_PATHNAME, GetLastError());
	memset(zeros, 0x5A, sizeof(zeros));
	garbage = tmp_save("garbage.etl", zeros, sizeof(zeros));
	lf.LogFileName = (LPSTR)garbage;
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_FILE_CORRUPT, GetLastError());
	garbage = tmp_save("empty.etl", zeros, 0);
	lf.LogFileName = (LPSTR)garbage;
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
	EXPECT_EQ(ERROR_FILE_CORRUPT, GetLastError());

	memset(&lw, 0, sizeof(lw));
	lw.LogFileName = (LPWSTR)u"";
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceW(&lw));
	EXPECT_EQ(ERROR_BAD_PATHNAME, GetLastError());
	lw.LogFileName = (LPWSTR)u"/nonexistent.etl";
	EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceW(&lw));
	EXPECT_EQ(ERROR_FILE_NOT_FOUND, GetLastError());

	/* No etw.ko here (host): no session can be found. */
	if (access("/dev/etw", F_OK)) {
		memset(&lf, 0, sizeof(lf));
		lf.LoggerName = (LPSTR)"no-such-session";
		lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
		EXPECT_EQ(INVALID_PROCESSTRACE_HANDLE, OpenTraceA(&lf));
		EXPECT_EQ(ERROR_WMI_SERVER_UNAVAILABLE, GetLastError());
	}
}

TEST(process_and_close_errors)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h, hs[65], bad;
	FILETIME a = ft_of(10), b = ft_of(5);
	int i;

	h = open_file(LXCORE, PROCESS_TRACE_MODE_EVENT_RECORD, &lf);
	ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, h);
	EXPECT_NE(0, h);
	EXPECT_EQ(ERROR_INVALID_PARAMETER, ProcessTrace(NULL, 1, NULL, NULL));
	EXPECT_EQ(ERROR_BAD_LENGTH, ProcessTrace(&h, 0, NULL, NULL));
	for (i = 0; i < 65; i++)
		hs[i] = h;
	EXPECT_EQ(ERROR_BAD_LENGTH, ProcessTrace(hs, 65, NULL, NULL));
	/* the same handle twice */
	EXPECT_EQ(ERROR_INVALID_PARAMETER, ProcessTrace(hs, 2, NULL, NULL));
	EXPECT_EQ(ERROR_INVALID_TIME, ProcessTrace(&h, 1, &a, &b));
	bad = 0;
	EXPECT_EQ(ERROR_INVALID_HANDLE, ProcessTrace(&bad, 1, NULL, NULL));
	bad = INVALID_PROCESSTRACE_HANDLE;
	EXPECT_EQ(ERROR_INVALID_HANDLE, ProcessTrace(&bad, 1, NULL, NULL));
	bad = h ^ 0x100000000ULL;	/* same slot, another generation */
	EXPECT_EQ(ERROR_INVALID_HANDLE, ProcessTrace(&bad, 1, NULL, NULL));
	EXPECT_EQ(ERROR_INVALID_HANDLE, CloseTrace(0));
	EXPECT_EQ(ERROR_INVALID_HANDLE, CloseTrace(INVALID_PROCESSTRACE_HANDLE));
	EXPECT_EQ(ERROR_INVALID_HANDLE, CloseTrace(bad));
	EXPECT_EQ(ERROR_SUCCESS, CloseTrace(h));
	EXPECT_EQ(ERROR_INVALID_HANDLE, CloseTrace(h));
	EXPECT_EQ(ERROR_INVALID_HANDLE, ProcessTrace(&h, 1, NULL, NULL));
}

/* 64 files at once: the most a ProcessTrace takes (reference 3.3). */
TEST(sixty_four_files)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE hs[64];
	int i;

	for (i = 0; i < 64; i++) {
		hs[i] = open_file(i & 1 ? LXCORE : POWERSHELL,
				  PROCESS_TRACE_MODE_EVENT_RECORD, &lf);
		ASSERT_NE(INVALID_PROCESSTRACE_HANDLE, hs[i]);
	}
	seen_reset();
	EXPECT_EQ(ERROR_SUCCESS, ProcessTrace(hs, 64, NULL, NULL));
	EXPECT_EQ(32 * 4 + 32 * 114, seen.n);
	for (i = 0; i < 64; i++)
		EXPECT_TRUE(IsEqualGUID(&seen.ev[i].provider, &EventTraceGuid));
	for (i = 65; i < seen.n && i < MAX_SEEN; i++)
		EXPECT_LE(seen.ev[i - 1].ts, seen.ev[i].ts);
	for (i = 0; i < 64; i++)
		EXPECT_EQ(ERROR_SUCCESS, CloseTrace(hs[i]));
}

TEST_HARNESS_MAIN
