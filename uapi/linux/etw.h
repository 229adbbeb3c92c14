/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * Linux ETW: the ABI between etw.ko and user space (libetw, tools).
 *
 * Conventions (Documentation/userspace-api.rst):
 *
 *  - One character device, /dev/etw, one ioctl magic (ETW_IOC_MAGIC).
 *    An unknown command number or direction fails with -ENOTTY.
 *  - Every argument struct is size-extensible: the size user space was
 *    compiled with travels in the command number (_IOC_SIZE).  The kernel
 *    accepts any size from the struct's first published size
 *    (ETW_*_SIZE_VER0) up to ETW_IOC_MAX_SIZE.  A smaller size is -EINVAL.
 *    A larger struct from newer user space is accepted only if every byte
 *    beyond what this kernel knows is zero (else -E2BIG), as with
 *    copy_struct_from_user().  Output is written up to the smaller of the
 *    two sizes and the rest of a larger user struct is zeroed.
 *  - Only fixed-width types; user pointers travel as __aligned_u64.
 *  - Every flags field has a mask (ETW_*_FLAGS_MASK): unknown bits are
 *    -EINVAL.  Every reserved field must be zero on input (-EINVAL).
 *  - ETW_IOC_GET_INFO reports the ABI version, the feature bits and the
 *    limits, so user space discovers instead of assuming.
 */
#ifndef _UAPI_LINUX_ETW_H
#define _UAPI_LINUX_ETW_H

#include <linux/types.h>
#include <linux/ioctl.h>

#define ETW_DEVICE_PATH		"/dev/etw"
#define ETW_ABI_VERSION		1
#define ETW_IOC_MAGIC		0xE7

/* Largest argument struct the kernel will look at (bytes). */
#define ETW_IOC_MAX_SIZE	4096

/* Feature bits reported by ETW_IOC_GET_INFO (features). */
#define ETW_FEAT_INFO		(1ULL << 0)	/* this ioctl */

/* Limits, also reported by ETW_IOC_GET_INFO. */
#define ETW_MAX_SESSIONS		64
#define ETW_MAX_REGS_PER_FD		2048
#define ETW_MAX_EVENT_SIZE		65535	/* header + ext items + payload */
#define ETW_BUFFER_HEADER_SIZE		72	/* WMI_BUFFER_HEADER */
#define ETW_MIN_BUFFER_KB		4
#define ETW_MAX_BUFFER_KB		16384
#define ETW_MAX_FILTERS			13

/**
 * struct etw_info - what this etw.ko is (ETW_IOC_GET_INFO)
 * @size:	out: bytes of this struct the kernel filled in
 * @flags:	in: must be 0
 * @abi_version: out: ETW_ABI_VERSION of the running module
 * @nr_cpu_ids:	out: CPU indexes run from 0 to nr_cpu_ids - 1
 * @features:	out: ETW_FEAT_* bits
 * @max_sessions: out: sessions that may run at once
 * @max_regs_per_fd: out: provider registrations per open file
 * @max_event_size: out: largest event, header and extended items included
 * @buffer_header_size: out: bytes reserved at the start of every buffer
 * @min_buffer_kb: out: smallest session BufferSize (KB)
 * @max_buffer_kb: out: largest session BufferSize (KB)
 * @max_filters: out: filter descriptors per enable call
 * @page_size:	out: PAGE_SIZE, the granule of every mmap offset
 * @__reserved:	in: must be 0; out: 0
 */
struct etw_info {
	__u32 size;
	__u32 flags;
	__u32 abi_version;
	__u32 nr_cpu_ids;
	__aligned_u64 features;
	__u32 max_sessions;
	__u32 max_regs_per_fd;
	__u32 max_event_size;
	__u32 buffer_header_size;
	__u32 min_buffer_kb;
	__u32 max_buffer_kb;
	__u32 max_filters;
	__u32 page_size;
	__aligned_u64 __reserved[4];
};
#define ETW_INFO_SIZE_VER0	88
#define ETW_INFO_FLAGS_MASK	0U

#define ETW_IOC_GET_INFO	_IOWR(ETW_IOC_MAGIC, 0x00, struct etw_info)

#endif /* _UAPI_LINUX_ETW_H */
