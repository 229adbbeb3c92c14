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
#    the MOF class store (tdh_mof.c) decodes them;
# and (issue 33, point 1) in design.rst and kmod/etw_internal.h --
#  - "both workqueues" while the module allocates four;
#  - "no work of ours is queued elsewhere" while it queues work on the
#    system workqueue;
#  - blocking sessions' holds given up at "the writer's exit" while a
#    thread's closed stage keeps them, and "a record can be lost in one
#    place only" next to the holds' losses;
#  - etw_ksys_mutex "takes no lock of ours" while the profile interval's
#    event is written under it;
#  - a stage holding "a reference ... on its file" while it takes none;
#  - a lock order of etw_lock, stream and pool locks alone while
#    etw_collect_mutex exists.
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
in_kmod() { grep -q -- "$1" "$top"/kmod/$2; }
not_in_kmod() { ! in_kmod "$@"; }
workqueues_over() {	# the module allocates more than $1 workqueues
	[ "$(cat "$top"/kmod/*.c | grep -c 'alloc_\(ordered_\)\?workqueue(')" -gt "$1" ]
}

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

claim "design.rst does not say the module has two workqueues" \
	design.rst "and both workqueues are destroyed" workqueues_over 2
claim "design.rst does not say no work is queued outside the module's workqueues" \
	design.rst "no work of ours is queued elsewhere" in_kmod system_wq '*.c'
claim "design.rst does not say a writer's exit gives up what blocking sessions hold" \
	design.rst "its stop, or the writer's exit gives up what is held" \
	in_kmod etw_hold_drop etw_block.c
claim "design.rst does not say a staged record can be lost in one place only" \
	design.rst "A record can be lost in one place only" in_kmod etw_hold_skip etw_block.c
claim "design.rst does not say etw_ksys_mutex takes no lock of ours" \
	design.rst "and takes no lock of ours" in_kmod "etw_ksys_interval_event(v" etw_ksys.c
claim "design.rst does not say a stage holds a reference on its file" \
	design.rst "\`\`task_struct\`\` and on its file" not_in_kmod "kref_get(&ef->ref)" etw_fast.c
claim "etw_internal.h's lock order is not etw_lock, stream and pool locks alone" \
	../kmod/etw_internal.h "Lock order: etw_lock -> stream->lock -> pool->lock. \*/" \
	in_kmod "DEFINE_MUTEX(etw_collect_mutex)" etw_collect.c

echo "1..$n"
[ "$failed" -eq 0 ]
