// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --stacks: each event as the text (or --json) output prints it,
 * followed by its call stack, symbolized (stackev.h).  StackWalk events
 * are not shown by themselves: they are the stacks of their events.
 *
 * Text: a line per frame after the event's line, innermost first; a
 * frame with inlined functions gives a line for each, innermost first,
 * all with the frame's number and address:
 *
 *	#0 0x00005644a1c05214 stackprog!leaf_hot+0x14 (stackprog.c:171)
 *	#1 0x00005644a1c05265 stackprog!inl_add (stackprog.c:160) [inlined]
 *	#1 0x00005644a1c05265 stackprog!middle+0x25 (stackprog.c:178)
 *	#2 0x00007f8e21a3c24a libc.so.6+0x2724a [file not found]
 *
 * A frame without a name says why in brackets (file not found, build-id
 * differs, no symbol, no image); one named from a file the trace gave no
 * build-id for is marked [unverified].  JSON: the event's object with
 * "stack": [{"addr", "module", "offset", "status", "functions":
 * [{"function", "file", "line", "inlined"}...]}...].
 */
#include <stdio.h>
#include <string.h>

#include "etwdump.h"
#include "stackev.h"
#include "common/json.h"

static int as_json;

static const char *why(enum sym_status st)
{
	switch (st) {
	case SYM_MISMATCH:
		return "build-id differs";
	case SYM_MISSING:
		return "file not found";
	case SYM_NO_SYMBOL:
		return "no symbol";
	case SYM_NO_IMAGE:
		return "no image";
	case SYM_KERNEL:
		return "kernel";
	default:
		return NULL;
	}
}

static void text_frames(struct obuf *o, const struct sev *e)
{
	unsigned i, k;

	for (i = 0; i < e->nframes; i++) {
		const struct sym_loc *l = e->locs[i];
		unsigned n = l->nframes ? l->nframes : 1;

		for (k = 0; k < n; k++) {
			ob_lit(o, "\t#");
			ob_u64(o, i);
			ob_lit(o, " 0x");
			ob_hex(o, e->addrs[i], 16, 0);
			ob_putc(o, ' ');
			if (l->nframes) {
				ob_puts(o, l->module_base);
				ob_putc(o, '!');
			}
			sev_frame_text(o, l, k);
			if (k + 1 < n)
				ob_lit(o, " [inlined]");
			if (!l->nframes && why(l->status)) {
				ob_lit(o, " [");
				ob_puts(o, why(l->status));
				ob_putc(o, ']');
			}
			if (l->status == SYM_UNVERIFIED)
				ob_lit(o, " [unverified]");
			ob_putc(o, '\n');
		}
	}
}

static void json_frames(struct obuf *o, const struct sev *e)
{
	struct json j;
	unsigned i, k;
	char t[32];

	json_init_buf(&j, o);
	j.more = 1;
	json_key(&j, "stack");
	json_open(&j, '[');
	for (i = 0; i < e->nframes; i++) {
		const struct sym_loc *l = e->locs[i];

		json_open(&j, '{');
		snprintf(t, sizeof(t), "0x%llx", (unsigned long long)e->addrs[i]);
		json_str(&j, "addr", t);
		json_str(&j, "module", l->module);
		snprintf(t, sizeof(t), "0x%llx", (unsigned long long)l->offset);
		json_str(&j, "offset", t);
		json_str(&j, "status", l->status == SYM_OK ? "ok" : l->status == SYM_UNVERIFIED ?
			 "unverified" : why(l->status));
		json_key(&j, "functions");
		json_open(&j, '[');
		for (k = 0; k < l->nframes; k++) {
			json_open(&j, '{');
			json_str(&j, "function", l->frames[k].func);
			if (l->frames[k].file) {
				json_str(&j, "file", l->frames[k].file);
				json_u64(&j, "line", l->frames[k].line);
			}
			json_bool(&j, "inlined", k + 1 < l->nframes);
			json_close(&j, '}');
		}
		json_close(&j, ']');
		json_close(&j, '}');
	}
	json_close(&j, ']');
}

/* An event leaves the queue: its text, then its stack. */
static void stacks_sink(const struct sev *e)
{
	struct obuf *o = sev_out;
	size_t n = e->text.len;

	if (!o || !n)
		return;
	if (as_json) {
		/* the object without its "}\n", the stack, and them again */
		if (n >= 2 && e->text.buf[n - 2] == '}')
			n -= 2;
		ob_put(o, e->text.buf, n);
		json_frames(o, e);
		ob_lit(o, "}\n");
		return;
	}
	ob_put(o, e->text.buf, n);
	text_frames(o, e);
}

void stacks_init(int json)
{
	static struct obuf out;

	as_json = json;
	sev_out = &out;
	sev_sink(stacks_sink, SEV_WANT_ALL);
}

static void stacks_event(struct obuf *o, PEVENT_RECORD er, const struct decoded *d)
{
	if (sev_is_stackwalk(er))
		return;
	(as_json ? output_json.event : output_text.event)(o, er, d);
	sev_take_text(o);
	ob_put(o, sev_out->buf, sev_out->len);
	sev_out->len = 0;
}

static void stacks_end(struct obuf *o)
{
	sev_flush();
	ob_put(o, sev_out->buf, sev_out->len);
	sev_out->len = 0;
}

const struct output output_stacks = {
	.event = stacks_event,
	.end = stacks_end,
	.summary_on_stdout = 1,
};

const struct output output_stacks_json = {
	.event = stacks_event,
	.end = stacks_end,
};
