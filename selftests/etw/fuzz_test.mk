# SPDX-License-Identifier: GPL-2.0-only
$(OUTPUT)/fuzz_test: fuzz_vals.c fuzz_mem.c fuzz_prov.c fuzz_file.c fuzz_sess.c \
	fuzz_cons.c fuzz_race.c fuzz_stage.c fuzz_ksys.c
