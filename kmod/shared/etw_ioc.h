/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * ioctl argument checks shared by etw.ko and its host unit tests.
 */
#ifndef _ETW_SHARED_IOC_H
#define _ETW_SHARED_IOC_H

#include "etw_compat.h"

/**
 * struct etw_ioc_desc - what one ioctl command accepts
 * @nr:		_IOC_NR of the command
 * @dir:	_IOC_DIR the command must be issued with
 * @min_size:	first published size of its argument struct (VER0)
 * @known_size:	size of the struct this build knows (sizeof)
 */
struct etw_ioc_desc {
	unsigned int nr;
	unsigned int dir;
	u32 min_size;
	u32 known_size;
};

/*
 * Find the table entry for @cmd.  Returns the entry's index, or
 * -ENOTTY (not ours, unknown number, wrong direction),
 * -EINVAL (argument smaller than the first published size) or
 * -E2BIG (argument larger than ETW_IOC_MAX_SIZE).
 */
int etw_ioc_lookup(unsigned int cmd, const struct etw_ioc_desc *tbl,
		   unsigned int n);

/* True when @len bytes at @p are all zero. */
bool etw_mem_is_zero(const void *p, size_t len);

#endif /* _ETW_SHARED_IOC_H */
