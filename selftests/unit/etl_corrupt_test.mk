# SPDX-License-Identifier: GPL-2.0-only
# etl_corrupt_test: the corruption suite, under ASan + UBSan (etl.mk).
# ETL_CORRUPT_FULL=1 runs every case (make check-corrupt at the top).
LOCAL_HDRS += etl_fuzz_walk.h
$(OUTPUT)/etl_corrupt_test: $(ETL_FILE_SRCS) etl_fuzz_walk.h
$(OUTPUT)/etl_corrupt_test: CFLAGS += $(ETL_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
