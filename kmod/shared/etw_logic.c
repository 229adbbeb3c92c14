// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * ETW policy shared by etw.ko, libetw and the host unit tests.
 */
#include "etw_logic.h"

/* --- the enable test ----------------------------------------------------- */

void etw_level_kw_set(struct etw_level_kw *s, u8 level, u64 any, u64 all,
		      u32 enable_property, bool classic)
{
	s->level = level ? level : 0xFF;
	s->any = (any == 0 && !classic) ? ~0ULL : any;
	s->all = all;
	s->keyword0 = !(enable_property & ETW_PROP_IGNORE_KEYWORD_0);
}

void etw_aggregate_init(struct etw_aggregate *a)
{
	a->n = 0;
	a->kw.level = 0;
	a->kw.any = 0;
	a->kw.all = 0;
	a->kw.keyword0 = false;
}

void etw_aggregate_add(struct etw_aggregate *a, const struct etw_level_kw *s)
{
	if (a->n == 0) {
		a->kw = *s;
	} else {
		if (s->level > a->kw.level)
			a->kw.level = s->level;
		a->kw.any |= s->any;
		a->kw.all &= s->all;
		a->kw.keyword0 = a->kw.keyword0 || s->keyword0;
	}
	a->n++;
}

/* --- traits --------------------------------------------------------------- */

static u16 get_le16(const u8 *p)
{
	return (u16)(p[0] | (p[1] << 8));
}

int etw_traits_parse(const void *blob, u32 len, struct etw_traits_info *out)
{
	const u8 *b = blob;
	u32 pos, name_end;

	memset(out, 0, sizeof(*out));
	/* UINT16 TraitsSize, then at least the name's NUL. */
	if (!b || len < 3 || len > 0xFFFF)
		return -EINVAL;
	if (get_le16(b) != len)
		return -EINVAL;
	for (name_end = 2; name_end < len && b[name_end]; name_end++)
		;
	if (name_end >= len)
		return -EINVAL;		/* name not NUL-terminated */
	out->name = (const char *)b + 2;
	out->name_len = name_end - 2;

	pos = name_end + 1;
	while (pos < len) {
		u16 tsize;
		u8 type;

		if (len - pos < 3)
			return -EINVAL;	/* a trait header does not fit */
		tsize = get_le16(b + pos);
		type = b[pos + 2];
		if (tsize < 3 || tsize > len - pos)
			return -EINVAL;
		if (type == 0)
			return -EINVAL;
		if (type == ETW_TRAIT_TYPE_GROUP ||
		    type == ETW_TRAIT_TYPE_DECODE_GUID) {
			if (tsize != 3 + 16)
				return -EINVAL;
		}
		if (type == ETW_TRAIT_TYPE_GROUP) {
			if (out->has_group)
				return -EINVAL;	/* one group per provider */
			out->has_group = true;
			memcpy(out->group, b + pos + 3, 16);
		}
		out->ntraits++;
		pos += tsize;
	}
	return 0;
}

/* --- filters --------------------------------------------------------------- */

static u32 get_le32(const u8 *p)
{
	return (u32)p[0] | ((u32)p[1] << 8) | ((u32)p[2] << 16) |
	       ((u32)p[3] << 24);
}

static bool filter_is_provider_side(u32 type)
{
	return type == ETW_FILTER_TYPE_SCHEMATIZED || !(type & 0x80000000u);
}

static int filter_check_one(const struct etw_filter_view *f, bool group)
{
	const u8 *d = f->data;
	u32 i, count;

	if (f->size && !d)
		return -EINVAL;
	switch (f->type) {
	case ETW_FILTER_TYPE_PID:
		if (f->size == 0 || f->size % 4 ||
		    f->size / 4 > ETW_MAX_FILTER_PID_COUNT)
			return -EINVAL;
		return 0;
	case ETW_FILTER_TYPE_EXECUTABLE_NAME:
		if (f->size < 2 || f->size > ETW_MAX_FILTER_DATA_SIZE)
			return -EINVAL;
		/* One NUL-terminated string, not empty. */
		for (i = 0; i < f->size && d[i]; i++)
			;
		if (i == 0 || i != f->size - 1)
			return -EINVAL;
		return 0;
	case ETW_FILTER_TYPE_EVENT_ID:
		if (group)
			return -EINVAL;	/* seed 004, rule 13 */
		if (f->size < 4)
			return -EINVAL;
		count = get_le16(d + 2);
		if (count == 0 || count > ETW_MAX_FILTER_EVENT_ID_COUNT ||
		    f->size != 4 + 2 * count)
			return -EINVAL;
		if (d[0] > 1 || d[1] != 0)	/* BOOLEAN FilterIn, Reserved */
			return -EINVAL;
		return 0;
	case ETW_FILTER_TYPE_EVENT_NAME:
		if (group)
			return -EINVAL;	/* seed 004, rule 13 */
		if (f->size > ETW_MAX_FILTER_EVENT_NAME_SIZE)
			return -EINVAL;
		return -EOPNOTSUPP;
	case ETW_FILTER_TYPE_PAYLOAD:
		if (group)
			return -EINVAL;	/* seed 004, rule 13 */
		if (f->size > ETW_MAX_FILTER_PAYLOAD_SIZE)
			return -EINVAL;
		return -EOPNOTSUPP;
	case ETW_FILTER_TYPE_PACKAGE_ID:
	case ETW_FILTER_TYPE_PACKAGE_APP_ID:
		if (f->size > ETW_MAX_FILTER_DATA_SIZE)
			return -EINVAL;
		return -EOPNOTSUPP;
	case ETW_FILTER_TYPE_STACKWALK:
		if (f->size < 4)
			return -EINVAL;
		count = get_le16(d + 2);
		if (count == 0 || count > ETW_MAX_FILTER_EVENT_ID_COUNT ||
		    f->size != 4 + 2 * count)
			return -EINVAL;
		if (d[0] > 1 || d[1] != 0)	/* BOOLEAN FilterIn, Reserved */
			return -EINVAL;
		return 0;
	case ETW_FILTER_TYPE_STACKWALK_LEVEL_KW:
		if (f->size != ETW_FILTER_LEVEL_KW_SIZE || d[17] > 1)
			return -EINVAL;
		return 0;
	case ETW_FILTER_TYPE_STACKWALK_NAME:
	case ETW_FILTER_TYPE_CONTAINER:
	case ETW_FILTER_TYPE_TRACEHANDLE:
		return -EOPNOTSUPP;
	case ETW_FILTER_TYPE_SYSTEM_FLAGS:
	case ETW_FILTER_TYPE_NONE:
		return -EINVAL;
	default:
		if (filter_is_provider_side(f->type)) {
			if (f->size == 0 || f->size > ETW_MAX_FILTER_DATA_SIZE)
				return -EINVAL;
			return 0;
		}
		return -EINVAL;		/* an unknown system filter type */
	}
}

int etw_filters_check(const struct etw_filter_view *f, u32 n, bool group,
		      struct etw_filter_set *out)
{
	u32 i, j;
	int ret, unsupported = 0;

	memset(out, 0, sizeof(*out));
	if (n > 13 || (n && !f))
		return -EINVAL;
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (f[j].type == f[i].type)
				return -EINVAL;	/* each type once per call */
		ret = filter_check_one(&f[i], group);
		if (ret == -EOPNOTSUPP) {
			unsupported = ret;
			continue;
		}
		if (ret)
			return ret;
		switch (f[i].type) {
		case ETW_FILTER_TYPE_PID:
			out->pid = &f[i];
			break;
		case ETW_FILTER_TYPE_EXECUTABLE_NAME:
			out->exe = &f[i];
			break;
		case ETW_FILTER_TYPE_EVENT_ID:
			out->event_id = &f[i];
			break;
		case ETW_FILTER_TYPE_STACKWALK:
			out->stackwalk = &f[i];
			break;
		case ETW_FILTER_TYPE_STACKWALK_LEVEL_KW:
			out->stackwalk_lk = &f[i];
			break;
		default:
			if (out->provider)
				return -EINVAL;	/* seed 000, rule 16 */
			out->provider = &f[i];
			break;
		}
	}
	return unsupported;
}

void etw_id_filter_compile(const struct etw_filter_view *f,
			   struct etw_id_filter *out)
{
	const u8 *d = f->data;
	u16 i, j, v;

	out->present = true;
	out->filter_in = d[0] != 0;
	out->count = get_le16(d + 2);
	for (i = 0; i < out->count; i++)
		out->ids[i] = get_le16(d + 4 + 2 * i);
	/* Insertion sort: at most 64 entries. */
	for (i = 1; i < out->count; i++) {
		v = out->ids[i];
		for (j = i; j > 0 && out->ids[j - 1] > v; j--)
			out->ids[j] = out->ids[j - 1];
		out->ids[j] = v;
	}
}

void etw_stack_filter_compile(const struct etw_filter_set *set,
			      struct etw_stack_filter *out)
{
	memset(out, 0, sizeof(*out));
	if (set->stackwalk)
		etw_id_filter_compile(set->stackwalk, &out->ids);
	if (set->stackwalk_lk) {
		const u8 *d = set->stackwalk_lk->data;

		out->lk = true;
		out->any = (u64)get_le32(d) | (u64)get_le32(d + 4) << 32;
		out->all = (u64)get_le32(d + 8) | (u64)get_le32(d + 12) << 32;
		out->level = d[16];
		out->lk_in = d[17];
	}
}

bool etw_stack_filter_pass(const struct etw_stack_filter *f, u16 id, u8 level,
			   u64 kw)
{
	bool match;

	if (!f)
		return true;
	if (!etw_id_filter_pass(&f->ids, id))
		return false;
	if (!f->lk)
		return true;
	match = (!f->level || level <= f->level) &&
		(!f->any || (kw & f->any)) && (kw & f->all) == f->all;
	return match == f->lk_in;
}

bool etw_id_filter_pass(const struct etw_id_filter *f, u16 id)
{
	u32 lo = 0, hi;
	bool found = false;

	if (!f->present)
		return true;
	hi = f->count;
	while (lo < hi) {
		u32 mid = (lo + hi) / 2;

		if (f->ids[mid] == id) {
			found = true;
			break;
		}
		if (f->ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return found == f->filter_in;
}

bool etw_pid_filter_match(const struct etw_filter_view *f, u32 pid)
{
	const u8 *d = f->data;
	u32 i;

	for (i = 0; i + 4 <= f->size; i += 4)
		if (get_le32(d + i) == pid)
			return true;
	return false;
}

static char ascii_lower(char c)
{
	return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

bool etw_name_equal(const char *a, u32 alen, const char *b, u32 blen)
{
	u32 i;

	if (alen != blen)
		return false;
	for (i = 0; i < alen; i++)
		if (ascii_lower(a[i]) != ascii_lower(b[i]))
			return false;
	return true;
}

/* The file-name part of a path (after the last '/' or '\'). */
static void basename_of(const char **p, u32 *len)
{
	u32 i;

	for (i = *len; i > 0; i--) {
		if ((*p)[i - 1] == '/' || (*p)[i - 1] == '\\') {
			*p += i;
			*len -= i;
			return;
		}
	}
}

bool etw_exe_filter_match(const struct etw_filter_view *f, const char *exe,
			  u32 exe_len)
{
	const char *s = f->data;
	u32 n = f->size ? f->size - 1 : 0;	/* without the NUL */
	u32 start = 0, i;

	basename_of(&exe, &exe_len);
	for (i = 0; i <= n; i++) {
		if (i == n || s[i] == ';') {
			const char *name = s + start;
			u32 len = i - start;

			basename_of(&name, &len);
			if (len && etw_name_equal(name, len, exe, exe_len))
				return true;
			start = i + 1;
		}
	}
	return false;
}

/* --- session parameters --------------------------------------------------- */

#define ETW_MODE_KNOWN	(ETW_MODE_FILE_MASK | ETW_MODE_NONSTOPPABLE | \
			 ETW_MODE_SECURE | ETW_MODE_REAL_TIME | \
			 ETW_MODE_DELAY_OPEN_FILE | ETW_MODE_BUFFERING | \
			 ETW_MODE_PRIVATE_LOGGER | ETW_MODE_ADD_HEADER | \
			 ETW_MODE_USE_KBYTES_FOR_SIZE | \
			 ETW_MODE_USE_GLOBAL_SEQUENCE | \
			 ETW_MODE_USE_LOCAL_SEQUENCE | ETW_MODE_RELOG | \
			 ETW_MODE_PRIVATE_IN_PROC | ETW_MODE_RESERVED | \
			 ETW_MODE_STOP_ON_HYBRID_SHUTDOWN | \
			 ETW_MODE_PERSIST_ON_HYBRID_SHUTDOWN | \
			 ETW_MODE_USE_PAGED_MEMORY | ETW_MODE_SYSTEM_LOGGER | \
			 ETW_MODE_COMPRESSED | ETW_MODE_INDEPENDENT_SESSION | \
			 ETW_MODE_NO_PER_PROCESSOR_BUFFERING | \
			 ETW_MODE_ADDTO_TRIAGE_DUMP)

static bool both(u32 mode, u32 a, u32 b)
{
	return (mode & a) && (mode & b);
}

int etw_session_params_check(struct etw_session_params *p, u32 nr_cpus)
{
	u32 m = p->log_file_mode;
	u32 priv = ETW_MODE_PRIVATE_LOGGER | ETW_MODE_PRIVATE_IN_PROC;
	u64 bytes;

	if (m & ~ETW_MODE_KNOWN)
		return -EINVAL;
	/* Combinations the documentation forbids (reference section 2.3). */
	if (both(m, ETW_MODE_FILE_MODE_SEQUENTIAL,
		 ETW_MODE_FILE_MODE_CIRCULAR | ETW_MODE_FILE_MODE_NEWFILE) ||
	    both(m, ETW_MODE_FILE_MODE_CIRCULAR,
		 ETW_MODE_FILE_MODE_APPEND | ETW_MODE_FILE_MODE_NEWFILE) ||
	    both(m, ETW_MODE_FILE_MODE_APPEND,
		 ETW_MODE_REAL_TIME | ETW_MODE_FILE_MODE_NEWFILE | priv) ||
	    both(m, ETW_MODE_BUFFERING,
		 ETW_MODE_FILE_MASK | ETW_MODE_REAL_TIME) ||
	    both(m, ETW_MODE_REAL_TIME, priv) ||
	    both(m, ETW_MODE_FILE_MODE_NEWFILE | ETW_MODE_FILE_MODE_PREALLOCATE,
		 priv) ||
	    both(m, ETW_MODE_INDEPENDENT_SESSION, priv) ||
	    both(m, ETW_MODE_USE_GLOBAL_SEQUENCE, ETW_MODE_USE_LOCAL_SEQUENCE))
		return -EINVAL;
	/* File modes need a file; circular/newfile/preallocate a size. */
	if ((m & ETW_MODE_FILE_MASK) && !p->has_log_file)
		return -EINVAL;
	if ((m & (ETW_MODE_FILE_MODE_CIRCULAR | ETW_MODE_FILE_MODE_NEWFILE |
		  ETW_MODE_FILE_MODE_PREALLOCATE)) && !p->max_file_size)
		return -EINVAL;
	if (p->has_log_file && (m & ETW_MODE_BUFFERING))
		return -EINVAL;
	/* A session must deliver its events somewhere. */
	if (!p->has_log_file &&
	    !(m & (ETW_MODE_REAL_TIME | ETW_MODE_BUFFERING | priv)))
		return -EINVAL;
	/* A system logger records the whole machine: never private. */
	if (both(m, ETW_MODE_SYSTEM_LOGGER, priv))
		return -EINVAL;
	/*
	 * Compressed buffers (XPRESS, etw_xpress.h) have no fixed size on
	 * disk: not in a ring of fixed slots (CIRCULAR) nor after buffers
	 * counted by size (APPEND).
	 */
	if (both(m, ETW_MODE_COMPRESSED,
		 ETW_MODE_FILE_MODE_CIRCULAR | ETW_MODE_FILE_MODE_APPEND))
		return -EOPNOTSUPP;

	if (p->clock_type == 0)
		p->clock_type = 1;
	if (p->clock_type > 3)
		return -EINVAL;

	if (p->buffer_size_kb == 0)
		p->buffer_size_kb = ETW_DEFAULT_BUFFER_KB;
	if (p->buffer_size_kb < 4)
		p->buffer_size_kb = 4;
	if (p->buffer_size_kb > 16384)
		p->buffer_size_kb = 16384;

	p->nr_streams = (m & ETW_MODE_NO_PER_PROCESSOR_BUFFERING) ? 1 :
			(nr_cpus ? nr_cpus : 1);
	if (p->min_buffers < 2 * p->nr_streams)
		p->min_buffers = 2 * p->nr_streams;
	if (m & ETW_MODE_BUFFERING) {
		p->max_buffers = p->min_buffers;	/* ignored: Min x Size */
	} else {
		if (p->max_buffers == 0)
			p->max_buffers = p->min_buffers + 2 * p->nr_streams + 16;
		if (p->max_buffers < p->min_buffers)
			p->max_buffers = p->min_buffers;
	}
	if ((m & ETW_MODE_REAL_TIME) && p->flush_timer == 0)
		p->flush_timer = 1;

	bytes = (u64)p->max_buffers * p->buffer_size_kb * 1024;
	if (bytes > ETW_MAX_SESSION_MEMORY)
		return -ENOMEM;
	p->nr_buffers = p->max_buffers;
	return 0;
}
