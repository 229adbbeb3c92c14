$(OUTPUT)/hardening_test: CFLAGS += -I../../libetw/src
