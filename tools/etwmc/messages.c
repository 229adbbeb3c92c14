// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwmc: the MSG_ defines -- the message id mc.exe gives each localized
 * string a manifest element refers to (message="$(string.Some.Id)"
 * becomes MSG_Some_Id), sorted by id, as mc.exe writes them at the end
 * of its header.  Programs pass them to FormatMessage-style lookups and
 * compare them with EVENT_RECORD-derived ids.
 *
 * An id is  kind << 28 | provider index << 24 | (version << 16) + value:
 *
 *   provider, then its channels   0x9, a counter from 1 (per provider,
 *                                 counting those with a message)
 *   level                         0x5, the level
 *   task                          0x7, the task
 *   opcode                        0x3, version = its task, the opcode
 *   keyword                       0x1, the mask's highest bit + 1
 *   event                         0xB, version = the event's version, the
 *                                 event id; in the System, Application
 *                                 and Security logs the event id alone
 *   valueMap / bitMap entries     0xD / 0xF, a counter from 1 each
 *
 * The winmeta levels, opcodes and tasks the provider's events use, and
 * the logs it imports, get theirs when the string table defines their
 * string (level.Critical, opcode.Info, task.None, channel.Application).  <messageTable>
 * messages keep their value, named by their symbol.
 *
 * Checked against mc.exe 10's header for libsir's manifest
 * (data/mc/libsir): events of version 1 in the Application log are
 * 0x00000001..4, winmeta's strings 0x30000000, 0x50000001.., 0x70000000,
 * 0x90000001.  (mc.exe of the Windows 7 WDK wrote 0xB0000001 for an
 * event in the System log too, as the header of the evntdrv driver
 * sample shows; mc.exe 10 does not.)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwmc.h"

struct msg {
	char name[256];
	uint32_t id;
};

struct msgs {
	struct msg *v;
	unsigned n, cap;
};

static void add(struct msgs *m, const char *prefix, const char *ref, uint32_t id)
{
	char ident[240];
	unsigned i;

	if (!ref)
		return;
	c_ident(ref, ident, sizeof(ident));
	for (i = 0; i < m->n; i++)
		if (!strcmp(m->v[i].name + strlen(prefix), ident) &&
		    !strncmp(m->v[i].name, prefix, strlen(prefix)))
			return;		/* one define per string */
	if (m->n == m->cap) {
		struct msg *v = realloc(m->v, (m->cap * 2 + 16) * sizeof(*v));

		if (!v)
			return;
		m->v = v;
		m->cap = m->cap * 2 + 16;
	}
	snprintf(m->v[m->n].name, sizeof(m->v[0].name), "%s%s", prefix, ident);
	m->v[m->n++].id = id;
}

static uint32_t mid(unsigned kind, unsigned prov, unsigned version, uint64_t value)
{
	return (uint32_t)(kind & 0xF) << 28 | (uint32_t)(prov & 0xF) << 24 |
	       ((((uint32_t)version << 16) + (uint32_t)(value & 0xFFFF)) & 0xFFFFFF);
}

static int global_log(const struct mf_item *c)
{
	return c && (c->value == 8 || c->value == 9 || c->value == 10);
}

static int cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct msg *)a)->id, y = ((const struct msg *)b)->id;

	return x < y ? -1 : x > y;
}

/*
 * The string id "KIND.Name" of winmeta item @name ("win:Critical",
 * "Application") when the manifest's string table defines it, else NULL.
 */
static const char *winmeta_string(const struct tdh_manifest *man, const char *kind,
				  const char *name, char *buf, size_t len)
{
	unsigned i;

	if (!name)
		return NULL;
	if (!strncmp(name, "win:", 4))
		name += 4;
	snprintf(buf, len, "%s.%s", kind, name);
	for (i = 0; i < man->nstrings; i++)
		if (man->strings[i].id && !strcmp(man->strings[i].id, buf))
			return buf;
	return NULL;
}

/* What an event names for @kind: the item's text (item_text()). */
static const char *event_names(const struct mf_event *e, const char *kind)
{
	return *kind == 'l' ? e->level_name : *kind == 't' ? e->task_name : e->opcode_name;
}

/* The winmeta items the provider's events use and it does not define. */
static void winmeta(struct msgs *m, const struct tdh_manifest *man,
		    const struct tdh_provider *p, const char *kind, unsigned id_kind,
		    const struct mf_item *w, unsigned nw, unsigned k)
{
	char buf[128];
	unsigned i, j;

	for (i = 0; i < nw; i++) {
		const char *text = w[i].message ? w[i].message : w[i].name;

		for (j = 0; j < p->nevents && event_names(&p->events[j], kind) != text; j++)
			;
		if (j == p->nevents)
			continue;
		add(m, "MSG_", winmeta_string(man, kind, w[i].name, buf, sizeof(buf)),
		    mid(id_kind, k, 0, w[i].value));
	}
}

static void provider(struct msgs *m, const struct tdh_manifest *man,
		     const struct tdh_provider *p, unsigned k)
{
	unsigned i, j, counter = 1, vmap = 1, bmap = 1, bit;
	char buf[128];

	if (p->msgref)
		add(m, "MSG_", p->msgref, mid(0x9, k, 0, counter++));
	for (i = 0; i < p->nchannels; i++) {
		const char *ref = p->channels[i].msgref;

		/* an imported log: winmeta's string, if the table has it */
		if (!ref && global_log(&p->channels[i]))
			ref = winmeta_string(man, "channel", p->channels[i].name,
					     buf, sizeof(buf));
		if (ref)
			add(m, "MSG_", ref, mid(0x9, k, 0, counter++));
	}
	for (i = 0; i < p->nlevels; i++)
		add(m, "MSG_", p->levels[i].msgref, mid(0x5, k, 0, p->levels[i].value));
	for (i = 0; i < p->ntasks; i++)
		add(m, "MSG_", p->tasks[i].msgref, mid(0x7, k, 0, p->tasks[i].value));
	for (i = 0; i < p->nopcodes; i++) {
		const struct mf_item *o = &p->opcodes[i];

		add(m, "MSG_", o->msgref, mid(0x3, k, o->task ? (o->task - 1) & 0xFF : 0,
					      o->value));
	}
	for (i = 0; i < p->nkeywords; i++) {
		for (bit = 0; bit < 64 && p->keywords[i].value >> bit; bit++)
			;
		add(m, "MSG_", p->keywords[i].msgref, mid(0x1, k, 0, bit));
	}
	for (i = 0; i < p->nevents; i++) {
		const struct mf_event *e = &p->events[i];

		add(m, "MSG_", e->msgref, global_log(e->channel) ?
		    mid(0, k, 0, e->desc.Id) : mid(0xB, k, e->desc.Version, e->desc.Id));
	}
	winmeta(m, man, p, "level", 0x5, mf_winmeta_levels, mf_winmeta_nlevels, k);
	winmeta(m, man, p, "task", 0x7, mf_winmeta_tasks, mf_winmeta_ntasks, k);
	winmeta(m, man, p, "opcode", 0x3, mf_winmeta_opcodes, mf_winmeta_nopcodes, k);
	for (i = 0; i < p->nmaps; i++)
		for (j = 0; j < p->maps[i].n; j++)
			add(m, "MSG_", p->maps[i].msgrefs[j], p->maps[i].bitmap ?
			    mid(0xF, k, 0, bmap++) : mid(0xD, k, 0, vmap++));
}

void emit_messages(FILE *f, const struct tdh_manifest *man)
{
	struct msgs m = { 0 };
	unsigned i;

	for (i = 0; i < man->nproviders; i++)
		provider(&m, man, &man->providers[i], i);
	for (i = 0; i < man->nmessages; i++) {
		const struct mf_item *t = &man->messages[i];

		if (t->symbol)
			add(&m, "", t->symbol, (uint32_t)t->value);
		else
			add(&m, "MSG_", t->msgref, (uint32_t)t->value);
	}
	qsort(m.v, m.n, sizeof(*m.v), cmp);
	for (i = 0; i < m.n; i++)
		fprintf(f, "#define %-36s 0x%08XL\n", m.v[i].name, m.v[i].id);
	if (m.n)
		fputc('\n', f);
	free(m.v);
}
