// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * The fast path's collector, freestanding: ring walking, planning, the
 * order of runs, and the check of a copy.  See etw_runs.h and
 * Documentation/design.rst ("Collecting").
 */
#include "etw_runs.h"
#include "etw_etl.h"

static inline u16 ld16(const u8 *p)
{
	return *(const u16 *)p;
}

static inline u64 ld64(const u8 *p)
{
	return *(const u64 *)p;
}

static inline void st64(u8 *p, u64 v)
{
	*(u64 *)p = v;
}

/* A ring read: every load of the writer's memory goes through here. */
static inline u64 ring64(const u8 *p)
{
	return READ_ONCE(*(const u64 *)p);
}

static inline u16 ring16(const u8 *p)
{
	return READ_ONCE(*(const u16 *)p);
}

bool etw_ring_head_ok(const struct etw_ring *r, u64 tail, u64 head)
{
	u32 tl = ETW_STAGE_POS_LAP(tail), to = ETW_STAGE_POS_OFF(tail);
	u32 hl = ETW_STAGE_POS_LAP(head), ho = ETW_STAGE_POS_OFF(head);

	if ((ho & 7) || ho > r->size)
		return false;
	if (hl == tl)
		return ho >= to;
	return hl == tl + 1 && ho <= to;
}

/* The minimum size of a record of @kind, 0 for kinds a stage may not hold. */
static inline u32 etw_rec_min(u8 kind)
{
	switch (kind) {
	case ETL_HEADER_TYPE_EVENT_HEADER64:
		return sizeof(struct etl_event_header);
	case ETL_HEADER_TYPE_FULL_HEADER64:
		return sizeof(struct etl_full_header);
	case ETL_HEADER_TYPE_INSTANCE64:
		return sizeof(struct etl_instance_header);
	default:
		return 0;
	}
}

int etw_ring_peek(const struct etw_ring *r, u64 pos, u64 end,
		  struct etw_peek *p)
{
	u32 off = ETW_STAGE_POS_OFF(pos), lap = ETW_STAGE_POS_LAP(pos);
	u32 size, need, room;
	u64 w0;
	u8 kind;

	if (pos >= end)
		return 0;
	/* The end of a lap: exactly, or a zero __u16 where a record would be. */
	if (off >= r->size || !ring16(r->data + off)) {
		pos = etw_pos(lap + 1, 0);
		if (pos >= end)
			return pos == end ? 0 : -EINVAL;
		off = 0;
		lap++;
	}
	w0 = ring64(r->data + off);
	size = (u16)w0;
	kind = (u8)(w0 >> 16);
	need = ETL_ALIGN8(size);
	room = ETW_STAGE_POS_LAP(end) == lap ? ETW_STAGE_POS_OFF(end) - off :
					       r->size - off;
	/* Framing only: what the record says is judged in the copy. */
	if (size < ETW_REC_MIN || need > room)
		return -EINVAL;
	p->pos = pos;
	p->need = need;
	p->kind = kind;
	p->cpu = ring16(r->data + off + ETW_STASH_CPU);
	p->ts = ring64(r->data + off + offsetof(struct etl_event_header,
						   timestamp));
	p->sessions = ring64(r->data + off +
			     (kind == ETL_HEADER_TYPE_EVENT_HEADER64 ?
			      ETW_STASH_SESSIONS : ETW_STASH_CLASSIC_SESSIONS));
	return 1;
}

/*
 * Start a run at @pk; false when the array is full.  The slow part of
 * etw_plan_stage().
 */
static bool etw_run_start(struct etw_run *runs, u32 *nruns, u32 max,
			  const struct etw_peek *pk, u64 key,
			  const struct etw_plan *pl)
{
	struct etw_run *run;

	if (*nruns == max)
		return false;
	run = &runs[(*nruns)++];
	run->first_key = key;
	run->last_key = key;
	run->sessions = pk->sessions;
	run->stage = pl->stage;
	run->pos = pk->pos;
	run->len = pk->need;
	run->count = 1;
	run->cpu = pk->cpu;
	run->flags = pl->flags;
	return true;
}

u32 etw_plan_stage(const struct etw_ring *r, struct etw_plan *pl,
		   struct etw_run *runs, u32 *nruns, u32 max)
{
	u64 key = pl->key < pl->lo ? pl->lo : pl->key, cutoff = pl->cutoff;
	const u8 *data = r->data;
	struct etw_run *run = NULL;
	struct etw_peek pk;
	u32 n = 0, off, lim, end_off;
	u64 pos = pl->pos, end = pl->end;
	int ret;

	pl->bad = false;
	pl->full = false;
	end_off = ETW_STAGE_POS_OFF(end);
	for (;;) {
		/*
		 * The common case inline: records of the run's CPU right
		 * after it in the same lap, its fields in registers.
		 * Everything else (a lap's end, another CPU, what does not
		 * frame) through etw_ring_peek().
		 */
		if (run) {
			u32 len = run->len, cnt = run->count, cpu = run->cpu;
			u64 sess = run->sessions;

			off = ETW_STAGE_POS_OFF(pos);
			lim = ETW_STAGE_POS_LAP(pos) == ETW_STAGE_POS_LAP(end) ?
			      end_off : r->size;
			while (off + ETW_REC_MIN <= lim) {
				const u8 *rec = data + off;
				u64 w0 = ring64(rec), ts;
				u32 need = ETL_ALIGN8((u16)w0);

				if ((u16)w0 < ETW_REC_MIN || need > lim - off ||
				    ring16(rec + ETW_STASH_CPU) != cpu ||
				    (u8)(w0 >> 16) != ETL_HEADER_TYPE_EVENT_HEADER64)
					break;
				ts = ring64(rec + 0x10);
				if (ts < key)
					ts = key;
				if (ts > cutoff)
					break;
				key = ts;
				sess |= ring64(rec + ETW_STASH_SESSIONS);
				len += need;
				cnt++;
				off += need;
			}
			n += cnt - run->count;
			pos = etw_pos(ETW_STAGE_POS_LAP(pos), off);
			run->len = len;
			run->count = cnt;
			run->sessions = sess;
			run->last_key = key;
		}
		ret = etw_ring_peek(r, pos, end, &pk);
		if (ret <= 0) {
			pl->bad = ret < 0;
			break;
		}
		/* A CPU the machine does not have: a run of its own, lost. */
		if (pl->ncpu && pk.cpu >= pl->ncpu)
			pk.cpu = ETW_RUN_BADCPU;
		if (pk.ts < key)
			pk.ts = key;
		if (pk.ts > cutoff)
			break;
		key = pk.ts;
		/* Runs end at the ring's end, so each is one copy. */
		if (run && run->cpu == pk.cpu && run->pos + run->len == pk.pos) {
			run->len += pk.need;
			run->count++;
			run->last_key = key;
			run->sessions |= pk.sessions;
		} else if (etw_run_start(runs, nruns, max, &pk, key, pl)) {
			run = &runs[*nruns - 1];
		} else {
			pl->full = true;
			break;
		}
		pos = etw_peek_next(&pk);
		n++;
	}
	pl->pos = pos;
	pl->key = key;
	pl->records = n;
	return n;
}

void etw_run_trim(const struct etw_ring *r, struct etw_run *run, u64 cut)
{
	u64 pos = run->pos, end = run->pos + run->len, key = run->first_key;
	u32 n = 0, len = 0;
	struct etw_peek pk;

	while (n < run->count && etw_ring_peek(r, pos, end, &pk) > 0 &&
	       pk.pos == pos) {
		if (pk.ts > key)
			key = pk.ts;
		if (key > cut)
			break;
		run->last_key = key;
		len += pk.need;
		pos += pk.need;
		n++;
	}
	run->count = n;
	run->len = len;
}

u64 etw_ring_last_key(const struct etw_ring *r, u64 pos, u64 end, u64 key)
{
	struct etw_peek pk;

	while (etw_ring_peek(r, pos, end, &pk) > 0) {
		if (pk.ts > key)
			key = pk.ts;
		pos = etw_peek_next(&pk);
	}
	return key;
}

/* --- ordering runs ------------------------------------------------------ */

static inline bool etw_run_less(const struct etw_run *a, const struct etw_run *b)
{
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu;
	if (a->first_key != b->first_key)
		return a->first_key < b->first_key;
	/* Equal keys: keep a stage's runs in ring order. */
	if (a->stage != b->stage)
		return a->stage < b->stage;
	return a->pos < b->pos;
}

static void etw_run_swap(struct etw_run *a, struct etw_run *b)
{
	struct etw_run t = *a;

	*a = *b;
	*b = t;
}

static void etw_runs_sift(struct etw_run *v, u32 i, u32 n)
{
	for (;;) {
		u32 c = 2 * i + 1;

		if (c >= n)
			return;
		if (c + 1 < n && etw_run_less(&v[c], &v[c + 1]))
			c++;
		if (!etw_run_less(&v[i], &v[c]))
			return;
		etw_run_swap(&v[i], &v[c]);
		i = c;
	}
}

/* Heapsort: no allocation, O(n log n) whatever a liar's runs look like. */
static void etw_runs_sort(struct etw_run *v, u32 n)
{
	u32 i;

	if (n < 2)
		return;
	for (i = n / 2; i-- > 0;)
		etw_runs_sift(v, i, n);
	for (i = n - 1; i > 0; i--) {
		etw_run_swap(&v[0], &v[i]);
		etw_runs_sift(v, 0, i);
	}
}

/* Is ring position @a before @b (of one stage)?  Laps wrap. */
static inline bool etw_pos_before(u64 a, u64 b)
{
	u32 la = ETW_STAGE_POS_LAP(a), lb = ETW_STAGE_POS_LAP(b);

	if (la != lb)
		return (s32)(la - lb) < 0;
	return ETW_STAGE_POS_OFF(a) < ETW_STAGE_POS_OFF(b);
}

/*
 * The order pieces are given in, on one CPU and across CPUs: key, then
 * stage, then ring position (within a stage, keys never go down along
 * the ring, so this is ring order).
 */
static inline bool etw_piece_less(const struct etw_piece *a,
				  const struct etw_piece *b)
{
	if (a->lo != b->lo)
		return a->lo < b->lo;
	if (a->run->stage != b->run->stage)
		return a->run->stage < b->run->stage;
	return etw_pos_before(etw_pos(ETW_STAGE_POS_LAP(a->run->pos), a->off),
			      etw_pos(ETW_STAGE_POS_LAP(b->run->pos), b->off));
}

/* Heap of group members (indexes into runs) by their next record. */
static inline bool etw_g_less(const struct etw_merge *m, u32 a, u32 b)
{
	const struct etw_run *ra = &m->runs[a], *rb = &m->runs[b];

	if (m->x.gkey[a] != m->x.gkey[b])
		return m->x.gkey[a] < m->x.gkey[b];
	if (ra->stage != rb->stage)
		return ra->stage < rb->stage;
	return etw_pos_before(etw_pos(ETW_STAGE_POS_LAP(ra->pos), m->x.gpos[a]),
			      etw_pos(ETW_STAGE_POS_LAP(rb->pos), m->x.gpos[b]));
}

static void etw_g_down(struct etw_merge *m, struct etw_mcpu *c, u32 i)
{
	u32 *h = m->x.heap + c->gbase, x = h[i];

	for (;;) {
		u32 k = 2 * i + 1;

		if (k >= c->gn)
			break;
		if (k + 1 < c->gn && etw_g_less(m, h[k + 1], h[k]))
			k++;
		if (!etw_g_less(m, h[k], x))
			break;
		h[i] = h[k];
		i = k;
	}
	h[i] = x;
}

/*
 * Read the next record of run @k of the group again: its bytes and key.
 * A record that no longer frames ends the run: false.
 */
static bool etw_g_peek(struct etw_merge *m, u32 k)
{
	const struct etw_run *run = &m->runs[k];
	const struct etw_ring *r = &m->rings[run->stage];
	u32 end = ETW_STAGE_POS_OFF(run->pos) + run->len;
	struct etw_peek pk;
	u64 key;

	/* Within the run's lap: a wrap or a record past it does not frame. */
	if (etw_ring_peek(r, etw_pos(0, m->x.gpos[k]), etw_pos(0, end), &pk) <= 0 ||
	    pk.pos != m->x.gpos[k])
		return false;
	key = pk.ts > m->x.gprev[k] ? pk.ts : m->x.gprev[k];
	if (key > run->last_key)
		key = run->last_key;
	m->x.gkey[k] = key;
	m->x.gneed[k] = pk.need;
	return true;
}

static void etw_g_start(struct etw_merge *m, struct etw_mcpu *c, u32 from,
			u32 to)
{
	u32 k, i;

	c->gn = 0;
	c->gend = to;
	c->gbase = from;
	for (k = from; k < to; k++) {
		m->x.gpos[k] = ETW_STAGE_POS_OFF(m->runs[k].pos);
		m->x.gleft[k] = m->runs[k].count;
		m->x.gprev[k] = m->runs[k].first_key;
		m->x.gkey[k] = m->runs[k].first_key;
		m->x.gneed[k] = 0;
		m->x.heap[c->gbase + c->gn++] = k;
	}
	for (i = c->gn / 2; i-- > 0;)
		etw_g_down(m, c, i);
}

/* The next record of @c's overlap group, or a lost rest of a run. */
static void etw_g_next(struct etw_merge *m, struct etw_mcpu *c,
		       struct etw_piece *out)
{
	u32 *h = m->x.heap + c->gbase, k = h[0];
	const struct etw_run *run = &m->runs[k];

	out->run = run;
	out->off = m->x.gpos[k];
	if (!m->x.gneed[k] && !etw_g_peek(m, k)) {
		/* It stopped framing since it was planned: all of it is lost. */
		out->len = ETW_STAGE_POS_OFF(run->pos) + run->len - m->x.gpos[k];
		out->count = m->x.gleft[k];
		out->lo = out->hi = c->last;
		out->lost = true;
		m->x.gleft[k] = 0;
	} else {
		u64 key = m->x.gkey[k] < c->last ? c->last : m->x.gkey[k];

		out->len = m->x.gneed[k];
		out->count = 1;
		out->lo = out->hi = key;
		out->single = true;
		c->last = key;
		m->x.gprev[k] = key;
		m->x.gpos[k] += m->x.gneed[k];
		m->x.gneed[k] = 0;
		m->x.gleft[k]--;
	}
	if (m->x.gleft[k] && etw_g_peek(m, k)) {
		etw_g_down(m, c, 0);
		return;
	}
	if (m->x.gleft[k]) {
		/* The rest of this run is lost: give it next, as a whole. */
		m->x.gkey[k] = c->last;
		m->x.gneed[k] = 0;
		etw_g_down(m, c, 0);
		return;
	}
	h[0] = h[--c->gn];
	if (c->gn)
		etw_g_down(m, c, 0);
}

/* @c's next piece into @out; false when its runs are all given. */
static bool etw_mcpu_next(struct etw_merge *m, struct etw_mcpu *c,
			  struct etw_piece *out)
{
	const struct etw_run *run;
	u64 reach;
	u32 j;

	memset(out, 0, sizeof(*out));
	if (c->gn) {
		etw_g_next(m, c, out);
		if (!c->gn)
			c->i = c->gend;
		return true;
	}
	if (c->i >= c->end)
		return false;
	run = &m->runs[c->i];
	/*
	 * The runs that overlap or touch this one, transitively: pieces of
	 * one CPU then never share a key, so that the order across CPUs
	 * (etw_piece_less()) is one order.
	 */
	reach = run->last_key;
	for (j = c->i + 1; j < c->end && m->runs[j].first_key <= reach; j++)
		if (m->runs[j].last_key > reach)
			reach = m->runs[j].last_key;
	if (j == c->i + 1) {
		out->run = run;
		out->off = ETW_STAGE_POS_OFF(run->pos);
		out->len = run->len;
		out->count = run->count;
		out->lo = run->first_key < c->last ? c->last : run->first_key;
		out->hi = run->last_key < out->lo ? out->lo : run->last_key;
		c->last = out->hi;
		c->i++;
		return true;
	}
	etw_g_start(m, c, c->i, j);
	etw_g_next(m, c, out);
	if (!c->gn)
		c->i = c->gend;
	return true;
}

/* The heap of CPUs by their next piece. */
static void etw_top_down(struct etw_merge *m, u32 i)
{
	u32 *t = m->x.top, x = t[i];

	for (;;) {
		u32 k = 2 * i + 1;

		if (k >= m->ntop)
			break;
		if (k + 1 < m->ntop &&
		    etw_piece_less(&m->x.cpus[t[k + 1]].next,
				   &m->x.cpus[t[k]].next))
			k++;
		if (!etw_piece_less(&m->x.cpus[t[k]].next, &m->x.cpus[x].next))
			break;
		t[i] = t[k];
		i = k;
	}
	t[i] = x;
}

void etw_merge_init(struct etw_merge *m, struct etw_run *runs, u32 n,
		    u64 floor, const struct etw_ring *rings,
		    const struct etw_merge_scratch *x)
{
	u32 i, j;

	memset(m, 0, sizeof(*m));
	etw_runs_sort(runs, n);
	m->runs = runs;
	m->n = n;
	m->rings = rings;
	m->x = *x;
	for (i = 0; i < n; i = j) {
		struct etw_mcpu *c = &m->x.cpus[m->ncpus];

		for (j = i + 1; j < n && runs[j].cpu == runs[i].cpu; j++)
			;
		memset(c, 0, sizeof(*c));
		c->i = i;
		c->end = j;
		c->last = floor;
		if (etw_mcpu_next(m, c, &c->next))
			m->x.top[m->ntop++] = m->ncpus;
		m->ncpus++;
	}
	for (i = m->ntop / 2; i-- > 0;)
		etw_top_down(m, i);
}

bool etw_merge_next(struct etw_merge *m, struct etw_piece *out)
{
	struct etw_mcpu *c;

	if (!m->ntop)
		return false;
	c = &m->x.cpus[m->x.top[0]];
	*out = c->next;
	if (!etw_mcpu_next(m, c, &c->next))
		m->x.top[0] = m->x.top[--m->ntop];
	if (m->ntop)
		etw_top_down(m, 0);
	return true;
}

/* --- checking a copy ---------------------------------------------------- */

/*
 * The extended items of the EVENT_HEADER64 copy at @rec (@size bytes),
 * as etl_record_decode() frames them (etl-format section 3.3): each
 * ItemSize = 8 + DataSize rounded up to 8, inside the record, chained by
 * Linkage; only RELATED_ACTIVITYID (16 bytes), EVENT_SCHEMA_TL,
 * PROV_TRAITS, SID, TS_ID, PROCESS_START_KEY, EVENT_KEY (their sizes;
 * any values) and STACK_TRACE64 (MatchId and at most
 * ETW_MAX_STACK_FRAMES addresses; the last item), once each; *@info
 * says whether any of the four ETW_PROP_INFO items is there.  The traits
 * the module holds replace the writer's.  *@stack_at is the offset of
 * the stack item (0: none), *@prev_at that of the item before it (0:
 * none).  Return: 0 or -EINVAL.
 */
static int etw_check_items(u8 *rec, u32 size, const u8 *traits,
			   u32 traits_len, u32 *stack_at, u32 *prev_at,
			   bool *info)
{
	u32 pos = sizeof(struct etl_event_header), seen = 0, last = 0;
	struct etl_ext_item *it;

	*stack_at = 0;
	*prev_at = 0;
	do {
		u32 want = 0;

		if (size - pos < sizeof(*it))
			return -EINVAL;
		it = (void *)(rec + pos);
		if (it->item_size != etl_ext_item_size(it->data_size) ||
		    it->item_size > size - pos)
			return -EINVAL;
		switch (it->ext_type) {
		case ETL_EXT_RELATED_ACTIVITYID:
			if (it->data_size != 16)
				return -EINVAL;
			break;
		case ETL_EXT_EVENT_SCHEMA_TL:
			break;
		case ETL_EXT_PROV_TRAITS:
			/* The traits the module holds, never the writer's. */
			if (traits) {
				if (it->data_size != traits_len)
					return -EINVAL;
				memcpy(it + 1, traits, traits_len);
			}
			break;
		case ETL_EXT_STACK_TRACE64:
			if (it->data_size < 8 || (it->data_size & 7) ||
			    (it->data_size - 8) / 8 > ETW_MAX_STACK_FRAMES ||
			    (it->linkage & 1))
				return -EINVAL;
			*stack_at = pos;
			*prev_at = last;
			break;
		case ETL_EXT_SID:
			want = ETW_INFO_SID_SIZE;
			break;
		case ETL_EXT_TS_ID:
			want = 4;
			break;
		case ETL_EXT_PROCESS_START_KEY:
		case ETL_EXT_EVENT_KEY:
			want = 8;
			break;
		default:
			return -EINVAL;
		}
		if (want && it->data_size != want)
			return -EINVAL;
		if (want)
			*info = true;
		if (seen & (1U << (it->ext_type & 15)))
			return -EINVAL;
		seen |= 1U << (it->ext_type & 15);
		last = pos;
		pos += it->item_size;
	} while (it->linkage & 1);
	if (traits && !(seen & (1U << (ETL_EXT_PROV_TRAITS & 15))))
		return -EINVAL;
	return 0;
}

#define ETW_SKIP	1	/* not for this session: not a loss */

/* The view of a registration as the check uses it, loaded once per slot. */
struct etw_cview {
	struct etw_slot_view v;
	u64 g0, g1;		/* its GUID, two words */
	bool have;		/* a registration */
};

/* EVENT_HEADER64's extended items or the traits they must carry. */
static int etw_check_ext(u8 *rec, u32 size, u16 flags,
			 const struct etw_slot_view *v, u32 *stack_at,
			 u32 *prev_at, bool *info)
{
	*stack_at = 0;
	*info = false;
	if (flags & ETL_EH_FLAG_EXTENDED_INFO)
		return etw_check_items(rec, size, v->traits, v->traits_len,
				       stack_at, prev_at, info);
	return v->traits ? -EINVAL : 0;	/* the ioctl path would add them */
}

void etw_put_unix_sid(u8 *p, u32 uid)
{
	static const u8 auth[6] = { 0, 0, 0, 0, 0, 22 };
	u32 sub[2] = { 1, uid };

	p[0] = 1;			/* Revision */
	p[1] = 2;			/* SubAuthorityCount */
	memcpy(p + 2, auth, 6);		/* IdentifierAuthority, big-endian */
	memcpy(p + 8, sub, 8);		/* users, the uid (little-endian) */
}

/*
 * The SID, TS_ID, PROCESS_START_KEY and EVENT_KEY items of the copy at
 * @rec: filled where the session's properties @props ask for them,
 * removed (the items after them and the payload moved down, the
 * linkage and EXTENDED_INFO mended) where they do not.  @key: the
 * record's event key.  Returns the record's new first word.
 */
static u64 etw_fix_info(u8 *rec, u64 w0, u32 props, const struct etw_patch *p,
			u64 key)
{
	u32 size = (u16)w0, pos = sizeof(struct etl_event_header), out = pos;
	u32 last = 0, kept = 0;
	struct etl_ext_item *it;

	do {
		u32 drop = 0, isz;

		it = (void *)(rec + pos);
		isz = it->item_size;
		switch (it->ext_type) {
		case ETL_EXT_SID:
			drop = !(props & ETW_PROP_SID);
			if (!drop)
				etw_put_unix_sid((u8 *)(it + 1), p->uid);
			break;
		case ETL_EXT_TS_ID:
			drop = !(props & ETW_PROP_TS_ID);
			if (!drop)
				memcpy(it + 1, &p->ts_id, 4);
			break;
		case ETL_EXT_PROCESS_START_KEY:
			drop = !(props & ETW_PROP_PROCESS_START_KEY);
			if (!drop)
				memcpy(it + 1, &p->start_key, 8);
			break;
		case ETL_EXT_EVENT_KEY:
			drop = !(props & ETW_PROP_EVENT_KEY);
			if (!drop)
				memcpy(it + 1, &key, 8);
			break;
		}
		pos += isz;
		if (drop)
			continue;
		if (out != pos - isz)
			memmove(rec + out, rec + pos - isz, isz);
		last = out;
		out += isz;
		kept++;
	} while (it->linkage & 1);
	if (out == pos)
		return w0;		/* nothing removed */
	memmove(rec + out, rec + pos, size - pos);
	size -= pos - out;
	if (kept)
		((struct etl_ext_item *)(rec + last))->linkage &= ~1;
	else
		w0 &= ~((u64)ETL_EH_FLAG_EXTENDED_INFO << 32);
	return (w0 & ~0xFFFFULL) | size;
}

/*
 * Take the STACK_TRACE64 item at @at (the last item; @prev: the item
 * before it, 0 if none) out of the copy at @rec: the session did not ask
 * for stacks, or its stack-walk filters leave this event out.  Returns
 * the record's new first word (size and flags) from @w0.
 */
static u64 etw_strip_stack(u8 *rec, u64 w0, u32 at, u32 prev)
{
	u32 size = (u16)w0, isz = ((struct etl_ext_item *)(rec + at))->item_size;

	memmove(rec + at, rec + at + isz, size - at - isz);
	size -= isz;
	if (prev)
		((struct etl_ext_item *)(rec + prev))->linkage &= ~1;
	else
		w0 &= ~((u64)ETL_EH_FLAG_EXTENDED_INFO << 32);
	return (w0 & ~0xFFFFULL) | size;
}

/* FULL_HEADER64 / INSTANCE64 (TraceEvent): a classic registration's. */
static int etw_check_classic(u8 *rec, u32 size, u8 kind,
			     const struct etw_slot_view *v,
			     const struct etw_patch *p)
{
	if (!(ld64(rec + ETW_STASH_CLASSIC_SESSIONS) & p->sessbit) || !v->kw)
		return ETW_SKIP;
	if (size < (kind == ETL_HEADER_TYPE_INSTANCE64 ?
		    sizeof(struct etl_instance_header) :
		    sizeof(struct etl_full_header)) ||
	    *(const u32 *)(rec + ETW_STASH_CLASSIC_FLAGS) || !v->classic)
		return -EINVAL;
	st64(rec + offsetof(struct etl_full_header, kernel_time), p->cpu_times);
	return 0;
}

/* EVENT_HEADER64 with its type and marker right, framed. */
#define ETW_TM_EVENT	(ETL_HEADER_TYPE_EVENT_HEADER64 | ETL_MARKER_FLAGS << 8)
/* Its Flags and the stash's flags (bits 32..63 of the first word). */
#define ETW_EVENT_HI_OK	((u64)(ETL_EH_FLAG_EXTENDED_INFO | ETL_EH_FLAG_STRING_ONLY) | \
			 (u64)ETW_STAGE_REC_FLAGS_MASK << 16)

/*
 * What the fast loop of etw_collect_check() needs of a plain view: no
 * traits, no event-ID filter, no EXCLUDE_INPRIVATE, enabled by the
 * session.  Filled when the slot changes.
 */
struct etw_fastv {
	u64 g0, g1;		/* the provider GUID */
	u64 any, all;
	u32 w1;			/* the stash's slot and CPU it was made for */
	u8 level;
	bool kw0;
};

/*
 * A record that fails a check is a loss of the session only if it was
 * the session's: its slot names a registration the session enables (@v,
 * or NULL: none) and its stash (where its kind has one) names the
 * session.  Otherwise it is skipped: what a writer's stage claims about
 * other sessions charges them nothing (a lying writer spoils its own
 * events only).  The collector's count of records it cannot copy
 * (etw_rec_for()) follows the same rule, except that for a kind with no
 * stash it reads the sessions where the planner did (etw_ring_peek()).
 */
static int etw_check_fail(const u8 *rec, u64 w0, const struct etw_patch *p,
			  const struct etw_slot_view *v, int err)
{
	u8 kind = (u8)(w0 >> 16);

	if (!v || !v->kw)
		return ETW_SKIP;
	if (kind == ETL_HEADER_TYPE_EVENT_HEADER64)
		return ld64(rec + ETW_STASH_SESSIONS) & p->sessbit ?
		       err : ETW_SKIP;
	if (kind == ETL_HEADER_TYPE_FULL_HEADER64 ||
	    kind == ETL_HEADER_TYPE_INSTANCE64)
		return ld64(rec + ETW_STASH_CLASSIC_SESSIONS) & p->sessbit ?
		       err : ETW_SKIP;
	return err;	/* no stash to read: its registration's sessions' */
}

/*
 * One record the fast loop did not take, judged in full.  Return 0 (kept:
 * the caller patches the time and the ids), ETW_SKIP or -errno.
 */
static int etw_check_slow(u8 *rec, u64 w0, const struct etw_patch *p,
			  struct etw_cview *cv, u32 *cached, struct etw_fastv *fv,
			  u64 key)
{
	u32 size = (u16)w0, w1 = *(const u32 *)(rec + ETW_STASH_SLOT);
	u32 hi32 = (u32)(w0 >> 32);
	int ret;

	if (w1 != *cached) {
		if ((w1 >> 16) != p->cpu) {
			/* Not the CPU planned (the cache is for that CPU). */
			struct etw_slot_view v;

			return etw_check_fail(rec, w0, p,
					      p->slot(p->ctx, (u16)w1, &v) ?
					      &v : NULL, -EINVAL);
		}
		*cached = w1;
		fv->w1 = ~0U;
		cv->have = p->slot(p->ctx, (u16)w1, &cv->v);
		if (cv->have && cv->v.kw) {
			fv->g0 = ld64(cv->v.guid);
			fv->g1 = ld64(cv->v.guid + 8);
			fv->level = cv->v.kw->level;
			fv->kw0 = cv->v.kw->keyword0;
			fv->any = cv->v.kw->any;
			fv->all = cv->v.kw->all;
			if (!cv->v.traits && !cv->v.idf &&
			    !(cv->v.props & ETW_PROP_EXCLUDE_INPRIVATE))
				fv->w1 = w1;	/* the fast loop takes it */
		}
	}
	/*
	 * No registration: its unregistering collected what was committed
	 * before it (etw_fast_drain_reg()); a record committed since raced
	 * its own EventUnregister and counts as written after it.
	 */
	if (!cv->have)
		return ETW_SKIP;
	if (((u32)w0 >> 16) == ETW_TM_EVENT) {
		u32 stack_at = 0, prev_at = 0;
		bool info = false;
		u64 keyword;
		u16 id;
		u8 level;

		if (!(ld64(rec + ETW_STASH_SESSIONS) & p->sessbit) || !cv->v.kw)
			return ETW_SKIP;
		if (size < sizeof(struct etl_event_header) ||
		    (hi32 & ~(u32)ETW_EVENT_HI_OK))
			return -EINVAL;
		ret = etw_check_ext(rec, size, (u16)hi32, &cv->v, &stack_at,
				    &prev_at, &info);
		if (ret)
			return ret;
		keyword = ld64(rec + offsetof(struct etl_event_header, keyword));
		level = rec[offsetof(struct etl_event_header, level)];
		id = ld16(rec + offsetof(struct etl_event_header, id));
		if (!etw_level_kw_pass(cv->v.kw, level, keyword) ||
		    (cv->v.idf && !etw_id_filter_pass(cv->v.idf, id)) ||
		    ((hi32 >> 16) & ETW_STAGE_REC_INPRIVATE &&
		     cv->v.props & ETW_PROP_EXCLUDE_INPRIVATE))
			return ETW_SKIP;
		/* A stack only for a session that asked for this event's. */
		if (stack_at && (!(cv->v.props & ETW_PROP_STACK_TRACE) ||
				 !etw_stack_filter_pass(cv->v.swf, id, level,
							keyword)))
			w0 = etw_strip_stack(rec, w0, stack_at, prev_at);
		if (info)
			w0 = etw_fix_info(rec, w0, cv->v.props, p, key);
		/* Size, type, marker and flags stay; EventProperty 0. */
		st64(rec, (w0 & 0x0000FFFFFFFFFFFFULL) |
		     (p->private ? (u64)ETL_EH_FLAG_PRIVATE_SESSION << 32 : 0));
		memcpy(rec + ETW_STASH_SESSIONS, cv->v.guid, 16);
		st64(rec + offsetof(struct etl_event_header, kernel_time),
		     p->cpu_times);
		return 0;
	}
	if ((u8)(w0 >> 24) == ETL_MARKER_FLAGS &&
	    ((u8)(w0 >> 16) == ETL_HEADER_TYPE_FULL_HEADER64 ||
	     (u8)(w0 >> 16) == ETL_HEADER_TYPE_INSTANCE64))
		return etw_check_classic(rec, size, (u8)(w0 >> 16), &cv->v, p);
	return etw_check_fail(rec, w0, p, &cv->v, -EINVAL);
}

/* A plain EVENT_HEADER64: no items, Flags 0 or STRING_ONLY, stash 0. */
#define ETW_FAST_TM_MASK	(~((u64)ETL_EH_FLAG_STRING_ONLY << 16) & \
				 0x0000FFFFFFFFFFFFULL)

void etw_collect_check(u8 *buf, u32 len, bool more, u64 lo, u64 hi,
		       const struct etw_patch *p, struct etw_check *res)
{
	struct etw_cview cv = { .have = false };
	struct etw_fastv fv = { .w1 = ~0U };
	u32 pos = 0, used = 0, cached = ~0U, kept = 0, lost = 0, skipped = 0;
	const u64 ids = (u64)p->pid << 32 | p->tid;
	const u64 priv = p->private ? (u64)ETL_EH_FLAG_PRIVATE_SESSION << 32 : 0;
	bool desync = false;

	while (len - pos >= ETW_REC_MIN) {
		u8 *rec = buf + pos;
		u64 w0 = ld64(rec), key;
		u32 size = (u16)w0, need = ETL_ALIGN8(size);
		int ret;

		if (size < ETW_REC_MIN) {
			desync = true;
			break;
		}
		if (need > len - pos) {
			desync = !more;
			break;
		}
		pos += need;
		/* Framed: from here on a bad record costs only itself. */
		if (__builtin_expect(*(const u32 *)(rec + ETW_STASH_SLOT) == fv.w1 &&
				     ((w0 >> 16) & ETW_FAST_TM_MASK) == ETW_TM_EVENT &&
				     size >= sizeof(struct etl_event_header), 1)) {
			/* The common case: a plain event of the last slot. */
			u64 keyword = ld64(rec + offsetof(struct etl_event_header,
							  keyword));

			if (!(ld64(rec + ETW_STASH_SESSIONS) & p->sessbit) ||
			    rec[offsetof(struct etl_event_header, level)] > fv.level ||
			    (keyword ? !(keyword & fv.any) ||
				       (keyword & fv.all) != fv.all : !fv.kw0)) {
				skipped++;
				continue;
			}
			st64(rec, w0 | priv);
			st64(rec + ETW_STASH_SESSIONS, fv.g0);
			st64(rec + ETW_STASH_SESSIONS + 8, fv.g1);
			st64(rec + offsetof(struct etl_event_header, kernel_time),
			     p->cpu_times);
		} else {
			ret = etw_check_slow(rec, w0, p, &cv, &cached, &fv,
					     p->key_base + (rec - buf));
			if (ret) {
				if (ret < 0) {
					lost++;
					if (p->drop)
						p->drop(p->ctx, rec, ret);
				} else {
					skipped++;
				}
				continue;
			}
			/* It may have lost its stack item: shorter. */
			size = ld16(rec);
			need = ETL_ALIGN8(size);
		}
		/* The time: raised to lo and the last key, lowered to hi. */
		key = ld64(rec + offsetof(struct etl_event_header, timestamp));
		key = key < lo ? lo : key;
		key = key > hi ? hi : key;
		lo = key;
		st64(rec + ETW_STASH_SLOT, ids);
		st64(rec + offsetof(struct etl_event_header, timestamp), key);
		if (size & 7) {	/* the padding is not the writer's */
			u8 *last = rec + need - 8;

			st64(last, ld64(last) & ((1ULL << (8 * (size & 7))) - 1));
		}
		if (rec != buf + used)
			memmove(buf + used, rec, need);
		used += need;
		kept++;
	}
	if (!desync && len - pos && len - pos < ETW_REC_MIN && !more)
		desync = true;
	res->used = used;
	res->src = pos;
	res->kept = kept;
	res->lost = lost;
	res->skipped = skipped;
	res->key = lo;
	res->desync = desync;
}

void etw_collect_copy(u8 *dst, u32 room, const u8 *src, u32 len, bool more,
		      u8 *scratch, u64 lo, u64 hi, const struct etw_patch *p,
		      struct etw_check *res)
{
	u32 n = len < room ? len : room;

	if (n > ETW_COPY_SCRATCH)
		n = ETW_COPY_SCRATCH;
	memcpy(scratch, src, n);
	etw_collect_check(scratch, n, more || n < len, lo, hi, p, res);
	memcpy(dst, scratch, res->used);
}
