// SPDX-License-Identifier: GPL-2.0-only
/*
 * --version and getopt_long's refusals, said alike by every tool (cli.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>

#include "common/cli.h"

#ifndef ETW_VERSION
#define ETW_VERSION "unknown"
#endif

void cli_version(void)
{
	printf("%s (Linux ETW) %s\n", program_invocation_short_name, ETW_VERSION);
}

void cli_bad_option(int c, char **argv)
{
	const char *p = program_invocation_short_name, *arg = argv[optind - 1];

	if (c == ':')
		fprintf(stderr, "%s: option '%s' needs a value\n", p, arg);
	else if (optopt)
		fprintf(stderr, "%s: unknown option '-%c'\n", p, optopt);
	else
		fprintf(stderr, "%s: unknown option '%s'\n", p, arg);
	fprintf(stderr, "%s: '%s --help' lists the options\n", p, p);
}
