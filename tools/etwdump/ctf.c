// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --ctf DIR: the trace as CTF 1.8 (the Common Trace Format of
 * LTTng), which babeltrace2 and Trace Compass read.
 *
 * DIR gets a "metadata" file (TSDL, written last, once every event class
 * is known) and one stream file per CPU ("stream_N"), in packets of at
 * most 256 KB.  DIR must be new, empty, or a trace etwdump wrote before:
 * then its files are replaced, all of them (stream files of more CPUs
 * than this trace has would otherwise be read as part of it).  Anything
 * else in DIR, and DIR is refused.
 *
 * The clock counts nanoseconds since 1970 (UTC), so the viewers show
 * real times.  Every packet holds its CPU, first and last time; each
 * event its process and thread (event context) and its fields: an event
 * class per provider, event id, version, opcode and set of fields, named
 * "Provider:Event" (common/label.h); integers are 64-bit integers
 * (signed as their type; HEXINT and pointers unsigned, base 16, which the
 * viewers print in hex), everything else UTF-8 strings as TDH formats
 * them (an event TDH cannot decode: its payload in hexadecimal and its
 * length).  Field names are escaped with a leading '_' (CTF's rule for
 * names that could be TSDL keywords; the viewers strip it).  Events lost
 * are the last packet's events_discarded.  The trace's host name is the
 * source's: the ComputerName of its SystemConfig/CPU event, or this
 * machine's for a live session; a file without one gets none (an .etl
 * file does not otherwise say which machine wrote it).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "etwdump.h"
#include "view.h"

#define CTF_MAGIC	0xC1FC1FC1u
#define PACKET_MAX	(256 * 1024)
#define HDR_SIZE	(4 + 16 + 4)			/* magic, uuid, stream_id */
#define CTX_SIZE	(8 + 8 + 8 + 8 + 8 + 4)		/* packet context */
#define MAX_CPUS	1024
#define MAX_CLASSES	65536
#define STREAM_PREFIX	"stream_"
#define TRACER_NAME	"linux-etw"

struct cls {
	unsigned id;
	GUID provider;
	USHORT event_id;
	UCHAR version, opcode, level;
	char *name;
	unsigned nfields;
	char **fnames;		/* as written (escaped, unique) */
	char *types;		/* 'i', 'u', 'x' (hex) or 's' per field */
	char *sig;		/* the key: names and types */
};

struct stream {
	FILE *f;
	unsigned char *buf;	/* the packet being filled (after its header) */
	size_t len;
	unsigned long long t_begin, t_end;
	unsigned long long discarded;
};

static char dir[4096];
static unsigned char uuid[16];
static struct stream streams[MAX_CPUS];
static struct cls *classes;
static unsigned nclasses, cap_classes;
static unsigned *ctab;		/* open addressing: class index + 1, 0 empty */
static size_t ctab_size;	/* a power of 2, at least twice nclasses */
static int failed;

static void put_le(unsigned char *p, unsigned long long v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static int need(struct stream *s, size_t n)
{
	return s->len + n <= PACKET_MAX - HDR_SIZE - CTX_SIZE;
}

static void flush_packet(unsigned cpu)
{
	struct stream *s = &streams[cpu];
	unsigned char h[HDR_SIZE + CTX_SIZE];
	unsigned long long bits = (HDR_SIZE + CTX_SIZE + s->len) * 8ULL;

	if (!s->f || !s->len)
		return;
	put_le(h, CTF_MAGIC, 4);
	memcpy(h + 4, uuid, 16);
	put_le(h + 20, 0, 4);			/* stream_id */
	put_le(h + 24, s->t_begin, 8);
	put_le(h + 32, s->t_end, 8);
	put_le(h + 40, bits, 8);		/* content_size */
	put_le(h + 48, bits, 8);		/* packet_size */
	put_le(h + 56, s->discarded, 8);	/* events_discarded */
	put_le(h + 64, cpu, 4);
	if (fwrite(h, sizeof(h), 1, s->f) != 1 ||
	    fwrite(s->buf, s->len, 1, s->f) != 1)
		failed = 1;
	s->len = 0;
}

static struct stream *stream_of(unsigned cpu)
{
	struct stream *s = &streams[cpu];
	char path[4200];

	if (s->f)
		return s;
	snprintf(path, sizeof(path), "%s/%s%u", dir, STREAM_PREFIX, cpu);
	s->buf = malloc(PACKET_MAX);
	s->f = s->buf ? fopen(path, "w") : NULL;
	if (!s->f) {
		perror(path);
		free(s->buf);
		s->buf = NULL;
		failed = 1;
		return NULL;
	}
	return s;
}

/* A field name as a TSDL identifier, escaped with '_', unique in @c. */
static char *field_name(const char *name, const struct cls *c, unsigned upto)
{
	size_t n = strlen(name), i, j = 1;
	char *s = malloc(n + 16);
	unsigned k, dup = 0;

	if (!s)
		return NULL;
	s[0] = '_';
	for (i = 0; i < n; i++) {
		char ch = name[i];

		s[j++] = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
			 (ch >= '0' && ch <= '9') ? ch : '_';
	}
	s[j] = 0;
	for (k = 0; k < upto; k++)
		if (!strcmp(c->fnames[k], s))
			dup++;
	if (dup)
		snprintf(s + j, 16, "_%u", upto);
	return s;
}

/* By the field's type (view.c), so a class does not change with its values. */
static char field_type(const struct vfield *f)
{
	if (!f->number)
		return 's';
	return f->hex ? 'x' : f->is_signed ? 'i' : 'u';
}

static uint64_t sig_hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

/* Room for one more class in the table (grown at half full). */
static int ctab_room(void)
{
	size_t ns, i;
	unsigned *t;

	if (2 * (nclasses + 1) <= ctab_size)
		return 0;
	ns = ctab_size ? 2 * ctab_size : 256;
	t = calloc(ns, sizeof(*t));
	if (!t)
		return -1;
	for (i = 0; i < nclasses; i++) {
		size_t k = sig_hash(classes[i].sig, strlen(classes[i].sig)) & (ns - 1);

		while (t[k])
			k = (k + 1) & (ns - 1);
		t[k] = (unsigned)i + 1;
	}
	free(ctab);
	ctab = t;
	ctab_size = ns;
	return 0;
}

/*
 * The event's class: found by its key -- provider, id, version, opcode,
 * event name, each field's name and type, as "GUID|id|v|op|event|name:t..."
 * -- in a hash table, or made.
 */
static struct cls *class_of(PEVENT_RECORD er, const struct view *v)
{
	static struct obuf sig;
	const EVENT_DESCRIPTOR *d = &er->EventHeader.EventDescriptor;
	unsigned i, at;
	struct cls *c;
	size_t k;

	sig.len = 0;
	ob_puts(&sig, v->guid);
	ob_putc(&sig, '|');
	ob_u64(&sig, d->Id);
	ob_putc(&sig, '|');
	ob_u64(&sig, d->Version);
	ob_putc(&sig, '|');
	ob_u64(&sig, d->Opcode);
	ob_putc(&sig, '|');
	ob_puts(&sig, v->event);
	for (i = 0; i < v->nfields; i++) {
		ob_putc(&sig, '|');
		ob_puts(&sig, v->fields[i].name);
		ob_putc(&sig, ':');
		ob_putc(&sig, field_type(&v->fields[i]));
	}
	ob_str(&sig);
	if (ctab_room())
		return NULL;
	k = sig_hash(sig.buf, sig.len) & (ctab_size - 1);
	while ((at = ctab[k])) {
		if (!strcmp(classes[at - 1].sig, sig.buf))
			return &classes[at - 1];
		k = (k + 1) & (ctab_size - 1);
	}
	if (nclasses == MAX_CLASSES)
		return NULL;
	if (nclasses == cap_classes) {
		unsigned cap = cap_classes ? 2 * cap_classes : 64;
		struct cls *p = realloc(classes, cap * sizeof(*p));

		if (!p)
			return NULL;
		classes = p;
		cap_classes = cap;
	}
	c = &classes[nclasses];
	memset(c, 0, sizeof(*c));
	c->id = nclasses;
	c->provider = er->EventHeader.ProviderId;
	c->event_id = d->Id;
	c->version = d->Version;
	c->opcode = d->Opcode;
	c->level = d->Level;
	c->sig = strdup(sig.buf);
	if (asprintf(&c->name, "%s:%s", v->provider, v->event) < 0)
		c->name = NULL;
	c->nfields = v->nfields;
	c->fnames = calloc(v->nfields + 1, sizeof(char *));
	c->types = calloc(v->nfields + 1, 1);
	if (!c->sig || !c->name || !c->fnames || !c->types)
		return NULL;
	for (i = 0; i < v->nfields; i++) {
		c->fnames[i] = field_name(v->fields[i].name, c, i);
		c->types[i] = field_type(&v->fields[i]);
		if (!c->fnames[i])
			return NULL;
	}
	ctab[k] = ++nclasses;
	return c;
}

static void ctf_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	const EVENT_HEADER *h = &er->EventHeader;
	unsigned cpu = GetEventProcessorIndex(er);
	unsigned long long ts = (unsigned long long)filetime_ns(h->TimeStamp.QuadPart);
	unsigned char *p;
	struct stream *s;
	struct view v;
	struct cls *c;
	size_t size = 4 + 8 + 4 + 4;
	unsigned i;

	(void)o;
	if (event_is_header(er) || cpu >= MAX_CPUS)
		return;
	view_of(er, d, &v);
	c = class_of(er, &v);
	s = stream_of(cpu);
	if (!c || !s) {
		failed = 1;
		return;
	}
	for (i = 0; i < v.nfields; i++)
		size += c->types[i] == 's' ? strlen(v.fields[i].text) + 1 : 8;
	if (size > PACKET_MAX - HDR_SIZE - CTX_SIZE)
		return;		/* cannot be: events are at most 64 KB */
	if (!need(s, size))
		flush_packet(cpu);
	if (!s->len)
		s->t_begin = ts;
	s->t_end = ts;
	p = s->buf + s->len;
	put_le(p, c->id, 4);
	put_le(p + 4, ts, 8);
	put_le(p + 12, h->ProcessId, 4);
	put_le(p + 16, h->ThreadId, 4);
	p += 20;
	for (i = 0; i < v.nfields; i++) {
		const char *t = v.fields[i].text;

		if (c->types[i] == 's') {
			size_t n = strlen(t) + 1;

			memcpy(p, t, n);
			p += n;
		} else {
			put_le(p, v.fields[i].value, 8);
			p += 8;
		}
	}
	s->len = (size_t)(p - s->buf);
}

/* Is this directory entry one of the files etwdump writes? */
static int ours(const char *name)
{
	const char *n = name + strlen(STREAM_PREFIX);

	if (!strcmp(name, "metadata"))
		return 1;
	if (strncmp(name, STREAM_PREFIX, strlen(STREAM_PREFIX)) || !*n)
		return 0;
	return strspn(n, "0123456789") == strlen(n);
}

/* Does DIR/metadata say etwdump wrote it? */
static int our_metadata(void)
{
	char path[4200], line[256];
	int found = 0;
	FILE *m;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	m = fopen(path, "r");
	if (!m)
		return 0;
	while (!found && fgets(line, sizeof(line), m))
		found = strstr(line, "tracer_name = \"" TRACER_NAME "\";") != NULL;
	fclose(m);
	return found;
}

/*
 * DIR: new or empty, or an earlier trace of ours, whose files go (all
 * of them, before any is written).  Anything else: refused.
 */
static int clean_dir(void)
{
	struct dirent *e;
	int foreign = 0, n = 0, ret = 0;
	DIR *d = opendir(dir);

	if (!d) {
		fprintf(stderr, "etwdump: --ctf %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		n++;
		foreign |= !ours(e->d_name);
	}
	if (n && (foreign || !our_metadata())) {
		fprintf(stderr, "etwdump: --ctf %s: the directory is not empty and holds "
			"other files than a trace etwdump wrote; give a new or empty "
			"directory\n", dir);
		closedir(d);
		return -1;
	}
	rewinddir(d);
	while (n && (e = readdir(d))) {
		if (!ours(e->d_name))
			continue;
		if (unlinkat(dirfd(d), e->d_name, 0)) {
			fprintf(stderr, "etwdump: --ctf %s: %s: %s\n", dir, e->d_name,
				strerror(errno));
			ret = -1;
		}
	}
	closedir(d);
	return ret;
}

static int ctf_open(const char *path)
{
	int fd;

	if (strlen(path) >= sizeof(dir) - 32) {
		fprintf(stderr, "etwdump: --ctf %s: path too long\n", path);
		return -1;
	}
	strcpy(dir, path);
	if (mkdir(dir, 0755) && errno != EEXIST) {
		fprintf(stderr, "etwdump: --ctf %s: %s\n", dir, strerror(errno));
		return -1;
	}
	if (clean_dir())
		return -1;
	fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read(fd, uuid, sizeof(uuid)) != sizeof(uuid)) {
		perror("/dev/urandom");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	uuid[6] = (uuid[6] & 0x0F) | 0x40;	/* version 4 */
	uuid[8] = (uuid[8] & 0x3F) | 0x80;
	return 0;
}

static void put_uuid(FILE *m, const unsigned char *u)
{
	fprintf(m, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		"%02x%02x%02x%02x%02x%02x", u[0], u[1], u[2], u[3], u[4], u[5],
		u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14], u[15]);
}

/* CTF's log levels for ETW's: critical 1 -> CRIT (2), ... verbose 5 -> DEBUG (14). */
static int loglevel(UCHAR level)
{
	static const int map[] = { 14, 2, 3, 4, 6, 14 };

	return level < 6 ? map[level] : 14;
}

static void put_tsdl_str(FILE *m, const char *s)
{
	for (; *s; s++)
		fprintf(m, *s == '"' || *s == '\\' ? "\\%c" : "%c", *s);
}

static int write_metadata(const struct evsum *s, const struct evsum_info *in)
{
	char path[4200], host[256] = "";
	unsigned i, k;
	FILE *m;
	int ret;

	snprintf(path, sizeof(path), "%s/metadata", dir);
	m = fopen(path, "w");
	if (!m) {
		perror(path);
		return -1;
	}
	if (s->host)
		snprintf(host, sizeof(host), "%s", s->host);
	else if (dump.session)
		gethostname(host, sizeof(host) - 1);
	fprintf(m, "/* CTF 1.8 */\n\n"
		"typealias integer { size = 8; align = 8; signed = false; } := uint8_t;\n"
		"typealias integer { size = 32; align = 8; signed = false; } := uint32_t;\n"
		"typealias integer { size = 64; align = 8; signed = false; } := uint64_t;\n"
		"typealias integer { size = 64; align = 8; signed = true; } := int64_t;\n"
		"typealias integer { size = 64; align = 8; signed = false; base = 16; } := xint64_t;\n"
		"typealias integer { size = 64; align = 8; signed = false; map = clock.etw.value; } := uint64_clock_t;\n\n"
		"trace {\n\tmajor = 1;\n\tminor = 8;\n\tuuid = \"");
	put_uuid(m, uuid);
	fprintf(m, "\";\n\tbyte_order = le;\n"
		"\tpacket.header := struct {\n\t\tuint32_t magic;\n\t\tuint8_t uuid[16];\n"
		"\t\tuint32_t stream_id;\n\t};\n};\n\nenv {\n");
	if (*host) {
		fputs("\thostname = \"", m);
		put_tsdl_str(m, host);
		fputs("\";\n", m);
	}
	fprintf(m, "\ttracer_name = \"" TRACER_NAME "\";\n\tdomain = \"etw\";\n"
		"\tevents = %llu;\n\tevents_lost = %llu;\n\tbuffers_lost = %llu;\n};\n\n",
		s->events, in->events_lost, in->buffers_lost);
	fprintf(m, "clock {\n\tname = etw;\n\tuuid = \"");
	put_uuid(m, uuid);
	fprintf(m, "\";\n\tdescription = \"%s\";\n\tfreq = 1000000000;\n"
		"\toffset = 0;\n\tabsolute = %s;\n};\n\n",
		dump.raw ? "the session's raw clock" : "ETW event time, ns since 1970 (UTC)",
		dump.raw ? "false" : "true");
	fprintf(m, "stream {\n\tid = 0;\n"
		"\tpacket.context := struct {\n\t\tuint64_clock_t timestamp_begin;\n"
		"\t\tuint64_clock_t timestamp_end;\n\t\tuint64_t content_size;\n"
		"\t\tuint64_t packet_size;\n\t\tuint64_t events_discarded;\n"
		"\t\tuint32_t cpu_id;\n\t};\n"
		"\tevent.header := struct {\n\t\tuint32_t id;\n"
		"\t\tuint64_clock_t timestamp;\n\t};\n"
		"\tevent.context := struct {\n\t\tuint32_t _pid;\n\t\tuint32_t _tid;\n\t};\n};\n\n");
	for (i = 0; i < nclasses; i++) {
		const struct cls *c = &classes[i];

		fprintf(m, "event {\n\tname = \"");
		put_tsdl_str(m, c->name);
		fprintf(m, "\";\n\tid = %u;\n\tstream_id = 0;\n\tloglevel = %d;\n"
			"\tfields := struct {\n", c->id, loglevel(c->level));
		for (k = 0; k < c->nfields; k++)
			fprintf(m, "\t\t%s %s;\n", c->types[k] == 's' ? "string" :
				c->types[k] == 'i' ? "int64_t" : c->types[k] == 'x' ?
				"xint64_t" : "uint64_t", c->fnames[k]);
		fprintf(m, "\t};\n};\n\n");
	}
	ret = ferror(m) ? -1 : 0;
	if (fclose(m))
		ret = -1;
	return ret;
}

static int ctf_close(const struct evsum *s, const struct evsum_info *in)
{
	unsigned cpu, i, k, last = MAX_CPUS;
	int ret;

	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		if (streams[cpu].f)
			last = cpu;
	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		struct stream *st = &streams[cpu];

		if (!st->f)
			continue;
		if (cpu == last)
			st->discarded = in->events_lost;
		flush_packet(cpu);
		if (fclose(st->f))
			failed = 1;
		free(st->buf);
	}
	ret = write_metadata(s, in);
	for (i = 0; i < nclasses; i++) {
		for (k = 0; k < classes[i].nfields; k++)
			free(classes[i].fnames[k]);
		free(classes[i].fnames);
		free(classes[i].types);
		free(classes[i].sig);
		free(classes[i].name);
	}
	free(classes);
	free(ctab);
	if (failed)
		fprintf(stderr, "etwdump: --ctf: could not write all of %s\n", dir);
	return failed ? -1 : ret;
}

const struct output output_ctf = {
	.event = ctf_event,
	.open = ctf_open,
	.close = ctf_close,
};
