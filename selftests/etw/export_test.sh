#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etw-export following a live session into two clickhouse-server
# processes of its own, inside the VM: export_test.py has what it
# checks.  Prints TAP.
exec env PYTHONDONTWRITEBYTECODE=1 python3 "$(dirname "$0")/export_test.py"
