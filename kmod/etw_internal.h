/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etw.ko internal interfaces.
 *
 * Locking (Documentation/design.rst, "Locking", has the whole table; a
 * function whose comment says "Context: <lock> held" asserts it, and
 * make lint checks that it does):
 *
 *  etw_lock (mutex) - the control plane: the session table and
 *	etw_starting[], every session's enable entries, disallow list and
 *	log-file name, the group ACLs, the index of registrations, each
 *	registration's enable state, active list, enable-map and fast-map
 *	slots, each file's registration table (writers), notification queue
 *	and fast_sessions, the kernel-mode providers (etw_kprov.c).  Held
 *	across sleeping allocations and, when an active list changes, a
 *	collect (etw_fast_drain_reg()); never across user-memory access,
 *	file-system calls, or waits for callbacks, file operations or
 *	readers.
 *  RCU - the data plane: writers and the collector read file->regs[] and
 *	reg->active under rcu_read_lock(); a session is freed only after it
 *	left every active list and a grace period passed.  Probes read
 *	etw_ksys_active, writers the kernel tasks' activity IDs (etw_kacts),
 *	lookups a file's stages, all under RCU.
 *  etw_collect_mutex (mutex, etw_collect.c) - the fast path: the list of
 *	stages and each stage's collector fields and holds, the collector's
 *	table of served sessions (etw_col), their fast streams and fast
 *	state, the scratch.  Never waits for a reader; never takes etw_lock.
 *  stream->lock (raw spinlock, interrupts off: etw_stream_lock()) - one
 *	kernel stream of a session (a CPU): its current buffer and write
 *	offset.  Taken by writers in any context but NMI, flushes and the
 *	watermark sweep.  The fast streams' locks are never taken.
 *  pool->lock (raw spinlock, interrupts off) - a session's free list,
 *	backlog, ring, readers and their queues, buffer references and
 *	counters.  Nests inside stream->lock.
 *  etw_ksys_mutex (mutex, etw_ksys.c) - system loggers: the attached set,
 *	flags, stack-walk sets, profile interval, probe registration.
 *  session->file_sem (semaphore) - one file operation of a session at a
 *	time (STOP's finish, UPDATE's switch, a snapshot); released by the
 *	worker, so lockdep does not see it.
 *  logfile->lock, consumer->lock (mutexes) - one log file's writer and
 *	header scratch; one consumer descriptor's index scratch.
 *  etw_user_lock (spinlock, etw_user.c) - the per-user records' table.
 *  file->stages, etw_kacts (xarrays, their own locks) - a file's open
 *	stages; the kernel tasks' activity IDs, whose sweep runs under
 *	etw_kact_sweep_lock (a mutex, only ever trylocked).
 *  img_seen->lock (spinlock, etw_images.c) - a leaf, under RCU.
 *
 * Lock order: mmap_lock -> etw_lock -> stream->lock -> pool->lock;
 * mmap_lock -> etw_lock -> etw_collect_mutex -> pool->lock;
 * etw_collect_mutex -> file->stages' lock, i_mmap_rwsem;
 * session->file_sem -> logfile->lock -> pool->lock;
 * session->file_sem -> etw_collect_mutex; session->file_sem -> etw_lock;
 * consumer->lock -> stream->lock; etw_ksys_mutex -> stream->lock.
 * etw_ksys_mutex is never taken with etw_lock held.
 */
#ifndef _ETW_INTERNAL_H
#define _ETW_INTERNAL_H

#include <linux/types.h>
#include <linux/fs.h>
#include <linux/hashtable.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/path.h>
#include <linux/semaphore.h>
#include <linux/refcount.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/uuid.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <linux/timer.h>
#include <linux/xarray.h>
#include <linux/etw.h>
#include <linux/math64.h>
#include <linux/sched.h>

#include "shared/etw_logic.h"
#include "etw_compat.h"
#include "etw_umem.h"
#include "etw_fast.h"

extern struct mutex etw_lock;
extern unsigned int etw_callback_timeout_ms;
extern int etw_controller_gid;

/* ---- per-user quotas (etw_user.c) ---------------------------------------- */

enum etw_quota {
	ETW_Q_REGS,		/* registrations */
	ETW_Q_TRAITS,		/* provider-traits bytes */
	ETW_Q_NOTIFY,		/* queued capture-state notifications */
	ETW_Q_SESSIONS,		/* running sessions */
	ETW_Q_SESSION_BYTES,	/* session buffer memory */
	ETW_Q_STAGE_BYTES,	/* fast-path stages */
	ETW_Q_NR
};

/**
 * struct etw_user - what one user holds, against per-user limits
 * @node:	in the table (etw_user_lock)
 * @uid:	the user (an euid)
 * @ref:	holders: registrations, sessions
 * @used:	per enum etw_quota
 */
struct etw_user {
	struct hlist_node node;
	kuid_t uid;
	refcount_t ref;
	atomic64_t used[ETW_Q_NR];
};

struct etw_user *etw_user_get(kuid_t uid);
void etw_user_put(struct etw_user *u);
bool etw_quota_exempt(void);
int etw_user_charge(struct etw_user *u, enum etw_quota q, u64 n, bool exempt);
void etw_user_uncharge(struct etw_user *u, enum etw_quota q, u64 n);

/* ---- files -------------------------------------------------------------- */

/**
 * struct etw_file - one open file description of /dev/etw
 * @ref:	users: the file itself and control calls waiting for its acks
 * @cred:	credentials of the opener
 * @map:	the enable map (@map_mem's pages, ETW_ENABLE_MAP_SIZE), or
 *		NULL; set once under etw_lock, then constant
 * @map_mem:	its pages, charged to the process that registered first
 * @regs:	registration table indexed by slot; etw_lock for writers,
 *		RCU for readers
 * @nregs:	registrations in @regs (etw_lock)
 * @notify:	queued notifications in sequence order (etw_lock)
 * @npending:	entries on @notify; read locklessly by poll()
 * @ncapture:	capture-state items on @notify (etw_lock)
 * @notify_wq:	readers of notifications
 * @delivered:	highest sequence read(2) returned; written under etw_lock,
 *		read locklessly by NOTIFY_ACK
 * @acked:	highest acknowledged notification sequence (<= @delivered)
 * @dead:	the file was released: nobody will acknowledge anything
 * @fast_map:	the fast map (@fast_mem's pages, ETW_FAST_MAP_SIZE),
 *		allocated with @map
 * @fast_mem:	its pages
 * @stages:	the fast-path stages opened on this file and not closed, by
 *		id (an xarray: its own lock; RCU for lookups)
 * @nstages:	stages in @stages
 * @nlisted:	stages of this file on the collector's list, open or
 *		closed, until freed (etw_fast_drain_reg())
 * @fast_sessions: bit (logger_id - 1) per session served by stages that
 *		enables one of @regs: the only sessions a record of this
 *		file's stages can be for (etw_lock to write, after the
 *		drain; the collector reads it with READ_ONCE)
 * @mapping:	the device's address space, seen at the first stage mmap
 *		(to zap a stage's mappings when it is freed)
 * @kernel:	the kernel file: the registrations of kernel-mode providers
 *		(etw_kprov.c), whose notifications a kernel worker delivers;
 *		never released while etw.ko is loaded
 */
struct etw_file {
	struct kref ref;
	const struct cred *cred;
	struct etw_enable_slot *map;
	struct etw_umem map_mem;
	struct etw_reg __rcu **regs;
	u32 nregs;
	struct list_head notify;
	u32 npending;
	u32 ncapture;
	wait_queue_head_t notify_wq;
	u64 delivered;
	atomic64_t acked;
	bool dead;
	struct etw_fast_slot *fast_map;
	struct etw_umem fast_mem;
	struct xarray stages;
	atomic_t nstages;
	atomic_t nlisted;
	u64 fast_sessions;
	struct address_space *mapping;
	bool kernel;
};

void etw_file_put(struct etw_file *ef);
int etw_file_alloc_map(struct etw_file *ef);

/* ---- registrations ------------------------------------------------------ */

/**
 * struct etw_notify_item - one queued enable notification
 * @node:	on file->notify
 * @reg:	the registration it is for
 * @seq:	global sequence number
 * @capture:	a CAPTURE_STATE request (else: "send the current state")
 * @source_id:	SourceId to report
 */
struct etw_notify_item {
	struct list_head node;
	struct etw_reg *reg;
	u64 seq;
	bool capture;
	u8 source_id[16];
};

/**
 * struct etw_active - the sessions a registration writes to (RCU)
 * @rcu:	for kfree_rcu()
 * @n:		entries in @e
 * @e:		one per enabling session: the session, its normalised level
 *		and keywords, enable properties, event-ID filter and
 *		stack-walk filter
 */
struct etw_active {
	struct rcu_head rcu;
	u32 n;
	struct etw_active_entry {
		struct etw_session *session;
		struct etw_level_kw kw;
		u32 props;
		struct etw_id_filter *idf;
		struct etw_stack_filter *swf;
	} e[];
};

struct etw_guid_node;
struct etw_kprov;

/**
 * struct etw_reg - one registration (EventRegister / RegisterTraceGuids)
 * @gnode:	on its GUID's list in the index (etw_index.c; etw_lock)
 * @mnode:	on its group's member list, with @group_gn (etw_lock)
 * @tnode:	in the index by process (etw_lock)
 * @gn:		its GUID's index node
 * @group_gn:	its group's index node, or NULL
 * @user:	the registering user's quota record (REGS, TRAITS charged)
 * @file:	owner
 * @slot:	index in file->regs[] and file->map[]
 * @handle:	user-visible handle
 * @guid:	provider GUID
 * @flags:	ETW_REG_F_*
 * @tgid:	registering process (PID filters, private sessions)
 * @pid:	the same, counted (provider enumeration reports it per pid
 *		namespace); put when the registration is freed
 * @exe:	its executable's file name (EXECUTABLE_NAME filters)
 * @exe_len:	bytes of @exe
 * @traits:	traits blob set by EventSetInformation, or NULL; immutable
 *		once published (smp_store_release)
 * @traits_len:	bytes of @traits
 * @use_desc_type: honour EVENT_DATA_DESCRIPTOR.Type (seed 002, rule 5)
 * @has_group:	member of provider group @group
 * @group:	group GUID
 * @agg:	aggregated enable state (etw_lock)
 * @logger:	classic: the one enabling session's handle (etw_lock)
 * @active:	sessions to write to (RCU)
 * @fast_sessions: bit (logger_id - 1) per session in @active that the
 *		collector serves, published in the fast map (etw_lock)
 * @fast_other:	a session in @active that it does not serve (etw_lock)
 * @stack:	a session in @active wants its events with stacks
 *		(EVENT_ENABLE_PROPERTY_STACK_TRACE; etw_lock)
 * @info:	a session in @active wants SID, TS_ID, PROCESS_START_KEY or
 *		EVENT_KEY items (etw_lock)
 * @state_item:	the coalescing "state changed" notification
 * @state_queued: @state_item is on file->notify
 * @kprov:	a kernel-mode provider's side (callback, owner), or NULL
 *		(etw_lock; etw_kprov.c)
 * @rcu:	for kfree_rcu()
 */
struct etw_reg {
	struct list_head gnode;
	struct list_head mnode;
	struct hlist_node tnode;
	struct etw_guid_node *gn;
	struct etw_guid_node *group_gn;
	struct etw_user *user;
	struct etw_file *file;
	u32 slot;
	u64 handle;
	u8 guid[16];
	u32 flags;
	u32 tgid;
	struct pid *pid;
	char exe[64];
	u32 exe_len;
	const u8 *traits;
	u32 traits_len;
	bool use_desc_type;
	bool has_group;
	u8 group[16];
	struct etw_aggregate agg;
	u64 logger;
	struct etw_active __rcu *active;
	u64 fast_sessions;
	bool fast_other;
	bool stack;
	bool info;
	struct etw_notify_item state_item;
	bool state_queued;
	struct etw_kprov *kprov;
	struct rcu_head rcu;
};

/* The index of registrations (etw_index.c).  Context: etw_lock held. */
int etw_index_add(struct etw_reg *reg);
int etw_index_join(struct etw_reg *reg, const u8 *group);
void etw_index_remove(struct etw_reg *reg);
void etw_index_for_each(const u8 *guid, bool group,
			void (*fn)(struct etw_reg *reg, void *arg), void *arg);
void etw_index_guids(void (*fn)(const u8 *guid, void *arg), void *arg);
void etw_index_process(u32 tgid, void (*fn)(struct etw_reg *reg, void *arg),
		       void *arg);

long etw_ioctl_register(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_unregister(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_set_info(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_set_group_acl(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_get_group_acl(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_query_guids(struct etw_file *ef, void __user *uarg, u32 usize);
void etw_file_unregister_all(struct etw_file *ef);
struct etw_reg *etw_reg_lookup(struct etw_file *ef, u64 handle);
int etw_reg_insert(struct etw_file *ef, struct etw_reg *reg);
void etw_reg_destroy(struct etw_reg *reg);
int etw_traits_install(struct etw_file *ef, u64 handle, u8 *blob, u32 len,
		       bool kernel);
void etw_groups_exit(void);

/* ---- sessions ------------------------------------------------------------ */

/**
 * struct etw_entry - what one session asked of one provider or group
 * @node:	on session->entries (etw_lock)
 * @hnode:	in session->ehash, by GUID (etw_lock)
 * @guid:	provider or group GUID
 * @group:	a group enable (EVENT_ENABLE_PROPERTY_PROVIDER_GROUP)
 * @level:	the request as given: Level
 * @any:	MatchAnyKeyword
 * @all:	MatchAllKeyword
 * @props:	EnableProperty (ETW_PROP_*)
 * @source_id:	SourceId of the last enable
 * @seq:	when it was last enabled (a classic provider follows the latest)
 * @legacy:	made by EnableTrace
 * @pids:	PID filter (copy), or NULL
 * @exe:	EXECUTABLE_NAME filter (copy), or NULL
 * @idf:	EVENT_ID filter, or NULL
 * @swf:	STACKWALK and STACKWALK_LEVEL_KW filters, or NULL
 * @pf_type:	provider-side filter type
 * @pf_size:	its size, 0 = none
 * @pf_data:	its data
 * @rcu:	entries are freed after a grace period (writers use @idf)
 */
struct etw_entry {
	struct list_head node;
	struct hlist_node hnode;
	u8 guid[16];
	bool group;
	u8 level;
	u64 any;
	u64 all;
	u32 props;
	u8 source_id[16];
	u64 seq;
	bool legacy;
	struct etw_filter_view pids;
	struct etw_filter_view exe;
	struct etw_id_filter *idf;
	struct etw_stack_filter *swf;
	u32 pf_type;
	u32 pf_size;
	void *pf_data;
	struct rcu_head rcu;
};

struct etw_pool;
struct etw_logfile;

/**
 * struct etw_session - one trace session
 * @ref:	the session table holds one; consumers and waiters hold more
 * @logger_id:	1..ETW_MAX_SESSIONS
 * @handle:	(generation << 16) | logger_id
 * @name:	UTF-8, NUL-terminated
 * @name_len:	bytes without the NUL
 * @guid:	session GUID
 * @owner:	euid of the starter
 * @kaddrs:	its starter had CAP_PERFMON or CAP_SYS_ADMIN: kernel frames
 *		in its events' stacks (set at start)
 * @img_seen:	the writers whose images it has had described (set once,
 *		smp_store_release() under etw_lock, by the first enable with
 *		stacks; etw_images.c)
 * @owner_tgid:	the starting process (private sessions log only its events)
 * @owner_tid:	the starting thread (the logfile header's ThreadId)
 * @params:	normalised geometry and LogFileMode
 * @enable_flags: EnableFlags
 * @user:	the starter's quota record (SESSIONS, SESSION_BYTES charged)
 * @pool_bytes:	SESSION_BYTES charged for the buffers
 * @log_file:	path of the log file (NUL-terminated), or NULL; replaced
 *		under etw_lock, so read it under etw_lock (or copy it)
 * @log_file_len: bytes of @log_file
 * @log_file_next: a file an UPDATE is switching to, reserved so that no
 *		other session takes it meanwhile (etw_lock)
 * @entries:	enable entries, in enable order (etw_lock)
 * @ehash:	the same, by GUID (etw_lock)
 * @nentries:	entries on @entries (etw_lock)
 * @disallow:	disallow list, ndisallow GUIDs (etw_lock)
 * @ndisallow:	entries in @disallow
 * @stopped:	no longer in the table (etw_lock)
 * @pool:	the buffers
 * @logfile:	the log file, or NULL (see etw_logfile.c)
 * @file_sem:	one file operation at a time: finishing (STOP), switching
 *		(UPDATE), snapshots (buffering mode); see etw_fileop.c
 * @counted:	ETW_Q_SESSIONS was charged to @user
 * @start_time:	FILETIME at start (the clock facts of the logfile header
 *		and of ETW_IOC_SESSION_QUERY)
 * @start_raw:	the session clock, read together with @start_time
 * @perf_freq:	session clock ticks per second
 * @cpu_mhz:	CPU cycle counter rate, MHz
 * @boot_time:	FILETIME of boot
 * @msg_seq:	TraceMessage sequence counter (EVENT_TRACE_USE_LOCAL_SEQUENCE);
 *		atomic, drawn by writers under a stream lock
 * @ksys:	system loggers (kernel events): their state, else NULL; set
 *		before the session is visible (etw_ksys.c)
 * @fast:	its stages (the fast path)
 */
struct etw_session {
	struct kref ref;
	u16 logger_id;
	u64 handle;
	char *name;
	u32 name_len;
	u8 guid[16];
	kuid_t owner;
	bool kaddrs;
	struct etw_img_seen *img_seen;
	u32 owner_tgid;
	u32 owner_tid;
	struct etw_session_params params;
	u32 enable_flags;
	struct etw_user *user;
	u64 pool_bytes;
	char *log_file;
	u32 log_file_len;
	char *log_file_next;
	struct list_head entries;
	DECLARE_HASHTABLE(ehash, 7);
	u32 nentries;
	u8 (*disallow)[16];
	u32 ndisallow;
	bool stopped;
	struct etw_pool *pool;
	struct etw_logfile *logfile;
	struct semaphore file_sem;
	bool counted;
	u64 start_time;
	u64 start_raw;
	u64 perf_freq;
	u32 cpu_mhz;
	u64 boot_time;
	atomic_t msg_seq;
	struct etw_ksys *ksys;
	struct etw_session_fast fast;
};

static inline bool etw_session_private(const struct etw_session *s)
{
	return s->params.log_file_mode &
	       (ETW_MODE_PRIVATE_LOGGER | ETW_MODE_PRIVATE_IN_PROC);
}

extern struct etw_session *etw_sessions[ETW_MAX_SESSIONS + 1];

/*
 * KernelTime/UserTime count TimerResolution units (156250 x 100 ns =
 * 15.625 ms): ns * 275 >> 32 is ns / 15618181, close enough (0.05%) and
 * without a division per event.
 */
static inline u64 etw_cpu_ticks(u64 ns)
{
	return mul_u64_u32_shr(ns, 275, 32);
}

/*
 * The 8 bytes at @at: @t's KernelTime and UserTime in CPU ticks; in a
 * private session ProcessorTime, the user-mode time as one 64-bit count
 * (seed 003, rule 14; the EVENT_HEADER union is the same).
 */
static inline void etw_put_task_cpu_times(u8 *at, const struct task_struct *t,
					  bool private)
{
	u64 utime = READ_ONCE(t->utime), stime = READ_ONCE(t->stime);

	if (private) {
		put_unaligned_le64(etw_cpu_ticks(utime), at);
	} else {
		put_unaligned_le32((u32)etw_cpu_ticks(stime), at);
		put_unaligned_le32((u32)etw_cpu_ticks(utime), at + 4);
	}
}

/* etw_images.c: the writer's mappings, for sessions that get its stacks */
struct etw_img_seen;
struct etw_img_seen *etw_images_alloc(void);
void etw_images_free(struct etw_img_seen *t);
u64 etw_images_wanted(struct etw_file *ef, u64 handle, u32 gen);
void etw_images_describe(struct etw_file *ef, u64 handle, u64 mask);

/*
 * The TS_ID of @t's events: its session id (getsid()) in the initial pid
 * namespace.  Context: any; RCU inside.
 */
static inline u32 etw_task_session_id(struct task_struct *t)
{
	u32 sid;

	rcu_read_lock();
	sid = pid_nr(task_session(t));
	rcu_read_unlock();
	return sid;
}

/*
 * The PROCESS_START_KEY of @t's events: unique per process in a boot,
 * as Windows' is: when its thread group leader started (ns since boot),
 * which two processes share only if they started in the same
 * nanosecond.  Context: any.
 */
static inline u64 etw_process_start_key(struct task_struct *t)
{
	return READ_ONCE(t->group_leader)->start_boottime;
}

/**
 * struct etw_opener - who opens a log file: the controller that named it
 * @cred:	its credentials (counted)
 * @root:	its root directory (counted): relative names resolve there
 * @umask:	its umask, for a file it creates
 */
struct etw_opener {
	const struct cred *cred;
	struct path root;
	umode_t umask;
};

void etw_opener_get(struct etw_opener *who);
void etw_opener_put(struct etw_opener *who);

extern struct workqueue_struct *etw_ctl_wq;	/* control file work */
extern struct workqueue_struct *etw_io_wq;	/* log-file writers */
int etw_fileop_init(void);
void etw_fileop_exit(void);
int etw_fileop_run(struct etw_session *s, u32 code, char *path);
void etw_session_settle_log_file(struct etw_session *s, bool switched);

long etw_ioctl_session_start(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_session_control(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_session_list(struct etw_file *ef, void __user *uarg, u32 usize);
struct etw_session *etw_session_find(u64 handle, const char *name,
				     u32 name_len, int *err);
bool etw_may_control(const struct etw_session *s);
bool etw_may_start(void);
void etw_session_put(struct etw_session *s);
void etw_sessions_exit(void);
void etw_session_fill_info(struct etw_session *s, struct etw_session_info *si);
u64 etw_session_clock(const struct etw_session *s);

/* ---- enabling ------------------------------------------------------------- */

/* Control calls collect the notifications they caused, then wait. */
struct etw_waitlist {
	u32 n;
	u32 cap;
	struct {
		struct etw_file *file;
		u64 seq;
	} *e;
};

long etw_ioctl_enable(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_set_disallow(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_get_disallow(struct etw_file *ef, void __user *uarg, u32 usize);
u64 etw_active_changed(const struct etw_active *old,
		       const struct etw_active *new);
void etw_file_fast_sessions(struct etw_file *ef);
void etw_reg_recompute(struct etw_reg *reg, struct etw_session *touched,
		       const u8 *source_id, struct etw_waitlist *wl);
void etw_entry_free(struct etw_entry *e);
struct etw_entry *etw_entry_find(struct etw_session *s, const u8 *guid,
				 bool group);
void etw_entry_unlink(struct etw_session *s, struct etw_entry *e);
void etw_recompute_guid(const u8 *guid, bool group, struct etw_session *touched,
			const u8 *source_id, struct etw_waitlist *wl);
void etw_slot_publish(struct etw_reg *reg);
u32 etw_reg_entries(struct etw_reg *reg, struct etw_session **sessions,
		    struct etw_entry **entries);
/* Room for etw_reg_entries() results, for callers holding etw_lock. */
extern struct etw_session *etw_scratch_s[ETW_MAX_SESSIONS];
extern struct etw_entry *etw_scratch_e[ETW_MAX_SESSIONS];

/* ---- notifications ---------------------------------------------------------- */

void etw_notify_state(struct etw_reg *reg, const u8 *source_id,
		      struct etw_waitlist *wl);
void etw_notify_capture(struct etw_reg *reg, const u8 *source_id,
			struct etw_waitlist *wl);
void etw_notify_drop_reg(struct etw_reg *reg);
ssize_t etw_notify_read(struct etw_file *ef, char __user *buf, size_t count,
			bool nonblock);
u32 etw_notify_take(struct etw_file *ef, u8 *out, u32 room);
u32 etw_notify_take_reg(struct etw_reg *reg, u8 *out);
void etw_notify_ack(struct etw_file *ef, u64 seq);
long etw_ioctl_notify_ack(struct etw_file *ef, void __user *uarg, u32 usize);
int etw_waitlist_wait(struct etw_waitlist *wl, unsigned int timeout_ms);
void etw_waitlist_release(struct etw_waitlist *wl);
void etw_notify_file_dead(struct etw_file *ef);

/* ---- buffers, writes, consumers -------------------------------------------------- */

struct etw_pool *etw_pool_create(struct etw_session *s);
void etw_pool_destroy(struct etw_pool *pool);
void etw_pool_stats(struct etw_pool *pool, struct etw_session_info *si);
long etw_ioctl_write(struct etw_file *ef, void __user *uarg, u32 usize);
int etw_write_kernel(struct etw_file *ef, const struct etw_write *w,
		     const struct etw_data_desc *d);
int etw_logfile_start(struct etw_session *s);
void etw_logfile_stop(struct etw_session *s);
int etw_logfile_switch(struct etw_session *s, char **path,
		       const struct etw_opener *who);
int etw_logfile_snapshot(struct etw_session *s, const char *path,
			 const struct etw_opener *who);
bool etw_logfile_in_use(const char *path);
long etw_ioctl_trace_event(struct etw_file *ef, void __user *uarg, u32 usize);
long etw_ioctl_trace_message(struct etw_file *ef, void __user *uarg,
			     u32 usize);
long etw_ioctl_consumer_open(struct etw_file *ef, void __user *uarg, u32 usize);

/* ---- kernel-mode providers (etw_kprov.c, etw_kprov_write.c) ------------------- */

extern struct etw_file *etw_kprov_file;
int etw_kprov_init(void);
void etw_kprov_exit(void);
void etw_kprov_kick(void);
int etw_kactivity_init(void);
void etw_kactivity_exit(void);

/* ---- helpers ------------------------------------------------------------------ */

void etw_new_activity_id(u8 *out);

int etw_copy_out(void __user *uarg, u32 usize, const void *kbuf, u32 ksize);
char *etw_strndup_user(const char __user *s, u32 len, u32 max, int *err);
bool etw_guid_is_null(const u8 *g);

#endif /* _ETW_INTERNAL_H */
