// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Writing ETL buffers: the few steps etw.ko takes around each buffer and
 * each record.  The record payload itself is copied by the caller straight
 * from user memory into place.
 */
#include "etw_etl.h"

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
