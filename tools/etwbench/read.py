#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""make bench's consumer rows (issue 30): instructions per event of
etwdump's outputs, of ProcessTrace alone (the floor) and of TDH, against
babeltrace2 on the same events, counted by callgrind on the host; and the
resident memory while reading a 1 GB file.

  read.py BUILD_TOOLS_DIR [--rows FILE] [--quick]

Inputs are real Windows traces (selftests/data): the kernel events of
shutdown_kernel.etl (classic MOF records) and the TraceLogging events of
amsi.etl, each as K copies of itself (etwbench-read repeat: every copy's
times after the one before, so the reader sees one long trace).  An
event's cost is the difference between two runs, K1 and K2 copies,
divided by the difference in events: what startup, manifests and the
first event of each kind cost drops out.  babeltrace2 reads the CTF trace
etwdump --ctf wrote of the same copies and prints it as text (its default
output), in the same run.

The rows go to standard output as a table, and with --rows to FILE as
JSON (a list of objects: name, value, unit, what, ratio, target, met),
which cg.sh puts into build/bench/instructions.json.
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(TOP, "selftests", "data")

# --csv and --ctf on TraceLogging before issue 30 (this script at
# 6159b74, the same method): their targets are half of these.
BEFORE = {"csv_tl": 978097.6, "ctf_tl": 908306.7}

# Copies of each input for the two runs (K1, K2) and the 1 GB file.
COPIES = {"kernel": (1, 3), "tl": (1, 41)}
QUICK = {"kernel": (1, 2), "tl": (1, 11)}
GB_COPIES = 320          # 320 x 3.2 MB of shutdown_kernel.etl: 1.02 GB
ENV = dict(os.environ, GLIBC_TUNABLES="glibc.cpu.x86_rep_movsb_threshold=4294967295")


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, env=ENV, **kw)


def collected(cmd, cwd):
    """Instructions callgrind counted for CMD (every process it made)."""
    log = os.path.join(cwd, "cg.log")
    with open(log, "w") as err:
        r = subprocess.run(["valgrind", "--tool=callgrind",
                            "--callgrind-out-file=/dev/null"] + cmd,
                           stdout=subprocess.DEVNULL, stderr=err, env=ENV, cwd=cwd)
    text = open(log).read()
    counts = [int(x) for x in re.findall(r"Collected : (\d+)", text)]
    if r.returncode not in (0, 1) or not counts:
        sys.stderr.write(text[-2000:])
        raise RuntimeError("callgrind failed: %s" % " ".join(cmd))
    return sum(counts)


class Bench:
    def __init__(self, tools, tmp, quick):
        self.tools = os.path.abspath(tools)
        self.tmp = tmp
        self.copies = QUICK if quick else COPIES
        self.files = {}
        self.events = {}
        self.rows = []

    def tool(self, name):
        return os.path.join(self.tools, name)

    def file(self, kind, k):
        key = (kind, k)
        if key not in self.files:
            src = os.path.join(DATA, "shutdown_kernel.etl" if kind == "kernel" else "amsi.etl")
            path = os.path.join(self.tmp, "%s_%d.etl" % (kind, k))
            run([self.tool("etwbench-read"), "repeat", src, path, str(k)])
            self.files[key] = path
            out = run([self.tool("etwbench-read"), "floor", path],
                      capture_output=True, text=True).stdout
            self.events[key] = int(out.split()[1])
        return self.files[key]

    def per_event(self, kind, make_cmd, count=None):
        """Instructions per event: (I(K2) - I(K1)) / (E(K2) - E(K1))."""
        vals = []
        for k in self.copies[kind]:
            path = self.file(kind, k)
            cmd = make_cmd(path, k)
            n = count(path, k) if count else self.events[(kind, k)]
            vals.append((collected(cmd, self.tmp), n))
        (i1, e1), (i2, e2) = vals
        return (i2 - i1) / (e2 - e1)

    def add(self, name, value, unit, what, ratio=None, op=None, target=None):
        met = None
        if op and ratio is not None and math.isfinite(ratio):
            met = ratio <= target if op == "<=" else ratio >= target
        self.rows.append({"name": name, "value": round(value, 1), "unit": unit,
                          "what": what,
                          "ratio": round(ratio, 3) if ratio is not None and math.isfinite(ratio) else None,
                          "target": "%s %s" % (op, target) if op else None,
                          "met": met})
        print("%-24s %12.1f %-34s %8s %-10s %s" % (
            name, value, what,
            "%.3f" % ratio if ratio is not None and math.isfinite(ratio) else "-",
            "%s %s" % (op, target) if op else "",
            "-" if met is None else ("yes" if met else "NO")), flush=True)

    # --- the rows ------------------------------------------------------------

    def etwdump(self, kind, args, ctf=False):
        def cmd(path, k):
            extra = []
            if ctf:
                d = os.path.join(self.tmp, "ctf_%s_%d" % (kind, k))
                shutil.rmtree(d, ignore_errors=True)
                extra = ["--ctf", d]
            return [self.tool("etwdump"), "--no-progress"] + args + extra + [path]
        return self.per_event(kind, cmd)

    def babeltrace2(self, kind):
        dirs = {}

        def cmd(path, k):
            d = os.path.join(self.tmp, "bt_%s_%d" % (kind, k))
            if d not in dirs:
                shutil.rmtree(d, ignore_errors=True)
                run([self.tool("etwdump"), "--no-progress", "--ctf", d, path],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                out = run(["babeltrace2", d], capture_output=True).stdout
                dirs[d] = out.count(b"\n")
            return ["babeltrace2", d]

        def count(path, k):
            return dirs[os.path.join(self.tmp, "bt_%s_%d" % (kind, k))]
        return self.per_event(kind, cmd, count)

    def reader(self, kind, mode):
        return self.per_event(kind, lambda path, k: [self.tool("etwbench-read"), mode, path])

    def all(self):
        per = "instructions/event"
        for kind, label in (("kernel", "kernel events"), ("tl", "TraceLogging")):
            floor = self.reader(kind, "floor")
            self.add("floor_" + kind, floor, per,
                     "ProcessTrace, empty callback (%s)" % label)
            bt = self.babeltrace2(kind)
            self.add("babeltrace2_" + kind, bt, per, "babeltrace2 on etwdump's CTF")
            for name, args, ctf in (("text", [], False), ("json", ["--json"], False),
                                    ("csv", ["--csv"], False), ("ctf", ["-q"], True),
                                    ("quiet", ["-q"], False),
                                    ("summary", ["--summary"], False)):
                v = self.etwdump(kind, args, ctf)
                row = "%s_%s" % (name, kind)
                what = "etwdump %s" % (" ".join(args + (["--ctf DIR"] if ctf else [])) or "text")
                if name in ("text", "json"):
                    op, target = ("<=", 0.3) if kind == "kernel" else (None, None)
                    self.add(row, v, per, what + " / babeltrace2", v / bt, op, target)
                elif name in ("quiet", "summary"):
                    self.add(row, v, per, what + " / the floor", v / floor, "<=", 2)
                elif kind == "tl" and BEFORE.get(row):
                    self.add(row, v, per, what + " / before (%d)" % BEFORE[row],
                             v / BEFORE[row], "<=", 0.5)
                else:
                    self.add(row, v, per, what)
            tdh = self.reader(kind, "tdh")
            self.add("tdh_info_" + kind, tdh - floor, per,
                     "TdhGetEventInformation x2, above floor", tdh - floor, "<=", 1000)
            prop = self.reader(kind, "prop")
            self.add("tdh_prop_" + kind, prop - tdh, per,
                     "TdhGetPropertySize+Property+Format")

    def memory(self):
        path = os.path.join(self.tmp, "gb.etl")
        run([self.tool("etwbench-read"), "repeat",
             os.path.join(DATA, "shutdown_kernel.etl"), path, str(GB_COPIES)])
        size = os.path.getsize(path)
        out = run([self.tool("etwbench-read"), "rss", path],
                  capture_output=True, text=True).stdout.split()
        first, peak = int(out[3]) / 1024, int(out[5]) / 1024
        self.add("rss_first_event_1gb", first, "MiB",
                 "resident at the first event, %.2f GB file" % (size / 1e9),
                 first, "<=", 64)
        self.add("rss_reading_1gb", peak, "MiB", "resident while reading it (most seen)",
                 peak, "<=", 64)
        # etwdump's peak, spawned by a small program (a child forked from
        # this Python would start with Python's resident memory)
        out = run([self.tool("etwbench-read"), "maxrss", self.tool("etwdump"), "-q",
                   "--no-progress", path], capture_output=True, text=True).stdout
        peak = int(re.search(r"^maxrss_kib (\d+)", out, re.M).group(1)) / 1024
        self.add("rss_etwdump_q_1gb", peak, "MiB", "etwdump -q on it: peak resident",
                 peak, "<=", 64)
        os.unlink(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tools")
    ap.add_argument("--rows", help="write the rows as JSON here")
    ap.add_argument("--quick", action="store_true", help="fewer copies")
    ap.add_argument("--no-memory", action="store_true", help="skip the 1 GB file")
    a = ap.parse_args()
    if not shutil.which("valgrind") or not shutil.which("babeltrace2"):
        sys.exit("read.py: valgrind and babeltrace2 are needed (tools/deps.sh installs them)")
    tmp = tempfile.mkdtemp(prefix="etwbench-read.")
    try:
        b = Bench(a.tools, tmp, a.quick)
        print("%-24s %12s %-34s %8s %-10s %s" % ("benchmark", "value", "what", "ratio",
                                                   "target", "met"))
        b.all()
        if not a.no_memory:
            b.memory()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a.rows:
        with open(a.rows, "w") as f:
            json.dump(b.rows, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
