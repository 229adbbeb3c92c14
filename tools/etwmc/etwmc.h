/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * etwmc: a manifest compiler in the spirit of `mc.exe -um`.  It reads an
 * instrumentation manifest (.man, the Windows event schema) with
 * libetw's manifest reader (libxml2) and writes the C header Windows
 * provider code includes: the provider GUID, event descriptors,
 * EventRegister<Provider>/EventUnregister<Provider>, EventEnabled<Event>
 * and EventWrite<Event>(typed arguments), the Mc... enable callback and
 * enable bits -- code laid out as mc.exe lays it out, so sources written
 * against mc.exe's headers build unchanged.
 *
 *   main.c      options, reading and checking the manifest, output files
 *   prologue.c  the MCGEN helpers every generated header starts with
 *   provider.c  one provider's definitions and macros
 *   template.c  template functions and the arguments of EventWrite<Event>
 *   messages.c  the MSG_ message ids of the localized strings
 *   embed.c     --embed: the manifest in a .etw_manifest section, for
 *               TdhLoadManifestFromBinary
 *   schema.c    the manifest against the event schema (eventman.xsd's
 *               elements and attributes), as mc.exe checks it
 */
#ifndef _TOOLS_ETWMC_H
#define _TOOLS_ETWMC_H

#include <stdio.h>

#include "tdh_manifest.h"

/* A C identifier made of @s (other characters become '_'). */
void c_ident(const char *s, char *out, size_t room);

/* The provider's identifiers (mc.exe's naming). */
struct names {
	char name[256];		/* provider name as an identifier */
	char guid_sym[256];	/* symbol attribute, else name */
};
void provider_names(const struct tdh_provider *p, struct names *n);

/* prologue.c */
void emit_prologue(FILE *f, const char *source);
void emit_epilogue(FILE *f);

/* provider.c */
void emit_provider(FILE *f, const struct tdh_provider *p);

/* template.c: the template function a template needs (once per shape). */
void template_sig(const struct mf_template *t, char *out, size_t room);
void emit_template(FILE *f, const struct mf_template *t);
/* The parameter list of EventWrite<Event>(...) and its forwarding list. */
void template_params(const struct mf_template *t, char *decl, size_t dn,
		     char *args, size_t an);

/* messages.c: every MSG_ define, sorted by id. */
void emit_messages(FILE *f, const struct tdh_manifest *m);

/* embed.c */
int emit_embed(FILE *f, const char *xml, size_t len, const char *ident);

/*
 * schema.c: elements and attributes the event schema does not have, each
 * said with its line (on stderr); returns how many.  Not XML: 0 (the
 * reader says what is wrong).
 */
int schema_check(const char *xml, size_t len, const char *src);

#endif /* _TOOLS_ETWMC_H */
