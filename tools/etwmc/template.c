// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwmc: template functions.  As in mc.exe's headers, each template
 * (<data> list) becomes one function, McTemplateU0<shape>_<write
 * function>, that takes the values as typed arguments, points one
 * EVENT_DATA_DESCRIPTOR at each and calls McGenEventWrite; templates of
 * the same shape share it (guarded by McTemplateU0<shape>_def).
 *
 * What an argument is, by the data item's inType -- the C types of
 * mc.exe 10's headers (selftests/unit/mc_golden.sh compares them):
 *   integers, floats, Boolean, Pointer   the value
 *   UnicodeString, AnsiString            a NUL-terminated string (NULL
 *                                        logs "NULL"); with a length, that
 *                                        many characters
 *   GUID, FILETIME, SYSTEMTIME, SID      a pointer to the value
 *   Binary                               a pointer to length bytes
 *   Counted*                             a length (characters, bytes) and
 *                                        a pointer
 *   count="n" or count="Other"           a pointer to that many values
 *                                        (count 0 or 1: one value)
 *   arrays of strings, SIDs, Counted*    a length (characters, bytes,
 *                                        units) and a pointer to the
 *                                        caller's packed values
 *   <struct>                             a byte length and a pointer
 * Int8 arrays take `const CHAR*`, as the Windows 7 and 8.1 SDKs' mc.exe
 * typed them (Windows-era samples pass CHAR*; mc.exe 10 says signed char).
 */
#include <stdio.h>
#include <string.h>

#include "etwmc.h"

/* How one item is passed and written. */
enum how {
	H_VALUE,	/* by value, one descriptor at its address */
	H_STR16,	/* PCWSTR, NUL-terminated */
	H_STR8,		/* LPCSTR, NUL-terminated */
	H_PTR,		/* a pointer to a fixed-size value or array */
	H_SID,		/* a pointer to a SID */
	H_COUNTED,	/* length + pointer, UINT16 byte count in the data */
	H_BLOB,		/* byte length + pointer (a struct) */
	H_LENARR,	/* ULONG length in units of size + typed pointer */
};

struct argtype {
	const char *code;	/* in the function name */
	const char *ctype;	/* C type of the value */
	enum how how;
	unsigned size;		/* bytes of one value (H_VALUE, H_PTR) */
};

/* count="0" and count="1" are one value, as for mc.exe. */
static int is_array(const struct mf_data *d)
{
	return d->count > 1 || d->count_ref;
}

static const struct argtype *arg_type(const struct mf_data *d)
{
	static const struct argtype t_blob = { "K", "void", H_BLOB, 1 };
	static const struct argtype t_char8 = { "C", "CHAR", H_VALUE, 1 };
	static const struct argtype lenarr[] = {
		[TDH_INTYPE_UNICODESTRING] = { "Z", "WCHAR", H_LENARR, 2 },
		[TDH_INTYPE_ANSISTRING] = { "S", "char", H_LENARR, 1 },
		[TDH_INTYPE_SID] = { "N", "unsigned char", H_LENARR, 1 },
		[TDH_INTYPE_MANIFEST_COUNTEDSTRING] = { "Y", "WCHAR", H_LENARR, 2 },
		[TDH_INTYPE_MANIFEST_COUNTEDANSISTRING] = { "A", "char", H_LENARR, 1 },
		[TDH_INTYPE_MANIFEST_COUNTEDBINARY] = { "E", "unsigned char", H_LENARR, 1 },
	};
	static const struct argtype types[] = {
		[TDH_INTYPE_UNICODESTRING] = { "z", "WCHAR", H_STR16, 2 },
		[TDH_INTYPE_ANSISTRING] = { "s", "char", H_STR8, 1 },
		[TDH_INTYPE_INT8] = { "c", "signed char", H_VALUE, 1 },
		[TDH_INTYPE_UINT8] = { "u", "unsigned char", H_VALUE, 1 },
		[TDH_INTYPE_INT16] = { "l", "signed short", H_VALUE, 2 },
		[TDH_INTYPE_UINT16] = { "h", "unsigned short", H_VALUE, 2 },
		[TDH_INTYPE_INT32] = { "d", "signed int", H_VALUE, 4 },
		[TDH_INTYPE_UINT32] = { "q", "unsigned int", H_VALUE, 4 },
		[TDH_INTYPE_INT64] = { "i", "signed __int64", H_VALUE, 8 },
		[TDH_INTYPE_UINT64] = { "x", "unsigned __int64", H_VALUE, 8 },
		[TDH_INTYPE_FLOAT] = { "f", "float", H_VALUE, 4 },
		[TDH_INTYPE_DOUBLE] = { "g", "double", H_VALUE, 8 },
		[TDH_INTYPE_BOOLEAN] = { "t", "signed int", H_VALUE, 4 },
		[TDH_INTYPE_BINARY] = { "b", "unsigned char", H_PTR, 1 },
		[TDH_INTYPE_GUID] = { "j", "GUID", H_PTR, 16 },
		[TDH_INTYPE_POINTER] = { "p", "void*", H_VALUE, 8 },
		[TDH_INTYPE_FILETIME] = { "m", "FILETIME", H_PTR, 8 },
		[TDH_INTYPE_SYSTEMTIME] = { "y", "SYSTEMTIME", H_PTR, 16 },
		[TDH_INTYPE_SID] = { "k", "SID", H_SID, 0 },
		[TDH_INTYPE_HEXINT32] = { "r", "signed int", H_VALUE, 4 },
		[TDH_INTYPE_HEXINT64] = { "w", "signed __int64", H_VALUE, 8 },
		[TDH_INTYPE_MANIFEST_COUNTEDSTRING] = { "Z", "WCHAR", H_COUNTED, 2 },
		[TDH_INTYPE_MANIFEST_COUNTEDANSISTRING] = { "S", "char", H_COUNTED, 1 },
		[TDH_INTYPE_MANIFEST_COUNTEDBINARY] = { "B", "unsigned char", H_COUNTED, 1 },
	};
	const struct argtype *t;

	if (d->is_struct || d->in >= sizeof(types) / sizeof(types[0]))
		return &t_blob;
	t = &types[d->in];
	if (!t->code)
		return &t_blob;
	if (!is_array(d))
		return t;
	if (d->in == TDH_INTYPE_INT8)
		return &t_char8;
	/* Arrays of variable-size values: the caller packs them. */
	if ((t->how == H_STR16 || t->how == H_STR8 || t->how == H_SID ||
	     t->how == H_COUNTED) && !d->length && !d->length_ref)
		return &lenarr[d->in];
	return t;
}

/* Index of the sibling @name in @t (count/length references), or -1. */
static int ref_index(const struct mf_template *t, const char *name)
{
	unsigned i;

	for (i = 0; name && i < t->n; i++)
		if (t->data[i].name && !strcmp(t->data[i].name, name))
			return (int)i;
	return -1;
}

#define CAT(buf, room, ...) do { size_t l_ = strlen(buf); \
		snprintf((buf) + l_, (room) > l_ ? (room) - l_ : 0, __VA_ARGS__); } while (0)

void template_sig(const struct mf_template *t, char *out, size_t room)
{
	unsigned i;

	snprintf(out, room, "U0");
	for (i = 0; t && i < t->n; i++) {
		const struct mf_data *d = &t->data[i];

		CAT(out, room, "%s", arg_type(d)->code);
		if (d->count > 1)
			CAT(out, room, "R%u", d->count);
		else if (d->count_ref)
			CAT(out, room, "R%dr", ref_index(t, d->count_ref));
		if (d->length)
			CAT(out, room, "L%u", d->length);
		else if (d->length_ref)
			CAT(out, room, "L%dr", ref_index(t, d->length_ref));
		if (i + 1 < t->n)
			CAT(out, room, "_");
	}
}

/* The number of values: "1", "3" or "_Arg2". */
static void count_expr(const struct mf_template *t, const struct mf_data *d,
		       char *out, size_t room)
{
	if (d->count > 1)
		snprintf(out, room, "%u", d->count);
	else if (d->count_ref)
		snprintf(out, room, "(ULONG)_Arg%d", ref_index(t, d->count_ref));
	else
		snprintf(out, room, "1");
}

static void length_expr(const struct mf_template *t, const struct mf_data *d,
			char *out, size_t room)
{
	if (d->length)
		snprintf(out, room, "%u", d->length);
	else if (d->length_ref)
		snprintf(out, room, "(ULONG)_Arg%d", ref_index(t, d->length_ref));
	else
		snprintf(out, room, "0");
}

static int has_len_param(const struct argtype *a)
{
	return a->how == H_BLOB || a->how == H_COUNTED || a->how == H_LENARR;
}

void template_params(const struct mf_template *t, char *decl, size_t dn,
		     char *args, size_t an)
{
	unsigned i;

	decl[0] = args[0] = 0;
	for (i = 0; t && i < t->n; i++) {
		const struct mf_data *d = &t->data[i];
		char id[256];

		c_ident(d->name ? d->name : "Value", id, sizeof(id));
		if (has_len_param(arg_type(d))) {
			CAT(decl, dn, "%s%s_Len_", *decl ? ", " : "", id);
			CAT(args, an, "%s%s_Len_", *args ? ", " : "", id);
		}
		CAT(decl, dn, "%s%s", *decl ? ", " : "", id);
		CAT(args, an, "%s%s", *args ? ", " : "", id);
	}
}

/* How many descriptors (after EventData[0], the traits) the template uses. */
static unsigned ndescs(const struct mf_template *t)
{
	unsigned i, n = 0;

	for (i = 0; t && i < t->n; i++)
		n += arg_type(&t->data[i])->how == H_COUNTED ? 2 : 1;
	return n;
}

void emit_template(FILE *f, const struct mf_template *t)
{
	char sig[512], cnt[64], len[64];
	unsigned i, k = 1;

	template_sig(t, sig, sizeof(sig));
	fprintf(f, "#ifndef McTemplate%s_def\n#define McTemplate%s_def\n", sig, sig);
	fprintf(f, "ETW_INLINE\nULONG\n_mcgen_PASTE2(McTemplate%s_, MCGEN_EVENTWRITETRANSFER)(\n"
		"    _In_ PMCGEN_TRACE_CONTEXT Context,\n"
		"    _In_ PCEVENT_DESCRIPTOR Descriptor", sig);
	for (i = 0; t && i < t->n; i++) {
		const struct mf_data *d = &t->data[i];
		const struct argtype *a = arg_type(d);
		int array = is_array(d);

		if (has_len_param(a))
			fprintf(f, ",\n    _In_ ULONG _Arg%u_Len_", i);
		switch (a->how) {
		case H_VALUE:
			if (array)
				fprintf(f, ",\n    _In_reads_(_count) const %s* _Arg%u", a->ctype, i);
			else
				fprintf(f, ",\n    _In_ const %s _Arg%u", a->ctype, i);
			break;
		case H_STR16:
		case H_STR8:
			if (d->length || d->length_ref)
				fprintf(f, ",\n    _In_ const %s* _Arg%u", a->ctype, i);
			else
				fprintf(f, ",\n    _In_opt_ %s _Arg%u",
					a->how == H_STR16 ? "PCWSTR" : "PCSTR", i);
			break;
		case H_PTR:
		case H_SID:
		case H_COUNTED:
			fprintf(f, ",\n    _In_ const %s* _Arg%u", a->ctype, i);
			break;
		case H_LENARR:
			if (d->in == TDH_INTYPE_UNICODESTRING || d->in == TDH_INTYPE_ANSISTRING)
				fprintf(f, ",\n    _In_reads_(_Arg%u_Len_) %s _Arg%u", i,
					d->in == TDH_INTYPE_UNICODESTRING ? "PCWSTR" : "PCSTR", i);
			else
				fprintf(f, ",\n    _In_reads_(_Arg%u_Len_) const %s* _Arg%u",
					i, a->ctype, i);
			break;
		case H_BLOB:
			fprintf(f, ",\n    _In_reads_bytes_(_Arg%u_Len_) const void* _Arg%u", i, i);
			break;
		}
	}
	fprintf(f, "\n    )\n{\n#define McTemplate%s_ARGCOUNT %u\n\n"
		"    EVENT_DATA_DESCRIPTOR EventData[McTemplate%s_ARGCOUNT + 1];\n",
		sig, ndescs(t), sig);
	for (i = 0; t && i < t->n; i++)
		if (arg_type(&t->data[i])->how == H_COUNTED)
			fprintf(f, "    USHORT _Arg%u_Bytes_ = (USHORT)(_Arg%u_Len_ * %u);\n",
				i, i, arg_type(&t->data[i])->size);
	fputc('\n', f);
	for (i = 0; t && i < t->n; i++) {
		const struct mf_data *d = &t->data[i];
		const struct argtype *a = arg_type(d);

		count_expr(t, d, cnt, sizeof(cnt));
		length_expr(t, d, len, sizeof(len));
		switch (a->how) {
		case H_VALUE:
			if (is_array(d))
				fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
					"(ULONG)(sizeof(%s) * %s));\n", k, i, a->ctype, cnt);
			else
				fprintf(f, "    EventDataDescCreate(&EventData[%u], &_Arg%u, "
					"sizeof(const %s));\n", k, i, a->ctype);
			break;
		case H_STR16:
			if (d->length || d->length_ref)
				fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
					"(ULONG)(%s * %s * sizeof(WCHAR)));\n", k, i, len, cnt);
			else
				fprintf(f, "    {\n        static const WCHAR _mcgen_Null[] = { 'N', 'U', 'L', 'L', 0 };\n"
					"        EventDataDescCreate(&EventData[%u], (_Arg%u != NULL) ? _Arg%u : _mcgen_Null,\n"
					"                            (_Arg%u != NULL) ? _mcgen_StrBytes16(_Arg%u) : (ULONG)sizeof(_mcgen_Null));\n"
					"    }\n", k, i, i, i, i);
			break;
		case H_STR8:
			if (d->length || d->length_ref)
				fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
					"(ULONG)(%s * %s));\n", k, i, len, cnt);
			else
				fprintf(f, "    EventDataDescCreate(&EventData[%u], (_Arg%u != NULL) ? _Arg%u : \"NULL\",\n"
					"                        (_Arg%u != NULL) ? (ULONG)(strlen(_Arg%u) + 1) : (ULONG)sizeof(\"NULL\"));\n",
					k, i, i, i, i);
			break;
		case H_PTR:
			if (d->in == TDH_INTYPE_BINARY)
				fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
					"(ULONG)(%s * %s));\n", k, i, len, cnt);
			else
				fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
					"(ULONG)(%u * %s));\n", k, i, a->size, cnt);
			break;
		case H_SID:
			fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
				"8 + 4 * (ULONG)_Arg%u->SubAuthorityCount);\n", k, i, i);
			break;
		case H_COUNTED:
			fprintf(f, "    EventDataDescCreate(&EventData[%u], &_Arg%u_Bytes_, 2);\n",
				k, i);
			k++;
			fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, _Arg%u_Bytes_);\n",
				k, i, i);
			break;
		case H_BLOB:
			fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, _Arg%u_Len_);\n",
				k, i, i);
			break;
		case H_LENARR:
			fprintf(f, "    EventDataDescCreate(&EventData[%u], _Arg%u, "
				"(ULONG)(%u * _Arg%u_Len_));\n", k, i, a->size, i);
			break;
		}
		k++;
	}
	fprintf(f, "\n    return McGenEventWrite(Context, Descriptor, NULL, "
		"McTemplate%s_ARGCOUNT + 1, EventData);\n}\n#endif // McTemplate%s_def\n\n",
		sig, sig);
}
