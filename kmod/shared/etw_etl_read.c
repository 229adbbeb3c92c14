// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Reading ETL buffers: validate a buffer header, walk and decode its
 * records, parse the logfile header event, convert raw times.  Used on
 * buffers the kernel filled and on .etl files written by anyone, so no
 * byte is trusted: every length is checked against the bytes the caller
 * said are there before anything behind it is read.  Section numbers
 * refer to etl-format.md.
 */
#include "etw_etl.h"

#define ETL_S64_MAX	((s64)(~0ULL >> 1))

/* Little-endian loads at any alignment. */
static inline u16 ld16(const u8 *p)
{
	return (u16)(p[0] | p[1] << 8);
}

static inline u32 ld32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline u64 ld64(const u8 *p)
{
	return ld32(p) | (u64)ld32(p + 4) << 32;
}

#define BH(f)	offsetof(struct etl_buffer_header, f)
#define EH(f)	offsetof(struct etl_event_header, f)
#define SH(f)	offsetof(struct etl_system_header, f)
#define FH(f)	offsetof(struct etl_full_header, f)
#define IH(f)	offsetof(struct etl_instance_header, f)

static int bad(struct etl_diag *diag, u32 offset, const char *why)
{
	if (diag) {
		diag->why = why;
		diag->offset = offset;
	}
	return -EBADMSG;
}

/* --- buffers ------------------------------------------------------------ */

/* etl-format section 2: Offset/SavedOffset = end of data incl. header,
 * a multiple of 8.
 */
static bool filled_ok(u32 filled, u32 buffer_size)
{
	return filled >= ETL_BUFFER_HEADER_SIZE && filled <= buffer_size &&
	       !(filled % ETL_RECORD_ALIGN);
}

/* A decompressed extent a compressed buffer's header may name. */
static bool extent_ok(u32 ext)
{
	return ext >= ETL_BUFFER_HEADER_SIZE && ext <= ETL_BUFFER_SIZE_MAX &&
	       !(ext % ETL_RECORD_ALIGN);
}

static int buffer_parse(const u8 *b, size_t len, bool partial,
			struct etl_buffer_info *info, struct etl_diag *diag)
{
	u32 size, off, saved, avail;
	u16 ctx;

	if (!b || !info)
		return -EINVAL;
	memset(info, 0, sizeof(*info));
	if (len < ETL_BUFFER_HEADER_SIZE)
		return bad(diag, 0, "buffer shorter than its 72-byte header");

	size = ld32(b + BH(buffer_size));
	info->timestamp = ld64(b + BH(timestamp));
	info->sequence = (s64)ld64(b + BH(sequence_number));
	info->state = ld32(b + BH(state));
	info->logger_id = ld16(b + BH(logger_id));
	info->buffer_flag = ld16(b + BH(buffer_flag));
	info->buffer_type = ld16(b + BH(buffer_type));
	/* section 2: ClientContext, 16-bit index with PROC_INDEX, else u8 */
	ctx = ld16(b + BH(processor_index));
	if (info->buffer_flag & ETL_BUFFER_FLAG_PROC_INDEX)
		info->cpu = ctx & ETL_PROCESSOR_INDEX_MASK;
	else
		info->cpu = ctx & 0xFF;
	off = ld32(b + BH(offset));
	saved = ld32(b + BH(saved_offset));

	if (size < ETL_BUFFER_SIZE_MIN)
		return bad(diag, BH(buffer_size), "BufferSize smaller than the buffer header");

	/*
	 * section 1: a compressed buffer is its header and XPRESS data,
	 * BufferSize = bytes on disk (no alignment).  Windows' writers name
	 * the decompressed extent in different fields (etl-format.rst,
	 * "Compressed buffers"): the kernel in SavedOffset (and Offset),
	 * the relogger in Offset alone.  The larger of the two that can be
	 * an extent bounds the decompression; etl_buffer_decompress()
	 * checks the data against both.
	 */
	if (info->buffer_flag & ETL_BUFFER_FLAG_COMPRESSED) {
		if (size > len)
			return bad(diag, BH(buffer_size), "BufferSize larger than the bytes available");
		info->buffer_size = size;
		if (extent_ok(saved))
			info->filled = saved;
		if (extent_ok(off) && off > info->filled)
			info->filled = off;
		if (!info->filled)
			return bad(diag, BH(saved_offset),
				   "compressed buffer: neither SavedOffset nor Offset is a decompressed size");
		if (diag) {
			diag->why = "compressed buffer";
			diag->offset = BH(buffer_flag);
		}
		return -EOPNOTSUPP;
	}

	if (size % ETL_RECORD_ALIGN)
		return bad(diag, BH(buffer_size), "BufferSize not a multiple of 8");
	avail = size;
	if (size > len) {
		if (!partial)
			return bad(diag, BH(buffer_size), "BufferSize larger than the bytes available");
		avail = (u32)len & ~(u32)(ETL_RECORD_ALIGN - 1);
		info->flags |= ETL_BUFINFO_PARTIAL;
	}
	info->buffer_size = size;

	/*
	 * section 2: Offset (FilledBytes) bounds the data for Microsoft's
	 * readers and dissect, SavedOffset for etl-parser; Windows keeps
	 * them equal.  Prefer Offset, fall back to SavedOffset.
	 */
	if (filled_ok(off, size)) {
		info->filled = off;
	} else if (filled_ok(saved, size)) {
		info->filled = saved;
		info->flags |= ETL_BUFINFO_SAVED_OFFSET;
	} else {
		return bad(diag, BH(offset),
			   off % ETL_RECORD_ALIGN && off <= size ?
			   "Offset not a multiple of 8" :
			   "Offset outside the buffer");
	}
	if (info->filled > avail)
		info->filled = avail;
	return 0;
}

int etl_buffer_parse(const void *buf, size_t len, struct etl_buffer_info *info,
		     struct etl_diag *diag)
{
	return buffer_parse(buf, len, false, info, diag);
}

int etl_buffer_parse_partial(const void *buf, size_t len,
			     struct etl_buffer_info *info,
			     struct etl_diag *diag)
{
	return buffer_parse(buf, len, true, info, diag);
}

/* --- records ------------------------------------------------------------ */

struct rec_kind {
	u8 kind;
	u8 family;
	u8 fixed;		/* bytes of the fixed header */
	u8 size_at;		/* offset of the u16 Size */
	u8 pointer_size;
};

/* section 3.1, HeaderType table; the highest type is INSTANCE64 (0x15) */
#define REC_KINDS_N	(ETL_HEADER_TYPE_INSTANCE64 + 1)
static const struct rec_kind rec_kinds[REC_KINDS_N] = {
	[ETL_HEADER_TYPE_SYSTEM32] = { ETL_REC_SYSTEM32, ETL_FAM_SYSTEM, 0x20, 4, 4 },
	[ETL_HEADER_TYPE_SYSTEM64] = { ETL_REC_SYSTEM64, ETL_FAM_SYSTEM, 0x20, 4, 8 },
	[ETL_HEADER_TYPE_COMPACT32] = { ETL_REC_COMPACT32, ETL_FAM_SYSTEM, 0x18, 4, 4 },
	[ETL_HEADER_TYPE_COMPACT64] = { ETL_REC_COMPACT64, ETL_FAM_SYSTEM, 0x18, 4, 8 },
	[ETL_HEADER_TYPE_FULL_HEADER32] = { ETL_REC_FULL_HEADER32, ETL_FAM_CLASSIC, 0x30, 0, 4 },
	[ETL_HEADER_TYPE_INSTANCE32] = { ETL_REC_INSTANCE32, ETL_FAM_CLASSIC, 0x48, 0, 4 },
	[ETL_HEADER_TYPE_ERROR] = { ETL_REC_ERROR, ETL_FAM_ERROR, 4, 0, 0 },
	[ETL_HEADER_TYPE_PERFINFO32] = { ETL_REC_PERFINFO32, ETL_FAM_SYSTEM, 0x10, 4, 4 },
	[ETL_HEADER_TYPE_PERFINFO64] = { ETL_REC_PERFINFO64, ETL_FAM_SYSTEM, 0x10, 4, 8 },
	[ETL_HEADER_TYPE_EVENT_HEADER32] = { ETL_REC_EVENT_HEADER32, ETL_FAM_EVENT, 0x50, 0, 4 },
	[ETL_HEADER_TYPE_EVENT_HEADER64] = { ETL_REC_EVENT_HEADER64, ETL_FAM_EVENT, 0x50, 0, 8 },
	[ETL_HEADER_TYPE_FULL_HEADER64] = { ETL_REC_FULL_HEADER64, ETL_FAM_CLASSIC, 0x30, 0, 8 },
	[ETL_HEADER_TYPE_INSTANCE64] = { ETL_REC_INSTANCE64, ETL_FAM_CLASSIC, 0x48, 0, 8 },
};

static const char * const rec_kind_names[ETL_REC_KIND_COUNT] = {
	[ETL_REC_NONE] = "NONE",
	[ETL_REC_SYSTEM32] = "SYSTEM32",
	[ETL_REC_SYSTEM64] = "SYSTEM64",
	[ETL_REC_COMPACT32] = "COMPACT32",
	[ETL_REC_COMPACT64] = "COMPACT64",
	[ETL_REC_PERFINFO32] = "PERFINFO32",
	[ETL_REC_PERFINFO64] = "PERFINFO64",
	[ETL_REC_FULL_HEADER32] = "FULL_HEADER32",
	[ETL_REC_FULL_HEADER64] = "FULL_HEADER64",
	[ETL_REC_INSTANCE32] = "INSTANCE32",
	[ETL_REC_INSTANCE64] = "INSTANCE64",
	[ETL_REC_EVENT_HEADER32] = "EVENT_HEADER32",
	[ETL_REC_EVENT_HEADER64] = "EVENT_HEADER64",
	[ETL_REC_MESSAGE] = "MESSAGE",
	[ETL_REC_ERROR] = "ERROR",
};

const char *etl_record_kind_name(unsigned int kind)
{
	return kind < ETL_REC_KIND_COUNT ? rec_kind_names[kind] : "?";
}

/*
 * One step of an extended-item chain: the item at @pos of a record whose
 * items end at @end.  Returns the item size, or -EBADMSG with @why set.
 */
static int ext_step(const u8 *rec, u32 pos, u32 end, struct etl_ext *item,
		    const char **why)
{
	u32 isz, dsz;

	if (pos > end || end - pos < sizeof(struct etl_ext_item)) {
		*why = "extended item header past the record (Linkage runs off)";
		return -EBADMSG;
	}
	isz = ld16(rec + pos + offsetof(struct etl_ext_item, item_size));
	dsz = ld16(rec + pos + offsetof(struct etl_ext_item, data_size));
	/* etl-format section 3.3: ItemSize = 8 + DataSize rounded up to 8 */
	if (isz != etl_ext_item_size(dsz)) {
		*why = isz % ETL_RECORD_ALIGN ?
			"extended item size not a multiple of 8" :
			"extended item size does not match its DataSize";
		return -EBADMSG;
	}
	if (isz > end - pos) {
		*why = "extended item runs past the record";
		return -EBADMSG;
	}
	item->ext_type = ld16(rec + pos + offsetof(struct etl_ext_item, ext_type));
	item->linkage = ld16(rec + pos + offsetof(struct etl_ext_item, linkage));
	item->item_size = isz;
	item->data_size = dsz;
	item->offset = pos;
	item->data = rec + pos + sizeof(struct etl_ext_item);
	return isz;
}

static int decode_event(const u8 *p, struct etl_record *rec,
			struct etl_diag *diag)
{
	struct etl_rec_event *ev = &rec->event;
	u32 pos = sizeof(struct etl_event_header);
	struct etl_ext item;
	const char *why;
	int n;

	ev->ext = NULL;
	ev->ext_len = 0;
	ev->ext_count = 0;
	ev->flags = ld16(p + EH(flags));
	ev->event_property = ld16(p + EH(event_property));
	rec->thread_id = ld32(p + EH(thread_id));
	rec->process_id = ld32(p + EH(process_id));
	rec->timestamp = ld64(p + EH(timestamp));
	rec->present = ETL_REC_HAS_TIME | ETL_REC_HAS_IDS;
	memcpy(ev->provider_id, p + EH(provider_id), 16);
	ev->id = ld16(p + EH(id));
	ev->version = p[EH(version)];
	ev->channel = p[EH(channel)];
	ev->level = p[EH(level)];
	ev->opcode = p[EH(opcode)];
	ev->task = ld16(p + EH(task));
	ev->keyword = ld64(p + EH(keyword));
	ev->kernel_time = ld32(p + EH(kernel_time));
	ev->user_time = ld32(p + EH(user_time));
	ev->processor_time = ld64(p + EH(kernel_time));
	memcpy(ev->activity_id, p + EH(activity_id), 16);

	/* section 3.3: items from 0x50 while Linkage, then user data */
	if (ev->flags & ETL_EH_FLAG_EXTENDED_INFO) {
		ev->ext = p + pos;
		do {
			n = ext_step(p, pos, rec->size, &item, &why);
			if (n < 0)
				return bad(diag, rec->offset + pos, why);
			pos += n;
			ev->ext_count++;
		} while (item.linkage & 1);
		ev->ext_len = pos - sizeof(struct etl_event_header);
	}
	rec->payload = p + pos;
	rec->payload_len = rec->size - pos;
	return 0;
}

static int decode_system(const u8 *p, u32 fixed, struct etl_record *rec,
			 struct etl_diag *diag)
{
	struct etl_rec_system *sy = &rec->system;
	u32 ext;

	sy->version = ld16(p + SH(version));
	sy->event_version = sy->version & 0xFF;
	sy->hook_id = ld16(p + SH(hook_id));
	sy->group = sy->hook_id >> 8;
	sy->type = sy->hook_id & 0xFF;
	rec->present = ETL_REC_HAS_TIME;
	if (rec->kind == ETL_REC_PERFINFO32 || rec->kind == ETL_REC_PERFINFO64) {
		/* section 3.2: PERFINFO has the raw time at 0x08 */
		rec->timestamp = ld64(p + SH(thread_id));
	} else {
		rec->thread_id = ld32(p + SH(thread_id));
		rec->process_id = ld32(p + SH(process_id));
		rec->timestamp = ld64(p + SH(system_time));
		rec->present |= ETL_REC_HAS_IDS;
	}
	if (rec->kind == ETL_REC_SYSTEM32 || rec->kind == ETL_REC_SYSTEM64) {
		sy->kernel_time = ld32(p + SH(kernel_time));
		sy->user_time = ld32(p + SH(user_time));
	}

	/* section 3.2: PEBS bit => 8 bytes, PMC count n => 8n bytes */
	sy->pebs = !!(sy->version & 0x8000);
	sy->pmc_count = (sy->version >> 8) & 7;
	ext = 8 * (sy->pebs + sy->pmc_count);
	if (ext > rec->size - fixed)
		return bad(diag, rec->offset, "PEBS/PMC extension runs past the record");
	if (ext) {
		sy->ext = p + fixed;
		sy->ext_len = ext;
	}
	rec->payload = p + fixed + ext;
	rec->payload_len = rec->size - fixed - ext;
	return 0;
}

static void decode_classic(const u8 *p, u32 fixed, struct etl_record *rec)
{
	struct etl_rec_classic *cl = &rec->classic;

	cl->type = p[FH(type)];
	cl->level = p[FH(level)];
	cl->version = ld16(p + FH(version));
	rec->thread_id = ld32(p + FH(thread_id));
	rec->process_id = ld32(p + FH(process_id));
	rec->timestamp = ld64(p + FH(timestamp));
	rec->present = ETL_REC_HAS_TIME | ETL_REC_HAS_IDS;
	memcpy(cl->guid, p + FH(guid), 16);
	cl->kernel_time = ld32(p + FH(kernel_time));
	cl->user_time = ld32(p + FH(user_time));
	if (rec->kind == ETL_REC_INSTANCE32 || rec->kind == ETL_REC_INSTANCE64) {
		cl->instance = true;
		cl->instance_id = ld32(p + IH(instance_id));
		cl->parent_instance_id = ld32(p + IH(parent_instance_id));
		memcpy(cl->parent_guid, p + IH(parent_guid), 16);
	}
	rec->payload = p + fixed;
	rec->payload_len = rec->size - fixed;
}

/* section 3.6: optional fields in flag order after the 8-byte header */
/* section 3.6: where a TraceMessage keeps its time, if it has one */
static u32 msg_time_at(u16 fl)
{
	return 8 + (fl & ETL_MSG_SEQUENCE ? 4 : 0) +
	       (fl & ETL_MSG_GUID ? 16 : 0) +
	       (fl & ETL_MSG_COMPONENTID ? 4 : 0);
}

static int decode_message(const u8 *p, struct etl_record *rec,
			  struct etl_diag *diag)
{
	struct etl_rec_message *m = &rec->message;
	u32 pos = 8, need = 8;
	u16 fl;

	m->message_number = ld16(p + 4);
	m->option_flags = fl = ld16(p + 6);
	if ((fl & ETL_MSG_GUID) && (fl & ETL_MSG_COMPONENTID))
		return bad(diag, rec->offset + 6, "message has both GUID and COMPONENTID");
	need += fl & ETL_MSG_SEQUENCE ? 4 : 0;
	need += fl & ETL_MSG_GUID ? 16 : 0;
	need += fl & ETL_MSG_COMPONENTID ? 4 : 0;
	need += fl & ETL_MSG_TIMESTAMP ? 8 : 0;
	need += fl & ETL_MSG_SYSTEMINFO ? 8 : 0;
	if (need > rec->size)
		return bad(diag, rec->offset, "message fields run past the record");
	if (fl & ETL_MSG_SEQUENCE) {
		m->sequence = ld32(p + pos);
		pos += 4;
	}
	if (fl & ETL_MSG_GUID) {
		memcpy(m->guid, p + pos, 16);
		pos += 16;
	}
	if (fl & ETL_MSG_COMPONENTID) {
		m->component_id = ld32(p + pos);
		pos += 4;
	}
	if (fl & ETL_MSG_TIMESTAMP) {
		pos = msg_time_at(fl);
		rec->timestamp = ld64(p + pos);
		rec->present |= ETL_REC_HAS_TIME;
		pos += 8;
	}
	if (fl & ETL_MSG_SYSTEMINFO) {
		rec->thread_id = ld32(p + pos);
		rec->process_id = ld32(p + pos + 4);
		rec->present |= ETL_REC_HAS_IDS;
		pos += 8;
	}
	rec->payload = p + pos;
	rec->payload_len = rec->size - pos;
	return 0;
}

int etl_record_decode(const void *buf, u32 filled, u32 offset,
		      struct etl_record *rec, struct etl_diag *diag)
{
	const struct rec_kind *k;
	struct rec_kind msg = { ETL_REC_MESSAGE, ETL_FAM_MESSAGE, 8, 0, 0 };
	const u8 *p;
	u32 left;
	u8 type;

	if (!buf || !rec)
		return -EINVAL;
	/*
	 * The common part only: this runs once per event, and the family
	 * decoders clear what they do not set (a memset of the whole record
	 * is a rep stos, the most expensive instruction here).
	 */
	memset(rec, 0, offsetof(struct etl_record, event));
	/* section 3.1: records start at multiples of 8 from the buffer */
	if (offset % ETL_RECORD_ALIGN)
		return bad(diag, offset, "record not 8-aligned");
	if (offset > filled || filled - offset < 4)
		return bad(diag, offset, "record marker past the filled bytes");
	p = (const u8 *)buf + offset;
	left = filled - offset;
	type = p[2];
	rec->data = p;
	rec->offset = offset;
	rec->header_type = type;
	rec->marker_flags = p[3];

	/* section 3.1: top byte 0xC0 = trace header, 0x90 = TraceMessage */
	if (p[3] == ETL_MARKER_MESSAGE_FLAGS)
		k = &msg;
	else if (p[3] != ETL_MARKER_FLAGS)
		return bad(diag, offset, "bad record marker");
	else if (type < REC_KINDS_N && rec_kinds[type].kind)
		k = &rec_kinds[type];
	else
		return bad(diag, offset, "unknown record header type");
	rec->kind = k->kind;
	rec->family = k->family;
	rec->pointer_size = k->pointer_size;

	if (left < k->fixed)
		return bad(diag, offset, "record header past the filled bytes");
	rec->size = ld16(p + k->size_at);
	if (rec->size < k->fixed)
		return bad(diag, offset, "record size smaller than its header");
	if (rec->size > left)
		return bad(diag, offset, "record runs past the filled bytes");

	if (k->family != ETL_FAM_EVENT)
		memset(&rec->event, 0, sizeof(*rec) -
		       offsetof(struct etl_record, event));
	switch (k->family) {
	case ETL_FAM_EVENT:
		return decode_event(p, rec, diag);
	case ETL_FAM_SYSTEM:
		return decode_system(p, k->fixed, rec, diag);
	case ETL_FAM_CLASSIC:
		decode_classic(p, k->fixed, rec);
		return 0;
	case ETL_FAM_MESSAGE:
		return decode_message(p, rec, diag);
	default:
		/* ERROR: contents undocumented; Size at +0 (s4) */
		rec->payload = p + k->fixed;
		rec->payload_len = rec->size - k->fixed;
		return 0;
	}
}

int etl_record_iter_init(struct etl_record_iter *it, const void *buf,
			 const struct etl_buffer_info *info)
{
	if (!it || !buf || !info || !filled_ok(info->filled, info->buffer_size))
		return -EINVAL;
	memset(it, 0, sizeof(*it));
	it->buf = buf;
	it->filled = info->filled;
	it->pos = ETL_BUFFER_HEADER_SIZE;
	return 0;
}

void etl_record_iter_recover(struct etl_record_iter *it)
{
	if (it)
		it->recover = true;
}

/*
 * The aligned extent of the record at @offset when its marker, header
 * type and Size can be trusted (Size covers the fixed header and fits
 * the filled bytes), else 0.
 */
static u32 record_extent(const u8 *buf, u32 filled, u32 offset)
{
	const struct rec_kind *k;
	const u8 *p = buf + offset;
	u32 size, left = filled - offset;

	if (left < 4)
		return 0;
	if (p[3] == ETL_MARKER_MESSAGE_FLAGS) {
		size = ld16(p);
		if (size < ETL_MESSAGE_HEADER_SIZE)
			return 0;
	} else if (p[3] == ETL_MARKER_FLAGS && p[2] < REC_KINDS_N &&
		   rec_kinds[p[2]].kind) {
		k = &rec_kinds[p[2]];
		if (left < k->fixed)
			return 0;
		size = ld16(p + k->size_at);
		if (size < k->fixed)
			return 0;
	} else {
		return 0;
	}
	if (size > left)
		return 0;
	size = ETL_ALIGN8(size);
	return size < left ? size : left;
}

int etl_record_next(struct etl_record_iter *it, struct etl_record *rec)
{
	int rc;

	if (!it || !rec)
		return -EINVAL;
	if (it->err)
		return it->err;
	if (it->pos >= it->filled)
		return 0;
	/* section 3.1: 0xFFFFFFFF ends the records of a buffer */
	if (it->filled - it->pos >= 4 && ld32(it->buf + it->pos) == ETL_MARKER_END) {
		it->pos = it->filled;
		return 0;
	}
	rc = etl_record_decode(it->buf, it->filled, it->pos, rec, &it->diag);
	if (rc < 0) {
		u32 ext;

		if (!it->recover || rc != -EBADMSG) {
			it->err = rc;
			return rc;
		}
		/* issue 9: skip the record if its extent is known, else the rest */
		ext = record_extent(it->buf, it->filled, it->pos);
		if (ext) {
			it->skip_record = true;
			it->skipped_records++;
		} else {
			ext = it->filled - it->pos;
			it->skip_record = false;
			it->dropped_tails++;
			it->dropped_bytes += ext;
		}
		it->skip_bytes = ext;
		it->pos += ext;
		return rc;
	}
	/* section 3.1: the next record is at align8(Size) */
	it->pos += ETL_ALIGN8(rec->size);
	return 1;
}

int etl_record_skim(struct etl_record_iter *it, u64 *ts)
{
	const u8 *p;
	u32 ext, at;

	if (it->err || it->pos >= it->filled)
		return 0;
	p = it->buf + it->pos;
	if (it->filled - it->pos >= 4 && ld32(p) == ETL_MARKER_END)
		return 0;
	ext = record_extent(it->buf, it->filled, it->pos);
	if (!ext)
		return 0;
	it->pos += ext;
	if (p[3] == ETL_MARKER_MESSAGE_FLAGS) {
		if (!(ld16(p + 6) & ETL_MSG_TIMESTAMP))
			return 2;
		at = msg_time_at(ld16(p + 6));
	} else if (rec_kinds[p[2]].family == ETL_FAM_ERROR) {
		return 2;
	} else if (rec_kinds[p[2]].kind == ETL_REC_PERFINFO32 ||
		   rec_kinds[p[2]].kind == ETL_REC_PERFINFO64) {
		at = SH(thread_id);	/* section 3.2 */
	} else {
		/* SYSTEM/COMPACT, classic and EVENT_HEADER alike */
		at = EH(timestamp);
	}
	if (at + 8 > ext)
		return 2;
	*ts = ld64(p + at);
	return 1;
}

void etl_ext_iter_init(struct etl_ext_iter *it, const struct etl_record *rec)
{
	memset(it, 0, sizeof(*it));
	it->done = true;
	if (rec && rec->family == ETL_FAM_EVENT && rec->event.ext) {
		it->rec = rec->data;
		it->pos = sizeof(struct etl_event_header);
		it->end = it->pos + rec->event.ext_len;
		it->done = false;
	}
}

int etl_ext_next(struct etl_ext_iter *it, struct etl_ext *item)
{
	const char *why;
	int n;

	if (!it || !item)
		return -EINVAL;
	if (it->done)
		return 0;
	n = ext_step(it->rec, it->pos, it->end, item, &why);
	if (n < 0) {
		it->done = true;
		return n;
	}
	it->pos += n;
	if (!(item->linkage & 1))
		it->done = true;
	return 1;
}

/* --- the logfile header (section 4) ------------------------------------- */

/*
 * A NUL-terminated UTF-16LE string at *@p (*@left bytes): sets @s/@units
 * and moves past it.  Returns 0, or the MISSING or TRUNCATED bit given.
 */
static u16 take_utf16(const u8 **p, u32 *left, const u8 **s, u32 *units,
		      u16 missing, u16 truncated)
{
	u32 i;

	*s = NULL;
	*units = 0;
	if (*left < 2)
		return *left ? truncated : missing;
	for (i = 0; i + 1 < *left; i += 2) {
		if (!(*p)[i] && !(*p)[i + 1]) {
			*s = *p;
			*units = i / 2;
			*p += i + 2;
			*left -= i + 2;
			return 0;
		}
	}
	*s = *p;
	*units = *left / 2;
	*p += *left;
	*left = 0;
	return truncated;
}

int etl_logfile_parse(const struct etl_record *rec,
		      struct etl_logfile_info *lf, struct etl_diag *diag)
{
	struct etl_logfile_header *h;
	const u8 *p, *x;
	u32 need, left, shift;

	if (!rec || !lf || !rec->data)
		return -EINVAL;
	memset(lf, 0, sizeof(*lf));
	/* section 4: a SYSTEM (or COMPACT, as readers accept) record, HookId 0 */
	switch (rec->kind) {
	case ETL_REC_SYSTEM64:
	case ETL_REC_COMPACT64:
		lf->pointer_width = 8;
		need = ETL_LOGFILE_HEADER_SIZE;
		break;
	case ETL_REC_SYSTEM32:
	case ETL_REC_COMPACT32:
		lf->pointer_width = 4;
		need = ETL_LOGFILE_HEADER32_SIZE;
		break;
	default:
		return bad(diag, rec->offset, "logfile header is not a SYSTEM/COMPACT record");
	}
	if (rec->system.hook_id != 0)
		return bad(diag, rec->offset, "logfile header record has HookId != 0");
	/* section 4: "HeaderType decides, not PointerSize": 0x118 or 0x110 */
	if (rec->payload_len < need)
		return bad(diag, rec->offset, "logfile header truncated");

	lf->header_type = rec->header_type;
	lf->thread_id = rec->thread_id;
	lf->process_id = rec->process_id;
	lf->raw_time = rec->timestamp;

	h = &lf->hdr;
	x = rec->payload;
#define LF(f)	offsetof(struct etl_logfile_header, f)
	h->buffer_size = ld32(x + LF(buffer_size));
	memcpy(h->version, x + LF(version), 4);
	h->provider_version = ld32(x + LF(provider_version));
	h->number_of_processors = ld32(x + LF(number_of_processors));
	h->end_time = ld64(x + LF(end_time));
	h->timer_resolution = ld32(x + LF(timer_resolution));
	h->maximum_file_size = ld32(x + LF(maximum_file_size));
	h->log_file_mode = ld32(x + LF(log_file_mode));
	h->buffers_written = ld32(x + LF(buffers_written));
	h->start_buffers = ld32(x + LF(start_buffers));
	h->pointer_size = ld32(x + LF(pointer_size));
	h->events_lost = ld32(x + LF(events_lost));
	h->cpu_speed_mhz = ld32(x + LF(cpu_speed_mhz));
	/* section 4: the x86 form has two u32 slots at 0x38/0x3C, then
	 * everything 8 bytes earlier than in the x64 form
	 */
	if (lf->pointer_width == 8) {
		h->logger_name = ld64(x + LF(logger_name));
		h->log_file_name = ld64(x + LF(log_file_name));
		shift = 0;
	} else {
		h->logger_name = ld32(x + LF(logger_name));
		h->log_file_name = ld32(x + LF(logger_name) + 4);
		shift = 8;
	}
	memcpy(h->time_zone, x + LF(time_zone) - shift, sizeof(h->time_zone));
	h->tz_padding = ld32(x + LF(tz_padding) - shift);
	h->boot_time = ld64(x + LF(boot_time) - shift);
	h->perf_freq = ld64(x + LF(perf_freq) - shift);
	h->start_time = ld64(x + LF(start_time) - shift);
	h->reserved_flags = ld32(x + LF(reserved_flags) - shift);
	h->buffers_lost = ld32(x + LF(buffers_lost) - shift);
#undef LF

	/* section 4: logger name, then log file name; Size covers them */
	p = x + need;
	left = rec->payload_len - need;
	lf->names = take_utf16(&p, &left, &lf->logger_name, &lf->logger_name_len,
			       ETL_LF_LOGGER_NAME_MISSING,
			       ETL_LF_LOGGER_NAME_TRUNCATED);
	if (lf->names)
		lf->names |= ETL_LF_LOG_FILE_NAME_MISSING;
	else
		lf->names = take_utf16(&p, &left, &lf->log_file_name,
				       &lf->log_file_name_len,
				       ETL_LF_LOG_FILE_NAME_MISSING,
				       ETL_LF_LOG_FILE_NAME_TRUNCATED);
	return lf->names;
}

/* --- timestamps (section 5) --------------------------------------------- */

static u64 gcd64(u64 a, u64 b)
{
	while (b) {
		u64 t = a % b;

		a = b;
		b = t;
	}
	return a;
}

int etl_clock_init(struct etl_clock *clk, u32 clock_type, u64 perf_freq,
		   u32 cpu_speed_mhz, u64 start_time, u64 base_raw)
{
	u64 g;

	if (!clk)
		return -EINVAL;
	memset(clk, 0, sizeof(*clk));
	/* section 5: scale to 100 ns: 10^7/PerfFreq, 1, 10/CpuSpeedInMHz */
	switch (clock_type) {
	case ETL_CLOCK_QPC:
		if (!perf_freq)
			return -EINVAL;
		clk->mul = 10000000;
		clk->div = perf_freq;
		break;
	case ETL_CLOCK_SYSTEM_TIME:
		clk->mul = 1;
		clk->div = 1;
		break;
	case ETL_CLOCK_CPU_CYCLE:
		if (!cpu_speed_mhz)
			return -EINVAL;
		clk->mul = 10;
		clk->div = cpu_speed_mhz;
		break;
	default:
		return -EINVAL;
	}
	g = gcd64(clk->mul, clk->div);
	clk->mul /= g;
	clk->div /= g;
	clk->type = clock_type;
	clk->start_time = start_time;
	clk->base_raw = base_raw;
	return 0;
}

int etl_clock_from_logfile(struct etl_clock *clk,
			   const struct etl_logfile_info *lf)
{
	if (!lf)
		return -EINVAL;
	return etl_clock_init(clk, lf->hdr.reserved_flags, lf->hdr.perf_freq,
			      lf->hdr.cpu_speed_mhz, lf->hdr.start_time,
			      lf->raw_time);
}

/*
 * floor(r * mul / div) for r < div, by doubling and adding with the
 * running remainder kept below div: no intermediate exceeds 2^64.
 */
static u64 muldiv_small(u64 r, u64 mul, u64 div)
{
	u64 q = 0, rem = 0;
	int bit;

	for (bit = 63; bit >= 0; bit--) {
		/* (q, rem) *= 2 */
		q <<= 1;
		if (rem >= div - rem) {
			rem -= div - rem;
			q++;
		} else {
			rem += rem;
		}
		/* (q, rem) += r when this bit of mul is set */
		if ((mul >> bit) & 1) {
			if (rem >= div - r) {
				rem -= div - r;
				q++;
			} else {
				rem += r;
			}
		}
	}
	return q;
}

/*
 * delta * mul / div, or ~0 when it does not fit in 64 bits.  Called for
 * every event a consumer delivers: the common clocks need one division
 * or none (QPC in ns: 1/100; system time: 1/1).
 */
static u64 scale(u64 delta, u64 mul, u64 div)
{
	u64 q, r, hi, lo;

	if (mul == 1)
		return div == 1 ? delta : delta / div;
	q = delta / div;
	r = delta % div;
	if (q && q > ~0ULL / mul)
		return ~0ULL;
	hi = q * mul;
	if (!r)
		lo = 0;
	else if (r <= ~0ULL / mul)
		lo = r * mul / div;
	else
		lo = muldiv_small(r, mul, div);
	if (lo > ~0ULL - hi)
		return ~0ULL;
	return hi + lo;
}

s64 etl_clock_to_filetime(const struct etl_clock *clk, u64 raw)
{
	u64 d, start;

	if (!clk || !clk->div)
		return 0;
	start = clk->start_time > (u64)ETL_S64_MAX ? (u64)ETL_S64_MAX : clk->start_time;
	if (raw >= clk->base_raw) {
		d = scale(raw - clk->base_raw, clk->mul, clk->div);
		if (d > (u64)ETL_S64_MAX - start)
			return ETL_S64_MAX;
		return (s64)(start + d);
	}
	d = scale(clk->base_raw - raw, clk->mul, clk->div);
	return d >= start ? 0 : (s64)(start - d);
}
