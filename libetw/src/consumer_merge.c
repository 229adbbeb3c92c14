// SPDX-License-Identifier: MIT
/*
 * ProcessTrace's engine: streams of buffers merged by time with a binary
 * heap; .etl files read as they go (their buffers' headers first, split
 * into per-CPU streams, then each buffer's records once, when its turn
 * comes, its pages released after); real-time sessions fed by
 * ETW_IOC_CONSUMER_WAIT under the kernel's watermark.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "libetw.h"
#include "consumer.h"

/* --- the merge ----------------------------------------------------------- */

/*
 * By time; records of one file and one CPU with equal times in the order
 * of their buffers in the file (two chains of one CPU can meet at one
 * time: a buffer whose flush time came after the next one's first
 * record, as etw.ko's fast streams wrote before their flush time became
 * their last record's), then by stream.
 */
static bool ct_less(const struct ct_stream *a, const struct ct_stream *b)
{
	if (a->key_ft != b->key_ft)
		return a->key_ft < b->key_ft;
	if (a->key_raw != b->key_raw)
		return a->key_raw < b->key_raw;
	if (a->t == b->t && a->t->kind == CT_FILE &&
	    a->cur.info.cpu == b->cur.info.cpu && a->cur.order != b->cur.order)
		return a->cur.order < b->cur.order;
	return a->order < b->order;
}

static void ct_heap_set(struct ct_proc *p, u32 i, struct ct_stream *s)
{
	p->heap[i] = s;
	s->heap_pos = i;
}

static void ct_heap_up(struct ct_proc *p, u32 i)
{
	struct ct_stream *s = p->heap[i];

	while (i) {
		u32 up = (i - 1) / 2;

		if (!ct_less(s, p->heap[up]))
			break;
		ct_heap_set(p, i, p->heap[up]);
		i = up;
	}
	ct_heap_set(p, i, s);
}

static void ct_heap_down(struct ct_proc *p, u32 i)
{
	struct ct_stream *s = p->heap[i];

	for (;;) {
		u32 c = 2 * i + 1;

		if (c >= p->nheap)
			break;
		if (c + 1 < p->nheap && ct_less(p->heap[c + 1], p->heap[c]))
			c++;
		if (!ct_less(p->heap[c], s))
			break;
		ct_heap_set(p, i, p->heap[c]);
		i = c;
	}
	ct_heap_set(p, i, s);
}

static bool ct_heap_push(struct ct_proc *p, struct ct_stream *s)
{
	if (p->nheap == p->heap_cap) {
		u32 cap = p->heap_cap ? 2 * p->heap_cap : 16;
		struct ct_stream **h = realloc(p->heap, cap * sizeof(*h));

		if (!h)
			return false;
		p->heap = h;
		p->heap_cap = cap;
	}
	ct_heap_set(p, p->nheap++, s);
	ct_heap_up(p, p->nheap - 1);
	return true;
}

static void ct_heap_pop(struct ct_proc *p)
{
	p->heap[0]->heap_pos = -1;
	if (--p->nheap) {
		ct_heap_set(p, 0, p->heap[p->nheap]);
		ct_heap_down(p, 0);
	}
}

/* After a buffer: counters, BufferCallback (reference 3.3), hand-back. */
static void ct_buffer_done(struct ct_proc *p, struct ct_stream *s)
{
	struct ct_trace *t = s->t;
	EVENT_TRACE_LOGFILEW *lf = &t->lf.w;
	ULONG go;

	if (t->kind == CT_REALTIME)
		t->release[t->nrelease++] = s->cur.index;
	else
		/* Its records are delivered: its pages may go (issue 30). */
		etl_file_release(t->file, s->cur.file_offset,
				 s->cur.file_offset + s->cur.raw_size);
	lf->BuffersRead++;
	lf->BufferSize = s->cur.info.buffer_size;
	lf->Filled = s->cur.info.filled;
	/*
	 * CurrentEvent: the last event in classic form.  Its extended items
	 * may be gone by now, so the instance fields stay 0 here.
	 */
	if (t->have_last && (t->mode & PROCESS_TRACE_MODE_EVENT_RECORD))
		ct_to_classic(&t->last, &lf->CurrentEvent, false);
	if (!lf->BufferCallback)
		return;
	if (t->ansi)
		go = t->lf.a.BufferCallback(&t->lf.a);
	else
		go = lf->BufferCallback(lf);
	if (!go && !p->stop) {
		p->stop = true;
		if (!p->status)
			p->status = ERROR_CANCELLED;
	}
}

/* Make s->cur readable: decompress a compressed file buffer. */
static bool ct_load_buffer(struct ct_stream *s)
{
	struct etl_buffer_info out;
	u32 cap = s->cur.info.filled;	/* the largest extent its header names */

	if (!s->cur.compressed)
		return true;
	if (s->scratch_cap < cap) {
		u8 *x = realloc(s->scratch, cap);

		if (!x)
			return false;
		s->scratch = x;
		s->scratch_cap = cap;
	}
	/* the header walk decompressed it already: this cannot fail but for memory */
	if (etl_buffer_decompress(s->cur.data, s->cur.raw_size, &s->cur.info,
				  s->scratch, s->scratch_cap, &out, NULL) < 0)
		return false;
	s->cur.data = s->scratch;
	s->cur.info = out;
	s->cur.compressed = false;
	return true;
}

/*
 * The time of a record that has none (a TraceMessage without
 * TRACE_MESSAGE_TIMESTAMP, issue 9): the time of the record before it in
 * its stream; at the start of a stream, that of the first timed record
 * after it in its buffer; in a buffer of such records only, the buffer's
 * flush time; else the trace's start.  So it keeps its place among its
 * neighbours and never sorts before everything else.
 */
static u64 ct_untimed(const struct ct_stream *s)
{
	struct etl_record_iter it = s->t->kind == CT_FILE ? s->fb.iter : s->it;
	struct etl_record r;
	int rc;

	if (s->last_raw)
		return s->last_raw;
	while ((rc = etl_record_next(&it, &r)) != 0)
		if (rc > 0 && (r.present & ETL_REC_HAS_TIME))
			return r.timestamp;
	if (s->cur.info.timestamp)
		return s->cur.info.timestamp;
	return s->t->hdr_raw;
}

/*
 * A file's stream whose buffer holds a record after where its next buffer
 * starts (a buffer's flush time, which the chains were made by, came
 * before its last event: a timestamp override, seed 001 rule 13): the
 * rest of its buffers become a stream of their own, merged like the
 * others, so the order stays right.  It enters the heap once the stream
 * it left has its place again (ct_push_pending).
 */
static bool ct_stream_next(struct ct_proc *p, struct ct_stream *s);

static void ct_split(struct ct_proc *p, struct ct_stream *s)
{
	struct ct_stream *n, **v;

	if (p->nsplit == p->split_cap) {
		u32 cap = p->split_cap ? 2 * p->split_cap : 8;

		v = realloc(p->split, cap * sizeof(*v));
		if (!v)
			return;		/* the order may suffer; nothing is lost */
		p->split = v;
		p->split_cap = cap;
	}
	n = calloc(1, sizeof(*n));
	if (!n)
		return;
	n->t = s->t;
	n->bufs = s->bufs + s->head;	/* a file's slice: head + count <= cap */
	n->cap = n->count = s->count;
	n->order = p->next_order++;
	n->heap_pos = -1;
	s->count = 0;
	p->split[p->nsplit++] = n;
	if (ct_stream_next(p, n)) {
		p->npending++;
		return;
	}
	p->nsplit--;
	free(n->scratch);
	free(n);
}

/*
 * Load the stream's next record into s->rec and its keys.  Returns true
 * when there is one; false when the stream ran out of buffers (or the
 * processing must stop).  A file's damaged records are noted as they are
 * met (etl_file_next_record).
 */
static bool ct_stream_next(struct ct_proc *p, struct ct_stream *s)
{
	struct ct_trace *t = s->t;
	int rc;

	for (;;) {
		if (!s->have_cur) {
			if (!s->count || p->stop)
				return false;
			s->cur = s->bufs[s->head];
			s->head = (s->head + 1) % s->cap;
			s->count--;
			s->have_cur = true;
			if (!ct_load_buffer(s)) {
				if (!p->status)
					p->status = ERROR_NOT_ENOUGH_MEMORY;
				p->stop = true;
				return false;
			}
			if (t->kind == CT_FILE) {
				memset(&s->fb, 0, sizeof(s->fb));
				s->fb.index = s->cur.index;
				s->fb.file_offset = s->cur.file_offset;
				s->fb.compressed = s->cur.data == s->scratch;
				etl_record_iter_init(&s->fb.iter, s->cur.data, &s->cur.info);
				etl_record_iter_recover(&s->fb.iter);
				if (s->cur.skip_first)
					etl_record_next(&s->fb.iter, &s->rec);
			} else {
				etl_record_iter_init(&s->it, s->cur.data, &s->cur.info);
				etl_record_iter_recover(&s->it);
			}
		}
		if (t->kind == CT_FILE) {
			rc = etl_file_next_record(t->file, &s->fb, &s->rec);
		} else {
			rc = etl_record_next(&s->it, &s->rec);
			if (rc == -EBADMSG)
				continue;	/* a damaged kernel buffer: skipped */
		}
		if (rc > 0) {
			struct etl_record *r = &s->rec;

			if (r->family == ETL_FAM_ERROR)
				continue;
			if (!(r->present & ETL_REC_HAS_TIME))
				r->timestamp = ct_untimed(s);
			s->last_raw = r->timestamp;
			/* Seed 001, rule 16: a later consumer gets only new events. */
			if (t->kind == CT_REALTIME &&
			    !(t->flags_out & ETW_CONSUMER_F_BACKLOG) &&
			    r->timestamp < t->attach_time)
				continue;
			if (t->kind == CT_FILE && s->count &&
			    r->timestamp > s->bufs[s->head].key)
				ct_split(p, s);
			s->key_raw = r->timestamp;
			s->key_ft = ct_filetime(t, r->timestamp);
			return true;
		}
		/* The end of the buffer (a damaged kernel buffer ends early). */
		s->have_cur = false;
		ct_buffer_done(p, s);
		if (t->kind == CT_REALTIME)
			t->held--;
	}
}

/* Streams split off meanwhile (ct_split) take their places. */
static void ct_push_pending(struct ct_proc *p)
{
	while (p->npending) {
		struct ct_stream *n = p->split[p->nsplit - p->npending--];

		if (!ct_heap_push(p, n)) {
			p->status = ERROR_NOT_ENOUGH_MEMORY;
			p->stop = true;
		}
	}
}

/* Deliver the record at the top of the heap and move its stream on. */
static void ct_deliver_top(struct ct_proc *p)
{
	struct ct_stream *s = p->heap[0];
	struct ct_trace *t = s->t;
	u64 ts;

	if ((!p->has_start || s->key_ft >= p->start) &&
	    (!p->has_end || s->key_ft <= p->end)) {
		ts = (t->mode & PROCESS_TRACE_MODE_RAW_TIMESTAMP) ? s->key_raw :
								    s->key_ft;
		if (ct_build(p, &s->cur, &s->rec, ts, &t->last)) {
			/*
			 * A classic record has no flags of its own: in a
			 * private session's trace its CPU times are one
			 * ProcessorTime (seed 003, rule 14).
			 */
			if (s->rec.family == ETL_FAM_CLASSIC &&
			    (t->lf.w.LogfileHeader.LogFileMode &
			     (EVENT_TRACE_PRIVATE_LOGGER_MODE |
			      EVENT_TRACE_PRIVATE_IN_PROC)))
				t->last.EventHeader.Flags |=
					EVENT_HEADER_FLAG_PRIVATE_SESSION;
			t->lf.w.CurrentTime = s->key_ft;
			ct_call(t);
		}
	}
	/* A file closed meanwhile stops here; a session drains first. */
	if (t->kind == CT_FILE && ct_closing(t))
		p->stop = true;
	if (ct_stream_next(p, s))
		ct_heap_down(p, 0);
	else
		ct_heap_pop(p);
	ct_push_pending(p);
}

/* --- files --------------------------------------------------------------- */

/* Buffers of one CPU by the time of their first record, then file order. */
static int ct_buf_cmp(const void *a, const void *b)
{
	const struct ct_buf *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * Seed 001, rule 14: a stream's buffers cover time ranges that do not
 * overlap.  A CPU's buffers (sorted by their first time) are one stream
 * when they follow each other, as the kernel's per-CPU buffers do; the
 * fast path's buffers of several threads that ran on one CPU overlap, so
 * each buffer joins the chain of that CPU whose last time is the latest
 * not after its first time, or starts a chain.  Each chain becomes a
 * stream.  At most CT_MAX_CHAINS chains per CPU: after that a buffer
 * joins the chain that ends first (its order may then suffer).
 */
#define CT_MAX_CHAINS	256

static int ct_file_chains(struct ct_proc *p, struct ct_trace *t,
			  struct ct_buf *sorted, u32 n, const u32 *cnt, u32 ncpu)
{
	u64 tails[CT_MAX_CHAINS];
	u32 *chain, *ccount, *cpos, total = 0, start = 0, i, j, c, k;
	struct ct_buf *tmp;
	struct ct_stream *st;
	int ret = -ENOMEM;

	chain = calloc(n + 1, sizeof(u32));
	tmp = calloc(n + 1, sizeof(*tmp));
	ccount = calloc((size_t)ncpu * CT_MAX_CHAINS + 1, sizeof(u32));
	cpos = calloc((size_t)ncpu * CT_MAX_CHAINS + 1, sizeof(u32));
	if (!chain || !tmp || !ccount || !cpos)
		goto out;
	for (i = 0; i < ncpu; start += cnt[i], i++) {
		u32 nch = 0, *cc = ccount + (size_t)i * CT_MAX_CHAINS;

		for (j = start; j < start + cnt[i]; j++) {
			int best = -1;

			for (c = 0; c < nch; c++)
				if (tails[c] <= sorted[j].key &&
				    (best < 0 || tails[c] > tails[best]))
					best = (int)c;
			if (best < 0 && nch < CT_MAX_CHAINS)
				best = (int)nch++;
			for (c = 0; best < 0 && c < nch; c++)
				if (best < 0 || tails[c] < tails[best])
					best = (int)c;
			if ((u32)best == nch - 1 && cc[best] == 0)
				tails[best] = 0;
			if (sorted[j].last > tails[best])
				tails[best] = sorted[j].last;
			chain[j] = (u32)best;
			cc[best]++;
		}
		/* Lay the chains out one after the other, keeping order. */
		for (c = 0, k = start; c < nch; c++) {
			cpos[(size_t)i * CT_MAX_CHAINS + c] = k;
			k += cc[c];
		}
		for (j = start; j < start + cnt[i]; j++)
			tmp[cpos[(size_t)i * CT_MAX_CHAINS + chain[j]]++] = sorted[j];
		memcpy(sorted + start, tmp + start, cnt[i] * sizeof(*tmp));
		total += nch;
	}
	st = realloc(p->streams, (p->nstreams + total) * sizeof(*st));
	if (!st)
		goto out;
	p->streams = st;
	for (i = 0, start = 0, k = p->nstreams; i < ncpu; start += cnt[i], i++) {
		const u32 *cc = ccount + (size_t)i * CT_MAX_CHAINS;
		u32 off = start;

		for (c = 0; c < CT_MAX_CHAINS && cc[c]; c++, k++) {
			struct ct_stream *s = &p->streams[k];

			memset(s, 0, sizeof(*s));
			s->t = t;
			s->cap = cc[c];
			s->count = cc[c];
			s->bufs = sorted + off;
			s->order = k;
			s->heap_pos = -1;
			off += cc[c];
		}
	}
	p->nstreams = k;
	ret = 0;
out:
	free(chain);
	free(tmp);
	free(ccount);
	free(cpos);
	return ret;
}

/*
 * The raw times a buffer's streams are made by: @key that of its first
 * timed record, @last a time no record of it is after.  Read from its
 * header and first records only, not its every record (issue 30: the
 * records are read once, when delivered): @last is the flush time the
 * buffer header gives, which comes after every event of the buffer;
 * where it cannot be (0, or before the first record: buffer 0, another
 * writer), and for a decompressed buffer (in memory anyway), the last
 * timed record's.  Returns whether a record has a time.
 */
static bool ct_buf_times(const struct etl_file_buffer *b, u64 *key, u64 *last)
{
	struct etl_record_iter it;
	bool timed = false, all;
	u64 ts;
	int rc;

	etl_record_iter_init(&it, b->data, &b->info);
	if (b->index == 0) {
		/* the header record: delivered as the synthetic header event */
		u64 skip;

		etl_record_skim(&it, &skip);
	}
	while ((rc = etl_record_skim(&it, &ts)) != 0) {
		if (rc != 1)
			continue;
		*key = *last = ts;
		timed = true;
		break;
	}
	if (!timed)
		return false;
	all = b->compressed || b->info.timestamp < *key;
	if (!all) {
		*last = b->info.timestamp;
		return true;
	}
	while ((rc = etl_record_skim(&it, &ts)) != 0)
		if (rc == 1)
			*last = ts;
	return true;
}

/*
 * Walk file @t's buffer headers once: every intact buffer, damaged ones
 * recorded and skipped (etl_file.c); then make the streams of each CPU.
 * Buffers are ordered by the raw time of their first timed record (a
 * buffer without one takes its flush time, or the key of the buffer
 * before it in the file), not by file position: a wrapped circular file
 * stores a CPU's newest buffers before its oldest, and seed 001, rule 14
 * wants each stream's buffers to follow each other in time.  What the
 * walk touched leaves memory as it goes: a file of any size is read with
 * a few megabytes resident.  Returns 0 or -ENOMEM.
 */
#define CT_RELEASE_EVERY	(4u << 20)	/* bytes walked between releases */

static int ct_file_streams(struct ct_proc *p, struct ct_trace *t, u32 slot)
{
	struct etl_file *f = t->file;
	struct etl_file_buffer b;
	struct ct_buf *all = NULL, *sorted;
	u32 n = 0, cap = 0, i, ncpu = 0, *cnt, *pos;
	u16 cpumap[ETL_PROCESSOR_INDEX_MASK + 1];
	u64 prev_key = t->hdr_raw, walked = 0;
	int rc;

	etl_file_rewind(f);
	while ((rc = etl_file_next_buffer(f, &b)) > 0) {
		u64 key = 0, last = 0;

		if (!ct_buf_times(&b, &key, &last))
			key = last = b.info.timestamp ? b.info.timestamp : prev_key;
		prev_key = key;
		if (n == cap) {
			struct ct_buf *x;

			cap = cap ? 2 * cap : 64;
			x = realloc(all, cap * sizeof(*x));
			if (!x) {
				free(all);
				return -ENOMEM;
			}
			all = x;
		}
		memset(&all[n], 0, sizeof(all[n]));
		all[n].data = b.raw;
		all[n].raw_size = b.raw_size;
		all[n].compressed = b.compressed;
		all[n].info = b.info;
		if (b.compressed)	/* as on disk: ct_load_buffer() inflates */
			etl_buffer_parse(b.raw, b.raw_size, &all[n].info, NULL);
		all[n].index = b.index;
		all[n].file_offset = b.file_offset;
		all[n].order = n;
		all[n].key = key;
		all[n].last = last > key ? last : key;
		all[n].skip_first = b.index == 0;
		n++;
		if (b.file_offset + b.raw_size - walked >= CT_RELEASE_EVERY) {
			etl_file_release(f, walked, b.file_offset + b.raw_size);
			walked = b.file_offset + b.raw_size;
		}
	}
	etl_file_release(f, walked, etl_file_size(f));
	if (rc < 0) {
		free(all);
		return rc;
	}

	/* Group by CPU (seed 001, rule 14). */
	memset(cpumap, 0xFF, sizeof(cpumap));
	cnt = calloc(n + 1, sizeof(u32));
	pos = calloc(n + 1, sizeof(u32));
	sorted = calloc(n ? n : 1, sizeof(*sorted));
	if (!cnt || !pos || !sorted)
		goto nomem;
	for (i = 0; i < n; i++) {
		u16 c = all[i].info.cpu & ETL_PROCESSOR_INDEX_MASK;

		if (cpumap[c] == 0xFFFF)
			cpumap[c] = ncpu++;
		cnt[cpumap[c]]++;
	}
	for (i = 1; i < ncpu; i++)
		pos[i] = pos[i - 1] + cnt[i - 1];
	for (i = 0; i < n; i++) {
		u16 s = cpumap[all[i].info.cpu & ETL_PROCESSOR_INDEX_MASK];

		sorted[pos[s]++] = all[i];
	}
	for (i = 0; i < ncpu; i++)
		qsort(sorted + pos[i] - cnt[i], cnt[i], sizeof(*sorted),
		      ct_buf_cmp);
	rc = ct_file_chains(p, t, sorted, n, cnt, ncpu);
	if (rc)
		goto nomem;
	p->fbufs[slot] = sorted;
	free(all);
	free(cnt);
	free(pos);
	return 0;

nomem:
	free(all);
	free(cnt);
	free(pos);
	free(sorted);
	return -ENOMEM;
}

void ct_process_files(struct ct_proc *p)
{
	u32 i;
	int rc;

	for (i = 0; i < p->nt; i++) {
		rc = ct_file_streams(p, p->t[i], i);
		if (rc) {
			p->status = consumer_win32_error(rc, CT_OPEN_FILE);
			return;
		}
	}
	/* Seed 001, rule 6: each file's header event comes first. */
	for (i = 0; i < p->nt && !p->stop; i++) {
		ct_deliver_header(p->t[i]);
		if (ct_closing(p->t[i]))
			p->stop = true;
	}
	p->next_order = p->nstreams;
	for (i = 0; i < p->nstreams && !p->stop; i++) {
		struct ct_stream *s = &p->streams[i];

		if (ct_stream_next(p, s) && !ct_heap_push(p, s)) {
			p->status = ERROR_NOT_ENOUGH_MEMORY;
			return;
		}
		ct_push_pending(p);
	}
	while (p->nheap && !p->stop)
		ct_deliver_top(p);
	if (p->stop)
		return;
	/*
	 * Everything intact was delivered: now say that something was not
	 * (the details: etw_trace_damage(), etwdump).
	 */
	for (i = 0; i < p->nt; i++) {
		const struct etl_file_error *e = etl_file_error(p->t[i]->file);

		if (e->code && !p->status)
			p->status = ERROR_FILE_CORRUPT;
	}
}

/* --- real time ----------------------------------------------------------- */

/*
 * The raw times of a buffer's first and last timed records, from their
 * framing and times only: its events are decoded once, when delivered.
 */
static bool ct_buf_span(const u8 *data, const struct etl_buffer_info *info,
			u64 *first, u64 *last)
{
	struct etl_record_iter it;
	bool any = false;
	u64 ts;
	int rc;

	etl_record_iter_init(&it, data, info);
	while ((rc = etl_record_skim(&it, &ts)) != 0) {
		if (rc != 1)
			continue;
		if (!any)
			*first = ts;
		*last = ts;
		any = true;
	}
	return any;
}

/* Nothing queued, nothing being read: a buffer of any time may start it. */
static bool ct_idle(const struct ct_stream *s)
{
	return !s->have_cur && !s->count && s->heap_pos < 0;
}

/* A new stream for buffers that overlap the others of their CPU. */
static struct ct_stream *ct_rt_side(struct ct_trace *t)
{
	struct ct_stream *s, **v;

	if (t->nside == t->side_cap) {
		u32 cap = t->side_cap ? 2 * t->side_cap : 8;

		v = realloc(t->side, cap * sizeof(*v));
		if (!v)
			return NULL;
		t->side = v;
		t->side_cap = cap;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->t = t;
	s->order = t->rt_n + t->nside;
	s->heap_pos = -1;
	s->own_ring = true;
	t->side[t->nside++] = s;
	return s;
}

void ct_rt_free_side(struct ct_trace *t)
{
	u32 i;

	for (i = 0; i < t->nside; i++) {
		free(t->side[i]->bufs);
		free(t->side[i]->scratch);
		free(t->side[i]);
	}
	free(t->side);
	t->side = NULL;
	t->nside = t->side_cap = 0;
}

/*
 * Seed 001, rule 14: the stream of a buffer whose first record is at
 * @first.  The kernel's buffers of a CPU follow each other and go to that
 * CPU's stream; a buffer that starts before what a stream holds ends (the
 * fast path: another thread's records on the same CPU) goes to another
 * stream of that CPU that it can follow, or to an idle one, or a new one.
 */
static struct ct_stream *ct_rt_pick(struct ct_trace *t, u16 cpu, bool timed,
				    u64 first)
{
	struct ct_stream *s = &t->rt[cpu % t->rt_n], *best = NULL, *idle = NULL;
	u32 i;

	if (ct_idle(s))
		s->used = false;
	if (!timed || !s->used || s->tail <= first)
		return s;
	for (i = 0; i < t->nside; i++) {
		struct ct_stream *x = t->side[i];

		if (ct_idle(x)) {
			if (!idle)
				idle = x;
		} else if (x->cpu == cpu && x->tail <= first &&
			   (!best || x->tail > best->tail)) {
			best = x;
		}
	}
	if (best)
		return best;
	s = idle ? idle : ct_rt_side(t);
	if (s)
		s->used = false;
	return s;
}

/* Room for one more buffer in a side stream's ring. */
static bool ct_ring_room(struct ct_stream *s)
{
	struct ct_buf *v;
	u32 cap, i;

	if (s->count < s->cap)
		return true;
	cap = s->cap ? 2 * s->cap : 4;
	v = malloc(cap * sizeof(*v));
	if (!v)
		return false;
	for (i = 0; i < s->count; i++)
		v[i] = s->bufs[(s->head + i) % s->cap];
	free(s->bufs);
	s->bufs = v;
	s->cap = cap;
	s->head = 0;
	return true;
}

/* Queue buffer @idx of the mapping on its stream. */
static bool ct_rt_queue(struct ct_proc *p, struct ct_trace *t, u32 idx)
{
	struct etl_buffer_info info;
	struct ct_stream *s;
	struct ct_buf *b;
	u64 first = 0, last = 0;
	const u8 *data;
	bool timed;

	if (idx >= t->nr_buffers ||
	    etl_buffer_parse(t->map + (size_t)idx * t->buffer_size,
			     t->buffer_size, &info, NULL) < 0) {
		/* Not a buffer we can read: give it back unread. */
		if (idx < t->nr_buffers)
			t->release[t->nrelease++] = idx;
		return true;
	}
	data = t->map + (size_t)idx * t->buffer_size;
	timed = ct_buf_span(data, &info, &first, &last);
	s = ct_rt_pick(t, info.cpu, timed, first);
	if (!s || (s->own_ring && !ct_ring_room(s)))
		return false;
	s->cpu = info.cpu;
	if (timed) {
		if (!s->used || last > s->tail)
			s->tail = last;
		s->used = true;
	}
	b = &s->bufs[(s->head + s->count) % s->cap];
	b->data = data;
	b->info = info;
	b->raw_size = info.buffer_size;
	b->compressed = false;
	b->index = idx;
	b->skip_first = false;
	b->key = first;
	b->last = last;
	s->count++;
	t->held++;
	if (s->heap_pos < 0 && !s->have_cur && ct_stream_next(p, s))
		return ct_heap_push(p, s);
	return true;
}

/*
 * One ETW_IOC_CONSUMER_WAIT: give back what is done, take what is ready.
 * Returns buffers taken or -errno.
 */
static int ct_rt_wait(struct ct_proc *p, struct ct_trace *t, u32 flags)
{
	struct etw_consumer_wait w;
	u32 i;

	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)t->release;
	w.release_count = t->nrelease;
	w.ready = (uintptr_t)t->ready;
	w.ready_max = t->nr_buffers;
	w.flags = flags;
	while (ioctl(t->cfd, ETW_IOC_CONSUMER_WAIT, &w) < 0) {
		if (errno != EINTR)
			return -errno;
	}
	t->nrelease = 0;
	t->watermark = w.watermark;
	if (w.status & ETW_WAIT_STOPPED)
		t->stopped = true;
	t->lf.w.EventsLost = w.events_lost;
	t->lf.w.LogfileHeader.EventsLost = w.events_lost;
	t->lf.w.LogfileHeader.BuffersLost = w.buffers_lost;
	for (i = 0; i < w.ready_count; i++)
		if (!ct_rt_queue(p, t, t->ready[i]))
			return -ENOMEM;
	return w.ready_count;
}

/* Block until the kernel or CloseTrace has something for us. */
static void ct_rt_sleep(struct ct_trace *t, int ms)
{
	struct pollfd pf[2] = {
		{ .fd = t->cfd, .events = POLLIN },
		{ .fd = t->efd, .events = POLLIN },
	};

	if (poll(pf, 2, ms) > 0 && (pf[1].revents & POLLIN)) {
		u64 v;

		if (read(t->efd, &v, sizeof(v)) < 0)
			v = 0;	/* nothing to do: closing is in t->closing */
	}
}

/* Give back what is done, take nothing (the end of a ProcessTrace). */
static void ct_rt_release(struct ct_trace *t)
{
	struct etw_consumer_wait w;

	if (!t->nrelease)
		return;
	memset(&w, 0, sizeof(w));
	w.release = (uintptr_t)t->release;
	w.release_count = t->nrelease;
	while (ioctl(t->cfd, ETW_IOC_CONSUMER_WAIT, &w) < 0 && errno == EINTR)
		;
	t->nrelease = 0;
}

void ct_process_rt(struct ct_proc *p)
{
	struct ct_trace *t = p->t[0];
	u32 i, flags = 0, thresh = t->nr_buffers / 2 ? t->nr_buffers / 2 : 1;
	bool flushed;
	int n;

	if (t->ended) {
		p->status = ERROR_WMI_INSTANCE_NOT_FOUND;
		return;
	}
	/* Seed 001, rules 5 and 15: the session's header event first. */
	ct_deliver_header(t);
	/* What an earlier ProcessTrace left queued goes first. */
	for (i = 0; i < t->rt_n + t->nside; i++) {
		struct ct_stream *s = i < t->rt_n ? &t->rt[i] :
				      t->side[i - t->rt_n];

		if ((s->have_cur || ct_stream_next(p, s)) && !ct_heap_push(p, s)) {
			p->status = ERROR_NOT_ENOUGH_MEMORY;
			return;
		}
	}
	for (;;) {
		/* Reference 3.3: after CloseTrace, drain what is buffered. */
		bool draining = ct_closing(t);
		u32 delivered = 0;

		if (draining)
			flags |= ETW_WAIT_F_FLUSH;
		n = ct_rt_wait(p, t, flags);
		if (n < 0) {
			p->status = consumer_win32_error(n, CT_READ_SESSION);
			break;
		}
		flushed = flags & ETW_WAIT_F_FLUSH;
		flags = 0;
		/* Below the watermark every stream is in: deliver in order. */
		while (p->nheap && !p->stop &&
		       (p->heap[0]->key_raw < t->watermark || t->stopped ||
			draining)) {
			ct_deliver_top(p);
			delivered++;
		}
		/*
		 * Still held back after a flush (an event time beyond the
		 * watermark: a timestamp override, seed 001 rule 13): give
		 * way rather than starve the writers of buffers.
		 */
		while (p->nheap && !p->stop && flushed && !delivered &&
		       t->held >= thresh)
			ct_deliver_top(p);
		if (p->stop || draining)
			break;		/* cancelled, or drained after CloseTrace */
		if (t->stopped && !p->nheap) {
			t->ended = true;	/* the session stopped */
			break;
		}
		if (t->nrelease || n)
			continue;	/* give back at once; there may be more */
		/* Buffers pile up behind an older partial one: flush it. */
		if (p->nheap && t->held >= thresh && !flushed) {
			flags = ETW_WAIT_F_FLUSH;
			continue;
		}
		if (!ct_closing(t))
			ct_rt_sleep(t, p->nheap ? CT_POLL_MS : -1);
	}
	ct_rt_release(t);
}
