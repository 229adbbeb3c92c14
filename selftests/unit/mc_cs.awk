# SPDX-License-Identifier: GPL-2.0-only
#
# The interface of a C# event class mc.exe generated (mc -css), in the
# lines mc_iface.awk prints for a C header: "descriptor NAME {id,version,
# channel,level,opcode,task,keywords}" and "write NAME(param, ...)".
/= new EventDescriptor\(/ {
	name = $1
	s = $0
	sub(/.*new EventDescriptor\(/, "", s)
	sub(/\);.*/, "", s)
	gsub(/\(long\)/, "", s)
	gsub(/ /, "", s)
	print "descriptor " name " {" s "}"
}
/public bool EventWrite[A-Za-z0-9_]*\(/ {
	s = $0
	sub(/.*public bool EventWrite/, "", s)
	sub(/\).*/, "", s)
	name = s
	sub(/\(.*/, "", name)
	args = s
	sub(/^[^(]*\(/, "", args)
	n = split(args, a, /, */)
	out = ""
	for (i = 1; i <= n; i++) {
		m = split(a[i], w, / /)
		out = out (i > 1 ? ", " : "") w[m]
	}
	print "write " name "(" out ")"
}
