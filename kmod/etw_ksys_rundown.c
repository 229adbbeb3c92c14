// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rundown: what a system logger writes about the machine itself.
 *
 * At start (StartTrace, in the caller's context): EventTrace/Extension
 * (the group masks), then per the flags the kernel's own images
 * (privileged sessions: etw_ksys_kimage.c), Process/DCStart,
 * Thread/DCStart and Image/DCStart of everything running, and
 * PerfInfo/CollectionStart (the profile interval).
 *
 * At stop (STOP's worker, after live events stopped and a grace period
 * passed, before the buffers are flushed): Process/DCEnd,
 * Process/PerfCtrRundown, Thread/DCEnd, Image/DCEnd,
 * PerfInfo/CollectionEnd, SystemConfig/CPU and SystemConfig/PhyDisk
 * (unless EVENT_TRACE_FLAG_NO_SYSCONFIG), EventTrace/EndExtension and
 * EventTrace/RundownComplete.
 *
 * Tasks are walked by pid: under RCU only to find the next task and take
 * a reference; everything that sleeps (reading a command line from the
 * process's memory, walking its mappings under mmap_lock, d_path) runs
 * with no RCU read lock held, and the walk stops early for a fatal signal.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/blkdev.h>
#include <linux/fdtable.h>
#include <linux/fs_struct.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/utsname.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

/**
 * struct etw_krd - one rundown
 * @s:		the session
 * @final:	the stop rundown: the session is stopped and nothing else
 *		writes to it; else (start) a STOP may come meanwhile
 * @flags:	its EnableFlags
 * @buf:	payload buffer, ETW_KSCRATCH_SIZE
 * @path:	d_path buffer, PATH_MAX
 * @cmd:	command line buffer, ETW_KRD_CMD
 */
struct etw_krd {
	struct etw_session *s;
	bool final;
	u32 flags;
	u8 *buf;
	char *path;
	char *cmd;
};

#define ETW_KRD_CMD	1024

/* Write one event, unless a start rundown's session stopped meanwhile. */
static void etw_krd_write(struct etw_krd *rd, const struct etw_krec *r)
{
	if (rd->final) {
		etw_kwrite(rd->s, r);
		return;
	}
	/* STOP sets ->stopped, then waits a grace period before flushing. */
	rcu_read_lock();
	if (!READ_ONCE(rd->s->stopped))
		etw_kwrite(rd->s, r);
	rcu_read_unlock();
}

static void etw_krd_event(struct etw_krd *rd, u16 hook, u8 version,
			  const void *data, u32 len)
{
	struct etw_krec r = {
		.hook = hook, .version = version, .data = data, .len = len,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
	};

	etw_krd_write(rd, &r);
}

/* The command line of @t, arguments separated by spaces. */
static u32 etw_krd_cmdline(struct task_struct *t, struct mm_struct *mm,
			   char *out)
{
	unsigned long start, end;
	int n, i;

	spin_lock(&mm->arg_lock);
	start = mm->arg_start;
	end = mm->arg_end;
	spin_unlock(&mm->arg_lock);
	if (end <= start)
		return 0;
	n = access_process_vm(t, start, out,
			      min_t(unsigned long, end - start, ETW_KRD_CMD),
			      0);
	if (n <= 0)
		return 0;
	while (n && !out[n - 1])
		n--;
	for (i = 0; i < n; i++)
		if (!out[i])
			out[i] = ' ';
	return n;
}

static void etw_krd_images(struct etw_krd *rd, struct task_struct *t,
			   struct mm_struct *mm, u16 hook)
{
	VMA_ITERATOR(vmi, mm, 0);
	struct vm_area_struct *vma;

	if (mmap_read_lock_killable(mm))
		return;
	for_each_vma(vmi, vma) {
		char *path;
		u64 base;
		u32 n;

		if (!vma->vm_file || !(vma->vm_flags & VM_EXEC))
			continue;
		base = vma->vm_start - ((u64)vma->vm_pgoff << PAGE_SHIFT);
		path = d_path(&vma->vm_file->f_path, rd->path, PATH_MAX);
		n = etw_kimage_payload(rd->buf, task_tgid_nr(t), base,
				       vma->vm_end - base,
				       IS_ERR(path) ? NULL : path);
		etw_krd_event(rd, hook, ETW_KV_IMAGE, rd->buf, n);
		n = etw_kimage_buildid(rd->buf, task_tgid_nr(t), base,
				       vma->vm_file);
		if (n)
			etw_krd_event(rd, ETW_KH_ELF_BUILDID,
				      ETW_KV_ELF_BUILDID, rd->buf, n);
	}
	mmap_read_unlock(mm);
}

static void etw_krd_emit(void *ctx, u16 hook, u8 version, const void *data,
			 u32 len)
{
	etw_krd_event(ctx, hook, version, data, len);
}

/*
 * Image/DCStart or DCEnd of the kernel and its modules (process 0), for
 * sessions that may see kernel addresses: what names kernel frames.
 */
static void etw_krd_kernel(struct etw_krd *rd)
{
	struct etw_kimg k = {
		.emit = etw_krd_emit, .ctx = rd, .buf = rd->buf,
		.notes = (u8 *)rd->path,
		.hook = rd->final ? ETW_KH_IMAGE_DCEND : ETW_KH_IMAGE_DCSTART,
	};

	if (!(rd->flags & ETW_KF_IMAGE_LOAD) || !rd->s->ksys->privileged)
		return;
	etw_kimages(&k);
}

/* Open file descriptors of @t. */
static u32 etw_krd_handles(struct task_struct *t)
{
	struct files_struct *files;
	struct fdtable *fdt;
	u32 n = 0;

	task_lock(t);
	files = t->files;
	if (files) {
		rcu_read_lock();
		fdt = files_fdtable(files);
		n = bitmap_weight(fdt->open_fds, fdt->max_fds);
		rcu_read_unlock();
	}
	task_unlock(t);
	return n;
}

/* Process_V2_TypeGroup2 (PerfCtrRundown) of a live process. */
static void etw_krd_perfctr(struct etw_krd *rd, struct task_struct *t,
			    struct mm_struct *mm)
{
	u8 *p = rd->buf;
	u64 faults = t->signal->min_flt + t->signal->maj_flt;
	struct task_struct *th;

	memset(p, 0, ETW_KP_PERFCTR_SIZE);
	rcu_read_lock();
	for_each_thread(t, th)
		faults += th->min_flt + th->maj_flt;
	rcu_read_unlock();
	put_unaligned_le32(task_tgid_nr(t), p + ETW_KP_PERFCTR_PID);
	put_unaligned_le32((u32)faults, p + ETW_KP_PERFCTR_FAULTS);
	put_unaligned_le32(etw_krd_handles(t), p + ETW_KP_PERFCTR_HANDLES);
	if (mm) {
		put_unaligned_le64((u64)mm->hiwater_vm << PAGE_SHIFT,
				   p + ETW_KP_PERFCTR_PEAK_VSIZE);
		put_unaligned_le64((u64)get_mm_hiwater_rss(mm) << PAGE_SHIFT,
				   p + ETW_KP_PERFCTR_PEAK_WS);
		put_unaligned_le64((u64)mm->total_vm << PAGE_SHIFT,
				   p + ETW_KP_PERFCTR_VSIZE);
		put_unaligned_le64((u64)get_mm_rss(mm) << PAGE_SHIFT,
				   p + ETW_KP_PERFCTR_WS);
		put_unaligned_le64((u64)get_mm_counter(mm, MM_ANONPAGES)
				   << PAGE_SHIFT, p + ETW_KP_PERFCTR_PRIVATE);
	}
	etw_krd_event(rd, ETW_KH_PROCESS_PERFCTR_RD, ETW_KV_PERFCTR, p,
		      ETW_KP_PERFCTR_SIZE);
}

/*
 * Everything the rundown says about one process (its leader @t): its
 * command line and images only to a session that may see them (struct
 * etw_ksys), which are then not even read.
 */
static void etw_krd_process(struct etw_krd *rd, struct task_struct *t)
{
	bool end = rd->final, mine = etw_ksees(rd->s, etw_kowner(t));
	struct mm_struct *mm = get_task_mm(t);
	u32 n = 0, len;

	if (rd->flags & ETW_KF_PROCESS) {
		if (mm && mine)
			n = etw_krd_cmdline(t, mm, rd->cmd);
		len = etw_kprocess_payload(rd->buf, ETW_KSCRATCH_SIZE, t,
					   rd->cmd, n, 0, NULL);
		etw_krd_event(rd, end ? ETW_KH_PROCESS_DCEND :
				  ETW_KH_PROCESS_DCSTART, ETW_KV_PROCESS,
			      rd->buf, len);
	}
	if (end && (rd->flags & ETW_KF_PROCESS_COUNTERS))
		etw_krd_perfctr(rd, t, mm);
	if (mm && mine && (rd->flags & ETW_KF_IMAGE_LOAD))
		etw_krd_images(rd, t, mm, end ? ETW_KH_IMAGE_DCEND :
				  ETW_KH_IMAGE_DCSTART);
	if (mm)
		mmput(mm);
}

static void etw_krd_tasks(struct etw_krd *rd)
{
	pid_t nr = 0;

	if (!(rd->flags & (ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
			   ETW_KF_PROCESS_COUNTERS)))
		return;
	for (;;) {
		struct task_struct *t = NULL;
		struct pid *pid;

		rcu_read_lock();
		pid = find_ge_pid(nr, &init_pid_ns);
		if (pid) {
			nr = pid_nr(pid) + 1;
			t = pid_task(pid, PIDTYPE_PID);
			if (t && !t->exit_state)
				get_task_struct(t);
			else
				t = NULL;
		}
		rcu_read_unlock();
		if (!pid)
			break;
		if (!t)
			continue;
		if (thread_group_leader(t))
			etw_krd_process(rd, t);
		if (rd->flags & ETW_KF_THREAD) {
			u32 n = etw_kthread_payload(rd->buf, t);

			etw_krd_event(rd, rd->final ? ETW_KH_THREAD_DCEND :
					  ETW_KH_THREAD_DCSTART,
				      ETW_KV_THREAD, rd->buf, n);
		}
		put_task_struct(t);
		if (fatal_signal_pending(current) ||
		    (!rd->final && READ_ONCE(rd->s->stopped)))
			break;
		cond_resched();
	}
}

/* EventTrace/Extension or EndExtension: group masks, kernel version. */
static void etw_krd_extension(struct etw_krd *rd, u16 hook)
{
	u8 p[ETW_KP_HEADER_EXT_SIZE];

	memset(p, 0, sizeof(p));
	put_unaligned_le32(rd->flags, p);	/* GroupMask1 */
	etw_krd_event(rd, hook, ETW_KV_HEADER_EXT, p, sizeof(p));
}

/* PerfInfo/CollectionStart or CollectionEnd: the profile interval. */
static void etw_krd_interval(struct etw_krd *rd, u16 hook)
{
	u32 iv = etw_ksys_profile_interval(), n;
	u8 *p = rd->buf;

	put_unaligned_le32(0, p + ETW_KP_INTERVAL_SOURCE);	/* ProfileTime */
	put_unaligned_le32(iv, p + ETW_KP_INTERVAL_NEW);
	put_unaligned_le32(iv, p + ETW_KP_INTERVAL_OLD);
	n = etw_kput_wstr(p + ETW_KP_INTERVAL_FIXED, 64, "Timer", 5);
	etw_krd_event(rd, hook, ETW_KV_PROFILE_INTERVAL, p,
		      ETW_KP_INTERVAL_FIXED + n);
}

/* SystemConfig/CPU (SystemConfig_V3_CPU). */
static void etw_krd_cpu(struct etw_krd *rd)
{
	struct new_utsname *u = &init_uts_ns.name;
	u8 *p = rd->buf;

	memset(p, 0, ETW_KP_CPU_SIZE);
	put_unaligned_le32(rd->s->cpu_mhz, p + ETW_KP_CPU_MHZ);
	put_unaligned_le32(num_online_cpus(), p + ETW_KP_CPU_NCPUS);
	put_unaligned_le32((u32)(totalram_pages() >> (20 - PAGE_SHIFT)),
			   p + ETW_KP_CPU_MEMSIZE);
	put_unaligned_le32(PAGE_SIZE, p + ETW_KP_CPU_PAGESIZE);
	put_unaligned_le32(PAGE_SIZE, p + ETW_KP_CPU_ALLOC_GRAN);
	etw_kput_wstr(p + ETW_KP_CPU_COMPUTER, ETW_KP_CPU_COMPUTER_BYTES,
		      u->nodename, strnlen(u->nodename, 65));
	etw_kput_wstr(p + ETW_KP_CPU_DOMAIN, ETW_KP_CPU_DOMAIN_BYTES,
		      u->domainname, strnlen(u->domainname, 65));
	put_unaligned_le64(TASK_SIZE_MAX - 1, p + ETW_KP_CPU_USER_MAX);
#ifdef CONFIG_X86_64
	put_unaligned_le16(ETW_KCPU_ARCH_AMD64, p + ETW_KP_CPU_ARCH);
	put_unaligned_le16(boot_cpu_data.x86, p + ETW_KP_CPU_LEVEL);
	put_unaligned_le16(boot_cpu_data.x86_model << 8 |
			   boot_cpu_data.x86_stepping, p + ETW_KP_CPU_REVISION);
	p[ETW_KP_CPU_PAE] = 1;
	p[ETW_KP_CPU_NX] = boot_cpu_has(X86_FEATURE_NX);
#elif defined(CONFIG_ARM64)
	put_unaligned_le16(ETW_KCPU_ARCH_ARM64, p + ETW_KP_CPU_ARCH);
#endif
	etw_krd_event(rd, ETW_KH_CONFIG_CPU, ETW_KV_CONFIG_CPU, p,
		      ETW_KP_CPU_SIZE);
}

/* The conventional LBA geometry SystemConfig/PhyDisk reports. */
#define ETW_KRD_DISK_SPT	63	/* SectorsPerTrack */
#define ETW_KRD_DISK_TPC	255	/* TracksPerCylinder */

/* SystemConfig/PhyDisk of one disk (SystemConfig_V2_PhyDisk). */
static void etw_krd_disk(struct etw_krd *rd, struct gendisk *disk)
{
	u32 sector = queue_logical_block_size(disk->queue);
	u64 bytes = (u64)get_capacity(disk) << SECTOR_SHIFT;
	u8 *p = rd->buf;

	memset(p, 0, ETW_KP_PHYDISK_SIZE);
	put_unaligned_le32(etw_kdisk_number(MKDEV(disk->major,
						  disk->first_minor)),
			   p + ETW_KP_PHYDISK_NUMBER);
	put_unaligned_le32(sector, p + ETW_KP_PHYDISK_SECTOR);
	put_unaligned_le32(ETW_KRD_DISK_SPT, p + ETW_KP_PHYDISK_SPT);
	put_unaligned_le32(ETW_KRD_DISK_TPC, p + ETW_KP_PHYDISK_TPC);
	put_unaligned_le64(div_u64(bytes, ETW_KRD_DISK_SPT * ETW_KRD_DISK_TPC *
				   (u64)sector), p + ETW_KP_PHYDISK_CYLINDERS);
	etw_kput_wstr(p + ETW_KP_PHYDISK_MANUFACTURER,
		      ETW_KP_PHYDISK_MANUFACTURER_BYTES, disk->disk_name,
		      strnlen(disk->disk_name, DISK_NAME_LEN));
	etw_krd_event(rd, ETW_KH_CONFIG_PHYDISK, ETW_KV_CONFIG_PHYDISK, p,
		      ETW_KP_PHYDISK_SIZE);
}

/*
 * The disks: the block class (not exported) is learnt from the root file
 * system's disk or from the first disk that did I/O while tracing.
 */
static void etw_krd_disks(struct etw_krd *rd)
{
	struct class_dev_iter iter;
	struct super_block *sb;
	struct device *dev;
	struct path root;

	if (!READ_ONCE(etw_kblock_class)) {
		get_fs_root(current->fs, &root);
		sb = root.mnt->mnt_sb;
		if (sb->s_bdev && sb->s_bdev->bd_disk) {
			struct device *d = disk_to_dev(sb->s_bdev->bd_disk);

			WRITE_ONCE(etw_kdisk_type, d->type);
			WRITE_ONCE(etw_kblock_class, d->class);
		}
		path_put(&root);
	}
	if (!READ_ONCE(etw_kblock_class))
		return;
	class_dev_iter_init(&iter, etw_class_arg(etw_kblock_class), NULL,
			    etw_kdisk_type);
	while ((dev = class_dev_iter_next(&iter)))
		etw_krd_disk(rd, dev_to_disk(dev));
	class_dev_iter_exit(&iter);
}

static int etw_krd_init(struct etw_krd *rd, struct etw_session *s, bool final)
{
	rd->s = s;
	rd->final = final;
	rd->flags = READ_ONCE(s->ksys->flags);
	rd->buf = kmalloc(ETW_KSCRATCH_SIZE, GFP_KERNEL);
	rd->path = kmalloc(PATH_MAX, GFP_KERNEL);
	rd->cmd = kmalloc(ETW_KRD_CMD, GFP_KERNEL);
	if (rd->buf && rd->path && rd->cmd)
		return 0;
	kfree(rd->buf);
	kfree(rd->path);
	kfree(rd->cmd);
	return -ENOMEM;
}

static void etw_krd_done(struct etw_krd *rd)
{
	kfree(rd->buf);
	kfree(rd->path);
	kfree(rd->cmd);
}

/**
 * etw_krundown_start() - the DCStart rundown of a new system logger
 * @s:		the session (referenced, attached)
 *
 * Context: process context (StartTrace), no locks held.
 */
void etw_krundown_start(struct etw_session *s)
{
	struct etw_krd rd;

	if (etw_krd_init(&rd, s, false))
		return;
	etw_krd_extension(&rd, ETW_KH_HEADER_EXTENSION);
	etw_krd_kernel(&rd);
	etw_krd_tasks(&rd);
	if (rd.flags & ETW_KF_PROFILE)
		etw_krd_interval(&rd, ETW_KH_PROFILE_START);
	etw_krd_done(&rd);
}

/**
 * etw_krundown_stop() - the DCEnd rundown and the system configuration
 * @s:		a stopped system logger, detached, after a grace period
 *
 * Context: STOP's worker, no locks held.
 */
void etw_krundown_stop(struct etw_session *s)
{
	struct etw_krd rd;

	if (etw_krd_init(&rd, s, true))
		return;
	etw_krd_kernel(&rd);
	etw_krd_tasks(&rd);
	if (rd.flags & ETW_KF_PROFILE)
		etw_krd_interval(&rd, ETW_KH_PROFILE_END);
	if (!(rd.flags & ETW_KF_NO_SYSCONFIG)) {
		etw_krd_cpu(&rd);
		etw_krd_disks(&rd);
	}
	etw_krd_extension(&rd, ETW_KH_HEADER_END_EXT);
	etw_krd_event(&rd, ETW_KH_RUNDOWN_COMPLETE, ETW_KV_HEADER_EXT, NULL, 0);
	etw_krd_done(&rd);
}
