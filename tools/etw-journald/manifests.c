// SPDX-License-Identifier: GPL-2.0-only
/*
 * The installed instrumentation manifests, for their channels: which
 * channel value of which provider is an Admin, Operational, Analytic or
 * Debug channel (what Windows' Event Log decides by).  Read from the
 * *.man files of $ETW_MANIFEST_PATH (':'-separated; by default
 * /var/lib/etw/manifests and /usr/share/etw/manifests, where TDH looks),
 * with the values mc.exe and TDH give: the value attribute; 8, 9, 10 for
 * the imported System, Application and Security channels (Admin); else
 * 16, 17, ... in order.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "etw-journald.h"
#include "common/guid.h"

static int is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

static char *attr(const xmlNode *n, const char *name)
{
	return (char *)xmlGetProp(n, (const xmlChar *)name);
}

static enum chan_type type_of(const char *t)
{
	if (!t)
		return CH_NONE;
	if (!strcasecmp(t, "Admin"))
		return CH_ADMIN;
	if (!strcasecmp(t, "Operational"))
		return CH_OPERATIONAL;
	if (!strcasecmp(t, "Analytic"))
		return CH_ANALYTIC;
	if (!strcasecmp(t, "Debug"))
		return CH_DEBUG;
	return CH_NONE;
}

static void read_provider(const xmlNode *prov)
{
	char *g = attr(prov, "guid"), *name = attr(prov, "name");
	struct jd_provider *p;
	const xmlNode *list = NULL, *e;
	unsigned next = 16;
	GUID guid;

	if (!g || etw_guid_parse(g, &guid) || !(p = provider_get(&guid)))
		goto out;
	p->manifest = 1;
	if (name)
		snprintf(p->name, sizeof(p->name), "%s", name);
	for (e = prov->children; e; e = e->next)
		if (is(e, "channels"))
			list = e;
	for (e = list ? list->children : NULL; e; e = e->next) {
		int imported = is(e, "importChannel");
		char *v, *t, *n;
		unsigned long val;

		if (!imported && !is(e, "channel"))
			continue;
		v = attr(e, "value");
		t = attr(e, "type");
		n = attr(e, "name");
		if (v) {
			val = strtoul(v, NULL, 0);
		} else if (imported && n && !strcasecmp(n, "System")) {
			val = 8;
		} else if (imported && n && !strcasecmp(n, "Application")) {
			val = 9;
		} else if (imported && n && !strcasecmp(n, "Security")) {
			val = 10;
		} else {
			val = next++;
		}
		if (val < 256) {
			p->chan[val] = imported && !t ? CH_ADMIN : type_of(t);
			free(p->chan_name[val]);
			p->chan_name[val] = n ? strdup(n) : NULL;
		}
		xmlFree(v);
		xmlFree(t);
		xmlFree(n);
	}
out:
	xmlFree(g);
	xmlFree(name);
}

/* Every <provider> under the document's <events> elements. */
static void walk(const xmlNode *n)
{
	for (; n; n = n->next) {
		if (is(n, "provider"))
			read_provider(n);
		else if (n->type == XML_ELEMENT_NODE)
			walk(n->children);
	}
}

static void read_dir(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char path[4096];
		xmlDoc *doc;

		if (len < 5 || strcmp(e->d_name + len - 4, ".man"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR |
				  XML_PARSE_NOWARNING);
		if (!doc) {
			fprintf(stderr, "etw-journald: %s: not a manifest\n", path);
			continue;
		}
		walk(xmlDocGetRootElement(doc));
		xmlFreeDoc(doc);
	}
	closedir(d);
}

void manifests_read(void)
{
	const char *env = getenv("ETW_MANIFEST_PATH");
	char *dirs = strdup(env && *env ? env :
			    "/var/lib/etw/manifests:/usr/share/etw/manifests");
	char *tok, *save = NULL;

	for (tok = strtok_r(dirs, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
		read_dir(tok);
	free(dirs);
}
