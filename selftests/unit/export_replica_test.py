#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""etw-export into a replicated pair: Debian's zookeeper (one server of
our own on a loopback port) and two clickhouse-server processes, the two
replicas of one shard (ReplicatedReplacingMergeTree, made by
--init-schema --replicated).  An exporter replays a real .etl file into
both; one replica is killed (SIGKILL) mid-stream and started again.
After it, each replica holds every event once: uniqExact of the key =
count() FINAL = the events etwdump decodes, on both, read from each
replica's own table; and the exporter counts nothing lost.  Prints TAP."""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export_lib import (TOP, EXPORT, Cluster, Tap, etwdump, exporter,  # noqa: E402
                        wait_for, kill9)
from ch_cluster import ZooKeeper  # noqa: E402

SK = os.path.join(TOP, "selftests", "data", "shutdown_kernel.etl")

tap = Tap(4)
tmp = tempfile.mkdtemp(prefix="export_replica_test.")
zk = ZooKeeper(tmp)
c = None
procs = []


def cleanup(*_):
    for p in procs:
        if p.poll() is None:
            kill9(p)
    if c:
        c.stop()
    zk.stop()
    shutil.rmtree(tmp, ignore_errors=True)


signal.signal(signal.SIGTERM, lambda *a: (cleanup(), sys.exit(1)))


def local(sql, node):
    return int(c.value(sql, node))


def replica_counts(node):
    """(count() FINAL, uniqExact(key), count()) of replica @node's own table."""
    return (local("SELECT count() FROM etw.events_local FINAL WHERE host = 'r'", node),
            local("SELECT uniqExact(host, boot_id, session, start, file, seq) "
                  "FROM etw.events_local WHERE host = 'r'", node),
            local("SELECT count() FROM etw.events_local WHERE host = 'r'", node))


try:
    t0 = time.time()
    zk.start()
    c = Cluster(os.path.join(tmp, "cluster"), zookeeper=zk.port)
    c.start()
    tap.note("zookeeper and 2 replicas of clickhouse-server %s up in %.1f s" %
             (c.value("SELECT version()"), time.time() - t0))

    init = [EXPORT, "--config", "/dev/null", "--init-schema", "--replicated",
            "--url", c.urls[0], "--url", c.urls[1]]
    r = subprocess.run(init, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    engines = [c.rows("SELECT name, engine FROM system.tables WHERE database = 'etw' "
                      "ORDER BY name", n) for n in range(2)]
    want = [["events", "Distributed"], ["events_local", "ReplicatedReplacingMergeTree"],
            ["hosts", "Distributed"], ["hosts_local", "ReplicatedReplacingMergeTree"],
            ["losses", "Distributed"], ["losses_local", "ReplicatedReplacingMergeTree"]]
    tap.check("--init-schema --replicated: ReplicatedReplacingMergeTree tables under the "
              "Distributed ones, on both replicas",
              r.returncode == 0 and engines == [want, want],
              "exit %d: %s\n%r" % (r.returncode, r.stdout.decode(errors="replace"), engines))

    ref = etwdump("r", SK)
    n = len(ref)
    p = exporter(os.path.join(tmp, "spool"), "r", "--once", "--files", SK,
                 "--replay-rate", "8000", "--batch-rows", "2000",
                 "--url", c.urls[1], "--url", c.urls[0])
    procs.append(p)

    def rows_in():
        try:
            return local("SELECT count() FROM etw.events_local WHERE host = 'r'", 0)
        except RuntimeError:
            return 0
    wait_for(lambda: rows_in() >= 4000, 30, 0.2)
    before = rows_in()
    c.kill(1)
    time.sleep(0.5)
    c.start_node(1)
    rc = p.wait(timeout=120)
    # Replication catches up in the background: until each has them all.
    both = wait_for(lambda: all(replica_counts(i)[0] >= n for i in range(2)), 60, 0.2)
    got = [replica_counts(i) for i in range(2)]
    tap.note("replica 2 killed with %d of %d rows in, back 0.5 s later; "
             "(FINAL, uniq, raw) per replica %r; %.1f s" % (before, n, got, time.time() - t0))
    tap.check("a replica killed mid-stream and restarted: each replica has every event "
              "once (count FINAL = uniqExact(key) = %d)" % n,
              rc == 0 and both and all(g[0] == g[1] == n for g in got),
              "exit %r, %r" % (rc, got))

    # A replicated merge is done once, by the leader, and replayed.
    c.query("OPTIMIZE TABLE etw.events_local FINAL", 0)
    merged = wait_for(lambda: all(replica_counts(i)[2] == n for i in range(2)), 60, 0.5)
    tap.check("once merged, no copy on either replica (count() = %d)" % n, merged,
              repr([replica_counts(i) for i in range(2)]))

    lost = c.rows("SELECT max(rows), max(dropped), max(rejected) FROM etw.losses "
                  "WHERE host = 'r'")
    tap.check("the losses table, through the Distributed table: %d rows read, "
              "none dropped or rejected" % n, lost == [[str(n), "0", "0"]], repr(lost))
except Exception as e:  # noqa: BLE001
    tap.check("the replicated pair ran", False, "%s: %s" % (type(e).__name__, e))
finally:
    cleanup()
sys.exit(1 if tap.failed or tap.n != 4 else 0)
