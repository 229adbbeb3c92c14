#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# lint.sh KDIR: the kernel-code standards as TAP.
#  1. etw.ko builds with W=1 without a warning
#  2. sparse (C=2) reports nothing
#  3. checkpatch (from linux-source-6.1) is clean on kmod/, uapi/ and the
#     kernel-mode provider modules
#  4. kernel-version tests only in kmod/etw_compat.h
#  5. kernel-doc (KDIR's scripts/kernel-doc -none -v: 6.1's has no -Wall;
#     -v adds the missing-Return: warnings) says nothing about kmod/ and
#     uapi/
#  6. every function whose comment says "Context: <lock> held" asserts it
#     (lockdep_assert_held(), RCU_LOCKDEP_WARN(); tools/ci/lint-lockdep.py)
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
KDIR=$1
LOG=$TOP/build/lint
mkdir -p "$LOG"
CHECKPATCH=$TOP/build/ksrc/linux-source-6.1/scripts/checkpatch.pl
J=-j$(nproc)

echo "TAP version 13"
echo "1..6"

# Force a full rebuild so every file is compiled (and warned about) once.
# Only the module's own objects go: kbuild's "clean" with M= would delete
# every *.o and *.a under the tree, libetw's build output included.
(cd "$TOP" && rm -f etw.ko etw.o etw.mod etw.mod.c etw.mod.o \
	kmod/*.o kmod/shared/*.o kmod/.*.cmd kmod/shared/.*.cmd)
make $J -C "$KDIR" M="$TOP" W=1 modules > "$LOG/w1.log" 2>&1
rc=$?
if [ $rc = 0 ] && ! grep -q 'warning:' "$LOG/w1.log"; then
	echo "ok 1 etw.ko builds with W=1 and no warnings"
else
	echo "not ok 1 etw.ko builds with W=1 and no warnings"
	grep -E 'warning:|error:' "$LOG/w1.log" | head -n 20 | sed 's/^/# /'
fi

make $J -C "$KDIR" M="$TOP" W=1 C=2 modules > "$LOG/sparse.log" 2>&1
if [ $? = 0 ] && ! grep -vE '^ *(CHECK|CC|LD|MODPOST|BTF|make)|^Skipping BTF' "$LOG/sparse.log" | grep -q .; then
	echo "ok 2 sparse (C=2) is clean"
else
	echo "not ok 2 sparse (C=2) is clean"
	grep -vE '^ *(CHECK|CC|LD|MODPOST|BTF|make)|^Skipping BTF' "$LOG/sparse.log" | head -n 20 | sed 's/^/# /'
fi

# kmod/etw_compat.h is where an out-of-tree module must test the kernel
# version (checkpatch's advice is for code merged into one kernel); test
# 4 keeps those tests out of every other file.
COMPAT=kmod/etw_compat.h
# The kernel-mode provider modules (the sample, kprov_test.sh's) too; not
# kbuild's generated *.mod.c.
files=$(cd "$TOP" && find kmod uapi Kbuild tools/etw-sample-km selftests/etw/kmod \
	-name '*.[ch]' ! -name '*.mod.c' | grep -vx "$COMPAT" | sort)
rc=0
{
	(cd "$TOP" && perl "$CHECKPATCH" --no-tree --quiet --show-types \
		--ignore FILE_PATH_CHANGES -f $files) || rc=1
	(cd "$TOP" && perl "$CHECKPATCH" --no-tree --quiet --show-types \
		--ignore FILE_PATH_CHANGES,LINUX_VERSION_CODE,CONSTANT_COMPARISON \
		-f "$COMPAT") || rc=1
} > "$LOG/checkpatch.log" 2>&1
if [ $rc = 0 ]; then
	echo "ok 3 checkpatch is clean on kmod/, uapi/ and the provider modules"
else
	echo "not ok 3 checkpatch is clean on kmod/, uapi/ and the provider modules"
	grep -E '^(WARNING|ERROR)|^#[0-9]+: FILE' "$LOG/checkpatch.log" | head -n 30 | sed 's/^/# /'
fi

others=$(cd "$TOP" && grep -lE 'LINUX_VERSION_CODE|KERNEL_VERSION\(' $files)
if [ -z "$others" ]; then
	echo "ok 4 kernel-version tests only in $COMPAT"
else
	echo "not ok 4 kernel-version tests only in $COMPAT"
	echo "$others" | sed 's/^/# /'
fi

# Every kernel-doc comment of the module and its ABI parses and describes
# every member, parameter and return value.
KDOC=$KDIR/scripts/kernel-doc
kdfiles=$(cd "$TOP" && ls kmod/*.[ch] kmod/shared/*.[ch] kmod/include/*.h uapi/linux/*.h)
(cd "$TOP" && perl "$KDOC" -none -v $kdfiles) > "$LOG/kernel-doc.log" 2>&1
if [ -x "$KDOC" ] && ! grep -qE ': (warning|error):' "$LOG/kernel-doc.log"; then
	echo "ok 5 kernel-doc: no warnings in kmod/ and uapi/"
else
	echo "not ok 5 kernel-doc: no warnings in kmod/ and uapi/"
	grep -E ': (warning|error):|No such file' "$LOG/kernel-doc.log" | head -n 20 | sed 's/^/# /'
fi

# A comment that says a lock is held is checked by lockdep on debug kernels.
lkfiles=$(cd "$TOP" && ls kmod/*.[ch] kmod/shared/*.[ch])
if (cd "$TOP" && python3 tools/ci/lint-lockdep.py $lkfiles) > "$LOG/lockdep.log" 2>&1; then
	echo "ok 6 every \"Context: ... held\" has its lockdep assertion ($(tail -n 1 "$LOG/lockdep.log"))"
else
	echo "not ok 6 every \"Context: ... held\" has its lockdep assertion"
	grep -E '^fail' "$LOG/lockdep.log" | head -n 20 | sed 's/^/# /'
	tail -n 1 "$LOG/lockdep.log" | sed 's/^/# /'
fi
