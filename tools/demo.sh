#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The demo `make demo` runs inside the VM, with the fresh etw.ko loaded:
#  1. a real-time session: a consumer follows it live while the sample
#     provider (Windows-style code) writes events; statistics; stop;
#  2. a log-file session: the same provider into an .etl file, read back;
#  3. an .etl file written by Windows, read by the same consumer;
#  4. decoded events: a TraceLogging provider and a manifest provider
#     into one file, their fields by name side by side (text, JSON, CSV,
#     XML), the manifest installed with etwctl manifest install.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
B=$TOP/build/tools
SAMPLE_GUID=6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6
TL_GUID=7b3d5f9c-4e6a-4b82-8c1d-f2e3a4b5c6d7
TMP=${TMPDIR:-/tmp}/etw-demo
mkdir -p "$TMP"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }

step "etw.ko is loaded"
run "$B/etwctl" info

step "1. Real time: start a session, attach a consumer, enable the sample provider"
run "$B/etwctl" start demo --realtime
"$B/etwdump" --session demo > "$TMP/live.txt" 2>&1 &
consumer=$!
sleep 1
run "$B/etwctl" enable demo $SAMPLE_GUID --level 5 --any 0xF
run "$B/etwctl" list

step "The sample provider writes 8 events (its enable callback prints what it is told)"
run "$B/etw-sample" --count 8 --rate 50

step "Session statistics, then stop (the consumer sees the end)"
run "$B/etwctl" query demo
run "$B/etwctl" stop demo
wait $consumer || true
step "What the real-time consumer (etwdump --session demo) printed"
cat "$TMP/live.txt"

step "2. A log file: the same provider into an .etl file"
run "$B/etwctl" start demofile --file "$TMP/demo.etl"
run "$B/etwctl" enable demofile $SAMPLE_GUID --level 4 --any 0x3
run "$B/etw-sample" --count 6 --rate 0 --quiet
run "$B/etwctl" stop demofile
ls -l "$TMP/demo.etl"
step "Read back (etwdump demo.etl); --json for scripts"
run "$B/etwdump" "$TMP/demo.etl"
run "$B/etwdump" --json --max 2 "$TMP/demo.etl"

step "3. A file written by Windows 10 (WSL lxcore provider)"
run "$B/etwdump" "$TOP/selftests/data/lxcore_kernel.etl"

step "4. Decoded events: TraceLogging (etw-sample-tl) and manifest (etw-sample) side by side"
# Installed manifests live in /var/lib/etw/manifests; the demo keeps its own.
export ETW_MANIFEST_PATH="$TMP/manifests"
rm -rf "$ETW_MANIFEST_PATH"
run "$B/etwctl" manifest install "$TOP/tools/etw-sample.man"
run "$B/etwctl" manifest list
run "$B/etwctl" start decoded --file "$TMP/decoded.etl"
run "$B/etwctl" enable decoded $TL_GUID --level 5
run "$B/etwctl" enable decoded $SAMPLE_GUID --level 4 --any 0x3
run "$B/etw-sample-tl" --count 2
run "$B/etw-sample" --count 6 --rate 0 --quiet
run "$B/etwctl" stop decoded
step "Both kinds decode to names and values (events between the header and the summary)"
run "$B/etwdump" "$TMP/decoded.etl"
step "The same as JSON (fields as an object), CSV and XML (tracerpt's layouts)"
run "$B/etwdump" --json --provider Linux-ETW-Sample-TL --max 1 "$TMP/decoded.etl"
run "$B/etwdump" --json --provider Linux-ETW-Sample --id 2 --max 1 "$TMP/decoded.etl"
run "$B/etwdump" --csv --provider Linux-ETW-Sample --max 3 "$TMP/decoded.etl"
run "$B/etwdump" --xml --provider Linux-ETW-Sample-TL --max 1 "$TMP/decoded.etl"
step "Without the manifest, the manifest events stay hex and say why"
run "$B/etwctl" manifest uninstall Linux-ETW-Sample
run "$B/etwdump" --provider Linux-ETW-Sample --max 1 "$TMP/decoded.etl"
step "The two TraceLogging events Windows wrote in lxcore_kernel.etl, as JSON"
run "$B/etwdump" --json --provider Microsoft.Windows.Subsystem.LxCore "$TOP/selftests/data/lxcore_kernel.etl"
