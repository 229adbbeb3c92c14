// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwmc: one provider's part of the header -- its GUID, the symbols of
 * its channels, levels, tasks, opcodes, keywords and map values, one
 * EVENT_DESCRIPTOR per event, and (unless MCGEN_DISABLE_PROVIDER_CODE_
 * GENERATION) the enable bits, the context, EventRegister<Provider>,
 * EventUnregister<Provider>, EventEnabled<Event> and EventWrite<Event>.
 *
 * Enable bits: one per distinct (level, keyword) pair of the provider's
 * events, set by McGenControlCallbackV2 when the sessions want that
 * pair; EventEnabled<Event> tests the event's bit (one load).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "etwmc.h"
#include "common/guid.h"

void c_ident(const char *s, char *out, size_t room)
{
	size_t k = 0;

	if (room == 0)
		return;
	if (s && isdigit((unsigned char)*s) && k + 1 < room)
		out[k++] = '_';
	for (; s && *s && k + 1 < room; s++)
		out[k++] = isalnum((unsigned char)*s) ? *s : '_';
	out[k] = 0;
}

void provider_names(const struct tdh_provider *p, struct names *n)
{
	c_ident(p->name, n->name, sizeof(n->name));
	c_ident(p->symbol ? p->symbol : p->name, n->guid_sym, sizeof(n->guid_sym));
}

/* An event's symbol, else mc.exe's <Provider>_EVENT_0x<id>_<ver>_..._<kw>. */
static void event_symbol(const struct mf_event *e, const struct names *n,
			 char *out, size_t room)
{
	const EVENT_DESCRIPTOR *d = &e->desc;

	if (e->symbol)
		c_ident(e->symbol, out, room);
	else if (snprintf(out, room, "%.200s_EVENT_0x%x_%x_%x_%x_%x_%x_%llx",
			  n->guid_sym, d->Id, d->Version, d->Channel, d->Level,
			  d->Opcode, d->Task, (unsigned long long)d->Keyword) >= (int)room)
		out[room - 1] = 0;
}

static void guid_init(FILE *f, const GUID *g)
{
	fprintf(f, "{0x%08x, 0x%04x, 0x%04x, {0x%02x, 0x%02x, 0x%02x, 0x%02x, "
		"0x%02x, 0x%02x, 0x%02x, 0x%02x}}", g->Data1, g->Data2, g->Data3,
		g->Data4[0], g->Data4[1], g->Data4[2], g->Data4[3], g->Data4[4],
		g->Data4[5], g->Data4[6], g->Data4[7]);
}

/*
 * One define per item: its symbol, else (as mc.exe) <Provider>_<KIND>_<name>
 * -- channels by chid.  A task's eventGUID becomes const GUID <task>Id.
 * A channel's keyword bit (bit 63 for the first one declared, ... 56 for
 * the eighth) follows as <define>_KEYWORD, as mc.exe 10 writes it.
 */
static void symbols(FILE *f, const struct names *n, const char *what,
		    const char *kind, const struct mf_item *it, unsigned cnt)
{
	char id[256], task[256];
	unsigned i;
	int chan = !strcmp(kind, "CHANNEL");

	if (!cnt)
		return;
	fprintf(f, "//\n// %s\n//\n", what);
	for (i = 0; i < cnt; i++) {
		GUID g;

		char def[600];

		if (it[i].symbol) {
			c_ident(it[i].symbol, def, sizeof(def));
		} else {
			/* After a prefix: no '_' before a leading digit. */
			c_ident(it[i].chid ? it[i].chid : it[i].name, id, sizeof(id));
			if (id[0] == '_' && isdigit((unsigned char)id[1]))
				memmove(id, id + 1, strlen(id));
			task[0] = 0;
			if (it[i].task)	/* an opcode of one task */
				snprintf(task, sizeof(task), "%u_", it[i].task - 1);
			snprintf(def, sizeof(def), "%s_%s_%s%s", n->guid_sym, kind, task, id);
		}
		fprintf(f, "#define %s 0x%llx\n", def, (unsigned long long)it[i].value);
		if (chan && i < 8)
			fprintf(f, "#define %s_KEYWORD 0x%llx\n", def, 1ULL << (63 - i));
		if (it[i].event_guid && !etw_guid_parse(it[i].event_guid, &g)) {
			c_ident(it[i].name, id, sizeof(id));
			fprintf(f, "EXTERN_C __declspec(selectany) const GUID %sId = ", id);
			guid_init(f, &g);
			fputs(";\n", f);
		}
	}
	fputc('\n', f);
}

/* Channels: the declared ones, then winmeta's that events name directly. */
static void channels(FILE *f, const struct tdh_provider *p, const struct names *n)
{
	unsigned i, j, any = p->nchannels;
	char id[256];

	symbols(f, n, "Channel", "CHANNEL", p->channels, p->nchannels);
	for (i = 0; i < p->nevents; i++) {
		const struct mf_item *c = p->events[i].channel;

		if (!c || (c >= p->channels && c < p->channels + p->nchannels))
			continue;
		for (j = 0; j < i && p->events[j].channel != c; j++)
			;
		if (j < i)
			continue;
		if (!any++)
			fputs("//\n// Channel\n//\n", f);
		c_ident(c->name, id, sizeof(id));
		fprintf(f, "#define %s_CHANNEL_%s 0x%llx\n", n->guid_sym, id,
			(unsigned long long)c->value);
	}
	if (any > p->nchannels)
		fputc('\n', f);
}

/*
 * The entries of a map with a symbol, as mc.exe writes them: an enum
 * named by the map's symbol, each entry <map symbol><entry symbol>.
 */
static void map_enums(FILE *f, const struct tdh_provider *p)
{
	char ms[256], es[256];
	unsigned i, j;

	for (i = 0; i < p->nmaps; i++) {
		const struct mf_map *m = &p->maps[i];

		if (!m->symbol)
			continue;
		c_ident(m->symbol, ms, sizeof(ms));
		fprintf(f, "#ifndef _%s_def\n#define _%s_def\ntypedef enum _%s\n{\n",
			ms, ms, ms);
		for (j = 0; j < m->n; j++) {
			int32_t v = (int32_t)m->e[j].value;

			if (!m->symbols[j])
				continue;
			c_ident(m->symbols[j], es, sizeof(es));
			if (v == INT32_MIN)
				fprintf(f, "    %s%s = -2147483647 - 1,\n", ms, es);
			else
				fprintf(f, "    %s%s = %d,\n", ms, es, v);
		}
		fprintf(f, "} %s;\n#endif // _%s_def\n\n", ms, ms);
	}
}

/* Enable-bit index of each event: its (level, keyword) pair's. */
static unsigned enable_bits(const struct tdh_provider *p, unsigned *bit,
			    UCHAR *levels, ULONGLONG *kws)
{
	unsigned i, j, n = 0;

	for (i = 0; i < p->nevents; i++) {
		const EVENT_DESCRIPTOR *d = &p->events[i].desc;

		for (j = 0; j < n; j++)
			if (levels[j] == d->Level && kws[j] == d->Keyword)
				break;
		if (j == n) {
			levels[n] = d->Level;
			kws[n] = d->Keyword;
			n++;
		}
		bit[i] = j;
	}
	return n;
}

void emit_provider(FILE *f, const struct tdh_provider *p)
{
	static unsigned bit[65536];
	static UCHAR levels[65536];
	static ULONGLONG kws[65536];
	struct names n;
	char ev[320], sig[512], decl[4096], args[4096], gtext[ETW_GUID_STR_LEN];
	unsigned i, nbits;

	provider_names(p, &n);
	fprintf(f, "//+++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++\n"
		"// Provider \"%s\" event count %u\n"
		"//+++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++\n\n",
		p->name, p->nevents);
	fprintf(f, "// Provider GUID = %s\n", etw_guid_str(&p->guid, gtext));
	fprintf(f, "EXTERN_C __declspec(selectany) const GUID %s = ", n.guid_sym);
	guid_init(f, &p->guid);
	fprintf(f, ";\n\n#ifndef %s_Traits\n#define %s_Traits NULL\n#endif // %s_Traits\n\n",
		n.guid_sym, n.guid_sym, n.guid_sym);
	channels(f, p, &n);
	symbols(f, &n, "Levels", "LEVEL", p->levels, p->nlevels);
	symbols(f, &n, "Opcodes", "OPCODE", p->opcodes, p->nopcodes);
	symbols(f, &n, "Tasks", "TASK", p->tasks, p->ntasks);
	symbols(f, &n, "Keyword", "KEYWORD", p->keywords, p->nkeywords);
	fputs("//\n// Event Descriptors\n//\n", f);
	for (i = 0; i < p->nevents; i++) {
		const EVENT_DESCRIPTOR *d = &p->events[i].desc;

		if (p->events[i].not_logged)
			continue;
		event_symbol(&p->events[i], &n, ev, sizeof(ev));
		fprintf(f, "EXTERN_C __declspec(selectany) const EVENT_DESCRIPTOR %s = "
			"{0x%x, 0x%x, 0x%x, 0x%x, 0x%x, 0x%x, 0x%llx};\n#define %s_value 0x%x\n",
			ev, d->Id, d->Version, d->Channel, d->Level, d->Opcode, d->Task,
			(unsigned long long)d->Keyword, ev, d->Id);
	}
	if (p->nevents > 65536)
		return;
	nbits = enable_bits(p, bit, levels, kws);
	fputs("\n#ifndef MCGEN_DISABLE_PROVIDER_CODE_GENERATION\n\n", f);
	map_enums(f, p);
	if (nbits) {
		fprintf(f, "//\n// Event Enablement Bits\n//\n"
			"EXTERN_C __declspec(selectany) DECLSPEC_CACHEALIGN ULONG %sEnableBits[%u];\n",
			n.name, (nbits + 31) / 32);
		fprintf(f, "EXTERN_C __declspec(selectany) const ULONGLONG %sKeywords[%u] = {",
			n.name, nbits);
		for (i = 0; i < nbits; i++)
			fprintf(f, "%s0x%llx", i ? ", " : "", (unsigned long long)kws[i]);
		fprintf(f, "};\nEXTERN_C __declspec(selectany) const unsigned char %sLevels[%u] = {",
			n.name, nbits);
		for (i = 0; i < nbits; i++)
			fprintf(f, "%s%u", i ? ", " : "", levels[i]);
		fprintf(f, "};\n\n//\n// Provider context\n//\n"
			"EXTERN_C __declspec(selectany) MCGEN_TRACE_CONTEXT %s_Context = "
			"{0, (ULONG_PTR)%s_Traits, 0, 0, 0, 0, 0, 0, %u, %sEnableBits, "
			"%sKeywords, %sLevels};\n\n", n.guid_sym, n.guid_sym, nbits, n.name,
			n.name, n.name);
	} else {
		fprintf(f, "EXTERN_C __declspec(selectany) MCGEN_TRACE_CONTEXT %s_Context = "
			"{0, (ULONG_PTR)%s_Traits, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, NULL};\n\n",
			n.guid_sym, n.guid_sym);
	}
	fprintf(f, "//\n// Provider REGHANDLE\n//\n#define %sHandle (%s_Context.RegistrationHandle)\n\n",
		n.name, n.guid_sym);
	fprintf(f, "#define %s_EventWriteActivity 0\n\n", n.guid_sym);
	fprintf(f, "//\n// Register with ETW using the manifest's control GUID; errors are\n"
		"// harmless (the EventWrite macros and EventUnregister stay safe).\n//\n"
		"#ifndef EventRegister%s\n#define EventRegister%s() McGenEventRegister(&%s, "
		"McGenControlCallbackV2, &%s_Context, &%sHandle)\n#endif\n\n",
		n.name, n.name, n.guid_sym, n.guid_sym, n.name);
	fprintf(f, "#ifndef EventRegisterByGuid%s\n#define EventRegisterByGuid%s(Guid) "
		"McGenEventRegister(&(Guid), McGenControlCallbackV2, &%s_Context, &%sHandle)\n#endif\n\n",
		n.name, n.name, n.guid_sym, n.name);
	fprintf(f, "//\n// Unregister (before the module unloads).\n//\n"
		"#ifndef EventUnregister%s\n#define EventUnregister%s() McGenEventUnregister(&%sHandle)\n#endif\n\n",
		n.name, n.name, n.name);
	for (i = 0; i < p->nevents; i++) {
		const struct mf_event *e = &p->events[i];

		if (e->not_logged)
			continue;
		event_symbol(e, &n, ev, sizeof(ev));
		template_sig(e->tmpl, sig, sizeof(sig));
		template_params(e->tmpl, decl, sizeof(decl), args, sizeof(args));
		fprintf(f, "//\n// Enablement check macro for event \"%s\"\n//\n"
			"#define EventEnabled%s() _mcgen_EVENT_BIT_SET(%sEnableBits, %u)\n\n",
			ev, ev, n.name, bit[i]);
		fprintf(f, "//\n// Event write macros for event \"%s\"\n//\n"
			"#define EventWrite%s(%s) \\\n        MCGEN_EVENT_ENABLED(%s) \\\n"
			"        ? _mcgen_TEMPLATE_FOR_%s(&%s_Context, &%s%s%s) : 0\n",
			ev, ev, decl, ev, ev, n.guid_sym, ev, *args ? ", " : "", args);
		fprintf(f, "#define EventWrite%s_AssumeEnabled(%s) \\\n"
			"        _mcgen_TEMPLATE_FOR_%s(&%s_Context, &%s%s%s)\n",
			ev, decl, ev, n.guid_sym, ev, *args ? ", " : "", args);
		fprintf(f, "#define _mcgen_TEMPLATE_FOR_%s _mcgen_PASTE2(McTemplate%s_, "
			"MCGEN_EVENTWRITETRANSFER)\n\n", ev, sig);
	}
	fputs("#endif // MCGEN_DISABLE_PROVIDER_CODE_GENERATION\n\n", f);
}
