// SPDX-License-Identifier: MIT
/*
 * The fast path's records: EventWrite* (EVENT_HEADER64 with its extended
 * items), TraceEvent(Instance) (FULL_HEADER64, INSTANCE64) and
 * TraceMessage (MESSAGE), built in the thread's stage exactly as etw.ko's
 * ioctl path builds them in a session buffer (kmod/etw_write.c).  The
 * module then checks each one and fills what the writer does not own:
 * thread and process id, provider GUID, CPU times, the traits.
 *
 * Anything the fast path does not take returns 1 and goes the ioctl way,
 * which gives the exact error or result: records over fast_max_record
 * bytes, a TIMESTAMP_OVERRIDE, descriptors the kernel would refuse,
 * messages with a sequence number or without a time.
 */
#include <stddef.h>
#include <string.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

#include "fastpath.h"
#include "shared/etw_etl.h"

/* EVENT_DATA_DESCRIPTOR_TYPE_* (seed 002, rule 4) */
#define FP_DESC_NONE		0
#define FP_DESC_EVENT_META	1
#define FP_DESC_PROV_META	2
#define FP_DESC_TS_OVERRIDE	3

/* What one EventWrite stores, described once for all its sessions. */
struct fp_event {
	uint32_t size;		/* the ETL record */
	uint32_t payload;
	uint32_t meta;		/* EVENT_METADATA bytes */
	int prov;		/* PROVIDER_METADATA descriptor, or -1 */
	uint32_t traits_len;
	const void *traits;
	uint16_t nitems;
	uint16_t flags;		/* EVENT_HEADER.Flags */
	bool use_type;
};

/*
 * etw_event_describe() of the module, on our side (seed 002, rules 4-6).
 * Return: 0, or 1 for the ioctl path.
 */
static int fp_describe(struct fp_event *e, uint32_t slot, uint32_t wflags,
		       const GUID *related, uint32_t n,
		       const EVENT_DATA_DESCRIPTOR *data)
{
	const struct etw_fp_reg *r = &etw_fp_regs[slot];
	uint64_t payload = 0, meta = 0;
	uint32_t i;

	e->use_type = r->use_type;
	e->traits_len = r->traits_len;
	e->traits = r->traits;
	e->prov = -1;
	for (i = 0; i < n; i++) {
		const EVENT_DATA_DESCRIPTOR *d = &data[i];
		unsigned int type = e->use_type ? d->Type : FP_DESC_NONE;

		if (e->use_type && (d->Reserved1 || d->Reserved2 ||
				    type > FP_DESC_TS_OVERRIDE))
			return 1;	/* the kernel says ERROR_INVALID_PARAMETER */
		switch (type) {
		case FP_DESC_EVENT_META:
			meta += d->Size;
			break;
		case FP_DESC_PROV_META:
			if (e->traits_len)
				break;		/* ignored: traits were set */
			if (e->prov >= 0)
				return 1;
			e->prov = (int)i;
			break;
		case FP_DESC_TS_OVERRIDE:
			return 2;	/* the kernel takes the time as given */
		default:
			payload += d->Size;
			break;
		}
	}
	e->size = sizeof(struct etl_event_header);
	e->nitems = 0;
	if (related) {
		e->nitems++;
		e->size += etl_ext_item_size(16);
	}
	if (e->traits_len) {
		e->nitems++;
		e->size += etl_ext_item_size(e->traits_len);
	} else if (e->prov >= 0) {
		if (data[e->prov].Size > ETW_FAST_MAX_RECORD)
			return 1;
		e->nitems++;
		e->size += etl_ext_item_size(data[e->prov].Size);
	}
	if (meta) {
		if (meta > ETW_FAST_MAX_RECORD)
			return 1;
		e->nitems++;
		e->size += etl_ext_item_size((uint32_t)meta);
	}
	if (payload + e->size > ETW_FAST_MAX_RECORD)
		return 1;	/* too large for some session: let it say so */
	e->meta = (uint32_t)meta;
	e->payload = (uint32_t)payload;
	e->size += e->payload;
	e->flags = e->nitems ? ETL_EH_FLAG_EXTENDED_INFO : 0;
	if (wflags & ETW_WRITE_F_STRING_ONLY)
		e->flags |= ETL_EH_FLAG_STRING_ONLY;
	return 0;
}

static uint8_t *fp_item(uint8_t *p, uint16_t type, uint32_t size, bool more)
{
	struct etl_ext_item *it = (void *)p;

	it->item_size = (uint16_t)etl_ext_item_size(size);
	it->ext_type = type;
	it->linkage = more;
	it->data_size = (uint16_t)size;
	if (size)
		memset(p + it->item_size - 8, 0, 8);
	return p + sizeof(*it);
}

/*
 * The EVENT_HEADER64 fields the writer owns.  Thread and process id,
 * provider GUID and CPU times are the module's: it writes them at the
 * drain, whatever is there.  EVENT_DESCRIPTOR has the layout of the
 * header's descriptor fields (0x28..0x37).
 */
static inline void fp_event_header(uint8_t *dst, uint16_t size, uint16_t flags,
				   uint64_t ts, const EVENT_DESCRIPTOR *d,
				   const GUID *activity)
{
	struct etl_event_header *h = (void *)dst;

	h->size = size;
	h->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->flags = flags;
	h->event_property = 0;
	h->timestamp = ts;
	memcpy(&h->id, d, sizeof(*d));
	memcpy(h->activity_id, activity, 16);
}

_Static_assert(sizeof(EVENT_DESCRIPTOR) == 16 &&
	       offsetof(struct etl_event_header, keyword) -
	       offsetof(struct etl_event_header, id) ==
	       offsetof(EVENT_DESCRIPTOR, Keyword), "EVENT_DESCRIPTOR in the header");

/* The EVENT_HEADER64 record at @dst. */
static void fp_event_fill(const struct fp_event *e, uint8_t *dst, uint64_t ts,
			  const EVENT_DESCRIPTOR *d, const GUID *activity,
			  const GUID *related, uint32_t n,
			  const EVENT_DATA_DESCRIPTOR *data)
{
	uint8_t *p = dst + sizeof(struct etl_event_header), *q;
	uint32_t items = e->nitems, i;

	fp_event_header(dst, (uint16_t)e->size, e->flags, ts, d, activity);

	if (related)
		p = etl_put_ext_item(p, ETL_EXT_RELATED_ACTIVITYID, related, 16,
				     --items > 0);
	if (e->traits_len) {
		q = fp_item(p, ETL_EXT_PROV_TRAITS, e->traits_len, --items > 0);
		if (e->traits)
			memcpy(q, e->traits, e->traits_len);
		p = q + ETL_ALIGN8(e->traits_len);
	} else if (e->prov >= 0) {
		const EVENT_DATA_DESCRIPTOR *m = &data[e->prov];

		q = fp_item(p, ETL_EXT_PROV_TRAITS, m->Size, --items > 0);
		memcpy(q, (const void *)(uintptr_t)m->Ptr, m->Size);
		p = q + ETL_ALIGN8(m->Size);
	}
	if (e->meta) {
		q = fp_item(p, ETL_EXT_EVENT_SCHEMA_TL, e->meta, --items > 0);
		p = q + ETL_ALIGN8(e->meta);
		for (i = 0; i < n; i++) {
			if (!e->use_type || data[i].Type != FP_DESC_EVENT_META)
				continue;
			memcpy(q, (const void *)(uintptr_t)data[i].Ptr,
			       data[i].Size);
			q += data[i].Size;
		}
	}
	/* User data: the blocks back to back, no padding (seed 002, 8). */
	for (i = 0; i < n; i++) {
		if ((e->use_type && data[i].Type != FP_DESC_NONE) ||
		    !data[i].Size)
			continue;
		memcpy(p, (const void *)(uintptr_t)data[i].Ptr, data[i].Size);
		p += data[i].Size;
	}
}

/*
 * The enable slot and the fast map of @slot, read once (the enable map's
 * seqcount): 0 when no session wants an event of @level and @keyword
 * (seed 000, rule 15, on the aggregate, as EventEnabled()), else the
 * sessions that enable the registration.
 */
static uint64_t fp_wanted(uint32_t slot, uint8_t level, uint64_t kw)
{
	const volatile ETW_ENABLE_SLOT *s = __etw_enable_map + slot;
	uint64_t any, all, bits;
	uint8_t lvl, flags, on;
	uint32_t seq;

	for (;;) {
		seq = __atomic_load_n(&s->Seq, __ATOMIC_ACQUIRE);
		on = s->Enabled;
		lvl = s->Level;
		flags = s->Flags;
		any = s->MatchAnyKeyword;
		all = s->MatchAllKeyword;
		bits = etw_fp_sessions_raw(slot);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (!(seq & 1) &&
		    __atomic_load_n(&s->Seq, __ATOMIC_RELAXED) == seq)
			break;
	}
	if (!on || level > lvl)
		return 0;
	if (kw == 0)
		return (flags & ETW_ENABLE_SLOT_KEYWORD0) ? bits : 0;
	return ((kw & any) != 0 && (kw & all) == all) ? bits : 0;
}

int etw_fp_event(uint64_t handle, const EVENT_DESCRIPTOR *d, uint64_t filter,
		 uint32_t wflags, const GUID *activity, const GUID *related,
		 uint32_t n, const EVENT_DATA_DESCRIPTOR *data, uint64_t *done)
{
	uint32_t slot = (uint32_t)handle - 1;
	struct fp_event e;
	struct etw_fp_res res;
	uint64_t want, all;
	uint16_t flags = wflags & ETW_WRITE_F_INPRIVATE ?
			 ETW_STAGE_REC_INPRIVATE : 0;

	*done = 0;
	if (slot >= ETW_MAX_REGS_PER_FD || !__etw_enable_map)
		return 1;
	want = all = fp_wanted(slot, d->Level, (uint64_t)d->Keyword) & ~filter;
	if (!want)
		return 0;	/* nobody listens (reference 1.4) */
	/* The common case, straight: one session, plain data, no items. */
	if (!(want & (want - 1)) && !related && !etw_fp_regs[slot].use_type &&
	    !etw_fp_regs[slot].traits_len) {
		uint64_t payload = 0;
		uint32_t i;
		uint8_t *p;

		for (i = 0; i < n; i++)
			payload += data[i].Size;
		if (payload > ETW_FAST_MAX_RECORD - sizeof(struct etl_event_header) ||
		    etw_fp_reserve(&res, (uint32_t)__builtin_ctzll(want) + 1,
				   sizeof(struct etl_event_header) + (uint32_t)payload,
				   (uint16_t)slot, flags))
			return 1;
		fp_event_header(res.rec, (uint16_t)(sizeof(struct etl_event_header) +
						    payload),
				wflags & ETW_WRITE_F_STRING_ONLY ?
				ETL_EH_FLAG_STRING_ONLY : 0, res.ts, d, activity);
		p = res.rec + sizeof(struct etl_event_header);
		for (i = 0; i < n; i++) {
			memcpy(p, (const void *)(uintptr_t)data[i].Ptr,
			       data[i].Size);
			p += data[i].Size;
		}
		etw_fp_commit(&res);
		*done = want;
		return 0;
	}
	switch (fp_describe(&e, slot, wflags, related, n, data)) {
	case 0:
		break;
	case 2:
		/* Seed 001, rule 13: it keeps its place in the thread's order. */
		etw_fp_seal_sessions(want);
		return 1;
	default:
		return 1;
	}
	while (want) {
		uint32_t logger = (uint32_t)__builtin_ctzll(want) + 1;
		uint64_t bit = 1ULL << (logger - 1);

		want &= ~bit;
		if (etw_fp_reserve(&res, logger, e.size, (uint16_t)slot, flags))
			continue;
		fp_event_fill(&e, res.rec, res.ts, d, activity, related, n,
			      data);
		etw_fp_commit(&res);
		*done |= bit;
	}
	return *done == all ? 0 : 1;
}

/* TraceEvent / TraceEventInstance: FULL_HEADER64 or INSTANCE64. */
int etw_fp_classic(const struct etw_trace_event *t,
		   const struct etw_data_desc *d)
{
	bool inst = t->flags & ETW_TRACE_F_INSTANCE;
	uint32_t hdr = inst ? sizeof(struct etl_instance_header) :
			      sizeof(struct etl_full_header);
	uint32_t slot = (uint32_t)t->handle - 1, size = hdr, i;
	struct etl_instance_header *ih;
	struct etl_full_header *h;
	struct etw_fp_res res;
	uint8_t *p;

	if (!(etw_fp_sessions(slot) & (1ULL << (t->logger - 1))))
		return 1;	/* let the kernel say ERROR_INVALID_HANDLE */
	for (i = 0; i < t->count; i++)
		size += d[i].size;
	if (size > ETW_FAST_MAX_RECORD ||
	    etw_fp_reserve(&res, (uint32_t)t->logger, size, (uint16_t)slot, 0))
		return 1;
	ih = (void *)res.rec;
	h = &ih->full;
	h->size = (uint16_t)size;
	h->header_type = inst ? ETL_HEADER_TYPE_INSTANCE64 :
				ETL_HEADER_TYPE_FULL_HEADER64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->type = t->type;
	h->level = t->level;
	h->version = t->version;
	h->thread_id = 0;
	h->process_id = 0;
	h->timestamp = res.ts;
	memcpy(h->guid, t->guid, 16);
	h->kernel_time = 0;
	h->user_time = 0;
	if (inst) {
		ih->instance_id = t->instance_id;
		ih->parent_instance_id = t->parent_instance_id;
		memcpy(ih->parent_guid, t->parent_guid, 16);
	}
	p = res.rec + hdr;
	for (i = 0; i < t->count; i++) {
		memcpy(p, (const void *)(uintptr_t)d[i].ptr, d[i].size);
		p += d[i].size;
	}
	etw_fp_commit(&res);
	return 0;
}

/*
 * TraceMessage: only with its own time (TRACE_MESSAGE_TIMESTAMP) and
 * without a sequence number, which must be drawn in write order.
 */
int etw_fp_message(const struct etw_trace_message *m,
		   const struct etw_data_desc *d)
{
	uint32_t slot = (uint32_t)m->handle - 1, size, i;
	struct etl_rec_message h;
	struct etw_fp_res res;
	uint8_t *p;

	if (etw_fp_regs[slot].msg_ioctl ||
	    !(etw_fp_sessions(slot) & (1ULL << (m->logger - 1))))
		return 1;
	if (!(m->flags & ETW_MSG_TIMESTAMP)) {
		/*
		 * A message without a time takes the time of the record
		 * before it in its stream: from now on this provider's
		 * messages share one stream, the kernel's, after what this
		 * thread staged so far.
		 */
		etw_fp_regs[slot].msg_ioctl = 1;
		etw_fp_seal_sessions(1ULL << (m->logger - 1));
		return 1;
	}
	if (m->flags & ETW_MSG_SEQUENCE)
		return 1;	/* numbered in write order, by the kernel */
	size = etl_message_header_size((uint16_t)m->flags);
	for (i = 0; i < m->count; i++) {
		if (d[i].size > ETW_FAST_MAX_RECORD)
			return 1;
		size += d[i].size;
	}
	if (size > ETW_FAST_MAX_RECORD ||
	    etw_fp_reserve(&res, (uint32_t)m->logger, size, (uint16_t)slot, 0))
		return 1;
	memset(&h, 0, sizeof(h));
	h.message_number = m->number;
	h.option_flags = (uint16_t)m->flags;
	h.component_id = m->component_id;
	memcpy(h.guid, m->guid, 16);
	p = etl_message_put_header(res.rec, (uint16_t)size, &h, res.ts, 0, 0);
	for (i = 0; i < m->count; i++) {
		memcpy(p, (const void *)(uintptr_t)d[i].ptr, d[i].size);
		p += d[i].size;
	}
	etw_fp_commit(&res);
	return 0;
}
