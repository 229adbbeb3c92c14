// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * XPRESS ([MS-XCA] Plain LZ77) compression for compressed ETL buffers.
 * See etw_xpress.h for the format; written from the format description,
 * checked against an independent decoder (libfwnt) by the unit tests.
 */
#include "etw_xpress.h"

struct xp_out {
	u8 *p;
	u32 pos, cap;
	u32 flag_pos;		/* where the current flag word goes */
	u32 flags;		/* its bits so far, newest in bit 0 */
	u32 nflags;		/* how many */
	u32 half;		/* 0 or the position of a half-used length byte */
	bool full;
};

static void xp_put8(struct xp_out *o, u8 v)
{
	if (o->pos >= o->cap) {
		o->full = true;
		return;
	}
	o->p[o->pos++] = v;
}

static void xp_put16(struct xp_out *o, u16 v)
{
	xp_put8(o, v & 0xFF);
	xp_put8(o, v >> 8);
}

static void xp_put32_at(struct xp_out *o, u32 at, u32 v)
{
	if (at + 4 > o->cap) {
		o->full = true;
		return;
	}
	o->p[at] = v & 0xFF;
	o->p[at + 1] = (v >> 8) & 0xFF;
	o->p[at + 2] = (v >> 16) & 0xFF;
	o->p[at + 3] = v >> 24;
}

/* One flag bit; after 32 the word goes out and room is made for the next. */
static void xp_flag(struct xp_out *o, u32 bit)
{
	o->flags = o->flags << 1 | bit;
	if (++o->nflags < 32)
		return;
	xp_put32_at(o, o->flag_pos, o->flags);
	o->flags = 0;
	o->nflags = 0;
	o->flag_pos = o->pos;
	o->pos += 4;
	if (o->pos > o->cap)
		o->full = true;
}

/* A match of @len >= 3 bytes, @off (1 .. 8192) back. */
static void xp_match(struct xp_out *o, u32 off, u32 len)
{
	u32 m = (off - 1) << 3;

	len -= ETL_XPRESS_MIN_MATCH;
	if (len < 7) {
		xp_put16(o, m | len);
		xp_flag(o, 1);
		return;
	}
	xp_put16(o, m | 7);
	len -= 7;
	/* the next 4 bits: a new length byte's low half, or the high half
	 * of the one the previous long match left
	 */
	if (!o->half) {
		o->half = o->pos;
		xp_put8(o, len < 15 ? len : 15);
	} else {
		if (o->half < o->cap)
			o->p[o->half] |= (len < 15 ? len : 15) << 4;
		o->half = 0;
	}
	if (len >= 15) {
		len -= 15;
		if (len < 255) {
			xp_put8(o, len);
		} else {
			xp_put8(o, 255);
			len += 15 + 7;
			if (len <= 0xFFFF) {
				xp_put16(o, len);
			} else {
				xp_put16(o, 0);
				xp_put16(o, len & 0xFFFF);
				xp_put16(o, len >> 16);
			}
		}
	}
	xp_flag(o, 1);
}

static u32 xp_hash(const u8 *p)
{
	u32 v = p[0] | p[1] << 8 | p[2] << 16;

	return (v * 2654435761u) >> (32 - ETL_XPRESS_HASH_BITS);
}

int etl_xpress_compress(const u8 *in, u32 n, u8 *out, u32 cap, void *work)
{
	u32 *head = work;
	struct xp_out o = { .p = out, .cap = cap, .pos = 4 };
	u32 i = 0, j;

	if ((!in && n) || !out || !work)
		return -EINVAL;
	if (cap < 4)
		return -ENOSPC;
	/* positions + 1, so that 0 is "none" whatever the workspace held */
	memset(head, 0, ETL_XPRESS_WORKSPACE);
	while (i < n && !o.full) {
		u32 best = 0, off = 0, cand;

		if (n - i >= ETL_XPRESS_MIN_MATCH) {
			u32 h = xp_hash(in + i);

			cand = head[h];
			head[h] = i + 1;
			if (cand && i - (cand - 1) <= ETL_XPRESS_MAX_OFFSET) {
				cand--;
				/* at most ETL_XPRESS_MAX_MATCH (etw_xpress.h) */
				for (j = 0; i + j < n && j < ETL_XPRESS_MAX_MATCH &&
				     in[cand + j] == in[i + j]; j++)
					;
				if (j >= ETL_XPRESS_MIN_MATCH) {
					best = j;
					off = i - cand;
				}
			}
		}
		if (best) {
			xp_match(&o, off, best);
			/* remember the positions the match covers (cheaply) */
			for (j = 1; j < best && i + j + ETL_XPRESS_MIN_MATCH <= n && j < 16; j++)
				head[xp_hash(in + i + j)] = i + j + 1;
			i += best;
		} else {
			xp_put8(&o, in[i++]);
			xp_flag(&o, 0);
		}
	}
	if (o.full)
		return -ENOSPC;
	/* the unused bits of the last word: 1, a match with no input ends it */
	if (o.nflags)
		o.flags = o.flags << (32 - o.nflags) | ((1u << (32 - o.nflags)) - 1);
	else
		o.flags = 0xFFFFFFFFu;
	xp_put32_at(&o, o.flag_pos, o.flags);
	if (o.full || o.pos > cap)
		return -ENOSPC;
	return (int)o.pos;
}
