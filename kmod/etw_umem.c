// SPDX-License-Identifier: GPL-2.0-only
/*
 * Memory user space maps read-only: a session's buffers and a file's
 * enable map.
 *
 * vmalloc_user() would be the obvious tool, but its pages are not
 * charged to anyone's memory cgroup and there is no exported way to ask
 * for that.  So the pages are allocated one by one with
 * GFP_KERNEL_ACCOUNT (charged to the task that caused them: the
 * controller starting a session, the process registering a provider),
 * mapped contiguously for the kernel with vmap(), and inserted into user
 * mappings with vm_insert_pages(), the way io_uring maps its rings.
 *
 * The area is a whole number of pages, so a mapping of any length up to
 * it works even when the useful size (e.g. nr * BufferSize) is not a
 * multiple of the page size.  A user mapping holds its own page
 * references: the pages outlive etw_umem_free() until it is unmapped.
 */
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "etw_compat.h"
#include "etw_umem.h"

static void etw_umem_put_pages(struct page **pages, unsigned long n)
{
	while (n--)
		put_page(pages[n]);
}

/**
 * etw_umem_alloc() - allocate @size bytes (rounded up to pages), zeroed
 * @m:		out: the area
 * @size:	bytes wanted, > 0
 *
 * Context: process context; may sleep.  A fatal signal stops a large
 * allocation early.
 * Return: 0, -ENOMEM or -EINTR.
 */
int etw_umem_alloc(struct etw_umem *m, size_t size)
{
	unsigned long i, n = PAGE_ALIGN(size) >> PAGE_SHIFT;
	int ret = -ENOMEM;

	memset(m, 0, sizeof(*m));
	if (!n || n > INT_MAX)
		return -ENOMEM;
	m->pages = kvmalloc_array(n, sizeof(*m->pages), GFP_KERNEL_ACCOUNT);
	if (!m->pages)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		m->pages[i] = alloc_page(GFP_KERNEL_ACCOUNT | __GFP_ZERO |
					 __GFP_NOWARN);
		if (!m->pages[i])
			goto out_put;
		if (!(i & 255)) {
			if (fatal_signal_pending(current)) {
				i++;
				ret = -EINTR;
				goto out_put;
			}
			cond_resched();
		}
	}
	m->vaddr = vmap(m->pages, n, VM_MAP, PAGE_KERNEL);
	if (!m->vaddr)
		goto out_put;
	m->nr_pages = n;
	return 0;

out_put:
	etw_umem_put_pages(m->pages, i);
	kvfree(m->pages);
	m->pages = NULL;
	return ret;
}

/* Context: process context.  @m may be all zero (never allocated). */
void etw_umem_free(struct etw_umem *m)
{
	if (!m->pages)
		return;
	vunmap(m->vaddr);
	etw_umem_put_pages(m->pages, m->nr_pages);
	kvfree(m->pages);
	memset(m, 0, sizeof(*m));
}

/**
 * etw_umem_shrink() - keep only the first @keep pages of an area
 * @m:		the area
 * @keep:	pages to keep, >= 1 and <= @m->nr_pages
 *
 * The pages given up must no longer be mapped anywhere the owner cares
 * for (the caller zapped their user mappings); a mapping left would hold
 * its own references, so nothing is freed under it.  The kernel mapping
 * is made again for what is kept: @m->vaddr changes.
 *
 * Context: process context; may sleep.
 * Return: 0, or -ENOMEM (@m unchanged).
 */
int etw_umem_shrink(struct etw_umem *m, unsigned long keep)
{
	void *vaddr;

	if (!keep || keep >= m->nr_pages)
		return 0;
	vaddr = vmap(m->pages, keep, VM_MAP, PAGE_KERNEL);
	if (!vaddr)
		return -ENOMEM;
	vunmap(m->vaddr);
	etw_umem_put_pages(m->pages + keep, m->nr_pages - keep);
	m->vaddr = vaddr;
	m->nr_pages = keep;
	return 0;
}

/*
 * The mapping stays read-only and not executable: mprotect(2) asks us
 * first (this replaces clearing VM_MAYWRITE, whose API differs between
 * kernel versions).  A forced write (ptrace) to a shared mapping without
 * VM_WRITE is refused by the core; a private one only gets a copy.
 */
static int etw_umem_mprotect(struct vm_area_struct *vma, unsigned long start,
			     unsigned long end, unsigned long newflags)
{
	return newflags & (VM_WRITE | VM_EXEC) ? -EACCES : 0;
}

static const struct vm_operations_struct etw_umem_vm_ops = {
	.mprotect	= etw_umem_mprotect,
};

/**
 * etw_umem_mmap() - map the area read-only into @vma
 * @m:		the area
 * @vma:	a mapping at offset 0 (the caller checked vm_pgoff), no
 *		longer than the area
 *
 * Context: the mmap handler (mmap_lock held for writing).
 * Return: 0, -EINVAL (too long), -EPERM (writable or executable).
 */
int etw_umem_mmap(struct etw_umem *m, struct vm_area_struct *vma)
{
	unsigned long n = vma_pages(vma);

	lockdep_assert_held_write(&vma->vm_mm->mmap_lock);
	if (n > m->nr_pages)
		return -EINVAL;
	if (vma->vm_flags & (VM_WRITE | VM_EXEC))
		return -EPERM;
	vma->vm_ops = &etw_umem_vm_ops;
	return vm_insert_pages(vma, vma->vm_start, m->pages, &n);
}

/* A writable stage may never become executable. */
static int etw_umem_mprotect_rw(struct vm_area_struct *vma, unsigned long start,
				unsigned long end, unsigned long newflags)
{
	return newflags & VM_EXEC ? -EACCES : 0;
}

static const struct vm_operations_struct etw_umem_rw_vm_ops = {
	.mprotect	= etw_umem_mprotect_rw,
};

/**
 * etw_umem_mmap_private_rw() - map the area read-write into @vma, for the
 * calling process only
 * @m:		the area
 * @vma:	a mapping no longer than the area (the caller checked its
 *		offset and that the caller may map it)
 *
 * The mapping is never inherited by a child: VM_DONTCOPY, and VM_IO so
 * that madvise(MADV_DOFORK) cannot clear it (and nobody can pin the
 * pages with get_user_pages()).  It cannot grow, is not dumped, and can
 * never be made executable.
 *
 * Context: the mmap handler (mmap_lock held for writing).
 * Return: 0, -EINVAL (too long), -EPERM (executable).
 */
int etw_umem_mmap_private_rw(struct etw_umem *m, struct vm_area_struct *vma)
{
	unsigned long n = vma_pages(vma);

	lockdep_assert_held_write(&vma->vm_mm->mmap_lock);
	if (n > m->nr_pages)
		return -EINVAL;
	if (vma->vm_flags & VM_EXEC)
		return -EPERM;
	etw_vm_flags_set(vma, VM_DONTCOPY | VM_IO | VM_DONTEXPAND |
			 VM_DONTDUMP);
	etw_vm_flags_clear(vma, VM_MAYEXEC);
	vma->vm_ops = &etw_umem_rw_vm_ops;
	return vm_insert_pages(vma, vma->vm_start, m->pages, &n);
}
