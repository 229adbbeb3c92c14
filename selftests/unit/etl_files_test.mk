# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/etl_files_test: $(ETL_FILE_SRCS)
$(OUTPUT)/etl_files_test: CFLAGS += $(ETL_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
