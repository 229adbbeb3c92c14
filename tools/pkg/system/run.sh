#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Inside the clean system booted by `make check-pkg` (systemd as init,
# the Debian packages installed with apt, etw.ko built there by DKMS):
# what a user of the packages relies on.  TAP in
# /var/lib/etw-pkg-test/result.tap; the unit powers off afterwards.
OUT=/var/lib/etw-pkg-test
mkdir -p "$OUT"
exec > "$OUT/result.tap" 2>&1
D=/usr/local/lib/etw-pkg-test
T=$(mktemp -d)
GUID=3b7c2e1a-5d4f-4e6a-8b9c-0d1e2f3a4b5c
n=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() {
	n=$((n + 1))
	echo "not ok $n $1"
	for f in "$T/out" "$T/err"; do
		[ -s "$f" ] && sed 's/^/#   /' "$f" | head -n 25
	done
}
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; }
# events FILE: the test provider's events in an ETL file (-v: with its GUID)
events() { etwdump -v "$1" 2>/dev/null | grep -ci "^[0-9].*$GUID"; }

echo "TAP version 13"
echo "# kernel $(uname -r), systemd $(systemctl --version | head -n 1)"

# ---- the module, loaded at boot, and the boot-time sessions ---------
dkms status etw > "$T/out" 2>&1
grep -q "etw/.*$(uname -r).*installed" "$T/out"
result "dkms: etw.ko installed for the running kernel by the etw-dkms package" $?

grep -q '^etw ' /proc/modules && [ -c /dev/etw ]
result "etw.ko loaded at boot (modules-load.d) and /dev/etw made by udev" $?

systemctl is-active etw-autologger.service > "$T/out" 2>&1 &&
	journalctl -b -u etw-autologger.service -o cat > "$T/err" 2>&1 &&
	grep -q 'Started boot session "PkgBoot"' "$T/err"
result "etw-autologger.service ran when /dev/etw appeared and started PkgBoot" $?

systemctl show -p WantedBy -p After etw-autologger.service > "$T/out" 2>&1
grep -q 'dev-etw.device' "$T/out"
result "the unit is bound to the device (udev SYSTEMD_WANTS, After=dev-etw.device)" $?

etwctl query PkgBoot > "$T/out" 2> "$T/err"
result "the boot session runs" $?

systemd-analyze verify etw-autologger.service etw-journald.service > "$T/out" 2> "$T/err"
[ $? = 0 ] && ! grep -qi 'etw-' "$T/err"
result "systemd-analyze verify etw-autologger.service etw-journald.service: no complaint" $?

# ---- a provider built against the installed libetw-dev ---------------
cflags=$(pkg-config --cflags libetw) && libs=$(pkg-config --libs libetw) &&
	cc -Wall -Werror $cflags "$D/provider.c" -o "$T/provider" $libs > "$T/out" 2> "$T/err"
result "cc \$(pkg-config --cflags libetw) provider.c \$(pkg-config --libs libetw) ($cflags $libs)" $?

ldd "$T/provider" > "$T/out" 2>&1
grep -Eq 'libetw.so.1 => (/usr)?/lib/[^/]*-linux-gnu/libetw.so.1' "$T/out"
result "the provider runs against the installed libetw.so.1" $?

# ---- record and read with the installed tools --------------------------
etwctl start PkgFile --file "$T/file.etl" > "$T/out" 2> "$T/err" &&
	etwctl enable PkgFile $GUID --level information >> "$T/out" 2>> "$T/err" &&
	"$T/provider" 25 >> "$T/out" 2>> "$T/err" &&
	etwctl stop PkgFile >> "$T/out" 2>> "$T/err" &&
	[ "$(events "$T/file.etl")" = 25 ]
result "etwctl records a file session, etwdump reads its 25 events" $?

etwctl start PkgRT --realtime --flush-timer 1 > "$T/out" 2> "$T/err" &&
	etwctl enable PkgRT $GUID >> "$T/out" 2>> "$T/err"
etwdump -v --session PkgRT > "$T/rt.txt" 2>&1 &
dp=$!
sleep 1
"$T/provider" 7 >> "$T/out" 2>> "$T/err"
sleep 2
etwctl stop PkgRT >> "$T/out" 2>> "$T/err"
wait $dp
[ "$(grep -ci "^[0-9].*$GUID" "$T/rt.txt")" = 7 ]
result "etwdump --session follows a real-time session: 7 events" $?

# The boot session enabled the provider before it first ran: every
# event of every run is in its file, the first one first.
etwctl autologger stop PkgBoot > "$T/out" 2> "$T/err"
etwdump -v /var/log/etw/pkgboot.etl > "$T/boot.txt" 2>&1
[ "$(grep -ci "^[0-9].*$GUID" "$T/boot.txt")" = 32 ] &&
	grep -i -m 1 "^[0-9].*$GUID" "$T/boot.txt" | grep -q 'data=00000000'
result "the boot session traced the provider from its first event (32 of 32)" $?

# ---- Event Log channels to the real systemd-journald ----------------------
# demo.man is installed in /usr/share/etw/manifests; journald.conf names
# the provider without a manifest.
DEMO=7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5d
TLP=7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5e
systemctl is-active -q etw-journald.service &&
	journalctl -b -u etw-journald.service -o cat > "$T/out" 2>&1 &&
	grep -q "forwarding $DEMO (Linux-ETW-JournalDemo)" "$T/out"
result "etw-journald.service ran when /dev/etw appeared, forwarding the installed manifest's provider" $?

cc $(pkg-config --cflags libetw) "$D/journald-provider.c" -o "$T/jprovider" \
	$(pkg-config --libs libetw) > "$T/err" 2>&1 &&
	"$T/jprovider" 42 3 >> "$T/err" 2>&1	# alive 3 s: its entries say who it is
i=0
while [ "$(journalctl -b -q -o json ETW_PROVIDER_GUID=$DEMO 2>/dev/null | wc -l)" -lt 3 ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
sleep 1
# field EVENT_ID NAME: one field of the demo provider's entry for an event
field() {
	journalctl -b -q -o cat --output-fields="$2" ETW_PROVIDER_GUID=$DEMO ETW_EVENT_ID="$1"
}
ids=$(journalctl -b -q -o cat --output-fields=ETW_EVENT_ID ETW_PROVIDER_GUID=$DEMO | sort -n | tr '\n' ' ')
tlids=$(journalctl -b -q -o cat --output-fields=ETW_EVENT_NAME ETW_PROVIDER_GUID=$TLP | tr '\n' ' ')
echo "# the demo provider's events in the journal: $ids; the TraceLogging provider's: $tlids" > "$T/out"
[ "$ids" = "1 2 4 " ] && [ "$tlids" = "DiskAlert " ] &&
	[ "$(field 1 MESSAGE)" = "Volume /srv/data is full (42 files)" ] &&
	[ "$(field 1 ETW_DATA_COUNT)" = 42 ] && [ "$(field 1 ETW_DATA_VOLUME)" = /srv/data ] &&
	[ "$(field 1 PRIORITY)" = 3 ] &&
	[ "$(field 1 SYSLOG_IDENTIFIER)" = etw/Linux-ETW-JournalDemo ] &&
	[ "$(field 1 OBJECT_UID)" = 0 ] && [ "$(field 1 OBJECT_COMM)" = jprovider ] &&
	[ "$(field 1 ETW_CHANNEL_TYPE)" = Admin ] &&
	[ "$(field 1 ETW_CHANNEL_NAME)" = Linux-ETW-JournalDemo/Admin ] &&
	[ "$(field 1 _SYSTEMD_UNIT)" = etw-journald.service ] &&
	[ "$(field 1 _TRANSPORT)" = journal ] &&
	[ "$(field 2 ETW_CHANNEL_TYPE)" = Operational ] &&
	[ "$(field 4 ETW_CHANNEL_NAME)" = Application ]
result "the journal has the Admin, Operational and Application events (not Debug, not channel-less) and the TraceLogging Application event, with the manifest's message and the fields decoded by TDH, as entries of etw-journald.service" $?
journalctl -b -q -o verbose ETW_PROVIDER_GUID=$DEMO ETW_EVENT_ID=1 > "$OUT/journal-admin.txt" 2>&1
journalctl -b -q -o json ETW_PROVIDER_GUID=$DEMO ETW_EVENT_ID=1 > "$OUT/journal-admin.json" 2>&1
journalctl -b -q -p err -o cat SYSLOG_IDENTIFIER=etw/Linux-ETW-JournalDemo > "$T/out" 2>&1
[ "$(wc -l < "$T/out")" = 1 ]
result "journalctl -p err SYSLOG_IDENTIFIER=etw/Linux-ETW-JournalDemo: the Admin error alone" $?

# ---- the unit follows the module ----------------------------------------
systemctl stop etw-journald.service
modprobe -r etw > "$T/out" 2> "$T/err"
sleep 1
! systemctl is-active -q etw-autologger.service
result "unloading etw.ko stops etw-autologger.service (BindsTo the device)" $?

modprobe etw > "$T/out" 2> "$T/err"
i=0
while ! etwctl query PkgBoot > /dev/null 2>&1 && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
sleep 1
systemctl is-active -q etw-autologger.service && etwctl query PkgBoot > "$T/out" 2>&1 &&
	[ -s /var/log/etw/pkgboot.etl.1 ] && systemctl is-active -q etw-journald.service
result "loading it again starts the boot sessions and etw-journald again (FileMax kept the last file)" $?
etwctl autologger stop > /dev/null 2>&1

# ---- manual pages ---------------------------------------------------------
man -w etwctl etwdump etw-autologger.conf etw EventRegister StartTrace \
	ProcessTrace > "$T/out" 2> "$T/err"
result "man finds etwctl(8), etwdump(1), etw-autologger.conf(5), etw(4), EventRegister(3), StartTrace(3), ProcessTrace(3)" $?

dmesg > "$T/out" 2>&1
! grep -Eq 'BUG:|WARNING:|Oops|general protection|UBSAN:|KASAN:|Kernel panic' "$T/out"
result "kernel log free of BUG/WARNING/Oops" $?

echo "1..$n"
rm -rf "$T"
