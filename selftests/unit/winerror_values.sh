#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# libetw's winerror.h (issue 9, defect 11): every ERROR_* it defines has
# the Windows SDK's value, checked against an independent copy, the
# mingw-w64 winerror.h of Debian's mingw-w64-common; and the codes that
# Windows ETW code names - the ones the ETW functions document, and the
# ones controllers and consumers test for - are all there.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
ours=$here/../../libetw/include/winerror.h
theirs=/usr/share/mingw-w64/include/winerror.h

# Names Windows ETW programs use (evntrace.h / evntprov.h / tdh.h docs,
# tracelog/xperf-style controllers, krabsetw and TraceEvent consumers).
wanted="ERROR_SUCCESS ERROR_INVALID_FUNCTION ERROR_FILE_NOT_FOUND
ERROR_PATH_NOT_FOUND ERROR_ACCESS_DENIED ERROR_INVALID_HANDLE
ERROR_NOT_ENOUGH_MEMORY ERROR_BAD_FORMAT ERROR_INVALID_DATA ERROR_OUTOFMEMORY
ERROR_WRITE_PROTECT ERROR_NOT_READY ERROR_BAD_LENGTH ERROR_WRITE_FAULT
ERROR_READ_FAULT ERROR_GEN_FAILURE ERROR_SHARING_VIOLATION ERROR_LOCK_VIOLATION
ERROR_HANDLE_EOF ERROR_HANDLE_DISK_FULL ERROR_NOT_SUPPORTED ERROR_FILE_EXISTS
ERROR_INVALID_PARAMETER ERROR_DISK_FULL ERROR_CALL_NOT_IMPLEMENTED
ERROR_SEM_TIMEOUT ERROR_INSUFFICIENT_BUFFER ERROR_INVALID_NAME
ERROR_INVALID_LEVEL ERROR_BAD_ARGUMENTS ERROR_BAD_PATHNAME ERROR_BUSY
ERROR_ALREADY_EXISTS ERROR_INVALID_FLAG_NUMBER ERROR_FILE_TOO_LARGE
ERROR_NO_DATA ERROR_MORE_DATA ERROR_NO_MORE_ITEMS ERROR_INVALID_ADDRESS
ERROR_ARITHMETIC_OVERFLOW ERROR_IO_PENDING ERROR_NOACCESS ERROR_INVALID_FLAGS
ERROR_NOT_FOUND ERROR_CANCELLED
ERROR_PRIVILEGE_NOT_HELD ERROR_FILE_CORRUPT ERROR_NO_SYSTEM_RESOURCES
ERROR_TIMEOUT ERROR_LOG_FILE_FULL ERROR_INVALID_USER_BUFFER
ERROR_RESOURCE_DATA_NOT_FOUND ERROR_RESOURCE_TYPE_NOT_FOUND
ERROR_RESOURCE_NAME_NOT_FOUND ERROR_RESOURCE_LANG_NOT_FOUND
ERROR_NOT_ENOUGH_QUOTA ERROR_INVALID_TIME ERROR_WMI_GUID_NOT_FOUND
ERROR_WMI_INSTANCE_NOT_FOUND ERROR_WMI_ITEMID_NOT_FOUND ERROR_WMI_TRY_AGAIN
ERROR_WMI_DP_NOT_FOUND ERROR_WMI_UNRESOLVED_INSTANCE_REF
ERROR_WMI_ALREADY_ENABLED ERROR_WMI_GUID_DISCONNECTED
ERROR_WMI_SERVER_UNAVAILABLE ERROR_WMI_DP_FAILED ERROR_WMI_INVALID_MOF
ERROR_WMI_INVALID_REGINFO ERROR_WMI_ALREADY_DISABLED ERROR_WMI_READ_ONLY
ERROR_WMI_SET_FAILURE ERROR_INVALID_STATE ERROR_CTX_CLOSE_PENDING
ERROR_EVT_INVALID_EVENT_DATA ERROR_MUI_FILE_NOT_FOUND"

echo "TAP version 13"
echo "1..2"

if [ ! -r "$theirs" ]; then
	echo "not ok 1 every ERROR_* has the SDK's value # $theirs missing (tools/deps.sh installs mingw-w64-common)"
	echo "not ok 2 the ETW error names are defined"
	exit 1
fi

bad=0
for name in $(sed -n 's/^#define \(ERROR_[A-Z0-9_]*\)[[:space:]]\+[0-9].*/\1/p' "$ours"); do
	v=$(sed -n "s/^#define $name[[:space:]]\+\([0-9]*\).*/\1/p" "$ours")
	w=$(sed -n "s/^#define $name __MSABI_LONG(\([0-9]*\)).*/\1/p" "$theirs" | head -n 1)
	[ -z "$w" ] && w=$(sed -n "s/^#define $name[[:space:]]\+\([0-9]*\)L\?\$/\1/p" "$theirs" | head -n 1)
	if [ "$v" != "$w" ]; then
		echo "# $name: ours $v, mingw-w64 ${w:-(none)}"
		bad=$((bad + 1))
	fi
done
[ $bad = 0 ] && echo "ok 1 every ERROR_* has the SDK's value" ||
	echo "not ok 1 every ERROR_* has the SDK's value ($bad differ)"

missing=0
for name in $wanted; do
	if ! grep -q "^#define $name[[:space:]]" "$ours"; then
		echo "# missing: $name"
		missing=$((missing + 1))
	fi
done
[ $missing = 0 ] && echo "ok 2 the ETW error names are defined" ||
	echo "not ok 2 the ETW error names are defined ($missing missing)"
[ $bad = 0 ] && [ $missing = 0 ]
