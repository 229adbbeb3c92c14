// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwbench-read MODE ...: the consumer side's code paths, for make
 * bench's instruction counts (tools/etwbench/read.py runs them under
 * callgrind) and its resident-memory row.
 *
 *   repeat IN OUT K  OUT = K copies of IN's buffers after its header
 *		buffer, each copy's times moved past the one before
 *		(raw times of records and buffers) and its buffers
 *		numbered on (SequenceNumber), so a reader sees one trace
 *		K times as long, not duplicates
 *   floor FILE	ProcessTrace with an empty EventRecordCallback: what
 *		reading costs before any decoding (prints the events)
 *   tdh FILE	ProcessTrace, and for every event what Microsoft's
 *		samples do: TdhGetEventInformation for the size, then
 *		for the information
 *   prop FILE	ProcessTrace, and for every event TdhGetPropertySize
 *		and TdhGetProperty of its first top-level property, and
 *		TdhFormatProperty of it (counts: how many of each)
 *   rss FILE	the floor, printing the resident memory when the first
 *		event arrives and the most seen while reading (VmRSS,
 *		sampled every 4,096 events), in KiB
 *   maxrss CMD ARGS...  run CMD, print its peak resident memory (KiB):
 *		started from this small program, so that the peak is
 *		CMD's and not that of a large parent it was forked from
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <windows.h>
#include <evntrace.h>
#include <evntcons.h>
#include <tdh.h>

#include "etl_file.h"

static unsigned long long events, infos, props, formats;

static long rss_kib(void)
{
	char buf[4096];
	ssize_t n;
	char *p;
	int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "VmRSS:");
	return p ? atol(p + 6) : -1;
}

static long rss_first = -1, rss_max;

static VOID WINAPI on_empty(PEVENT_RECORD er)
{
	(void)er;
	events++;
}

static VOID WINAPI on_rss(PEVENT_RECORD er)
{
	(void)er;
	if (!events || !(events & 4095)) {
		long r = rss_kib();

		if (!events)
			rss_first = r;
		if (r > rss_max)
			rss_max = r;
	}
	events++;
}

/* What Microsoft's samples do: the size, then the information. */
static TRACE_EVENT_INFO *event_info(PEVENT_RECORD er)
{
	static TRACE_EVENT_INFO *buf;
	static ULONG cap;
	ULONG size = 0;

	if (TdhGetEventInformation(er, 0, NULL, NULL, &size) != ERROR_INSUFFICIENT_BUFFER)
		return NULL;
	if (size > cap) {
		free(buf);
		buf = malloc(size);
		cap = buf ? size : 0;
		if (!buf)
			return NULL;
	}
	return TdhGetEventInformation(er, 0, NULL, buf, &size) ? NULL : buf;
}

static VOID WINAPI on_tdh(PEVENT_RECORD er)
{
	events++;
	if (event_info(er))
		infos++;
}

static VOID WINAPI on_prop(PEVENT_RECORD er)
{
	PROPERTY_DATA_DESCRIPTOR pd = { 0 };
	TRACE_EVENT_INFO *buf;
	EVENT_PROPERTY_INFO *pi;
	BYTE value[65536];
	WCHAR text[32768];
	ULONG psize = 0, tsize = sizeof(text);
	USHORT used;

	events++;
	buf = event_info(er);
	if (!buf || !buf->TopLevelPropertyCount)
		return;
	pi = &buf->EventPropertyInfoArray[0];
	pd.PropertyName = (ULONGLONG)(uintptr_t)((BYTE *)buf + pi->NameOffset);
	pd.ArrayIndex = 0xFFFFFFFF;	/* the whole property */
	if (TdhGetPropertySize(er, 0, NULL, 1, &pd, &psize) ||
	    psize > sizeof(value) ||
	    TdhGetProperty(er, 0, NULL, 1, &pd, psize, value))
		return;
	props++;
	if (pi->Flags & (PropertyStruct | PropertyParamCount | PropertyParamLength))
		return;
	if (TdhFormatProperty(buf, NULL,
			      (er->EventHeader.Flags & EVENT_HEADER_FLAG_32_BIT_HEADER) ? 4 : 8,
			      pi->nonStructType.InType, pi->nonStructType.OutType,
			      pi->length, (USHORT)psize, value, &tsize, text, &used) ==
	    ERROR_SUCCESS)
		formats++;
}

static int process(const char *path, PEVENT_RECORD_CALLBACK cb)
{
	EVENT_TRACE_LOGFILEA lf;
	PROCESSTRACE_HANDLE h;
	ULONG st;

	memset(&lf, 0, sizeof(lf));
	lf.LogFileName = (LPSTR)path;
	lf.ProcessTraceMode = PROCESS_TRACE_MODE_EVENT_RECORD;
	lf.EventRecordCallback = cb;
	h = OpenTraceA(&lf);
	if (h == INVALID_PROCESSTRACE_HANDLE) {
		fprintf(stderr, "etwbench-read: %s: OpenTrace: error %lu\n", path,
			(unsigned long)GetLastError());
		return 1;
	}
	st = ProcessTrace(&h, 1, NULL, NULL);
	CloseTrace(h);
	if (st) {
		fprintf(stderr, "etwbench-read: %s: ProcessTrace: error %lu\n", path,
			(unsigned long)st);
		return 1;
	}
	return 0;
}

/* --- repeat ------------------------------------------------------------------ */

static void put64(u8 *p, u64 v)
{
	memcpy(p, &v, 8);
}

/* Where a timed record keeps its raw time (etl-format section 5). */
static u32 time_at(const struct etl_record *r)
{
	u16 fl;

	if (r->family == ETL_FAM_MESSAGE) {
		fl = r->message.option_flags;
		return 8 + (fl & ETL_MSG_SEQUENCE ? 4 : 0) +
		       (fl & ETL_MSG_GUID ? 16 : 0) +
		       (fl & ETL_MSG_COMPONENTID ? 4 : 0);
	}
	if (r->kind == ETL_REC_PERFINFO32 || r->kind == ETL_REC_PERFINFO64)
		return 8;
	return 16;
}

static int repeat(const char *in, const char *out, long k)
{
	struct etl_file *f;
	struct etl_file_buffer b;
	struct etl_record r;
	struct etl_file_error err;
	u64 lo = ~0ULL, hi = 0, span;
	s64 seq_max = 0;
	u8 *copy;
	FILE *o;
	long i;

	if (k < 1 || etl_file_open(in, &f, &err) < 0) {
		fprintf(stderr, "etwbench-read: %s: %s\n", in, err.msg);
		return 1;
	}
	/* The span of the data buffers' times, and their last number. */
	while (etl_file_next_buffer(f, &b) > 0) {
		if (b.compressed) {
			fprintf(stderr, "etwbench-read: %s: compressed buffers\n", in);
			return 1;
		}
		if (!b.index)
			continue;
		if (b.info.sequence > seq_max)
			seq_max = b.info.sequence;
		if (b.info.timestamp > hi)
			hi = b.info.timestamp;
		while (etl_file_next_record(f, &b, &r) > 0) {
			if (!(r.present & ETL_REC_HAS_TIME))
				continue;
			if (r.timestamp < lo)
				lo = r.timestamp;
			if (r.timestamp > hi)
				hi = r.timestamp;
		}
	}
	if (lo > hi) {
		fprintf(stderr, "etwbench-read: %s: no timed records\n", in);
		return 1;
	}
	span = hi - lo + 1;
	copy = malloc(etl_file_buffer_size(f));
	o = fopen(out, "w");
	if (!copy || !o) {
		perror(out);
		return 1;
	}
	for (i = 0; i < k; i++) {
		etl_file_rewind(f);
		while (etl_file_next_buffer(f, &b) > 0) {
			u64 shift = (u64)i * span;

			if (b.index == 0 && i)
				continue;
			memcpy(copy, b.data, b.info.buffer_size);
			if (b.index) {
				if (b.info.timestamp)
					put64(copy + 0x10, b.info.timestamp + shift);
				put64(copy + 0x18, (u64)(b.info.sequence + i * (seq_max + 1)));
				while (etl_file_next_record(f, &b, &r) > 0)
					if (r.present & ETL_REC_HAS_TIME)
						put64(copy + r.offset + time_at(&r),
						      r.timestamp + shift);
			}
			if (fwrite(copy, 1, b.info.buffer_size, o) != b.info.buffer_size) {
				perror(out);
				return 1;
			}
		}
	}
	if (fclose(o)) {
		perror(out);
		return 1;
	}
	etl_file_close(f);
	free(copy);
	return 0;
}

static int maxrss(char **argv)
{
	struct rusage ru;
	pid_t pid;
	int st;

	if (posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ)) {
		perror(argv[0]);
		return 1;
	}
	if (wait4(pid, &st, 0, &ru) != pid) {
		perror("wait4");
		return 1;
	}
	printf("maxrss_kib %ld status %d\n", ru.ru_maxrss,
	       WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int rc;

	if (!strcmp(mode, "repeat") && argc == 5)
		return repeat(argv[2], argv[3], atol(argv[4]));
	if (!strcmp(mode, "maxrss") && argc > 2)
		return maxrss(argv + 2);
	if (argc != 3) {
		fprintf(stderr, "usage: etwbench-read repeat IN OUT K | floor|tdh|prop|rss FILE | maxrss CMD...\n");
		return 2;
	}
	if (!strcmp(mode, "floor")) {
		rc = process(argv[2], on_empty);
		printf("events %llu\n", events);
	} else if (!strcmp(mode, "tdh")) {
		rc = process(argv[2], on_tdh);
		printf("events %llu infos %llu\n", events, infos);
	} else if (!strcmp(mode, "prop")) {
		rc = process(argv[2], on_prop);
		printf("events %llu props %llu formats %llu\n", events, props, formats);
	} else if (!strcmp(mode, "rss")) {
		rc = process(argv[2], on_rss);
		printf("events %llu rss_first_kib %ld rss_max_kib %ld\n", events,
		       rss_first, rss_max);
	} else {
		fprintf(stderr, "etwbench-read: unknown mode '%s'\n", mode);
		return 2;
	}
	return rc;
}
