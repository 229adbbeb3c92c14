// SPDX-License-Identifier: MIT
/*
 * The fast path's records in their general forms: EventWrite* with
 * extended items (EVENT_HEADER64: related activity, provider traits,
 * TraceLogging metadata, the writer's stack) and TraceEvent(Instance) (FULL_HEADER64,
 * INSTANCE64), built in the thread's stage exactly as etw.ko's ioctl path
 * builds them in a session buffer (kmod/etw_write.c), once for every
 * session, with the stash (uapi) in the fields the module overwrites:
 * thread and process id, provider GUID, CPU times.  EventWrite's plain
 * case is inline in provider.c.
 *
 * Anything the fast path does not take returns 1 and goes the ioctl way,
 * which gives the exact error or result: records over fast_max_record
 * bytes, a TIMESTAMP_OVERRIDE, descriptors the kernel would refuse.
 * TraceMessage always takes the ioctl (its header has no stash, and its
 * sequence numbers are drawn in write order by the kernel).
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

/* The four items of ETW_FAST_W_INFO: SID 8 + 16, TS_ID, PSK, EVENT_KEY 16 each. */
#define ETW_INFO_ITEMS	(24 + 16 + 16 + 16)

/* What one EventWrite stores, described once for all its sessions. */
struct fp_event {
	uint32_t size;		/* the ETL record */
	uint32_t payload;
	uint32_t meta;		/* EVENT_METADATA bytes */
	int prov;		/* PROVIDER_METADATA descriptor, or -1 */
	uint32_t traits_len;
	const void *traits;
	const uint64_t *frames;	/* the writer's stack, or NULL */
	uint32_t nframes;
	bool info;		/* the SID, TS_ID, PROCESS_START_KEY, EVENT_KEY items */
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
		       const EVENT_DATA_DESCRIPTOR *data,
		       const uint64_t *frames, uint32_t nframes)
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
	/* Some session wants these: the module fills them (uapi). */
	e->info = etw_fp_map[slot].word & ETW_FAST_W_INFO;
	if (e->info) {
		e->nitems += 4;
		e->size += ETW_INFO_ITEMS;
	}
	e->frames = nframes ? frames : NULL;
	e->nframes = nframes;
	if (nframes) {		/* the last item (uapi) */
		e->nitems++;
		e->size += etl_ext_item_size(8 + 8 * nframes);
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

/* The EVENT_HEADER64 record at @dst (head and stash by the caller). */
static void fp_event_fill(const struct fp_event *e, uint8_t *dst,
			  uint64_t sessions, const EVENT_DESCRIPTOR *d,
			  const GUID *activity, const GUID *related, uint32_t n,
			  const EVENT_DATA_DESCRIPTOR *data)
{
	struct etl_event_header *h = (void *)dst;
	uint8_t *p = dst + sizeof(struct etl_event_header), *q;
	uint32_t items = e->nitems, i;

	memcpy(h->provider_id, &sessions, 8);
	memset(h->provider_id + 8, 0, 8);
	memcpy(&h->id, d, sizeof(*d));
	h->kernel_time = 0;
	h->user_time = 0;
	memcpy(h->activity_id, activity, 16);

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
	if (e->info) {
		/* Their values are the module's: zeros here. */
		q = fp_item(p, ETL_EXT_SID, 16, --items > 0);
		memset(q, 0, 16);
		p = q + 16;
		q = fp_item(p, ETL_EXT_TS_ID, 4, --items > 0);
		p = q + 8;
		q = fp_item(p, ETL_EXT_PROCESS_START_KEY, 8, --items > 0);
		memset(q, 0, 8);
		p = q + 8;
		q = fp_item(p, ETL_EXT_EVENT_KEY, 8, --items > 0);
		memset(q, 0, 8);
		p = q + 8;
	}
	if (e->nframes) {
		/* STACK_TRACE64: MatchId 0, then the return addresses. */
		q = fp_item(p, ETL_EXT_STACK_TRACE64, 8 + 8 * e->nframes, false);
		memset(q, 0, 8);
		memcpy(q + 8, e->frames, 8 * e->nframes);
		p = q + 8 + 8 * e->nframes;
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

_Static_assert(sizeof(EVENT_DESCRIPTOR) == 16 &&
	       offsetof(struct etl_event_header, keyword) -
	       offsetof(struct etl_event_header, id) ==
	       offsetof(EVENT_DESCRIPTOR, Keyword), "EVENT_DESCRIPTOR in the header");
_Static_assert(offsetof(struct etl_event_header, provider_id) ==
	       ETW_STASH_SESSIONS, "the stash's sessions");
_Static_assert(offsetof(struct etl_event_header, provider_id) + 8 ==
	       ETW_STASH_IGNORED_GUID &&
	       offsetof(struct etl_event_header, kernel_time) ==
	       ETW_STASH_IGNORED_TIMES, "what the module overwrites unread");

uint64_t etw_fp_wanted(uint32_t slot, uint8_t level, uint64_t kw,
		       uint64_t *word)
{
	const volatile struct etw_fast_slot *f = etw_fp_map + slot;
	const volatile ETW_ENABLE_SLOT *s = __etw_enable_map + slot;
	uint64_t w = f->word;
	UINT64 any, all;
	UINT8 lvl, flags;

	*word = w;
	if (level >= (w & ETW_FAST_W_LEVEL))
		return 0;
	if (!kw)
		return (w & ETW_FAST_W_KW0) ? f->sessions : 0;
	if (w & ETW_FAST_W_KW_ANY)
		return f->sessions;
	/* The sessions filter keywords: MatchAny and MatchAll (seed 000). */
	__etw_slot_read(s, &lvl, &flags, &any, &all);
	return ((kw & any) != 0 && (kw & all) == all) ? f->sessions : 0;
}

int etw_fp_event(uint64_t handle, const EVENT_DESCRIPTOR *d, uint64_t want,
		 uint32_t wflags, const GUID *activity, const GUID *related,
		 uint32_t n, const EVENT_DATA_DESCRIPTOR *data,
		 const uint64_t *frames, uint32_t nframes)
{
	uint32_t slot = (uint32_t)handle - 1, need;
	struct etw_fp_tls *t = &etw_fp_tls;
	struct fp_event e;
	uint8_t *rec;

	switch (fp_describe(&e, slot, wflags, related, n, data, frames,
			    nframes)) {
	case 0:
		break;
	default:
		return 1;
	}
	need = ETL_ALIGN8(e.size);
	rec = etw_fp_begin(t, need);
	if (!rec)
		return 1;
	etw_fp_event_head(rec, e.size, e.flags,
			  wflags & ETW_WRITE_F_INPRIVATE ?
			  ETW_STAGE_REC_INPRIVATE : 0, slot);
	fp_event_fill(&e, rec, want, d, activity, related, n, data);
	if (e.size & 7)
		memset(rec + e.size, 0, need - e.size);
	etw_fp_commit(t, rec, need);
	t->staged++;
	return 0;
}

/* TraceEvent / TraceEventInstance: FULL_HEADER64 or INSTANCE64. */
int etw_fp_classic(const struct etw_trace_event *tr,
		   const struct etw_data_desc *d)
{
	bool inst = tr->flags & ETW_TRACE_F_INSTANCE;
	uint32_t hdr = inst ? sizeof(struct etl_instance_header) :
			      sizeof(struct etl_full_header);
	uint32_t slot = (uint32_t)tr->handle - 1, size = hdr, need, i;
	uint64_t bit = 1ULL << (tr->logger - 1);
	struct etw_fp_tls *t = &etw_fp_tls;
	struct etl_instance_header *ih;
	struct etl_full_header *h;
	uint8_t *p, *rec;

	if (slot >= ETW_MAX_REGS_PER_FD ||
	    !(etw_fp_map[slot].sessions & bit))
		return 1;	/* let the kernel say ERROR_INVALID_HANDLE */
	for (i = 0; i < tr->count; i++)
		size += d[i].size;
	if (size > ETW_FAST_MAX_RECORD)
		return 1;
	need = ETL_ALIGN8(size);
	rec = etw_fp_begin(t, need);
	if (!rec)
		return 1;
	ih = (void *)rec;
	h = &ih->full;
	h->size = (uint16_t)size;
	h->header_type = inst ? ETL_HEADER_TYPE_INSTANCE64 :
				ETL_HEADER_TYPE_FULL_HEADER64;
	h->marker_flags = ETL_MARKER_FLAGS;
	h->type = tr->type;
	h->level = tr->level;
	h->version = tr->version;
	h->thread_id = slot;	/* the stash; its CPU: etw_fp_commit() */
	h->process_id = 0;
	memcpy(h->guid, tr->guid, 16);
	memcpy(&h->kernel_time, &bit, 8);
	if (inst) {
		ih->instance_id = tr->instance_id;
		ih->parent_instance_id = tr->parent_instance_id;
		memcpy(ih->parent_guid, tr->parent_guid, 16);
	}
	p = rec + hdr;
	for (i = 0; i < tr->count; i++) {
		memcpy(p, (const void *)(uintptr_t)d[i].ptr, d[i].size);
		p += d[i].size;
	}
	if (size & 7)
		memset(rec + size, 0, need - size);
	etw_fp_commit(t, rec, need);
	t->staged++;
	return 0;
}
