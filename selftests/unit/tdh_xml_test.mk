# SPDX-License-Identifier: GPL-2.0-only
#
# tdh_xml_test: TDH's manifest side (libxml2), its sources compiled like
# tdh_test's (TDH_SAN comes from tdh_test.mk, included before this file).
TDH_XML_SRCS := $(LIBSRC)/tdh_manifest.c $(LIBSRC)/tdh_mfschema.c \
	$(LIBSRC)/tdh_winmeta.c $(LIBSRC)/tdh_store.c $(LIBSRC)/tdh_enum.c \
	$(LIBSRC)/tdh_info.c $(LIBSRC)/tdh_util.c
$(OUTPUT)/tdh_xml_test: $(TDH_XML_SRCS) ../../build/libetw/libetw.a ../data/alltypes.man
$(OUTPUT)/tdh_xml_test: CFLAGS += $(TDH_SAN) -DUNIT_DIR='"$(CURDIR)"' \
	$(shell pkg-config --cflags libxml-2.0)
LOCAL_HDRS += ../data/alltypes.man
