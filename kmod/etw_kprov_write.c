// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel-mode providers, the writing side (kmod/include/etw_km.h):
 * EtwWrite, EtwWriteTransfer, EtwWriteEx, EtwWriteString, and
 * EtwActivityIdControl with the tasks' activity IDs.
 *
 * An event goes through the ioctl path's writer (etw_write_kernel(),
 * etw_write.c) with descriptors of kernel memory: the same per-session
 * checks (level and keywords, event-ID filter, the Filter mask,
 * EXCLUDE_INPRIVATE), the same records, per-CPU streams and loss
 * accounting.  Any context but NMI: the writer takes only raw spinlocks
 * with interrupts off and allocates nothing.
 *
 * Activity IDs of tasks: Linux has no per-task slot for them, so the
 * tasks that set one are kept in an xarray by pid, each entry stamped
 * with its task's start time (a recycled pid does not inherit the ID).
 * Setting and getting are for task context (Windows: below
 * DISPATCH_LEVEL); writers in any context read the xarray under RCU.  An
 * entry goes when its task sets GUID_NULL, or, once a task died without
 * doing so, when the table is swept (every ETW_KACT_SWEEP new entries).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "etw_internal.h"
#include "shared/etw_ioc.h"

#include <etw_km.h>

/* ---- activity IDs of tasks ------------------------------------------------ */

/* Tasks with an activity ID at most; beyond, SET fails. */
#define ETW_KACT_MAX	65536
/* Sweep the entries of dead tasks every this many new entries. */
#define ETW_KACT_SWEEP	1024

/**
 * struct etw_kact - one task's activity ID
 * @rcu:	freed after a grace period (writers read it under RCU)
 * @start:	the task's start_time: the entry is its only while equal
 * @id:		the ID
 */
struct etw_kact {
	struct rcu_head rcu;
	u64 start;
	u8 id[16];
};

static DEFINE_XARRAY(etw_kacts);	/* by global pid; its own lock */
static atomic_t etw_nkacts = ATOMIC_INIT(0);
static DEFINE_MUTEX(etw_kact_sweep_lock);
static unsigned int etw_kact_added;	/* etw_kact_sweep_lock */

/* The current task's activity ID into @out (zero if it has none). */
static void etw_kactivity_get(u8 *out)
{
	const struct etw_kact *a = NULL;

	if (!xa_empty(&etw_kacts) && in_task()) {
		rcu_read_lock();
		a = xa_load(&etw_kacts, task_pid_nr(current));
		if (a && a->start == current->start_time)
			memcpy(out, a->id, 16);
		else
			a = NULL;
		rcu_read_unlock();
	}
	if (!a)
		memset(out, 0, 16);
}

/* Forget the entries of tasks that are gone.  Context: may sleep. */
static void etw_kactivity_sweep(void)
{
	struct task_struct *t;
	struct etw_kact *a;
	unsigned long pid;
	bool alive;

	/*
	 * xa_for_each() holds RCU only while it finds an entry; a SET or a
	 * clear may free the entry (kfree_rcu) as soon as the step is over.
	 * So each entry is looked up again, and read and compared, inside
	 * one RCU section of our own (review 3, finding 5).
	 */
	xa_for_each(&etw_kacts, pid, a) {
		rcu_read_lock();
		a = xa_load(&etw_kacts, pid);
		if (a) {
			t = pid_task(find_pid_ns(pid, &init_pid_ns),
				     PIDTYPE_PID);
			alive = t && t->start_time == a->start;
			if (!alive &&
			    xa_cmpxchg(&etw_kacts, pid, a, NULL, 0) == a) {
				atomic_dec(&etw_nkacts);
				kfree_rcu(a, rcu);
			}
		}
		rcu_read_unlock();
	}
}

/* Set (or, with a zero @id, clear) the current task's activity ID. */
static NTSTATUS etw_kactivity_set(const u8 *id)
{
	unsigned long pid = task_pid_nr(current);
	struct etw_kact *a = NULL, *old;

	if (!etw_mem_is_zero(id, 16)) {
		if (atomic_inc_return(&etw_nkacts) > ETW_KACT_MAX) {
			atomic_dec(&etw_nkacts);
			return STATUS_INSUFFICIENT_RESOURCES;
		}
		a = kmalloc(sizeof(*a), GFP_ATOMIC);
		if (!a) {
			atomic_dec(&etw_nkacts);
			return STATUS_NO_MEMORY;
		}
		a->start = current->start_time;
		memcpy(a->id, id, 16);
	}
	old = a ? xa_store(&etw_kacts, pid, a, GFP_ATOMIC) :
		  xa_erase(&etw_kacts, pid);
	if (xa_is_err(old)) {
		atomic_dec(&etw_nkacts);
		kfree(a);
		return STATUS_NO_MEMORY;
	}
	if (old) {
		atomic_dec(&etw_nkacts);
		kfree_rcu(old, rcu);
	} else if (a && preemptible() && mutex_trylock(&etw_kact_sweep_lock)) {
		if (++etw_kact_added % ETW_KACT_SWEEP == 0)
			etw_kactivity_sweep();
		mutex_unlock(&etw_kact_sweep_lock);
	}
	return STATUS_SUCCESS;
}

/**
 * EtwActivityIdControl() - create, get or set the calling task's
 * activity ID
 * @ControlCode: EVENT_ACTIVITY_CTRL_GET_ID, _SET_ID, _CREATE_ID,
 *		_GET_SET_ID or _CREATE_SET_ID
 * @ActivityId:	in and out, as the code says (CREATE_ID: out, a new ID
 *		from the machine-wide sequence user space draws from too)
 *
 * The tasks' IDs are kept in etw_kacts (an xarray by global pid, each
 * entry stamped with its task's start time); setting GUID_NULL clears
 * the task's entry.
 *
 * Context: EVENT_ACTIVITY_CTRL_CREATE_ID: any but NMI.  The others act
 * on the calling task: task context, atomic or not; it never sleeps (the
 * xarray is written with GFP_ATOMIC; a sweep of dead tasks' entries runs
 * only when preemptible, under etw_kact_sweep_lock, trylocked).  From the
 * wrong context it warns once and fails.
 * Return: STATUS_SUCCESS, STATUS_INVALID_PARAMETER (a NULL @ActivityId or
 * an unknown code), STATUS_INVALID_DEVICE_STATE (wrong context),
 * STATUS_INSUFFICIENT_RESOURCES (ETW_KACT_MAX tasks have an ID),
 * STATUS_NO_MEMORY.
 */
NTSTATUS EtwActivityIdControl(ULONG ControlCode, LPGUID ActivityId)
{
	u8 old[16], fresh[16];
	NTSTATUS st;

	if (!ActivityId)
		return STATUS_INVALID_PARAMETER;
	if (ControlCode == EVENT_ACTIVITY_CTRL_CREATE_ID) {
		if (WARN_ON_ONCE(in_nmi()))
			return STATUS_INVALID_DEVICE_STATE;
		etw_new_activity_id((u8 *)ActivityId);
		return STATUS_SUCCESS;
	}
	if (ControlCode < EVENT_ACTIVITY_CTRL_GET_ID ||
	    ControlCode > EVENT_ACTIVITY_CTRL_CREATE_SET_ID)
		return STATUS_INVALID_PARAMETER;
	/* The others act on the calling task. */
	if (WARN_ON_ONCE(!in_task()))
		return STATUS_INVALID_DEVICE_STATE;
	etw_kactivity_get(old);
	switch (ControlCode) {
	case EVENT_ACTIVITY_CTRL_GET_ID:
		memcpy(ActivityId, old, 16);
		return STATUS_SUCCESS;
	case EVENT_ACTIVITY_CTRL_SET_ID:
		return etw_kactivity_set((const u8 *)ActivityId);
	case EVENT_ACTIVITY_CTRL_GET_SET_ID:
		st = etw_kactivity_set((const u8 *)ActivityId);
		break;
	default:	/* EVENT_ACTIVITY_CTRL_CREATE_SET_ID */
		etw_new_activity_id(fresh);
		st = etw_kactivity_set(fresh);
		break;
	}
	if (NT_SUCCESS(st))
		memcpy(ActivityId, old, 16);
	return st;
}
EXPORT_SYMBOL_NS_GPL(EtwActivityIdControl, ETW);

int etw_kactivity_init(void)
{
	/* EVENT_DATA_DESCRIPTOR is struct etw_data_desc (seed 002). */
	BUILD_BUG_ON(sizeof(EVENT_DATA_DESCRIPTOR) != sizeof(struct etw_data_desc));
	BUILD_BUG_ON(offsetof(EVENT_DATA_DESCRIPTOR, Size) !=
		     offsetof(struct etw_data_desc, size));
	BUILD_BUG_ON(offsetof(EVENT_DATA_DESCRIPTOR, Type) !=
		     offsetof(struct etw_data_desc, type));
	BUILD_BUG_ON(sizeof(GUID) != 16);
	return 0;
}

/* Module exit: no provider module is left to read them. */
void etw_kactivity_exit(void)
{
	struct etw_kact *a;
	unsigned long pid;

	xa_for_each(&etw_kacts, pid, a) {
		xa_erase(&etw_kacts, pid);
		kfree_rcu(a, rcu);
	}
	atomic_set(&etw_nkacts, 0);
}

/* ---- writing ----------------------------------------------------------------- */

/* An event's activity ID: the one given, else the calling task's. */
static void etw_kwrite_activity(struct etw_write *w, LPCGUID ActivityId)
{
	if (ActivityId)
		memcpy(w->activity_id, ActivityId, 16);
	else
		etw_kactivity_get(w->activity_id);
}

/*
 * The NTSTATUS of a write (libetw gives user space the Win32 codes of
 * the same errors, libetw/src/errors.c).
 */
static NTSTATUS etw_kwrite_status(int err)
{
	switch (err) {
	case 0:
		return STATUS_SUCCESS;
	case -ENOENT:
		return STATUS_INVALID_HANDLE;
	case -E2BIG:		/* over 64 KB in all (seed 002, rule 9) */
		return STATUS_INTEGER_OVERFLOW;
	case -EMSGSIZE:		/* over a buffer minus its header (rule 10) */
		return STATUS_BUFFER_OVERFLOW;
	case -ENOBUFS:		/* a real-time session without consumer */
		return STATUS_LOG_FILE_FULL;
	case -ENOSPC:		/* no free buffer */
		return STATUS_NO_MEMORY;
	case -EDEADLK:		/* raised from inside a writer */
		return STATUS_INVALID_DEVICE_STATE;
	default:
		return STATUS_INVALID_PARAMETER;
	}
}

#define ETW_KWRITE_FLAGS	(EVENT_WRITE_FLAG_NO_FAULTING | \
				 EVENT_WRITE_FLAG_INPRIVATE)

/**
 * EtwWriteEx() - write a kernel-mode provider's event
 * @RegHandle:	the registration
 * @EventDescriptor: the event's descriptor
 * @Filter:	bit (InstanceId - 1) set skips that session (the
 *		callback's FilterData names the sessions)
 * @Flags:	EVENT_WRITE_FLAG_NO_FAULTING (accepted: kernel memory never
 *		faults here) and EVENT_WRITE_FLAG_INPRIVATE
 * @ActivityId:	the event's activity ID, or NULL for the calling task's
 *		(EtwActivityIdControl(); none outside task context)
 * @RelatedActivityId: a RELATED_ACTIVITYID item, or NULL
 * @UserDataCount: descriptors at @UserData, <= MAX_EVENT_DATA_DESCRIPTORS
 * @UserData:	descriptors of kernel memory, read only during the call
 *
 * Goes through the ioctl path's writer (etw_write_kernel()) into each
 * session that wants the event.  Never waits for a buffer, not even for
 * a blocking session: what finds none is lost and counted.
 *
 * Context: any but NMI (process, softirq, hard interrupt, with or without
 * locks held); takes only stream and pool locks (raw, interrupts off);
 * allocates nothing.  In NMI it warns once and fails.
 * Return: STATUS_SUCCESS when every session that wants the event stored
 * it, else the status of a session that lost it (counted there):
 * STATUS_INTEGER_OVERFLOW (over 64 KB), STATUS_BUFFER_OVERFLOW (larger
 * than a buffer minus its header), STATUS_NO_MEMORY (no free buffer),
 * STATUS_LOG_FILE_FULL (a real-time session without consumer is full),
 * STATUS_INVALID_DEVICE_STATE (raised from inside a writer, or NMI);
 * STATUS_INVALID_HANDLE, STATUS_INVALID_PARAMETER.
 */
NTSTATUS EtwWriteEx(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR EventDescriptor,
		    ULONG64 Filter, ULONG Flags, LPCGUID ActivityId,
		    LPCGUID RelatedActivityId, ULONG UserDataCount,
		    PEVENT_DATA_DESCRIPTOR UserData)
{
	const EVENT_DESCRIPTOR *d = EventDescriptor;
	struct etw_write w;

	/* Any context but NMI (a stream lock taken in NMI could deadlock). */
	if (WARN_ON_ONCE(in_nmi()))
		return STATUS_INVALID_DEVICE_STATE;
	if (!d || UserDataCount > MAX_EVENT_DATA_DESCRIPTORS ||
	    (UserDataCount && !UserData) || (Flags & ~ETW_KWRITE_FLAGS))
		return STATUS_INVALID_PARAMETER;
	w.handle = RegHandle;
	w.id = d->Id;
	w.version = d->Version;
	w.channel = d->Channel;
	w.level = d->Level;
	w.opcode = d->Opcode;
	w.task = d->Task;
	w.keyword = d->Keyword;
	w.filter = Filter;
	w.flags = 0;
	if (Flags & EVENT_WRITE_FLAG_INPRIVATE)
		w.flags |= ETW_WRITE_F_INPRIVATE;
	w.count = UserDataCount;
	w.data = 0;
	etw_kwrite_activity(&w, ActivityId);
	if (RelatedActivityId) {
		w.flags |= ETW_WRITE_F_RELATED;
		memcpy(w.related_activity_id, RelatedActivityId, 16);
	} else {
		memset(w.related_activity_id, 0, 16);
	}
	return etw_kwrite_status(etw_write_kernel(etw_kprov_file, &w,
				 (const struct etw_data_desc *)UserData));
}
EXPORT_SYMBOL_NS_GPL(EtwWriteEx, ETW);

/**
 * EtwWriteTransfer() - EtwWriteEx() without Filter and Flags
 * @RegHandle:	the registration
 * @EventDescriptor: the event's descriptor
 * @ActivityId:	the event's activity ID, or NULL for the calling task's
 * @RelatedActivityId: a RELATED_ACTIVITYID item, or NULL
 * @UserDataCount: descriptors at @UserData
 * @UserData:	descriptors of kernel memory
 *
 * Context: any but NMI, as EtwWriteEx().
 * Return: as EtwWriteEx().
 */
NTSTATUS EtwWriteTransfer(REGHANDLE RegHandle,
			  PCEVENT_DESCRIPTOR EventDescriptor,
			  LPCGUID ActivityId, LPCGUID RelatedActivityId,
			  ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData)
{
	return EtwWriteEx(RegHandle, EventDescriptor, 0, 0, ActivityId,
			  RelatedActivityId, UserDataCount, UserData);
}
EXPORT_SYMBOL_NS_GPL(EtwWriteTransfer, ETW);

/**
 * EtwWrite() - EtwWriteEx() without Filter, Flags or a related activity
 * @RegHandle:	the registration
 * @EventDescriptor: the event's descriptor
 * @ActivityId:	the event's activity ID, or NULL for the calling task's
 * @UserDataCount: descriptors at @UserData
 * @UserData:	descriptors of kernel memory
 *
 * Context: any but NMI, as EtwWriteEx().
 * Return: as EtwWriteEx().
 */
NTSTATUS EtwWrite(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR EventDescriptor,
		  LPCGUID ActivityId, ULONG UserDataCount,
		  PEVENT_DATA_DESCRIPTOR UserData)
{
	return EtwWriteEx(RegHandle, EventDescriptor, 0, 0, ActivityId, NULL,
			  UserDataCount, UserData);
}
EXPORT_SYMBOL_NS_GPL(EtwWrite, ETW);

/**
 * EtwWriteString() - an event whose payload is one UTF-16 string
 * @RegHandle:	the registration
 * @Level:	the event's level
 * @Keyword:	its keywords
 * @ActivityId:	its activity ID, or NULL for the calling task's
 * @String:	NUL-terminated UTF-16; at most ETW_MAX_EVENT_SIZE / 2
 *		characters are read
 *
 * The event has a zero descriptor but @Level and @Keyword, and
 * EVENT_HEADER_FLAG_STRING_ONLY.
 *
 * Context: any but NMI, as EtwWriteEx().
 * Return: as EtwWriteEx(); STATUS_INVALID_PARAMETER for a NULL @String.
 */
NTSTATUS EtwWriteString(REGHANDLE RegHandle, UCHAR Level, ULONGLONG Keyword,
			LPCGUID ActivityId, PCWSTR String)
{
	EVENT_DATA_DESCRIPTOR data;
	struct etw_write w = { 0 };
	size_t n = 0;

	if (WARN_ON_ONCE(in_nmi()))
		return STATUS_INVALID_DEVICE_STATE;
	if (!String)
		return STATUS_INVALID_PARAMETER;
	while (String[n] && n < ETW_MAX_EVENT_SIZE / 2)
		n++;
	EventDataDescCreate(&data, String, (ULONG)((n + 1) * sizeof(WCHAR)));
	w.handle = RegHandle;
	w.level = Level;
	w.keyword = Keyword;
	w.flags = ETW_WRITE_F_STRING_ONLY;
	w.count = 1;
	etw_kwrite_activity(&w, ActivityId);
	return etw_kwrite_status(etw_write_kernel(etw_kprov_file, &w,
				 (const struct etw_data_desc *)&data));
}
EXPORT_SYMBOL_NS_GPL(EtwWriteString, ETW);
