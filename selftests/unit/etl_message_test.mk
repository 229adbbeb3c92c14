# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/etl_message_test: $(ETL_SRCS)
$(OUTPUT)/etl_message_test: CFLAGS += $(ETL_SAN)
