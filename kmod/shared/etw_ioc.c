// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * ioctl argument checks shared by etw.ko and its host unit tests.
 */
#include "etw_ioc.h"
#ifdef __KERNEL__
#include <linux/ioctl.h>
#else
#include <sys/ioctl.h>
#endif
#include <linux/etw.h>

int etw_ioc_lookup(unsigned int cmd, const struct etw_ioc_desc *tbl,
		   unsigned int n)
{
	unsigned int i, size = _IOC_SIZE(cmd);

	if (_IOC_TYPE(cmd) != ETW_IOC_MAGIC)
		return -ENOTTY;
	for (i = 0; i < n; i++) {
		if (tbl[i].nr != _IOC_NR(cmd))
			continue;
		if (tbl[i].dir != _IOC_DIR(cmd))
			return -ENOTTY;
		if (size < tbl[i].min_size)
			return -EINVAL;
		if (size > ETW_IOC_MAX_SIZE)
			return -E2BIG;
		return (int)i;
	}
	return -ENOTTY;
}

bool etw_mem_is_zero(const void *p, size_t len)
{
	const u8 *b = p;

	while (len--)
		if (*b++)
			return false;
	return true;
}
