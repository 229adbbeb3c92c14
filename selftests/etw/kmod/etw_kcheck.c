// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw_kcheck.ko: the kernel side of kprov_test.sh and of `make bench`'s
 * kernel-provider rows.  A command written to /dev/etw-kcheck runs in
 * the kernel; reading the device returns its result (text):
 *
 *   api             the driver API's answers to good and bad calls (TAP
 *                   lines "ok - ..." / "not ok - ...")
 *   reg | unreg     register / unregister the check provider
 *                   {7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a70}; its enable
 *                   callback records what it is told and in which context
 *   log             those records, one line per callback
 *   enabled L K     EtwProviderEnabled and EtwEventEnabled for level L,
 *                   keyword K (hex)
 *   ctx N           N events of the check provider from each context:
 *                   process, process with a spinlock held and interrupts
 *                   off, softirq (a timer), hard interrupt (a hard
 *                   hrtimer); per context the calls that succeeded and
 *                   failed
 *   bench-disabled N  ns per EtwEventEnabled on a disabled provider, and
 *                   per test of a disabled static key
 *   bench-write N   ns per EtwWrite of 64 bytes (bench provider
 *                   {7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a71}), failures
 *   bench-tp N      ns per etw_kcheck:etw_kcheck_bench64 tracepoint (64
 *                   bytes), enabled or not
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/jump_label.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/uaccess.h>

#include <etw_km.h>
#include <TraceLoggingProvider.h>

#define CREATE_TRACE_POINTS
#include "etw_kcheck_trace.h"

MODULE_IMPORT_NS(ETW);

static const GUID kc_guid = {
	0x7c1e2a40, 0x5b3d, 0x4e6f,
	{ 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x70 } };
static const GUID kc_bench_guid = {
	0x7c1e2a40, 0x5b3d, 0x4e6f,
	{ 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x71 } };
static const GUID kc_api_guid = {
	0x7c1e2a40, 0x5b3d, 0x4e6f,
	{ 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x72 } };

TRACELOGGING_DEFINE_PROVIDER(kc_tl, "Linux-ETW-KCheck-TL",
	(0x7c1e2a40, 0x5b3d, 0x4e6f, 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x73));

/* The result of the last command (kc_lock). */
#define KC_OUT_SIZE	16384
static DEFINE_MUTEX(kc_lock);
static char *kc_out;
static size_t kc_len;

static __printf(1, 2) void kc_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	kc_len += vscnprintf(kc_out + kc_len, KC_OUT_SIZE - kc_len, fmt, ap);
	va_end(ap);
}

/* ---- the check provider and its callback ---------------------------------- */

static REGHANDLE kc_reg;
#define KC_LOG_SIZE	8192
static DEFINE_SPINLOCK(kc_log_lock);
static char *kc_log;
static size_t kc_log_len;

static void NTAPI kc_callback(LPCGUID SourceId, ULONG ControlCode, UCHAR Level,
			      ULONGLONG MatchAnyKeyword,
			      ULONGLONG MatchAllKeyword,
			      PEVENT_FILTER_DESCRIPTOR FilterData,
			      PVOID CallbackContext)
{
	bool task = in_task(), irqs = irqs_disabled();

	might_sleep();	/* callbacks run in process context */
	spin_lock(&kc_log_lock);
	kc_log_len += scnprintf(kc_log + kc_log_len, KC_LOG_SIZE - kc_log_len,
				"cb code=%u level=%u any=0x%llx all=0x%llx filter=%u type=0x%x source=%pUl task=%d irqs_off=%d ctx=%s\n",
				ControlCode, Level, MatchAnyKeyword,
				MatchAllKeyword,
				FilterData ? FilterData->Size : 0,
				FilterData ? FilterData->Type : 0, SourceId,
				task, irqs,
				CallbackContext == &kc_reg ? "ok" : "wrong");
	spin_unlock(&kc_log_lock);
}

/* ---- api ---------------------------------------------------------------- */

static int kc_nok;

static void kc_ck(bool ok, const char *what)
{
	kc_say("%s - %s\n", ok ? "ok" : "not ok", what);
	if (!ok)
		kc_nok++;
}

/* The traits blob of a provider named "KCheck" (seed 004). */
static const u8 kc_traits[] = { 9, 0, 'K', 'C', 'h', 'e', 'c', 'k', 0 };

static void kc_api_handles(void)
{
	static const WCHAR text[] = { 'h', 'i', 0 };
	EVENT_DESCRIPTOR d = { .Id = 1, .Level = 4 };
	EVENT_DATA_DESCRIPTOR data = { 0 };
	u8 bad_traits[5] = { 9, 0, 'x', 0, 0 }, yes = 1;
	REGHANDLE h = 1;
	NTSTATUS st;

	st = EtwRegister(NULL, NULL, NULL, &h);
	kc_ck(st == STATUS_INVALID_PARAMETER && h == 0,
	      "EtwRegister(NULL ProviderId): STATUS_INVALID_PARAMETER, handle 0");
	kc_ck(EtwRegister(&kc_api_guid, NULL, NULL, NULL) ==
	      STATUS_INVALID_PARAMETER,
	      "EtwRegister(NULL RegHandle): STATUS_INVALID_PARAMETER");
	st = EtwRegister(&kc_api_guid, NULL, NULL, &h);
	kc_ck(st == STATUS_SUCCESS && h, "EtwRegister: STATUS_SUCCESS, a handle");
	kc_ck(!EtwEventEnabled(h, &d) && !EtwProviderEnabled(h, 0, 0),
	      "EtwEventEnabled, EtwProviderEnabled: FALSE while no session enables it");
	kc_ck(!EtwEventEnabled(h, NULL) && !EtwEventEnabled(0, &d),
	      "EtwEventEnabled: FALSE for no descriptor, handle 0");
	kc_ck(EtwWrite(h, &d, NULL, 0, NULL) == STATUS_SUCCESS,
	      "EtwWrite with nobody listening: STATUS_SUCCESS");
	kc_ck(EtwWriteEx(h, &d, 0, 0x4, NULL, NULL, 0, NULL) ==
	      STATUS_INVALID_PARAMETER,
	      "EtwWriteEx with an unknown flag: STATUS_INVALID_PARAMETER");
	kc_ck(EtwWriteEx(h, &d, 0, EVENT_WRITE_FLAG_NO_FAULTING |
			 EVENT_WRITE_FLAG_INPRIVATE, NULL, NULL, 0, NULL) ==
	      STATUS_SUCCESS,
	      "EtwWriteEx with NO_FAULTING | INPRIVATE: STATUS_SUCCESS");
	kc_ck(EtwWrite(h, &d, NULL, MAX_EVENT_DATA_DESCRIPTORS + 1, &data) ==
	      STATUS_INVALID_PARAMETER,
	      "EtwWrite with 129 descriptors: STATUS_INVALID_PARAMETER");
	kc_ck(EtwWrite(h, &d, NULL, 1, NULL) == STATUS_INVALID_PARAMETER &&
	      EtwWrite(h, NULL, NULL, 0, NULL) == STATUS_INVALID_PARAMETER,
	      "EtwWrite without data or descriptor: STATUS_INVALID_PARAMETER");
	kc_ck(EtwWriteString(h, 4, 0, NULL, text) == STATUS_SUCCESS &&
	      EtwWriteString(h, 4, 0, NULL, NULL) == STATUS_INVALID_PARAMETER,
	      "EtwWriteString: STATUS_SUCCESS; a NULL string STATUS_INVALID_PARAMETER");
	kc_ck(EtwSetInformation(h, EventProviderSetTraits, bad_traits,
				sizeof(bad_traits)) == STATUS_INVALID_PARAMETER,
	      "EtwSetInformation: traits whose size lies are STATUS_INVALID_PARAMETER");
	kc_ck(EtwSetInformation(h, EventProviderSetTraits, (PVOID)kc_traits, 2) ==
	      STATUS_INVALID_PARAMETER,
	      "EtwSetInformation: 2 bytes of traits are STATUS_INVALID_PARAMETER");
	kc_ck(EtwSetInformation(h, EventProviderSetTraits, (PVOID)kc_traits,
				sizeof(kc_traits)) == STATUS_SUCCESS,
	      "EtwSetInformation(EventProviderSetTraits): STATUS_SUCCESS");
	kc_ck(EtwSetInformation(h, EventProviderSetTraits, (PVOID)kc_traits,
				sizeof(kc_traits)) ==
	      STATUS_OBJECT_NAME_COLLISION,
	      "traits are set once (seed 004, rule 2): STATUS_OBJECT_NAME_COLLISION");
	kc_ck(EtwSetInformation(h, EventProviderUseDescriptorType, &yes, 1) ==
	      STATUS_SUCCESS &&
	      EtwSetInformation(h, EventProviderUseDescriptorType, &yes, 2) ==
	      STATUS_INVALID_PARAMETER,
	      "EtwSetInformation(EventProviderUseDescriptorType): one BOOLEAN");
	kc_ck(EtwSetInformation(h, (EVENT_INFO_CLASS)99, &yes, 1) ==
	      STATUS_NOT_SUPPORTED,
	      "EtwSetInformation of an unknown class: STATUS_NOT_SUPPORTED");
	kc_ck(EtwUnregister(h) == STATUS_SUCCESS,
	      "EtwUnregister: STATUS_SUCCESS");
	kc_ck(EtwUnregister(h) == STATUS_INVALID_HANDLE &&
	      EtwWrite(h, &d, NULL, 0, NULL) == STATUS_INVALID_HANDLE &&
	      EtwSetInformation(h, EventProviderUseDescriptorType, &yes, 1) ==
	      STATUS_INVALID_HANDLE,
	      "a handle after EtwUnregister: STATUS_INVALID_HANDLE");
}

static void kc_api_activity(void)
{
	GUID a, b, c, zero = { 0 }, got;

	kc_ck(EtwActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &a) ==
	      STATUS_SUCCESS &&
	      EtwActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_ID, &b) ==
	      STATUS_SUCCESS && memcmp(&a, &b, 16) && memcmp(&a, &zero, 16),
	      "EtwActivityIdControl(CREATE_ID): new, non-zero IDs");
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_SET_ID, &a);
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &got);
	kc_ck(!memcmp(&got, &a, 16), "SET_ID, then GET_ID: the task's ID");
	got = b;
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_GET_SET_ID, &got);
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &c);
	kc_ck(!memcmp(&got, &a, 16) && !memcmp(&c, &b, 16),
	      "GET_SET_ID: the old ID out, the new one set");
	got = zero;
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_SET_ID, &got);
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &c);
	kc_ck(!memcmp(&got, &b, 16) && memcmp(&c, &b, 16) &&
	      memcmp(&c, &zero, 16),
	      "CREATE_SET_ID: the old ID out, a new one set");
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_SET_ID, &zero);
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, &c);
	kc_ck(!memcmp(&c, &zero, 16), "SET_ID GUID_NULL clears it");
	kc_ck(EtwActivityIdControl(0, &c) == STATUS_INVALID_PARAMETER &&
	      EtwActivityIdControl(6, &c) == STATUS_INVALID_PARAMETER &&
	      EtwActivityIdControl(EVENT_ACTIVITY_CTRL_GET_ID, NULL) ==
	      STATUS_INVALID_PARAMETER,
	      "EtwActivityIdControl: bad code or NULL is STATUS_INVALID_PARAMETER");
}

/*
 * Review 3, finding 5: tasks that set and clear their activity IDs as
 * fast as they can, so that each set after a clear is a new entry and
 * the table is swept every ETW_KACT_SWEEP of them, while the others'
 * entries are replaced and freed.  The sweep must read no freed entry
 * (KASAN says so in check-debug).
 */
#define KC_RACERS	3

static atomic_t kc_racers_done;

static int kc_racer(void *arg)
{
	unsigned int i, n = (unsigned long)arg;
	GUID id, zero = { 0 };

	for (i = 0; i < n && !kthread_should_stop(); i++) {
		EtwActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_SET_ID, &id);
		if (i & 1)
			EtwActivityIdControl(EVENT_ACTIVITY_CTRL_SET_ID, &zero);
		if (!(i & 255))
			cond_resched();
	}
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_SET_ID, &zero);
	atomic_inc(&kc_racers_done);
	/* Stay until kthread_stop(): it then reads this return value. */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ / 50);
	return 0;
}

/*
 * The writer of the command waits for the racers in interruptible sleeps
 * (a debug kernel takes long over it: no hung-task report, and ^C ends
 * it), then stops them.
 */
static void kc_activity_race(unsigned int n)
{
	struct task_struct *t[KC_RACERS];
	unsigned int i, started = 0;
	bool cut = false;

	atomic_set(&kc_racers_done, 0);
	for (i = 0; i < KC_RACERS; i++) {
		t[i] = kthread_run(kc_racer, (void *)(unsigned long)n,
				   "etw_kc_race/%u", i);
		if (IS_ERR(t[i]))
			break;
		get_task_struct(t[i]);
		started++;
	}
	while (atomic_read(&kc_racers_done) < started) {
		if (msleep_interruptible(20)) {
			cut = true;
			break;
		}
	}
	for (i = 0; i < started; i++) {
		kthread_stop(t[i]);
		put_task_struct(t[i]);
	}
	kc_say("racers %u of %u, %u rounds each%s\n", started, KC_RACERS, n,
	       cut ? " (interrupted)" : "");
}

static void kc_api_limits(void)
{
	REGHANDLE *h;
	NTSTATUS st = STATUS_SUCCESS;
	u32 n = 0, i;

	kc_ck(TraceLoggingRegister(kc_tl) == STATUS_SUCCESS &&
	      TraceLoggingRegister(kc_tl) == STATUS_INVALID_DEVICE_STATE,
	      "TraceLoggingRegister twice: the second STATUS_INVALID_DEVICE_STATE");
	TraceLoggingUnregister(kc_tl);
	kc_ck(!TraceLoggingProviderEnabled(kc_tl, 0, 0),
	      "TraceLoggingUnregister: the provider is disabled");

	h = kvcalloc(4096, sizeof(*h), GFP_KERNEL);
	if (!h) {
		kc_ck(false, "room for the registration limit test");
		return;
	}
	while (n < 4096) {
		st = EtwRegister(&kc_api_guid, NULL, NULL, &h[n]);
		if (!NT_SUCCESS(st))
			break;
		n++;
	}
	for (i = 0; i < n; i++)
		EtwUnregister(h[i]);
	kvfree(h);
	kc_say("# %u kernel registrations made before the limit\n", n);
	kc_ck(n > 2000 && n <= 2048 && st == STATUS_INSUFFICIENT_RESOURCES,
	      "kernel registrations are limited (2048 in all): then STATUS_INSUFFICIENT_RESOURCES");
}

/* ---- ctx ------------------------------------------------------------------ */

enum { KC_PROCESS, KC_LOCKED, KC_SOFTIRQ, KC_HARDIRQ, KC_NCTX };
static const char *const kc_ctx_name[KC_NCTX] = {
	"process", "locked", "softirq", "hardirq" };

struct kc_ctx_run {
	u32 n;
	u32 ok[KC_NCTX];
	u32 fail[KC_NCTX];
	NTSTATUS last[KC_NCTX];
	struct timer_list timer;
	struct hrtimer hrtimer;
	struct completion done;
};

static struct kc_ctx_run kc_run;
static DEFINE_SPINLOCK(kc_ctx_lock);

/* Event id ctx + 1, keyword 0x1; payload: Context (u8), Sequence (u32). */
static void kc_ctx_write(u8 ctx, u32 n)
{
	EVENT_DESCRIPTOR d = { .Id = ctx + 1, .Level = 4, .Keyword = 0x1 };
	EVENT_DATA_DESCRIPTOR data[2];
	NTSTATUS st;
	u32 i;

	for (i = 0; i < n; i++) {
		EventDataDescCreate(&data[0], &ctx, sizeof(ctx));
		EventDataDescCreate(&data[1], &i, sizeof(i));
		st = EtwWrite(kc_reg, &d, NULL, 2, data);
		if (NT_SUCCESS(st)) {
			kc_run.ok[ctx]++;
		} else {
			kc_run.fail[ctx]++;
			kc_run.last[ctx] = st;
		}
	}
}

static void kc_ctx_timer(struct timer_list *t)
{
	kc_ctx_write(in_serving_softirq() ? KC_SOFTIRQ : KC_PROCESS, kc_run.n);
	complete(&kc_run.done);
}

static enum hrtimer_restart kc_ctx_hrtimer(struct hrtimer *t)
{
	kc_ctx_write(in_hardirq() ? KC_HARDIRQ : KC_PROCESS, kc_run.n);
	complete(&kc_run.done);
	return HRTIMER_NORESTART;
}

static void kc_ctx(u32 n)
{
	unsigned long flags;
	u32 c;

	memset(kc_run.ok, 0, sizeof(kc_run.ok));
	memset(kc_run.fail, 0, sizeof(kc_run.fail));
	memset(kc_run.last, 0, sizeof(kc_run.last));
	kc_run.n = n;

	kc_ctx_write(KC_PROCESS, n);

	spin_lock_irqsave(&kc_ctx_lock, flags);
	kc_ctx_write(KC_LOCKED, n);
	spin_unlock_irqrestore(&kc_ctx_lock, flags);

	init_completion(&kc_run.done);
	mod_timer(&kc_run.timer, jiffies + 1);
	wait_for_completion(&kc_run.done);

	init_completion(&kc_run.done);
	hrtimer_start(&kc_run.hrtimer, ns_to_ktime(NSEC_PER_MSEC),
		      HRTIMER_MODE_REL_HARD);
	wait_for_completion(&kc_run.done);

	for (c = 0; c < KC_NCTX; c++)
		kc_say("%s ok=%u fail=%u last=0x%08x\n", kc_ctx_name[c],
		       kc_run.ok[c], kc_run.fail[c], kc_run.last[c]);
}

/* ---- bench ---------------------------------------------------------------- */

static DEFINE_STATIC_KEY_FALSE(kc_key);
static REGHANDLE kc_bench_reg;
static const EVENT_DESCRIPTOR kc_bench_desc = {
	.Id = 1, .Level = 4, .Keyword = 0x1 };

static void kc_bench_disabled(u32 n)
{
	u64 t0, t1, t2;
	u32 i, hits = 0;

	t0 = ktime_get_ns();
	for (i = 0; i < n; i++)
		if (EtwEventEnabled(kc_bench_reg, &kc_bench_desc))
			hits++;
	t1 = ktime_get_ns();
	for (i = 0; i < n; i++)
		if (static_branch_unlikely(&kc_key))
			hits++;
	t2 = ktime_get_ns();
	kc_say("ns %llu\nanchor %llu\nhits %u\n", div_u64((t1 - t0) * 1000, n),
	       div_u64((t2 - t1) * 1000, n), hits);
}

static void kc_bench_write(u32 n)
{
	EVENT_DATA_DESCRIPTOR data;
	u8 payload[64];
	u32 i, fails = 0;
	u64 t0, t1;

	for (i = 0; i < sizeof(payload); i++)
		payload[i] = i;
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		payload[0] = i;
		EventDataDescCreate(&data, payload, sizeof(payload));
		if (!NT_SUCCESS(EtwWrite(kc_bench_reg, &kc_bench_desc, NULL, 1,
					 &data)))
			fails++;
	}
	t1 = ktime_get_ns();
	kc_say("ns %llu\nfails %u\n", div_u64((t1 - t0) * 1000, n), fails);
}

static void kc_bench_tp(u32 n)
{
	u8 payload[64];
	u64 t0, t1;
	u32 i;

	for (i = 0; i < sizeof(payload); i++)
		payload[i] = i;
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		payload[0] = i;
		trace_etw_kcheck_bench64(payload);
	}
	t1 = ktime_get_ns();
	kc_say("ns %llu\nenabled %d\n", div_u64((t1 - t0) * 1000, n),
	       trace_etw_kcheck_bench64_enabled());
}

/* ---- the device ------------------------------------------------------------ */

/* Values are thousandths of ns ("ns 2345" is 2.345 ns per call). */
static int kc_run_cmd(char *cmd)
{
	unsigned int level, n;
	unsigned long long kw;
	EVENT_DESCRIPTOR d = { 0 };
	NTSTATUS st;

	kc_len = 0;
	kc_out[0] = 0;
	if (!strcmp(cmd, "api")) {
		kc_nok = 0;
		kc_api_handles();
		kc_api_activity();
		kc_api_limits();
		kc_say("# %d failed\n", kc_nok);
	} else if (!strcmp(cmd, "reg")) {
		spin_lock(&kc_log_lock);
		kc_log_len = 0;
		kc_log[0] = 0;
		spin_unlock(&kc_log_lock);
		st = EtwRegister(&kc_guid, kc_callback, &kc_reg, &kc_reg);
		kc_say("status 0x%08x\n", st);
	} else if (!strcmp(cmd, "unreg")) {
		kc_say("status 0x%08x\n", EtwUnregister(kc_reg));
	} else if (!strcmp(cmd, "log")) {
		spin_lock(&kc_log_lock);
		kc_say("%s", kc_log);
		spin_unlock(&kc_log_lock);
	} else if (sscanf(cmd, "enabled %u %llx", &level, &kw) == 2) {
		d.Level = level;
		d.Keyword = kw;
		kc_say("provider %d event %d\n",
		       EtwProviderEnabled(kc_reg, level, kw),
		       EtwEventEnabled(kc_reg, &d));
	} else if (sscanf(cmd, "activity-race %u", &n) == 1 && n &&
		   n <= 10000000) {
		kc_activity_race(n);
	} else if (sscanf(cmd, "ctx %u", &n) == 1 && n && n <= 1000) {
		kc_ctx(n);
	} else if (sscanf(cmd, "bench-disabled %u", &n) == 1 && n) {
		kc_bench_disabled(n);
	} else if (sscanf(cmd, "bench-write %u", &n) == 1 && n) {
		kc_bench_write(n);
	} else if (sscanf(cmd, "bench-tp %u", &n) == 1 && n) {
		kc_bench_tp(n);
	} else {
		return -EINVAL;
	}
	return 0;
}

static ssize_t kc_write(struct file *file, const char __user *buf,
			size_t len, loff_t *pos)
{
	char cmd[64];
	int ret;

	if (len >= sizeof(cmd))
		return -EINVAL;
	if (copy_from_user(cmd, buf, len))
		return -EFAULT;
	cmd[len] = 0;
	strim(cmd);
	mutex_lock(&kc_lock);
	ret = kc_run_cmd(cmd);
	mutex_unlock(&kc_lock);
	return ret ? ret : len;
}

static ssize_t kc_read(struct file *file, char __user *buf, size_t len,
		       loff_t *pos)
{
	ssize_t ret;

	mutex_lock(&kc_lock);
	ret = simple_read_from_buffer(buf, len, pos, kc_out, kc_len);
	mutex_unlock(&kc_lock);
	return ret;
}

static const struct file_operations kc_fops = {
	.owner	= THIS_MODULE,
	.read	= kc_read,
	.write	= kc_write,
	.llseek	= default_llseek,
};

static struct miscdevice kc_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "etw-kcheck",
	.fops	= &kc_fops,
	.mode	= 0600,
};

static int __init kc_init(void)
{
	int ret;

	kc_out = kzalloc(KC_OUT_SIZE, GFP_KERNEL);
	kc_log = kzalloc(KC_LOG_SIZE, GFP_KERNEL);
	if (!kc_out || !kc_log) {
		ret = -ENOMEM;
		goto out_free;
	}
	timer_setup(&kc_run.timer, kc_ctx_timer, 0);
	hrtimer_init(&kc_run.hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	kc_run.hrtimer.function = kc_ctx_hrtimer;
	if (!NT_SUCCESS(EtwRegister(&kc_bench_guid, NULL, NULL,
				    &kc_bench_reg))) {
		ret = -ENOMEM;
		goto out_free;
	}
	ret = misc_register(&kc_misc);
	if (ret)
		goto out_unregister;
	return 0;

out_unregister:
	EtwUnregister(kc_bench_reg);
out_free:
	kfree(kc_log);
	kfree(kc_out);
	return ret;
}

static void __exit kc_exit(void)
{
	misc_deregister(&kc_misc);
	EtwUnregister(kc_bench_reg);
	EtwUnregister(kc_reg);	/* STATUS_INVALID_HANDLE if not registered */
	del_timer_sync(&kc_run.timer);
	hrtimer_cancel(&kc_run.hrtimer);
	kfree(kc_log);
	kfree(kc_out);
}

module_init(kc_init);
module_exit(kc_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Linux ETW developers");
MODULE_DESCRIPTION("Checks and benchmarks of etw.ko's kernel-mode provider API");
