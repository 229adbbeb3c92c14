# SPDX-License-Identifier: GPL-2.0-only
#
# fpwrite_test: libetw's writer (build/libetw/libetw.a) staging into this
# process's memory, its records given to the collector's check.
$(OUTPUT)/fpwrite_test: $(SHARED)/etw_runs.c $(SHARED)/etw_logic.c \
	../../build/libetw/libetw.a
