# SPDX-License-Identifier: GPL-2.0-only
#
# golden_trace: the synthetic trace etwdump_golden.sh reads beside the
# Windows ones (a tool of that test, not a test: built, not run).
all: $(OUTPUT)/golden_trace
$(OUTPUT)/golden_trace: golden_trace.c $(SHARED)/etw_etl_write.c $(SHARED)/etw_utf.c $(SHARED)/etw_xpress.c
	$(CC) $(CFLAGS) $^ -lm -o $@
EXTRA_CLEAN += $(OUTPUT)/golden_trace
