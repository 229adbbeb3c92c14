// SPDX-License-Identifier: MIT
/*
 * MOF classes for classic events: the local class store TDH decodes
 * classic (TraceEvent) events with, as Windows' TDH does from the WMI
 * repository where mofcomp put the provider's MOF file.
 *
 * The store is the *.mof files of the directories of $ETW_MOF_PATH
 * (':'-separated; by default /var/lib/etw/mof, where `etwctl mof install`
 * writes, then /usr/share/etw/mof), read again when a directory changes.
 * A MOF file is read as mofcomp reads class declarations:
 *
 *   #pragma namespace("\\\\.\\root\\wmi")          (pragmas: skipped)
 *   [Dynamic, Guid("{...}")] class MyProvider : EventTrace { };
 *   [Dynamic, Guid("{...}"), EventVersion(1)] class MyEvent : MyProvider { };
 *   [Dynamic, EventType{10, 11}, EventTypeName{"Open", "Close"}]
 *   class MyEvent_Open : MyEvent {
 *       [WmiDataId(1), pointer] uint32 Object;
 *       [WmiDataId(2), StringTermination("Counted"), format("w")] string Name;
 *   };
 *
 * with comments, qualifier flavors (": amended") and instances (skipped).
 * A classic event (EVENT_HEADER_FLAG_CLASSIC_HEADER) is the event class
 * whose Guid is its ProviderId and whose EventVersion is its version (a
 * class without EventVersion is the latest), and the event type class
 * below it whose EventType lists its opcode.  TDH describes it with
 * DecodingSourceWbem: provider name the provider class (the event class's
 * parent), task name the event class, opcode name the EventTypeName, and
 * the type class's properties in WmiDataId order with the TDH types
 * their MOF types and qualifiers give (mof_types()).
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "internal.h"
#include "tdh_internal.h"
#include "tdh_manifest.h"
#include "tdh_mof.h"
#include "tdh_store.h"

#define QVALS 64

struct mof_qual {
	char *name;
	char *vals[QVALS];	/* Name(v) or Name{v1, v2}: the values' text */
	unsigned n;
};

struct mof_quals {
	struct mof_qual *q;
	unsigned n;
};

struct mof_prop {
	char *name, *type;
	int array;		/* declared with [] */
	unsigned count;		/* [N], or 0 */
	struct mof_quals quals;
};

struct mof_class {
	char *name, *parent;
	struct mof_quals quals;
	struct mof_prop *props;
	unsigned nprops;
};

struct mof_file {
	struct mof_class *classes;
	unsigned nclasses;
};

/* --- Parsing ------------------------------------------------------------ */

struct lexer {
	const char *p, *end;
	unsigned line;
	char tok[1024];
	int str;		/* the token was a "string" */
	char *err;
	size_t errlen;
	int bad;
};

static void lex_error(struct lexer *l, const char *why)
{
	if (l->bad)
		return;
	l->bad = 1;
	if (l->err && l->errlen)
		snprintf(l->err, l->errlen, "line %u: %s", l->line, why);
}

/* Skip white space, comments and #pragma lines. */
static void skip(struct lexer *l)
{
	for (;;) {
		while (l->p < l->end && isspace((unsigned char)*l->p)) {
			if (*l->p == '\n')
				l->line++;
			l->p++;
		}
		if (l->p + 1 < l->end && l->p[0] == '/' && l->p[1] == '/') {
			while (l->p < l->end && *l->p != '\n')
				l->p++;
		} else if (l->p + 1 < l->end && l->p[0] == '/' && l->p[1] == '*') {
			l->p += 2;
			while (l->p + 1 < l->end && !(l->p[0] == '*' && l->p[1] == '/')) {
				if (*l->p == '\n')
					l->line++;
				l->p++;
			}
			l->p = l->p + 1 < l->end ? l->p + 2 : l->end;
		} else if (l->p < l->end && *l->p == '#') {
			while (l->p < l->end && *l->p != '\n')
				l->p++;
		} else {
			return;
		}
	}
}

/* The next token into l->tok: a word, a "string" (unescaped) or one char. */
static int next(struct lexer *l)
{
	size_t n = 0;

	skip(l);
	l->str = 0;
	l->tok[0] = 0;
	if (l->p >= l->end)
		return 0;
	if (*l->p == '"') {
		l->str = 1;
		for (l->p++; l->p < l->end && *l->p != '"'; l->p++) {
			char c = *l->p;

			if (c == '\n') {
				lex_error(l, "a string runs past the end of its line");
				return 0;
			}
			if (c == '\\' && l->p + 1 < l->end)
				c = *++l->p;
			if (n + 1 < sizeof(l->tok))
				l->tok[n++] = c;
		}
		if (l->p >= l->end) {
			lex_error(l, "a string is not closed");
			return 0;
		}
		l->p++;
		l->tok[n] = 0;
		/* "abc" "def": one string */
		skip(l);
		if (l->p < l->end && *l->p == '"') {
			char first[sizeof(l->tok)];

			memcpy(first, l->tok, n + 1);
			if (!next(l))
				return 0;
			snprintf(first + n, sizeof(first) - n, "%s", l->tok);
			memcpy(l->tok, first, sizeof(first));
			l->str = 1;
		}
		return 1;
	}
	if (isalnum((unsigned char)*l->p) || *l->p == '_' || *l->p == '-' || *l->p == '.') {
		while (l->p < l->end && (isalnum((unsigned char)*l->p) || *l->p == '_' ||
					 *l->p == '-' || *l->p == '.') && n + 1 < sizeof(l->tok))
			l->tok[n++] = *l->p++;
		l->tok[n] = 0;
		return 1;
	}
	l->tok[0] = *l->p++;
	l->tok[1] = 0;
	return 1;
}

static int is(const struct lexer *l, const char *s)
{
	return !l->str && !strcmp(l->tok, s);
}

static int expect(struct lexer *l, const char *s)
{
	char why[80];

	if (next(l) && is(l, s))
		return 1;
	snprintf(why, sizeof(why), "'%s' expected, found '%.40s'", s, l->tok);
	lex_error(l, why);
	return 0;
}

static char *dup(const char *s)
{
	return strdup(s);
}

static void free_quals(struct mof_quals *qs)
{
	unsigned i, j;

	for (i = 0; i < qs->n; i++) {
		free(qs->q[i].name);
		for (j = 0; j < qs->q[i].n; j++)
			free(qs->q[i].vals[j]);
	}
	free(qs->q);
	qs->q = NULL;
	qs->n = 0;
}

/* "[ Name, Name(v), Name{v, v} : flavor, ... ]" after the '['. */
static int parse_quals(struct lexer *l, struct mof_quals *qs)
{
	for (;;) {
		struct mof_qual *q, *nq;

		if (!next(l))
			break;
		if (is(l, "]"))
			return 1;
		if (is(l, ","))
			continue;
		if (is(l, ":")) {	/* a flavor: amended, ToSubclass, ... */
			next(l);
			continue;
		}
		nq = realloc(qs->q, (qs->n + 1) * sizeof(*nq));
		if (!nq) {
			lex_error(l, "out of memory");
			return 0;
		}
		qs->q = nq;
		q = &qs->q[qs->n++];
		memset(q, 0, sizeof(*q));
		q->name = dup(l->tok);
		skip(l);
		if (l->p < l->end && (*l->p == '(' || *l->p == '{')) {
			char close = *l->p == '(' ? ')' : '}';

			next(l);
			while (next(l) && !is(l, (char[]){ close, 0 })) {
				if (is(l, ","))
					continue;
				if (q->n < QVALS)
					q->vals[q->n++] = dup(l->tok);
			}
			if (!is(l, (char[]){ close, 0 })) {
				lex_error(l, "a qualifier's value list is not closed");
				return 0;
			}
		}
	}
	lex_error(l, "']' expected");
	return 0;
}

static void free_class(struct mof_class *c)
{
	unsigned i;

	free(c->name);
	free(c->parent);
	free_quals(&c->quals);
	for (i = 0; i < c->nprops; i++) {
		free(c->props[i].name);
		free(c->props[i].type);
		free_quals(&c->props[i].quals);
	}
	free(c->props);
}

/* "{ [quals] type name[N]; ... };" after "class Name : Parent". */
static int parse_body(struct lexer *l, struct mof_class *c)
{
	if (!expect(l, "{"))
		return 0;
	for (;;) {
		struct mof_prop p, *np;

		memset(&p, 0, sizeof(p));
		if (!next(l)) {
			lex_error(l, "the class is not closed");
			return 0;
		}
		if (is(l, "}"))
			break;
		if (is(l, "[")) {
			if (!parse_quals(l, &p.quals))
				return 0;
			next(l);
		}
		if (l->str || !l->tok[0] || !isalpha((unsigned char)l->tok[0])) {
			free_quals(&p.quals);
			lex_error(l, "a property type expected");
			return 0;
		}
		p.type = dup(l->tok);
		if (!next(l) || l->str) {
			free(p.type);
			free_quals(&p.quals);
			lex_error(l, "a property name expected");
			return 0;
		}
		if (is(l, "ref") && next(l)) {	/* "Class ref Name" */
			;
		}
		p.name = dup(l->tok);
		next(l);
		if (is(l, "[")) {
			p.array = 1;
			next(l);
			if (!is(l, "]")) {
				p.count = (unsigned)strtoul(l->tok, NULL, 0);
				next(l);
			}
			if (!is(l, "]")) {
				free(p.type);
				free(p.name);
				free_quals(&p.quals);
				lex_error(l, "']' expected after an array size");
				return 0;
			}
			next(l);
		}
		if (is(l, "="))		/* "= default" */
			while (next(l) && !is(l, ";"))
				;
		if (!is(l, ";")) {
			char why[128];

			snprintf(why, sizeof(why), "';' expected after property %.60s", p.name);
			free(p.type);
			free(p.name);
			free_quals(&p.quals);
			lex_error(l, why);
			return 0;
		}
		np = realloc(c->props, (c->nprops + 1) * sizeof(*np));
		if (!np) {
			free(p.type);
			free(p.name);
			free_quals(&p.quals);
			lex_error(l, "out of memory");
			return 0;
		}
		c->props = np;
		c->props[c->nprops++] = p;
	}
	next(l);
	if (!is(l, ";"))
		lex_error(l, "';' expected after a class");
	return !l->bad;
}

static void free_file(struct mof_file *f)
{
	unsigned i;

	if (!f)
		return;
	for (i = 0; i < f->nclasses; i++)
		free_class(&f->classes[i]);
	free(f->classes);
	free(f);
}

/* Skip "instance of X { ... };" */
static void skip_instance(struct lexer *l)
{
	int depth = 0;

	while (next(l)) {
		if (is(l, "{"))
			depth++;
		else if (is(l, "}") && --depth <= 0)
			break;
	}
	next(l);
}

static struct mof_file *parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct lexer l = { text, text + len, 1, { 0 }, 0, err, errlen, 0 };
	struct mof_file *f = calloc(1, sizeof(*f));
	struct mof_quals quals = { 0 };

	if (!f)
		return NULL;
	while (!l.bad && next(&l)) {
		struct mof_class c, *nc;

		if (is(&l, "[")) {
			free_quals(&quals);
			parse_quals(&l, &quals);
			continue;
		}
		if (is(&l, "instance")) {
			free_quals(&quals);
			skip_instance(&l);
			continue;
		}
		if (strcasecmp(l.tok, "class") || l.str) {
			char why[96];

			snprintf(why, sizeof(why), "'class' expected, found '%.40s'", l.tok);
			lex_error(&l, why);
			break;
		}
		memset(&c, 0, sizeof(c));
		c.quals = quals;
		memset(&quals, 0, sizeof(quals));
		if (!next(&l) || l.str) {
			free_quals(&c.quals);
			lex_error(&l, "a class name expected");
			break;
		}
		c.name = dup(l.tok);
		skip(&l);
		if (l.p < l.end && *l.p == ':') {
			next(&l);
			next(&l);
			c.parent = dup(l.tok);
		}
		if (!parse_body(&l, &c)) {
			free_class(&c);
			break;
		}
		nc = realloc(f->classes, (f->nclasses + 1) * sizeof(*nc));
		if (!nc) {
			free_class(&c);
			lex_error(&l, "out of memory");
			break;
		}
		f->classes = nc;
		f->classes[f->nclasses++] = c;
	}
	free_quals(&quals);
	if (l.bad) {
		free_file(f);
		return NULL;
	}
	return f;
}

/* --- Qualifiers --------------------------------------------------------- */

static const struct mof_qual *qual(const struct mof_quals *qs, const char *name)
{
	unsigned i;

	for (i = 0; i < qs->n; i++)
		if (!strcasecmp(qs->q[i].name, name))
			return &qs->q[i];
	return NULL;
}

static const char *qual_str(const struct mof_quals *qs, const char *name)
{
	const struct mof_qual *q = qual(qs, name);

	return q && q->n ? q->vals[0] : NULL;
}

static int class_guid(const struct mof_class *c, GUID *g)
{
	const char *s = qual_str(&c->quals, "Guid");

	return s && !mf_parse_guid(s, g) ? 0 : -1;
}

/*
 * The TDH types of MOF property @p ("Event Tracing MOF Qualifiers":
 * format, StringTermination, pointer, extension).
 */
static void mof_types(const struct mof_prop *p, struct tdh_prop *t)
{
	const char *fmt = qual_str(&p->quals, "format");
	const char *term = qual_str(&p->quals, "StringTermination");
	const char *ext = qual_str(&p->quals, "extension");
	const char *ty = p->type;
	int hex = fmt && !strcasecmp(fmt, "x");
	int wide = fmt && !strcasecmp(fmt, "w");

	t->in = TDH_INTYPE_BINARY;
	t->out = TDH_OUTTYPE_NULL;
	if (qual(&p->quals, "pointer") || (ext && !strcasecmp(ext, "SizeT"))) {
		t->in = qual(&p->quals, "pointer") ? TDH_INTYPE_POINTER : TDH_INTYPE_SIZET;
		return;
	}
	if (ext) {
		if (!strcasecmp(ext, "Guid"))
			t->in = TDH_INTYPE_GUID;
		else if (!strcasecmp(ext, "Sid"))
			t->in = TDH_INTYPE_WBEMSID;
		else if (!strcasecmp(ext, "IPAddr") || !strcasecmp(ext, "IPAddrV4")) {
			t->in = TDH_INTYPE_UINT32;
			t->out = TDH_OUTTYPE_IPV4;
		} else if (!strcasecmp(ext, "IPAddrV6")) {
			t->in = TDH_INTYPE_BINARY;
			t->out = TDH_OUTTYPE_IPV6;
			t->length = 16;
		} else if (!strcasecmp(ext, "Port")) {
			t->in = TDH_INTYPE_UINT16;
			t->out = TDH_OUTTYPE_PORT;
		} else if (!strcasecmp(ext, "WmiTime")) {
			t->in = TDH_INTYPE_UINT64;
			t->out = TDH_OUTTYPE_DATETIME;
		} else if (!strcasecmp(ext, "RString")) {
			t->in = TDH_INTYPE_ANSISTRING;
		} else if (!strcasecmp(ext, "RWString")) {
			t->in = TDH_INTYPE_UNICODESTRING;
		} else if (!strcasecmp(ext, "NoPrint")) {
			t->out = TDH_OUTTYPE_NOPRINT;
		}
		if (t->in != TDH_INTYPE_BINARY || t->out != TDH_OUTTYPE_NULL)
			return;
	}
	if (!strcasecmp(ty, "string")) {
		if (!term || !strcasecmp(term, "NullTerminated"))
			t->in = wide ? TDH_INTYPE_UNICODESTRING : TDH_INTYPE_ANSISTRING;
		else if (!strcasecmp(term, "Counted"))
			t->in = wide ? TDH_INTYPE_COUNTEDSTRING : TDH_INTYPE_COUNTEDANSISTRING;
		else if (!strcasecmp(term, "ReverseCounted"))
			t->in = wide ? TDH_INTYPE_REVERSEDCOUNTEDSTRING :
				       TDH_INTYPE_REVERSEDCOUNTEDANSISTRING;
		else
			t->in = wide ? TDH_INTYPE_NONNULLTERMINATEDSTRING :
				       TDH_INTYPE_NONNULLTERMINATEDANSISTRING;
	} else if (!strcasecmp(ty, "uint8")) {
		t->in = fmt && !strcasecmp(fmt, "c") ? TDH_INTYPE_ANSICHAR : TDH_INTYPE_UINT8;
	} else if (!strcasecmp(ty, "sint8")) {
		t->in = TDH_INTYPE_INT8;
	} else if (!strcasecmp(ty, "char16")) {
		t->in = TDH_INTYPE_UNICODECHAR;
	} else if (!strcasecmp(ty, "uint16") || !strcasecmp(ty, "sint16")) {
		t->in = ty[0] == 'u' ? TDH_INTYPE_UINT16 : TDH_INTYPE_INT16;
		if (hex)
			t->out = TDH_OUTTYPE_HEXINT16;
	} else if (!strcasecmp(ty, "uint32") || !strcasecmp(ty, "sint32")) {
		t->in = ty[0] == 'u' ? TDH_INTYPE_UINT32 : TDH_INTYPE_INT32;
		if (hex)
			t->out = TDH_OUTTYPE_HEXINT32;
	} else if (!strcasecmp(ty, "uint64") || !strcasecmp(ty, "sint64")) {
		t->in = ty[0] == 'u' ? TDH_INTYPE_UINT64 : TDH_INTYPE_INT64;
		if (hex)
			t->out = TDH_OUTTYPE_HEXINT64;
	} else if (!strcasecmp(ty, "real32")) {
		t->in = TDH_INTYPE_FLOAT;
	} else if (!strcasecmp(ty, "real64")) {
		t->in = TDH_INTYPE_DOUBLE;
	} else if (!strcasecmp(ty, "boolean")) {
		t->in = TDH_INTYPE_BOOLEAN;
	} else if (!strcasecmp(ty, "datetime")) {
		t->in = TDH_INTYPE_FILETIME;
	}
}

/* --- The store ------------------------------------------------------------ */

static struct {
	pthread_mutex_t lock;
	char path[2048];	/* the $ETW_MOF_PATH the store was read from */
	long long mtimes[16];	/* of its directories (ns), when read */
	struct mof_file **files;
	unsigned nfiles;
	int loaded;
} store = { PTHREAD_MUTEX_INITIALIZER, "", { 0 }, NULL, 0, 0 };

const char *tdh_mof_path(void)
{
	const char *p = getenv("ETW_MOF_PATH");

	return p && *p ? p : ETW_MOF_DIRS;
}

struct mof_file *tdh_mof_parse(const char *text, size_t len, char *err, size_t errlen)
{
	return parse(text, len, err, errlen);
}

void tdh_mof_free(struct mof_file *f)
{
	free_file(f);
}

unsigned tdh_mof_classes(const struct mof_file *f)
{
	return f ? f->nclasses : 0;
}

const char *tdh_mof_class_name(const struct mof_file *f, unsigned i)
{
	return f && i < f->nclasses ? f->classes[i].name : NULL;
}

int tdh_mof_class_guid(const struct mof_file *f, unsigned i, GUID *g)
{
	return f && i < f->nclasses ? class_guid(&f->classes[i], g) : -1;
}

/*
 * The directories' mtimes changed (or the path): read the store again.
 * File systems stamp times from a coarse clock, so a directory changed
 * in the last two seconds is read again at every call: a change made
 * right after the last read is not missed.
 */
static int stale(const char *path, long long *mt)
{
	const char *p = path;
	unsigned k = 0;
	int changed = !store.loaded || strcmp(path, store.path);
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);

	while (*p && k < 16) {
		char dir[1024];
		size_t n = strcspn(p, ":");
		struct stat st;

		snprintf(dir, sizeof(dir), "%.*s", (int)n, p);
		mt[k] = !stat(dir, &st) ? st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec : 0;
		if (mt[k] != store.mtimes[k] || now.tv_sec - mt[k] / 1000000000LL <= 2)
			changed = 1;
		k++;
		p += n;
		if (*p)
			p++;
	}
	return changed;
}

static void reload(const char *path, const long long *mt)
{
	const char *p = path;
	unsigned i;

	for (i = 0; i < store.nfiles; i++)
		free_file(store.files[i]);
	free(store.files);
	store.files = NULL;
	store.nfiles = 0;
	while (*p) {
		size_t n = strcspn(p, ":");
		char dir[1024];
		struct dirent **names;
		int m, j;

		snprintf(dir, sizeof(dir), "%.*s", (int)n, p);
		m = scandir(dir, &names, NULL, alphasort);
		for (j = 0; j < m; j++) {
			const char *nm = names[j]->d_name;
			size_t k = strlen(nm), len;
			char file[2048], *text;
			struct mof_file *f, **nf;

			if (k > 4 && !strcasecmp(nm + k - 4, ".mof")) {
				snprintf(file, sizeof(file), "%s/%s", dir, nm);
				text = NULL;
				f = !tdh_read_file(file, &text, &len) ?
				    parse(text, len, NULL, 0) : NULL;
				free(text);
				nf = f ? realloc(store.files, (store.nfiles + 1) * sizeof(*nf)) : NULL;
				if (nf) {
					store.files = nf;
					store.files[store.nfiles++] = f;
				} else {
					free_file(f);
				}
			}
			free(names[j]);
		}
		if (m >= 0)
			free(names);
		p += n;
		if (*p)
			p++;
	}
	snprintf(store.path, sizeof(store.path), "%s", path);
	memcpy(store.mtimes, mt, sizeof(store.mtimes));
	store.loaded = 1;
}

/* A class of the store by name (first found). */
static const struct mof_class *by_name(const char *name)
{
	unsigned i, j;

	for (i = 0; name && i < store.nfiles; i++)
		for (j = 0; j < store.files[i]->nclasses; j++)
			if (!strcasecmp(store.files[i]->classes[j].name, name))
				return &store.files[i]->classes[j];
	return NULL;
}

/* The event class of @g and @version: EventVersion equal, else none given. */
static const struct mof_class *event_class(const GUID *g, unsigned version)
{
	const struct mof_class *latest = NULL;
	unsigned i, j;

	for (i = 0; i < store.nfiles; i++)
		for (j = 0; j < store.files[i]->nclasses; j++) {
			const struct mof_class *c = &store.files[i]->classes[j];
			const char *v = qual_str(&c->quals, "EventVersion");
			GUID cg;

			if (class_guid(c, &cg) || memcmp(&cg, g, sizeof(cg)))
				continue;
			if (v && strtoul(v, NULL, 0) == version)
				return c;
			if (!v && !latest)
				latest = c;
		}
	return latest;
}

/* The type class below @ev whose EventType lists @type; its index there. */
static const struct mof_class *type_class(const struct mof_class *ev, unsigned type,
					  unsigned *idx)
{
	unsigned i, j, k;

	for (i = 0; i < store.nfiles; i++)
		for (j = 0; j < store.files[i]->nclasses; j++) {
			const struct mof_class *c = &store.files[i]->classes[j];
			const struct mof_qual *q = qual(&c->quals, "EventType");

			if (!q || !c->parent || strcasecmp(c->parent, ev->name))
				continue;
			for (k = 0; k < q->n; k++)
				if (strtoul(q->vals[k], NULL, 0) == type) {
					*idx = k;
					return c;
				}
		}
	return NULL;
}

static const char *adup(struct tdh_arena *a, const char *s)
{
	return s ? tdh_strndup(a, s, strlen(s)) : NULL;
}

static ULONG describe(const EVENT_RECORD *e, struct tdh_schema *s, struct tdh_arena *a)
{
	const EVENT_HEADER *h = &e->EventHeader;
	const struct mof_class *ev, *ty, *prov;
	const struct mof_qual *names;
	const struct mof_prop **order;
	unsigned idx = 0, i, j, n;

	ev = event_class(&h->ProviderId, h->EventDescriptor.Version);
	if (!ev)
		return ERROR_NOT_FOUND;
	ty = type_class(ev, h->EventDescriptor.Opcode, &idx);
	if (!ty)
		return ERROR_NOT_FOUND;
	prov = by_name(ev->parent);
	memset(s, 0, sizeof(*s));
	s->provider = h->ProviderId;
	s->event_guid = h->ProviderId;
	s->desc = h->EventDescriptor;
	s->source = DecodingSourceWbem;
	s->provider_name = adup(a, prov ? prov->name : ev->parent);
	s->task_name = adup(a, qual_str(&ev->quals, "DisplayName") ?
			       qual_str(&ev->quals, "DisplayName") : ev->name);
	names = qual(&ty->quals, "EventTypeName");
	s->opcode_name = names && idx < names->n ? adup(a, names->vals[idx]) : NULL;
	n = ty->nprops;
	order = calloc(n ? n : 1, sizeof(*order));
	s->props = n ? tdh_alloc(a, n * sizeof(*s->props)) : NULL;
	if (!order || (n && !s->props)) {
		free(order);
		return ERROR_NOT_ENOUGH_MEMORY;
	}
	/* WmiDataId order (properties without one keep their place after) */
	for (i = 0; i < n; i++)
		order[i] = &ty->props[i];
	for (i = 1; i < n; i++)
		for (j = i; j > 0; j--) {
			const char *x = qual_str(&order[j - 1]->quals, "WmiDataId");
			const char *y = qual_str(&order[j]->quals, "WmiDataId");
			const struct mof_prop *t;

			if (!y || (x && strtoul(x, NULL, 0) <= strtoul(y, NULL, 0)))
				break;
			t = order[j - 1];
			order[j - 1] = order[j];
			order[j] = t;
		}
	for (i = 0; i < n; i++) {
		const struct mof_prop *p = order[i];
		struct tdh_prop *t = &s->props[i];
		const char *max = qual_str(&p->quals, "MAX");
		const char *size_is = qual_str(&p->quals, "WmiSizeIs");

		memset(t, 0, sizeof(*t));
		t->name = adup(a, p->name);
		mof_types(p, t);
		t->count = 1;
		if (p->array) {
			t->count = p->count ? p->count : max ? (uint16_t)strtoul(max, NULL, 0) : 0;
			t->flags |= PropertyParamFixedCount;
			if (size_is) {
				for (j = 0; j < i && strcasecmp(order[j]->name, size_is); j++)
					;
				if (j < i) {
					t->count = (uint16_t)j;
					t->flags = (t->flags & ~PropertyParamFixedCount) |
						   PropertyParamCount;
				}
			}
		}
		if (!t->name) {
			free(order);
			return ERROR_NOT_ENOUGH_MEMORY;
		}
	}
	free(order);
	s->nprops = s->ntop = n;
	if (!s->provider_name || !s->task_name)
		return ERROR_NOT_ENOUGH_MEMORY;
	return ERROR_SUCCESS;
}

/* Read the store again if its directories changed.  Context: store.lock. */
static void refresh_locked(void)
{
	const char *path = tdh_mof_path();
	long long mt[16] = { 0 };

	if (stale(path, mt)) {
		reload(path, mt);
		/* Answers made from the old classes (or their absence) go. */
		tdh_cache_invalidate();
	}
}

ULONG tdh_mof_schema(const EVENT_RECORD *e, struct tdh_schema *s, struct tdh_arena *a)
{
	ULONG r;

	if (!(e->EventHeader.Flags & EVENT_HEADER_FLAG_CLASSIC_HEADER))
		return ERROR_NOT_FOUND;
	pthread_mutex_lock(&store.lock);
	refresh_locked();
	r = describe(e, s, a);
	pthread_mutex_unlock(&store.lock);
	return r;
}

/*
 * The schema cache's hit of a classic event: the store is looked at
 * again, at most once a second (as the manifest store), so that
 * `etwctl mof install` is seen by a consumer that keeps running.
 */
void tdh_mof_refresh(void)
{
	static struct timespec last;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	pthread_mutex_lock(&store.lock);
	if (now.tv_sec != last.tv_sec) {
		last = now;
		refresh_locked();
	}
	pthread_mutex_unlock(&store.lock);
}
