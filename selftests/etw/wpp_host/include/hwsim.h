/* SPDX-License-Identifier: MIT */
/* driver.c includes "hwsim.h"; the file is HwSim.h (Windows ignores case). */
#include "HwSim.h"
