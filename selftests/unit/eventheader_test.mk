# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/eventheader_test: $(SHARED)/etw_eventheader.c
