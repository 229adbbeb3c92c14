#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Documentation/ stays true (issue 31, point 5): claims that the code
# disproves are not in design.rst and api-mapping.rst --
#  - "WPP format strings (TMF/PDB) are not decoded" while libetw exports
#    TdhGetWppMessage and TDH describes WPP events (tdh_wpp_props.c);
#  - "TDH (tdh.h) is not provided yet" while tdh.h is;
#  - TdhGetWppProperty among the functions "not declared" while tdh.h
#    declares it;
#  - classic MOF events undecodable "(there is no WMI repository)" while
#    the MOF class store (tdh_mof.c) decodes them.
# Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
doc=$top/Documentation
n=0
failed=0

claim() {	# claim DESCRIPTION FILE PATTERN CONDITION...
	what=$1 file=$2 pat=$3
	shift 3
	n=$((n + 1))
	if "$@" && tr '\n' ' ' < "$doc/$file" | sed 's/  */ /g' | grep -q -- "$pat"; then
		echo "not ok $n $what"
		failed=$((failed + 1))
	else
		echo "ok $n $what"
	fi
}

exports() { grep -q "$1;" "$top/libetw/libetw.map"; }
has() { [ -e "$top/$1" ]; }

claim "design.rst does not say TMF format strings are not decoded (TDH decodes them)" \
	design.rst "format strings (TMF/PDB) are not decoded" exports TdhGetWppMessage
claim "api-mapping.rst does not say TMF format strings are not decoded" \
	api-mapping.rst "format strings (TMF/PDB) are not decoded" exports TdhGetWppMessage
claim "api-mapping.rst does not say TDH is not provided" \
	api-mapping.rst "TDH (\`\`tdh.h\`\`) is not provided yet" has libetw/include/tdh.h
claim "api-mapping.rst does not list TdhGetWppProperty as not declared" \
	api-mapping.rst "TdhGetWppProperty\`\`/\`\`TdhGetWppMessage\`\` (WPP needs TMF files)" \
	exports TdhGetWppProperty
claim "api-mapping.rst does not say classic MOF events cannot be decoded (the MOF class store)" \
	api-mapping.rst "other classic MOF events (there is no WMI repository)" \
	has libetw/src/tdh_mof.c
claim "design.rst does not say TDH cannot decode classic events for want of a WMI repository" \
	design.rst "the NT Kernel Logger's, WPP messages and string-only events, as Windows does without their schema (no WMI repository, no TMF files)" \
	has libetw/src/tdh_mof.c

echo "1..$n"
[ "$failed" -eq 0 ]
