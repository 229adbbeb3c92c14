// SPDX-License-Identifier: GPL-2.0-only
/*
 * System calls and file I/O, from the raw system-call tracepoints
 * (sys_enter, sys_exit):
 *
 *   SYSTEMCALL     PerfInfo/SysClEnter at entry (SysCallAddress: the
 *                  system call's number), SysClExit at exit (the return
 *                  value as SysCallNtStatus)
 *   FILE_IO_INIT   FileIo/Read, Write (read, pread64, write, pwrite64 at
 *                  entry), Close, Flush (close, fsync, fdatasync at
 *                  entry), Create (open, openat, creat, openat2 when the
 *                  open returned: the path is the opened file's)
 *   FILE_IO        FileIo/OperationEnd at exit of each of those
 *   DISK_FILE_IO   FileIo/FileCreate: the name of each file opened
 *
 * FileObject is a keyed hash of the struct file, FileKey of its inode,
 * IrpPtr of the calling thread (one system call at a time per thread), so
 * an OperationEnd matches its start.  Only native 64-bit system calls.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/compat.h>
#include <linux/fcntl.h>
#include <linux/fdtable.h>
#include <linux/file.h>
#include <linux/sched.h>
#include <asm/syscall.h>
#include <asm/unistd.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

#define ETW_KF_FILE_ANY	(ETW_KF_FILE_IO | ETW_KF_FILE_IO_INIT | \
			 ETW_KF_DISK_FILE_IO)

enum etw_kfop { ETW_FOP_NONE, ETW_FOP_READ, ETW_FOP_WRITE, ETW_FOP_PREAD,
		ETW_FOP_PWRITE, ETW_FOP_CLOSE, ETW_FOP_FLUSH, ETW_FOP_OPEN };

static enum etw_kfop etw_kfop_of(long id)
{
	switch (id) {
	case __NR_read:
		return ETW_FOP_READ;
	case __NR_write:
		return ETW_FOP_WRITE;
	case __NR_pread64:
		return ETW_FOP_PREAD;
	case __NR_pwrite64:
		return ETW_FOP_PWRITE;
	case __NR_close:
		return ETW_FOP_CLOSE;
	case __NR_fsync:
	case __NR_fdatasync:
		return ETW_FOP_FLUSH;
#ifdef __NR_open
	case __NR_open:
#endif
#ifdef __NR_creat
	case __NR_creat:
#endif
	case __NR_openat:
	case __NR_openat2:
		return ETW_FOP_OPEN;
	default:
		return ETW_FOP_NONE;
	}
}

/* An errno as the NTSTATUS Windows tools know. */
static u32 etw_kntstatus(long ret)
{
	if (ret >= 0)
		return 0;
	switch (-ret) {
	case ENOENT:
		return 0xC0000034;	/* STATUS_OBJECT_NAME_NOT_FOUND */
	case EACCES:
	case EPERM:
		return 0xC0000022;	/* STATUS_ACCESS_DENIED */
	case EEXIST:
		return 0xC0000035;	/* STATUS_OBJECT_NAME_COLLISION */
	case EBADF:
		return 0xC0000008;	/* STATUS_INVALID_HANDLE */
	case EINTR:
		return 0xC0000120;	/* STATUS_CANCELLED */
	default:
		return 0xC0000001;	/* STATUS_UNSUCCESSFUL */
	}
}

/* The open file behind @fd of the current process.  Context: RCU. */
static struct file *etw_kfile(unsigned long fd)
{
	struct files_struct *files = current->files;

	if (!files || fd > INT_MAX)
		return NULL;
	return files_lookup_fd_raw(files, fd);
}

static void etw_krec_init(struct etw_krec *r, u16 hook, void *p, u32 len)
{
	r->hook = hook;
	r->version = ETW_KV_FILE;
	r->tid = task_pid_nr(current);
	r->pid = task_tgid_nr(current);
	r->data = p;
	r->len = len;
	r->dur_off = 0;
	r->kptr = false;
	/* which files a process uses, and how: its own business */
	r->priv_all = true;
	r->owner = etw_kowner(current);
	r->priv_off = 0;
	r->priv_len = 0;
	r->priv_keep = 0;
}

/* FileIo_ReadWrite or FileIo_SimpleOp at entry (FILE_IO_INIT). */
static void etw_kfile_enter(enum etw_kfop op, unsigned long *args)
{
	u64 irp = etw_khash(current);
	struct etw_krec r;
	struct file *f;
	u8 p[ETW_KP_FRW_SIZE];
	u64 pos = 0;

	rcu_read_lock();
	f = etw_kfile(args[0]);
	if (!f) {
		rcu_read_unlock();
		return;
	}
	memset(p, 0, sizeof(p));
	if (op == ETW_FOP_CLOSE || op == ETW_FOP_FLUSH) {
		put_unaligned_le64(irp, p);
		put_unaligned_le64(etw_khash(f), p + 8);
		put_unaligned_le64(etw_khash(file_inode(f)), p + 16);
		put_unaligned_le32(task_pid_nr(current), p + 24);
		etw_krec_init(&r, op == ETW_FOP_CLOSE ? ETW_KH_FILE_CLOSE :
				  ETW_KH_FILE_FLUSH, p, ETW_KP_FSIMPLE_SIZE);
	} else {
		pos = (op == ETW_FOP_PREAD || op == ETW_FOP_PWRITE) ?
		      args[3] : READ_ONCE(f->f_pos);
		put_unaligned_le64(pos, p + ETW_KP_FRW_OFFSET);
		put_unaligned_le64(irp, p + ETW_KP_FRW_IRP);
		put_unaligned_le64(etw_khash(f), p + ETW_KP_FRW_FILEOBJ);
		put_unaligned_le64(etw_khash(file_inode(f)),
				   p + ETW_KP_FRW_FILEKEY);
		put_unaligned_le32(task_pid_nr(current), p + ETW_KP_FRW_TID);
		put_unaligned_le32(min_t(unsigned long, args[2], U32_MAX),
				   p + ETW_KP_FRW_IOSIZE);
		etw_krec_init(&r, (op == ETW_FOP_READ || op == ETW_FOP_PREAD) ?
				  ETW_KH_FILE_READ : ETW_KH_FILE_WRITE, p,
			      ETW_KP_FRW_SIZE);
	}
	rcu_read_unlock();
	etw_kemit(ETW_KF_FILE_IO_INIT, &r);
}

/* CreateOptions: disposition in the top byte, then FILE_* options. */
static u32 etw_kcreate_options(u32 flags)
{
	u32 disp, opt = 0;

	if ((flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL))
		disp = 2;	/* FILE_CREATE */
	else if ((flags & (O_CREAT | O_TRUNC)) == (O_CREAT | O_TRUNC))
		disp = 5;	/* FILE_OVERWRITE_IF */
	else if (flags & O_CREAT)
		disp = 3;	/* FILE_OPEN_IF */
	else if (flags & O_TRUNC)
		disp = 4;	/* FILE_OVERWRITE */
	else
		disp = 1;	/* FILE_OPEN */
	if (flags & O_DIRECTORY)
		opt |= 0x1;	/* FILE_DIRECTORY_FILE */
	if (flags & O_SYNC)
		opt |= 0x2;	/* FILE_WRITE_THROUGH */
	if (flags & O_DIRECT)
		opt |= 0x8;	/* FILE_NO_INTERMEDIATE_BUFFERING */
	return disp << 24 | opt;
}

/* FileIo/Create and FileIo/FileCreate for the file an open returned. */
static void etw_kfile_opened(long fd)
{
	u8 *buf = etw_kscratch();
	u32 half = ETW_KSCRATCH_SIZE / 2, n;
	struct etw_krec r;
	struct file *f;
	char *path;

	if (!buf)
		return;
	rcu_read_lock();
	f = etw_kfile(fd);
	if (!f)
		goto out;
	path = etw_file_path_atomic(f, (char *)buf + half, half);
	if (IS_ERR(path))
		path = NULL;
	if (etw_ksys_wants(ETW_KF_FILE_IO_INIT)) {
		memset(buf, 0, ETW_KP_FCREATE_FIXED);
		put_unaligned_le64(etw_khash(current), buf + ETW_KP_FCREATE_IRP);
		put_unaligned_le64(etw_khash(f), buf + ETW_KP_FCREATE_FILEOBJ);
		put_unaligned_le32(task_pid_nr(current), buf + ETW_KP_FCREATE_TID);
		put_unaligned_le32(etw_kcreate_options(f->f_flags),
				   buf + ETW_KP_FCREATE_OPTIONS);
		put_unaligned_le32(0x80, buf + ETW_KP_FCREATE_ATTRS); /* NORMAL */
		put_unaligned_le32(0x7, buf + ETW_KP_FCREATE_SHARE); /* all */
		n = etw_kput_wstr(buf + ETW_KP_FCREATE_FIXED,
				  half - ETW_KP_FCREATE_FIXED, path,
				  path ? strlen(path) : 0);
		etw_krec_init(&r, ETW_KH_FILE_CREATE, buf,
			      ETW_KP_FCREATE_FIXED + n);
		etw_kemit(ETW_KF_FILE_IO_INIT, &r);
	}
	if (etw_ksys_wants(ETW_KF_DISK_FILE_IO)) {
		/* FileIo_Name: FileObject (the file key), FileName */
		put_unaligned_le64(etw_khash(file_inode(f)), buf);
		n = etw_kput_wstr(buf + ETW_KP_FNAME_FIXED,
				  half - ETW_KP_FNAME_FIXED, path,
				  path ? strlen(path) : 0);
		etw_krec_init(&r, ETW_KH_FILE_CREATE_NAME, buf,
			      ETW_KP_FNAME_FIXED + n);
		etw_kemit(ETW_KF_DISK_FILE_IO, &r);
	}
out:
	rcu_read_unlock();
	etw_kscratch_put(buf);
}

static void etw_probe_sys_enter(void *data, struct pt_regs *regs, long id)
{
	struct etw_ksys_active *a;
	unsigned long args[6];
	enum etw_kfop op;
	u32 flags;

	rcu_read_lock();
	a = rcu_dereference(etw_ksys_active);
	flags = a ? a->flags : 0;
	rcu_read_unlock();
	if (flags & ETW_KF_SYSTEMCALL) {
		u8 p[ETW_KP_SYSENTER_SIZE];
		struct etw_krec r = {
			.hook = ETW_KH_SYSCALL_ENTER, .version = ETW_KV_PERFINFO,
			.tid = task_pid_nr(current),
			.pid = task_tgid_nr(current), .data = p, .len = sizeof(p),
			.priv_all = true, .owner = etw_kowner(current),
		};

		put_unaligned_le64(id, p);
		etw_kemit(ETW_KF_SYSTEMCALL, &r);
	}
	if (!(flags & ETW_KF_FILE_IO_INIT) || in_compat_syscall())
		return;
	op = etw_kfop_of(id);
	if (op == ETW_FOP_NONE || op == ETW_FOP_OPEN)
		return;
	syscall_get_arguments(current, regs, args);
	etw_kfile_enter(op, args);
}

static void etw_probe_sys_exit(void *data, struct pt_regs *regs, long ret)
{
	struct etw_ksys_active *a;
	enum etw_kfop op;
	u32 flags;
	long id;

	rcu_read_lock();
	a = rcu_dereference(etw_ksys_active);
	flags = a ? a->flags : 0;
	rcu_read_unlock();
	if (flags & ETW_KF_SYSTEMCALL) {
		u8 p[ETW_KP_SYSEXIT_SIZE];
		struct etw_krec r = {
			.hook = ETW_KH_SYSCALL_EXIT, .version = ETW_KV_PERFINFO,
			.tid = task_pid_nr(current),
			.pid = task_tgid_nr(current), .data = p, .len = sizeof(p),
			.priv_all = true, .owner = etw_kowner(current),
		};

		put_unaligned_le32((u32)ret, p);
		etw_kemit(ETW_KF_SYSTEMCALL, &r);
	}
	if (!(flags & ETW_KF_FILE_ANY) || in_compat_syscall())
		return;
	id = syscall_get_nr(current, regs);
	op = etw_kfop_of(id);
	if (op == ETW_FOP_NONE)
		return;
	if (op == ETW_FOP_OPEN && ret >= 0 &&
	    (flags & (ETW_KF_FILE_IO_INIT | ETW_KF_DISK_FILE_IO)))
		etw_kfile_opened(ret);
	if (flags & ETW_KF_FILE_IO) {
		u8 p[ETW_KP_FOPEND_SIZE];
		struct etw_krec r;

		put_unaligned_le64(etw_khash(current), p);
		put_unaligned_le64(ret > 0 ? ret : 0, p + 8);	/* ExtraInfo */
		put_unaligned_le32(etw_kntstatus(ret), p + 16);
		etw_krec_init(&r, ETW_KH_FILE_OPEND, p, sizeof(p));
		etw_kemit(ETW_KF_FILE_IO, &r);
	}
}

static int etw_syscall_enable(void)
{
	int ret;

	ret = etw_ktp_register("sys_enter", etw_probe_sys_enter);
	if (ret)
		return ret;
	ret = etw_ktp_register("sys_exit", etw_probe_sys_exit);
	if (ret) {
		etw_ktp_unregister("sys_enter", etw_probe_sys_enter);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

static void etw_syscall_disable(void)
{
	etw_ktp_unregister("sys_exit", etw_probe_sys_exit);
	etw_ktp_unregister("sys_enter", etw_probe_sys_enter);
}

struct etw_kgroup etw_kgroup_syscall = {
	.name = "system calls and file I/O",
	.flags = ETW_KF_SYSTEMCALL | ETW_KF_FILE_ANY,
	.enable = etw_syscall_enable,
	.disable = etw_syscall_disable,
};
