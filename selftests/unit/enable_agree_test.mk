# SPDX-License-Identifier: GPL-2.0-only
# enable_agree_test: EventEnabled (inline) against the shared etw_level_kw_pass().
$(OUTPUT)/enable_agree_test: $(SHARED)/etw_logic.c
