#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kprov-build.sh KDIR SYMVERS SRC DEST: the kernel-mode provider modules
# kprov_test.sh loads (tools/etw-sample-km/etw_sample_km.ko,
# selftests/etw/kmod/etw_kcheck.ko) built out of tree against another
# kernel than the one `make` builds for, for a VM whose etw.ko is not the
# tree's: KDIR is that kernel's build tree, SYMVERS the Module.symvers of
# the etw.ko it runs, SRC the etw source whose kmod/include and
# libetw/include give the headers (the tree, or the DKMS source tree the
# package ships).  The .ko files land in DEST (ETW_KPROV_DIR of the
# test), each module's build in DEST/NAME, its log in DEST/NAME.log.
# Used by check-debug.sh (the debug kernel) and tools/pkg/check-pkg.sh
# (DKMS's etw.ko).  Fails, naming the module, on an error or a W=1
# warning.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
KDIR=$1
SYMVERS=$2
SRC=$3
DEST=$4
mkdir -p "$DEST"
rc=0
for m in tools/etw-sample-km selftests/etw/kmod; do
	d=$DEST/$(basename "$m")
	rm -rf "$d"
	mkdir -p "$d"
	cp "$TOP/$m/Kbuild" "$TOP/$m"/*.c "$d/"
	cp "$TOP/$m"/*.h "$d/" 2>/dev/null
	if make -C "$KDIR" M="$d" W=1 ETW_SRC="$SRC" \
		KBUILD_EXTRA_SYMBOLS="$SYMVERS" modules > "$d.log" 2>&1 &&
	   ! grep -q 'warning:' "$d.log"; then
		cp "$d"/*.ko "$DEST/"
	else
		echo "kprov-build: $m against $KDIR failed (W=1; $d.log):" >&2
		grep -E 'warning:|error:|ERROR:' "$d.log" | head -n 20 >&2
		rc=1
	fi
done
exit $rc
