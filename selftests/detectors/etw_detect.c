// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw_detect.ko: one deliberate bug per detector of the debug kernel, so
 * that `make check-debug` can prove, once per run, that its detector
 * pipeline really fails a run (Documentation/testing.rst).  Built only
 * for the debug kernel and loaded only by tools/vm/detector-test.sh;
 * never load it anywhere else.
 *
 *   echo kasan > /sys/module/etw_detect/parameters/trigger
 *
 * Triggers: lockdep, atomic-sleep, list, odebug, ubsan, kfence, kasan,
 * leak (found by the kmemleak scan after unloading), hung (a task in D
 * state for longer than the hung-task timeout; slow, manual use only).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/sched.h>
#include <linux/kfence.h>
#include <linux/string.h>

static DEFINE_MUTEX(detect_a);
static DEFINE_MUTEX(detect_b);
static DEFINE_SPINLOCK(detect_lock);
static int detect_shift = 40;

/* Lock order A then B, later B then A: a possible ABBA deadlock. */
static void detect_lockdep(void)
{
	mutex_lock(&detect_a);
	mutex_lock(&detect_b);
	mutex_unlock(&detect_b);
	mutex_unlock(&detect_a);

	mutex_lock(&detect_b);
	mutex_lock(&detect_a);
	mutex_unlock(&detect_a);
	mutex_unlock(&detect_b);
}

/* A GFP_KERNEL allocation under a spinlock: it may sleep. */
static void detect_atomic_sleep(void)
{
	void *p;

	spin_lock(&detect_lock);
	p = kmalloc(32, GFP_KERNEL);
	spin_unlock(&detect_lock);
	kfree(p);
}

/* list_add() next to an entry whose prev does not point back. */
static void detect_list(void)
{
	struct list_head head, other, entry;

	INIT_LIST_HEAD(&other);
	head.next = &other;
	head.prev = &other;
	list_add(&entry, &head);	/* refused: other.prev != &head */
}

static void detect_timer_fn(struct timer_list *t)
{
}

/* Freeing an armed timer. */
static void detect_odebug(void)
{
	struct timer_list *t = kmalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return;
	timer_setup(t, detect_timer_fn, 0);
	mod_timer(t, jiffies + 1000 * HZ);
	kfree(t);			/* debugobjects deactivates it */
}

/* A shift by more than the width of the type. */
static void detect_ubsan(void)
{
	int shift = READ_ONCE(detect_shift);
	u32 one = 1;

	pr_info("etw_detect: 1 << %d = %u\n", shift, one << shift);
}

/*
 * An out-of-bounds write on a KFENCE-sampled object: allocate until the
 * sampler hands us one (one sample per 100 ms), for at most 10 s.
 */
static void detect_kfence(void)
{
	unsigned long end = jiffies + 10 * HZ;
	char *p;

	while (time_before(jiffies, end)) {
		p = kmalloc(64, GFP_KERNEL);
		if (!p)
			return;
		if (is_kfence_address(p)) {
			WRITE_ONCE(p[64], 1);
			kfree(p);
			return;
		}
		kfree(p);
		cond_resched();
	}
	pr_err("etw_detect: no KFENCE sample in 10 s\n");
}

/*
 * A read after kfree(), on an object KFENCE did not sample: a sampled one
 * is reported by KFENCE instead of KASAN (seen once in CI).  The sampler
 * takes at most one allocation per interval, so the retry is not sampled.
 */
static void detect_kasan(void)
{
	char *p;
	int i;

	for (i = 0; i < 4; i++) {
		p = kmalloc(32, GFP_KERNEL);
		if (!p || !is_kfence_address(p))
			break;
		kfree(p);
	}
	if (!p)
		return;
	kfree(p);
	pr_info("etw_detect: read after free: %d\n", READ_ONCE(p[8]));
}

/* An allocation nobody points to any more. */
static void detect_leak(void)
{
	char *p = kmalloc(128, GFP_KERNEL);

	if (p)
		strscpy(p, "etw_detect deliberate leak", 128);
	p = NULL;
}

/* Uninterruptible sleep longer than the hung-task timeout. */
static void detect_hung(void)
{
	set_current_state(TASK_UNINTERRUPTIBLE);
	schedule_timeout(75 * HZ);
}

static const struct {
	const char *name;
	void (*fn)(void);
} detect_triggers[] = {
	{ "lockdep", detect_lockdep },
	{ "atomic-sleep", detect_atomic_sleep },
	{ "list", detect_list },
	{ "odebug", detect_odebug },
	{ "ubsan", detect_ubsan },
	{ "kfence", detect_kfence },
	{ "kasan", detect_kasan },
	{ "leak", detect_leak },
	{ "hung", detect_hung },
};

static int detect_set(const char *val, const struct kernel_param *kp)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(detect_triggers); i++) {
		if (sysfs_streq(val, detect_triggers[i].name)) {
			pr_info("etw_detect: trigger %s\n",
				detect_triggers[i].name);
			detect_triggers[i].fn();
			return 0;
		}
	}
	return -EINVAL;
}

static const struct kernel_param_ops detect_ops = {
	.set = detect_set,
};
module_param_cb(trigger, &detect_ops, NULL, 0200);
MODULE_PARM_DESC(trigger, "name of the deliberate bug to run");

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Deliberate bugs for the debug kernel's detectors (test only)");
