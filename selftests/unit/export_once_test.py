#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""etw-export's contract with a person at a terminal (issue 32), against
one clickhouse-server of our own that is no member of a cluster "etw"
(Debian's package, on loopback, a private configuration):

- Documentation/fleet.rst's one-server setup, run as written: the
  output it shows, and the one-server tables (no *_local);
- a server without the cluster, given explicitly or with several
  servers: an error that says how, before anything is created;
- --once never ends in silence: a server that does not answer ends it
  within --timeout with exit 1 and a one-line reason (fleet.rst: "It
  exits 1 with a line saying why ... when no server took a batch for
  --timeout seconds"), --status saying for how long it failed; a --url
  that is no URL is a usage error (2); --files matching nothing, naming
  a directory or a missing file, or only files exported already: said,
  and exit 1 ("nothing shipped"); a success says how many events from
  how many files in how many seconds, and they are in the table.

Prints TAP."""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from export_lib import TOP, EXPORT, Cluster, Tap, etwdump  # noqa: E402
from ch_cluster import free_port  # noqa: E402

DATA = os.path.join(TOP, "selftests", "data")
AMSI = os.path.join(DATA, "amsi.etl")
PS = os.path.join(DATA, "powershell.etl")

tap = Tap(9)
tmp = tempfile.mkdtemp(prefix="export_once_test.")
c = Cluster(os.path.join(tmp, "ch"), nodes=1, cluster="other")


def cleanup(*_):
    c.stop()
    shutil.rmtree(tmp, ignore_errors=True)


signal.signal(signal.SIGTERM, lambda *a: (cleanup(), sys.exit(1)))


def run(args, timeout=60):
    """etw-export ARGS to its end: (exit status or None on timeout, stdout, stderr)."""
    cmd = [EXPORT, "--config", "/dev/null"] + args
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout)
        return r.returncode, r.stdout.decode(errors="replace"), r.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return None, (e.stdout or b"").decode(errors="replace"), \
            (e.stderr or b"").decode(errors="replace")


def tables(db="etw"):
    return c.value("SELECT groupArray(name) FROM (SELECT name FROM system.tables "
                   "WHERE database = '%s' ORDER BY name)" % db)


def once(spool, *args, timeout=60):
    return run(["--once", "--spool", os.path.join(tmp, spool), "--host", "once",
                "--retry-max", "1", "--url", c.urls[0]] + list(args), timeout=timeout)


try:
    c.start()

    # ---- fleet.rst's one-server setup, as written -------------------------
    doc = open(os.path.join(TOP, "Documentation", "fleet.rst")).read()
    block = re.search(r"One server\n-+\n.*?::\n\n((?:    [^\n]*\n)+)", doc, re.S).group(1)
    lines = [x[4:] for x in block.splitlines()]
    cmd = [x for x in lines if x.startswith("# etw-export")][0][2:]
    shown = lines[lines.index("# " + cmd) + 1:]
    url = "http://localhost:8123"
    args = cmd.replace(url, c.urls[0]).split()[1:]
    rc, out, err = run([a.strip("'") if a == "''" else a for a in args])
    got = [x.replace(c.urls[0], url) for x in (err + out).splitlines()]
    tap.check("fleet.rst's one-server setup, run as written (%s): exit 0, the output it "
              "shows, the one-server tables" % cmd,
              rc == 0 and got == shown and tables() == "['events','hosts','losses']",
              "exit %r\ngot  %r\ndoc  %r\ntables %s" % (rc, got, shown, tables()))

    # ---- a server without the cluster, when it matters ---------------------
    rc1, _, err1 = run(["--init-schema", "--database", "etw2", "--cluster", "etw",
                        "--url", c.urls[0]])
    rc2, _, err2 = run(["--init-schema", "--database", "etw3", "--url", c.urls[0],
                        "--url", c.urls[0]])
    made = int(c.value("SELECT count() FROM system.databases WHERE name IN ('etw2', 'etw3')"))
    tap.check("--cluster etw named, or two servers, and no such cluster: exit 1, the way out "
              "said (remote_servers, --cluster ''), nothing created",
              rc1 == 1 and rc2 == 1 and made == 0 and
              all("nothing was created" in e and "--cluster ''" in e and "remote_servers" in e
                  and len(e.splitlines()) == 1 for e in (err1, err2)),
              "exit %r %r; databases made %d\n%s%s" % (rc1, rc2, made, err1, err2))

    # ---- --once and a server that does not answer ---------------------------
    dead = "http://127.0.0.1:%d" % free_port()
    sp = os.path.join(tmp, "spool-dead")
    t0 = time.time()
    rc, out, err = run(["--once", "--spool", sp, "--host", "dead", "--retry-max", "1",
                        "--timeout", "2", "--url", dead, "--files", AMSI], timeout=60)
    took = time.time() - t0
    st = subprocess.run([EXPORT, "--status", "--spool", sp], stdout=subprocess.PIPE).stdout.decode()
    tap.check("--once, the server down: exit 1 after --timeout 2 (%.1f s), one line: gave up, "
              "the server and why, what stays in the spool" % took,
              rc == 1 and took < 30 and len(err.splitlines()) == 1 and
              err.startswith("etw-export: --once: gave up: ") and dead in err and
              "Couldn't connect" in err and sp in err,
              "exit %r in %.1f s\n%s" % (rc, took, err))
    tap.check("--status after it: the server failing for some seconds, how many requests "
              "failed, the last error without the query string",
              re.search(r"server: +%s, failing for \d+ s \(\d+ requests failed" % re.escape(dead),
                        st) is not None and "query=" not in st, st)

    rc, out, err = run(["--once", "--spool", os.path.join(tmp, "spool-bad"), "--url", "notaurl",
                        "--files", AMSI], timeout=30)
    tap.check("--url notaurl: a usage error (2) naming it, at once",
              rc == 2 and "--url notaurl: not a server's URL" in err and len(err.splitlines()) == 1,
              "exit %r\n%s" % (rc, err))

    # ---- --files that give nothing ---------------------------------------------
    d = os.path.join(tmp, "traces")
    os.makedirs(d)
    res = {}
    for name, pat in (("none", os.path.join(d, "none-*.etl")), ("dir", d),
                      ("missing", os.path.join(d, "gone.etl"))):
        res[name] = once("spool-" + name, "--files", pat)
    want = {"none": "no file matches it", "dir": "a directory; give the files in it as a "
            "pattern", "missing": "No such file or directory"}
    tap.check("--once --files matching nothing, naming a directory, naming a missing file: "
              "each said, then 'nothing shipped', exit 1",
              all(r[0] == 1 and want[k] in r[2] and "--once: nothing shipped" in r[2] and
                  len(r[2].splitlines()) == 2 for k, r in res.items()),
              "\n".join("%s: exit %r: %s" % (k, r[0], r[2]) for k, r in res.items()))

    # ---- a success, and the same again ----------------------------------------
    n_ps = len(etwdump("once", PS))
    rc, out, err = once("spool-ok", "--files", PS)
    n_in = int(c.value("SELECT count() FROM etw.events FINAL WHERE host = 'once'"))
    m = re.match(r"etw-export: (\d+) events shipped \(1 file, 0 sessions\) to %s in "
                 r"\d+\.\d s$" % re.escape(c.urls[0]), out.strip())
    tap.check("--once, a file: exit 0, one line with its events (%d), files and seconds; "
              "they are in the table" % n_ps,
              rc == 0 and m is not None and int(m.group(1)) == n_ps == n_in,
              "exit %r, %d in the table\nstdout %r\nstderr %r" % (rc, n_in, out, err))

    rc, out, err = once("spool-ok", "--files", PS)
    tap.check("--once again on the same spool: the file exported already is said, "
              "'nothing shipped', exit 1",
              rc == 1 and "1 file exported already" in err and "nothing shipped" in err and
              not out, "exit %r\nstdout %r\nstderr %r" % (rc, out, err))

    # A signal still ends it quietly with 0, what is left in the spool.
    sp = os.path.join(tmp, "spool-int")
    p = subprocess.Popen([EXPORT, "--config", "/dev/null", "--once", "--spool", sp,
                          "--host", "int", "--url", dead, "--retry-max", "1",
                          "--files", AMSI], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    try:
        o, e = p.communicate(timeout=30)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        o, e = p.communicate()
        rc = None
    tap.check("--once stopped by ^C: exit 0, nothing said (what is left stays in the spool)",
              rc == 0 and not o and not e, "exit %r\n%r %r" % (rc, o, e))
except Exception:  # a crash of the test itself fails it
    import traceback
    tap.check("the test ran to its end", False,
              "\n".join(traceback.format_exc().splitlines()[-20:]))
finally:
    cleanup()
sys.exit(1 if tap.failed else 0)
