#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# etwctl mof install|uninstall|list (issue 31, point 4): the local MOF
# class store TDH decodes classic events with.  A classic provider's MOF
# file (data/mof/contoso_files.mof) installs into the store directory
# (--dir, or the first of $ETW_MOF_PATH), list shows its classes and their
# Guid qualifiers, a second file with one of its event class GUIDs is
# refused, a file that does not parse is refused with the line, uninstall
# takes a file, class name or GUID.  No device needed.  Prints TAP.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
etwctl=$top/build/tools/etwctl
mof=$top/selftests/data/mof/contoso_files.mof
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
failed=0
check() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		sed 's/^/# /' "$tmp/out" | head -n 20
		failed=$((failed + 1))
	fi
}

store=$tmp/store
ETW_MOF_PATH=$store:$tmp/other
export ETW_MOF_PATH

"$etwctl" mof install "$mof" > "$tmp/out" 2>&1 && [ -f "$store/contoso_files.mof" ] &&
	cmp -s "$mof" "$store/contoso_files.mof"
check $? "install writes the file, unchanged, into the first directory of \$ETW_MOF_PATH"

"$etwctl" mof list > "$tmp/out" 2>&1 &&
	grep -q '^ContosoFiles_FileOp  *9e8d7c6b-5a49-4382-b1a0-f9e8d7c6b5a4 ' "$tmp/out" &&
	grep -q '^ContosoFiles_FileOp_Rename ' "$tmp/out" && [ "$(wc -l < "$tmp/out")" -eq 5 ]
check $? "list shows the five classes and the Guid qualifiers"

"$etwctl" mof list --json > "$tmp/out" 2>&1 &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d[0]["valid"] and len(d[0]["classes"]) == 5' "$tmp/out"
check $? "list --json is one array of files with their classes"

sed 's/class ContosoFiles_FileOp_V0_Rename/class Other_Rename/' "$mof" > "$tmp/again.mof"
if "$etwctl" mof install "$tmp/again.mof" > "$tmp/out" 2>&1; then false; else
	grep -q 'is already installed by .*contoso_files.mof' "$tmp/out"; fi
check $? "a file with an installed event class GUID is refused, naming the file that has it"

printf '[Guid("{01234567-89ab-cdef-0123-456789abcdef}")]\nclass Bad : EventTrace {\n  [WmiDataId(1)] uint32 X\n};\n' > "$tmp/bad.mof"
if "$etwctl" mof install "$tmp/bad.mof" > "$tmp/out" 2>&1; then false; else
	grep -q "bad.mof: line 4: ';' expected after property X" "$tmp/out" && [ ! -f "$store/bad.mof" ]; fi
check $? "a file that does not parse is refused with its line"

"$etwctl" mof uninstall ContosoFiles_FileOp > "$tmp/out" 2>&1 && [ ! -f "$store/contoso_files.mof" ]
check $? "uninstall by class name removes the file"

"$etwctl" mof install --dir "$tmp/d2" "$mof" > "$tmp/out" 2>&1 &&
	"$etwctl" mof uninstall --dir "$tmp/d2" 3c1d7f28-5b4e-4a61-9d02-8e7f6a5b4c3d >> "$tmp/out" 2>&1 &&
	[ ! -f "$tmp/d2/contoso_files.mof" ]
check $? "--dir, and uninstall by the provider class GUID"

if "$etwctl" mof uninstall NoSuchClass > "$tmp/out" 2>&1; then false; else
	grep -q 'NoSuchClass: no installed MOF file' "$tmp/out"; fi
check $? "uninstalling what is not installed is an error naming it"

echo "1..$n"
[ "$failed" -eq 0 ]
