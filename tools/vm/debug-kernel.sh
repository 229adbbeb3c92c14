#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# debug-kernel.sh: build (once) the debug kernel of `make check-debug` and
# print the directory that holds it:
#
#   DIR/bzImage     the kernel tools/vm/etw-vm boots (--kernel)
#   DIR/build/      the O= build tree: .config, Module.symvers, generated
#                   headers, scripts, vmlinux; `make -C DIR/build M=...`
#                   builds an external module against it
#   DIR/src/        the kernel source the build tree refers to
#   DIR/build.log   the build's log
#
# The kernel is Debian's linux-source-6.1 configured by `make tinyconfig`
# plus tools/vm/debug.config (merged with the kernel's merge_config.sh),
# and every line of the fragment is checked against the final .config.
#
# The cache lives outside the work tree, in $ETW_DEBUG_KERNEL_CACHE
# (default /var/cache/etw/debug-kernel), one directory per key: a hash of
# the fragment, this script, the source package's version and the
# compiler.  A flock serialises builds; the newest two keys are kept.
# ETW_DEBUG_KERNEL_JOBS sets make's -j (default 2).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
FRAGMENT=$HERE/debug.config
CACHE=${ETW_DEBUG_KERNEL_CACHE:-/var/cache/etw/debug-kernel}
JOBS=${ETW_DEBUG_KERNEL_JOBS:-2}
TARBALL=${KSRC_TARBALL:-$(ls -1 /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -n 1)}
KEEP=2

say() { echo "debug-kernel: $*" >&2; }
die() { say "$*"; exit 1; }

[ -n "$TARBALL" ] && [ -r "$TARBALL" ] ||
	die "no /usr/src/linux-source-6.1.tar.* (run tools/deps.sh)"
CC=${CC:-gcc}

# The key: whatever changes the kernel binary or its build tree.
srcver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
[ -n "$srcver" ] || srcver=$(stat -c '%s %Y' "$TARBALL")
KEY=$({
	cat "$FRAGMENT" "$0"
	echo "source $(basename "$TARBALL") $srcver"
	$CC --version | head -n 1
} | sha256sum | cut -c1-16)
DIR=$CACHE/$KEY

# The newest use counts for keeping a key (see the clean-up at the end).
if [ -f "$DIR/.done" ]; then
	touch "$DIR/.done" 2>/dev/null || true
	echo "$DIR"
	exit 0
fi

mkdir -p "$CACHE"
exec 9> "$CACHE/.lock"
if ! flock -n 9; then
	say "waiting for another build (lock $CACHE/.lock)"
	flock 9
fi
# Built while we waited?
if [ -f "$DIR/.done" ]; then
	echo "$DIR"
	exit 0
fi

say "building the debug kernel in $DIR (key $KEY, $JOBS jobs; 7 to 11 minutes on 2 cores)"
start=$(date +%s)
# Paths are absolute in a build tree, so it is built where it stays; an
# unfinished directory (no .done) is never used and is rebuilt here.
rm -rf "$DIR"
mkdir -p "$DIR/build"
LOG=$DIR/build.log
: > "$LOG"
tar -xf "$TARBALL" -C "$DIR"
mv "$DIR/linux-source-6.1" "$DIR/src"

K="make -C $DIR/src O=$DIR/build"
{
	$K tinyconfig
	"$DIR/src/scripts/kconfig/merge_config.sh" -m -O "$DIR/build" \
		"$DIR/build/.config" "$FRAGMENT"
	$K olddefconfig
} >> "$LOG" 2>&1 || die "configuring failed (see $LOG)"

# Every option of the fragment must have survived olddefconfig: a
# dependency that is not met drops an option silently.
missing=$(grep -E '^(CONFIG_[A-Za-z0-9_]+=|# CONFIG_[A-Za-z0-9_]+ is not set)' "$FRAGMENT" |
	while IFS= read -r line; do
		grep -qxF "$line" "$DIR/build/.config" || echo "  $line"
	done)
if [ -n "$missing" ]; then
	say "these options of $FRAGMENT are not in the final .config"
	say "(a dependency is missing or the option does not exist):"
	echo "$missing" >&2
	exit 1
fi

$K -j"$JOBS" all >> "$LOG" 2>&1 || {
	tail -n 30 "$LOG" >&2
	die "building failed (see $LOG)"
}
cp "$DIR/build/arch/x86/boot/bzImage" "$DIR/bzImage"

# What external modules do not need: the objects (vmlinux stays, for
# decoding stack traces) and the C sources outside scripts/ and tools/.
find "$DIR/build" -name '*.o' ! -path "$DIR/build/scripts/*" \
	! -path "$DIR/build/tools/*" -delete
find "$DIR/src" -name '*.c' ! -path "$DIR/src/scripts/*" \
	! -path "$DIR/src/tools/*" -delete
rm -rf "$DIR/src/Documentation" "$DIR/src/drivers/gpu" "$DIR/src/sound"

end=$(date +%s)
{
	echo "key=$KEY"
	echo "source=$srcver"
	echo "build_seconds=$((end - start))"
	echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$DIR/.done"
say "built in $(( (end - start) / 60 )) min $(( (end - start) % 60 )) s"

# Stale keys: keep the $KEEP used last (this one included);
# unfinished directories are leftovers of interrupted builds.
for d in "$CACHE"/*/; do
	d=${d%/}
	if [ -d "$d" ] && [ ! -f "$d/.done" ]; then
		rm -rf "$d"
	fi
done
ls -1td "$CACHE"/*/.done 2>/dev/null | tail -n +$((KEEP + 1)) |
	while read -r f; do
		say "removing the stale key $(dirname "$f")"
		rm -rf "$(dirname "$f")"
	done

echo "$DIR"
