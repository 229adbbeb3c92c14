#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# deb-test.sh OUTDIR: build the Debian packages into OUTDIR
# (tools/pkg/build-deb.sh), run lintian on them (no error, no warning
# allowed), and check that each holds what it must.  Prints TAP.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$1
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() {
	n=$((n + 1)); fail=$((fail + 1))
	echo "not ok $n $1"
	[ -n "${2:-}" ] && [ -s "$2" ] && tail -n 30 "$2" | sed 's/^/#   /'
}
echo "TAP version 13"
echo "1..7"
t=$(date +%s)
mkdir -p "$OUT"
if "$TOP/tools/pkg/build-deb.sh" "$OUT" > "$OUT.log" 2>&1; then
	ok "dpkg-buildpackage: $(cd "$OUT" && ls *.deb | grep -v dbgsym | tr '\n' ' ')($(($(date +%s) - t)) s)"
else
	nok "dpkg-buildpackage" "$OUT.log"
	exit 1
fi
lintian --pedantic --display-info "$OUT"/*.changes > "$OUT/lintian.txt" 2>&1
grep -v 'running with root privileges' "$OUT/lintian.txt" | sed 's/^/# lintian: /'
if ! grep -q '^[EW]: ' "$OUT/lintian.txt"; then
	ok "lintian --pedantic: no error, no warning ($(grep -c '^[IP]: ' "$OUT/lintian.txt") info/pedantic tags)"
else
	nok "lintian --pedantic: no error, no warning" "$OUT/lintian.txt"
fi

# has PACKAGE PATH...: the package holds every PATH
has() {
	pkg=$1
	shift
	dpkg-deb -c "$OUT/${pkg}"_*.deb | awk '{ print $6 }' | sed 's#^\.##' > "$OUT/$pkg.list"
	for p in "$@"; do
		grep -qx -- "$p" "$OUT/$pkg.list" || { echo "#   $pkg lacks $p"; return 1; }
	done
}
V=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
has etw-dkms /usr/src/etw-$V/dkms.conf /usr/src/etw-$V/Kbuild \
	/usr/src/etw-$V/kmod/etw_main.c /usr/src/etw-$V/uapi/linux/etw.h \
	/usr/lib/modules-load.d/etw.conf /usr/share/man/man4/etw.4.gz &&
	dpkg-deb --fsys-tarfile "$OUT"/etw-dkms_*.deb |
	tar -xO ./usr/src/etw-$V/dkms.conf | grep -q "^PACKAGE_VERSION=\"$V\"" &&
	dpkg-deb -f "$OUT"/etw-dkms_*.deb Depends | grep -q dkms
result=$?
[ $result = 0 ] && ok "etw-dkms: the module's DKMS tree (dkms.conf at version $V), modules-load.d, etw(4); depends on dkms" ||
	nok "etw-dkms: the module's DKMS tree, modules-load.d, etw(4)"

has libetw1 /usr/lib/x86_64-linux-gnu/libetw.so.1.0.0 /usr/lib/x86_64-linux-gnu/libetw.so.1
[ $? = 0 ] && ok "libetw1: libetw.so.1" || nok "libetw1: libetw.so.1"

has libetw-dev /usr/include/etw/windows.h /usr/include/etw/evntprov.h \
	/usr/include/etw/evntrace.h /usr/include/etw/evntcons.h \
	/usr/include/etw/linux/etw.h /usr/lib/x86_64-linux-gnu/libetw.a \
	/usr/lib/x86_64-linux-gnu/libetw.so \
	/usr/lib/x86_64-linux-gnu/pkgconfig/libetw.pc \
	/usr/share/man/man3/evntprov.3.gz /usr/share/man/man3/EventRegister.3.gz \
	/usr/include/etw/tdh.h /usr/include/etw/TraceLoggingProvider.h \
	/usr/include/etw/Windows.h /usr/share/man/man3/tdh.3.gz \
	/usr/share/man/man3/TraceLoggingWrite.3.gz /usr/bin/etwmc \
	/usr/share/man/man1/etwmc.1.gz /usr/bin/etwwpp \
	/usr/share/man/man1/etwwpp.1.gz
[ $? = 0 ] && ok "libetw-dev: headers (TDH, TraceLogging, Windows spellings), libetw.a, libetw.so, libetw.pc, etwmc, etwwpp, API manual pages" ||
	nok "libetw-dev: headers (TDH, TraceLogging, Windows spellings), libetw.a, libetw.so, libetw.pc, etwmc, etwwpp, API manual pages"

has etw-tools /usr/sbin/etwctl /usr/bin/etwdump /usr/sbin/etw-journald \
	/lib/systemd/system/etw-autologger.service /lib/udev/rules.d/60-etw.rules \
	/lib/systemd/system/etw-journald.service /etc/etw/journald.conf \
	/usr/share/man/man8/etw-journald.8.gz \
	/etc/etw/autologger.d/ /usr/share/man/man8/etwctl.8.gz \
	/usr/share/man/man1/etwdump.1.gz \
	/usr/share/man/man5/etw-autologger.conf.5.gz \
	/usr/share/bash-completion/completions/etwctl \
	/usr/share/bash-completion/completions/etwdump \
	/usr/share/bash-completion/completions/etw-journald \
	/usr/share/bash-completion/completions/etw-export \
	/usr/share/bash-completion/completions/etwmc \
	/usr/share/bash-completion/completions/etwwpp
[ $? = 0 ] && ok "etw-tools: etwctl, etwdump, etw-journald, their units and udev rule, manual pages, completion" ||
	nok "etw-tools: etwctl, etwdump, etw-journald, their units and udev rule, manual pages, completion"

# The units as installed: systemd-analyze verify in the package's tree
# (it checks the keys, the dependencies and that ExecStart= exists).
rm -rf "$OUT/etw-tools.root"
dpkg-deb -x "$OUT"/etw-tools_*.deb "$OUT/etw-tools.root"
# What the units refer to on any Debian system: systemd's own units, sh.
cp -n /lib/systemd/system/*.target /lib/systemd/system/*.socket \
	"$OUT/etw-tools.root/lib/systemd/system/" 2>/dev/null
mkdir -p "$OUT/etw-tools.root/bin"
cp /bin/sh "$OUT/etw-tools.root/bin/"
grep -q '^ExecStart=/usr/sbin/etwctl autologger start$' \
	"$OUT/etw-tools.root/lib/systemd/system/etw-autologger.service" &&
	systemd-analyze verify --man=no --root="$OUT/etw-tools.root" \
		/lib/systemd/system/etw-autologger.service \
		/lib/systemd/system/etw-journald.service > "$OUT/verify.log" 2>&1 &&
	[ ! -s "$OUT/verify.log" ]
[ $? = 0 ] && ok "etw-autologger.service, etw-journald.service: the installed paths; systemd-analyze verify finds nothing" ||
	nok "etw-autologger.service, etw-journald.service: the installed paths; systemd-analyze verify finds nothing" "$OUT/verify.log"
exit $((fail != 0))
