// SPDX-License-Identifier: MIT
/*
 * The provider API (evntprov.h): EventRegister, EventUnregister,
 * EventSetInformation, EventWrite*, EventActivityIdControl, and the
 * dispatcher that runs PENABLECALLBACKs.
 *
 * A registration is the kernel's (ETW_IOC_REGISTER on the process-wide
 * /dev/etw descriptor); REGHANDLE is the kernel's handle.  libetw only
 * remembers, per slot, the callback and its context.
 *
 * Callbacks.  The kernel queues enable notifications on the descriptor.
 * Whoever holds the dispatch lock reads them and runs the callbacks: the
 * dispatcher thread (started with the first callback), or EventRegister
 * itself when the provider is already enabled, so that the callback runs
 * before EventRegister returns (seed 000).  After the callbacks ran, the
 * notifications are acknowledged; the control call that caused them
 * returns only then (bounded by the kernel).  EventUnregister takes the
 * dispatch lock, so no callback of the registration runs after it
 * returns.  A session-control call made from inside a callback would wait
 * for itself: it fails with ERROR_BUSY instead.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <evntcons.h>

#include "libetw.h"
#include "internal.h"
#include "provider.h"
#include "fastpath.h"

_Static_assert(sizeof(ETW_ENABLE_SLOT) == sizeof(struct etw_enable_slot),
	       "enable slot mirror");
_Static_assert(offsetof(ETW_ENABLE_SLOT, MatchAnyKeyword) ==
	       offsetof(struct etw_enable_slot, match_any), "MatchAnyKeyword");
_Static_assert(offsetof(ETW_ENABLE_SLOT, Logger) ==
	       offsetof(struct etw_enable_slot, logger), "Logger");
_Static_assert(ETW_ENABLE_MAP_SLOTS == ETW_MAX_REGS_PER_FD, "map slots");
_Static_assert(sizeof(EVENT_DATA_DESCRIPTOR) == sizeof(struct etw_data_desc),
	       "EVENT_DATA_DESCRIPTOR");
_Static_assert(sizeof(EVENT_FILTER_DESCRIPTOR) ==
	       sizeof(struct etw_filter_desc), "EVENT_FILTER_DESCRIPTOR");

ETW_EXPORT const ETW_ENABLE_SLOT *__etw_enable_map;

struct etw_provider_state etw_prov = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.stop_fd = -1,
};

/* Depth of enable callbacks running on this thread. */
__thread int etw_in_callback;

/* The thread's activity ID lives in the fast path's TLS block. */
#define etw_thread_activity (etw_fp_tls.activity)

/* In a forked child: no registrations, no map, no dispatcher thread. */
void etw_provider_atfork_child(void)
{
	const void *map = __etw_enable_map;

	__etw_enable_map = NULL;
	if (map)
		munmap((void *)map, ETW_ENABLE_MAP_SIZE);
	etw_fp_atfork_child();
	memset(etw_prov.regs, 0, sizeof(etw_prov.regs));
	/* The parent's handles are none here: ERROR_INVALID_HANDLE. */
	memset((void *)etw_prov.live, 0, sizeof(etw_prov.live));
	pthread_mutex_init(&etw_prov.lock, NULL);
	etw_prov.dispatch_init = 0;
	etw_prov.done_seq = 0;
	etw_prov.thread_started = 0;
	if (etw_prov.stop_fd >= 0)
		close(etw_prov.stop_fd);
	etw_prov.stop_fd = -1;
	etw_in_callback = 0;
}

/* Open the device and map the enable map, once. */
static int etw_provider_init(void)
{
	const void *map;
	int fd;

	fd = etw_dev_fd();
	if (fd < 0)
		return fd;
	if (__atomic_load_n(&__etw_enable_map, __ATOMIC_ACQUIRE))
		return fd;
	pthread_mutex_lock(&etw_prov.lock);
	if (!etw_prov.dispatch_init) {
		pthread_mutexattr_t a;

		pthread_mutexattr_init(&a);
		pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
		pthread_mutex_init(&etw_prov.dispatch, &a);
		pthread_mutexattr_destroy(&a);
		pthread_cond_init(&etw_prov.done_cv, NULL);
		etw_prov.dispatch_init = 1;
	}
	if (!__etw_enable_map) {
		map = mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ, MAP_SHARED, fd,
			   ETW_MMAP_ENABLE_MAP);
		if (map == MAP_FAILED) {
			pthread_mutex_unlock(&etw_prov.lock);
			return -errno;
		}
		__atomic_store_n(&__etw_enable_map, map, __ATOMIC_RELEASE);
	}
	etw_fp_init(fd);
	pthread_mutex_unlock(&etw_prov.lock);
	return fd;
}

static struct etw_lib_reg *etw_reg_get(REGHANDLE h)
{
	uint32_t slot = (uint32_t)h - 1;
	struct etw_lib_reg *r;

	if (h == 0 || slot >= ETW_MAX_REGS_PER_FD)
		return NULL;
	r = etw_prov.regs[slot];
	return r && r->handle == (uint64_t)h ? r : NULL;
}

/*
 * Per slot: the sessions (fast map bits) and the image generation the
 * kernel last saw this process's stacks at.  A stack event that a new
 * session takes, or the first after a dlopen()/dlclose(), goes through
 * the ioctl, where the kernel describes the process's images to the
 * sessions that have not seen them (etw_write's @image_gen).  Every
 * notification of the slot (a session enabled, changed or left) forgets
 * what was told: a session that reuses a logger id is told again.
 * Racing threads at worst both take the ioctl.
 */
static struct {
	uint64_t sessions;
	uint32_t gen;
} etw_stack_told[ETW_MAX_REGS_PER_FD];

static bool etw_stack_untold(uint32_t slot, uint64_t sessions, uint32_t gen)
{
	return (sessions & ~__atomic_load_n(&etw_stack_told[slot].sessions,
					    __ATOMIC_RELAXED)) ||
	       gen != __atomic_load_n(&etw_stack_told[slot].gen,
				      __ATOMIC_RELAXED);
}

void etw_stack_tell(uint32_t slot, uint64_t sessions, uint32_t gen)
{
	if (slot >= ETW_MAX_REGS_PER_FD)
		return;
	if (gen != __atomic_load_n(&etw_stack_told[slot].gen, __ATOMIC_RELAXED))
		__atomic_store_n(&etw_stack_told[slot].sessions, 0,
				 __ATOMIC_RELAXED);
	__atomic_fetch_or(&etw_stack_told[slot].sessions, sessions,
			  __ATOMIC_RELAXED);
	__atomic_store_n(&etw_stack_told[slot].gen, gen, __ATOMIC_RELAXED);
}

static void etw_stack_forget(uint32_t slot)
{
	if (slot >= ETW_MAX_REGS_PER_FD)
		return;
	__atomic_store_n(&etw_stack_told[slot].sessions, 0, __ATOMIC_RELAXED);
}

/* Run the callback for one notification.  Dispatch lock held. */
static void etw_deliver(const struct etw_notification *n, const void *filter)
{
	struct etw_lib_reg *r, copy;
	EVENT_FILTER_DESCRIPTOR fd;
	GUID source;

	pthread_mutex_lock(&etw_prov.lock);
	r = etw_reg_get(n->handle);
	if (r)
		copy = *r;
	pthread_mutex_unlock(&etw_prov.lock);
	if (!r)
		return;		/* unregistered meanwhile */

	etw_stack_forget((uint32_t)n->handle - 1);
	memcpy(&source, n->source_id, sizeof(source));
	etw_in_callback++;
	if (copy.classic) {
		etw_classic_deliver(&copy, n);
	} else if (copy.callback) {
		fd.Ptr = (ULONGLONG)(uintptr_t)filter;
		fd.Size = n->filter_size;
		fd.Type = n->filter_type;
		copy.callback(&source, n->code, n->level,
			      (ULONGLONG)n->match_any, (ULONGLONG)n->match_all,
			      n->filter_size ? &fd : NULL, copy.context);
	}
	etw_in_callback--;
}

/*
 * Read and handle every pending notification.  Returns the number read,
 * or -errno.
 */
int etw_dispatch_pending(void)
{
	static const size_t bufsize = 128 * 1024;
	int fd = etw_dev_fd(), total = 0;
	uint8_t *buf;
	ssize_t n;

	if (fd < 0)
		return fd;
	buf = malloc(bufsize);
	if (!buf)
		return -ENOMEM;
	pthread_mutex_lock(&etw_prov.dispatch);
	for (;;) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		uint64_t last = 0;
		size_t off = 0;

		if (poll(&p, 1, 0) <= 0)
			break;
		n = read(fd, buf, bufsize);
		if (n <= 0)
			break;
		while (off + sizeof(struct etw_notification) <= (size_t)n) {
			const struct etw_notification *rec = (const void *)(buf + off);

			if (rec->size < sizeof(*rec) || off + rec->size > (size_t)n)
				break;
			etw_deliver(rec, rec + 1);
			last = rec->seq;
			off += rec->size;
			total++;
		}
		if (last) {
			struct etw_notify_ack a = { .seq = last };

			ioctl(fd, ETW_IOC_NOTIFY_ACK, &a);
			pthread_mutex_lock(&etw_prov.lock);
			if (last > etw_prov.done_seq)
				etw_prov.done_seq = last;
			pthread_cond_broadcast(&etw_prov.done_cv);
			pthread_mutex_unlock(&etw_prov.lock);
		}
	}
	pthread_mutex_unlock(&etw_prov.dispatch);
	free(buf);
	return total;
}

static void *etw_dispatcher_main(void *arg)
{
	int fd = etw_dev_fd();

	(void)arg;
	for (;;) {
		struct pollfd p[2] = {
			{ .fd = fd, .events = POLLIN },
			{ .fd = etw_prov.stop_fd, .events = POLLIN },
		};

		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (p[1].revents)
			break;
		if (p[0].revents & POLLIN)
			etw_dispatch_pending();
	}
	return NULL;
}

/* Start the dispatcher thread once (etw_prov.lock held). */
static int etw_dispatcher_start(void)
{
	pthread_attr_t a;
	sigset_t all, old;
	int ret;

	if (etw_prov.thread_started)
		return 0;
	etw_prov.stop_fd = eventfd(0, EFD_CLOEXEC);
	if (etw_prov.stop_fd < 0)
		return -errno;
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	/* The dispatcher takes no signals meant for the application. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	ret = pthread_create(&etw_prov.thread, &a, etw_dispatcher_main, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&a);
	if (ret) {
		close(etw_prov.stop_fd);
		etw_prov.stop_fd = -1;
		return -ret;
	}
	etw_prov.thread_started = 1;
	return 0;
}

/*
 * Wait until the notification @seq was handled, handling it here if no
 * one else is.  Not from inside a callback (it would wait for itself).
 */
void etw_dispatch_until(uint64_t seq)
{
	if (!seq || etw_in_callback)
		return;
	for (;;) {
		pthread_mutex_lock(&etw_prov.lock);
		if (etw_prov.done_seq >= seq) {
			pthread_mutex_unlock(&etw_prov.lock);
			return;
		}
		pthread_mutex_unlock(&etw_prov.lock);
		if (etw_dispatch_pending() <= 0) {
			/* Another thread read it: wait for it to finish. */
			struct timespec ts;

			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_nsec += 10 * 1000000;
			if (ts.tv_nsec >= 1000000000) {
				ts.tv_sec++;
				ts.tv_nsec -= 1000000000;
			}
			pthread_mutex_lock(&etw_prov.lock);
			if (etw_prov.done_seq < seq)
				pthread_cond_timedwait(&etw_prov.done_cv,
						       &etw_prov.lock, &ts);
			pthread_mutex_unlock(&etw_prov.lock);
		}
	}
}

/*
 * Register with the kernel and remember the callback.  Shared with
 * RegisterTraceGuids (classic).  Returns 0 or -errno.
 */
int etw_register(const GUID *guid, uint32_t flags, struct etw_lib_reg *tmpl,
		 uint64_t *handle)
{
	struct etw_register req;
	struct etw_lib_reg *r;
	int fd, ret = 0;

	fd = etw_provider_init();
	if (fd < 0)
		return fd;
	r = malloc(sizeof(*r));
	if (!r)
		return -ENOMEM;
	*r = *tmpl;
	memset(&req, 0, sizeof(req));
	memcpy(req.guid, guid, 16);
	req.flags = flags;

	/*
	 * Holding the table lock across the ioctl: a notification queued
	 * by REGISTER cannot be looked up before the entry exists.
	 */
	pthread_mutex_lock(&etw_prov.lock);
	if (flags & ETW_REG_F_CALLBACK)
		ret = etw_dispatcher_start();
	if (!ret && ioctl(fd, ETW_IOC_REGISTER, &req))
		ret = -errno;
	if (!ret) {
		r->handle = req.handle;
		r->guid = *guid;
		etw_prov.regs[req.slot] = r;
		memset(&etw_fp_regs[req.slot], 0, sizeof(etw_fp_regs[0]));
		__atomic_store_n(&etw_prov.live[req.slot], req.handle,
				 __ATOMIC_RELEASE);
		__atomic_store_n(&etw_fp_plain[req.slot],
				 flags & ETW_REG_F_CLASSIC ?
				 etw_fp_unplain(req.slot) : req.handle,
				 __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&etw_prov.lock);
	if (ret) {
		free(r);
		return ret;
	}
	*handle = req.handle;
	/* Already enabled: the callback runs before we return (seed 000). */
	etw_dispatch_until(req.notify_seq);
	return 0;
}

int etw_unregister(uint64_t handle)
{
	struct etw_unregister req = { .handle = handle };
	struct etw_lib_reg *r;
	int fd = etw_dev_fd(), ret = 0;

	if (fd < 0)
		return fd;
	/* No callback of this registration runs after we return. */
	if (etw_prov.dispatch_init)
		pthread_mutex_lock(&etw_prov.dispatch);
	pthread_mutex_lock(&etw_prov.lock);
	r = etw_reg_get(handle);
	if (!r) {
		ret = -ENOENT;
	} else {
		if (ioctl(fd, ETW_IOC_UNREGISTER, &req))
			ret = -errno;
		etw_prov.regs[(uint32_t)handle - 1] = NULL;
		__atomic_store_n(&etw_fp_plain[(uint32_t)handle - 1],
				 etw_fp_unplain((uint32_t)handle - 1),
				 __ATOMIC_RELEASE);
		__atomic_store_n(&etw_prov.live[(uint32_t)handle - 1], 0,
				 __ATOMIC_RELEASE);
		free(r);
	}
	pthread_mutex_unlock(&etw_prov.lock);
	if (etw_prov.dispatch_init)
		pthread_mutex_unlock(&etw_prov.dispatch);
	return ret;
}

ETW_EXPORT ULONG EVNTAPI EventRegister(LPCGUID ProviderId,
				       PENABLECALLBACK EnableCallback,
				       PVOID CallbackContext,
				       PREGHANDLE RegHandle)
{
	struct etw_lib_reg tmpl = { 0 };
	uint64_t h;
	int ret;

	if (!RegHandle)
		return ERROR_INVALID_PARAMETER;
	*RegHandle = 0;
	if (!ProviderId)
		return ERROR_INVALID_PARAMETER;
	tmpl.callback = EnableCallback;
	tmpl.context = CallbackContext;
	ret = etw_register(ProviderId, EnableCallback ? ETW_REG_F_CALLBACK : 0,
			   &tmpl, &h);
	if (ret)
		return etw_win32_error(ret, ret == -ENOENT ? ETW_API_DEVICE :
				       ETW_API_SESSION);
	*RegHandle = h;
	return ERROR_SUCCESS;
}

/* Is @h a registration of this process?  One load, no lock. */
static int etw_handle_live(REGHANDLE h)
{
	uint32_t slot = (uint32_t)h - 1;

	return h && slot < ETW_MAX_REGS_PER_FD &&
	       __atomic_load_n(&etw_prov.live[slot], __ATOMIC_ACQUIRE) == (uint64_t)h;
}

/*
 * Handle 0 (a failed EventRegister's) or any other handle that is no
 * registration: ERROR_INVALID_HANDLE, as Windows returns (issue 9).
 */
ETW_EXPORT ULONG EVNTAPI EventUnregister(REGHANDLE RegHandle)
{
	int ret;

	if (!etw_handle_live(RegHandle))
		return ERROR_INVALID_HANDLE;
	ret = etw_unregister(RegHandle);
	return etw_win32_error(ret, ETW_API_PROVIDER);
}

ETW_EXPORT ULONG EVNTAPI EventSetInformation(REGHANDLE RegHandle,
					     EVENT_INFO_CLASS InformationClass,
					     PVOID EventInformation,
					     ULONG InformationLength)
{
	struct etw_set_info req;
	int fd;

	if (RegHandle == 0)
		return ERROR_INVALID_PARAMETER;
	if (InformationLength && !EventInformation)
		return ERROR_INVALID_PARAMETER;
	if ((unsigned int)InformationClass >= (unsigned int)MaxEventInfo ||
	    InformationClass == EventProviderSetReserved1 ||
	    InformationClass == EventProviderSetReserved2)
		return ERROR_NOT_SUPPORTED;
	fd = etw_dev_fd();
	if (fd < 0)
		return etw_win32_error(fd, ETW_API_DEVICE);
	memset(&req, 0, sizeof(req));
	req.handle = RegHandle;
	req.info_class = InformationClass;
	req.length = InformationLength;
	req.data = (uintptr_t)EventInformation;
	if (ioctl(fd, ETW_IOC_SET_INFO, &req))
		return etw_win32_error(-errno, ETW_API_PROVIDER_INFO);
	/* The fast path builds what the kernel would: it must know these. */
	if (etw_handle_live(RegHandle)) {
		struct etw_fp_reg *f = &etw_fp_regs[(uint32_t)RegHandle - 1];

		if (InformationClass == EventProviderSetTraits) {
			f->traits_len = InformationLength;
			f->use_type = 1;
		} else if (InformationClass == EventProviderUseDescriptorType) {
			f->use_type = *(const UCHAR *)EventInformation != 0;
		}
		/* EventWrite's inline path takes plain registrations only. */
		__atomic_store_n(&etw_fp_plain[(uint32_t)RegHandle - 1],
				 f->use_type || f->traits_len ?
				 etw_fp_unplain((uint32_t)RegHandle - 1) :
				 RegHandle,
				 __ATOMIC_RELEASE);
	}
	return ERROR_SUCCESS;
}

/*
 * Does a session want the events of the registration in @slot with
 * stacks?  The fast map's word says so for stage writers, the enable
 * slot's flags for the ioctl's.
 */
bool etw_slot_wants_stack(uint32_t slot)
{
	const struct etw_fast_slot *map = etw_fp_map;

	if (slot >= ETW_MAX_REGS_PER_FD)
		return false;
	if (map)
		return __atomic_load_n(&map[slot].word, __ATOMIC_RELAXED) &
		       ETW_FAST_W_STACK;
	return slot < ETW_ENABLE_MAP_SLOTS && __etw_enable_map &&
	       (__atomic_load_n(&__etw_enable_map[slot].Flags,
				__ATOMIC_RELAXED) & ETW_SLOT_STACK);
}

/*
 * EventWriteEx with everything explicit, every case: the fast path's
 * general records (extended items, several paths), or the ioctl.
 */
static __attribute__((noinline))
ULONG etw_write_slow(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
		     ULONG64 Filter, ULONG Flags, LPCGUID ActivityId,
		     LPCGUID RelatedActivityId, ULONG UserDataCount,
		     PEVENT_DATA_DESCRIPTOR UserData, uint32_t wflags,
		     const void *caller)
{
	uint64_t frames[ETW_STACK_USER_MAX];
	struct etw_write w;
	uint64_t done = 0, told = 0;
	uint32_t nframes = 0, gen = 0, slot = (uint32_t)RegHandle - 1;
	int fd;

	if (RegHandle == 0)
		return ERROR_INVALID_HANDLE;	/* as Windows (issue 9) */
	if (!d || UserDataCount > MAX_EVENT_DATA_DESCRIPTORS ||
	    (UserDataCount && !UserData) ||
	    (Flags & ~(ULONG)(EVENT_WRITE_FLAG_NO_FAULTING |
			      EVENT_WRITE_FLAG_INPRIVATE)))
		return ERROR_INVALID_PARAMETER;
	if (!ActivityId)
		ActivityId = &etw_thread_activity;
	if (Flags & EVENT_WRITE_FLAG_INPRIVATE)
		wflags |= ETW_WRITE_F_INPRIVATE;
	/*
	 * No system call: the thread's stage (fastpath.c), from the same
	 * reads of the fast map that decide that no session wants it.  A
	 * handle that is no registration is an error whether or not anyone
	 * listens.
	 */
	if (etw_fp_on()) {
		uint64_t word, want, cong;

		if (!etw_handle_live(RegHandle))
			return ERROR_INVALID_HANDLE;
		want = etw_fp_wanted(slot, d->Level, (uint64_t)d->Keyword,
				     &word) & ~(uint64_t)Filter;
		if (d->Level >= (word & ETW_FAST_W_LEVEL))
			return ERROR_SUCCESS;	/* nobody listens (1.4) */
		cong = want & __atomic_load_n(&etw_fp_global->congested,
					      __ATOMIC_RELAXED);
		if (cong)
			etw_fp_block(cong);
		/* A session wants stacks: ours, for the record (its last item). */
		if (word & ETW_FAST_W_STACK) {
			nframes = etw_stack_capture(frames, ETW_STACK_USER_MAX,
						    caller);
			gen = nframes ? etw_stack_image_gen() : 0;
			if (nframes && etw_stack_untold(slot, want, gen))
				told = want;	/* the ioctl, this once */
		}
		if (want && !told &&
		    !etw_fp_event(RegHandle, d, want, wflags, ActivityId,
				  RelatedActivityId, UserDataCount, UserData,
				  frames, nframes))
			done = want;
		if (!(word & ETW_FAST_W_IOCTL) && done == want)
			return ERROR_SUCCESS;
		if (done != want && !told)
			etw_fp_fallback();
	} else if (!EventEnabled(RegHandle, d)) {
		/* No session wants it: no syscall (reference 1.4). */
		return etw_handle_live(RegHandle) ? ERROR_SUCCESS :
						    ERROR_INVALID_HANDLE;
	} else if (slot < ETW_ENABLE_MAP_SLOTS && __etw_enable_map &&
		   (__atomic_load_n(&__etw_enable_map[slot].Flags,
				    __ATOMIC_RELAXED) & ETW_SLOT_STACK)) {
		nframes = etw_stack_capture(frames, ETW_STACK_USER_MAX, caller);
		gen = nframes ? etw_stack_image_gen() : 0;
	}

	w.handle = RegHandle;
	w.id = d->Id;
	w.version = d->Version;
	w.channel = d->Channel;
	w.level = d->Level;
	w.opcode = d->Opcode;
	w.task = d->Task;
	w.keyword = (uint64_t)d->Keyword;
	w.filter = (uint64_t)Filter | done;	/* not twice */
	w.flags = wflags;
	w.count = UserDataCount;
	w.data = (uintptr_t)UserData;
	memcpy(w.activity_id, ActivityId, 16);
	if (RelatedActivityId) {
		w.flags |= ETW_WRITE_F_RELATED;
		memcpy(w.related_activity_id, RelatedActivityId, 16);
	} else {
		memset(w.related_activity_id, 0, 16);
	}
	w.stack = nframes ? (uintptr_t)frames : 0;
	w.stack_count = nframes;
	w.image_gen = gen;
	fd = etw_dev_fd();
	if (ioctl(fd, ETW_IOC_WRITE, &w))
		return etw_win32_error(-errno, ETW_API_WRITE);
	if (told)
		etw_stack_tell(slot, told, gen);
	return ERROR_SUCCESS;
}

/*
 * The common case without a call: a live registration whose sessions
 * are all served by stages and take any non-zero keyword (or keyword 0),
 * plain data descriptors, no extended items, room in the stage.
 * Everything else goes to etw_write_slow() (which also makes room or
 * leaves a retired stage).  Two instances: the inline one (@any false)
 * takes one descriptor of 16 to 64 bytes, copied in registers, and makes
 * no call but its last, etw_fp_stamp() (a jump); other payloads go to the
 * one out of line (@any true, etw_write_any()), which takes every size
 * and count.  EventWrite's own, with fewer arguments, is etw_write_ew().
 */
static ULONG etw_write_any(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
			   ULONG64 Filter, ULONG Flags, LPCGUID ActivityId,
			   LPCGUID RelatedActivityId, ULONG UserDataCount,
			   PEVENT_DATA_DESCRIPTOR UserData, uint32_t wflags,
			   const void *caller);

static inline __attribute__((always_inline))
ULONG etw_write_fast(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d, ULONG64 Filter,
		     ULONG Flags, LPCGUID ActivityId, LPCGUID RelatedActivityId,
		     ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData,
		     uint32_t wflags, const void *caller, bool any)
{
	const struct etw_fast_slot *map = etw_fp_map;
	uint32_t slot = (uint32_t)RegHandle - 1, size, need, off, i;
	struct etw_fp_tls *t = &etw_fp_tls;
	uint64_t word, mask, payload = 0, pos, *q;
	struct etw_stage_meta *m;
	uint8_t *rec;

	/* A live registration without traits or descriptor types. */
	if (__builtin_expect(slot >= ETW_MAX_REGS_PER_FD || !d || Flags ||
			     RelatedActivityId ||
			     etw_fp_plain[slot] != (uint64_t)RegHandle || !map, 0))
		goto slow;
	word = __atomic_load_n(&map[slot].word, __ATOMIC_RELAXED);
	if (d->Level >= (word & ETW_FAST_W_LEVEL))
		return ERROR_SUCCESS;	/* nobody listens (reference 1.4) */
	if (!any && (UserDataCount != 1 || UserData[0].Size - 16u > 48u))
		return etw_write_any(RegHandle, d, Filter, Flags, ActivityId,
				     RelatedActivityId, UserDataCount, UserData,
				     wflags, caller);
	/*
	 * Sessions that take every non-zero keyword (or keyword 0) only, and
	 * none that wants stacks (etw_write_slow() unwinds) or the SID,
	 * TS_ID, PROCESS_START_KEY and EVENT_KEY items.
	 */
	if (d->Keyword) {
		if ((word & (ETW_FAST_W_KW_ANY | ETW_FAST_W_IOCTL |
			     ETW_FAST_W_STACK | ETW_FAST_W_INFO)) !=
		    ETW_FAST_W_KW_ANY)
			goto slow;
	} else if ((word & (ETW_FAST_W_KW0 | ETW_FAST_W_IOCTL |
			    ETW_FAST_W_STACK | ETW_FAST_W_INFO)) !=
		   ETW_FAST_W_KW0) {
		goto slow;
	}
	mask = __atomic_load_n(&map[slot].sessions, __ATOMIC_RELAXED) &
	       ~(uint64_t)Filter;
	if (!mask || (mask & __atomic_load_n(&etw_fp_global->congested,
					     __ATOMIC_RELAXED)))
		goto slow;
	if (UserDataCount > MAX_EVENT_DATA_DESCRIPTORS ||
	    (UserDataCount && !UserData))
		goto slow;
	for (i = 0; i < UserDataCount; i++)
		payload += UserData[i].Size;
	if (payload > ETW_FAST_MAX_RECORD - sizeof(struct etl_event_header))
		goto slow;
	size = sizeof(struct etl_event_header) + (uint32_t)payload;
	need = (size + 7) & ~7u;
	/* etw_fp_begin() without its slow paths: room, busy, state. */
	pos = t->pos;
	off = (uint32_t)pos;
	if (off + need > t->limit)
		goto slow;
	m = t->meta;
	__atomic_store_n(&m->head, pos | ETW_STAGE_BUSY, __ATOMIC_RELAXED);
	if (__builtin_expect(__atomic_load_n(&m->state, __ATOMIC_RELAXED), 0)) {
		__atomic_store_n(&m->head, pos, __ATOMIC_RELAXED);
		goto slow;
	}
	/*
	 * ProviderId's second half, KernelTime and UserTime
	 * (ETW_STASH_IGNORED_*) and the padding are the module's (uapi): not
	 * stored here.
	 */
	rec = t->data + off;
	q = (uint64_t *)rec;
	etw_fp_event_head(rec, size, wflags & ETW_WRITE_F_STRING_ONLY ?
			  ETL_EH_FLAG_STRING_ONLY : 0, 0, slot);
	q[3] = mask;			/* 0x18 ProviderId: the stash */
	memcpy(rec + 0x28, d, 16);	/* 0x28 EventDescriptor */
	memcpy(rec + 0x40, ActivityId ? ActivityId : &t->activity, 16);
	if (!any) {
		etw_fp_copy(rec + sizeof(struct etl_event_header),
			    (const void *)(uintptr_t)UserData[0].Ptr, payload);
		return etw_fp_stamp(need);
	}
	return etw_fp_stamp_data(need, UserDataCount, UserData);
slow:
	return etw_write_slow(RegHandle, d, Filter, Flags, ActivityId,
			      RelatedActivityId, UserDataCount, UserData,
			      wflags, caller);
}

static __attribute__((noinline))
ULONG etw_write_any(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d, ULONG64 Filter,
		    ULONG Flags, LPCGUID ActivityId, LPCGUID RelatedActivityId,
		    ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData,
		    uint32_t wflags, const void *caller)
{
	return etw_write_fast(RegHandle, d, Filter, Flags, ActivityId,
			      RelatedActivityId, UserDataCount, UserData,
			      wflags, caller, true);
}

static inline __attribute__((always_inline))
ULONG etw_write(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d, ULONG64 Filter,
		ULONG Flags, LPCGUID ActivityId, LPCGUID RelatedActivityId,
		ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData,
		uint32_t wflags, const void *caller)
{
	return etw_write_fast(RegHandle, d, Filter, Flags, ActivityId,
			      RelatedActivityId, UserDataCount, UserData,
			      wflags, caller, false);
}

/*
 * EventWrite's paths out of etw_write_ew() and etw_write_put(): they take
 * at most six arguments, so that those reach them by jumps, keeping no
 * frame and saving no register.  Those without @caller are reached from
 * EventWrite through jumps only, so that their return address is
 * EventWrite's caller's (where a stack starts; a session wanting stacks
 * sends EventWrite to etw_write_ew_slow() first).
 */
static __attribute__((noinline))
ULONG etw_write_ew_slow(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
			ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData,
			const void *caller)
{
	return etw_write_slow(RegHandle, d, 0, 0, NULL, NULL, UserDataCount,
			      UserData, 0, caller);
}

static __attribute__((noinline))
ULONG etw_write_ew_any(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
		       ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData)
{
	return etw_write_fast(RegHandle, d, 0, 0, NULL, NULL, UserDataCount,
			      UserData, 0, __builtin_return_address(0), true);
}

static __attribute__((noinline))
ULONG etw_write_put_slow(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
			 const uint8_t *src, uint64_t payload)
{
	EVENT_DATA_DESCRIPTOR dd;

	EventDataDescCreate(&dd, src, (ULONG)payload);
	return etw_write_slow(RegHandle, d, 0, 0, NULL, NULL, 1, &dd, 0,
			      __builtin_return_address(0));
}

/*
 * EventWrite's record of one descriptor of 16 to 64 bytes for the
 * sessions @mask of registration @slot, checked by etw_write_ew():
 * etw_fp_begin() without its slow paths (room, busy, state), the header,
 * the payload in four moves at most, then the CPU, the time and head
 * (etw_fp_commit()).  Out of line so that only what the record needs is
 * live here.
 */
static __attribute__((noinline))
ULONG etw_write_put(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
		    const uint8_t *src, uint64_t payload, uint64_t mask)
{
	uint32_t slot = ((uint32_t)RegHandle - 1) & (ETW_MAX_REGS_PER_FD - 1);
	uint32_t size = sizeof(struct etl_event_header) + (uint32_t)payload;
	uint32_t need = (size + 7) & ~7u, off;
	struct etw_fp_tls *t = &etw_fp_tls;
	struct etw_stage_meta *m;
	uint64_t pos, *q;
	uint8_t *rec;

	pos = t->pos;
	off = (uint32_t)pos;
	if (off + need > t->limit)
		goto slow;
	m = t->meta;
	/* pos | ETW_STAGE_BUSY: records are 8-aligned */
	__atomic_store_n(&m->head, pos + ETW_STAGE_BUSY, __ATOMIC_RELAXED);
	if (__builtin_expect(__atomic_load_n(&m->state, __ATOMIC_RELAXED), 0)) {
		__atomic_store_n(&m->head, pos, __ATOMIC_RELAXED);
		goto slow;
	}
	/* As etw_write_fast()'s, the activity ID the thread's. */
	rec = t->data + off;
	q = (uint64_t *)rec;
	etw_fp_event_head(rec, size, 0, 0, slot);
	q[3] = mask;			/* 0x18 ProviderId: the stash */
	memcpy(rec + 0x28, d, 16);	/* 0x28 EventDescriptor */
	memcpy(rec + 0x40, &t->activity, 16);
	if (payload - 16 > 48)
		__builtin_unreachable();	/* etw_write_ew() said so */
	etw_fp_copy(rec + sizeof(struct etl_event_header), src, payload);
	/* etw_fp_commit(), the CPU first: less to keep across the call */
	*(uint16_t *)(rec + ETW_STASH_CPU) = etw_fp_cpu();
	*(uint64_t *)(rec + 0x10) = etw_fp_clock();
	t->pos += need;
	__atomic_store_n(&t->meta->head, t->pos, __ATOMIC_RELEASE);
	t->staged++;
	return ERROR_SUCCESS;
slow:
	return etw_write_put_slow(RegHandle, d, src, payload);
}

/*
 * etw_write_fast() for EventWrite (no filter, flags or activity IDs): the
 * checks, then etw_write_put() for the record, all through jumps.
 */
static inline __attribute__((always_inline))
ULONG etw_write_ew(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
		   ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData,
		   const void *caller)
{
	const struct etw_fast_slot *map = etw_fp_map;
	uint32_t slot = ((uint32_t)RegHandle - 1) & (ETW_MAX_REGS_PER_FD - 1);
	uint64_t word, mask;
	uint32_t payload;

	_Static_assert(!(ETW_MAX_REGS_PER_FD & (ETW_MAX_REGS_PER_FD - 1)),
		       "a power of two: a handle out of range meets a slot "
		       "whose handle it is not");
	if (__builtin_expect(etw_fp_plain[slot] != (uint64_t)RegHandle ||
			     !map || !d, 0))
		return etw_write_ew_slow(RegHandle, d, UserDataCount, UserData,
					 caller);
	word = __atomic_load_n(&map[slot].word, __ATOMIC_RELAXED);
	if (d->Level >= (word & ETW_FAST_W_LEVEL))
		return ERROR_SUCCESS;	/* nobody listens (reference 1.4) */
	/* As etw_write_fast()'s: keywords, stacks, the SID and other items. */
	if (d->Keyword) {
		if ((word & (ETW_FAST_W_KW_ANY | ETW_FAST_W_IOCTL |
			     ETW_FAST_W_STACK | ETW_FAST_W_INFO)) !=
		    ETW_FAST_W_KW_ANY)
			return etw_write_ew_slow(RegHandle, d, UserDataCount,
						 UserData, caller);
	} else if ((word & (ETW_FAST_W_KW0 | ETW_FAST_W_IOCTL |
			    ETW_FAST_W_STACK | ETW_FAST_W_INFO)) !=
		   ETW_FAST_W_KW0) {
		return etw_write_ew_slow(RegHandle, d, UserDataCount, UserData,
					 caller);
	}
	if (UserDataCount != 1 || UserData[0].Size - 16u > 48u)
		return etw_write_ew_any(RegHandle, d, UserDataCount, UserData);
	payload = UserData[0].Size;
	mask = __atomic_load_n(&map[slot].sessions, __ATOMIC_RELAXED);
	if (!mask || (mask & __atomic_load_n(&etw_fp_global->congested,
					     __ATOMIC_RELAXED)))
		return etw_write_put_slow(RegHandle, d,
					  (const void *)(uintptr_t)UserData[0].Ptr,
					  payload);
	return etw_write_put(RegHandle, d,
			     (const void *)(uintptr_t)UserData[0].Ptr,
			     payload, mask);
}

/*
 * libtracepoint's write (libetw/tracepoint/tp_write.c): EventWriteEx of
 * a registration with traits, which etw_write()'s inline case never
 * takes, so straight to the general one.  Not part of the API.
 */
ETW_EXPORT ULONG __etw_write_traits(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
				    LPCGUID ActivityId, LPCGUID RelatedActivityId,
				    ULONG UserDataCount, PEVENT_DATA_DESCRIPTOR UserData)
{
	return etw_write_slow(RegHandle, d, 0, 0, ActivityId, RelatedActivityId,
			      UserDataCount, UserData, 0,
			      __builtin_return_address(0));
}

/*
 * TraceLoggingWrite's (tlg.c): EventWriteEx, the stack starting at the
 * caller of __etw_tlg_write(), which is the program's code (the macro).
 */
ULONG etw_write_ex_from(REGHANDLE RegHandle, PCEVENT_DESCRIPTOR d,
			ULONG64 Filter, ULONG Flags, LPCGUID ActivityId,
			LPCGUID RelatedActivityId, ULONG UserDataCount,
			PEVENT_DATA_DESCRIPTOR UserData, const void *caller)
{
	return etw_write(RegHandle, d, Filter, Flags, ActivityId,
			 RelatedActivityId, UserDataCount, UserData, 0, caller);
}

ETW_EXPORT ULONG EVNTAPI EventWriteEx(REGHANDLE RegHandle,
				      PCEVENT_DESCRIPTOR EventDescriptor,
				      ULONG64 Filter, ULONG Flags,
				      LPCGUID ActivityId,
				      LPCGUID RelatedActivityId,
				      ULONG UserDataCount,
				      PEVENT_DATA_DESCRIPTOR UserData)
{
	return etw_write(RegHandle, EventDescriptor, Filter, Flags, ActivityId,
			 RelatedActivityId, UserDataCount, UserData, 0,
			 __builtin_return_address(0));
}

ETW_EXPORT ULONG EVNTAPI EventWrite(REGHANDLE RegHandle,
				    PCEVENT_DESCRIPTOR EventDescriptor,
				    ULONG UserDataCount,
				    PEVENT_DATA_DESCRIPTOR UserData)
{
	return etw_write_ew(RegHandle, EventDescriptor, UserDataCount, UserData,
			    __builtin_return_address(0));
}

ETW_EXPORT ULONG EVNTAPI EventWriteTransfer(REGHANDLE RegHandle,
					    PCEVENT_DESCRIPTOR EventDescriptor,
					    LPCGUID ActivityId,
					    LPCGUID RelatedActivityId,
					    ULONG UserDataCount,
					    PEVENT_DATA_DESCRIPTOR UserData)
{
	return etw_write(RegHandle, EventDescriptor, 0, 0, ActivityId,
			 RelatedActivityId, UserDataCount, UserData, 0,
			 __builtin_return_address(0));
}

/*
 * EventWriteString: Id/Version/Channel/Task/Opcode 0, one block = the
 * UTF-16 string with its terminator, EVENT_HEADER_FLAG_STRING_ONLY.
 */
ETW_EXPORT ULONG EVNTAPI EventWriteString(REGHANDLE RegHandle, UCHAR Level,
					  ULONGLONG Keyword, PCWSTR String)
{
	EVENT_DESCRIPTOR d;
	EVENT_DATA_DESCRIPTOR data;
	size_t n = 0;

	if (!etw_handle_live(RegHandle))
		return ERROR_INVALID_HANDLE;
	if (!String)
		return ERROR_INVALID_PARAMETER;
	while (String[n])
		n++;
	EventDescCreate(&d, 0, 0, 0, Level, 0, 0, Keyword);
	EventDataDescCreate(&data, String, (ULONG)((n + 1) * sizeof(WCHAR)));
	return etw_write(RegHandle, &d, 0, 0, NULL, NULL, 1, &data,
			 ETW_WRITE_F_STRING_ONLY, __builtin_return_address(0));
}

/* Machine-wide unique IDs, reserved from the kernel 4096 at a time. */
static pthread_mutex_t etw_ids_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t etw_ids_next, etw_ids_end, etw_ids_boot;

static int etw_new_id(GUID *out)
{
	uint64_t v;
	int fd;

	pthread_mutex_lock(&etw_ids_lock);
	if (etw_ids_next == etw_ids_end) {
		struct etw_new_ids req = { .count = 4096 };

		fd = etw_dev_fd();
		if (fd < 0 || ioctl(fd, ETW_IOC_NEW_IDS, &req)) {
			pthread_mutex_unlock(&etw_ids_lock);
			return fd < 0 ? fd : -errno;
		}
		etw_ids_next = req.first;
		etw_ids_end = req.first + req.count;
		etw_ids_boot = req.boot_id;
	}
	v = etw_ids_next++;
	/* Not an RFC 4122 GUID (reference 1.4): counter, then boot id. */
	memcpy(out, &v, 8);
	memcpy((uint8_t *)out + 8, &etw_ids_boot, 8);
	pthread_mutex_unlock(&etw_ids_lock);
	return 0;
}

ETW_EXPORT ULONG EVNTAPI EventActivityIdControl(ULONG ControlCode,
						LPGUID ActivityId)
{
	GUID fresh, old;
	int ret;

	if (!ActivityId)
		return ERROR_INVALID_PARAMETER;
	switch (ControlCode) {
	case EVENT_ACTIVITY_CTRL_GET_ID:
		*ActivityId = etw_thread_activity;
		return ERROR_SUCCESS;
	case EVENT_ACTIVITY_CTRL_SET_ID:
		etw_thread_activity = *ActivityId;
		return ERROR_SUCCESS;
	case EVENT_ACTIVITY_CTRL_CREATE_ID:
		ret = etw_new_id(ActivityId);
		return etw_win32_error(ret, ETW_API_DEVICE);
	case EVENT_ACTIVITY_CTRL_GET_SET_ID:
		old = etw_thread_activity;
		etw_thread_activity = *ActivityId;
		*ActivityId = old;
		return ERROR_SUCCESS;
	case EVENT_ACTIVITY_CTRL_CREATE_SET_ID:
		ret = etw_new_id(&fresh);
		if (ret)
			return etw_win32_error(ret, ETW_API_DEVICE);
		*ActivityId = etw_thread_activity;
		etw_thread_activity = fresh;
		return ERROR_SUCCESS;
	default:
		return ERROR_INVALID_PARAMETER;
	}
}
