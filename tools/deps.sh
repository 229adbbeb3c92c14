#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Install the Debian packages that building and testing Linux ETW needs
# (elfutils' libdw for etwdump's symbols; Go and pprof's sources so that
# selftests/unit/stacks_test.sh can build Google's pprof to read --pprof).
# Idempotent: asks dpkg first and only calls apt-get for what is missing,
# so it costs a fraction of a second on a machine that is already set up.
#
#   deps.sh [--pkg] [--kernel KVER]... [--debug-kernel]
#
# --pkg adds what `make check-pkg` needs: DKMS and bookworm's 6.12 kernel,
# the Debian packaging tools, lintian and debootstrap.  --kernel KVER adds
# the image and headers of another Debian kernel (`make check KVER=6.12`;
# see tools/ci/kver.sh); --debug-kernel adds what building the debug kernel
# of `make check-debug` needs.  Debian's default kernel is always
# installed.
set -eu

TOOLS=$(cd "$(dirname "$0")" && pwd)
PKGS="make gcc g++ libc6-dev perl python3 kmod cpio gzip xz-utils
      linux-headers-amd64 linux-image-amd64 linux-source-6.1
      qemu-system-x86 busybox-static sparse bpftrace libbpf-dev
      pkg-config libxml2-dev clang jq libxml2-utils
      libfwnt-dev mingw-w64-common liblttng-ust-dev lttng-tools
      libsystemd-dev systemd mandoc babeltrace2 chromium util-linux nettle-dev
      bash-completion
      valgrind libcurl4-openssl-dev zlib1g-dev clickhouse-server zookeeper
      libunwind8 libdw-dev libelf-dev golang-go golang-github-google-pprof-dev
      linux-perf
      debuginfod"

while [ $# -gt 0 ]; do
	case "$1" in
	--pkg)
		PKGS="$PKGS dkms linux-headers-6.12-amd64 linux-image-6.12-amd64
		      debhelper dh-dkms dpkg-dev fakeroot lintian debootstrap"
		shift
		;;
	--kernel)
		# A kernel already there (image and headers) is enough: the
		# meta-packages only pull in the newest one.
		if "$TOOLS/ci/kver.sh" "$2" > /dev/null 2>&1; then
			PKGS="$PKGS dwarves"
		else
			PKGS="$PKGS $("$TOOLS/ci/kver.sh" --packages "$2")"
		fi
		shift 2
		;;
	--debug-kernel)
		PKGS="$PKGS bc bison flex libelf-dev libssl-dev"
		shift
		;;
	*)
		echo "usage: deps.sh [--pkg] [--kernel KVER]... [--debug-kernel]" >&2
		exit 2
		;;
	esac
done

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
