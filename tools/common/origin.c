// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where an event comes from (origin.h).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/decode.h"
#include "common/names.h"
#include "common/origin.h"
#include "common/guid.h"

int origin_hostname(char *buf, size_t size)
{
	if (gethostname(buf, size))
		return -1;
	buf[size - 1] = 0;
	return 0;
}

static void copy(char *dst, size_t size, const char *src)
{
	snprintf(dst, size, "%s", src ? src : "");
}

static void boot_of_this_machine(char *out, size_t size)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");

	if (f) {
		if (!fgets(out, (int)size, f))
			out[0] = 0;
		out[strcspn(out, "\n")] = 0;
		fclose(f);
	}
}

void origin_init(struct origin *o, const char *host, const EVENT_TRACE_LOGFILEA *lf)
{
	LONGLONG boot = lf->LogfileHeader.BootTime.QuadPart;
	const char *base;
	char name[64];
	size_t n;
	GUID g;

	memset(o, 0, sizeof(*o));
	copy(o->host, sizeof(o->host), host);
	strcpy(o->boot_id, "00000000-0000-0000-0000-000000000000");
	o->start = (unsigned long long)lf->LogfileHeader.StartTime.QuadPart;
	if (!lf->LogFileName) {
		copy(o->session, sizeof(o->session), lf->LoggerName);
		boot_of_this_machine(o->boot_id, sizeof(o->boot_id));
		return;
	}
	base = strrchr(lf->LogFileName, '/');
	copy(o->file, sizeof(o->file), base ? base + 1 : lf->LogFileName);
	copy(o->session, sizeof(o->session), o->file);
	n = strlen(o->session);
	if (n > 4 && !strcasecmp(o->session + n - 4, ".etl"))
		o->session[n - 4] = 0;
	if (boot) {
		snprintf(name, sizeof(name), "boot:%lld", (long long)boot);
		provider_name_guid(name, &g);
		etw_guid_str(&g, o->boot_id);
	}
}

int origin_header(struct origin *o, PEVENT_RECORD er)
{
	struct decoded d;
	unsigned i;

	if (!IsEqualGUID(&er->EventHeader.ProviderId, &EventTraceGuid) ||
	    er->EventHeader.EventDescriptor.Opcode != 0)
		return 0;
	memset(&d, 0, sizeof(d));
	if (!decode_header_event(er, &d))
		return 0;
	for (i = 0; i < d.nfields; i++)
		if (!strcmp(d.fields[i].name, "SessionName") && d.fields[i].text[0])
			copy(o->session, sizeof(o->session), d.fields[i].text);
	return 1;
}

void origin_json(struct json *j, const struct origin *o)
{
	json_str(j, "host", o->host);
	json_str(j, "boot_id", o->boot_id);
	json_str(j, "session", o->session);
	json_u64(j, "start", o->start);
	json_str(j, "file", o->file);
	json_u64(j, "seq", o->seq);
}
