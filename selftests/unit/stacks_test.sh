#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Stacks, symbols and profiles (issue 28), on traces stackprog writes of
# itself (stackprog.c: known functions, one inlined, one in a shared
# library, built with and without frame pointers; its stacks taken by
# glibc's unwinder; its images and build-ids its own):
#
#   - etwdump --stacks names every frame with function, file and line,
#     inlined frames included ("each event's call stack with function
#     names, source lines and inlined frames"), in text and JSON, for
#     both builds: an event's stack c > b > a > run > main in order, a
#     sample's leaf_hot > middle > outer, inl_add inlined into middle,
#     lib_work in libstackprog.so;
#   - "a file that is missing or whose build-id differs gives
#     module+0xoffset, never a wrong name": another binary at the path,
#     or none; a separate debug file found by build-id
#     (DIR/.build-id/xx/yyyy.debug) names the frames again, also for a
#     stripped binary, and so does debuginfod serving it (on the loopback
#     of a network namespace of our own); a trace without build-ids is
#     named from the file on disk, marked [unverified];
#   - --cpu: 110 samples, leaf_hot 50, inl_add 30, lib_work 20, waker 10
#     exclusive; middle 80, outer 100 inclusive; threads 100 and 10;
#   - --waits: T1 ran 17 ms, was ready 3 ms, waited 5 ms; T2 ran 8 ms and
#     readied T1 once from wake_up < waker < run < main;
#   - real consumers: Google's pprof (built from Debian's source package
#     with Debian's Go) reads --pprof and counts the same; speedscope
#     (npm) imports --perf-script in headless Chromium and shows leaf_hot,
#     inl_add and lib_work at 50, 30 and 20 %; --chrome's samples and
#     stackFrames give the same stacks; the --report page (headless
#     Chromium, no console message) draws a flame graph whose frames
#     hold --cpu's inclusive counts, zooms to a function named in its
#     address, and shows both CPU tables.
# Prints TAP.  A consumer that is missing skips its checks.
DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
DUMP=${ETWDUMP:-$TOP/build/tools/etwdump}
T=$(mktemp -d /tmp/stacks_test.XXXXXX)
SRV=
cleanup() { [ -n "$SRV" ] && kill "$SRV" 2> /dev/null; rm -rf "$T"; }
trap cleanup EXIT INT TERM
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; [ -s "$T/why" ] && sed 's/^/#   /' "$T/why" | head -n 30; }
skip() { n=$((n + 1)); echo "ok $n # SKIP $1"; }
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; : > "$T/why"; }

echo "TAP version 13"
for f in "$DUMP" "$DIR/stackprog_fp" "$DIR/stackprog_nofp" "$DIR/libstackprog.so"; do
	[ -x "$f" ] || { echo "1..0 # SKIP $f not built"; exit 4; }
done
command -v python3 > /dev/null || { echo "1..0 # SKIP python3 missing"; exit 4; }

# The line of a "@name" mark in the sources.
line() { grep -n "@$1\b" "$DIR/stackprog.c" "$DIR/stackprog_lib.c" | head -n 1 | cut -d: -f2; }

# Each build runs from a directory of its own, with its library.
for b in fp nofp; do
	mkdir -p "$T/$b"
	cp "$DIR/stackprog_$b" "$T/$b/stackprog"
	cp "$DIR/libstackprog.so" "$T/$b/"
	"$T/$b/stackprog" "$T/$b.etl" 2> "$T/why" || nok "stackprog ($b) writes its trace"
	"$T/$b/stackprog" --no-build-id "$T/$b-nobid.etl" 2> "$T/why"
done

# ---- --stacks: names, lines, inlined frames --------------------------------
for b in fp nofp; do
	"$DUMP" --no-progress --stacks "$T/$b.etl" > "$T/$b.stacks" 2> "$T/why"
	rc=$?
	# The first user event (id=7: "id=7:" on the compact line, "id=7 "
	# with -v): the stack from capture (the caller of the "ETW API")
	# outwards.
	awk '/ id=7[ :]/{ go = 1; next } go && /^\t#/ { print; next } go { exit }' "$T/$b.stacks" |
		sed 's/^\t#\([0-9]*\) 0x[0-9a-f]* /\1 /' > "$T/ev"
	cat > "$T/ev.want" <<EOF
0 stackprog!capture+OFF (stackprog.c:$(line event_write_call))
1 stackprog!c+OFF (stackprog.c:$(line c_call))
2 stackprog!b+OFF (stackprog.c:$(line b_call))
3 stackprog!a+OFF (stackprog.c:$(line a_call))
4 stackprog!run (stackprog.c:$(line run_a_call)) [inlined]
4 stackprog!main+OFF (stackprog.c:$(line main_run_call))
EOF
	sed 's/+0x[0-9a-f]* (/+OFF (/' "$T/ev" | head -n 6 > "$T/ev.got"
	diff "$T/ev.want" "$T/ev.got" > "$T/why"
	[ $rc = 0 ] && [ ! -s "$T/why" ]
	result "$b: --stacks: an event's stack is capture, c, b, a, run (inlined), main with their lines" $?

	# A sample in leaf_hot, in inl_add (inlined into middle), in lib_work.
	awk '/SampleProf/{ go = 1; next } go && /^\t#/ { print; next } go { exit }' "$T/$b.stacks" |
		sed 's/^\t#\([0-9]*\) 0x[0-9a-f]* /\1 /; s/+0x[0-9a-f]* (/+OFF (/' | head -n 3 > "$T/s1"
	printf '%s\n' "0 stackprog!leaf_hot+OFF (stackprog.c:$(line leaf_hot_call))" \
		"1 stackprog!middle+OFF (stackprog.c:$(line middle_call))" \
		"2 stackprog!outer+OFF (stackprog.c:$(line outer_middle_call))" > "$T/s1.want"
	grep -F -x -f "$T/s1.want" "$T/$b.stacks" > /dev/null 2>&1
	diff "$T/s1.want" "$T/s1" > "$T/why"
	result "$b: --stacks: a sample's IP in leaf_hot, then middle, outer, with lines" $?

	sed 's/^\t#\([0-9]*\) 0x[0-9a-f]* /\1 /; s/+0x[0-9a-f]* (/+OFF (/' "$T/$b.stacks" > "$T/norm"
	grep -q -x "0 stackprog!inl_add (stackprog.c:$(line inl_add_call)) \[inlined\]" "$T/norm" &&
		grep -q -x "0 stackprog!middle+OFF (stackprog.c:$(line middle_call))" "$T/norm" &&
		grep -q -x "0 libstackprog.so!lib_work+OFF (stackprog_lib.c:$(line lib_work_call))" "$T/norm" &&
		grep -q -x "1 stackprog!outer+OFF (stackprog.c:$(line outer_lib_call))" "$T/norm" &&
		! grep -q 'StackWalk/Stack' "$T/$b.stacks" && ! grep -q '\[unverified\]' "$T/$b.stacks"
	result "$b: --stacks: inl_add inlined into middle, lib_work in libstackprog.so; StackWalks not shown apart; build-ids verified" $?
done

"$DUMP" --no-progress --stacks --json "$T/fp.etl" > "$T/fp.sjson" 2> "$T/why"
python3 - "$T/fp.sjson" "$(line c_call)" "$(line inl_add_call)" > "$T/why" 2>&1 <<'PY'
import json, sys
evs = [json.loads(l) for l in open(sys.argv[1])]
ev = [e for e in evs if e.get("id") == 7][0]
names = [f["function"] for fr in ev["stack"] for f in fr["functions"]]
assert names[:7] == ["capture", "c", "b", "a", "run", "main", "__libc_start_call_main"], names
c = ev["stack"][1]
assert c["status"] == "ok" and c["module"].endswith("/stackprog"), c
assert c["functions"][0]["line"] == int(sys.argv[2]) and c["functions"][0]["file"].endswith("stackprog.c"), c
inl = [fr for e in evs for fr in e.get("stack", []) if fr["functions"] and fr["functions"][0]["function"] == "inl_add"]
assert len(inl) == 30, len(inl)
f = inl[0]["functions"]
assert f[0]["inlined"] and not f[1]["inlined"] and f[1]["function"] == "middle" and f[0]["line"] == int(sys.argv[3]), f
assert not any(e.get("provider_name") == "StackWalk" for e in evs)
PY
result "--stacks --json: each event's object has its stack: functions, files, lines, inlined" $?

# ---- files: missing, different, found by build-id ----------------------------
mkdir -p "$T/dbg"
bid=$(python3 - "$T/fp/stackprog" <<'PY'
import sys, struct
d = open(sys.argv[1], "rb").read()
i = d.find(b"GNU\0", 0)
while i >= 0:
    namesz, descsz, typ = struct.unpack("<III", d[i - 12:i])
    if namesz == 4 and typ == 3:
        print(d[i + 4:i + 4 + descsz].hex()); break
    i = d.find(b"GNU\0", i + 1)
PY
)
mkdir -p "$T/dbg/.build-id/$(echo "$bid" | cut -c1-2)"
objcopy --only-keep-debug "$T/fp/stackprog" "$T/dbg/.build-id/$(echo "$bid" | cut -c1-2)/$(echo "$bid" | cut -c3-).debug"
cp "$T/fp/stackprog" "$T/fp/stackprog.orig"
cp "$T/nofp/stackprog" "$T/fp/stackprog"		# another build at the path
"$DUMP" --no-progress --stacks "$T/fp.etl" > "$T/mismatch" 2> "$T/why"
grep -q 'stackprog+0x[0-9a-f]* \[build-id differs\]$' "$T/mismatch" &&
	! grep -q 'stackprog!' "$T/mismatch" && grep -q 'libstackprog.so!lib_work' "$T/mismatch"
result "another file at the path (build-id differs): stackprog+0xOFFSET, no name; the library still named" $?

"$DUMP" --no-progress --stacks --debuginfo-path "$T/dbg" "$T/fp.etl" > "$T/bydbg" 2> "$T/why"
# (the closing summary says how long the reading took: left out)
body() { sed '/^--- [0-9]* events/,$d' "$1"; }
body "$T/fp.stacks" > "$T/fp.body"
body "$T/bydbg" | cmp -s - "$T/fp.body" && grep -q 'stackprog!leaf_hot' "$T/fp.body"
result "the same with its debug file found by build-id (--debuginfo-path): as with the right file" $?

rm "$T/fp/stackprog"
"$DUMP" --no-progress --stacks "$T/fp.etl" > "$T/missing" 2> "$T/why"
grep -q 'stackprog+0x[0-9a-f]* \[file not found\]$' "$T/missing" && ! grep -q 'stackprog!' "$T/missing"
result "the file missing: stackprog+0xOFFSET [file not found]" $?

strip --strip-all -o "$T/fp/stackprog" "$T/fp/stackprog.orig"
"$DUMP" --no-progress --stacks --debuginfo-path "$T/dbg" "$T/fp.etl" > "$T/stripped" 2> "$T/why"
body "$T/stripped" | cmp -s - "$T/fp.body" && grep -q 'stackprog!inl_add' "$T/fp.body"
result "a stripped binary and its separate debug file: the same names, lines and inlined frames" $?
# debuginfod (Debian's) serving the debug file, in a network namespace of
# our own (only its loopback: debuginfod cannot bind to one address).
if command -v debuginfod > /dev/null && command -v unshare > /dev/null &&
   command -v curl > /dev/null && command -v ip > /dev/null; then
	mkdir -p "$T/dfd/srv"
	objcopy --only-keep-debug "$T/fp/stackprog.orig" "$T/dfd/srv/stackprog.debug"
	unshare -n sh -c '
		ip link set lo up || exit 3
		debuginfod -F -p 8002 -d "$1/db.sqlite" -t 1 "$1/srv" > "$1/log" 2>&1 & D=$!
		for i in $(seq 1 200); do
			curl -s http://127.0.0.1:8002/metrics 2> /dev/null |
				grep -q "^scanned_files_total{source=\"file\"} [1-9]" && break
			sleep 0.1
		done
		DEBUGINFOD_URLS=http://127.0.0.1:8002 DEBUGINFOD_CACHE_PATH="$1/cache" \
			"$2" --no-progress --stacks "$3"
		rc=$?
		kill $D
		wait $D 2> /dev/null
		exit $rc' sh "$T/dfd" "$DUMP" "$T/fp.etl" > "$T/dfd.out" 2> "$T/why"
	body "$T/dfd.out" | cmp -s - "$T/fp.body" && grep -q 'stackprog!inl_add' "$T/fp.body"
	result "the stripped binary, its debug file from debuginfod (DEBUGINFOD_URLS, loopback): the same names, lines, inlined frames" $?
else
	skip "debuginfod, unshare, curl or ip missing"
fi
"$DUMP" --no-progress --stacks "$T/fp.etl" > "$T/nodebug" 2> "$T/why"
grep -q 'stackprog+0x[0-9a-f]* \[no symbol\]$' "$T/nodebug" && ! grep -q 'stackprog!leaf_hot' "$T/nodebug"
result "the stripped binary alone: stackprog+0xOFFSET [no symbol]" $?
cp "$T/fp/stackprog.orig" "$T/fp/stackprog"

"$DUMP" --no-progress --stacks "$T/fp-nobid.etl" > "$T/nobid" 2> "$T/why"
grep -q '^	#0 0x[0-9a-f]* stackprog!leaf_hot+0x[0-9a-f]* (stackprog.c:[0-9]*) \[unverified\]$' "$T/nobid"
result "a trace without build-ids: named from the file on disk, each frame marked [unverified]" $?

# A classic record (TraceEvent's): its stack is the StackWalk after it, return addresses.
awk '/[{]02015a5b/{ go = 1; next } go && /^\t#/ { print; next } go { exit }' "$T/fp.stacks" |
	sed 's/^\t#\([0-9]*\) 0x[0-9a-f]* /\1 /; s/+0x[0-9a-f]* (/+OFF (/' | head -n 4 > "$T/cl"
printf '%s\n' "0 stackprog!capture+OFF (stackprog.c:$(line event_write_call))" \
	"1 stackprog!c+OFF (stackprog.c:$(line c_call))" "2 stackprog!b+OFF (stackprog.c:$(line b_call))" \
	"3 stackprog!a+OFF (stackprog.c:$(line a_call))" | diff - "$T/cl" > "$T/why"
result "a classic record's stack is the StackWalk after it: capture, c, b, a at the calls' lines" $?

# ---- usage: one thing on standard output, files for --pprof ------------------------------
u=0
for o in "--stacks --csv" "--cpu --waits" "--perf-script --json" "--stacks --summary" "--pprof -" \
	 "--cpu --chrome -"; do
	# shellcheck disable=SC2086
	"$DUMP" --no-progress $o "$T/fp.etl" > /dev/null 2> "$T/err"
	rc=$?
	{ [ $rc = 2 ] && grep -q '^etwdump: .*\(choose one\|not standard output\|text, or --json\|no --json\)' "$T/err"; } ||
		{ u=1; echo "$o: exit $rc, $(cat "$T/err")" >> "$T/why"; }
done
result "usage: the views and formats that cannot go together are refused with exit 2 and why" $u

# ---- kernel frames: names only when the trace says where the kernel is -----------------
printf '%s\n' 'ffffffff81000000 T _text' 'ffffffff81001200 T do_syscall_64' \
	'ffffffff81002300 t ksys_write' > "$T/kallsyms"
printf '%s\n' 'ffffffff90000000 T _text' 'ffffffff81001200 T do_syscall_64' > "$T/kallsyms.other"
kframes() { awk '/ id=8[ :]/{ go = 1; next } go && /^\t#/ { print; next } go { exit }' "$1" | head -n 3 |
	sed 's/^\t#\([0-9]*\) 0x[0-9a-f]* /\1 /'; }
"$DUMP" --no-progress --stacks "$T/fp.etl" > "$T/k0" 2> "$T/why"
"$DUMP" --no-progress --stacks --kallsyms "$T/kallsyms" "$T/fp.etl" > "$T/k1" 2>> "$T/why"
"$DUMP" --no-progress --stacks --kallsyms "$T/kallsyms.other" "$T/fp.etl" > "$T/k2" 2>> "$T/why"
printf '%s\n' '0 [kernel.kallsyms]+0x1234 [kernel]' '1 [kernel.kallsyms]+0x2345 [kernel]' > "$T/k0.want"
printf '%s\n' '0 [kernel.kallsyms]!do_syscall_64+0x34' '1 [kernel.kallsyms]!ksys_write+0x45' > "$T/k1.want"
{ kframes "$T/k0" | head -n 2 | diff "$T/k0.want" -; kframes "$T/k1" | head -n 2 | diff "$T/k1.want" -
  kframes "$T/k2" | head -n 2 | diff "$T/k0.want" -; } >> "$T/why"
kframes "$T/k1" | sed -n 3p | grep -q '^2 stackprog!capture+0x[0-9a-f]* (stackprog.c:'"$(line event_write_call)"')$' ||
	echo "the first user frame after the kernel's: not capture" >> "$T/why"
[ ! -s "$T/why" ]
result "kernel frames: [kernel.kallsyms]+0xOFF, named by --kallsyms only when its _text is in the trace's kernel image; then the user frames" $?

# ---- --cpu, --waits ----------------------------------------------------------------------
"$DUMP" --no-progress --cpu --json "$T/nofp.etl" > "$T/cpu.json" 2> "$T/why"
python3 - "$T/cpu.json" > "$T/why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["samples"] == 110, d["samples"]
p = d["processes"][0]
assert p["name"] == "stackprog" and p["samples"] == 110
assert sorted(t["samples"] for t in p["threads"]) == [10, 100], p["threads"]
f = {x["function"]: x for x in p["functions"]}
want_ex = {"leaf_hot": 50, "inl_add": 30, "lib_work": 20, "waker": 10, "middle": 0, "outer": 0, "main": 0}
want_in = {"leaf_hot": 50, "inl_add": 30, "lib_work": 20, "waker": 10, "middle": 80, "outer": 100, "run": 110, "main": 110}
for k, v in want_ex.items():
    assert f[k]["exclusive"] == v, (k, f[k])
for k, v in want_in.items():
    assert f[k]["inclusive"] == v, (k, f[k])
assert f["lib_work"]["module"] == "libstackprog.so" and f["leaf_hot"]["module"] == "stackprog"
m = {x["module"]: x for x in p["modules"]}
assert m["libstackprog.so"]["exclusive"] == 20 and m["stackprog"]["exclusive"] == 90, m
assert p["stacks"][0]["samples"] == 50 and p["stacks"][0]["functions"][-3:] == ["outer", "middle", "leaf_hot"], p["stacks"][0]
PY
result "--cpu --json: samples per process and thread, functions and modules inclusive and exclusive, hottest stack" $?

"$DUMP" --no-progress --cpu "$T/nofp.etl" > "$T/cpu.txt" 2> "$T/why"
grep -q '^ *50  *45.5% *50  *45.5%  stackprog!leaf_hot$' "$T/cpu.txt" &&
	grep -q '^ *100  *90.9% *0  *0.0%  stackprog!outer$' "$T/cpu.txt"
result "--cpu: the same as text, as perf report --children (Children, Self)" $?

"$DUMP" --no-progress --waits --json "$T/fp.etl" > "$T/waits.json" 2> "$T/why"
python3 - "$T/waits.json" > "$T/why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["context_switches"] == 4 and d["ready_events"] == 1, d
t1, t2 = d["threads"][0], d["threads"][1]
assert (t1["running_ns"], t1["ready_ns"], t1["waiting_ns"], t1["switches"]) == (17000000, 3000000, 5000000, 2), t1
assert (t2["running_ns"], t2["ready_ns"], t2["waiting_ns"], t2["switches"]) == (8000000, 0, 0, 1), t2
r = d["readied"][0]
assert r["tid"] == t1["tid"] and r["by_tid"] == t2["tid"] and r["count"] == 1 and r["waited_ns"] == 5000000, r
assert r["stack"][:4] == ["wake_up", "waker", "run", "main"], r["stack"]
PY
result "--waits --json: running, ready and waiting time per thread; who readied whom, after what wait, from which stack" $?

# ---- pprof (Google's, built from Debian's source package) ----------------------------------
"$DUMP" --no-progress --pprof "$T/p.pb.gz" "$T/nofp.etl" > /dev/null 2> "$T/why"
PPROF=$TOP/build/check/pprof
if [ ! -x "$PPROF" ] && command -v go > /dev/null && [ -d /usr/share/gocode/src/github.com/google/pprof ]; then
	mkdir -p "$TOP/build/check"
	GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE="$T/gocache" GOFLAGS= \
		go build -o "$PPROF" github.com/google/pprof > "$T/go.log" 2>&1
fi
if [ -x "$PPROF" ]; then
	"$PPROF" -top -nodecount=100 -sample_index=samples "$T/p.pb.gz" > "$T/top" 2> "$T/why"
	rc=$?
	awk '$6 == "leaf_hot" && $1 == 50 && $4 == 50 { a = 1 }
	     $6 == "inl_add" && $1 == 30 && $7 == "(inline)" { b = 1 }
	     $6 == "lib_work" && $1 == 20 { c = 1 }
	     $6 == "outer" && $4 == 100 { d = 1 }
	     / Total samples = 110/ { e = 1 }
	     END { exit !(a && b && c && d && e) }' "$T/top"
	[ $? = 0 ] && [ $rc = 0 ] || cat "$T/top" >> "$T/why"
	[ $rc = 0 ] && grep -q ' Total samples = 110' "$T/top" && grep -q ' 50 .* leaf_hot$' "$T/top"
	result "--pprof: Google's pprof reads it: 110 samples, leaf_hot 50, inl_add 30 (inline), lib_work 20, outer 100 cumulative" $?
	"$PPROF" -traces "$T/p.pb.gz" > "$T/traces" 2> "$T/why"
	grep -q 'stackprog_lib.c:'"$(line lib_work_call)" "$T/traces" || "$PPROF" -traces -lines "$T/p.pb.gz" 2>/dev/null |
		grep -q "lib_work .*stackprog_lib.c:$(line lib_work_call)"
	result "--pprof: its stacks carry source lines (pprof -traces -lines)" $?
else
	skip "--pprof: Google's pprof (tools/deps.sh installs golang-go, golang-github-google-pprof-dev)"
	skip "--pprof: lines"
fi

# ---- --chrome: samples and stackFrames ---------------------------------------------------------
"$DUMP" --no-progress --chrome "$T/c.json" "$T/nofp.etl" > /dev/null 2> "$T/why"
python3 - "$T/c.json" > "$T/why" 2>&1 <<'PY'
import json, sys, collections
d = json.load(open(sys.argv[1]))
f = d["stackFrames"]
leaf = collections.Counter()
for s in d["samples"]:
    st, n = [], str(s["sf"])
    while n:
        st.append(f[n]["name"]); n = f[n].get("parent")
    leaf[st[0]] += 1
    if st[0] == "inl_add":
        assert st[1:4] == ["middle", "outer", "run"], st
assert len(d["samples"]) == 110
assert (leaf["leaf_hot"], leaf["inl_add"], leaf["lib_work"], leaf["waker"]) == (50, 30, 20, 10), leaf
PY
result "--chrome: 110 samples whose stackFrames chains are their stacks" $?

# ---- headless Chromium: speedscope and the report -----------------------------------------------
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--disable-extensions --user-data-dir="$T/chrome-profile" \
		"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" \
		--enable-logging=stderr --v=0 "$@"
}
if command -v chromium > /dev/null; then
	"$DUMP" --no-progress --report "$T/r.html" "$T/nofp.etl" > /dev/null 2> "$T/why"
	chrome --virtual-time-budget=5000 --dump-dom "file://$T/r.html?zoom=outer" > "$T/r.dom" 2> "$T/chrome.err"
	grep -a CONSOLE "$T/chrome.err" > "$T/why"
	python3 - "$T/r.dom" "$T/cpu.json" >> "$T/why" 2>&1 <<'PY'
import json, sys, re
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.frames = []; s.funcs = {}; s.root = None; s.ready = False
        s.tids = []; s.readied = []
    def handle_starttag(s, t, a):
        a = dict(a)
        if t == "body" and a.get("data-profile-ready") == "1": s.ready = True
        if t == "g" and "data-name" in a: s.frames.append((a["data-name"], int(a["data-n"]), int(a["data-depth"])))
        if t == "svg" and a.get("id") == "flamegraph": s.root = a.get("data-root")
        if t == "tr" and "data-func" in a: s.funcs[a["data-func"]] = 1
        if t == "tr" and "data-by" in a: s.readied.append(a["data-by"])
        elif t == "tr" and "data-tid" in a: s.tids.append(a["data-tid"])
p = P(); p.feed(open(sys.argv[1]).read())
assert p.ready, "the profile script did not finish"
cpu = json.load(open(sys.argv[2]))["processes"][0]
assert p.root == "stackprog!outer", p.root
assert p.frames[0][:2] == ("stackprog!outer", 100), p.frames[0]
got = {}
for name, nn, depth in p.frames:
    got[name] = got.get(name, 0) + nn
for f in cpu["functions"]:
    if f["function"] in ("leaf_hot", "inl_add", "lib_work", "middle"):
        assert got[f["module"] + "!" + f["function"]] == f["inclusive"], (f, got)
assert "stackprog!leaf_hot" in p.funcs and "libstackprog.so!lib_work" in p.funcs, p.funcs
assert len(p.tids) == 2 and len(p.readied) == 1, (p.tids, p.readied)
PY
	[ ! -s "$T/why" ]
	result "--report: the flame graph zoomed to outer (?zoom=outer) holds --cpu's counts; the functions and CPU (precise) tables; no console message" $?
	chrome --screenshot="$TOP/build/check/flamegraph.png" --window-size=1100,2600 \
		--virtual-time-budget=5000 "file://$T/r.html" > /dev/null 2>&1 || true

	SS=$(ls -d "$TOP"/build/check/node_modules/speedscope/dist/release 2> /dev/null)
	if [ -z "$SS" ] && command -v npm > /dev/null; then
		mkdir -p "$TOP/build/check"
		npm install --prefix "$TOP/build/check" --no-save --no-audit --no-fund speedscope@1.25.0 \
			> "$T/npm.log" 2>&1
		SS=$(ls -d "$TOP"/build/check/node_modules/speedscope/dist/release 2> /dev/null)
	fi
	if [ -n "$SS" ]; then
		mkdir -p "$T/ss"
		cp -r "$SS"/. "$T/ss/"
		"$DUMP" --no-progress --perf-script -p PerfInfo "$T/nofp.etl" > "$T/ss/p.txt" 2> "$T/why"
		# speedscope fetches the profile: a server on loopback, on a free port
		python3 -c '
import http.server, functools, sys, os
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a): pass
s = http.server.HTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=sys.argv[1]))
open(sys.argv[2] + ".tmp", "w").write(str(s.server_port)); os.rename(sys.argv[2] + ".tmp", sys.argv[2])
s.serve_forever()' "$T/ss" "$T/port" &
		SRV=$!
		for i in $(seq 1 100); do [ -s "$T/port" ] && break; sleep 0.1; done
		port=$(cat "$T/port" 2> /dev/null)
		chrome --virtual-time-budget=8000 --dump-dom \
			"http://127.0.0.1:$port/index.html#profileURL=http://127.0.0.1:$port/p.txt&view=sandwich" \
			> "$T/ss.dom" 2> /dev/null
		python3 - "$T/ss.dom" > "$T/why" 2>&1 <<'PY'
import sys, re
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(s): super().__init__(); s.rows = []; s.row = None; s.cell = None
    def handle_starttag(s, t, a):
        if t == "tr": s.row = []
        if t == "td" and s.row is not None: s.cell = ""
    def handle_data(s, d):
        if s.cell is not None: s.cell += d
    def handle_endtag(s, t):
        if t == "td" and s.row is not None: s.row.append(s.cell); s.cell = None
        if t == "tr" and s.row: s.rows.append(s.row); s.row = None
p = P(); p.feed(open(sys.argv[1]).read())
share = {r[2]: float(re.search(r"([\d.]+)%", r[1]).group(1)) for r in p.rows if len(r) == 3 and "%" in r[1]}
# speedscope weighs a sample by the time to the next: the last of the thread weighs nothing
for f, want in (("leaf_hot", 50), ("inl_add", 30), ("lib_work", 20)):
    assert abs(share.get(f, -100) - want) <= 1, (f, share)
tot = {r[2]: r[0] for r in p.rows if len(r) == 3}
assert "100%" in tot.get("outer", "") and "80%" in tot.get("middle", ""), tot
PY
		result "--perf-script: speedscope (npm) imports it: leaf_hot, inl_add, lib_work self 50, 30, 20 %; outer 100 %, middle 80 % total" $?
		kill "$SRV" 2> /dev/null
		SRV=
	else
		skip "--perf-script: speedscope (npm install speedscope) not available"
	fi
else
	skip "--report: chromium missing"
	skip "--perf-script: chromium missing"
fi

echo "1..$n"
[ $fail = 0 ]
