// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl info: the ABI version, features and limits of etw.ko.
 */
#include <inttypes.h>
#include <stdio.h>

#include "etwctl.h"

/* ===== info ============================================================ */

static const struct {
	uint64_t bit;
	const char *name;
} feature_names[] = {
	{ ETW_FEAT_INFO, "info" },
	{ ETW_FEAT_PROVIDERS, "providers" },
	{ ETW_FEAT_SESSIONS, "sessions" },
	{ ETW_FEAT_WRITE, "write" },
	{ ETW_FEAT_CONSUMERS, "consumers" },
	{ ETW_FEAT_CLASSIC, "classic" },
	{ ETW_FEAT_LOGFILE, "logfile" },
	{ ETW_FEAT_MESSAGE, "message" },
	{ ETW_FEAT_QUERY, "query" },
	{ ETW_FEAT_SYSTEM, "system" },
	{ ETW_FEAT_FASTPATH, "fastpath" },
};

int cmd_info(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	struct etw_info info;
	unsigned int i;
	int c, ret;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc))
		return usage_err("too many arguments");
	ret = etw_get_info(-1, &info);
	if (ret)
		return native_fail("ETW_IOC_GET_INFO", ret);
	if (json) {
		json_open(&jout, '{');
		json_u64(&jout, "abi_version", info.abi_version);
		json_key(&jout, "features");
		json_open(&jout, '[');
		for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
			if (info.features & feature_names[i].bit)
				json_str(&jout, NULL, feature_names[i].name);
		json_close(&jout, ']');
		json_u64(&jout, "feature_bits", info.features);
		json_u64(&jout, "nr_cpu_ids", info.nr_cpu_ids);
		json_u64(&jout, "max_sessions", info.max_sessions);
		json_u64(&jout, "max_regs_per_fd", info.max_regs_per_fd);
		json_u64(&jout, "max_event_size", info.max_event_size);
		json_u64(&jout, "buffer_header_size", info.buffer_header_size);
		json_u64(&jout, "min_buffer_kb", info.min_buffer_kb);
		json_u64(&jout, "max_buffer_kb", info.max_buffer_kb);
		json_u64(&jout, "max_filters", info.max_filters);
		json_u64(&jout, "page_size", info.page_size);
		json_u64(&jout, "fast_max_record", info.fast_max_record);
		json_u64(&jout, "max_stages_per_fd", info.max_stages_per_fd);
		json_close(&jout, '}');
		json_end(&jout);
		return 0;
	}
	kv("etw.ko ABI version", "%u", info.abi_version);
	printf("%-24s 0x%016" PRIx64, "Features", (uint64_t)info.features);
	for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
		if (info.features & feature_names[i].bit)
			printf(" %s", feature_names[i].name);
	printf("\n");
	kv("CPUs (nr_cpu_ids)", "%u", info.nr_cpu_ids);
	kv("Max sessions", "%u", info.max_sessions);
	kv("Max registrations", "%u per open file", info.max_regs_per_fd);
	kv("Max event size", "%u bytes", info.max_event_size);
	kv("Buffer header", "%u bytes", info.buffer_header_size);
	kv("Buffer size", "%u..%u KB", info.min_buffer_kb, info.max_buffer_kb);
	kv("Filters per enable", "%u", info.max_filters);
	kv("Page size", "%u", info.page_size);
	if (info.features & ETW_FEAT_FASTPATH) {
		kv("Fast-path record", "%u bytes at most",
		   info.fast_max_record);
		kv("Fast-path stages", "%u per open file",
		   info.max_stages_per_fd);
	}
	return 0;
}

