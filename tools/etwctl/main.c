// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl: control Linux ETW sessions, in the spirit of Windows tracelog
 * and logman.  Human-readable output by default, --json for scripts.
 *
 * Built on the public Windows API of libetw (StartTrace, ControlTrace and
 * its forms, QueryAllTraces, EnableTraceEx2, TraceSetInformation,
 * TraceQueryInformation, EnumerateTraceGuidsEx) and the native layer
 * (etw_get_info); raw ioctls only for what has no Windows API:
 * provider-group ACLs.
 *
 * Exit status: 0 success, 1 an API call failed, 2 usage error.
 *
 * This file: the common options, the command table, dispatch and usage;
 * etwctl.h lists the others.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "etwctl.h"
#include "common/cli.h"

int json;		/* --json */
struct json jout;	/* its writer */
const char *cur_cmd;	/* for messages */

/* ===== Usage errors ==================================================== */

int usage_err(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "etwctl %s: ", cur_cmd ? cur_cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (cur_cmd)
		usage_cmd(stderr, cur_cmd);
	return EXIT_USAGE;
}

/* ===== Option plumbing ================================================= */

/*
 * getopt_long over a subcommand's argv (argv[0] = the command).  Returns
 * the option, -1 at the end, or 0 after handling --json; -2 for --help,
 * -3 for an error (message printed).
 */
int next_opt(int argc, char **argv, const struct option *opts)
{
	int c;

	for (;;) {
		c = getopt_long(argc, argv, ":h", opts, NULL);
		switch (c) {
		case OPT_JSON:
			json = 1;
			continue;
		case 'h':
		case OPT_HELP:
			return -2;
		case ':':
			usage_err("option '%s' needs a value", argv[optind - 1]);
			return -3;
		case '?':
			usage_err("unknown option '%s'", argv[optind - 1]);
			return -3;
		default:
			return c;
		}
	}
}

/* Positional arguments after option parsing. */
int nargs(int argc)
{
	return argc - optind;
}

/* Option loop epilogue: -2 help (exit 0), -3 usage error. */
int opt_end(int c)
{
	if (c == -2) {
		usage_cmd(stdout, cur_cmd);
		return 0;
	}
	return EXIT_USAGE;
}

int arg_guid(const char *s, GUID *g, const char *what)
{
	if (etw_guid_parse(s, g))
		return usage_err("%s '%s' is not a GUID "
				 "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)",
				 what, s);
	return 0;
}

int arg_provider(const char *s, GUID *g)
{
	char err[600];

	if (provider_lookup(s, g, NULL, err, sizeof(err))) {
		fprintf(stderr, "etwctl %s: %s\n", cur_cmd, err);
		return EXIT_USAGE;
	}
	return 0;
}

/* ===== The command table =============================================== */

static int cmd_help(int argc, char **argv);

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *synopsis;
	const char *help;
} commands[] = {
	{ "record", cmd_record,
	  "[-o FILE | --realtime] -p PROVIDER[:LEVEL[:KEYWORDS]]... [--kernel FLAGS]\n"
	  "        [--profile [-F HZ]] [--stacks] [-d SECONDS] [-n NAME] [--buffer-kb N]\n"
	  "        [[--] COMMAND [ARGS...]]",
	  "record providers (by name or GUID) and the NT Kernel Logger's events into\n"
	  "             FILE (trace.etl) or in real time: for SECONDS, until ^C, or while\n"
	  "             COMMAND runs; then the summary of what was recorded (no session\n"
	  "             is left behind)" },
	{ "start", cmd_start,
	  "NAME [--realtime] [--file PATH] [--mode sequential|circular|append|newfile]\n"
	  "        [--buffering] [--no-per-cpu] [--buffer-kb N] [--min-buffers N]\n"
	  "        [--max-buffers N] [--max-file-mb N] [--flush-timer S]\n"
	  "        [--clock qpc|system|cycles] [--blocking[=MS]] [--private]\n"
	  "        [--guid GUID] [--kernel | --system] [--flags LIST]\n"
	  "        [--stacks EVENTS] [--profile-interval N]",
	  "start a session (StartTrace); real time unless --file, --buffering or --private;\n"
	  "             --kernel: the NT Kernel Logger (NAME optional), --system:\n"
	  "             SYSTEM_LOGGER_MODE; --flags: kernel EnableFlags by name\n"
	  "             (process,thread,img,cswitch,disk,...; default process,thread,\n"
	  "             disk,net), --stacks: Process/Start,DiskIo/Read,...,\n"
	  "             --profile-interval: in 100 ns units (xperf -SetProfInt)" },
	{ "stop", cmd_stop, "NAME", "stop a session, flushing its buffers (StopTrace)" },
	{ "flush", cmd_flush, "NAME", "hand over partly filled buffers now (FlushTrace)" },
	{ "query", cmd_query, "NAME", "show a session's properties and statistics (QueryTrace)" },
	{ "update", cmd_update,
	  "NAME [--flush-timer S] [--max-buffers N] [--realtime on|off] [--file PATH]\n"
	  "        [--flags LIST]",
	  "change a running session (UpdateTrace)" },
	{ "list", cmd_list, "", "list the sessions you may control (QueryAllTraces)" },
	{ "enable", cmd_enable,
	  "NAME PROVIDER [--level N] [--any HEX] [--all HEX] [--group] [--source GUID]\n"
	  "        [--property NAME|HEX ...] [--pid N ...] [--exe NAMES]\n"
	  "        [--event-ids [+|-]ID,ID...] [--timeout MS]",
	  "enable a provider (or with --group a provider group) in a session (EnableTraceEx2)" },
	{ "disable", cmd_disable, "NAME PROVIDER [--group] [--source GUID] [--timeout MS]",
	  "disable a provider or group in a session" },
	{ "capture", cmd_capture, "NAME PROVIDER [--group] [--source GUID] [--timeout MS]",
	  "ask a provider the session enables to log its state (CAPTURE_STATE)" },
	{ "disallow", cmd_disallow, "set NAME PROVIDER... | clear NAME | show NAME",
	  "a session's disallow list: providers its group enables skip (TraceSetInformation)" },
	{ "group-acl", cmd_group_acl,
	  "set GROUPGUID {uid:N|gid:N}... | clear GROUPGUID | show GROUPGUID",
	  "who may join a provider group (setting needs CAP_SYS_ADMIN)" },
	{ "providers", cmd_providers, "[PROVIDER]",
	  "list providers with their names and the sessions enabling them, or one\n"
	  "             provider's instances and sessions (EnumerateTraceGuidsEx)" },
	{ "autologger", cmd_autologger,
	  "create NAME [--realtime] [--file PATH] [--file-max N] [--mode MODE]\n"
	  "        [--buffer-kb N] [--min-buffers N] [--max-buffers N] [--max-file-mb N]\n"
	  "        [--flush-timer S] [--clock qpc|system|cycles] [--guid GUID]\n"
	  "        [--provider PROVIDER[:LEVEL[:ANY[:ALL]]]]... [--disabled] [--force] [--dir DIR]\n"
	  "      | list [--dir DIR] | remove NAME [--stop] [--dir DIR]\n"
	  "      | start [NAME...] [--dir DIR] | stop [NAME...] [--dir DIR]",
	  "sessions started at boot when etw.ko loads (/etc/etw/autologger.d)" },
	{ "manifest", cmd_manifest,
	  "install FILE.man... | uninstall FILE|PROVIDER|GUID... | list  [--dir DIR]",
	  "the manifests TDH decodes with, for every program ($ETW_MANIFEST_PATH)" },
	{ "mof", cmd_mof,
	  "install FILE.mof... | uninstall FILE|CLASS|GUID... | list  [--dir DIR]",
	  "the MOF classes TDH decodes classic events with ($ETW_MOF_PATH)" },
	{ "info", cmd_info, "", "the ABI version, features and limits of etw.ko" },
	{ "help", cmd_help, "[COMMAND]", "this help, or one command's" },
};

#define NR_COMMANDS (sizeof(commands) / sizeof(commands[0]))

/* etwctl help NAME: a command's options one by one, and examples. */
static const struct {
	const char *name, *text;
} options_of[] = {
	{ "record",
	  "  -o, --output FILE   the log file (default trace.etl); one there already is\n"
	  "                      kept as FILE.old, as perf record keeps perf.data.old\n"
	  "  --realtime          no file: the session is read as it runs\n"
	  "  -p, --provider PROVIDER[:LEVEL[:KEYWORDS]]\n"
	  "                      a provider: an installed manifest's name, a kernel class\n"
	  "                      (Process, Image, ...), *NAME (the GUID Windows derives\n"
	  "                      from NAME) or a GUID; LEVEL 1-5 or critical, error,\n"
	  "                      warning, information, verbose (default: verbose, all);\n"
	  "                      KEYWORDS a hexadecimal mask (default: every event).\n"
	  "                      May be repeated\n"
	  "  --kernel FLAGS      the NT Kernel Logger's events, by flag names joined by\n"
	  "                      ',' (process,thread,img,cswitch,disk,net,...);\n"
	  "                      '--kernel help' lists the flags and their events\n"
	  "  --profile           a CPU profile, like perf record's call graphs: samples,\n"
	  "                      context switches, wake-ups, processes, threads and\n"
	  "                      images, each sample, switch and wake-up with its stack\n"
	  "                      (a system logger); etwdump's CPU view shows it\n"
	  "  -F, --frequency HZ  samples a second with --profile (10-8000, default 1000)\n"
	  "  --stacks            the -p providers' events carry their call stacks\n"
	  "  -d, --duration S    stop after S seconds (else at ^C, or when COMMAND ends)\n"
	  "  -n, --name NAME     the session's name (default etwctl-record-PID)\n"
	  "  --buffer-kb N       the size of the session's buffers, in KB\n"
	  "  COMMAND [ARGS...]   record while it runs (after '--' if it has options);\n"
	  "                      etwctl exits with its status\n"
	  "  --json              the summary as one JSON object\n"
	  "examples:\n"
	  "  etwctl record -p Linux-ETW-Sample -- build/tools/etw-sample\n"
	  "  etwctl record --kernel process,img -d 5 -o boot.etl\n"
	  "  etwctl record -p Microsoft-Windows-Sample:warning:0x3 --realtime" },
};

static const char *command_options(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(options_of) / sizeof(options_of[0]); i++)
		if (!strcmp(options_of[i].name, name))
			return options_of[i].text;
	return NULL;
}

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NR_COMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

void usage_cmd(FILE *f, const char *name)
{
	const struct command *c = find_command(name);

	if (!c)
		return;
	fprintf(f, "usage: etwctl [--json] %s%s%s\n  %s\n", c->name,
		c->synopsis[0] ? " " : "", c->synopsis, c->help);
	if (command_options(c->name))
		fprintf(f, "\n%s\n", command_options(c->name));
	if (strcmp(c->name, "help"))
		fprintf(f, "etwctl(8) describes every option.\n");
}

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: etwctl [--json] COMMAND [ARGS]    (etwctl --version: the version)\n"
		   "Control Linux ETW sessions and providers (Windows tracelog/logman style).\n\n"
		   "commands:\n");
	for (i = 0; i < NR_COMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\nGUIDs are written xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (braces optional).\n"
		   "A provider may also be named: an installed manifest's provider, a kernel\n"
		   "class (Process, Image, ...), or *NAME for the GUID Windows derives from NAME.\n"
		   "--json prints one JSON object per command (an array for list and providers).\n"
		   "Exit status: 0 success, 1 an API call failed, 2 usage error.\n"
		   "'etwctl help COMMAND' shows a command's options.\n");
}

static int cmd_help(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	int c;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) == 0) {
		usage(stdout);
		return 0;
	}
	if (!find_command(argv[optind]))
		return usage_err("no command '%s'", argv[optind]);
	usage_cmd(stdout, argv[optind]);
	return 0;
}

int main(int argc, char **argv)
{
	const struct command *c;
	int i = 1;

	json_init(&jout, stdout);
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--version")) {
			cli_version();
			return 0;
		} else {
			fprintf(stderr, "etwctl: unknown option '%s'\n", argv[i]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (i >= argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	c = find_command(argv[i]);
	if (!c) {
		fprintf(stderr, "etwctl: unknown command '%s'\n", argv[i]);
		usage(stderr);
		return EXIT_USAGE;
	}
	cur_cmd = c->name;
	opterr = 0;
	optind = 1;
	return c->fn(argc - i, argv + i);
}
