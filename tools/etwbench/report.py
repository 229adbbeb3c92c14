#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""etwdump --report on a million events, loaded in headless Chromium
(issue 32: "headless Chromium loads it in under 10 s there").

    report.py [--json OUT] [--runs N] [ETL...]

The pages: 59 copies of selftests/data/shutdown_kernel.etl in one pass
(1,007,602 real Windows kernel events), and one per ETL given (make
bench gives the trace it records in the VM, build/bench/report_1m.etl).
For each: etwdump's time and peak memory writing it, the page's size,
then N loads (default 3) in Debian's chromium, headless, every host
unreachable: the wall time of a load to its first screenshot less that
of an empty page (the browser's own start), the page's own time to its
first view (performance.now() when the script is done, data-load-ms),
Chromium's JS heap then (data-heap-mb), and the renderer's peak
resident memory (sampled every 20 ms; a small page's, first, is the
renderer's own).  Medians, with min and max.
Timing is machine-dependent: this is a benchmark, not a test
(viewers_test checks the same page's content)."""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ETWDUMP = os.path.join(TOP, "build", "tools", "etwdump")
DATA = os.path.join(TOP, "selftests", "data")


def chrome(prof, *args):
    return ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-extensions", "--user-data-dir=" + prof,
            "--proxy-server=127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND"] + list(args)


def renderer_rss_kb(prof):
    """The resident memory of this profile's renderer processes, summed."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                cmd = f.read()
            if b"--type=renderer" not in cmd or prof.encode() not in cmd:
                continue
            with open("/proc/%s/status" % pid) as f:
                m = re.search(r"VmRSS:\s+(\d+) kB", f.read())
            total += int(m.group(1)) if m else 0
        except OSError:
            continue
    return total


def load(prof, url, shot):
    """One load to its screenshot: (seconds, renderer peak KB)."""
    t0 = time.time()
    p = subprocess.Popen(chrome(prof, "--hide-scrollbars", "--window-size=1200,1300",
                                "--screenshot=" + shot, url),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while p.poll() is None:
        peak = max(peak, renderer_rss_kb(prof))
        time.sleep(0.02)
    return time.time() - t0, peak


def stats(xs):
    return {"median": statistics.median(xs), "min": min(xs), "max": max(xs)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("etl", nargs="*")
    a = ap.parse_args()
    if not shutil.which("chromium"):
        print("report.py: no chromium (tools/deps.sh installs it)")
        return 0
    tmp = tempfile.mkdtemp(prefix="report_bench.")
    prof = os.path.join(tmp, "profile")
    results = []
    try:
        blank = [load(prof, "about:blank", os.path.join(tmp, "b.png"))[0]
                 for _ in range(a.runs)]
        base = statistics.median(blank)
        # The sample's names, for the trace make bench records with it.
        man = os.path.join(tmp, "manifests")
        subprocess.run([os.path.join(TOP, "build", "tools", "etwctl"), "manifest", "install",
                        "--dir", man, os.path.join(TOP, "tools", "etw-sample.man")],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.environ["ETW_MANIFEST_PATH"] = man
        cases = [("powershell.etl (a small page)", [os.path.join(DATA, "powershell.etl")]),
                 ("59 x shutdown_kernel.etl", [os.path.join(DATA, "shutdown_kernel.etl")] * 59)]
        cases += [(os.path.basename(e), [e]) for e in a.etl if os.path.exists(e)]
        for name, files in cases:
            page = os.path.join(tmp, "r.html")
            t0 = time.time()
            w = subprocess.run(["/usr/bin/time", "-f", "%M", ETWDUMP, "--report", page] + files,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            write_s = time.time() - t0
            if w.returncode:
                print("report.py: etwdump failed on %s: %s" % (name, w.stderr.decode()[-300:]))
                return 1
            write_kb = int(w.stderr.decode().strip().splitlines()[-1])
            dom = subprocess.run(chrome(prof, "--dump-dom", "file://" + page),
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
            m = re.search(rb'data-load-ms="(\d+)"', dom)
            h = re.search(rb'data-heap-mb="(\d+)"', dom)
            ev = re.search(rb'data-rows="(\d+)"', dom)
            loads = [load(prof, "file://" + page, os.path.join(tmp, "r.png"))
                     for _ in range(a.runs)]
            r = {"name": name, "events": int(ev.group(1)) if ev else None,
                 "page_mb": os.path.getsize(page) / 1048576,
                 "etwdump_write_s": write_s, "etwdump_peak_mb": write_kb / 1024,
                 "load_s": stats([x - base for x, _ in loads]),
                 "page_first_view_ms": int(m.group(1)) if m else None,
                 "js_heap_mb": int(h.group(1)) if h else None,
                 "renderer_peak_mb": stats([k / 1024 for _, k in loads]),
                 "runs": a.runs, "blank_page_s": base}
            results.append(r)
            print("%-28s %9s events  page %6.1f MB  etwdump %5.1f s %5.0f MB  "
                  "load %5.2f s (%.2f-%.2f)  first view %s ms  JS heap %s MB  renderer %4.0f MB"
                  % (name, r["events"], r["page_mb"], write_s, r["etwdump_peak_mb"],
                     r["load_s"]["median"], r["load_s"]["min"], r["load_s"]["max"],
                     r["page_first_view_ms"], r["js_heap_mb"],
                     r["renderer_peak_mb"]["median"]))
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a.json:
        try:
            with open(a.json) as f:
                doc = json.load(f)
        except (OSError, ValueError):
            doc = {}
        doc["report_load"] = results
        with open(a.json, "w") as f:
            json.dump(doc, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
