// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwmc: compile an instrumentation manifest into the C header Windows
 * provider code includes (mc.exe -um's), and optionally the manifest as
 * an object for TdhLoadManifestFromBinary.  See etwmc.h for the files.
 *
 *   etwmc [-um] [-h DIR] [-z NAME] [--embed] [--check] MANIFEST.man
 *
 *   -h DIR    write the header (and --embed's .c) in DIR (default: .)
 *   -z NAME   base name of the output files (default: the manifest's)
 *   -um       user-mode code (the only kind; accepted for mc.exe's sake)
 *   --embed   also write NAME.etw.c: the manifest in .etw_manifest
 *   --check   only check the manifest (errors name the line)
 *
 * Exit status 0, or 1 with a message when the manifest is not valid
 * XML, not an instrumentation manifest, has an element or attribute the
 * event schema does not (schema.c), or refers to a level, task, opcode,
 * keyword, channel, template or type that does not exist.  Nothing is
 * written for a manifest that is not valid.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etwmc.h"
#include "common/cli.h"
#include "common/file.h"

static void usage(FILE *f)
{
	fputs("usage: etwmc [-um] [-h DIR] [-z NAME] [--embed] [--check] MANIFEST.man\n"
	      "  -h DIR    output directory (default .)\n"
	      "  -z NAME   base name of the outputs (default: the manifest's)\n"
	      "  --embed   also write NAME.etw.c, the manifest as an ELF section\n"
	      "            that TdhLoadManifestFromBinary reads\n"
	      "  --check   only check the manifest\n"
	      "  --help    this help\n"
	      "  --version the version\n", f);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "embed", no_argument, NULL, 'e' },
		{ "check", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'H' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	const char *dir = ".", *base = NULL, *src = NULL;
	int embed = 0, check = 0, i;
	char path[4096], name[256], err[512], ident[256];
	struct tdh_manifest *m;
	size_t len;
	ULONG e;
	char *xml;
	FILE *f;

	/* mc.exe's options: -h is the output directory, -um one option. */
	opterr = 0;
	while ((i = getopt_long(argc, argv, ":h:z:u:", opts, NULL)) != -1) {
		switch (i) {
		case 'h':
			dir = optarg;
			break;
		case 'z':
			base = optarg;
			break;
		case 'u':
			if (strcmp(optarg, "m")) {
				fprintf(stderr, "etwmc: -u%s: only -um (user-mode code)\n", optarg);
				return 2;
			}
			break;
		case 'e':
			embed = 1;
			break;
		case 'c':
			check = 1;
			break;
		case 'H':
			usage(stdout);
			return 0;
		case 'V':
			cli_version();
			return 0;
		default:
			cli_bad_option(i, argv);
			return 2;
		}
	}
	if (optind != argc - 1) {
		if (optind < argc - 1)
			fprintf(stderr, "etwmc: one manifest at a time\n");
		usage(stderr);
		return 2;
	}
	src = argv[optind];
	xml = etw_slurp(src, &len);
	if (!xml) {
		if (errno == EISDIR)
			fprintf(stderr, "etwmc: %s: a directory; give the manifest (.man) in it\n",
				src);
		else
			fprintf(stderr, "etwmc: %s: %s\n", src, strerror(errno));
		return 1;
	}
	i = schema_check(xml, len, src);
	if (i) {
		fprintf(stderr, "etwmc: %s: not a valid manifest (%d error%s against the event "
			"schema)\n", src, i, i > 1 ? "s" : "");
		return 1;
	}
	m = tdh_manifest_parse(xml, len, src, &e, err, sizeof(err));
	if (!m) {
		fprintf(stderr, "etwmc: %s: %s\n", src, *err ? err : "not a valid manifest");
		return 1;
	}
	if (check)
		goto done;
	if (!base) {
		const char *b = strrchr(src, '/');
		char *dot;

		snprintf(name, sizeof(name), "%s", b ? b + 1 : src);
		dot = strrchr(name, '.');
		if (dot)
			*dot = 0;
		base = name;
	}
	snprintf(path, sizeof(path), "%s/%s.h", dir, base);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "etwmc: %s: %s\n", path, strerror(errno));
		return 1;
	}
	emit_prologue(f, src);
	for (i = 0; i < (int)m->nproviders; i++)
		emit_provider(f, &m->providers[i]);
	/* Template functions, once per shape. */
	fputs("#ifndef MCGEN_DISABLE_PROVIDER_CODE_GENERATION\n\n//\n// Template Functions\n//\n\n", f);
	{
		char seen[256][512];
		unsigned nseen = 0, p, k, s;

		for (p = 0; p < m->nproviders; p++) {
			const struct tdh_provider *pr = &m->providers[p];
			const struct mf_template *none = NULL;

			for (k = 0; k <= pr->nevents; k++) {
				const struct mf_template *t = k < pr->nevents ?
					pr->events[k].tmpl : none;
				char sig[512];

				if (k == pr->nevents && pr->nevents)
					break;
				template_sig(t, sig, sizeof(sig));
				for (s = 0; s < nseen && strcmp(seen[s], sig); s++)
					;
				if (s < nseen)
					continue;
				if (nseen < 256)
					snprintf(seen[nseen++], sizeof(seen[0]), "%s", sig);
				emit_template(f, t);
			}
		}
	}
	fputs("#endif // MCGEN_DISABLE_PROVIDER_CODE_GENERATION\n\n", f);
	emit_messages(f, m);
	emit_epilogue(f);
	if (fclose(f)) {
		fprintf(stderr, "etwmc: %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (embed) {
		snprintf(path, sizeof(path), "%s/%s.etw.c", dir, base);
		f = fopen(path, "w");
		c_ident(base, ident, sizeof(ident));
		if (!f || emit_embed(f, xml, len, ident) || fclose(f)) {
			fprintf(stderr, "etwmc: %s: cannot write\n", path);
			return 1;
		}
	}
done:
	tdh_manifest_free(m);
	free(xml);
	return 0;
}
