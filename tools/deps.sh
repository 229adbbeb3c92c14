#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Install the Debian packages that building and testing Linux ETW needs.
# Idempotent: asks dpkg first and only calls apt-get for what is missing,
# so it costs a fraction of a second on a machine that is already set up.
set -eu

PKGS="make gcc g++ libc6-dev perl python3 kmod cpio gzip xz-utils
      linux-headers-amd64 linux-image-amd64 linux-source-6.1
      qemu-system-x86 busybox-static sparse bpftrace libbpf-dev
      pkg-config libxml2-dev clang jq libxml2-utils
      libfwnt-dev mingw-w64-common liblttng-ust-dev lttng-tools"

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$'; then
		missing="$missing $p"
	fi
done

if [ -z "$missing" ]; then
	echo "deps: all packages present"
	exit 0
fi

echo "deps: installing:$missing"
SUDO=""
if [ "$(id -u)" != 0 ]; then
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
