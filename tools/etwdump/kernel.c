// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump and the NT Kernel Logger: kernel (MOF) events decoded into
 * named fields, from the schema of kmod/shared/etw_kevents.c (the classic
 * kernel layouts etw.ko writes, which are Windows' own).
 *
 *   text:  ... event=Process/Start ProcessId=1234 ImageFileName="sh" ...
 *   JSON:  ..., "event":"Process/Start", "fields":{"ProcessId":1234, ...}
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "shared/etw_kevents.h"

/* The kernel hook of @er (group << 8 | type), or -1 if it is none. */
static int kernel_hook(const EVENT_RECORD *er)
{
	const EVENT_HEADER *h = &er->EventHeader;

	if (!(h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER))
		return -1;
	return etw_khook_of((const u8 *)&h->ProviderId,
			    h->EventDescriptor.Opcode);
}

struct kout {
	FILE *f;
	int json;
	int n;
};

static void put_wchars(FILE *f, const u8 *p, u32 len, int json)
{
	u32 n = 0;

	while (n + 1 < len && (p[n] | p[n + 1]))
		n += 2;
	put_utf16(f, p, n, json);
}

static void put_ascii(FILE *f, const u8 *p, u32 len, int json)
{
	u32 i;

	for (i = 0; i < len; i++) {
		if (json && (p[i] == '"' || p[i] == '\\'))
			fputc('\\', f);
		fputc(p[i] >= 0x20 && p[i] < 0x7F ? p[i] : '?', f);
	}
}

static u64 le(const u8 *p, u32 n)
{
	u64 v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static void kernel_field(const struct etw_kvalue *v, void *arg)
{
	struct kout *o = arg;
	const u8 *p = v->data;
	char ip[INET6_ADDRSTRLEN];
	int quote = 0;
	u32 i;

	if (o->json)
		fprintf(o->f, "%s\"%s\":", o->n++ ? "," : "", v->field->name);
	else
		fprintf(o->f, " %s=", v->field->name);
	/* Strings are quoted; in JSON also what is not a plain number. */
	switch (v->field->type) {
	case ETW_KT_ASTR: case ETW_KT_WSTR: case ETW_KT_WCHARS:
		quote = 1;
		break;
	case ETW_KT_IPV4: case ETW_KT_IPV6: case ETW_KT_SID:
	case ETW_KT_PTR: case ETW_KT_X32:
		quote = o->json;
		break;
	default:
		break;
	}
	if (quote)
		fputc('"', o->f);
	switch (v->field->type) {
	case ETW_KT_U8:
	case ETW_KT_U16:
	case ETW_KT_U32:
	case ETW_KT_U64:
		fprintf(o->f, "%llu", (unsigned long long)le(p, v->len));
		break;
	case ETW_KT_S8:
		fprintf(o->f, "%d", (signed char)p[0]);
		break;
	case ETW_KT_S32:
		fprintf(o->f, "%d", (int)(u32)le(p, 4));
		break;
	case ETW_KT_S64:
		fprintf(o->f, "%lld", (long long)le(p, 8));
		break;
	case ETW_KT_X32:
		fprintf(o->f, "0x%x", (unsigned int)le(p, 4));
		break;
	case ETW_KT_PTR:
		fprintf(o->f, "0x%llx", (unsigned long long)le(p, 8));
		break;
	case ETW_KT_PORT:
		fprintf(o->f, "%u", (unsigned int)(p[0] << 8 | p[1]));
		break;
	case ETW_KT_IPV4:
		fputs(inet_ntop(AF_INET, p, ip, sizeof(ip)), o->f);
		break;
	case ETW_KT_IPV6:
		fputs(inet_ntop(AF_INET6, p, ip, sizeof(ip)), o->f);
		break;
	case ETW_KT_SID:
		if (!v->len) {
			fputs("none", o->f);
			break;
		}
		p += ETW_KSID_TOKEN_SIZE;
		fprintf(o->f, "S-%u-%llu", p[0],
			(unsigned long long)(((u64)p[2] << 40) | ((u64)p[3] << 32) |
					     ((u64)p[4] << 24) | (p[5] << 16) |
					     (p[6] << 8) | p[7]));
		for (i = 0; i < p[1]; i++)
			fprintf(o->f, "-%u", (unsigned int)le(p + 8 + 4 * i, 4));
		break;
	case ETW_KT_ASTR:
		put_ascii(o->f, p, v->len, o->json);
		break;
	case ETW_KT_WSTR:
	case ETW_KT_WCHARS:
		put_wchars(o->f, p, v->len + 2, o->json);
		break;
	case ETW_KT_PTRS:
		fputc('[', o->f);
		for (i = 0; i + 8 <= v->len; i += 8)
			fprintf(o->f, "%s%s0x%llx%s", i ? "," : "",
				o->json ? "\"" : "",
				(unsigned long long)le(p + i, 8),
				o->json ? "\"" : "");
		fputc(']', o->f);
		break;
	default:
		break;
	}
	if (quote)
		fputc('"', o->f);
}

/*
 * The event's name and fields, after what the output printed already.
 * Return: 1 when @er is a kernel event it decoded, else 0.
 */
int kernel_fields(FILE *f, PEVENT_RECORD er, int json)
{
	const struct etw_kclass *cls;
	struct kout o = { f, json, 0 };
	int hook = kernel_hook(er);

	if (hook < 0)
		return 0;
	cls = etw_kclass_find(hook, er->EventHeader.EventDescriptor.Version);
	if (!cls)
		return 0;
	if (json)
		fprintf(f, ",\"event\":\"%s\",\"fields\":{", cls->name);
	else
		fprintf(f, " event=%s", cls->name);
	if (etw_kdecode(cls, er->UserData, er->UserDataLength, kernel_field,
			&o) < 0 && !json)
		fputs(" (short payload)", f);
	if (json)
		fputc('}', f);
	return 1;
}
