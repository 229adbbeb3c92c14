// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-journald's configuration, /etc/etw/journald.conf (etw-journald(8)):
 *
 *   [Journal]
 *   Session=EtwJournal     the real-time session it reads
 *   Manifests=yes          forward the Admin, Operational and Analytic
 *                          channels of every installed manifest
 *   UserMaxPriority=err    the highest priority an event gets when its
 *                          writer is not root (or is not known): a
 *                          syslog level name or 0..7
 *   [Provider]             (repeated) a provider to forward besides, e.g.
 *   Guid=...               a TraceLogging provider
 *   Channels=8,9,10        the channel values forwarded (default: the
 *                          Windows Event Log's System, Application and
 *                          Security channels)
 *   Level=5                the level enabled (default 255, every level)
 *   MatchAnyKeyword=0x...  the keywords enabled (default 0, every one)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etw-journald.h"
#include "common/guid.h"
#include "common/ini.h"

struct jd_provider *provider_get(const GUID *g)
{
	struct jd_provider *p;
	int i;

	for (i = 0; i < jd.nprov; i++)
		if (IsEqualGUID(&jd.prov[i].guid, g))
			return &jd.prov[i];
	if (jd.nprov == JD_MAX_PROVIDERS)
		return NULL;
	p = &jd.prov[jd.nprov++];
	memset(p, 0, sizeof(*p));
	p->guid = *g;
	p->level = 255;
	return p;
}

/* "8,9,10" or "Admin,Operational": what a provider's events may go by. */
int parse_channels(const char *s, struct jd_provider *p)
{
	char *copy = strdup(s), *tok, *save = NULL, *end;
	int ret = 0;

	if (!copy)
		return -1;
	for (tok = strtok_r(copy, ", ", &save); tok && !ret;
	     tok = strtok_r(NULL, ", ", &save)) {
		unsigned long v = strtoul(tok, &end, 0);

		if (!*end && end != tok && v < 256)
			p->chan[v] = p->chan[v] ? p->chan[v] : CH_ADMIN;
		else
			ret = -1;
	}
	free(copy);
	return ret;
}

/* A syslog priority by name (emerg ... debug) or number; -1 if neither. */
static int parse_priority(const char *v)
{
	static const char *const names[] = {
		"emerg", "alert", "crit", "err", "warning", "notice", "info",
		"debug",
	};
	int i;

	if (v[0] >= '0' && v[0] <= '7' && !v[1])
		return v[0] - '0';
	for (i = 0; i < 8; i++)
		if (!strcasecmp(v, names[i]))
			return i;
	return -1;
}

int config_read(const char *path, int must_exist)
{
	enum { NONE, JOURNAL, PROVIDER } sect = NONE;
	struct jd_provider *p = NULL;
	char line[1024], *chans = NULL;
	int lineno = 0, ret = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		if (!must_exist && errno == ENOENT)
			return 0;
		fprintf(stderr, "etw-journald: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (!ret && fgets(line, sizeof(line), f)) {
		char *l = etw_ini_trim(line), *k, *v;

		lineno++;
		if (etw_ini_comment(l))
			continue;
		if (!strcasecmp(l, "[Journal]")) {
			sect = JOURNAL;
			continue;
		}
		if (!strcasecmp(l, "[Provider]")) {
			sect = PROVIDER;
			p = NULL;
			continue;
		}
		if (*l == '[' || sect == NONE || etw_ini_split(l, &k, &v)) {
			fprintf(stderr, "etw-journald: %s:%d: not a section or key=value\n",
				path, lineno);
			ret = -1;
			break;
		}
		if (sect == JOURNAL && !strcasecmp(k, "Session")) {
			jd.session = strdup(v);
		} else if (sect == JOURNAL && !strcasecmp(k, "Manifests")) {
			jd.use_manifests = !strcasecmp(v, "yes") || !strcmp(v, "1") ||
					   !strcasecmp(v, "true");
		} else if (sect == JOURNAL && !strcasecmp(k, "UserMaxPriority")) {
			jd.user_max_priority = parse_priority(v);
			if (jd.user_max_priority < 0) {
				fprintf(stderr, "etw-journald: %s:%d: UserMaxPriority= wants "
					"emerg, alert, crit, err, warning, notice, info, "
					"debug or 0..7\n", path, lineno);
				ret = -1;
			}
		} else if (sect == PROVIDER && !strcasecmp(k, "Guid")) {
			GUID g;

			if (etw_guid_parse(v, &g) || !(p = provider_get(&g))) {
				fprintf(stderr, "etw-journald: %s:%d: bad Guid\n", path, lineno);
				ret = -1;
			}
		} else if (sect == PROVIDER && p && !strcasecmp(k, "Channels")) {
			free(chans);
			chans = strdup(v);
			if (parse_channels(v, p)) {
				fprintf(stderr, "etw-journald: %s:%d: Channels= wants numbers "
					"0..255\n", path, lineno);
				ret = -1;
			}
		} else if (sect == PROVIDER && p && !strcasecmp(k, "Level")) {
			p->level = (UCHAR)strtoul(v, NULL, 0);
		} else if (sect == PROVIDER && p && !strcasecmp(k, "MatchAnyKeyword")) {
			p->any = strtoull(v, NULL, 0);
		} else {
			fprintf(stderr, "etw-journald: %s:%d: unknown key %s%s\n", path,
				lineno, k, sect == PROVIDER && !p ? " (Guid= first)" : "");
			ret = -1;
		}
	}
	free(chans);
	fclose(f);
	return ret;
}
