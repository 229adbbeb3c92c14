// SPDX-License-Identifier: MIT
/*
 * Tracepoints as ETW registrations.  Each EventHeader tracepoint
 * ProviderName_L<level>K<keyword>[options] is a registration of the
 * provider's GUID (the name hash TraceLoggingProvider.h documents, which
 * is ETW's own) -- one per tracepoint name, as user_events has one
 * tracepoint per name -- with traits naming the provider, its group as
 * an ETW provider group (the name hash of the group name) and the
 * tracepoint (ETW_TRAIT_TYPE_EVENTHEADER: etwctl providers lists the
 * tracepoints by it).  A session enabling the provider enables all of
 * them.  A plain tracepoint is a provider of its own, named by the
 * tracepoint.
 *
 * The status word of each tracepoint follows ETW enablement: non-zero
 * while EventProviderEnabled(level, keyword) is, i.e. some session
 * enables the provider (or its group) at that level or above, with
 * keywords matching Any/All.  The registration's enable callback
 * recomputes it; libetw runs it before a session-control call that
 * changed it returns.
 *
 * Locks: tp_lock (tracepoint.c) over the registration list and users;
 * reg->lock over its entries and their status words, taken by the
 * callback.  tp_lock may be held across EventRegister/EventUnregister
 * (which wait for callbacks), reg->lock never is.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include <libetw.h>

#include "tp_internal.h"

static struct tp_reg *tp_regs;		/* tp_lock */

struct tp_ops tp_ops = {
	.dev_fd = etw_dev_fd,
	.reg = EventRegister,
	.set_info = EventSetInformation,
	.unreg = EventUnregister,
};

/* Status of @e from the enable map (reg->lock held). */
static void tp_status(struct tp_ent *e)
{
	unsigned on = e->handle &&
		      EventProviderEnabled(e->handle, e->level, e->keyword);

	__atomic_store_n(&e->state->status_word, on, __ATOMIC_RELAXED);
}

static VOID NTAPI tp_enable_cb(LPCGUID source, ULONG code, UCHAR level,
			       ULONGLONG any, ULONGLONG all,
			       PEVENT_FILTER_DESCRIPTOR filter, PVOID ctx)
{
	struct tp_reg *r = ctx;
	struct tp_ent *e;

	(void)source;
	(void)code;
	(void)level;
	(void)any;
	(void)all;
	(void)filter;
	pthread_mutex_lock(&r->lock);
	for (e = r->ents; e; e = e->next_in_reg)
		tp_status(e);
	pthread_mutex_unlock(&r->lock);
}

/*
 * The traits of @r (etw_eh_traits), malloc'ed; *@len their bytes.  An
 * EventHeader tracepoint's group is the G option of its name.
 */
static uint8_t *tp_traits(const struct tp_reg *r, size_t *len)
{
	uint8_t *t = malloc(0x10000);
	const u8 *gg = NULL;
	struct etw_eh_tpname tn;
	GUID g;
	int n;

	if (!t)
		return NULL;
	if (r->kind == TP_EVENTHEADER &&
	    !etw_eh_tpname_parse(r->tpname, (u32)strlen(r->tpname), &tn) &&
	    tn.group) {
		char group[ETW_EH_NAME_MAX];

		memcpy(group, tn.group, tn.group_len);
		group[tn.group_len] = 0;
		etw_provider_guid(group, &g);
		gg = (const u8 *)&g;
	}
	n = etw_eh_traits(r->name, (u32)strlen(r->name),
			  r->kind == TP_EVENTHEADER ? r->tpname : NULL,
			  (u32)strlen(r->tpname), gg, t, 0x10000);
	if (n < 0) {
		free(t);
		return NULL;
	}
	*len = (size_t)n;
	return t;
}

static struct tp_reg *tp_reg_new(int kind, const char *name, size_t name_len,
				 const char *tpname, size_t tpname_len, int *err)
{
	struct tp_reg *r = calloc(1, sizeof(*r));
	uint8_t *traits = NULL;
	size_t tlen = 0;
	REGHANDLE h = 0;
	ULONG st;
	GUID g;

	*err = ENOMEM;
	if (!r)
		return NULL;
	r->kind = kind;
	r->name = strndup(name, name_len);
	r->tpname = strndup(tpname, tpname_len);
	pthread_mutex_init(&r->lock, NULL);
	if (!r->name || !r->tpname)
		goto fail;
	traits = tp_traits(r, &tlen);
	if (!traits)
		goto fail;
	etw_provider_guid(r->name, &g);
	st = tp_ops.reg(&g, tp_enable_cb, r, &h);
	if (st != ERROR_SUCCESS) {
		*err = tp_errno(st);
		goto fail;
	}
	/* Provider name, group and tracepoint; descriptor types honoured. */
	st = tp_ops.set_info(h, EventProviderSetTraits, traits, (ULONG)tlen);
	if (st != ERROR_SUCCESS) {
		tp_ops.unreg(h);
		*err = tp_errno(st);
		goto fail;
	}
	free(traits);
	pthread_mutex_lock(&r->lock);
	r->handle = h;
	pthread_mutex_unlock(&r->lock);
	return r;
fail:
	free(traits);
	free(r->name);
	free(r->tpname);
	pthread_mutex_destroy(&r->lock);
	free(r);
	return NULL;
}

int tp_reg_attach(struct tp_ent *e, int kind, const char *name, size_t name_len,
		  const char *tpname, size_t tpname_len)
{
	struct tp_reg *r;
	int err;

	for (r = tp_regs; r; r = r->next)
		if (r->kind == kind && strlen(r->tpname) == tpname_len &&
		    !memcmp(r->tpname, tpname, tpname_len))
			break;
	if (!r) {
		r = tp_reg_new(kind, name, name_len, tpname, tpname_len, &err);
		if (!r)
			return err;
		r->next = tp_regs;
		tp_regs = r;
	}
	r->users++;
	pthread_mutex_lock(&r->lock);
	e->reg = r;
	e->handle = r->handle;
	e->next_in_reg = r->ents;
	r->ents = e;
	tp_status(e);
	pthread_mutex_unlock(&r->lock);
	return 0;
}

void tp_reg_detach(struct tp_ent *e)
{
	struct tp_reg *r = e->reg, **pp;
	struct tp_ent **ep;

	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	for (ep = &r->ents; *ep; ep = &(*ep)->next_in_reg) {
		if (*ep == e) {
			*ep = e->next_in_reg;
			break;
		}
	}
	__atomic_store_n(&e->state->status_word, 0, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&r->lock);
	e->reg = NULL;
	if (--r->users)
		return;
	/* The last tracepoint of the provider: no callback after this. */
	tp_ops.unreg(r->handle);
	for (pp = &tp_regs; *pp; pp = &(*pp)->next) {
		if (*pp == r) {
			*pp = r->next;
			break;
		}
	}
	free(r->name);
	free(r->tpname);
	pthread_mutex_destroy(&r->lock);
	free(r);
}
