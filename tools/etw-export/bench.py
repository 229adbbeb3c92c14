#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""etw-export's rows of `make bench` (issue 20's targets):

  export_rate: events/s etw-export ships from a real .etl file into a
    two-shard ClickHouse cluster on loopback (start to exit with --once:
    every row in both shards), against `etwdump --json FILE > /dev/null`
    on the same file: the ratio of each interleaved pair, median (min..max)
                                                             target >= 0.5
  export_instructions: the exporter's instructions per event (callgrind,
    every thread: decoding, JSON, spool, HTTP) against etwdump --json's,
    on shutdown_kernel.etl; they do not move between runs     reported
  export_cpu: its CPU time (user + system) per event         reported
  export_server_cpu: the servers' CPU time per event (the inserts, and
    the merges until they end), against etwdump's             reported

They run on the host, not in the test VM: the exporter and ClickHouse
need no etw.ko, and under TCG's emulation ClickHouse's vector code and
our scalar code slow down by different factors.  The files: a trace of
100,000 TraceLogging events that selftests/etw/export_writer writes
through etw.ko into a log-file session (`bench.py --write-trace PATH`,
in the VM, before), and the Windows kernel trace of selftests/data
(shutdown_kernel.etl).  --json FILE adds the rows to etwbench's JSON.

  bench.py --write-trace PATH          (in the VM: needs etw.ko)
  bench.py [--json FILE] [--runs N] [--trace PATH]...
  bench.py --soak SECONDS [--rate N]   the memory figure: a live session
      written at N events/s (10,000) while no server answers; the
      exporter's resident memory sampled each 5 s (needs etw.ko: the VM)
"""
import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from ch_cluster import Cluster, free_port  # noqa: E402

B = os.path.join(TOP, "build", "tools")
EXPORT = os.path.join(B, "etw-export")
ETWDUMP = os.path.join(B, "etwdump")


def timed(cmd, **kw):
    """(wall seconds, CPU seconds of the child, max RSS KB, exit status)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(cmd, **kw)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss, p.returncode


def median(v):
    v = sorted(v)
    return v[len(v) // 2]


def events_in(path):
    out = subprocess.run([ETWDUMP, "--summary", "--json", path], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL).stdout
    return json.loads(out)["events"]


def instructions(cmd):
    """Instructions callgrind counts for @cmd, every thread; None without it."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.NamedTemporaryFile(prefix="export-cg.") as out:
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out.name]
                           + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode:
            return None
        with open(out.name) as f:
            for line in f:
                if line.startswith("totals:") or line.startswith("summary:"):
                    return int(line.split()[1])
    return None


def servers_cpu(c):
    """CPU seconds the cluster's servers have used (user + system)."""
    t = 0.0
    for p in c.procs:
        with open("/proc/%d/stat" % p.pid) as f:
            v = f.read().rsplit(")", 1)[1].split()
        t += (int(v[11]) + int(v[12])) / os.sysconf("SC_CLK_TCK")
    return t


def settle(c, timeout=60):
    """Until neither server merges: the last run's parts are not this one's work."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if all(c.value("SELECT count() FROM system.merges", n) == "0" for n in range(c.n)):
            return
        time.sleep(0.2)


def export_cmd(c, path, host, spool):
    return [EXPORT, "--config", "/dev/null", "--once", "--host", host, "--spool", spool,
            "--files", path, "--url", c.urls[0], "--url", c.urls[1]]


def bench_file(c, path, runs, tmp, results, count_instructions):
    n = events_in(path)
    name = os.path.basename(path)
    tag = name.split(".")[0]
    dump, exp, ratios, server = [], [], [], []
    with open(os.devnull, "wb") as null:   # warm the page cache
        subprocess.run([ETWDUMP, "--json", path], stdout=null, stderr=subprocess.DEVNULL)
    for i in range(runs):
        settle(c)
        with open(os.devnull, "wb") as null:
            d = timed([ETWDUMP, "--json", path], stdout=null, stderr=subprocess.DEVNULL)
        host = "bench-%s-%d" % (name, i)
        spool = os.path.join(tmp, "spool-%s-%d" % (name, i))
        s0 = servers_cpu(c)
        r = timed(export_cmd(c, path, host, spool),
                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        settle(c)
        server.append(servers_cpu(c) - s0)
        got = int(c.value("SELECT count() FROM etw.events WHERE host = '%s'" % host))
        shutil.rmtree(spool, ignore_errors=True)
        if r[3] != 0 or got != n:
            print("bench.py: %s: exporter exit %d, %d of %d rows" % (name, r[3], got, n),
                  file=sys.stderr)
            return
        dump.append(d)
        exp.append(r)
        ratios.append(d[0] / r[0])
    d_rate = n / median([x[0] for x in dump])
    e_rate = n / median([x[0] for x in exp])
    d_cpu = median([x[1] for x in dump]) / n * 1e6
    e_cpu = median([x[1] for x in exp]) / n * 1e6
    ratio = median(ratios)
    results.append({
        "name": "export_rate_" + tag,
        "what": "etw-export %s (%d events) into a 2-shard ClickHouse, start to all rows in"
                % (name, n),
        "value": e_rate, "unit": "events/s", "anchor": d_rate,
        "anchor_is": "etwdump --json > /dev/null, same file", "ratio": ratio,
        "ratio_min": min(ratios), "ratio_max": max(ratios), "runs": runs,
        "target": ">= 0.5", "met": ratio >= 0.5})
    s_cpu = median(server) / n * 1e6
    results.append({
        "name": "export_server_cpu_" + tag,
        "what": "the two ClickHouse servers' CPU time per event, the export and the "
                "merges after it, %s" % name,
        "value": s_cpu, "unit": "us/event", "anchor": d_cpu,
        "anchor_is": "etwdump --json's per event", "ratio": s_cpu / d_cpu,
        "target": "-", "met": True})
    results.append({
        "name": "export_cpu_" + tag,
        "what": "etw-export CPU time (user+system) per event, %s" % name,
        "value": e_cpu, "unit": "us/event", "anchor": d_cpu,
        "anchor_is": "etwdump --json's per event", "ratio": e_cpu / d_cpu,
        "target": "-", "met": True})
    if not count_instructions:
        return
    spool = os.path.join(tmp, "spool-cg-" + name)
    ei = instructions(export_cmd(c, path, "bench-cg-" + name, spool))
    shutil.rmtree(spool, ignore_errors=True)
    di = instructions([ETWDUMP, "--json", path])
    if ei and di:
        results.append({
            "name": "export_instructions_" + tag,
            "what": "etw-export instructions per event, every thread (callgrind), %s" % name,
            "value": ei / n, "unit": "instr/event", "anchor": di / n,
            "anchor_is": "etwdump --json's per event", "ratio": ei / di,
            "target": "-", "met": True})


def write_trace(path, n):
    """A log-file session's .etl of @n events at @path (needs etw.ko)."""
    writer = os.path.join(TOP, "selftests", "etw", "export_writer")
    ctl = os.path.join(B, "etwctl")
    s = "ExpBench%d" % os.getpid()
    subprocess.run([ctl, "start", s, "--file", path, "--max-buffers", "512"], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([ctl, "enable", s, "5be02b4e-6f1a-4f0c-9d1e-7a3b2c4d5e6f"], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([writer, str(n)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([ctl, "stop", s], check=True, stdout=subprocess.DEVNULL)


def soak(seconds, rate):
    """A live session at @rate events/s, no server: the exporter's memory."""
    writer = os.path.join(TOP, "selftests", "etw", "export_writer")
    ctl = os.path.join(B, "etwctl")
    tmp = tempfile.mkdtemp(prefix="export-soak.")
    s = "ExpSoak%d" % os.getpid()
    spool = os.path.join(tmp, "spool")
    subprocess.run([ctl, "start", s, "--realtime", "--max-buffers", "256"], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([ctl, "enable", s, "5be02b4e-6f1a-4f0c-9d1e-7a3b2c4d5e6f"], check=True,
                   stdout=subprocess.DEVNULL)
    ex = subprocess.Popen([EXPORT, "--config", "/dev/null", "--session", s, "--spool", spool,
                           "--url", "http://127.0.0.1:%d" % free_port(), "--spool-limit",
                           "256M", "--interval", "10"], stderr=subprocess.DEVNULL)
    time.sleep(2)
    w = subprocess.Popen([writer, str(int(seconds * rate)), str(rate)],
                         stdout=subprocess.DEVNULL)
    peak = 0
    t0 = time.time()
    print("%8s %10s %12s %10s %10s" % ("seconds", "rss KB", "spool bytes", "events", "dropped"))
    while w.poll() is None:
        time.sleep(5)
        rss = 0
        with open("/proc/%d/status" % ex.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
        peak = max(peak, rss)
        try:
            st = json.load(open(os.path.join(spool, "status.json")))
        except (OSError, ValueError):
            st = {}
        src = st.get("sources", [{}])
        print("%8.0f %10d %12d %10d %10d" % (time.time() - t0, rss, st.get("spool_bytes", 0),
                                              src[0].get("rows", 0) if src else 0,
                                              st.get("dropped", 0)), flush=True)
    ex.terminate()
    ex.wait()
    subprocess.run([ctl, "stop", s], stdout=subprocess.DEVNULL)
    shutil.rmtree(tmp, ignore_errors=True)
    print("soak: %d s at %d events/s, no server: the exporter's resident memory at most %d KB"
          % (seconds, rate, peak))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--trace", action="append", default=[])
    ap.add_argument("--write-trace")
    ap.add_argument("--events", type=int, default=100000)
    ap.add_argument("--soak", type=float)
    ap.add_argument("--rate", type=int, default=10000)
    a = ap.parse_args()
    if a.soak:
        soak(a.soak, a.rate)
        return 0
    if a.write_trace:
        write_trace(a.write_trace, a.events)
        return 0
    kernel = os.path.join(TOP, "selftests", "data", "shutdown_kernel.etl")
    files = [p for p in a.trace if os.path.exists(p)] + [kernel]
    for p in a.trace:
        if not os.path.exists(p):
            print("bench.py: %s: no such trace (bench.py --write-trace, in the VM)" % p,
                  file=sys.stderr)
    tmp = tempfile.mkdtemp(prefix="export-bench.")
    c = Cluster(os.path.join(tmp, "cluster"))
    results = []
    try:
        c.start()
        subprocess.run([EXPORT, "--config", "/dev/null", "--init-schema", "--url", c.urls[0],
                        "--url", c.urls[1]], check=True, stdout=subprocess.DEVNULL)
        for f in files:
            bench_file(c, f, a.runs, tmp, results, f == kernel)
    finally:
        c.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    for r in results:
        spread = " (%.3f..%.3f)" % (r["ratio_min"], r["ratio_max"]) if "ratio_min" in r else ""
        print("%-30s %14.1f %-12s %14.1f  %-30s %8.3f%s %s %s" % (
            r["name"], r["value"], r["unit"], r["anchor"], r["anchor_is"][:30], r["ratio"],
            spread, r["target"], "yes" if r["met"] else "NO"))
    if a.json:
        try:
            doc = json.load(open(a.json))
        except (OSError, ValueError):
            doc = {"command": "make bench", "results": []}
        doc["results"] = [r for r in doc["results"] if not r["name"].startswith("export_")]
        doc["results"] += results
        json.dump(doc, open(a.json, "w"))
    return 0 if len(results) >= 3 * len(files) and len(a.trace) == len(files) - 1 else 1


if __name__ == "__main__":
    sys.exit(main())
