#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etw-export against two clickhouse-server processes of our own, on the
# host: export_test.py has what it checks.  Prints TAP.
exec env PYTHONDONTWRITEBYTECODE=1 python3 "$(dirname "$0")/export_test.py"
