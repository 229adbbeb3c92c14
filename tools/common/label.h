/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the tools call a provider and an event when they show one, the
 * same in every output: the decoded names, or else the provider's name
 * from names.h, a kernel event's class and type name, and the numbers.
 */
#ifndef _TOOLS_COMMON_LABEL_H
#define _TOOLS_COMMON_LABEL_H

#include <stddef.h>

#include <windows.h>
#include <evntcons.h>

#include "common/decode.h"

/* The provider: its decoded name, its name by GUID, or the GUID as text. */
const char *provider_label(PEVENT_RECORD er, const struct decoded *d,
			   char *buf, size_t size);

/*
 * The event's name: its decoded name, or a kernel event's type
 * ("Start"); NULL when it has only numbers.
 */
const char *event_name(PEVENT_RECORD er, const struct decoded *d);

/*
 * The event: its decoded name; a kernel event's type ("Start"); else
 * "Type N" (classic events, N the opcode), "Message N" (TraceMessage)
 * or "Event N" (N the id).
 */
const char *event_label(PEVENT_RECORD er, const struct decoded *d,
			char *buf, size_t size);

#endif /* _TOOLS_COMMON_LABEL_H */
