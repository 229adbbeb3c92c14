// SPDX-License-Identifier: GPL-2.0-only
/*
 * The installed instrumentation manifests, for their channels: which
 * channel value of which provider is an Admin, Operational, Analytic or
 * Debug channel (what Windows' Event Log decides by).  Read from the
 * *.man files of $ETW_MANIFEST_PATH (':'-separated; by default
 * /var/lib/etw/manifests and /usr/share/etw/manifests, where TDH looks)
 * with libetw's manifest reader, so that a channel's value is the one
 * mc.exe and TDH give it: the value attribute; 8, 9, 10 for the imported
 * System, Application and Security channels; else 16, 17, ... in order,
 * skipping values other channels take.  An imported channel without a
 * type is an Admin one.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etw-journald.h"
#include "common/file.h"
#include "tdh_manifest.h"

static enum chan_type type_of(const struct mf_item *it)
{
	const char *t = it->type;

	if (!t)
		return it->imported ? CH_ADMIN : CH_NONE;
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

static void read_provider(const struct tdh_provider *tp)
{
	struct jd_provider *p = provider_get(&tp->guid);
	unsigned i;

	if (!p)
		return;
	p->manifest = 1;
	if (tp->name)
		snprintf(p->name, sizeof(p->name), "%s", tp->name);
	for (i = 0; i < tp->nchannels; i++) {
		const struct mf_item *it = &tp->channels[i];

		if (it->value >= 256)
			continue;
		p->chan[it->value] = type_of(it);
		free(p->chan_name[it->value]);
		p->chan_name[it->value] = it->name ? strdup(it->name) : NULL;
	}
}

static void read_file(const char *path)
{
	struct tdh_manifest *m;
	char err[256] = "";
	size_t len = 0;
	unsigned i;
	ULONG e;
	char *xml = etw_slurp(path, &len);

	if (!xml) {
		fprintf(stderr, "etw-journald: %s: %s\n", path, strerror(errno));
		return;
	}
	m = tdh_manifest_parse(xml, len, path, &e, err, sizeof(err));
	free(xml);
	if (!m) {
		fprintf(stderr, "etw-journald: %s: not a manifest%s%s\n", path,
			*err ? ": " : "", err);
		return;
	}
	for (i = 0; i < tdh_manifest_providers(m); i++)
		read_provider(tdh_manifest_provider(m, i));
	tdh_manifest_free(m);
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

		if (len < 5 || strcmp(e->d_name + len - 4, ".man"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		read_file(path);
	}
	closedir(d);
}

void manifests_read(void)
{
	const char *env = getenv("ETW_MANIFEST_PATH");
	char *dirs = strdup(env && *env ? env :
			    "/var/lib/etw/manifests:/usr/share/etw/manifests");
	char *tok, *save = NULL;

	if (!dirs)
		return;
	for (tok = strtok_r(dirs, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
		read_dir(tok);
	free(dirs);
}
