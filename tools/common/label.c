// SPDX-License-Identifier: GPL-2.0-only
/*
 * Provider and event labels (label.h).
 */
#include <stdio.h>
#include <string.h>

#include "common/label.h"
#include "common/names.h"
#include "common/guid.h"
#include "shared/etw_kevents.h"

const char *provider_label(PEVENT_RECORD er, const struct decoded *d,
			   char *buf, size_t size)
{
	const char *n;

	if (d && d->provider)
		return d->provider;
	n = provider_name(&er->EventHeader.ProviderId);
	if (n) {
		snprintf(buf, size, "%s", n);
		return buf;
	}
	if (size >= ETW_GUID_STR_LEN)
		return etw_guid_str(&er->EventHeader.ProviderId, buf);
	return "";
}

const char *event_name(PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const char *n, *slash;
	int hook;

	if (d && d->event)
		return d->event;
	if ((h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) ||
	    !(h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER))
		return NULL;
	hook = etw_khook_of((const u8 *)&h->ProviderId, h->EventDescriptor.Opcode);
	n = hook >= 0 ? etw_kevent_name((u16)hook) : NULL;
	if (!n)
		return NULL;
	slash = strchr(n, '/');
	return slash ? slash + 1 : n;
}

const char *event_label(PEVENT_RECORD er, const struct decoded *d,
			char *buf, size_t size)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const char *n = event_name(er, d);

	if (n)
		return n;
	if (h->Flags & EVENT_HEADER_FLAG_TRACE_MESSAGE) {
		snprintf(buf, size, "Message %u", h->EventDescriptor.Id);
		return buf;
	}
	if (!(h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER)) {
		snprintf(buf, size, "Event %u", h->EventDescriptor.Id);
		return buf;
	}
	snprintf(buf, size, "Type %u", h->EventDescriptor.Opcode);
	return buf;
}
