// SPDX-License-Identifier: GPL-2.0-only
/*
 * Boot-time sessions (Windows' AutoLogger): the files of
 * /etc/etw/autologger.d, read and written.  The format is in
 * etw-autologger.conf(5); in short, one file per session, named after it,
 * INI sections whose keys are the values of a Windows AutoLogger
 * registry key (HKLM\SYSTEM\CurrentControlSet\Control\WMI\Autologger):
 *
 *   [Session]              Start, Guid, FileName, FileMax, LogFileMode,
 *                          BufferSize, MinimumBuffers, MaximumBuffers,
 *                          MaxFileSize, FlushTimer, ClockType
 *   [Provider] (repeated)  Guid, Enabled, EnableLevel, MatchAnyKeyword,
 *                          MatchAllKeyword, EnableProperty
 *
 * '#' and ';' start comments; keys are case-insensitive, as registry
 * value names are.  Numbers are decimal or 0x hex; LogFileMode,
 * ClockType, EnableLevel and EnableProperty also take names (numbers as
 * etwctl's options take them: parse_u64() in common.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autologger.h"
#include "common/ini.h"

/* LogFileMode by name ('|' or ',' between them), as etwctl start says it. */
static const struct {
	const char *name;
	ULONG bit;
} al_modes[] = {
	{ "sequential", EVENT_TRACE_FILE_MODE_SEQUENTIAL },
	{ "circular", EVENT_TRACE_FILE_MODE_CIRCULAR },
	{ "append", EVENT_TRACE_FILE_MODE_APPEND },
	{ "newfile", EVENT_TRACE_FILE_MODE_NEWFILE },
	{ "realtime", EVENT_TRACE_REAL_TIME_MODE },
	{ "real-time", EVENT_TRACE_REAL_TIME_MODE },
	{ "buffering", EVENT_TRACE_BUFFERING_MODE },
	{ "no-per-cpu", EVENT_TRACE_NO_PER_PROCESSOR_BUFFERING },
};

static const char *const al_clocks[] = { NULL, "qpc", "system", "cycles" };

int al_name_ok(const char *name)
{
	const char *p;

	if (!*name || strlen(name) > AL_MAX_NAME || name[0] == '.')
		return 0;
	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("-_.", *p))
			return 0;
	return 1;
}

static int bool_val(const char *s, int *out)
{
	if (!strcasecmp(s, "1") || !strcasecmp(s, "yes") ||
	    !strcasecmp(s, "true") || !strcasecmp(s, "on"))
		*out = 1;
	else if (!strcasecmp(s, "0") || !strcasecmp(s, "no") ||
		 !strcasecmp(s, "false") || !strcasecmp(s, "off"))
		*out = 0;
	else
		return -1;
	return 0;
}

/*
 * A number up to UINT32_MAX, or names joined by '|' or ',' (blanks
 * around them do not count) whose bits @bit_of knows; it may rewrite the
 * name it is given.
 */
static int flags_val(const char *s, ULONG *out,
		     int (*bit_of)(char *name, ULONG *bit))
{
	char *copy, *tok, *save = NULL;
	uint64_t v;
	int ret = 0;

	if (!parse_u64(s, 0, UINT32_MAX, &v)) {
		*out = (ULONG)v;
		return 0;
	}
	copy = strdup(s);
	if (!copy)
		return -1;
	*out = 0;
	for (tok = strtok_r(copy, "|,", &save); tok && !ret;
	     tok = strtok_r(NULL, "|,", &save)) {
		ULONG bit;

		ret = bit_of(etw_ini_trim(tok), &bit);
		if (!ret)
			*out |= bit;
	}
	free(copy);
	return ret;
}

static int mode_bit(char *name, ULONG *bit)
{
	size_t i;

	for (i = 0; i < sizeof(al_modes) / sizeof(al_modes[0]); i++) {
		if (!strcasecmp(name, al_modes[i].name)) {
			*bit = al_modes[i].bit;
			return 0;
		}
	}
	return -1;
}

int al_parse_mode(const char *s, ULONG *out)
{
	return flags_val(s, out, mode_bit);
}

const char *al_mode_text(ULONG mode, char *buf, size_t size)
{
	size_t i, n = 0;
	ULONG left = mode;

	buf[0] = 0;
	for (i = 0; i < sizeof(al_modes) / sizeof(al_modes[0]); i++) {
		if (!(left & al_modes[i].bit))
			continue;
		left &= ~al_modes[i].bit;
		n += snprintf(buf + n, n < size ? size - n : 0, "%s%s",
			      n ? "|" : "", al_modes[i].name);
	}
	if (left || !n)
		snprintf(buf, size, "0x%x", mode);
	return buf;
}

const char *al_clock_text(ULONG c)
{
	return c && c < 4 ? al_clocks[c] : "qpc";
}

int al_parse_clock(const char *s, ULONG *out)
{
	uint64_t v;
	ULONG i;

	for (i = 1; i < 4; i++) {
		if (!strcasecmp(s, al_clocks[i])) {
			*out = i;
			return 0;
		}
	}
	if (parse_u64(s, 0, 3, &v) || !v)
		return -1;
	*out = (ULONG)v;
	return 0;
}

static int level_val(const char *s, UCHAR *out)
{
	static const char *const names[] = {
		"none", "critical", "error", "warning", "information", "verbose",
	};
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcasecmp(s, names[i])) {
			*out = (UCHAR)i;
			return 0;
		}
	}
	if (parse_u64(s, 0, 255, &v))
		return -1;
	*out = (UCHAR)v;
	return 0;
}

/* EnableProperty= names, as etwctl enable --property says them ('-' or '_'). */
static int property_bit(char *name, ULONG *bit)
{
	size_t i;
	char *q;

	for (q = name; *q; q++)
		if (*q == '-')
			*q = '_';
	for (i = 0; i < nr_property_names; i++) {
		if (!strcasecmp(name, property_names[i].name)) {
			*bit = property_names[i].bit;
			return 0;
		}
	}
	return -1;
}

static int known(const char *k, const char *const *keys)
{
	for (; *keys; keys++)
		if (!strcasecmp(k, *keys))
			return 1;
	return 0;
}

static int session_key(struct al_session *s, const char *k, const char *v)
{
	static const char *const keys[] = {
		"Start", "Guid", "FileName", "FileMax", "LogFileMode",
		"ClockType", "BufferSize", "MinimumBuffers", "MaximumBuffers",
		"MaxFileSize", "FlushTimer", NULL
	};
	uint64_t n;

	if (!known(k, keys))
		return -2;
	if (!strcasecmp(k, "Start"))
		return bool_val(v, &s->start);
	if (!strcasecmp(k, "Guid")) {
		s->has_guid = 1;
		return etw_guid_parse(v, &s->guid);
	}
	if (!strcasecmp(k, "FileName")) {
		if (strlen(v) >= sizeof(s->file) || (*v && *v != '/'))
			return -1;
		strcpy(s->file, v);
		return 0;
	}
	if (!strcasecmp(k, "LogFileMode"))
		return al_parse_mode(v, &s->mode);
	if (!strcasecmp(k, "ClockType"))
		return al_parse_clock(v, &s->clock);
	if (parse_u64(v, 0, UINT32_MAX, &n))
		return -1;
	if (!strcasecmp(k, "BufferSize"))
		s->buffer_kb = (ULONG)n;
	else if (!strcasecmp(k, "MinimumBuffers"))
		s->min_buffers = (ULONG)n;
	else if (!strcasecmp(k, "MaximumBuffers"))
		s->max_buffers = (ULONG)n;
	else if (!strcasecmp(k, "MaxFileSize"))
		s->max_file_mb = (ULONG)n;
	else if (!strcasecmp(k, "FlushTimer"))
		s->flush_timer = (ULONG)n;
	else if (!strcasecmp(k, "FileMax") && n >= 1 && n <= AL_MAX_FILES)
		s->file_max = (ULONG)n;
	else if (!strcasecmp(k, "FileMax"))
		return -1;
	else
		return -2;
	return 0;
}

static int provider_key(struct al_provider *p, const char *k, const char *v)
{
	static const char *const keys[] = {
		"Guid", "Enabled", "EnableLevel", "EnableProperty",
		"MatchAnyKeyword", "MatchAllKeyword", NULL
	};
	uint64_t n;

	if (!known(k, keys))
		return -2;
	if (!strcasecmp(k, "Guid")) {
		p->has_guid = 1;
		return etw_guid_parse(v, &p->guid);
	}
	if (!strcasecmp(k, "Enabled"))
		return bool_val(v, &p->enabled);
	if (!strcasecmp(k, "EnableLevel"))
		return level_val(v, &p->level);
	if (!strcasecmp(k, "EnableProperty"))
		return flags_val(v, &p->props, property_bit);
	if (parse_u64(v, 0, UINT64_MAX, &n))
		return -1;
	if (!strcasecmp(k, "MatchAnyKeyword"))
		p->any = n;
	else if (!strcasecmp(k, "MatchAllKeyword"))
		p->all = n;
	else
		return -2;
	return 0;
}

void al_session_init(struct al_session *s, const char *name)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->start = 1;
}

void al_provider_init(struct al_provider *p)
{
	memset(p, 0, sizeof(*p));
	p->enabled = 1;
}

static int al_err(const char *path, int line, const char *what)
{
	fprintf(stderr, "etwctl: %s:%d: %s\n", path, line, what);
	return -1;
}

int al_read(const char *path, const char *name, struct al_session *s)
{
	enum { NONE, SESSION, PROVIDER } sect = NONE;
	char line[1024];
	int lineno = 0, ret = 0;
	FILE *f;
	size_t i;

	al_session_init(s, name);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "etwctl: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *l, *k, *v;
		int r;

		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {
			ret = al_err(path, lineno, "line too long");
			break;
		}
		l = etw_ini_trim(line);
		if (etw_ini_comment(l))
			continue;
		if (*l == '[') {
			if (!strcasecmp(l, "[Session]")) {
				sect = SESSION;
			} else if (!strcasecmp(l, "[Provider]")) {
				if (s->nprov == AL_MAX_PROVIDERS) {
					ret = al_err(path, lineno, "too many providers");
					break;
				}
				al_provider_init(&s->prov[s->nprov++]);
				sect = PROVIDER;
			} else {
				ret = al_err(path, lineno,
					     "unknown section (want [Session] or [Provider])");
				break;
			}
			continue;
		}
		if (etw_ini_split(l, &k, &v)) {
			ret = al_err(path, lineno, "not a key=value line");
			break;
		}
		if (sect == NONE) {
			ret = al_err(path, lineno, "key outside a section");
			break;
		}
		r = sect == SESSION ? session_key(s, k, v) :
				      provider_key(&s->prov[s->nprov - 1], k, v);
		if (r == -2) {
			ret = al_err(path, lineno, "unknown key");
			break;
		}
		if (r) {
			fprintf(stderr, "etwctl: %s:%d: bad value for %s: '%s'\n",
				path, lineno, k, v);
			ret = -1;
			break;
		}
	}
	fclose(f);
	for (i = 0; !ret && i < s->nprov; i++)
		if (!s->prov[i].has_guid)
			ret = al_err(path, 0, "a [Provider] without Guid=");
	return ret;
}

int al_write(FILE *f, const struct al_session *s)
{
	char gbuf[ETW_GUID_STR_LEN], mbuf[128];
	size_t i;

	fprintf(f, "# Linux ETW boot-time session \"%s\": see etw-autologger.conf(5).\n"
		   "# Started at boot by etw-autologger.service when etw.ko loads.\n"
		   "[Session]\nStart=%d\n", s->name, s->start);
	if (s->has_guid)
		fprintf(f, "Guid=%s\n", etw_guid_str(&s->guid, gbuf));
	if (s->file[0])
		fprintf(f, "FileName=%s\n", s->file);
	if (s->file_max > 1)
		fprintf(f, "FileMax=%u\n", s->file_max);
	if (s->mode)
		fprintf(f, "LogFileMode=%s\n", al_mode_text(s->mode, mbuf, sizeof(mbuf)));
	if (s->buffer_kb)
		fprintf(f, "BufferSize=%u\n", s->buffer_kb);
	if (s->min_buffers)
		fprintf(f, "MinimumBuffers=%u\n", s->min_buffers);
	if (s->max_buffers)
		fprintf(f, "MaximumBuffers=%u\n", s->max_buffers);
	if (s->max_file_mb)
		fprintf(f, "MaxFileSize=%u\n", s->max_file_mb);
	if (s->flush_timer)
		fprintf(f, "FlushTimer=%u\n", s->flush_timer);
	if (s->clock)
		fprintf(f, "ClockType=%s\n", al_clock_text(s->clock));
	for (i = 0; i < s->nprov; i++) {
		const struct al_provider *p = &s->prov[i];

		fprintf(f, "\n[Provider]\nGuid=%s\nEnabled=%d\nEnableLevel=%u\n"
			   "MatchAnyKeyword=0x%llx\nMatchAllKeyword=0x%llx\n",
			etw_guid_str(&p->guid, gbuf), p->enabled, p->level,
			(unsigned long long)p->any, (unsigned long long)p->all);
		if (p->props)
			fprintf(f, "EnableProperty=0x%x\n", p->props);
	}
	return ferror(f) ? -1 : 0;
}
