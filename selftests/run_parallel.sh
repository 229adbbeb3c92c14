#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run_parallel.sh JOBS TEST...: kselftest's run_many, JOBS tests at a time.
#
# Each test runs exactly as kselftest/runner.sh's run_one runs it (the
# directory's settings timeout, its output prefixed "# ", its exit status
# judged the same way), into a file of its own; the files are then printed
# in the order given and numbered as run_many numbers them, so the TAP is
# a serial run's, followed by each test's time.  The tests named in
# RUN_ALONE (file names) run afterwards, one at a time with nothing else:
# those that start servers of their own and time their connections.
# Run from the tests' directory with BASE_DIR set, as lib.mk's RUN_TESTS
# does (selftests/unit/Makefile: run_parallel).
#
# RUN_PART splits a run in two, for make check, which runs the first part
# beside the VM: "shared" runs the tests not alone and prints nothing,
# "alone" then runs those alone and prints the whole TAP; both keep the
# per-test files in RUN_DIR.  Unset (or "all"): both parts, then the TAP.
set -u
jobs=$1
shift
[ -n "${BASE_DIR:-}" ] || { echo "run_parallel.sh: BASE_DIR is not set" >&2; exit 1; }
export BASE_DIR
part=${RUN_PART:-all}
case $part in
all)
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/unit-tap.XXXXXX") || exit 1
	trap 'rm -rf "$tmp"' EXIT INT TERM
	;;
shared|alone)
	[ -n "${RUN_DIR:-}" ] ||
		{ echo "run_parallel.sh: RUN_PART=$part needs RUN_DIR" >&2; exit 1; }
	tmp=$RUN_DIR
	[ "$part" = alone ] || { rm -rf "$tmp" && mkdir -p "$tmp"; } || exit 1
	;;
*)
	echo "run_parallel.sh: RUN_PART is all, shared or alone, not '$part'" >&2
	exit 1
	;;
esac

# alone NAME: is NAME in RUN_ALONE?
alone() {
	case " ${RUN_ALONE:-} " in
	*" ${1##*/} "*) return 0 ;;
	esac
	return 1
}

# list ALONE TEST...: "N TEST" lines of the tests alone (ALONE=1) or not (0)
list() {
	want=$1
	shift
	i=0
	for t in "$@"; do
		i=$((i + 1))
		a=0
		alone "$t" && a=1
		[ $a = "$want" ] && printf '%s %s\n' "$i" "$t"
	done
}

# run JOBS: run the "N TEST" lines of stdin, JOBS at a time
run() {
	xargs -n 2 -P "$1" sh -c '
		. "$BASE_DIR/kselftest/runner.sh"
		test_num=$1
		t0=$(date +%s)
		# A pipe, not the file: run_one appends to /dev/stdout.
		run_one "${PWD#"$BASE_DIR"/}" "$2" "$1" 2>&1 | cat > "$0/$1.tap"
		printf "# %5d s  %s\n" $(($(date +%s) - t0)) "${2##*/}" > "$0/$1.time"
	' "$tmp"
}

[ "$part" = alone ] || list 0 "$@" | run "$jobs"
[ "$part" = shared ] && exit 0
list 1 "$@" | run 1

echo "TAP version 13"
echo "1..$#"
i=1
while [ $i -le $# ]; do
	if [ -r "$tmp/$i.tap" ]; then
		cat "$tmp/$i.tap"
	else
		echo "not ok $i selftests: test $i of $# did not run"
	fi
	i=$((i + 1))
done
echo "# each test's time ($jobs at a time; alone: ${RUN_ALONE:-none})"
cat "$tmp"/*.time 2>/dev/null | sort -k2,2nr
