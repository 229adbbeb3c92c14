$(OUTPUT)/logfile_test: CFLAGS += -I../../libetw/src
