#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The manual pages (Documentation/man): mandoc -Tlint finds no warning
# or error in any; every option a tool's --help shows is in its page and
# every option its page documents is in --help (etwctl: per command);
# every function libetw exports, and every module parameter of etw.ko,
# has its page; every page a page refers to (.Xr) exists, here or on a
# Debian system.  Prints TAP.  Needs the built tools (build/tools).
DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
MAN=$TOP/Documentation/man
B=$TOP/build/tools
T=$(mktemp -d /tmp/man_test.XXXXXX)
trap 'rm -rf "$T"' EXIT
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; sed 's/^/#   /' "$T/why" | head -n 30; }
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; }

# opts_text: the long options (--x) and short ones (-x) in text on stdin, one a line
opts_text() { grep -o -- '--[a-z0-9][a-z0-9-]*\|\[-[a-z]\>\|-[a-z],\| -[a-z] ' | tr -d '[], ' | sort -u; }
# opts_page PAGE [COMMAND]: the options (.Fl) of a page, or of one
# command's item in its COMMANDS section ("autologger" takes in every
# item that starts with it), one a line
opts_page() {
	awk -v cmd="${2:-}" '
	/^\.Sh / { sect = $2 }
	cmd != "" && sect == "COMMANDS" && /^\.It (Xo|Cm)/ {
		if ($0 ~ /^\.It Xo/) { getline; }
		here = ($0 ~ "^\\.(It )?Cm " cmd "( |$)")
	}
	cmd != "" && sect != "COMMANDS" { here = 0 }
	cmd == "" && sect != "COMMANDS" { here = 1 }
	here {
		line = $0
		while (match(line, /Fl [-a-z0-9]+/)) {
			print "-" substr(line, RSTART + 3, RLENGTH - 3)
			line = substr(line, RSTART + RLENGTH)
		}
	}' "$1" | sort -u
}
# same A B WHAT: the two option lists are equal (difference in $T/why)
same() {
	if diff "$1" "$2" > /dev/null; then
		return 0
	fi
	{ echo "$3: only in --help (<) or only in the page (>):"; diff "$1" "$2" | grep '^[<>]'; } > "$T/why"
	return 1
}

echo "TAP version 13"
if ! command -v mandoc > /dev/null; then
	echo "1..0 # SKIP mandoc missing (tools/deps.sh installs it)"
	exit 4
fi
if [ ! -x "$B/etwctl" ] || [ ! -x "$B/etwdump" ] || [ ! -x "$B/etw-journald" ] ||
   [ ! -x "$B/etwmc" ] || [ ! -x "$B/etw-export" ]; then
	echo "1..0 # SKIP tools not built (make tools)"
	exit 4
fi

# ---- lint ---------------------------------------------------------------
: > "$T/why"
for p in "$MAN"/*.[1-9]; do
	mandoc -Tlint -Wwarning "$p" >> "$T/why" 2>&1
done
[ ! -s "$T/why" ]
result "mandoc -Tlint -Wwarning: every page clean ($(ls "$MAN"/*.[1-9] | wc -l) pages)" $?

# ---- the footer: this project, not "BSD" (an empty .Os) -------------------------
: > "$T/why"
if command -v groff > /dev/null; then
	for p in "$MAN"/*.[1-9]; do
		foot=$(groff -mandoc -Tascii "$p" 2> /dev/null | sed 's/\x1b\[[0-9;]*m//g' |
			grep -v '^ *$' | tail -n 1)
		case "$foot" in
		"Linux ETW "*) ;;
		*) echo "$(basename "$p"): the footer reads '$foot'" >> "$T/why" ;;
		esac
	done
fi
grep -L '^\.Os Linux ETW$' "$MAN"/*.[1-9] | sed 's/$/: no ".Os Linux ETW"/' >> "$T/why"
[ ! -s "$T/why" ]
result "every page's footer names Linux ETW (as man shows it), not the BSD an empty .Os gives" $?

# ---- etwdump: --help and the page -----------------------------------------
"$B/etwdump" --help | opts_text | grep -v -- '^-h$\|^--help$' > "$T/help2"
opts_page "$MAN/etwdump.1" | grep -v -- '^-h$\|^--help$' > "$T/page"
same "$T/help2" "$T/page" "etwdump"
result "etwdump: every option of --help is in etwdump(1), and every option there in --help" $?

# ---- etwmc: short options as mc.exe has them -----------------------------------
"$B/etwmc" --help 2>&1 | grep -o -- '\[-[a-z]*\|\[--[a-z-]*\|^  --*[a-z-]*' |
	tr -d '[ ' | sort -u > "$T/help2"
opts_page "$MAN/etwmc.1" > "$T/page"
same "$T/help2" "$T/page" "etwmc"
result "etwmc: every option of --help is in etwmc(1), and every option there in --help" $?

# ---- etw-journald ------------------------------------------------------------
"$B/etw-journald" --help | opts_text | grep -v -- '^-h$\|^--help$' > "$T/help2"
opts_page "$MAN/etw-journald.8" | grep -v -- '^-h$\|^--help$' > "$T/page"
same "$T/help2" "$T/page" "etw-journald"
result "etw-journald: every option of --help is in etw-journald(8), and every option there in --help" $?

# ---- etw-export ------------------------------------------------------------
"$B/etw-export" --help | opts_text | grep -v -- '^-h$\|^--help$' > "$T/help2"
opts_page "$MAN/etw-export.8" | grep -v -- '^-h$\|^--help$' > "$T/page"
same "$T/help2" "$T/page" "etw-export"
result "etw-export: every option of --help is in etw-export(8), and every option there in --help" $?

# ---- etwctl: per command -----------------------------------------------------
cmds=$("$B/etwctl" --help | awk '/^commands:/ { c = 1; next } c && /^  [a-z]/ { print $1 }')
bad=0
: > "$T/allwhy"
for c in $cmds; do
	if ! grep -Eq "^\.(It )?Cm $c( |$)" "$MAN/etwctl.8"; then
		echo "command $c is not in etwctl(8)" >> "$T/allwhy"
		bad=1
		continue
	fi
	"$B/etwctl" help "$c" | opts_text | grep -v -- '^--json$\|^-h$\|^--help$' > "$T/help"
	opts_page "$MAN/etwctl.8" "$c" | grep -v -- '^--json$\|^-h$\|^--help$' > "$T/page"
	if ! same "$T/help" "$T/page" "etwctl $c"; then
		cat "$T/why" >> "$T/allwhy"
		bad=1
	fi
done
# The commands the page documents: the items of its COMMANDS list.
awk '/^\.Sh / { sect = $2 } sect != "COMMANDS" { next }
     /^\.Bl/ { depth++ } /^\.El/ { depth-- }
     depth == 1 && /^\.It Xo/ { getline; print $2; next }
     depth == 1 && /^\.It Cm / { print $3 }' "$MAN/etwctl.8" | sort -u > "$T/pagecmds"
for c in $(cat "$T/pagecmds"); do
	echo "$cmds" | grep -qx "$c" ||
		{ echo "etwctl(8) documents '$c', which etwctl --help does not list" >> "$T/allwhy"; bad=1; }
done
"$B/etwctl" --help | opts_text | grep -v '^-h$' > "$T/help"
for o in $(cat "$T/help"); do
	grep -q "Fl $o\b\|Fl -${o#--}\b" "$MAN/etwctl.8" || { echo "etwctl $o not in the page" >> "$T/allwhy"; bad=1; }
done
cp "$T/allwhy" "$T/why"
result "etwctl: each of its $(echo $cmds | wc -w) commands is in etwctl(8) with the options its help shows, no more, no fewer" $bad

# ---- libetw: a page for every export ------------------------------------------
sed -e 's#/\*.*\*/##' "$TOP/libetw/libetw.map" | awk '
	/global:/ { g = 1; next } /local:/ || /}/ { g = 0; next }
	g && /;/ { gsub(/[ \t;]/, ""); if ($0 != "") print }' |
	grep -v '^__' | sort -u > "$T/exports"
for p in "$MAN"/*.3; do
	awk '/^\.Sh NAME/ { n = 1; next } n && /^\.Nd/ { exit }
	     n && /^\.Nm / { sub(/^\.Nm /, ""); sub(/ ,$/, ""); print }' "$p"
done | sort -u > "$T/named"
comm -23 "$T/exports" "$T/named" > "$T/why"
[ ! -s "$T/why" ] && sed -i '1i functions libetw exports without a manual page:' "$T/why"
[ ! -s "$T/why" ]
result "every function libetw.so exports ($(wc -l < "$T/exports")) has a manual page (a NAME of a section 3 page)" $?

# ---- etw.ko: every module parameter in etw(4) -----------------------------------
grep -ho 'module_param_named([a-z_]*' "$TOP"/kmod/*.c | sed 's/.*(//' | sort -u > "$T/params"
: > "$T/why"
for p in $(cat "$T/params"); do
	grep -q "Va .*$p" "$MAN/etw.4" || echo "module parameter $p is not in etw(4)" >> "$T/why"
done
[ ! -s "$T/why" ]
result "every module parameter of etw.ko ($(wc -l < "$T/params")) is in etw(4)" $?

# ---- cross references --------------------------------------------------------------
: > "$T/why"
grep -h '^\.Xr ' "$MAN"/*.[1-9] | awk '{ print $2 "." $3 }' | sort -u > "$T/xrefs"
for x in $(cat "$T/xrefs"); do
	[ -e "$MAN/$x" ] && continue
	grep -qx "${x%.*}" "$T/named" && continue
	case "$x" in
	# Pages of Debian packages the tools work with.
	dkms.8|bpftrace.8|udev.7|systemd.service.5|ioctl.2|journalctl.1|systemd-journald.service.8|babeltrace2.1|chromium.1) continue ;;
	esac
	echo "$x is referred to but is no page of the tree" >> "$T/why"
done
[ ! -s "$T/why" ]
result "every page referred to (.Xr) exists" $?

echo "1..$n"
exit $((fail != 0))
