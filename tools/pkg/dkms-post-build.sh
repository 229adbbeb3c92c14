#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# dkms-post-build.sh KERNELVER ARCH: DKMS's POST_BUILD (dkms.conf), run
# in the build directory once etw.ko is built and saved: keeps that
# build's Module.symvers next to the saved module, in
# /var/lib/dkms/etw/VERSION/KERNELVER/ARCH/Module.symvers, where an
# out-of-tree kernel-mode provider finds the CRCs of etw.ko's exports
# (KBUILD_EXTRA_SYMBOLS; Documentation/kernel-providers.rst).
set -e
cp Module.symvers "../$1/$2/Module.symvers"
