/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * The NT Kernel Logger's events as etw.ko writes them: groups, hook ids,
 * versions and payload layouts of the classic kernel (MOF) classes, the
 * EnableFlags and their names, and a schema of each payload for decoders.
 *
 * Layouts are those of 64-bit Windows (pointers are 8 bytes), taken from
 * the published MOF classes (learn.microsoft.com, "Process_V4_TypeGroup1",
 * "Thread_V3_TypeGroup1", "Image_Load", "CSwitch", "ReadyThread",
 * "DiskIo_TypeGroup1", "FileIo_*", "TcpIp_*", "SampledProfile",
 * "SysCallEnter", "StackWalk_Event", "SystemConfig_*") and checked against
 * independent parsers (Documentation/system-trace.rst says which).  The
 * offsets below are pinned by static assertions in the unit tests.
 *
 * Freestanding: shared by etw.ko (the writer), libetw and the tools (the
 * decoders) and the host unit tests.
 */
#ifndef _ETW_KEVENTS_H
#define _ETW_KEVENTS_H

#include "etw_compat.h"

/* ---- groups: HookId >> 8 (ntwmi.h EVENT_TRACE_GROUP_*) ------------------- */

#define ETW_KG_HEADER		0x00	/* EventTrace */
#define ETW_KG_IO		0x01	/* DiskIo */
#define ETW_KG_MEMORY		0x02	/* PageFault */
#define ETW_KG_PROCESS		0x03
#define ETW_KG_FILE		0x04	/* FileIo */
#define ETW_KG_THREAD		0x05
#define ETW_KG_TCPIP		0x06
#define ETW_KG_CONFIG		0x0B	/* SystemConfig (EventTraceConfig) */
#define ETW_KG_PERFINFO		0x0F
#define ETW_KG_IMAGE		0x14
#define ETW_KG_STACKWALK	0x18
/*
 * Linux ETW's own: the ELF build-id of an image (Image/Load, DCStart),
 * right after it, so that a trace is symbolized anywhere (issue 28).  A
 * group number Windows does not use, a GUID of its own.
 */
#define ETW_KG_IMAGEID		0xE0

#define ETW_KHOOK(g, t)		((u16)(((g) << 8) | (t)))

/* ---- hook ids of the events written (group << 8 | type) ----------------- */

#define ETW_KH_HEADER_EXTENSION	ETW_KHOOK(ETW_KG_HEADER, 5)
#define ETW_KH_RUNDOWN_COMPLETE	ETW_KHOOK(ETW_KG_HEADER, 8)
#define ETW_KH_HEADER_END_EXT	ETW_KHOOK(ETW_KG_HEADER, 32)
/* Windows 10's, decoded when read (etw.ko does not write them) */
#define ETW_KH_PARTITION_INFO	ETW_KHOOK(ETW_KG_HEADER, 80)

#define ETW_KH_PROCESS_START	ETW_KHOOK(ETW_KG_PROCESS, 1)
#define ETW_KH_PROCESS_END	ETW_KHOOK(ETW_KG_PROCESS, 2)
#define ETW_KH_PROCESS_DCSTART	ETW_KHOOK(ETW_KG_PROCESS, 3)
#define ETW_KH_PROCESS_DCEND	ETW_KHOOK(ETW_KG_PROCESS, 4)
/* Windows logs Image Load in the Process group (EVENT_TRACE_TYPE_LOAD). */
#define ETW_KH_IMAGE_LOAD	ETW_KHOOK(ETW_KG_PROCESS, 10)
#define ETW_KH_PROCESS_PERFCTR	ETW_KHOOK(ETW_KG_PROCESS, 32)
#define ETW_KH_PROCESS_PERFCTR_RD ETW_KHOOK(ETW_KG_PROCESS, 33)
/* Windows 10's, decoded when read (etw.ko does not write them) */
#define ETW_KH_PROCESS_TERMINATE ETW_KHOOK(ETW_KG_PROCESS, 11)
#define ETW_KH_PROCESS_DEFUNCT	ETW_KHOOK(ETW_KG_PROCESS, 39)

#define ETW_KH_THREAD_START	ETW_KHOOK(ETW_KG_THREAD, 1)
#define ETW_KH_THREAD_END	ETW_KHOOK(ETW_KG_THREAD, 2)
#define ETW_KH_THREAD_DCSTART	ETW_KHOOK(ETW_KG_THREAD, 3)
#define ETW_KH_THREAD_DCEND	ETW_KHOOK(ETW_KG_THREAD, 4)
#define ETW_KH_CSWITCH		ETW_KHOOK(ETW_KG_THREAD, 36)
#define ETW_KH_READY_THREAD	ETW_KHOOK(ETW_KG_THREAD, 50)

#define ETW_KH_IMAGE_UNLOAD	ETW_KHOOK(ETW_KG_IMAGE, 2)
#define ETW_KH_IMAGE_DCSTART	ETW_KHOOK(ETW_KG_IMAGE, 3)
#define ETW_KH_IMAGE_DCEND	ETW_KHOOK(ETW_KG_IMAGE, 4)
/* Windows 10's, decoded when read (etw.ko does not write them) */
#define ETW_KH_IMAGE_KERNEL_BASE ETW_KHOOK(ETW_KG_IMAGE, 33)
#define ETW_KH_IMAGE_HYPERCALL	ETW_KHOOK(ETW_KG_IMAGE, 34)

#define ETW_KH_DISK_READ	ETW_KHOOK(ETW_KG_IO, 10)
#define ETW_KH_DISK_WRITE	ETW_KHOOK(ETW_KG_IO, 11)
#define ETW_KH_DISK_READ_INIT	ETW_KHOOK(ETW_KG_IO, 12)
#define ETW_KH_DISK_WRITE_INIT	ETW_KHOOK(ETW_KG_IO, 13)
#define ETW_KH_DISK_FLUSH	ETW_KHOOK(ETW_KG_IO, 14)
#define ETW_KH_DISK_FLUSH_INIT	ETW_KHOOK(ETW_KG_IO, 15)

#define ETW_KH_FILE_NAME	ETW_KHOOK(ETW_KG_FILE, 0)
#define ETW_KH_FILE_CREATE_NAME	ETW_KHOOK(ETW_KG_FILE, 32)
#define ETW_KH_FILE_RUNDOWN	ETW_KHOOK(ETW_KG_FILE, 36)
#define ETW_KH_FILE_CREATE	ETW_KHOOK(ETW_KG_FILE, 64)
#define ETW_KH_FILE_CLEANUP	ETW_KHOOK(ETW_KG_FILE, 65)
#define ETW_KH_FILE_CLOSE	ETW_KHOOK(ETW_KG_FILE, 66)
#define ETW_KH_FILE_READ	ETW_KHOOK(ETW_KG_FILE, 67)
#define ETW_KH_FILE_WRITE	ETW_KHOOK(ETW_KG_FILE, 68)
#define ETW_KH_FILE_FLUSH	ETW_KHOOK(ETW_KG_FILE, 73)
#define ETW_KH_FILE_OPEND	ETW_KHOOK(ETW_KG_FILE, 76)

#define ETW_KH_TCP_SEND		ETW_KHOOK(ETW_KG_TCPIP, 10)
#define ETW_KH_TCP_RECV		ETW_KHOOK(ETW_KG_TCPIP, 11)
#define ETW_KH_TCP_CONNECT	ETW_KHOOK(ETW_KG_TCPIP, 12)
#define ETW_KH_TCP_DISCONNECT	ETW_KHOOK(ETW_KG_TCPIP, 13)
#define ETW_KH_TCP_RETRANSMIT	ETW_KHOOK(ETW_KG_TCPIP, 14)
#define ETW_KH_TCP_ACCEPT	ETW_KHOOK(ETW_KG_TCPIP, 15)
#define ETW_KH_TCP_IPV6		16	/* + the IPv4 type: SendIPV6 = 26, ... */

#define ETW_KH_SAMPLED_PROFILE	ETW_KHOOK(ETW_KG_PERFINFO, 46)
#define ETW_KH_SYSCALL_ENTER	ETW_KHOOK(ETW_KG_PERFINFO, 51)
#define ETW_KH_SYSCALL_EXIT	ETW_KHOOK(ETW_KG_PERFINFO, 52)
#define ETW_KH_PROFILE_SET_INTERVAL ETW_KHOOK(ETW_KG_PERFINFO, 72)
#define ETW_KH_PROFILE_START	ETW_KHOOK(ETW_KG_PERFINFO, 73)
#define ETW_KH_PROFILE_END	ETW_KHOOK(ETW_KG_PERFINFO, 74)

#define ETW_KH_CONFIG_CPU	ETW_KHOOK(ETW_KG_CONFIG, 10)
#define ETW_KH_CONFIG_PHYDISK	ETW_KHOOK(ETW_KG_CONFIG, 11)

#define ETW_KH_STACKWALK	ETW_KHOOK(ETW_KG_STACKWALK, 32)
#define ETW_KH_ELF_BUILDID	ETW_KHOOK(ETW_KG_IMAGEID, 0)

/* ---- event versions (the class version, EVENT_TRACE_HEADER.Class) -------- */

#define ETW_KV_HEADER_EXT	2
#define ETW_KV_PROCESS		4	/* Process_V4_TypeGroup1 */
#define ETW_KV_PERFCTR		2	/* Process_V2_TypeGroup2 */
#define ETW_KV_THREAD		3	/* Thread_V3_TypeGroup1 */
#define ETW_KV_CSWITCH		2	/* CSwitch */
#define ETW_KV_READY		2	/* ReadyThread */
#define ETW_KV_IMAGE		3	/* Image_Load */
#define ETW_KV_DISK		3	/* DiskIo_TypeGroup1..3 */
#define ETW_KV_FILE		3	/* FileIo_* (Windows 8 layout) */
#define ETW_KV_TCP		2	/* TcpIp_* */
#define ETW_KV_PERFINFO		2	/* SampledProfile, SysCallEnter/Exit */
#define ETW_KV_PROFILE_INTERVAL	3	/* SampledProfileInterval_V3 */
#define ETW_KV_CONFIG_CPU	3	/* SystemConfig_V3_CPU */
#define ETW_KV_CONFIG_PHYDISK	2	/* SystemConfig_V2_PhyDisk */
#define ETW_KV_STACKWALK	2	/* StackWalk_Event */
#define ETW_KV_ELF_BUILDID	0	/* ImageId/ElfBuildId */
/* Classes only Windows writes (a Windows 10 kernel trace has them). */
#define ETW_KV_PARTITION_INFO	2	/* _ETW_PARTITION_INFO_EXTENSION, 48 bytes */
#define ETW_KV_TERMINATE	2	/* Process_Terminate_TypeGroup1 */
#define ETW_KV_DEFUNCT		5	/* Process_Defunct_TypeGroup1: V4 + ExitTime */
#define ETW_KV_IMAGE_V2		2	/* KernelImageBase, HypercallPage */

/* ---- EnableFlags (reference 2.4) ------------------------------------------ */

#define ETW_KF_PROCESS			0x00000001u
#define ETW_KF_THREAD			0x00000002u
#define ETW_KF_IMAGE_LOAD		0x00000004u
#define ETW_KF_PROCESS_COUNTERS		0x00000008u
#define ETW_KF_CSWITCH			0x00000010u
#define ETW_KF_DPC			0x00000020u
#define ETW_KF_INTERRUPT		0x00000040u
#define ETW_KF_SYSTEMCALL		0x00000080u
#define ETW_KF_DISK_IO			0x00000100u
#define ETW_KF_DISK_FILE_IO		0x00000200u
#define ETW_KF_DISK_IO_INIT		0x00000400u
#define ETW_KF_DISPATCHER		0x00000800u
#define ETW_KF_MEMORY_PAGE_FAULTS	0x00001000u
#define ETW_KF_MEMORY_HARD_FAULTS	0x00002000u
#define ETW_KF_VIRTUAL_ALLOC		0x00004000u
#define ETW_KF_VAMAP			0x00008000u
#define ETW_KF_NETWORK_TCPIP		0x00010000u
#define ETW_KF_REGISTRY			0x00020000u
#define ETW_KF_DBGPRINT			0x00040000u
#define ETW_KF_JOB			0x00080000u
#define ETW_KF_ALPC			0x00100000u
#define ETW_KF_SPLIT_IO			0x00200000u
#define ETW_KF_DEBUG_EVENTS		0x00400000u
#define ETW_KF_DRIVER			0x00800000u
#define ETW_KF_PROFILE			0x01000000u
#define ETW_KF_FILE_IO			0x02000000u
#define ETW_KF_FILE_IO_INIT		0x04000000u
#define ETW_KF_NO_SYSCONFIG		0x10000000u

/*
 * The flags etw.ko produces events for; the others are accepted, kept and
 * reported, and produce nothing (Documentation/system-trace.rst).
 */
#define ETW_KF_IMPLEMENTED	(ETW_KF_PROCESS | ETW_KF_THREAD |	\
				 ETW_KF_IMAGE_LOAD |			\
				 ETW_KF_PROCESS_COUNTERS |		\
				 ETW_KF_CSWITCH | ETW_KF_SYSTEMCALL |	\
				 ETW_KF_DISK_IO | ETW_KF_DISK_FILE_IO |	\
				 ETW_KF_DISK_IO_INIT |			\
				 ETW_KF_DISPATCHER |			\
				 ETW_KF_NETWORK_TCPIP |			\
				 ETW_KF_PROFILE | ETW_KF_FILE_IO |	\
				 ETW_KF_FILE_IO_INIT |			\
				 ETW_KF_NO_SYSCONFIG)

/* tracelog's default when the kernel logger is started without -eflag. */
#define ETW_KF_DEFAULT		(ETW_KF_PROCESS | ETW_KF_THREAD |	\
				 ETW_KF_DISK_IO | ETW_KF_NETWORK_TCPIP)

/* ---- payload sizes and offsets (64-bit layouts) ----------------------------- */

/*
 * Process_V4_TypeGroup1: fixed part, then TOKEN_USER + SID, ImageFileName
 * (ANSI), CommandLine, PackageFullName, ApplicationId (UTF-16).
 */
#define ETW_KP_PROC_KEY		0	/* UniqueProcessKey, pointer */
#define ETW_KP_PROC_PID		8
#define ETW_KP_PROC_PPID	12
#define ETW_KP_PROC_SESSION	16
#define ETW_KP_PROC_EXIT	20
#define ETW_KP_PROC_DIRBASE	24	/* pointer */
#define ETW_KP_PROC_FLAGS	32
#define ETW_KP_PROC_FIXED	36
/*
 * The UserSID object: TOKEN_USER {PSID Sid; ULONG Attributes;} (16 bytes,
 * a non-zero Sid field means a SID follows), then the SID itself.
 */
#define ETW_KSID_TOKEN_SIZE	16
#define ETW_KSID_SIZE		16	/* S-1-22-1-uid: 8 + 2 sub-authorities */

/* Process_V2_TypeGroup2 (PerfCtr, PerfCtrRundown); the sizes are bytes */
#define ETW_KP_PERFCTR_PID		0	/* ProcessId */
#define ETW_KP_PERFCTR_FAULTS		4	/* PageFaultCount */
#define ETW_KP_PERFCTR_HANDLES		8	/* HandleCount */
#define ETW_KP_PERFCTR_PEAK_VSIZE	16	/* PeakVirtualSize */
#define ETW_KP_PERFCTR_PEAK_WS		24	/* PeakWorkingSetSize */
#define ETW_KP_PERFCTR_VSIZE		56	/* VirtualSize */
#define ETW_KP_PERFCTR_WS		64	/* WorkingSetSize */
#define ETW_KP_PERFCTR_PRIVATE		96	/* PrivatePageCount */
#define ETW_KP_PERFCTR_SIZE		104

/* Thread_V3_TypeGroup1 */
#define ETW_KP_THREAD_PID	0
#define ETW_KP_THREAD_TID	4
#define ETW_KP_THREAD_STACKBASE	8
#define ETW_KP_THREAD_STACKLIMIT 16
#define ETW_KP_THREAD_USTACKBASE 24
#define ETW_KP_THREAD_USTACKLIMIT 32
#define ETW_KP_THREAD_AFFINITY	40
#define ETW_KP_THREAD_STARTADDR	48
#define ETW_KP_THREAD_TEB	56
#define ETW_KP_THREAD_SUBTAG	64
#define ETW_KP_THREAD_BASEPRIO	68
#define ETW_KP_THREAD_PAGEPRIO	69
#define ETW_KP_THREAD_IOPRIO	70
#define ETW_KP_THREAD_FLAGS	71
#define ETW_KP_THREAD_SIZE	72

/* CSwitch */
#define ETW_KP_CSW_NEW_TID	0
#define ETW_KP_CSW_OLD_TID	4
#define ETW_KP_CSW_NEW_PRIO	8
#define ETW_KP_CSW_OLD_PRIO	9
#define ETW_KP_CSW_CSTATE	10
#define ETW_KP_CSW_SPARE	11
#define ETW_KP_CSW_WAIT_REASON	12
#define ETW_KP_CSW_WAIT_MODE	13
#define ETW_KP_CSW_STATE	14
#define ETW_KP_CSW_IDEAL_CPU	15
#define ETW_KP_CSW_WAIT_TIME	16
#define ETW_KP_CSW_SIZE		24

/* ReadyThread */
#define ETW_KP_READY_TID	0
#define ETW_KP_READY_REASON	4
#define ETW_KP_READY_INCREMENT	5
#define ETW_KP_READY_FLAG	6
#define ETW_KP_READY_SIZE	8

/* Image_Load: fixed part, then FileName (UTF-16) */
/* ImageId/ElfBuildId: ImageBase, ProcessId, BuildIdSize, BuildId[] */
#define ETW_KP_EID_BASE		0
#define ETW_KP_EID_PID		8
#define ETW_KP_EID_SIZE		12
#define ETW_KP_EID_FIXED	16

#define ETW_KP_IMG_BASE		0
#define ETW_KP_IMG_SIZE		8
#define ETW_KP_IMG_PID		16
#define ETW_KP_IMG_CHECKSUM	20
#define ETW_KP_IMG_TIMESTAMP	24
#define ETW_KP_IMG_SIGLEVEL	28
#define ETW_KP_IMG_SIGTYPE	29
#define ETW_KP_IMG_DEFAULTBASE	32
#define ETW_KP_IMG_FIXED	56

/* DiskIo_TypeGroup1 (Read, Write) */
#define ETW_KP_DISK_NUMBER	0
#define ETW_KP_DISK_IRPFLAGS	4
#define ETW_KP_DISK_SIZE_	8	/* TransferSize */
#define ETW_KP_DISK_OFFSET	16
#define ETW_KP_DISK_FILEOBJ	24
#define ETW_KP_DISK_IRP		32
#define ETW_KP_DISK_RESPONSE	40
#define ETW_KP_DISK_TID		48
#define ETW_KP_DISK_SIZE	52
/* DiskIo_TypeGroup2 (ReadInit, WriteInit, FlushInit): Irp, IssuingThreadId */
#define ETW_KP_DISKINIT_SIZE	12
/* DiskIo_TypeGroup3 (FlushBuffers) */
#define ETW_KP_DISKFLUSH_NUMBER	0
#define ETW_KP_DISKFLUSH_IRPFLAGS 4
#define ETW_KP_DISKFLUSH_RESPONSE 8
#define ETW_KP_DISKFLUSH_IRP	16
#define ETW_KP_DISKFLUSH_TID	24
#define ETW_KP_DISKFLUSH_SIZE	28

/* FileIo (version 3) */
#define ETW_KP_FCREATE_IRP	0
#define ETW_KP_FCREATE_FILEOBJ	8
#define ETW_KP_FCREATE_TID	16
#define ETW_KP_FCREATE_OPTIONS	20
#define ETW_KP_FCREATE_ATTRS	24
#define ETW_KP_FCREATE_SHARE	28
#define ETW_KP_FCREATE_FIXED	32	/* then OpenPath, UTF-16 */
#define ETW_KP_FSIMPLE_SIZE	28	/* IrpPtr, FileObject, FileKey, TTID */
#define ETW_KP_FRW_OFFSET	0
#define ETW_KP_FRW_IRP		8
#define ETW_KP_FRW_FILEOBJ	16
#define ETW_KP_FRW_FILEKEY	24
#define ETW_KP_FRW_TID		32
#define ETW_KP_FRW_IOSIZE	36
#define ETW_KP_FRW_IOFLAGS	40
#define ETW_KP_FRW_SIZE		44
#define ETW_KP_FOPEND_SIZE	20	/* IrpPtr, ExtraInfo, NtStatus */
#define ETW_KP_FNAME_FIXED	8	/* FileObject, then FileName */

/* TcpIp (version 2); ports are in network byte order */
#define ETW_KP_TCP_PID		0
#define ETW_KP_TCP_SIZE_	4
#define ETW_KP_TCP4_DADDR	8
#define ETW_KP_TCP4_SADDR	12
#define ETW_KP_TCP4_DPORT	16
#define ETW_KP_TCP4_SPORT	18
#define ETW_KP_TCP4_SIZE	32	/* TypeGroup1: + connid@20, seqnum@28 */
#define ETW_KP_TCP4_SEND_SIZE	40	/* + startime@20 endtime@24 seqnum@28 connid@32 */
#define ETW_KP_TCP4_CONN_SIZE	48	/* + mss..sndwinscale@20..35 seqnum@36 connid@40 */
#define ETW_KP_TCP6_DADDR	8
#define ETW_KP_TCP6_SADDR	24
#define ETW_KP_TCP6_DPORT	40
#define ETW_KP_TCP6_SPORT	42
#define ETW_KP_TCP6_SIZE	56	/* + connid@44, seqnum@52 */
#define ETW_KP_TCP6_SEND_SIZE	64	/* + startime@44 endtime@48 seqnum@52 connid@56 */
#define ETW_KP_TCP6_CONN_SIZE	72	/* + mss..@44..59 seqnum@60 connid@64 */

/* PerfInfo */
#define ETW_KP_PROFILE_SIZE	16	/* InstructionPointer, ThreadId, Count, Reserved */
#define ETW_KP_SYSENTER_SIZE	8	/* SysCallAddress */
#define ETW_KP_SYSEXIT_SIZE	4	/* SysCallNtStatus */
#define ETW_KP_INTERVAL_SOURCE	0	/* Source: 0, ProfileTime */
#define ETW_KP_INTERVAL_NEW	4	/* NewInterval */
#define ETW_KP_INTERVAL_OLD	8	/* OldInterval */
#define ETW_KP_INTERVAL_FIXED	12	/* then SourceName */

/* SystemConfig_V3_CPU */
#define ETW_KP_CPU_MHZ		0
#define ETW_KP_CPU_NCPUS	4	/* NumberOfProcessors */
#define ETW_KP_CPU_MEMSIZE	8	/* MB */
#define ETW_KP_CPU_PAGESIZE	12
#define ETW_KP_CPU_ALLOC_GRAN	16	/* AllocationGranularity */
#define ETW_KP_CPU_COMPUTER	20	/* ComputerName: 256 WCHARs */
#define ETW_KP_CPU_COMPUTER_BYTES 512
#define ETW_KP_CPU_DOMAIN	532	/* DomainName: 134 WCHARs */
#define ETW_KP_CPU_DOMAIN_BYTES	268
#define ETW_KP_CPU_HT		800	/* HyperThreadingFlag, pointer-sized */
#define ETW_KP_CPU_USER_MAX	808	/* HighestUserAddress */
#define ETW_KP_CPU_ARCH		816	/* ProcessorArchitecture, u16 */
#define ETW_KP_CPU_LEVEL	818	/* ProcessorLevel, u16 */
#define ETW_KP_CPU_REVISION	820	/* ProcessorRevision, u16 */
#define ETW_KP_CPU_PAE		822	/* PaeEnabled, u8 */
#define ETW_KP_CPU_NX		823	/* NxEnabled, u8 */
#define ETW_KP_CPU_MEMSPEED	824	/* MemorySpeed */
#define ETW_KP_CPU_SIZE		828
/* ProcessorArchitecture (PROCESSOR_ARCHITECTURE_*) */
#define ETW_KCPU_ARCH_AMD64	9
#define ETW_KCPU_ARCH_ARM64	12

/* SystemConfig_V2_PhyDisk */
#define ETW_KP_PHYDISK_NUMBER	0	/* DiskNumber */
#define ETW_KP_PHYDISK_SECTOR	4	/* BytesPerSector */
#define ETW_KP_PHYDISK_SPT	8	/* SectorsPerTrack */
#define ETW_KP_PHYDISK_TPC	12	/* TracksPerCylinder */
#define ETW_KP_PHYDISK_CYLINDERS 16	/* Cylinders, u64 */
#define ETW_KP_PHYDISK_MANUFACTURER 40	/* Manufacturer: 256 WCHARs */
#define ETW_KP_PHYDISK_MANUFACTURER_BYTES 512
#define ETW_KP_PHYDISK_SIZE	568

/* StackWalk_Event: EventTimeStamp, StackProcess, StackThread, Stack[] */
#define ETW_KP_STACK_FIXED	16
#define ETW_KSTACK_MAX		192	/* frames, as Windows */

/* EventTrace HeaderExtension: GroupMask1..8, KernelEventVersion */
#define ETW_KP_HEADER_EXT_SIZE	36

/* ---- names ------------------------------------------------------------------- */

/**
 * struct etw_kflag_name - one name controllers accept for EnableFlags
 * @name:	as xperf -on or tracelog -eflag spell it (case-insensitive)
 * @flags:	the EVENT_TRACE_FLAG_* bits it stands for
 */
struct etw_kflag_name {
	const char *name;
	u32 flags;
};

extern const struct etw_kflag_name etw_kflag_names[];
extern const unsigned int etw_kflag_names_count;

/*
 * Parse "process,thread+img|0x100" (separators ',', '+', '|'; names and
 * hexadecimal or decimal numbers).  Return: 0, or -EINVAL with *@bad set
 * to the offset of the word not understood.
 */
int etw_kflags_parse(const char *s, u32 *flags, unsigned int *bad);

/* The group's GUID (Windows layout), or NULL for a group we do not know. */
const u8 *etw_kgroup_guid(u8 group);
/* The group of a kernel event class GUID, or -1. */
int etw_kgroup_of_guid(const u8 *guid);
/*
 * The hook of a classic event as consumers see it (ProviderId, Opcode):
 * the group of a known GUID or of a placeholder {000000GG-0000-...}, and
 * Image/Load (type 10 of the Image or the Process group).  -1 if none.
 */
int etw_khook_of(const u8 *provider, u8 opcode);
/* Class and event names of a hook, or NULL. */
const char *etw_kgroup_name(u8 group);
const char *etw_kevent_name(u16 hook);

/* ---- schema (decoders) ------------------------------------------------------ */

enum etw_kfield_type {
	ETW_KT_U8, ETW_KT_S8, ETW_KT_U16, ETW_KT_U32, ETW_KT_S32, ETW_KT_X32,
	ETW_KT_U64, ETW_KT_S64, ETW_KT_PTR, ETW_KT_PORT, ETW_KT_IPV4,
	ETW_KT_IPV6, ETW_KT_SID, ETW_KT_ASTR, ETW_KT_WSTR, ETW_KT_WCHARS,
	ETW_KT_PTRS, ETW_KT_PAD, ETW_KT_BIN, ETW_KT_GUID,
};

/**
 * struct etw_kfield - one field of a kernel event payload
 * @name:	the MOF property name
 * @type:	how it is stored
 * @count:	ETW_KT_WCHARS: characters of the fixed array; ETW_KT_PAD:
 *		bytes skipped (ETW_KT_BIN and ETW_KT_PTRS: the rest of the
 *		payload)
 */
struct etw_kfield {
	const char *name;
	u8 type;
	u16 count;
};

/**
 * struct etw_kclass - the payload of one (hook, version)
 * @hook:	group << 8 | type
 * @version:	event version
 * @name:	"Process/Start", ...
 * @nfields:	entries at @fields
 * @fields:	in payload order
 */
struct etw_kclass {
	u16 hook;
	u8 version;
	const char *name;
	u8 nfields;
	const struct etw_kfield *fields;
};

const struct etw_kclass *etw_kclass_find(u16 hook, u8 version);

/**
 * struct etw_kvalue - one decoded field
 * @field:	its description
 * @data:	its bytes in the payload
 * @len:	how many (for strings: without the terminator)
 */
struct etw_kvalue {
	const struct etw_kfield *field;
	const u8 *data;
	u32 len;
};

/*
 * Walk the fields of @cls over @payload: @fn is called for each field in
 * order.  Return: the number of fields decoded, or -EINVAL when the
 * payload is shorter than the class says (fields up to there were given).
 */
int etw_kdecode(const struct etw_kclass *cls, const u8 *payload, u32 len,
		void (*fn)(const struct etw_kvalue *v, void *arg), void *arg);

#endif /* _ETW_KEVENTS_H */
