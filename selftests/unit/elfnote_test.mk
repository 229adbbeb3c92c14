# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/elfnote_test: $(SHARED)/etw_elfnote.c
$(OUTPUT)/elfnote_test: CFLAGS += -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
