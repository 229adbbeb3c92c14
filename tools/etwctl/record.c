// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl record: the daily job in one command, as trace-cmd record or
 * wpr -start/-stop do it -- a session of its own with the providers
 * named (-p NAME[:LEVEL[:KEYWORDS]], --kernel FLAGS), to a log file
 * (default trace.etl; one there already is kept as trace.etl.old, as perf
 * keeps perf.data.old) or read in real time, for --duration seconds,
 * until ^C, or around a command (-- CMD ARGS...); then the summary
 * (common/evsum.h: events per provider, event type and process) of what
 * was recorded.  The session is stopped whatever happens (^C, SIGTERM,
 * SIGHUP, a command that cannot start); only SIGKILL can leave it.
 *
 * A command runs with the signals as they were; ^C reaches it from the
 * terminal, and a signal sent to etwctl is passed on to it; recording
 * stops when it has exited, and etwctl exits with its status.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "etwctl.h"
#include "common/decode.h"
#include "common/evsum.h"
#include "shared/etw_kevents.h"

enum { OPT_OUT = 0x300, OPT_REALTIME_REC, OPT_KERNEL_REC, OPT_DURATION, OPT_NAME,
       OPT_BUFKB, OPT_PROV, OPT_PROFILE, OPT_STACKS_REC };

/* Reading a trace (the file afterwards, or the session live) into a summary. */
struct reader {
	PROCESSTRACE_HANDLE h;
	EVENT_TRACE_LOGFILEA lf;
	struct evsum sum;
	ULONG status, buffers_read;
	struct timespec t0;
	double secs;
};

static VOID WINAPI on_event(PEVENT_RECORD er)
{
	struct reader *r = er->UserContext;
	static struct decoded d;

	/* The kernel's process events name the processes (evsum.h). */
	if ((er->EventHeader.Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) &&
	    kgroup_of(&er->EventHeader.ProviderId) == ETW_KG_PROCESS)
		decode_event(er, &d);
	else
		decode_names(er, &d);
	evsum_add(&r->sum, er, &d, NULL);
}

static ULONG WINAPI on_buffer(PEVENT_TRACE_LOGFILEA lf)
{
	((struct reader *)lf->Context)->buffers_read = lf->BuffersRead;
	return TRUE;
}

static int reader_open(struct reader *r, const char *file, const char *session)
{
	memset(r, 0, sizeof(*r));
	evsum_init(&r->sum);
	if (file) {
		r->lf.LogFileName = (LPSTR)file;
	} else {
		r->lf.LoggerName = (LPSTR)session;
		r->lf.ProcessTraceMode = PROCESS_TRACE_MODE_REAL_TIME;
		r->sum.live = 1;
	}
	r->lf.ProcessTraceMode |= PROCESS_TRACE_MODE_EVENT_RECORD;
	r->lf.EventRecordCallback = on_event;
	r->lf.BufferCallback = on_buffer;
	r->lf.Context = r;
	r->h = OpenTraceA(&r->lf);
	if (r->h == INVALID_PROCESSTRACE_HANDLE) {
		if (file)
			set_what("log file '%s'", file);
		return api_fail("OpenTrace", GetLastError(), NULL);
	}
	return 0;
}

static void reader_run(struct reader *r)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	r->status = ProcessTrace(&r->h, 1, NULL, NULL);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->secs = (t1.tv_sec - r->t0.tv_sec) + (t1.tv_nsec - r->t0.tv_nsec) / 1e9;
}

static void *reader_thread(void *arg)
{
	reader_run(arg);
	return NULL;
}

/* The summary, as text or (--json) one JSON object. */
static void show(struct reader *r, const struct rec *rec, unsigned long long lost_ev,
		 unsigned long long lost_buf, int cmd_status)
{
	const char *files[1] = { rec->file };
	struct evsum_info in = {
		.files = rec->file ? files : NULL,
		.nfiles = rec->file ? 1 : 0,
		.session = rec->file ? NULL : rec->session,
		.status = r->status,
		.events_lost = lost_ev + r->lf.LogfileHeader.EventsLost,
		.buffers_lost = lost_buf,
		.buffers_read = r->buffers_read,
		.read_secs = r->secs,
	};

	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "command", "record");
		json_str(&jout, "name", rec->session);
		json_str(&jout, "log_file", rec->file);
		if (cmd_status >= 0)
			json_i64(&jout, "command_status", cmd_status);
		evsum_json_members(&jout, &r->sum, &in);
		json_close(&jout, '}');
		json_end(&jout);
		return;
	}
	printf("Recorded session \"%s\"%s%s.\n", rec->session, rec->file ? " to " : " in real time",
	       rec->file ? rec->file : "");
	evsum_print(stdout, &r->sum, &in);
}

/* The signals etwctl waits for; blocked before anything starts. */
static void wait_set(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
	sigaddset(set, SIGCHLD);
}

/*
 * Run @argv (NULL: none) and wait: for it to exit, for @secs (0: no
 * limit) or for a signal.  Returns the command's exit status, 128 + its
 * signal, or -1 (no command); -2 if it could not start.
 */
static pid_t child_pid;

static int wait_for(char **argv, double secs, const sigset_t *set)
{
	struct timespec end, left;
	pid_t child = -1;
	int status = -1, sig, exec_err[2];

	deadline_in(&end, secs);
	if (argv) {
		/* The command learns nothing of us: its signals as they were. */
		if (pipe2(exec_err, O_CLOEXEC))
			return -2;
		child = fork();
		if (child < 0) {
			fprintf(stderr, "etwctl record: fork: %s\n", strerror(errno));
			return -2;
		}
		if (!child) {
			int e;

			close(exec_err[0]);
			sigprocmask(SIG_UNBLOCK, set, NULL);
			execvp(argv[0], argv);
			e = errno;
			if (write(exec_err[1], &e, sizeof(e)) < 0)
				_exit(127);
			_exit(127);
		}
		close(exec_err[1]);
		child_pid = child;
		if (read(exec_err[0], &sig, sizeof(sig)) == sizeof(sig)) {
			fprintf(stderr, "etwctl record: %s: %s\n", argv[0], strerror(sig));
			close(exec_err[0]);
			waitpid(child, NULL, 0);
			return -2;
		}
		close(exec_err[0]);
	}
	for (;;) {
		siginfo_t si;

		if (secs > 0) {
			if (!deadline_left(&end, &left))
				break;
			sig = sigtimedwait(set, &si, &left);
		} else {
			sig = sigwaitinfo(set, &si);
		}
		if (sig < 0)
			continue;
		if (sig == SIGCHLD) {
			if (child > 0 && waitpid(child, &status, WNOHANG) == child)
				break;
			continue;
		}
		if (child <= 0)
			break;		/* ^C, SIGTERM, SIGHUP: done */
		kill(child, sig);	/* the command decides; we wait for it */
	}
	if (child > 0 && status == -1)
		return -1;
	if (status == -1)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/*
 * A trace there already at @file is kept as @file.old (an older .old
 * replaced), as perf record keeps perf.data.old: 1 when one was, 0 when
 * there was none, -1 on an error (said).
 */
static int keep_old(const char *file, char *old, size_t len)
{
	struct stat sb;

	if (!file || stat(file, &sb) || !S_ISREG(sb.st_mode))
		return 0;
	if ((size_t)snprintf(old, len, "%s.old", file) >= len) {
		fprintf(stderr, "etwctl record: %s: the name is too long\n", file);
		return -1;
	}
	if (rename(file, old)) {
		fprintf(stderr, "etwctl record: cannot keep %s as %s: %s\n", file, old,
			strerror(errno));
		return -1;
	}
	return 1;
}

int cmd_record(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "output", required_argument, NULL, 'o' },
		{ "realtime", no_argument, NULL, OPT_REALTIME_REC },
		{ "provider", required_argument, NULL, 'p' },
		{ "kernel", required_argument, NULL, OPT_KERNEL_REC },
		{ "duration", required_argument, NULL, 'd' },
		{ "name", required_argument, NULL, 'n' },
		{ "buffer-kb", required_argument, NULL, OPT_BUFKB },
		{ "profile", no_argument, NULL, OPT_PROFILE },
		{ "stacks", no_argument, NULL, OPT_STACKS_REC },
		{ "frequency", required_argument, NULL, 'F' },
		{ 0 }
	};
	unsigned int hz = 1000;
	int profile = 0, stacks = 0;
	static struct rec rec;
	char name[64], old[4096], *end;
	const char *out = NULL;
	double secs = 0;
	struct reader r;
	pthread_t th;
	sigset_t set;
	unsigned long long lost_ev = 0, lost_buf = 0;
	int c, realtime = 0, status, ret = 0, kept;

	memset(&rec, 0, sizeof(rec));
	snprintf(name, sizeof(name), "etwctl-record-%d", (int)getpid());
	rec.session = name;
	/* "+": the options end where the command begins. */
	while ((c = getopt_long(argc, argv, "+:ho:p:d:n:F:", opts, NULL)) != -1) {
		switch (c) {
		case OPT_JSON:
			json = 1;
			break;
		case 'h':
		case OPT_HELP:
			return opt_end(-2);
		case 'o':
			out = optarg;
			break;
		case OPT_REALTIME_REC:
			realtime = 1;
			break;
		case 'p':
			if (rec_add_provider(&rec, optarg))
				return EXIT_USAGE;
			break;
		case OPT_KERNEL_REC:
			c = rec_add_kernel(&rec, optarg);
			if (c)
				return c > 0 ? 0 : EXIT_USAGE;
			break;
		case 'd':
			errno = 0;
			secs = strtod(optarg, &end);
			if (errno || *end || !(secs > 0) || secs > 1e9)
				return usage_err("--duration %s: seconds, more than 0", optarg);
			break;
		case 'n':
			rec.session = optarg;
			break;
		case OPT_BUFKB:
			if (parse_u32(optarg, UINT32_MAX, &rec.buffer_kb))
				return usage_err("--buffer-kb %s: a number of KB", optarg);
			break;
		case OPT_PROFILE:
			profile = 1;
			break;
		case OPT_STACKS_REC:
			stacks = 1;
			break;
		case 'F':
			/* The profile interval is 1221..1000000 (100 ns units). */
			if (parse_u32(optarg, 8000, &hz) || hz < 10)
				return usage_err("--frequency %s: samples a second, 10 to 8000",
						 optarg);
			break;
		case ':':
			return usage_err("option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_err("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (profile)
		rec_profile(&rec, hz, stacks);
	else if (stacks && !rec.nprov)
		return usage_err("--stacks: the stacks of which providers' events? -p NAME");
	else if (stacks)
		rec.props |= EVENT_ENABLE_PROPERTY_STACK_TRACE;
	if (!rec.nprov && !rec.kflags)
		return usage_err("which providers? -p NAME[:LEVEL[:KEYWORDS]], --kernel FLAGS "
				 "or --profile");
	if (realtime && out)
		return usage_err("-o FILE or --realtime, not both");
	if (secs > 0 && optind < argc)
		return usage_err("--duration or a command, not both");
	rec.file = realtime ? NULL : out ? out : "trace.etl";

	/*
	 * From here on a signal is only waited for: the session is stopped.
	 * Blocked, and not ignored (a shell's background job ignores
	 * SIGINT): an ignored signal would never be waited for.
	 */
	wait_set(&set);
	sigprocmask(SIG_BLOCK, &set, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	kept = keep_old(rec.file, old, sizeof(old));
	if (kept < 0)
		return EXIT_API;
	if (rec_start(&rec)) {
		if (kept && rename(old, rec.file))
			fprintf(stderr, "etwctl record: %s is now %s\n", rec.file, old);
		return EXIT_API;
	}
	if (!rec.file) {
		if (reader_open(&r, NULL, rec.session)) {
			rec_stop(&rec, NULL, NULL);
			return EXIT_API;
		}
		if (pthread_create(&th, NULL, reader_thread, &r)) {
			rec_stop(&rec, NULL, NULL);
			return EXIT_API;
		}
	}
	if (!json)
		fprintf(stderr, "etwctl record: session '%s' %s%s%s%s%s\n", rec.session,
			rec.file ? "records to " : "is read in real time",
			rec.file ? rec.file : "", kept ? " (the earlier one is now " : "",
			kept ? old : "", kept ? ")" : "");
	if (!json && optind == argc && !(secs > 0))
		fprintf(stderr, "etwctl record: ^C stops it\n");
	status = wait_for(optind < argc ? argv + optind : NULL, secs, &set);
	if (rec_stop(&rec, &lost_ev, &lost_buf))
		ret = EXIT_API;
	if (!rec.file) {
		/* The session stopped: ProcessTrace returns with what was left. */
		pthread_join(th, NULL);
		CloseTrace(r.h);
	} else {
		if (reader_open(&r, rec.file, NULL))
			return EXIT_API;
		reader_run(&r);
		CloseTrace(r.h);
	}
	/* Processes the trace does not name: the command, and ourselves. */
	if (child_pid > 0) {
		const char *base = strrchr(argv[optind], '/');

		evsum_name_process(&r.sum, (ULONG)child_pid, base ? base + 1 : argv[optind]);
	}
	evsum_name_process(&r.sum, (ULONG)getpid(), "etwctl");
	show(&r, &rec, lost_ev, lost_buf, status);
	evsum_free(&r.sum);
	if (status == -2)
		return EXIT_API;
	if (status > 0 && !ret) {
		fprintf(stderr, "etwctl record: %s exited with status %d\n", argv[optind], status);
		return status;
	}
	return ret;
}
