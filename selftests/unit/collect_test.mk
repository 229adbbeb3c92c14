# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/collect_test: $(SHARED)/etw_runs.c $(SHARED)/etw_logic.c
