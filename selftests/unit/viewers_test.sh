#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump's viewers on the Windows traces of selftests/data (PowerShell,
# TraceLogging, an 8-hour NT Kernel Logger trace, one with losses), each
# checked against
# etwdump --summary --json for the same file: the events per event type
# that babeltrace2 reads from --ctf, that --chrome holds, and that the
# --report page shows in headless Chromium (a real browser: its script
# runs, and any console message fails the test), unfiltered and with a
# provider filter and a zoom given in its URL.  --ctf: integers and
# pointers as CTF integers, a directory of an earlier trace replaced
# wholly, any other non-empty directory refused, no host name the file
# does not carry.  The report fetches nothing (CSP, no URL; Chromium with
# every host unreachable logs nothing).  Also: the three in one pass;
# the progress line on a terminal, and none when not on one.  Prints
# TAP.  The report's screenshot is left in build/check/report.png.
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
for tool in babeltrace2 chromium script jq; do
	if ! command -v $tool > /dev/null; then
		echo "1..0 # SKIP $tool missing (tools/deps.sh installs it)"
		exit 4
	fi
done
[ -x "$DUMP" ] || { echo "1..0 # SKIP $DUMP not built"; exit 4; }

# labels SUMMARY.json: "provider:event count" per label, as the file
# formats name events, the header event left out (they do not carry it).
labels() {
	jq -r '.event_types[] | select(.provider != "EventTrace" or .event != "Header") |
	       "\(.provider):\(.event)\t\(.events)"' "$1" |
	awk -F '\t' '{ n[$1] += $2 } END { for (k in n) print k "\t" n[k] }' | sort
}
# bt_labels DIR: the same, from babeltrace2's reading of a CTF trace
# ("[time] HOST PROVIDER:EVENT: { cpu_id = ..."; the host is optional).
bt_labels() {
	babeltrace2 --no-delta "$1" 2> "$T/bt.err" | python3 -c '
import re, sys, collections
n = collections.Counter()
for l in sys.stdin:
    m = re.match(r"^\[[^]]*\] (?:[^ :]+ )?(.+?): \{ cpu_id = \d+ \}, \{ pid = \d+, tid = \d+ \}", l)
    if not m:
        sys.exit("cannot read: " + l[:200])
    n[m.group(1)] += 1
for k in sorted(n): print("%s\t%d" % (k, n[k]))' | sort
}

# Chromium with every host unreachable (a proxy on a closed port, no
# name resolves), logging the pages' console to stderr.
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--disable-extensions --user-data-dir="$T/chrome-profile" \
		--proxy-server=127.0.0.1:9 "--host-resolver-rules=MAP * ~NOTFOUND" \
		--enable-logging=stderr --v=0 "$@"
}
# dom URL OUT: the page's DOM once its script ran; fails on any console
# message (errors, CSP refusals, failed fetches).
dom() {
	chrome --virtual-time-budget=3000 --dump-dom "$1" > "$2" 2> "$T/chrome.err"
	if grep -a 'CONSOLE' "$T/chrome.err" > "$T/console"; then
		cat "$T/console" > "$T/why"
		return 1
	fi
	grep -q 'data-ready="1"' "$2" || { echo "the script did not finish" > "$T/why"; return 1; }
}
# page DOM: what the page shows, as the summary says it: the cards, then
# "type" and "process" lines.
page() {
	python3 - "$1" <<'PY'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.table = None; s.row = None; s.rows = []; s.cards = {}; s.cell = None
    def handle_starttag(s, t, a):
        a = dict(a)
        if t == "div" and "data-k" in a: s.cards[a["data-k"]] = a["data-n"]
        if t == "table": s.table = a.get("id")
        if t == "tr" and s.table: s.row = []
        if t == "td" and s.row is not None: s.cell = a.get("data-n", ""); s.text = ""
    def handle_data(s, d):
        if s.cell is not None: s.text += d
    def handle_endtag(s, t):
        if t == "td" and s.row is not None:
            s.row.append(s.cell if s.cell else s.text); s.cell = None
        if t == "tr" and s.row:
            s.rows.append((s.table, s.row)); s.row = None
        if t == "table": s.table = None
p = P(); p.feed(open(sys.argv[1]).read())
print("events", p.cards.get("events"))
for t, r in p.rows:
    if t == "types-table":   # provider, event, id, version, opcode, task, level, n, share
        print("type", r[0], r[1], r[2], r[3], r[4], r[5], r[7])
    elif t == "procs-table":  # pid, name, n, share
        print("process", r[0], r[2])
PY
}
# want SUMMARY.json: the same from the summary.
want() {
	jq -r '"events \(.events)",
	       (.event_types[] | "type \(.provider) \(.event) \(.id) \(.version) \(.opcode) \(.task) \(.events)"),
	       (.processes[] | "process \(.pid) \(.events)")' "$1"
}

for etl in powershell lxcore_kernel shutdown_kernel; do
	F=$DATA/$etl.etl
	"$DUMP" --summary --json "$F" > "$T/$etl.sum" 2> "$T/why"
	labels "$T/$etl.sum" > "$T/$etl.want"
	nwant=$(awk -F '\t' '{ s += $2 } END { print s }' "$T/$etl.want")

	# ---- CTF -----------------------------------------------------------
	"$DUMP" --ctf "$T/$etl.ctf" "$F" > /dev/null 2> "$T/why"
	rc=$?
	bt_labels "$T/$etl.ctf" > "$T/bt.got"
	{ cat "$T/bt.err"; diff "$T/$etl.want" "$T/bt.got" | head -n 10; } >> "$T/why"
	[ $rc = 0 ] && [ ! -s "$T/bt.err" ] && cmp -s "$T/$etl.want" "$T/bt.got" && [ "$nwant" -gt 0 ]
	result "$etl.etl --ctf: babeltrace2 reads its $nwant events, per event type as --summary counts them, no error or warning" $?

	grep -q '^/\* CTF 1.8 \*/' "$T/$etl.ctf/metadata" &&
		[ "$(ls "$T/$etl.ctf" | grep -c '^stream_')" -ge 1 ] &&
		babeltrace2 --clock-seconds "$T/$etl.ctf" 2>/dev/null | head -n 1 | grep -q '^\[1[0-9]\{9\}\.' &&
		! grep -q hostname "$T/$etl.ctf/metadata"
	result "$etl.etl --ctf: metadata, a stream per CPU, a clock in seconds since 1970, no host name the file does not carry" $?

	# ---- Trace Event JSON ------------------------------------------------
	"$DUMP" --chrome "$T/$etl.json" "$F" > /dev/null 2> "$T/why"
	rc=$?
	python3 - "$T/$etl.json" "$T/$etl.want" > "$T/why" 2>&1 <<'PY'
import json, sys, collections
d = json.load(open(sys.argv[1]))
got = collections.Counter("%s:%s" % (e["args"]["provider"], e["args"]["event"])
                          for e in d["traceEvents"] if "args" in e and "provider" in e["args"])
want = {l.split("\t")[0]: int(l.split("\t")[1]) for l in open(sys.argv[2])}
assert dict(got) == want, "events differ: %s" % (set(got.items()) ^ set(want.items()))
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
	result "$etl.etl --chrome: Trace Event JSON with its $nwant events per event type, slices closed" $?
done

# ---- CTF: integers, and the directory ----------------------------------------
babeltrace2 "$T/shutdown_kernel.ctf" 2>/dev/null | grep -m1 'Image:DCStart' > "$T/line"
grep -Eq 'ImageBase = 0x[0-9A-F]+, ImageSize = 0x[0-9A-F]+, ProcessId = [0-9]+,' "$T/line"
result "--ctf: pointers and hex integers are CTF integers (base 16), others decimal: $(cut -c1-60 "$T/line")..." $?

rm -rf "$T/re.ctf"
"$DUMP" --ctf "$T/re.ctf" "$DATA/lxcore_kernel.etl" > /dev/null 2>&1 &&
	"$DUMP" --ctf "$T/re.ctf" "$DATA/shutdown_kernel.etl" > /dev/null 2> "$T/why" &&
	bt_labels "$T/re.ctf" > "$T/re.got" && [ ! -s "$T/bt.err" ] &&
	cmp -s "$T/re.got" "$T/shutdown_kernel.want" &&
	[ "$(ls "$T/re.ctf" | tr '\n' ' ')" = "metadata stream_0 stream_1 " ]
result "--ctf into the directory of an earlier trace (6 CPUs): its files replaced, babeltrace2 reads only the new one" $?

mkdir -p "$T/other"
echo keep > "$T/other/notes.txt"
"$DUMP" --ctf "$T/other" "$DATA/lxcore_kernel.etl" > /dev/null 2> "$T/why"
rc=$?
[ $rc = 1 ] && grep -q "other: the directory is not empty" "$T/why" &&
	[ "$(ls "$T/other")" = notes.txt ]
result "--ctf into a directory with other files: refused (exit 1, the directory named), nothing touched" $?

# ---- the report, in Chromium ---------------------------------------------------
R=$T/report.html
"$DUMP" --report "$R" "$DATA/shutdown_kernel.etl" > "$T/out" 2> "$T/why"
[ $? = 0 ] && [ -s "$R" ]
result "--report writes the page" $?

python3 - "$R" > "$T/why" 2>&1 <<'PY'
import re, sys
s = open(sys.argv[1]).read()
csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', s).group(1)
assert csp == "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'", csp
for bad in (r"<link", r"<img", r"<iframe", r"<object", r"<embed", r"\ssrc=", r"\shref=",
            r"@import", r"url\((?!#)", r"\bfetch\(", r"XMLHttpRequest", r"WebSocket",
            r"\bimport\(", r"sendBeacon", r"EventSource\("):
    m = re.search(bad, s)
    assert not m, "found %r: ...%s..." % (bad, s[max(0, m.start() - 40):m.end() + 40])
PY
result "the report is self-contained: CSP default-src 'none' (inline style and script only); no link, image, src, href, import or fetch" $?

dom "file://$R" "$T/dom.html" &&
	page "$T/dom.html" | sort > "$T/page.got" && want "$T/shutdown_kernel.sum" | sort > "$T/page.want" &&
	{ diff "$T/page.want" "$T/page.got" | head -n 10 > "$T/why"; [ ! -s "$T/why" ]; }
result "Chromium runs the report (no console message, nothing fetched): its events, event types and processes are --summary's" $?

G=3d6fa8d0-fe05-11d0-9dda-00c04fd7ba7c
FROM=2020-02-28T17:15:50Z UNTIL=2020-02-28T17:15:51.5Z
dom "file://$R#providers=$G&from=$FROM&to=$UNTIL" "$T/dom2.html" &&
	page "$T/dom2.html" | sort > "$T/page2.got" &&
	"$DUMP" --summary --json -p $G --since $FROM --until $UNTIL "$DATA/shutdown_kernel.etl" > "$T/f.sum" &&
	want "$T/f.sum" | sort > "$T/page2.want" &&
	{ diff "$T/page2.want" "$T/page2.got" | head -n 10 > "$T/why"; [ ! -s "$T/why" ]; } &&
	[ "$(grep -c '^type' "$T/page2.got")" -ge 2 ]
result "the report filtered to one provider and zoomed (#providers=..&from=..&to=..) shows what --summary -p --since --until counts" $?

grep -o '<g class="gap">' "$T/dom.html" | head -n 1 | grep -q gap &&
	grep -q 'no events: 8h11m' "$T/dom.html"
result "the 8-hour gap is drawn as a gap on the timeline" $?

"$DUMP" --report "$T/amsi.html" "$DATA/amsi.etl" > /dev/null 2> "$T/why" &&
	dom "file://$T/amsi.html" "$T/amsi.dom" &&
	grep -q 'data-k="events lost" data-n="3"' "$T/amsi.dom" &&
	grep -q '3 events and 0 buffers were lost' "$T/amsi.dom"
result "a trace that lost events (amsi.etl, 3): the report says so" $?

printf '<!DOCTYPE html><html><body><script>undefinedFunction();</script></body></html>\n' > "$T/broken.html"
! dom "file://$T/broken.html" "$T/broken.dom" && grep -q "undefinedFunction" "$T/why"
result "(the check itself: a page with a script error fails it)" $?
: > "$T/why"

mkdir -p "$TOP/build/check"
chrome --hide-scrollbars --window-size=1200,1500 --virtual-time-budget=3000 \
	--screenshot="$TOP/build/check/report.png" "file://$R" > /dev/null 2> "$T/chrome.err"
[ -s "$TOP/build/check/report.png" ]
result "a screenshot of it: build/check/report.png" $?

# ---- one pass, three formats ------------------------------------------------
rm -rf "$T/all.ctf"
"$DUMP" --ctf "$T/all.ctf" --chrome "$T/all.json" --report "$T/all.html" \
	"$DATA/powershell.etl" > "$T/all.out" 2> "$T/why"
rc=$?
bt_labels "$T/all.ctf" > "$T/all.got"
[ $rc = 0 ] && cmp -s "$T/all.got" "$T/powershell.want" &&
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
