#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The small frictions of daily use (issue 32), each as a user meets it,
# no etw.ko needed:
#   - etwmc checks a manifest against the event schema, as mc.exe does:
#     <evnt> for <event>, symbl= for symbol= are errors naming the line,
#     and no header is written (point 5); a directory is said to be one,
#     not "Cannot allocate memory" (13);
#   - etwwpp has --version, and refuses a binary file (a .etl) as a
#     source (12);
#   - kernel flags: a bad item in --kernel is named alone, '--kernel
#     help' lists the flags, 'etwctl help record' shows every option;
#     bash completion offers flags after --kernel, manifest's
#     subcommands and files, and has entries for etwmc, etwwpp,
#     etw-export and etw-journald (10);
#   - etwdump --report to a directory that does not exist names the tool,
#     the option and the path (17).
# Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
B=$top/build/tools
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
echo "TAP version 13"
CHECK_LINES=25
. "$here/tap_check.inc"
for t in etwmc etwwpp etwctl etwdump; do
	[ -x "$B/$t" ] || { echo "1..0 # SKIP $B/$t not built"; exit 4; }
done

# ---- etwmc: the event schema -------------------------------------------------
SAMPLE=$top/tools/etw-sample.man
sed '0,/<event /s/<event /<evnt /' "$SAMPLE" > "$tmp/evnt.man"
sed '0,/ symbol=/s/ symbol=/ symbl=/' "$SAMPLE" > "$tmp/symbl.man"
evnt_line=$(grep -n '<evnt ' "$tmp/evnt.man" | cut -d: -f1)
symbl_line=$(grep -n ' symbl=' "$tmp/symbl.man" | cut -d: -f1)

schema() {	# schema MAN LINE WHAT: --check and a compile fail at LINE, no header
	rm -rf "$tmp/out" && mkdir "$tmp/out"
	"$B/etwmc" --check "$1" > "$tmp/check.out" 2>&1
	rc1=$?
	"$B/etwmc" -um -h "$tmp/out" "$1" > "$tmp/mc.out" 2>&1
	rc2=$?
	cat "$tmp/check.out"
	[ $rc1 = 1 ] && [ $rc2 = 1 ] && grep -q "^etwmc: $1:$2: $3" "$tmp/check.out" &&
		grep -q "not a valid manifest" "$tmp/check.out" && [ -z "$(ls "$tmp/out")" ]
}
check "etwmc: <evnt> for <event> is an error at its line, in --check and in a compile (no header written)" \
	schema "$tmp/evnt.man" "$evnt_line" "<evnt> is no element of <events>"
check "etwmc: symbl= for symbol= is an error at its line (no header written)" \
	schema "$tmp/symbl.man" "$symbl_line" "<[a-z]* symbl=...>: symbl is no attribute"

every_manifest() {
	for m in $(cd "$top" && find . -name '*.man' ! -path './build/*' ! -path './debian/*'); do
		"$B/etwmc" --check "$top/$m" || { echo "$m fails"; return 1; }
	done
}
check "etwmc --check: every manifest of the tree (mc.exe's samples among them) passes the schema" every_manifest

dir_given() {
	"$B/etwmc" --check "$top/selftests/data" > "$tmp/out.txt" 2>&1
	rc=$?
	cat "$tmp/out.txt"
	[ $rc = 1 ] && grep -q "selftests/data: a directory; give the manifest" "$tmp/out.txt" &&
		! grep -q "allocate" "$tmp/out.txt"
}
check "etwmc DIR: 'a directory', not 'Cannot allocate memory'" dir_given

# ---- etwwpp ------------------------------------------------------------------------
check "etwwpp --version" sh -c "'$B/etwwpp' --version | grep -q '^etwwpp (Linux ETW) [0-9]'"
binary_source() {
	cd "$tmp" || return 1
	"$B/etwwpp" -odir:"$tmp" "$top/selftests/data/amsi.etl" > "$tmp/wpp.out" 2>&1
	rc=$?
	cat "$tmp/wpp.out"
	[ $rc = 1 ] && grep -q "amsi.etl: not C source" "$tmp/wpp.out" && ! ls "$tmp"/*.tmh 2> /dev/null
}
check "etwwpp FILE.etl: refused as no C source (exit 1), no .tmh written" binary_source

# ---- kernel flags ------------------------------------------------------------------------
bad_item() {
	"$B/etwctl" record --kernel proc,thread -- true > "$tmp/k.out" 2>&1
	rc=$?
	cat "$tmp/k.out"
	[ $rc = 2 ] && grep -q "'proc' is no kernel flag" "$tmp/k.out" &&
		! grep -q "'proc,thread'" "$tmp/k.out" && grep -q -- "'--kernel help' lists them" "$tmp/k.out"
}
check "--kernel proc,thread: only the bad item ('proc') is named, and where the list is" bad_item

flag_list() {
	"$B/etwctl" record --kernel help > "$tmp/flags" || return 1
	"$B/etwdump" --kernel help > "$tmp/flags2" || return 1
	cmp "$tmp/flags" "$tmp/flags2" || return 1
	for f in process thread img cswitch disk diskinit fileio net syscall profile dispatcher; do
		grep -Eq "^  ([a-z_]+, )*$f(,| )" "$tmp/flags" || { echo "no $f:"; cat "$tmp/flags"; return 1; }
	done
	grep -q '^  base ' "$tmp/flags" && grep -q 'dpc .*(none on Linux yet)' "$tmp/flags"
}
check "'--kernel help' (etwctl record, etwdump --follow) lists every flag, its value, events and groups" flag_list

full_help() {
	"$B/etwctl" help record > "$tmp/help"
	cat "$tmp/help"
	for o in -o --output --realtime -p --provider --kernel -d --duration -n --name --buffer-kb --json; do
		grep -q -- "^  $o\|, $o \|^  -[a-z], $o" "$tmp/help" ||
			{ echo "option $o not described"; return 1; }
	done
	grep -q '^examples:' "$tmp/help"
}
check "etwctl help record describes each option and gives examples" full_help

# ---- bash completion ------------------------------------------------------------------------
BC=/usr/share/bash-completion/bash_completion
# offers COMPLETION-FILE WORD...: what completing the last word offers
offers() {
	file=$1
	shift
	PATH=$B:$PATH bash -c '
		. "$0"; . "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		fn=$(complete -p "$1" | awk "{ print \$(NF - 1) }")
		"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' "$BC" "$top/tools/completion/$file" "$@"
}
completion() {
	[ -r "$BC" ] || { echo "no $BC (tools/deps.sh installs bash-completion)"; return 1; }
	offers etwctl etwctl record --kernel pro > "$tmp/c1"
	offers etwctl etwctl record --kernel process,th > "$tmp/c2"
	offers etwdump etwdump --follow --kernel cs > "$tmp/c3"
	offers etwctl etwctl manifest "" > "$tmp/c4"
	mkdir -p "$tmp/m" && : > "$tmp/m/a.man" && : > "$tmp/m/b.txt"
	(cd "$tmp/m" && offers etwctl etwctl manifest install "") > "$tmp/c5"
	head -n 50 "$tmp"/c[1-5]
	grep -qx process "$tmp/c1" && grep -qx proccntr "$tmp/c1" &&
		grep -qx process,thread "$tmp/c2" && grep -qx cswitch "$tmp/c3" &&
		[ "$(sort "$tmp/c4" | tr '\n' ' ')" = "install list uninstall " ] &&
		grep -qx a.man "$tmp/c5" && ! grep -qx b.txt "$tmp/c5"
}
check "bash completion: kernel flags after --kernel (each item of a list; etwctl and etwdump), manifest's subcommands, .man files to install" completion

entries() {
	[ -r "$BC" ] || return 1
	offers etwmc etwmc --ch > "$tmp/e1"
	offers etwwpp etwwpp -sc > "$tmp/e2"
	offers etw-export etw-export --on > "$tmp/e3"
	offers etw-export etw-export --gzip "" > "$tmp/e4"
	offers etw-journald etw-journald --pr > "$tmp/e5"
	head "$tmp"/e[1-5]
	grep -qx -- --check "$tmp/e1" && grep -qx -- -scan: "$tmp/e2" &&
		grep -qx -- --once "$tmp/e3" && grep -qx -- --on-full "$tmp/e3" &&
		[ "$(sort "$tmp/e4" | tr '\n' ' ')" = "auto no yes " ] &&
		grep -qx -- --print "$tmp/e5" && grep -qx -- --provider "$tmp/e5"
}
check "bash completion for etwmc, etwwpp, etw-export and etw-journald: their options (from --help), values" entries

# ---- etwdump --report's errors ------------------------------------------------------
report_err() {
	"$B/etwdump" --report /nonexistent/r.html "$top/selftests/data/amsi.etl" > "$tmp/r.out" 2>&1
	rc=$?
	cat "$tmp/r.out"
	[ $rc != 0 ] && grep -q '^etwdump: --report /nonexistent/r.html: No such file or directory$' "$tmp/r.out"
}
check "etwdump --report /nonexistent/r.html: the tool, the option, the path and why" report_err

echo "1..$n"
exit $((failed != 0))
