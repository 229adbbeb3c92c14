/* SPDX-License-Identifier: MIT */
/*
 * WPP messages formatted from TMF files (tdh_wpp.c), for TdhGetWppMessage
 * and etwdump.
 */
#ifndef _LIBETW_TDH_WPP_H
#define _LIBETW_TDH_WPP_H

#include <stddef.h>

#include <evntcons.h>

/*
 * The message text of TraceMessage event @e in UTF-8, formatted with the
 * TMF files of @search (';' or ':' separated directories or TMF files;
 * NULL: $TRACE_FORMAT_SEARCH_PATH).  0, -ENOENT (no format for it) or
 * -EINVAL (its data is shorter than the format says).
 */
int tdh_wpp_format(const EVENT_RECORD *e, const char *search, char *out, size_t room);

#endif /* _LIBETW_TDH_WPP_H */
