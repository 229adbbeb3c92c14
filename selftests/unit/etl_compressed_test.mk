# SPDX-License-Identifier: GPL-2.0-only
#
# etl_compressed_test: compressed .etl files in the layouts Windows writes
# (issue 31).  Built like consumer_damage_test: the ETL reader and writer
# from source, the rest of libetw from build/libetw/libetw.a, under ASan
# + UBSan when the toolchain can run them (ETL_SAN, etl.mk).
$(OUTPUT)/etl_compressed_test: $(SHARED)/etw_etl_read.c $(SHARED)/etw_etl_write.c $(SHARED)/etw_xpress.c \
	$(LIBSRC)/etl_file.c $(LIBSRC)/consumer.c $(LIBSRC)/consumer_event.c \
	$(LIBSRC)/consumer_merge.c ../../build/libetw/libetw.a
$(OUTPUT)/etl_compressed_test: CFLAGS += $(ETL_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
