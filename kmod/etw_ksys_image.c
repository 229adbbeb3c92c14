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
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/sched.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

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

/* Image/Load of a new executable mapping, to every session that wants it. */
static void etw_kimage_load(u64 base, u64 size, const struct file *file)
{
	u8 *buf = etw_kscratch();
	struct etw_krec r = {
		.hook = ETW_KH_IMAGE_LOAD, .version = ETW_KV_IMAGE,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
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
	etw_kscratch_put(buf);
}

static int etw_kprobe_mmap(struct kprobe *kp, struct pt_regs *regs)
{
	struct vm_area_struct *vma =
		(void *)regs_get_kernel_argument(regs, 0);
	u64 base;

	if (!vma || !vma->vm_file || !(vma->vm_flags & VM_EXEC) ||
	    !vma->vm_mm || vma->vm_mm != current->mm)
		return 0;
	base = vma->vm_start - ((u64)vma->vm_pgoff << PAGE_SHIFT);
	etw_kimage_load(base, vma->vm_end - base, vma->vm_file);
	return 0;
}

static struct kprobe etw_kprobe_image = {
	.symbol_name = "perf_event_mmap",
	.pre_handler = etw_kprobe_mmap,
};

static int etw_image_enable(void)
{
	/* A kprobe cannot be registered twice: start from a clean one. */
	memset(&etw_kprobe_image, 0, sizeof(etw_kprobe_image));
	etw_kprobe_image.symbol_name = "perf_event_mmap";
	etw_kprobe_image.pre_handler = etw_kprobe_mmap;
	return register_kprobe(&etw_kprobe_image);
}

static void etw_image_disable(void)
{
	/* Waits for running handlers (synchronize_rcu). */
	unregister_kprobe(&etw_kprobe_image);
}

struct etw_kgroup etw_kgroup_image = {
	.name = "image loads (kprobe on perf_event_mmap)",
	.flags = ETW_KF_IMAGE_LOAD,
	.enable = etw_image_enable,
	.disable = etw_image_disable,
};
