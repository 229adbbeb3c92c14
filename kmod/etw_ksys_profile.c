// SPDX-License-Identifier: GPL-2.0-only
/*
 * The sampled profile (EVENT_TRACE_FLAG_PROFILE): PerfInfo/SampleProf
 * every TraceSampledProfileIntervalInfo (default 1 ms) on every CPU, from
 * a perf cpu-clock event per online CPU created in the kernel
 * (perf_event_create_kernel_counter).  cpu-clock is an hrtimer: its
 * overflow handler runs in hard-interrupt context, never NMI, like
 * Windows' timer-based profile.  CPUs brought online later are not
 * sampled until the flag is turned off and on again.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

static struct perf_event **etw_kprofile_events;

static void etw_kprofile_sample(struct perf_event *event,
				struct perf_sample_data *data,
				struct pt_regs *regs)
{
	u8 p[ETW_KP_PROFILE_SIZE];
	struct etw_krec r = {
		.hook = ETW_KH_SAMPLED_PROFILE, .version = ETW_KV_PERFINFO,
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
		.data = p, .len = sizeof(p), .kptr = true,
		/* where another user's process runs: its own business */
		.owner = etw_kowner(current), .priv_len = 8, .priv_keep = 8,
		.regs = regs,
	};

	put_unaligned_le64(regs ? instruction_pointer(regs) : 0, p);
	put_unaligned_le32(task_pid_nr(current), p + 8);
	put_unaligned_le16(1, p + 12);	/* Count */
	put_unaligned_le16(0, p + 14);
	etw_kemit(ETW_KF_PROFILE, &r);
}

static int etw_profile_enable(void)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr),
		.pinned = 1,
	};
	unsigned int cpu, n = 0;

	/* 100-ns units to nanoseconds. */
	attr.sample_period = (u64)etw_ksys_profile_interval() * 100;
	etw_kprofile_events = kcalloc(nr_cpu_ids, sizeof(*etw_kprofile_events),
				      GFP_KERNEL);
	if (!etw_kprofile_events)
		return -ENOMEM;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct perf_event *e;

		e = perf_event_create_kernel_counter(&attr, cpu, NULL,
						     etw_kprofile_sample,
						     NULL);
		if (IS_ERR(e))
			continue;
		etw_kprofile_events[cpu] = e;
		n++;
	}
	cpus_read_unlock();
	if (!n) {
		kfree(etw_kprofile_events);
		etw_kprofile_events = NULL;
		return -ENODEV;
	}
	return 0;
}

static void etw_profile_disable(void)
{
	unsigned int cpu;

	if (!etw_kprofile_events)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (etw_kprofile_events[cpu])
			perf_event_release_kernel(etw_kprofile_events[cpu]);
	kfree(etw_kprofile_events);
	etw_kprofile_events = NULL;
}

struct etw_kgroup etw_kgroup_profile = {
	.name = "sampled profile (perf cpu-clock)",
	.flags = ETW_KF_PROFILE,
	.enable = etw_profile_enable,
	.disable = etw_profile_disable,
};
