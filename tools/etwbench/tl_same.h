/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The event that TraceLoggingWrite(p, "Bench", TraceLoggingLevel(4),
 * Int32 "Index", UInt32 "Seven", UInt64 "Triple") writes, written by hand
 * with EventWriteEx on the TraceLogging registration: the provider traits
 * and the event's metadata as typed descriptors.  Timing (etwbench) and
 * counting instructions (etwbench-cg) both compare the macro with it, so
 * that the difference is the macro's own cost.
 */
#ifndef ETWBENCH_TL_SAME_H
#define ETWBENCH_TL_SAME_H

#include <windows.h>
#include <evntprov.h>
#include <TraceLoggingProvider.h>

static inline ULONG tl_same_bytes(REGHANDLE h, const UINT16 *traits,
				  const EVENT_DESCRIPTOR *desc, long i)
{
	static const struct __attribute__((packed)) {
		UINT16 size;
		UINT8 tags[2];
		char name[6], f1[6];
		UINT8 t1;
		char f2[6];
		UINT8 t2;
		char f3[7];
		UINT8 t3;
	} meta = { sizeof(meta), { 0x80, 0 }, "Bench", "Index", TlgInINT32,
		   "Seven", TlgInUINT32, "Triple", TlgInUINT64 };
	EVENT_DATA_DESCRIPTOR d[5];
	INT32 index = (INT32)i;
	UINT32 seven = 7;
	UINT64 triple = (UINT64)i * 3;

	EventDataDescCreate(&d[0], traits, *traits);
	d[0].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_PROVIDER_METADATA;
	EventDataDescCreate(&d[1], &meta, sizeof(meta));
	d[1].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
	EventDataDescCreate(&d[2], &index, sizeof(index));
	EventDataDescCreate(&d[3], &seven, sizeof(seven));
	EventDataDescCreate(&d[4], &triple, sizeof(triple));
	return EventWriteEx(h, desc, 0, 0, NULL, NULL, 5, d);
}

#endif /* ETWBENCH_TL_SAME_H */
