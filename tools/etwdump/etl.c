// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --etl FILE: the events read (from .etl files, a session, or a
 * perf.data file) written as an .etl file, in the Windows layout
 * (kmod/shared/etw_etl.h): the header buffer, then 64-KB buffers per
 * CPU.  Each event is an EVENT_HEADER64 record with its extended items,
 * so a tracepoint event keeps its provider traits and TraceLogging
 * metadata (EVENT_SCHEMA_TL) and Windows' TDH decodes it.  Times are
 * FILETIMEs (clock type 2, system time); the events are sorted by time
 * before they are written, as a CPU's buffers must be.  The classic and
 * message records of the input are not written (counted on stderr).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "shared/etw_etl.h"

#define ETL_OUT_BUFFER	(64 * 1024)
#define ETL_OUT_CPUS	256

/* One record, kept until the end (sorted then). */
struct etl_rec {
	int64_t time;
	uint64_t seq;
	uint16_t cpu;
	uint32_t size;
	uint8_t *bytes;
};

static FILE *out;
static const char *out_path;
static struct etl_rec *recs;
static size_t nrecs, cap;
static unsigned long long skipped;

static int etl_open(const char *path)
{
	out = fopen(path, "wb");
	if (!out) {
		fprintf(stderr, "etwdump: --etl %s: %s\n", path, strerror(errno));
		return -1;
	}
	out_path = path;
	return 0;
}

/* The EVENT_HEADER64 record of @er, malloc'ed; *@size its bytes. */
static uint8_t *record_of(PEVENT_RECORD er, uint32_t *size)
{
	const EVENT_HEADER *h = &er->EventHeader;
	struct etl_event_header *eh;
	uint32_t n = sizeof(*eh), i;
	uint8_t *b, *p;

	for (i = 0; i < er->ExtendedDataCount; i++)
		n += etl_ext_item_size(er->ExtendedData[i].DataSize);
	n += er->UserDataLength;
	if (n > ETL_OUT_BUFFER - ETL_BUFFER_HEADER_SIZE)
		return NULL;
	b = calloc(1, ETL_ALIGN8(n));
	if (!b)
		return NULL;
	eh = (void *)b;
	eh->size = (u16)n;
	eh->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	eh->marker_flags = ETL_MARKER_FLAGS;
	eh->flags = h->Flags & ~EVENT_HEADER_FLAG_EXTENDED_INFO;
	if (er->ExtendedDataCount)
		eh->flags |= EVENT_HEADER_FLAG_EXTENDED_INFO;
	eh->event_property = h->EventProperty;
	eh->thread_id = h->ThreadId;
	eh->process_id = h->ProcessId;
	eh->timestamp = (u64)h->TimeStamp.QuadPart;
	memcpy(eh->provider_id, &h->ProviderId, 16);
	memcpy(&eh->id, &h->EventDescriptor, sizeof(h->EventDescriptor));
	memcpy(eh->activity_id, &h->ActivityId, 16);
	p = b + sizeof(*eh);
	for (i = 0; i < er->ExtendedDataCount; i++) {
		const EVENT_HEADER_EXTENDED_DATA_ITEM *x = &er->ExtendedData[i];

		p = etl_put_ext_item(p, x->ExtType,
				     (const void *)(uintptr_t)x->DataPtr,
				     x->DataSize, i + 1 < er->ExtendedDataCount);
	}
	memcpy(p, er->UserData, er->UserDataLength);
	*size = n;
	return b;
}

static void etl_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	struct etl_rec *r;

	(void)o;
	(void)d;
	if (event_is_header(er))
		return;		/* the new file has its own */
	if (er->EventHeader.Flags & (EVENT_HEADER_FLAG_CLASSIC_HEADER |
				     EVENT_HEADER_FLAG_TRACE_MESSAGE)) {
		skipped++;
		return;
	}
	if (nrecs == cap) {
		size_t c = cap ? 2 * cap : 4096;
		struct etl_rec *n = realloc(recs, c * sizeof(*n));

		if (!n) {
			skipped++;
			return;
		}
		recs = n;
		cap = c;
	}
	r = &recs[nrecs];
	r->bytes = record_of(er, &r->size);
	if (!r->bytes) {
		skipped++;
		return;
	}
	r->time = er->EventHeader.TimeStamp.QuadPart;
	r->seq = nrecs;
	r->cpu = er->BufferContext.ProcessorIndex % ETL_OUT_CPUS;
	nrecs++;
}

static int by_time(const void *a, const void *b)
{
	const struct etl_rec *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

struct cpu_buf {
	uint8_t *b;
	uint32_t fill;
	int64_t first;
};

static int flush_buf(struct cpu_buf *c, uint64_t *seq, unsigned *written)
{
	etl_buffer_seal(c->b, c->fill, (u64)c->first, (*seq)++, 0);
	if (fwrite(c->b, ETL_OUT_BUFFER, 1, out) != 1)
		return -1;
	(*written)++;
	c->fill = 0;
	return 0;
}

static int etl_close(const struct evsum *s, const struct evsum_info *in)
{
	static struct cpu_buf cpus[ETL_OUT_CPUS];
	struct etl_logfile_params p = { 0 };
	uint8_t *hdr = calloc(1, ETL_OUT_BUFFER);
	unsigned written = 1, ncpu = 1, i;
	uint64_t seq = 1;
	size_t k;
	int ret = 0;

	(void)s;
	(void)in;
	qsort(recs, nrecs, sizeof(*recs), by_time);
	/* Room for the header buffer, written last (it counts the rest). */
	if (!hdr || fwrite(hdr, ETL_OUT_BUFFER, 1, out) != 1)
		ret = -1;
	for (k = 0; k < nrecs && !ret; k++) {
		struct cpu_buf *c = &cpus[recs[k].cpu];
		uint32_t need = ETL_ALIGN8(recs[k].size);

		if (recs[k].cpu + 1u > ncpu)
			ncpu = recs[k].cpu + 1u;
		if (!c->b) {
			c->b = malloc(ETL_OUT_BUFFER);
			if (!c->b) {
				ret = -1;
				break;
			}
		}
		if (c->fill && c->fill + need > ETL_OUT_BUFFER && flush_buf(c, &seq, &written))
			ret = -1;
		if (!c->fill) {
			etl_buffer_init(c->b, ETL_OUT_BUFFER, recs[k].cpu, 1,
					ETL_BUFFER_TYPE_GENERIC);
			c->fill = ETL_BUFFER_HEADER_SIZE;
			c->first = recs[k].time;
		}
		memcpy(c->b + c->fill, recs[k].bytes, need);
		c->fill += need;
		free(recs[k].bytes);
	}
	for (i = 0; i < ETL_OUT_CPUS && !ret; i++)
		if (cpus[i].b && cpus[i].fill && flush_buf(&cpus[i], &seq, &written))
			ret = -1;
	if (!ret) {
		p.buffer_size = ETL_OUT_BUFFER;
		p.nr_processors = ncpu;
		p.end_time = nrecs ? (u64)recs[nrecs - 1].time : 0;
		p.log_file_mode = 0x1;		/* EVENT_TRACE_FILE_MODE_SEQUENTIAL */
		p.buffers_written = written;
		p.perf_freq = 10000000;		/* FILETIME ticks */
		p.start_time = nrecs ? (u64)recs[0].time : 0;
		p.start_raw = p.start_time;
		p.boot_time = p.start_time;
		p.clock_type = ETL_CLOCK_SYSTEM_TIME;
		p.logger_name = "etwdump";
		p.logger_name_len = 7;
		p.log_file_name = out_path;
		p.log_file_name_len = (u32)strlen(out_path);
		if (etl_header_buffer_write(hdr, ETL_OUT_BUFFER, 1, &p) ||
		    fseek(out, 0, SEEK_SET) || fwrite(hdr, ETL_OUT_BUFFER, 1, out) != 1)
			ret = -1;
	}
	if (fclose(out))
		ret = -1;
	if (ret)
		fprintf(stderr, "etwdump: --etl %s: %s\n", out_path,
			errno ? strerror(errno) : "could not write");
	else if (skipped)
		fprintf(stderr, "etwdump: --etl %s: %llu classic, message or oversized "
			"events not written\n", out_path, skipped);
	for (i = 0; i < ETL_OUT_CPUS; i++)
		free(cpus[i].b);
	free(hdr);
	free(recs);
	return ret;
}

const struct output output_etl = {
	.event = etl_event,
	.open = etl_open,
	.close = etl_close,
};
