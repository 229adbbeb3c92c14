// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl disallow: a session's disallow list (TraceSetInformation,
 * TraceQueryInformation).
 */
#include <stdlib.h>
#include <string.h>

#include "etwctl.h"

/* ===== disallow ======================================================== */

static void guid_list_show(const char *session, const GUID *g, ULONG n)
{
	char t[ETW_GUID_STR_LEN];
	ULONG i;

	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "session", session);
		json_key(&jout, "disallowed");
		json_open(&jout, '[');
		for (i = 0; i < n; i++)
			json_str(&jout, NULL, etw_guid_str(&g[i], t));
		json_close(&jout, ']');
		json_close(&jout, '}');
		json_end(&jout);
		return;
	}
	kv("Session", "%s", session);
	if (!n)
		kv("Disallowed providers", "(none)");
	for (i = 0; i < n; i++)
		kv(i ? "" : "Disallowed providers", "{%s}",
		   etw_guid_str(&g[i], t));
}

/* TraceQueryInformation(TraceDisallowListQuery), growing the buffer. */
static int disallow_query(CONTROLTRACE_ID h, GUID **out, ULONG *n)
{
	ULONG len = 0, need = 0, st;
	GUID *g = NULL;

	for (;;) {
		st = TraceQueryInformation(h, TraceDisallowListQuery, g, len,
					   &need);
		if (st == ERROR_SUCCESS)
			break;
		if (st != ERROR_BAD_LENGTH || need <= len) {
			free(g);
			return api_fail("TraceQueryInformation", st, NULL);
		}
		free(g);
		len = need;
		g = malloc(len);
		if (!g)
			return EXIT_API;
	}
	*out = g;
	*n = need / sizeof(GUID);
	return 0;
}

int cmd_disallow(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	const char *sub, *session;
	CONTROLTRACE_ID h;
	GUID *g = NULL;
	ULONG n = 0, st;
	int c, i, ret;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) < 2)
		return usage_err("needs set|clear|show and a session name");
	sub = argv[optind];
	session = argv[optind + 1];
	if (!strcmp(sub, "set")) {
		n = (ULONG)(argc - optind - 2);
		if (!n)
			return usage_err("set: which provider GUIDs?");
		g = calloc(n, sizeof(*g));
		if (!g)
			return EXIT_API;
		for (i = 0; i < (int)n; i++) {
			if (arg_provider(argv[optind + 2 + i], &g[i])) {
				free(g);
				return EXIT_USAGE;
			}
		}
	} else if (!strcmp(sub, "clear") || !strcmp(sub, "show")) {
		if (nargs(argc) != 2)
			return usage_err("too many arguments");
	} else {
		return usage_err("unknown subcommand '%s' (set, clear, show)",
				 sub);
	}

	ret = session_lookup(session, &h);
	if (ret) {
		free(g);
		return ret;
	}
	if (strcmp(sub, "show")) {
		st = TraceSetInformation(h, TraceSetDisallowList, g,
					 n * sizeof(GUID));
		free(g);
		g = NULL;
		if (st != ERROR_SUCCESS)
			return api_fail("TraceSetInformation", st, NULL);
	}
	/* Show the list as the kernel now has it. */
	ret = disallow_query(h, &g, &n);
	if (ret)
		return ret;
	guid_list_show(session, g, n);
	free(g);
	return 0;
}

