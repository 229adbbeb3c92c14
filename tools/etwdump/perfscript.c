// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --perf-script: the samples and the events with call stacks as
 * perf script prints samples with call chains, which FlameGraph's
 * stackcollapse-perf.pl, speedscope and Firefox Profiler read:
 *
 *	stackprog 5310/5310 [000] 1655526400.031000: 1 cpu-clock:
 *		    5644a1c05213 leaf_hot+0x13 (/usr/bin/stackprog)
 *		    5644a1c05264 inl_add (inlined)
 *		    5644a1c05264 middle+0x24 (/usr/bin/stackprog)
 *		    7f8e21a3c24a libc.so.6+0x2724a (/usr/lib/x86_64-linux-gnu/libc.so.6)
 *	(an empty line)
 *
 * A header line (command, pid/tid, [cpu], time in seconds since 1970,
 * the period -- 1 per sample -- and the event: cpu-clock for a sample,
 * else Provider/Event), then a frame per line, innermost first: address,
 * symbol+offset and the file in parentheses; an inlined function is a
 * line of its own with the same address, "(inlined)"; a frame without a
 * name is module+0xOFFSET.  Events without a stack are left out.
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "stackev.h"

static const char *comm(uint32_t pid)
{
	static char name[128], buf[128];
	static uint32_t last = UINT32_MAX;

	if (pid != last)
		snprintf(name, sizeof(name), "%s", sev_process_name(pid, buf, sizeof(buf)));
	last = pid;
	return name;
}

static void word(struct obuf *o, const char *s)
{
	for (; *s; s++)
		ob_putc(o, *s == ' ' || *s == '\t' || *s == '\n' ? '_' : *s);
}

static void perf_sink(const struct sev *e)
{
	struct obuf *o = sev_out;
	long long t = filetime_ns(e->time);
	unsigned i, k;

	if (!e->has_stack || !e->nframes)
		return;
	word(o, comm(e->pid));
	ob_putc(o, ' ');
	ob_u64(o, e->pid);
	ob_putc(o, '/');
	ob_u64(o, e->tid);
	ob_lit(o, " [");
	if (e->cpu < 100)
		ob_putc(o, '0');
	if (e->cpu < 10)
		ob_putc(o, '0');
	ob_u64(o, e->cpu);
	ob_lit(o, "] ");
	ob_u64(o, (uint64_t)(t / 1000000000));
	ob_putc(o, '.');
	{
		char us[8];
		long long u = (t % 1000000000) / 1000;

		snprintf(us, sizeof(us), "%06lld", u < 0 ? 0 : u);
		ob_puts(o, us);
	}
	ob_lit(o, ": 1 ");
	if (e->kind == SEV_SAMPLE)
		ob_lit(o, "cpu-clock");
	else
		word(o, e->name);
	ob_lit(o, ":\n");
	for (i = 0; i < e->nframes; i++) {
		const struct sym_loc *l = e->locs[i];

		for (k = 0; k + 1 < l->nframes; k++) {
			ob_lit(o, "\t");
			ob_hex(o, e->addrs[i], 16, 0);
			ob_putc(o, ' ');
			ob_puts(o, l->frames[k].func ? l->frames[k].func : "[unknown]");
			ob_lit(o, " (inlined)\n");
		}
		ob_lit(o, "\t");
		ob_hex(o, e->addrs[i], 16, 0);
		ob_putc(o, ' ');
		if (l->nframes && l->frames[l->nframes - 1].func) {
			ob_puts(o, l->frames[l->nframes - 1].func);
			ob_lit(o, "+0x");
			ob_hex(o, l->func_off, 1, 0);
		} else {
			ob_puts(o, l->module_base);
			ob_lit(o, "+0x");
			ob_hex(o, l->offset, 1, 0);
		}
		ob_lit(o, " (");
		word(o, l->module);
		ob_lit(o, ")\n");
	}
	ob_putc(o, '\n');
}

void perf_script_init(void)
{
	static struct obuf out;

	sev_out = &out;
	sev_sink(perf_sink, SEV_WANT_SAMPLES | SEV_WANT_STACKS);
}

static void perf_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	(void)er;
	(void)d;
	sev_take_text(o);
	ob_put(o, sev_out->buf, sev_out->len);
	sev_out->len = 0;
}

static void perf_end(struct obuf *o)
{
	sev_flush();
	ob_put(o, sev_out->buf, sev_out->len);
	sev_out->len = 0;
}

const struct output output_perf_script = {
	.event = perf_event,
	.end = perf_end,
};
