#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwdump on damaged .etl files (issue 9, defect 4): it delivers every
# intact event and says where and why it skipped the rest - file, buffer,
# file offset, reason - in text on stderr, and in --summary --json (a
# "damaged" object per place, and the totals); --json's event stream
# stays events only.  An OpenTrace that fails on a damaged buffer 0 says
# where too.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
dump=$top/build/tools/etwdump
sample=$top/selftests/data/powershell.etl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
ok() {	# ok DESC CONDITION-RESULT
	n=$((n + 1))
	if [ "$2" = 0 ]; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		failed=$((failed + 1))
	fi
}

echo "TAP version 13"
echo "1..9"

# buffer 2 (file offset 0x4000): its first record runs past the buffer
python3 - "$sample" "$tmp/bad.etl" <<'EOF'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[2 * 8192 + 72] = 0xF0
d[2 * 8192 + 73] = 0xFF
open(sys.argv[2], "wb").write(d)
EOF

"$dump" "$tmp/bad.etl" > "$tmp/out.txt" 2> "$tmp/err.txt"
rc=$?
ok "a damaged file: etwdump exits 1" "$([ $rc = 1 ]; echo $?)"
events=$(grep -c . "$tmp/out.txt")
ok "the intact events are printed (more than 100)" "$([ "$events" -gt 100 ]; echo $?)"
grep -q "bad.etl: buffer 2 (file offset 0x4000), offset 0x48: record runs past the filled bytes" \
	"$tmp/err.txt"
ok "text: file, buffer, offset and reason on stderr" $?
grep -q "ERROR_FILE_CORRUPT" "$tmp/err.txt"
ok "text: ProcessTrace's status still named" $?

"$dump" --summary --json "$tmp/bad.etl" > "$tmp/sum.json" 2> /dev/null
grep -q '"damaged":\[{"file":"[^"]*bad.etl","kind":"tail","buffer":2,"file_offset":16456,"bytes":[0-9]*,"reason":"[^"]*record runs past the filled bytes' \
	"$tmp/sum.json"
ok "summary json: one damaged place with file, kind, buffer, file offset, reason" $?
grep -q '"damage":{"damages":1,"records":0,"tails":1,"buffers":0,"duplicates":0,"bytes":[0-9]*}' \
	"$tmp/sum.json"
ok "summary json: the totals of what was skipped" $?
"$dump" --json "$tmp/bad.etl" > "$tmp/out.json" 2> /dev/null
python3 -c "
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    assert 'provider' in d and 'damage' not in d, line
" "$tmp/out.json"
ok "json: every line parses, and is an event" $?

# buffer 0's header record damaged: OpenTrace fails and says where
python3 - "$sample" "$tmp/bad0.etl" <<'EOF'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
d[72 + 3] = 0
open(sys.argv[2], "wb").write(d)
EOF
"$dump" "$tmp/bad0.etl" > /dev/null 2> "$tmp/err0.txt"
grep -q "bad0.etl: OpenTrace: ERROR_FILE_CORRUPT (1392): buffer 0 (file offset 0x0), offset 0x48: " \
	"$tmp/err0.txt"
ok "OpenTrace on a damaged buffer 0 says where" $?

# an intact file: no damage line, exit 0
"$dump" --json "$sample" > "$tmp/ok.json" 2> "$tmp/ok.err"
rc=$?
ok "an intact file: exit 0, no damage reported" \
	"$([ $rc = 0 ] && ! grep -q damage "$tmp/ok.json" && ! grep -q damage "$tmp/ok.err"; echo $?)"

[ $failed = 0 ]
