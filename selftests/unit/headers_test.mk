# SPDX-License-Identifier: GPL-2.0-only
#
# headers_test: the Windows-compatible headers of libetw/include.
# headers_unicode.c is a second translation unit that defines UNICODE and
# INITGUID itself.  Built with ASan + UBSan when the toolchain can run
# them, so EtwGetTraitFromProviderTraits is checked for over-reads.
HEADERS_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
HEADERS_SAN := $(shell t=$$(mktemp) && \
	echo 'int main(void){return 0;}' | \
	$(CC) $(HEADERS_SAN_FLAGS) -x c - -o $$t 2>/dev/null && $$t && \
	echo '$(HEADERS_SAN_FLAGS)'; rm -f $$t)
# Rebuild when a header changes; LOCAL_HDRS keeps them off the compiler line.
HEADERS_TEST_HDRS := $(wildcard ../../libetw/include/*.h) headers_test.h
LOCAL_HDRS += $(HEADERS_TEST_HDRS)
$(OUTPUT)/headers_test: headers_unicode.c $(HEADERS_TEST_HDRS)
$(OUTPUT)/headers_test: CFLAGS += $(HEADERS_SAN)
