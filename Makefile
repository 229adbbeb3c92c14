# SPDX-License-Identifier: GPL-2.0-only
#
# Linux ETW: Event Tracing for Windows semantics on Linux.
#
#   make            build libetw and the tools (build/), then etw.ko (here);
#                   one line per step (V=1: the commands); -j2 and more help
#   make selftests  build the tests (make check does)
#   make demo       install what is missing, build, run the demo in a VM
#   make check      install what is missing, build, run every test
#   make check KVER=6.12   the same in another Debian kernel (6.12, 6.12-rt)
#   make check-debug  the kernel tests, a long fuzz and stress run in the
#                   debug kernel (KASAN, lockdep, kmemleak...; built once)
#   make bench      install what is missing, build, run the benchmarks
#   make deps       install the Debian packages we need (idempotent)
#   make lint       W=1, sparse and checkpatch on the kernel code
#   make check-corrupt  the whole ETL corruption suite and a long mutation
#                   fuzz of the reader, under ASan/UBSan (host, no VM)
#   make install    libetw headers (and their Windows spellings), libraries,
#                   pkg-config file; the tools, their units, manual pages
#   make dkms-install   register etw.ko with DKMS (rebuilt for every kernel)
#   make dkms-uninstall remove it from DKMS again
#   make deb        the Debian packages (dpkg-buildpackage) into build/deb
#   make check-pkg  DKMS, packages, lintian, a clean-system install in a VM
#
# The module is built against KDIR: the running kernel's build tree when
# there is one, else the installed Debian kernel headers.  demo, check and
# bench boot a Debian kernel (VM_KVER) under qemu and build the module
# against that kernel's headers: Debian's default kernel (the one
# linux-image-amd64 depends on: 6.1 on bookworm), whatever else is
# installed, unless KVER names another (6.12, 6.12-rt or an exact
# version; tools/ci/kver.sh), which `make check KVER=...` installs.

TOP	:= $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
O	:= $(TOP)/build
# The release: the DKMS module version and the Debian packages' upstream
# version (debian/changelog says the same).
VERSION	:= 1.0.0

KVER	?=
# Computed once, and only when used (after `deps` installed the kernel).
VM_KVER	= $(eval VM_KVER := $(shell $(TOP)/tools/ci/kver.sh $(KVER)))$(VM_KVER)
RUN_KVER := $(shell uname -r)
KDIR	?= $(if $(wildcard /lib/modules/$(RUN_KVER)/build/Makefile),/lib/modules/$(RUN_KVER)/build,/lib/modules/$(VM_KVER)/build)
VM_KDIR	:= /lib/modules/$(VM_KVER)/build

# Every build of the module is a W=1 build: warnings are never hidden.
KMAKE	= $(MAKE) -C $(KDIR) M=$(TOP) W=1
# Modules that use etw.ko's exports (kernel-mode providers): built after
# it, against its Module.symvers.
KPROVS	= $(TOP)/tools/etw-sample-km $(TOP)/selftests/etw/kmod
KMAKE_PROV = $(MAKE) -C $(KDIR) W=1 KBUILD_EXTRA_SYMBOLS=$(TOP)/Module.symvers

# The user parts first: a machine without kernel headers still gets them.
all: lib tools module
	@echo "Built: $(O)/libetw/libetw.so and .a, $(O)/tools/etwctl, etwdump, etwmc,"
	@echo "       etw-journald, etw-sample, ...; $(TOP)/etw.ko ('make install' installs them)"
	@echo "       and the sample kernel-mode provider tools/etw-sample-km/etw_sample_km.ko"

module:
	@echo "== etw.ko (against $(KDIR))"
	+$(KMAKE) modules
	@echo "== kernel-mode providers: etw_sample_km.ko, etw_kcheck.ko, etw_ktail.ko"
	+@for d in $(KPROVS); do $(KMAKE_PROV) M=$$d modules || exit 1; done

lib:
	@echo "== libetw ($(O)/libetw)"
	@$(MAKE) --no-print-directory -C libetw O=$(O)

tools: lib
	@echo "== tools ($(O)/tools)"
	@$(MAKE) --no-print-directory -C tools O=$(O)

selftests: lib tools
	@echo "== selftests"
	@$(MAKE) --no-print-directory -C selftests

deps:
	@$(TOP)/tools/deps.sh $(if $(KVER),--kernel $(KVER))

lint: selftests
	$(TOP)/tools/ci/lint.sh $(KDIR)

# The user-facing targets install packages first, then re-enter make so
# that VM_KVER and the kernel paths are computed with the packages present.
check: deps
	@$(MAKE) --no-print-directory check-run

demo: deps
	@$(MAKE) --no-print-directory demo-run

bench: deps
	@$(MAKE) --no-print-directory bench-run

# The debug kernel is built once and cached outside the tree
# (tools/vm/debug-kernel.sh); etw.ko is built against it in
# build/check-debug/.
check-debug:
	@$(TOP)/tools/deps.sh --debug-kernel
	@$(MAKE) --no-print-directory check-debug-run

check-run:
	$(MAKE) -j$(shell nproc) all selftests KDIR=$(VM_KDIR)
	$(TOP)/tools/ci/check.sh $(VM_KDIR) $(VM_KVER)

check-debug-run:
	$(MAKE) lib tools selftests
	$(TOP)/tools/ci/check-debug.sh

demo-run:
	$(MAKE) all KDIR=$(VM_KDIR)
	$(TOP)/tools/vm/etw-vm --kver $(VM_KVER) --out $(O)/demo -- $(TOP)/tools/demo.sh

# Results (table on stdout, JSON in build/bench/bench.json) are ratios
# against anchors measured in the same VM boot; then etw-export's rows
# on the host (it and ClickHouse need no etw.ko: the VM only writes the
# trace they replay); then etwdump --report's page of a million events
# loaded in headless Chromium (the VM records one of them); then the
# instruction counts of the write and collect paths and of the consumer
# (etwdump, ProcessTrace, TDH against babeltrace2 on the same Windows
# traces) and the consumer's resident memory on a 1 GB file (callgrind on
# the host, JSON in build/bench/instructions.json), which do not move
# between runs.
bench-run:
	$(MAKE) all KDIR=$(VM_KDIR)
	$(MAKE) -C selftests/etw $(TOP)/selftests/etw/export_writer \
		$(TOP)/selftests/etw/profile_hot
	$(TOP)/tools/vm/etw-vm --kver $(VM_KVER) --out $(O)/bench -- sh -c \
		'$(O)/tools/etwbench --json $(O)/bench/bench.json; rc=$$?; \
		$(TOP)/tools/etw-export/bench.py \
			--write-trace $(O)/bench/export_writer.etl || rc=1; \
		$(TOP)/tools/etwbench/kprov.sh $(O)/tools \
			$(TOP)/selftests/etw/kmod/etw_kcheck.ko || rc=1; \
		$(TOP)/tools/etwbench/profile.sh $(O)/bench/profile.json || rc=1; \
		$(O)/tools/etwctl record --buffer-kb 1024 -o $(O)/bench/report_1m.etl \
			--kernel process,thread,img,cswitch,dispatcher,syscall \
			-p 6a2c4e8b-3d5f-4a71-9b0c-e1d2f3a4b5c6 -- $(O)/tools/etw-sample \
			--count 250000 --rate 100000 --quiet > /dev/null || rc=1; \
		exit $$rc'
	$(TOP)/tools/etw-export/bench.py --json $(O)/bench/bench.json \
		--trace $(O)/bench/export_writer.etl
	$(TOP)/tools/etwbench/report.py --json $(O)/bench/bench.json $(O)/bench/report_1m.etl
	$(TOP)/tools/etwbench/cg.sh $(O)/tools $(O)/bench/instructions.json

# The reader against damaged files, all of it (make check runs a subset):
# every case of the corruption suite, half a million mutations.
check-corrupt: deps
	@$(MAKE) --no-print-directory lib
	@$(MAKE) --no-print-directory -C selftests all
	cd selftests/unit && ETL_CORRUPT_FULL=1 ./etl_corrupt_test && \
		ETL_FUZZ_ITERS=500000 ./etl_fuzz_test && ./consumer_damage_test

# Run the kernel selftests directly on a host whose kernel can load
# modules (needs root): load, run, unload.
check-host: all selftests
	sudo sh -c 'insmod $(TOP)/etw.ko && \
		ETW_KO=$(TOP)/etw.ko $(MAKE) -C $(TOP)/selftests run_tests; \
		rc=$$?; rmmod etw; exit $$rc'

# Everything but the module (see dkms-install): libetw, its headers and
# pkg-config file, the tools, their services, manual pages, completion.
# PREFIX (default /usr/local), LIBDIR, MANDIR, UNITDIR, ... and DESTDIR
# as usual.
PREFIX	?= /usr/local
MANDIR	?= $(PREFIX)/share/man
install: lib tools
	$(MAKE) -C libetw O=$(O) install
	$(MAKE) -C tools O=$(O) install
	$(TOP)/tools/pkg/install-man.sh $(DESTDIR)$(MANDIR) 123458

# DKMS: the module's sources go to /usr/src/etw-$(VERSION) and DKMS
# builds and installs etw.ko for the running kernel now (DKMS_KVER to
# choose another) and for each kernel installed later.
DKMS_KVER ?= $(RUN_KVER)
dkms-install:
	$(TOP)/tools/pkg/dkms-source.sh $(DESTDIR)/usr/src/etw-$(VERSION) $(VERSION)
	dkms status -m etw -v $(VERSION) | grep -q . || dkms add -m etw -v $(VERSION)
	dkms install -m etw -v $(VERSION) -k $(DKMS_KVER)

dkms-uninstall:
	-dkms remove -m etw -v $(VERSION) --all
	rm -rf $(DESTDIR)/usr/src/etw-$(VERSION)

# The Debian packages (etw-dkms, libetw1, libetw-dev, etw-tools), built
# from this tree by dpkg-buildpackage; they land in $(O)/deb.
deb:
	$(TOP)/tools/pkg/build-deb.sh $(O)/deb

# DKMS for every installed Debian kernel, the kselftests with the
# DKMS-built module, the packages, lintian, and a clean bookworm system
# (debootstrap) that installs them and boots them under systemd in the VM.
# Heavy (see Documentation/testing.rst for times); CI runs it after check.
check-pkg: deps
	@$(TOP)/tools/deps.sh --pkg
	@$(MAKE) --no-print-directory check-pkg-run

check-pkg-run:
	$(MAKE) lib tools selftests
	$(TOP)/tools/pkg/check-pkg.sh

clean:
	-$(KMAKE) clean
	-for d in $(KPROVS); do $(KMAKE_PROV) M=$$d clean; done
	-$(MAKE) -C selftests clean
	rm -rf $(O)

.PHONY: all module lib tools selftests deps lint check check-corrupt demo bench \
	check-debug check-run check-debug-run demo-run bench-run check-host \
	install clean dkms-install dkms-uninstall deb check-pkg check-pkg-run
