// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw.ko: Event Tracing for Windows semantics on Linux.
 *
 * This file owns the character device /dev/etw and dispatches its ioctls.
 * Each command's argument struct is size-extensible (see uapi/linux/etw.h);
 * etw_ioc_lookup() checks the command number, direction and size before
 * any handler runs, so handlers only see sizes they can work with.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/uaccess.h>
#include <linux/slab.h>
#include <linux/cred.h>
#include <linux/cpumask.h>

#include "etw_internal.h"
#include "shared/etw_ioc.h"

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

static long etw_ioctl_get_info(struct etw_file *ef, void __user *uarg,
			       u32 usize)
{
	struct etw_info info;
	int ret;

	ret = copy_struct_from_user(&info, sizeof(info), uarg, usize);
	if (ret)
		return ret;
	if (info.flags & ~ETW_INFO_FLAGS_MASK)
		return -EINVAL;
	if (!etw_mem_is_zero(info.__reserved, sizeof(info.__reserved)))
		return -EINVAL;

	memset(&info, 0, sizeof(info));
	info.size = min_t(u32, usize, sizeof(info));
	info.abi_version = ETW_ABI_VERSION;
	info.nr_cpu_ids = nr_cpu_ids;
	info.features = ETW_FEAT_INFO;
	info.max_sessions = ETW_MAX_SESSIONS;
	info.max_regs_per_fd = ETW_MAX_REGS_PER_FD;
	info.max_event_size = ETW_MAX_EVENT_SIZE;
	info.buffer_header_size = ETW_BUFFER_HEADER_SIZE;
	info.min_buffer_kb = ETW_MIN_BUFFER_KB;
	info.max_buffer_kb = ETW_MAX_BUFFER_KB;
	info.max_filters = ETW_MAX_FILTERS;
	info.page_size = PAGE_SIZE;
	return etw_copy_out(uarg, usize, &info, sizeof(info));
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
};

static struct etw_ioc_desc etw_ioc_table[ARRAY_SIZE(etw_ioctls)];

static long etw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct etw_file *ef = file->private_data;
	int idx;

	idx = etw_ioc_lookup(cmd, etw_ioc_table, ARRAY_SIZE(etw_ioc_table));
	if (idx < 0)
		return idx;
	return etw_ioctls[idx].fn(ef, (void __user *)arg, _IOC_SIZE(cmd));
}

static int etw_open(struct inode *inode, struct file *file)
{
	struct etw_file *ef;

	ef = kzalloc(sizeof(*ef), GFP_KERNEL);
	if (!ef)
		return -ENOMEM;
	ef->cred = get_current_cred();
	file->private_data = ef;
	return 0;
}

static int etw_release(struct inode *inode, struct file *file)
{
	struct etw_file *ef = file->private_data;

	put_cred(ef->cred);
	kfree(ef);
	return 0;
}

static const struct file_operations etw_fops = {
	.owner		= THIS_MODULE,
	.open		= etw_open,
	.release	= etw_release,
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
	BUILD_BUG_ON(sizeof(struct etw_info) != 88);
	BUILD_BUG_ON(ETW_INFO_SIZE_VER0 != 88);
	BUILD_BUG_ON(offsetof(struct etw_info, features) != 16);
	BUILD_BUG_ON(offsetof(struct etw_info, page_size) != 52);
	BUILD_BUG_ON(offsetof(struct etw_info, __reserved) != 56);
}

static int __init etw_init(void)
{
	unsigned int i;
	int ret;

	etw_build_checks();
	for (i = 0; i < ARRAY_SIZE(etw_ioctls); i++)
		etw_ioc_table[i] = etw_ioctls[i].desc;

	ret = misc_register(&etw_misc);
	if (ret) {
		pr_err("cannot register /dev/etw: %d\n", ret);
		return ret;
	}
	pr_info("loaded, ABI %d\n", ETW_ABI_VERSION);
	return 0;
}

static void __exit etw_exit(void)
{
	misc_deregister(&etw_misc);
	pr_info("unloaded\n");
}

module_init(etw_init);
module_exit(etw_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Linux ETW developers");
MODULE_DESCRIPTION("Event Tracing for Windows semantics on Linux");
