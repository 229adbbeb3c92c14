# SPDX-License-Identifier: GPL-2.0-only
#
# consumer_stream_test: ProcessTrace's resident memory on a large file.
# consumer*.c and the ETL reader from source like processtrace_file_test, but
# without sanitizers: their shadow memory would be counted as resident.
$(OUTPUT)/consumer_stream_test: $(SHARED)/etw_etl_read.c $(SHARED)/etw_etl_write.c $(SHARED)/etw_xpress.c \
	$(LIBSRC)/etl_file.c $(LIBSRC)/consumer.c $(LIBSRC)/consumer_event.c \
	$(LIBSRC)/consumer_merge.c ../../build/libetw/libetw.a
$(OUTPUT)/consumer_stream_test: CFLAGS += -DETL_UNIT_DIR='"$(CURDIR)"'
