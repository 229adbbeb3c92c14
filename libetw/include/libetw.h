/* SPDX-License-Identifier: MIT */
/*
 * libetw native layer: thin wrappers over the /dev/etw ioctls.
 *
 * Every function returns 0 (or a non-negative value) on success and
 * -errno on failure; nothing here sets errno or Win32 last-error.  The
 * Windows-compatible API (evntprov.h, evntrace.h, ...) is built on top of
 * this layer and maps its errors to Win32 codes in one table.
 */
#ifndef _LIBETW_H
#define _LIBETW_H

#include <stdint.h>
#include <linux/etw.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The process-wide /dev/etw descriptor libetw uses for providers and
 * controllers, opened on first use (O_CLOEXEC).  Returns the fd or -errno.
 */
int etw_dev_fd(void);

/*
 * The GUID of provider @name as TraceLogging, EventSource and
 * LinuxTracepoints derive it (SHA-1 name hash; a Linux ETW extension).
 */
struct _GUID;
void etw_provider_guid(const char *name, struct _GUID *guid);

/* Open a new, private descriptor of /dev/etw.  Returns the fd or -errno. */
int etw_dev_open(void);

/* ETW_IOC_GET_INFO on @fd (or the process-wide fd when @fd < 0). */
int etw_get_info(int fd, struct etw_info *info);

/* strerror() for the -errno values this layer returns. */
const char *etw_strerror(int err);

/*
 * What ProcessTrace skipped in a damaged .etl file (a Linux ETW
 * extension; Windows says only ERROR_FILE_CORRUPT).  ProcessTrace
 * delivers every intact buffer and record and skips the damaged ones:
 * a record whose Size is sane but whose inside is not, else the rest of
 * its buffer; a buffer whose header is bad; a copy of an earlier buffer;
 * bytes after the last buffer.  Each damaged place is one struct
 * etw_trace_damage; the first ETW_TRACE_DAMAGE_MAX are kept.
 */
#define ETW_DAMAGE_OPEN		1	/* buffer 0 / header record: OpenTrace failed */
#define ETW_DAMAGE_RECORD	2	/* one record skipped */
#define ETW_DAMAGE_TAIL		3	/* the rest of a buffer skipped */
#define ETW_DAMAGE_BUFFER	4	/* a whole buffer skipped */
#define ETW_DAMAGE_TRUNCATED	5	/* the file ends inside a buffer / too early */
#define ETW_DAMAGE_TRAILING	6	/* bytes after the last buffer */
#define ETW_DAMAGE_DUPLICATE	7	/* a copy of an earlier buffer skipped */
#define ETW_DAMAGE_RESYNC	8	/* a wrong BufferSize: read on where it should end */

#define ETW_TRACE_DAMAGE_MAX	64

struct etw_trace_damage {
	__u32 kind;		/* ETW_DAMAGE_* */
	__s32 error;		/* -EBADMSG: corrupt or truncated data */
	__s64 buffer;		/* buffer position in the file (0 = first), -1: none */
	__u64 file_offset;	/* of the damaged bytes */
	__u64 bytes;		/* skipped because of it */
	char reason[256];	/* "buffer 3 (file offset 0x6000), offset 0x48: ..." */
};

struct etw_trace_damage_totals {
	__u32 damages;		/* damaged places, all kinds */
	__u32 records;		/* records skipped (ETW_DAMAGE_RECORD) */
	__u32 tails;		/* buffer tails skipped */
	__u32 buffers;		/* whole buffers skipped */
	__u32 duplicates;	/* duplicate buffers skipped */
	__u32 reserved;
	__u64 bytes;		/* bytes skipped, all kinds */
};

/*
 * For the file handle @handle (OpenTrace), after ProcessTrace: the
 * totals, or damage number @index (0 .. min(damages, 64) - 1).  Return 0,
 * -EBADF (no such file handle), -ENOENT (no such damage), -EINVAL.
 */
int etw_trace_damage_totals(__u64 handle, struct etw_trace_damage_totals *t);
int etw_trace_damage(__u64 handle, unsigned int index, struct etw_trace_damage *d);

/*
 * Why the last OpenTrace of a file failed on this thread (what and
 * where, e.g. a damaged buffer 0); -ENOENT if it did not fail.
 */
int etw_trace_open_error(struct etw_trace_damage *d);

/* "record", "buffer", ... for an ETW_DAMAGE_* kind. */
const char *etw_damage_kind_name(unsigned int kind);

/*
 * The fast path (Documentation/userspace-api.rst, "The fast path"):
 * EventWrite*, TraceEvent and TraceMessage write into stages etw.ko maps
 * into the process, with no system call per event, when the module offers
 * it (ETW_FEAT_FASTPATH) and ETW_FASTPATH=0 was not in the environment
 * when libetw first wrote.
 *
 * etw_fastpath_set(): turn it on (1) or off (0) for the whole process from
 * now on (on only where the module offers it); returns whether it was
 * on, or -errno.  For benchmarks and tests; programs need not call it.
 */
struct etw_fastpath_stats {
	uint64_t events;	/* records written into stages */
	uint64_t seals;		/* full stages handed to the module */
	uint64_t stages;	/* stages opened */
	uint64_t fallbacks;	/* writes that took the ioctl path */
	uint32_t enabled;	/* the fast path is on */
	uint32_t __reserved;
};

int etw_fastpath_set(int on);
int etw_fastpath_stats(struct etw_fastpath_stats *stats);

/*
 * Blocking sessions (Documentation/design.rst, "Losses, blocking, and the
 * rates a file can carry"): TraceSetInformation(session,
 * ETW_TRACE_BLOCKING_INFO, &ms, sizeof(ULONG)) with ms the longest wait
 * in milliseconds (1..60000; 0: the default mode, events dropped and
 * counted when the session has no free buffer).  Writers whose events
 * are for a blocking session wait, killably, while fewer than half of
 * its buffers are free.  TraceQueryInformation returns the ULONG.  A
 * Linux ETW class: Windows has no such mode.
 */
#define ETW_TRACE_BLOCKING_INFO		0x10000

#ifdef __cplusplus
}
#endif

#endif /* _LIBETW_H */
