#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# install-man.sh MANDIR SECTIONS: install the manual pages of
# Documentation/man whose section is in SECTIONS (e.g. "18" or "3") into
# MANDIR/manN, and for each further name a page gives in its NAME section
# (.Nm EventRegister in evntprov.3) a link NAME.N -> the page, so that
# `man EventRegister` finds it.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
MANDIR=$1
SECTIONS=$2
for page in "$TOP"/Documentation/man/*.[1-9]; do
	base=$(basename "$page")
	sec=${base##*.}
	case "$SECTIONS" in *"$sec"*) ;; *) continue ;; esac
	install -D -m 644 "$page" "$MANDIR/man$sec/$base"
	# The names of the NAME section, up to .Nd.
	awk '/^\.Sh NAME/ { n = 1; next } n && /^\.Nd/ { exit }
	     n && /^\.Nm / { sub(/^\.Nm /, ""); sub(/ ,$/, ""); print }' "$page" |
	while read -r name; do
		[ "$name.$sec" = "$base" ] && continue
		ln -sf "$base" "$MANDIR/man$sec/$name.$sec"
	done
done
