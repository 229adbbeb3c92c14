// SPDX-License-Identifier: GPL-2.0-only
/*
 * Provider enumeration: ETW_IOC_QUERY_GUIDS, the kernel side of
 * EnumerateTraceGuidsEx (reference 2.7).  The GUIDs that are registered
 * or enabled, the GUIDs the calling process registered, for one GUID
 * each registration with the sessions that enable it, and (Linux) the
 * name its registrations' traits give it and each registration's traits.
 *
 * Every query takes etw_lock, copies what it reports into a kernel
 * buffer, drops the lock and only then touches user memory.  Any user
 * may ask; private sessions are left out for callers that may not
 * control them (uapi/linux/etw.h has the rules).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/uaccess.h>

#include "etw_internal.h"
#include "shared/etw_ioc.h"

/* Answers larger than this are refused (they would not fit a ULONG). */
#define ETW_QUERY_MAX_BYTES	(INT_MAX / 2)

/*
 * May the caller see what session @s enables?  Private sessions only
 * for those who may control them.
 *
 * Context: etw_lock held.
 */
static bool etw_query_sees(const struct etw_session *s)
{
	lockdep_assert_held(&etw_lock);
	return !etw_session_private(s) || etw_may_control(s);
}

/* A session's direct (not group) enable of @guid, or NULL. */
static struct etw_entry *etw_query_direct(struct etw_session *s,
					  const u8 *guid)
{
	struct etw_entry *e;

	list_for_each_entry(e, &s->entries, node)
		if (!e->group && !memcmp(e->guid, guid, 16))
			return e;
	return NULL;
}

static int etw_guid_cmp(const void *a, const void *b)
{
	return memcmp(a, b, 16);
}

/* Sort @n GUIDs and keep each once; returns how many are left. */
static u32 etw_guids_unique(u8 (*g)[16], u32 n)
{
	u32 i, out = 0;

	sort(g, n, 16, etw_guid_cmp, NULL);
	for (i = 0; i < n; i++) {
		if (out && !memcmp(g[out - 1], g[i], 16))
			continue;
		if (out != i)
			memcpy(g[out], g[i], 16);
		out++;
	}
	return out;
}

/* Collects GUIDs into a kvmalloc'ed array (two passes: count, fill). */
struct etw_guid_acc {
	u8 (*g)[16];
	u32 n;
	u32 cap;
};

static void etw_acc_guid(const u8 *guid, void *arg)
{
	struct etw_guid_acc *acc = arg;

	if (acc->g && acc->n < acc->cap)
		memcpy(acc->g[acc->n], guid, 16);
	acc->n++;
}

static void etw_acc_reg(struct etw_reg *reg, void *arg)
{
	etw_acc_guid(reg->guid, arg);
}

/* Every visible session's direct (pre-enable) entries; or their count. */
static void etw_acc_pre_enabled(struct etw_guid_acc *acc)
{
	struct etw_entry *e;
	u32 id;

	for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
		struct etw_session *s = etw_sessions[id];

		if (!s || !etw_query_sees(s))
			continue;
		/* Pre-enabled GUIDs (TRACE_PROVIDER_FLAG_PRE_ENABLE). */
		list_for_each_entry(e, &s->entries, node)
			if (!e->group)
				etw_acc_guid(e->guid, acc);
	}
}

static void etw_query_collect(bool process, struct etw_guid_acc *acc)
{
	acc->n = 0;
	if (process) {
		etw_index_process(task_tgid_nr(current), etw_acc_reg, acc);
		return;
	}
	etw_index_guids(etw_acc_guid, acc);
	etw_acc_pre_enabled(acc);
}

/**
 * etw_query_list() - snapshot provider GUIDs
 * @process:	only those the calling process registered
 * @out:	out: kvmalloc'ed array of 16-byte GUIDs, unsorted, with
 *		repeats (or NULL)
 * @count:	out: entries at @out
 *
 * The work is bounded by the number of distinct GUIDs (the index), the
 * sessions' entries (bounded per session), or for @process the
 * registrations of the caller's hash bucket; never by all registrations.
 *
 * Context: etw_lock held; may sleep (allocation).
 * Return: 0 or -ENOMEM.
 */
static int etw_query_list(bool process, void **out, u32 *count)
{
	struct etw_guid_acc acc = { 0 };

	lockdep_assert_held(&etw_lock);
	*out = NULL;
	*count = 0;
	etw_query_collect(process, &acc);
	if (!acc.n)
		return 0;
	if (acc.n > ETW_QUERY_MAX_BYTES / 16)
		return -ENOMEM;
	acc.cap = acc.n;
	acc.g = kvmalloc_array(acc.cap, 16, GFP_KERNEL_ACCOUNT);
	if (!acc.g)
		return -ENOMEM;
	etw_query_collect(process, &acc);
	*out = acc.g;
	*count = min(acc.n, acc.cap);
	return 0;
}

/*
 * The sessions the caller may see that enable @reg, into etw_scratch_s
 * and etw_scratch_e.  Context: etw_lock held.
 */
static u32 etw_query_reg_entries(struct etw_reg *reg)
{
	u32 i, n, out = 0;

	lockdep_assert_held(&etw_lock);
	n = etw_reg_entries(reg, etw_scratch_s, etw_scratch_e);
	for (i = 0; i < n; i++) {
		if (!etw_query_sees(etw_scratch_s[i]))
			continue;
		etw_scratch_s[out] = etw_scratch_s[i];
		etw_scratch_e[out++] = etw_scratch_e[i];
	}
	return out;
}

/* Sessions the caller may see that enable @guid directly, into scratch. */
static u32 etw_query_pre_entries(const u8 *guid)
{
	u32 id, n = 0;

	for (id = 1; id <= ETW_MAX_SESSIONS; id++) {
		struct etw_session *s = etw_sessions[id];
		struct etw_entry *e;

		if (!s || !etw_query_sees(s))
			continue;
		e = etw_query_direct(s, guid);
		if (!e)
			continue;
		etw_scratch_s[n] = s;
		etw_scratch_e[n++] = e;
	}
	return n;
}

/* The registering process as the caller's pid namespace sees it. */
static u32 etw_query_pid(struct etw_reg *reg)
{
	if (!reg->pid || !pid_has_task(reg->pid, PIDTYPE_TGID))
		return 0;
	return pid_nr_ns(reg->pid, task_active_pid_ns(current));
}

/* Write an instance and the @n enables in scratch at @p; returns its end. */
static void *etw_query_put(void *p, u32 pid, u32 flags, u32 n)
{
	struct etw_guid_instance *gi = p;
	struct etw_guid_enable *ge = (void *)(gi + 1);
	u32 i;

	gi->pid = pid;
	gi->flags = flags;
	gi->enable_count = n;
	for (i = 0; i < n; i++, ge++) {
		const struct etw_session *s = etw_scratch_s[i];
		const struct etw_entry *e = etw_scratch_e[i];

		ge->session = s->handle;
		ge->match_any = e->any;
		ge->match_all = e->all;
		ge->enable_property = e->props;
		ge->logger_id = s->logger_id;
		ge->level = e->level;
	}
	return ge;
}

#define ETW_INST_SIZE(n) (sizeof(struct etw_guid_instance) + \
			  (size_t)(n) * sizeof(struct etw_guid_enable))

/* Two passes over one GUID's registrations: size, then fill. */
struct etw_info_acc {
	size_t bytes;
	u32 n;
	void *p;	/* NULL while sizing */
};

static void etw_info_reg(struct etw_reg *reg, void *arg)
{
	struct etw_info_acc *acc = arg;
	u32 n = etw_query_reg_entries(reg);

	acc->n++;
	if (!acc->p) {
		acc->bytes += ETW_INST_SIZE(n);
		return;
	}
	acc->p = etw_query_put(acc->p, etw_query_pid(reg),
			       reg->flags & ETW_REG_F_CLASSIC ?
			       ETW_GUID_INST_CLASSIC : 0, n);
}

/**
 * etw_query_info() - snapshot the instances of one GUID
 * @guid:	provider GUID
 * @out:	out: kvzalloc'ed instances and enables (uapi layout)
 * @size:	out: bytes at @out
 * @count:	out: instances
 *
 * Two passes over the same state (etw_lock is held throughout): one to
 * size the answer, one to fill it.
 *
 * Context: etw_lock held; may sleep (allocation).
 * Return: 0, -ENOENT (nothing known about @guid) or -ENOMEM.
 */
static int etw_query_info(const u8 *guid, void **out, u32 *size, u32 *count)
{
	struct etw_info_acc acc = { 0 };
	u32 pre = 0;
	void *buf;

	lockdep_assert_held(&etw_lock);
	etw_index_for_each(guid, false, etw_info_reg, &acc);
	if (!acc.n) {
		pre = etw_query_pre_entries(guid);
		if (!pre)
			return -ENOENT;
		acc.bytes = ETW_INST_SIZE(pre);
	}
	if (acc.bytes > ETW_QUERY_MAX_BYTES)
		return -ENOMEM;
	buf = kvzalloc(acc.bytes, GFP_KERNEL_ACCOUNT);
	if (!buf)
		return -ENOMEM;

	*count = acc.n;
	*size = acc.bytes;
	acc.p = buf;
	if (pre) {
		acc.p = etw_query_put(acc.p, 0, ETW_GUID_INST_PRE_ENABLE, pre);
		*count = 1;
	} else {
		acc.n = 0;
		etw_index_for_each(guid, false, etw_info_reg, &acc);
	}
	WARN_ON_ONCE(acc.p != buf + acc.bytes);
	*out = buf;
	return 0;
}

/* The first registration of a GUID whose traits name it. */
struct etw_name_acc {
	const char *name;
	size_t len;
};

static void etw_name_reg(struct etw_reg *reg, void *arg)
{
	struct etw_name_acc *acc = arg;
	/* Pairs with etw_set_traits()'s release: the blob is whole. */
	const u8 *t = smp_load_acquire(&reg->traits);
	size_t len;

	/* Traits: u16 size, the name NUL-terminated, then the traits. */
	if (acc->name || !t || reg->traits_len < 3)
		return;
	len = strnlen((const char *)t + 2, reg->traits_len - 2);
	if (!len || len == reg->traits_len - 2)
		return;
	acc->name = (const char *)t + 2;
	acc->len = len;
}

/**
 * etw_query_name() - the provider name a GUID's registrations give
 * @guid:	provider GUID
 * @out:	out: kmalloc'ed name (UTF-8, no NUL)
 * @size:	out: bytes at @out
 * @count:	out: 1
 *
 * The traits blob is immutable once published and lives as long as its
 * registration, which etw_lock keeps.
 *
 * Context: etw_lock held; may sleep (allocation).
 * Return: 0, -ENOENT (no registration names @guid) or -ENOMEM.
 */
static int etw_query_name(const u8 *guid, void **out, u32 *size, u32 *count)
{
	struct etw_name_acc acc = { 0 };

	lockdep_assert_held(&etw_lock);
	etw_index_for_each(guid, false, etw_name_reg, &acc);
	if (!acc.name)
		return -ENOENT;
	*out = kmemdup(acc.name, acc.len, GFP_KERNEL_ACCOUNT);
	if (!*out)
		return -ENOMEM;
	*size = acc.len;
	*count = 1;
	return 0;
}

/* Two passes over a GUID's registrations: size, then copy their traits. */
struct etw_traits_acc {
	size_t bytes;
	u32 n;
	u8 *p;		/* NULL while sizing */
};

static void etw_traits_reg(struct etw_reg *reg, void *arg)
{
	struct etw_traits_acc *acc = arg;
	/* Pairs with etw_set_traits()'s release: the blob is whole. */
	const u8 *t = smp_load_acquire(&reg->traits);
	u32 len = t ? reg->traits_len : 0;
	struct etw_guid_traits *gt;

	acc->n++;
	if (!acc->p) {
		acc->bytes += sizeof(*gt) + ALIGN(len, 8);
		return;
	}
	gt = (void *)acc->p;
	gt->pid = etw_query_pid(reg);
	gt->size = len;
	if (len)
		memcpy(gt + 1, t, len);
	acc->p += sizeof(*gt) + ALIGN(len, 8);
}

/**
 * etw_query_traits() - the traits of each registration of a GUID
 * @guid:	provider GUID
 * @out:	out: kvzalloc'ed etw_guid_traits records (uapi layout)
 * @size:	out: bytes at @out
 * @count:	out: registrations
 *
 * Context: etw_lock held; may sleep (allocation).
 * Return: 0, -ENOENT (no registration of @guid) or -ENOMEM.
 */
static int etw_query_traits(const u8 *guid, void **out, u32 *size, u32 *count)
{
	struct etw_traits_acc acc = { 0 };
	void *buf;

	BUILD_BUG_ON(sizeof(struct etw_guid_traits) != 8);
	lockdep_assert_held(&etw_lock);
	etw_index_for_each(guid, false, etw_traits_reg, &acc);
	if (!acc.n)
		return -ENOENT;
	if (acc.bytes > ETW_QUERY_MAX_BYTES)
		return -ENOMEM;
	buf = kvzalloc(acc.bytes, GFP_KERNEL_ACCOUNT);
	if (!buf)
		return -ENOMEM;
	*count = acc.n;
	*size = acc.bytes;
	acc.p = buf;
	acc.n = 0;
	etw_index_for_each(guid, false, etw_traits_reg, &acc);
	WARN_ON_ONCE(acc.p != (u8 *)buf + *size);
	*out = buf;
	return 0;
}

long etw_ioctl_query_guids(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_query_guids req;
	void *guids = NULL, *snap = NULL;
	u32 size = 0, count = 0;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.needed || req.count || req.__pad ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)) ||
	    (req.buf_size && !req.buf))
		return -EINVAL;
	switch (req.query) {
	case ETW_QUERY_GUID_LIST:
	case ETW_QUERY_GUID_PROCESS:
		if (!etw_guid_is_null(req.guid))
			return -EINVAL;
		break;
	case ETW_QUERY_GUID_INFO:
	case ETW_QUERY_GUID_NAME:
	case ETW_QUERY_GUID_TRAITS:
		break;
	default:
		return -EOPNOTSUPP;
	}

	/* Anyone may ask: wait killably, never hold others up for long. */
	if (mutex_lock_killable(&etw_lock))
		return -EINTR;
	if (req.query == ETW_QUERY_GUID_INFO)
		ret = etw_query_info(req.guid, &snap, &size, &count);
	else if (req.query == ETW_QUERY_GUID_NAME)
		ret = etw_query_name(req.guid, &snap, &size, &count);
	else if (req.query == ETW_QUERY_GUID_TRAITS)
		ret = etw_query_traits(req.guid, &snap, &size, &count);
	else
		ret = etw_query_list(req.query == ETW_QUERY_GUID_PROCESS,
				     &guids, &count);
	mutex_unlock(&etw_lock);
	if (ret)
		return ret;

	if (guids) {
		count = etw_guids_unique(guids, count);
		size = count * 16;
		snap = guids;
	}
	if (size && size <= req.buf_size &&
	    copy_to_user(u64_to_user_ptr(req.buf), snap, size))
		ret = -EFAULT;
	kvfree(snap);
	if (ret)
		return ret;
	req.needed = size;
	req.count = count;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}
