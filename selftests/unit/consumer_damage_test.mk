# SPDX-License-Identifier: GPL-2.0-only
#
# consumer_damage_test: ProcessTrace on damaged and unusual .etl files.
# Built like processtrace_file_test (consumer*.c and the ETL reader from source,
# the rest of libetw from build/libetw/libetw.a), under ASan + UBSan when
# the toolchain can run them (ETL_SAN, etl.mk).
$(OUTPUT)/consumer_damage_test: $(SHARED)/etw_etl_read.c $(SHARED)/etw_etl_write.c $(SHARED)/etw_xpress.c \
	$(LIBSRC)/etl_file.c $(LIBSRC)/consumer.c $(LIBSRC)/consumer_event.c \
	$(LIBSRC)/consumer_merge.c ../../build/libetw/libetw.a
$(OUTPUT)/consumer_damage_test: CFLAGS += $(ETL_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
