# SPDX-License-Identifier: GPL-2.0-only
"""What etw-export's tests share (export_test.py on the host,
selftests/etw/export_test.sh in the VM): TAP lines, the exporter run as a
process, etwdump's view of a trace (the reference every row is checked
against), a row of the events table compared with etwdump's object, and
the queries of Documentation/fleet.rst."""
import json
import os
import re
import signal
import subprocess
import sys
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(TOP, "tools", "etw-export"))
from ch_cluster import Cluster  # noqa: E402,F401

EXPORT = os.path.join(TOP, "build", "tools", "etw-export")
ETWDUMP = os.path.join(TOP, "build", "tools", "etwdump")
ZERO_UUID = "00000000-0000-0000-0000-000000000000"
T0 = time.time()
KEY = ("host", "boot_id", "session", "start", "file", "seq")


class Tap:
    def __init__(self, planned):
        self.n = 0
        self.failed = 0
        print("TAP version 13")
        print("1..%d" % planned, flush=True)

    def check(self, desc, ok, why=""):
        self.n += 1
        if os.environ.get("EXPORT_TEST_TIMES"):
            print("# %.1f s" % (time.time() - T0))
        if ok:
            print("ok %d %s" % (self.n, desc), flush=True)
            return True
        self.failed += 1
        print("not ok %d %s" % (self.n, desc))
        for line in str(why).splitlines()[:25]:
            print("#   " + line)
        sys.stdout.flush()
        return False

    def note(self, text):
        for line in str(text).splitlines():
            print("# " + line)
        sys.stdout.flush()


def loads(line):
    """A JSON line, invalid UTF-8 kept (as surrogates) instead of refused."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", "surrogateescape")
    return json.loads(line)


_decoded = {}


def etwdump(host, path, extra=()):
    """etwdump --json --identity=HOST PATH: its events as dicts (a file
    is decoded once; another host's copy differs only in "host")."""
    key = (path, tuple(extra))
    if key not in _decoded:
        out = subprocess.run([ETWDUMP, "--json", "--identity=" + host] + list(extra) + [path],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             check=True).stdout
        _decoded[key] = [loads(x) for x in out.splitlines() if x.strip()]
    return [dict(e, host=host) for e in _decoded[key]]


def exporter(spool, host, *args, env=None):
    """etw-export in the background (a Popen), its stderr in SPOOL.log."""
    os.makedirs(spool, exist_ok=True)
    log = open(spool + ".log", "ab")
    cmd = [EXPORT, "--config", "/dev/null", "--spool", spool, "--host", host,
           "--interval", "1", "--retry-max", "1"] + list(args)
    return subprocess.Popen(cmd, stdout=log, stderr=log, stdin=subprocess.DEVNULL, env=env)


def status(spool):
    try:
        with open(os.path.join(spool, "status.json"), "rb") as f:
            return loads(f.read())
    except (OSError, ValueError):
        return {}


def wait_for(pred, timeout, step=0.05):
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return True
        time.sleep(step)
    return pred()


def kill9(p):
    if p.poll() is None:
        p.send_signal(signal.SIGKILL)
    p.wait()


def iso(ft):
    """FILETIME as etwdump writes it: 2023-03-29T15:12:38.0175449Z."""
    secs = ft // 10**7 - 11644473600
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(secs)) + ".%07dZ" % (ft % 10**7)


def rows(cluster, where, node=0):
    """The events table's rows (FINAL), as dicts, keyed by their key."""
    out = cluster.query("SELECT * FROM etw.events FINAL WHERE %s FORMAT JSONEachRow" % where,
                        node, settings={"output_format_json_quote_64bit_integers": 0})
    got = {}
    for line in out.splitlines():
        r = json.loads(line)
        got[tuple(r[k] for k in KEY)] = r
    return got


NUMBERS = ("cpu", "pid", "tid", "id", "version", "level", "channel", "keywords",
           "opcode", "task", "len", "start", "seq")
NAMES = ("host", "boot_id", "session", "file", "provider", "flags", "provider_name",
         "event", "level_name", "task_name", "opcode_name", "keywords_name",
         "channel_name", "message", "payload", "string", "undecoded")


def differences(row, ev):
    """What differs between a row of the events table and etwdump's object."""
    d = []
    if iso(row["ts"]) != ev.get("time"):
        d.append("time: %s, etwdump %s" % (iso(row["ts"]), ev.get("time")))
    for k in NUMBERS:
        if row[k] != ev.get(k, 0 if k != "file" else ""):
            d.append("%s: %r, etwdump %r" % (k, row[k], ev.get(k)))
    for k in NAMES:
        if row[k] != ev.get(k, ""):
            d.append("%s: %r, etwdump %r" % (k, row[k][:200], str(ev.get(k))[:200]))
    for k in ("activity", "related_activity"):
        if row[k] != ev.get(k, ZERO_UUID):
            d.append("%s: %s, etwdump %s" % (k, row[k], ev.get(k)))
    if row["ext"] != ev.get("ext", []):
        d.append("ext: %r, etwdump %r" % (row["ext"], ev.get("ext")))
    for k in ("fields", "ext_data"):
        want = ev.get(k)
        got = loads(row[k]) if row[k] else None
        if got != want:
            d.append("%s: %s, etwdump %s" % (k, str(row[k])[:300], json.dumps(want)[:300]))
    return d


def compare(cluster, where, events):
    """Every event of etwdump's once in the table and equal, and nothing
    else there: (missing, extra, differing) with examples."""
    got = rows(cluster, where)
    want = {tuple(e[k] for k in KEY): e for e in events}
    missing = [k for k in want if k not in got]
    extra = [k for k in got if k not in want]
    differ = []
    for k, e in want.items():
        if k in got:
            d = differences(got[k], e)
            if d:
                differ.append((k, d))
    return missing, extra, differ


def merge(cluster, table="etw.events_local"):
    """Merge every part of @table on each server now (ReplacingMergeTree
    then keeps one row per key); a merge already running is waited for."""
    for node in range(cluster.n):
        end = time.time() + 30
        while True:
            try:
                cluster.query("OPTIMIZE TABLE %s FINAL" % table, node,
                              settings={"optimize_throw_if_noop": 1})
                break
            except RuntimeError:
                if time.time() > end:
                    raise
                time.sleep(0.2)


def fleet_queries():
    """Documentation/fleet.rst's queries: {name: sql}."""
    text = open(os.path.join(TOP, "Documentation", "fleet.rst")).read()
    out = {}
    for m in re.finditer(r"\.\. code-block:: sql\n   :name: (\S+)\n\n((?:   .*\n|\n)+)", text):
        sql = "\n".join(line[3:] for line in m.group(2).splitlines()).strip()
        out[m.group(1)] = sql
    return out
