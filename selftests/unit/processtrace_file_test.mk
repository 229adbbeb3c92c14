# SPDX-License-Identifier: GPL-2.0-only
#
# processtrace_file_test: OpenTrace/ProcessTrace/CloseTrace of libetw on .etl
# files.  consumer*.c and the ETL reader/writer are compiled from source,
# under ASan + UBSan when the toolchain can run them; the rest of libetw
# (last error, the device) comes from build/libetw/libetw.a, linked after
# them and relinked when it changes.
CONSUMER_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
CONSUMER_SAN := $(shell t=$$(mktemp) && \
	echo 'int main(void){return 0;}' | \
	$(CC) $(CONSUMER_SAN_FLAGS) -x c - -o $$t 2>/dev/null && $$t && \
	echo '$(CONSUMER_SAN_FLAGS)'; rm -f $$t)
$(OUTPUT)/processtrace_file_test: $(SHARED)/etw_etl_read.c $(SHARED)/etw_etl_write.c $(SHARED)/etw_xpress.c \
	$(LIBSRC)/etl_file.c $(LIBSRC)/consumer.c $(LIBSRC)/consumer_event.c \
	$(LIBSRC)/consumer_merge.c ../../build/libetw/libetw.a
$(OUTPUT)/processtrace_file_test: CFLAGS += $(CONSUMER_SAN) -DETL_UNIT_DIR='"$(CURDIR)"'
