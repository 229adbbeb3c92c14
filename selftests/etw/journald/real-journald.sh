#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# For journald_test.sh, in a mount namespace of its own (unshare -m):
# Debian's systemd-journald with a private configuration (a volatile
# journal, nothing forwarded) on tmpfs /run/systemd and /run/log, so that
# a running system's journal is never touched; etw-journald sends to it,
# first with the default UserMaxPriority, then with crit, while the
# impostor (journald/impostor.c: a provider named "sshd" writing a
# critical event) runs as uid 65534 and as root, alive while its event is
# read, and as root gone before.  Leaves in DIR: pids (which writer had
# which pid), j.json, jcrit.json, jsshd.json (journalctl -o json of
# SYSLOG_IDENTIFIER=etw/sshd, of it with -p crit, of
# SYSLOG_IDENTIFIER=sshd).
#
#   real-journald.sh DIR ETW-JOURNALD SESSION PROVIDER-GUID
T=$1 JD=$2 S=$3 IMP=$4
. "$(dirname "$0")/wait.sh"

mkdir -p /run/systemd /run/log
mount -t tmpfs tmpfs /run/systemd && mount -t tmpfs tmpfs /run/log &&
	mkdir -p /run/systemd/journal || exit 1
printf '[Journal]\nStorage=volatile\nReadKMsg=no\nForwardToSyslog=no\nForwardToWall=no\nForwardToConsole=no\nRateLimitBurst=0\n' \
	> "$T/sys-journald.conf"
mount --bind "$T/sys-journald.conf" /etc/systemd/journald.conf || exit 1
/lib/systemd/systemd-journald 2> "$T/journald.err" &
sj=$!
wait_until test -S /run/systemd/journal/socket ||
	{ echo "systemd-journald did not start"; exit 1; }

NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"

# forward CONF CMD: etw-journald with CONF, CMD starts the writers
forward() {
	"$JD" --config "$1" 2> "$T/jd-real.err" &
	jd=$!
	wait_until grep -q 'reading session' "$T/jd-real.err"
	$2
	sleep 2.5
	kill -TERM $jd
	wait $jd
	cat "$T/jd-real.err"
}
writers() {
	$NOBODY "$T/impostor" 4 &
	echo "nobody=$!" >> "$T/pids"
	"$T/impostor" 4 &
	echo "root=$!" >> "$T/pids"
	# exited and reaped before etw-journald, stopped, reads its event
	kill -STOP $jd
	sh -c 'echo "gone=$$" >> "$1/pids"; exec "$1/impostor" 0' sh "$T"
	kill -CONT $jd
}
writer_nobody() {
	$NOBODY "$T/impostor" 4 &
	echo "nobody2=$!" >> "$T/pids"
}

: > "$T/pids"
printf '[Journal]\nSession=%s\nManifests=no\n[Provider]\nGuid=%s\n' $S $IMP \
	> "$T/real.conf"
forward "$T/real.conf" writers
printf '[Journal]\nSession=%s\nManifests=no\nUserMaxPriority=crit\n[Provider]\nGuid=%s\n' \
	$S $IMP > "$T/crit.conf"
forward "$T/crit.conf" writer_nobody
J="journalctl -D /run/log/journal -q -o json"
$J SYSLOG_IDENTIFIER=etw/sshd > "$T/j.json"
$J -p crit SYSLOG_IDENTIFIER=etw/sshd > "$T/jcrit.json"
$J SYSLOG_IDENTIFIER=sshd > "$T/jsshd.json"
kill $sj
wait
