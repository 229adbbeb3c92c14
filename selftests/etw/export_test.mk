# SPDX-License-Identifier: GPL-2.0-only
#
# export_test.sh: export_writer, the application whose events it follows
# into ClickHouse (not a test itself).
$(OUTPUT)/export_writer: export_writer.c $(wildcard ../../libetw/include/*.h) \
		../../build/libetw/libetw.a
	$(CC) $(CFLAGS) -Wextra $< -o $@ $(LDLIBS)
all: $(OUTPUT)/export_writer
EXTRA_CLEAN += $(OUTPUT)/export_writer
