#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The README's record flow, run as written (issue 32, point 20): the
# commands of its block after "With the module loaded", from the top of
# the tree, in the project's own VM (tools/vm/etw-vm: the host's
# read-only root under a writable layer) -- the manifest installed where
# every tool looks by default, 'etwctl record' around the sample writing
# trace.etl in the current directory, 'etwdump --follow' showing events
# live until ^C.  Each must work with nothing set in the environment
# (no ETW_MANIFEST_PATH), as a newcomer runs them.  Prints TAP; skips
# only without /dev/etw.
ksft_skip=4

DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
for t in etwctl etwdump etw-sample; do
	[ -x "$TOP/build/tools/$t" ] || { echo "1..0 # SKIP build/tools/$t not built"; exit $ksft_skip; }
done
T=$(mktemp -d /tmp/readme_test.XXXXXX)
n=0 fail=0
cleanup() {
	for s in $("$TOP/build/tools/etwctl" --json list 2>/dev/null | jq -r '.[].name' 2>/dev/null); do
		case "$s" in etwctl-record-*|etwdump-*) "$TOP/build/tools/etwctl" stop "$s" > /dev/null 2>&1 ;; esac
	done
	rm -rf "$T"
}
trap cleanup EXIT
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() {
	n=$((n + 1)); fail=$((fail + 1))
	echo "not ok $n $1"
	[ -s "$T/out" ] && sed 's/^/#   /' "$T/out" | head -n 30
}
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; }

# The README's commands: the indented lines of the block after "With
# the module loaded", their comments dropped.
awk '/^With the module loaded/ { on = 1; next }
     on && /^    [^ ]/ { sub(/^    /, ""); sub(/ +#.*/, ""); print; got = 1; next }
     on && got && !/^    / && !/^$/ { exit }' "$TOP/README.md" > "$T/cmds"
install=$(grep 'manifest install' "$T/cmds")
record=$(grep ' record ' "$T/cmds")
follow=$(grep -- '--follow' "$T/cmds")
[ -n "$install" ] && [ -n "$record" ] && [ -n "$follow" ]
cp "$T/cmds" "$T/out"
result "the README's record flow: manifest install, record, follow ($(wc -l < "$T/cmds") commands)" $?

cd "$TOP" || exit 1
unset ETW_MANIFEST_PATH ETW_MOF_PATH
[ -e trace.etl ] && mv trace.etl "$T/trace.etl.before"

sh -c "$install" > "$T/out" 2>&1
result "as written: $install" $?

sh -c "$record" > "$T/out" 2>&1
rc=$?
[ $rc = 0 ] && grep -q 'Linux-ETW-Sample' "$T/out" && [ -s trace.etl ] &&
	build/tools/etwdump --summary trace.etl 2>&1 | grep -q 'Linux-ETW-Sample *Request'
result "as written: $record (exit $rc; the summary and trace.etl name the provider's events)" $?

# --follow runs until ^C: the sample writes meanwhile, then ^C.
sh -c "exec $follow" > "$T/follow" 2> "$T/follow.err" &
fpid=$!
for i in $(seq 1 50); do
	build/tools/etwctl --json list 2>/dev/null | grep -q '"name":"etwdump-' && break
	sleep 0.1
done
build/tools/etw-sample --count 5 --rate 0 --quiet > /dev/null 2>&1
sleep 1
kill -INT $fpid
wait $fpid
rc=$?
cat "$T/follow" "$T/follow.err" > "$T/out"
[ $rc = 0 ] && grep -q 'Linux-ETW-Sample' "$T/follow" && grep -q 'RequestStart\|Request/' "$T/follow"
result "as written: $follow (until ^C: the sample's events, by name)" $?

rm -f trace.etl trace.etl.old
[ -e "$T/trace.etl.before" ] && mv "$T/trace.etl.before" trace.etl
echo "1..$n"
exit $((fail != 0))
