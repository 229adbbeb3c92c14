# SPDX-License-Identifier: GPL-2.0-only
#
# tdh_test: TDH's pure parts (TraceLogging metadata, TdhFormatProperty,
# the Windows-written lxcore_kernel.etl decoded).  The TDH sources are
# compiled from source under ASan + UBSan when the toolchain can run them;
# the consumer and the rest come from libetw.a.
TDH_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
TDH_SAN := $(shell t=$$(mktemp) && \
	echo 'int main(void){return 0;}' | \
	$(CC) $(TDH_SAN_FLAGS) -x c - -o $$t 2>/dev/null && $$t && \
	echo '$(TDH_SAN_FLAGS)'; rm -f $$t)
TDH_SRCS := $(LIBSRC)/tdh_tl.c $(LIBSRC)/tdh_info.c $(LIBSRC)/tdh_util.c \
	$(LIBSRC)/tdh_walk.c $(LIBSRC)/tdh_format.c $(LIBSRC)/tdh_errtext.c
$(OUTPUT)/tdh_test: $(TDH_SRCS) ../../build/libetw/libetw.a
$(OUTPUT)/tdh_test: CFLAGS += $(TDH_SAN) -DETL_UNIT_DIR='"$(CURDIR)"' \
	$(shell pkg-config --cflags libxml-2.0)
