// SPDX-License-Identifier: MIT
/*
 * The tracepoint.h interface (tp_internal.h): provider and tracepoint
 * states and the rules LinuxTracepoints documents for them.
 *
 *   - A provider state is closed (data_file -1) or open.  Opening a
 *     closed provider resets every tracepoint connected to it meanwhile
 *     (init-on-first-use); closing disconnects and resets them all.
 *   - tracepoint_connect disconnects the tracepoint from its provider,
 *     then connects it to the new one: with a registration if that
 *     provider is open, else only linked to it until it opens.
 *   - TRACEPOINT_ENABLED reads status_word: non-zero while some ETW
 *     session wants the tracepoint's level and keyword (tp_reg.c).
 *   - tracepoint_write is a no-op returning EBADF while status_word is 0
 *     (disconnected, closed provider, nobody listening).
 *
 * Everything but tracepoint_write takes tp_lock; tracepoint_write takes
 * no lock.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <libetw.h>

#include "tp_internal.h"

pthread_mutex_t tp_lock = PTHREAD_MUTEX_INITIALIZER;

/* Entries by write index (tp_internal.h). */
struct tp_ent *tp_chunks[TP_CHUNKS];
static unsigned tp_nents;		/* tp_lock */
static struct tp_ent *tp_free;		/* tp_lock */

static int tp_ent_index(const struct tp_ent *e)
{
	unsigned i;

	for (i = 0; i < TP_CHUNKS && tp_chunks[i]; i++)
		if (e >= tp_chunks[i] && e < tp_chunks[i] + TP_CHUNK)
			return (int)(i * TP_CHUNK + (unsigned)(e - tp_chunks[i]));
	return -1;
}

/* A free entry (tp_lock held), or NULL when 65536 are in use. */
static struct tp_ent *tp_ent_alloc(void)
{
	struct tp_ent *e = tp_free, *c;

	if (e) {
		tp_free = e->next_free;
		return e;
	}
	if (tp_nents == TP_CHUNK * TP_CHUNKS)
		return NULL;
	if (!tp_chunks[tp_nents / TP_CHUNK]) {
		c = calloc(TP_CHUNK, sizeof(*c));
		if (!c)
			return NULL;
		__atomic_store_n(&tp_chunks[tp_nents / TP_CHUNK], c,
				 __ATOMIC_RELEASE);
	}
	return tp_ent_get((int)tp_nents++);
}

static void tp_ent_release(struct tp_ent *e)
{
	free(e->tl);
	free(e->args);
	free(e->fields);
	e->tl = NULL;
	e->args = NULL;
	e->fields = NULL;
	e->state = NULL;
	e->hint = NULL;
	e->next_free = tp_free;
	tp_free = e;
}

static void list_init(struct tp_node *head)
{
	head->next = head;
	head->prev = head;
}

static void list_add(struct tp_node *head, struct tp_node *n)
{
	n->next = head;
	n->prev = head->prev;
	head->prev->next = n;
	head->prev = n;
}

static void list_del(struct tp_node *n)
{
	if (n->next) {
		n->next->prev = n->prev;
		n->prev->next = n->next;
	}
	n->next = NULL;
	n->prev = NULL;
}

#define tp_of(node) ((struct tp_state *)((char *)(node) - \
					  offsetof(struct tp_state, link)))

/*
 * Take @tp off its provider: no registration, out of the list, back to
 * TRACEPOINT_STATE_INIT.  tp_lock held.
 */
static void tp_reset(struct tp_state *tp)
{
	struct tp_ent *e;

	__atomic_store_n(&tp->status_word, 0, __ATOMIC_RELAXED);
	e = tp_ent_get(tp->write_index);
	if (e && e->state == tp) {
		tp_reg_detach(e);
		tp_ent_release(e);
		if (tp->provider_state)
			((struct tp_provider_state *)tp->provider_state)->ref_count--;
	}
	__atomic_store_n(&tp->write_index, -1, __ATOMIC_RELAXED);
	list_del(&tp->link);
	__atomic_store_n(&tp->provider_state, NULL, __ATOMIC_RELAXED);
}

/* Reset every tracepoint linked to @ps.  tp_lock held. */
static void tp_reset_all(struct tp_provider_state *ps)
{
	struct tp_node *n = ps->head.next;

	if (!n)
		return;
	while (n != &ps->head) {
		struct tp_state *tp = tp_of(n);

		n = n->next;
		tp_reset(tp);
	}
	ps->head.next = NULL;
	ps->head.prev = NULL;
}

TP_EXPORT void tracepoint_close_provider(struct tp_provider_state *ps)
{
	if (!ps)
		return;
	pthread_mutex_lock(&tp_lock);
	tp_reset_all(ps);
	ps->ref_count = 0;
	ps->data_file = -1;
	pthread_mutex_unlock(&tp_lock);
}

TP_EXPORT int tracepoint_open_provider(struct tp_provider_state *ps)
{
	int fd, err = 0;

	if (!ps)
		return EINVAL;
	/* Where etw.ko is missing, the provider stays closed (a no-op). */
	fd = tp_ops.dev_fd();
	pthread_mutex_lock(&tp_lock);
	if (ps->data_file != -1) {
		err = EALREADY;		/* a precondition the caller broke */
	} else if (fd < 0) {
		err = -fd;
	} else {
		tp_reset_all(ps);
		list_init(&ps->head);
		ps->ref_count = 0;
		ps->data_file = fd;
	}
	pthread_mutex_unlock(&tp_lock);
	return err;
}

static int ptr_desc(const void *a, const void *b)
{
	const void *x = *(const void *const *)a, *y = *(const void *const *)b;

	return x < y ? 1 : x > y ? -1 : 0;	/* NULLs last */
}

int tracepoint_connect(struct tp_state *tp, struct tp_provider_state *ps,
		       const char *tp_name_args);

TP_EXPORT int tracepoint_open_provider_with_tracepoints(
	struct tp_provider_state *ps, const struct tp_definition **start,
	const struct tp_definition **stop)
{
	size_t n, i, out;
	int err;

	err = tracepoint_open_provider(ps);
	if (err)
		return err;
	if (!start || stop <= start)
		return 0;
	/* Sorted, duplicates and NULLs moved to the end (as documented). */
	n = (size_t)(stop - start);
	qsort(start, n, sizeof(*start), ptr_desc);
	for (i = 0, out = 0; i < n && start[i]; i++)
		if (!out || start[i] != start[out - 1])
			start[out++] = start[i];
	for (i = out; i < n; i++)
		start[i] = NULL;
	for (i = 0; i < out; i++)
		(void)tracepoint_connect(start[i]->state, ps,
					 start[i]->tp_name_args);
	return 0;
}

/* The name (up to the first space or tab) and the argument list. */
static void split_name_args(const char *s, size_t *name_len,
			    const char **args)
{
	size_t n = strcspn(s, " \t");

	*name_len = n;
	s += n;
	while (*s == ' ' || *s == '\t')
		s++;
	*args = s;
}

/* Is @args EventHeader's argument list (spaces as they may be)? */
static int is_eh_args(const char *args)
{
	const char *w = ETW_EH_COMMAND_TYPES;

	while (*args || *w) {
		if (*args == ' ' || *args == '\t' || *w == ' ') {
			while (*args == ' ' || *args == '\t')
				args++;
			while (*w == ' ')
				w++;
			continue;
		}
		if (*args != *w)
			return 0;
		args++;
		w++;
	}
	return 1;
}

/* An entry for @tp on registration @name (tp_lock held); 0 or errno. */
static int tp_attach(struct tp_state *tp, struct tp_provider_state *ps,
		     const char *name_args)
{
	struct etw_eh_tpname tn;
	const char *args;
	struct tp_ent *e;
	size_t nlen;
	int r, kind;

	if (!name_args)
		return EINVAL;
	split_name_args(name_args, &nlen, &args);
	if (!nlen || nlen >= ETW_EH_NAME_MAX)
		return EINVAL;
	kind = !etw_eh_tpname_parse(name_args, (u32)nlen, &tn) &&
	       is_eh_args(args) ? TP_EVENTHEADER : TP_PLAIN;
	e = tp_ent_alloc();
	if (!e)
		return ENOMEM;
	memset(e, 0, sizeof(*e));
	e->state = tp;
	e->kind = (uint8_t)kind;
	if (kind == TP_EVENTHEADER) {
		e->level = tn.level;
		e->keyword = tn.keyword;
		r = tp_reg_attach(e, kind, tn.provider, tn.provider_len,
				  name_args, nlen);
	} else {
		struct etw_tp_field f[ETW_TP_MAX_FIELDS];
		uint8_t meta[4096];
		int nf, ml;
		u32 i;

		r = EINVAL;
		e->args = strdup(args);
		if (!e->args) {
			r = ENOMEM;
			goto fail;
		}
		nf = etw_tp_args_parse(e->args, (u32)strlen(e->args), f,
				       ETW_TP_MAX_FIELDS);
		if (nf < 0)
			goto fail;
		ml = etw_tp_tl_meta(name_args, (u32)nlen, f, (u32)nf, meta,
				    sizeof(meta));
		if (ml < 0)
			goto fail;
		e->tl = malloc((size_t)ml);
		e->fields = malloc(sizeof(*f) * (size_t)(nf ? nf : 1));
		if (!e->tl || !e->fields) {
			r = ENOMEM;
			goto fail;
		}
		memcpy(e->tl, meta, (size_t)ml);
		e->tl_len = (uint32_t)ml;
		memcpy(e->fields, f, sizeof(*f) * (size_t)nf);
		e->nfields = (uint32_t)nf;
		for (i = 0; i < (u32)nf; i++)
			if (f[i].kind != ETW_TPF_FIXED || !f[i].elem)
				e->transcode = 1;
		r = tp_reg_attach(e, kind, name_args, nlen, name_args, nlen);
	}
	if (r)
		goto fail;
	__atomic_store_n(&tp->write_index, tp_ent_index(e), __ATOMIC_RELAXED);
	ps->ref_count++;
	return 0;
fail:
	tp_ent_release(e);
	return r;
}

TP_EXPORT int tracepoint_connect(struct tp_state *tp,
				 struct tp_provider_state *ps,
				 const char *tp_name_args)
{
	int err = 0;

	if (!tp)
		return EINVAL;
	pthread_mutex_lock(&tp_lock);
	tp_reset(tp);
	if (ps) {
		/*
		 * Linked even while the provider is closed, so that opening
		 * it resets the tracepoint (init-on-first-use).
		 */
		if (!ps->head.next)
			list_init(&ps->head);
		if (ps->data_file != -1)
			err = tp_attach(tp, ps, tp_name_args);
		list_add(&ps->head, &tp->link);
		__atomic_store_n(&tp->provider_state, ps, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&tp_lock);
	return err;
}
