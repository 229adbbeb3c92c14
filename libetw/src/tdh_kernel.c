// SPDX-License-Identifier: MIT
/*
 * TDH for the NT Kernel Logger's events: classic records whose provider
 * is a kernel event group (ProcessGuid, ThreadGuid, DiskIoGuid, ...) and
 * whose opcode is the event type.  Windows' TDH describes them from the
 * MOF classes of the WMI repository (DecodingSourceWbem: provider
 * "MSNT_SystemTrace", task the class, e.g. "Process", opcode the event,
 * e.g. "Start"); here the classes are those of kmod/shared/etw_kevents.c,
 * the layouts etw.ko writes, which are Windows' own (Process_V4_TypeGroup1,
 * Thread_V3_TypeGroup1, Image_Load, CSwitch, DiskIo_TypeGroup1, ...), and
 * a few only Windows 10 writes (Process Terminate and Defunct, Image
 * KernelBase and HypercallPage, EventTrace PartitionInfoExtensionV2).
 *
 * A class is matched by group, type and version; other versions, and
 * records of 32-bit writers (whose pointers are 4 bytes), get
 * ERROR_NOT_FOUND rather than a wrong layout.
 */
#include <stdio.h>
#include <string.h>

#include "tdh_internal.h"
#include "shared/etw_kevents.h"

/*
 * The bytes of a record's fields that take the rest of it: a StackWalk
 * record's frames (ETW_KT_PTRS), an ElfBuildId's build-id (ETW_KT_BIN).
 */
struct frames {
	uint32_t len;
	uint32_t bin;
};

static void frames_cb(const struct etw_kvalue *v, void *arg)
{
	if (v->field->type == ETW_KT_PTRS)
		((struct frames *)arg)->len = v->len;
	else if (v->field->type == ETW_KT_BIN)
		((struct frames *)arg)->bin = v->len;
}

/* The TDH in/out types of a kernel field. */
static void field_types(const struct etw_kfield *f, struct tdh_prop *p)
{
	static const struct {
		uint16_t in, out;
	} t[] = {
		[ETW_KT_U8] = { TDH_INTYPE_UINT8, TDH_OUTTYPE_NULL },
		[ETW_KT_S8] = { TDH_INTYPE_INT8, TDH_OUTTYPE_NULL },
		[ETW_KT_U16] = { TDH_INTYPE_UINT16, TDH_OUTTYPE_NULL },
		[ETW_KT_U32] = { TDH_INTYPE_UINT32, TDH_OUTTYPE_NULL },
		[ETW_KT_S32] = { TDH_INTYPE_INT32, TDH_OUTTYPE_NULL },
		[ETW_KT_X32] = { TDH_INTYPE_UINT32, TDH_OUTTYPE_HEXINT32 },
		[ETW_KT_U64] = { TDH_INTYPE_UINT64, TDH_OUTTYPE_NULL },
		[ETW_KT_S64] = { TDH_INTYPE_INT64, TDH_OUTTYPE_NULL },
		[ETW_KT_PTR] = { TDH_INTYPE_POINTER, TDH_OUTTYPE_NULL },
		[ETW_KT_PORT] = { TDH_INTYPE_UINT16, TDH_OUTTYPE_PORT },
		[ETW_KT_IPV4] = { TDH_INTYPE_UINT32, TDH_OUTTYPE_IPV4 },
		[ETW_KT_IPV6] = { TDH_INTYPE_BINARY, TDH_OUTTYPE_IPV6 },
		[ETW_KT_SID] = { TDH_INTYPE_WBEMSID, TDH_OUTTYPE_NULL },
		[ETW_KT_ASTR] = { TDH_INTYPE_ANSISTRING, TDH_OUTTYPE_NULL },
		[ETW_KT_WSTR] = { TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_NULL },
		[ETW_KT_WCHARS] = { TDH_INTYPE_UNICODESTRING, TDH_OUTTYPE_NULL },
		[ETW_KT_PTRS] = { TDH_INTYPE_POINTER, TDH_OUTTYPE_NULL },
		[ETW_KT_PAD] = { TDH_INTYPE_BINARY, TDH_OUTTYPE_NULL },
		[ETW_KT_BIN] = { TDH_INTYPE_BINARY, TDH_OUTTYPE_NULL },
		[ETW_KT_GUID] = { TDH_INTYPE_GUID, TDH_OUTTYPE_NULL },
	};

	p->in = t[f->type].in;
	p->out = t[f->type].out;
	p->count = 1;
	if (f->type == ETW_KT_IPV6)
		p->length = 16;
	else if (f->type == ETW_KT_WCHARS || f->type == ETW_KT_PAD)
		p->length = f->count;
}

ULONG tdh_kernel_schema(const EVENT_RECORD *e, struct tdh_schema *s,
			struct tdh_arena *a)
{
	const EVENT_HEADER *h = &e->EventHeader;
	const struct etw_kclass *cls;
	struct frames fr = { 0 };
	const char *slash;
	uint32_t i, n = 0, k;
	int hook;

	if (!(h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) ||
	    (h->Flags & EVENT_HEADER_FLAG_32_BIT_HEADER))
		return ERROR_NOT_FOUND;
	hook = etw_khook_of((const u8 *)&h->ProviderId,
			    h->EventDescriptor.Opcode);
	if (hook < 0)
		return ERROR_NOT_FOUND;
	cls = etw_kclass_find((u16)hook, h->EventDescriptor.Version);
	if (!cls)
		return ERROR_NOT_FOUND;
	/* A stack has as many frames as the record holds (Stack1..StackN). */
	etw_kdecode(cls, e->UserData, e->UserDataLength, frames_cb, &fr);
	for (i = 0; i < cls->nfields; i++) {
		const struct etw_kfield *f = &cls->fields[i];

		if (f->type == ETW_KT_PTRS)
			n += fr.len / 8;
		else if (f->type != ETW_KT_PAD || f->count)
			n++;
	}
	memset(s, 0, sizeof(*s));
	s->provider = h->ProviderId;
	s->event_guid = h->ProviderId;
	s->desc = h->EventDescriptor;
	s->source = DecodingSourceWbem;
	s->provider_name = "MSNT_SystemTrace";
	/* "Image/Load" is the Image class though logged in the Process group. */
	slash = strchr(cls->name, '/');
	s->task_name = slash ? tdh_strndup(a, cls->name, slash - cls->name) :
			       etw_kgroup_name((u8)(hook >> 8));
	s->opcode_name = slash ? slash + 1 : cls->name;
	if (!s->task_name)
		return ERROR_NOT_ENOUGH_MEMORY;
	s->nprops = s->ntop = n;
	s->props = n ? tdh_alloc(a, n * sizeof(*s->props)) : NULL;
	if (n && !s->props)
		return ERROR_NOT_ENOUGH_MEMORY;
	for (i = 0, k = 0; i < cls->nfields; i++) {
		const struct etw_kfield *f = &cls->fields[i];
		uint32_t j;

		if (f->type == ETW_KT_PAD && !f->count)
			continue;
		if (f->type != ETW_KT_PTRS) {
			memset(&s->props[k], 0, sizeof(s->props[k]));
			s->props[k].name = f->name;
			field_types(f, &s->props[k]);
			if (f->type == ETW_KT_BIN)
				s->props[k].length = fr.bin;
			k++;
			continue;
		}
		for (j = 0; j < fr.len / 8; j++) {
			char name[16];

			snprintf(name, sizeof(name), "Stack%u", j + 1);
			memset(&s->props[k], 0, sizeof(s->props[k]));
			s->props[k].name = tdh_strndup(a, name, strlen(name));
			if (!s->props[k].name)
				return ERROR_NOT_ENOUGH_MEMORY;
			field_types(f, &s->props[k]);
			k++;
		}
	}
	return ERROR_SUCCESS;
}
