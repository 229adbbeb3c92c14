#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kernel-suites.sh [SUITE...]: the shell suites of selftests/etw that
# test the kernel, less each SUITE named.  Those of user-space tools (the
# viewers, WPP, etwctl record, the README's flow, etw-journald,
# etw-export) reach the module
# only through sessions and writes the other suites make: make check runs
# them, check-pkg.sh and check-debug.sh run what this prints.
TOOLS="viewers_test.sh wpp_test.sh record_test.sh readme_test.sh journald_test.sh export_test.sh"
cd "$(dirname "$0")/../../selftests/etw" || exit 1
for t in *.sh; do
	case " $TOOLS $* " in *" $t "*) ;; *) printf '%s ' "$t" ;; esac
done
