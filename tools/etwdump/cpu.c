// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --cpu: CPU usage from the trace's samples (PerfInfo/
 * SampledProfile and their StackWalk stacks), as WPA's "CPU Usage
 * (Sampled)" and perf report --children show it: per process, its
 * threads; its modules and functions with inclusive counts (samples
 * whose stack holds it, each sample counted once) and exclusive ones
 * (samples in it: the innermost frame, an inlined function if the code
 * is one); and its hottest stacks.  Shares are of all samples.  --json:
 * the same as one object.  The report's flame graph uses the same trees
 * (cpu_trees()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwdump.h"
#include "calltree.h"
#include "common/json.h"

#define MAX_DEPTH	1024
#define TOP_FUNCS	30
#define TOP_STACKS	5

struct cnt {
	uint64_t incl, excl;
	uint64_t stamp;		/* the last sample that counted it inclusively */
};

struct cpu_thread {
	uint32_t tid;
	uint64_t n;
};

struct cpu_mod {
	const char *name;
	struct cnt c;
};

struct cpu_proc {
	uint32_t pid;
	uint64_t n;
	struct cpu_thread *thr;
	size_t nthr;
	struct cpu_mod *mods;
	size_t nmods;
	struct cnt *funcs;	/* by function */
	size_t nfuncs;
	struct calltree tree;
};

static struct cpu_proc *procs;
static size_t nprocs;
static uint64_t total, stamp;
static int enabled, printing, as_json;

static struct cpu_proc *proc_of(uint32_t pid)
{
	static size_t last;
	size_t i;

	if (last < nprocs && procs[last].pid == pid)
		return &procs[last];
	for (i = 0; i < nprocs; i++)
		if (procs[i].pid == pid)
			return &procs[last = i];
	procs = sev_grow(procs, nprocs + 1, sizeof(*procs));
	memset(&procs[nprocs], 0, sizeof(*procs));
	procs[nprocs].pid = pid;
	return &procs[last = nprocs++];
}

static void count(struct cpu_proc *p, unsigned f, int self)
{
	const char *m = ct_funcs[f].module;
	struct cnt *c;
	size_t i;

	if (f >= p->nfuncs) {
		size_t n = ct_nfuncs + 64;

		p->funcs = sev_grow(p->funcs, n, sizeof(*p->funcs));
		memset(p->funcs + p->nfuncs, 0, (n - p->nfuncs) * sizeof(*p->funcs));
		p->nfuncs = n;
	}
	c = &p->funcs[f];
	if (c->stamp != stamp) {
		c->stamp = stamp;
		c->incl++;
	}
	c->excl += self;
	for (i = 0; i < p->nmods && strcmp(p->mods[i].name, m); i++)
		;
	if (i == p->nmods) {
		p->mods = sev_grow(p->mods, p->nmods + 1, sizeof(*p->mods));
		memset(&p->mods[i], 0, sizeof(*p->mods));
		p->mods[p->nmods++].name = m;
	}
	c = &p->mods[i].c;
	if (c->stamp != stamp) {
		c->stamp = stamp;
		c->incl++;
	}
	c->excl += self;
}

static void cpu_sink(const struct sev *e)
{
	static unsigned f[MAX_DEPTH];
	struct cpu_proc *p;
	unsigned n, i;
	size_t k;

	if (e->kind != SEV_SAMPLE)
		return;
	n = ct_stack(e, f, MAX_DEPTH);
	p = proc_of(e->pid);
	p->n++;
	total++;
	stamp++;
	for (k = 0; k < p->nthr && p->thr[k].tid != e->tid; k++)
		;
	if (k == p->nthr) {
		p->thr = sev_grow(p->thr, p->nthr + 1, sizeof(*p->thr));
		p->thr[p->nthr].tid = e->tid;
		p->thr[p->nthr++].n = 0;
	}
	p->thr[k].n++;
	for (i = 0; i < n; i++)
		count(p, f[i], i == n - 1);
	ct_add(&p->tree, f, n, 1);
}

/* The trees of the processes' samples (the report's flame graph). */
static uint32_t *tree_pids;
static const struct calltree **tree_list;

size_t cpu_trees(const struct calltree **trees[], const uint32_t **pids)
{
	size_t i;

	tree_pids = sev_grow(tree_pids, nprocs + 1, sizeof(*tree_pids));
	tree_list = sev_grow(tree_list, nprocs + 1, sizeof(*tree_list));
	for (i = 0; i < nprocs; i++) {
		tree_pids[i] = procs[i].pid;
		tree_list[i] = &procs[i].tree;
	}
	*trees = tree_list;
	*pids = tree_pids;
	return nprocs;
}

void cpu_init(int json)
{
	if (!enabled)
		sev_sink(cpu_sink, SEV_WANT_SAMPLES);
	enabled = 1;
	printing = 1;
	as_json = json;
}

/* For cpu_trees() alone (the report), without printing. */
void cpu_collect(void)
{
	if (!enabled)
		sev_sink(cpu_sink, SEV_WANT_SAMPLES);
	enabled = 1;
}

/* ---- printing --------------------------------------------------------------------- */

static const struct cpu_proc *sort_p;

static int by_n(const void *a, const void *b)
{
	const struct cpu_proc *x = a, *y = b;

	return x->n != y->n ? (x->n < y->n ? 1 : -1) : (x->pid > y->pid) - (x->pid < y->pid);
}

static int by_func(const void *a, const void *b)
{
	const struct cnt *x = &sort_p->funcs[*(const unsigned *)a];
	const struct cnt *y = &sort_p->funcs[*(const unsigned *)b];

	if (x->incl != y->incl)
		return x->incl < y->incl ? 1 : -1;
	if (x->excl != y->excl)
		return x->excl < y->excl ? 1 : -1;
	return strcmp(ct_funcs[*(const unsigned *)a].name, ct_funcs[*(const unsigned *)b].name);
}

static int by_self(const void *a, const void *b)
{
	const struct ct_node *x = &sort_p->tree.nodes[*(const unsigned *)a];
	const struct ct_node *y = &sort_p->tree.nodes[*(const unsigned *)b];

	if (x->self != y->self)
		return x->self < y->self ? 1 : -1;
	return *(const unsigned *)a < *(const unsigned *)b ? -1 : 1;
}

static double pct(uint64_t n)
{
	return total ? 100.0 * (double)n / (double)total : 0;
}

/* The functions of @p, most inclusive first: how many into *@n. */
static unsigned *funcs_sorted(const struct cpu_proc *p, size_t *n)
{
	unsigned *o = sev_grow(NULL, p->nfuncs + 1, sizeof(*o));
	size_t i;

	*n = 0;
	for (i = 1; i < p->nfuncs; i++)
		if (p->funcs[i].incl)
			o[(*n)++] = (unsigned)i;
	sort_p = p;
	qsort(o, *n, sizeof(*o), by_func);
	return o;
}

static unsigned *stacks_sorted(const struct cpu_proc *p, size_t *n)
{
	unsigned *o = sev_grow(NULL, p->tree.n + 1, sizeof(*o));
	size_t i;

	*n = 0;
	for (i = 1; i < p->tree.n; i++)
		if (p->tree.nodes[i].self)
			o[(*n)++] = (unsigned)i;
	sort_p = p;
	qsort(o, *n, sizeof(*o), by_self);
	return o;
}

/* The path to node @i, outermost first, into @f; returns its length. */
static unsigned path(const struct calltree *t, unsigned i, unsigned *f)
{
	unsigned n = 0, k, x;

	for (k = i; k && n < MAX_DEPTH; k = t->nodes[k].parent)
		f[n++] = t->nodes[k].func;
	for (k = 0; k < n / 2; k++) {
		x = f[k];
		f[k] = f[n - 1 - k];
		f[n - 1 - k] = x;
	}
	return n;
}

static void print_text(FILE *f)
{
	static unsigned pf[MAX_DEPTH];
	char name[256];
	size_t i, k, n;

	fprintf(f, "CPU usage (sampled): %llu samples in %zu processes\n",
		(unsigned long long)total, nprocs);
	for (i = 0; i < nprocs; i++) {
		const struct cpu_proc *p = &procs[i];
		unsigned *o;

		fprintf(f, "\nProcess %s (%u): %llu samples, %.1f%%\n", sev_process_name(p->pid, name, sizeof(name)),
			p->pid, (unsigned long long)p->n, pct(p->n));
		for (k = 0; k < p->nthr; k++)
			fprintf(f, "  thread %u: %llu samples, %.1f%%\n", p->thr[k].tid,
				(unsigned long long)p->thr[k].n, pct(p->thr[k].n));
		fprintf(f, "  %9s %7s %9s %7s  %s\n", "Inclusive", "", "Exclusive", "", "Module");
		for (k = 0; k < p->nmods; k++)
			fprintf(f, "  %9llu %6.1f%% %9llu %6.1f%%  %s\n",
				(unsigned long long)p->mods[k].c.incl, pct(p->mods[k].c.incl),
				(unsigned long long)p->mods[k].c.excl, pct(p->mods[k].c.excl),
				p->mods[k].name);
		fprintf(f, "  %9s %7s %9s %7s  %s\n", "Children", "", "Self", "", "Function");
		o = funcs_sorted(p, &n);
		for (k = 0; k < n && k < TOP_FUNCS; k++) {
			const struct cnt *c = &p->funcs[o[k]];

			fprintf(f, "  %9llu %6.1f%% %9llu %6.1f%%  %s!%s\n",
				(unsigned long long)c->incl, pct(c->incl),
				(unsigned long long)c->excl, pct(c->excl),
				ct_funcs[o[k]].module, ct_funcs[o[k]].name);
		}
		if (n > TOP_FUNCS)
			fprintf(f, "  ... and %zu more functions (--cpu --json has all)\n", n - TOP_FUNCS);
		free(o);
		fprintf(f, "  Hottest stacks (innermost last):\n");
		o = stacks_sorted(p, &n);
		for (k = 0; k < n && k < TOP_STACKS; k++) {
			unsigned d = path(&p->tree, o[k], pf), j;

			fprintf(f, "  %9llu %6.1f%%  ", (unsigned long long)p->tree.nodes[o[k]].self,
				pct(p->tree.nodes[o[k]].self));
			for (j = 0; j < d; j++)
				fprintf(f, "%s%s", j ? " > " : "", ct_funcs[pf[j]].name);
			fputc('\n', f);
		}
		free(o);
	}
}

/* "samples" and "processes" into @jp (--cpu --json, the report). */
void cpu_json_members(struct json *jp)
{
	static unsigned pf[MAX_DEPTH];
	char name[256];
	struct json j = *jp;
	size_t i, k, n;

	qsort(procs, nprocs, sizeof(*procs), by_n);
	json_u64(&j, "samples", total);
	json_key(&j, "processes");
	json_open(&j, '[');
	for (i = 0; i < nprocs; i++) {
		const struct cpu_proc *p = &procs[i];
		unsigned *o;

		json_open(&j, '{');
		json_u64(&j, "pid", p->pid);
		json_str(&j, "name", sev_process_name(p->pid, name, sizeof(name)));
		json_u64(&j, "samples", p->n);
		json_key(&j, "threads");
		json_open(&j, '[');
		for (k = 0; k < p->nthr; k++) {
			json_open(&j, '{');
			json_u64(&j, "tid", p->thr[k].tid);
			json_u64(&j, "samples", p->thr[k].n);
			json_close(&j, '}');
		}
		json_close(&j, ']');
		json_key(&j, "modules");
		json_open(&j, '[');
		for (k = 0; k < p->nmods; k++) {
			json_open(&j, '{');
			json_str(&j, "module", p->mods[k].name);
			json_u64(&j, "inclusive", p->mods[k].c.incl);
			json_u64(&j, "exclusive", p->mods[k].c.excl);
			json_close(&j, '}');
		}
		json_close(&j, ']');
		json_key(&j, "functions");
		json_open(&j, '[');
		o = funcs_sorted(p, &n);
		for (k = 0; k < n; k++) {
			json_open(&j, '{');
			json_str(&j, "function", ct_funcs[o[k]].name);
			json_str(&j, "module", ct_funcs[o[k]].module);
			json_bool(&j, "named", ct_funcs[o[k]].named);
			json_u64(&j, "inclusive", p->funcs[o[k]].incl);
			json_u64(&j, "exclusive", p->funcs[o[k]].excl);
			json_close(&j, '}');
		}
		free(o);
		json_close(&j, ']');
		json_key(&j, "stacks");
		json_open(&j, '[');
		o = stacks_sorted(p, &n);
		for (k = 0; k < n && k < TOP_STACKS; k++) {
			unsigned d = path(&p->tree, o[k], pf), x;

			json_open(&j, '{');
			json_u64(&j, "samples", p->tree.nodes[o[k]].self);
			json_key(&j, "functions");
			json_open(&j, '[');
			for (x = 0; x < d; x++)
				json_str(&j, NULL, ct_funcs[pf[x]].name);
			json_close(&j, ']');
			json_close(&j, '}');
		}
		free(o);
		json_close(&j, ']');
		json_close(&j, '}');
	}
	json_close(&j, ']');
	*jp = j;
}

void cpu_print(FILE *f)
{
	struct json j;

	if (!printing)
		return;
	qsort(procs, nprocs, sizeof(*procs), by_n);
	if (!as_json) {
		print_text(f);
		return;
	}
	json_init(&j, f);
	json_open(&j, '{');
	cpu_json_members(&j);
	json_close(&j, '}');
	json_end(&j);
}
