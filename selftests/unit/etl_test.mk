# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/etl_test: $(ETL_SRCS)
$(OUTPUT)/etl_test: CFLAGS += $(ETL_SAN)
