#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etw-journald with etw.ko loaded, its entries printed (--print, the
# journal export format) instead of sent: which events it forwards --
# the Admin, Operational (and Analytic) channels of an installed
# manifest and the imported Application channel, a configured provider
# without a manifest on the Event Log channels; not a Debug channel, no
# channel, nor TraceLogging's own channel 11 -- and the fields of each
# entry; SIGHUP picks up a new provider; SIGTERM stops its session.  The
# fields decoded by TDH (the manifest's, the TraceLogging metadata's),
# the manifest's message.  Then, with the real systemd-journald (Debian's,
# run privately: its own mount namespace, tmpfs /run/systemd and
# /run/log, a volatile journal), who an entry says wrote it (issue 19):
# a program of uid 65534 registering a provider named "sshd" and writing
# a critical event gets SYSLOG_IDENTIFIER=etw/sshd, its own OBJECT_UID,
# OBJECT_PID and OBJECT_COMM, and PRIORITY no higher than err unless
# UserMaxPriority= says more; root's keeps critical; a writer gone
# before its event is read is unknown.  The entries of etw-journald.service
# on a booted system are checked in `make check-pkg`
# (tools/pkg/system/run.sh).  Prints TAP; skips only without /dev/etw.
ksft_skip=4
PLAN=12
DIR=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$DIR/../.." && pwd)
CTL=${ETWCTL:-$TOP/build/tools/etwctl}
JD=${ETW_JOURNALD:-$TOP/build/tools/etw-journald}
DEMO=7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5d
TL=7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5e
IMP=7d3c5b1a-2e4f-4a6b-8c9d-0e1f2a3b4c5f
. "$DIR/journald/wait.sh"

echo "TAP version 13"
if [ ! -c /dev/etw ]; then
	echo "1..0 # SKIP /dev/etw missing (etw.ko not loaded)"
	exit $ksft_skip
fi
echo "1..$PLAN"
T=$(mktemp -d /tmp/journald_test.XXXXXX)
S=jd$$
n=0 fail=0 jpid=
cleanup() {
	[ -n "$jpid" ] && kill "$jpid" 2>/dev/null && wait "$jpid" 2>/dev/null
	"$CTL" stop $S > /dev/null 2>&1
	rm -rf "$T"
}
trap cleanup EXIT
ok() { n=$((n + 1)); echo "ok $n $1"; }
nok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; [ -s "$T/why" ] && sed 's/^/#   /' "$T/why" | head -n 30; }
result() { if [ "$2" = 0 ]; then ok "$1"; else nok "$1"; fi; : > "$T/why"; }

mkdir -p "$T/man"
cp "$DIR/journald/demo.man" "$T/man/"
printf '[Journal]\nSession=%s\n\n[Provider]\nGuid=%s\n' $S $TL > "$T/journald.conf"
for p in provider impostor; do
	cc -O2 -Wall -Werror -D_GNU_SOURCE -I"$TOP/uapi" -I"$TOP/libetw/include" \
		"$DIR/journald/$p.c" -o "$T/$p" "$TOP/build/libetw/libetw.a" \
		-lfwnt -lxml2 -pthread 2>> "$T/why"
done
chmod 755 "$T"	# uid 65534 runs the impostor

# start_jd: etw-journald in the background, once its session is read
start_jd() {
	ETW_MANIFEST_PATH="$T/man" "$JD" --config "$T/journald.conf" --print \
		> "$T/entries" 2> "$T/jd.err" &
	jpid=$!
	wait_until grep -q 'reading session' "$T/jd.err"
}
# entries_to_json: the export-format entries as a JSON list of dicts
entries() {
	python3 - "$T/entries" <<'PY'
import json, sys
out, cur = [], {}
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if not line:
        if cur: out.append(cur); cur = {}
        continue
    k, _, v = line.partition("=")
    cur[k] = v
if cur: out.append(cur)
print(json.dumps(out))
PY
}

start_jd && grep -q "forwarding $DEMO (Linux-ETW-JournalDemo)" "$T/jd.err" &&
	grep -q "forwarding $TL" "$T/jd.err" && "$CTL" query $S > /dev/null 2>&1
result "etw-journald starts its session and enables the manifest's provider and the configured one" $?
cp "$T/jd.err" "$T/why"

# alive while etw-journald reads its events: it can say who wrote them
"$T/provider" 42 4 2>> "$T/why" &
ppid=$!
sleep 2.5
kill -TERM $jpid
wait $jpid
rc=$?
jpid=
wait $ppid
entries > "$T/e.json"
python3 - "$T/e.json" $DEMO $TL > "$T/why" 2>&1 <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
got = sorted((x["ETW_PROVIDER_GUID"], x.get("ETW_EVENT_NAME")) for x in e)
want = sorted([(sys.argv[2], "DiskFull"), (sys.argv[2], "DiskChecked"), (sys.argv[2], "DiskApp"),
               (sys.argv[3], "DiskAlert")])
assert got == want, "forwarded %s, want %s" % (got, want)
PY
result "forwarded: Admin (16), Operational (17), imported Application (9), the TraceLogging provider's Application event; not Debug, no channel, nor channel 11" $?

python3 - "$T/e.json" $DEMO > "$T/why" 2>&1 <<'PY'
import json, sys
e = {int(x["ETW_EVENT_ID"]): x for x in json.load(open(sys.argv[1])) if x["ETW_PROVIDER_GUID"] == sys.argv[2]}
a = e[1]
want = {"PRIORITY": "3", "SYSLOG_IDENTIFIER": "etw/Linux-ETW-JournalDemo",
        "ETW_PROVIDER": "Linux-ETW-JournalDemo", "ETW_LEVEL": "2", "ETW_CHANNEL": "16",
        "ETW_CHANNEL_NAME": "Linux-ETW-JournalDemo/Admin", "ETW_CHANNEL_TYPE": "Admin",
        "ETW_EVENT_VERSION": "0"}
for k, v in want.items():
    assert a.get(k) == v, "%s=%r, want %r" % (k, a.get(k), v)
assert a["ETW_DATA_COUNT"] == "42" and a["ETW_DATA_VOLUME"] == "/srv/data", a
assert a["MESSAGE"] == "Volume /srv/data is full (42 files)", a["MESSAGE"]
assert a["ETW_EVENT_NAME"] == "DiskFull" and a["ETW_LEVEL_NAME"] == "Error", a
assert a["OBJECT_PID"] == a["ETW_PID"] and int(a["ETW_PID"]) > 0, a
assert a["OBJECT_UID"] == "0" and a["OBJECT_COMM"] == "provider", a
assert int(a["ETW_TIMESTAMP"]) > 1.6e15, "us since 1970"
assert e[2]["ETW_CHANNEL_TYPE"] == "Operational" and e[2]["PRIORITY"] == "6"
assert e[4]["ETW_CHANNEL"] == "9" and e[4]["ETW_CHANNEL_NAME"] == "Application" and e[4]["PRIORITY"] == "4"
assert a["MESSAGE"]
PY
result "the Admin event's entry: the manifest's message, fields decoded by TDH (ETW_DATA_COUNT, ETW_DATA_VOLUME), PRIORITY 3, names, channel name and type, SYSLOG_IDENTIFIER etw/..., its writer's OBJECT_PID, OBJECT_UID, OBJECT_COMM, time" $?

python3 - "$T/e.json" $TL > "$T/why" 2>&1 <<'PY'
import json, sys
x = [x for x in json.load(open(sys.argv[1])) if x["ETW_PROVIDER_GUID"] == sys.argv[2]][0]
assert x["SYSLOG_IDENTIFIER"] == "etw/Linux-ETW-JournalDemo-TL" and x["ETW_CHANNEL"] == "9", x
assert x["PRIORITY"] == "4" and x["ETW_DATA_COUNT"] == "42" and x["ETW_DATA_VOLUME"] == "/srv/data", x
PY
result "a TraceLogging provider: named by its metadata, its Application-channel event with its fields" $?

cp "$T/jd.err" "$T/why"
[ $rc = 0 ] && ! "$CTL" query $S > /dev/null 2>&1 && grep -q '4 events forwarded, 3 not' "$T/jd.err"
result "SIGTERM: exit 0, its session stopped, the counts said" $?

# ---- SIGHUP: a provider added to the configuration -----------------------
printf '[Journal]\nSession=%s\nManifests=no\n' $S > "$T/journald.conf"
start_jd
before=$(grep -c "forwarding" "$T/jd.err")
printf '[Provider]\nGuid=%s\nChannels=11\n' $TL >> "$T/journald.conf"
kill -HUP $jpid
sleep 1
"$T/provider" 7 2>> "$T/why"
sleep 2.5
kill -TERM $jpid
wait $jpid
jpid=
entries > "$T/e.json"
[ "$before" = 0 ] && grep -q "forwarding $TL" "$T/jd.err" &&
	python3 -c "
import json
e = json.load(open('$T/e.json'))
assert [(x['ETW_PROVIDER_GUID'], x['ETW_EVENT_NAME']) for x in e] == [('$TL', 'DiskTrace')], e"
result "Manifests=no forwards nothing; SIGHUP reads the configuration again: the new provider's channel 11 (DiskTrace)" $?

printf '[Journal]\nColour=blue\n' > "$T/bad.conf"
"$JD" --config "$T/bad.conf" --print > /dev/null 2> "$T/why"
[ $? = 1 ] && grep -q 'bad.conf:2: unknown key Colour' "$T/why"
result "a bad configuration: exit 1, the file and line said" $?

"$JD" --provider not-a-guid --print > /dev/null 2> "$T/why"
[ $? = 2 ] && grep -q "provider not-a-guid" "$T/why"
result "a bad --provider is a usage error (2) that names it" $?

# A provider by name: *NAME is the GUID TraceLogging derives from NAME
# (Microsoft's documented example: MyCompany.MyComponent).
"$JD" --config "$T/journald.conf" --provider '*MyCompany.MyComponent:8' --print \
	> /dev/null 2> "$T/jd.err" &
jpid=$!
wait_until grep -q 'reading session' "$T/jd.err" &&
	grep -q "forwarding ce5fa4ea-ab00-5402-8b76-9f76ac858fb5" "$T/jd.err"
rc=$?
kill -TERM $jpid; wait $jpid
cp "$T/jd.err" "$T/why"
result "--provider '*MyCompany.MyComponent' forwards the GUID of its name hash" $rc

printf '[Journal]\nUserMaxPriority=loud\n' > "$T/bad.conf"
"$JD" --config "$T/bad.conf" --print > /dev/null 2> "$T/why"
[ $? = 1 ] && grep -q 'bad.conf:2: UserMaxPriority= wants' "$T/why"
result "UserMaxPriority= takes a syslog level: a bad one is exit 1, the file and line said" $?

# ---- the real systemd-journald: who an entry says wrote it ----------------
unshare -m --propagation private sh "$DIR/journald/real-journald.sh" "$T" \
	"$JD" $S $IMP > "$T/real.out" 2>&1
# entries WHO...: the JSON entries of the writers named in pids
cat > "$T/entries.py" <<'PY'
import json, sys
T = sys.argv[1]
pids = dict(l.strip().split("=") for l in open(T + "/pids") if "=" in l)
def load(f):
    return [json.loads(l) for l in open(T + "/" + f) if l.strip()]
by_pid = {x["ETW_PID"]: x for x in load("j.json")}
e = {k: by_pid.get(v) for k, v in pids.items()}
print("# writers", pids, "entries of", sorted(by_pid))
for k, x in e.items():
    assert x, "no entry of the %s writer" % k
    assert x["SYSLOG_IDENTIFIER"] == "etw/sshd" and x["ETW_LEVEL"] == "1", x
    assert x["_UID"] == "0" and x["_COMM"] == "etw-journald", x
PY
python3 - "$T" > "$T/why" 2>&1 <<'PY'
import json, sys
T = sys.argv[1]
nobody = [l.split("=")[1].strip() for l in open(T + "/pids") if l.startswith("nobody=")]
sshd = [json.loads(l) for l in open(T + "/jsshd.json") if l.strip()]
for x in sorted(sshd, key=lambda x: x.get("ETW_PID") not in nobody):
    raise AssertionError("%s event passed for sshd: SYSLOG_IDENTIFIER=%s PRIORITY=%s _UID=%s OBJECT_UID=%s" %
                         ("uid 65534's" if x.get("ETW_PID") in nobody else "an",
                          x["SYSLOG_IDENTIFIER"], x["PRIORITY"], x["_UID"], x.get("OBJECT_UID")))
exec(open(T + "/entries.py").read())
nb, rt = e["nobody"], e["root"]
# uid 65534: its own uid, pid and name, held to err
assert nb["OBJECT_UID"] == "65534" and nb["OBJECT_PID"] == pids["nobody"], nb
assert nb["OBJECT_COMM"] == "impostor" and nb["PRIORITY"] == "3", nb
# root's critical stays critical
assert rt["OBJECT_UID"] == "0" and rt["PRIORITY"] == "2", rt
# journalctl -p crit: root's (and the one UserMaxPriority=crit allowed)
crit = sorted(x["ETW_PID"] for x in load("jcrit.json"))
assert crit == sorted([pids["root"], pids["nobody2"]]), crit
PY
rc=$?
[ $rc = 0 ] || sed 's/^/#   /' "$T/real.out" | head -n 20 >> "$T/why"
result "the real journald: uid 65534's provider named sshd is etw/sshd with OBJECT_UID 65534 and its OBJECT_PID and OBJECT_COMM (_UID 0: etw-journald's), at err, not in journalctl -p crit; root's critical stays critical" $rc

python3 - "$T" > "$T/why" 2>&1 <<'PY'
import sys
exec(open(sys.argv[1] + "/entries.py").read())
g, nb2 = e["gone"], e["nobody2"]
assert g.get("ETW_WRITER_UNKNOWN") == "1" and g["PRIORITY"] == "3", g
assert not [k for k in g if k.startswith("OBJECT_")], g
assert nb2["OBJECT_UID"] == "65534" and nb2["PRIORITY"] == "2", nb2
PY
result "the real journald: a writer gone before its event is read is unknown (ETW_WRITER_UNKNOWN=1, no OBJECT_*, err though it was root); UserMaxPriority=crit lets uid 65534 log critical" $?

[ $n = $PLAN ] || echo "# ran $n of $PLAN"
exit $((fail != 0))
