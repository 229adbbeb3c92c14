// SPDX-License-Identifier: MIT
/*
 * Reading an instrumentation manifest with libxml2 into the model of
 * tdh_manifest.h: providers, their channels, levels, tasks, opcodes,
 * keywords, maps, templates and events, with names resolved (the
 * provider's own first, then winmeta's win:... names) and $(string.Id)
 * references replaced by the localized text.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "tdh_manifest.h"

struct mf_ctx {
	struct tdh_manifest *m;
	struct mf_string *strings;
	unsigned nstrings;
	char *err;
	size_t errlen;
	int bad;
};

__attribute__((format(printf, 2, 3)))
static void mf_error(struct mf_ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->bad)
		return;
	c->bad = 1;
	if (!c->err || !c->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
	/* libxml2's messages end in a newline. */
	while (*c->err && c->err[strlen(c->err) - 1] == '\n')
		c->err[strlen(c->err) - 1] = 0;
}

static int is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	       !strcmp((const char *)n->name, name);
}

static const xmlNode *child(const xmlNode *n, const char *name)
{
	for (n = n ? n->children : NULL; n; n = n->next)
		if (is(n, name))
			return n;
	return NULL;
}

static unsigned nchildren(const xmlNode *n, const char *name)
{
	unsigned k = 0;

	for (n = n ? n->children : NULL; n; n = n->next)
		if (is(n, name))
			k++;
	return k;
}

/* An attribute's value, copied into the manifest's arena (or NULL). */
static const char *attr(struct mf_ctx *c, const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp((xmlNode *)n, (const xmlChar *)name);
	char *s;

	if (!v)
		return NULL;
	s = tdh_strndup(&c->m->a, (const char *)v, strlen((const char *)v));
	xmlFree(v);
	return s;
}

static const char *req(struct mf_ctx *c, const xmlNode *n, const char *name)
{
	const char *s = attr(c, n, name);

	if (!s)
		mf_error(c, "line %u: <%s> needs a %s attribute", (unsigned)n->line,
			 (const char *)n->name, name);
	return s;
}

static int number(const char *s, uint64_t *v)
{
	char *end;

	if (!s || !*s)
		return -1;
	*v = strtoull(s, &end, 0);
	return *end ? -1 : 0;
}

/* "$(string.Id)" -> the string table's text; other text as is. */
static const char *msg(struct mf_ctx *c, const char *ref)
{
	size_t n;
	unsigned i;

	if (!ref || strncmp(ref, "$(string.", 9))
		return ref;
	n = strlen(ref);
	if (n < 11 || ref[n - 1] != ')')
		return ref;
	for (i = 0; i < c->nstrings; i++)
		if (strlen(c->strings[i].id) == n - 10 &&
		    !strncmp(c->strings[i].id, ref + 9, n - 10))
			return c->strings[i].value;
	return ref;
}

/* "$(string.Id)" -> "Id" (mc.exe names its MSG_ defines after it), else NULL. */
static const char *msgref(struct mf_ctx *c, const char *ref)
{
	size_t n = ref ? strlen(ref) : 0;

	if (n < 11 || strncmp(ref, "$(string.", 9) || ref[n - 1] != ')')
		return NULL;
	return tdh_strndup(&c->m->a, ref + 9, n - 10);
}

int mf_parse_guid(const char *s, GUID *g)
{
	unsigned int d1, d2, d3, b[8];
	int n = 0;

	if (!s)
		return -1;
	if (*s == '{')
		s++;
	if (sscanf(s, "%8x-%4x-%4x-%2x%2x-%2x%2x%2x%2x%2x%2x%n", &d1, &d2, &d3,
		   &b[0], &b[1], &b[2], &b[3], &b[4], &b[5], &b[6], &b[7], &n) != 11 ||
	    n != 36 || (s[36] && strcmp(s + 36, "}")))
		return -1;
	g->Data1 = d1;
	g->Data2 = (uint16_t)d2;
	g->Data3 = (uint16_t)d3;
	for (n = 0; n < 8; n++)
		g->Data4[n] = (uint8_t)b[n];
	return 0;
}

/* The string table: en-US if present, else the first <resources>. */
static void mf_strings(struct mf_ctx *c, const xmlNode *root)
{
	const xmlNode *loc = child(root, "localization"), *res, *pick = NULL;
	const xmlNode *tab, *s;
	unsigned k = 0;

	for (res = loc ? loc->children : NULL; res; res = res->next) {
		xmlChar *cul;

		if (!is(res, "resources"))
			continue;
		if (!pick)
			pick = res;
		cul = xmlGetProp((xmlNode *)res, (const xmlChar *)"culture");
		if (cul && !strcasecmp((const char *)cul, "en-US"))
			pick = res;
		xmlFree(cul);
	}
	tab = child(pick, "stringTable");
	if (!tab)
		return;
	c->strings = tdh_alloc(&c->m->a, (nchildren(tab, "string") + 1) *
				 sizeof(*c->strings));
	if (!c->strings)
		return;
	for (s = tab->children; s; s = s->next) {
		if (!is(s, "string"))
			continue;
		c->strings[k].id = attr(c, s, "id");
		c->strings[k].value = attr(c, s, "value");
		if (c->strings[k].id && c->strings[k].value)
			k++;
	}
	c->nstrings = k;
}

/* <levels>/<level>, <tasks>/<task>, <opcodes>, <keywords>: name + value. */
static struct mf_item *mf_items(struct mf_ctx *c, const xmlNode *list,
				const char *elem, const char *valattr,
				unsigned extra, unsigned *n)
{
	struct mf_item *it;
	const xmlNode *e;
	unsigned k = 0;

	*n = 0;
	it = tdh_alloc(&c->m->a, (nchildren(list, elem) + extra + 1) * sizeof(*it));
	if (!it)
		return NULL;
	for (e = list ? list->children : NULL; e; e = e->next) {
		const char *v;

		if (!is(e, elem))
			continue;
		it[k].name = strcmp(elem, "message") ? req(c, e, "name") : NULL;
		v = req(c, e, valattr);
		if (v && number(v, &it[k].value))
			mf_error(c, "line %u: %s=\"%s\" is not a number",
				 (unsigned)e->line, valattr, v);
		it[k].symbol = attr(c, e, "symbol");
		it[k].msgref = msgref(c, attr(c, e, "message"));
		it[k].message = msg(c, attr(c, e, "message"));
		it[k].event_guid = attr(c, e, "eventGUID");
		k++;
	}
	*n = k;
	return it;
}

/* <task> elements, and the <opcodes> nested in them (task = value + 1). */
static void mf_tasks(struct mf_ctx *c, struct tdh_provider *p,
		     const xmlNode *prov)
{
	const xmlNode *tasks = child(prov, "tasks"), *ops = child(prov, "opcodes");
	const xmlNode *t;
	unsigned nested = 0, k;

	p->tasks = mf_items(c, tasks, "task", "value", 0, &p->ntasks);
	for (t = tasks ? tasks->children : NULL; t; t = t->next)
		if (is(t, "task"))
			nested += nchildren(child(t, "opcodes"), "opcode");
	p->opcodes = mf_items(c, ops, "opcode", "value", nested, &p->nopcodes);
	if (!p->opcodes || !p->tasks)
		return;
	for (t = tasks ? tasks->children : NULL, k = 0; t; t = t->next) {
		const xmlNode *o;

		if (!is(t, "task"))
			continue;
		for (o = child(child(t, "opcodes"), "opcode"); o; o = o->next) {
			struct mf_item *it = &p->opcodes[p->nopcodes];
			const char *v;

			if (!is(o, "opcode"))
				continue;
			it->name = req(c, o, "name");
			v = req(c, o, "value");
			if (v && number(v, &it->value))
				mf_error(c, "line %u: opcode value \"%s\"",
					 (unsigned)o->line, v);
			it->symbol = attr(c, o, "symbol");
			it->msgref = msgref(c, attr(c, o, "message"));
			it->message = msg(c, attr(c, o, "message"));
			it->task = (unsigned)p->tasks[k].value + 1;
			p->nopcodes++;
		}
		k++;
	}
}

/*
 * <channels>: <channel> and <importChannel>.  Values: the value attribute,
 * winmeta's for imported System/Application/Security, else 16, 17, ...
 * in order, skipping values other channels give themselves, as mc.exe
 * assigns them.
 */
static int value_taken(const xmlNode *list, uint64_t v)
{
	const xmlNode *e;

	for (e = list ? list->children : NULL; e; e = e->next) {
		xmlChar *s = e->type == XML_ELEMENT_NODE ?
			xmlGetProp((xmlNode *)e, (const xmlChar *)"value") : NULL;
		uint64_t x;
		int hit = s && !number((const char *)s, &x) && x == v;

		xmlFree(s);
		if (hit)
			return 1;
	}
	return 0;
}

static void mf_channels(struct mf_ctx *c, struct tdh_provider *p,
			const xmlNode *prov)
{
	const xmlNode *list = child(prov, "channels"), *e;
	unsigned k = 0, next = 16, i;

	p->channels = tdh_alloc(&c->m->a, (nchildren(list, "channel") +
			nchildren(list, "importChannel") + 1) * sizeof(*p->channels));
	if (!p->channels)
		return;
	for (e = list ? list->children : NULL; e; e = e->next) {
		struct mf_item *it = &p->channels[k];
		const char *v;
		int imported = is(e, "importChannel");

		if (!imported && !is(e, "channel"))
			continue;
		it->imported = imported;
		it->name = req(c, e, "name");
		it->chid = attr(c, e, "chid");	/* what events refer to */
		it->symbol = attr(c, e, "symbol");
		it->msgref = msgref(c, attr(c, e, "message"));
		it->message = msg(c, attr(c, e, "message"));
		it->type = attr(c, e, "type");
		v = attr(c, e, "value");
		if (v) {
			if (number(v, &it->value))
				mf_error(c, "line %u: channel value \"%s\"",
					 (unsigned)e->line, v);
		} else {
			while (value_taken(list, next))	/* another channel's value= */
				next++;
			it->value = next;
			for (i = 0; imported && it->name && i < mf_winmeta_nchannels; i++)
				if (!strcasecmp(it->name, mf_winmeta_channels[i].name))
					it->value = mf_winmeta_channels[i].value;
			if (it->value == next)
				next++;
		}
		if (!it->message)
			it->message = it->name;
		k++;
	}
	p->nchannels = k;
}

static void mf_maps(struct mf_ctx *c, struct tdh_provider *p,
		    const xmlNode *prov)
{
	const xmlNode *list = child(prov, "maps"), *m, *e;
	unsigned k = 0;

	p->maps = tdh_alloc(&c->m->a, (nchildren(list, "valueMap") +
			nchildren(list, "bitMap") + 1) * sizeof(*p->maps));
	if (!p->maps)
		return;
	for (m = list ? list->children : NULL; m; m = m->next) {
		struct mf_map *map = &p->maps[k];
		unsigned n = 0;

		if (!is(m, "valueMap") && !is(m, "bitMap"))
			continue;
		map->name = req(c, m, "name");
		map->symbol = attr(c, m, "symbol");
		map->bitmap = is(m, "bitMap");
		map->e = tdh_alloc(&c->m->a, (nchildren(m, "map") + 1) *
				   sizeof(*map->e));
		map->symbols = tdh_alloc(&c->m->a, (nchildren(m, "map") + 1) *
					 sizeof(*map->symbols));
		map->msgrefs = tdh_alloc(&c->m->a, (nchildren(m, "map") + 1) *
					 sizeof(*map->msgrefs));
		if (!map->e || !map->symbols || !map->msgrefs)
			return;
		for (e = m->children; e; e = e->next) {
			uint64_t v = 0;
			const char *vs;

			if (!is(e, "map"))
				continue;
			vs = req(c, e, "value");
			if (vs && (number(vs, &v) || v > 0xFFFFFFFFu))
				mf_error(c, "line %u: map value \"%s\"",
					 (unsigned)e->line, vs);
			map->e[n].value = (uint32_t)v;
			map->e[n].text = msg(c, req(c, e, "message"));
			map->symbols[n] = attr(c, e, "symbol");
			map->msgrefs[n] = msgref(c, attr(c, e, "message"));
			n++;
		}
		map->n = n;
		k++;
	}
	p->nmaps = k;
}

static int mf_datas(struct mf_ctx *c, const xmlNode *parent,
		    struct mf_data **out, unsigned *n, int depth);

static void mf_count_length(struct mf_ctx *c, const xmlNode *e,
			    struct mf_data *d)
{
	const char *cnt = attr(c, e, "count"), *len = attr(c, e, "length");
	uint64_t v;

	if (cnt) {
		if (!number(cnt, &v) && v <= 0xFFFF)
			d->count = (uint16_t)v;
		else
			d->count_ref = cnt;
	}
	if (len) {
		if (!number(len, &v) && v <= 0xFFFF)
			d->length = (uint16_t)v;
		else
			d->length_ref = len;
	}
}

/* <data> and <struct> children of a template or struct. */
static int mf_datas(struct mf_ctx *c, const xmlNode *parent,
		    struct mf_data **out, unsigned *n, int depth)
{
	const xmlNode *e;
	struct mf_data *d;
	unsigned k = 0;

	*n = 0;
	d = tdh_alloc(&c->m->a, (nchildren(parent, "data") +
			nchildren(parent, "struct") + 1) * sizeof(*d));
	*out = d;
	if (!d)
		return -ENOMEM;
	if (depth > 16) {
		mf_error(c, "line %u: structs nested too deep", (unsigned)parent->line);
		return -EINVAL;
	}
	for (e = parent->children; e; e = e->next) {
		struct mf_data *x = &d[k];

		if (is(e, "data")) {
			const char *in = req(c, e, "inType"), *out_ = attr(c, e, "outType");
			int v;

			x->name = req(c, e, "name");
			v = mf_intype(in);
			if (in && v < 0)
				mf_error(c, "line %u: unknown inType \"%s\"",
					 (unsigned)e->line, in);
			x->in = v < 0 ? 0 : (uint16_t)v;
			if (out_) {
				v = mf_outtype(out_);
				if (v < 0)
					mf_error(c, "line %u: unknown outType \"%s\"",
						 (unsigned)e->line, out_);
				x->out = v < 0 ? 0 : (uint16_t)v;
				x->out_given = 1;
			} else {
				x->out = mf_default_outtype(x->in);
			}
			x->map = attr(c, e, "map");
		} else if (is(e, "struct")) {
			x->name = req(c, e, "name");
			x->is_struct = 1;
			if (mf_datas(c, e, &x->members, &x->nmembers, depth + 1))
				return -EINVAL;
		} else {
			continue;
		}
		mf_count_length(c, e, x);
		k++;
	}
	*n = k;
	return 0;
}

static void mf_templates(struct mf_ctx *c, struct tdh_provider *p,
			 const xmlNode *prov)
{
	const xmlNode *list = child(prov, "templates"), *t;
	unsigned k = 0;

	p->templates = tdh_alloc(&c->m->a, (nchildren(list, "template") + 1) *
				 sizeof(*p->templates));
	if (!p->templates)
		return;
	for (t = list ? list->children : NULL; t; t = t->next) {
		if (!is(t, "template"))
			continue;
		p->templates[k].tid = req(c, t, "tid");
		mf_datas(c, t, &p->templates[k].data, &p->templates[k].n, 0);
		k++;
	}
	p->ntemplates = k;
}

/* Find an item by name in the provider's list, then in winmeta's. */
static const struct mf_item *find_item(const struct mf_item *own, unsigned n,
				       const struct mf_item *meta, unsigned nm,
				       const char *name, unsigned task)
{
	unsigned i;

	/* An opcode of the event's task before a global one of that name. */
	for (i = 0; task && i < n; i++)
		if (own[i].name && !strcmp(own[i].name, name) && own[i].task == task)
			return &own[i];
	for (i = 0; i < n; i++)
		if (own[i].name && !strcmp(own[i].name, name) && own[i].task == 0)
			return &own[i];
	for (i = 0; i < nm; i++)
		if (!strcmp(meta[i].name, name))
			return &meta[i];
	return NULL;
}

static const char *item_text(const struct mf_item *it)
{
	return it->message ? it->message : it->name;
}

static void mf_event(struct mf_ctx *c, struct tdh_provider *p,
		     const xmlNode *e, struct mf_event *ev)
{
	const char *v = req(c, e, "value"), *s;
	const struct mf_item *it;
	uint64_t n;
	unsigned i;

	if (v && (number(v, &n) || n > 0xFFFF))
		mf_error(c, "line %u: event value \"%s\"", (unsigned)e->line, v);
	else if (v)
		ev->desc.Id = (USHORT)n;
	s = attr(c, e, "version");
	if (s && (number(s, &n) || n > 255))
		mf_error(c, "line %u: event version \"%s\"", (unsigned)e->line, s);
	else if (s)
		ev->desc.Version = (UCHAR)n;
	ev->symbol = attr(c, e, "symbol");
	ev->msgref = msgref(c, attr(c, e, "message"));
	ev->message = msg(c, attr(c, e, "message"));
	s = attr(c, e, "notLogged");
	ev->not_logged = s && (!strcmp(s, "true") || !strcmp(s, "1"));
	if ((s = attr(c, e, "level"))) {
		it = find_item(p->levels, p->nlevels, mf_winmeta_levels,
			       mf_winmeta_nlevels, s, 0);
		if (!it)
			mf_error(c, "line %u: unknown level \"%s\"", (unsigned)e->line, s);
		else {
			ev->desc.Level = (UCHAR)it->value;
			ev->level_name = item_text(it);
		}
	}
	if ((s = attr(c, e, "task"))) {
		it = find_item(p->tasks, p->ntasks, mf_winmeta_tasks,
			       mf_winmeta_ntasks, s, 0);
		if (!it)
			mf_error(c, "line %u: unknown task \"%s\"", (unsigned)e->line, s);
		else {
			ev->desc.Task = (USHORT)it->value;
			ev->task_name = item_text(it);
		}
	}
	if ((s = attr(c, e, "opcode"))) {
		it = find_item(p->opcodes, p->nopcodes, mf_winmeta_opcodes,
			       mf_winmeta_nopcodes, s, (unsigned)ev->desc.Task + 1);
		if (!it)
			mf_error(c, "line %u: unknown opcode \"%s\"", (unsigned)e->line, s);
		else {
			ev->desc.Opcode = (UCHAR)it->value;
			ev->opcode_name = item_text(it);
		}
	}
	/*
	 * The first declared channel whose chid or name matches, else
	 * winmeta's.  As mc.exe does, an event in a declared channel also
	 * gets that channel's keyword: bit 63 for the first channel the
	 * provider declares, 62 for the second, ... (winmeta channels it
	 * does not declare have none).
	 */
	if ((s = attr(c, e, "channel"))) {
		for (i = 0, it = NULL; i < p->nchannels && !it; i++)
			if ((p->channels[i].chid && !strcmp(p->channels[i].chid, s)) ||
			    (p->channels[i].name && !strcmp(p->channels[i].name, s)))
				it = &p->channels[i];
		if (it && i <= 8)
			ev->desc.Keyword |= 1ULL << (64 - i);
		if (!it)
			it = find_item(NULL, 0, mf_winmeta_channels,
				       mf_winmeta_nchannels, s, 0);
		if (!it)
			mf_error(c, "line %u: unknown channel \"%s\"", (unsigned)e->line, s);
		else {
			ev->desc.Channel = (UCHAR)it->value;
			ev->channel_name = item_text(it);
			ev->channel = it;
		}
	}
	if ((s = attr(c, e, "keywords"))) {
		char *list = tdh_strndup(&c->m->a, s, strlen(s)), *tok, *save;
		char *names = tdh_alloc(&c->m->a, strlen(s) * 4 + 256);
		size_t len = 0;

		if (!list || !names)
			return;
		for (tok = strtok_r(list, " \t\r\n", &save); tok;
		     tok = strtok_r(NULL, " \t\r\n", &save)) {
			it = find_item(p->keywords, p->nkeywords, mf_winmeta_keywords,
				       mf_winmeta_nkeywords, tok, 0);
			if (!it) {
				mf_error(c, "line %u: unknown keyword \"%s\"",
					 (unsigned)e->line, tok);
				continue;
			}
			ev->desc.Keyword |= it->value;
			len += snprintf(names + len, strlen(s) * 4 + 256 - len, "%s%s",
					len ? "\n" : "", item_text(it));
		}
		ev->keyword_names = len ? names : NULL;
	}
	if ((s = attr(c, e, "template"))) {
		for (i = 0; i < p->ntemplates; i++)
			if (p->templates[i].tid && !strcmp(p->templates[i].tid, s))
				ev->tmpl = &p->templates[i];
		if (!ev->tmpl)
			mf_error(c, "line %u: unknown template \"%s\"", (unsigned)e->line, s);
	}
}

static void mf_provider(struct mf_ctx *c, const xmlNode *prov,
			struct tdh_provider *p)
{
	const xmlNode *list, *e;
	const char *g;
	unsigned k = 0;

	p->arena = &c->m->a;
	p->name = req(c, prov, "name");
	g = req(c, prov, "guid");
	if (g && mf_parse_guid(g, &p->guid))
		mf_error(c, "line %u: guid \"%s\" is not a GUID", (unsigned)prov->line, g);
	p->symbol = attr(c, prov, "symbol");
	p->msgref = msgref(c, attr(c, prov, "message"));
	p->message = msg(c, attr(c, prov, "message"));
	p->resource_file = attr(c, prov, "resourceFileName");
	p->message_file = attr(c, prov, "messageFileName");
	mf_channels(c, p, prov);
	p->levels = mf_items(c, child(prov, "levels"), "level", "value", 0, &p->nlevels);
	mf_tasks(c, p, prov);
	p->keywords = mf_items(c, child(prov, "keywords"), "keyword", "mask", 0,
			       &p->nkeywords);
	mf_maps(c, p, prov);
	mf_templates(c, p, prov);
	list = child(prov, "events");
	p->events = tdh_alloc(&c->m->a, (nchildren(list, "event") + 1) *
			      sizeof(*p->events));
	if (!p->events)
		return;
	for (e = list ? list->children : NULL; e; e = e->next) {
		if (!is(e, "event"))
			continue;
		mf_event(c, p, e, &p->events[k++]);
	}
	p->nevents = k;
}

struct tdh_manifest *tdh_manifest_parse(const char *xml, size_t len,
					const char *what, ULONG *err,
					char *errmsg, size_t errlen)
{
	struct tdh_manifest *m = calloc(1, sizeof(*m));
	struct mf_ctx c = { .m = m, .err = errmsg, .errlen = errlen };
	const xmlNode *root, *evs, *p;
	xmlDocPtr doc;
	unsigned k = 0;

	if (errmsg && errlen)
		errmsg[0] = 0;
	if (!m) {
		*err = ERROR_NOT_ENOUGH_MEMORY;
		return NULL;
	}
	if (len > 0x7FFFFFFF) {
		*err = ERROR_INVALID_PARAMETER;
		free(m);
		return NULL;
	}
	doc = xmlReadMemory(xml, (int)len, what, NULL,
			    XML_PARSE_NONET | XML_PARSE_NOERROR |
			    XML_PARSE_NOWARNING | XML_PARSE_NOCDATA);
	if (!doc) {
		const xmlError *xe = xmlGetLastError();

		if (xe && xe->message)
			mf_error(&c, "line %d: %s", xe->line, xe->message);
		else
			mf_error(&c, "not well-formed XML");
		goto bad;
	}
	root = xmlDocGetRootElement(doc);
	if (!root || !is(root, "instrumentationManifest")) {
		mf_error(&c, "the root element is not <instrumentationManifest>");
		goto bad_doc;
	}
	mf_strings(&c, root);
	evs = child(child(root, "instrumentation"), "events");
	m->providers = tdh_alloc(&m->a, (nchildren(evs, "provider") + 1) *
				 sizeof(*m->providers));
	if (!m->providers)
		goto bad_doc;
	for (p = evs ? evs->children : NULL; p; p = p->next)
		if (is(p, "provider"))
			mf_provider(&c, p, &m->providers[k++]);
	m->nproviders = k;
	m->messages = mf_items(&c, child(evs, "messageTable"), "message", "value", 0,
			       &m->nmessages);
	m->strings = c.strings;
	m->nstrings = c.nstrings;
	if (!k)
		mf_error(&c, "no <provider> in <instrumentation><events>");
	xmlFreeDoc(doc);
	if (c.bad || m->a.failed)
		goto bad;
	*err = ERROR_SUCCESS;
	return m;
bad_doc:
	xmlFreeDoc(doc);
bad:
	*err = m->a.failed ? ERROR_NOT_ENOUGH_MEMORY : ERROR_XML_PARSE_ERROR;
	tdh_manifest_free(m);
	return NULL;
}

void tdh_manifest_free(struct tdh_manifest *m)
{
	if (!m)
		return;
	tdh_arena_free(&m->a);
	free(m);
}

unsigned tdh_manifest_providers(const struct tdh_manifest *m)
{
	return m->nproviders;
}

const struct tdh_provider *tdh_manifest_provider(const struct tdh_manifest *m,
						 unsigned i)
{
	return i < m->nproviders ? &m->providers[i] : NULL;
}

const struct tdh_provider *tdh_manifest_find(const struct tdh_manifest *m,
					     const GUID *guid)
{
	unsigned i;

	for (i = 0; i < m->nproviders; i++)
		if (!memcmp(&m->providers[i].guid, guid, sizeof(*guid)))
			return &m->providers[i];
	return NULL;
}

const GUID *tdh_provider_guid(const struct tdh_provider *p)
{
	return &p->guid;
}

const char *tdh_provider_name(const struct tdh_provider *p)
{
	return p->name;
}
