# SPDX-License-Identifier: GPL-2.0-only
#
# tdh_kernel_test: TDH's descriptions of the NT Kernel Logger's events
# (libetw/src/tdh_kernel.c with the kernel event tables), the rest of
# TDH from libetw.a.
$(OUTPUT)/tdh_kernel_test: $(LIBSRC)/tdh_kernel.c $(SHARED)/etw_kevents.c \
	../../build/libetw/libetw.a
