# SPDX-License-Identifier: GPL-2.0-only
#
# stack_test: the call chain of stack_chain.c twice, with frame pointers
# and without (as Debian builds its libraries); exported symbols
# (-rdynamic) so that the test names the frames with dladdr().
$(OUTPUT)/stack_chain_fp.o: stack_chain.c stack_chain.h $(wildcard ../../libetw/include/*.h)
	$(CC) -O2 -g -Wall -Werror -fno-omit-frame-pointer -DSFX=fp -fshort-wchar \
		-I../../libetw/include -I../../uapi -c $< -o $@
$(OUTPUT)/stack_chain_nofp.o: stack_chain.c stack_chain.h $(wildcard ../../libetw/include/*.h)
	$(CC) -O2 -g -Wall -Werror -fomit-frame-pointer -DSFX=nofp -fshort-wchar \
		-I../../libetw/include -I../../uapi -c $< -o $@
$(OUTPUT)/stack_test: $(OUTPUT)/stack_chain_fp.o $(OUTPUT)/stack_chain_nofp.o stack_chain.h
$(OUTPUT)/stack_test: LDFLAGS += -rdynamic
EXTRA_CLEAN += $(OUTPUT)/stack_chain_fp.o $(OUTPUT)/stack_chain_nofp.o
