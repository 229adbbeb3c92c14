// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: print the events of .etl files or of a real-time session, in
 * the spirit of Windows tracerpt.  Uses only the public consumer API
 * (OpenTrace, ProcessTrace, CloseTrace).
 *
 *   etwdump [--json|--csv|--xml] [--header] [--manifest FILE]... [--tmf PATH] [filters]
 *           [--raw-time] [--max N] [--quiet] [--no-progress]
 *           [--chrome FILE] [--ctf DIR] [--report FILE.html]
 *           {--session NAME | FILE.etl...}
 *
 * One line per event: time (ISO-8601 UTC with 100-ns digits, or the raw
 * session clock with --raw-time), CPU, PID/TID, provider GUID and name,
 * event name, id, version, level, keywords, opcode, task, flags,
 * activity IDs, extended items, then the event's fields by name with
 * their values as TDH formats them -- decoded from TraceLogging metadata
 * in the event, or from a manifest (installed with etwctl manifest
 * install, or given with --manifest).  An event TDH cannot decode shows
 * its payload in hex and why; a string-only event its string; a
 * TraceMessage (WPP) event its message GUID and "msg=" number.  --json,
 * --csv and --xml print the same as JSON lines or in tracerpt's CSV and
 * XML layouts.  At the end, or on SIGINT/SIGTERM while following a
 * session, a summary: events per provider, events and buffers lost,
 * buffers read.  In a damaged file every intact event is printed; each
 * damaged place skipped is reported with file, buffer, file offset and
 * reason (on stderr, or as a "damage" object with --json), and the exit
 * status is 1.  --chrome, --ctf and --report convert the trace in the
 * same pass (stdout then gets only the summary).  On a terminal, a
 * progress line while it works.
 *
 * This file: options, opening the traces, ProcessTrace and the exit
 * status; etwdump.h lists the others.
 */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "etwdump.h"

struct etwdump dump = {
	.out = &output_text,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.filter.level = -1,
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: etwdump [--json|--csv|--xml] [--header] [--manifest FILE]... [--tmf PATH]\n"
		"               [filters] [--no-decode] [--raw-time] [--max N] [--quiet]\n"
		"               [--no-progress] [--chrome FILE] [--ctf DIR] [--report FILE.html]\n"
		"               {--session NAME | FILE.etl...}\n"
		"  --session NAME  follow a real-time session until it stops (or ^C)\n"
		"  FILE.etl...     read log files, merged by time (at most %d)\n"
		"  --json          one JSON object per line\n"
		"  --csv           tracerpt -of CSV's columns\n"
		"  --xml           tracerpt -of XML's events\n"
		"  --header        the log file header (logger, mode, clock, ...) first\n"
		"  --manifest FILE decode with this manifest too (repeatable)\n"
		"  --tmf PATH      WPP messages formatted from the <GUID>.tmf files of PATH\n"
		"                  (';'-separated; default $TRACE_FORMAT_SEARCH_PATH)\n"
		"%s"
		"  --no-decode     payloads in hex, no TDH (names, fields, extended items)\n"
		"  --raw-time      raw session clock instead of UTC time\n"
		"  --max N         print at most N events\n"
		"  --quiet         print only the summary\n"
		"  --no-progress   no progress line on a terminal\n"
		"  --chrome FILE   write Trace Event JSON (Perfetto, chrome://tracing)\n"
		"  --ctf DIR       write a CTF 1.8 trace (babeltrace2, Trace Compass)\n"
		"  --report FILE   write a visual summary as one HTML page\n",
		MAX_FILES, filter_usage());
}

static const char *win32_name(ULONG e)
{
	switch (e) {
	case ERROR_SUCCESS: return "ERROR_SUCCESS";
	case ERROR_FILE_NOT_FOUND: return "ERROR_FILE_NOT_FOUND";
	case ERROR_PATH_NOT_FOUND: return "ERROR_PATH_NOT_FOUND";
	case ERROR_ACCESS_DENIED: return "ERROR_ACCESS_DENIED";
	case ERROR_INVALID_HANDLE: return "ERROR_INVALID_HANDLE";
	case ERROR_NOT_ENOUGH_MEMORY: return "ERROR_NOT_ENOUGH_MEMORY";
	case ERROR_BAD_LENGTH: return "ERROR_BAD_LENGTH";
	case ERROR_NOT_SUPPORTED: return "ERROR_NOT_SUPPORTED";
	case ERROR_INVALID_PARAMETER: return "ERROR_INVALID_PARAMETER";
	case ERROR_BAD_PATHNAME: return "ERROR_BAD_PATHNAME";
	case ERROR_BUSY: return "ERROR_BUSY";
	case ERROR_CANCELLED: return "ERROR_CANCELLED";
	case ERROR_FILE_CORRUPT: return "ERROR_FILE_CORRUPT";
	case ERROR_INVALID_TIME: return "ERROR_INVALID_TIME";
	case ERROR_WMI_INSTANCE_NOT_FOUND: return "ERROR_WMI_INSTANCE_NOT_FOUND";
	case ERROR_WMI_SERVER_UNAVAILABLE: return "ERROR_WMI_SERVER_UNAVAILABLE (is etw.ko loaded?)";
	case ERROR_CTX_CLOSE_PENDING: return "ERROR_CTX_CLOSE_PENDING";
	default: return "error";
	}
}

int main(int argc, char **argv)
{
	const char *session = NULL;
	const char *files[MAX_FILES];
	int nfiles = 0, i;
	sigset_t set;
	pthread_t sig_thread;
	ULONG status;
	int ret = 0, k;

	/* Only the thread running ProcessTrace writes to stdout. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	for (i = 1; i < argc; i++) {
		int fr = i + 1 < argc ? filter_option(argv[i], argv[i + 1]) : 0;

		if (fr < 0) {
			fprintf(stderr, "etwdump: bad %s %s\n", argv[i], argv[i + 1]);
			return 2;
		} else if (fr > 0) {
			i++;
		} else if (!strcmp(argv[i], "--json")) {
			dump.out = &output_json;
		} else if (!strcmp(argv[i], "--csv")) {
			dump.out = &output_csv;
		} else if (!strcmp(argv[i], "--xml")) {
			dump.out = &output_xml;
		} else if (!strcmp(argv[i], "--header")) {
			dump.header = 1;
		} else if (!strcmp(argv[i], "--manifest") && i + 1 < argc) {
			if (decode_load_manifest(argv[++i]))
				return 1;
		} else if (!strcmp(argv[i], "--tmf") && i + 1 < argc) {
			decode_tmf_path = argv[++i];
		} else if (!strcmp(argv[i], "--no-decode")) {
			dump.no_decode = 1;
		} else if (!strcmp(argv[i], "--raw-time")) {
			dump.raw = 1;
		} else if (!strcmp(argv[i], "--quiet")) {
			dump.quiet = 1;
		} else if (!strcmp(argv[i], "--no-progress")) {
			dump.no_progress = 1;
		} else if ((!strcmp(argv[i], "--chrome") || !strcmp(argv[i], "--ctf") ||
			    !strcmp(argv[i], "--report")) && i + 1 < argc) {
			const struct output *o = argv[i][2] == 'r' ? &output_report :
						 argv[i][3] == 'h' ? &output_chrome :
								     &output_ctf;
			int k;

			for (k = 0; k < dump.nfouts; k++) {
				if (dump.fouts[k].out == o) {
					fprintf(stderr, "etwdump: %s given twice\n", argv[i]);
					return 2;
				}
			}
			dump.fouts[dump.nfouts].out = o;
			dump.fouts[dump.nfouts++].path = argv[++i];
		} else if (!strcmp(argv[i], "--max") && i + 1 < argc) {
			char *end;

			dump.max = strtoull(argv[++i], &end, 0);
			if (*end || !dump.max) {
				fprintf(stderr, "etwdump: --max wants a positive number\n");
				return 2;
			}
		} else if (!strcmp(argv[i], "--session") && i + 1 < argc) {
			session = argv[++i];
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			usage(stderr);
			return 2;
		} else if (nfiles == MAX_FILES) {
			fprintf(stderr, "etwdump: at most %d files\n", MAX_FILES);
			return 2;
		} else {
			files[nfiles++] = argv[i];
		}
	}
	if (!!session == !!nfiles) {
		usage(stderr);
		return 2;
	}
	dump.session = session;
	/* Converting: stdout gets the summary only. */
	if (dump.nfouts)
		dump.quiet = 1;
	for (i = 0; i < dump.nfouts; i++)
		if (dump.fouts[i].out->open(dump.fouts[i].path))
			return 1;

	/* Signals go to one thread, which closes the traces. */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	if (pthread_create(&sig_thread, NULL, signal_main, &set) == 0)
		pthread_detach(sig_thread);

	dump.nh = session ? 1 : nfiles;
	for (i = 0; i < dump.nh; i++) {
		EVENT_TRACE_LOGFILEA *lf = &dump.lf[i];

		memset(lf, 0, sizeof(*lf));
		if (session) {
			lf->LoggerName = (LPSTR)session;
			lf->ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
		} else {
			lf->LogFileName = (LPSTR)files[i];
			dump.files[i] = files[i];
		}
		lf->ProcessTraceMode |= PROCESS_TRACE_MODE_EVENT_RECORD;
		if (dump.raw)
			lf->ProcessTraceMode |= PROCESS_TRACE_MODE_RAW_TIMESTAMP;
		lf->EventRecordCallback = on_event;
		lf->BufferCallback = on_buffer;
		lf->Context = (PVOID)(intptr_t)i;
		pthread_mutex_lock(&dump.lock);
		dump.h[i] = OpenTraceA(lf);
		pthread_mutex_unlock(&dump.lock);
		if (dump.h[i] == INVALID_PROCESSTRACE_HANDLE) {
			ULONG e = GetLastError();

			if (session)
				fprintf(stderr, "etwdump: %s: OpenTrace: %s (%u)\n",
					session, win32_name(e), e);
			else
				report_open_error(files[i], e, win32_name(e));
			dump.nh = i;
			close_all();
			return 1;
		}
		/* Files: the losses the header recorded (updated per buffer). */
		dump.events_lost[i] = lf->LogfileHeader.EventsLost;
		dump.buffers_lost[i] = lf->LogfileHeader.BuffersLost;
		/* A session: lost before we came, at the start of what we see. */
		if (session && (dump.events_lost[i] || dump.buffers_lost[i]))
			for (k = 0; k < dump.nfouts; k++)
				if (dump.fouts[k].out->lost)
					dump.fouts[k].out->lost(0, dump.events_lost[i],
								dump.buffers_lost[i]);
	}

	clock_gettime(CLOCK_MONOTONIC, &dump.t0);
	progress_start((char *const *)files, session ? 0 : nfiles);
	if (dump.out->begin)
		dump.out->begin(stdout);
	status = ProcessTrace(dump.h, dump.nh,
			      dump.filter.since.dwHighDateTime ? &dump.filter.since : NULL,
			      dump.filter.until.dwHighDateTime ? &dump.filter.until : NULL);
	progress_stop();
	if (dump.out->end)
		dump.out->end(stdout);
	fflush(stdout);
	report_damage();
	if (summary(status))
		ret = 1;
	close_all();
	if (status != ERROR_SUCCESS && status != ERROR_CANCELLED) {
		fprintf(stderr, "etwdump: ProcessTrace: %s (%u)\n",
			win32_name(status), status);
		return 1;
	}
	return ret;
}
