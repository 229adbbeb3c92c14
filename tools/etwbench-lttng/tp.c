// SPDX-License-Identifier: GPL-2.0-only
/* The probe of tp.h (LTTng-UST builds it from the header). */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "tp.h"
