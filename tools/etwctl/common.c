// SPDX-License-Identifier: GPL-2.0-only
/*
 * What every subcommand uses: Win32 status codes by name, the failure
 * reports (on stderr, and as JSON with --json), aligned text output,
 * number and level parsing.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwctl.h"

/* ===== Human-readable output ========================================== */

/* One aligned "key  value" line. */
void kv(const char *key, const char *fmt, ...)
{
	va_list ap;

	printf("%-24s ", key);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* ===== Errors ========================================================== */

/* What the command works on, for messages ("session 'x'"); "" for nothing. */
static char what[2 * ETW_MAX_PATH_BYTES + 64];

void set_what(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
}

/*
 * An API call failed: "etwctl: session 'x': StartTrace: ERROR_ALREADY_EXISTS
 * (183)" on stderr, and what to do (a JSON object on stdout with --json).
 * Without /dev/etw the hint is to load etw.ko.  Returns EXIT_API.
 */
int api_fail(const char *api, ULONG status, const char *hint)
{
	const char *mh = module_hint();

	if (mh)
		hint = mh;
	else if (!hint && status == ERROR_WMI_INSTANCE_NOT_FOUND && !strncmp(what, "session", 7))
		hint = "no session of this name runs ('etwctl list' shows them)";
	else if (!hint && status == ERROR_ACCESS_DENIED)
		hint = "this needs CAP_PERFMON or CAP_SYS_ADMIN, the session's owner, or the "
		       "etw.ko controller_gid group";
	fprintf(stderr, "etwctl: %s%s%s: %s (%u)\n", what, *what ? ": " : "", api,
		win32_name(status), status);
	if (hint)
		fprintf(stderr, "etwctl: %s\n", hint);
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "command", cur_cmd);
		if (*what)
			json_str(&jout, "on", what);
		json_str(&jout, "api", api);
		json_str(&jout, "error", win32_name(status));
		json_u64(&jout, "code", status);
		if (hint)
			json_str(&jout, "hint", hint);
		json_close(&jout, '}');
		json_end(&jout);
	}
	return EXIT_API;
}

/* A native-layer call failed with -errno. */
int native_fail(const char *api, int err)
{
	const char *name = strerrorname_np(-err), *mh = module_hint();

	fprintf(stderr, "etwctl: %s: %s (%d): %s\n", api,
		name ? name : "E?", -err, etw_strerror(err));
	if (mh)
		fprintf(stderr, "etwctl: %s\n", mh);
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "command", cur_cmd);
		json_str(&jout, "api", api);
		json_str(&jout, "error", name ? name : "E?");
		json_u64(&jout, "errno", (uint64_t)-err);
		json_close(&jout, '}');
		json_end(&jout);
	}
	return EXIT_API;
}

/* ===== Argument parsing ================================================ */

int parse_u64(const char *s, int base, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

int parse_u32(const char *s, uint32_t max, ULONG *out)
{
	uint64_t v;

	if (parse_u64(s, 0, max, &v))
		return -1;
	*out = (ULONG)v;
	return 0;
}

/* Whether the loaded etw.ko reports a feature (ETW_FEAT_*). */
int have_feature(uint64_t bit)
{
	struct etw_info info;

	return etw_get_info(-1, &info) == 0 && (info.features & bit);
}

