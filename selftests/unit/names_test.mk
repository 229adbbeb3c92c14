# SPDX-License-Identifier: GPL-2.0-only
#
# names_test: the tools' provider names (tools/common/names.c), linked
# from the tools' archive as etwctl and etwdump link it.
$(OUTPUT)/names_test: ../../build/tools/libetwtools.a ../../build/libetw/libetw.a ../data/alltypes.man
$(OUTPUT)/names_test: CFLAGS += -I../../tools -DUNIT_DIR='"$(CURDIR)"'
$(OUTPUT)/names_test: LDLIBS += -lnettle
LOCAL_HDRS += ../data/alltypes.man
