# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/message_test: $(ETL_SRCS)
$(OUTPUT)/message_test: CFLAGS += $(ETL_SAN)
