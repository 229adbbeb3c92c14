# SPDX-License-Identifier: GPL-2.0-only
# xpress_test: the shared XPRESS encoder against libfwnt's decoder.
$(OUTPUT)/xpress_test: $(SHARED)/etw_xpress.c
$(OUTPUT)/xpress_test: CFLAGS += $(ETL_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
