$(OUTPUT)/kevents_test: $(SHARED)/etw_kevents.c
