// SPDX-License-Identifier: GPL-2.0-only
/*
 * The summary of a trace (evsum.h): counting, ordering, printing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/evsum.h"
#include "common/fmt.h"
#include "common/label.h"
#include "common/names.h"
#include "common/guid.h"
#include "shared/etw_kevents.h"

static void *grow(void *p, size_t *cap, size_t n, size_t elem)
{
	size_t c;
	void *q;

	if (n < *cap)
		return p;
	c = *cap ? 2 * *cap : 64;
	q = realloc(p, c * elem);
	if (!q) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		exit(1);
	}
	*cap = c;
	return q;
}

static char *dup(const char *s)
{
	char *r = strdup(s ? s : "");

	if (!r) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		exit(1);
	}
	return r;
}

void evsum_init(struct evsum *s)
{
	memset(s, 0, sizeof(*s));
}

void evsum_free(struct evsum *s)
{
	size_t i;

	for (i = 0; i < s->ntypes; i++) {
		free(s->types[i].provider);
		free(s->types[i].event);
	}
	for (i = 0; i < s->nprovs; i++)
		free(s->provs[i].name);
	for (i = 0; i < s->nprocs; i++)
		free(s->procs[i].name);
	free(s->types);
	free(s->provs);
	free(s->procs);
	free(s->tab);
	free(s->ptab);
	free(s->host);
	memset(s, 0, sizeof(*s));
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h = (h ^ v) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

static uint64_t str_hash(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

static uint64_t type_hash(const GUID *g, USHORT id, UCHAR version, UCHAR opcode,
			  USHORT task, const char *name)
{
	uint64_t a, b, h = 0xcbf29ce484222325ULL;

	memcpy(&a, g, 8);
	memcpy(&b, (const char *)g + 8, 8);
	h = mix(mix(h, a), b);
	h = mix(h, (uint64_t)id | (uint64_t)version << 16 | (uint64_t)opcode << 24 |
		   (uint64_t)task << 32);
	return str_hash(h, name);
}

/* Open addressing over indexes + 1, grown at half full. */
static void rehash(unsigned **tab, size_t *size, size_t n,
		   uint64_t (*hash)(const void *base, size_t i), const void *base)
{
	size_t ns = *size ? 2 * *size : 256, i;
	unsigned *t = calloc(ns, sizeof(*t));

	if (!t) {
		fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
		exit(1);
	}
	for (i = 0; i < n; i++) {
		size_t k = hash(base, i) & (ns - 1);

		while (t[k])
			k = (k + 1) & (ns - 1);
		t[k] = (unsigned)i + 1;
	}
	free(*tab);
	*tab = t;
	*size = ns;
}

static uint64_t hash_type_at(const void *base, size_t i)
{
	const struct evsum_type *t = (const struct evsum_type *)base + i;

	return type_hash(&t->guid, t->id, t->version, t->opcode, t->task,
			 t->tl ? t->event : NULL);
}

static uint64_t hash_pid_at(const void *base, size_t i)
{
	return mix(0xcbf29ce484222325ULL, ((const struct evsum_process *)base)[i].pid);
}

static size_t provider_of(struct evsum *s, PEVENT_RECORD er, const struct decoded *d)
{
	const GUID *g = &er->EventHeader.ProviderId;
	char buf[512];
	size_t i;

	/* Few providers, and runs of one: the last one first. */
	for (i = s->nprovs; i-- > 0;)
		if (IsEqualGUID(&s->provs[i].guid, g))
			return i;
	s->provs = grow(s->provs, &s->cap_provs, s->nprovs, sizeof(*s->provs));
	s->provs[s->nprovs].guid = *g;
	s->provs[s->nprovs].name = dup(provider_label(er, d, buf, sizeof(buf)));
	s->provs[s->nprovs].n = 0;
	return s->nprovs++;
}

/* The name /proc gives a live pid, or NULL. */
static char *proc_comm(ULONG pid)
{
	char path[64], name[64];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%u/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return NULL;
	n = fread(name, 1, sizeof(name) - 1, f);
	fclose(f);
	while (n && (name[n - 1] == '\n' || name[n - 1] == 0))
		n--;
	name[n] = 0;
	return n ? dup(name) : NULL;
}

static size_t process_of(struct evsum *s, ULONG pid)
{
	size_t k;
	unsigned at;

	if (2 * (s->nprocs + 1) > s->ptab_size)
		rehash(&s->ptab, &s->ptab_size, s->nprocs, hash_pid_at, s->procs);
	k = hash_pid_at(&(struct evsum_process){ .pid = pid }, 0) & (s->ptab_size - 1);
	while ((at = s->ptab[k])) {
		if (s->procs[at - 1].pid == pid)
			return at - 1;
		k = (k + 1) & (s->ptab_size - 1);
	}
	s->procs = grow(s->procs, &s->cap_procs, s->nprocs, sizeof(*s->procs));
	s->procs[s->nprocs].pid = pid;
	s->procs[s->nprocs].name = s->live ? proc_comm(pid) : NULL;
	s->procs[s->nprocs].n = 0;
	s->ptab[k] = (unsigned)++s->nprocs;
	return s->nprocs - 1;
}

/* A top-level field's text, or NULL. */
static const char *field(const struct decoded *d, const char *name)
{
	unsigned i;

	for (i = 0; i < d->nfields; i++)
		if (d->fields[i].name && !strcmp(d->fields[i].name, name) &&
		    d->fields[i].type == DN_VALUE)
			return d->fields[i].text;
	return NULL;
}

/* Process/Start, End, DCStart, DCEnd: name the process they describe. */
static void learn_process(struct evsum *s, PEVENT_RECORD er, const struct decoded *d)
{
	UCHAR op = er->EventHeader.EventDescriptor.Opcode;
	const char *pid, *image;
	size_t p;

	if (!d || !d->ok || op < 1 || op > 4 ||
	    kgroup_of(&er->EventHeader.ProviderId) != ETW_KG_PROCESS)
		return;
	pid = field(d, "ProcessId");
	image = field(d, "ImageFileName");
	if (!pid || !image || !*image)
		return;
	p = process_of(s, (ULONG)strtoul(pid, NULL, 0));
	free(s->procs[p].name);
	s->procs[p].name = dup(image);
}

/* SystemConfig/CPU: the machine's name. */
static void learn_host(struct evsum *s, PEVENT_RECORD er, const struct decoded *d)
{
	const char *name;

	if (!d || !d->ok || er->EventHeader.EventDescriptor.Opcode != 10 ||
	    kgroup_of(&er->EventHeader.ProviderId) != ETW_KG_CONFIG)
		return;
	name = field(d, "ComputerName");
	if (name && *name) {
		free(s->host);
		s->host = dup(name);
	}
}

size_t evsum_add(struct evsum *s, PEVENT_RECORD er, const struct decoded *d,
		 size_t *proc)
{
	const EVENT_HEADER *h = &er->EventHeader;
	const EVENT_DESCRIPTOR *ed = &h->EventDescriptor;
	int tl = d && d->event && d->source == DecodingSourceTlg;
	const char *name = tl ? d->event : NULL;
	char buf[512];
	struct evsum_type *t;
	size_t k, pv;
	unsigned at;

	if (!s->events++ || h->TimeStamp.QuadPart < s->first)
		s->first = h->TimeStamp.QuadPart;
	if (s->events == 1 || h->TimeStamp.QuadPart > s->last)
		s->last = h->TimeStamp.QuadPart;
	learn_process(s, er, d);
	learn_host(s, er, d);
	/* Runs of one process and one kind of event: the last ones first. */
	if (s->last_proc && s->last_pid == h->ProcessId) {
		k = s->last_proc - 1;
	} else {
		k = process_of(s, h->ProcessId);
		s->last_proc = k + 1;
		s->last_pid = h->ProcessId;
	}
	s->procs[k].n++;
	if (proc)
		*proc = k;
	if (s->last_type) {
		t = &s->types[s->last_type - 1];
		if (t->id == ed->Id && t->version == ed->Version && t->opcode == ed->Opcode &&
		    t->task == ed->Task && t->tl == tl && IsEqualGUID(&t->guid, &h->ProviderId) &&
		    (!tl || !strcmp(t->event, name))) {
			t->n++;
			s->provs[s->last_prov - 1].n++;
			return s->last_type - 1;
		}
	}
	pv = provider_of(s, er, d);
	s->provs[pv].n++;
	s->last_prov = pv + 1;

	if (2 * (s->ntypes + 1) > s->tab_size)
		rehash(&s->tab, &s->tab_size, s->ntypes, hash_type_at, s->types);
	k = type_hash(&h->ProviderId, ed->Id, ed->Version, ed->Opcode, ed->Task, name) &
	    (s->tab_size - 1);
	while ((at = s->tab[k])) {
		t = &s->types[at - 1];
		if (t->id == ed->Id && t->version == ed->Version && t->opcode == ed->Opcode &&
		    t->task == ed->Task && t->tl == tl && IsEqualGUID(&t->guid, &h->ProviderId) &&
		    (!tl || !strcmp(t->event, name))) {
			t->n++;
			s->last_type = at;
			return at - 1;
		}
		k = (k + 1) & (s->tab_size - 1);
	}
	s->types = grow(s->types, &s->cap_types, s->ntypes, sizeof(*s->types));
	t = &s->types[s->ntypes];
	memset(t, 0, sizeof(*t));
	t->guid = h->ProviderId;
	t->id = ed->Id;
	t->version = ed->Version;
	t->opcode = ed->Opcode;
	t->task = ed->Task;
	t->level = ed->Level;
	t->tl = tl;
	t->provider = dup(s->provs[pv].name);
	t->event = dup(event_label(er, d, buf, sizeof(buf)));
	t->n = 1;
	s->tab[k] = (unsigned)++s->ntypes;
	s->last_type = s->ntypes;
	return s->ntypes - 1;
}

/* --- order ----------------------------------------------------------------- */

static const struct evsum *sort_s;
static char sort_what;

static unsigned long long count_at(size_t i)
{
	return sort_what == 't' ? sort_s->types[i].n :
	       sort_what == 'p' ? sort_s->provs[i].n : sort_s->procs[i].n;
}

static int by_count(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	unsigned long long nx = count_at(x), ny = count_at(y);

	if (nx != ny)
		return nx < ny ? 1 : -1;
	return x < y ? -1 : x > y;
}

size_t *evsum_order(const struct evsum *s, char what)
{
	size_t n = what == 't' ? s->ntypes : what == 'p' ? s->nprovs : s->nprocs, i;
	size_t *o = n ? malloc(n * sizeof(*o)) : NULL;

	if (!o)
		return NULL;
	for (i = 0; i < n; i++)
		o[i] = i;
	sort_s = s;
	sort_what = what;
	qsort(o, n, sizeof(*o), by_count);
	return o;
}

void evsum_name_process(struct evsum *s, ULONG pid, const char *name)
{
	size_t p = process_of(s, pid);

	if (!s->procs[p].name)
		s->procs[p].name = dup(name);
}

const char *evsum_process_name(const struct evsum_process *p, char *buf, size_t size)
{
	if (p->name)
		return p->name;
	snprintf(buf, size, "pid %u", p->pid);
	return buf;
}

const char *evsum_span(const struct evsum *s, int raw, char *buf, size_t size)
{
	char a[96], b[96], c[64];

	if (!s->events) {
		buf[0] = 0;
	} else if (raw) {
		snprintf(buf, size, "%lld to %lld (raw clock)", s->first, s->last);
	} else {
		iso_time(s->first, a);
		iso_time(s->last, b);
		snprintf(buf, size, "%s to %s (%s)", a, b,
			 span_text((s->last - s->first) * 100, c, sizeof(c)));
	}
	return buf;
}

/* --- output ------------------------------------------------------------- */

static void print_head(FILE *f, const struct evsum *s, const struct evsum_info *in)
{
	char span[256];
	int i;

	if (in->session) {
		fprintf(f, "Session:     %s\n", in->session);
	} else {
		fprintf(f, "Files:      ");
		for (i = 0; i < in->nfiles; i++)
			fprintf(f, " %s", in->files[i]);
		fputc('\n', f);
	}
	fprintf(f, "Events:      %llu%s\n", s->events, in->interrupted ? " (interrupted)" : "");
	fprintf(f, "Lost:        %llu events, %llu buffers (%llu buffers read)\n",
		in->events_lost, in->buffers_lost, in->buffers_read);
	if (in->damage.damages)
		fprintf(f, "Damaged:     %u places skipped (%llu bytes)\n",
			in->damage.damages, (unsigned long long)in->damage.bytes);
	fprintf(f, "Trace span:  %s\n", s->events ? evsum_span(s, in->raw, span, sizeof(span)) :
		"(no events)");
	fprintf(f, "Read in:     %.3f s\n", in->read_secs);
}

void evsum_print(FILE *f, const struct evsum *s, const struct evsum_info *in)
{
	size_t *o, i;
	char g[ETW_GUID_STR_LEN], nb[32];
	int wp = 8, we = 5;

	print_head(f, s, in);
	for (i = 0; i < s->ntypes; i++) {
		int a = (int)strlen(s->types[i].provider), b = (int)strlen(s->types[i].event);

		wp = a > wp ? (a < 40 ? a : 40) : wp;
		we = b > we ? (b < 40 ? b : 40) : we;
	}
	fprintf(f, "\n%9s  %-*s  %-*s  %5s  %3s  %3s  %5s  %s\n", "EVENTS", wp, "PROVIDER",
		we, "EVENT", "ID", "VER", "OP", "TASK", "GUID");
	o = evsum_order(s, 't');
	for (i = 0; o && i < s->ntypes; i++) {
		const struct evsum_type *t = &s->types[o[i]];

		fprintf(f, "%9llu  %-*s  %-*s  %5u  %3u  %3u  %5u  {%s}\n", t->n, wp,
			t->provider, we, t->event, t->id, t->version, t->opcode, t->task,
			etw_guid_str(&t->guid, g));
	}
	free(o);
	fprintf(f, "\n%9s  %-*s  %s\n", "EVENTS", wp, "PROVIDER", "GUID");
	o = evsum_order(s, 'p');
	for (i = 0; o && i < s->nprovs; i++)
		fprintf(f, "%9llu  %-*s  {%s}\n", s->provs[o[i]].n, wp, s->provs[o[i]].name,
			etw_guid_str(&s->provs[o[i]].guid, g));
	free(o);
	fprintf(f, "\n%9s  %8s  %s\n", "EVENTS", "PID", "PROCESS");
	o = evsum_order(s, 'r');
	for (i = 0; o && i < s->nprocs && s->procs[o[i]].n; i++)
		fprintf(f, "%9llu  %8u  %s\n", s->procs[o[i]].n, s->procs[o[i]].pid,
			evsum_process_name(&s->procs[o[i]], nb, sizeof(nb)));
	free(o);
}

void evsum_json_provider(struct json *j, const struct evsum *s, size_t i)
{
	char g[ETW_GUID_STR_LEN];

	json_open(j, '{');
	json_str(j, "guid", etw_guid_str(&s->provs[i].guid, g));
	json_str(j, "name", s->provs[i].name);
	json_u64(j, "events", s->provs[i].n);
	json_close(j, '}');
}

void evsum_json_type(struct json *j, const struct evsum *s, size_t i)
{
	const struct evsum_type *e = &s->types[i];
	char g[ETW_GUID_STR_LEN];

	json_open(j, '{');
	json_str(j, "guid", etw_guid_str(&e->guid, g));
	json_str(j, "provider", e->provider);
	json_str(j, "event", e->event);
	json_u64(j, "id", e->id);
	json_u64(j, "version", e->version);
	json_u64(j, "opcode", e->opcode);
	json_u64(j, "task", e->task);
	json_u64(j, "level", e->level);
	json_u64(j, "events", e->n);
	json_close(j, '}');
}

void evsum_json_process(struct json *j, const struct evsum *s, size_t i)
{
	json_open(j, '{');
	json_u64(j, "pid", s->procs[i].pid);
	json_str(j, "name", s->procs[i].name);
	json_u64(j, "events", s->procs[i].n);
	json_close(j, '}');
}

void evsum_json_list(struct json *j, const struct evsum *s, char what, int sorted)
{
	size_t n = what == 'p' ? s->nprovs : what == 't' ? s->ntypes : s->nprocs;
	size_t *o = sorted ? evsum_order(s, what) : NULL, i, k;

	json_key(j, what == 'p' ? "providers" : what == 't' ? "event_types" : "processes");
	json_open(j, '[');
	for (i = 0; i < n && (o || !sorted); i++) {
		k = o ? o[i] : i;
		if (what == 'p')
			evsum_json_provider(j, s, k);
		else if (what == 't')
			evsum_json_type(j, s, k);
		else if (s->procs[k].n || !sorted)
			evsum_json_process(j, s, k);
	}
	free(o);
	json_close(j, ']');
}

void evsum_json_members(struct json *j, const struct evsum *s,
			const struct evsum_info *in)
{
	char t[96];
	int k;

	if (in->session) {
		json_str(j, "session", in->session);
	} else {
		json_key(j, "files");
		json_open(j, '[');
		for (k = 0; k < in->nfiles; k++)
			json_str(j, NULL, in->files[k]);
		json_close(j, ']');
	}
	json_u64(j, "events", s->events);
	json_u64(j, "events_lost", in->events_lost);
	json_u64(j, "buffers_lost", in->buffers_lost);
	json_u64(j, "buffers_read", in->buffers_read);
	json_u64(j, "status", in->status);
	json_bool(j, "interrupted", in->interrupted);
	if (s->events && !in->raw) {
		iso_time(s->first, t);
		json_str(j, "first", t);
		iso_time(s->last, t);
		json_str(j, "last", t);
		json_double(j, "span_seconds", (double)(s->last - s->first) / 1e7);
	} else if (s->events) {
		json_i64(j, "first", s->first);
		json_i64(j, "last", s->last);
	}
	json_double(j, "read_seconds", in->read_secs);
	if (in->damage.damages) {
		json_key(j, "damage");
		json_open(j, '{');
		json_u64(j, "damages", in->damage.damages);
		json_u64(j, "records", in->damage.records);
		json_u64(j, "tails", in->damage.tails);
		json_u64(j, "buffers", in->damage.buffers);
		json_u64(j, "duplicates", in->damage.duplicates);
		json_u64(j, "bytes", in->damage.bytes);
		json_close(j, '}');
	}
	evsum_json_list(j, s, 'p', 1);
	evsum_json_list(j, s, 't', 1);
	evsum_json_list(j, s, 'r', 1);
}
