/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every command-line tool says the same way: --version, and the
 * message for an option getopt_long did not take.
 */
#ifndef _TOOLS_COMMON_CLI_H
#define _TOOLS_COMMON_CLI_H

/* "etwdump (Linux ETW) 1.0.0" on stdout. */
void cli_version(void);

/*
 * getopt_long returned '?' or ':' (with opterr 0 and ':' leading the
 * short options): say which option, and what to do, on stderr.
 */
void cli_bad_option(int c, char **argv);

#endif /* _TOOLS_COMMON_CLI_H */
