// SPDX-License-Identifier: GPL-2.0-only
/*
 * golden_trace OUT.etl: a trace of what the Windows traces of
 * selftests/data do not hold, for etwdump_golden.sh: every event of
 * selftests/data/alltypes.man (every InType and OutType it has, value and
 * bit maps, counted and fixed arrays, lengths from other fields, a struct
 * array, a message with inserts), TraceLogging events with nested
 * structs, arrays, reals (NaN and infinities too), booleans, GUIDs and
 * times, char arrays (one string each, to a NUL), the extended items
 * etwdump shows (related activity, SID, session, instance, stack, event
 * and process-start keys), an activity ID, a string-only event and one
 * no schema describes.  Written with the
 * ETL writer etw.ko uses (kmod/shared/etw_etl_write.c); not a test by
 * itself (etwdump_golden.sh is).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared/etw_etl.h"

#define SB 65536
#define T0 133000000000000000ULL	/* FILETIME of raw time BASE */
#define BASE 1000000ULL			/* raw time, 10 MHz */

static u8 img[2 * SB];
static u32 off = ETL_BUFFER_HEADER_SIZE;
static u64 now = BASE;

/* A payload, and the extended items of the next record. */
static u8 pay[4096], ext[1024];
static u32 np, next, nitems;

static void p8(u8 v) { pay[np++] = v; }
static void p16(u16 v) { memcpy(pay + np, &v, 2); np += 2; }
static void p32(u32 v) { memcpy(pay + np, &v, 4); np += 4; }
static void p64(u64 v) { memcpy(pay + np, &v, 8); np += 8; }
static void pbytes(const void *b, u32 n) { memcpy(pay + np, b, n); np += n; }
static void pf32(float f) { memcpy(pay + np, &f, 4); np += 4; }
static void pf64(double d) { memcpy(pay + np, &d, 8); np += 8; }
static void pastr(const char *s) { pbytes(s, (u32)strlen(s) + 1); }

/* UTF-8 @s as UTF-16LE, with (@nul) or without its NUL. */
static void pwstr(const char *s, int nul)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		u32 c = *p++;

		if (c >= 0xC0) {	/* two-byte UTF-8 is all this file uses */
			c = (c & 0x1F) << 6 | (*p++ & 0x3F);
		}
		p16((u16)c);
	}
	if (nul)
		p16(0);
}

static void item(u16 type, const void *data, u16 size)
{
	u8 *at = ext + next;

	if (nitems) {	/* the one before: another follows */
		u8 *prev = ext;
		u32 k;

		for (k = 1; k < nitems; k++)
			prev += ((struct etl_ext_item *)prev)->item_size;
		((struct etl_ext_item *)prev)->linkage = 1;
	}
	next += (u32)((u8 *)etl_put_ext_item(at, type, data, size, false) - at);
	nitems++;
}

static const u8 alltypes[16] = { 0x90, 0x2a, 0x3b, 0x6c, 0x4e, 0x5d, 0x11, 0x4f,
				 0x8a, 0x2b, 0x0c, 0x1d, 0x2e, 0x3f, 0x4a, 0x5b };
static const u8 tlprov[16] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
			       0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10 };
static const u8 unknown[16] = { 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee,
				0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee, 0xee };

/* An EVENT_HEADER64 record of what is in pay[] and ext[]. */
static void event(const u8 prov[16], u16 id, u8 version, u8 level, u8 opcode,
		  u16 task, u64 kw, u16 flags, const u8 *activity)
{
	u32 size = sizeof(struct etl_event_header) + next + np;
	struct etl_event_header *e = (void *)(img + SB + off);

	if (off + ETL_ALIGN8(size) > SB)
		abort();
	memset(e, 0, sizeof(*e));
	e->size = (u16)size;
	e->header_type = ETL_HEADER_TYPE_EVENT_HEADER64;
	e->marker_flags = ETL_MARKER_FLAGS;
	e->flags = flags | (nitems ? ETL_EH_FLAG_EXTENDED_INFO : 0);
	e->thread_id = 4242;
	e->process_id = 4200;
	e->timestamp = now;
	now += 12345;
	memcpy(e->provider_id, prov, 16);
	e->id = id;
	e->version = version;
	e->level = level;
	e->opcode = opcode;
	e->task = task;
	e->keyword = kw;
	if (activity)
		memcpy(e->activity_id, activity, 16);
	memcpy((u8 *)(e + 1), ext, next);
	memcpy((u8 *)(e + 1) + next, pay, np);
	memset((u8 *)e + size, 0, ETL_ALIGN8(size) - size);
	off += ETL_ALIGN8(size);
	np = next = nitems = 0;
}

static void manifest_events(void)
{
	static const u8 guid[16] = { 0x78, 0x56, 0x34, 0x12, 0x34, 0x12, 0x78, 0x56,
				     0x9a, 0xbc, 0xde, 0xf0, 0x01, 0x23, 0x45, 0x67 };
	static const u8 sid[] = { 1, 4, 0, 0, 0, 0, 0, 5, 21, 0, 0, 0, 1, 0, 0, 0,
				  2, 0, 0, 0, 0xe9, 0x03, 0, 0 };
	static const u8 v6[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0,
				   0, 0, 0, 1 };
	static const u8 sock[16] = { 2, 0, 0x1f, 0x90, 192, 168, 1, 7 };
	static const u8 related[16] = { 0xaa, 0xbb, 0xcc, 0xdd, 1, 2, 3, 4, 5, 6,
					7, 8, 9, 10, 11, 12 };
	static const u8 act[16] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
				    0x99, 0x00, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
	u64 stack[4] = { 0, 0xfffff80012345678ULL, 0x7ff612340000ULL, 0x1000ULL };
	u8 inst[24] = { 7, 0, 0, 0, 3, 0, 0, 0 };
	u32 session = 2;
	u64 key = 987654321;
	u16 st[8] = { 2024, 2, 3, 29, 23, 59, 58, 999 };

	/* EvInts (1): every integer, a float, a double, a bool, a pointer */
	p8((u8)-5); p8(200); p16((u16)-300); p16(60000); p32((u32)-70000);
	p32(4000000000u); p64((u64)-5000000000000LL); p64(18000000000000000000ULL);
	p32(0xDEADBEEF); p64(0x123456789ABCDEF0ULL); pf32(1.5f); pf64(-2.25);
	p32(1); p64(0xFFFFF80012345678ULL);
	item(ETL_EXT_RELATED_ACTIVITYID, related, 16);
	item(ETL_EXT_SID, sid, sizeof(sid));
	event(alltypes, 1, 0, 4, 10, 1, 0x1, 0, act);
	/* EvOuts (2): the OutTypes of the integers */
	p8('A'); p8((u8)-1); p8(0xAB); p8(1); p8(0x1f); p8(0x90); p16(0xBEEF);
	p16('Z'); p32(4200); p32(4242); p8(10); p8(0); p8(0); p8(1); p32(5);
	p32(0xC0000005); p32(0x80070005); p32(123456); p32(0xCAFE); p32(0x80070002);
	p64(0xFEEDFACE00000001ULL); p32(2);
	item(ETL_EXT_TS_ID, &session, 4);
	item(ETL_EXT_INSTANCE_INFO, inst, sizeof(inst));
	event(alltypes, 2, 0, 3, 0, 0, 0x3, 0, NULL);
	/* EvStrings (3) */
	pwstr("h\xc3\xa9llo \"w\xc3\xb6rld\"\t=", 1); pastr("ansi\\str");
	pastr("\xcf\x80=3.14 <&>"); pwstr("<a b=\"c\"/>", 1); pastr("{\"k\":[1,2]}");
	pwstr("ABCD", 0); p16(6); pwstr("cnt", 0); p16(2); pbytes("ca", 2);
	p16(3); pbytes("\x01\x02\x03", 3); p16(0);
	item(ETL_EXT_STACK_TRACE64, stack, sizeof(stack));
	event(alltypes, 3, 0, 2, 0, 0, 0, 0, NULL);
	/* EvMisc (4) */
	pbytes(guid, 16); p64(T0); pbytes(st, 16); pbytes(sid, sizeof(sid));
	pbytes("\xde\xad\xbe", 3); pbytes(v6, 16); pbytes(sock, 16); pbytes("\x0f\xf0", 2);
	item(ETL_EXT_EVENT_KEY, &key, 8);
	item(ETL_EXT_PROCESS_START_KEY, &key, 8);
	event(alltypes, 4, 0, 5, 0, 0, 0, 0, NULL);
	/* EvTimes (5) */
	p64(T0 + 1234567); p64(T0 + 89); pbytes(st, 16);
	event(alltypes, 5, 0, 1, 0, 0, 0, 0, NULL);
	/* EvMaps (6): a value in the map, bits of it and one not, no entry */
	p32(1); p32(0x5 | 0x100); p32(9);
	event(alltypes, 6, 0, 16, 0, 2, 0, 0, NULL);
	/* EvInts_V1 (1, version 1): T_Maps */
	p32(2); p32(0); p32(1);
	event(alltypes, 1, 1, 4, 0, 0, 0x1, 0, NULL);
	/* EvArrays (7) */
	p16(3); p32((u32)-1); p32(2); p32(3); p32(10); p32(20); p32(30);
	p16(2); pbytes("\xab\xcd", 2); p32(1); p32((u32)-2); p32(3); p32(4); p8(255);
	event(alltypes, 7, 0, 4, 0, 0, 0, 0, NULL);
	/* EvEmpty (8): a message and no data */
	event(alltypes, 8, 0, 4, 11, 0, 0, 0, NULL);
	/* EvStrings again, too short: undecoded with the reason */
	p16('x');
	event(alltypes, 3, 0, 2, 0, 0, 0, 0, NULL);
}

static void tl_event(const u8 *meta, u32 n)
{
	static const u8 traits[] = { 0x0b, 0x00, 'G', 'o', 'l', 'd', 'e', 'n', '.', 'T', 0 };
	u8 m[256];

	memcpy(m, meta, n);
	m[0] = (u8)n;
	item(ETL_EXT_EVENT_SCHEMA_TL, m, (u16)n);
	item(ETL_EXT_PROV_TRAITS, traits, sizeof(traits));
}

static void tracelogging_events(void)
{
	static const u8 nested[] = {
		0, 0, 0x80, 0x00, 'N', 'e', 's', 't', 0,
		's', 0, 0x98, 0x02,		/* struct s, 2 members */
		'i', 0, 0x07,			/*   Int32 i */
		'n', 0, 0x98, 0x01,		/*   struct n, 1 member */
		'g', 0, 0x0f,			/*     GUID g */
		'v', 0, 0x48,			/* UInt32 array v (vcount) */
		'f', 0, 0x26, 0x03, 0x00,	/* UInt16[3] f (ccount) */
		'b', 0, 0x0e,			/* Binary b */
		'w', 0, 0x01,			/* UnicodeString w */
	};
	static const u8 reals[] = {
		0, 0, 0x80, 0x00, 'R', 'e', 'a', 'l', 's', 0,
		'f', 0, 0x0b, 'd', 0, 0x0c, 'n', 0, 0x0c, 'p', 0, 0x0c,
		'm', 0, 0x0c, 'b', 0, 0x0d, 'h', 0, 0x14, 'x', 0, 0x15,
		't', 0, 0x11, 'a', 0, 0x02, 'q', 0, 0x82, 0x23,	/* AnsiString, Json */
	};
	static const u8 chars[] = {
		0, 0, 0x80, 0x00, 'C', 'h', 'a', 'r', 's', 0,
		'a', 0, 0xc4, 0x02,		/* Char8 array a (vcount): text */
		'n', 0, 0xc4, 0x02,		/* Char8 array n: up to its NUL */
		'u', 0, 0xc4, 0x02,		/* Char8 array u: UTF-8 */
		'w', 0, 0xc6, 0x02,		/* Char16 array w (vcount) */
		'k', 0, 0xa6, 0x02, 0x04, 0x00,	/* Char16[4] k (ccount) */
		'x', 0, 0x44,			/* UInt8 array x: numbers */
	};
	static const u8 g[16] = { 0xde, 0xc0, 0xad, 0x0b, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
	u32 i;

	tl_event(nested, sizeof(nested));
	p32(-7); pbytes(g, 16);			/* s.i, s.n.g */
	p16(4); for (i = 0; i < 4; i++) p32(i * 1000);	/* v */
	p16(1); p16(2); p16(3);			/* f */
	p16(3); pbytes("\x00\x7f\xff", 3);	/* b */
	pwstr("wide \xc3\xa9", 1);		/* w */
	event(tlprov, 0, 0, 4, 0, 0, 0, 0, NULL);
	tl_event(reals, sizeof(reals));
	pf32(0.1f); pf64(1e300); pf64(NAN); pf64(INFINITY); pf64(-INFINITY);
	p32(0); p32(0xABC); p64(0x7FFFFFFFFFFFFFFFULL); p64(T0 + 5);
	pastr("line\nbreak\r\"q\""); pastr("{\"j\":true}");
	event(tlprov, 0, 0, 5, 0, 0, 0, 0, NULL);
	tl_event(chars, sizeof(chars));
	p16(5); pbytes("a,b c", 5);		/* a */
	p16(5); pbytes("ab\0cd", 5);		/* n */
	p16(4); pbytes("h\xc3\xa9!", 4);	/* u */
	p16(3); pwstr("w\xc3\xa9,", 0);		/* w */
	pwstr("ok", 1); pwstr("z", 0);		/* k */
	p16(3); pbytes("\x01\x02\x03", 3);	/* x */
	event(tlprov, 0, 0, 4, 0, 0, 0, 0, NULL);
}

int main(int argc, char **argv)
{
	struct etl_logfile_params p;
	u8 *b = img + SB;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: golden_trace OUT.etl\n");
		return 2;
	}
	memset(&p, 0, sizeof(p));
	p.buffer_size = SB;
	p.nr_processors = 1;
	p.log_file_mode = 0x1;
	p.buffers_written = 2;
	p.cpu_mhz = 3000;
	p.perf_freq = 10000000;
	p.start_time = T0;
	p.start_raw = BASE;
	p.clock_type = ETL_CLOCK_QPC;
	p.logger_name = "golden";
	p.logger_name_len = 6;
	p.log_file_name = "/tmp/golden.etl";
	p.log_file_name_len = 15;
	if (etl_header_buffer_write(img, SB, 3, &p))
		return 1;
	etl_buffer_init(b, SB, 0, 3, ETL_BUFFER_TYPE_GENERIC);
	manifest_events();
	tracelogging_events();
	/* a string-only event, and one no schema describes */
	pwstr("a string event, \"quoted\"", 1);
	event(unknown, 1, 0, 4, 0, 0, 0, 0x0004, NULL);	/* STRING_ONLY */
	p32(0x01020304);
	event(unknown, 9, 0, 4, 0, 0, 0, 0, NULL);
	etl_buffer_seal(b, off, now, 1, 0);
	f = fopen(argv[1], "wb");
	if (!f || fwrite(img, 1, sizeof(img), f) != sizeof(img) || fclose(f)) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
