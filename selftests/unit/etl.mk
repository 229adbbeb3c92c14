# SPDX-License-Identifier: GPL-2.0-only
#
# Shared by the ETL reader tests (etl_test, etl_files_test, etl_fuzz_test).
# ETL_SAN: ASan + UBSan, aborting on the first report, when the compiler
# and its runtime can build and run a program with them; empty otherwise
# (the tests then run as plain builds and say so).
ETL_SRCS := $(SHARED)/etw_etl_read.c $(SHARED)/etw_etl_write.c $(SHARED)/etw_xpress.c \
	$(SHARED)/etw_utf.c
ETL_FILE_SRCS := $(ETL_SRCS) $(LIBSRC)/etl_file.c
ETL_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
ETL_SAN := $(shell t=$$(mktemp) && \
	echo 'int main(void){return 0;}' | \
	$(CC) $(ETL_SAN_FLAGS) -x c - -o $$t 2>/dev/null && $$t && \
	echo '$(ETL_SAN_FLAGS) -DETL_SANITIZED=1'; rm -f $$t)
