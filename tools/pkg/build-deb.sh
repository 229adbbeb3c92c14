#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# build-deb.sh OUTDIR: the Debian packages (etw-dkms, libetw1,
# libetw-dev, etw-tools) built by dpkg-buildpackage from a copy of this
# tree (its files as git knows them, committed or not, without build
# output), unsigned; the .deb, .buildinfo and .changes land in OUTDIR.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$1
VERSION=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
SRC=$OUT/src/etw-$VERSION
rm -rf "$OUT"
mkdir -p "$SRC"
OUT=$(cd "$OUT" && pwd)
SRC=$OUT/src/etw-$VERSION
cd "$TOP"
if git rev-parse --git-dir > /dev/null 2>&1; then
	git ls-files -z -c -o --exclude-standard | xargs -0 cp --parents -t "$SRC"
else
	tar -c --exclude=./build --exclude=./.git --exclude='*.o' \
		--exclude='*.ko' . | tar -x -C "$SRC"
fi
cd "$SRC"
# -us -uc: unsigned; -b: binary packages only (the source is this tree).
dpkg-buildpackage -us -uc -b -j2 > "$OUT/build.log" 2>&1 || {
	tail -n 40 "$OUT/build.log" >&2
	echo "build-deb: dpkg-buildpackage failed (log: $OUT/build.log)" >&2
	exit 1
}
mv "$OUT"/src/*.deb "$OUT"/src/*.buildinfo "$OUT"/src/*.changes "$OUT"/
ls "$OUT"/*.deb
