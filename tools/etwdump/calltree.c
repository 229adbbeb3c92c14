// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump: samples by call path (calltree.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "calltree.h"

struct ct_func *ct_funcs;
size_t ct_nfuncs;

/* Functions by (module, name); and the function of a result, by its id. */
static struct { const char *module, *name; unsigned f; } *fhash;
static size_t fhcap;
static unsigned *by_loc;	/* [sym_loc id * MAXK + k]: function + 1 */
static size_t by_loc_cap;
#define MAXK 8

static uint64_t hstr(const char *s, uint64_t h)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static void *xcalloc(size_t n, size_t s)
{
	void *p = calloc(n, s);

	if (!p) {
		fprintf(stderr, "etwdump: out of memory\n");
		exit(1);
	}
	return p;
}

static unsigned func_of(const char *module, const char *name, int named)
{
	size_t k, i;

	if (2 * (ct_nfuncs + 2) > fhcap) {
		size_t nc = fhcap ? 2 * fhcap : 1024;
		__typeof__(fhash) t = xcalloc(nc, sizeof(*t));

		for (i = 0; i < fhcap; i++) {
			if (!fhash[i].f)
				continue;
			k = hstr(fhash[i].name, hstr(fhash[i].module, 14695981039346656037ULL)) & (nc - 1);
			while (t[k].f)
				k = (k + 1) & (nc - 1);
			t[k] = fhash[i];
		}
		free(fhash);
		fhash = t;
		fhcap = nc;
		ct_funcs = realloc(ct_funcs, nc * sizeof(*ct_funcs));
		if (!ct_funcs)
			exit(1);
		if (!ct_nfuncs)
			ct_nfuncs = 1;
	}
	k = hstr(name, hstr(module, 14695981039346656037ULL)) & (fhcap - 1);
	while (fhash[k].f) {
		if (!strcmp(fhash[k].name, name) && !strcmp(fhash[k].module, module))
			return fhash[k].f;
		k = (k + 1) & (fhcap - 1);
	}
	ct_funcs[ct_nfuncs].module = strdup(module);
	ct_funcs[ct_nfuncs].name = strdup(name);
	ct_funcs[ct_nfuncs].named = named;
	fhash[k].module = ct_funcs[ct_nfuncs].module;
	fhash[k].name = ct_funcs[ct_nfuncs].name;
	fhash[k].f = (unsigned)ct_nfuncs;
	return (unsigned)ct_nfuncs++;
}

/* The function of frame @k of @l (k < nframes, or 0 for a frame without name). */
static unsigned loc_func(const struct sym_loc *l, unsigned k)
{
	size_t at = (size_t)l->id * MAXK + k;
	char t[4200];
	unsigned f;

	if (k < MAXK && at < by_loc_cap && by_loc[at])
		return by_loc[at] - 1;
	if (l->nframes) {
		f = func_of(l->module_base, l->frames[k].func ? l->frames[k].func : "??", 1);
	} else {
		snprintf(t, sizeof(t), "%s+0x%llx", l->module_base, (unsigned long long)l->offset);
		f = func_of(l->module_base, t, 0);
	}
	if (k < MAXK && l->id) {
		if (at >= by_loc_cap) {
			size_t nc = by_loc_cap ? 2 * by_loc_cap : 4096;

			while (nc <= at)
				nc *= 2;
			by_loc = realloc(by_loc, nc * sizeof(*by_loc));
			if (!by_loc)
				exit(1);
			memset(by_loc + by_loc_cap, 0, (nc - by_loc_cap) * sizeof(*by_loc));
			by_loc_cap = nc;
		}
		by_loc[at] = f + 1;
	}
	return f;
}

unsigned ct_stack(const struct sev *e, unsigned *out, unsigned max)
{
	unsigned n = 0, i, k;

	for (i = e->nframes; i-- > 0 && n < max;) {
		const struct sym_loc *l = e->locs[i];

		if (!l->nframes) {
			out[n++] = loc_func(l, 0);
			continue;
		}
		for (k = l->nframes; k-- > 0 && n < max;)
			out[n++] = loc_func(l, k);
	}
	return n;
}

static uint64_t hkey(unsigned parent, unsigned f)
{
	uint64_t h = ((uint64_t)parent << 32 | f) * 0x9E3779B97F4A7C15ULL;

	return h ^ (h >> 29);
}

static unsigned node(struct calltree *t, unsigned parent, unsigned f)
{
	size_t k, i;

	if (2 * (t->n + 1) > t->hcap) {
		size_t nc = t->hcap ? 2 * t->hcap : 512;

		free(t->hash);
		t->hash = xcalloc(nc, sizeof(*t->hash));
		t->hcap = nc;
		for (i = 1; i < t->n; i++) {
			k = hkey(t->nodes[i].parent, t->nodes[i].func) & (nc - 1);
			while (t->hash[k])
				k = (k + 1) & (nc - 1);
			t->hash[k] = (unsigned)i;
		}
	}
	k = hkey(parent, f) & (t->hcap - 1);
	while (t->hash[k]) {
		struct ct_node *x = &t->nodes[t->hash[k]];

		if (x->parent == parent && x->func == f)
			return t->hash[k];
		k = (k + 1) & (t->hcap - 1);
	}
	if (t->n == t->cap) {
		t->cap *= 2;
		t->nodes = realloc(t->nodes, t->cap * sizeof(*t->nodes));
		if (!t->nodes)
			exit(1);
	}
	memset(&t->nodes[t->n], 0, sizeof(t->nodes[0]));
	t->nodes[t->n].func = f;
	t->nodes[t->n].parent = parent;
	t->nodes[t->n].next = t->nodes[parent].child;
	t->nodes[parent].child = (unsigned)t->n;
	t->hash[k] = (unsigned)t->n;
	return (unsigned)t->n++;
}

void ct_add(struct calltree *t, const unsigned *f, unsigned n, uint64_t w)
{
	unsigned at = 0, i;

	if (!t->cap) {
		t->cap = 256;
		t->nodes = xcalloc(t->cap, sizeof(*t->nodes));
		t->n = 1;	/* the root */
	}
	t->nodes[0].total += w;
	for (i = 0; i < n; i++) {
		at = node(t, at, f[i]);
		t->nodes[at].total += w;
	}
	t->nodes[at].self += w;
}

void ct_free(struct calltree *t)
{
	free(t->nodes);
	free(t->hash);
	memset(t, 0, sizeof(*t));
}
