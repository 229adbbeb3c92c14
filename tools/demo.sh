#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The demo `make demo` runs inside the VM, with etw.ko loaded.
set -eu
B=$(cd "$(dirname "$0")/.." && pwd)/build/tools

echo "== etw.ko is loaded; this is what it reports (etwctl info)"
"$B/etwctl" info
echo
echo "== the same for scripts (etwctl --json info)"
"$B/etwctl" --json info
