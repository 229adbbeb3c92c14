// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl manifest install|uninstall|list: the instrumentation manifests
 * every TDH consumer on the machine decodes with (wevtutil im/um/ep).
 *
 * Installed manifests are plain .man files in the directories of
 * $ETW_MANIFEST_PATH (':'-separated; by default /var/lib/etw/manifests,
 * where install writes, then /usr/share/etw/manifests, for packages).
 * TdhGetEventInformation reads them when it meets a provider no manifest
 * loaded by the program declares, and again when a directory changes.
 * install and uninstall work on the first directory of the path, or on
 * --dir DIR.  A manifest is checked with the reader TDH uses before it is
 * installed, written under its own file name (temporary file, then
 * rename), and refused when another installed file already declares one
 * of its providers.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "etwctl.h"
#include "tdh_manifest.h"
#include "tdh_store.h"

enum { OPT_DIR = 0x200 };

/* ===== Files and directories ========================================== */

/* A file operation failed (stderr only: --json output stays one array). */
int file_fail(const char *what, int err)
{
	fprintf(stderr, "etwctl: %s: %s\n", what, strerror(err));
	return EXIT_API;
}

/*
 * The store's directory @dir cannot be written: say so, and where else
 * (a read-only system directory -- a container, a VM over a read-only
 * root -- or one that needs root).
 */
static int store_fail(const char *dir, int err)
{
	if (err == EROFS || err == EACCES || err == EPERM)
		fprintf(stderr, "etwctl: %s: %s; install into a directory you can write "
			"with --dir DIR, and point the tools there with ETW_MANIFEST_PATH "
			"(or ETW_MOF_PATH) =DIR\n", dir, strerror(err));
	else
		fprintf(stderr, "etwctl: %s: %s\n", dir, strerror(err));
	return EXIT_API;
}

static const char *manifest_path(void)
{
	const char *p = getenv("ETW_MANIFEST_PATH");

	return p && *p ? p : ETW_MANIFEST_DIRS;
}

/* The directory install and uninstall use: --dir, else the path's first. */
static void target_dir(const char *opt, char *out, size_t room)
{
	const char *p = manifest_path();
	size_t k = strcspn(p, ":");

	if (opt)
		snprintf(out, room, "%s", opt);
	else
		snprintf(out, room, "%.*s", (int)k, p);
}

/* Parse @path; on failure print why (with the line) and return NULL. */
static struct tdh_manifest *read_manifest(const char *path, int quiet)
{
	char msg[512] = "", *xml;
	struct tdh_manifest *m;
	size_t len = 0;
	ULONG st;

	xml = etw_slurp(path, &len);
	if (!xml) {
		if (!quiet)
			file_fail(path, errno);
		return NULL;
	}
	m = tdh_manifest_parse(xml, len, path, &st, msg, sizeof(msg));
	free(xml);
	if (!m && !quiet)
		fprintf(stderr, "etwctl: %s: %s (%s)\n", path,
			*msg ? msg : "not an instrumentation manifest",
			win32_name(st));
	return m;
}

/* "name<suffix>" for a file name (the suffix added when missing). */
void store_file_name(const char *src, const char *suffix, char *out, size_t room)
{
	const char *b = strrchr(src, '/');
	size_t n, k = strlen(suffix);

	snprintf(out, room, "%s", b ? b + 1 : src);
	n = strlen(out);
	if (n < k || strcasecmp(out + n - k, suffix))
		snprintf(out + n, room - n, "%s", suffix);
}

/* Every *<suffix> file of @dir (dot files aside), in name order; the
 * suffix in any case with @icase. */
int store_each(const char *dir, const char *suffix, int icase,
	       int (*fn)(const char *file, const char *path, void *ctx), void *ctx)
{
	struct dirent **names;
	size_t sk = strlen(suffix);
	int n, i, ret = 0;

	n = scandir(dir, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		const char *f = names[i]->d_name;
		size_t k = strlen(f);
		char path[PATH_MAX];

		if (!ret && f[0] != '.' && k > sk &&
		    !(icase ? strcasecmp : strcmp)(f + k - sk, suffix) &&
		    snprintf(path, sizeof(path), "%s/%s", dir, f) < (int)sizeof(path))
			ret = fn(f, path, ctx);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return ret;
}

/* Remove an installed file and say so; 0, or -1 (reported). */
int store_remove(const char *path)
{
	if (unlink(path)) {
		file_fail(path, errno);
		return -1;
	}
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "uninstalled", path);
		json_close(&jout, '}');
	} else {
		printf("uninstalled %s\n", path);
	}
	return 0;
}

/* @fn on each directory of @path (':'-separated), or on @dir_opt alone. */
void store_dirs(const char *path, const char *dir_opt, void (*fn)(const char *dir))
{
	const char *p = dir_opt ? dir_opt : path;
	char dir[PATH_MAX];

	while (*p) {
		size_t k = dir_opt ? strlen(p) : strcspn(p, ":");

		if (k && k < sizeof(dir)) {
			snprintf(dir, sizeof(dir), "%.*s", (int)k, p);
			fn(dir);
		}
		p += k;
		if (*p)
			p++;
	}
}

static void man_name(const char *src, char *out, size_t room)
{
	store_file_name(src, ".man", out, room);
}

typedef int (*each_fn)(const char *dir, const char *file, const char *path,
		       struct tdh_manifest *m, void *ctx);

struct each_ctx {
	const char *dir;
	each_fn fn;
	void *ctx;
};

static int each_one(const char *file, const char *path, void *ctx)
{
	struct each_ctx *c = ctx;
	struct tdh_manifest *m = read_manifest(path, 1);
	int ret = c->fn(c->dir, file, path, m, c->ctx);

	tdh_manifest_free(m);
	return ret;
}

/* Every *.man of @dir, parsed (files that do not parse get m = NULL). */
static int each_manifest(const char *dir, each_fn fn, void *ctx)
{
	struct each_ctx c = { dir, fn, ctx };

	return store_each(dir, ".man", 0, each_one, &c);
}

int mkdirs(const char *dir)
{
	char p[PATH_MAX];
	size_t i;

	snprintf(p, sizeof(p), "%s", dir);
	for (i = 1; p[i]; i++) {
		if (p[i] != '/')
			continue;
		p[i] = 0;
		if (mkdir(p, 0755) && errno != EEXIST)
			return -1;
		p[i] = '/';
	}
	return mkdir(p, 0755) && errno != EEXIST ? -1 : 0;
}

/* ===== install ========================================================= */

/*
 * Write @len bytes as @dir/@name (a temporary file, then rename, so a
 * reader never sees half of it); the path into @dst.  0 or EXIT_API.
 */
int install_file(const char *dir, const char *name, const char *data, size_t len,
		 char *dst, size_t room)
{
	char tmp[PATH_MAX];
	int fd, ok, err;

	if (mkdirs(dir))
		return store_fail(dir, errno);
	if (snprintf(dst, room, "%s/%s", dir, name) >= (int)room ||
	    snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir, name) >= (int)sizeof(tmp))
		fd = -1, errno = ENAMETOOLONG;
	else
		fd = mkstemp(tmp);
	if (fd < 0)
		return store_fail(dir, errno);
	ok = write(fd, data, len) == (ssize_t)len && !fchmod(fd, 0644) && !fsync(fd);
	err = errno;
	ok = !close(fd) && ok;
	if (ok && rename(tmp, dst))
		ok = 0, err = errno;
	if (!ok) {
		unlink(tmp);
		return file_fail(dst, err);
	}
	return 0;
}

struct conflict {
	const struct tdh_manifest *m;
	const char *skip;	/* the file being replaced */
	char who[PATH_MAX];
	GUID guid;
};

static int find_conflict(const char *dir, const char *file, const char *path,
			 struct tdh_manifest *m, void *ctx)
{
	struct conflict *c = ctx;
	unsigned i, j;

	(void)dir;
	if (!m || !strcmp(file, c->skip))
		return 0;
	for (i = 0; i < c->m->nproviders; i++)
		for (j = 0; j < m->nproviders; j++)
			if (IsEqualGUID(&c->m->providers[i].guid, &m->providers[j].guid)) {
				snprintf(c->who, sizeof(c->who), "%s", path);
				c->guid = m->providers[j].guid;
				return 1;
			}
	return 0;
}

static int install_one(const char *dir, const char *src)
{
	char name[NAME_MAX + 1], dst[PATH_MAX], t[ETW_GUID_STR_LEN];
	struct conflict c = { 0 };
	struct tdh_manifest *m;
	size_t len = 0;
	char *xml;
	int ok;

	m = read_manifest(src, 0);
	if (!m)
		return EXIT_API;
	man_name(src, name, sizeof(name));
	c.m = m;
	c.skip = name;
	if (each_manifest(dir, find_conflict, &c)) {
		fprintf(stderr, "etwctl: %s: provider {%s} is already installed by %s "
			"(uninstall it first)\n", src, etw_guid_str(&c.guid, t), c.who);
		tdh_manifest_free(m);
		return EXIT_API;
	}
	xml = etw_slurp(src, &len);
	if (!xml) {
		tdh_manifest_free(m);
		return file_fail(src, errno);
	}
	ok = install_file(dir, name, xml, len, dst, sizeof(dst));
	free(xml);
	if (ok) {
		tdh_manifest_free(m);
		return ok;
	}
	if (json) {
		unsigned i;

		json_open(&jout, '{');
		json_str(&jout, "installed", dst);
		json_key(&jout, "providers");
		json_open(&jout, '[');
		for (i = 0; i < m->nproviders; i++)
			json_str(&jout, NULL, m->providers[i].name);
		json_close(&jout, ']');
		json_close(&jout, '}');
	} else {
		unsigned i;

		for (i = 0; i < m->nproviders; i++)
			printf("installed %s {%s} in %s\n", m->providers[i].name,
			       etw_guid_str(&m->providers[i].guid, t), dst);
	}
	tdh_manifest_free(m);
	return 0;
}

/* ===== uninstall ======================================================= */

struct removal {
	const char *what;	/* file name, provider name or GUID */
	GUID guid;
	int is_guid;
	int removed, failed;
};

static int remove_match(const char *dir, const char *file, const char *path,
			struct tdh_manifest *m, void *ctx)
{
	struct removal *r = ctx;
	char name[NAME_MAX + 1];
	int hit;
	unsigned i;

	(void)dir;
	man_name(r->what, name, sizeof(name));
	hit = !strcmp(file, name);
	for (i = 0; m && !hit && i < m->nproviders; i++)
		hit = r->is_guid ? IsEqualGUID(&r->guid, &m->providers[i].guid) :
		      (m->providers[i].name && !strcmp(r->what, m->providers[i].name));
	if (!hit)
		return 0;
	if (store_remove(path))
		r->failed = 1;
	else
		r->removed++;
	return 0;
}

/* ===== list ============================================================ */

static int list_one(const char *dir, const char *file, const char *path,
		    struct tdh_manifest *m, void *ctx)
{
	char t[ETW_GUID_STR_LEN];
	unsigned i;

	(void)dir;
	(void)file;
	(void)ctx;
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "file", path);
		json_bool(&jout, "valid", m != NULL);
		json_key(&jout, "providers");
		json_open(&jout, '[');
		for (i = 0; m && i < m->nproviders; i++) {
			json_open(&jout, '{');
			json_str(&jout, "name", m->providers[i].name);
			json_str(&jout, "guid", etw_guid_str(&m->providers[i].guid, t));
			json_u64(&jout, "events", m->providers[i].nevents);
			json_close(&jout, '}');
		}
		json_close(&jout, ']');
		json_close(&jout, '}');
		return 0;
	}
	if (!m) {
		printf("%s: not a valid manifest (TDH ignores it)\n", path);
		return 0;
	}
	for (i = 0; i < m->nproviders; i++)
		printf("%-40s {%s} %4u events  %s\n",
		       m->providers[i].name ? m->providers[i].name : "(unnamed)",
		       etw_guid_str(&m->providers[i].guid, t),
		       m->providers[i].nevents, path);
	return 0;
}

static void list_dir(const char *dir)
{
	each_manifest(dir, list_one, NULL);
}

/* ===== The command ===================================================== */

int cmd_manifest(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS, { "dir", required_argument, NULL, OPT_DIR }, { 0 }
	};
	const char *sub, *dir_opt = NULL;
	char dir[PATH_MAX];
	int c, i, ret = 0;

	while ((c = next_opt(argc, argv, opts)) != -1) {
		if (c == OPT_DIR)
			dir_opt = optarg;
		else
			return opt_end(c);
	}
	if (nargs(argc) < 1)
		return usage_err("needs install, uninstall or list");
	sub = argv[optind++];
	target_dir(dir_opt, dir, sizeof(dir));
	if (json)
		json_open(&jout, '[');
	if (!strcmp(sub, "install")) {
		if (nargs(argc) < 1)
			return usage_err("install needs a manifest file");
		for (i = optind; i < argc && !ret; i++)
			ret = install_one(dir, argv[i]);
	} else if (!strcmp(sub, "uninstall")) {
		if (nargs(argc) < 1)
			return usage_err("uninstall needs a file, provider name or GUID");
		for (i = optind; i < argc; i++) {
			struct removal r = { .what = argv[i] };

			r.is_guid = !etw_guid_parse(argv[i], &r.guid);
			each_manifest(dir, remove_match, &r);
			if (r.failed)
				ret = EXIT_API;
			else if (!r.removed) {
				fprintf(stderr, "etwctl: %s: no installed manifest in %s "
					"is that file or declares that provider\n",
					argv[i], dir);
				ret = EXIT_API;
			}
		}
	} else if (!strcmp(sub, "list")) {
		if (nargs(argc))
			return usage_err("list takes no arguments");
		store_dirs(manifest_path(), dir_opt, list_dir);
	} else {
		return usage_err("no manifest command '%s'", sub);
	}
	if (json) {
		json_close(&jout, ']');
		json_end(&jout);
	}
	return ret;
}
