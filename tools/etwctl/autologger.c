// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl autologger: sessions started at boot (Windows' AutoLogger).
 *
 *   create NAME [session options] [--provider GUID[:LEVEL[:ANY[:ALL]]]]...
 *   list                  the configured sessions, and whether they run
 *   remove NAME [--stop]  delete the configuration (and stop the session)
 *   start [NAME...]       start them (all with Start=1 when no name):
 *                         what etw-autologger.service runs when etw.ko loads
 *   stop [NAME...]        stop them, flushing their files (at shutdown)
 *
 * Every form takes --dir DIR (default /etc/etw/autologger.d).  A session
 * is started with its providers enabled before any of them registers,
 * so a provider that starts later is traced from its first event (the
 * module applies enablements made before a registration when it comes).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autologger.h"

enum {
	OPT_DIR = 0x200, OPT_FORCE, OPT_PROVIDER, OPT_DISABLED, OPT_STOP,
	OPT_FILE_MAX,
};

static const char *al_dir = AL_DEFAULT_DIR;

static int conf_path(const char *name, char *buf, size_t size)
{
	if (!al_name_ok(name))
		return usage_err("'%s' is not a boot session name "
				 "(letters, digits, '-', '_', '.'; at most %d)",
				 name, AL_MAX_NAME);
	if ((size_t)snprintf(buf, size, "%s/%s.conf", al_dir, name) >= size)
		return usage_err("--dir: path too long");
	return 0;
}

/* "PROVIDER[:LEVEL[:ANY[:ALL]]]": a GUID or a name (common/names.h). */
static int parse_provider(const char *s, struct al_provider *p)
{
	ULONGLONG any = 0, all = 0;
	char err[600];

	al_provider_init(p);
	if (provider_spec(s, &p->guid, &p->level, &any, &all, err, sizeof(err)))
		return usage_err("--provider %s: %s", s, err);
	p->has_guid = 1;
	p->any = any;
	p->all = all;
	return 0;
}

/* ===== create ========================================================== */

static int al_create(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "dir", required_argument, NULL, OPT_DIR },
		{ "force", no_argument, NULL, OPT_FORCE },
		{ "realtime", no_argument, NULL, OPT_REALTIME },
		{ "file", required_argument, NULL, OPT_FILE },
		{ "file-max", required_argument, NULL, OPT_FILE_MAX },
		{ "mode", required_argument, NULL, OPT_MODE },
		BUFFER_OPTS,
		{ "guid", required_argument, NULL, OPT_GUID },
		{ "provider", required_argument, NULL, OPT_PROVIDER },
		{ "disabled", no_argument, NULL, OPT_DISABLED },
		{ 0 }
	};
	char path[PATH_MAX], tmp[PATH_MAX + 8], abs_file[PATH_MAX];
	struct al_session *s = calloc(1, sizeof(*s));
	EVENT_TRACE_PROPERTIES geo = { 0 };
	const char *file = NULL;
	int c, force = 0, ret = EXIT_USAGE;
	ULONG mode = 0, fmode = 0, *u;
	FILE *f;

	if (!s)
		return EXIT_API;
	al_session_init(s, "");
	while ((c = next_opt(argc, argv, opts)) != -1) {
		u = NULL;
		switch (c) {
		case OPT_DIR:
			al_dir = optarg;
			break;
		case OPT_FORCE:
			force = 1;
			break;
		case OPT_REALTIME:
			mode |= EVENT_TRACE_REAL_TIME_MODE;
			break;
		case OPT_FILE:
			file = optarg;
			break;
		case OPT_FILE_MAX:
			u = &s->file_max;
			break;
		case OPT_GUID:
			if (arg_guid(optarg, &s->guid, "--guid"))
				goto out;
			s->has_guid = 1;
			break;
		case OPT_PROVIDER:
			if (s->nprov == AL_MAX_PROVIDERS) {
				usage_err("at most %d providers", AL_MAX_PROVIDERS);
				goto out;
			}
			if (parse_provider(optarg, &s->prov[s->nprov]))
				goto out;
			s->nprov++;
			break;
		case OPT_DISABLED:
			s->start = 0;
			break;
		default:
			ret = session_opt(c, optarg, &geo, &fmode);
			if (!ret) {
				ret = EXIT_USAGE;
				break;
			}
			if (ret < 0)
				ret = opt_end(c);
			goto out;
		}
		if (u && parse_u32(optarg, UINT32_MAX, u)) {
			usage_err("%s: a number", argv[optind - 1]);
			goto out;
		}
	}
	mode |= fmode;
	s->buffer_kb = geo.BufferSize;
	s->min_buffers = geo.MinimumBuffers;
	s->max_buffers = geo.MaximumBuffers;
	s->max_file_mb = geo.MaximumFileSize;
	s->flush_timer = geo.FlushTimer;
	s->clock = geo.Wnode.ClientContext;
	if (nargs(argc) != 1) {
		usage_err(nargs(argc) ? "too many arguments" : "which session?");
		goto out;
	}
	if (conf_path(argv[optind], path, sizeof(path)))
		goto out;
	snprintf(s->name, sizeof(s->name), "%s", argv[optind]);
	if ((mode & ~EVENT_TRACE_REAL_TIME_MODE) && !file) {
		usage_err("--mode needs --file");
		goto out;
	}
	if (s->file_max > AL_MAX_FILES || (s->file_max && !file)) {
		usage_err("--file-max: 1..%d, with --file", AL_MAX_FILES);
		goto out;
	}
	if (file) {
		/* Boot happens elsewhere than here: keep absolute paths. */
		if (file[0] != '/') {
			if (!getcwd(abs_file, sizeof(abs_file)) ||
			    strlen(abs_file) + strlen(file) + 2 > sizeof(abs_file)) {
				usage_err("--file: path too long");
				goto out;
			}
			strcat(abs_file, "/");
			strcat(abs_file, file);
			file = abs_file;
		}
		if (strlen(file) >= sizeof(s->file)) {
			usage_err("--file: path too long");
			goto out;
		}
		strcpy(s->file, file);
	}
	s->mode = mode;
	if (!force && access(path, F_OK) == 0) {
		fprintf(stderr, "etwctl: boot session \"%s\" exists (%s); "
			"--force replaces it\n", s->name, path);
		ret = EXIT_API;
		goto out;
	}
	/* Written whole to a temporary file, then renamed over. */
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "etwctl: %s: %s\n", tmp, strerror(errno));
		ret = EXIT_API;
		goto out;
	}
	if (al_write(f, s) | fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "etwctl: %s: %s\n", path, strerror(errno));
		unlink(tmp);
		ret = EXIT_API;
		goto out;
	}
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "name", s->name);
		json_str(&jout, "config", path);
		json_u64(&jout, "providers", s->nprov);
		json_close(&jout, '}');
		json_end(&jout);
	} else {
		printf("Created boot session \"%s\" (%s): %zu provider%s, "
		       "started at boot%s.\n", s->name, path, s->nprov,
		       s->nprov == 1 ? "" : "s", s->start ? "" : " only once enabled");
	}
	ret = 0;
out:
	free(s);
	return ret;
}

/* ===== the configured sessions ======================================== */

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of @al_dir's *.conf files, sorted; NULL-terminated. */
static char **conf_names(void)
{
	DIR *d = opendir(al_dir);
	struct dirent *e;
	char **v = NULL;
	size_t n = 0;

	if (!d)
		return calloc(1, sizeof(*v));
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char **nv;

		if (len <= 5 || strcmp(e->d_name + len - 5, ".conf"))
			continue;
		nv = realloc(v, (n + 2) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		v[n] = strndup(e->d_name, len - 5);
		if (v[n] && al_name_ok(v[n]))
			n++;
		else
			free(v[n]);
	}
	closedir(d);
	if (!v)
		return calloc(1, sizeof(*v));
	v[n] = NULL;
	qsort(v, n, sizeof(*v), name_cmp);
	return v;
}

static void free_names(char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

static int session_running(const char *name)
{
	struct props *b = props_new();
	ULONG st = QueryTraceA(0, name, &b->p);

	free(b);
	return st == ERROR_SUCCESS;
}

static int al_list(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "dir", required_argument, NULL, OPT_DIR },
		{ 0 }
	};
	struct al_session *s = calloc(1, sizeof(*s));
	char path[PATH_MAX], gbuf[ETW_GUID_STR_LEN];
	char **names;
	int c, ret = 0;
	size_t i, j;

	if (!s)
		return EXIT_API;
	while ((c = next_opt(argc, argv, opts)) != -1) {
		if (c == OPT_DIR) {
			al_dir = optarg;
			continue;
		}
		free(s);
		return opt_end(c);
	}
	if (nargs(argc)) {
		free(s);
		return usage_err("too many arguments");
	}
	names = conf_names();
	if (json)
		json_open(&jout, '[');
	else if (!names[0])
		printf("No boot sessions in %s.\n", al_dir);
	for (i = 0; names[i]; i++) {
		snprintf(path, sizeof(path), "%s/%s.conf", al_dir, names[i]);
		if (al_read(path, names[i], s)) {
			ret = EXIT_API;
			continue;
		}
		if (json) {
			json_open(&jout, '{');
			json_str(&jout, "name", s->name);
			json_str(&jout, "config", path);
			json_bool(&jout, "start", s->start);
			json_bool(&jout, "running", session_running(s->name));
			json_str(&jout, "file", s->file);
			json_key(&jout, "providers");
			json_open(&jout, '[');
			for (j = 0; j < s->nprov; j++)
				json_str(&jout, NULL, etw_guid_str(&s->prov[j].guid, gbuf));
			json_close(&jout, ']');
			json_close(&jout, '}');
			continue;
		}
		printf("%s%s\n", i ? "\n" : "", s->name);
		kv("  config", "%s", path);
		kv("  at boot", "%s", s->start ? "yes" : "no (Start=0)");
		kv("  running now", "%s", session_running(s->name) ? "yes" : "no");
		kv("  log file", "%s", s->file[0] ? s->file : "(real time)");
		for (j = 0; j < s->nprov; j++)
			kv("  provider", "%s level %u any 0x%llx all 0x%llx%s",
			   etw_guid_str(&s->prov[j].guid, gbuf), s->prov[j].level,
			   (unsigned long long)s->prov[j].any,
			   (unsigned long long)s->prov[j].all,
			   s->prov[j].enabled ? "" : " (Enabled=0)");
	}
	if (json) {
		json_close(&jout, ']');
		json_end(&jout);
	}
	free_names(names);
	free(s);
	return ret;
}

static int al_remove(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "dir", required_argument, NULL, OPT_DIR },
		{ "stop", no_argument, NULL, OPT_STOP },
		{ 0 }
	};
	char path[PATH_MAX];
	int c, stop = 0;

	while ((c = next_opt(argc, argv, opts)) != -1) {
		if (c == OPT_DIR)
			al_dir = optarg;
		else if (c == OPT_STOP)
			stop = 1;
		else
			return opt_end(c);
	}
	if (nargs(argc) != 1)
		return usage_err(nargs(argc) ? "too many arguments" :
					       "which session?");
	if (conf_path(argv[optind], path, sizeof(path)))
		return EXIT_USAGE;
	if (unlink(path)) {
		fprintf(stderr, "etwctl: %s: %s\n", path, strerror(errno));
		return EXIT_API;
	}
	if (!json)
		printf("Removed boot session \"%s\" (%s).\n", argv[optind], path);
	if (stop && session_running(argv[optind])) {
		struct props *b = props_new();
		ULONG st = ControlTraceA(0, argv[optind], &b->p,
					 EVENT_TRACE_CONTROL_STOP);

		free(b);
		if (st != ERROR_SUCCESS)
			return api_fail("StopTrace", st, NULL);
		if (!json)
			printf("Stopped session \"%s\".\n", argv[optind]);
	}
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "name", argv[optind]);
		json_bool(&jout, "removed", 1);
		json_close(&jout, '}');
		json_end(&jout);
	}
	return 0;
}

/* ===== start and stop ================================================= */

/* mkdir -p of @file's directory (at boot /var/log/etw may not exist). */
static void make_parent(const char *file)
{
	char buf[ETW_MAX_PATH_BYTES + 1], *p;

	snprintf(buf, sizeof(buf), "%s", file);
	for (p = buf + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		mkdir(buf, 0750);
		*p = '/';
	}
}

/* FileMax=N: keep the last N-1 files as FILE.1 (newest) .. FILE.N-1. */
static void rotate(const char *file, ULONG max)
{
	char from[ETW_MAX_PATH_BYTES + 16], to[ETW_MAX_PATH_BYTES + 16];
	ULONG i;

	if (max < 2 || access(file, F_OK))
		return;
	for (i = max - 1; i >= 1; i--) {
		if (i == 1)
			snprintf(from, sizeof(from), "%s", file);
		else
			snprintf(from, sizeof(from), "%s.%u", file, i - 1);
		snprintf(to, sizeof(to), "%s.%u", file, i);
		rename(from, to);
	}
}

static int start_one(const struct al_session *s)
{
	struct props *b = props_new();
	EVENT_TRACE_PROPERTIES *p = &b->p;
	CONTROLTRACE_ID h = 0;
	int failed = 0;
	size_t i;
	ULONG st;

	p->LogFileMode = s->mode;
	p->BufferSize = s->buffer_kb;
	p->MinimumBuffers = s->min_buffers;
	p->MaximumBuffers = s->max_buffers;
	p->MaximumFileSize = s->max_file_mb;
	p->FlushTimer = s->flush_timer;
	p->Wnode.ClientContext = s->clock;
	if (s->has_guid)
		p->Wnode.Guid = s->guid;
	session_default_mode(p, s->file[0] != 0);
	if (s->file[0]) {
		strcpy(b->file, s->file);
		make_parent(s->file);
		if (!(p->LogFileMode & EVENT_TRACE_FILE_MODE_APPEND))
			rotate(s->file, s->file_max);
	} else {
		p->LogFileNameOffset = 0;
	}
	st = StartTraceA(&h, s->name, p);
	free(b);
	if (st != ERROR_SUCCESS) {
		api_fail("StartTrace", st, NULL);
		fprintf(stderr, "etwctl: boot session \"%s\" not started\n",
			s->name);
		return -1;
	}
	for (i = 0; i < s->nprov; i++) {
		const struct al_provider *pv = &s->prov[i];
		ENABLE_TRACE_PARAMETERS ep;
		char gbuf[ETW_GUID_STR_LEN];

		if (!pv->enabled)
			continue;
		memset(&ep, 0, sizeof(ep));
		ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
		ep.EnableProperty = pv->props;
		st = EnableTraceEx2(h, &pv->guid, EVENT_CONTROL_CODE_ENABLE_PROVIDER,
				    pv->level, pv->any, pv->all, 0, &ep);
		if (st != ERROR_SUCCESS) {
			api_fail("EnableTraceEx2", st, NULL);
			fprintf(stderr, "etwctl: boot session \"%s\": provider %s "
				"not enabled\n", s->name, etw_guid_str(&pv->guid, gbuf));
			failed = 1;
		}
	}
	if (!json)
		printf("Started boot session \"%s\" (%s, %zu provider%s).\n",
		       s->name, s->file[0] ? s->file : "real time", s->nprov,
		       s->nprov == 1 ? "" : "s");
	return failed ? -1 : 0;
}

static int stop_one(const struct al_session *s)
{
	struct props *b;
	ULONG st;

	wait_progress_start("stopping", s->name);
	b = props_new();
	st = ControlTraceA(0, s->name, &b->p, EVENT_TRACE_CONTROL_STOP);
	wait_progress_stop();
	free(b);
	if (st == ERROR_WMI_INSTANCE_NOT_FOUND)
		return 0;	/* not running: nothing to do */
	if (st != ERROR_SUCCESS) {
		api_fail("StopTrace", st, NULL);
		fprintf(stderr, "etwctl: boot session \"%s\" not stopped\n",
			s->name);
		return -1;
	}
	if (!json)
		printf("Stopped boot session \"%s\".\n", s->name);
	return 0;
}

/* start and stop: the named sessions, or every one (start: Start=1). */
static int al_start_stop(int argc, char **argv, int start)
{
	static const struct option opts[] = {
		COMMON_OPTS,
		{ "dir", required_argument, NULL, OPT_DIR },
		{ 0 }
	};
	struct al_session *s = calloc(1, sizeof(*s));
	char path[PATH_MAX];
	char **names = NULL;
	int c, ret = 0, all;
	size_t i, n, ok = 0;

	if (!s)
		return EXIT_API;
	while ((c = next_opt(argc, argv, opts)) != -1) {
		if (c == OPT_DIR) {
			al_dir = optarg;
			continue;
		}
		free(s);
		return opt_end(c);
	}
	all = nargs(argc) == 0;
	if (all)
		names = conf_names();
	n = all ? 0 : (size_t)nargs(argc);
	if (all)
		while (names[n])
			n++;
	if (json)
		json_open(&jout, '[');
	for (i = 0; i < n; i++) {
		const char *name = all ? names[i] : argv[optind + i];
		int r;

		if (conf_path(name, path, sizeof(path))) {
			ret = EXIT_USAGE;
			continue;
		}
		if (al_read(path, name, s)) {
			ret = EXIT_API;
			continue;
		}
		if (start && all && !s->start)
			continue;
		r = start ? start_one(s) : stop_one(s);
		if (r)
			ret = EXIT_API;
		else
			ok++;
		if (json) {
			json_open(&jout, '{');
			json_str(&jout, "name", s->name);
			json_str(&jout, "action", start ? "start" : "stop");
			json_bool(&jout, "ok", !r);
			json_close(&jout, '}');
		}
	}
	if (json) {
		json_close(&jout, ']');
		json_end(&jout);
	} else if (all && !n) {
		printf("No boot sessions in %s.\n", al_dir);
	}
	free_names(names);
	free(s);
	return ret;
}

int cmd_autologger(int argc, char **argv)
{
	const char *sub;

	if (argc < 2)
		return usage_err("create, list, remove, start or stop?");
	sub = argv[1];
	if (!strcmp(sub, "-h") || !strcmp(sub, "--help")) {
		usage_cmd(stdout, cur_cmd);
		return 0;
	}
	/* The subcommand's own options: a new argv, getopt reset. */
	argc--;
	argv++;
	optind = 0;
	if (!strcmp(sub, "create"))
		return al_create(argc, argv);
	if (!strcmp(sub, "list"))
		return al_list(argc, argv);
	if (!strcmp(sub, "remove"))
		return al_remove(argc, argv);
	if (!strcmp(sub, "start"))
		return al_start_stop(argc, argv, 1);
	if (!strcmp(sub, "stop"))
		return al_start_stop(argc, argv, 0);
	return usage_err("no subcommand '%s' (create, list, remove, start, stop)", sub);
}
