// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl start: StartTrace, then the session as it runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "etwctl.h"

/* ===== start =========================================================== */

/* --blocking without a value: writers wait at most a second. */
#define START_BLOCK_MS	1000

static const char *start_hint(ULONG st, const EVENT_TRACE_PROPERTIES *p)
{
	const char *h = logfile_hint(st);

	if (h)
		return h;
	if (st == ERROR_ACCESS_DENIED)
		return "starting a session needs CAP_PERFMON or CAP_SYS_ADMIN, "
		       "or the etw.ko controller_gid group";
	if (st == ERROR_ALREADY_EXISTS)
		return "a session of this name runs: stop it (etwctl stop NAME) or "
		       "choose another name";
	if (st == ERROR_PATH_NOT_FOUND || st == ERROR_BAD_PATHNAME ||
	    st == ERROR_FILE_NOT_FOUND)
		return "the log file's directory must exist (and be a directory)";
	if (st == ERROR_INVALID_PARAMETER &&
	    (p->LogFileMode & (EVENT_TRACE_FILE_MODE_CIRCULAR |
			       EVENT_TRACE_FILE_MODE_NEWFILE)) &&
	    !p->MaximumFileSize)
		return "circular and newfile modes need --max-file-mb";
	return NULL;
}

int cmd_start(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "realtime", no_argument, NULL, OPT_REALTIME },
		{ "file", required_argument, NULL, OPT_FILE },
		{ "mode", required_argument, NULL, OPT_MODE },
		{ "buffering", no_argument, NULL, OPT_BUFFERING },
		{ "no-per-cpu", no_argument, NULL, OPT_NO_PER_CPU },
		BUFFER_OPTS,
		{ "blocking", optional_argument, NULL, OPT_BLOCKING },
		{ "private", no_argument, NULL, OPT_PRIVATE },
		{ "guid", required_argument, NULL, OPT_GUID },
		{ "kernel", no_argument, NULL, OPT_KERNEL },
		{ "system", no_argument, NULL, OPT_SYSTEM },
		{ "flags", required_argument, NULL, OPT_FLAGS },
		{ "stacks", required_argument, NULL, OPT_STACKS },
		{ "profile-interval", required_argument, NULL,
		  OPT_PROFILE_INTERVAL },
		{ 0 }
	};
	struct props *b = props_new();
	EVENT_TRACE_PROPERTIES *p = &b->p;
	CONTROLTRACE_ID h = 0;
	ULONG file_mode = 0, st, interval = 0, block_ms = 0;
	const char *file = NULL, *name, *stacks = NULL;
	int c, ret = EXIT_USAGE, kernel = 0, have_flags = 0;

	while ((c = next_opt(argc, argv, opts)) != -1) {
		switch (c) {
		case OPT_REALTIME:
			p->LogFileMode |= EVENT_TRACE_REAL_TIME_MODE;
			break;
		case OPT_FILE:
			file = optarg;
			break;
		case OPT_BUFFERING:
			p->LogFileMode |= EVENT_TRACE_BUFFERING_MODE;
			break;
		case OPT_NO_PER_CPU:
			p->LogFileMode |= EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING;
			break;
		case OPT_PRIVATE:
			p->LogFileMode |= EVENT_TRACE_PRIVATE_LOGGER_MODE;
			break;
		case OPT_BLOCKING:
			/* Writers wait for the log file rather than lose events. */
			block_ms = START_BLOCK_MS;
			if (optarg && (parse_u32(optarg, ETW_MAX_BLOCK_MS,
						 &block_ms) || !block_ms)) {
				usage_err("--blocking=MS: the longest wait, 1 to %u ms",
					  ETW_MAX_BLOCK_MS);
				goto out;
			}
			break;
		case OPT_GUID:
			if (arg_guid(optarg, &p->Wnode.Guid, "--guid"))
				goto out;
			break;
		case OPT_KERNEL:
			kernel = 1;
			break;
		case OPT_SYSTEM:
			p->LogFileMode |= EVENT_TRACE_SYSTEM_LOGGER_MODE;
			break;
		case OPT_FLAGS:
			if (kflags_parse(optarg, &p->EnableFlags))
				goto out;
			have_flags = 1;
			break;
		case OPT_STACKS:
			stacks = optarg;
			break;
		case OPT_PROFILE_INTERVAL:
			if (parse_u32(optarg, UINT32_MAX, &interval) ||
			    !interval) {
				usage_err("--profile-interval: 100-ns units, e.g. 10000 = 1 ms");
				goto out;
			}
			break;
		default:
			ret = session_opt(c, optarg, p, &file_mode);
			if (!ret) {
				ret = EXIT_USAGE;
				break;
			}
			if (ret < 0)
				ret = opt_end(c);
			goto out;
		}
	}
	/* --kernel: the NT Kernel Logger, as tracelog starts by default. */
	if (kernel && nargs(argc) == 0) {
		name = KERNEL_LOGGER_NAMEA;
	} else if (nargs(argc) != 1) {
		usage_err(nargs(argc) ? "too many arguments" : "which session?");
		goto out;
	} else {
		name = argv[optind];
	}
	if (kernel && strcasecmp(name, KERNEL_LOGGER_NAMEA)) {
		usage_err("--kernel starts \"%s\"; --system names another system logger",
			  KERNEL_LOGGER_NAMEA);
		goto out;
	}
	kernel |= !strcasecmp(name, KERNEL_LOGGER_NAMEA) ||
		  (p->LogFileMode & EVENT_TRACE_SYSTEM_LOGGER_MODE);
	if (!kernel && (have_flags || stacks || interval)) {
		usage_err("--flags, --stacks and --profile-interval are for "
			  "--kernel or --system sessions");
		goto out;
	}
	if (kernel && !have_flags)
		p->EnableFlags = EVENT_TRACE_FLAG_PROCESS |
				 EVENT_TRACE_FLAG_THREAD |
				 EVENT_TRACE_FLAG_DISK_IO |
				 EVENT_TRACE_FLAG_NETWORK_TCPIP;
	if (file_mode && !file) {
		usage_err("--mode needs --file");
		goto out;
	}
	if (file) {
		if (props_set_file(b, file))
			goto out;
		p->LogFileMode |= file_mode;
	} else {
		p->LogFileNameOffset = 0;
	}
	session_default_mode(p, file != NULL);

	if (file)
		set_what("session '%s', log file '%s'", name, file);
	else
		set_what("session '%s'", name);
	st = StartTraceA(&h, name, p);
	if (st != ERROR_SUCCESS) {
		ret = api_fail("StartTrace", st, start_hint(st, p));
		goto out;
	}
	if (block_ms) {
		st = TraceSetInformation(h, ETW_TRACE_BLOCKING_INFO, &block_ms,
					 sizeof(block_ms));
		if (st != ERROR_SUCCESS) {
			ret = api_fail("TraceSetInformation(blocking)", st,
				       "blocking sessions need an etw.ko with the 'fastpath' feature");
			ControlTraceA(h, NULL, p, EVENT_TRACE_CONTROL_STOP);
			goto out;
		}
	}
	if (kernel && (stacks || interval)) {
		ret = kernel_setup(h, stacks, interval);
		if (ret)
			goto out;
	}
	/*
	 * Show the session as it runs (the log file path made absolute,
	 * the geometry as adjusted): query it by its new handle.
	 */
	props_init(b);
	st = QueryTraceA(h, NULL, p);
	if (st != ERROR_SUCCESS) {
		ret = api_fail("QueryTrace", st, NULL);
		goto out;
	}
	if (!json)
		printf("Started session \"%s\".\n", props_name(b));
	session_show(b, stream_count(h));
	ret = 0;
out:
	free(b);
	return ret;
}

