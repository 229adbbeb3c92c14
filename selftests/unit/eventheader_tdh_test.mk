# SPDX-License-Identifier: GPL-2.0-only
# eventheader_tdh_test: TDH of libetw.a on EventHeader events in their
# TraceLogging form (kmod/shared/etw_eventheader.c makes them).
$(OUTPUT)/eventheader_tdh_test: ../../build/libetw/libetw.a
