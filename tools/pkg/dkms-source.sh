#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# dkms-source.sh DEST VERSION: lay out the module's DKMS source tree in
# DEST (normally /usr/src/etw-VERSION): dkms.conf with its version
# filled in, Kbuild, kmod/ and uapi/, the kernel-mode headers of
# libetw/include and dkms-post-build.sh, nothing else.  Used by
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
# The kernel-mode provider API: etw_km.h and the Windows headers it reads
# in kernel mode (_ETW_KM_), for etw.ko and for providers built against
# it; the Module.symvers of each build goes next to its etw.ko.
mkdir -p "$DEST/kmod/include" "$DEST/libetw/include"
cp "$TOP"/kmod/include/*.h "$DEST/kmod/include/"
for h in etw_declspec.h etw_tlg_impl.h etw_wintypes.h evntprov.h guiddef.h \
	 sal.h winerror.h TraceLoggingProvider.h; do
	cp "$TOP/libetw/include/$h" "$DEST/libetw/include/"
done
cp "$TOP/tools/pkg/dkms-post-build.sh" "$DEST/"
chmod -R u=rwX,go=rX "$DEST"
