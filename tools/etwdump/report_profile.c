// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --report: the page's profile -- the samples' call trees per
 * process (the flame graph), the functions' inclusive and exclusive
 * counts (cpu.c's), and the context switches' table (waits.c's) -- as
 * the "profile" member of the page's data, which report_profile.js
 * draws.  Left out when the trace has neither samples nor switches.
 *
 *   "profile": {
 *     "functions": ["", "stackprog!main", ...],	   by index
 *     "trees": [{"pid": P, "f": [...], "parent": [...],  nodes, root first:
 *                "self": [...], "total": [...]}],	   function, parent node
 *     "cpu": {...},	as etwdump --cpu --json
 *     "waits": {...}	as etwdump --waits --json
 *   }
 */
#include <stdio.h>

#include "etwdump.h"
#include "calltree.h"
#include "common/json.h"

size_t cpu_trees(const struct calltree **trees[], const uint32_t **pids);
int waits_any(void);

void report_profile_open(void)
{
	cpu_collect();
	waits_collect();
}

static void column(struct json *j, const char *key, const struct calltree *t, int which)
{
	size_t i;

	json_key(j, key);
	json_open(j, '[');
	for (i = 0; i < t->n; i++) {
		const struct ct_node *x = &t->nodes[i];

		json_u64(j, NULL, which == 0 ? x->func : which == 1 ? x->parent :
			 which == 2 ? x->self : x->total);
	}
	json_close(j, ']');
}

void report_profile_json(struct json *j)
{
	const struct calltree **trees;
	const uint32_t *pids;
	size_t n = cpu_trees(&trees, &pids), i;
	char t[4200];

	if (!n && !waits_any())
		return;
	json_key(j, "profile");
	json_open(j, '{');
	json_key(j, "functions");
	json_open(j, '[');
	for (i = 0; i < ct_nfuncs; i++) {
		if (i)
			snprintf(t, sizeof(t), "%s!%s", ct_funcs[i].module, ct_funcs[i].name);
		json_str(j, NULL, i ? t : "");
	}
	json_close(j, ']');
	json_key(j, "trees");
	json_open(j, '[');
	for (i = 0; i < n; i++) {
		json_open(j, '{');
		json_u64(j, "pid", pids[i]);
		column(j, "f", trees[i], 0);
		column(j, "parent", trees[i], 1);
		column(j, "self", trees[i], 2);
		column(j, "total", trees[i], 3);
		json_close(j, '}');
	}
	json_close(j, ']');
	json_key(j, "cpu");
	json_open(j, '{');
	cpu_json_members(j);
	json_close(j, '}');
	if (waits_any()) {
		json_key(j, "waits");
		json_open(j, '{');
		waits_json_members(j);
		json_close(j, '}');
	}
	json_close(j, '}');
}
