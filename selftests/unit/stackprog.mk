# SPDX-License-Identifier: GPL-2.0-only
#
# stackprog: the program stacks_test.sh profiles (a tool of that test,
# not a test: built, not run), with a shared library of its own, built
# with frame pointers (stackprog_fp) and without (stackprog_nofp).
STACKPROG_CFLAGS := -O2 -g -fno-optimize-sibling-calls -Wall -Werror \
	-I../../kmod -D_GNU_SOURCE
STACKPROG_SRCS := $(SHARED)/etw_etl_write.c $(SHARED)/etw_utf.c $(SHARED)/etw_xpress.c
all: $(OUTPUT)/stackprog_fp $(OUTPUT)/stackprog_nofp
$(OUTPUT)/libstackprog.so: stackprog_lib.c
	$(CC) $(STACKPROG_CFLAGS) -fomit-frame-pointer -fPIC -shared $< -o $@
$(OUTPUT)/stackprog_fp: stackprog.c $(STACKPROG_SRCS) $(OUTPUT)/libstackprog.so
	$(CC) $(STACKPROG_CFLAGS) -fno-omit-frame-pointer stackprog.c $(STACKPROG_SRCS) \
		-L$(OUTPUT) -lstackprog -Wl,-rpath,'$$ORIGIN' -o $@
$(OUTPUT)/stackprog_nofp: stackprog.c $(STACKPROG_SRCS) $(OUTPUT)/libstackprog.so
	$(CC) $(STACKPROG_CFLAGS) -fomit-frame-pointer stackprog.c $(STACKPROG_SRCS) \
		-L$(OUTPUT) -lstackprog -Wl,-rpath,'$$ORIGIN' -o $@
EXTRA_CLEAN += $(OUTPUT)/stackprog_fp $(OUTPUT)/stackprog_nofp $(OUTPUT)/libstackprog.so
