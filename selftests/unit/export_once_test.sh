#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etw-export --once and --init-schema against one clickhouse-server of
# our own: export_once_test.py has what it checks.  Prints TAP.
exec env PYTHONDONTWRITEBYTECODE=1 python3 "$(dirname "$0")/export_once_test.py"
