$(OUTPUT)/logic_test: $(SHARED)/etw_logic.c
