// SPDX-License-Identifier: MIT
/*
 * The writer's call stack, for events that a session wants with stacks
 * (EVENT_ENABLE_PROPERTY_STACK_TRACE: ETW_SLOT_STACK in the enable slot,
 * ETW_FAST_W_STACK in the fast map): return addresses from the caller of
 * the ETW API outwards, as Windows' STACK_TRACE64 item holds them.
 *
 * Debian builds its libraries without frame pointers, so the stack is
 * unwound from the call-frame information (.eh_frame), as Windows' x64
 * unwinder does from .pdata: by libunwind (Debian's libunwind8), whose
 * unw_backtrace() keeps what it learnt of each return address in a
 * per-thread cache, about 100 instructions a frame once warm.  It is
 * loaded the first time a stack is wanted, so a program that never
 * writes to such a session neither links nor loads it; where it is not
 * installed, glibc's backtrace() (libgcc's unwinder: right, but several
 * times slower) does the work.  Documentation/design.rst, "Stacks".
 */
#include <dlfcn.h>
#include <link.h>
#include <execinfo.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"

typedef int (*etw_unw_backtrace_fn)(void **buffer, int size);
typedef int (*etw_unw_policy_fn)(void *as, int policy);

#if defined(__x86_64__)
#define ETW_UNW_ARCH	"x86_64"
#elif defined(__aarch64__)
#define ETW_UNW_ARCH	"aarch64"
#endif

#define ETW_UNW_CACHE_PER_THREAD	2	/* libunwind.h's UNW_CACHE_PER_THREAD */

static pthread_once_t etw_stack_once = PTHREAD_ONCE_INIT;
static etw_unw_backtrace_fn etw_unw_backtrace;

static void etw_stack_init(void)
{
#ifdef ETW_UNW_ARCH
	void *h = dlopen("libunwind.so.8", RTLD_NOW | RTLD_LOCAL);
	etw_unw_policy_fn policy;
	void **as;

	if (!h)
		return;
	/* unw_backtrace() keeps its name; the rest are local-only names. */
	etw_unw_backtrace = (etw_unw_backtrace_fn)dlsym(h, "unw_backtrace");
	policy = (etw_unw_policy_fn)dlsym(h, "_UL" ETW_UNW_ARCH "_set_caching_policy");
	as = dlsym(h, "_UL" ETW_UNW_ARCH "_local_addr_space");
	if (policy && as)
		policy(*as, ETW_UNW_CACHE_PER_THREAD);
#endif
}

uint32_t etw_stack_capture(uint64_t *out, uint32_t max, const void *caller)
{
	void *buf[ETW_STACK_USER_MAX + 8];
	int n, i, from = 1;

	pthread_once(&etw_stack_once, etw_stack_init);
	if (max > ETW_STACK_USER_MAX)
		max = ETW_STACK_USER_MAX;
	n = etw_unw_backtrace ? etw_unw_backtrace(buf, (int)(max + 8)) :
				backtrace(buf, (int)(max + 8));
	/*
	 * Frame 0 is here; the frames inside libetw end where the API
	 * function returns to its caller: the stack starts there.
	 */
	for (i = 1; i < n; i++) {
		if (buf[i] == caller) {
			from = i;
			break;
		}
	}
	n -= from;
	if (n < 0)
		n = 0;
	if ((uint32_t)n > max)
		n = (int)max;
	for (i = 0; i < n; i++)
		out[i] = (uint64_t)(uintptr_t)buf[from + i];
	return (uint32_t)n;
}

static int etw_stack_gen_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
	uint32_t *gen = arg;

	if (size >= offsetof(struct dl_phdr_info, dlpi_subs) +
		    sizeof(info->dlpi_subs))
		*gen = (uint32_t)(info->dlpi_adds * 2 + info->dlpi_subs) | 1;
	return 1;	/* the counts come with the first object */
}

/*
 * The process's generation of loaded images (ETW_IOC_WRITE's
 * @image_gen): glibc's counts of loads and unloads, so the kernel
 * describes this process's mappings again to the sessions that get its
 * stacks after a dlopen() or dlclose().  Never 0.
 */
uint32_t etw_stack_image_gen(void)
{
	uint32_t gen = 1;

	dl_iterate_phdr(etw_stack_gen_cb, &gen);
	return gen;
}
