$(OUTPUT)/ioc_test: $(SHARED)/etw_ioc.c
