/* SPDX-License-Identifier: MIT */
/* SensorsCx.h: nothing the hardware simulator uses. */
