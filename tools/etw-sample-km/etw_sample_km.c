// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw_sample_km.ko: a sample kernel-mode ETW provider, written as a
 * Windows driver would be (Documentation/kernel-providers.rst).
 *
 * Two providers:
 *  - Linux-ETW-KSample {7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a5b}, a manifest
 *    provider (etw-sample-km.man: install it for TDH to decode its
 *    events), written with EtwWrite and hand-made descriptors;
 *  - Linux-ETW-KSample-TL {7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a5c}, a
 *    TraceLogging provider (self-describing events), member of the
 *    provider group {7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a60}.
 *
 * While a session enables either, a timer ticks every period_ms: each
 * tick writes "Tick" (softirq context), queues a work item that writes
 * "Work" (process context, a kworker) and starts a hard-interrupt timer
 * that writes "Irq" (hard interrupt context).  write(2) on
 * /dev/etw-sample-km writes "Write" with the text (the writer's system
 * call, in its process, with a fresh activity ID).  The manifest
 * provider's enable callback writes "Enable" (what it was told, in
 * process context) and answers CAPTURE_STATE with "State".
 *
 * Parameters for tests: callback_delay_ms makes the enable callback
 * sleep; unregister=0 leaves the providers registered at unload (etw.ko
 * then unregisters them, and says so in the kernel log).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/timer.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include <etw_km.h>
#include <TraceLoggingProvider.h>

MODULE_IMPORT_NS(ETW);

static unsigned int period_ms = 100;
module_param(period_ms, uint, 0644);
MODULE_PARM_DESC(period_ms, "Timer period while enabled (ms)");

static unsigned int callback_delay_ms;
module_param(callback_delay_ms, uint, 0644);
MODULE_PARM_DESC(callback_delay_ms,
		 "Sleep in the enable callback (ms; for unload tests)");

static bool unregister = true;
module_param(unregister, bool, 0444);
MODULE_PARM_DESC(unregister,
		 "Unregister at unload (0: leave it to etw.ko; for tests)");

/* Linux-ETW-KSample, the manifest provider. */
static const GUID ks_guid = {
	0x7c1e2a40, 0x5b3d, 0x4e6f,
	{ 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x5b } };

TRACELOGGING_DEFINE_PROVIDER(ks_tl, "Linux-ETW-KSample-TL",
	(0x7c1e2a40, 0x5b3d, 0x4e6f, 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x5c),
	TraceLoggingOptionGroup(0x7c1e2a40, 0x5b3d, 0x4e6f, 0x8a, 0x9b, 0x0c,
				0x1d, 0x2e, 0x3f, 0x4a, 0x60));

/* Keywords, tasks and events of etw-sample-km.man. */
#define KS_KW_TIMER	0x1
#define KS_KW_WORK	0x2
#define KS_KW_SYSCALL	0x4
#define KS_KW_IRQ	0x8

static const EVENT_DESCRIPTOR ks_ev_tick = {
	.Id = 1, .Level = 4, .Task = 1, .Keyword = KS_KW_TIMER };
static const EVENT_DESCRIPTOR ks_ev_work = {
	.Id = 2, .Level = 4, .Task = 2, .Keyword = KS_KW_WORK };
static const EVENT_DESCRIPTOR ks_ev_write = {
	.Id = 3, .Level = 4, .Task = 3, .Keyword = KS_KW_SYSCALL };
static const EVENT_DESCRIPTOR ks_ev_irq = {
	.Id = 4, .Level = 5, .Task = 4, .Keyword = KS_KW_IRQ };
static const EVENT_DESCRIPTOR ks_ev_enable = {
	.Id = 5, .Level = 4, .Task = 5 };
static const EVENT_DESCRIPTOR ks_ev_state = {
	.Id = 6, .Level = 4, .Task = 5, .Opcode = 3 /* win:DC_Start */ };

/* The "Context" map of the manifest. */
enum { KS_PROCESS, KS_SOFTIRQ, KS_HARDIRQ };

static REGHANDLE ks_reg;
static bool ks_enabled;		/* the manifest provider is enabled */
static bool ks_stopping;	/* unloading: the timer is not armed again */
static atomic_t ks_ticks, ks_works, ks_writes, ks_irqs;

static struct timer_list ks_timer;
static struct hrtimer ks_hrtimer;
static struct work_struct ks_work;

static u8 ks_context(void)
{
	if (in_hardirq())
		return KS_HARDIRQ;
	if (in_serving_softirq())
		return KS_SOFTIRQ;
	return KS_PROCESS;
}

static bool ks_wanted(void)
{
	return !READ_ONCE(ks_stopping) &&
	       (READ_ONCE(ks_enabled) ||
		TraceLoggingProviderEnabled(ks_tl, 0, 0));
}

/* Start ticking (from the enable callbacks). */
static void ks_arm(void)
{
	if (ks_wanted() && !timer_pending(&ks_timer))
		mod_timer(&ks_timer, jiffies + 1);
}

/* Hard interrupt context. */
static enum hrtimer_restart ks_irq(struct hrtimer *t)
{
	u32 seq = atomic_inc_return(&ks_irqs);
	u8 ctx = ks_context();
	EVENT_DATA_DESCRIPTOR d[2];

	if (EtwEventEnabled(ks_reg, &ks_ev_irq)) {
		EventDataDescCreate(&d[0], &seq, sizeof(seq));
		EventDataDescCreate(&d[1], &ctx, sizeof(ctx));
		EtwWrite(ks_reg, &ks_ev_irq, NULL, 2, d);
	}
	TraceLoggingWrite(ks_tl, "Irq", TraceLoggingLevel(5),
			  TraceLoggingKeyword(KS_KW_IRQ),
			  TraceLoggingUInt32(seq, "Sequence"),
			  TraceLoggingUInt8(ctx, "Context"));
	return HRTIMER_NORESTART;
}

/* Process context: a kworker. */
static void ks_work_fn(struct work_struct *w)
{
	u32 seq = atomic_inc_return(&ks_works);
	u32 pid = task_pid_nr(current);
	u8 ctx = ks_context();
	EVENT_DATA_DESCRIPTOR d[3];

	if (EtwEventEnabled(ks_reg, &ks_ev_work)) {
		EventDataDescCreate(&d[0], &seq, sizeof(seq));
		EventDataDescCreate(&d[1], &ctx, sizeof(ctx));
		EventDataDescCreate(&d[2], &pid, sizeof(pid));
		EtwWrite(ks_reg, &ks_ev_work, NULL, 3, d);
	}
	TraceLoggingWrite(ks_tl, "Work", TraceLoggingLevel(4),
			  TraceLoggingKeyword(KS_KW_WORK),
			  TraceLoggingUInt32(seq, "Sequence"),
			  TraceLoggingUInt8(ctx, "Context"),
			  TraceLoggingUInt32(pid, "Pid"));
}

/* Softirq context (the timer wheel). */
static void ks_tick(struct timer_list *t)
{
	u32 seq = atomic_inc_return(&ks_ticks);
	u32 cpu = raw_smp_processor_id();
	u8 ctx = ks_context();
	EVENT_DATA_DESCRIPTOR d[3];

	if (EtwEventEnabled(ks_reg, &ks_ev_tick)) {
		EventDataDescCreate(&d[0], &seq, sizeof(seq));
		EventDataDescCreate(&d[1], &ctx, sizeof(ctx));
		EventDataDescCreate(&d[2], &cpu, sizeof(cpu));
		EtwWrite(ks_reg, &ks_ev_tick, NULL, 3, d);
	}
	TraceLoggingWrite(ks_tl, "Tick", TraceLoggingLevel(4),
			  TraceLoggingKeyword(KS_KW_TIMER),
			  TraceLoggingUInt32(seq, "Sequence"),
			  TraceLoggingUInt8(ctx, "Context"),
			  TraceLoggingUInt32(cpu, "Cpu"));
	if (READ_ONCE(ks_stopping))
		return;
	queue_work(system_wq, &ks_work);
	hrtimer_start(&ks_hrtimer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	if (ks_wanted())
		mod_timer(&ks_timer,
			  jiffies + msecs_to_jiffies(max(period_ms, 1U)));
}

/*
 * The manifest provider's enable callback (process context): what it
 * was told goes into an "Enable" event; CAPTURE_STATE gets "State".
 */
static void NTAPI ks_enable_cb(LPCGUID SourceId, ULONG ControlCode,
			       UCHAR Level, ULONGLONG MatchAnyKeyword,
			       ULONGLONG MatchAllKeyword,
			       PEVENT_FILTER_DESCRIPTOR FilterData,
			       PVOID CallbackContext)
{
	u32 code = ControlCode, fsize = FilterData ? FilterData->Size : 0;
	u32 state[4];
	u8 ctx = ks_context();
	EVENT_DATA_DESCRIPTOR d[6];

	if (callback_delay_ms)
		msleep(callback_delay_ms);
	switch (ControlCode) {
	case EVENT_CONTROL_CODE_ENABLE_PROVIDER:
		WRITE_ONCE(ks_enabled, true);
		EventDataDescCreate(&d[0], &code, sizeof(code));
		EventDataDescCreate(&d[1], &Level, sizeof(Level));
		EventDataDescCreate(&d[2], &MatchAnyKeyword, 8);
		EventDataDescCreate(&d[3], &MatchAllKeyword, 8);
		EventDataDescCreate(&d[4], &ctx, sizeof(ctx));
		EventDataDescCreate(&d[5], &fsize, sizeof(fsize));
		EtwWrite(ks_reg, &ks_ev_enable, NULL, 6, d);
		ks_arm();
		break;
	case EVENT_CONTROL_CODE_DISABLE_PROVIDER:
		WRITE_ONCE(ks_enabled, false);
		break;
	case EVENT_CONTROL_CODE_CAPTURE_STATE:
		state[0] = atomic_read(&ks_ticks);
		state[1] = atomic_read(&ks_works);
		state[2] = atomic_read(&ks_writes);
		state[3] = atomic_read(&ks_irqs);
		EventDataDescCreate(&d[0], state, sizeof(state));
		EtwWrite(ks_reg, &ks_ev_state, NULL, 1, d);
		break;
	}
}

/* The TraceLogging provider's: TraceLogging keeps the state; tick. */
static void NTAPI ks_tl_cb(LPCGUID SourceId, ULONG ControlCode, UCHAR Level,
			   ULONGLONG MatchAnyKeyword, ULONGLONG MatchAllKeyword,
			   PEVENT_FILTER_DESCRIPTOR FilterData,
			   PVOID CallbackContext)
{
	if (ControlCode == EVENT_CONTROL_CODE_ENABLE_PROVIDER)
		ks_arm();
}

/*
 * write(2): the system call path, in the writer's process.  The event
 * gets an activity ID of its own, the task's previous one restored.
 */
static ssize_t ks_write(struct file *file, const char __user *buf,
			size_t len, loff_t *pos)
{
	u32 n = min_t(size_t, len, 256), pid = task_tgid_nr(current);
	u32 length = min_t(size_t, len, U32_MAX);
	EVENT_DATA_DESCRIPTOR d[3];
	GUID activity;
	char text[257];

	if (copy_from_user(text, buf, n))
		return -EFAULT;
	text[n] = 0;
	atomic_inc(&ks_writes);
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_CREATE_SET_ID, &activity);
	if (EtwEventEnabled(ks_reg, &ks_ev_write)) {
		EventDataDescCreate(&d[0], &pid, sizeof(pid));
		EventDataDescCreate(&d[1], &length, sizeof(length));
		EventDataDescCreate(&d[2], text, strlen(text) + 1);
		EtwWrite(ks_reg, &ks_ev_write, NULL, 3, d);
	}
	TraceLoggingWrite(ks_tl, "Write", TraceLoggingLevel(4),
			  TraceLoggingKeyword(KS_KW_SYSCALL),
			  TraceLoggingUInt32(pid, "Pid"),
			  TraceLoggingUInt32(length, "Length"),
			  TraceLoggingString(text, "Text"));
	EtwActivityIdControl(EVENT_ACTIVITY_CTRL_SET_ID, &activity);
	return len;
}

static const struct file_operations ks_fops = {
	.owner	= THIS_MODULE,
	.write	= ks_write,
	.llseek	= noop_llseek,
};

static struct miscdevice ks_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "etw-sample-km",
	.fops	= &ks_fops,
	.mode	= 0600,
};

static int __init ks_init(void)
{
	NTSTATUS st;
	int ret;

	timer_setup(&ks_timer, ks_tick, 0);
	hrtimer_init(&ks_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	ks_hrtimer.function = ks_irq;
	INIT_WORK(&ks_work, ks_work_fn);

	/* A session that enabled it already calls back before this returns. */
	st = EtwRegister(&ks_guid, ks_enable_cb, NULL, &ks_reg);
	if (!NT_SUCCESS(st)) {
		pr_err("EtwRegister: 0x%08x\n", st);
		return -ENOMEM;
	}
	st = TraceLoggingRegisterEx(ks_tl, ks_tl_cb, NULL);
	if (!NT_SUCCESS(st)) {
		pr_err("TraceLoggingRegister: 0x%08x\n", st);
		ret = -ENOMEM;
		goto out_unregister;
	}
	ret = misc_register(&ks_misc);
	if (ret)
		goto out_unregister_tl;
	return 0;

out_unregister_tl:
	TraceLoggingUnregister(ks_tl);
out_unregister:
	EtwUnregister(ks_reg);
	WRITE_ONCE(ks_stopping, true);
	del_timer_sync(&ks_timer);
	hrtimer_cancel(&ks_hrtimer);
	cancel_work_sync(&ks_work);
	return ret;
}

/*
 * Unregistering first: no callback runs (or starts the timer) after
 * EtwUnregister returns; then the timers and the work item stop.
 */
static void __exit ks_exit(void)
{
	misc_deregister(&ks_misc);
	if (unregister) {
		TraceLoggingUnregister(ks_tl);
		EtwUnregister(ks_reg);
	}
	WRITE_ONCE(ks_stopping, true);
	del_timer_sync(&ks_timer);
	hrtimer_cancel(&ks_hrtimer);
	cancel_work_sync(&ks_work);
}

module_init(ks_init);
module_exit(ks_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("Linux ETW developers");
MODULE_DESCRIPTION("Sample kernel-mode ETW provider (manifest and TraceLogging)");
