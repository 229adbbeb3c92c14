/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwdump: samples by call path, for --cpu and the report's flame graph.
 *
 * A function is a name in a module ("stackprog" + "leaf_hot"; an
 * inlined function is one too); a frame without a name is its own
 * function, "module+0xOFFSET".  A stack is the list of its functions,
 * outermost first (each frame's inlined functions after the function
 * they are inlined into).  A tree holds, per call path, the samples
 * that ended there (self) and that went through it (total).
 */
#ifndef _TOOLS_ETWDUMP_CALLTREE_H
#define _TOOLS_ETWDUMP_CALLTREE_H

#include <stddef.h>
#include <stdint.h>

#include "stackev.h"

struct ct_func {
	const char *module;	/* last path component */
	const char *name;	/* function, or "module+0xOFFSET" */
	int named;
};

struct ct_node {
	unsigned func;		/* 0 for the root */
	unsigned parent;	/* node index; the root is 0 */
	unsigned child, next;	/* first child, next sibling (0: none) */
	uint64_t self, total;
};

struct calltree {
	struct ct_node *nodes;
	size_t n, cap;
	unsigned *hash;		/* (parent, func) -> node index */
	size_t hcap;
};

/* The functions, shared by all trees (index 0 unused). */
extern struct ct_func *ct_funcs;
extern size_t ct_nfuncs;

/*
 * The functions of @e's stack, outermost first, into @out (at most @max);
 * returns how many.
 */
unsigned ct_stack(const struct sev *e, unsigned *out, unsigned max);

/* Add a stack of @n functions (outermost first) with weight @w. */
void ct_add(struct calltree *t, const unsigned *f, unsigned n, uint64_t w);
void ct_free(struct calltree *t);

#endif /* _TOOLS_ETWDUMP_CALLTREE_H */
