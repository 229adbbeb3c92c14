// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw-export --init-schema: schema.sql (built in) on every server of
 * Url=.  With a cluster (Cluster=, --cluster; "etw" by default) each
 * server gets the *_local tables and the Distributed tables over the
 * cluster, which its remote_servers must define; with --cluster '' the
 * tables themselves (one server, or servers that are not a cluster).
 * Without ZooKeeper, ON CLUSTER is not there: the statements go to each
 * server in turn.  Everything is CREATE ... IF NOT EXISTS: running it
 * again changes nothing.
 *
 * Before anything is created, every server is asked whether it knows
 * the cluster (system.clusters).  One server that does not, with the
 * cluster left at its default, gets the one-server tables (as with
 * --cluster ''), and a line says so; otherwise a server without the
 * cluster is an error that says what to do, and nothing is created.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etw-export.h"
#include "common/incbin.h"

ETW_INCBIN(schema_sql, SCHEMA_PATH);
extern const char schema_sql[];

/* A name ClickHouse takes without quoting: letters, digits, '_'. */
static int plain_name(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/*
 * {engine:TABLE[:VERSION]}: the table engine, into @buf.  Replicated:
 * the path names the database and table (ClickHouse 18.16 has no
 * {database} and {table} macros); {shard} and {replica} are the
 * server's own macros, left for it to expand.
 */
static const char *engine(const char *spec, char *buf, size_t size)
{
	char table[64] = "", version[64] = "";

	if (sscanf(spec, "{engine:%63[a-z_]:%63[a-z_]}", table, version) < 1)
		return NULL;
	if (!cfg.replicated)
		snprintf(buf, size, "ReplacingMergeTree%s%s%s", *version ? "(" : "", version,
			 *version ? ")" : "");
	else
		snprintf(buf, size, "ReplicatedReplacingMergeTree("
			 "'/clickhouse/tables/{shard}/%s.%s', '{replica}'%s%s)",
			 cfg.database, table, *version ? ", " : "", version);
	return buf;
}

/* @text with {db}, {cluster}, {local} and {engine:...} replaced; malloc'ed. */
static char *expand(const char *text)
{
	const int cluster = cfg.cluster[0] != 0;
	size_t cap = strlen(text) * 2 + 256, n = 0;
	char *out = malloc(cap), eng[256];
	const char *p, *v;

	if (!out)
		return NULL;
	for (p = text; *p; ) {
		v = NULL;
		if (!strncmp(p, "{engine:", 8))
			v = engine(p, eng, sizeof(eng));
		else if (!strncmp(p, "{db}", 4))
			v = cfg.database;
		else if (!strncmp(p, "{cluster}", 9))
			v = cfg.cluster;
		else if (!strncmp(p, "{local}", 7))
			v = cluster ? "_local" : "";
		if (v) {
			n += (size_t)snprintf(out + n, cap - n, "%s", v);
			p = strchr(p, '}') + 1;
		} else {
			out[n++] = *p++;
		}
		if (n + 64 > cap)
			break;
	}
	out[n] = 0;
	return out;
}

/* Whether @stmt has a line that is not blank or a comment. */
static int has_sql(const char *stmt)
{
	const char *l = stmt;

	while (l && *l) {
		while (*l == ' ' || *l == '\t')
			l++;
		if (*l != '\n' && strncmp(l, "--", 2))
			return 1;
		l = strchr(l, '\n');
		if (l)
			l++;
	}
	return 0;
}

/* A "-- cluster" line: the statement is for a cluster only. */
static int marked_cluster(const char *stmt)
{
	return !strncmp(stmt, "-- cluster\n", 11) || strstr(stmt, "\n-- cluster\n");
}

/*
 * Whether server @url defines cluster @name: 1, 0, or -1 (it did not
 * answer; said).
 */
static int has_cluster(const char *url, const char *name)
{
	char sql[256], err[512], *out = NULL;
	int r;

	snprintf(sql, sizeof(sql), "SELECT count() FROM system.clusters WHERE cluster = '%s'",
		 name);
	if (ship_query(url, sql, &out, err, sizeof(err))) {
		fprintf(stderr, "etw-export: --init-schema on %s: %s\n", url, err);
		return -1;
	}
	r = atoi(out) > 0;
	free(out);
	return r;
}

/*
 * The cluster, checked on every server before anything is created:
 * 0 to go on (cfg.cluster may now be ""), else the exit status.
 */
static int check_cluster(void)
{
	int u, r, missing = 0, first = -1;

	for (u = 0; u < cfg.nurls; u++) {
		r = has_cluster(cfg.urls[u], cfg.cluster);
		if (r < 0)
			return 1;
		if (!r && first < 0)
			first = u;
		missing += !r;
	}
	if (!missing)
		return 0;
	if (cfg.nurls == 1 && !cfg.cluster_set) {
		fprintf(stderr, "etw-export: %s has no cluster '%s' (system.clusters): "
			"creating the one-server tables, as --cluster '' does\n",
			cfg.urls[0], cfg.cluster);
		cfg.cluster = "";
		return 0;
	}
	fprintf(stderr, "etw-export: --init-schema: %s%s has no cluster '%s' "
		"(system.clusters); nothing was created.  Define the cluster in each "
		"server's remote_servers (Documentation/fleet.rst, \"A cluster\"), or give "
		"--cluster '' for tables of each server's own\n", cfg.urls[first],
		missing > 1 ? " (and others)" : "", cfg.cluster);
	return 1;
}

int schema_init(void)
{
	char err[512], *sql, *stmt, *next;
	int u, k, bad = 0, cluster;

	if (!plain_name(cfg.database) || (cfg.cluster[0] && !plain_name(cfg.cluster))) {
		fprintf(stderr, "etw-export: --database and --cluster: letters, digits and '_'\n");
		return 2;
	}
	if (cfg.cluster[0] && (bad = check_cluster()))
		return bad;
	cluster = cfg.cluster[0] != 0;
	for (u = 0; u < cfg.nurls; u++) {
		sql = expand(schema_sql);
		if (!sql)
			return 1;
		for (stmt = sql, k = 0; stmt && *stmt; stmt = next) {
			next = strstr(stmt, ";\n");
			if (next) {
				*next = 0;
				next += 2;
			}
			if (!has_sql(stmt) || (!cluster && marked_cluster(stmt)))
				continue;
			if (ship_query(cfg.urls[u], stmt, NULL, err, sizeof(err))) {
				fprintf(stderr, "etw-export: --init-schema on %s: %s\n",
					cfg.urls[u], err);
				bad = 1;
				break;
			}
			k++;
		}
		free(sql);
		if (bad)
			break;
		printf("%s: database %s, %s (%d statements)\n", cfg.urls[u], cfg.database,
		       cluster ? "tables of the cluster" : "tables", k);
	}
	return bad;
}
