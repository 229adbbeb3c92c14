// SPDX-License-Identifier: MIT
/*
 * The manifests TDH decodes with:
 *
 *   - loaded by this process: TdhLoadManifest (a .man file),
 *     TdhLoadManifestFromMemory (its text), TdhLoadManifestFromBinary
 *     (the .etw_manifest section etwmc puts in a program); these win;
 *   - installed for every process: the *.man files in the directories of
 *     $ETW_MANIFEST_PATH (':'-separated), by default
 *     /var/lib/etw/manifests (where `etwctl manifest install` puts them)
 *     and /usr/share/etw/manifests (for packages).  They are read when a
 *     provider is looked up that no loaded manifest has, and read again
 *     when a directory changes (checked at most once a second).
 *
 * A read-write lock guards both lists: lookups read, loading writes.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"
#include "tdh_manifest.h"
#include "tdh_store.h"
#include "shared/etw_utf.h"

struct mf_entry {
	struct mf_entry *next;
	char *key;		/* path, "mem:<hash>" or "bin:<path>#<n>" */
	struct tdh_manifest *m;
	struct timespec mtime;	/* installed: the file's */
	int seen;		/* installed: still there at the last scan */
};

static pthread_rwlock_t store_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct mf_entry *loaded, *installed;
static time_t last_check;		/* CLOCK_MONOTONIC seconds; atomic */
static char *dir_stamp;			/* directories' mtimes at the last scan */

void tdh_store_lock(void)
{
	pthread_rwlock_rdlock(&store_lock);
}

void tdh_store_unlock(void)
{
	pthread_rwlock_unlock(&store_lock);
}

static const char *manifest_path(void)
{
	const char *p = getenv("ETW_MANIFEST_PATH");

	return p && *p ? p : ETW_MANIFEST_DIRS;
}

/* Whole file into memory (tdh_store.h). */
ULONG tdh_read_file(const char *path, char **out, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t n;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return errno == EACCES ? ERROR_ACCESS_DENIED : ERROR_FILE_NOT_FOUND;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size > (64 << 20)) {
		close(fd);
		return ERROR_FILE_NOT_FOUND;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		return ERROR_NOT_ENOUGH_MEMORY;
	}
	while (got < (size_t)st.st_size) {
		n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = 0;
	*out = buf;
	*len = got;
	return ERROR_SUCCESS;
}

/* --- Installed manifests --- */

static void stamp_dirs(char *buf, size_t n)
{
	const char *p = manifest_path();
	size_t len = 0;

	while (*p && len < n) {
		const char *e = strchr(p, ':');
		size_t k = e ? (size_t)(e - p) : strlen(p);
		char dir[PATH_MAX];
		struct stat st;

		if (k && k < sizeof(dir)) {
			memcpy(dir, p, k);
			dir[k] = 0;
			if (stat(dir, &st))
				memset(&st, 0, sizeof(st));
			len += snprintf(buf + len, n - len, "%s=%lld.%ld;", dir,
					(long long)st.st_mtim.tv_sec,
					st.st_mtim.tv_nsec);
		}
		p += k + (e ? 1 : 0);
	}
}

static void scan_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);
		char path[PATH_MAX];
		struct mf_entry *e;
		struct stat st;
		char *xml;
		size_t len;
		ULONG err;

		if (n < 5 || strcmp(de->d_name + n - 4, ".man") ||
		    snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) >=
		    (int)sizeof(path) || stat(path, &st))
			continue;
		for (e = installed; e; e = e->next)
			if (!strcmp(e->key, path))
				break;
		if (e && e->mtime.tv_sec == st.st_mtim.tv_sec &&
		    e->mtime.tv_nsec == st.st_mtim.tv_nsec) {
			e->seen = 1;
			continue;
		}
		if (tdh_read_file(path, &xml, &len))
			continue;
		if (!e) {
			e = calloc(1, sizeof(*e));
			if (!e || !(e->key = strdup(path))) {
				free(e);
				free(xml);
				continue;
			}
			e->next = installed;
			installed = e;
		}
		tdh_manifest_free(e->m);
		e->m = tdh_manifest_parse(xml, len, path, &err, NULL, 0);
		e->mtime = st.st_mtim;
		e->seen = 1;
		free(xml);
	}
	closedir(d);
}

/*
 * Bring the installed list up to date if a directory changed.  Takes the
 * write lock itself; called without the lock.
 */
static void refresh_installed(void)
{
	char stamp[4096];
	struct timespec now;
	struct mf_entry **pp, *e;
	const char *p;

	clock_gettime(CLOCK_MONOTONIC, &now);
	/* At most once a second; 0 = never looked yet. */
	if (__atomic_load_n(&last_check, __ATOMIC_ACQUIRE) == now.tv_sec + 1)
		return;
	pthread_rwlock_wrlock(&store_lock);
	__atomic_store_n(&last_check, now.tv_sec + 1, __ATOMIC_RELEASE);
	stamp[0] = 0;
	stamp_dirs(stamp, sizeof(stamp));
	if (dir_stamp && !strcmp(dir_stamp, stamp))
		goto out;
	free(dir_stamp);
	dir_stamp = strdup(stamp);
	tdh_cache_invalidate();		/* what was installed has changed */
	for (e = installed; e; e = e->next)
		e->seen = 0;
	for (p = manifest_path(); *p;) {
		const char *end = strchr(p, ':');
		size_t k = end ? (size_t)(end - p) : strlen(p);
		char dir[PATH_MAX];

		if (k && k < sizeof(dir)) {
			memcpy(dir, p, k);
			dir[k] = 0;
			scan_dir(dir);
		}
		p += k + (end ? 1 : 0);
	}
	for (pp = &installed; (e = *pp);) {
		if (e->seen) {
			pp = &e->next;
			continue;
		}
		*pp = e->next;
		tdh_manifest_free(e->m);
		free(e->key);
		free(e);
	}
out:
	pthread_rwlock_unlock(&store_lock);
}

static const struct tdh_provider *find_in(const struct mf_entry *e,
					  const GUID *guid)
{
	const struct tdh_provider *p;

	for (; e; e = e->next)
		if (e->m && (p = tdh_manifest_find(e->m, guid)))
			return p;
	return NULL;
}

const struct tdh_provider *tdh_store_get(const GUID *guid)
{
	const struct tdh_provider *p = find_in(loaded, guid);

	return p ? p : find_in(installed, guid);
}

void tdh_store_each(void (*fn)(const struct tdh_provider *, void *), void *ctx)
{
	const struct mf_entry *lists[2] = { loaded, installed }, *e;
	unsigned l, i;

	for (l = 0; l < 2; l++)
		for (e = lists[l]; e; e = e->next)
			for (i = 0; e->m && i < tdh_manifest_providers(e->m); i++) {
				const struct tdh_provider *p = tdh_manifest_provider(e->m, i);

				/* Once per GUID: the first (loaded) one wins. */
				if (tdh_store_get(tdh_provider_guid(p)) == p)
					fn(p, ctx);
			}
}

/* Look @guid up, refreshing the installed list first; lock held on return. */
static const struct tdh_provider *lookup_locked(const GUID *guid)
{
	refresh_installed();
	tdh_store_lock();
	return tdh_store_get(guid);
}

static const char *copy_str(struct tdh_arena *a, const char *s)
{
	return s ? tdh_strndup(a, s, strlen(s)) : NULL;
}

ULONG tdh_store_schema(const GUID *provider, const EVENT_DESCRIPTOR *d,
		       struct tdh_schema *s, struct tdh_arena *a)
{
	const struct tdh_provider *p = lookup_locked(provider);
	uint32_t i;
	int r;

	if (!p) {
		tdh_store_unlock();
		return ERROR_NOT_FOUND;
	}
	r = tdh_provider_event(p, d, s, a);
	if (!r) {
		/* Copy what points into the manifest: it may be unloaded. */
		s->provider_name = copy_str(a, s->provider_name);
		s->provider_message = copy_str(a, s->provider_message);
		s->level_name = copy_str(a, s->level_name);
		s->channel_name = copy_str(a, s->channel_name);
		s->keywords_name = copy_str(a, s->keywords_name);
		s->task_name = copy_str(a, s->task_name);
		s->opcode_name = copy_str(a, s->opcode_name);
		s->message = copy_str(a, s->message);
		s->event_name = copy_str(a, s->event_name);
		for (i = 0; i < s->nprops; i++) {
			s->props[i].name = copy_str(a, s->props[i].name);
			s->props[i].map = copy_str(a, s->props[i].map);
		}
	}
	tdh_store_unlock();
	if (r == -ENOENT)
		return ERROR_NOT_FOUND;
	if (r || a->failed)
		return r == -EINVAL ? ERROR_INVALID_DATA : ERROR_NOT_ENOUGH_MEMORY;
	return ERROR_SUCCESS;
}

/* --- Loading --- */

static ULONG add_loaded(const char *key, const char *xml, size_t len)
{
	struct mf_entry *e, **pp;
	struct tdh_manifest *m;
	ULONG err;

	m = tdh_manifest_parse(xml, len, key, &err, NULL, 0);
	if (!m)
		return err;
	pthread_rwlock_wrlock(&store_lock);
	for (pp = &loaded; (e = *pp); pp = &e->next)
		if (!strcmp(e->key, key))
			break;
	if (!e) {
		e = calloc(1, sizeof(*e));
		if (!e || !(e->key = strdup(key))) {
			pthread_rwlock_unlock(&store_lock);
			free(e);
			tdh_manifest_free(m);
			return ERROR_NOT_ENOUGH_MEMORY;
		}
		e->next = loaded;
		loaded = e;
	}
	tdh_manifest_free(e->m);
	e->m = m;
	pthread_rwlock_unlock(&store_lock);
	tdh_cache_invalidate();
	return ERROR_SUCCESS;
}

static ULONG drop_loaded(const char *key, int prefix)
{
	struct mf_entry *e, **pp;
	size_t n = strlen(key);
	int found = 0;

	pthread_rwlock_wrlock(&store_lock);
	for (pp = &loaded; (e = *pp);) {
		if (prefix ? strncmp(e->key, key, n) : strcmp(e->key, key)) {
			pp = &e->next;
			continue;
		}
		*pp = e->next;
		tdh_manifest_free(e->m);
		free(e->key);
		free(e);
		found = 1;
	}
	pthread_rwlock_unlock(&store_lock);
	if (found)
		tdh_cache_invalidate();
	return found ? ERROR_SUCCESS : ERROR_NOT_FOUND;
}

static ULONG wide_path(PWSTR w, char *out, size_t room)
{
	size_t n;

	if (!w || !w[0])
		return ERROR_INVALID_PARAMETER;
	n = etw_utf16_to_utf8(w, PATH_MAX, NULL, SIZE_MAX);
	if (n >= room)
		return ERROR_INVALID_PARAMETER;
	etw_utf16_to_utf8(w, PATH_MAX, out, room);
	return ERROR_SUCCESS;
}

ETW_EXPORT TDHSTATUS __stdcall TdhLoadManifest(PWSTR Manifest)
{
	char path[PATH_MAX];
	size_t len;
	char *xml;
	ULONG r = wide_path(Manifest, path, sizeof(path));

	if (r)
		return r;
	r = tdh_read_file(path, &xml, &len);
	if (r)
		return r;
	r = add_loaded(path, xml, len);
	free(xml);
	return r;
}

ETW_EXPORT TDHSTATUS __stdcall TdhUnloadManifest(PWSTR Manifest)
{
	char path[PATH_MAX];
	ULONG r = wide_path(Manifest, path, sizeof(path));

	return r ? r : drop_loaded(path, 0);
}

/* FNV-1a: loaded-from-memory manifests are named by their content. */
static void mem_key(LPCVOID p, ULONG n, char *key, size_t room)
{
	const uint8_t *b = p;
	uint64_t h = 1469598103934665603ULL;
	ULONG i;

	for (i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	snprintf(key, room, "mem:%016llx:%u", (unsigned long long)h, n);
}

ETW_EXPORT TDHSTATUS __stdcall TdhLoadManifestFromMemory(LPCVOID pData, ULONG cbData)
{
	char key[64];

	if (!pData || !cbData)
		return ERROR_INVALID_PARAMETER;
	mem_key(pData, cbData, key, sizeof(key));
	return add_loaded(key, pData, cbData);
}

ETW_EXPORT TDHSTATUS __stdcall TdhUnloadManifestFromMemory(LPCVOID pData, ULONG cbData)
{
	char key[64];

	if (!pData || !cbData)
		return ERROR_INVALID_PARAMETER;
	mem_key(pData, cbData, key, sizeof(key));
	return drop_loaded(key, 0);
}

/*
 * The .etw_manifest section of an ELF64 file: manifests separated by NUL
 * bytes (etwmc --embed writes it).  Returns it malloc'ed.
 */
static ULONG elf_section(const char *path, char **out, size_t *len)
{
	size_t size, i;
	char *f;
	const Elf64_Ehdr *eh;
	const Elf64_Shdr *sh, *strtab;
	ULONG r = tdh_read_file(path, &f, &size);

	if (r)
		return r;
	eh = (const Elf64_Ehdr *)f;
	if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shentsize != sizeof(Elf64_Shdr) || eh->e_shoff > size ||
	    (size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum ||
	    eh->e_shstrndx >= eh->e_shnum)
		goto none;
	sh = (const Elf64_Shdr *)(f + eh->e_shoff);
	strtab = &sh[eh->e_shstrndx];
	if (strtab->sh_offset > size || strtab->sh_size > size - strtab->sh_offset)
		goto none;
	for (i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_name >= strtab->sh_size ||
		    strncmp(f + strtab->sh_offset + sh[i].sh_name, ".etw_manifest",
			    strtab->sh_size - sh[i].sh_name) ||
		    sh[i].sh_type == SHT_NOBITS || sh[i].sh_offset > size ||
		    sh[i].sh_size > size - sh[i].sh_offset)
			continue;
		*out = malloc(sh[i].sh_size + 1);
		if (!*out) {
			free(f);
			return ERROR_NOT_ENOUGH_MEMORY;
		}
		memcpy(*out, f + sh[i].sh_offset, sh[i].sh_size);
		(*out)[sh[i].sh_size] = 0;
		*len = sh[i].sh_size;
		free(f);
		return ERROR_SUCCESS;
	}
none:
	free(f);
	return ERROR_RESOURCE_NOT_FOUND;
}

ETW_EXPORT TDHSTATUS __stdcall TdhLoadManifestFromBinary(PWSTR BinaryPath)
{
	char path[PATH_MAX], key[PATH_MAX + 32];
	size_t len, off = 0;
	unsigned k = 0;
	char *sec;
	ULONG r = wide_path(BinaryPath, path, sizeof(path));

	if (r)
		return r;
	r = elf_section(path, &sec, &len);
	if (r)
		return r;
	snprintf(key, sizeof(key), "bin:%s#", path);
	drop_loaded(key, 1);
	while (off < len && !r) {
		size_t n = strnlen(sec + off, len - off);

		if (n) {
			snprintf(key, sizeof(key), "bin:%s#%u", path, k++);
			r = add_loaded(key, sec + off, n);
		}
		off += n + 1;
	}
	free(sec);
	if (!r && !k)
		r = ERROR_RESOURCE_NOT_FOUND;
	return r;
}

void tdh_store_refresh(void)
{
	refresh_installed();
}

/* Used by tdh_enum.c: look up with the installed list refreshed. */
const struct tdh_provider *tdh_store_lookup_locked(const GUID *guid)
{
	return lookup_locked(guid);
}

/* Used by tdh_enum.c: the installed list refreshed, lock held. */
void tdh_store_lock_fresh(void)
{
	refresh_installed();
	tdh_store_lock();
}
