#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump's viewers on the recorded traces of selftests/data (a Windows
# PowerShell trace and a Windows TraceLogging trace): --ctf read back by
# babeltrace2 without an error, event for event; --chrome as Trace Event
# JSON; --report rendered by headless Chromium, inspected through its
# DOM, and nothing in it that could fetch anything; the three in one
# pass; the progress line on a terminal, and none when not on one.
# Prints TAP.  The report's screenshot is left in build/check/report.png.
DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
DUMP=${ETWDUMP:-$TOP/build/tools/etwdump}
DATA=$TOP/selftests/data
T=$(mktemp -d /tmp/viewers_test.XXXXXX)
trap 'rm -rf "$T"' EXIT
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; [ -s "$T/why" ] && sed 's/^/#   /' "$T/why" | head -n 30; }
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; : > "$T/why"; }

echo "TAP version 13"
for tool in babeltrace2 chromium script; do
	if ! command -v $tool > /dev/null; then
		echo "1..0 # SKIP $tool missing (tools/deps.sh installs it)"
		exit 4
	fi
done
[ -x "$DUMP" ] || { echo "1..0 # SKIP $DUMP not built"; exit 4; }

# expect FILE: "provider:event pid tid" per event (names as TDH gives
# them, else the GUID and "Event N"), the header events left out, as
# etwdump --json sees them (the reference the conversions must match).
expect() {
	"$DUMP" --json "$1" | python3 -c '
import json, sys
for l in sys.stdin:
    d = json.loads(l)
    if "summary" in d or (d["provider"] == "68fdd900-4a3e-11d1-84f4-0000f80464e3" and d["opcode"] == 0):
        continue
    prov = d.get("provider_name") or d["provider"]
    ev = d.get("event") if "fields" in d and d.get("event") else "Event %d" % d["id"]
    print("%s:%s %s %s" % (prov, ev, d["pid"], d["tid"]))' | sort
}

for etl in powershell lxcore_kernel; do
	expect "$DATA/$etl.etl" > "$T/$etl.want"
	nwant=$(wc -l < "$T/$etl.want")

	# ---- CTF -----------------------------------------------------------
	"$DUMP" --ctf "$T/$etl.ctf" "$DATA/$etl.etl" > "$T/out" 2> "$T/why"
	rc=$?
	babeltrace2 "$T/$etl.ctf" > "$T/bt.txt" 2> "$T/bt.err"
	btrc=$?
	# "[time] (+delta) host PROVIDER:EVENT: { cpu_id = C }, { pid = P, tid = T }, {...}"
	python3 -c '
import re, sys
for l in open(sys.argv[1]):
    m = re.match(r"^\[[^]]*\] \([^)]*\) \S+ (.+?): \{ cpu_id = \d+ \}, \{ pid = (\d+), tid = (\d+) \}", l)
    if m: print(m.group(1), m.group(2), m.group(3))' "$T/bt.txt" | sort > "$T/bt.got"
	{ cat "$T/bt.err"; diff "$T/$etl.want" "$T/bt.got" | head -n 10; } > "$T/why"
	[ $rc = 0 ] && [ $btrc = 0 ] && [ ! -s "$T/bt.err" ] &&
		cmp -s "$T/$etl.want" "$T/bt.got" && [ "$nwant" -gt 0 ]
	result "$etl.etl --ctf: babeltrace2 prints its $nwant events (provider and event names, pid, tid), no error or warning" $?

	grep -q '^/\* CTF 1.8 \*/' "$T/$etl.ctf/metadata" &&
		[ "$(ls "$T/$etl.ctf" | grep -c '^stream_')" -ge 1 ] &&
		babeltrace2 --clock-seconds "$T/$etl.ctf" 2>/dev/null | head -n 1 | grep -q '^\[1[0-9]\{9\}\.'
	result "$etl.etl --ctf: metadata, a stream per CPU, a clock in seconds since 1970" $?

	# ---- Trace Event JSON --------------------------------------------------
	"$DUMP" --chrome "$T/$etl.json" "$DATA/$etl.etl" > "$T/out" 2> "$T/why"
	rc=$?
	python3 - "$T/$etl.json" "$T/$etl.want" > "$T/why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = [e for e in d["traceEvents"] if e["ph"] not in ("M", "s", "f", "t")]
got = sorted("%s:%s %s %s" % (e["args"]["provider"], e["args"]["event"], e["pid"], e["tid"])
             for e in ev if "args" in e and "provider" in e["args"])
want = sorted(l.strip() for l in open(sys.argv[2]))
assert got == want, "events differ: %d got, %d wanted" % (len(got), len(want))
depth = {}
for e in d["traceEvents"]:
    k = (e.get("pid"), e.get("tid"))
    if e["ph"] == "B": depth[k] = depth.get(k, 0) + 1
    if e["ph"] == "E":
        depth[k] = depth.get(k, 0) - 1
        assert depth[k] >= 0, "an E without its B"
    assert e["ph"] in ("B", "E", "i", "M", "s", "f"), e["ph"]
    assert isinstance(e.get("ts", 0), (int, float))
assert all(v == 0 for v in depth.values()), "a B without its E"
assert d["displayTimeUnit"] == "ns"
PY
	[ $? = 0 ] && [ $rc = 0 ]
	result "$etl.etl --chrome: Trace Event JSON with its $nwant events, slices closed" $?
done

# ---- the report, in Chromium ------------------------------------------------
R=$T/report.html
"$DUMP" --report "$R" "$DATA/powershell.etl" > "$T/out" 2> "$T/why"
[ $? = 0 ] && [ -s "$R" ]
result "--report writes the page" $?

# Nothing that could fetch: no URL, no script, no external resource, and
# a Content-Security-Policy that forbids any.
! grep -Eiq 'https?:|<script|<link|<img|<iframe|src=|url\(|@import' "$R" &&
	grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$R"
result "the report is self-contained: no URL, script, link, image or import; CSP default-src 'none'" $?

CHROME="chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
	--disable-background-networking --disable-component-update --disable-sync
	--disable-extensions --user-data-dir=$T/chrome-profile"
timeout 120 $CHROME --virtual-time-budget=2000 --dump-dom "file://$R" > "$T/dom.html" 2> "$T/chrome.err"
python3 - "$T/dom.html" "$T/powershell.want" > "$T/why" 2>&1 <<'PY'
import sys
from html.parser import HTMLParser
want = open(sys.argv[2]).read().split("\n")
n = len([l for l in want if l.strip()])
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.ids = set(); s.tags = {}; s.stack = []; s.cards = {}; s.cur = None; s.text = []
    def handle_starttag(s, t, a):
        a = dict(a); s.tags[t] = s.tags.get(t, 0) + 1
        if "id" in a: s.ids.add(a["id"])
        s.stack.append((t, a.get("class", "")))
    def handle_endtag(s, t):
        if s.stack: s.stack.pop()
    def handle_data(s, d):
        if s.stack and s.stack[-1][1] in ("v", "k"):
            s.text.append((s.stack[-1][1], d.strip()))
p = P(); p.feed(open(sys.argv[1]).read())
cards = {}
for i in range(0, len(p.text) - 1):
    if p.text[i][0] == "v" and p.text[i + 1][0] == "k":
        cards[p.text[i + 1][1]] = p.text[i][1]
assert cards.get("events") == str(n), "events card %r, want %d" % (cards.get("events"), n)
assert cards.get("providers") == "2", cards
assert cards.get("processes") == "3", cards
assert cards.get("events lost") == "0", cards
for i in ("providers-chart", "levels-chart", "events-chart", "processes-chart", "cards", "losses"):
    assert i in p.ids, "no #%s" % i
assert p.tags.get("svg", 0) >= 4, p.tags
assert p.tags.get("rect", 0) >= 10 and p.tags.get("path", 0) >= 1, p.tags
assert p.tags.get("title", 0) >= 10, "tooltips"
PY
result "Chromium renders the report: cards (events, providers, processes, losses), the four charts, tooltips" $?

mkdir -p "$TOP/build/check"
timeout 120 $CHROME --hide-scrollbars --window-size=1100,1500 \
	--screenshot="$TOP/build/check/report.png" "file://$R" > /dev/null 2> "$T/chrome.err"
[ -s "$TOP/build/check/report.png" ]
result "a screenshot of it: build/check/report.png" $?

# ---- one pass, three formats ------------------------------------------------
rm -rf "$T/all.ctf"
"$DUMP" --ctf "$T/all.ctf" --chrome "$T/all.json" --report "$T/all.html" \
	"$DATA/powershell.etl" > "$T/all.out" 2> "$T/why"
rc=$?
babeltrace2 "$T/all.ctf" 2>/dev/null | wc -l > "$T/all.n"
[ $rc = 0 ] && [ "$(cat "$T/all.n")" = "$(wc -l < "$T/powershell.want")" ] &&
	cmp -s "$T/all.json" "$T/powershell.json" && grep -q '^--- [0-9]* events' "$T/all.out" &&
	[ "$(grep -c '^20' "$T/all.out")" = 0 ]
result "--ctf, --chrome and --report in one pass: the same outputs; stdout has only the summary" $?

"$DUMP" --chrome "$T/x.json" --chrome "$T/y.json" "$DATA/powershell.etl" > /dev/null 2>&1
r1=$?
"$DUMP" --ctf /proc/no/such/dir "$DATA/powershell.etl" > /dev/null 2> "$T/why"
r2=$?
[ $r1 = 2 ] && [ $r2 = 1 ]
result "a format given twice is a usage error (2); a directory that cannot be made fails (1)" $?

# ---- progress ------------------------------------------------------------------
script -qec "ETW_PROGRESS_DELAY_MS=0 TERM=xterm $DUMP --quiet $DATA/powershell.etl $DATA/lxcore_kernel.etl" \
	/dev/null > "$T/tty.out" 2>&1
grep -aq 'etwdump: *[0-9]*% of 0\.[0-9] MB, [0-9]* events' "$T/tty.out" &&
	grep -aq "$(printf '\r\033\\[K---')" "$T/tty.out"
result "on a terminal: a progress line (share read, events), erased before the summary" $?

ETW_PROGRESS_DELAY_MS=0 "$DUMP" --quiet "$DATA/powershell.etl" > "$T/out" 2> "$T/err"
[ ! -s "$T/err" ]
result "not on a terminal: no progress line" $?

script -qec "ETW_PROGRESS_DELAY_MS=0 TERM=xterm $DUMP --no-progress --quiet $DATA/powershell.etl" \
	/dev/null > "$T/tty.out" 2>&1
! grep -aq '% of' "$T/tty.out"
result "--no-progress: none on a terminal either" $?

echo "1..$n"
exit $((fail != 0))
