$(OUTPUT)/classic_test: CFLAGS += -I../../libetw/src
