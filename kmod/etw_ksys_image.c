// SPDX-License-Identifier: GPL-2.0-only
/*
 * Image loads (EVENT_TRACE_FLAG_IMAGE_LOAD): Image/Load for every
 * executable file mapping a process makes.
 *
 * Linux has no tracepoint for new mappings.  The hook is a kprobe on
 * perf_event_mmap(struct vm_area_struct *): the function the kernel calls
 * for every new mapping (mmap_region(), mprotect adding PROT_EXEC, the
 * ELF loader's and the dynamic loader's mappings alike) exactly to tell
 * profilers about executable mappings, a global symbol since Linux 2.6.31
 * with the same signature in every kernel we build for.  perf's own
 * side-band records of the same information go only to perf ring
 * buffers, which a module's kernel counter does not have.
 *
 * The probe runs in the mapping process, with mmap_lock held and
 * preemption off.  Only executable mappings of files are reported; the
 * image base is where file offset 0 is mapped (vm_start - vm_pgoff), so
 * that an address minus ImageBase is a file offset, as for a Windows RVA.
 *
 * An exec maps the program and its interpreter before sched_process_exec,
 * where the process instance running the new image starts
 * (etw_ksys_sched.c).  So the kprobe leaves out mappings made during an
 * exec, and a probe on sched_process_exec, ordered after the process
 * events, reports the new image's executable mappings: Image/Load comes
 * after the Process/Start it belongs to, as on Windows.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/binfmts.h>
#include <linux/highmem.h>
#include <linux/kprobes.h>
#include <linux/pagemap.h>
#include <linux/mmap_lock.h>
#include <linux/tracepoint.h>
#include <linux/mm.h>
#include <linux/sched.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"
#include "shared/etw_elfnote.h"

/**
 * etw_kimage_payload() - Image_Load for a mapping
 * @p:		where (ETW_KSCRATCH_SIZE / 2 bytes)
 * @pid:	the process that maps it
 * @base:	ImageBase
 * @size:	ImageSize
 * @path:	the file's path, or NULL
 *
 * Return: bytes written.
 */
u32 etw_kimage_payload(u8 *p, u32 pid, u64 base, u64 size, const char *path)
{
	memset(p, 0, ETW_KP_IMG_FIXED);
	put_unaligned_le64(base, p + ETW_KP_IMG_BASE);
	put_unaligned_le64(size, p + ETW_KP_IMG_SIZE);
	put_unaligned_le32(pid, p + ETW_KP_IMG_PID);
	return ETW_KP_IMG_FIXED +
	       etw_kput_wstr(p + ETW_KP_IMG_FIXED,
			     ETW_KSCRATCH_SIZE / 2 - ETW_KP_IMG_FIXED,
			     path, path ? strlen(path) : 0);
}

/**
 * etw_kimage_buildid() - ImageId/ElfBuildId of a mapped file
 * @p:		where (ETW_KP_EID_FIXED + ETW_BUILD_ID_MAX bytes)
 * @pid:	the process that maps it
 * @base:	its ImageBase
 * @file:	the mapped file
 *
 * The build-id is read from the file's first page if the page cache has
 * it (it does for a file being mapped): no I/O, no sleep, so probes and
 * the rundown alike may call it.
 *
 * Context: any but NMI.
 * Return: the payload's bytes, or 0 (no ELF build-id in the first page).
 */
u32 etw_kimage_buildid(u8 *p, u32 pid, u64 base, struct file *file)
{
	struct page *page;
	u32 n = 0;
	int ret;
	u8 *v;

	if (!file || !file->f_mapping)
		return 0;
	page = find_get_page(file->f_mapping, 0);
	if (!page)
		return 0;
	if (PageUptodate(page)) {
		v = kmap_local_page(page);
		ret = etw_elf_build_id(v, PAGE_SIZE, p + ETW_KP_EID_FIXED, &n);
		kunmap_local(v);
		if (ret)
			n = 0;
	}
	put_page(page);
	if (!n)
		return 0;
	put_unaligned_le64(base, p + ETW_KP_EID_BASE);
	put_unaligned_le32(pid, p + ETW_KP_EID_PID);
	put_unaligned_le32(n, p + ETW_KP_EID_SIZE);
	return ETW_KP_EID_FIXED + n;
}

/* Image/Load of a new executable mapping, to every session that wants it. */
static void etw_kimage_load(u64 base, u64 size, const struct file *file)
{
	u8 *buf = etw_kscratch();
	struct etw_krec r = {
		.hook = ETW_KH_IMAGE_LOAD, .version = ETW_KV_IMAGE,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
		/* what a process maps, and where: its own business */
		.priv_all = true, .owner = etw_kowner(current),
	};
	char *path;

	if (!buf)
		return;
	/* The scratch's second half holds the path as UTF-8. */
	path = etw_file_path_atomic(file, (char *)buf + ETW_KSCRATCH_SIZE / 2,
				    ETW_KSCRATCH_SIZE / 2);
	r.data = buf;
	r.len = etw_kimage_payload(buf, task_tgid_nr(current), base, size,
				   IS_ERR(path) ? NULL : path);
	etw_kemit(ETW_KF_IMAGE_LOAD, &r);
	/* Then what names the file's contents: its build-id, if it has one. */
	r.hook = ETW_KH_ELF_BUILDID;
	r.version = ETW_KV_ELF_BUILDID;
	r.len = etw_kimage_buildid(buf, r.pid, base, (struct file *)file);
	if (r.len)
		etw_kemit(ETW_KF_IMAGE_LOAD, &r);
	etw_kscratch_put(buf);
}

static int etw_kprobe_mmap(struct kprobe *kp, struct pt_regs *regs)
{
	struct vm_area_struct *vma =
		(void *)regs_get_kernel_argument(regs, 0);
	u64 base;

	if (!vma || !vma->vm_file || !(vma->vm_flags & VM_EXEC) ||
	    !vma->vm_mm || vma->vm_mm != current->mm || current->in_execve)
		return 0;
	base = vma->vm_start - ((u64)vma->vm_pgoff << PAGE_SHIFT);
	etw_kimage_load(base, vma->vm_end - base, vma->vm_file);
	return 0;
}

/*
 * sched_process_exec: the mappings the exec made (the program, its
 * interpreter).  The new mm is the exec'ing task's alone, so the trylock
 * (the probe may not sleep) fails only if something like /proc reads it
 * at this instant; those loads are then missing.
 */
static void etw_probe_exec_images(void *data, struct task_struct *p,
				  pid_t old_pid, struct linux_binprm *bprm)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;

	if (!mm || !etw_ksys_wants(ETW_KF_IMAGE_LOAD) ||
	    !mmap_read_trylock(mm))
		return;
	{
		VMA_ITERATOR(vmi, mm, 0);

		for_each_vma(vmi, vma) {
			u64 base;

			if (!vma->vm_file || !(vma->vm_flags & VM_EXEC))
				continue;
			base = vma->vm_start -
			       ((u64)vma->vm_pgoff << PAGE_SHIFT);
			etw_kimage_load(base, vma->vm_end - base,
					vma->vm_file);
		}
	}
	mmap_read_unlock(mm);
}

static struct kprobe etw_kprobe_image = {
	.symbol_name = "perf_event_mmap",
	.pre_handler = etw_kprobe_mmap,
};

static int etw_image_enable(void)
{
	int ret;

	/* After etw_ksys_sched.c's probe, which starts the process. */
	ret = etw_ktp_register_prio("sched_process_exec",
				    etw_probe_exec_images,
				    TRACEPOINT_DEFAULT_PRIO - 1);
	if (ret)
		return ret;
	/* A kprobe cannot be registered twice: start from a clean one. */
	memset(&etw_kprobe_image, 0, sizeof(etw_kprobe_image));
	etw_kprobe_image.symbol_name = "perf_event_mmap";
	etw_kprobe_image.pre_handler = etw_kprobe_mmap;
	ret = register_kprobe(&etw_kprobe_image);
	if (ret) {
		etw_ktp_unregister("sched_process_exec", etw_probe_exec_images);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

static void etw_image_disable(void)
{
	/* Waits for running handlers (synchronize_rcu). */
	unregister_kprobe(&etw_kprobe_image);
	/* The caller synchronizes with the tracepoint's probes. */
	etw_ktp_unregister("sched_process_exec", etw_probe_exec_images);
}

struct etw_kgroup etw_kgroup_image = {
	.name = "image loads (kprobe on perf_event_mmap)",
	.flags = ETW_KF_IMAGE_LOAD,
	.enable = etw_image_enable,
	.disable = etw_image_disable,
};
