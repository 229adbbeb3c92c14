// SPDX-License-Identifier: MIT
/*
 * What the consumer's callbacks receive (reference sections 3.4-3.7, 4):
 * the EVENT_RECORD of each record kind, decoded in place, the classic
 * EVENT_TRACE form, and the synthetic header event.
 */
#include <stdlib.h>
#include <string.h>

#include "consumer.h"
#include "shared/etw_kevents.h"

/* --- kernel event groups ------------------------------------------------- */

/*
 * ProviderId of SYSTEM/COMPACT/PERFINFO records (NT Kernel Logger
 * events): the GUID of the event's group, HookId >> 8, indexed by the
 * ntwmi.h EVENT_TRACE_GROUP_* number, as Windows consumers (sechost's
 * ProcessTrace) give it: the MOF class GUIDs of the SDK and ntwmi.h
 * (ProcessGuid, ImageLoadGuid, StackWalkGuid, ...).  One exception:
 * Process type 10 (EVENT_TRACE_TYPE_LOAD, a loaded image) is an ImageLoad
 * event.  A group beyond the table has no GUID (GUID_NULL), as on
 * Windows.  Documentation/api-mapping.rst lists the table.
 */
#define CT_GROUP_PROCESS	0x03
#define CT_GROUP_IMAGE		0x14
#define CT_TYPE_LOAD		0x0A

static const GUID ct_groups[] = {
	/* 0x00 EventTrace (HEADER) */
	{ 0x68fdd900, 0x4a3e, 0x11d1, { 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 } },
	/* 0x01 DiskIo (IO) */
	{ 0x3d6fa8d4, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } },
	/* 0x02 PageFault (MEMORY) */
	{ 0x3d6fa8d3, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } },
	/* 0x03 Process */
	{ 0x3d6fa8d0, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } },
	/* 0x04 FileIo (FILE) */
	{ 0x90cbdc39, 0x4a3e, 0x11d1, { 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3 } },
	/* 0x05 Thread */
	{ 0x3d6fa8d1, 0xfe05, 0x11d0, { 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c } },
	/* 0x06 TcpIp */
	{ 0x9a280ac0, 0xc8e0, 0x11d1, { 0x84, 0xe2, 0x00, 0xc0, 0x4f, 0xb9, 0x98, 0xa2 } },
	/* 0x07 Job */
	{ 0x3282fc76, 0xfeed, 0x498e, { 0x8a, 0xa7, 0xe7, 0x0f, 0x45, 0x9d, 0x43, 0x0e } },
	/* 0x08 UdpIp */
	{ 0xbf3a50c5, 0xa9c9, 0x4988, { 0xa0, 0x05, 0x2d, 0xf0, 0xb7, 0xc8, 0x0f, 0x80 } },
	/* 0x09 Registry */
	{ 0xae53722e, 0xc863, 0x11d2, { 0x86, 0x59, 0x00, 0xc0, 0x4f, 0xa3, 0x21, 0xa1 } },
	/* 0x0A DbgPrint */
	{ 0x13976d09, 0xa327, 0x438c, { 0x95, 0x0b, 0x7f, 0x03, 0x19, 0x28, 0x15, 0xc7 } },
	/* 0x0B EventTraceConfig (CONFIG) */
	{ 0x01853a65, 0x418f, 0x4f36, { 0xae, 0xfc, 0xdc, 0x0f, 0x1d, 0x2f, 0xd2, 0x35 } },
	/* 0x0C EventTraceSpare1 (SPARE1) */
	{ 0x99134383, 0x5248, 0x43fc, { 0x83, 0x4b, 0x52, 0x94, 0x54, 0xe7, 0x5d, 0xf3 } },
	/* 0x0D Wnf */
	{ 0x42695762, 0xea50, 0x497a, { 0x90, 0x68, 0x5c, 0xbb, 0xb3, 0x5e, 0x0b, 0x95 } },
	/* 0x0E Pool */
	{ 0x0268a8b6, 0x74fd, 0x4302, { 0x9d, 0xd0, 0x6e, 0x8f, 0x17, 0x95, 0xc0, 0xcf } },
	/* 0x0F PerfInfo */
	{ 0xce1dbfb4, 0x137e, 0x4da6, { 0x87, 0xb0, 0x3f, 0x59, 0xaa, 0x10, 0x2c, 0xbc } },
	/* 0x10 Heap */
	{ 0x222962ab, 0x6180, 0x4b88, { 0xa8, 0x25, 0x34, 0x6b, 0x75, 0xf2, 0xa2, 0x4a } },
	/* 0x11 Object */
	{ 0x89497f50, 0xeffe, 0x4440, { 0x8c, 0xf2, 0xce, 0x6b, 0x1c, 0xdc, 0xac, 0xa7 } },
	/* 0x12 Power */
	{ 0xe43445e0, 0x0903, 0x48c3, { 0xb8, 0x78, 0xff, 0x0f, 0xcc, 0xeb, 0xdd, 0x04 } },
	/* 0x13 ModBound */
	{ 0xa9152f00, 0x3f58, 0x4bee, { 0x92, 0xa1, 0x70, 0xc7, 0xd0, 0x79, 0xd5, 0xdd } },
	/* 0x14 ImageLoad (IMAGE) */
	{ 0x2cb15d1d, 0x5fc1, 0x11d2, { 0xab, 0xe1, 0x00, 0xa0, 0xc9, 0x11, 0xf5, 0x18 } },
	/* 0x15 Dpc */
	{ 0xb2d14872, 0x7c5b, 0x463d, { 0x84, 0x19, 0xee, 0x9b, 0xf7, 0xd2, 0x3e, 0x04 } },
	/* 0x16 Cc */
	{ 0x7687a439, 0xf752, 0x45b8, { 0xb7, 0x41, 0x32, 0x1a, 0xec, 0x0f, 0x8d, 0xf9 } },
	/* 0x17 CritSec */
	{ 0x3ac66736, 0xcc59, 0x4cff, { 0x81, 0x15, 0x8d, 0xf5, 0x0e, 0x39, 0x81, 0x6b } },
	/* 0x18 StackWalk */
	{ 0xdef2fe46, 0x7bd6, 0x4b80, { 0xbd, 0x94, 0xf5, 0x7f, 0xe2, 0x0d, 0x0c, 0xe3 } },
	/* 0x19 UmsEvent (UMS) */
	{ 0x9aec974b, 0x5b8e, 0x4118, { 0x9b, 0x92, 0x31, 0x86, 0xd8, 0x00, 0x2c, 0xe5 } },
	/* 0x1A ALPC */
	{ 0x45d8cccd, 0x539f, 0x4b72, { 0xa8, 0xb7, 0x5c, 0x68, 0x31, 0x42, 0x60, 0x9a } },
	/* 0x1B SplitIo */
	{ 0xd837ca92, 0x12b9, 0x44a5, { 0xad, 0x6a, 0x3a, 0x65, 0xb3, 0x57, 0x8a, 0xa8 } },
	/* 0x1C ThreadPool (THREAD_POOL) */
	{ 0xc861d0e2, 0xa2c1, 0x4d36, { 0x9f, 0x9c, 0x97, 0x0b, 0xab, 0x94, 0x3a, 0x12 } },
	/* 0x1D HypervisorTrace */
	{ 0x7f2a405c, 0x69b5, 0x4bf9, { 0xa1, 0xf5, 0x30, 0xe8, 0xf1, 0xaf, 0xab, 0x5e } },
	/* 0x1E HypervisorXTrace */
	{ 0x2ce9a149, 0xeffe, 0x42f0, { 0xa6, 0x35, 0xa1, 0xd3, 0x9e, 0x26, 0xc8, 0xf2 } },
};

static void ct_group_guid(u8 group, u8 type, GUID *g)
{
	if (group == CT_GROUP_PROCESS && type == CT_TYPE_LOAD)
		group = CT_GROUP_IMAGE;
	const u8 *ours;

	if (group < sizeof(ct_groups) / sizeof(ct_groups[0])) {
		*g = ct_groups[group];
		return;
	}
	/* Groups of this project's own (ImageId): their kevents GUID. */
	ours = etw_kgroup_guid(group);
	if (ours)
		memcpy(g, ours, sizeof(*g));
	else
		memset(g, 0, sizeof(*g));
}

/* --- building what the callbacks get ------------------------------------- */

static bool ct_ext_room(struct ct_proc *p, u32 n)
{
	EVENT_HEADER_EXTENDED_DATA_ITEM *x;
	u32 cap;

	if (n <= p->ext_cap)
		return true;
	cap = n < 16 ? 16 : n;
	x = realloc(p->ext, cap * sizeof(*x));
	if (!x)
		return false;
	p->ext = x;
	p->ext_cap = cap;
	return true;
}

static void ct_ext_set(EVENT_HEADER_EXTENDED_DATA_ITEM *x, u16 type,
		       const void *data, u16 size, bool more)
{
	memset(x, 0, sizeof(*x));
	x->ExtType = type;
	x->Linkage = more;
	x->DataSize = size;
	x->DataPtr = (ULONGLONG)(uintptr_t)data;
}

/* The width and CPU flags every record we deliver carries. */
static u16 ct_width_flag(u8 pointer_size)
{
	if (pointer_size == 4)
		return EVENT_HEADER_FLAG_32_BIT_HEADER;
	return EVENT_HEADER_FLAG_64_BIT_HEADER;
}

/*
 * Fill @er from the record @r (timestamp @ts already chosen).  Returns
 * false for records that are no events (ERROR).
 */
bool ct_build(struct ct_proc *p, const struct ct_buf *b,
		     const struct etl_record *r, u64 ts, EVENT_RECORD *er)
{
	EVENT_HEADER *eh = &er->EventHeader;
	u32 n = 0;

	switch (r->family) {
	case ETL_FAM_EVENT: {
		struct etl_ext_iter xi;
		struct etl_ext x;

		/* The in-buffer header is the public one (reference 3.4). */
		memcpy(eh, r->data, sizeof(*eh));
		eh->HeaderType = 0;
		eh->Flags &= ~(EVENT_HEADER_FLAG_32_BIT_HEADER |
			       EVENT_HEADER_FLAG_64_BIT_HEADER);
		eh->Flags |= ct_width_flag(r->pointer_size) |
			     EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		if (r->event.ext_count && ct_ext_room(p, r->event.ext_count)) {
			etl_ext_iter_init(&xi, r);
			while (n < r->event.ext_count && etl_ext_next(&xi, &x) > 0) {
				ct_ext_set(&p->ext[n], x.ext_type, x.data,
					   x.data_size, n + 1 < r->event.ext_count);
				n++;
			}
		}
		break;
	}
	case ETL_FAM_CLASSIC:
		memset(eh, 0, sizeof(*eh));
		eh->Size = r->size;
		eh->Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
			    ct_width_flag(r->pointer_size) |
			    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		eh->ThreadId = r->thread_id;
		eh->ProcessId = r->process_id;
		memcpy(&eh->ProviderId, r->classic.guid, 16);
		eh->EventDescriptor.Opcode = r->classic.type;
		eh->EventDescriptor.Level = r->classic.level;
		eh->EventDescriptor.Version = (UCHAR)r->classic.version;
		eh->KernelTime = r->classic.kernel_time;
		eh->UserTime = r->classic.user_time;
		/* TraceEventInstance: the header's tail is the item's data. */
		if (r->classic.instance && ct_ext_room(p, 1))
			ct_ext_set(&p->ext[n++], EVENT_HEADER_EXT_TYPE_INSTANCE_INFO,
				   r->data + sizeof(struct etl_full_header),
				   sizeof(EVENT_EXTENDED_ITEM_INSTANCE), false);
		break;
	case ETL_FAM_SYSTEM:
		memset(eh, 0, sizeof(*eh));
		eh->Size = r->size;
		eh->Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
			    ct_width_flag(r->pointer_size) |
			    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		eh->ThreadId = r->thread_id;
		eh->ProcessId = r->process_id;
		ct_group_guid(r->system.group, r->system.type, &eh->ProviderId);
		eh->EventDescriptor.Opcode = r->system.type;
		eh->EventDescriptor.Version = r->system.event_version;
		eh->KernelTime = r->system.kernel_time;
		eh->UserTime = r->system.user_time;
		if (r->system.ext && ct_ext_room(p, 2)) {
			const u8 *x = r->system.ext;
			u32 pmc = 8 * r->system.pmc_count;

			if (r->system.pebs) {
				ct_ext_set(&p->ext[n++], EVENT_HEADER_EXT_TYPE_PEBS_INDEX,
					   x, 8, pmc != 0);
				x += 8;
			}
			if (pmc)
				ct_ext_set(&p->ext[n++], EVENT_HEADER_EXT_TYPE_PMC_COUNTERS,
					   x, pmc, false);
		}
		break;
	case ETL_FAM_MESSAGE:
		memset(eh, 0, sizeof(*eh));
		eh->Size = r->size;
		eh->Flags = EVENT_HEADER_FLAG_TRACE_MESSAGE |
			    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
		if (r->message.option_flags & ETL_MSG_POINTER32)
			eh->Flags |= EVENT_HEADER_FLAG_32_BIT_HEADER;
		if (r->message.option_flags & ETL_MSG_POINTER64)
			eh->Flags |= EVENT_HEADER_FLAG_64_BIT_HEADER;
		eh->ThreadId = r->thread_id;
		eh->ProcessId = r->process_id;
		if (r->message.option_flags & ETL_MSG_GUID)
			memcpy(&eh->ProviderId, r->message.guid, 16);
		eh->EventDescriptor.Id = r->message.message_number;
		break;
	default:
		return false;	/* ERROR records: a failed logging attempt */
	}
	if (n)
		eh->Flags |= EVENT_HEADER_FLAG_EXTENDED_INFO;
	eh->TimeStamp.QuadPart = (LONGLONG)ts;
	er->BufferContext.ProcessorIndex = b->info.cpu;
	er->BufferContext.LoggerId = b->info.logger_id;
	er->ExtendedDataCount = n;
	er->ExtendedData = n ? p->ext : NULL;
	er->UserDataLength = r->payload_len;
	er->UserData = (PVOID)r->payload;
	return true;
}

/* The classic form of an event (reference 3.7). */
void ct_to_classic(const EVENT_RECORD *er, EVENT_TRACE *et, bool ext)
{
	const EVENT_HEADER *eh = &er->EventHeader;
	u32 len = sizeof(EVENT_TRACE_HEADER) + er->UserDataLength;
	USHORT i;

	memset(et, 0, sizeof(*et));
	et->Header.Size = len > 0xFFFF ? 0xFFFF : len;
	et->Header.Class.Type = eh->EventDescriptor.Opcode;
	et->Header.Class.Level = eh->EventDescriptor.Level;
	et->Header.Class.Version = eh->EventDescriptor.Version;
	et->Header.ThreadId = eh->ThreadId;
	et->Header.ProcessId = eh->ProcessId;
	et->Header.TimeStamp = eh->TimeStamp;
	et->Header.Guid = eh->ProviderId;
	et->Header.ProcessorTime = eh->ProcessorTime;
	for (i = 0; ext && i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];
		EVENT_EXTENDED_ITEM_INSTANCE inst;

		if (x->ExtType != EVENT_HEADER_EXT_TYPE_INSTANCE_INFO ||
		    x->DataSize < sizeof(inst))
			continue;
		memcpy(&inst, (const void *)(uintptr_t)x->DataPtr, sizeof(inst));
		et->InstanceId = inst.InstanceId;
		et->ParentInstanceId = inst.ParentInstanceId;
		et->ParentGuid = inst.ParentGuid;
	}
	et->MofData = er->UserData;
	et->MofLength = er->UserDataLength;
	et->BufferContext = er->BufferContext;
}

/* Hand @t->last to the callback the mode asks for (seed 001, rule 3). */
void ct_call(struct ct_trace *t)
{
	EVENT_TRACE_LOGFILEW *lf = &t->lf.w;

	t->have_last = true;
	t->last.UserContext = lf->Context;	/* seed 001, rule 2 */
	if (t->mode & PROCESS_TRACE_MODE_EVENT_RECORD) {
		if (lf->EventRecordCallback)
			lf->EventRecordCallback(&t->last);
		return;
	}
	ct_to_classic(&t->last, &lf->CurrentEvent, true);
	if (lf->EventCallback)
		lf->EventCallback(&lf->CurrentEvent);
}

/* Seed 001, rules 5-6: the synthetic EventTraceGuid header event. */
void ct_deliver_header(struct ct_trace *t)
{
	EVENT_RECORD *er = &t->last;
	EVENT_HEADER *eh = &er->EventHeader;
	u64 ft = ct_filetime(t, t->hdr_raw);

	memset(er, 0, sizeof(*er));
	eh->Size = t->hdr_size;
	eh->Flags = EVENT_HEADER_FLAG_CLASSIC_HEADER |
		    EVENT_HEADER_FLAG_64_BIT_HEADER |
		    EVENT_HEADER_FLAG_PROCESSOR_INDEX;
	eh->ThreadId = t->hdr_tid;
	eh->ProcessId = t->hdr_pid;
	eh->TimeStamp.QuadPart = (LONGLONG)((t->mode & PROCESS_TRACE_MODE_RAW_TIMESTAMP) ?
					    t->hdr_raw : ft);
	eh->ProviderId = EventTraceGuid;
	eh->EventDescriptor.Opcode = EVENT_TRACE_TYPE_INFO;
	eh->EventDescriptor.Version = t->hdr_version;
	er->BufferContext.ProcessorIndex = t->hdr_cpu;
	er->BufferContext.LoggerId = t->logger_id;
	er->UserDataLength = t->hdr_len;
	er->UserData = (PVOID)t->hdr_data;
	t->lf.w.CurrentTime = ft;
	ct_call(t);
}
