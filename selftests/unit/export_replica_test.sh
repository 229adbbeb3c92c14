#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etw-export into a replicated pair (zookeeper and two clickhouse-server
# replicas of our own, on the host): export_replica_test.py has what it
# checks.  Prints TAP.
exec env PYTHONDONTWRITEBYTECODE=1 python3 "$(dirname "$0")/export_replica_test.py"
