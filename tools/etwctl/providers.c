// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl providers: every provider, or one provider's instances and the
 * sessions that enable each (EnumerateTraceGuidsEx); an EventHeader
 * provider's tracepoints too (tracepoints.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwctl.h"

/* ===== providers ======================================================= */

/*
 * A whole EnumerateTraceGuidsEx answer in a malloc'ed *out (NULL when
 * empty), growing the buffer while providers come and go.
 */
static ULONG enum_query(TRACE_QUERY_INFO_CLASS c, const GUID *in, void **out,
			ULONG *len)
{
	ULONG st, size = 0, need = 0;
	void *buf = NULL, *p;

	for (;;) {
		st = EnumerateTraceGuidsEx(c, (PVOID)in, in ? sizeof(*in) : 0,
					   buf, size, &need);
		if (st != ERROR_INSUFFICIENT_BUFFER)
			break;
		p = realloc(buf, need);
		if (!p) {
			st = ERROR_NOT_ENOUGH_MEMORY;
			break;
		}
		buf = p;
		size = need;
	}
	if (st != ERROR_SUCCESS) {
		free(buf);
		return st;
	}
	*out = buf;
	*len = need;
	return ERROR_SUCCESS;
}

/* Session names by logger id, for the sessions QueryAllTraces shows us. */
struct session_names {
	char *name[ETW_MAX_SESSIONS + 1];
};

static void session_names_get(struct session_names *sn)
{
	PEVENT_TRACE_PROPERTIES arr[ETW_MAX_SESSIONS];
	struct props *blocks;
	ULONG count = 0, i, st, id;

	memset(sn, 0, sizeof(*sn));
	blocks = calloc(ETW_MAX_SESSIONS, sizeof(*blocks));
	if (!blocks)
		return;
	for (i = 0; i < ETW_MAX_SESSIONS; i++) {
		props_init(&blocks[i]);
		arr[i] = &blocks[i].p;
	}
	st = QueryAllTracesA(arr, ETW_MAX_SESSIONS, &count);
	for (i = 0; (st == ERROR_SUCCESS || st == ERROR_MORE_DATA) &&
		    i < count; i++) {
		id = logger_id(blocks[i].p.Wnode.HistoricalContext);
		if (id <= ETW_MAX_SESSIONS && !sn->name[id])
			sn->name[id] = strdup(props_name(&blocks[i]));
	}
	free(blocks);
}

static void session_names_free(struct session_names *sn)
{
	size_t i;

	for (i = 0; i <= ETW_MAX_SESSIONS; i++)
		free(sn->name[i]);
}

static const char *session_name(const struct session_names *sn, USHORT id)
{
	return id <= ETW_MAX_SESSIONS ? sn->name[id] : NULL;
}

static const char *instance_kind(ULONG flags)
{
	if (flags & TRACE_PROVIDER_FLAG_PRE_ENABLE)
		return "pre-enabled (a session enables it, no process registers it)";
	if (flags & TRACE_PROVIDER_FLAG_LEGACY)
		return "RegisterTraceGuids (classic)";
	return "EventRegister";
}

/* The instances of a TraceGuidQueryInfo answer, by NextOffset. */
static TRACE_PROVIDER_INSTANCE_INFO *instance_at(void *info, ULONG len,
						 TRACE_PROVIDER_INSTANCE_INFO *prev)
{
	char *p, *end = (char *)info + len;

	if (!prev)
		p = (char *)info + sizeof(TRACE_GUID_INFO);
	else if (prev->NextOffset)
		p = (char *)prev + prev->NextOffset;
	else
		return NULL;
	if (p + sizeof(*prev) > end)
		return NULL;
	if (p + sizeof(*prev) + ((TRACE_PROVIDER_INSTANCE_INFO *)p)->EnableCount *
	    sizeof(TRACE_ENABLE_INFO) > end)
		return NULL;
	return (TRACE_PROVIDER_INSTANCE_INFO *)p;
}

static void enable_info_json(const TRACE_ENABLE_INFO *e,
			     const struct session_names *sn)
{
	size_t i;

	json_open(&jout, '{');
	json_u64(&jout, "logger_id", e->LoggerId);
	json_str(&jout, "session", session_name(sn, e->LoggerId));
	json_u64(&jout, "level", e->Level);
	json_u64(&jout, "match_any_keyword", e->MatchAnyKeyword);
	json_u64(&jout, "match_all_keyword", e->MatchAllKeyword);
	json_u64(&jout, "enable_property", e->EnableProperty);
	json_key(&jout, "properties");
	json_open(&jout, '[');
	for (i = 0; i < nr_property_names; i++)
		if (e->EnableProperty & property_names[i].bit)
			json_str(&jout, NULL, property_names[i].name);
	json_close(&jout, ']');
	json_close(&jout, '}');
}

/* An EventHeader provider's tracepoints (tracepoints.c), if any. */
static void tracepoints_json(char **tps, int n)
{
	int i;

	if (!n)
		return;
	json_key(&jout, "tracepoints");
	json_open(&jout, '[');
	for (i = 0; i < n; i++)
		json_str(&jout, NULL, tps[i]);
	json_close(&jout, ']');
}

static void tracepoints_text(char **tps, int n)
{
	int i;

	if (!n)
		return;
	printf("    tracepoints:");
	for (i = 0; i < n; i++)
		printf(" %s", tps[i]);
	printf("\n");
}

/* One provider in detail: its instances and what enables each. */
static int provider_show(const GUID *g)
{
	TRACE_PROVIDER_INSTANCE_INFO *inst = NULL;
	const TRACE_ENABLE_INFO *e;
	struct session_names sn;
	char t[ETW_GUID_STR_LEN], pr[512];
	void *info = NULL;
	ULONG len = 0, st, i, n;
	char **tps;
	int ntp;

	st = enum_query(TraceGuidQueryInfo, g, &info, &len);
	if (st != ERROR_SUCCESS)
		return api_fail("EnumerateTraceGuidsEx", st,
				st == ERROR_WMI_GUID_NOT_FOUND ?
				"no process registers this provider and no session enables it" :
				NULL);
	session_names_get(&sn);
	n = ((TRACE_GUID_INFO *)info)->InstanceCount;
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "guid", etw_guid_str(g, t));
		json_str(&jout, "name", provider_name(g));
		json_key(&jout, "instances");
		json_open(&jout, '[');
		for (i = 0; i < n && (inst = instance_at(info, len, inst)); i++) {
			json_open(&jout, '{');
			json_u64(&jout, "pid", inst->Pid);
			json_u64(&jout, "flags", inst->Flags);
			json_bool(&jout, "classic", inst->Flags & TRACE_PROVIDER_FLAG_LEGACY);
			json_bool(&jout, "pre_enabled",
			       inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE);
			json_key(&jout, "enabled_by");
			json_open(&jout, '[');
			e = (const TRACE_ENABLE_INFO *)(inst + 1);
			for (ULONG k = 0; k < inst->EnableCount; k++)
				enable_info_json(&e[k], &sn);
			json_close(&jout, ']');
			json_close(&jout, '}');
		}
		json_close(&jout, ']');
		ntp = provider_tracepoints(g, &tps);
		tracepoints_json(tps, ntp);
		tracepoints_free(tps, ntp);
		json_close(&jout, '}');
		json_end(&jout);
		goto out;
	}
	kv("Provider", "{%s}%s%s", etw_guid_str(g, t), provider_name(g) ? " " : "",
	   provider_name(g) ? provider_name(g) : "");
	kv("Instances", "%u", n);
	ntp = provider_tracepoints(g, &tps);
	for (i = 0; i < (ULONG)ntp; i++)
		kv("Tracepoint", "%s", tps[i]);
	tracepoints_free(tps, ntp);
	for (i = 0; i < n && (inst = instance_at(info, len, inst)); i++) {
		if (inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE)
			kv("Instance", "%s", instance_kind(inst->Flags));
		else if (inst->Pid)
			kv("Instance", "pid %u, %s", inst->Pid,
			   instance_kind(inst->Flags));
		else
			kv("Instance", "pid ? (not in this pid namespace), %s",
			   instance_kind(inst->Flags));
		if (!inst->EnableCount)
			kv("  Enabled by", "(no session)");
		e = (const TRACE_ENABLE_INFO *)(inst + 1);
		for (ULONG k = 0; k < inst->EnableCount; k++) {
			const char *name = session_name(&sn, e[k].LoggerId);

			property_text(e[k].EnableProperty, pr, sizeof(pr));
			kv("  Enabled by", "%s (logger %u)", name ? name : "?",
			   e[k].LoggerId);
			kv("    Level", "%u", e[k].Level);
			kv("    MatchAnyKeyword", "0x%016llx",
			   (unsigned long long)e[k].MatchAnyKeyword);
			kv("    MatchAllKeyword", "0x%016llx",
			   (unsigned long long)e[k].MatchAllKeyword);
			kv("    EnableProperty", "0x%08x (%s)",
			   e[k].EnableProperty, pr);
		}
	}
out:
	session_names_free(&sn);
	free(info);
	return 0;
}

/* Every provider: one line (or object) each. */
static int providers_list(void)
{
	struct session_names sn;
	GUID *list = NULL;
	void *info;
	ULONG len = 0, st, i, n;
	char t[ETW_GUID_STR_LEN];
	int wn = 4;

	st = enum_query(TraceGuidQueryList, NULL, (void **)&list, &len);
	if (st != ERROR_SUCCESS)
		return api_fail("EnumerateTraceGuidsEx", st,
				st == ERROR_NOT_SUPPORTED && !have_feature(ETW_FEAT_QUERY) ?
				"this etw.ko cannot enumerate providers (no 'query' feature)" :
				NULL);
	n = len / sizeof(GUID);
	session_names_get(&sn);
	for (i = 0; i < n; i++) {
		const char *name = provider_name(&list[i]);

		if (name && (int)strlen(name) > wn)
			wn = (int)strlen(name) < 40 ? (int)strlen(name) : 40;
	}
	if (json)
		json_open(&jout, '[');
	else
		printf("%-38s %-*s %9s  %-11s %-20s %s\n", "PROVIDER", wn, "NAME",
		       "INSTANCES", "KIND", "PIDS", "SESSIONS");
	for (i = 0; i < n; i++) {
		TRACE_PROVIDER_INSTANCE_INFO *inst = NULL;
		ULONG ilen = 0, k, ni, pre = 0, classic = 0;	/* instances */
		uint64_t loggers[2] = { 0, 0 };
		char pids[256] = "", lg[512] = "";
		const char *name = provider_name(&list[i]);
		size_t pn = 0, ln = 0;
		char **tps;
		int ntp;

		/* Gone since the list was taken: skip it. */
		info = NULL;
		if (enum_query(TraceGuidQueryInfo, &list[i], &info, &ilen))
			continue;
		ni = ((TRACE_GUID_INFO *)info)->InstanceCount;
		if (json) {
			json_open(&jout, '{');
			json_str(&jout, "guid", etw_guid_str(&list[i], t));
			json_str(&jout, "name", name);
			json_u64(&jout, "instances", ni);
			json_key(&jout, "pids");
			json_open(&jout, '[');
		}
		for (k = 0; k < ni && (inst = instance_at(info, ilen, inst)); k++) {
			const TRACE_ENABLE_INFO *e = (const void *)(inst + 1);
			ULONG x;

			pre |= !!(inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE);
			classic += !!(inst->Flags & TRACE_PROVIDER_FLAG_LEGACY);
			if (!(inst->Flags & TRACE_PROVIDER_FLAG_PRE_ENABLE)) {
				if (json) {
					json_u64(&jout, NULL, inst->Pid);
				} else if (pn < sizeof(pids)) {
					pn += snprintf(pids + pn, sizeof(pids) - pn,
						       "%s%u", pn ? "," : "", inst->Pid);
				}
			}
			for (x = 0; x < inst->EnableCount; x++)
				if (e[x].LoggerId < 128)
					loggers[e[x].LoggerId / 64] |=
						1ULL << (e[x].LoggerId % 64);
		}
		if (json) {
			json_close(&jout, ']');
			json_bool(&jout, "classic", classic == ni);
			json_bool(&jout, "pre_enabled", pre);
			json_key(&jout, "logger_ids");
			json_open(&jout, '[');
		}
		for (k = 0; k < 128; k++) {
			if (!(loggers[k / 64] & (1ULL << (k % 64))))
				continue;
			if (json) {
				json_u64(&jout, NULL, k);
			} else if (ln < sizeof(lg)) {
				const char *s = session_name(&sn, (USHORT)k);

				ln += s ? snprintf(lg + ln, sizeof(lg) - ln, "%s%s",
						   ln ? "," : "", s) :
					  snprintf(lg + ln, sizeof(lg) - ln, "%slogger %u",
						   ln ? "," : "", k);
			}
		}
		ntp = provider_tracepoints(&list[i], &tps);
		if (json) {
			json_close(&jout, ']');
			/* The sessions that enable it, by name (those we may see). */
			json_key(&jout, "sessions");
			json_open(&jout, '[');
			for (k = 0; k < 128; k++)
				if ((loggers[k / 64] & (1ULL << (k % 64))) &&
				    session_name(&sn, (USHORT)k))
					json_str(&jout, NULL, session_name(&sn, (USHORT)k));
			json_close(&jout, ']');
			tracepoints_json(tps, ntp);
			json_close(&jout, '}');
		} else {
			printf("{%s} %-*s %9u  %-11s %-20s %s\n", etw_guid_str(&list[i], t),
			       wn, name ? name : "-", ni, pre ? "pre-enabled" :
			       classic == ni ? "classic" : classic ? "mixed" : "modern",
			       pn ? pids : "-", ln ? lg : "-");
			tracepoints_text(tps, ntp);
		}
		tracepoints_free(tps, ntp);
		free(info);
	}
	if (json) {
		json_close(&jout, ']');
		json_end(&jout);
	} else if (!n) {
		printf("(no providers)\n");
	}
	session_names_free(&sn);
	free(list);
	return 0;
}

int cmd_providers(int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS, { 0 } };
	GUID g;
	int c;

	while ((c = next_opt(argc, argv, opts)) != -1)
		return opt_end(c);
	if (nargs(argc) > 1)
		return usage_err("too many arguments");
	if (nargs(argc) == 0)
		return providers_list();
	if (arg_provider(argv[optind], &g))
		return EXIT_USAGE;
	return provider_show(&g);
}

