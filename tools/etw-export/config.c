// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export's configuration: /etc/etw/export.conf (etw-export(8) lists
 * the keys), then the command line over it.  One [Export] section of
 * Key=Value lines (tools/etw_ini.h); Url=, Session= and Files= may be
 * repeated.  Credentials are not in it but in a file of their own
 * (Credentials=, mode 0600: user=NAME and password=SECRET lines).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "etw-export.h"
#include "common/ini.h"

void config_defaults(struct ex_config *c)
{
	memset(c, 0, sizeof(*c));
	c->database = "etw";
	c->cluster = "etw";
	c->spool = EX_DEFAULT_SPOOL;
	c->spool_limit = 1ULL << 30;
	c->batch_rows = 10000;
	c->batch_secs = 2;
	c->batch_bytes = 8ULL << 20;
	c->max_row_bytes = 1ULL << 20;
	c->interval = 60;
	c->gzip = GZIP_AUTO;
	c->distributed_sync = 1;
	c->timeout = 60;
	c->retry_max = 30;
}

int parse_bytes(const char *s, unsigned long long *v)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(s, &end);
	if (errno || end == s || x < 0)
		return -1;
	switch (*end) {
	case 'k': case 'K': x *= 1024; end++; break;
	case 'm': case 'M': x *= 1024.0 * 1024; end++; break;
	case 'g': case 'G': x *= 1024.0 * 1024 * 1024; end++; break;
	case 't': case 'T': x *= 1024.0 * 1024 * 1024 * 1024; end++; break;
	}
	if (*end == 'B' || *end == 'b')
		end++;
	if (*end || x > 1.8e19)
		return -1;
	*v = (unsigned long long)x;
	return 0;
}

static int parse_secs(const char *s, double *v, double min)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return errno || end == s || *end || !(*v >= min) || *v > 1e7 ? -1 : 0;
}

static int yes_no(const char *s, int *v)
{
	if (!strcasecmp(s, "yes") || !strcmp(s, "1") || !strcasecmp(s, "true")) {
		*v = 1;
		return 0;
	}
	if (!strcasecmp(s, "no") || !strcmp(s, "0") || !strcasecmp(s, "false")) {
		*v = 0;
		return 0;
	}
	return -1;
}

/*
 * One Key=Value into @c (the value is kept: strdup'ed).  0, or -1 with
 * @why set.
 */
int config_set(struct ex_config *c, const char *key, const char *value, const char **why)
{
	char *v = strdup(value);
	unsigned long long n;
	double d;

	*why = "out of memory";
	if (!v)
		return -1;
	*why = NULL;
	if (!strcasecmp(key, "Url")) {
		if (c->nurls == EX_MAX_URLS) {
			*why = "too many (at most 8)";
			return -1;
		}
		if (strncmp(v, "http://", 7) && strncmp(v, "https://", 8)) {
			*why = "not an http:// or https:// URL";
			return -1;
		}
		c->urls[c->nurls++] = v;
	} else if (!strcasecmp(key, "Session")) {
		if (c->nsessions == EX_MAX_SOURCES / 2) {
			*why = "too many (at most 32)";
			return -1;
		}
		c->sessions[c->nsessions++] = v;
	} else if (!strcasecmp(key, "Files")) {
		if (c->nfiles == EX_MAX_SOURCES) {
			*why = "too many (at most 64)";
			return -1;
		}
		c->files[c->nfiles++] = v;
	} else if (!strcasecmp(key, "User")) {
		c->user = v;
	} else if (!strcasecmp(key, "Credentials")) {
		c->credentials = v;
	} else if (!strcasecmp(key, "CAFile")) {
		c->ca_file = v;
	} else if (!strcasecmp(key, "Database")) {
		c->database = v;
	} else if (!strcasecmp(key, "Cluster")) {
		c->cluster = v;
		c->cluster_set = 1;
	} else if (!strcasecmp(key, "Host")) {
		c->host = v;
	} else if (!strcasecmp(key, "Spool")) {
		c->spool = v;
	} else if (!strcasecmp(key, "SpoolLimit")) {
		if (parse_bytes(v, &c->spool_limit) || c->spool_limit < 65536)
			*why = "a size, at least 64K (e.g. 1G, 500M)";
	} else if (!strcasecmp(key, "OnFull")) {
		if (!strcasecmp(v, "drop"))
			c->on_full = FULL_DROP;
		else if (!strcasecmp(v, "wait"))
			c->on_full = FULL_WAIT;
		else
			*why = "drop or wait";
	} else if (!strcasecmp(key, "BatchRows")) {
		if (parse_bytes(v, &n) || !n || n > 10000000)
			*why = "a number of rows, 1 to 10000000";
		else
			c->batch_rows = (unsigned)n;
	} else if (!strcasecmp(key, "BatchSeconds")) {
		if (parse_secs(v, &c->batch_secs, 0.01))
			*why = "seconds, at least 0.01";
	} else if (!strcasecmp(key, "BatchBytes")) {
		if (parse_bytes(v, &c->batch_bytes) || c->batch_bytes < 4096)
			*why = "a size, at least 4K";
	} else if (!strcasecmp(key, "MaxRowBytes")) {
		if (parse_bytes(v, &c->max_row_bytes) || c->max_row_bytes < 1024)
			*why = "a size, at least 1K";
	} else if (!strcasecmp(key, "Interval")) {
		if (parse_secs(v, &c->interval, 1))
			*why = "seconds, at least 1";
	} else if (!strcasecmp(key, "Timeout")) {
		if (parse_secs(v, &c->timeout, 1))
			*why = "seconds, at least 1";
	} else if (!strcasecmp(key, "DistributedSync")) {
		if (yes_no(v, &c->distributed_sync))
			*why = "yes or no";
	} else if (!strcasecmp(key, "RetryMaxSeconds")) {
		if (parse_secs(v, &c->retry_max, 0.1))
			*why = "seconds, at least 0.1";
	} else if (!strcasecmp(key, "Gzip")) {
		if (!strcasecmp(v, "auto"))
			c->gzip = GZIP_AUTO;
		else if (yes_no(v, &c->gzip))
			*why = "yes, no or auto (not to a loopback address)";
	} else if (!strcasecmp(key, "Replicated")) {
		if (yes_no(v, &c->replicated))
			*why = "yes or no";
	} else if (!strcasecmp(key, "Connections")) {
		if (parse_bytes(v, &n) || !n || n > EX_MAX_URLS)
			*why = "a number of connections, 1 to 8";
		else
			c->connections = (int)n;
	} else if (!strcasecmp(key, "ReplayRate")) {
		if (parse_secs(v, &d, 0))
			*why = "events per second (0: as fast as it goes)";
		else
			c->replay_rate = d;
	} else {
		*why = "unknown key";
	}
	return *why ? -1 : 0;
}

int config_read(struct ex_config *c, const char *path, int must_exist)
{
	char line[4096], *l, *k, *v;
	const char *why;
	int n = 0, bad = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		if (errno == ENOENT && !must_exist)
			return 0;
		fprintf(stderr, "etw-export: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		n++;
		l = etw_ini_trim(line);
		if (etw_ini_comment(l))
			continue;
		if (*l == '[') {
			if (strcasecmp(l, "[Export]")) {
				fprintf(stderr, "etw-export: %s:%d: %s: the section is [Export]\n",
					path, n, l);
				bad = 1;
			}
			continue;
		}
		if (etw_ini_split(l, &k, &v)) {
			fprintf(stderr, "etw-export: %s:%d: '%s': want Key=Value\n", path, n, l);
			bad = 1;
			continue;
		}
		if (config_set(c, k, v, &why)) {
			fprintf(stderr, "etw-export: %s:%d: %s=%s: %s\n", path, n, k, v, why);
			bad = 1;
		}
	}
	fclose(f);
	return bad ? -1 : 0;
}

int config_credentials(struct ex_config *c)
{
	char line[1024], *l, *k, *v;
	struct stat sb;
	FILE *f;
	int n = 0;

	if (!c->credentials)
		return 0;
	f = fopen(c->credentials, "r");
	if (!f) {
		fprintf(stderr, "etw-export: credentials %s: %s\n", c->credentials,
			strerror(errno));
		return -1;
	}
	if (!fstat(fileno(f), &sb) && (sb.st_mode & 077))
		fprintf(stderr, "etw-export: credentials %s: readable by others "
			"(chmod 600 it)\n", c->credentials);
	while (fgets(line, sizeof(line), f)) {
		n++;
		l = etw_ini_trim(line);
		if (etw_ini_comment(l) || *l == '[')
			continue;
		if (etw_ini_split(l, &k, &v) ||
		    (strcasecmp(k, "user") && strcasecmp(k, "password"))) {
			fprintf(stderr, "etw-export: credentials %s:%d: want user=NAME or "
				"password=SECRET\n", c->credentials, n);
			fclose(f);
			return -1;
		}
		if (!strcasecmp(k, "user"))
			c->user = strdup(v);
		else
			c->password = strdup(v);
	}
	fclose(f);
	return 0;
}
