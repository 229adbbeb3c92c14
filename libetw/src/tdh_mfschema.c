// SPDX-License-Identifier: MIT
/*
 * From the manifest model to what TDH returns: an event's schema (its
 * template's <data> as EVENT_PROPERTY_INFOs: top-level items first, each
 * struct's members as a block after them; count and length given as a
 * number are fixed, given as a name refer to that item's index), maps,
 * and the provider's keywords/levels/channels/tasks/opcodes.
 */
#include <errno.h>
#include <string.h>

#include "tdh_manifest.h"

struct mfl {
	struct tdh_prop *props;
	unsigned next;
	struct tdh_arena *a;
	int bad;
};

static unsigned count_datas(const struct mf_data *d, unsigned n)
{
	unsigned i, k = n;

	for (i = 0; i < n; i++)
		if (d[i].is_struct)
			k += count_datas(d[i].members, d[i].nmembers);
	return k;
}

/* Index of the sibling named @name (at @first..), for count/length refs. */
static int sibling(const struct mf_data *d, unsigned n, unsigned first,
		   const char *name)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (d[i].name && !strcmp(d[i].name, name))
			return (int)(first + i);
	return -1;
}

static void place(struct mfl *l, const struct mf_data *d, unsigned n)
{
	unsigned first = l->next, i;

	l->next += n;
	for (i = 0; i < n; i++) {
		struct tdh_prop *p = &l->props[first + i];
		int k;

		p->name = d[i].name;
		if (d[i].count_ref) {
			k = sibling(d, n, first, d[i].count_ref);
			if (k < 0)
				l->bad = 1;
			p->flags |= PropertyParamCount;
			p->count = (uint16_t)(k < 0 ? 0 : k);
		} else if (d[i].count) {
			p->flags |= PropertyParamFixedCount;
			p->count = d[i].count;
		} else {
			p->count = 1;
		}
		if (d[i].length_ref) {
			k = sibling(d, n, first, d[i].length_ref);
			if (k < 0)
				l->bad = 1;
			p->flags |= PropertyParamLength;
			p->length = (uint16_t)(k < 0 ? 0 : k);
		} else if (d[i].length) {
			p->flags |= PropertyParamFixedLength;
			p->length = d[i].length;
		}
		if (d[i].is_struct) {
			p->flags |= PropertyStruct;
			p->struct_start = (uint16_t)l->next;
			p->struct_members = (uint16_t)d[i].nmembers;
			place(l, d[i].members, d[i].nmembers);
			continue;
		}
		p->in = d[i].in;
		p->out = d[i].out;
		p->map = d[i].map;
		if (!(p->flags & (PropertyParamLength | PropertyParamFixedLength)))
			p->length = (uint16_t)tdh_intype_size(p->in, 8);
	}
}

static const struct mf_event *find_event(const struct tdh_provider *p,
					 const EVENT_DESCRIPTOR *d)
{
	unsigned i;

	for (i = 0; i < p->nevents; i++)
		if (p->events[i].desc.Id == d->Id &&
		    p->events[i].desc.Version == d->Version)
			return &p->events[i];
	return NULL;
}

int tdh_provider_event(const struct tdh_provider *p, const EVENT_DESCRIPTOR *d,
		       struct tdh_schema *s, struct tdh_arena *a)
{
	const struct mf_event *ev = find_event(p, d);
	struct mfl l = { .a = a };

	if (!ev)
		return -ENOENT;
	memset(s, 0, sizeof(*s));
	s->provider = p->guid;
	s->desc = ev->desc;
	s->source = DecodingSourceXMLFile;
	s->provider_name = p->name;
	s->provider_message = p->message;
	s->level_name = ev->level_name;
	s->channel_name = ev->channel_name;
	s->keywords_name = ev->keyword_names;
	s->task_name = ev->task_name;
	s->opcode_name = ev->opcode_name;
	s->message = ev->message;
	s->event_name = ev->symbol;
	if (!ev->tmpl)
		return 0;
	s->nprops = count_datas(ev->tmpl->data, ev->tmpl->n);
	s->ntop = ev->tmpl->n;
	s->props = tdh_alloc(a, (s->nprops + 1) * sizeof(*s->props));
	if (!s->props)
		return -ENOMEM;
	l.props = s->props;
	place(&l, ev->tmpl->data, ev->tmpl->n);
	return l.bad ? -EINVAL : 0;
}

unsigned tdh_provider_nevents(const struct tdh_provider *p)
{
	return p->nevents;
}

const EVENT_DESCRIPTOR *tdh_provider_event_desc(const struct tdh_provider *p,
						unsigned i)
{
	return i < p->nevents ? &p->events[i].desc : NULL;
}

int tdh_provider_map(const struct tdh_provider *p, const char *name,
		     int *bitmap, const struct tdh_map_entry **entries,
		     unsigned *n)
{
	unsigned i;

	for (i = 0; i < p->nmaps; i++) {
		if (p->maps[i].name && !strcmp(p->maps[i].name, name)) {
			*bitmap = p->maps[i].bitmap;
			*entries = p->maps[i].e;
			*n = p->maps[i].n;
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * The provider's own items of one kind; winmeta levels/opcodes/keywords
 * its events use are listed too (the provider "has" them).
 */
static unsigned fields_of(const struct tdh_provider *p, EVENT_FIELD_TYPE t,
			  const struct mf_item **own, unsigned *nown,
			  const struct mf_item **meta, unsigned *nmeta)
{
	switch (t) {
	case EventKeywordInformation:
		*own = p->keywords; *nown = p->nkeywords;
		*meta = mf_winmeta_keywords; *nmeta = mf_winmeta_nkeywords;
		break;
	case EventLevelInformation:
		*own = p->levels; *nown = p->nlevels;
		*meta = mf_winmeta_levels; *nmeta = mf_winmeta_nlevels;
		break;
	case EventChannelInformation:
		*own = p->channels; *nown = p->nchannels;
		*meta = NULL; *nmeta = 0;
		break;
	case EventTaskInformation:
		*own = p->tasks; *nown = p->ntasks;
		*meta = NULL; *nmeta = 0;
		break;
	case EventOpcodeInformation:
		*own = p->opcodes; *nown = p->nopcodes;
		*meta = mf_winmeta_opcodes; *nmeta = mf_winmeta_nopcodes;
		break;
	default:
		return 0;
	}
	return 1;
}

static int meta_used(const struct tdh_provider *p, EVENT_FIELD_TYPE t,
		     const struct mf_item *it)
{
	unsigned i;

	for (i = 0; i < p->nevents; i++) {
		const EVENT_DESCRIPTOR *d = &p->events[i].desc;

		if ((t == EventLevelInformation && d->Level == it->value) ||
		    (t == EventOpcodeInformation && d->Opcode == it->value) ||
		    (t == EventKeywordInformation && (d->Keyword & it->value)))
			return 1;
	}
	return 0;
}

unsigned tdh_provider_fields(const struct tdh_provider *cp, EVENT_FIELD_TYPE t,
			     const struct tdh_field **fields)
{
	/* Built on first use; the manifest is immutable otherwise. */
	struct tdh_provider *p = (struct tdh_provider *)cp;
	const struct mf_item *own, *meta;
	unsigned nown, nmeta, i, k = 0;
	struct tdh_field *f;

	if (!fields_of(p, t, &own, &nown, &meta, &nmeta))
		return 0;
	if (p->fields[t]) {
		*fields = p->fields[t];
		return p->nfields[t];
	}
	/* From the manifest's arena: the caller holds the store lock. */
	f = tdh_alloc(p->arena, (nown + nmeta + 1) * sizeof(*f));
	if (!f)
		return 0;
	for (i = 0; i < nown; i++, k++) {
		f[k].value = own[i].value;
		f[k].name = own[i].name;
		f[k].message = own[i].message;
	}
	for (i = 0; i < nmeta; i++) {
		if (!meta_used(p, t, &meta[i]))
			continue;
		f[k].value = meta[i].value;
		f[k].name = meta[i].name;
		f[k].message = meta[i].message;
		k++;
	}
	p->fields[t] = f;
	p->nfields[t] = k;
	*fields = f;
	return k;
}
