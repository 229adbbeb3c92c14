# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/utf_test: $(SHARED)/etw_utf.c
