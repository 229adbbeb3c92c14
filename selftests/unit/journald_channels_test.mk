# SPDX-License-Identifier: GPL-2.0-only
# journald_channels_test: etw-journald's manifests.c on libetw's reader.
$(OUTPUT)/journald_channels_test: ../../tools/etw-journald/manifests.c ../../tools/common/file.c \
	../../build/libetw/libetw.a
$(OUTPUT)/journald_channels_test: CFLAGS += -I../../tools -I../../tools/etw-journald \
	$(shell pkg-config --cflags libxml-2.0) -fshort-wchar -DETL_UNIT_DIR='"$(CURDIR)"'
