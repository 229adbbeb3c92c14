# SPDX-License-Identifier: GPL-2.0-only
#
# wpp_test.sh's Windows programs: Microsoft's WPP-traced samples
# (../data/windows-driver-samples), built unchanged -- etwwpp in place of
# tracewpp writes their .tmh and TMF files into wpp/<program>/, the fake
# framework of wpp_host/ stands in for UMDF 2 -- as wpp/pofx_host (C) and
# wpp/sdo_host (C++).  Only include paths and flags differ from Windows:
# -fshort-wchar, -DNDEBUG (a release build), and, for the sample's code,
# -Wno-unknown-pragmas (#pragma warning), -Wno-sign-compare (an int
# CTL_CODE against a ULONG) and -Wno-reorder (member initializer order).
ETWWPP := ../../build/tools/etwwpp
WDS := ../data/windows-driver-samples
POFX := $(WDS)/pofx/UMDF2/Driver/SingleComp
SDO := $(WDS)/sensors/SimpleDeviceOrientationSensor
WPPH := wpp_host
WPP_FLAGS := -O2 -g -fshort-wchar -DNDEBUG -Wall -Wextra -Werror -Wno-unknown-pragmas \
	-Wno-unused-parameter -Wno-sign-compare -pthread -I$(WPPH)/include -I../../libetw/include
WPP_LIBS := ../../build/libetw/libetw.a -lfwnt -pthread $(shell pkg-config --libs libxml-2.0)
WPP_HDRS := $(wildcard $(WPPH)/include/*.h) $(wildcard ../../libetw/include/*.h) \
	../../build/libetw/libetw.a $(ETWWPP)

$(OUTPUT)/wpp/pofx/driver.tmh &: $(POFX)/driver.c $(POFX)/HwSim.c $(POFX)/driver.h $(ETWWPP)
	@mkdir -p $(OUTPUT)/wpp/pofx
	@rm -f $(OUTPUT)/wpp/pofx/*.tmf
	$(ETWWPP) -um -scan:$(POFX)/driver.h -odir:$(OUTPUT)/wpp/pofx $(POFX)/driver.c $(POFX)/HwSim.c
$(OUTPUT)/wpp/pofx_host: $(WPPH)/pofx_host.c $(WPPH)/fakewdf.c $(POFX)/driver.c $(POFX)/HwSim.c \
		$(wildcard $(POFX)/*.h) $(OUTPUT)/wpp/pofx/driver.tmh $(WPP_HDRS)
	$(CC) -std=gnu11 $(WPP_FLAGS) -I$(OUTPUT)/wpp/pofx -I$(POFX) -I$(WDS)/pofx/UMDF2/inc \
		-o $@ $(WPPH)/pofx_host.c $(WPPH)/fakewdf.c $(POFX)/driver.c $(POFX)/HwSim.c $(WPP_LIBS)

$(OUTPUT)/wpp/sdo/HardwareSimulator.tmh &: $(SDO)/hardwaresimulator.cpp $(SDO)/SensorsTrace.h \
		$(WPPH)/sdo_host.cpp $(ETWWPP)
	@mkdir -p $(OUTPUT)/wpp/sdo
	@rm -f $(OUTPUT)/wpp/sdo/*.tmf
	$(ETWWPP) -um -scan:$(SDO)/SensorsTrace.h -odir:$(OUTPUT)/wpp/sdo \
		$(SDO)/hardwaresimulator.cpp $(WPPH)/sdo_host.cpp
$(OUTPUT)/wpp/sdo_host: $(WPPH)/sdo_host.cpp $(WPPH)/fakewdf.c $(SDO)/hardwaresimulator.cpp \
		$(wildcard $(SDO)/*.h) $(OUTPUT)/wpp/sdo/HardwareSimulator.tmh $(WPP_HDRS)
	$(CC) -std=gnu11 $(WPP_FLAGS) -c -o $(OUTPUT)/wpp/sdo/fakewdf.o $(WPPH)/fakewdf.c
	$(CXX) -std=c++17 $(WPP_FLAGS) -Wno-reorder -I$(OUTPUT)/wpp/sdo -I$(SDO) -o $@ \
		$(WPPH)/sdo_host.cpp $(SDO)/hardwaresimulator.cpp $(OUTPUT)/wpp/sdo/fakewdf.o $(WPP_LIBS)

all: $(OUTPUT)/wpp/pofx_host $(OUTPUT)/wpp/sdo_host
EXTRA_CLEAN += $(OUTPUT)/wpp
