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

/* ===== Win32 status codes by name ===================================== */

#define E(x) { x, #x }
static const struct {
	ULONG code;
	const char *name;
} win32_names[] = {
	E(ERROR_SUCCESS), E(ERROR_INVALID_FUNCTION), E(ERROR_FILE_NOT_FOUND),
	E(ERROR_PATH_NOT_FOUND), E(ERROR_ACCESS_DENIED),
	E(ERROR_INVALID_HANDLE), E(ERROR_NOT_ENOUGH_MEMORY),
	E(ERROR_BAD_FORMAT), E(ERROR_INVALID_DATA), E(ERROR_OUTOFMEMORY),
	E(ERROR_BAD_LENGTH), E(ERROR_HANDLE_EOF), E(ERROR_NOT_SUPPORTED),
	E(ERROR_INVALID_PARAMETER), E(ERROR_DISK_FULL),
	E(ERROR_INSUFFICIENT_BUFFER), E(ERROR_INVALID_NAME),
	E(ERROR_BAD_ARGUMENTS), E(ERROR_BAD_PATHNAME), E(ERROR_BUSY),
	E(ERROR_ALREADY_EXISTS), E(ERROR_INVALID_FLAG_NUMBER),
	E(ERROR_MORE_DATA), E(ERROR_NO_MORE_ITEMS),
	E(ERROR_ARITHMETIC_OVERFLOW), E(ERROR_NOACCESS), E(ERROR_INVALID_FLAGS),
	E(ERROR_NOT_FOUND), E(ERROR_CANCELLED), E(ERROR_PRIVILEGE_NOT_HELD),
	E(ERROR_FILE_CORRUPT), E(ERROR_NO_SYSTEM_RESOURCES), E(ERROR_TIMEOUT),
	E(ERROR_INVALID_TIME), E(ERROR_WMI_GUID_NOT_FOUND),
	E(ERROR_WMI_INSTANCE_NOT_FOUND), E(ERROR_WMI_ALREADY_ENABLED),
	E(ERROR_WMI_SERVER_UNAVAILABLE), E(ERROR_WMI_ALREADY_DISABLED),
	E(ERROR_INVALID_STATE), E(ERROR_CTX_CLOSE_PENDING),
	E(ERROR_EVT_INVALID_EVENT_DATA), E(STATUS_LOG_FILE_FULL),
	E(ERROR_XML_PARSE_ERROR), E(ERROR_RESOURCE_NOT_FOUND),
};
#undef E

const char *win32_name(ULONG code)
{
	size_t i;

	for (i = 0; i < sizeof(win32_names) / sizeof(win32_names[0]); i++)
		if (win32_names[i].code == code)
			return win32_names[i].name;
	return "ERROR_UNKNOWN";
}

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

/*
 * An API call failed: "etwctl: StartTrace: ERROR_ALREADY_EXISTS (183)" on
 * stderr (and a JSON object on stdout with --json).  Returns EXIT_API.
 */
int api_fail(const char *api, ULONG status, const char *hint)
{
	fprintf(stderr, "etwctl: %s: %s (%u)\n", api, win32_name(status),
		status);
	if (hint)
		fprintf(stderr, "etwctl: %s\n", hint);
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "command", cur_cmd);
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
int native_fail(const char *what, int err)
{
	const char *name = strerrorname_np(-err);

	fprintf(stderr, "etwctl: %s: %s (%d): %s\n", what,
		name ? name : "E?", -err, etw_strerror(err));
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "command", cur_cmd);
		json_str(&jout, "api", what);
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

int parse_level(const char *s, UCHAR *out)
{
	static const char *const names[] = {
		"none", "critical", "error", "warning", "information", "verbose",
	};
	ULONG v;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcasecmp(s, names[i])) {
			*out = (UCHAR)i;
			return 0;
		}
	}
	if (!strcasecmp(s, "info")) {
		*out = TRACE_LEVEL_INFORMATION;
		return 0;
	}
	if (parse_u32(s, 255, &v))
		return -1;
	*out = (UCHAR)v;
	return 0;
}

const char *guid_text(const GUID *g, char *buf)
{
	return etw_guid_str(g, buf);
}

/* Whether the loaded etw.ko reports a feature (ETW_FEAT_*). */
int have_feature(uint64_t bit)
{
	struct etw_info info;

	return etw_get_info(-1, &info) == 0 && (info.features & bit);
}

