# SPDX-License-Identifier: GPL-2.0-only
#
# tdh_cache_test: TDH's schema cache; the TDH sources compiled like
# tdh_xml_test's (TDH_SAN from tdh_test.mk), the rest from libetw.a.
TDH_CACHE_SRCS := $(LIBSRC)/tdh_cache.c $(LIBSRC)/tdh_api.c $(LIBSRC)/tdh_tl.c \
	$(LIBSRC)/tdh_kernel.c $(LIBSRC)/tdh_manifest.c $(LIBSRC)/tdh_mfschema.c \
	$(LIBSRC)/tdh_winmeta.c $(LIBSRC)/tdh_store.c $(LIBSRC)/tdh_info.c \
	$(LIBSRC)/tdh_util.c $(LIBSRC)/tdh_walk.c
$(OUTPUT)/tdh_cache_test: $(TDH_CACHE_SRCS) ../../build/libetw/libetw.a ../data/alltypes.man
$(OUTPUT)/tdh_cache_test: CFLAGS += $(TDH_SAN) -DUNIT_DIR='"$(CURDIR)"' \
	$(shell pkg-config --cflags libxml-2.0)
