// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwctl mof install|uninstall|list: the MOF classes every TDH consumer
 * on the machine decodes classic events with (mofcomp on Windows, which
 * puts them in the WMI repository).
 *
 * The store is the *.mof files of the directories of $ETW_MOF_PATH
 * (':'-separated; by default /var/lib/etw/mof, where install writes, then
 * /usr/share/etw/mof, for packages); libetw/src/tdh_mof.c reads it.  A
 * file is checked with the reader TDH uses before it is installed (a
 * syntax error is reported with its line), written under its own name
 * (temporary file, then rename), and refused when another installed file
 * already has a class of one of its event class GUIDs.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "etwctl.h"
#include "tdh_mof.h"

enum { OPT_DIR = 0x200 };

/* The file of @path parsed; NULL (reason printed unless @quiet) if not. */
static struct mof_file *read_mof(const char *path, int quiet)
{
	char err[256] = "", *text;
	struct mof_file *f;
	size_t len = 0;

	text = etw_slurp(path, &len);
	if (!text) {
		if (!quiet)
			file_fail(path, errno);
		return NULL;
	}
	f = tdh_mof_parse(text, len, err, sizeof(err));
	free(text);
	if (!f && !quiet)
		fprintf(stderr, "etwctl: %s: %s\n", path, *err ? err : "not a MOF file");
	return f;
}

static void mof_name(const char *src, char *out, size_t room)
{
	store_file_name(src, ".mof", out, room);
}

typedef int (*mof_fn)(const char *file, const char *path, struct mof_file *f, void *ctx);

struct each_ctx {
	mof_fn fn;
	void *ctx;
};

static int each_one(const char *file, const char *path, void *ctx)
{
	struct each_ctx *c = ctx;
	struct mof_file *f = read_mof(path, 1);
	int ret = c->fn(file, path, f, c->ctx);

	tdh_mof_free(f);
	return ret;
}

/* Every *.mof (any case, as TDH reads them) of @dir, parsed (or NULL). */
static int each_mof(const char *dir, mof_fn fn, void *ctx)
{
	struct each_ctx c = { fn, ctx };

	return store_each(dir, ".mof", 1, each_one, &c);
}

struct conflict {
	const struct mof_file *f;
	const char *skip;
	char who[PATH_MAX];
	GUID guid;
};

static int find_conflict(const char *file, const char *path, struct mof_file *f, void *ctx)
{
	struct conflict *c = ctx;
	unsigned i, j;
	GUID a, b;

	if (!f || !strcmp(file, c->skip))
		return 0;
	for (i = 0; i < tdh_mof_classes(c->f); i++)
		for (j = 0; !tdh_mof_class_guid(c->f, i, &a) && j < tdh_mof_classes(f); j++)
			if (!tdh_mof_class_guid(f, j, &b) && IsEqualGUID(&a, &b)) {
				snprintf(c->who, sizeof(c->who), "%s", path);
				c->guid = a;
				return 1;
			}
	return 0;
}

static int install_one(const char *dir, const char *src)
{
	char name[NAME_MAX + 1], dst[PATH_MAX], t[ETW_GUID_STR_LEN];
	struct conflict c = { 0 };
	struct mof_file *f;
	size_t len = 0;
	char *text;
	unsigned i;
	int r;

	f = read_mof(src, 0);
	if (!f)
		return EXIT_API;
	mof_name(src, name, sizeof(name));
	c.f = f;
	c.skip = name;
	if (each_mof(dir, find_conflict, &c)) {
		fprintf(stderr, "etwctl: %s: a class of GUID {%s} is already installed by %s "
			"(uninstall it first)\n", src, etw_guid_str(&c.guid, t), c.who);
		tdh_mof_free(f);
		return EXIT_API;
	}
	text = etw_slurp(src, &len);
	r = text ? install_file(dir, name, text, len, dst, sizeof(dst)) : file_fail(src, errno);
	free(text);
	if (!r) {
		if (json) {
			json_open(&jout, '{');
			json_str(&jout, "installed", dst);
			json_key(&jout, "classes");
			json_open(&jout, '[');
			for (i = 0; i < tdh_mof_classes(f); i++)
				json_str(&jout, NULL, tdh_mof_class_name(f, i));
			json_close(&jout, ']');
			json_close(&jout, '}');
		} else {
			printf("installed %u classes in %s\n", tdh_mof_classes(f), dst);
		}
	}
	tdh_mof_free(f);
	return r;
}

struct removal {
	const char *what;	/* file name, class name or GUID */
	GUID guid;
	int is_guid, removed, failed;
};

static int remove_match(const char *file, const char *path, struct mof_file *f, void *ctx)
{
	struct removal *r = ctx;
	char name[NAME_MAX + 1];
	unsigned i;
	GUID g;
	int hit;

	mof_name(r->what, name, sizeof(name));
	hit = !strcmp(file, name);
	for (i = 0; f && !hit && i < tdh_mof_classes(f); i++)
		hit = r->is_guid ? !tdh_mof_class_guid(f, i, &g) && IsEqualGUID(&g, &r->guid) :
				   !strcasecmp(r->what, tdh_mof_class_name(f, i));
	if (!hit)
		return 0;
	if (store_remove(path))
		r->failed = 1;
	else
		r->removed++;
	return 0;
}

static int list_one(const char *file, const char *path, struct mof_file *f, void *ctx)
{
	char t[ETW_GUID_STR_LEN];
	unsigned i;
	GUID g;

	(void)file;
	(void)ctx;
	if (json) {
		json_open(&jout, '{');
		json_str(&jout, "file", path);
		json_bool(&jout, "valid", f != NULL);
		json_key(&jout, "classes");
		json_open(&jout, '[');
		for (i = 0; f && i < tdh_mof_classes(f); i++) {
			json_open(&jout, '{');
			json_str(&jout, "name", tdh_mof_class_name(f, i));
			if (!tdh_mof_class_guid(f, i, &g))
				json_str(&jout, "guid", etw_guid_str(&g, t));
			json_close(&jout, '}');
		}
		json_close(&jout, ']');
		json_close(&jout, '}');
		return 0;
	}
	if (!f) {
		printf("%s: not a valid MOF file (TDH ignores it)\n", path);
		return 0;
	}
	for (i = 0; i < tdh_mof_classes(f); i++) {
		int has = !tdh_mof_class_guid(f, i, &g);

		printf("%-40s %-38s %s\n", tdh_mof_class_name(f, i),
		       has ? etw_guid_str(&g, t) : "", path);
	}
	return 0;
}

static void list_dir(const char *dir)
{
	each_mof(dir, list_one, NULL);
}

int cmd_mof(int argc, char **argv)
{
	static const struct option opts[] = {
		COMMON_OPTS, { "dir", required_argument, NULL, OPT_DIR }, { 0 }
	};
	const char *sub, *dir_opt = NULL, *p;
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
	p = dir_opt ? dir_opt : tdh_mof_path();
	snprintf(dir, sizeof(dir), "%.*s", dir_opt ? (int)strlen(p) : (int)strcspn(p, ":"), p);
	if (json)
		json_open(&jout, '[');
	if (!strcmp(sub, "install")) {
		if (nargs(argc) < 1)
			return usage_err("install needs a MOF file");
		for (i = optind; i < argc && !ret; i++)
			ret = install_one(dir, argv[i]);
	} else if (!strcmp(sub, "uninstall")) {
		if (nargs(argc) < 1)
			return usage_err("uninstall needs a file, class name or GUID");
		for (i = optind; i < argc; i++) {
			struct removal r = { .what = argv[i] };

			r.is_guid = !etw_guid_parse(argv[i], &r.guid);
			each_mof(dir, remove_match, &r);
			if (r.failed) {
				ret = EXIT_API;
			} else if (!r.removed) {
				fprintf(stderr, "etwctl: %s: no installed MOF file in %s "
					"is that file or has that class\n", argv[i], dir);
				ret = EXIT_API;
			}
		}
	} else if (!strcmp(sub, "list")) {
		if (nargs(argc))
			return usage_err("list takes no arguments");
		store_dirs(tdh_mof_path(), dir_opt, list_dir);
	} else {
		return usage_err("unknown mof command (install, uninstall or list)");
	}
	if (json) {
		json_close(&jout, ']');
		json_end(&jout);
	}
	return ret;
}
