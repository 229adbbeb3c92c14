// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl enable, disable, capture: EnableTraceEx2 with its filters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwctl.h"

/* ===== enable, disable, capture ====================================== */

const struct property_name property_names[] = {
	{ "sid", EVENT_ENABLE_PROPERTY_SID },
	{ "ts_id", EVENT_ENABLE_PROPERTY_TS_ID },
	{ "stack_trace", EVENT_ENABLE_PROPERTY_STACK_TRACE },
	{ "psm_key", EVENT_ENABLE_PROPERTY_PSM_KEY },
	{ "ignore_keyword_0", EVENT_ENABLE_PROPERTY_IGNORE_KEYWORD_0 },
	{ "provider_group", EVENT_ENABLE_PROPERTY_PROVIDER_GROUP },
	{ "enable_keyword_0", EVENT_ENABLE_PROPERTY_ENABLE_KEYWORD_0 },
	{ "process_start_key", EVENT_ENABLE_PROPERTY_PROCESS_START_KEY },
	{ "event_key", EVENT_ENABLE_PROPERTY_EVENT_KEY },
	{ "exclude_inprivate", EVENT_ENABLE_PROPERTY_EXCLUDE_INPRIVATE },
	{ "enable_silos", EVENT_ENABLE_PROPERTY_ENABLE_SILOS },
	{ "source_container_tracking",
	  EVENT_ENABLE_PROPERTY_SOURCE_CONTAINER_TRACKING },
};

const size_t nr_property_names =
	sizeof(property_names) / sizeof(property_names[0]);

/* "sid,0x10,stack_trace": names (either '_' or '-') or hex values. */
static int parse_properties(const char *s, ULONG *out)
{
	char *copy = strdup(s), *tok, *save = NULL;
	int ret = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		uint64_t v;
		size_t i;
		char *q;

		for (q = tok; *q; q++)
			if (*q == '-')
				*q = '_';
		for (i = 0; i < sizeof(property_names) / sizeof(property_names[0]); i++)
			if (!strcasecmp(tok, property_names[i].name))
				break;
		if (i < sizeof(property_names) / sizeof(property_names[0]))
			*out |= property_names[i].bit;
		else if (!parse_u64(tok, 16, UINT32_MAX, &v))
			*out |= (ULONG)v;
		else
			ret = -1;
	}
	free(copy);
	return ret;
}

void property_text(ULONG props, char *buf, size_t size)
{
	size_t i, n = 0;

	buf[0] = 0;
	for (i = 0; i < sizeof(property_names) / sizeof(property_names[0]); i++)
		if (props & property_names[i].bit)
			n += snprintf(buf + n, n < size ? size - n : 0, "%s%s",
				      n ? ", " : "", property_names[i].name);
	if (!n)
		snprintf(buf, size, "none");
}

/* Everything an enable/disable/capture call was asked to do. */
struct enable_req {
	const char *session;
	GUID provider;
	ULONG code;
	UCHAR level;
	ULONGLONG any, all;
	ULONG props;
	ULONG timeout;
	int has_source;
	GUID source;
	ULONG pids[MAX_EVENT_FILTER_PID_COUNT];
	ULONG npids;
	char exe[MAX_EVENT_FILTER_DATA_SIZE];
	int has_ids;
	BOOLEAN ids_in;
	USHORT ids[MAX_EVENT_FILTER_EVENT_ID_COUNT];
	USHORT nids;
};

static int parse_pids(const char *s, struct enable_req *r)
{
	char *copy = strdup(s), *tok, *save = NULL;
	int ret = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		ULONG v;

		if (r->npids == MAX_EVENT_FILTER_PID_COUNT ||
		    parse_u32(tok, INT32_MAX, &v) || !v)
			ret = -1;
		else
			r->pids[r->npids++] = v;
	}
	free(copy);
	return ret;
}

/* --exe a;b may be given more than once: the names are joined with ';'. */
static int add_exe(const char *s, struct enable_req *r)
{
	size_t n = strlen(r->exe), add = strlen(s);

	if (!add || n + add + 2 > sizeof(r->exe))
		return -1;
	if (n)
		r->exe[n++] = ';';
	memcpy(r->exe + n, s, add + 1);
	return 0;
}

/* "[+|-]ID,ID,...": + (default) = only these IDs, - = all but these. */
static int parse_event_ids(const char *s, struct enable_req *r)
{
	char *copy, *tok, *save = NULL;
	int ret = 0;

	r->ids_in = TRUE;
	if (*s == '+' || *s == '-')
		r->ids_in = *s++ == '+';
	copy = strdup(s);
	if (!copy)
		return -1;
	r->nids = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		ULONG v;

		if (r->nids == MAX_EVENT_FILTER_EVENT_ID_COUNT ||
		    parse_u32(tok, 0xFFFF, &v))
			ret = -1;
		else
			r->ids[r->nids++] = (USHORT)v;
	}
	free(copy);
	if (!r->nids)
		ret = -1;
	r->has_ids = !ret;
	return ret;
}

static const char *control_code_name(ULONG code)
{
	switch (code) {
	case EVENT_CONTROL_CODE_DISABLE_PROVIDER:
		return "disable";
	case EVENT_CONTROL_CODE_ENABLE_PROVIDER:
		return "enable";
	default:
		return "capture-state";
	}
}

static void enable_show(const struct enable_req *r, CONTROLTRACE_ID h)
{
	char g[ETW_GUID_STR_LEN], s[ETW_GUID_STR_LEN], pr[512];
	ULONG i;

	property_text(r->props, pr, sizeof(pr));
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "command", control_code_name(r->code));
		json_str(&jout, "session", r->session);
		json_u64(&jout, "logger_id", logger_id(h));
		json_str(&jout, r->props & EVENT_ENABLE_PROPERTY_PROVIDER_GROUP ?
		      "group" : "provider", etw_guid_str(&r->provider, g));
		if (r->code == EVENT_CONTROL_CODE_ENABLE_PROVIDER) {
			json_u64(&jout, "level", r->level);
			json_u64(&jout, "match_any_keyword", r->any);
			json_u64(&jout, "match_all_keyword", r->all);
			json_u64(&jout, "enable_property", r->props);
		}
		json_str(&jout, "source_id", r->has_source ?
		      etw_guid_str(&r->source, s) : NULL);
		if (r->npids) {
			json_key(&jout, "pids");
			json_open(&jout, '[');
			for (i = 0; i < r->npids; i++) {
				json_u64(&jout, NULL, r->pids[i]);
			}
			json_close(&jout, ']');
		}
		if (r->exe[0])
			json_str(&jout, "exe", r->exe);
		if (r->has_ids) {
			json_bool(&jout, "event_ids_in", r->ids_in);
			json_key(&jout, "event_ids");
			json_open(&jout, '[');
			for (i = 0; i < r->nids; i++) {
				json_u64(&jout, NULL, r->ids[i]);
			}
			json_close(&jout, ']');
		}
		json_u64(&jout, "timeout_ms", r->timeout);
		json_close(&jout, '}');
		json_end(&jout);
		return;
	}
	kv("Session", "%s (logger %u)", r->session, logger_id(h));
	kv(r->props & EVENT_ENABLE_PROPERTY_PROVIDER_GROUP ?
	   "Provider group" : "Provider", "{%s}", etw_guid_str(&r->provider, g));
	kv("Action", "%s", control_code_name(r->code));
	if (r->code == EVENT_CONTROL_CODE_ENABLE_PROVIDER) {
		kv("Level", "%u", r->level);
		kv("MatchAnyKeyword", "0x%016llx", r->any);
		kv("MatchAllKeyword", "0x%016llx", r->all);
		kv("EnableProperty", "0x%08x (%s)", r->props, pr);
	}
	if (r->has_source)
		kv("SourceId", "{%s}", etw_guid_str(&r->source, s));
	if (r->npids) {
		printf("%-24s", "PID filter");
		for (i = 0; i < r->npids; i++)
			printf(" %u", r->pids[i]);
		printf("\n");
	}
	if (r->exe[0])
		kv("Executable filter", "%s", r->exe);
	if (r->has_ids) {
		printf("%-24s %s", "Event ID filter",
		       r->ids_in ? "only" : "all but");
		for (i = 0; i < r->nids; i++)
			printf("%s%u", i ? "," : " ", r->ids[i]);
		printf("\n");
	}
}

/* EnableTraceEx2 with the filters of @r. */
static int enable_call(struct enable_req *r)
{
	EVENT_FILTER_DESCRIPTOR f[3];
	ENABLE_TRACE_PARAMETERS ep;
	union {
		EVENT_FILTER_EVENT_ID id;
		unsigned char raw[4 + 2 * MAX_EVENT_FILTER_EVENT_ID_COUNT];
	} ids;
	CONTROLTRACE_ID h;
	ULONG nf = 0, st;
	int ret;

	ret = session_lookup(r->session, &h);
	if (ret)
		return ret;
	if (r->npids) {
		f[nf].Ptr = (ULONGLONG)(uintptr_t)r->pids;
		f[nf].Size = r->npids * sizeof(ULONG);
		f[nf++].Type = EVENT_FILTER_TYPE_PID;
	}
	if (r->exe[0]) {
		f[nf].Ptr = (ULONGLONG)(uintptr_t)r->exe;
		f[nf].Size = (ULONG)strlen(r->exe) + 1;
		f[nf++].Type = EVENT_FILTER_TYPE_EXECUTABLE_NAME;
	}
	if (r->has_ids) {
		memset(&ids, 0, sizeof(ids));
		ids.id.FilterIn = r->ids_in;
		ids.id.Count = r->nids;
		memcpy(ids.raw + offsetof(EVENT_FILTER_EVENT_ID, Events),
		       r->ids, r->nids * sizeof(USHORT));
		f[nf].Ptr = (ULONGLONG)(uintptr_t)&ids;
		f[nf].Size = 4 + 2 * r->nids;
		f[nf++].Type = EVENT_FILTER_TYPE_EVENT_ID;
	}
	memset(&ep, 0, sizeof(ep));
	ep.Version = ENABLE_TRACE_PARAMETERS_VERSION_2;
	ep.EnableProperty = r->props;
	if (r->has_source)
		ep.SourceId = r->source;
	ep.EnableFilterDesc = nf ? f : NULL;
	ep.FilterDescCount = nf;

	st = EnableTraceEx2(h, &r->provider, r->code, r->level, r->any, r->all,
			    r->timeout, &ep);
	if (st != ERROR_SUCCESS)
		return api_fail("EnableTraceEx2", st,
				st == ERROR_TIMEOUT ?
				"a provider's enable callback did not finish in time" :
				NULL);
	enable_show(r, h);
	return 0;
}

static int enable_common(int argc, char **argv, ULONG code)
{
	static const struct option enable_opts[] = {
		COMMON_OPTS,
		{ "level", required_argument, NULL, OPT_LEVEL },
		{ "any", required_argument, NULL, OPT_ANY },
		{ "all", required_argument, NULL, OPT_ALL },
		{ "group", no_argument, NULL, OPT_GROUP },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ "property", required_argument, NULL, OPT_PROPERTY },
		{ "pid", required_argument, NULL, OPT_PID },
		{ "exe", required_argument, NULL, OPT_EXE },
		{ "event-ids", required_argument, NULL, OPT_EVENT_IDS },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ 0 }
	};
	static const struct option other_opts[] = {
		COMMON_OPTS,
		{ "group", no_argument, NULL, OPT_GROUP },
		{ "source", required_argument, NULL, OPT_SOURCE },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ 0 }
	};
	struct enable_req *r;
	uint64_t v;
	int c, ret = EXIT_USAGE;

	r = calloc(1, sizeof(*r));
	if (!r)
		return EXIT_API;
	r->code = code;
	r->level = code == EVENT_CONTROL_CODE_ENABLE_PROVIDER ?
		   EVENT_MAX_LEVEL : 0;
	while ((c = next_opt(argc, argv, code == EVENT_CONTROL_CODE_ENABLE_PROVIDER ?
			     enable_opts : other_opts)) != -1) {
		switch (c) {
		case OPT_LEVEL:
			if (level_parse(optarg, &r->level)) {
				usage_err("--level: 0..255 or critical, error, warning, information, verbose");
				goto out;
			}
			break;
		case OPT_ANY:
		case OPT_ALL:
			if (parse_u64(optarg, 16, UINT64_MAX, &v)) {
				usage_err("%s: a hexadecimal keyword mask",
					  c == OPT_ANY ? "--any" : "--all");
				goto out;
			}
			if (c == OPT_ANY)
				r->any = v;
			else
				r->all = v;
			break;
		case OPT_GROUP:
			r->props |= EVENT_ENABLE_PROPERTY_PROVIDER_GROUP;
			break;
		case OPT_SOURCE:
			if (arg_guid(optarg, &r->source, "--source"))
				goto out;
			r->has_source = 1;
			break;
		case OPT_PROPERTY:
			if (parse_properties(optarg, &r->props)) {
				usage_err("--property: a name (sid, ts_id, stack_trace, "
					  "ignore_keyword_0, enable_keyword_0, "
					  "provider_group, ...) or a hex value");
				goto out;
			}
			break;
		case OPT_PID:
			if (parse_pids(optarg, r)) {
				usage_err("--pid: 1 to %d process ids",
					  MAX_EVENT_FILTER_PID_COUNT);
				goto out;
			}
			break;
		case OPT_EXE:
			if (add_exe(optarg, r)) {
				usage_err("--exe: executable names, ';'-separated");
				goto out;
			}
			break;
		case OPT_EVENT_IDS:
			if (parse_event_ids(optarg, r)) {
				usage_err("--event-ids: [+|-]ID,ID,... (1 to %d IDs)",
					  MAX_EVENT_FILTER_EVENT_ID_COUNT);
				goto out;
			}
			break;
		case OPT_TIMEOUT:
			if (parse_u32(optarg, UINT32_MAX, &r->timeout)) {
				usage_err("--timeout: milliseconds");
				goto out;
			}
			break;
		default:
			ret = opt_end(c);
			goto out;
		}
	}
	if (nargs(argc) != 2) {
		usage_err(nargs(argc) > 2 ? "too many arguments" :
			  "needs a session name and a provider GUID");
		goto out;
	}
	r->session = argv[optind];
	/*
	 * A group is named by its GUID, or by the name a LinuxTracepoints
	 * provider gives it (G option: its name hash); a provider by GUID
	 * or name.
	 */
	if (r->props & EVENT_ENABLE_PROPERTY_PROVIDER_GROUP) {
		if (etw_guid_parse(argv[optind + 1], &r->provider))
			provider_name_guid(argv[optind + 1], &r->provider);
	} else if (arg_provider(argv[optind + 1], &r->provider)) {
		goto out;
	}
	ret = enable_call(r);
out:
	free(r);
	return ret;
}

int cmd_enable(int argc, char **argv)
{
	return enable_common(argc, argv, EVENT_CONTROL_CODE_ENABLE_PROVIDER);
}

int cmd_disable(int argc, char **argv)
{
	return enable_common(argc, argv, EVENT_CONTROL_CODE_DISABLE_PROVIDER);
}

int cmd_capture(int argc, char **argv)
{
	return enable_common(argc, argv, EVENT_CONTROL_CODE_CAPTURE_STATE);
}

