// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwmc: the manifest against the event schema, as mc.exe validates it
 * against eventman.xsd before compiling anything.  Without this, an
 * element the reader does not know (<evnt> for <event>) or an attribute
 * it does not look at (symbl= for symbol=) is silently ignored: the
 * header then lacks those events, and the error shows up in the user's
 * compile, far from its cause.
 *
 * The schema here is the part of eventman.xsd that instrumentation
 * manifests use: for each element of the events namespace, where it may
 * be (its parent) and the attributes it may have.  Elements and
 * attributes of other namespaces (<counters>, xsi:schemaLocation, ...)
 * are left alone, as are the contents of <UserData>; text content and
 * attribute values are the reader's to check (tdh_manifest.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "etwmc.h"

#define EVENTS_NS "http://schemas.microsoft.com/win/2004/08/events"
#define MAX_ERRORS 20

/*
 * One element of the schema: its parent, its name, its attributes.  The
 * parent is named by its element name, but for a provider's <events>
 * ("provider/events"), whose children are not those of <instrumentation>'s.
 */
struct elem {
	const char *parent;	/* NULL: the document's root */
	const char *name;
	const char *attrs;	/* space-separated; NULL: none */
};

#define ITEM "name value symbol message"
#define MAP_ATTRS "name symbol prefix removePrefix"

static const struct elem schema[] = {
	{ NULL, "instrumentationManifest", "schemaVersion" },
	{ "instrumentationManifest", "instrumentation", NULL },
	{ "instrumentationManifest", "localization", NULL },
	{ "instrumentation", "events", NULL },
	{ "events", "provider", "name guid symbol resourceFileName messageFileName "
	  "parameterFileName message source warnOnApplicationCompatibilityError" },
	{ "events", "messageTable", NULL },
	{ "messageTable", "message", "value symbol message mcSymbol" },
	/* a provider's lists */
	{ "provider", "channels", NULL },
	{ "provider", "levels", NULL },
	{ "provider", "tasks", NULL },
	{ "provider", "opcodes", NULL },
	{ "provider", "keywords", NULL },
	{ "provider", "maps", NULL },
	{ "provider", "namedQueries", NULL },
	{ "provider", "templates", NULL },
	{ "provider", "events", NULL },
	{ "provider", "filters", NULL },
	{ "channels", "channel", "name chid type symbol message enabled isolation value "
	  "access" },
	{ "channels", "importChannel", "name chid symbol" },
	{ "channel", "logging", NULL },
	{ "channel", "publishing", NULL },
	{ "logging", "autoBackup", NULL },
	{ "logging", "retention", NULL },
	{ "logging", "maxSize", NULL },
	{ "publishing", "level", NULL },
	{ "publishing", "keywords", NULL },
	{ "publishing", "controlGuid", NULL },
	{ "publishing", "bufferSize", NULL },
	{ "publishing", "fileMax", NULL },
	{ "publishing", "minBuffers", NULL },
	{ "publishing", "maxBuffers", NULL },
	{ "publishing", "latency", NULL },
	{ "publishing", "clockType", NULL },
	{ "publishing", "sidType", NULL },
	{ "levels", "level", ITEM },
	{ "tasks", "task", ITEM " eventGUID" },
	{ "task", "opcodes", NULL },
	{ "opcodes", "opcode", ITEM },
	{ "keywords", "keyword", "name mask symbol message" },
	{ "maps", "valueMap", MAP_ATTRS },
	{ "maps", "bitMap", MAP_ATTRS },
	{ "valueMap", "map", "value message symbol" },
	{ "bitMap", "map", "value message symbol" },
	{ "namedQueries", "patternMaps", NULL },
	{ "patternMaps", "patternMap", "name format symbol" },
	{ "patternMap", "map", "name value" },
	{ "templates", "template", "tid name" },
	{ "template", "data", "name inType outType map count length" },
	{ "template", "struct", "name count length" },
	{ "template", "UserData", NULL },
	{ "struct", "data", "name inType outType map count length" },
	{ "provider/events", "event", "value version level task opcode keywords channel "
	  "template symbol message notLogged" },
	{ "filters", "filter", "name value version tid symbol message" },
	/* the strings */
	{ "localization", "resources", "culture" },
	{ "resources", "stringTable", NULL },
	{ "stringTable", "string", "id value stringType" },
};

struct check {
	const char *src;
	const char *xml;	/* the text, for the lines */
	size_t len;
	int errors;
};

/* Where line @line (1-based) of the text starts, or NULL. */
static const char *line_start(const struct check *c, long line)
{
	const char *p = c->xml, *end = c->xml + c->len;

	while (--line > 0 && p < end) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (!p)
			return NULL;
		p++;
	}
	return p < end ? p : NULL;
}

/*
 * The line @what is on: libxml2 gives an element the line where its
 * start tag ends; the tag (and an attribute in it) may start lines
 * before.  The nearest line at or before that one with @what on it.
 */
static long line_of(const struct check *c, const xmlNode *n, const char *what)
{
	long line = xmlGetLineNo(n), l;

	for (l = line; l > 0 && l > line - 50; l--) {
		const char *p = line_start(c, l), *e;

		if (!p)
			break;
		e = memchr(p, '\n', (size_t)(c->xml + c->len - p));
		if (!e)
			e = c->xml + c->len;
		if (memmem(p, (size_t)(e - p), what, strlen(what)))
			return l;
	}
	return line;
}

static int ours(const xmlNode *n)
{
	return !n->ns || !strcmp((const char *)n->ns->href, EVENTS_NS);
}

static const struct elem *lookup(const char *parent, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(schema) / sizeof(schema[0]); i++) {
		const struct elem *e = &schema[i];

		if (e->name && !strcmp(e->name, name) &&
		    (parent ? e->parent && !strcmp(e->parent, parent) : !e->parent))
			return e;
	}
	return NULL;
}

/* "a, b or c": what may be in @parent (@out, @room). */
static void allowed_children(const char *parent, char *out, size_t room)
{
	size_t i, n = 0, k = 0, total = 0;

	out[0] = 0;
	for (i = 0; i < sizeof(schema) / sizeof(schema[0]); i++)
		total += schema[i].name && schema[i].parent && !strcmp(schema[i].parent, parent);
	for (i = 0; i < sizeof(schema) / sizeof(schema[0]) && n < room; i++) {
		const struct elem *e = &schema[i];

		if (!e->name || !e->parent || strcmp(e->parent, parent))
			continue;
		k++;
		n += (size_t)snprintf(out + n, room - n, "%s<%s>", k == 1 ? "" :
				      k == total ? " or " : ", ", e->name);
	}
}

static int has_word(const char *list, const char *w)
{
	size_t len = strlen(w);
	const char *p = list;

	while (p && (p = strstr(p, w))) {
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return 1;
		p += len;
	}
	return 0;
}

/* An error about @n, at the line where @what (its tag, an attribute) is. */
static void __attribute__((format(printf, 4, 5)))
error(struct check *c, const xmlNode *n, const char *what, const char *fmt, ...)
{
	va_list ap;

	if (++c->errors > MAX_ERRORS)
		return;
	fprintf(stderr, "etwmc: %s:%ld: ", c->src, line_of(c, n, what));
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void walk(struct check *c, const xmlNode *n, const char *parent)
{
	const struct elem *e;
	const xmlAttr *a;
	char list[512], tag[128], at[128];

	for (; n; n = n->next) {
		const char *name = (const char *)n->name;

		if (n->type != XML_ELEMENT_NODE || !ours(n))
			continue;	/* text, comments; another schema's elements */
		snprintf(tag, sizeof(tag), "<%s", name);
		e = lookup(parent, name);
		if (!e && !parent) {
			error(c, n, tag, "<%s>: a manifest's root is <instrumentationManifest>",
			      name);
			continue;
		}
		if (!e) {
			const char *shown = strchr(parent, '/') ? strchr(parent, '/') + 1 : parent;

			allowed_children(parent, list, sizeof(list));
			if (*list)
				error(c, n, tag, "<%s> is no element of <%s> in the event schema "
				      "(there: %s)", name, shown, list);
			else
				error(c, n, tag, "<%s> is no element of <%s> in the event schema "
				      "(<%s> has none)", name, shown, shown);
			continue;
		}
		for (a = n->properties; a; a = a->next) {
			const char *an = (const char *)a->name;

			if (a->ns)
				continue;	/* xsi:schemaLocation and such */
			snprintf(at, sizeof(at), "%s=", an);
			if (!e->attrs || !has_word(e->attrs, an))
				error(c, n, at, "<%s %s=...>: %s is no attribute of <%s> in the event "
				      "schema (%s%s)", name, an, an, name,
				      e->attrs ? "it has: " : "it has none", e->attrs ? e->attrs : "");
		}
		if (strcmp(name, "UserData"))
			walk(c, n->children, parent && !strcmp(parent, "provider") &&
			     !strcmp(name, "events") ? "provider/events" : name);
	}
}

int schema_check(const char *xml, size_t len, const char *src)
{
	struct check c = { src, xml, len, 0 };
	xmlDoc *doc;

	doc = xmlReadMemory(xml, (int)len, src, NULL,
			    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (!doc)
		return 0;	/* not XML: the reader says so (tdh_manifest.c) */
	walk(&c, xmlDocGetRootElement(doc), NULL);
	xmlFreeDoc(doc);
	if (c.errors > MAX_ERRORS)
		fprintf(stderr, "etwmc: %s: %d more errors\n", src, c.errors - MAX_ERRORS);
	return c.errors;
}
