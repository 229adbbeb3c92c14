// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Tables of the kernel events: flag names, group GUIDs and names, and the
 * payload schema decoders walk.  See etw_kevents.h.
 */
#include "etw_kevents.h"

/* ---- EnableFlags names: tracelog -eflag and xperf -on spellings ---------- */

const struct etw_kflag_name etw_kflag_names[] = {
	{ "process", ETW_KF_PROCESS },
	{ "thread", ETW_KF_THREAD },
	{ "proc_thread", ETW_KF_PROCESS | ETW_KF_THREAD },
	{ "img", ETW_KF_IMAGE_LOAD },
	{ "loader", ETW_KF_IMAGE_LOAD },
	{ "image_load", ETW_KF_IMAGE_LOAD },
	{ "proccntr", ETW_KF_PROCESS_COUNTERS },
	{ "perf_counter", ETW_KF_PROCESS_COUNTERS },
	{ "process_counters", ETW_KF_PROCESS_COUNTERS },
	{ "cswitch", ETW_KF_CSWITCH },
	{ "dpc", ETW_KF_DPC },
	{ "isr", ETW_KF_INTERRUPT },
	{ "interrupt", ETW_KF_INTERRUPT },
	{ "syscall", ETW_KF_SYSTEMCALL },
	{ "systemcall", ETW_KF_SYSTEMCALL },
	{ "disk", ETW_KF_DISK_IO },
	{ "disk_io", ETW_KF_DISK_IO },
	{ "filename", ETW_KF_DISK_FILE_IO },
	{ "file", ETW_KF_DISK_FILE_IO },
	{ "disk_file_io", ETW_KF_DISK_FILE_IO },
	{ "diskinit", ETW_KF_DISK_IO_INIT },
	{ "disk_io_init", ETW_KF_DISK_IO_INIT },
	{ "dispatcher", ETW_KF_DISPATCHER },
	{ "pf", ETW_KF_MEMORY_PAGE_FAULTS },
	{ "all_faults", ETW_KF_MEMORY_PAGE_FAULTS },
	{ "hf", ETW_KF_MEMORY_HARD_FAULTS },
	{ "hard_faults", ETW_KF_MEMORY_HARD_FAULTS },
	{ "virtalloc", ETW_KF_VIRTUAL_ALLOC },
	{ "virt_alloc", ETW_KF_VIRTUAL_ALLOC },
	{ "vamap", ETW_KF_VAMAP },
	{ "net", ETW_KF_NETWORK_TCPIP },
	{ "network", ETW_KF_NETWORK_TCPIP },
	{ "networktrace", ETW_KF_NETWORK_TCPIP },
	{ "registry", ETW_KF_REGISTRY },
	{ "dbgprint", ETW_KF_DBGPRINT },
	{ "job", ETW_KF_JOB },
	{ "alpc", ETW_KF_ALPC },
	{ "splitio", ETW_KF_SPLIT_IO },
	{ "split_io", ETW_KF_SPLIT_IO },
	{ "debug_events", ETW_KF_DEBUG_EVENTS },
	{ "driver", ETW_KF_DRIVER },
	{ "drivers", ETW_KF_DRIVER },
	{ "profile", ETW_KF_PROFILE },
	/* tracelog: "fileiocompletion" is FILE_IO, "fileio" is FILE_IO_INIT */
	{ "file_io", ETW_KF_FILE_IO },
	{ "fileiocompletion", ETW_KF_FILE_IO },
	{ "file_io_init", ETW_KF_FILE_IO_INIT },
	{ "fileio", ETW_KF_FILE_IO_INIT },
	{ "no_sysconfig", ETW_KF_NO_SYSCONFIG },
	/* xperf kernel groups (the parts of them Linux has) */
	{ "base", ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		  ETW_KF_DISK_IO | ETW_KF_MEMORY_HARD_FAULTS | ETW_KF_PROFILE },
	{ "latency", ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		     ETW_KF_DISK_IO | ETW_KF_MEMORY_HARD_FAULTS |
		     ETW_KF_PROFILE | ETW_KF_CSWITCH | ETW_KF_DISPATCHER |
		     ETW_KF_DPC | ETW_KF_INTERRUPT },
	{ "sysprof", ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		     ETW_KF_PROFILE },
	{ "diag", ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		  ETW_KF_DISK_IO | ETW_KF_MEMORY_HARD_FAULTS |
		  ETW_KF_DISK_FILE_IO | ETW_KF_CSWITCH |
		  ETW_KF_PROCESS_COUNTERS | ETW_KF_DPC | ETW_KF_INTERRUPT },
	{ "default", ETW_KF_DEFAULT },
};

const unsigned int etw_kflag_names_count =
	etw_nelems(etw_kflag_names);

static char etw_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

static bool etw_word_is(const char *w, unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!name[i] || etw_lower(w[i]) != name[i])
			return false;
	return name[n] == 0;
}

/* A number: 0x... (hex) or decimal, the whole word. */
static bool etw_word_number(const char *w, unsigned int n, u32 *out)
{
	unsigned int i = 0, base = 10;
	u64 v = 0;

	if (n > 2 && w[0] == '0' && etw_lower(w[1]) == 'x') {
		base = 16;
		i = 2;
	}
	if (i == n)
		return false;
	for (; i < n; i++) {
		char c = etw_lower(w[i]);
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			return false;
		v = v * base + d;
		if (v > 0xFFFFFFFFull)
			return false;
	}
	*out = (u32)v;
	return true;
}

int etw_kflags_parse(const char *s, u32 *flags, unsigned int *bad)
{
	unsigned int pos = 0, i;
	u32 f = 0;

	while (s[pos]) {
		unsigned int start = pos, n;
		bool found = false;
		u32 v;

		while (s[pos] && s[pos] != ',' && s[pos] != '+' && s[pos] != '|')
			pos++;
		n = pos - start;
		if (n) {
			for (i = 0; i < etw_kflag_names_count; i++) {
				if (etw_word_is(s + start, n,
						etw_kflag_names[i].name)) {
					f |= etw_kflag_names[i].flags;
					found = true;
					break;
				}
			}
			if (!found && etw_word_number(s + start, n, &v)) {
				f |= v;
				found = true;
			}
			if (!found) {
				if (bad)
					*bad = start;
				return -EINVAL;
			}
		}
		if (s[pos])
			pos++;
	}
	*flags = f;
	return 0;
}

/* ---- strings ---------------------------------------------------------------- */

/* ---- groups ------------------------------------------------------------------ */

static const struct {
	u8 group;
	const char *name;
	u8 guid[16];	/* Windows memory layout */
} etw_kgroups[] = {
#define G(d1, d2, d3, b0, b1, b2, b3, b4, b5, b6, b7)			\
	{ (d1) & 0xFF, ((d1) >> 8) & 0xFF, ((d1) >> 16) & 0xFF,		\
	  ((d1) >> 24) & 0xFF, (d2) & 0xFF, ((d2) >> 8) & 0xFF,		\
	  (d3) & 0xFF, ((d3) >> 8) & 0xFF, b0, b1, b2, b3, b4, b5, b6, b7 }
	{ ETW_KG_HEADER, "EventTrace",
	  G(0x68fdd900, 0x4a3e, 0x11d1, 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3) },
	{ ETW_KG_IO, "DiskIo",
	  G(0x3d6fa8d4, 0xfe05, 0x11d0, 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c) },
	{ ETW_KG_MEMORY, "PageFault",
	  G(0x3d6fa8d3, 0xfe05, 0x11d0, 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c) },
	{ ETW_KG_PROCESS, "Process",
	  G(0x3d6fa8d0, 0xfe05, 0x11d0, 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c) },
	{ ETW_KG_FILE, "FileIo",
	  G(0x90cbdc39, 0x4a3e, 0x11d1, 0x84, 0xf4, 0x00, 0x00, 0xf8, 0x04, 0x64, 0xe3) },
	{ ETW_KG_THREAD, "Thread",
	  G(0x3d6fa8d1, 0xfe05, 0x11d0, 0x9d, 0xda, 0x00, 0xc0, 0x4f, 0xd7, 0xba, 0x7c) },
	{ ETW_KG_TCPIP, "TcpIp",
	  G(0x9a280ac0, 0xc8e0, 0x11d1, 0x84, 0xe2, 0x00, 0xc0, 0x4f, 0xb9, 0x98, 0xa2) },
	{ ETW_KG_CONFIG, "SystemConfig",
	  G(0x01853a65, 0x418f, 0x4f36, 0xae, 0xfc, 0xdc, 0x0f, 0x1d, 0x2f, 0xd2, 0x35) },
	{ ETW_KG_PERFINFO, "PerfInfo",
	  G(0xce1dbfb4, 0x137e, 0x4da6, 0x87, 0xb0, 0x3f, 0x59, 0xaa, 0x10, 0x2c, 0xbc) },
	{ ETW_KG_IMAGE, "Image",
	  G(0x2cb15d1d, 0x5fc1, 0x11d2, 0xab, 0xe1, 0x00, 0xa0, 0xc9, 0x11, 0xf5, 0x18) },
	{ ETW_KG_STACKWALK, "StackWalk",
	  G(0xdef2fe46, 0x7bd6, 0x4b80, 0xbd, 0x94, 0xf5, 0x7f, 0xe2, 0x0d, 0x0c, 0xe3) },
	{ ETW_KG_IMAGEID, "ImageId",
	  G(0x65e39e5f, 0x40d3, 0x4fd7, 0x9a, 0x77, 0xd2, 0xd6, 0xe1, 0xd4, 0xee, 0x10) },
#undef G
};

#define ETW_NGROUPS (etw_nelems(etw_kgroups))

const u8 *etw_kgroup_guid(u8 group)
{
	unsigned int i;

	for (i = 0; i < ETW_NGROUPS; i++)
		if (etw_kgroups[i].group == group)
			return etw_kgroups[i].guid;
	return NULL;
}

int etw_kgroup_of_guid(const u8 *guid)
{
	unsigned int i;

	for (i = 0; i < ETW_NGROUPS; i++)
		if (!memcmp(etw_kgroups[i].guid, guid, 16))
			return etw_kgroups[i].group;
	return -1;
}

int etw_khook_of(const u8 *provider, u8 opcode)
{
	int group = etw_kgroup_of_guid(provider);

	if (group < 0) {
		unsigned int i;

		/* {000000GG-0000-0000-0000-000000000000} */
		for (i = 1; i < 16; i++)
			if (provider[i])
				return -1;
		group = provider[0];
	}
	if (group == ETW_KG_IMAGE && opcode == 10)
		return ETW_KH_IMAGE_LOAD;
	return ETW_KHOOK(group, opcode);
}

const char *etw_kgroup_name(u8 group)
{
	unsigned int i;

	for (i = 0; i < ETW_NGROUPS; i++)
		if (etw_kgroups[i].group == group)
			return etw_kgroups[i].name;
	return NULL;
}

/* ---- schema ---------------------------------------------------------------- */

#define F(n, t)		{ n, ETW_KT_##t, 0 }
#define FN(n, t, c)	{ n, ETW_KT_##t, c }

static const struct etw_kfield f_header_ext[] = {
	F("GroupMask1", X32), F("GroupMask2", X32), F("GroupMask3", X32),
	F("GroupMask4", X32), F("GroupMask5", X32), F("GroupMask6", X32),
	F("GroupMask7", X32), F("GroupMask8", X32),
	F("KernelEventVersion", X32),
};
static const struct etw_kfield f_none[] = {
	FN("", PAD, 0),
};
static const struct etw_kfield f_process[] = {
	F("UniqueProcessKey", PTR), F("ProcessId", U32), F("ParentId", U32),
	F("SessionId", U32), F("ExitStatus", S32),
	F("DirectoryTableBase", PTR), F("Flags", X32), F("UserSID", SID),
	F("ImageFileName", ASTR), F("CommandLine", WSTR),
	F("PackageFullName", WSTR), F("ApplicationId", WSTR),
};
/* Process_Defunct_TypeGroup1 (version 5): a zombie's, when it is reaped. */
static const struct etw_kfield f_defunct[] = {
	F("UniqueProcessKey", PTR), F("ProcessId", U32), F("ParentId", U32),
	F("SessionId", U32), F("ExitStatus", S32),
	F("DirectoryTableBase", PTR), F("Flags", X32), F("UserSID", SID),
	F("ImageFileName", ASTR), F("CommandLine", WSTR),
	F("PackageFullName", WSTR), F("ApplicationId", WSTR),
	F("ExitTime", U64),
};
static const struct etw_kfield f_terminate[] = {
	F("ProcessId", U32),
};
static const struct etw_kfield f_kernel_base[] = {
	F("ImageBase", PTR),
};
static const struct etw_kfield f_hypercall[] = {
	F("HypercallPageVa", PTR),
};
/* _ETW_PARTITION_INFO_EXTENSION: the partition (container, VM) traced. */
static const struct etw_kfield f_partition[] = {
	F("EventVersion", U16), FN("Reserved", PAD, 2), F("PartitionType", U32),
	F("QpcOffsetFromRoot", S64), F("PartitionId", GUID), F("ParentId", GUID),
};
static const struct etw_kfield f_perfctr[] = {
	F("ProcessId", U32), F("PageFaultCount", U32), F("HandleCount", U32),
	F("Reserved", U32), F("PeakVirtualSize", U64),
	F("PeakWorkingSetSize", U64), F("PeakPagefileUsage", U64),
	F("QuotaPeakPagedPoolUsage", U64),
	F("QuotaPeakNonPagedPoolUsage", U64), F("VirtualSize", U64),
	F("WorkingSetSize", U64), F("PagefileUsage", U64),
	F("QuotaPagedPoolUsage", U64), F("QuotaNonPagedPoolUsage", U64),
	F("PrivatePageCount", U64),
};
static const struct etw_kfield f_thread[] = {
	F("ProcessId", U32), F("TThreadId", U32), F("StackBase", PTR),
	F("StackLimit", PTR), F("UserStackBase", PTR),
	F("UserStackLimit", PTR), F("Affinity", PTR),
	F("Win32StartAddr", PTR), F("TebBase", PTR), F("SubProcessTag", U32),
	F("BasePriority", U8), F("PagePriority", U8), F("IoPriority", U8),
	F("ThreadFlags", U8),
};
static const struct etw_kfield f_cswitch[] = {
	F("NewThreadId", U32), F("OldThreadId", U32),
	F("NewThreadPriority", S8), F("OldThreadPriority", S8),
	F("PreviousCState", U8), F("SpareByte", S8),
	F("OldThreadWaitReason", S8), F("OldThreadWaitMode", S8),
	F("OldThreadState", S8), F("OldThreadWaitIdealProcessor", S8),
	F("NewThreadWaitTime", U32), F("Reserved", U32),
};
static const struct etw_kfield f_ready[] = {
	F("TThreadId", U32), F("AdjustReason", S8), F("AdjustIncrement", S8),
	F("Flag", S8), F("Reserved", S8),
};
static const struct etw_kfield f_image[] = {
	F("ImageBase", PTR), F("ImageSize", PTR), F("ProcessId", U32),
	F("ImageCheckSum", U32), F("TimeDateStamp", U32),
	F("SignatureLevel", U8), F("SignatureType", U8),
	FN("Reserved0", PAD, 2), F("DefaultBase", PTR),
	F("Reserved1", U32), F("Reserved2", U32), F("Reserved3", U32),
	F("Reserved4", U32), F("FileName", WSTR),
};
static const struct etw_kfield f_disk[] = {
	F("DiskNumber", U32), F("IrpFlags", X32), F("TransferSize", U32),
	F("Reserved", U32), F("ByteOffset", S64), F("FileObject", PTR),
	F("Irp", PTR), F("HighResResponseTime", U64),
	F("IssuingThreadId", U32),
};
static const struct etw_kfield f_disk_init[] = {
	F("Irp", PTR), F("IssuingThreadId", U32),
};
static const struct etw_kfield f_disk_flush[] = {
	F("DiskNumber", U32), F("IrpFlags", X32),
	F("HighResResponseTime", U64), F("Irp", PTR),
	F("IssuingThreadId", U32),
};
static const struct etw_kfield f_fcreate[] = {
	F("IrpPtr", PTR), F("FileObject", PTR), F("TTID", U32),
	F("CreateOptions", X32), F("FileAttributes", X32),
	F("ShareAccess", X32), F("OpenPath", WSTR),
};
static const struct etw_kfield f_fsimple[] = {
	F("IrpPtr", PTR), F("FileObject", PTR), F("FileKey", PTR),
	F("TTID", U32),
};
static const struct etw_kfield f_frw[] = {
	F("Offset", U64), F("IrpPtr", PTR), F("FileObject", PTR),
	F("FileKey", PTR), F("TTID", U32), F("IoSize", U32),
	F("IoFlags", X32),
};
static const struct etw_kfield f_fopend[] = {
	F("IrpPtr", PTR), F("ExtraInfo", PTR), F("NtStatus", X32),
};
static const struct etw_kfield f_fname[] = {
	F("FileObject", PTR), F("FileName", WSTR),
};
static const struct etw_kfield f_tcp4[] = {
	F("PID", U32), F("size", U32), F("daddr", IPV4), F("saddr", IPV4),
	F("dport", PORT), F("sport", PORT), F("connid", PTR),
	F("seqnum", U32),
};
static const struct etw_kfield f_tcp4_send[] = {
	F("PID", U32), F("size", U32), F("daddr", IPV4), F("saddr", IPV4),
	F("dport", PORT), F("sport", PORT), F("startime", U32),
	F("endtime", U32), F("seqnum", U32), F("connid", PTR),
};
static const struct etw_kfield f_tcp4_conn[] = {
	F("PID", U32), F("size", U32), F("daddr", IPV4), F("saddr", IPV4),
	F("dport", PORT), F("sport", PORT), F("mss", U16),
	F("sackopt", U16), F("tsopt", U16), F("wsopt", U16),
	F("rcvwin", U32), F("rcvwinscale", U16), F("sndwinscale", U16),
	F("seqnum", U32), F("connid", PTR),
};
static const struct etw_kfield f_tcp6[] = {
	F("PID", U32), F("size", U32), F("daddr", IPV6), F("saddr", IPV6),
	F("dport", PORT), F("sport", PORT), F("connid", PTR),
	F("seqnum", U32),
};
static const struct etw_kfield f_tcp6_send[] = {
	F("PID", U32), F("size", U32), F("daddr", IPV6), F("saddr", IPV6),
	F("dport", PORT), F("sport", PORT), F("startime", U32),
	F("endtime", U32), F("seqnum", U32), F("connid", PTR),
};
static const struct etw_kfield f_tcp6_conn[] = {
	F("PID", U32), F("size", U32), F("daddr", IPV6), F("saddr", IPV6),
	F("dport", PORT), F("sport", PORT), F("mss", U16),
	F("sackopt", U16), F("tsopt", U16), F("wsopt", U16),
	F("rcvwin", U32), F("rcvwinscale", U16), F("sndwinscale", U16),
	F("seqnum", U32), F("connid", PTR),
};
static const struct etw_kfield f_profile[] = {
	F("InstructionPointer", PTR), F("ThreadId", U32), F("Count", U16),
	F("Reserved", U16),
};
static const struct etw_kfield f_sysenter[] = {
	F("SysCallAddress", PTR),
};
static const struct etw_kfield f_sysexit[] = {
	F("SysCallNtStatus", X32),
};
static const struct etw_kfield f_interval[] = {
	F("Source", U32), F("NewInterval", U32), F("OldInterval", U32),
	F("SourceName", WSTR),
};
static const struct etw_kfield f_cpu[] = {
	F("MHz", U32), F("NumberOfProcessors", U32), F("MemSize", U32),
	F("PageSize", U32), F("AllocationGranularity", U32),
	FN("ComputerName", WCHARS, 256), FN("DomainName", WCHARS, 134),
	F("HyperThreadingFlag", PTR), F("HighestUserAddress", PTR),
	F("ProcessorArchitecture", U16), F("ProcessorLevel", U16),
	F("ProcessorRevision", U16), F("PaeEnabled", U8), F("NxEnabled", U8),
	F("MemorySpeed", U32),
};
static const struct etw_kfield f_phydisk[] = {
	F("DiskNumber", U32), F("BytesPerSector", U32),
	F("SectorsPerTrack", U32), F("TracksPerCylinder", U32),
	F("Cylinders", U64), F("SCSIPort", U32), F("SCSIPath", U32),
	F("SCSITarget", U32), F("SCSILun", U32),
	FN("Manufacturer", WCHARS, 256), F("PartitionCount", U32),
	F("WriteCacheEnabled", U8), FN("Pad", PAD, 1),
	FN("BootDriveLetter", WCHARS, 3), FN("Spare", WCHARS, 2),
};
static const struct etw_kfield f_elfid[] = {
	F("ImageBase", PTR), F("ProcessId", U32), F("BuildIdSize", U32),
	F("BuildId", BIN),
};
static const struct etw_kfield f_stack[] = {
	F("EventTimeStamp", U64), F("StackProcess", U32),
	F("StackThread", U32), F("Stack", PTRS),
};

#undef F
#undef FN

#define C(h, v, n, f) { h, v, n, etw_nelems(f), f }
#define TCP6(t)	((u16)(t) + ETW_KH_TCP_IPV6)

static const struct etw_kclass etw_kclasses[] = {
	C(ETW_KH_HEADER_EXTENSION, ETW_KV_HEADER_EXT, "EventTrace/Extension", f_header_ext),
	C(ETW_KH_HEADER_END_EXT, ETW_KV_HEADER_EXT, "EventTrace/EndExtension", f_header_ext),
	C(ETW_KH_RUNDOWN_COMPLETE, ETW_KV_HEADER_EXT, "EventTrace/RDComplete", f_none),
	C(ETW_KH_PARTITION_INFO, ETW_KV_PARTITION_INFO, "EventTrace/PartitionInfoExtensionV2",
	  f_partition),
	C(ETW_KH_PROCESS_START, ETW_KV_PROCESS, "Process/Start", f_process),
	C(ETW_KH_PROCESS_END, ETW_KV_PROCESS, "Process/End", f_process),
	C(ETW_KH_PROCESS_DCSTART, ETW_KV_PROCESS, "Process/DCStart", f_process),
	C(ETW_KH_PROCESS_DCEND, ETW_KV_PROCESS, "Process/DCEnd", f_process),
	C(ETW_KH_PROCESS_DEFUNCT, ETW_KV_PROCESS, "Process/Defunct", f_process),
	C(ETW_KH_PROCESS_DEFUNCT, ETW_KV_DEFUNCT, "Process/Defunct", f_defunct),
	C(ETW_KH_PROCESS_TERMINATE, ETW_KV_TERMINATE, "Process/Terminate", f_terminate),
	C(ETW_KH_PROCESS_PERFCTR, ETW_KV_PERFCTR, "Process/PerfCtr", f_perfctr),
	C(ETW_KH_PROCESS_PERFCTR_RD, ETW_KV_PERFCTR, "Process/PerfCtrRundown", f_perfctr),
	C(ETW_KH_IMAGE_LOAD, ETW_KV_IMAGE, "Image/Load", f_image),
	C(ETW_KH_IMAGE_UNLOAD, ETW_KV_IMAGE, "Image/Unload", f_image),
	C(ETW_KH_IMAGE_DCSTART, ETW_KV_IMAGE, "Image/DCStart", f_image),
	C(ETW_KH_IMAGE_DCEND, ETW_KV_IMAGE, "Image/DCEnd", f_image),
	C(ETW_KH_IMAGE_KERNEL_BASE, ETW_KV_IMAGE_V2, "Image/KernelBase", f_kernel_base),
	C(ETW_KH_IMAGE_HYPERCALL, ETW_KV_IMAGE_V2, "Image/HypercallPage", f_hypercall),
	C(ETW_KH_THREAD_START, ETW_KV_THREAD, "Thread/Start", f_thread),
	C(ETW_KH_THREAD_END, ETW_KV_THREAD, "Thread/End", f_thread),
	C(ETW_KH_THREAD_DCSTART, ETW_KV_THREAD, "Thread/DCStart", f_thread),
	C(ETW_KH_THREAD_DCEND, ETW_KV_THREAD, "Thread/DCEnd", f_thread),
	C(ETW_KH_CSWITCH, ETW_KV_CSWITCH, "Thread/CSwitch", f_cswitch),
	C(ETW_KH_READY_THREAD, ETW_KV_READY, "Thread/ReadyThread", f_ready),
	C(ETW_KH_DISK_READ, ETW_KV_DISK, "DiskIo/Read", f_disk),
	C(ETW_KH_DISK_WRITE, ETW_KV_DISK, "DiskIo/Write", f_disk),
	C(ETW_KH_DISK_READ_INIT, ETW_KV_DISK, "DiskIo/ReadInit", f_disk_init),
	C(ETW_KH_DISK_WRITE_INIT, ETW_KV_DISK, "DiskIo/WriteInit", f_disk_init),
	C(ETW_KH_DISK_FLUSH, ETW_KV_DISK, "DiskIo/FlushBuffers", f_disk_flush),
	C(ETW_KH_DISK_FLUSH_INIT, ETW_KV_DISK, "DiskIo/FlushInit", f_disk_init),
	C(ETW_KH_FILE_NAME, ETW_KV_FILE, "FileIo/Name", f_fname),
	C(ETW_KH_FILE_CREATE_NAME, ETW_KV_FILE, "FileIo/FileCreate", f_fname),
	C(ETW_KH_FILE_RUNDOWN, ETW_KV_FILE, "FileIo/FileRundown", f_fname),
	C(ETW_KH_FILE_CREATE, ETW_KV_FILE, "FileIo/Create", f_fcreate),
	C(ETW_KH_FILE_CLEANUP, ETW_KV_FILE, "FileIo/Cleanup", f_fsimple),
	C(ETW_KH_FILE_CLOSE, ETW_KV_FILE, "FileIo/Close", f_fsimple),
	C(ETW_KH_FILE_FLUSH, ETW_KV_FILE, "FileIo/Flush", f_fsimple),
	C(ETW_KH_FILE_READ, ETW_KV_FILE, "FileIo/Read", f_frw),
	C(ETW_KH_FILE_WRITE, ETW_KV_FILE, "FileIo/Write", f_frw),
	C(ETW_KH_FILE_OPEND, ETW_KV_FILE, "FileIo/OperationEnd", f_fopend),
	C(ETW_KH_TCP_SEND, ETW_KV_TCP, "TcpIp/Send", f_tcp4_send),
	C(ETW_KH_TCP_RECV, ETW_KV_TCP, "TcpIp/Recv", f_tcp4),
	C(ETW_KH_TCP_CONNECT, ETW_KV_TCP, "TcpIp/Connect", f_tcp4_conn),
	C(ETW_KH_TCP_DISCONNECT, ETW_KV_TCP, "TcpIp/Disconnect", f_tcp4),
	C(ETW_KH_TCP_RETRANSMIT, ETW_KV_TCP, "TcpIp/Retransmit", f_tcp4),
	C(ETW_KH_TCP_ACCEPT, ETW_KV_TCP, "TcpIp/Accept", f_tcp4_conn),
	C(TCP6(ETW_KH_TCP_SEND), ETW_KV_TCP, "TcpIp/SendIPV6", f_tcp6_send),
	C(TCP6(ETW_KH_TCP_RECV), ETW_KV_TCP, "TcpIp/RecvIPV6", f_tcp6),
	C(TCP6(ETW_KH_TCP_CONNECT), ETW_KV_TCP, "TcpIp/ConnectIPV6", f_tcp6_conn),
	C(TCP6(ETW_KH_TCP_DISCONNECT), ETW_KV_TCP, "TcpIp/DisconnectIPV6", f_tcp6),
	C(TCP6(ETW_KH_TCP_RETRANSMIT), ETW_KV_TCP, "TcpIp/RetransmitIPV6", f_tcp6),
	C(TCP6(ETW_KH_TCP_ACCEPT), ETW_KV_TCP, "TcpIp/AcceptIPV6", f_tcp6_conn),
	C(ETW_KH_SAMPLED_PROFILE, ETW_KV_PERFINFO, "PerfInfo/SampleProf", f_profile),
	C(ETW_KH_SYSCALL_ENTER, ETW_KV_PERFINFO, "PerfInfo/SysClEnter", f_sysenter),
	C(ETW_KH_SYSCALL_EXIT, ETW_KV_PERFINFO, "PerfInfo/SysClExit", f_sysexit),
	C(ETW_KH_PROFILE_SET_INTERVAL, ETW_KV_PROFILE_INTERVAL, "PerfInfo/SetInterval", f_interval),
	C(ETW_KH_PROFILE_START, ETW_KV_PROFILE_INTERVAL, "PerfInfo/CollectionStart", f_interval),
	C(ETW_KH_PROFILE_END, ETW_KV_PROFILE_INTERVAL, "PerfInfo/CollectionEnd", f_interval),
	C(ETW_KH_CONFIG_CPU, ETW_KV_CONFIG_CPU, "SystemConfig/CPU", f_cpu),
	C(ETW_KH_CONFIG_PHYDISK, ETW_KV_CONFIG_PHYDISK, "SystemConfig/PhyDisk", f_phydisk),
	C(ETW_KH_STACKWALK, ETW_KV_STACKWALK, "StackWalk/Stack", f_stack),
	C(ETW_KH_ELF_BUILDID, ETW_KV_ELF_BUILDID, "ImageId/ElfBuildId", f_elfid),
};

#undef C
#undef TCP6

#define ETW_NCLASSES (etw_nelems(etw_kclasses))

const struct etw_kclass *etw_kclass_find(u16 hook, u8 version)
{
	unsigned int i;

	for (i = 0; i < ETW_NCLASSES; i++)
		if (etw_kclasses[i].hook == hook &&
		    etw_kclasses[i].version == version)
			return &etw_kclasses[i];
	return NULL;
}

const char *etw_kevent_name(u16 hook)
{
	unsigned int i;

	for (i = 0; i < ETW_NCLASSES; i++)
		if (etw_kclasses[i].hook == hook)
			return etw_kclasses[i].name;
	return NULL;
}

/* Bytes of the field at @p (at most @room), or -1 when it does not fit. */
static long etw_kfield_size(const struct etw_kfield *f, const u8 *p, u32 room,
			    u32 *len)
{
	static const u8 fixed[] = {
		[ETW_KT_U8] = 1, [ETW_KT_S8] = 1, [ETW_KT_U16] = 2,
		[ETW_KT_U32] = 4, [ETW_KT_S32] = 4, [ETW_KT_X32] = 4,
		[ETW_KT_U64] = 8, [ETW_KT_S64] = 8, [ETW_KT_PTR] = 8,
		[ETW_KT_PORT] = 2, [ETW_KT_IPV4] = 4, [ETW_KT_IPV6] = 16,
		[ETW_KT_GUID] = 16,
	};
	u32 n;

	switch (f->type) {
	case ETW_KT_PAD:
		*len = f->count;
		return f->count <= room ? (long)f->count : -1;
	case ETW_KT_WCHARS:
		*len = 2u * f->count;
		return *len <= room ? (long)*len : -1;
	case ETW_KT_PTRS:
		*len = room - room % 8;
		return room;
	case ETW_KT_BIN:
		*len = room;
		return room;
	case ETW_KT_SID: {
		u32 w;

		if (room < 4)
			return -1;
		memcpy(&w, p, 4);
		if (!w) {
			*len = 0;
			return 4;	/* no SID */
		}
		if (room < ETW_KSID_TOKEN_SIZE + 8)
			return -1;
		n = ETW_KSID_TOKEN_SIZE + 8 + 4u * p[ETW_KSID_TOKEN_SIZE + 1];
		*len = n;
		return n <= room ? (long)n : -1;
	}
	case ETW_KT_ASTR:
		for (n = 0; n < room && p[n]; n++)
			;
		*len = n;
		return n < room ? (long)n + 1 : -1;
	case ETW_KT_WSTR:
		for (n = 0; n + 1 < room && (p[n] | p[n + 1]); n += 2)
			;
		*len = n;
		return n + 1 < room ? (long)n + 2 : -1;
	default:
		n = fixed[f->type];
		*len = n;
		return n <= room ? (long)n : -1;
	}
}

int etw_kdecode(const struct etw_kclass *cls, const u8 *payload, u32 len,
		void (*fn)(const struct etw_kvalue *v, void *arg), void *arg)
{
	u32 off = 0, i;

	for (i = 0; i < cls->nfields; i++) {
		const struct etw_kfield *f = &cls->fields[i];
		struct etw_kvalue v;
		long used;

		used = etw_kfield_size(f, payload + off, len - off, &v.len);
		if (used < 0)
			return -EINVAL;
		if (f->type != ETW_KT_PAD) {
			v.field = f;
			v.data = payload + off;
			fn(&v, arg);
		}
		off += (u32)used;
	}
	return (int)i;
}
