# SPDX-License-Identifier: GPL-2.0-only
#
# tdh_mof_test: classic events decoded from the MOF class store (issue 31),
# the public API of build/libetw/libetw.a only.
$(OUTPUT)/tdh_mof_test: ../../build/libetw/libetw.a
$(OUTPUT)/tdh_mof_test: CFLAGS += -DETL_UNIT_DIR='"$(CURDIR)"'
