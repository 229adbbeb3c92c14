# SPDX-License-Identifier: GPL-2.0-only
#
# wpp_decode_test: tdh_wpp.c (WPP messages from TMF files) and the
# NTSTATUS names, compiled from source under ASan + UBSan when the
# toolchain can run them (TDH_SAN, tdh_test.mk); the rest from libetw.a.
$(OUTPUT)/wpp_decode_test: $(LIBSRC)/tdh_wpp.c $(LIBSRC)/tdh_errtext.c ../../build/libetw/libetw.a
$(OUTPUT)/wpp_decode_test: CFLAGS += $(TDH_SAN)
