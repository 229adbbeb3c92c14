// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl: control Linux ETW sessions, in the spirit of Windows tracelog
 * and logman.  Human-readable output by default, --json for scripts.
 *
 *   etwctl info [--json]      what the loaded etw.ko reports
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

#include "libetw.h"

static int json;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: etwctl [--json] COMMAND [ARGS]\n"
		"commands:\n"
		"  info        show the ABI version, features and limits of etw.ko\n");
}

static const struct {
	uint64_t bit;
	const char *name;
} feature_names[] = {
	{ ETW_FEAT_INFO, "info" },
};

static int cmd_info(void)
{
	struct etw_info info;
	unsigned int i;
	int ret;

	ret = etw_get_info(-1, &info);
	if (ret) {
		fprintf(stderr, "etwctl: GET_INFO: %s\n", etw_strerror(ret));
		return 1;
	}
	if (json) {
		printf("{\"abi_version\":%u,\"features\":[", info.abi_version);
		for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
			if (info.features & feature_names[i].bit)
				printf("%s\"%s\"", i ? "," : "", feature_names[i].name);
		printf("],\"feature_bits\":%" PRIu64 ",\"nr_cpu_ids\":%u,"
		       "\"max_sessions\":%u,\"max_regs_per_fd\":%u,"
		       "\"max_event_size\":%u,\"buffer_header_size\":%u,"
		       "\"min_buffer_kb\":%u,\"max_buffer_kb\":%u,"
		       "\"max_filters\":%u,\"page_size\":%u}\n",
		       (uint64_t)info.features, info.nr_cpu_ids,
		       info.max_sessions, info.max_regs_per_fd,
		       info.max_event_size, info.buffer_header_size,
		       info.min_buffer_kb, info.max_buffer_kb,
		       info.max_filters, info.page_size);
		return 0;
	}
	printf("etw.ko ABI version   %u\n", info.abi_version);
	printf("features             0x%016" PRIx64, (uint64_t)info.features);
	for (i = 0; i < sizeof(feature_names) / sizeof(feature_names[0]); i++)
		if (info.features & feature_names[i].bit)
			printf(" %s", feature_names[i].name);
	printf("\n");
	printf("CPUs (nr_cpu_ids)    %u\n", info.nr_cpu_ids);
	printf("max sessions         %u\n", info.max_sessions);
	printf("max registrations    %u per open file\n", info.max_regs_per_fd);
	printf("max event size       %u bytes\n", info.max_event_size);
	printf("buffer header        %u bytes\n", info.buffer_header_size);
	printf("buffer size          %u..%u KB\n", info.min_buffer_kb,
	       info.max_buffer_kb);
	printf("filters per enable   %u\n", info.max_filters);
	printf("page size            %u\n", info.page_size);
	return 0;
}

int main(int argc, char **argv)
{
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (i >= argc) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[i], "info"))
		return cmd_info();
	fprintf(stderr, "etwctl: unknown command '%s'\n", argv[i]);
	usage(stderr);
	return 2;
}
