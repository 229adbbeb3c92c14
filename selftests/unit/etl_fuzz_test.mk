# SPDX-License-Identifier: GPL-2.0-only
# etl_fuzz_walk.h: a prerequisite, but not a source to compile
LOCAL_HDRS += etl_fuzz_walk.h
$(OUTPUT)/etl_fuzz_test: $(ETL_FILE_SRCS) etl_fuzz_walk.h
$(OUTPUT)/etl_fuzz_test: CFLAGS += $(ETL_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
