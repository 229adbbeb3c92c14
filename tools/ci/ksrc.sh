#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Extract the files we use from Debian's linux-source-6.1 tarball into
# build/ksrc/ (once; a stamp records it), then place the kselftest
# framework where the kernel tree has it relative to the tests:
# selftests/{lib.mk,kselftest.h,kselftest_harness.h,kselftest/}.
# None of these files is committed: they come from the package.
set -eu

TOP=$(cd "$(dirname "$0")/../.." && pwd)
TARBALL=${KSRC_TARBALL:-$(ls -1 /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -n 1)}
DEST=$TOP/build/ksrc
SRC=$DEST/linux-source-6.1
STAMP=$DEST/.stamp

FILES="
linux-source-6.1/scripts/checkpatch.pl
linux-source-6.1/scripts/spelling.txt
linux-source-6.1/scripts/const_structs.checkpatch
linux-source-6.1/tools/testing/selftests/lib.mk
linux-source-6.1/tools/testing/selftests/kselftest.h
linux-source-6.1/tools/testing/selftests/kselftest_harness.h
linux-source-6.1/tools/testing/selftests/kselftest
"

if [ ! -f "$STAMP" ] || [ "$0" -nt "$STAMP" ]; then
	[ -n "$TARBALL" ] && [ -r "$TARBALL" ] ||
		{ echo "ksrc: no /usr/src/linux-source-6.1.tar.* (run tools/deps.sh)" >&2; exit 1; }
	echo "ksrc: extracting kselftest and checkpatch from $TARBALL"
	rm -rf "$DEST"
	mkdir -p "$DEST"
	# shellcheck disable=SC2086
	tar -xf "$TARBALL" -C "$DEST" $FILES
	touch "$STAMP"
fi

KS=$SRC/tools/testing/selftests
for f in lib.mk kselftest.h kselftest_harness.h; do
	cmp -s "$KS/$f" "$TOP/selftests/$f" || cp "$KS/$f" "$TOP/selftests/$f"
done
mkdir -p "$TOP/selftests/kselftest"
for f in "$KS"/kselftest/*; do
	t=$TOP/selftests/kselftest/$(basename "$f")
	cmp -s "$f" "$t" || cp "$f" "$t"
done
