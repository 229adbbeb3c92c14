# SPDX-License-Identifier: GPL-2.0-only
#
# tracepoint_test and tracepoint_msft.sh: programs built against
# LinuxTracepoints' headers unchanged (../data/linuxtracepoints, MIT) and
# Microsoft's libeventheader-tracepoint, linked with this project's
# libtracepoint (build/libetw/tracepoint) instead of Microsoft's.
LTP := ../data/linuxtracepoints
LTP_CFLAGS := -O2 -g -Wall -Werror -I$(LTP)/libtracepoint/include \
	-I$(LTP)/libeventheader-tracepoint/include
LTP_LIBS := ../../build/libetw/tracepoint/libtracepoint.a ../../build/libetw/libetw.a \
	-lnettle
$(OUTPUT)/eventheader-tracepoint.o: $(LTP)/libeventheader-tracepoint/src/eventheader-tracepoint.c
	$(CC) $(LTP_CFLAGS) -c $< -o $@
$(OUTPUT)/tracepoint_ms.o: tracepoint_ms.c tracepoint_ms.h
	$(CC) $(LTP_CFLAGS) -c $< -o $@
$(OUTPUT)/tracepoint_test: $(OUTPUT)/tracepoint_ms.o $(OUTPUT)/eventheader-tracepoint.o \
	../../build/libetw/tracepoint/libtracepoint.a tracepoint_ms.h tdh_decode.h
$(OUTPUT)/tracepoint_test: LDLIBS := $(LTP_LIBS) $(LDLIBS)

# Microsoft's own test provider (TestProviderC.c and TestProviderCommon.h,
# whose events are in TestOutput/perf.data), with a main of ours: once
# linked statically, once against libtracepoint.so (its soname first on
# the library path is all a program needs).
$(OUTPUT)/TestProviderC.o: $(LTP)/libeventheader-tracepoint/utest/TestProviderC.c
	$(CC) $(LTP_CFLAGS) -Wno-error -c $< -o $@
$(OUTPUT)/ltp_testprov: ltp_testprov.c $(OUTPUT)/TestProviderC.o \
		$(OUTPUT)/eventheader-tracepoint.o ../../build/libetw/tracepoint/libtracepoint.a
	$(CC) $(LTP_CFLAGS) -o $@ $< $(OUTPUT)/TestProviderC.o $(OUTPUT)/eventheader-tracepoint.o \
		$(LTP_LIBS) -lfwnt -pthread $(shell pkg-config --libs libxml-2.0)
$(OUTPUT)/ltp_testprov_so: ltp_testprov.c $(OUTPUT)/TestProviderC.o \
		$(OUTPUT)/eventheader-tracepoint.o ../../build/libetw/tracepoint/libtracepoint.so
	$(CC) $(LTP_CFLAGS) -o $@ $< $(OUTPUT)/TestProviderC.o $(OUTPUT)/eventheader-tracepoint.o \
		-L../../build/libetw/tracepoint -Wl,-rpath-link,../../build/libetw -ltracepoint
# An EventHeaderDynamic.h program (C++, the run-time event builder).
$(OUTPUT)/ltp_dynamic: ltp_dynamic.cc $(OUTPUT)/eventheader-tracepoint.o \
		../../build/libetw/tracepoint/libtracepoint.a
	$(CXX) -std=c++17 $(LTP_CFLAGS) -o $@ $< $(OUTPUT)/eventheader-tracepoint.o \
		$(LTP_LIBS) -lfwnt -pthread $(shell pkg-config --libs libxml-2.0)
all: $(OUTPUT)/ltp_testprov $(OUTPUT)/ltp_testprov_so $(OUTPUT)/ltp_dynamic
EXTRA_CLEAN += $(OUTPUT)/eventheader-tracepoint.o $(OUTPUT)/tracepoint_ms.o \
	$(OUTPUT)/TestProviderC.o $(OUTPUT)/ltp_testprov $(OUTPUT)/ltp_testprov_so \
	$(OUTPUT)/ltp_dynamic
