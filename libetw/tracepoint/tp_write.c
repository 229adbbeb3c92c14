// SPDX-License-Identifier: MIT
/*
 * tracepoint_write: the event as a TraceLogging record, through
 * EventWriteEx (libetw's writer: the thread's stage, no system call).
 *
 * EventHeader: data_vecs[1..] hold the eventheader, its extensions and
 * the payload, laid out as the writer likes (eventheader_write puts the
 * header and activity IDs in [1], the metadata extension in [2], the
 * payload after).  The record gets
 *   - the descriptor: Id, Version, Level and Opcode of the eventheader,
 *     Channel 11 (TraceLogging's), the tracepoint's keyword;
 *   - the activity ID and related activity ID of the extension (none:
 *     zeros);
 *   - the provider traits (kept by the kernel from EventSetInformation);
 *   - the metadata in its TraceLogging form (EVENT_SCHEMA_TL), made once
 *     per metadata block and kept (tp_meta below);
 *   - the payload: the writer's iovecs as they are, or rewritten by
 *     etw_eh_transcode when the metadata has strings TraceLogging has no
 *     InType for.
 * An event without metadata gets no EVENT_SCHEMA_TL: TDH decodes it by
 * a manifest of its provider, as LinuxTracepoints says.
 *
 * Plain: the TraceLogging metadata made at connect, the payload as it
 * is or through etw_tp_transcode.
 *
 * tracepoint_write itself is here, so that the common case is one
 * function: no lock, no copy but the writer's.
 */
#include <errno.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

#include "tp_internal.h"
#include "provider.h"

int tp_errno(ULONG status)
{
	switch (status) {
	case ERROR_SUCCESS:
		return 0;
	case ERROR_INVALID_HANDLE:
		return EBADF;
	case ERROR_NOT_ENOUGH_MEMORY:
	case ERROR_OUTOFMEMORY:
		return ENOMEM;
	case ERROR_INVALID_PARAMETER:
		return EINVAL;
	case ERROR_ARITHMETIC_OVERFLOW:
	case ERROR_MORE_DATA:
		return E2BIG;
	case ERROR_ACCESS_DENIED:
		return EACCES;
	case ERROR_FILE_NOT_FOUND:
	case ERROR_PATH_NOT_FOUND:
		return ENOENT;
	case ERROR_NO_SYSTEM_RESOURCES:
		return ENOSPC;
	default:
		return EIO;
	}
}

/*
 * One EventHeader metadata block seen, and its TraceLogging form.
 * Found by where the writer keeps it (@key), then checked byte for byte
 * (@copy): a writer may build different metadata at one address.  Set
 * once, never freed.
 */
struct tp_meta {
	const void *key;
	uint32_t len;
	uint16_t tag;
	uint8_t stable;		/* @key is in a read-only segment */
	uint64_t head;		/* its first 8 bytes (fewer: zero-padded) */
	uint32_t flags;		/* ETW_EH_TRANSCODE */
	uint8_t *copy;
	uint8_t *tl;
	uint32_t tl_len;
	struct etw_eh_meta *parsed;	/* kept for transcoding */
};

#define TP_META_SLOTS	4096
#define TP_META_PROBE	8
static struct tp_meta *tp_metas[TP_META_SLOTS];
static pthread_mutex_t tp_meta_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned meta_slot(const void *key, uint16_t tag)
{
	uintptr_t k = (uintptr_t)key ^ ((uintptr_t)tag << 20);

	k ^= k >> 17;
	k *= 0x9E3779B97F4A7C15ull;
	return (unsigned)(k >> 40) & (TP_META_SLOTS - 1);
}

static inline uint64_t meta_head(const uint8_t *meta, uint32_t len)
{
	uint64_t h = 0;

	if (__builtin_expect(len >= 8, 1))
		memcpy(&h, meta, 8);
	else
		memcpy(&h, meta, len);
	return h;
}

/*
 * The known form of @meta, or NULL.  Metadata in a read-only segment
 * (TraceLoggingProvider.h's, a static const per event) is known by its
 * address, length and first bytes; elsewhere (a builder's buffer) byte
 * for byte.
 */
static inline __attribute__((always_inline))
const struct tp_meta *meta_find(const uint8_t *meta, uint32_t len, uint16_t tag)
{
	unsigned s = meta_slot(meta, tag), i;
	uint64_t head = meta_head(meta, len);

	for (i = 0; i < TP_META_PROBE; i++) {
		const struct tp_meta *m = __atomic_load_n(
			&tp_metas[(s + i) & (TP_META_SLOTS - 1)], __ATOMIC_ACQUIRE);

		if (!m)
			return NULL;
		if (m->key == meta && m->len == len && m->tag == tag &&
		    m->head == head && (m->stable || !memcmp(m->copy, meta, len)))
			return m;
	}
	return NULL;
}

struct ro_find {
	uintptr_t lo, hi;
	int found;
};

static int ro_segment(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct ro_find *f = arg;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && !(ph->p_flags & PF_W) &&
		    f->lo >= a && f->hi <= a + ph->p_memsz) {
			f->found = 1;
			return 1;
		}
	}
	return 0;
}

/* Is [@p, @p + @len) in a loaded object's read-only segment? */
static int in_rodata(const void *p, uint32_t len)
{
	struct ro_find f = { (uintptr_t)p, (uintptr_t)p + len, 0 };

	dl_iterate_phdr(ro_segment, &f);
	return f.found;
}

static void meta_free(struct tp_meta *m)
{
	if (!m)
		return;
	free(m->copy);
	free(m->tl);
	free(m->parsed);
	free(m);
}

/*
 * Make the TraceLogging form of @meta; kept in the table when there is
 * room (else the caller frees it after the write).  NULL: malformed.
 */
static struct tp_meta *meta_make(const uint8_t *meta, uint32_t len,
				 uint16_t tag, int *kept)
{
	struct tp_meta *m = calloc(1, sizeof(*m));
	uint8_t *tl = malloc(0x10000);
	unsigned s, i;
	int r;

	*kept = 0;
	if (!m || !tl)
		goto fail;
	m->key = meta;
	m->len = len;
	m->tag = tag;
	m->copy = malloc(len ? len : 1);
	m->parsed = malloc(sizeof(*m->parsed));
	if (!m->copy || !m->parsed)
		goto fail;
	memcpy(m->copy, meta, len);
	m->head = meta_head(meta, len);
	m->stable = (uint8_t)in_rodata(meta, len);
	if (etw_eh_meta_parse(m->copy, len, m->parsed))
		goto fail;
	r = etw_eh_tl_meta(m->parsed, tag, tl, 0x10000, &m->flags);
	if (r < 0)
		goto fail;
	m->tl = realloc(tl, (size_t)r);
	if (!m->tl)
		m->tl = tl;
	tl = NULL;
	m->tl_len = (uint32_t)r;
	if (!(m->flags & ETW_EH_TRANSCODE)) {
		free(m->parsed);
		m->parsed = NULL;
	}
	pthread_mutex_lock(&tp_meta_lock);
	s = meta_slot(meta, tag);
	for (i = 0; i < TP_META_PROBE; i++) {
		struct tp_meta **slot = &tp_metas[(s + i) & (TP_META_SLOTS - 1)];

		if (!*slot) {
			__atomic_store_n(slot, m, __ATOMIC_RELEASE);
			*kept = 1;
			break;
		}
	}
	pthread_mutex_unlock(&tp_meta_lock);
	return m;
fail:
	free(tl);
	meta_free(m);
	return NULL;
}

/* A reader over the writer's iovecs. */
struct tp_cur {
	const struct iovec *v;
	unsigned n, i;
	size_t off;
};

static void cur_skip_empty(struct tp_cur *c)
{
	while (c->i < c->n && c->off == c->v[c->i].iov_len) {
		c->i++;
		c->off = 0;
	}
}

/* The thread's scratch: gathered headers, payloads, transcodings. */
#define TP_SCRATCH	0x10000
static __thread uint8_t *tp_scratch[2];
static pthread_key_t tp_scratch_key;
static pthread_once_t tp_scratch_once = PTHREAD_ONCE_INIT;

/* At thread exit: the thread's scratch buffers. */
static void scratch_free(void *arg)
{
	uint8_t **s = arg;

	free(s[0]);
	free(s[1]);
	s[0] = s[1] = NULL;
}

static void scratch_key(void)
{
	pthread_key_create(&tp_scratch_key, scratch_free);
}

static uint8_t *scratch(int k)
{
	if (!tp_scratch[k]) {
		pthread_once(&tp_scratch_once, scratch_key);
		tp_scratch[k] = malloc(TP_SCRATCH);
		pthread_setspecific(tp_scratch_key, tp_scratch);
	}
	return tp_scratch[k];
}

/*
 * The next @len bytes: in place when one iovec holds them, else copied
 * into @tmp (@room bytes).  NULL: not that many, or no room.
 */
static const uint8_t *cur_take(struct tp_cur *c, size_t len, uint8_t *tmp,
			       size_t room)
{
	const uint8_t *p;
	size_t got = 0;

	cur_skip_empty(c);
	if (c->i < c->n && c->v[c->i].iov_len - c->off >= len) {
		p = (const uint8_t *)c->v[c->i].iov_base + c->off;
		c->off += len;
		return p;
	}
	if (!tmp || len > room)
		return NULL;
	while (got < len) {
		size_t k;

		cur_skip_empty(c);
		if (c->i >= c->n)
			return NULL;
		k = c->v[c->i].iov_len - c->off;
		if (k > len - got)
			k = len - got;
		memcpy(tmp + got, (const uint8_t *)c->v[c->i].iov_base + c->off, k);
		got += k;
		c->off += k;
	}
	return tmp;
}

/* What remains, as data descriptors after @d[@k]; the count, or -1. */
static int cur_rest(struct tp_cur *c, EVENT_DATA_DESCRIPTOR *d, int k, int max,
		    uint32_t *bytes)
{
	*bytes = 0;
	for (; c->i < c->n; c->i++, c->off = 0) {
		size_t len = c->v[c->i].iov_len - c->off;

		if (!len)
			continue;
		if (k == max || len > 0xFFFF || *bytes + len > 0xFFFF)
			return -1;
		d[k].Ptr = (ULONGLONG)(uintptr_t)((const uint8_t *)
						  c->v[c->i].iov_base + c->off);
		d[k].Size = (ULONG)len;
		d[k].Reserved = 0;
		*bytes += (uint32_t)len;
		k++;
	}
	return k;
}

/* Gather @n descriptors from @d[@first] into @buf; their bytes. */
static uint32_t gather(const EVENT_DATA_DESCRIPTOR *d, int first, int n,
		       uint8_t *buf)
{
	uint32_t len = 0;
	int i;

	for (i = first; i < n; i++) {
		memcpy(buf + len, (const void *)(uintptr_t)d[i].Ptr, d[i].Size);
		len += d[i].Size;
	}
	return len;
}

static const GUID tp_no_activity;

#define TP_MAX_DESC	MAX_EVENT_DATA_DESCRIPTORS

_Static_assert(sizeof(struct iovec) == sizeof(EVENT_DATA_DESCRIPTOR) &&
	       offsetof(struct iovec, iov_len) ==
	       offsetof(EVENT_DATA_DESCRIPTOR, Size), "iovec as a descriptor");

static inline uint16_t rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* The descriptor of an EventHeader event: its eventheader @h, @keyword. */
static inline void eh_descriptor(EVENT_DESCRIPTOR *ed, const uint8_t *h,
				 uint64_t keyword)
{
	ed->Id = rd16(h + 2);
	ed->Version = h[1];
	ed->Channel = 11;		/* TraceLogging's */
	ed->Level = h[7];
	ed->Opcode = h[6];
	ed->Task = 0;
	ed->Keyword = keyword;
}

/* Any layout of the writer's iovecs. */
static __attribute__((noinline))
int tp_write_eh_general(const struct tp_ent *e, unsigned n,
			const struct iovec *v)
{
	EVENT_DATA_DESCRIPTOR d[TP_MAX_DESC];
	struct tp_cur c = { .v = v, .n = n, .i = 1 };
	const uint8_t *h, *act = NULL, *rel = NULL, *meta = NULL;
	const struct tp_meta *m = NULL;
	struct tp_meta *own = NULL;
	uint32_t meta_len = 0, bytes;
	EVENT_DESCRIPTOR ed;
	int more, k, kept = 1, err;
	uint8_t hdr[8];
	ULONG st;

	h = cur_take(&c, 8, hdr, sizeof(hdr));
	if (!h)
		return EINVAL;
	if (!(h[0] & ETW_EH_FLAG_LITTLE_ENDIAN))
		return EINVAL;		/* not this machine's byte order */
	more = h[0] & ETW_EH_FLAG_EXTENSION;
	while (more) {
		uint8_t xb[4];
		const uint8_t *x = cur_take(&c, 4, xb, sizeof(xb)), *data;
		uint16_t size, kind;

		if (!x)
			return EINVAL;
		size = (uint16_t)(x[0] | x[1] << 8);
		kind = (uint16_t)(x[2] | x[3] << 8);
		more = kind & ETW_EH_EXT_CHAIN;
		kind &= ETW_EH_EXT_KIND_MASK;
		/* Metadata copied only when the writer split it. */
		data = cur_take(&c, size, kind == ETW_EH_EXT_METADATA ?
				scratch(0) : NULL, TP_SCRATCH);
		if (!data && kind == ETW_EH_EXT_ACTIVITY_ID) {
			static __thread uint8_t ids[32];

			if (size != 16 && size != 32)
				return EINVAL;
			data = cur_take(&c, size, ids, sizeof(ids));
		}
		if (!data) {
			if (kind == ETW_EH_EXT_METADATA ||
			    kind == ETW_EH_EXT_ACTIVITY_ID)
				return EINVAL;
			if (!cur_take(&c, size, scratch(1), TP_SCRATCH))
				return EINVAL;	/* unknown kind: skipped */
			continue;
		}
		if (kind == ETW_EH_EXT_METADATA) {
			meta = data;
			meta_len = size;
		} else if (kind == ETW_EH_EXT_ACTIVITY_ID) {
			if (size != 16 && size != 32)
				return EINVAL;
			act = data;
			rel = size == 32 ? data + 16 : NULL;
		}
	}
	eh_descriptor(&ed, h, e->keyword);
	k = 0;
	if (meta) {
		uint16_t tag = (uint16_t)(h[4] | h[5] << 8);

		m = meta_find(meta, meta_len, tag);
		if (!m) {
			m = own = meta_make(meta, meta_len, tag, &kept);
			if (!m)
				return EINVAL;
		}
		d[0].Ptr = (ULONGLONG)(uintptr_t)m->tl;
		d[0].Size = m->tl_len;
		d[0].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
		k = 1;
	}
	k = cur_rest(&c, d, k, TP_MAX_DESC, &bytes);
	if (k < 0) {
		err = E2BIG;
		goto out;
	}
	if (m && (m->flags & ETW_EH_TRANSCODE)) {
		uint8_t *in = scratch(1), *out = scratch(0);
		uint32_t len;
		int r;

		/* scratch(0) may hold the gathered metadata: m has a copy. */
		if (!in || !out) {
			err = ENOMEM;
			goto out;
		}
		len = gather(d, 1, k, in);
		r = etw_eh_transcode(m->parsed, in, len, out, TP_SCRATCH);
		if (r < 0) {
			err = r == -E2BIG ? E2BIG : EINVAL;
			goto out;
		}
		d[1].Ptr = (ULONGLONG)(uintptr_t)out;
		d[1].Size = (ULONG)r;
		d[1].Reserved = 0;
		k = 2;
	}
	st = EventWriteEx(e->handle, &ed, 0, 0,
			  act ? (LPCGUID)act : &tp_no_activity, (LPCGUID)rel,
			  (ULONG)k, d);
	err = tp_errno(st);
out:
	if (!kept)
		meta_free(own);
	return err;
}

/*
 * eventheader_write's layout, the common case, without copies: [1] the
 * eventheader and perhaps its activity IDs, [2] the metadata extension
 * (known already), the payload after.  Anything else: the general way.
 */
static inline __attribute__((always_inline))
int tp_write_eventheader(const struct tp_ent *e, unsigned n, struct iovec *v)
{
	EVENT_DATA_DESCRIPTOR *d;
	struct iovec saved;
	const uint8_t *h = v[1].iov_base, *x, *act = NULL, *rel = NULL;
	const struct tp_meta *m;
	size_t hl = v[1].iov_len;
	EVENT_DESCRIPTOR ed;
	uint32_t len;
	uint16_t tag;
	ULONG st;

	if (__builtin_expect(n < 3 || n > TP_MAX_DESC + 2 ||
			     v[2].iov_len < 4 || (hl != 8 && hl != 8 + 4 + 16 &&
						   hl != 8 + 4 + 32) ||
			     (h[0] & (ETW_EH_FLAG_LITTLE_ENDIAN | ETW_EH_FLAG_EXTENSION)) !=
			     (ETW_EH_FLAG_LITTLE_ENDIAN | ETW_EH_FLAG_EXTENSION), 0))
		goto general;
	if (hl > 8) {
		/* The activity IDs, chained to the metadata. */
		if (rd16(h + 10) != (ETW_EH_EXT_ACTIVITY_ID | ETW_EH_EXT_CHAIN) ||
		    rd16(h + 8) != hl - 12)
			goto general;
		act = h + 12;
		rel = hl == 8 + 4 + 32 ? h + 28 : NULL;
	}
	x = v[2].iov_base;
	if (rd16(x + 2) != ETW_EH_EXT_METADATA || rd16(x) != v[2].iov_len - 4)
		goto general;
	/*
	 * The tracepoint's last metadata first (only read-only metadata is
	 * kept there: known by where it is), then the table.
	 */
	m = __atomic_load_n(&((struct tp_ent *)e)->hint, __ATOMIC_ACQUIRE);
	len = (uint32_t)v[2].iov_len - 4;
	tag = rd16(h + 4);
	if (!m || m->key != x + 4 || m->len != len || m->tag != tag) {
		m = meta_find(x + 4, len, tag);
		if (__builtin_expect(!m, 0))
			goto general;
		if (m->stable)
			__atomic_store_n(&((struct tp_ent *)e)->hint, m,
					 __ATOMIC_RELEASE);
	}
	if (__builtin_expect(m->flags & ETW_EH_TRANSCODE, 0))
		goto general;
	/*
	 * An iovec is an EVENT_DATA_DESCRIPTOR (both 16 bytes: pointer,
	 * then the length, whose high half is the descriptor's type and
	 * reserved bytes -- 0 for any length the writer takes; a longer
	 * one is refused as ERROR_INVALID_PARAMETER).  So [2..] are the
	 * descriptors once [2] is the TraceLogging metadata's: it is for
	 * the call, and given back as it was before returning.
	 */
	d = (EVENT_DATA_DESCRIPTOR *)&v[2];
	memcpy(&saved, d, sizeof(saved));
	d->Ptr = (ULONGLONG)(uintptr_t)m->tl;
	d->Size = m->tl_len;
	d->Reserved = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
	eh_descriptor(&ed, h, e->keyword);
	st = __etw_write_traits(e->handle, &ed, act ? (LPCGUID)act : &tp_no_activity,
				(LPCGUID)rel, n - 2, d);
	memcpy(d, &saved, sizeof(saved));
	return __builtin_expect(st == ERROR_SUCCESS, 1) ? 0 : tp_errno(st);
general:
	return tp_write_eh_general(e, n, v);
}

int tp_write_plain(const struct tp_ent *e, unsigned n, const struct iovec *v)
{
	EVENT_DATA_DESCRIPTOR d[TP_MAX_DESC];
	struct tp_cur c = { .v = v, .n = n, .i = 1 };
	EVENT_DESCRIPTOR ed = { .Channel = 11 };
	uint32_t bytes;
	ULONG st;
	int k;

	d[0].Ptr = (ULONGLONG)(uintptr_t)e->tl;
	d[0].Size = e->tl_len;
	d[0].Reserved = EVENT_DATA_DESCRIPTOR_TYPE_EVENT_METADATA;
	k = cur_rest(&c, d, 1, TP_MAX_DESC, &bytes);
	if (k < 0)
		return E2BIG;
	if (e->transcode) {
		uint8_t *in = scratch(0), *out = scratch(1);
		uint32_t len;
		int r;

		if (!in || !out)
			return ENOMEM;
		len = gather(d, 1, k, in);
		r = etw_tp_transcode(e->fields, e->nfields, in, len,
				     ETW_TP_USER_BASE, out, TP_SCRATCH);
		if (r < 0)
			return r == -E2BIG ? E2BIG : EINVAL;
		d[1].Ptr = (ULONGLONG)(uintptr_t)out;
		d[1].Size = (ULONG)r;
		d[1].Reserved = 0;
		k = 2;
	}
	st = EventWriteEx(e->handle, &ed, 0, 0, &tp_no_activity, NULL,
			  (ULONG)k, d);
	return tp_errno(st);
}

TP_EXPORT int tracepoint_write(const struct tp_state *tp, unsigned data_count,
			       struct iovec *data_vecs)
{
	const struct tp_ent *e;

	if (!tp || !__atomic_load_n(&tp->status_word, __ATOMIC_RELAXED))
		return EBADF;
	e = tp_ent_get(__atomic_load_n(&tp->write_index, __ATOMIC_RELAXED));
	if (__builtin_expect(!e || !data_count || !data_vecs, 0))
		return e ? EINVAL : EBADF;
	data_vecs[0].iov_base = NULL;
	data_vecs[0].iov_len = 0;
	if (e->kind == TP_EVENTHEADER)
		return tp_write_eventheader(e, data_count, data_vecs);
	return tp_write_plain(e, data_count, data_vecs);
}
