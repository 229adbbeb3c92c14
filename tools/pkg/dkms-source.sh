#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# dkms-source.sh DEST VERSION: lay out the module's DKMS source tree in
# DEST (normally /usr/src/etw-VERSION): dkms.conf with its version
# filled in, Kbuild, kmod/ and uapi/, nothing else.  Used by
# `make dkms-install` and by the etw-dkms package (debian/rules).
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
DEST=$1
VERSION=$2
rm -rf "$DEST"
mkdir -p "$DEST/kmod/shared" "$DEST/uapi/linux"
sed "s/#MODULE_VERSION#/$VERSION/" "$TOP/dkms.conf" > "$DEST/dkms.conf"
cp "$TOP/Kbuild" "$DEST/"
cp "$TOP"/kmod/*.c "$TOP"/kmod/*.h "$DEST/kmod/"
cp "$TOP"/kmod/shared/*.c "$TOP"/kmod/shared/*.h "$DEST/kmod/shared/"
cp "$TOP/uapi/linux/etw.h" "$DEST/uapi/linux/"
chmod -R u=rwX,go=rX "$DEST"
