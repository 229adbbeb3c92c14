# SPDX-License-Identifier: GPL-2.0-only
#
# tracelogging_test: the C test and, linked in, the C++ TraceLoggingValue
# events (tracelogging_value.cc, built with g++).
$(OUTPUT)/tracelogging_value.o: tracelogging_value.cc tracelogging_test.h \
		$(wildcard ../../libetw/include/*.h)
	$(CXX) -std=c++11 -O2 -g -Wall -Wextra -Werror -fno-exceptions -fno-rtti \
		-I../../libetw/include -c $< -o $@
$(OUTPUT)/tracelogging_test: $(OUTPUT)/tracelogging_value.o tracelogging_test.h tdh_decode.h
