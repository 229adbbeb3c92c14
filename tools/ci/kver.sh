#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# kver.sh [KVER]: the Debian kernel `make check KVER=...` boots.
# kver.sh --packages [KVER]: the Debian packages that kernel needs.
#
#   (empty), 6.1  Debian's default kernel: the one linux-image-amd64
#                 depends on (bookworm: 6.1)
#   6.12          the newest installed 6.12.*-amd64 (linux-image-6.12-amd64)
#   6.12-rt       the newest installed 6.12.*-rt-amd64, PREEMPT_RT
#                 (linux-image-6.12-rt-amd64); any M.N and M.N-rt likewise
#   VERSION       an exact version, e.g. 6.12.117+deb12-amd64
#
# Installing a newer kernel never changes the default: that stays the
# version linux-image-amd64 depends on.  Newer kernels' headers ship a
# vmlinux with BTF, so building a module against them runs pahole
# (dwarves).
set -eu

usage() { echo "usage: kver.sh [--packages] [KVER]" >&2; exit 2; }

PKGS=0
if [ "${1:-}" = "--packages" ]; then
	PKGS=1
	shift
fi
[ $# -le 1 ] || usage
K=${1:-}

# The kernel the linux-image-amd64 meta-package depends on, e.g.
# "6.1.0-56-amd64"; the newest 6.1 in /lib/modules without the package.
default_kver() {
	v=$(dpkg-query -W -f='${Depends}' linux-image-amd64 2>/dev/null |
		sed -n 's/^linux-image-\([^ ,|]*\).*/\1/p')
	if [ -z "$v" ]; then
		v=$(ls -1 /lib/modules 2>/dev/null |
			grep -E '^6\.1\.[0-9]+-[0-9]+-amd64$' | sort -V | tail -n 1)
	fi
	[ -n "$v" ] || { echo "kver: no Debian kernel (run tools/deps.sh)" >&2; exit 1; }
	echo "$v"
}

# newest PATTERN: the newest installed kernel matching an ERE.
newest() {
	v=$(ls -1 /lib/modules 2>/dev/null | grep -E "$1" | sort -V |
		while read -r d; do
			[ -r "/boot/vmlinuz-$d" ] && [ -e "/lib/modules/$d/build/Makefile" ] &&
				echo "$d"
		done | tail -n 1)
	[ -n "$v" ] || { echo "kver: no kernel $K installed (run tools/deps.sh --kernel $K)" >&2; exit 1; }
	echo "$v"
}

case "$K" in
"" | default | 6.1)
	if [ $PKGS = 1 ]; then
		echo "linux-image-amd64 linux-headers-amd64"
	else
		default_kver
	fi
	;;
[0-9]*.[0-9]*-rt)
	mn=${K%-rt}
	if [ $PKGS = 1 ]; then
		echo "linux-image-$mn-rt-amd64 linux-headers-$mn-rt-amd64 dwarves"
	else
		newest "^$(echo "$mn" | sed 's/\./\\./g')\.[0-9].*-rt-amd64\$"
	fi
	;;
[0-9]*.[0-9]* )
	case "$K" in
	*-*)	# an exact version
		if [ $PKGS = 1 ]; then
			echo "linux-image-$K linux-headers-$K dwarves"
		else
			newest "^$(echo "$K" | sed 's/[.+]/\\&/g')\$"
		fi
		;;
	*)
		if [ $PKGS = 1 ]; then
			echo "linux-image-$K-amd64 linux-headers-$K-amd64 dwarves"
		else
			newest "^$(echo "$K" | sed 's/\./\\./g')\.[0-9][^-]*-amd64\$"
		fi
		;;
	esac
	;;
*)
	usage
	;;
esac
