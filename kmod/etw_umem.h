/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Memory that the module fills and user space maps read-only: session
 * buffers (real-time consumers) and enable maps (providers).  See
 * etw_umem.c.
 */
#ifndef _ETW_UMEM_H
#define _ETW_UMEM_H

#include <linux/mm_types.h>
#include <linux/types.h>

/**
 * struct etw_umem - pages charged to the memory cgroup of the task that
 * caused them, seen by the kernel as one contiguous area
 * @pages:	the pages
 * @nr_pages:	how many
 * @vaddr:	their kernel mapping (vmap), @nr_pages * PAGE_SIZE bytes
 */
struct etw_umem {
	struct page **pages;
	unsigned long nr_pages;
	void *vaddr;
};

int etw_umem_alloc(struct etw_umem *m, size_t size);
void etw_umem_free(struct etw_umem *m);
int etw_umem_shrink(struct etw_umem *m, unsigned long keep);
int etw_umem_mmap(struct etw_umem *m, struct vm_area_struct *vma);
int etw_umem_mmap_private_rw(struct etw_umem *m, struct vm_area_struct *vma);

#endif /* _ETW_UMEM_H */
