// SPDX-License-Identifier: MIT
/*
 * TDH's schema cache: what TdhGetEventInformation answers for an event,
 * kept, so that a consumer asking for every event (the size, then the
 * information, as Microsoft's samples do), and TdhGetPropertySize and
 * TdhGetProperty, pay a lookup and a copy instead of a decoding.
 *
 * One layer around the decoding: the caller (tdh_api.c) gives the
 * function that makes the answer (its event_schema(), then
 * tdh_schema_to_info()), so whatever a schema comes from -- TraceLogging
 * metadata, a manifest, the kernel's MOF classes, or any source added
 * there -- goes through the cache.  An entry is keyed by what the answer
 * depends on: the provider and the whole EVENT_DESCRIPTOR (id, version,
 * channel, level, opcode, task, keyword), the header flags that select a
 * decoding (classic, 32-bit, string-only, message), the TraceLogging
 * metadata and traits items byte for byte, and a stack record's length
 * (its class has as many frames as it holds).  Answers that are errors
 * (ERROR_NOT_FOUND: no manifest) are kept too.
 *
 * Invalidation: a generation number, bumped by tdh_cache_invalidate()
 * whenever a source changes (TdhLoadManifest*, TdhUnloadManifest*, the
 * installed directories found changed); an entry of an older generation
 * is not used.  A hit of an event a manifest could describe first lets
 * the store look at its directories (at most once a second, as without
 * the cache), so `etwctl manifest install` is seen as soon as before.
 *
 * Bounded: at most TDH_CACHE_ENTRIES entries and TDH_CACHE_BYTES bytes;
 * past that the cache starts again empty (entries in use live until
 * their users let them go).
 *
 * Locking: one mutex guards the table; entries are immutable once made
 * and counted (refs: the table's one, each user's, and that of each
 * thread whose last entry it is), so a user reads an entry's information
 * without the lock, and a thread meeting the kind of event it met last
 * takes neither the lock nor a hash.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tdh_internal.h"
#include "tdh_mof.h"
#include "tdh_store.h"

#define TDH_CACHE_BUCKETS	4096	/* power of 2 */
#define TDH_CACHE_ENTRIES	8192
#define TDH_CACHE_BYTES		(16u << 20)

struct tdh_cached {
	struct tdh_cached *next;	/* in its bucket */
	uint64_t hash;
	uint32_t gen;
	uint32_t keylen;
	int refs;			/* atomic */
	ULONG status;
	ULONG size;			/* bytes of info */
	TRACE_EVENT_INFO *info;		/* NULL when status is an error */
	unsigned char key[];
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tdh_cached *buckets[TDH_CACHE_BUCKETS];
static uint32_t nentries;
static size_t nbytes;
static uint32_t generation;		/* atomic; entries of another are stale */

/* The key's fixed part (what comes from the header), 48 bytes. */
struct ckey {
	GUID provider;
	EVENT_DESCRIPTOR desc;
	USHORT flags;
	USHORT stack_len;		/* StackWalk records: their length */
	uint32_t meta_len, traits_len;	/* TraceLogging items, then their bytes */
	uint32_t zero;			/* (to 8-byte words) */
};
_Static_assert(sizeof(struct ckey) == 48, "the key is hashed in words");

/*
 * This thread's last entry (it holds a reference): a run of one kind of
 * event, and the information call after the size call, find it without
 * a hash or the lock.
 */
static __thread struct tdh_cached *last_entry __attribute__((tls_model("initial-exec")));

static const EVENT_HEADER_EXTENDED_DATA_ITEM *item(const EVENT_RECORD *e, USHORT type)
{
	USHORT i;

	for (i = 0; e->ExtendedData && i < e->ExtendedDataCount; i++)
		if (e->ExtendedData[i].ExtType == type)
			return &e->ExtendedData[i];
	return NULL;
}

/*
 * The bucket: the header part, and of the metadata its ends (its first
 * and last 32 bytes: the event's name, its last fields), not all of it
 * -- a long blob is compared whole once, not hashed whole every call.
 */
static uint64_t hash_key(const struct ckey *k, const void *meta, const void *traits)
{
	uint64_t h = tdh_hash(0xcbf29ce484222325ULL, k, sizeof(*k));
	const unsigned char *m = meta;

	if (k->meta_len <= 64) {
		h = tdh_hash(h, m, k->meta_len);
	} else {
		h = tdh_hash(h, m, 32);
		h = tdh_hash(h, m + k->meta_len - 32, 32);
	}
	return tdh_hash(h, traits, k->traits_len < 16 ? k->traits_len : 16);
}

/* The flags that choose how an event is decoded. */
#define KEY_FLAGS (EVENT_HEADER_FLAG_CLASSIC_HEADER | EVENT_HEADER_FLAG_32_BIT_HEADER | \
		   EVENT_HEADER_FLAG_STRING_ONLY | EVENT_HEADER_FLAG_TRACE_MESSAGE)

static void make_key(const EVENT_RECORD *e, struct ckey *k, const void **meta,
		     const void **traits)
{
	const EVENT_HEADER *h = &e->EventHeader;
	const EVENT_HEADER_EXTENDED_DATA_ITEM *tl, *tr = NULL;

	memset(k, 0, sizeof(*k));
	k->provider = h->ProviderId;
	k->desc = h->EventDescriptor;
	k->flags = h->Flags & KEY_FLAGS;
	if ((h->Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER) &&
	    IsEqualGUID(&h->ProviderId, &StackWalkGuid))
		k->stack_len = e->UserDataLength;
	*meta = *traits = NULL;
	tl = item(e, EVENT_HEADER_EXT_TYPE_EVENT_SCHEMA_TL);
	if (tl) {
		tr = item(e, EVENT_HEADER_EXT_TYPE_PROV_TRAITS);
		k->meta_len = tl->DataSize;
		*meta = (const void *)(uintptr_t)tl->DataPtr;
		if (tr) {
			k->traits_len = tr->DataSize;
			*traits = (const void *)(uintptr_t)tr->DataPtr;
		}
	}
}

static int same_key(const struct tdh_cached *c, const struct ckey *k,
		    const void *meta, const void *traits)
{
	const unsigned char *p = c->key;

	if (c->keylen != sizeof(*k) + k->meta_len + k->traits_len ||
	    memcmp(p, k, sizeof(*k)))
		return 0;
	p += sizeof(*k);
	if (k->meta_len && memcmp(p, meta, k->meta_len))
		return 0;
	p += k->meta_len;
	return !k->traits_len || !memcmp(p, traits, k->traits_len);
}

static void unref(struct tdh_cached *c)
{
	if (__atomic_sub_fetch(&c->refs, 1, __ATOMIC_ACQ_REL) == 0) {
		free(c->info);
		free(c);
	}
}

/* @c is this thread's last entry now (its reference taken by the caller). */
static void remember(struct tdh_cached *c)
{
	struct tdh_cached *old = last_entry;

	last_entry = c;
	if (old)
		unref(old);
}

void tdh_cache_put(const struct tdh_cached *c)
{
	if (c)
		unref((struct tdh_cached *)c);
}

/* Every entry out of the table.  Context: cache_lock held. */
static void clear_locked(void)
{
	uint32_t i;

	for (i = 0; i < TDH_CACHE_BUCKETS; i++) {
		struct tdh_cached *c = buckets[i], *n;

		for (; c; c = n) {
			n = c->next;
			unref(c);
		}
		buckets[i] = NULL;
	}
	nentries = 0;
	nbytes = 0;
}

void tdh_cache_invalidate(void)
{
	__atomic_add_fetch(&generation, 1, __ATOMIC_ACQ_REL);
}

void tdh_cache_stats(uint32_t *entries, size_t *bytes)
{
	pthread_mutex_lock(&cache_lock);
	*entries = nentries;
	*bytes = nbytes;
	pthread_mutex_unlock(&cache_lock);
}

/* An event a manifest could describe: what its sources say may change. */
static int manifest_kind(const struct ckey *k)
{
	return !k->meta_len && !(k->flags & (EVENT_HEADER_FLAG_CLASSIC_HEADER |
					    EVENT_HEADER_FLAG_STRING_ONLY |
					    EVENT_HEADER_FLAG_TRACE_MESSAGE));
}

ULONG tdh_cache_get(const EVENT_RECORD *e, tdh_cache_build_fn build,
		    const struct tdh_cached **out)
{
	const void *meta, *traits;
	struct tdh_cached *c, **b, *prev;
	struct ckey k;
	uint32_t gen;
	uint64_t h;

	*out = NULL;
	make_key(e, &k, &meta, &traits);
	if (manifest_kind(&k))
		tdh_store_refresh();	/* installed ones changed: invalidates */
	else if (k.flags & EVENT_HEADER_FLAG_CLASSIC_HEADER)
		tdh_mof_refresh();	/* the MOF class store, the same way */
	gen = __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
	c = last_entry;
	if (c && c->gen == gen && same_key(c, &k, meta, traits)) {
		__atomic_add_fetch(&c->refs, 1, __ATOMIC_ACQ_REL);
		*out = c;
		return c->status;
	}
	h = hash_key(&k, meta, traits);
	b = &buckets[h & (TDH_CACHE_BUCKETS - 1)];
	pthread_mutex_lock(&cache_lock);
	for (prev = NULL, c = *b; c; prev = c, c = c->next) {
		if (c->hash != h || !same_key(c, &k, meta, traits))
			continue;
		if (c->gen == gen) {
			__atomic_add_fetch(&c->refs, 2, __ATOMIC_ACQ_REL);
			pthread_mutex_unlock(&cache_lock);
			remember(c);
			*out = c;
			return c->status;
		}
		/* stale: out, made again below */
		if (prev)
			prev->next = c->next;
		else
			*b = c->next;
		nentries--;
		nbytes -= sizeof(*c) + c->keylen + c->size;
		unref(c);
		break;
	}
	pthread_mutex_unlock(&cache_lock);

	/* Made without the lock: decoding may take the store's. */
	c = calloc(1, sizeof(*c) + sizeof(k) + k.meta_len + k.traits_len);
	if (!c)
		return ERROR_NOT_ENOUGH_MEMORY;
	c->hash = h;
	c->gen = gen;
	c->keylen = sizeof(k) + k.meta_len + k.traits_len;
	memcpy(c->key, &k, sizeof(k));
	if (k.meta_len)
		memcpy(c->key + sizeof(k), meta, k.meta_len);
	if (k.traits_len)
		memcpy(c->key + sizeof(k) + k.meta_len, traits, k.traits_len);
	c->status = build(e, &c->info, &c->size);
	c->refs = 3;		/* the table's, the caller's and last_entry's */
	if (c->status == ERROR_NOT_ENOUGH_MEMORY) {
		c->refs = 1;	/* not worth keeping: the caller's only */
		*out = c;
		return c->status;
	}
	pthread_mutex_lock(&cache_lock);
	if (nentries >= TDH_CACHE_ENTRIES ||
	    nbytes + sizeof(*c) + c->keylen + c->size > TDH_CACHE_BYTES)
		clear_locked();
	c->next = *b;
	*b = c;
	nentries++;
	nbytes += sizeof(*c) + c->keylen + c->size;
	pthread_mutex_unlock(&cache_lock);
	remember(c);
	*out = c;
	return c->status;
}

const TRACE_EVENT_INFO *tdh_cached_info(const struct tdh_cached *c, ULONG *size)
{
	*size = c->size;
	return c->info;
}

ULONG tdh_cache_event_info(const EVENT_RECORD *e, tdh_cache_build_fn build,
			   TRACE_EVENT_INFO *buf, ULONG *size)
{
	const struct tdh_cached *c;
	ULONG r = tdh_cache_get(e, build, &c);

	if (!r) {
		if (!buf || *size < c->size)
			r = ERROR_INSUFFICIENT_BUFFER;
		else
			memcpy(buf, c->info, c->size);
		*size = c->size;
	}
	tdh_cache_put(c);
	return r;
}
