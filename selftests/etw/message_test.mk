# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/message_test: CFLAGS += -I../../libetw/src
