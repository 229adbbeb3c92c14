// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl stop, flush, query (ControlTrace), update (UpdateTrace) and
 * list (QueryAllTraces).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwctl.h"

static const char *update_file_hint(ULONG st)
{
	const char *h = logfile_hint(st);

	if (h || st != ERROR_NOT_SUPPORTED)
		return h;
	return "this etw.ko cannot switch a running session's log file yet";
}

/* ===== stop, flush, query ============================================= */

/* stop, flush and query: one session name, ControlTrace, show it. */
static int control_simple(int argc, char **argv, ULONG code, const char *api,
			  const char *done)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	struct props *b;
	ULONG st, streams = 0;
	int c;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) != 1)
		return usage_err(nargs(argc) ? "too many arguments" :
					       "which session?");
	set_what("session '%s'", argv[optind]);
	if (code == EVENT_TRACE_CONTROL_STOP || code == EVENT_TRACE_CONTROL_FLUSH)
		wait_progress_start(code == EVENT_TRACE_CONTROL_STOP ? "stopping" :
				    "flushing", argv[optind]);
	b = props_new();
	st = ControlTraceA(0, argv[optind], &b->p, code);
	wait_progress_stop();
	if (st != ERROR_SUCCESS) {
		free(b);
		return api_fail(api, st, NULL);
	}
	if (code != EVENT_TRACE_CONTROL_STOP)
		streams = stream_count(b->p.Wnode.HistoricalContext);
	if (!json && done)
		printf("%s session \"%s\".\n", done, props_name(b));
	session_show(b, streams);
	free(b);
	return 0;
}

int cmd_stop(int argc, char **argv)
{
	return control_simple(argc, argv, EVENT_TRACE_CONTROL_STOP,
			      "StopTrace", "Stopped");
}

int cmd_flush(int argc, char **argv)
{
	return control_simple(argc, argv, EVENT_TRACE_CONTROL_FLUSH,
			      "FlushTrace", "Flushed");
}

int cmd_query(int argc, char **argv)
{
	return control_simple(argc, argv, EVENT_TRACE_CONTROL_QUERY,
			      "QueryTrace", NULL);
}

/* ===== update ========================================================== */

int cmd_update(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "flush-timer", required_argument, NULL, OPT_FLUSH_TIMER },
		{ "max-buffers", required_argument, NULL, OPT_MAX_BUFFERS },
		{ "realtime", required_argument, NULL, OPT_REALTIME },
		{ "file", required_argument, NULL, OPT_FILE },
		{ "flags", required_argument, NULL, OPT_FLAGS },
		{ 0 }
	};
	ULONG flush = 0, maxbuf = 0, st, flags = 0;
	const char *file = NULL;
	struct props *cur, *b;
	int c, realtime = -1, have_flags = 0;

	while ((c = next_opt(argc, argv, opts)) != -1) {
		switch (c) {
		case OPT_FLUSH_TIMER:
			if (parse_u32(optarg, UINT32_MAX, &flush) || !flush)
				return usage_err("--flush-timer: seconds, at least 1");
			break;
		case OPT_MAX_BUFFERS:
			if (parse_u32(optarg, UINT32_MAX, &maxbuf) || !maxbuf)
				return usage_err("--max-buffers: a number, at least 1");
			break;
		case OPT_REALTIME:
			if (!strcmp(optarg, "on"))
				realtime = 1;
			else if (!strcmp(optarg, "off"))
				realtime = 0;
			else
				return usage_err("--realtime: on or off");
			break;
		case OPT_FILE:
			file = optarg;
			break;
		case OPT_FLAGS:
			if (kflags_parse(optarg, &flags))
				return EXIT_USAGE;
			have_flags = 1;
			break;
		default:
			return opt_end(c);
		}
	}
	if (nargs(argc) != 1)
		return usage_err(nargs(argc) ? "too many arguments" :
					       "which session?");

	/*
	 * UpdateTrace changes what it is given: FlushTimer and
	 * MaximumBuffers 0 keep, LogFileNameOffset 0 keeps the file, but
	 * LogFileMode 0 turns real time off and EnableFlags is replaced.
	 * So read the current mode and flags first and pass them on.
	 */
	set_what("session '%s'%s%s%s", argv[optind], file ? ", log file '" : "",
		 file ? file : "", file ? "'" : "");
	cur = props_new();
	st = QueryTraceA(0, argv[optind], &cur->p);
	if (st != ERROR_SUCCESS) {
		free(cur);
		return api_fail("QueryTrace", st, NULL);
	}
	b = props_new();
	b->p.FlushTimer = flush;
	b->p.MaximumBuffers = maxbuf;
	b->p.EnableFlags = have_flags ? flags : cur->p.EnableFlags;
	b->p.LogFileMode = cur->p.LogFileMode & EVENT_TRACE_REAL_TIME_MODE;
	if (realtime >= 0)
		b->p.LogFileMode = realtime ? EVENT_TRACE_REAL_TIME_MODE : 0;
	free(cur);
	if (file) {
		if (props_set_file(b, file)) {
			free(b);
			return EXIT_USAGE;
		}
	} else {
		b->p.LogFileNameOffset = 0;
	}
	st = UpdateTraceA(0, argv[optind], &b->p);
	free(b);
	if (st != ERROR_SUCCESS)
		return api_fail("UpdateTrace", st, file ? update_file_hint(st) :
						      NULL);
	/* Show the session as it is now, log file name included. */
	b = props_new();
	st = QueryTraceA(0, argv[optind], &b->p);
	if (st != ERROR_SUCCESS) {
		free(b);
		return api_fail("QueryTrace", st, NULL);
	}
	if (!json)
		printf("Updated session \"%s\".\n", props_name(b));
	session_show(b, stream_count(b->p.Wnode.HistoricalContext));
	free(b);
	return 0;
}

/* ===== list ============================================================ */

int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	PEVENT_TRACE_PROPERTIES arr[ETW_MAX_SESSIONS];
	struct props *blocks;
	ULONG count = 0, st, i;
	int c, w = 7;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc))
		return usage_err("too many arguments");
	blocks = calloc(ETW_MAX_SESSIONS, sizeof(*blocks));
	if (!blocks) {
		fprintf(stderr, "etwctl: out of memory\n");
		return EXIT_API;
	}
	for (i = 0; i < ETW_MAX_SESSIONS; i++) {
		props_init(&blocks[i]);
		arr[i] = &blocks[i].p;
	}
	st = QueryAllTracesA(arr, ETW_MAX_SESSIONS, &count);
	if (st != ERROR_SUCCESS && st != ERROR_MORE_DATA) {
		free(blocks);
		return api_fail("QueryAllTraces", st, NULL);
	}
	if (json) {
		json_open(&jout, '[');
		for (i = 0; i < count; i++) {
			json_open(&jout, '{');
			session_json_members(&blocks[i], 0);
			json_close(&jout, '}');
		}
		json_close(&jout, ']');
		json_end(&jout);
		free(blocks);
		return 0;
	}
	for (i = 0; i < count; i++)
		if ((int)strlen(props_name(&blocks[i])) > w)
			w = (int)strlen(props_name(&blocks[i]));
	printf("%-*s %4s  %-24s %8s %9s %11s %12s  %s\n", w, "SESSION", "ID",
	       "MODE", "BUFFER", "BUFFERS", "EVENTS LOST", "BUFS WRITTEN",
	       "LOG FILE");
	for (i = 0; i < count; i++) {
		const struct props *b = &blocks[i];
		const EVENT_TRACE_PROPERTIES *p = &b->p;
		char m[256], buf[32], nb[32];

		snprintf(buf, sizeof(buf), "%u KB", p->BufferSize);
		snprintf(nb, sizeof(nb), "%u/%u", p->NumberOfBuffers,
			 p->MaximumBuffers);
		printf("%-*s %4u  %-24s %8s %9s %11u %12u  %s\n", w,
		       props_name(b), logger_id(p->Wnode.HistoricalContext),
		       mode_text(p->LogFileMode, m, sizeof(m)), buf, nb,
		       p->EventsLost, p->BuffersWritten,
		       props_file(b) ? props_file(b) : "-");
	}
	if (!count)
		printf("(no sessions)\n");
	free(blocks);
	return 0;
}

