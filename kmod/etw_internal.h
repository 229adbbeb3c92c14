/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etw.ko internal interfaces.
 */
#ifndef _ETW_INTERNAL_H
#define _ETW_INTERNAL_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/etw.h>

/**
 * struct etw_file - state of one open file description of /dev/etw
 * @cred:	credentials of the opener (used for privilege checks)
 */
struct etw_file {
	const struct cred *cred;
};

int etw_copy_out(void __user *uarg, u32 usize, const void *kbuf, u32 ksize);

#endif /* _ETW_INTERNAL_H */
