# SPDX-License-Identifier: GPL-2.0-only
#
# wpp_tdh_test: WPP events through TDH's property API (issue 31), the
# public API of build/libetw/libetw.a only.
$(OUTPUT)/wpp_tdh_test: ../../build/libetw/libetw.a
