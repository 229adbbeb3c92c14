/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NT Kernel Logger on Linux: system logger sessions and the kernel
 * events etw.ko writes for them from Linux's own tracepoints, kprobes and
 * perf events.  Documentation/system-trace.rst maps each flag and event
 * to its source; Documentation/design.rst has the locking.
 *
 * Files: etw_kwrite.c (the kernel-internal writer), etw_ksys.c (sessions,
 * probes on and off, configuration), etw_ksys_sched.c (processes,
 * threads, context switches, ready threads), etw_ksys_image.c (image
 * loads), etw_ksys_disk.c (disk I/O), etw_ksys_file.c (system calls and
 * file I/O), etw_ksys_net.c (TCP/IP), etw_ksys_profile.c (sampled
 * profile), etw_ksys_rundown.c (DCStart/DCEnd, system configuration).
 */
#ifndef _ETW_KSYS_H
#define _ETW_KSYS_H

#include <linux/rcupdate.h>
#include <linux/tracepoint.h>
#include <linux/types.h>
#include <linux/uidgid.h>

#include "shared/etw_etl.h"
#include "shared/etw_kevents.h"

struct etw_file;
struct etw_session;
struct file;
struct task_struct;
struct pt_regs;

/* At most this many system logger sessions at once (reference 2.5). */
#define ETW_KSYS_MAX		8

/* TraceStackTracingInfo: at most this many CLASSIC_EVENT_IDs. */
#define ETW_KSTACK_IDS_MAX	256

/**
 * struct etw_kstack_set - the events a session wants stacks for (RCU)
 * @rcu:	freed after a grace period
 * @hooks:	bitmap by hook id (group << 8 | type)
 */
struct etw_kstack_set {
	struct rcu_head rcu;
	unsigned long hooks[BITS_TO_LONGS(65536)];
};

/**
 * struct etw_ksys - what makes a session a system logger
 * @flags:	EnableFlags in effect (etw_ksys_mutex; read locklessly)
 * @stacks:	events that get a StackWalk event, or NULL (RCU)
 * @privileged:	the starter had CAP_PERFMON or CAP_SYS_ADMIN (set at
 *		start, never changed): the session gets kernel addresses
 *		(kernel stack frames, kernel instruction pointers) and
 *		every process's private fields; an unprivileged one
 *		(a controller_gid member) gets neither, and private fields
 *		only of its starter's processes (etw_ksees(),
 *		Documentation/system-trace.rst "Who sees what")
 * @counted:	counted against ETW_KSYS_MAX
 * @detached:	stopped receiving live events (etw_ksys_mutex)
 */
struct etw_ksys {
	u32 flags;
	struct etw_kstack_set __rcu *stacks;
	bool privileged;
	bool counted;
	bool detached;
};

/**
 * struct etw_ksys_active - the running system loggers, for probes (RCU)
 * @rcu:	freed after a grace period
 * @n:		entries
 * @flags:	OR of their flags
 * @e:		each session and its flags
 */
struct etw_ksys_active {
	struct rcu_head rcu;
	u32 n;
	u32 flags;
	struct {
		struct etw_session *s;
		u32 flags;
	} e[ETW_KSYS_MAX];
};

extern struct etw_ksys_active __rcu *etw_ksys_active;

/* ---- the writer (etw_kwrite.c) -------------------------------------------- */

/**
 * struct etw_krec - one kernel event
 * @hook:	group << 8 | type
 * @version:	event version
 * @tid:	header ThreadId
 * @pid:	header ProcessId
 * @data:	payload
 * @len:	its bytes
 * @dur_off:	offset in @data of a u64 duration in nanoseconds that the
 *		writer converts to the session's clock ticks (a disk's
 *		HighResResponseTime), or 0
 * @kptr:	the u64 at offset 0 of @data is a code address: sessions
 *		that may not see kernel addresses get 0 for a kernel one
 * @owner:	the user the event's private part belongs to (etw_kowner()):
 *		an unprivileged session gets it only if its starter is
 *		@owner; meaningless unless @priv_len or @priv_all
 * @priv_off:	where the private bytes of @data start (a command line,
 *		addresses) ...
 * @priv_len:	... and how many there are (0: none)
 * @priv_keep:	how many zero bytes stand for them in a session that may
 *		not see them (at most @priv_len: an empty string, or zeros
 *		of the same size); @dur_off and @kptr must lie before them
 * @priv_all:	the whole event is private (file I/O, system calls, image
 *		loads): such a session does not get it at all
 * @regs:	the interrupted context of a sample, or NULL: its stack is
 *		that context's (no kernel frames if it was user mode, the
 *		kernel frames from its instruction pointer if not), not the
 *		interrupt's
 */
struct etw_krec {
	u16 hook;
	u8 version;
	u32 tid;
	u32 pid;
	const void *data;
	u32 len;
	u32 dur_off;
	bool kptr;
	bool priv_all;
	kuid_t owner;
	u16 priv_off;
	u16 priv_len;
	u16 priv_keep;
	struct pt_regs *regs;
};

int etw_kwrite(struct etw_session *s, const struct etw_krec *r);
void etw_kemit(u32 flag, const struct etw_krec *r);
bool etw_ksys_wants(u32 flag);
kuid_t etw_kowner(struct task_struct *t);
void etw_kstackwalk_put(u8 *dst, u32 tid, u32 pid, u64 ts, const u64 *frames,
			u32 n);
/* Bytes of a StackWalk event of @n frames, padded. */
static inline u32 etw_kstackwalk_need(u32 n)
{
	return ETL_ALIGN8(sizeof(struct etl_system_header) +
			  ETW_KP_STACK_FIXED + 8 * n);
}

/**
 * struct etw_kimg - writing the kernel's own images (etw_ksys_kimage.c)
 * @emit:	writes one event of @hook, @version, @len bytes at @data
 * @ctx:	its context
 * @hook:	ETW_KH_IMAGE_DCSTART or ETW_KH_IMAGE_DCEND
 * @buf:	payload buffer, ETW_KSCRATCH_SIZE
 * @notes:	ELF notes buffer, ETW_KSCRATCH_SIZE
 */
struct etw_kimg {
	void (*emit)(void *ctx, u16 hook, u8 version, const void *data,
		     u32 len);
	void *ctx;
	u16 hook;
	u8 *buf;
	u8 *notes;
};

void etw_kimages(struct etw_kimg *k);

u64 *etw_kstack_get(bool kernel, u32 *nf, u32 *nk);
u32 etw_kimage_buildid(u8 *p, u32 pid, u64 base, struct file *file);
void etw_kstack_put(const u64 *frames);
bool etw_ksees(const struct etw_session *s, kuid_t owner);
u64 etw_khash(const void *ptr);
u32 etw_kput_sid(u8 *p, kuid_t uid);
u32 etw_kput_wstr(u8 *p, u32 room, const char *s, u32 len);
u32 etw_kput_astr(u8 *p, u32 room, const char *s);
void *etw_kscratch(void);
void etw_kscratch_put(void *p);
#define ETW_KSCRATCH_SIZE	4096

/* ---- sessions and probes (etw_ksys.c) -------------------------------------- */

int etw_ksys_classify(const char *name, u32 name_len, u32 mode, u8 *guid);
int etw_ksys_prepare(struct etw_session *s, bool privileged);
bool etw_ksys_may_read(const struct etw_session *s);
void etw_ksys_attach(struct etw_session *s);
void etw_ksys_detach(struct etw_session *s);
int etw_ksys_set_flags(struct etw_session *s, u32 flags, u32 op);
void etw_ksys_free(struct etw_session *s);
void etw_krundown_start(struct etw_session *s);
void etw_krundown_stop(struct etw_session *s);
int etw_kwrite_init(void);
void etw_kwrite_exit(void);
int etw_ksys_init(void);
void etw_ksys_exit(void);
long etw_ioctl_system_info(struct etw_file *ef, void __user *uarg, u32 usize);
u32 etw_ksys_profile_interval(void);

/* ---- probe groups: each enables and disables its hooks ------------------------- */

struct etw_kgroup {
	const char *name;
	u32 flags;			/* EnableFlags that need it */
	int (*enable)(void);
	void (*disable)(void);
	bool on;
};

extern struct etw_kgroup etw_kgroup_sched;
extern struct etw_kgroup etw_kgroup_cswitch;
extern struct etw_kgroup etw_kgroup_ready;
extern struct etw_kgroup etw_kgroup_image;
extern struct etw_kgroup etw_kgroup_disk;
extern struct etw_kgroup etw_kgroup_syscall;
extern struct etw_kgroup etw_kgroup_net;
extern struct etw_kgroup etw_kgroup_profile;

/* Tracepoints by name (etw_ksys.c); NULL when this kernel has none. */
struct tracepoint *etw_ktp(const char *name);
int etw_ktp_register(const char *name, void *probe);
int etw_ktp_register_prio(const char *name, void *probe, int prio);
void etw_ktp_unregister(const char *name, void *probe);

/* ---- event builders shared by live events and rundown ------------------------- */

u32 etw_kprocess_payload(u8 *p, u32 room, struct task_struct *t,
			 const char *cmdline, u32 cmdline_len, int exit,
			 struct etw_krec *r);
u32 etw_kthread_payload(u8 *p, struct task_struct *t);
u32 etw_kimage_payload(u8 *p, u32 pid, u64 base, u64 size, const char *path);
u8 etw_kpriority(struct task_struct *t);
u32 etw_kdisk_number(dev_t devt);
extern const struct class *etw_kblock_class;
extern const struct device_type *etw_kdisk_type;

#endif /* _ETW_KSYS_H */
