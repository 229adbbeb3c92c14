# SPDX-License-Identifier: GPL-2.0-only
#
# profile_test.sh's workload: profile_hot and its library, built without
# frame pointers and with DWARF (as Debian builds, with -dbgsym), not
# tests themselves.
PROFILE_CFLAGS := -O2 -g -fomit-frame-pointer -Wall -Werror
$(OUTPUT)/libprofile_hot.so: profile_hotlib.c profile_hot.h
	$(CC) $(PROFILE_CFLAGS) -fPIC -shared -Wl,--build-id $< -o $@
$(OUTPUT)/profile_hot: profile_hot.c profile_hot.h $(OUTPUT)/libprofile_hot.so
	$(CC) $(PROFILE_CFLAGS) -Wl,--build-id $< -o $@ -L$(OUTPUT) -lprofile_hot \
		-Wl,-rpath,'$$ORIGIN'
all: $(OUTPUT)/profile_hot
EXTRA_CLEAN += $(OUTPUT)/profile_hot $(OUTPUT)/libprofile_hot.so
