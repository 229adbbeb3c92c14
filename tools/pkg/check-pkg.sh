#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check-pkg.sh [KVER]: what `make check-pkg` runs, after the build.  The
# clean system gets Debian's default kernel (the one linux-image-amd64
# depends on) unless KVER says otherwise.
#   1. dkms: etw.ko built through DKMS (dkms.conf) for every Debian
#      kernel whose headers are installed, in a private DKMS tree
#   2. the kselftests in the VM with the DKMS-built etw.ko of each
#      kernel it built for (in VM_KVER, whose suites make check runs,
#      those that prove the module works; ETW_PKG_FULL=1: all), with
#      kprov_test.sh's provider modules built against it from the DKMS
#      source tree (tools/ci/kprov-build.sh)
#   3. the Debian packages (dpkg-buildpackage) and lintian
#   4. a clean bookworm system (debootstrap) that installs the packages
#      with apt, DKMS building etw.ko there, booted under systemd in the
#      VM: a provider built with pkg-config, events recorded and read
#      with the installed tools, boot-time sessions, the journal
# Prints TAP per part and ends with one line "N passed, N failed".
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
VM_KVER=${1:-$(dpkg-query -W -f='${Depends}' linux-image-amd64 2>/dev/null |
	sed -n 's/^linux-image-\([^ ,]*\).*/\1/p')}
[ -n "$VM_KVER" ] || { echo "check-pkg: no Debian kernel (linux-image-amd64)" >&2; exit 1; }
OUT=$TOP/build/check-pkg
VERSION=$(sed -n 's/^VERSION[[:space:]]*:=[[:space:]]*//p' "$TOP/Makefile")
SUM="awk -f $TOP/tools/ci/tap-summary"
rm -rf "$OUT"
mkdir -p "$OUT"
cd "$TOP" || exit 1
now() { date +%s; }
T_ALL=$(now)

# ---- 1. DKMS ---------------------------------------------------------
echo "== dkms"
D=$OUT/dkms
mkdir -p "$D/src" "$D/tree" "$D/install"
DKMS="dkms --dkmstree $D/tree --sourcetree $D/src --installtree $D/install"
KVERS=$(cd /lib/modules && for k in *-amd64; do
	[ -f "$k/build/Makefile" ] && echo "$k"; done | sort -V)
BUILT=""

# dkms_module KVER DEST: the module DKMS built for KVER, as a plain .ko in
# DEST.  DKMS compresses it as the kernel's own modules are (6.12 kernels:
# etw.ko.xz), and the VM's insmod takes only an uncompressed module (named
# etw.ko: etw-vm unloads it by its file name).
dkms_module() {
	mkdir -p "$(dirname "$2")"
	m=$D/tree/etw/$VERSION/$1/x86_64/module/etw.ko
	if [ -f "$m" ]; then
		cp "$m" "$2"
	elif [ -f "$m.xz" ]; then
		xz -dc "$m.xz" > "$2"
	elif [ -f "$m.zst" ]; then
		zstd -qdc "$m.zst" > "$2"
	elif [ -f "$m.gz" ]; then
		gzip -dc "$m.gz" > "$2"
	else
		return 1
	fi
}
{
	echo "TAP version 13"
	set -- $KVERS
	echo "1..$(($# + 1))"
	t=$(now)
	if "$TOP/tools/pkg/dkms-source.sh" "$D/src/etw-$VERSION" "$VERSION" &&
	   $DKMS add -m etw -v "$VERSION" > "$D/add.log" 2>&1; then
		echo "ok 1 dkms add etw/$VERSION (dkms.conf, the source tree)"
	else
		echo "not ok 1 dkms add etw/$VERSION"
		sed 's/^/# /' "$D/add.log"
	fi
	i=1
	for k in $KVERS; do
		i=$((i + 1))
		t=$(now)
		if $DKMS build -m etw -v "$VERSION" -k "$k" > "$D/build-$k.log" 2>&1 &&
		   dkms_module "$k" "$D/mod-$k/etw.ko"; then
			echo "ok $i dkms build etw/$VERSION for $k ($(($(now) - t)) s)"
			echo "$k" >> "$D/built"
		else
			echo "not ok $i dkms build etw/$VERSION for $k"
			tail -n 30 "$D/tree/etw/$VERSION/build/make.log" 2>/dev/null |
				sed 's/^/# /'
		fi
	done
} 2>&1 | tee "$OUT/dkms.tap"

# ---- 2. the kselftests with the DKMS-built module -------------------
SMOKE="device_test provider_api_test write_test consumer_test fastpath_test"
# The shell suites that test the kernel (make check runs those of the
# user-space tools).
SHELLS=$(tools/ci/kernel-suites.sh)
echo "== kselftests with the DKMS-built etw.ko"
: > "$OUT/kernel.tap"
for k in $(cat "$D/built" 2>/dev/null); do
	V=$OUT/vm-$k
	mkdir -p "$V"
	t=$(now)
	# make check runs every suite in VM_KVER with the module built from
	# the same sources; here that kernel gets the suites that prove the
	# DKMS-built module works (ETW_PKG_FULL=1: all of them, as in every
	# other kernel).
	if [ "$k" = "$VM_KVER" ] && [ "${ETW_PKG_FULL:-0}" != 1 ]; then
		only=$SMOKE
		echo "== kselftests in qemu ($k, etw.ko from DKMS): $SMOKE"
	else
		only=""
		echo "== kselftests in qemu ($k, etw.ko from DKMS)"
	fi
	# kprov_test.sh's provider modules, built as a user's would be:
	# the headers of the DKMS source tree, the Module.symvers DKMS
	# kept (dkms-post-build.sh).
	kprov=ok
	tools/ci/kprov-build.sh "/lib/modules/$k/build" \
		"$D/tree/etw/$VERSION/$k/x86_64/Module.symvers" \
		"$D/src/etw-$VERSION" "$D/kprov-$k" 2> "$V/kprov.err" || kprov=""
	tools/vm/etw-vm --kver "$k" --quiet \
		--module "$D/mod-$k/etw.ko" --out "$V" --env "ONLY=$only" \
		--env ETW_KPROV_DIR="$D/kprov-$k" \
		--env "SHELLS=$SHELLS" -- \
		sh -c 'if [ -n "$ONLY" ]; then
			make -s --no-print-directory -C selftests/etw run_tests \
				TEST_PROGS= TEST_GEN_PROGS="$ONLY"
		       else
			make -s --no-print-directory -C selftests run_tests \
				TEST_PROGS="$SHELLS"
		       fi 2>&1 | tee "$ETW_VM_OUT/kselftest.tap"; true'
	vmrc=$?
	# One TAP document for the VM's verdict, then the suite's own (its
	# plan counts only its programs).
	{
		echo "TAP version 13"
		noresult=0
		grep -q '^ok [0-9]' "$V/kselftest.tap" 2>/dev/null || noresult=1
		echo "1..$((2 + noresult))"
		if [ $vmrc = 0 ]; then
			echo "ok 1 vm ($k): the DKMS-built etw.ko loaded, unloaded cleanly, kernel log clean"
		else
			echo "not ok 1 vm ($k): the DKMS-built etw.ko loaded, unloaded cleanly, kernel log clean"
		fi
		if [ -n "$kprov" ]; then
			echo "ok 2 kernel-mode providers ($k) build against the DKMS source tree's headers and Module.symvers"
		else
			echo "not ok 2 kernel-mode providers ($k) build against the DKMS source tree's headers and Module.symvers"
			sed 's/^/# /' "$V/kprov.err"
		fi
		if [ $noresult = 1 ]; then
			echo "not ok 3 selftests ($k): the suite reported no result"
		fi
		cat "$V/kselftest.tap" 2>/dev/null
	} >> "$OUT/kernel.tap"
	echo "== kselftests ($k): $(($(now) - t)) s"
done
if [ ! -s "$D/built" ]; then
	echo "not ok 1 no kernel to run the kselftests in: DKMS built nothing" \
		>> "$OUT/kernel.tap"
fi

# ---- 3. the Debian packages and lintian ------------------------------
echo "== Debian packages"
t=$(now)
"$TOP/tools/pkg/deb-test.sh" "$OUT/deb" 2>&1 | tee "$OUT/deb.tap"
echo "== Debian packages: $(($(now) - t)) s"

# ---- 4. a clean system: install, boot under systemd, use -------------
echo "== a clean bookworm system"
t=$(now)
"$TOP/tools/pkg/clean-system.sh" "$OUT/deb" "$OUT/clean" "$VM_KVER" 2>&1 |
	tee "$OUT/clean.tap"
echo "== a clean bookworm system: $(($(now) - t)) s"

echo "== summary ($(($(now) - T_ALL)) s in all)"
$SUM -v label="dkms" "$OUT/dkms.tap" > "$OUT/dkms.sum"
$SUM -v label="kselftests, DKMS-built etw.ko (VM)" -v skip_fails=1 \
	"$OUT/kernel.tap" > "$OUT/kernel.sum"
$SUM -v label="Debian packages" "$OUT/deb.tap" > "$OUT/deb.sum"
$SUM -v label="clean system" -v skip_fails=1 "$OUT/clean.tap" > "$OUT/clean.sum"
for s in dkms kernel deb clean; do
	grep -v '^TOTALS' "$OUT/$s.sum"
done
cat "$OUT"/*.sum | awk '/^TOTALS/ { p += $2; f += $3 }
	END { printf "%d passed, %d failed\n", p, f; exit f != 0 }'
