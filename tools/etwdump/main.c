// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: print the events of .etl files or of a real-time session, in
 * the spirit of Windows tracerpt.  Uses only the public consumer API
 * (OpenTrace, ProcessTrace, CloseTrace).
 *
 *   etwdump [OPTIONS] FILE.etl...         log files, merged by time
 *   etwdump [OPTIONS] --session NAME      a running real-time session
 *   etwdump [OPTIONS] --follow -p NAME... a session of its own, until ^C
 *
 * One line per event, in the manner of perf script: time of day (UTC
 * with 100-ns digits, the date on the first line and each new day's; or
 * the raw session clock with --raw-time), CPU, process name, PID/TID,
 * provider and event names; with -v instead the whole ISO-8601 time,
 * CPU, PID/TID, provider GUID and name, event name, id, version, level,
 * keywords, opcode, task, flags, activity IDs, extended items.  Then the
 * event's fields by name with
 * their values as TDH formats them -- decoded from TraceLogging metadata
 * in the event, or from a manifest (installed with etwctl manifest
 * install, or given with --manifest).  An event TDH cannot decode shows
 * its payload in hex and why; a string-only event its string; a
 * TraceMessage (WPP) event its message GUID and "msg=" number.  --json,
 * --csv and --xml print the same as JSON lines or in tracerpt's CSV and
 * XML layouts; standard output then holds that and nothing else (the
 * closing summary goes to standard error).  --summary prints, instead of
 * the events, tracerpt -summary's tables (events per provider, per event
 * type, per process), as one JSON object with --json.  In a damaged file
 * every intact event is printed; each damaged place skipped is reported
 * on stderr with file, buffer, file offset and reason, and the exit
 * status is 1.  --chrome, --ctf and --report convert the trace in the
 * same pass.  On a terminal, a progress line while it works.
 *
 * This file: options, opening the traces, ProcessTrace and the exit
 * status; etwdump.h lists the others.
 */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "etwdump.h"
#include "stackev.h"
#include "common/cli.h"

/* Standard output's buffer when it is a file or a pipe. */
#define STDOUT_BUFFER	(256 * 1024)

struct etwdump dump = {
	.out = &output_text,
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.filter.level = -1,
};

#define SYNOPSIS \
	"usage: etwdump [OPTIONS] FILE.etl...         read log files (merged by time)\n" \
	"       etwdump [OPTIONS] --session NAME      follow a real-time session\n" \
	"       etwdump [OPTIONS] --follow -p PROVIDER[:LEVEL[:KEYWORDS]]... [--kernel FLAGS]\n" \
	"                                             a session of its own, until ^C\n"

static void usage(FILE *f)
{
	fprintf(f, SYNOPSIS
		"Output (one of; text by default):\n"
		"  --json          one JSON object per event (summary on stderr)\n"
		"  --identity[=HOST] with --json: where each event comes from first (host,\n"
		"                  boot_id, session, start, file, seq), as etw-export keys it\n"
		"  --csv           tracerpt -of CSV's columns\n"
		"  --xml           tracerpt -of XML's events\n"
		"  --summary       instead of the events: events per provider, event type and\n"
		"                  process, the trace's span (one JSON object with --json)\n"
		"  --chrome FILE   also write Trace Event JSON (Perfetto, chrome://tracing; - stdout)\n"
		"  --ctf DIR       also write a CTF 1.8 trace (babeltrace2, Trace Compass)\n"
		"  --report FILE   also write the interactive HTML report (- stdout)\n"
		"  --etl FILE      also write the events as an .etl file (converts perf.data)\n"
		"Stacks and profiles (symbols from the ELF files and their debug files):\n"
		"  --stacks        each event with its call stack, a frame per line (--json too)\n"
		"  --cpu           CPU usage from the samples: process, thread, module and\n"
		"                  function, inclusive and exclusive; the hottest stacks\n"
		"  --waits         CPU usage from context switches: running, ready, waiting;\n"
		"                  who readied whom, from which stack\n"
		"  --perf-script   what perf script prints (FlameGraph, speedscope, Firefox Profiler)\n"
		"  --pprof FILE    also write the samples as gzipped profile.proto (pprof, Pyroscope)\n"
		"  --debuginfo-path DIRS  look for debug files (DIR/.build-id/xx/yyyy.debug)\n"
		"                  in DIRS (':'-separated) before /usr/lib/debug\n"
		"  --symfs DIR     the trace's files are under DIR (another machine's)\n"
		"  --kallsyms FILE kernel symbols (the traced boot's /proc/kallsyms)\n"
		"What to show:\n"
		"  -p, --provider P  only provider P: a GUID, a name (manifest, kernel class,\n"
		"                  decoded name) or *NAME (its name-hash GUID); repeatable.\n"
		"                  With --follow: the provider to enable, with a level and\n"
		"                  keywords (hex) after ':'\n"
		"  --level N       only levels 0..N\n"
		"  --keywords M    only events with a keyword bit of M (or none)\n"
		"  --id N          only event id N (repeatable)\n"
		"  --since T       only from T on (UTC, 2024-01-31T12:34:56[.fffffff][Z])\n"
		"  --until T       only up to T\n"
		"  --max N         at most N events\n"
		"How:\n"
		"  --header        the log file header (logger, mode, clock, ...) first\n"
		"  --manifest FILE decode with this manifest too (repeatable)\n"
		"  --tmf PATH      WPP messages formatted from the <GUID>.tmf files of PATH\n"
		"                  (';'-separated; default $TRACE_FORMAT_SEARCH_PATH)\n"
		"  --no-decode     payloads in hex, no TDH (names, fields, extended items)\n"
		"  --raw-time      raw session clock instead of UTC time\n"
		"  -v, --verbose   text: each event's whole header (GUID, id, version, level,\n"
		"                  keywords, opcode, task, flags, activity, extended items)\n"
		"  -q, --quiet     print only the closing summary\n"
		"  --no-progress   no progress line on a terminal\n"
		"--follow:\n"
		"  --kernel FLAGS  also the NT Kernel Logger's events (process,thread,img,...)\n"
		"  -d, --duration S  stop after S seconds\n"
		"  -h, --help      this help;  --version  the version\n"
		"At most %d files.  Exit status: 0, 1 (an error, or damage skipped), 2 (usage).\n",
		MAX_FILES);
}

enum {
	O_JSON = 0x100, O_CSV, O_XML, O_SUMMARY, O_HEADER, O_MANIFEST,
	O_NO_DECODE, O_RAW, O_MAX, O_NO_PROGRESS, O_CHROME, O_CTF, O_REPORT, O_ETL,
	O_SESSION, O_FOLLOW, O_KERNEL, O_LEVEL, O_KEYWORDS, O_ID, O_SINCE,
	O_UNTIL, O_VERSION, O_IDENTITY, O_TMF, O_STACKS, O_CPU, O_WAITS,
	O_PERF_SCRIPT, O_PPROF, O_DEBUGINFO, O_SYMFS, O_KALLSYMS,
};

static const struct option options[] = {
	{ "json", no_argument, NULL, O_JSON },
	{ "identity", optional_argument, NULL, O_IDENTITY },
	{ "csv", no_argument, NULL, O_CSV },
	{ "xml", no_argument, NULL, O_XML },
	{ "summary", no_argument, NULL, O_SUMMARY },
	{ "header", no_argument, NULL, O_HEADER },
	{ "manifest", required_argument, NULL, O_MANIFEST },
	{ "tmf", required_argument, NULL, O_TMF },
	{ "no-decode", no_argument, NULL, O_NO_DECODE },
	{ "raw-time", no_argument, NULL, O_RAW },
	{ "max", required_argument, NULL, O_MAX },
	{ "quiet", no_argument, NULL, 'q' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "no-progress", no_argument, NULL, O_NO_PROGRESS },
	{ "chrome", required_argument, NULL, O_CHROME },
	{ "ctf", required_argument, NULL, O_CTF },
	{ "report", required_argument, NULL, O_REPORT },
	{ "etl", required_argument, NULL, O_ETL },
	{ "stacks", no_argument, NULL, O_STACKS },
	{ "cpu", no_argument, NULL, O_CPU },
	{ "waits", no_argument, NULL, O_WAITS },
	{ "perf-script", no_argument, NULL, O_PERF_SCRIPT },
	{ "pprof", required_argument, NULL, O_PPROF },
	{ "debuginfo-path", required_argument, NULL, O_DEBUGINFO },
	{ "symfs", required_argument, NULL, O_SYMFS },
	{ "kallsyms", required_argument, NULL, O_KALLSYMS },
	{ "session", required_argument, NULL, O_SESSION },
	{ "follow", no_argument, NULL, O_FOLLOW },
	{ "kernel", required_argument, NULL, O_KERNEL },
	{ "duration", required_argument, NULL, 'd' },
	{ "provider", required_argument, NULL, 'p' },
	{ "level", required_argument, NULL, O_LEVEL },
	{ "keywords", required_argument, NULL, O_KEYWORDS },
	{ "id", required_argument, NULL, O_ID },
	{ "since", required_argument, NULL, O_SINCE },
	{ "until", required_argument, NULL, O_UNTIL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, O_VERSION },
	{ 0 }
};

/*
 * A usage error that the synopsis helps with: what is wrong on the first
 * line, then the synopsis and where the options are.  Returns 2.
 */
__attribute__((format(printf, 1, 2)))
static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("etwdump: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputs("\n" SYNOPSIS "'etwdump --help' lists the options\n", stderr);
	return 2;
}

/* The options that write a file, and how they are given. */
struct writer {
	int opt;
	const struct output *out;
	const char *name, *what, *how;
};

static const struct writer writers[] = {
	{ O_CHROME, &output_chrome, "--chrome", "an output file", "--chrome OUT.json FILE.etl" },
	{ O_REPORT, &output_report, "--report", "an output file", "--report OUT.html FILE.etl" },
	{ O_CTF, &output_ctf, "--ctf", "an output directory", "--ctf DIR FILE.etl" },
	{ O_ETL, &output_etl, "--etl", "an output file", "--etl OUT.etl perf.data" },
	{ O_PPROF, &output_pprof, "--pprof", "an output file", "--pprof OUT.pb.gz FILE.etl" },
};

/* The writer of option @opt, or of output @out; NULL if none. */
static const struct writer *writer_of(int opt, const struct output *out)
{
	size_t i;

	for (i = 0; i < sizeof(writers) / sizeof(writers[0]); i++)
		if (writers[i].opt == opt || writers[i].out == out)
			return &writers[i];
	return NULL;
}

/* getopt_long found option @opt last, without its value. */
static int missing_value(int opt, char **argv)
{
	const struct writer *w = writer_of(opt, NULL);

	if (w)
		return usage_error("%s needs %s: %s", w->name, w->what, w->how);
	return usage_error("option '%s' needs a value", argv[optind - 1]);
}

/* Whether @path, given to the writer @w, is rather the trace to read. */
static int is_input(const char *w, const char *path)
{
	static const char *const ext[] = { ".etl", ".data", ".dat" };
	size_t n = strlen(path), i, k;
	struct stat st;

	/* --etl writes an .etl: an existing file is rather the input */
	if (!strcmp(w, "--etl"))
		return !stat(path, &st) && S_ISREG(st.st_mode);
	for (i = 0; i < sizeof(ext) / sizeof(ext[0]); i++) {
		k = strlen(ext[i]);
		if (n > k && !strcasecmp(path + n - k, ext[i]))
			return 1;
	}
	return 0;
}

/*
 * No trace to read: say so, or that a writer took it for its file
 * (etwdump --chrome x.etl).
 */
static int no_input(void)
{
	const struct writer *w;
	int k;

	for (k = 0; k < dump.nfouts; k++) {
		w = writer_of(0, dump.fouts[k].out);
		if (w && is_input(w->name, dump.fouts[k].path))
			return usage_error("%s needs %s: %s (is %s the trace?)", w->name,
					   w->what, w->how, dump.fouts[k].path);
	}
	return usage_error("which trace? give FILE.etl, --session NAME or --follow -p PROVIDER");
}

static int bad(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "etwdump: ");
	fprintf(stderr, fmt, a, b);
	fprintf(stderr, "\n");
	return 2;
}

/* A whole number: digits only (no sign, no blank), within @max. */
static int whole(const char *s, unsigned long long max, unsigned long long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *end || *v > max ? -1 : 0;
}

static int add_file_output(const struct output *o, const char *opt, const char *path)
{
	int k;

	for (k = 0; k < dump.nfouts; k++)
		if (dump.fouts[k].out == o)
			return bad("%s given twice", opt, NULL);
	if (!*path)
		return bad("%s needs a file name", opt, NULL);
	dump.fouts[dump.nfouts].out = o;
	dump.fouts[dump.nfouts++].path = path;
	return 0;
}

/* The options; 0, -1 (exit 0: --help, --version) or an exit status. */
static int parse(int argc, char **argv, const char **pspecs, int *npspecs,
		 const char **kernel)
{
	const struct output *fmt = NULL;
	const char *fmt_opt = NULL, *stdout_user = NULL;
	int stacks = 0, perf_script = 0;
	unsigned long long v;
	double secs;
	char *end;
	int c, k, r;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":p:qvd:h", options, NULL)) != -1) {
		switch (c) {
		case O_JSON:
		case O_CSV:
		case O_XML: {
			const struct output *o = c == O_JSON ? &output_json :
						 c == O_CSV ? &output_csv : &output_xml;

			if (fmt && fmt != o)
				return bad("%s and %s: choose one output format",
					   fmt_opt, argv[optind - 1]);
			fmt = o;
			fmt_opt = argv[optind - 1];
			break;
		}
		case O_SUMMARY:
			dump.summary = 1;
			break;
		case O_STACKS:
			stacks = 1;
			break;
		case O_PERF_SCRIPT:
			perf_script = 1;
			break;
		case O_CPU:
			dump.cpu = 1;
			break;
		case O_WAITS:
			dump.waits = 1;
			break;
		case O_PPROF:
			if (!strcmp(optarg, "-"))
				return bad("--pprof writes a file, not standard output", NULL, NULL);
			r = add_file_output(&output_pprof, "--pprof", optarg);
			if (r)
				return r;
			break;
		case O_DEBUGINFO:
			sev_sym_opts.debuginfo_path = optarg;
			break;
		case O_SYMFS:
			sev_sym_opts.symfs = optarg;
			break;
		case O_KALLSYMS:
			sev_sym_opts.kallsyms = optarg;
			break;
		case O_IDENTITY:
			if (optarg && !*optarg)
				return bad("--identity=HOST: a host name, not empty", NULL, NULL);
			dump.identity = optarg ? optarg : "";
			break;
		case O_HEADER:
			dump.header = 1;
			break;
		case O_MANIFEST:
			if (decode_load_manifest(optarg))
				return 1;
			break;
		case O_TMF:
			decode_tmf_path = optarg;
			break;
		case O_NO_DECODE:
			dump.no_decode = 1;
			break;
		case O_RAW:
			dump.raw = 1;
			break;
		case O_MAX:
			if (whole(optarg, UINT64_MAX, &v) || !v)
				return bad("--max %s: a number of events, at least 1", optarg, NULL);
			dump.max = v;
			break;
		case 'q':
			dump.quiet = 1;
			break;
		case 'v':
			dump.verbose = 1;
			break;
		case O_NO_PROGRESS:
			dump.no_progress = 1;
			break;
		case O_CHROME:
		case O_REPORT:
			if (!strcmp(optarg, "-")) {
				if (stdout_user)
					return bad("%s - and %s - both write to standard output",
						   stdout_user, argv[optind - 2]);
				stdout_user = c == O_CHROME ? "--chrome" : "--report";
			}
			r = add_file_output(c == O_CHROME ? &output_chrome : &output_report,
					    c == O_CHROME ? "--chrome" : "--report", optarg);
			if (r)
				return r;
			break;
		case O_ETL:
			if (!strcmp(optarg, "-"))
				return bad("--etl writes a file, not standard output", NULL, NULL);
			r = add_file_output(&output_etl, "--etl", optarg);
			if (r)
				return r;
			break;
		case O_CTF:
			if (!strcmp(optarg, "-"))
				return bad("--ctf writes a directory, not standard output", NULL, NULL);
			r = add_file_output(&output_ctf, "--ctf", optarg);
			if (r)
				return r;
			break;
		case O_SESSION:
			if (dump.session)
				return bad("--session given twice", NULL, NULL);
			dump.session = optarg;
			break;
		case O_FOLLOW:
			dump.follow = 1;
			break;
		case O_KERNEL:
			if (rec_kernel_help_asked(optarg)) {
				rec_kernel_help(stdout);
				return -1;
			}
			*kernel = optarg;
			break;
		case 'd':
			errno = 0;
			secs = strtod(optarg, &end);
			if (errno || *end || !(secs > 0) || secs > 1e9)
				return bad("--duration %s: seconds, more than 0", optarg, NULL);
			dump.duration = secs;
			break;
		case 'p':
			if (*npspecs == MAX_FILTERS)
				return bad("at most %s providers", "64", NULL);
			pspecs[(*npspecs)++] = optarg;
			break;
		case O_LEVEL:
			if (whole(optarg, 255, &v))
				return bad("--level %s: 0 to 255", optarg, NULL);
			dump.filter.level = (int)v;
			break;
		case O_KEYWORDS:
			errno = 0;
			dump.filter.keywords = strtoull(optarg, &end, 16);
			if (errno || *end || optarg[0] == '-' || !dump.filter.keywords)
				return bad("--keywords %s: a keyword mask (hexadecimal, not 0)",
					   optarg, NULL);
			break;
		case O_ID:
			if (whole(optarg, 0xFFFF, &v))
				return bad("--id %s: an event id, 0 to 65535", optarg, NULL);
			if (dump.filter.nids == 256)
				return bad("at most 256 --id", NULL, NULL);
			dump.filter.ids[dump.filter.nids++] = (USHORT)v;
			break;
		case O_SINCE:
		case O_UNTIL:
			if (filter_time(optarg, c == O_SINCE ? &dump.filter.since :
							       &dump.filter.until))
				return bad("%s %s: a UTC time, 2024-01-31T12:34:56[.fffffff][Z]",
					   c == O_SINCE ? "--since" : "--until", optarg);
			break;
		case 'h':
			usage(stdout);
			return -1;
		case O_VERSION:
			cli_version();
			return -1;
		case ':':
			return missing_value(optopt, argv);
		default:
			cli_bad_option(c, argv);
			return 2;
		}
	}
	/* The views of stacks: one thing on standard output. */
	if (stacks + perf_script + dump.cpu + dump.waits > 1 ||
	    (stacks + perf_script + dump.cpu + dump.waits && dump.summary))
		return bad("--stacks, --perf-script, --cpu, --waits and --summary: choose one%s",
			   "", NULL);
	if ((stacks || dump.cpu || dump.waits) && fmt && fmt != &output_json)
		return bad("%s with %s: text, or --json", stacks ? "--stacks" : dump.cpu ?
			   "--cpu" : "--waits", fmt_opt);
	if (perf_script && fmt)
		return bad("--perf-script prints perf script's text: no %s", fmt_opt, NULL);
	if ((stacks || perf_script || dump.cpu || dump.waits) && stdout_user)
		return bad("%s - writes to standard output: choose one", stdout_user, NULL);
	if (stacks) {
		stacks_init(fmt == &output_json);
		fmt = fmt ? &output_stacks_json : &output_stacks;
	} else if (perf_script) {
		perf_script_init();
		fmt = &output_perf_script;
	}
	if (dump.cpu)
		cpu_init(fmt == &output_json);
	if (dump.waits)
		waits_init(fmt == &output_json);
	if (fmt)
		dump.out = fmt;
	for (k = optind; k < argc; k++) {
		if (dump.nfiles == MAX_FILES)
			return bad("at most %s files", "64", NULL);
		dump.files[dump.nfiles++] = argv[k];
	}
	/* Where the events come from: one of three. */
	if (dump.follow && (dump.session || dump.nfiles))
		return bad("--follow makes its own session: no %s", dump.session ?
			   "--session" : "files", NULL);
	if (dump.session && dump.nfiles)
		return bad("--session NAME or FILE.etl..., not both", NULL, NULL);
	if (!dump.follow && !dump.session && !dump.nfiles)
		return no_input();
	if (dump.follow && !*npspecs && !*kernel)
		return bad("--follow: which providers? (-p NAME, --kernel FLAGS)", NULL, NULL);
	if (!dump.follow && (*kernel || dump.duration))
		return bad("%s is for --follow", *kernel ? "--kernel" : "--duration", NULL);
	/* What goes to standard output: one thing. */
	if (dump.summary && (fmt == &output_csv || fmt == &output_xml))
		return bad("--summary and %s: choose one (--summary --json for a JSON summary)",
			   fmt_opt, NULL);
	if (dump.header && fmt == &output_json)
		return bad("--header prints text; with --json, --summary --json has the "
			   "traces' headers", NULL, NULL);
	if (stdout_user && (fmt || dump.summary || dump.header))
		return bad("%s - writes to standard output: no %s then", stdout_user,
			   fmt ? fmt_opt : dump.summary ? "--summary" : "--header");
	if (dump.identity && (fmt != &output_json || dump.summary))
		return bad("--identity adds members to --json's events: %s", fmt != &output_json ?
			   "give --json" : "no --summary", NULL);
	if (dump.no_decode && dump.summary)
		return bad("--summary needs the events decoded: no --no-decode", NULL, NULL);
	return 0;
}

/* --identity: where each trace's events come from (common/origin.h). */
static int identity(void)
{
	char host[256];
	int i;

	if (!dump.identity)
		return 0;
	if (!*dump.identity) {
		if (origin_hostname(host, sizeof(host))) {
			perror("etwdump: --identity: gethostname");
			return -1;
		}
		dump.identity = strdup(host);
	}
	dump.origin = calloc(MAX_FILES, sizeof(*dump.origin));
	if (!dump.identity || !dump.origin) {
		fprintf(stderr, "etwdump: out of memory\n");
		return -1;
	}
	for (i = 0; i < dump.nh; i++)
		origin_init(&dump.origin[i], dump.identity, &dump.lf[i]);
	return 0;
}

static int open_traces(void)
{
	int i, k;

	dump.nh = dump.session ? 1 : dump.nfiles;
	for (i = 0; i < dump.nh; i++) {
		EVENT_TRACE_LOGFILEA *lf = &dump.lf[i];

		memset(lf, 0, sizeof(*lf));
		if (dump.session) {
			lf->LoggerName = (LPSTR)dump.session;
			lf->ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
		} else {
			lf->LogFileName = (LPSTR)dump.files[i];
		}
		lf->ProcessTraceMode |= PROCESS_TRACE_MODE_EVENT_RECORD;
		if (dump.raw)
			lf->ProcessTraceMode |= PROCESS_TRACE_MODE_RAW_TIMESTAMP;
		lf->EventRecordCallback = on_event;
		lf->BufferCallback = on_buffer;
		lf->Context = (PVOID)(intptr_t)i;
		pthread_mutex_lock(&dump.lock);
		dump.h[i] = OpenTraceA(lf);
		/* A signal before ProcessTrace: close it now, it returns at once. */
		if (dump.closed && dump.h[i] != INVALID_PROCESSTRACE_HANDLE)
			CloseTrace(dump.h[i]);
		pthread_mutex_unlock(&dump.lock);
		if (dump.h[i] == INVALID_PROCESSTRACE_HANDLE) {
			ULONG e = GetLastError();

			if (dump.session) {
				const char *hint = module_hint();

				fprintf(stderr, "etwdump: session '%s': OpenTrace: %s (%u)%s%s\n",
					dump.session, win32_name(e), e, hint ? "; " : "",
					hint ? hint : e == ERROR_WMI_INSTANCE_NOT_FOUND ?
					"; no such session runs ('etwctl list' shows them)" : "");
			} else {
				report_open_error(dump.files[i], e, win32_name(e));
			}
			dump.nh = i;
			close_all();
			return -1;
		}
		/* Files: the losses the header recorded (updated per buffer). */
		dump.events_lost[i] = lf->LogfileHeader.EventsLost;
		dump.buffers_lost[i] = lf->LogfileHeader.BuffersLost;
		/* A session: lost before we came, at the start of what we see. */
		if (dump.session && (dump.events_lost[i] || dump.buffers_lost[i]))
			for (k = 0; k < dump.nfouts; k++)
				if (dump.fouts[k].out->lost)
					dump.fouts[k].out->lost(0, dump.events_lost[i],
								dump.buffers_lost[i]);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *pspecs[MAX_FILTERS], *kernel = NULL;
	int npspecs = 0, i, ret, perf;
	pthread_t sig_thread;
	sigset_t set;
	ULONG status;

	/* Only the thread running ProcessTrace writes to stdout. */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	ret = parse(argc, argv, pspecs, &npspecs, &kernel);
	if (ret)
		return ret < 0 ? 0 : ret;
	/*
	 * Before anything is written.  Live: each event out as it comes (a
	 * reader of the pipe waits for it; a closed pipe is seen at the next
	 * event, not a buffer later).  Else a file or pipe takes the events
	 * in 256 KiB writes (stdio's 4 KiB would be a write every few
	 * events); a terminal stays line buffered.
	 */
	if (dump.session || dump.follow)
		setvbuf(stdout, NULL, _IOLBF, 0);
	else if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, STDOUT_BUFFER);
	for (i = 0; i < npspecs; i++)
		if (dump.follow ? rec_add_provider(&dump.rec, pspecs[i]) :
				  filter_provider(pspecs[i]))
			return 2;
	if (kernel && rec_add_kernel(&dump.rec, kernel))
		return 2;
	dump.filtering = dump.filter.nprov || dump.filter.level >= 0 ||
			 dump.filter.keywords || dump.filter.nids;
	/*
	 * Standard output holds the events in one format; the closing
	 * summary goes there only in text (or with --quiet), else to stderr.
	 */
	if ((dump.nfouts && dump.out != &output_stacks && dump.out != &output_stacks_json &&
	     dump.out != &output_perf_script) || dump.summary || dump.cpu || dump.waits)
		dump.quiet = 1;
	dump.sumf = dump.out->summary_on_stdout && !dump.cpu && !dump.waits ? stdout : stderr;
	for (i = 0; i < dump.nfouts; i++)
		if (!strcmp(dump.fouts[i].path, "-"))
			dump.sumf = stderr;

	/*
	 * Signals go to one thread, which closes the traces.  An ignored
	 * signal (a background job of a shell ignores SIGINT) would never
	 * be waited for: the default first, then blocked.
	 */
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	/*
	 * A closed pipe is seen as EPIPE on stdout (consume.c), not death:
	 * etwdump stops, cleans up (--follow's session) and exits 0.
	 */
	signal(SIGPIPE, SIG_IGN);
	if (pthread_create(&sig_thread, NULL, signal_main, &set) == 0)
		pthread_detach(sig_thread);

	if (dump.follow && follow_start())
		return 1;
	for (i = 0; i < dump.nfouts; i++) {
		if (dump.fouts[i].out->open(dump.fouts[i].path)) {
			follow_stop();
			return 1;
		}
	}
	perf = dump.session ? 0 : perf_inputs();
	if (perf < 0 || (!perf && open_traces()) || identity()) {
		follow_stop();
		close_all();
		return 1;
	}
	dump.sum.live = dump.session != NULL;
	/* A signal while the session started: it found nothing to stop. */
	if (dump.interrupted) {
		follow_stop();
		close_all();
	}

	clock_gettime(CLOCK_MONOTONIC, &dump.t0);
	progress_start((char *const *)dump.files, dump.session ? 0 : dump.nfiles);
	if (dump.out->begin && !dump.quiet) {
		dump.out->begin(&dump.ob);
		ob_write(&dump.ob, stdout);
	}
	status = perf ? perf_process() :
		 ProcessTrace(dump.h, dump.nh,
			      dump.filter.since.dwHighDateTime ? &dump.filter.since : NULL,
			      dump.filter.until.dwHighDateTime ? &dump.filter.until : NULL);
	progress_stop();
	follow_stop();
	sev_flush();		/* the events still waiting for a stack */
	if (dump.out->end && !dump.quiet) {
		dump.out->end(&dump.ob);
		ob_write(&dump.ob, stdout);
	}
	cpu_print(stdout);
	waits_print(stdout);
	fflush(stdout);
	if (!stdout_gone())
		report_damage();
	ret = summary(status) ? 1 : 0;
	close_all();
	/* etwdump ... | head: the reader has what it wanted, nothing to say */
	if (stdout_gone())
		return ret;
	filter_warn();
	if (status != ERROR_SUCCESS && status != ERROR_CANCELLED) {
		fprintf(stderr, "etwdump: %s: %s (%u)\n", perf ? "reading" : "ProcessTrace",
			win32_name(status), status);
		return 1;
	}
	if (fflush(stdout) || ferror(stdout))
		ret = 1;
	return ret;
}
