#!/bin/sh
# SPDX-License-Identifier: MIT
#
# check-abi.sh LIB MAP: the dynamic symbols LIB exports are exactly the
# globals MAP lists, each bound to a version node.  Prints TAP.
set -eu
lib=$1 map=$2
# The version nodes' prefix (LIBETW, LIBTRACEPOINT): the map's first node.
ver=$(sed -n 's/^\([A-Z]*\)_[0-9][0-9.]* *{.*/\1/p' "$map" | head -n 1)
want=$(sed -e 's#/\*.*\*/##' "$map" | awk '
	/global:/ { g = 1; next } /local:/ || /}/ { g = 0; next }
	g && /;/ { gsub(/[ \t;]/, ""); if ($0 != "") print }' | sort -u)
have=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }' |
	sed 's/@.*//' | grep -v "^${ver}_" | sort -u)
unversioned=$(objdump -T "$lib" | awk -v v="${ver}_" '$2 == "g" && $0 !~ v && $0 !~ /\*UND\*/ { print $NF }')
echo "TAP version 13"
echo "1..2"
if [ "$want" = "$have" ]; then
	echo "ok 1 exports match $(basename "$map")"
else
	echo "not ok 1 exports match $(basename "$map")"
	diff -u /dev/fd/3 /dev/fd/4 3<<A 4<<B | sed 's/^/# /' || true
$want
A
$have
B
fi
if [ -z "$unversioned" ]; then
	echo "ok 2 every export carries a ${ver}_ version"
else
	echo "not ok 2 every export carries a ${ver}_ version"
	echo "$unversioned" | sed 's/^/# /'
fi
