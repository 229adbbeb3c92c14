#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# clean-system.sh DEBDIR WORKDIR KVER: the Debian packages on a clean
# system, as a user gets them.
#   1. debootstrap a minimal bookworm (systemd, udev) into WORKDIR/root,
#      with Debian's kernel headers for KVER, dkms, gcc, pkg-config, man
#   2. apt-get install the packages of DEBDIR there: etw-dkms's postinst
#      builds etw.ko through DKMS; then bookworm's 6.12 headers are
#      installed, and DKMS must build etw.ko for that new kernel too
#   3. boot that system under qemu with systemd as init
#      (tools/vm/etw-vm-boot), where tools/pkg/system/run.sh checks the
#      module loaded at boot, the boot-time sessions, a provider built
#      with pkg-config, recording and reading with the installed tools
# Prints TAP.  The downloaded .debs are cached in /var/cache/etw-check
# (ETW_CHECK_CACHE) so that a second run needs no network.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
DEBS=$(cd "$1" && pwd)
W=$2
KVER=$3
CACHE=${ETW_CHECK_CACHE:-/var/cache/etw-check}/debs
MIRROR=${ETW_DEBIAN_MIRROR:-http://deb.debian.org/debian}
KVER612=$(ls -1 /lib/modules 2>/dev/null | grep -- '^6\.12\..*-amd64$' | sort -V | tail -n 1)
mkdir -p "$W" "$CACHE"
W=$(cd "$W" && pwd)
R=$W/root
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() {
	n=$((n + 1)); fail=$((fail + 1))
	echo "not ok $n $1"
	[ -n "${2:-}" ] && [ -s "$2" ] && tail -n 25 "$2" | sed 's/^/#   /'
}
now() { date +%s; }
in_root() { chroot "$R" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
cleanup() {
	for m in dev/pts dev proc sys; do
		mountpoint -q "$R/$m" 2>/dev/null && umount -l "$R/$m"
	done
}
trap cleanup EXIT

echo "TAP version 13"
echo "1..$(( ${KVER612:+1} + 5 ))"

# ---- 1. a clean bookworm ---------------------------------------------------
t=$(now)
rm -rf "$R"
if debootstrap --variant=minbase --cache-dir="$CACHE" \
	--include=systemd-sysv,udev,kmod,dbus bookworm "$R" "$MIRROR" \
	> "$W/debootstrap.log" 2>&1; then
	ok "debootstrap: a minimal bookworm with systemd ($(($(now) - t)) s)"
else
	nok "debootstrap: a minimal bookworm with systemd" "$W/debootstrap.log"
	exit 1
fi
# The host's apt sources (the security archive has the kernel headers).
cp /etc/apt/sources.list.d/*.sources "$R/etc/apt/sources.list.d/" 2>/dev/null
cp /etc/apt/sources.list "$R/etc/apt/" 2>/dev/null
for f in /etc/apt/apt.conf.d/*; do
	grep -q 'Check-Valid-Until\|Check-Date' "$f" 2>/dev/null && cp "$f" "$R/etc/apt/apt.conf.d/"
done
mount --bind /dev "$R/dev"
mount -t devpts devpts "$R/dev/pts"
mount -t proc proc "$R/proc"
mount -t sysfs sysfs "$R/sys"
# apt's downloads come from, and go back to, the cache.
mkdir -p "$R/var/cache/apt/archives"
cp "$CACHE"/*.deb "$R/var/cache/apt/archives/" 2>/dev/null
t=$(now)
if in_root apt-get update -q > "$W/apt.log" 2>&1 &&
   in_root apt-get install -y -q --no-install-recommends \
	"linux-headers-$KVER" dkms gcc libc6-dev make pkg-config man-db \
	> "$W/apt.log" 2>&1; then
	ok "apt-get install linux-headers-$KVER dkms gcc pkg-config man-db ($(($(now) - t)) s)"
else
	nok "apt-get install linux-headers-$KVER dkms gcc pkg-config man-db" "$W/apt.log"
fi

# ---- 2. the packages ---------------------------------------------------------
mkdir -p "$R/tmp/debs"
cp "$DEBS"/etw-dkms_*.deb "$DEBS"/libetw1_*.deb "$DEBS"/libetw-dev_*.deb \
	"$DEBS"/etw-tools_*.deb "$R/tmp/debs/"
t=$(now)
if in_root sh -c 'apt-get install -y -q --no-install-recommends /tmp/debs/*.deb' \
	> "$W/install.log" 2>&1; then
	ok "apt-get install etw-dkms libetw1 libetw-dev etw-tools ($(($(now) - t)) s)"
else
	nok "apt-get install etw-dkms libetw1 libetw-dev etw-tools" "$W/install.log"
fi
if [ -f "$R/lib/modules/$KVER/updates/dkms/etw.ko" ] &&
   grep -q "^updates/dkms/etw.ko:" "$R/lib/modules/$KVER/modules.dep"; then
	ok "etw-dkms's postinst built and installed etw.ko for $KVER (depmod knows it)"
else
	nok "etw-dkms's postinst built and installed etw.ko for $KVER" "$W/install.log"
	cat "$R/var/lib/dkms/etw/"*/build/make.log 2>/dev/null | tail -n 20 | sed 's/^/#   /'
fi
if [ -n "$KVER612" ]; then
	t=$(now)
	if in_root apt-get install -y -q --no-install-recommends \
		"linux-headers-$KVER612" > "$W/kernel612.log" 2>&1 &&
	   grep -Eq "^updates/dkms/etw\.ko(\.xz|\.zst|\.gz)?:" \
		"$R/lib/modules/$KVER612/modules.dep"; then
		# (6.12's DKMS compresses the module as the kernel's own: etw.ko.xz)
		ok "a new kernel's headers ($KVER612): DKMS builds etw.ko for it ($(($(now) - t)) s)"
	else
		nok "a new kernel's headers ($KVER612): DKMS builds etw.ko for it" "$W/kernel612.log"
		cat "$R/var/lib/dkms/etw/"*/build/make.log 2>/dev/null | tail -n 20 | sed 's/^/#   /'
	fi
fi
in_root sh -c 'apt-get clean' > /dev/null 2>&1
cp -n "$R"/var/cache/apt/archives/*.deb "$CACHE/" 2>/dev/null

# The test, a boot session for it, and a console login-free boot.
install -D -m 755 "$TOP/tools/pkg/system/run.sh" "$R/usr/local/lib/etw-pkg-test/run.sh"
install -m 644 "$TOP/tools/pkg/system/provider.c" "$R/usr/local/lib/etw-pkg-test/"
install -m 644 "$TOP/tools/pkg/system/etw-pkg-test.service" "$R/etc/systemd/system/"
install -m 644 "$TOP/tools/pkg/system/PkgBoot.conf" "$R/etc/etw/autologger.d/"
install -m 644 "$TOP/selftests/etw/journald/provider.c" \
	"$R/usr/local/lib/etw-pkg-test/journald-provider.c"
install -D -m 644 "$TOP/selftests/etw/journald/demo.man" "$R/usr/share/etw/manifests/journald-demo.man"
printf '\n[Provider]\nGuid=7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5e\n' >> "$R/etc/etw/journald.conf"
in_root systemctl enable etw-pkg-test.service > /dev/null 2>&1
in_root systemctl mask getty@tty1.service serial-getty@ttyS0.service \
	systemd-timesyncd.service apt-daily.timer apt-daily-upgrade.timer \
	man-db.timer > /dev/null 2>&1
echo "etw-pkg-test" > "$R/etc/hostname"
rm -f "$R/var/lib/etw-pkg-test/result.tap"
cleanup

# ---- 3. boot it ------------------------------------------------------------
t=$(now)
"$TOP/tools/vm/etw-vm-boot" --kver "$KVER" --quiet --timeout 900 "$R"
brc=$?
if [ -s "$R/var/lib/etw-pkg-test/result.tap" ]; then
	sed 's/^/# /' "$R/var/lib/etw-pkg-test/result.tap"
else
	echo "# the in-system test left no result"
fi
cp "$R"/var/lib/etw-pkg-test/journal-admin.* "$W/" 2>/dev/null
if [ $brc = 0 ] && [ -s "$R/var/lib/etw-pkg-test/result.tap" ]; then
	ok "the clean system booted under systemd, ran its test and powered off ($(($(now) - t)) s)"
else
	nok "the clean system booted under systemd, ran its test and powered off" "$W/console.log"
fi
exit $((fail != 0))
