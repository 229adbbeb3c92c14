// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Writing ETL buffers: the few steps etw.ko takes around each buffer and
 * each record.  The record payload itself is copied by the caller straight
 * from user memory into place.
 */
#include "etw_etl.h"
#include "etw_utf.h"
#include "etw_xpress.h"

void etl_buffer_init(void *buf, u32 buffer_size, u16 processor_index,
		     u16 logger_id, u16 buffer_type)
{
	struct etl_buffer_header *h = buf;

	memset(h, 0, sizeof(*h));
	h->buffer_size = buffer_size;
	h->saved_offset = ETL_BUFFER_HEADER_SIZE;
	h->current_offset = ETL_BUFFER_HEADER_SIZE;
	h->offset = ETL_BUFFER_HEADER_SIZE;
	h->processor_index = processor_index & ETL_PROCESSOR_INDEX_MASK;
	h->logger_id = logger_id;
	h->state = ETL_BUFFER_STATE_GENERAL;
	h->buffer_flag = ETL_BUFFER_FLAG_PROC_INDEX;
	h->buffer_type = buffer_type;
}

void etl_buffer_seal(void *buf, u32 filled, u64 timestamp, u64 sequence,
		     u16 extra_flags)
{
	struct etl_buffer_header *h = buf;

	h->saved_offset = filled;
	h->current_offset = filled;
	h->offset = filled;
	h->timestamp = timestamp;
	h->sequence_number = sequence;
	h->state = ETL_BUFFER_STATE_FLUSH;
	h->buffer_flag |= extra_flags;
	if (filled < h->buffer_size)
		memset((u8 *)buf + filled, 0xFF, h->buffer_size - filled);
}

void *etl_put_ext_item(void *dst, u16 ext_type, const void *data,
		       u16 data_size, bool more)
{
	struct etl_ext_item *it = dst;
	u32 padded = ETL_ALIGN8((u32)data_size);
	u8 *p = (u8 *)(it + 1);

	it->item_size = (u16)(sizeof(*it) + padded);
	it->ext_type = ext_type;
	it->linkage = more ? 1 : 0;
	it->data_size = data_size;
	memcpy(p, data, data_size);
	memset(p + data_size, 0, padded - data_size);
	return p + padded;
}

/* A NUL-terminated UTF-16LE copy of @s at @p; returns the bytes used. */
static u32 etl_put_name(u8 *p, u32 room, const char *s, u32 len)
{
	return (u32)etw_utf8_to_utf16z(s ? s : "", s ? len : 0, p, room);
}

void etl_logfile_header_fill(struct etl_logfile_header *lf,
			     const struct etl_logfile_params *p)
{
	memset(lf, 0, sizeof(*lf));
	lf->buffer_size = p->buffer_size;
	/* Windows 10 writes {10, 0, 1, 5} and a build number. */
	lf->version[0] = 10;
	lf->version[1] = 0;
	lf->version[2] = 1;
	lf->version[3] = 5;
	lf->provider_version = ETL_HEADER_PROVIDER_VERSION;
	lf->number_of_processors = p->nr_processors;
	lf->end_time = p->end_time;
	lf->timer_resolution = ETL_HEADER_TIMER_RESOLUTION;
	lf->maximum_file_size = p->max_file_size;
	lf->log_file_mode = p->log_file_mode;
	lf->buffers_written = p->buffers_written;
	lf->start_buffers = 1;
	lf->pointer_size = 8;
	lf->events_lost = p->events_lost;
	lf->cpu_speed_mhz = p->cpu_mhz ? p->cpu_mhz : 1;
	memcpy(lf->time_zone, &p->tz_bias, 4);	/* TIME_ZONE_INFORMATION.Bias */
	lf->boot_time = p->boot_time;
	lf->perf_freq = p->perf_freq ? p->perf_freq : 1;
	lf->start_time = p->start_time;
	lf->reserved_flags = p->clock_type;
	lf->buffers_lost = p->buffers_lost;
}

int etl_header_buffer_write(void *buf, u32 buffer_size, u16 logger_id,
			    const struct etl_logfile_params *p)
{
	u8 *b = buf, *rec = b + ETL_BUFFER_HEADER_SIZE;
	struct etl_system_header *sh = (void *)rec;
	struct etl_logfile_header *lf = (void *)(sh + 1);
	u32 fixed = sizeof(*sh) + sizeof(*lf), room, size;

	if (buffer_size < ETL_BUFFER_HEADER_SIZE + fixed + 4)
		return -EINVAL;
	etl_buffer_init(buf, buffer_size, 0, logger_id, ETL_BUFFER_TYPE_HEADER);
	room = buffer_size - ETL_BUFFER_HEADER_SIZE - fixed;
	memset(sh, 0, sizeof(*sh));
	etl_logfile_header_fill(lf, p);

	size = fixed;
	size += etl_put_name(rec + size, room, p->logger_name,
			     p->logger_name_len);
	size += etl_put_name(rec + size, buffer_size - ETL_BUFFER_HEADER_SIZE -
			     size, p->log_file_name, p->log_file_name_len);

	sh->version = ETL_SYSTEM_TRACE_VERSION;
	sh->header_type = ETL_HEADER_TYPE_SYSTEM64;
	sh->marker_flags = ETL_MARKER_FLAGS;
	sh->size = (u16)size;
	sh->hook_id = 0;	/* EventTrace group, type 0: the header */
	sh->thread_id = p->thread_id;
	sh->process_id = p->process_id;
	sh->system_time = p->start_raw;

	etl_buffer_seal(buf, ETL_BUFFER_HEADER_SIZE + ETL_ALIGN8(size), 0, 0,
			ETL_BUFFER_FLAG_FLUSH_MARKER);
	memset(rec + size, 0, ETL_ALIGN8(size) - size);
	return 0;
}

/* --- MESSAGE records (section 3.6) -------------------------------------- */

int etl_message_flags_check(u32 flags)
{
	if (flags & ~(u32)ETL_MSG_FLAGS_KNOWN)
		return -EINVAL;
	if ((flags & ETL_MSG_GUID) && (flags & ETL_MSG_COMPONENTID))
		return -EINVAL;
	if ((flags & ETL_MSG_POINTER32) && (flags & ETL_MSG_POINTER64))
		return -EINVAL;
	return 0;
}

u32 etl_message_header_size(u16 flags)
{
	u32 n = ETL_MESSAGE_HEADER_SIZE;

	if (flags & ETL_MSG_SEQUENCE)
		n += 4;
	if (flags & ETL_MSG_GUID)
		n += 16;
	else if (flags & ETL_MSG_COMPONENTID)
		n += 4;
	if (flags & ETL_MSG_TIMESTAMP)
		n += 8;
	if (flags & ETL_MSG_SYSTEMINFO)
		n += 8;
	return n;
}

/* Little-endian stores at any alignment (the fields follow each other). */
static u8 *etl_st16(u8 *p, u16 v)
{
	p[0] = (u8)v;
	p[1] = (u8)(v >> 8);
	return p + 2;
}

static u8 *etl_st32(u8 *p, u32 v)
{
	p = etl_st16(p, (u16)v);
	return etl_st16(p, (u16)(v >> 16));
}

static u8 *etl_st64(u8 *p, u64 v)
{
	p = etl_st32(p, (u32)v);
	return etl_st32(p, (u32)(v >> 32));
}

void *etl_message_put_header(void *dst, u16 size,
			     const struct etl_rec_message *m, u64 timestamp,
			     u32 thread_id, u32 process_id)
{
	u16 fl = m->option_flags;
	u8 *p = dst;

	p = etl_st16(p, size);
	*p++ = 0;				/* reserved byte */
	*p++ = ETL_MARKER_MESSAGE_FLAGS;	/* 0x90 */
	p = etl_st16(p, m->message_number);
	p = etl_st16(p, fl);
	if (fl & ETL_MSG_SEQUENCE)
		p = etl_st32(p, m->sequence);
	if (fl & ETL_MSG_GUID) {
		memcpy(p, m->guid, 16);
		p += 16;
	} else if (fl & ETL_MSG_COMPONENTID) {
		p = etl_st32(p, m->component_id);
	}
	if (fl & ETL_MSG_TIMESTAMP)
		p = etl_st64(p, timestamp);
	if (fl & ETL_MSG_SYSTEMINFO) {
		p = etl_st32(p, thread_id);
		p = etl_st32(p, process_id);
	}
	return p;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = v & 0xFF;
	p[1] = (v >> 8) & 0xFF;
	p[2] = (v >> 16) & 0xFF;
	p[3] = v >> 24;
}

int etl_buffer_compress(const void *src, void *dst, u32 cap, void *work)
{
	const struct etl_buffer_header *s = src;
	u8 *d = dst;
	u32 size, body, room;
	u16 flag;
	int n;

	if (!src || !dst || !work || cap < ETL_BUFFER_HEADER_SIZE)
		return -EINVAL;
	size = s->buffer_size;
	if (size <= ETL_BUFFER_HEADER_SIZE || s->offset < ETL_BUFFER_HEADER_SIZE ||
	    s->offset > size)
		return -EINVAL;
	/*
	 * Windows' kernel (EtwpFileModeCompress) compresses the whole body,
	 * the 0xFF tail too, and keeps the result only when it is smaller.
	 */
	body = size - ETL_BUFFER_HEADER_SIZE;
	room = cap - ETL_BUFFER_HEADER_SIZE;
	if (room > body - 1)
		room = body - 1;
	n = etl_xpress_compress((const u8 *)src + ETL_BUFFER_HEADER_SIZE, body,
				d + ETL_BUFFER_HEADER_SIZE, room, work);
	if (n < 0)
		return n;
	/* @dst need not be aligned: compressed buffers lie back to back */
	memcpy(d, s, ETL_BUFFER_HEADER_SIZE);
	put_le32(d + offsetof(struct etl_buffer_header, buffer_size),
		 ETL_BUFFER_HEADER_SIZE + n);
	put_le32(d + offsetof(struct etl_buffer_header, saved_offset), size);
	put_le32(d + offsetof(struct etl_buffer_header, current_offset), size);
	put_le32(d + offsetof(struct etl_buffer_header, offset), size);
	flag = s->buffer_flag | ETL_BUFFER_FLAG_COMPRESSED;
	d[offsetof(struct etl_buffer_header, buffer_flag)] = flag & 0xFF;
	d[offsetof(struct etl_buffer_header, buffer_flag) + 1] = flag >> 8;
	return ETL_BUFFER_HEADER_SIZE + n;
}
