// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NT Kernel Logger's event definitions (kmod/shared/etw_kevents.c):
 * EnableFlags names as xperf and tracelog accept them, UTF-8 to UTF-16,
 * the group GUIDs, and the payload layouts.  The offsets below are those
 * independent parsers read (PerfView's KernelTraceEventParser and snail's
 * etl parser, from wmicore.mof); the schema etw.ko writes and etwdump
 * decodes must put every field exactly there.
 */
#include <string.h>
#include <windows.h>
#include <evntrace.h>
#include "shared/etw_kevents.h"

#include "../kselftest_harness.h"

TEST(flag_names)
{
	unsigned int bad = 99;
	u32 f = 0;

	ASSERT_EQ(0, etw_kflags_parse("process,thread+img|0x100", &f, &bad));
	EXPECT_EQ(ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		  ETW_KF_DISK_IO, f);
	/* xperf -on spells them in capitals, joined by '+' */
	ASSERT_EQ(0, etw_kflags_parse("PROC_THREAD+LOADER+CSWITCH+DISK_IO", &f, &bad));
	EXPECT_EQ(ETW_KF_PROCESS | ETW_KF_THREAD | ETW_KF_IMAGE_LOAD |
		  ETW_KF_CSWITCH | ETW_KF_DISK_IO, f);
	/* tracelog -eflag: fileio is FILE_IO_INIT, fileiocompletion FILE_IO */
	ASSERT_EQ(0, etw_kflags_parse("fileio", &f, &bad));
	EXPECT_EQ(ETW_KF_FILE_IO_INIT, f);
	ASSERT_EQ(0, etw_kflags_parse("fileiocompletion", &f, &bad));
	EXPECT_EQ(ETW_KF_FILE_IO, f);
	ASSERT_EQ(0, etw_kflags_parse("net,syscall,proccntr,profile,dispatcher", &f, &bad));
	EXPECT_EQ(ETW_KF_NETWORK_TCPIP | ETW_KF_SYSTEMCALL |
		  ETW_KF_PROCESS_COUNTERS | ETW_KF_PROFILE | ETW_KF_DISPATCHER, f);
	ASSERT_EQ(0, etw_kflags_parse("default", &f, &bad));
	EXPECT_EQ(ETW_KF_DEFAULT, f);
	ASSERT_EQ(0, etw_kflags_parse("", &f, &bad));
	EXPECT_EQ(0, f);
	ASSERT_EQ(0, etw_kflags_parse("4294967295", &f, &bad));
	EXPECT_EQ(0xFFFFFFFFu, f);
	/* what is not understood is reported where it starts */
	EXPECT_EQ(-EINVAL, etw_kflags_parse("process,bogus", &f, &bad));
	EXPECT_EQ(8, bad);
	EXPECT_EQ(-EINVAL, etw_kflags_parse("0x100000000", &f, &bad));
	EXPECT_EQ(-EINVAL, etw_kflags_parse("0x", &f, &bad));
}

TEST(group_guids_are_the_sdks)
{
	EXPECT_EQ(0, memcmp(&ProcessGuid, etw_kgroup_guid(ETW_KG_PROCESS), 16));
	EXPECT_EQ(0, memcmp(&ThreadGuid, etw_kgroup_guid(ETW_KG_THREAD), 16));
	EXPECT_EQ(0, memcmp(&ImageLoadGuid, etw_kgroup_guid(ETW_KG_IMAGE), 16));
	EXPECT_EQ(0, memcmp(&DiskIoGuid, etw_kgroup_guid(ETW_KG_IO), 16));
	EXPECT_EQ(0, memcmp(&FileIoGuid, etw_kgroup_guid(ETW_KG_FILE), 16));
	EXPECT_EQ(0, memcmp(&TcpIpGuid, etw_kgroup_guid(ETW_KG_TCPIP), 16));
	EXPECT_EQ(0, memcmp(&PerfInfoGuid, etw_kgroup_guid(ETW_KG_PERFINFO), 16));
	EXPECT_EQ(0, memcmp(&StackWalkGuid, etw_kgroup_guid(ETW_KG_STACKWALK), 16));
	EXPECT_EQ(0, memcmp(&EventTraceConfigGuid, etw_kgroup_guid(ETW_KG_CONFIG), 16));
	EXPECT_EQ(0, memcmp(&EventTraceGuid, etw_kgroup_guid(ETW_KG_HEADER), 16));
	EXPECT_EQ(NULL, etw_kgroup_guid(0x7F));
}

TEST(hooks_as_consumers_see_them)
{
	static const u8 placeholder[16] = { ETW_KG_STACKWALK };
	static const u8 other[16] = { 1, 2, 3 };

	EXPECT_EQ(ETW_KH_PROCESS_START, etw_khook_of((const u8 *)&ProcessGuid, 1));
	/* Image/Load: type 10 of the Process group or of ImageLoad */
	EXPECT_EQ(ETW_KH_IMAGE_LOAD, etw_khook_of((const u8 *)&ProcessGuid, 10));
	EXPECT_EQ(ETW_KH_IMAGE_LOAD, etw_khook_of((const u8 *)&ImageLoadGuid, 10));
	EXPECT_EQ(ETW_KH_IMAGE_DCSTART, etw_khook_of((const u8 *)&ImageLoadGuid, 3));
	/* a group without a GUID: {000000GG-0000-...} */
	EXPECT_EQ(ETW_KH_STACKWALK, etw_khook_of(placeholder, 32));
	EXPECT_EQ(-1, etw_khook_of(other, 1));
}

struct at {
	const char *name;
	long off;
	const u8 *base;
	u32 end;
};

static void at_cb(const struct etw_kvalue *v, void *arg)
{
	struct at *a = arg;

	if (!strcmp(v->field->name, a->name))
		a->off = v->data - a->base;
	a->end = v->data - a->base + v->len;
}

/* Offset of @name in a zeroed payload of @len bytes of (@hook, @ver). */
static long offset_of(u16 hook, u8 ver, const char *name, u32 len)
{
	static u8 buf[4096];
	const struct etw_kclass *c = etw_kclass_find(hook, ver);
	struct at a = { name, -1, buf, 0 };

	memset(buf, 0, sizeof(buf));
	if (!c || etw_kdecode(c, buf, len, at_cb, &a) != c->nfields)
		return -2;
	return a.off;
}

/* The fixed payload ends exactly at @len: one byte less does not decode. */
static int exact(u16 hook, u8 ver, u32 len)
{
	static u8 buf[4096];
	const struct etw_kclass *c = etw_kclass_find(hook, ver);

	memset(buf, 0, sizeof(buf));
	return c && etw_kdecode(c, buf, len, at_cb, &(struct at){ "", -1, buf, 0 }) ==
		    c->nfields &&
	       etw_kdecode(c, buf, len - 1, at_cb, &(struct at){ "", -1, buf, 0 }) < 0;
}

TEST(process_v4)
{
	u16 h = ETW_KH_PROCESS_START;

	EXPECT_EQ(8, offset_of(h, 4, "ProcessId", 200));
	EXPECT_EQ(12, offset_of(h, 4, "ParentId", 200));
	EXPECT_EQ(20, offset_of(h, 4, "ExitStatus", 200));
	EXPECT_EQ(24, offset_of(h, 4, "DirectoryTableBase", 200));
	EXPECT_EQ(32, offset_of(h, 4, "Flags", 200));
	EXPECT_EQ(36, offset_of(h, 4, "UserSID", 200));
	/* no SID (4 zero bytes): the name follows at once */
	EXPECT_EQ(40, offset_of(h, 4, "ImageFileName", 200));
}

TEST(thread_cswitch_ready)
{
	EXPECT_EQ(4, offset_of(ETW_KH_THREAD_START, 3, "TThreadId", 72));
	EXPECT_EQ(40, offset_of(ETW_KH_THREAD_START, 3, "Affinity", 72));
	EXPECT_EQ(64, offset_of(ETW_KH_THREAD_START, 3, "SubProcessTag", 72));
	EXPECT_EQ(71, offset_of(ETW_KH_THREAD_START, 3, "ThreadFlags", 72));
	EXPECT_TRUE(exact(ETW_KH_THREAD_DCEND, 3, ETW_KP_THREAD_SIZE));
	EXPECT_EQ(16, offset_of(ETW_KH_CSWITCH, 2, "NewThreadWaitTime", 24));
	EXPECT_EQ(15, offset_of(ETW_KH_CSWITCH, 2, "OldThreadWaitIdealProcessor", 24));
	EXPECT_TRUE(exact(ETW_KH_CSWITCH, 2, ETW_KP_CSW_SIZE));
	EXPECT_TRUE(exact(ETW_KH_READY_THREAD, 2, ETW_KP_READY_SIZE));
}

TEST(image_disk_file)
{
	EXPECT_EQ(16, offset_of(ETW_KH_IMAGE_LOAD, 3, "ProcessId", 100));
	EXPECT_EQ(32, offset_of(ETW_KH_IMAGE_LOAD, 3, "DefaultBase", 100));
	EXPECT_EQ(56, offset_of(ETW_KH_IMAGE_LOAD, 3, "FileName", 100));
	EXPECT_EQ(16, offset_of(ETW_KH_DISK_READ, 3, "ByteOffset", 52));
	EXPECT_EQ(32, offset_of(ETW_KH_DISK_READ, 3, "Irp", 52));
	EXPECT_EQ(48, offset_of(ETW_KH_DISK_WRITE, 3, "IssuingThreadId", 52));
	EXPECT_TRUE(exact(ETW_KH_DISK_READ, 3, ETW_KP_DISK_SIZE));
	EXPECT_TRUE(exact(ETW_KH_DISK_READ_INIT, 3, ETW_KP_DISKINIT_SIZE));
	EXPECT_EQ(16, offset_of(ETW_KH_DISK_FLUSH, 3, "Irp", 28));
	EXPECT_TRUE(exact(ETW_KH_DISK_FLUSH, 3, ETW_KP_DISKFLUSH_SIZE));
	EXPECT_EQ(16, offset_of(ETW_KH_FILE_CREATE, 3, "TTID", 60));
	EXPECT_EQ(32, offset_of(ETW_KH_FILE_CREATE, 3, "OpenPath", 60));
	EXPECT_EQ(16, offset_of(ETW_KH_FILE_READ, 3, "FileObject", 44));
	EXPECT_EQ(24, offset_of(ETW_KH_FILE_READ, 3, "FileKey", 44));
	EXPECT_EQ(36, offset_of(ETW_KH_FILE_WRITE, 3, "IoSize", 44));
	EXPECT_TRUE(exact(ETW_KH_FILE_READ, 3, ETW_KP_FRW_SIZE));
	EXPECT_TRUE(exact(ETW_KH_FILE_CLOSE, 3, ETW_KP_FSIMPLE_SIZE));
	EXPECT_TRUE(exact(ETW_KH_FILE_OPEND, 3, ETW_KP_FOPEND_SIZE));
	EXPECT_EQ(8, offset_of(ETW_KH_FILE_CREATE_NAME, 3, "FileName", 20));
}

TEST(tcpip_perfinfo_config_stack)
{
	u16 v6 = ETW_KH_TCP_IPV6;

	EXPECT_EQ(20, offset_of(ETW_KH_TCP_RECV, 2, "connid", 32));
	EXPECT_TRUE(exact(ETW_KH_TCP_RECV, 2, ETW_KP_TCP4_SIZE));
	EXPECT_EQ(32, offset_of(ETW_KH_TCP_SEND, 2, "connid", 40));
	EXPECT_TRUE(exact(ETW_KH_TCP_SEND, 2, ETW_KP_TCP4_SEND_SIZE));
	EXPECT_EQ(36, offset_of(ETW_KH_TCP_CONNECT, 2, "seqnum", 48));
	EXPECT_TRUE(exact(ETW_KH_TCP_ACCEPT, 2, ETW_KP_TCP4_CONN_SIZE));
	EXPECT_EQ(44, offset_of(ETW_KH_TCP_RECV + v6, 2, "connid", 56));
	EXPECT_TRUE(exact(ETW_KH_TCP_RECV + v6, 2, ETW_KP_TCP6_SIZE));
	EXPECT_EQ(56, offset_of(ETW_KH_TCP_SEND + v6, 2, "connid", 64));
	EXPECT_EQ(64, offset_of(ETW_KH_TCP_CONNECT + v6, 2, "connid", 72));
	EXPECT_TRUE(exact(ETW_KH_SAMPLED_PROFILE, 2, ETW_KP_PROFILE_SIZE));
	EXPECT_EQ(8, offset_of(ETW_KH_SAMPLED_PROFILE, 2, "ThreadId", 16));
	EXPECT_TRUE(exact(ETW_KH_SYSCALL_ENTER, 2, ETW_KP_SYSENTER_SIZE));
	EXPECT_TRUE(exact(ETW_KH_SYSCALL_EXIT, 2, ETW_KP_SYSEXIT_SIZE));
	EXPECT_EQ(532, offset_of(ETW_KH_CONFIG_CPU, 3, "DomainName", 828));
	EXPECT_EQ(800, offset_of(ETW_KH_CONFIG_CPU, 3, "HyperThreadingFlag", 828));
	EXPECT_EQ(824, offset_of(ETW_KH_CONFIG_CPU, 3, "MemorySpeed", 828));
	EXPECT_TRUE(exact(ETW_KH_CONFIG_CPU, 3, ETW_KP_CPU_SIZE));
	EXPECT_EQ(552, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "PartitionCount", 568));
	EXPECT_EQ(558, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "BootDriveLetter", 568));
	EXPECT_TRUE(exact(ETW_KH_CONFIG_PHYDISK, 2, ETW_KP_PHYDISK_SIZE));
	/* The offsets etw_ksys_rundown.c writes at are the decoder's. */
	EXPECT_EQ(ETW_KP_CPU_NCPUS, offset_of(ETW_KH_CONFIG_CPU, 3, "NumberOfProcessors", 828));
	EXPECT_EQ(ETW_KP_CPU_MEMSIZE, offset_of(ETW_KH_CONFIG_CPU, 3, "MemSize", 828));
	EXPECT_EQ(ETW_KP_CPU_PAGESIZE, offset_of(ETW_KH_CONFIG_CPU, 3, "PageSize", 828));
	EXPECT_EQ(ETW_KP_CPU_ALLOC_GRAN, offset_of(ETW_KH_CONFIG_CPU, 3, "AllocationGranularity", 828));
	EXPECT_EQ(ETW_KP_CPU_COMPUTER, offset_of(ETW_KH_CONFIG_CPU, 3, "ComputerName", 828));
	EXPECT_EQ(ETW_KP_CPU_COMPUTER + ETW_KP_CPU_COMPUTER_BYTES, ETW_KP_CPU_DOMAIN);
	EXPECT_EQ(ETW_KP_CPU_DOMAIN, offset_of(ETW_KH_CONFIG_CPU, 3, "DomainName", 828));
	EXPECT_EQ(ETW_KP_CPU_DOMAIN + ETW_KP_CPU_DOMAIN_BYTES, ETW_KP_CPU_HT);
	EXPECT_EQ(ETW_KP_CPU_HT, offset_of(ETW_KH_CONFIG_CPU, 3, "HyperThreadingFlag", 828));
	EXPECT_EQ(ETW_KP_CPU_USER_MAX, offset_of(ETW_KH_CONFIG_CPU, 3, "HighestUserAddress", 828));
	EXPECT_EQ(ETW_KP_CPU_ARCH, offset_of(ETW_KH_CONFIG_CPU, 3, "ProcessorArchitecture", 828));
	EXPECT_EQ(ETW_KP_CPU_LEVEL, offset_of(ETW_KH_CONFIG_CPU, 3, "ProcessorLevel", 828));
	EXPECT_EQ(ETW_KP_CPU_REVISION, offset_of(ETW_KH_CONFIG_CPU, 3, "ProcessorRevision", 828));
	EXPECT_EQ(ETW_KP_CPU_PAE, offset_of(ETW_KH_CONFIG_CPU, 3, "PaeEnabled", 828));
	EXPECT_EQ(ETW_KP_CPU_NX, offset_of(ETW_KH_CONFIG_CPU, 3, "NxEnabled", 828));
	EXPECT_EQ(ETW_KP_CPU_MEMSPEED, offset_of(ETW_KH_CONFIG_CPU, 3, "MemorySpeed", 828));
	EXPECT_EQ(ETW_KP_PHYDISK_SECTOR, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "BytesPerSector", 568));
	EXPECT_EQ(ETW_KP_PHYDISK_SPT, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "SectorsPerTrack", 568));
	EXPECT_EQ(ETW_KP_PHYDISK_TPC, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "TracksPerCylinder", 568));
	EXPECT_EQ(ETW_KP_PHYDISK_CYLINDERS, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "Cylinders", 568));
	EXPECT_EQ(ETW_KP_PHYDISK_MANUFACTURER, offset_of(ETW_KH_CONFIG_PHYDISK, 2, "Manufacturer", 568));
	EXPECT_EQ(ETW_KP_PHYDISK_MANUFACTURER + ETW_KP_PHYDISK_MANUFACTURER_BYTES,
		  offset_of(ETW_KH_CONFIG_PHYDISK, 2, "PartitionCount", 568));
	EXPECT_EQ(ETW_KP_PERFCTR_FAULTS, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "PageFaultCount", 104));
	EXPECT_EQ(ETW_KP_PERFCTR_HANDLES, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "HandleCount", 104));
	EXPECT_EQ(ETW_KP_PERFCTR_PEAK_VSIZE, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "PeakVirtualSize", 104));
	EXPECT_EQ(ETW_KP_PERFCTR_PEAK_WS, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "PeakWorkingSetSize", 104));
	EXPECT_EQ(ETW_KP_PERFCTR_VSIZE, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "VirtualSize", 104));
	EXPECT_EQ(ETW_KP_PERFCTR_WS, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "WorkingSetSize", 104));
	EXPECT_EQ(ETW_KP_PERFCTR_PRIVATE, offset_of(ETW_KH_PROCESS_PERFCTR_RD, 2, "PrivatePageCount", 104));
	EXPECT_EQ(ETW_KP_INTERVAL_NEW, offset_of(ETW_KH_PROFILE_SET_INTERVAL, ETW_KV_PROFILE_INTERVAL, "NewInterval", 22));
	EXPECT_EQ(ETW_KP_INTERVAL_OLD, offset_of(ETW_KH_PROFILE_SET_INTERVAL, ETW_KV_PROFILE_INTERVAL, "OldInterval", 22));
	EXPECT_EQ(ETW_KP_INTERVAL_FIXED, offset_of(ETW_KH_PROFILE_SET_INTERVAL, ETW_KV_PROFILE_INTERVAL, "SourceName", 22));
	EXPECT_EQ(16, offset_of(ETW_KH_STACKWALK, 2, "Stack", 40));
	EXPECT_TRUE(exact(ETW_KH_HEADER_EXTENSION, 2, ETW_KP_HEADER_EXT_SIZE));
	/* an unknown version is no class */
	EXPECT_EQ(NULL, etw_kclass_find(ETW_KH_PROCESS_START, 3));
}

TEST_HARNESS_MAIN
