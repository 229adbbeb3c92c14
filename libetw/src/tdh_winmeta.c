// SPDX-License-Identifier: MIT
/*
 * The predefined names manifests use (winmeta.xml of the Windows SDK):
 * input and output types, levels, opcodes, keywords, channels, tasks.
 */
#include <strings.h>

#include <winmeta.h>
#include <stdio.h>
#include <string.h>

#include "tdh_manifest.h"

/* The tables name value, name, symbol, message, task, type; the rest is 0. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

struct named {
	const char *name;
	int value;
};

static const struct named intypes[] = {
	{ "win:UnicodeString", TDH_INTYPE_UNICODESTRING },
	{ "win:AnsiString", TDH_INTYPE_ANSISTRING },
	{ "win:Int8", TDH_INTYPE_INT8 },
	{ "win:UInt8", TDH_INTYPE_UINT8 },
	{ "win:Int16", TDH_INTYPE_INT16 },
	{ "win:UInt16", TDH_INTYPE_UINT16 },
	{ "win:Int32", TDH_INTYPE_INT32 },
	{ "win:UInt32", TDH_INTYPE_UINT32 },
	{ "win:Int64", TDH_INTYPE_INT64 },
	{ "win:UInt64", TDH_INTYPE_UINT64 },
	{ "win:Float", TDH_INTYPE_FLOAT },
	{ "win:Double", TDH_INTYPE_DOUBLE },
	{ "win:Boolean", TDH_INTYPE_BOOLEAN },
	{ "win:Binary", TDH_INTYPE_BINARY },
	{ "win:GUID", TDH_INTYPE_GUID },
	{ "win:Pointer", TDH_INTYPE_POINTER },
	{ "win:FILETIME", TDH_INTYPE_FILETIME },
	{ "win:SYSTEMTIME", TDH_INTYPE_SYSTEMTIME },
	{ "win:SID", TDH_INTYPE_SID },
	{ "win:HexInt32", TDH_INTYPE_HEXINT32 },
	{ "win:HexInt64", TDH_INTYPE_HEXINT64 },
	{ "win:CountedUnicodeString", TDH_INTYPE_MANIFEST_COUNTEDSTRING },
	{ "win:CountedAnsiString", TDH_INTYPE_MANIFEST_COUNTEDANSISTRING },
	{ "win:CountedBinary", TDH_INTYPE_MANIFEST_COUNTEDBINARY },
};

static const struct named outtypes[] = {
	{ "xs:string", TDH_OUTTYPE_STRING },
	{ "xs:dateTime", TDH_OUTTYPE_DATETIME },
	{ "xs:byte", TDH_OUTTYPE_BYTE },
	{ "xs:unsignedByte", TDH_OUTTYPE_UNSIGNEDBYTE },
	{ "xs:short", TDH_OUTTYPE_SHORT },
	{ "xs:unsignedShort", TDH_OUTTYPE_UNSIGNEDSHORT },
	{ "xs:int", TDH_OUTTYPE_INT },
	{ "xs:unsignedInt", TDH_OUTTYPE_UNSIGNEDINT },
	{ "xs:long", TDH_OUTTYPE_LONG },
	{ "xs:unsignedLong", TDH_OUTTYPE_UNSIGNEDLONG },
	{ "xs:float", TDH_OUTTYPE_FLOAT },
	{ "xs:double", TDH_OUTTYPE_DOUBLE },
	{ "xs:boolean", TDH_OUTTYPE_BOOLEAN },
	{ "xs:GUID", TDH_OUTTYPE_GUID },
	{ "xs:hexBinary", TDH_OUTTYPE_HEXBINARY },
	{ "win:HexInt8", TDH_OUTTYPE_HEXINT8 },
	{ "win:HexInt16", TDH_OUTTYPE_HEXINT16 },
	{ "win:HexInt32", TDH_OUTTYPE_HEXINT32 },
	{ "win:HexInt64", TDH_OUTTYPE_HEXINT64 },
	{ "win:PID", TDH_OUTTYPE_PID },
	{ "win:TID", TDH_OUTTYPE_TID },
	{ "win:Port", TDH_OUTTYPE_PORT },
	{ "win:IPv4", TDH_OUTTYPE_IPV4 },
	{ "win:IPv6", TDH_OUTTYPE_IPV6 },
	{ "win:SocketAddress", TDH_OUTTYPE_SOCKETADDRESS },
	{ "win:CIMDateTime", TDH_OUTTYPE_CIMDATETIME },
	{ "win:ETWTIME", TDH_OUTTYPE_ETWTIME },
	{ "win:Xml", TDH_OUTTYPE_XML },
	{ "win:ErrorCode", TDH_OUTTYPE_ERRORCODE },
	{ "win:Win32Error", TDH_OUTTYPE_WIN32ERROR },
	{ "win:NTSTATUS", TDH_OUTTYPE_NTSTATUS },
	{ "win:HResult", TDH_OUTTYPE_HRESULT },
	{ "win:DateTimeCultureInsensitive", TDH_OUTTYPE_CULTURE_INSENSITIVE_DATETIME },
	{ "win:Json", TDH_OUTTYPE_JSON },
	{ "win:Utf8", TDH_OUTTYPE_UTF8 },
	{ "win:Pkcs7WithTypeInfo", TDH_OUTTYPE_PKCS7_WITH_TYPE_INFO },
	{ "win:CodePointer", TDH_OUTTYPE_CODE_POINTER },
	{ "win:DateTimeUtc", TDH_OUTTYPE_DATETIME_UTC },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static int lookup(const struct named *t, size_t n, const char *name)
{
	size_t i;

	if (!name)
		return -1;
	for (i = 0; i < n; i++)
		if (!strcasecmp(t[i].name, name))
			return t[i].value;
	return -1;
}

int mf_intype(const char *name)
{
	return lookup(intypes, N(intypes), name);
}

int mf_outtype(const char *name)
{
	const char *colon = name ? strchr(name, ':') : NULL;
	char win[64];
	int v = lookup(outtypes, N(outtypes), name);

	/* mc.exe takes a win: type under another prefix too ("xs:HexInt64"). */
	if (v < 0 && colon && snprintf(win, sizeof(win), "win%s", colon) < (int)sizeof(win))
		v = lookup(outtypes, N(outtypes), win);
	return v;
}

const char *mf_intype_name(uint16_t in)
{
	size_t i;

	for (i = 0; i < N(intypes); i++)
		if (intypes[i].value == in)
			return intypes[i].name;
	return "?";
}

/* The first output type winmeta lists for each input type. */
uint16_t mf_default_outtype(uint16_t in)
{
	switch (in) {
	case TDH_INTYPE_UNICODESTRING:
	case TDH_INTYPE_ANSISTRING:
	case TDH_INTYPE_SID:
	case TDH_INTYPE_MANIFEST_COUNTEDSTRING:
	case TDH_INTYPE_MANIFEST_COUNTEDANSISTRING:
		return TDH_OUTTYPE_STRING;
	case TDH_INTYPE_INT8: return TDH_OUTTYPE_BYTE;
	case TDH_INTYPE_UINT8: return TDH_OUTTYPE_UNSIGNEDBYTE;
	case TDH_INTYPE_INT16: return TDH_OUTTYPE_SHORT;
	case TDH_INTYPE_UINT16: return TDH_OUTTYPE_UNSIGNEDSHORT;
	case TDH_INTYPE_INT32: return TDH_OUTTYPE_INT;
	case TDH_INTYPE_UINT32: return TDH_OUTTYPE_UNSIGNEDINT;
	case TDH_INTYPE_INT64: return TDH_OUTTYPE_LONG;
	case TDH_INTYPE_UINT64: return TDH_OUTTYPE_UNSIGNEDLONG;
	case TDH_INTYPE_FLOAT: return TDH_OUTTYPE_FLOAT;
	case TDH_INTYPE_DOUBLE: return TDH_OUTTYPE_DOUBLE;
	case TDH_INTYPE_BOOLEAN: return TDH_OUTTYPE_BOOLEAN;
	case TDH_INTYPE_BINARY:
	case TDH_INTYPE_MANIFEST_COUNTEDBINARY:
		return TDH_OUTTYPE_HEXBINARY;
	case TDH_INTYPE_GUID: return TDH_OUTTYPE_GUID;
	case TDH_INTYPE_POINTER: return TDH_OUTTYPE_HEXINT64;
	case TDH_INTYPE_FILETIME:
	case TDH_INTYPE_SYSTEMTIME:
		return TDH_OUTTYPE_DATETIME;
	case TDH_INTYPE_HEXINT32: return TDH_OUTTYPE_HEXINT32;
	case TDH_INTYPE_HEXINT64: return TDH_OUTTYPE_HEXINT64;
	default: return TDH_OUTTYPE_NULL;
	}
}

/* Predefined levels, opcodes, keywords, channels and tasks (win:...). */
const struct mf_item mf_winmeta_levels[] = {
	{ WINEVENT_LEVEL_LOG_ALWAYS, "win:LogAlways", "WINEVENT_LEVEL_LOG_ALWAYS", "Log Always", 0, NULL },
	{ WINEVENT_LEVEL_CRITICAL, "win:Critical", "WINEVENT_LEVEL_CRITICAL", "Critical", 0, NULL },
	{ WINEVENT_LEVEL_ERROR, "win:Error", "WINEVENT_LEVEL_ERROR", "Error", 0, NULL },
	{ WINEVENT_LEVEL_WARNING, "win:Warning", "WINEVENT_LEVEL_WARNING", "Warning", 0, NULL },
	{ WINEVENT_LEVEL_INFO, "win:Informational", "WINEVENT_LEVEL_INFO", "Information", 0, NULL },
	{ WINEVENT_LEVEL_VERBOSE, "win:Verbose", "WINEVENT_LEVEL_VERBOSE", "Verbose", 0, NULL },
};
const unsigned mf_winmeta_nlevels = N(mf_winmeta_levels);

const struct mf_item mf_winmeta_opcodes[] = {
	{ WINEVENT_OPCODE_INFO, "win:Info", "WINEVENT_OPCODE_INFO", "Info", 0, NULL },
	{ WINEVENT_OPCODE_START, "win:Start", "WINEVENT_OPCODE_START", "Start", 0, NULL },
	{ WINEVENT_OPCODE_STOP, "win:Stop", "WINEVENT_OPCODE_STOP", "Stop", 0, NULL },
	{ WINEVENT_OPCODE_DC_START, "win:DC_Start", "WINEVENT_OPCODE_DC_START", "DC Start", 0, NULL },
	{ WINEVENT_OPCODE_DC_STOP, "win:DC_Stop", "WINEVENT_OPCODE_DC_STOP", "DC Stop", 0, NULL },
	{ WINEVENT_OPCODE_EXTENSION, "win:Extension", "WINEVENT_OPCODE_EXTENSION", "Extension", 0, NULL },
	{ WINEVENT_OPCODE_REPLY, "win:Reply", "WINEVENT_OPCODE_REPLY", "Reply", 0, NULL },
	{ WINEVENT_OPCODE_RESUME, "win:Resume", "WINEVENT_OPCODE_RESUME", "Resume", 0, NULL },
	{ WINEVENT_OPCODE_SUSPEND, "win:Suspend", "WINEVENT_OPCODE_SUSPEND", "Suspend", 0, NULL },
	{ WINEVENT_OPCODE_SEND, "win:Send", "WINEVENT_OPCODE_SEND", "Send", 0, NULL },
	{ WINEVENT_OPCODE_RECEIVE, "win:Receive", "WINEVENT_OPCODE_RECEIVE", "Receive", 0, NULL },
};
const unsigned mf_winmeta_nopcodes = N(mf_winmeta_opcodes);

const struct mf_item mf_winmeta_keywords[] = {
	{ WINEVENT_KEYWORD_RESPONSE_TIME, "win:ResponseTime", "WINEVENT_KEYWORD_RESPONSE_TIME", "Response Time", 0, NULL },
	{ WINEVENT_KEYWORD_WDI_CONTEXT, "win:WDIContext", "WINEVENT_KEYWORD_WDI_CONTEXT", "WDI Context", 0, NULL },
	{ WINEVENT_KEYWORD_WDI_DIAG, "win:WDIDiag", "WINEVENT_KEYWORD_WDI_DIAG", "WDI Diagnostics", 0, NULL },
	{ WINEVENT_KEYWORD_SQM, "win:SQM", "WINEVENT_KEYWORD_SQM", "SQM (Software Quality Metrics)", 0, NULL },
	{ WINEVENT_KEYWORD_AUDIT_FAILURE, "win:AuditFailure", "WINEVENT_KEYWORD_AUDIT_FAILURE", "Audit Failure", 0, NULL },
	{ WINEVENT_KEYWORD_AUDIT_SUCCESS, "win:AuditSuccess", "WINEVENT_KEYWORD_AUDIT_SUCCESS", "Audit Success", 0, NULL },
	{ WINEVENT_KEYWORD_CORRELATION_HINT, "win:CorrelationHint", "WINEVENT_KEYWORD_CORRELATION_HINT", "Correlation Hint", 0, NULL },
	{ WINEVENT_KEYWORD_EVENTLOG_CLASSIC, "win:EventlogClassic", "WINEVENT_KEYWORD_EVENTLOG_CLASSIC", "Event Log Classic", 0, NULL },
};
const unsigned mf_winmeta_nkeywords = N(mf_winmeta_keywords);

const struct mf_item mf_winmeta_channels[] = {
	{ WINEVENT_CHANNEL_CLASSIC_TRACE, "TraceClassic", "WINEVENT_CHANNEL_CLASSIC_TRACE", "TraceClassic", 0, NULL },
	{ WINEVENT_CHANNEL_GLOBAL_SYSTEM, "System", "WINEVENT_CHANNEL_GLOBAL_SYSTEM", "System", 0, "Admin" },
	{ WINEVENT_CHANNEL_GLOBAL_APPLICATION, "Application", "WINEVENT_CHANNEL_GLOBAL_APPLICATION", "Application", 0, "Admin" },
	{ WINEVENT_CHANNEL_GLOBAL_SECURITY, "Security", "WINEVENT_CHANNEL_GLOBAL_SECURITY", "Security", 0, "Admin" },
	{ WINEVENT_CHANNEL_TRACELOGGING, "TraceLogging", "WINEVENT_CHANNEL_TRACELOGGING", "TraceLogging", 0, NULL },
	{ WINEVENT_CHANNEL_PROVIDERMETADATA, "ProviderMetadata", "WINEVENT_CHANNEL_PROVIDERMETADATA", "ProviderMetadata", 0, NULL },
};
const unsigned mf_winmeta_nchannels = N(mf_winmeta_channels);

const struct mf_item mf_winmeta_tasks[] = {
	{ WINEVENT_TASK_NONE, "win:None", "WINEVENT_TASK_NONE", "None", 0, NULL },
};
const unsigned mf_winmeta_ntasks = N(mf_winmeta_tasks);
