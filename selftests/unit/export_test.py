#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""etw-export against a real ClickHouse cluster (Debian's clickhouse-server,
two shards on loopback, a private configuration under a temporary
directory), replaying the real .etl files of selftests/data as three
hosts, and the faults a fleet meets: a shard killed mid-stream, the
exporter killed mid-batch, a full spool (dropping and waiting), a row the
server refuses, rows too large.  After each, every event is in the
cluster exactly once: uniqExact of the key = count() FINAL = events
written - events counted lost, and the counted losses are what is really
missing.  Every event is compared, column by column, with what etwdump
--json --identity decodes from the same file; the ten queries of
Documentation/fleet.rst run and their answers are checked.  Prints TAP."""
import calendar
import collections
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export_lib import (TOP, EXPORT, Cluster, Tap, etwdump, exporter, status,  # noqa: E402
                        wait_for, kill9, compare, fleet_queries, merge)
from ch_cluster import free_port  # noqa: E402

DATA = os.path.join(TOP, "selftests", "data")
PS = os.path.join(DATA, "powershell.etl")
AMSI = os.path.join(DATA, "amsi.etl")
LX = os.path.join(DATA, "lxcore_kernel.etl")
SK = os.path.join(DATA, "shutdown_kernel.etl")
FILES = {"h1": [PS, AMSI, LX], "h2": [SK], "h3": [PS, AMSI, LX, SK]}
# The traces' "now" for fleet.rst's queries that look at the last hour.
TRACE_NOW = "toDateTime('2023-03-29 16:00:00')"

tap = Tap(25)
tmp = tempfile.mkdtemp(prefix="export_test.")
c = Cluster(os.path.join(tmp, "cluster"))
procs = []


def cleanup(*_):
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()
    c.stop()
    shutil.rmtree(tmp, ignore_errors=True)


signal.signal(signal.SIGTERM, lambda *a: (cleanup(), sys.exit(1)))


def run(spool, host, *args, timeout=120):
    """An exporter to its end (--once); its exit status, or None on timeout."""
    p = exporter(spool, host, *args)
    procs.append(p)
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill9(p)
        return None


def log(spool):
    try:
        return open(spool + ".log", errors="replace").read()[-3000:]
    except OSError:
        return ""


def count(where, final=True):
    return int(c.value("SELECT count() FROM etw.events%s WHERE %s" %
                       (" FINAL" if final else "", where)))


def exact(where):
    """(count() FINAL, uniqExact(key), count() with copies, count() once merged)."""
    n_final = count(where)
    n_uniq = int(c.value("SELECT uniqExact(host, boot_id, session, start, file, seq) "
                         "FROM etw.events WHERE " + where))
    n_raw = count(where, final=False)
    merge(c)
    n_merged = count(where, final=False)
    return n_final, n_uniq, n_raw, n_merged


def losses(host):
    """The losses table's totals of @host's sources (max per source, summed)."""
    r = c.rows("SELECT sum(r), sum(el), sum(d), sum(j) FROM (SELECT max(rows) AS r, "
               "max(events_lost) AS el, max(dropped) AS d, max(rejected) AS j "
               "FROM etw.losses WHERE host = '%s' GROUP BY boot_id, session, start, file)"
               % host)
    return tuple(int(x) for x in r[0])


def wait_count(where, want, timeout):
    def ok():
        try:
            return count(where) >= want
        except RuntimeError:
            return False
    return wait_for(ok, timeout, 0.2)


try:
    t0 = time.time()
    c.start()
    tap.note("clickhouse-server %s, 2 shards, started in %.1f s" %
             (c.value("SELECT version()"), time.time() - t0))

    # ---- the schema ------------------------------------------------------
    init = [EXPORT, "--config", "/dev/null", "--init-schema"] + \
        sum([["--url", u] for u in c.urls], [])
    r1 = subprocess.run(init, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    r2 = subprocess.run(init, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    tables = [c.value("SELECT groupArray(name) FROM (SELECT name FROM system.tables "
                      "WHERE database = 'etw' ORDER BY name)", n) for n in range(2)]
    want = "['events','events_local','hosts','hosts_local','losses','losses_local']"
    tap.check("--init-schema: the local and Distributed tables on both servers; "
              "again: no error, nothing changed",
              r1.returncode == 0 and r2.returncode == 0 and tables == [want, want],
              r1.stdout.decode() + r2.stdout.decode() + repr(tables))

    # ---- three hosts replay the real traces --------------------------------
    t0 = time.time()
    ps = []
    # h1: the defaults (a connection per server; no gzip to loopback);
    # h2: gzip-compressed; h3: one connection, the servers in turn.
    more = {"h1": [], "h2": ["--gzip", "yes"], "h3": ["--connections", "1"]}
    for i, (h, files) in enumerate(sorted(FILES.items())):
        urls = c.urls if i != 1 else c.urls[::-1]
        args = ["--once"] + more[h] + sum([["--url", u] for u in urls], []) + \
            sum([["--files", f] for f in files], [])
        p = exporter(os.path.join(tmp, "spool-" + h), h, *args)
        procs.append(p)
        ps.append(p)
    rcs = [p.wait(timeout=120) for p in ps]
    took = time.time() - t0
    ref = {h: [e for f in files for e in etwdump(h, f)] for h, files in FILES.items()}
    written = sum(len(v) for v in ref.values())
    tap.note("3 exporters replayed %d events in %.1f s" % (written, took))
    for h in sorted(FILES):
        missing, extra, differ = compare(c, "host = '%s'" % h, ref[h])
        tap.check("%s (%s): every event etwdump decodes is in the cluster once, "
                  "every column equal (%d events)" %
                  (h, " ".join(os.path.basename(f) for f in FILES[h]), len(ref[h])),
                  rcs == [0, 0, 0] and not missing and not extra and not differ,
                  "exit %r; %d missing %s; %d extra %s; %d differ %s\n%s" %
                  (rcs, len(missing), missing[:3], len(extra), extra[:3], len(differ),
                   differ[:2], log(os.path.join(tmp, "spool-" + h))))

    # How each sent them: --gzip yes compressed every INSERT, the default
    # none (loopback); the connections each asked for.
    st = {h: status(os.path.join(tmp, "spool-" + h)) for h in FILES}
    how = {h: (st[h].get("connections"), st[h].get("requests", 0),
               st[h].get("gzip_requests", -1)) for h in FILES}
    tap.check("INSERTs as configured: h1 2 connections, none compressed (Gzip=auto, "
              "loopback); h2 every one gzip-compressed (--gzip yes); h3 one connection",
              how["h1"][0] == 2 and how["h1"][1] > 0 and how["h1"][2] == 0 and
              how["h2"][1] > 0 and how["h2"][2] == how["h2"][1] and how["h3"][0] == 1,
              "connections, INSERTs, compressed: %r" % how)

    # Per host, provider and event: the counts etwdump finds.
    want = collections.Counter((h, e["provider"], e["id"], e["opcode"], e.get("event", ""))
                               for h in ref for e in ref[h])
    got = collections.Counter()
    for h, p, i, o, ev, n in c.rows("SELECT host, provider, id, opcode, event, count() "
                                    "FROM etw.events FINAL WHERE host IN ('h1','h2','h3') "
                                    "GROUP BY host, provider, id, opcode, event"):
        got[(h, p, int(i), int(o), ev)] = int(n)
    tap.check("per host, provider and event: the counts etwdump finds (%d groups)" % len(want),
              got == want, "differ: %r" % [(k, got[k], want[k]) for k in set(got) | set(want)
                                          if got[k] != want[k]][:5])

    shards = [int(c.value("SELECT count() FROM etw.events_local WHERE host IN "
                          "('h1','h2','h3')", n)) for n in range(2)]
    n_final, n_uniq, n_raw, n_merged = exact("host IN ('h1','h2','h3')")
    tap.check("both shards hold rows (%d + %d); count() FINAL = uniqExact(key) = "
              "written, no copy once merged" % tuple(shards),
              min(shards) > 0 and n_final == n_uniq == n_merged == written,
              "FINAL %d, uniq %d, merged %d, written %d" % (n_final, n_uniq, n_merged, written))

    lrows = c.rows("SELECT host, file, max(rows), max(events_lost), max(final) FROM etw.losses "
                   "WHERE host IN ('h1','h2','h3') GROUP BY host, file ORDER BY host, file")
    want_l = sorted([h, os.path.basename(f), str(sum(1 for e in ref[h]
                                                     if e["file"] == os.path.basename(f))),
                     "3" if f == AMSI else "0", "1"] for h in FILES for f in FILES[h])
    tap.check("losses: a final row per file, its events, the 3 events amsi.etl's header "
              "counts lost", lrows == want_l, "got %r\nwant %r" % (lrows, want_l))

    # ---- Documentation/fleet.rst's queries ---------------------------------
    Q = fleet_queries()

    def q(name):
        return c.rows(Q[name].replace("now()", TRACE_NOW))

    hosts3 = ("h1", "h2", "h3")
    evs = [e for h in hosts3 for e in ref[h]]

    def minute(e):
        return e["time"][:10] + " " + e["time"][11:16] + ":00"
    want = collections.Counter((e["host"], minute(e)) for e in evs
                               if "2023-03-29 15:00:00" <= e["time"][:19].replace("T", " "))
    got = {(h, m): int(n) for h, m, n in q("q-per-minute") if h in hosts3}
    tap.check("fleet.rst q-per-minute: events per host and minute of the last hour",
              got == dict(want), "got %r\nwant %r" % (got, dict(want)))

    ps_guid = "a0c1853b-5c40-4b15-8766-3cf1c58f985a"
    want = {h: [sum(1 for e in ref[h] if e["provider"] == ps_guid and e["id"] == 7937),
                3 if AMSI in FILES[h] else 0] for h in hosts3}
    want = {h: v for h, v in want.items() if v[0]}
    got = {h: [int(n), int(lost)] for h, n, lost in q("q-who-logged") if h in hosts3}
    tap.check("fleet.rst q-who-logged: the hosts with PowerShell's event 7937, how often, "
              "what each lost", got == want and len(got) == 2, "got %r\nwant %r" % (got, want))

    def name(e):
        return e.get("provider_name") or e["provider"]
    cnt = collections.Counter(name(e) for e in evs)
    got = [(n, int(k)) for n, k, _ in q("q-top-providers")]
    top = sorted(cnt.items(), key=lambda x: (-x[1], x[0]))[:10]
    tap.check("fleet.rst q-top-providers: the ten busiest providers and their counts",
              got == top, "got %r\nwant %r" % (got, top))

    got = {h: r for h, *r in q("q-loss-by-host") if h in hosts3}
    want = {h: ["3" if AMSI in FILES[h] else "0", "0", "0", "0"] for h in hosts3}
    tap.check("fleet.rst q-loss-by-host: ETW's and the exporter's losses per host",
              got == want, "got %r\nwant %r" % (got, want))

    act = "f2b806ce-624d-0000-4ed1-b8f24d62d901"
    want = sorted((e["host"], e["seq"]) for e in evs if e.get("activity") == act)
    got = sorted((h, int(s)) for h, _, s, *_ in q("q-activity") if h in hosts3)
    order = [int(t) for _, t, *_ in q("q-activity")]
    tap.check("fleet.rst q-activity: the activity's %d events on both hosts that have it, "
              "in time order" % len(want),
              got == want and len(want) > 2 and order == sorted(order), "got %r\nwant %r" %
              (got, want))

    # The pairs: an activity's first opcode-1 event to its last opcode-2 one.
    pairs = {}
    for e in evs:
        a = e.get("activity")
        if a and e["opcode"] in (1, 2):
            k = (e["host"], name(e), e["task"], a)
            pairs.setdefault(k, {}).setdefault(e["opcode"], []).append(e["time"])
    want = []
    for k, v in pairs.items():
        if 1 in v and 2 in v:
            def ft(t):
                return (time.mktime(time.strptime(t[:19], "%Y-%m-%dT%H:%M:%S")) * 10**7 +
                        int(t[20:27]))
            want.append((k[0], k[3], round((ft(max(v[2])) - ft(min(v[1]))) / 10000, 3)))
    got = [(h, a, round(float(ms), 3)) for h, _, _, a, ms in q("q-slowest-pairs")]
    tap.check("fleet.rst q-slowest-pairs: start/stop pairs by activity and their time",
              sorted(got) == sorted(want) and len(want) >= 2, "got %r\nwant %r" % (got, want))

    want = collections.Counter((e["host"], name(e), e["level"]) for e in evs
                               if 1 <= e["level"] <= 3)
    got = {(h, n, int(lv)): int(k) for h, n, lv, k in q("q-errors") if h in hosts3}
    tap.check("fleet.rst q-errors: critical, error and warning events per host and provider",
              got == dict(want) and want, "got %r\nwant %r" % (got, dict(want)))

    want = []
    for h in hosts3:
        pc = collections.Counter(e["pid"] for e in ref[h])
        want += [(h, p, n) for p, n in sorted(pc.items(), key=lambda x: (-x[1], x[0]))[:3]]
    got = [(h, int(p), int(n)) for h, p, n in q("q-busiest-processes") if h in hosts3]
    tap.check("fleet.rst q-busiest-processes: each host's three busiest processes",
              got == want, "got %r\nwant %r" % (got, want))

    want = sorted((e["host"], e["file"], e["seq"], e["event"], e["fields"]["Function"],
                   e["fields"]["Line"]) for e in evs
                  if e.get("provider_name") == "Microsoft.Windows.Subsystem.LxCore" and
                  e.get("fields", {}).get("Function") == "LxpDrvFsTypeMount")
    got = sorted((h, f, int(s), ev, fn, int(ln)) for h, f, s, ev, fn, ln in q("q-field-search")
                 if h in hosts3)
    tap.check("fleet.rst q-field-search: events by a decoded field's value",
              got == want and len(want) == 2, "got %r\nwant %r" % (got, want))

    now = time.time()
    got = {h: r for h, *r in q("q-exporters") if h in hosts3}
    fresh = all(abs(calendar.timegm(time.strptime(r[0], "%Y-%m-%d %H:%M:%S")) - now) < 300
                for r in got.values())
    # hosts rows have whole-second times: the last two of an exporter
    # (one while its last batch waited, the final one) can tie, and
    # argMax then picks either, so lag and spool bytes are not checked.
    tap.check("fleet.rst q-exporters: each exporter heard of just now, nothing "
              "dropped or rejected, no error",
              sorted(got) == list(hosts3) and fresh and
              all(r[3:] == ["0", "0", ""] for r in got.values()), repr(got))

    # ---- faults --------------------------------------------------------------
    n_sk = sum(1 for e in ref["h2"])

    # A shard killed (SIGKILL) mid-stream and started again.
    t0 = time.time()
    fl = ["f1", "f2"]
    order = [c.urls[::-1], c.urls[:1]]
    ps = []
    for h, urls in zip(fl, order):
        p = exporter(os.path.join(tmp, "spool-" + h), h, "--once", "--files", SK,
                     "--replay-rate", "8000", "--batch-rows", "2000",
                     *sum([["--url", u] for u in urls], []))
        procs.append(p)
        ps.append(p)
    where = "host IN ('f1','f2')"
    wait_count(where, 3000, 30)
    before = count(where)
    c.kill(1)
    time.sleep(0.5)
    c.start_node(1)
    rcs = [p.wait(timeout=120) for p in ps]
    arrived = wait_count(where, len(fl) * n_sk, 60)
    n_final, n_uniq, n_raw, n_merged = exact(where)
    lost = [losses(h) for h in fl]
    tap.note("shard 2 killed with %d of %d rows in, back 0.5 s later; %d rows before merging "
             "(%d copies); %.1f s" % (before, len(fl) * n_sk, n_raw, n_raw - n_final,
                                      time.time() - t0))
    tap.check("a shard killed mid-stream and restarted: every event once "
              "(uniq = count FINAL = written - 0 lost), no copy left once merged",
              rcs == [0] * len(fl) and arrived and
              n_final == n_uniq == n_merged == len(fl) * n_sk and
              all(x[1:] == (0, 0, 0) and x[0] == n_sk for x in lost),
              "exit %r; FINAL %d uniq %d merged %d want %d; losses %r\n%s" %
              (rcs, n_final, n_uniq, n_merged, len(fl) * n_sk, lost,
               log(os.path.join(tmp, "spool-f1"))))

    # The exporter killed (SIGKILL) mid-batch, started again on its spool.
    sp = os.path.join(tmp, "spool-k1")
    args = ["--files", SK, "--url", c.urls[0], "--replay-rate", "8000", "--batch-rows", "1500"]
    p = exporter(sp, "k1", "--once", *args)
    procs.append(p)
    wait_count("host = 'k1'", 2500, 30)
    kill9(p)
    before = count("host = 'k1'")
    st = status(sp)
    rc = run(sp, "k1", "--once", *args)
    n_final, n_uniq, n_raw, n_merged = exact("host = 'k1'")
    tap.note("exporter killed with %d of %d rows in; restarted: %d rows before merging" %
             (before, n_sk, n_raw))
    tap.check("the exporter killed mid-batch and restarted: every event once, "
              "none lost, no copy once merged",
              rc == 0 and 0 < before < n_sk and n_final == n_uniq == n_merged == n_sk and
              losses("k1") == (n_sk, 0, 0, 0),
              "exit %r; before %d; FINAL %d uniq %d merged %d; losses %r; status %r\n%s" %
              (rc, before, n_final, n_uniq, n_merged, losses("k1"), st, log(sp)))

    # The spool full while the server is away: a session's policy, drop.
    sp = os.path.join(tmp, "spool-s1")
    dead = "http://127.0.0.1:%d" % free_port()
    limit = 1024 * 1024
    p = exporter(sp, "s1", "--files", SK, "--url", dead, "--spool-limit", str(limit),
                 "--on-full", "drop")
    procs.append(p)
    peak = [0]

    def read_all():
        s = status(sp)
        peak[0] = max(peak[0], s.get("spool_bytes", 0))
        return any(x.get("final") for x in s.get("sources", []))
    done = wait_for(read_all, 30, 0.1)
    st = status(sp)
    p.terminate()
    p.wait()
    rc = run(sp, "s1", "--once", "--files", SK, "--url", c.urls[1])
    n_final, n_uniq, n_raw, n_merged = exact("host = 's1'")
    dropped = st.get("dropped", -1)
    tap.check("spool full (1 MB, server away), dropping: the spool stays within its limit, "
              "the drops are counted, shipped as losses, and are exactly what is missing "
              "(%d dropped, %d in)" % (dropped, n_final),
              rc == 0 and done and peak[0] <= limit and dropped > 0 and
              n_final == n_uniq == n_merged == n_sk - dropped and
              losses("s1") == (n_sk, 0, dropped, 0),
              "exit %r; read %r; peak %d; status %r; FINAL %d uniq %d merged %d; losses %r\n%s"
              % (rc, done, peak[0], st, n_final, n_uniq, n_merged, losses("s1"), log(sp)))

    # The spool full, a file's policy: wait for the server, lose nothing.
    sp = os.path.join(tmp, "spool-w1")
    c.kill(1)
    p = exporter(sp, "w1", "--once", "--files", SK, "--url", c.urls[1],
                 "--spool-limit", str(limit))
    procs.append(p)
    peak = [0]

    def spool_at_limit():
        s = status(sp)
        peak[0] = max(peak[0], s.get("spool_bytes", 0))
        return s.get("spool_bytes", 0) > limit // 2
    waited = wait_for(spool_at_limit, 20, 0.1)
    time.sleep(0.5)
    st = status(sp)
    read_then = sum(x.get("rows", 0) for x in st.get("sources", []))
    c.start_node(1)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        rc = None
    n_final, n_uniq, n_raw, n_merged = exact("host = 'w1'")
    tap.check("spool full, a file waits for the server: reading pauses within the limit, "
              "then every event arrives once",
              rc == 0 and waited and peak[0] <= limit and read_then < n_sk and
              n_final == n_uniq == n_merged == n_sk and losses("w1") == (n_sk, 0, 0, 0),
              "exit %r; peak %d; read then %d; FINAL %d uniq %d; losses %r\n%s" %
              (rc, peak[0], read_then, n_final, n_uniq, losses("w1"), log(sp)))

    # A batch the server refuses a row of: the others go in, it is counted.
    sp = os.path.join(tmp, "spool-b1")
    os.makedirs(sp)
    good = ['{"host":"b1","boot_id":"%s","session":"s","start":1,"file":"f","seq":%d,'
            '"ts":133245763580175449,"provider":"%s","ext":[],"len":0}' %
            ("00000000-0000-0000-0000-000000000001", i, "68fdd900-4a3e-11d1-84f4-0000f80464e3")
            for i in range(1, 9)]
    bad = good[0].replace('"seq":1', '"seq":"one"')
    with open(os.path.join(sp, "0000000000000001.events"), "w") as f:
        f.write("\n".join(good[:3] + [bad] + good[3:5]) + "\n")
    with open(os.path.join(sp, "0000000000000002.events"), "w") as f:
        f.write("\n".join(good[5:]) + "\n")
    rc = run(sp, "b1", "--once", "--files", os.path.join(tmp, "none-*.etl"),
             "--url", c.urls[0])
    st = status(sp)
    kept = open(os.path.join(sp, "rejected"), errors="replace").read() \
        if os.path.exists(os.path.join(sp, "rejected")) else ""
    tap.check("a row the server refuses: the 5 others of its batch and the next batch's 3 go "
              "in, it is counted and kept in the spool's 'rejected'",
              rc == 0 and count("host = 'b1'") == 8 and st.get("rejected_by_server") == 1 and
              '"seq":"one"' in kept, "exit %r; %d rows; status %r; kept %r\n%s" %
              (rc, count("host = 'b1'"), st, kept[:300], log(sp)))

    # Rows larger than --max-row-bytes: rejected, counted, the rest goes.
    sp = os.path.join(tmp, "spool-o1")
    rc = run(sp, "o1", "--once", "--files", PS, "--url", c.urls[0], "--max-row-bytes", "2048")
    n_ps = len(etwdump("o1", PS))
    got = count("host = 'o1'")
    rej = losses("o1")[3]
    tap.check("rows over --max-row-bytes: rejected and counted (%d), the others in (%d), "
              "together all %d" % (rej, got, n_ps),
              rc == 0 and rej > 0 and got > 0 and got + rej == n_ps,
              "exit %r; %d in, %d rejected\n%s" % (rc, got, rej, log(sp)))

    # ---- the command line --------------------------------------------------
    r = subprocess.run([EXPORT, "--spool-limit", "lots"], stderr=subprocess.PIPE)
    r2 = subprocess.run([EXPORT, "--config", "/dev/null", "--url", c.urls[0]],
                        stderr=subprocess.PIPE)
    r3 = subprocess.run([EXPORT, "--status", "--spool", os.path.join(tmp, "spool-h1")],
                        stdout=subprocess.PIPE)
    tap.check("usage errors name the option and exit 2; --status of a stopped exporter",
              r.returncode == 2 and b"--spool-limit lots" in r.stderr and
              r2.returncode == 2 and b"nothing to export" in r2.stderr and
              r3.returncode == 0 and b"not running" in r3.stdout and b"sent:" in r3.stdout,
              "%r %r %r" % (r.stderr, r2.stderr, r3.stdout))
except Exception as e:  # a crash of the test itself fails it
    import traceback
    tap.check("the test ran to its end", False,
              "\n".join(traceback.format_exc().splitlines()[-20:]))
finally:
    cleanup()
sys.exit(1 if tap.failed else 0)
