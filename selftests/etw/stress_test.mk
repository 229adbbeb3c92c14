# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/stress_test: stress_roles.c
