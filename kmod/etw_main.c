// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw.ko: Event Tracing for Windows semantics on Linux.
 *
 * This file owns the character device /dev/etw: open/release, the ioctl
 * dispatch table, read/poll of enable notifications and mmap of the
 * enable map.  Each command's argument struct is size-extensible (see
 * uapi/linux/etw.h); etw_ioc_lookup() checks the command number,
 * direction and size before any handler runs.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/cred.h>
#include <linux/cpumask.h>
#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/vmalloc.h>
#include <linux/random.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_umem.h"
#include "shared/etw_ioc.h"
#include "shared/etw_etl.h"

#include "etw_ksys.h"

#define CREATE_TRACE_POINTS
#include "etw_trace.h"

DEFINE_MUTEX(etw_lock);

unsigned int etw_callback_timeout_ms = 5000;
module_param_named(callback_timeout_ms, etw_callback_timeout_ms, uint, 0644);
MODULE_PARM_DESC(callback_timeout_ms,
		 "Longest wait of a control call for enable callbacks (ms)");

int etw_controller_gid = -1;
module_param_named(controller_gid, etw_controller_gid, int, 0644);
MODULE_PARM_DESC(controller_gid,
		 "Group whose members may start sessions (-1: none)");

/**
 * etw_copy_out() - copy a size-extensible struct to user space
 * @uarg:	user destination
 * @usize:	size of the struct user space knows
 * @kbuf:	kernel source
 * @ksize:	size of the struct this kernel knows
 *
 * Writes min(@usize, @ksize) bytes and zeroes the rest of a larger user
 * struct, the mirror image of copy_struct_from_user().
 *
 * Context: process context; may fault.
 * Return: 0 or -EFAULT.
 */
int etw_copy_out(void __user *uarg, u32 usize, const void *kbuf, u32 ksize)
{
	u32 n = min(usize, ksize);

	if (copy_to_user(uarg, kbuf, n))
		return -EFAULT;
	if (usize > ksize && clear_user(uarg + ksize, usize - ksize))
		return -EFAULT;
	return 0;
}

/**
 * etw_strndup_user() - copy a counted (not NUL-terminated) user string
 * @s:		user string
 * @len:	its length in bytes
 * @max:	largest acceptable length
 * @err:	out: -EINVAL (empty, too long or containing a NUL), -EFAULT
 *		or -ENOMEM
 *
 * Context: process context; may sleep.
 * Return: a NUL-terminated kernel copy, or NULL with *@err set.
 */
char *etw_strndup_user(const char __user *s, u32 len, u32 max, int *err)
{
	char *k;

	if (!s || len == 0 || len > max) {
		*err = -EINVAL;
		return NULL;
	}
	k = kmalloc(len + 1, GFP_KERNEL_ACCOUNT);
	if (!k) {
		*err = -ENOMEM;
		return NULL;
	}
	if (copy_from_user(k, s, len)) {
		kfree(k);
		*err = -EFAULT;
		return NULL;
	}
	k[len] = 0;
	if (strlen(k) != len) {
		kfree(k);
		*err = -EINVAL;
		return NULL;
	}
	return k;
}

bool etw_guid_is_null(const u8 *g)
{
	return etw_mem_is_zero(g, 16);
}

static long etw_ioctl_get_info(struct etw_file *ef, void __user *uarg,
			       u32 usize)
{
	struct etw_info info;
	int ret;

	ret = copy_struct_from_user(&info, sizeof(info), uarg, usize);
	if (ret)
		return ret;
	if (info.flags & ~ETW_INFO_FLAGS_MASK || info.fast_max_record ||
	    info.max_stages_per_fd)
		return -EINVAL;
	if (!etw_mem_is_zero(info.__reserved, sizeof(info.__reserved)))
		return -EINVAL;

	memset(&info, 0, sizeof(info));
	info.size = min_t(u32, usize, sizeof(info));
	info.abi_version = ETW_ABI_VERSION;
	info.nr_cpu_ids = nr_cpu_ids;
	info.features = ETW_FEAT_INFO | ETW_FEAT_PROVIDERS | ETW_FEAT_SESSIONS |
			ETW_FEAT_WRITE | ETW_FEAT_CONSUMERS | ETW_FEAT_CLASSIC |
			ETW_FEAT_LOGFILE | ETW_FEAT_MESSAGE | ETW_FEAT_QUERY |
			ETW_FEAT_SYSTEM;
	info.max_sessions = ETW_MAX_SESSIONS;
	info.max_regs_per_fd = ETW_MAX_REGS_PER_FD;
	info.max_event_size = ETW_MAX_EVENT_SIZE;
	info.buffer_header_size = ETW_BUFFER_HEADER_SIZE;
	info.min_buffer_kb = ETW_MIN_BUFFER_KB;
	info.max_buffer_kb = ETW_MAX_BUFFER_KB;
	info.max_filters = ETW_MAX_FILTERS;
	info.page_size = PAGE_SIZE;
	info.features |= ETW_FEAT_FASTPATH | ETW_FEAT_STACKS;
	info.fast_max_record = ETW_FAST_MAX_RECORD;
	info.max_stages_per_fd = ETW_MAX_STAGES_PER_FD;
	return etw_copy_out(uarg, usize, &info, sizeof(info));
}

/* Machine-wide unique IDs for EventActivityIdControl(CREATE_ID). */
static atomic64_t etw_id_counter = ATOMIC64_INIT(0);
static u64 etw_boot_id;

/**
 * etw_new_activity_id() - one machine-wide unique activity ID
 * @out:	16 bytes: the sequence number, then the boot id (the layout
 *		libetw gives the numbers it reserves with ETW_IOC_NEW_IDS)
 *
 * Context: any but NMI.
 */
void etw_new_activity_id(u8 *out)
{
	put_unaligned_le64(atomic64_inc_return(&etw_id_counter), out);
	put_unaligned_le64(etw_boot_id, out + 8);
}

static long etw_ioctl_new_ids(struct etw_file *ef, void __user *uarg,
			      u32 usize)
{
	struct etw_new_ids req;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.__pad || req.__reserved || req.first || req.boot_id ||
	    req.count == 0 || req.count > 65536)
		return -EINVAL;
	req.first = atomic64_add_return(req.count, &etw_id_counter) -
		    req.count + 1;
	req.boot_id = etw_boot_id;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}

typedef long (*etw_ioctl_fn)(struct etw_file *ef, void __user *uarg,
			     u32 usize);

#define ETW_IOC(_cmd, _fn, _type, _ver0)				\
	{ .desc = { .nr = _IOC_NR(_cmd), .dir = _IOC_DIR(_cmd),		\
		    .min_size = (_ver0), .known_size = sizeof(_type) },	\
	  .fn = (_fn) }

static const struct {
	struct etw_ioc_desc desc;
	etw_ioctl_fn fn;
} etw_ioctls[] = {
	ETW_IOC(ETW_IOC_GET_INFO, etw_ioctl_get_info, struct etw_info,
		ETW_INFO_SIZE_VER0),
	ETW_IOC(ETW_IOC_REGISTER, etw_ioctl_register, struct etw_register,
		ETW_REGISTER_SIZE_VER0),
	ETW_IOC(ETW_IOC_UNREGISTER, etw_ioctl_unregister,
		struct etw_unregister, ETW_UNREGISTER_SIZE_VER0),
	ETW_IOC(ETW_IOC_SET_INFO, etw_ioctl_set_info, struct etw_set_info,
		ETW_SET_INFO_SIZE_VER0),
	ETW_IOC(ETW_IOC_NOTIFY_ACK, etw_ioctl_notify_ack,
		struct etw_notify_ack, ETW_NOTIFY_ACK_SIZE_VER0),
	ETW_IOC(ETW_IOC_SESSION_START, etw_ioctl_session_start,
		struct etw_session_start, ETW_SESSION_START_SIZE_VER0),
	ETW_IOC(ETW_IOC_SESSION_CONTROL, etw_ioctl_session_control,
		struct etw_session_control, ETW_SESSION_CONTROL_SIZE_VER0),
	ETW_IOC(ETW_IOC_SESSION_LIST, etw_ioctl_session_list,
		struct etw_session_list, ETW_SESSION_LIST_SIZE_VER0),
	ETW_IOC(ETW_IOC_ENABLE, etw_ioctl_enable, struct etw_enable,
		ETW_ENABLE_SIZE_VER0),
	ETW_IOC(ETW_IOC_SET_DISALLOW, etw_ioctl_set_disallow,
		struct etw_disallow, ETW_DISALLOW_SIZE_VER0),
	ETW_IOC(ETW_IOC_GET_DISALLOW, etw_ioctl_get_disallow,
		struct etw_disallow, ETW_DISALLOW_SIZE_VER0),
	ETW_IOC(ETW_IOC_SET_GROUP_ACL, etw_ioctl_set_group_acl,
		struct etw_group_acl, ETW_GROUP_ACL_SIZE_VER0),
	ETW_IOC(ETW_IOC_GET_GROUP_ACL, etw_ioctl_get_group_acl,
		struct etw_group_acl, ETW_GROUP_ACL_SIZE_VER0),
	ETW_IOC(ETW_IOC_QUERY_GUIDS, etw_ioctl_query_guids,
		struct etw_query_guids, ETW_QUERY_GUIDS_SIZE_VER0),
	ETW_IOC(ETW_IOC_WRITE, etw_ioctl_write, struct etw_write,
		ETW_WRITE_SIZE_VER0),
	ETW_IOC(ETW_IOC_TRACE_EVENT, etw_ioctl_trace_event,
		struct etw_trace_event, ETW_TRACE_EVENT_SIZE_VER0),
	ETW_IOC(ETW_IOC_TRACE_MESSAGE, etw_ioctl_trace_message,
		struct etw_trace_message, ETW_TRACE_MESSAGE_SIZE_VER0),
	ETW_IOC(ETW_IOC_NEW_IDS, etw_ioctl_new_ids, struct etw_new_ids,
		ETW_NEW_IDS_SIZE_VER0),
	ETW_IOC(ETW_IOC_SYSTEM_INFO, etw_ioctl_system_info,
		struct etw_system_info, ETW_SYSTEM_INFO_SIZE_VER0),
	ETW_IOC(ETW_IOC_STAGE_OPEN, etw_ioctl_stage_open,
		struct etw_stage_open, ETW_STAGE_OPEN_SIZE_VER0),
	ETW_IOC(ETW_IOC_STAGE_SEAL, etw_ioctl_stage_seal,
		struct etw_stage_ctl, ETW_STAGE_CTL_SIZE_VER0),
	ETW_IOC(ETW_IOC_STAGE_CLOSE, etw_ioctl_stage_close,
		struct etw_stage_ctl, ETW_STAGE_CTL_SIZE_VER0),
	ETW_IOC(ETW_IOC_STAGE_WAIT, etw_ioctl_stage_wait,
		struct etw_stage_wait, ETW_STAGE_WAIT_SIZE_VER0),
	ETW_IOC(ETW_IOC_CONSUMER_OPEN, etw_ioctl_consumer_open,
		struct etw_consumer_open, ETW_CONSUMER_OPEN_SIZE_VER0),
};

static struct etw_ioc_desc etw_ioc_table[ARRAY_SIZE(etw_ioctls)];

static long etw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct etw_file *ef = file->private_data;
	int idx;

	/* The hot path: EventWrite with this ABI's struct size. */
	if (likely(cmd == ETW_IOC_WRITE))
		return etw_ioctl_write(ef, (void __user *)arg, sizeof(struct etw_write));

	idx = etw_ioc_lookup(cmd, etw_ioc_table, ARRAY_SIZE(etw_ioc_table));
	if (idx < 0)
		return idx;
	return etw_ioctls[idx].fn(ef, (void __user *)arg, _IOC_SIZE(cmd));
}

static ssize_t etw_read(struct file *file, char __user *buf, size_t count,
			loff_t *ppos)
{
	return etw_notify_read(file->private_data, buf, count,
			       file->f_flags & O_NONBLOCK);
}

static __poll_t etw_poll(struct file *file, poll_table *wait)
{
	struct etw_file *ef = file->private_data;

	poll_wait(file, &ef->notify_wq, wait);
	return READ_ONCE(ef->npending) ? EPOLLIN | EPOLLRDNORM : 0;
}

/**
 * etw_file_alloc_map() - allocate the file's enable map and table
 * @ef:		the file
 *
 * Context: etw_lock held.
 * Return: 0 or -ENOMEM.
 */
int etw_file_alloc_map(struct etw_file *ef)
{
	int ret;

	lockdep_assert_held(&etw_lock);
	if (!ef->map) {
		ret = etw_umem_alloc(&ef->map_mem, ETW_ENABLE_MAP_SIZE);
		if (ret)
			return ret;
		ret = etw_umem_alloc(&ef->fast_mem, ETW_FAST_MAP_SIZE);
		if (ret) {
			etw_umem_free(&ef->map_mem);
			return ret;
		}
		ef->fast_map = ef->fast_mem.vaddr;
		ef->map = ef->map_mem.vaddr;
	}
	if (!ef->regs) {
		ef->regs = kvcalloc(ETW_MAX_REGS_PER_FD, sizeof(*ef->regs),
				    GFP_KERNEL_ACCOUNT);
		if (!ef->regs)
			return -ENOMEM;
	}
	return 0;
}

/*
 * The enable map is mapped read-only: the kernel alone publishes it.
 * Other offsets are the fast path's: its map and the stages.
 */
static int etw_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct etw_file *ef = file->private_data;
	unsigned long len = vma->vm_end - vma->vm_start;
	int ret;

	if (vma->vm_pgoff != ETW_MMAP_ENABLE_MAP / PAGE_SIZE)
		return etw_fast_mmap(ef, vma);
	if (len > ETW_ENABLE_MAP_SIZE)
		return -EINVAL;
	if (vma->vm_flags & (VM_WRITE | VM_EXEC))
		return -EPERM;

	/* Called with mmap_lock held: etw_lock nests inside it. */
	mutex_lock(&etw_lock);
	ret = etw_file_alloc_map(ef);
	mutex_unlock(&etw_lock);
	if (ret)
		return ret;
	/* The map, once allocated, lives as long as the file. */
	return etw_umem_mmap(&ef->map_mem, vma);
}

static int etw_open(struct inode *inode, struct file *file)
{
	struct etw_file *ef;

	ef = kzalloc(sizeof(*ef), GFP_KERNEL_ACCOUNT);
	if (!ef)
		return -ENOMEM;
	kref_init(&ef->ref);
	ef->cred = get_current_cred();
	INIT_LIST_HEAD(&ef->notify);
	init_waitqueue_head(&ef->notify_wq);
	atomic64_set(&ef->acked, 0);
	etw_fast_file_init(ef);
	file->private_data = ef;
	return 0;
}

static void etw_file_free(struct kref *ref)
{
	struct etw_file *ef = container_of(ref, struct etw_file, ref);

	put_cred(ef->cred);
	etw_umem_free(&ef->map_mem);
	etw_umem_free(&ef->fast_mem);
	kvfree(ef->regs);
	kfree(ef);
}

void etw_file_put(struct etw_file *ef)
{
	kref_put(&ef->ref, etw_file_free);
}

/*
 * The owner went away (close or exit): its registrations die with it,
 * and control calls waiting for its callbacks stop waiting.  Sessions
 * are global and outlive the file that started them.
 */
static int etw_release(struct inode *inode, struct file *file)
{
	struct etw_file *ef = file->private_data;

	/* Stages first: their records need the registrations to be judged. */
	etw_fast_file_release(ef);
	etw_file_unregister_all(ef);
	etw_notify_file_dead(ef);
	/* Writers may still look at ef->regs under RCU. */
	synchronize_rcu();
	etw_file_put(ef);
	return 0;
}

static const struct file_operations etw_fops = {
	.owner		= THIS_MODULE,
	.open		= etw_open,
	.release	= etw_release,
	.read		= etw_read,
	.poll		= etw_poll,
	.mmap		= etw_mmap,
	.unlocked_ioctl	= etw_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= noop_llseek,
};

/*
 * Mode 0666: any user may register providers and write events, as on
 * Windows.  Operations that need privilege check it per ioctl.
 */
static struct miscdevice etw_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "etw",
	.fops	= &etw_fops,
	.mode	= 0666,
};

static void etw_build_checks(void)
{
	BUILD_BUG_ON(sizeof(struct etw_info) != ETW_INFO_SIZE_VER0);
	BUILD_BUG_ON(offsetof(struct etw_info, features) != 16);
	BUILD_BUG_ON(offsetof(struct etw_info, __reserved) != 64);
	BUILD_BUG_ON(sizeof(struct etw_enable_slot) != 32);
	BUILD_BUG_ON(ETW_ENABLE_MAP_SIZE % PAGE_SIZE);
	BUILD_BUG_ON(sizeof(struct etw_register) != ETW_REGISTER_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_unregister) != ETW_UNREGISTER_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_set_info) != ETW_SET_INFO_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_notification) != 80);
	BUILD_BUG_ON(sizeof(struct etw_notify_ack) != ETW_NOTIFY_ACK_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_data_desc) != 16);
	BUILD_BUG_ON(sizeof(struct etw_write) != ETW_WRITE_SIZE_VER1);
	BUILD_BUG_ON(offsetof(struct etw_write, stack) != ETW_WRITE_SIZE_VER0);
	BUILD_BUG_ON(offsetof(struct etw_write, keyword) != 16);
	BUILD_BUG_ON(sizeof(struct etw_trace_event) != ETW_TRACE_EVENT_SIZE_VER1);
	BUILD_BUG_ON(sizeof(struct etw_trace_message) != ETW_TRACE_MESSAGE_SIZE_VER1);
	BUILD_BUG_ON(offsetof(struct etw_trace_message, guid) != 24);
	BUILD_BUG_ON(offsetof(struct etw_trace_message, data) != 48);
	/* The uapi flags are the record's OptionFlags (etl-format 3.6). */
	BUILD_BUG_ON((ETW_MSG_SEQUENCE ^ ETL_MSG_SEQUENCE) |
		     (ETW_MSG_GUID ^ ETL_MSG_GUID) |
		     (ETW_MSG_COMPONENTID ^ ETL_MSG_COMPONENTID) |
		     (ETW_MSG_TIMESTAMP ^ ETL_MSG_TIMESTAMP) |
		     (ETW_MSG_SYSTEMINFO ^ ETL_MSG_SYSTEMINFO) |
		     (ETW_MSG_POINTER32 ^ ETL_MSG_POINTER32) |
		     (ETW_MSG_POINTER64 ^ ETL_MSG_POINTER64));
	BUILD_BUG_ON(ETW_MSG_FLAGS_MASK & ~ETL_MSG_FLAGS_KNOWN);
	BUILD_BUG_ON(sizeof(struct etw_new_ids) != ETW_NEW_IDS_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_session_info) != ETW_SESSION_INFO_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_session_start) != ETW_SESSION_START_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_session_control) != ETW_SESSION_CONTROL_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_session_list) != ETW_SESSION_LIST_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_filter_desc) != 16);
	BUILD_BUG_ON(sizeof(struct etw_enable) != ETW_ENABLE_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_disallow) != ETW_DISALLOW_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_group_acl) != ETW_GROUP_ACL_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_query_guids) != ETW_QUERY_GUIDS_SIZE_VER0);
	BUILD_BUG_ON(offsetof(struct etw_query_guids, buf) != 24);
	BUILD_BUG_ON(sizeof(struct etw_guid_instance) != 16);
	BUILD_BUG_ON(sizeof(struct etw_guid_enable) != 32);
	BUILD_BUG_ON(offsetof(struct etw_guid_enable, logger_id) != 28);
	BUILD_BUG_ON(sizeof(struct etw_consumer_open) != ETW_CONSUMER_OPEN_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_system_info) != ETW_SYSTEM_INFO_SIZE_VER0);
	BUILD_BUG_ON(offsetof(struct etw_system_info, data) != 16);
	BUILD_BUG_ON(sizeof(struct etw_consumer_wait) != ETW_CONSUMER_WAIT_SIZE_VER0);
	BUILD_BUG_ON(offsetof(struct etw_info, fast_max_record) != 56);
	BUILD_BUG_ON(sizeof(struct etw_fast_slot) != 16);
	BUILD_BUG_ON(ETW_ENABLE_MAP_SIZE > ETW_MMAP_FAST_MAP);
	BUILD_BUG_ON(ETW_MMAP_FAST_MAP % PAGE_SIZE);
	BUILD_BUG_ON(ETW_MMAP_FAST_MAP + ETW_FAST_MAP_SIZE > ETW_MMAP_GLOBAL);
	BUILD_BUG_ON(ETW_MMAP_GLOBAL % PAGE_SIZE);
	BUILD_BUG_ON(sizeof(struct etw_global_page) > ETW_GLOBAL_PAGE_SIZE);
	BUILD_BUG_ON(offsetof(struct etw_global_page, congested) != 8);
	BUILD_BUG_ON(sizeof(struct etw_stage_meta) != ETW_STAGE_META_SIZE);
	BUILD_BUG_ON(offsetof(struct etw_stage_meta, id) != 0x18);
	BUILD_BUG_ON(offsetof(struct etw_stage_meta, head) != 0x40);
	BUILD_BUG_ON(offsetof(struct etw_stage_meta, tail) != 0x80);
	BUILD_BUG_ON(offsetof(struct etw_stage_meta, state) != 0x88);
	BUILD_BUG_ON(ETW_STAGE_META_SIZE % 64);
	BUILD_BUG_ON(sizeof(struct etw_stage_open) != ETW_STAGE_OPEN_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_stage_ctl) != ETW_STAGE_CTL_SIZE_VER0);
	BUILD_BUG_ON(sizeof(struct etw_stage_wait) != ETW_STAGE_WAIT_SIZE_VER0);
	BUILD_BUG_ON(PAGE_SIZE * ETW_STAGE_MAX_PAGES > ETW_STAGE_MMAP_STRIDE);
	BUILD_BUG_ON(ETW_FAST_MAX_RECORD > 0xFFFF);
	/* The stash sits in fields the module overwrites (uapi). */
	BUILD_BUG_ON(offsetof(struct etl_event_header, thread_id) != ETW_STASH_SLOT);
	BUILD_BUG_ON(offsetof(struct etl_full_header, thread_id) != ETW_STASH_SLOT);
	BUILD_BUG_ON(offsetof(struct etl_event_header, thread_id) + 2 != ETW_STASH_CPU);
	BUILD_BUG_ON(offsetof(struct etl_full_header, thread_id) + 2 != ETW_STASH_CPU);
	BUILD_BUG_ON(offsetof(struct etl_event_header, event_property) != ETW_STASH_FLAGS);
	BUILD_BUG_ON(offsetof(struct etl_event_header, provider_id) != ETW_STASH_SESSIONS);
	BUILD_BUG_ON(offsetof(struct etl_full_header, process_id) != ETW_STASH_CLASSIC_FLAGS);
	BUILD_BUG_ON(offsetof(struct etl_full_header, kernel_time) != ETW_STASH_CLASSIC_SESSIONS);
	BUILD_BUG_ON(offsetof(struct etl_event_header, provider_id) + 8 !=
		     ETW_STASH_IGNORED_GUID);
	BUILD_BUG_ON(offsetof(struct etl_event_header, kernel_time) !=
		     ETW_STASH_IGNORED_TIMES);
}

static int __init etw_init(void)
{
	unsigned int i;
	int ret;

	etw_build_checks();
	etw_boot_id = get_random_u64();
	for (i = 0; i < ARRAY_SIZE(etw_ioctls); i++)
		etw_ioc_table[i] = etw_ioctls[i].desc;

	ret = etw_fast_init();
	if (ret)
		return ret;
	ret = etw_collect_init();
	if (ret)
		goto out_fast;
	ret = etw_fileop_init();
	if (ret)
		goto out_collect;
	ret = etw_ksys_init();
	if (ret)
		goto out_fileop;
	ret = etw_kprov_init();
	if (ret)
		goto out_ksys;
	ret = misc_register(&etw_misc);
	if (ret) {
		pr_err("cannot register /dev/etw: %d\n", ret);
		goto out_kprov;
	}
	pr_info("loaded, ABI %d\n", ETW_ABI_VERSION);
	return 0;

out_kprov:
	etw_kprov_exit();
out_ksys:
	etw_ksys_exit();
out_fileop:
	etw_fileop_exit();
out_collect:
	etw_collect_exit();
out_fast:
	etw_fast_exit();
	return ret;
}

/*
 * Unloading is possible only once every /dev/etw file and consumer is
 * closed (each pins the module) and every module using our exports is
 * gone (each holds a reference on us), so no registration is left;
 * sessions, which outlive their controllers, are stopped here and their
 * log files finished, and the work queues are drained before the code
 * goes.
 */
static void __exit etw_exit(void)
{
	misc_deregister(&etw_misc);
	etw_sessions_exit();
	etw_kprov_exit();
	etw_fileop_exit();
	etw_groups_exit();
	etw_ksys_exit();
	etw_collect_exit();
	etw_fast_exit();
	rcu_barrier();	/* every kfree_rcu() of ours has run */
	pr_info("unloaded\n");
}

module_init(etw_init);
module_exit(etw_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Linux ETW developers");
MODULE_DESCRIPTION("Event Tracing for Windows semantics on Linux");
