# SPDX-License-Identifier: GPL-2.0-only
#
# manifest_test: ../data/alltypes.man compiled by etwmc (build/tools/etwmc,
# built by `make tools`) into gen/alltypes.h and gen/alltypes.etw.c (the
# manifest, for TdhLoadManifestFromBinary); the header also included from
# C++ (manifest_cxx.cc, built with g++).
ETWMC := ../../build/tools/etwmc
$(OUTPUT)/gen/alltypes.h $(OUTPUT)/gen/alltypes.etw.c &: ../data/alltypes.man $(ETWMC)
	@mkdir -p $(OUTPUT)/gen
	$(ETWMC) -h $(OUTPUT)/gen --embed $<
$(OUTPUT)/manifest_cxx.o: manifest_cxx.cc manifest_test.h $(OUTPUT)/gen/alltypes.h \
		$(wildcard ../../libetw/include/*.h)
	$(CXX) -std=c++11 -O2 -g -Wall -Wextra -Werror -fno-exceptions -fno-rtti \
		-I../../libetw/include -I$(OUTPUT) -c $< -o $@
$(OUTPUT)/manifest_test: $(OUTPUT)/manifest_cxx.o $(OUTPUT)/gen/alltypes.etw.c
$(OUTPUT)/manifest_test: CFLAGS += -I$(OUTPUT)
LOCAL_HDRS += $(OUTPUT)/gen/alltypes.h
$(OUTPUT)/manifest_test: $(OUTPUT)/gen/alltypes.h
EXTRA_CLEAN += $(OUTPUT)/gen $(OUTPUT)/manifest_cxx.o
