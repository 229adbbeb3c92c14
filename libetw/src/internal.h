/* SPDX-License-Identifier: MIT */
#ifndef _LIBETW_INTERNAL_H
#define _LIBETW_INTERNAL_H

#define ETW_EXPORT __attribute__((visibility("default")))

#endif
