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
# every host unreachable logs nothing).  The report's event table
# (issue 32): every event a row, drawn only where seen; a row's fields
# are etwdump --json's; times exact (the summary's, not a double's);
# filters by event type and a search into field values; grouping by
# provider, task and process; a row selected (#sel) and the timeline
# clicked (#at) show each other; losses a header counts promise no red
# line; a million events load with a few rows drawn.  Also: the three in
# one pass; the progress line on a terminal, and none when not on one.
# Prints TAP.  The report's screenshots are left in build/check/report.png
# and report-1m.png.
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

# ---- the report's event table (issue 32) -------------------------------------
# table DOM: what the event table shows -- "attr NAME VALUE" for #span,
# #event-table, #cursor and #ev-detail, "row" per row element drawn,
# "group KEY N" per group row, "field NAME<TAB>VALUE" per line of the
# selected event's fields, "loss-line" per line the timeline draws for a loss.
table() {
	python3 - "$1" <<'PY'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.out = []; s.tr = None; s.cell = None; s.text = ""; s.depth = 0
    def handle_starttag(s, t, a):
        a = dict(a)
        i = a.get("id")
        if i in ("span", "event-table", "cursor", "ev-detail", "loss-text"):
            for k, v in sorted(a.items()):
                if k.startswith("data-") or k in ("visibility",):
                    s.out.append("attr %s.%s %s" % (i, k, v))
        if t == "div" and "data-row" in a and "erow" in a.get("class", ""):
            s.out.append("row %s" % a["data-row"])
        if t == "div" and "data-group" in a:
            s.out.append("group %s %s" % (a["data-group"], a["data-n"]))
        if t == "g" and a.get("class") == "loss":
            s.out.append("loss-line")
        if t == "tr" and "data-name" in a:
            s.tr = a["data-name"]; s.text = ""
        if i == "loss-text" or i == "span":
            s.cell = i; s.text = ""
    def handle_data(s, d):
        if s.tr is not None or s.cell is not None: s.text += d
    def handle_endtag(s, t):
        if t == "tr" and s.tr is not None:
            th, td = s.text.split("\x00", 1) if "\x00" in s.text else (s.tr, s.text)
            s.out.append("field %s\t%s" % (s.tr, s.text[len(s.tr):]))
            s.tr = None
        if t == "p" and s.cell is not None:
            s.out.append("text %s %s" % (s.cell, s.text)); s.cell = None
p = P(); p.feed(open(sys.argv[1], errors="replace").read())
print("\n".join(p.out))
PY
}
tval() { grep "^attr $2 " "$1" | head -n 1 | cut -d' ' -f3-; }

# Exact times: the header's first and last are --summary's, to the 100 ns.
dom "file://$R" "$T/ev.dom" && table "$T/ev.dom" > "$T/ev.t" &&
	first=$(jq -r .first "$T/shutdown_kernel.sum") && last=$(jq -r .last "$T/shutdown_kernel.sum") &&
	grep -q "^text span $first to $last (" "$T/ev.t" &&
	[ "$(tval "$T/ev.t" span.data-first)" = "$first" ] && [ "$(tval "$T/ev.t" span.data-last)" = "$last" ]
rc=$?
{ grep '^text span\|^attr span' "$T/ev.t"; echo "summary: $first to $last"; } > "$T/why"
result "the report's first and last times are --summary's exactly ($first, $last; no double rounding)" $rc

# Every event a row, only the rows in sight drawn.
rows=$(grep -c '^row ' "$T/ev.t")
[ "$(tval "$T/ev.t" event-table.data-rows)" = "$(jq .events "$T/shutdown_kernel.sum")" ] &&
	[ "$rows" -ge 10 ] && [ "$rows" -le 60 ]
rc=$?
echo "rows listed $(tval "$T/ev.t" event-table.data-rows), drawn $rows" > "$T/why"
result "the event table lists every event ($(jq .events "$T/shutdown_kernel.sum")) and draws only those in sight ($rows)" $rc

# A selected row (#sel=N): its fields are etwdump --json's for that event,
# and the timeline's cursor is at its time.
"$DUMP" --json "$DATA/shutdown_kernel.etl" 2> /dev/null > "$T/k.json"
N=16990
dom "file://$R#sel=$N" "$T/sel.dom" && table "$T/sel.dom" > "$T/sel.t" &&
	sed -n "$((N + 1))p" "$T/k.json" | jq -r '.fields | to_entries[] | "field \(.key)\t\(.value)"' > "$T/sel.want" &&
	grep '^field ' "$T/sel.t" | grep -v '^field \(Time\|CPU\|Process\|Thread\|Provider\|Event\)	' > "$T/sel.got" &&
	{ diff "$T/sel.want" "$T/sel.got" > "$T/why"; } &&
	[ "$(grep '^field Time	' "$T/sel.t" | cut -f2)" = "$(sed -n "$((N + 1))p" "$T/k.json" | jq -r .time)" ] &&
	[ "$(tval "$T/sel.t" cursor.visibility)" = visible ] &&
	[ "$(tval "$T/sel.t" ev-detail.data-row)" = $N ]
result "#sel=$N: the row's fields below the table are etwdump --json's, its time exact, the cursor on the timeline" $?

# The timeline clicked (#at=TIME, what a click on a bar does): the first
# event at that time is selected.
AT=2020-02-28T17:15:51.6424750Z
dom "file://$R#at=$AT" "$T/at.dom" && table "$T/at.dom" > "$T/at.t" &&
	[ "$(grep '^field Time	' "$T/at.t" | cut -f2)" = "$AT" ] &&
	grep -q '^field ImageBase	0xFFFFF802424AB000$' "$T/at.t" &&
	[ "$(tval "$T/at.t" cursor.visibility)" = visible ]
rc=$?
grep '^field\|^attr cursor' "$T/at.t" | head -n 12 > "$T/why"
result "#at=TIME (a click on the timeline): the first event there is selected (Image/KernelBase), shown and marked" $rc

# Filters: an event type, a search into field values, a process.
K=$(jq '[.event_types[]] | map(.event) | index("Terminate")' "$T/shutdown_kernel.sum")
dom "file://$R#type=$K" "$T/type.dom" && table "$T/type.dom" > "$T/type.t" &&
	[ "$(tval "$T/type.t" event-table.data-rows)" = 60 ]
rc=$?
tval "$T/type.t" event-table.data-rows > "$T/why"
result "#type=K (Process/Terminate): the table lists its 60 events" $rc

Q=OneDrive.exe
want=$(jq -r --arg q "$(echo $Q | tr A-Z a-z)" 'select(([(.provider_name // ""), (.event // "")] + ([.fields // {} | .[] | tostring])) |
	map(ascii_downcase) | any(contains($q)))' "$T/k.json" | jq -s length)
pwant=$(jq -r --arg q "$(echo $Q | tr A-Z a-z)" '.processes[] | select((.name // "") | ascii_downcase | contains($q)) | .pid' "$T/shutdown_kernel.sum")
want=$(jq -r --arg q "$(echo $Q | tr A-Z a-z)" --argjson pids "[$(echo $pwant | tr ' ' ,)]" 'select((([(.provider_name // ""), (.event // "")] + ([.fields // {} | .[] | tostring])) |
	map(ascii_downcase) | any(contains($q))) or ([.pid] | inside($pids)))' "$T/k.json" | jq -s length)
dom "file://$R#search=$Q" "$T/q.dom" && table "$T/q.dom" > "$T/q.t" &&
	[ "$(tval "$T/q.t" event-table.data-rows)" = "$want" ] && [ "$want" -gt 0 ] &&
	grep -q "data-k=\"events\" data-n=\"$want\"" "$T/q.dom"
rc=$?
echo "search $Q: want $want, table $(tval "$T/q.t" event-table.data-rows)" > "$T/why"
result "#search=$Q: the events whose names, process or field values hold it ($want), in the table and the counts" $rc

# Grouping, as WPA's Generic Events: groups and their counts.
dom "file://$R#group=provider" "$T/g.dom" && table "$T/g.dom" > "$T/g.t" &&
	grep '^group ' "$T/g.t" | awk '{ print $3 }' | sort > "$T/g.got" &&
	jq -r '.providers[].events' "$T/shutdown_kernel.sum" | sort > "$T/g.want" &&
	{ diff "$T/g.want" "$T/g.got" > "$T/why"; } &&
	dom "file://$R#group=process" "$T/g2.dom" && table "$T/g2.dom" > "$T/g2.t" &&
	[ "$(grep -c '^group ' "$T/g2.t")" -ge 10 ] &&
	dom "file://$R#group=task" "$T/g3.dom" && table "$T/g3.dom" > "$T/g3.t" &&
	grep -q '^group tImage / Image ' "$T/g3.t"
result "#group=provider, process, task: group rows with the summary's counts" $?

# AMSI's script text is there to read.
"$DUMP" --report "$T/amsi2.html" "$DATA/amsi.etl" > /dev/null 2>&1 &&
	dom "file://$T/amsi2.html#sel=2" "$T/a.dom" && table "$T/a.dom" > "$T/a.t" &&
	grep -A3 '^field Script	' "$T/a.t" | cut -f2- | tr -d '\r' | sed '/^$/d' | head -n 1 > "$T/a.got" &&
	"$DUMP" --json "$DATA/amsi.etl" 2> /dev/null | sed -n 3p | jq -r '.fields.Script' |
		tr -d '\r' | sed '/^$/d' > "$T/a.want" &&
	{ diff "$T/a.want" "$T/a.got" > "$T/why"; } && [ -s "$T/a.got" ]
result "amsi.etl: an AmsiScript event's Script text is in the report, whole" $?

# Losses known only from the header: no red line promised, none drawn.
table "$T/amsi.dom" > "$T/l.t"
! grep -q '^loss-line' "$T/l.t" && grep -q '^text loss-text .*does not say when' "$T/l.t" &&
	! grep -q 'red line' "$T/l.t"
rc=$?
grep 'loss' "$T/l.t" > "$T/why"
result "amsi.etl's losses, known from its header only: the legend says so and promises no red line" $rc

mkdir -p "$TOP/build/check"
chrome --hide-scrollbars --window-size=1200,2200 --virtual-time-budget=3000 \
	--screenshot="$TOP/build/check/report.png" "file://$R#sel=16990" > /dev/null 2> "$T/chrome.err"
[ -s "$TOP/build/check/report.png" ]
result "a screenshot of it: build/check/report.png" $?

# ---- a million events ----------------------------------------------------------
# 59 copies of shutdown_kernel.etl in one pass: 1,007,602 events.  The
# page lists every event with its fields (160 MB of them, within the
# 256 MB it may hold); the browser draws a few dozen rows.  (How long it
# takes: make bench, tools/etwbench/report.sh.)
set --
for i in $(seq 59); do set -- "$@" "$DATA/shutdown_kernel.etl"; done
"$DUMP" --report "$T/big.html" "$@" > /dev/null 2> "$T/big.err"
rc=$?
size=$(stat -c %s "$T/big.html")
dom "file://$T/big.html#sel=1000000" "$T/big.dom" && table "$T/big.dom" > "$T/big.t" &&
	[ $rc = 0 ] && [ "$(tval "$T/big.t" event-table.data-rows)" = 1007602 ] &&
	[ "$(grep -c '^row ' "$T/big.t")" -le 60 ] && [ "$size" -lt $((300 << 20)) ] &&
	grep -q '^field ImageBase	0x' "$T/big.t"
rc=$?
{ cat "$T/big.err"; echo "page $size bytes; rows $(tval "$T/big.t" event-table.data-rows); drawn $(grep -c '^row ' "$T/big.t")"; } >> "$T/why"
result "1,007,602 events: the page lists them all with their fields, draws a few rows, and stays within its bound" $rc
chrome --hide-scrollbars --window-size=1200,2200 --virtual-time-budget=10000 \
	--screenshot="$TOP/build/check/report-1m.png" "file://$T/big.html#sel=1000000" > /dev/null 2> "$T/chrome.err"
rm -f "$T/big.html" "$T/big.dom"

# Events earlier than the first one read (two traces, the later given
# first): counted and listed too.
"$DUMP" --report "$T/two.html" "$DATA/shutdown_kernel.etl" "$DATA/amsi.etl" > /dev/null 2>&1 &&
	dom "file://$T/two.html" "$T/two.dom" && table "$T/two.dom" > "$T/two.t" &&
	[ "$(tval "$T/two.t" event-table.data-rows)" = 17099 ] &&
	grep -q 'data-k="events" data-n="17099"' "$T/two.dom" &&
	grep -q '^text span 2020-02-17T12:48:30.4203138Z to 2020-02-28T17:15:51.6538124Z' "$T/two.t"
rc=$?
grep 'data-rows\|^text span' "$T/two.t" > "$T/why"
result "shutdown_kernel.etl then amsi.etl (earlier events read after later ones): all 17,099 counted and listed, the span from the earliest" $rc

# A smaller budget for field values: what is not kept is said.
ETW_REPORT_FIELDS_MB=1 "$DUMP" --report "$T/cut.html" "$DATA/shutdown_kernel.etl" > /dev/null 2> "$T/cut.err" &&
	dom "file://$T/cut.html#sel=17000" "$T/cut.dom" && table "$T/cut.dom" > "$T/cut.t" &&
	grep -q "cut.html: the event table lists 17078 of 17078 events, [0-9]* with their fields (the first 1 MB" "$T/cut.err" &&
	grep -q 'fields of [0-9,]* events are not in the page' "$T/cut.dom" &&
	grep -q "This event's fields are not in the page" "$T/cut.dom"
rc=$?
cat "$T/cut.err" > "$T/why"
result "ETW_REPORT_FIELDS_MB=1: the events beyond it are listed without their fields, and etwdump and the page say so" $rc

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
