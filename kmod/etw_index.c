// SPDX-License-Identifier: GPL-2.0-only
/*
 * Registrations indexed by provider GUID, by provider-group GUID and by
 * process, so that no control operation walks every registration of the
 * machine while it holds etw_lock: enabling a provider touches its own
 * registrations, a group enable the group's members, stopping a session
 * the registrations its entries name, and a provider query the GUIDs
 * (not the registrations) or one GUID's registrations.
 *
 * Context: everything here runs with etw_lock held.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hashtable.h>
#include <linux/jhash.h>
#include <linux/slab.h>

#include "etw_internal.h"

#define ETW_GUID_HASH_BITS	12
#define ETW_TGID_HASH_BITS	10

/**
 * struct etw_guid_node - the registrations of one GUID
 * @hnode:	in etw_guid_ht
 * @guid:	a provider or a provider-group GUID
 * @regs:	registrations of provider @guid (etw_reg.gnode), in
 *		registration order
 * @members:	registrations that joined group @guid (etw_reg.mnode)
 */
struct etw_guid_node {
	struct hlist_node hnode;
	u8 guid[16];
	struct list_head regs;
	struct list_head members;
};

static DEFINE_HASHTABLE(etw_guid_ht, ETW_GUID_HASH_BITS);
static DEFINE_HASHTABLE(etw_tgid_ht, ETW_TGID_HASH_BITS);

static u32 etw_guid_hash(const u8 *g)
{
	return jhash(g, 16, 0);
}

static struct etw_guid_node *etw_index_find(const u8 *guid)
{
	struct etw_guid_node *n;

	lockdep_assert_held(&etw_lock);
	hash_for_each_possible(etw_guid_ht, n, hnode, etw_guid_hash(guid))
		if (!memcmp(n->guid, guid, 16))
			return n;
	return NULL;
}

static struct etw_guid_node *etw_index_get(const u8 *guid)
{
	struct etw_guid_node *n = etw_index_find(guid);

	if (n)
		return n;
	n = kzalloc(sizeof(*n), GFP_KERNEL_ACCOUNT);
	if (!n)
		return NULL;
	memcpy(n->guid, guid, 16);
	INIT_LIST_HEAD(&n->regs);
	INIT_LIST_HEAD(&n->members);
	hash_add(etw_guid_ht, &n->hnode, etw_guid_hash(guid));
	return n;
}

static void etw_index_put(struct etw_guid_node *n)
{
	if (!n || !list_empty(&n->regs) || !list_empty(&n->members))
		return;
	hash_del(&n->hnode);
	kfree(n);
}

/**
 * etw_index_add() - index a new registration by its GUID and process
 * @reg:	the registration
 *
 * Return: 0 or -ENOMEM (nothing indexed).
 */
int etw_index_add(struct etw_reg *reg)
{
	struct etw_guid_node *n = etw_index_get(reg->guid);

	if (!n)
		return -ENOMEM;
	list_add_tail(&reg->gnode, &n->regs);
	reg->gn = n;
	hash_add(etw_tgid_ht, &reg->tnode, reg->tgid);
	return 0;
}

/**
 * etw_index_join() - index @reg as a member of group @group
 * @reg:	a registration in no group yet
 * @group:	the group GUID
 *
 * Return: 0 or -ENOMEM (not indexed).
 */
int etw_index_join(struct etw_reg *reg, const u8 *group)
{
	struct etw_guid_node *n = etw_index_get(group);

	if (!n)
		return -ENOMEM;
	list_add_tail(&reg->mnode, &n->members);
	reg->group_gn = n;
	return 0;
}

/* Forget @reg everywhere. */
void etw_index_remove(struct etw_reg *reg)
{
	lockdep_assert_held(&etw_lock);
	list_del(&reg->gnode);
	etw_index_put(reg->gn);
	reg->gn = NULL;
	if (reg->group_gn) {
		list_del(&reg->mnode);
		etw_index_put(reg->group_gn);
		reg->group_gn = NULL;
	}
	hash_del(&reg->tnode);
}

/**
 * etw_index_for_each() - visit the registrations a GUID reaches
 * @guid:	provider GUID, or group GUID with @group
 * @group:	visit the members of group @guid instead
 * @fn:		called for each, in registration order; must not add or
 *		remove registrations
 * @arg:	its argument
 */
void etw_index_for_each(const u8 *guid, bool group,
			void (*fn)(struct etw_reg *reg, void *arg), void *arg)
{
	struct etw_guid_node *n = etw_index_find(guid);
	struct etw_reg *reg;

	if (!n)
		return;
	if (group) {
		list_for_each_entry(reg, &n->members, mnode)
			fn(reg, arg);
	} else {
		list_for_each_entry(reg, &n->regs, gnode)
			fn(reg, arg);
	}
}

/**
 * etw_index_guids() - visit each provider GUID that has a registration
 * @fn:		called once per GUID
 * @arg:	its argument
 */
void etw_index_guids(void (*fn)(const u8 *guid, void *arg), void *arg)
{
	struct etw_guid_node *n;
	unsigned int bkt;

	lockdep_assert_held(&etw_lock);
	hash_for_each(etw_guid_ht, bkt, n, hnode)
		if (!list_empty(&n->regs))
			fn(n->guid, arg);
}

/**
 * etw_index_process() - visit the registrations of process @tgid
 * @tgid:	thread-group id (the initial pid namespace's number)
 * @fn:		called for each
 * @arg:	its argument
 */
void etw_index_process(u32 tgid, void (*fn)(struct etw_reg *reg, void *arg),
		       void *arg)
{
	struct etw_reg *reg;

	lockdep_assert_held(&etw_lock);
	hash_for_each_possible(etw_tgid_ht, reg, tnode, tgid)
		if (reg->tgid == tgid)
			fn(reg, arg);
}
