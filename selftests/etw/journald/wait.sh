# SPDX-License-Identifier: GPL-2.0-only
# Sourced by journald_test.sh and journald/real-journald.sh.
#
# wait_until CMD...: run CMD every 0.1 s until it succeeds, at most 10 s;
# its last status.
wait_until() {
	_i=0
	until "$@"; do
		[ $_i -ge 100 ] && return 1
		sleep 0.1
		_i=$((_i + 1))
	done
}
