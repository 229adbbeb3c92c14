/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * Linux ETW: the ABI between etw.ko and user space (libetw, tools).
 *
 * Conventions (Documentation/userspace-api.rst):
 *
 *  - One character device, /dev/etw, one ioctl magic (ETW_IOC_MAGIC).
 *    An unknown command number or direction fails with -ENOTTY.
 *  - Every argument struct is size-extensible: the size user space was
 *    compiled with travels in the command number (_IOC_SIZE).  The kernel
 *    accepts any size from the struct's first published size
 *    (ETW_*_SIZE_VER0) up to ETW_IOC_MAX_SIZE.  A smaller size is -EINVAL.
 *    A larger struct from newer user space is accepted only if every byte
 *    beyond what this kernel knows is zero (else -E2BIG), as with
 *    copy_struct_from_user().  Output is written up to the smaller of the
 *    two sizes and the rest of a larger user struct is zeroed.
 *  - Only fixed-width types; user pointers travel as __aligned_u64.
 *  - Every flags field has a mask (ETW_*_FLAGS_MASK): unknown bits are
 *    -EINVAL.  Every reserved field must be zero on input (-EINVAL).
 *  - ETW_IOC_GET_INFO reports the ABI version, the feature bits and the
 *    limits, so user space discovers instead of assuming.
 */
#ifndef _UAPI_LINUX_ETW_H
#define _UAPI_LINUX_ETW_H

#include <linux/types.h>
#include <linux/ioctl.h>

#define ETW_DEVICE_PATH		"/dev/etw"
#define ETW_ABI_VERSION		1
#define ETW_IOC_MAGIC		0xE7

/* Largest argument struct the kernel will look at (bytes). */
#define ETW_IOC_MAX_SIZE	4096

/* Feature bits reported by ETW_IOC_GET_INFO (features). */
#define ETW_FEAT_INFO		(1ULL << 0)	/* ETW_IOC_GET_INFO */
#define ETW_FEAT_PROVIDERS	(1ULL << 1)	/* REGISTER, SET_INFO, enable map, notifications */
#define ETW_FEAT_SESSIONS	(1ULL << 2)	/* SESSION_*, ENABLE, disallow lists, group ACLs */
#define ETW_FEAT_WRITE		(1ULL << 3)	/* ETW_IOC_WRITE into session buffers */
#define ETW_FEAT_CONSUMERS	(1ULL << 4)	/* real-time consumers */
#define ETW_FEAT_CLASSIC	(1ULL << 5)	/* classic providers, ETW_IOC_TRACE_EVENT */
#define ETW_FEAT_LOGFILE	(1ULL << 6)	/* log-file sessions */
#define ETW_FEAT_MESSAGE	(1ULL << 7)	/* ETW_IOC_TRACE_MESSAGE */
#define ETW_FEAT_QUERY		(1ULL << 8)	/* ETW_IOC_QUERY_GUIDS */
#define ETW_FEAT_SYSTEM		(1ULL << 9)	/* system loggers, ETW_IOC_SYSTEM_INFO */
#define ETW_FEAT_FASTPATH_V1	(1ULL << 10)	/* retired: issue 10's per-session stages */
#define ETW_FEAT_FASTPATH	(1ULL << 11)	/* per-thread stages, fast map v2, the global page */
#define ETW_FEAT_STACKS		(1ULL << 12)	/* EVENT_ENABLE_PROPERTY_STACK_TRACE: stacks on events */

/* Limits, also reported by ETW_IOC_GET_INFO. */
#define ETW_MAX_SESSIONS		64
#define ETW_MAX_REGS_PER_FD		2048
#define ETW_MAX_EVENT_SIZE		65535	/* header + ext items + payload */
#define ETW_BUFFER_HEADER_SIZE		72	/* WMI_BUFFER_HEADER */
#define ETW_MIN_BUFFER_KB		4
#define ETW_MAX_BUFFER_KB		16384
#define ETW_MAX_FILTERS			13
#define ETW_MAX_DATA_DESCRIPTORS	128
/* Return addresses a STACK_TRACE64 item holds at most (Windows' 192). */
#define ETW_MAX_STACK_FRAMES		192
#define ETW_MAX_NAME_BYTES		4095	/* session name, UTF-8, no NUL */
#define ETW_MAX_PATH_BYTES		4095	/* log file path, UTF-8, no NUL */
#define ETW_MAX_TRAITS_SIZE		65535
#define ETW_MAX_DISALLOW		1024	/* GUIDs per disallow list */
#define ETW_MAX_ACL_ENTRIES		64
#define ETW_MAX_SESSIONS_PER_PROVIDER	8	/* modern providers */

/**
 * struct etw_info - what this etw.ko is (ETW_IOC_GET_INFO)
 * @size:	out: bytes of this struct the kernel filled in
 * @flags:	in: must be 0
 * @abi_version: out: ETW_ABI_VERSION of the running module
 * @nr_cpu_ids:	out: CPU indexes run from 0 to nr_cpu_ids - 1
 * @features:	out: ETW_FEAT_* bits
 * @max_sessions: out: sessions that may run at once
 * @max_regs_per_fd: out: provider registrations per open file
 * @max_event_size: out: largest event, header and extended items included
 * @buffer_header_size: out: bytes reserved at the start of every buffer
 * @min_buffer_kb: out: smallest session BufferSize (KB)
 * @max_buffer_kb: out: largest session BufferSize (KB)
 * @max_filters: out: filter descriptors per enable call
 * @page_size:	out: PAGE_SIZE, the granule of every mmap offset
 * @fast_max_record: out: largest ETL record a stage takes (bytes; 0
 *		without ETW_FEAT_FASTPATH); in: must be 0
 * @max_stages_per_fd: out: stages one open file may have (0 without
 *		ETW_FEAT_FASTPATH); in: must be 0
 * @__reserved:	in: must be 0; out: 0
 */
struct etw_info {
	__u32 size;
	__u32 flags;
	__u32 abi_version;
	__u32 nr_cpu_ids;
	__aligned_u64 features;
	__u32 max_sessions;
	__u32 max_regs_per_fd;
	__u32 max_event_size;
	__u32 buffer_header_size;
	__u32 min_buffer_kb;
	__u32 max_buffer_kb;
	__u32 max_filters;
	__u32 page_size;
	__u32 fast_max_record;
	__u32 max_stages_per_fd;
	__aligned_u64 __reserved[3];
};
#define ETW_INFO_SIZE_VER0	88
#define ETW_INFO_FLAGS_MASK	0U

/*
 * ===== Providers ========================================================
 *
 * A registration (EventRegister, RegisterTraceGuids) belongs to the open
 * file it was made on and dies with it.  Any user may register.
 *
 * The enable map.  mmap(NULL, ETW_ENABLE_MAP_SIZE, PROT_READ, MAP_SHARED,
 * fd, ETW_MMAP_ENABLE_MAP) maps one read-only etw_enable_slot per
 * registration of this file (index = etw_register.slot).  The kernel
 * publishes each registration's aggregated enable state there so that
 * EventEnabled() is a few loads: Level = max over enabling sessions,
 * MatchAnyKeyword = OR, MatchAllKeyword = AND (seed 000, rules 10, 12, 14).
 *
 * Memory ordering: a slot is a seqcount.  The kernel makes @seq odd,
 * writes the fields, then makes @seq even again (smp_wmb() between the
 * steps).  Readers: s = load-acquire(seq); if (s & 1) retry; read the
 * fields; smp_rmb(); retry if seq != s.
 */
#define ETW_MMAP_ENABLE_MAP	0

/* etw_enable_slot.flags */
#define ETW_SLOT_KEYWORD0	0x01	/* events with Keyword 0 pass */
#define ETW_SLOT_CLASSIC	0x02	/* registration is a classic provider */
/*
 * ETW_SLOT_STACK: a session wants its events with the writer's call stack
 * (ETW_IOC_WRITE's @stack; a stage record's STACK_TRACE64).
 */
#define ETW_SLOT_STACK		0x04

/**
 * struct etw_enable_slot - aggregated enable state of one registration
 * @seq:	seqcount, see above
 * @enabled:	1 while any session enables this registration
 * @level:	max level over enabling sessions (a session's 0 counts as 255)
 * @flags:	ETW_SLOT_*
 * @__pad:	0
 * @match_any:	OR of the sessions' MatchAnyKeyword (a modern provider's 0
 *		counts as all bits)
 * @match_all:	AND of the sessions' MatchAllKeyword
 * @logger:	classic providers: handle of the one session that enables it
 */
struct etw_enable_slot {
	__u32 seq;
	__u8 enabled;
	__u8 level;
	__u8 flags;
	__u8 __pad;
	__aligned_u64 match_any;
	__aligned_u64 match_all;
	__aligned_u64 logger;
};
#define ETW_ENABLE_MAP_SIZE	(ETW_MAX_REGS_PER_FD * 32)

/* etw_register.flags */
#define ETW_REG_F_CALLBACK	0x1	/* queue enable notifications (PENABLECALLBACK) */
#define ETW_REG_F_CLASSIC	0x2	/* RegisterTraceGuids: WMIDPREQUEST semantics */
#define ETW_REG_FLAGS_MASK	0x3U

/**
 * struct etw_register - ETW_IOC_REGISTER: EventRegister / RegisterTraceGuids
 * @guid:	in: provider (control) GUID, Windows memory layout
 * @flags:	in: ETW_REG_F_*
 * @slot:	out: index of the registration's etw_enable_slot
 * @handle:	out: registration handle (never 0)
 * @notify_seq:	out: with ETW_REG_F_CALLBACK, when a session already enables
 *		the provider, the sequence number of the ENABLE notification
 *		queued for it (seed 000: the callback runs before EventRegister
 *		returns); else 0
 * @__reserved:	must be 0
 */
struct etw_register {
	__u8 guid[16];
	__u32 flags;
	__u32 slot;
	__aligned_u64 handle;
	__aligned_u64 notify_seq;
	__aligned_u64 __reserved[2];
};
#define ETW_REGISTER_SIZE_VER0	56

/**
 * struct etw_unregister - ETW_IOC_UNREGISTER
 * @handle:	registration; pending notifications for it are dropped
 * @__reserved:	must be 0
 */
struct etw_unregister {
	__aligned_u64 handle;
	__aligned_u64 __reserved;
};
#define ETW_UNREGISTER_SIZE_VER0 16

/* etw_set_info.info_class: EVENT_INFO_CLASS values */
#define ETW_INFO_BINARY_TRACK		0	/* EventProviderBinaryTrackInfo */
#define ETW_INFO_SET_TRAITS		2	/* EventProviderSetTraits */
#define ETW_INFO_USE_DESCRIPTOR_TYPE	3	/* EventProviderUseDescriptorType */

/**
 * struct etw_set_info - ETW_IOC_SET_INFO: EventSetInformation
 * @handle:	registration
 * @info_class:	ETW_INFO_*; others -EOPNOTSUPP
 * @length:	bytes at @data
 * @data:	const void *
 * @__reserved:	must be 0
 *
 * ETW_INFO_SET_TRAITS: the provider-traits blob of seed 004, validated
 * strictly (-EINVAL); settable once per registration (-EEXIST after).  A
 * group trait joins the group; if the group's ACL does not admit the
 * caller the call fails with -EACCES and nothing is stored.
 * ETW_INFO_USE_DESCRIPTOR_TYPE: one byte; 0 turns it off, any other value on.
 */
struct etw_set_info {
	__aligned_u64 handle;
	__u32 info_class;
	__u32 length;
	__aligned_u64 data;
	__aligned_u64 __reserved;
};
#define ETW_SET_INFO_SIZE_VER0	32

/*
 * Notifications.  read(2) on the file returns whole etw_notification
 * records (each followed by its whole filter data, padded to 8 bytes;
 * filter data is never cut); a buffer too small for the first record is
 * -EINVAL (ETW_NOTIFY_MAX_SIZE always suffices); no record pending is -EAGAIN
 * with O_NONBLOCK, else read blocks.  poll(2) reports POLLIN while any is
 * pending.  Only registrations made with ETW_REG_F_CALLBACK get them.
 * Notifications carry the registration's state when they are read, so a
 * burst of changes may arrive as one (the callback sees the resulting
 * configuration, seed 000 rule 19); CAPTURE_STATE requests are never
 * merged away.  After running the callbacks user space acknowledges with
 * ETW_IOC_NOTIFY_ACK; session-control ioctls wait (bounded) for the
 * acknowledgements of the notifications they caused.
 */
#define ETW_NOTIFY_MAX_SIZE	69632	/* >= 80 + 64 * (24 + 1024): one record */

/* etw_notification.flags */
#define ETW_NOTIFY_F_CLASSIC	0x1	/* for a classic (WMIDPREQUEST) registration */

/**
 * struct etw_notification - one enable notification
 * @size:	bytes of this record incl. filter data, multiple of 8
 * @code:	EVENT_CONTROL_CODE_*: 0 disable, 1 enable, 2 capture state
 * @handle:	registration
 * @seq:	sequence number to acknowledge
 * @source_id:	the enabling caller's SourceId, or GUID_NULL (seed 000, 2-3)
 * @level:	aggregated level
 * @__pad:	0
 * @flags:	ETW_NOTIFY_F_*
 * @filter_type: EVENT_FILTER_DESCRIPTOR.Type of the filter data, if any
 * @filter_size: bytes of filter data following this struct (0 = none)
 * @match_any:	aggregated MatchAnyKeyword
 * @match_all:	aggregated MatchAllKeyword
 * @logger:	classic: handle of the session that enables the provider
 */
struct etw_notification {
	__u32 size;
	__u32 code;
	__aligned_u64 handle;
	__aligned_u64 seq;
	__u8 source_id[16];
	__u8 level;
	__u8 __pad[3];
	__u32 flags;
	__u32 filter_type;
	__u32 filter_size;
	__aligned_u64 match_any;
	__aligned_u64 match_all;
	__aligned_u64 logger;
};

/**
 * struct etw_notify_ack - ETW_IOC_NOTIFY_ACK
 * @seq:	every notification of this file up to @seq has been handled;
 *		a @seq beyond what read(2) returned counts as the last one read
 * @__reserved:	must be 0
 */
struct etw_notify_ack {
	__aligned_u64 seq;
	__aligned_u64 __reserved;
};
#define ETW_NOTIFY_ACK_SIZE_VER0 16

/*
 * ===== Writing events ===================================================
 */

/* = EVENT_DATA_DESCRIPTOR (seed 002, rule 1) */
struct etw_data_desc {
	__aligned_u64 ptr;
	__u32 size;
	__u8 type;		/* EVENT_DATA_DESCRIPTOR_TYPE_* */
	__u8 reserved1;		/* must be 0 */
	__u16 reserved2;	/* must be 0 */
};

/* etw_write.flags */
#define ETW_WRITE_F_RELATED	0x1	/* related_activity_id is valid */
#define ETW_WRITE_F_STRING_ONLY	0x2	/* EventWriteString: EVENT_HEADER_FLAG_STRING_ONLY */
#define ETW_WRITE_F_INPRIVATE	0x4	/* EVENT_WRITE_FLAG_INPRIVATE */
#define ETW_WRITE_FLAGS_MASK	0x7U

/**
 * struct etw_write - ETW_IOC_WRITE: EventWriteEx, one syscall per event
 * @handle:	registration
 * @id:		the EVENT_DESCRIPTOR, same layout: Id
 * @version:	Version
 * @channel:	Channel
 * @level:	Level
 * @opcode:	Opcode
 * @task:	Task
 * @keyword:	Keyword
 * @filter:	EventWriteEx Filter: bit (logger_id - 1) set skips that session
 * @flags:	ETW_WRITE_F_*
 * @count:	data descriptors at @data (<= ETW_MAX_DATA_DESCRIPTORS)
 * @data:	const struct etw_data_desc *
 * @activity_id: the event's ActivityId
 * @related_activity_id: with ETW_WRITE_F_RELATED: RELATED_ACTIVITYID item
 * @stack:	const __u64 *: the writer's call stack, return addresses from
 *		its caller outwards (ETW_SLOT_STACK: libetw unwinds it); the
 *		sessions that enabled the provider with
 *		EVENT_ENABLE_PROPERTY_STACK_TRACE (and whose stack-walk
 *		filters pass the event) get it as a STACK_TRACE64 item
 * @stack_count: addresses at @stack, <= ETW_MAX_STACK_FRAMES (0: none)
 * @image_gen:	with @stack: the writer's generation of loaded images, any
 *		value that changes when a library is loaded or unloaded
 *		(libetw: glibc's dlopen/dlclose counts).  The first stack a
 *		session gets from a process, and the first after a change,
 *		is preceded in that session by Image/DCStart and
 *		ImageId/ElfBuildId events of the writer's executable
 *		mappings (Documentation/design.rst, "Stacks"); 0 without
 *		@stack
 *
 * Returns 0 when every session that wants the event stored it (or none
 * wants it), else the error of a session that lost it: -E2BIG (over 64 KB
 * in all), -EMSGSIZE (larger than a session buffer minus its header),
 * -ENOSPC (no free buffer), -ENOBUFS (real-time session without consumer
 * is full).  Every loss is counted in that session's statistics.
 */
struct etw_write {
	__aligned_u64 handle;
	__u16 id;
	__u8 version;
	__u8 channel;
	__u8 level;
	__u8 opcode;
	__u16 task;
	__aligned_u64 keyword;
	__aligned_u64 filter;
	__u32 flags;
	__u32 count;
	__aligned_u64 data;
	__u8 activity_id[16];
	__u8 related_activity_id[16];
	__aligned_u64 stack;
	__u32 stack_count;
	__u32 image_gen;
};
#define ETW_WRITE_SIZE_VER0	80
#define ETW_WRITE_SIZE_VER1	96	/* @stack */

/* etw_trace_event.flags */
#define ETW_TRACE_F_INSTANCE	0x1	/* TraceEventInstance: INSTANCE header */
#define ETW_TRACE_FLAGS_MASK	0x1U

/**
 * struct etw_trace_event - ETW_IOC_TRACE_EVENT: TraceEvent(Instance)
 * @handle:	a classic registration (ETW_REG_F_CLASSIC) of this file
 *		that session @logger enables
 * @logger:	logger id (1..64) of the session to write to
 * @guid:	event class GUID
 * @type:	EVENT_TRACE_HEADER.Class.Type
 * @level:	EVENT_TRACE_HEADER.Class.Level
 * @version:	EVENT_TRACE_HEADER.Class.Version
 * @flags:	ETW_TRACE_F_*
 * @count:	data descriptors at @data (MOF fields), <= 16
 * @__pad:	must be 0
 * @data:	const struct etw_data_desc *
 * @instance_id: with ETW_TRACE_F_INSTANCE: the record's InstanceId
 * @parent_instance_id: with ETW_TRACE_F_INSTANCE: its ParentInstanceId
 * @parent_guid: with ETW_TRACE_F_INSTANCE: its ParentGuid (the parent's
 *		event class)
 * @__reserved:	must be 0
 * @stack:	const __u64 *: the writer's return addresses, innermost
 *		first (ETW_WRITE_SIZE_VER1's @stack); 0 with @stack_count 0
 * @stack_count: frames at @stack, at most ETW_MAX_STACK_FRAMES
 * @image_gen:	as in struct etw_write
 *
 * The event goes only to session @logger (a classic provider serves one
 * session); -ENOENT if it does not enable @handle (any more).  A record
 * over 64 KB or larger than a buffer minus 72 bytes is -EMSGSIZE.  If the
 * session enabled the provider with EVENT_ENABLE_PROPERTY_STACK_TRACE
 * (and its stack-walk filters pass EventType's event as id 0), a
 * StackWalk event (24/32) of @stack follows the record, as the NT Kernel
 * Logger's follow its events: classic records have no extended items.
 */
struct etw_trace_event {
	__aligned_u64 handle;
	__aligned_u64 logger;
	__u8 guid[16];
	__u8 type;
	__u8 level;
	__u16 version;
	__u32 flags;
	__u32 count;
	__u32 __pad;
	__aligned_u64 data;
	__u32 instance_id;
	__u32 parent_instance_id;
	__u8 parent_guid[16];
	__aligned_u64 __reserved;
	__aligned_u64 stack;
	__u32 stack_count;
	__u32 image_gen;
};
#define ETW_TRACE_EVENT_SIZE_VER0 88
#define ETW_TRACE_EVENT_SIZE_VER1 104	/* @stack */

/*
 * etw_trace_message.flags: the TRACE_MESSAGE_* MessageFlags of
 * TraceMessage, stored as the record's OptionFlags.  Each of SEQUENCE,
 * GUID, COMPONENTID, TIMESTAMP and SYSTEMINFO adds a field to the record
 * (etl-format section 3.6); the POINTER bits only say how wide the
 * pointers among the arguments are.  GUID and COMPONENTID are mutually
 * exclusive, and so are POINTER32 and POINTER64.
 */
#define ETW_MSG_SEQUENCE	0x0001	/* kernel: the session's sequence number */
#define ETW_MSG_GUID		0x0002	/* @guid */
#define ETW_MSG_COMPONENTID	0x0004	/* @component_id */
#define ETW_MSG_TIMESTAMP	0x0008	/* kernel: raw session time */
#define ETW_MSG_SYSTEMINFO	0x0020	/* kernel: thread and process id */
#define ETW_MSG_POINTER32	0x0040
#define ETW_MSG_POINTER64	0x0080
#define ETW_MSG_FLAGS_MASK	0x00EFU	/* no PERFORMANCE_TIMESTAMP (0x10) */

/**
 * struct etw_trace_message - ETW_IOC_TRACE_MESSAGE: TraceMessage(Va)
 * @handle:	a classic registration (ETW_REG_F_CLASSIC) of this file
 *		that session @logger enables
 * @logger:	logger id (1..64) of the session to write to
 * @flags:	ETW_MSG_*
 * @number:	MessageNumber
 * @__pad:	must be 0
 * @guid:	with ETW_MSG_GUID: the message GUID; else must be 0
 * @component_id: with ETW_MSG_COMPONENTID: the component id; else 0
 * @count:	data descriptors at @data (the arguments), at most
 *		ETW_MAX_DATA_DESCRIPTORS; their bytes are concatenated
 * @data:	const struct etw_data_desc *; type and reserved fields 0
 * @__reserved:	must be 0
 * @stack:	as in struct etw_trace_event
 * @stack_count: as in struct etw_trace_event
 * @image_gen:	as in struct etw_trace_event
 *
 * Writes one MESSAGE record (marker top byte 0x90) to session @logger
 * only, as ETW_IOC_TRACE_EVENT does: -ENOENT if that session does not
 * enable @handle (any more).  The kernel fills the fields the caller
 * cannot know: with ETW_MSG_SEQUENCE the next number of the machine-wide
 * counter if the session was started with EVENT_TRACE_USE_GLOBAL_SEQUENCE,
 * of the session's own counter with EVENT_TRACE_USE_LOCAL_SEQUENCE (both
 * start at 1; a number is used only by a stored message), and 0 with
 * neither; the raw session time; the writer's thread and process id.
 * A record over 64 KB or larger than a buffer minus 72 bytes is lost,
 * counted, and fails with -EMSGSIZE; no free buffer is -ENOSPC or
 * -ENOBUFS, as for ETW_IOC_WRITE.
 */
struct etw_trace_message {
	__aligned_u64 handle;
	__aligned_u64 logger;
	__u32 flags;
	__u16 number;
	__u16 __pad;
	__u8 guid[16];
	__u32 component_id;
	__u32 count;
	__aligned_u64 data;
	__aligned_u64 __reserved[2];
	__aligned_u64 stack;
	__u32 stack_count;
	__u32 image_gen;
};
#define ETW_TRACE_MESSAGE_SIZE_VER0 72
#define ETW_TRACE_MESSAGE_SIZE_VER1 88	/* @stack */

/**
 * struct etw_new_ids - ETW_IOC_NEW_IDS: reserve machine-wide unique IDs
 * @count:	in: how many (1..65536)
 * @__pad:	must be 0
 * @first:	out: the first of @count consecutive 64-bit values
 * @boot_id:	out: 64 bits fixed for this module instance
 * @__reserved: must be 0
 *
 * EventActivityIdControl(CREATE_ID) builds IDs from (@boot_id, value):
 * unique on this machine until the module is reloaded.
 */
struct etw_new_ids {
	__u32 count;
	__u32 __pad;
	__aligned_u64 first;
	__aligned_u64 boot_id;
	__aligned_u64 __reserved;
};
#define ETW_NEW_IDS_SIZE_VER0	32

/*
 * ===== The fast path ====================================================
 *
 * A provider thread writes its events into its *stage*: memory the module
 * maps read-write into its process, one stage per thread, serving every
 * session.  The module's collector moves committed records into the
 * sessions' buffers (which stay read-only to everyone), merging the
 * records of all threads by time; it takes nothing a stage says on trust.
 * Documentation/design.rst ("The fast path") has the design,
 * Documentation/userspace-api.rst the contract.
 *
 * The fast map.  mmap(NULL, ETW_FAST_MAP_SIZE, PROT_READ, MAP_SHARED, fd,
 * ETW_MMAP_FAST_MAP) maps one read-only etw_fast_slot per registration of
 * this file (same index as the enable map).  Each of its two words is
 * stored whole (no seqcount): @word is the enable test over all the
 * sessions that enable the registration, @sessions the sessions whose
 * records go through stages.  A write that races with a change may use
 * either state; the module judges every record by the session's own
 * filter when it collects it.
 */
#define ETW_MMAP_FAST_MAP	0x10000

/* etw_fast_slot.word */
#define ETW_FAST_W_LEVEL	0x1FFULL	/* max level + 1; 0: nobody enables it */
#define ETW_FAST_W_KW_ANY	0x200ULL	/* every non-zero keyword passes */
#define ETW_FAST_W_KW0		0x400ULL	/* events with keyword 0 pass */
#define ETW_FAST_W_IOCTL	0x800ULL	/* a session not in @sessions enables it */
#define ETW_FAST_W_STACK	0x1000ULL	/* a session wants its events with stacks */
/* ETW_FAST_W_INFO: a session wants SID, TS_ID, PROCESS_START_KEY or EVENT_KEY. */
#define ETW_FAST_W_INFO		0x2000ULL

/**
 * struct etw_fast_slot - one registration's enable state for writers
 * @word:	ETW_FAST_W_*: an event passes if Level < (word & LEVEL) and
 *		its keyword is 0 with KW0, or non-zero with KW_ANY (without
 *		KW_ANY, test MatchAny/MatchAll of the enable slot); with
 *		IOCTL, also write through ETW_IOC_WRITE with Filter @sessions
 * @sessions:	bit (logger_id - 1) per enabling session served by stages
 */
struct etw_fast_slot {
	__aligned_u64 word;
	__aligned_u64 sessions;
};
#define ETW_FAST_MAP_SIZE	(ETW_MAX_REGS_PER_FD * 16)

/*
 * The global page.  mmap(NULL, ETW_GLOBAL_PAGE_SIZE, PROT_READ,
 * MAP_SHARED, fd, ETW_MMAP_GLOBAL): one page, the same for every process.
 * @congested has bit (logger_id - 1) set while that blocking session has
 * fewer than half of its buffers free or records held back for it in
 * stages, unless it is stalled: a writer whose record is for it first
 * waits in ETW_IOC_STAGE_WAIT.
 */
#define ETW_MMAP_GLOBAL		0x20000
#define ETW_GLOBAL_PAGE_SIZE	4096

/**
 * struct etw_global_page - what every writer may read
 * @size:	bytes of this struct the module fills
 * @version:	1
 * @congested:	bit (logger_id - 1) per congested blocking session
 */
struct etw_global_page {
	__u32 size;
	__u32 version;
	__aligned_u64 congested;
};

/*
 * Stages.  ETW_IOC_STAGE_OPEN gives the calling thread a stage;
 * mmap(NULL, map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
 * mmap_offset) maps it.  Only the process that opened it may map it; the
 * mapping is never inherited by fork() (VM_DONTCOPY | VM_IO), never
 * executable, and its offset is never used again.  It starts with struct
 * etw_stage_meta; the ring follows at data_offset.
 *
 * Ring positions are lap << 32 | offset.  The writer owns head: the
 * position past its committed records, with bit 0 set while it writes
 * one.  The module owns tail: everything before it was collected.  A
 * record never straddles the end of the ring: where one would start and
 * not fit, the writer stores a zero __u16 (nothing when the lap ends
 * exactly) and continues at offset 0 of the next lap.  The writer may
 * write up to the end of the ring while tail is in its lap, and up to
 * tail's offset when tail is in the lap before.
 *
 * A staged record is the ETL record the session will hold (etl-format.rst:
 * EVENT_HEADER64 with its extended items, FULL_HEADER64 or INSTANCE64),
 * padded to 8 bytes (the module zeroes the padding in its copies).  With
 * ETW_FAST_W_STACK the writer adds its call stack as the last extended
 * item (STACK_TRACE64: MatchId 0, then at most ETW_MAX_STACK_FRAMES return
 * addresses); the module takes it out of the copies for sessions that did
 * not ask for stacks.  With
 * ETW_FAST_W_INFO it adds, before the stack, the items SID (16 bytes),
 * TS_ID (4), PROCESS_START_KEY (8) and EVENT_KEY (8), in that order and
 * with any value: the module writes the true values in the copies of the
 * sessions that asked for each (EVENT_ENABLE_PROPERTY_*) and takes it out
 * of the others'.  Fields the module overwrites carry what
 * it needs to know: the stash, ETW_STASH_* below; those it overwrites
 * and reads nothing from (ETW_STASH_IGNORED_*: an EVENT_HEADER64's
 * ProviderId after the stash's 8 bytes, its KernelTime and UserTime) may
 * hold anything.
 *
 * Memory ordering (one writer, the thread that opened the stage):
 *
 *   writer                                 module (collector)
 *   ------                                 ------
 *   t = smp_load_acquire(&tail)            now = clock; smp_mb();
 *   if (off + n > limit(t)) slow path      h = smp_load_acquire(&head);
 *   WRITE_ONCE(head, pos | 1)              copy the records below h & ~7
 *   if (READ_ONCE(state)) undo, slow path  whose time is below a cutoff
 *   ts = clock (CLOCK_MONOTONIC ns)        (under now), then
 *   write the record                       smp_store_release(&tail, t')
 *   smp_store_release(&head, pos + n)
 *
 * Two pairs.  head: the writer's release store of head pairs with the
 * module's acquire load, so the module reads only records whose bytes
 * are all there, and a record being written is never taken.  tail: the
 * module's release store of tail pairs with the writer's acquire load,
 * so every read the module made of the ring below the new tail is done
 * before the writer can reuse those bytes (on arm64 as on x86).  It takes a record only when
 * its time is below a cutoff that a writer found busy (bit 0) cannot pass
 * with its next record; Documentation/design.rst ("Collecting") has the
 * argument and the 10 us margin that needs no fence in the writer.  A
 * writer seeing state != 0 after setting bit 0 stores head back and
 * takes the slow path: ETW_STAGE_S_RETIRED means the module freed the
 * ring's pages but the first (the thread was idle): close the stage and
 * open another; the slow path must set bit 0 and issue a full barrier
 * before it reads state and touches the ring (e.g. to store the wrap
 * marker).  tail, state and advice are written by the module for the
 * writer's information; the module keeps its own copies.
 */
#define ETW_MMAP_STAGE_BASE	(1ULL << 32)
#define ETW_STAGE_MMAP_STRIDE	(1ULL << 20)	/* between two stages' offsets */
#define ETW_STAGE_VERSION	2
#define ETW_STAGE_MAX_PAGES	64
#define ETW_FAST_MAX_RECORD	(ETW_MIN_BUFFER_KB * 1024 - ETW_BUFFER_HEADER_SIZE)
#define ETW_MAX_STAGES_PER_FD	65536

#define ETW_STAGE_POS_OFF(pos)	((__u32)(pos))
#define ETW_STAGE_POS_LAP(pos)	((__u32)((pos) >> 32))
#define ETW_STAGE_BUSY		1ULL	/* head: a record is being written */

/* etw_stage_meta.state */
#define ETW_STAGE_S_OPEN	0
#define ETW_STAGE_S_RETIRED	1	/* pages freed: close it, open another */
#define ETW_STAGE_S_CLOSED	2	/* the module takes nothing more */

/* etw_stage_meta.advice, etw_stage_ctl.advice */
#define ETW_STAGE_A_GROW	0x1	/* the ring fills between collects: open a larger one */

/* the stash's flags (below) */
#define ETW_STAGE_REC_INPRIVATE	0x1	/* EVENT_WRITE_FLAG_INPRIVATE */
#define ETW_STAGE_REC_FLAGS_MASK 0x1U

/*
 * The stash: what a staged record tells the module, in fields the module
 * overwrites (offsets into the record):
 *  - the registration (etw_register.slot): ThreadId's low half;
 *  - the CPU the writer ran on: ThreadId's high half;
 *  - ETW_STAGE_REC_* flags: EventProperty of an EVENT_HEADER64, ProcessId
 *    of a classic header;
 *  - the sessions, bit (logger_id - 1) each: the first 8 bytes of
 *    ProviderId of an EVENT_HEADER64, KernelTime and UserTime of a
 *    classic header.
 */
#define ETW_STASH_SLOT		0x08	/* __u16, both kinds */
#define ETW_STASH_CPU		0x0A	/* __u16, both kinds */
#define ETW_STASH_FLAGS		0x06	/* __u16, EVENT_HEADER64 */
#define ETW_STASH_SESSIONS	0x18	/* __u64, EVENT_HEADER64 */
#define ETW_STASH_CLASSIC_FLAGS	0x0C	/* __u32, FULL_HEADER64/INSTANCE64 */
#define ETW_STASH_CLASSIC_SESSIONS 0x28	/* __u64, FULL_HEADER64/INSTANCE64 */
/* What the module overwrites in an EVENT_HEADER64 and reads nothing from. */
#define ETW_STASH_IGNORED_GUID	0x20	/* __u64: ProviderId's second half */
#define ETW_STASH_IGNORED_TIMES	0x38	/* __u64: KernelTime and UserTime */

/**
 * struct etw_stage_meta - the start of a stage mapping
 * @size:	bytes of this struct the module filled (read only fields
 *		below it that you know)
 * @version:	ETW_STAGE_VERSION
 * @data_offset: where the ring starts, from the start of the mapping
 * @data_size:	bytes of the ring (8-aligned)
 * @max_record:	largest ETL record the stage takes (bytes)
 * @clock_type:	1: CLOCK_MONOTONIC in nanoseconds (the only one)
 * @id:		the stage (etw_stage_open.id)
 * @__pad0:	0
 * @head:	writer: see above
 * @__pad1:	0
 * @tail:	module: see above
 * @state:	module: ETW_STAGE_S_*
 * @advice:	module: ETW_STAGE_A_*
 * @collects:	module: collects that took records from this stage
 * @__pad2:	0
 */
struct etw_stage_meta {
	__u32 size;
	__u32 version;
	__u32 data_offset;
	__u32 data_size;
	__u32 max_record;
	__u32 clock_type;
	__aligned_u64 id;
	__u8 __pad0[32];
	/* 0x40: written by the writer */
	__aligned_u64 head;
	__u8 __pad1[56];
	/* 0x80: written by the module */
	__aligned_u64 tail;
	__u32 state;
	__u32 advice;
	__aligned_u64 collects;
	__u8 __pad2[40];
};
#define ETW_STAGE_META_SIZE	192

/**
 * struct etw_stage_open - ETW_IOC_STAGE_OPEN
 * @want:	in: ring bytes wanted (0: the smallest stage); the module
 *		gives the smallest of 1, 4, 16, 64 pages that holds @want
 *		and the meta area, or the largest
 * @flags:	in: must be 0
 * @id:		out: the stage, for SEAL, CLOSE and the meta area
 * @mmap_offset: out: the offset to mmap the stage at
 * @map_size:	out: bytes to map
 * @__pad:	0
 * @__reserved:	must be 0
 *
 * Errors: -EINVAL, -EMFILE (the file has ETW_MAX_STAGES_PER_FD stages),
 * -EDQUOT (max_stage_kb_per_user), -ENOMEM.
 */
struct etw_stage_open {
	__u32 want;
	__u32 flags;
	__aligned_u64 id;
	__aligned_u64 mmap_offset;
	__u32 map_size;
	__u32 __pad;
	__aligned_u64 __reserved[2];
};
#define ETW_STAGE_OPEN_SIZE_VER0 48

/**
 * struct etw_stage_ctl - ETW_IOC_STAGE_SEAL, ETW_IOC_STAGE_CLOSE
 * @id:		the stage (etw_stage_open.id), of the calling process
 * @flags:	must be 0
 * @need:	SEAL, in: ring bytes the writer wants to write next
 * @advice:	SEAL, out: ETW_STAGE_A_*
 * @__pad:	must be 0
 * @tail:	SEAL, out: the module's tail after the collect
 * @__reserved:	must be 0
 *
 * SEAL: the ring is full; the module collects now (in the caller's
 * context, this stage first) and returns when the ring has room for
 * @need bytes past head.  While blocking sessions hold records of the
 * ring back (they have no free buffer) it waits for them, killably, up
 * to their timeout (then their holds are given up, counted lost).  If
 * it still cannot make room, records whose time lies in the future are
 * dropped and counted lost, so that the writer can go on.
 * CLOSE: the writer leaves the stage (thread exit, a larger stage, a
 * retired one); the module collects what it holds and then frees it;
 * unmap it.  Errors: -EINVAL, -ENOENT (no such stage of this process),
 * -ESHUTDOWN (SEAL: the stage is closed or retired), -EINTR.
 */
struct etw_stage_ctl {
	__aligned_u64 id;
	__u32 flags;
	__u32 need;
	__u32 advice;
	__u32 __pad;
	__aligned_u64 tail;
	__aligned_u64 __reserved;
};
#define ETW_STAGE_CTL_SIZE_VER0	40

/**
 * struct etw_stage_wait - ETW_IOC_STAGE_WAIT: wait for blocking sessions
 * @sessions:	in: bit (logger_id - 1) per session the writer's record is
 *		for; only congested blocking sessions among them count
 * @flags:	must be 0
 * @__pad:	must be 0
 * @__reserved:	must be 0
 *
 * Returns when none of @sessions is congested, after at most the longest
 * blocking timeout among them (then 0 too: the writer goes on, and what
 * finds no buffer is counted lost), or -EINTR on a fatal signal.
 */
struct etw_stage_wait {
	__aligned_u64 sessions;
	__u32 flags;
	__u32 __pad;
	__aligned_u64 __reserved[2];
};
#define ETW_STAGE_WAIT_SIZE_VER0 32

/*
 * ===== Sessions =========================================================
 *
 * Starting a session needs CAP_PERFMON or CAP_SYS_ADMIN, or membership of
 * the group set in the module parameter controller_gid.  Controlling a
 * running session (control, enable, disallow list, attaching a consumer)
 * needs to be its owner (the euid that started it), CAP_PERFMON /
 * CAP_SYS_ADMIN, or membership of the controller_gid group.  Otherwise
 * -EPERM.  controller_gid is a gid of the initial user namespace.  A caller
 * that may not start sessions gets -EPERM also for a session that does not
 * exist, so that it cannot probe the names of others' sessions.  Per-user
 * limits (module parameters max_*_per_user) are -EDQUOT.
 *
 * A session handle (CONTROLTRACE_ID) is (generation << 16 | logger_id);
 * a stopped session's handle never names a later session (-ENOENT).
 */

/* Session names compare case-insensitively (ASCII letters). */

/**
 * struct etw_session_info - a session's properties and statistics
 * (the kernel side of EVENT_TRACE_PROPERTIES)
 * @handle:	session handle
 * @logger_id:	1..ETW_MAX_SESSIONS
 * @log_file_mode: EVENT_TRACE_* LogFileMode bits in effect
 * @guid:	session GUID
 * @buffer_size_kb: the geometry in effect: BufferSize (KB)
 * @min_buffers: MinimumBuffers
 * @max_buffers: MaximumBuffers
 * @max_file_size: MaximumFileSize
 * @flush_timer: FlushTimer (seconds)
 * @clock_type:	ClientContext (1 QPC, 2 system time, 3 CPU cycles)
 * @enable_flags: EnableFlags
 * @owner_uid:	euid that started the session
 * @number_of_buffers: buffers allocated
 * @free_buffers: buffers neither being filled nor waiting for a reader
 * @events_lost: events dropped (no free buffer, too large, ...)
 * @buffers_written: buffers handed over to readers or the log file
 * @log_buffers_lost: buffers the log file could not take
 * @real_time_buffers_lost: buffers handed to real-time consumers that went
 *		away before releasing them
 * @consumers:	real-time consumers attached
 * @flags:	ETW_SESSION_INFO_F_*
 * @events_written: events stored
 * @start_time:	FILETIME at start
 * @start_raw:	session clock read together with @start_time
 * @perf_freq:	session clock ticks per second
 * @boot_time:	FILETIME of boot
 * @cpu_speed_mhz: CPU cycle counter rate
 * @nr_streams:	buffer streams (CPUs, or 1 without per-CPU buffering)
 * @name_len:	bytes of the session name (no NUL)
 * @log_file_len: bytes of the log file path (no NUL), 0 if none
 * @owner_pid:	process that started the session
 * @owner_tid:	thread that started it
 * @__reserved:	0
 */
struct etw_session_info {
	__aligned_u64 handle;
	__u32 logger_id;
	__u32 log_file_mode;
	__u8 guid[16];
	__u32 buffer_size_kb;
	__u32 min_buffers;
	__u32 max_buffers;
	__u32 max_file_size;
	__u32 flush_timer;
	__u32 clock_type;
	__u32 enable_flags;
	__u32 owner_uid;
	__u32 number_of_buffers;
	__u32 free_buffers;
	__u32 events_lost;
	__u32 buffers_written;
	__u32 log_buffers_lost;
	__u32 real_time_buffers_lost;
	__u32 consumers;
	__u32 flags;
	__aligned_u64 events_written;
	__aligned_u64 start_time;
	__aligned_u64 start_raw;
	__aligned_u64 perf_freq;
	__aligned_u64 boot_time;
	__u32 cpu_speed_mhz;
	__u32 nr_streams;
	__u32 name_len;
	__u32 log_file_len;
	__u32 owner_pid;
	__u32 owner_tid;
	__aligned_u64 __reserved[3];
};
#define ETW_SESSION_INFO_SIZE_VER0 184

/* etw_session_info.flags */
#define ETW_SESSION_INFO_F_STOPPED	0x1
#define ETW_SESSION_INFO_F_SYSTEM	0x2	/* a system logger (kernel events) */
#define ETW_SESSION_INFO_F_BLOCKING	0x4	/* blocking mode (ETW_SYSINFO_BLOCKING) */

/**
 * struct etw_session_start - ETW_IOC_SESSION_START: StartTrace
 * @name:	const char *: session name, UTF-8, @name_len bytes (no NUL)
 * @name_len:	1..ETW_MAX_NAME_BYTES
 * @flags:	must be 0
 * @log_file_mode: EVENT_TRACE_* LogFileMode (invalid mixes: -EINVAL)
 * @buffer_size_kb: BufferSize (0 = default 64); clamped to 4..16384
 * @min_buffers: MinimumBuffers (raised to 2 per stream)
 * @max_buffers: MaximumBuffers (raised to @min_buffers)
 * @max_file_size: MaximumFileSize
 * @flush_timer: FlushTimer, seconds
 * @clock_type:	Wnode.ClientContext: 0/1 QPC, 2 system time, 3 CPU cycles
 * @enable_flags: EnableFlags (kept and reported)
 * @guid:	session GUID, or all zero to have one made
 * @log_file:	const char *: absolute path (UTF-8), or 0
 * @log_file_len: bytes at @log_file
 * @info:	struct etw_session_info *, out (or 0)
 * @info_size:	size of the struct at @info
 * @__reserved:	must be 0
 *
 * Errors: -EEXIST (name or GUID in use), -ENOSPC (64 sessions run),
 * -EINVAL, -EPERM, -ENOMEM.
 */
struct etw_session_start {
	__aligned_u64 name;
	__u32 name_len;
	__u32 flags;
	__u32 log_file_mode;
	__u32 buffer_size_kb;
	__u32 min_buffers;
	__u32 max_buffers;
	__u32 max_file_size;
	__u32 flush_timer;
	__u32 clock_type;
	__u32 enable_flags;
	__u8 guid[16];
	__aligned_u64 log_file;
	__u32 log_file_len;
	__u32 info_size;
	__aligned_u64 info;
	__aligned_u64 __reserved[2];
};
#define ETW_SESSION_START_SIZE_VER0 104

/* etw_session_control.code: EVENT_TRACE_CONTROL_* */
#define ETW_CONTROL_QUERY	0
#define ETW_CONTROL_STOP	1
#define ETW_CONTROL_UPDATE	2
#define ETW_CONTROL_FLUSH	3

/**
 * struct etw_session_control - ETW_IOC_SESSION_CONTROL: ControlTrace
 * @handle:	session handle, used when @name is 0
 * @name:	const char *: session name (wins over @handle), or 0
 * @name_len:	bytes at @name
 * @code:	ETW_CONTROL_*
 * @flags:	must be 0
 * @flush_timer: UPDATE: new FlushTimer, 0 keeps
 * @max_buffers: UPDATE: new MaximumBuffers, 0 keeps; it is recorded and
 *		reported, but the session does not grow past the buffers
 *		it started with
 * @log_file_mode: UPDATE: EVENT_TRACE_REAL_TIME_MODE on or off
 * @enable_flags: UPDATE: new EnableFlags
 * @log_file_len: UPDATE: bytes at @log_file; 0 keeps the file
 * @log_file:	UPDATE: const char *: switch to this log file
 * @info:	struct etw_session_info *, out (or 0)
 * @info_size:	size of the struct at @info
 * @name_buf_size: bytes at @name_buf
 * @name_buf:	char *, out: the session name, NUL-terminated if it fits
 * @log_file_buf: char *, out: the log file path, NUL-terminated if it fits
 * @log_file_buf_size: bytes at @log_file_buf
 * @__pad:	must be 0
 * @__reserved:	must be 0
 *
 * STOP returns after every buffer reached its readers or the log file;
 * the output then describes the stopped session.  -ENOENT: no such
 * session.
 */
struct etw_session_control {
	__aligned_u64 handle;
	__aligned_u64 name;
	__u32 name_len;
	__u32 code;
	__u32 flags;
	__u32 flush_timer;
	__u32 max_buffers;
	__u32 log_file_mode;
	__u32 enable_flags;
	__u32 log_file_len;
	__aligned_u64 log_file;
	__aligned_u64 info;
	__u32 info_size;
	__u32 name_buf_size;
	__aligned_u64 name_buf;
	__aligned_u64 log_file_buf;
	__u32 log_file_buf_size;
	__u32 __pad;
	__aligned_u64 __reserved[2];
};
#define ETW_SESSION_CONTROL_SIZE_VER0 112

/**
 * struct etw_session_list - ETW_IOC_SESSION_LIST: QueryAllTraces
 * @handles:	__u64 *, out: handles of running sessions, by logger id
 * @capacity:	in: entries at @handles
 * @count:	out: sessions the caller may control (may exceed @capacity)
 * @flags:	must be 0
 * @__pad:	must be 0
 * @__reserved:	must be 0
 */
struct etw_session_list {
	__aligned_u64 handles;
	__u32 capacity;
	__u32 count;
	__u32 flags;
	__u32 __pad;
	__aligned_u64 __reserved;
};
#define ETW_SESSION_LIST_SIZE_VER0 32

/* = EVENT_FILTER_DESCRIPTOR */
struct etw_filter_desc {
	__aligned_u64 ptr;
	__u32 size;
	__u32 type;
};

/* etw_enable.flags */
#define ETW_ENABLE_F_LEGACY	0x1	/* EnableTrace: no SourceId, no MatchAll */
#define ETW_ENABLE_FLAGS_MASK	0x1U

/**
 * struct etw_enable - ETW_IOC_ENABLE: EnableTraceEx2
 * @session:	session handle
 * @guid:	provider GUID, or group GUID with
 *		EVENT_ENABLE_PROPERTY_PROVIDER_GROUP in @enable_property
 * @source_id:	handed to the callbacks (seed 000, rule 2)
 * @control_code: EVENT_CONTROL_CODE_*: 0 disable, 1 enable, 2 capture state
 * @enable_property: EVENT_ENABLE_PROPERTY_*
 * @match_any:	MatchAnyKeyword
 * @match_all:	MatchAllKeyword
 * @level:	Level
 * @__pad:	must be 0
 * @timeout_ms:	wait at most this long for the callbacks this call causes
 *		and fail with -ETIMEDOUT if they are late; 0 waits up to the
 *		module's callback_timeout_ms and then succeeds anyway
 * @flags:	ETW_ENABLE_F_*
 * @filter_count: descriptors at @filters (<= ETW_MAX_FILTERS)
 * @filters:	const struct etw_filter_desc *
 * @__reserved:	must be 0
 *
 * Each call replaces the session's filters for the provider.  Kernel
 * filters: PID, EXECUTABLE_NAME, EVENT_ID.  Provider filters (SCHEMATIZED
 * and types below 0x80000000, at most one per call) go to the callback.
 * Errors: -EINVAL, -EOPNOTSUPP (a filter type not implemented), -EPERM,
 * -ENOENT (no session), -ENOSPC (8 sessions already enable it),
 * -ETIMEDOUT (the callbacks did not acknowledge in time; the change is
 * made all the same).
 */
struct etw_enable {
	__aligned_u64 session;
	__u8 guid[16];
	__u8 source_id[16];
	__u32 control_code;
	__u32 enable_property;
	__aligned_u64 match_any;
	__aligned_u64 match_all;
	__u8 level;
	__u8 __pad[3];
	__u32 timeout_ms;
	__u32 flags;
	__u32 filter_count;
	__aligned_u64 filters;
	__aligned_u64 __reserved[2];
};
#define ETW_ENABLE_SIZE_VER0	104

/**
 * struct etw_disallow - ETW_IOC_SET_DISALLOW / ETW_IOC_GET_DISALLOW
 * @session:	session handle
 * @guids:	__u8 (*)[16]: provider GUIDs
 * @count:	SET: entries (0 clears); GET: in: capacity, out: list length
 * @flags:	must be 0
 * @__reserved:	must be 0
 *
 * TraceSetInformation(TraceSetDisallowList): providers on the list are
 * not enabled by this session's group enables (seed 004, rule 11); a
 * direct enable still applies.  Takes effect at once.
 */
struct etw_disallow {
	__aligned_u64 session;
	__aligned_u64 guids;
	__u32 count;
	__u32 flags;
	__aligned_u64 __reserved;
};
#define ETW_DISALLOW_SIZE_VER0	32

/* etw_acl_entry.type */
#define ETW_ACL_UID	1
#define ETW_ACL_GID	2

struct etw_acl_entry {
	__u32 type;
	__u32 id;
};

/* etw_group_acl.flags */
#define ETW_GROUP_ACL_F_RESTRICT 0x1	/* SET: only listed users/groups may join */
#define ETW_GROUP_ACL_FLAGS_MASK 0x1U

/**
 * struct etw_group_acl - ETW_IOC_SET_GROUP_ACL / ETW_IOC_GET_GROUP_ACL
 * @group:	provider group GUID
 * @entries:	struct etw_acl_entry *
 * @count:	SET: entries; GET: in: capacity, out: entries
 * @flags:	SET: ETW_GROUP_ACL_F_RESTRICT, or 0 to lift the restriction;
 *		GET: out
 * @__reserved:	must be 0
 *
 * Who may join a provider group (seed 004, rule 10).  A group without an
 * ACL admits everyone.  Setting needs CAP_SYS_ADMIN; CAP_SYS_ADMIN always
 * may join.  Existing members stay members.
 */
struct etw_group_acl {
	__u8 group[16];
	__aligned_u64 entries;
	__u32 count;
	__u32 flags;
	__aligned_u64 __reserved;
};
#define ETW_GROUP_ACL_SIZE_VER0	40

/*
 * ===== Provider enumeration =============================================
 *
 * ETW_IOC_QUERY_GUIDS is the kernel side of EnumerateTraceGuidsEx
 * (reference 2.7).  Any user may ask, as on Windows; no privilege is
 * needed.  What a caller sees:
 *
 *  - ETW_QUERY_GUID_LIST: each GUID that is registered (EventRegister,
 *    RegisterTraceGuids) or that a session enables directly without a
 *    registration ("pre-enabled"), once, sorted by its bytes.
 *  - ETW_QUERY_GUID_PROCESS: each GUID the calling process (thread group)
 *    registered, once, sorted.
 *  - ETW_QUERY_GUID_INFO: for @guid, one etw_guid_instance per
 *    registration, in registration order, each followed by one
 *    etw_guid_enable per session that enables that registration (a
 *    direct or group enable that reaches it, after PID and
 *    EXECUTABLE_NAME filters and disallow lists; a classic registration
 *    is enabled by one session at most), by logger id.  A GUID with no
 *    registration that sessions enable directly gets one instance with
 *    ETW_GUID_INST_PRE_ENABLE and pid 0.  A GUID neither registered nor
 *    enabled is -ENOENT.
 *  - ETW_QUERY_GUID_NAME (Linux; no Windows class has this value): the
 *    provider name of @guid as its registrations give it in their traits
 *    (EventSetInformation: TraceLogging sets it), UTF-8 without a NUL,
 *    from the first registration that has one; @count is 1.  A GUID no
 *    registration names is -ENOENT.  Tools show it beside the GUID and
 *    accept it where a GUID is asked for.
 *  - ETW_QUERY_GUID_TRAITS (Linux): for @guid, one etw_guid_traits per
 *    registration, in registration order (as QUERY_GUID_INFO), each
 *    followed by its traits blob (EventSetInformation; none: size 0),
 *    padded to 8 bytes; @count is the registrations.  libtracepoint
 *    registers each tracepoint of a LinuxTracepoints provider on its
 *    own, its name in a trait: etwctl providers lists them so.  A GUID
 *    no process registers is -ENOENT.
 *
 * A private session (EVENT_TRACE_PRIVATE_LOGGER_MODE) is part of the
 * answer only for callers that may control it (its owner or the
 * privileged, see "Sessions"); for others its enables are left out and
 * so is a pre-enabled GUID that only it enables.  Enables by ordinary
 * sessions are visible to every user, session handle, logger id, level,
 * keywords and enable properties included.
 *
 * Pids are those of the caller's pid namespace; a registering process
 * outside it, or one that has exited while its registration lives on (a
 * descriptor passed on), is reported as pid 0.  Like /proc (without
 * hidepid), pids of other users' processes are not hidden.
 *
 * The answer is written to @buf only when all of it fits (@buf_size >=
 * @needed); otherwise nothing is written and the call still succeeds,
 * reporting @needed and @count, so the caller retries with a larger
 * buffer (the answer may have grown meanwhile).
 */

/* etw_query_guids.query: TRACE_QUERY_INFO_CLASS values */
#define ETW_QUERY_GUID_LIST	0	/* TraceGuidQueryList */
#define ETW_QUERY_GUID_INFO	1	/* TraceGuidQueryInfo */
#define ETW_QUERY_GUID_PROCESS	2	/* TraceGuidQueryProcess */
#define ETW_QUERY_GUID_NAME	0x100	/* Linux: the name its traits give */
#define ETW_QUERY_GUID_TRAITS	0x101	/* Linux: each registration's traits */

/* etw_guid_instance.flags: TRACE_PROVIDER_FLAG_* values */
#define ETW_GUID_INST_CLASSIC		0x1	/* RegisterTraceGuids */
#define ETW_GUID_INST_PRE_ENABLE	0x2	/* enabled, not registered */

/**
 * struct etw_guid_instance - one registration of a GUID (QUERY_GUID_INFO)
 * @pid:	registering process in the caller's pid namespace, or 0
 * @flags:	ETW_GUID_INST_*
 * @enable_count: etw_guid_enable records that follow this one
 * @__pad:	0
 */
struct etw_guid_instance {
	__u32 pid;
	__u32 flags;
	__u32 enable_count;
	__u32 __pad;
};

/**
 * struct etw_guid_traits - one registration's traits (QUERY_GUID_TRAITS)
 * @pid:	registering process in the caller's pid namespace, or 0
 * @size:	bytes of traits that follow (then padding to 8)
 */
struct etw_guid_traits {
	__u32 pid;
	__u32 size;
};

/**
 * struct etw_guid_enable - how one session enables an instance
 * @session:	session handle
 * @match_any:	MatchAnyKeyword as the session gave it
 * @match_all:	MatchAllKeyword as the session gave it (0 for EnableTrace)
 * @enable_property: EVENT_ENABLE_PROPERTY_* as given (PROVIDER_GROUP for
 *		an enable that reaches the instance through its group)
 * @logger_id:	the session's logger id
 * @level:	Level as the session gave it (0 stays 0)
 * @__pad:	0
 */
struct etw_guid_enable {
	__aligned_u64 session;
	__aligned_u64 match_any;
	__aligned_u64 match_all;
	__u32 enable_property;
	__u16 logger_id;
	__u8 level;
	__u8 __pad;
};

/**
 * struct etw_query_guids - ETW_IOC_QUERY_GUIDS: EnumerateTraceGuidsEx
 * @query:	ETW_QUERY_GUID_*; another value is -EOPNOTSUPP
 * @flags:	must be 0
 * @guid:	QUERY_GUID_INFO, _NAME: the provider GUID; otherwise must be zero
 * @buf:	void *, out: LIST, PROCESS: 16-byte GUIDs; INFO: instances
 *		and their enables as described above; NAME: the name
 * @buf_size:	in: bytes at @buf
 * @needed:	in: must be 0; out: bytes of the whole answer
 * @count:	in: must be 0; out: GUIDs (LIST, PROCESS) or instances (INFO)
 * @__pad:	must be 0
 * @__reserved:	must be 0
 *
 * Errors: -EINVAL, -EOPNOTSUPP, -ENOENT (INFO: nothing known about
 * @guid; NAME: no registration names it), -EFAULT, -ENOMEM.
 */
struct etw_query_guids {
	__u32 query;
	__u32 flags;
	__u8 guid[16];
	__aligned_u64 buf;
	__u32 buf_size;
	__u32 needed;
	__u32 count;
	__u32 __pad;
	__aligned_u64 __reserved[2];
};
#define ETW_QUERY_GUIDS_SIZE_VER0 64

/*
 * ===== Real-time consumers ==============================================
 *
 * ETW_IOC_CONSUMER_OPEN attaches to a real-time session by name and
 * returns a new file descriptor.  mmap(NULL, nr_buffers * buffer_size,
 * PROT_READ, MAP_SHARED, cfd, 0) maps all of the session's buffers
 * read-only.  ETW_IOC_CONSUMER_WAIT (on cfd) hands over completed
 * buffers by index, in completion order per stream, and takes back the
 * ones the consumer is done with; poll(2) on cfd reports POLLIN when
 * buffers are ready or the session stopped.
 *
 * Ordering: every event with a raw timestamp below @watermark has been
 * handed over (or counted lost), so merging the streams by timestamp up
 * to the watermark delivers events in order.  The guarantee is about raw
 * timestamps as written: events that carry their own timestamp
 * (EVENT_TRACE_TIMESTAMP_OVERRIDE, seed 001) and system-clock sessions
 * whose clock was set back can be out of order, as on Windows (seed 001,
 * rules 11 and 13).  A buffer stays the consumer's until it is released.
 */

/* etw_consumer_open.flags_out */
#define ETW_CONSUMER_F_BACKLOG	0x1	/* this consumer got the buffered events */

/**
 * struct etw_consumer_open - ETW_IOC_CONSUMER_OPEN
 * @name:	const char *: session name, UTF-8
 * @name_len:	bytes at @name
 * @flags:	must be 0
 * @fd:		out: consumer descriptor (O_CLOEXEC)
 * @buffer_size: out: bytes per buffer
 * @nr_buffers:	out: buffers in the mapping
 * @flags_out:	out: ETW_CONSUMER_F_*
 * @attach_time: out: raw session time at attach: a consumer without the
 *		backlog must skip older events (seed 001, rule 16)
 * @info:	struct etw_session_info *, out (or 0)
 * @info_size:	size of the struct at @info
 * @__pad:	must be 0
 * @__reserved:	must be 0
 */
struct etw_consumer_open {
	__aligned_u64 name;
	__u32 name_len;
	__u32 flags;
	__s32 fd;
	__u32 buffer_size;
	__u32 nr_buffers;
	__u32 flags_out;
	__aligned_u64 attach_time;
	__aligned_u64 info;
	__u32 info_size;
	__u32 __pad;
	__aligned_u64 __reserved[2];
};
#define ETW_CONSUMER_OPEN_SIZE_VER0 72

/* etw_consumer_wait.flags */
#define ETW_WAIT_F_FLUSH	0x1	/* hand over partly filled buffers now */
#define ETW_WAIT_FLAGS_MASK	0x1U

/* etw_consumer_wait.status */
#define ETW_WAIT_STOPPED	0x1	/* session stopped; nothing more will come */

/**
 * struct etw_consumer_wait - ETW_IOC_CONSUMER_WAIT (on a consumer fd)
 * @release:	const __u32 *: indexes of buffers the consumer is done with
 * @release_count: entries at @release
 * @timeout_ms:	wait this long for a buffer; 0 does not block
 * @ready:	__u32 *, out: indexes of buffers handed over
 * @ready_max:	entries at @ready
 * @ready_count: out
 * @watermark:	out: see above
 * @flags:	ETW_WAIT_F_*
 * @status:	out: ETW_WAIT_*
 * @events_lost: out: the session's EventsLost
 * @buffers_lost: out: the session's RealTimeBuffersLost
 * @__reserved:	must be 0
 */
struct etw_consumer_wait {
	__aligned_u64 release;
	__u32 release_count;
	__u32 timeout_ms;
	__aligned_u64 ready;
	__u32 ready_max;
	__u32 ready_count;
	__aligned_u64 watermark;
	__u32 flags;
	__u32 status;
	__u32 events_lost;
	__u32 buffers_lost;
	__aligned_u64 __reserved[2];
};
#define ETW_CONSUMER_WAIT_SIZE_VER0 72

/*
 * ===== System loggers (the NT Kernel Logger) =============================
 *
 * A session is a system logger when it is named "NT Kernel Logger"
 * (KERNEL_LOGGER_NAME), its GUID is SystemTraceControlGuid
 * (9e814aad-3204-11d2-9a82-006008a86939, only with that name: -EINVAL
 * otherwise), or its LogFileMode has EVENT_TRACE_SYSTEM_LOGGER_MODE.  At
 * most 8 run at once (-ENOSPC); none is private.  Its enable_flags
 * (EVENT_TRACE_FLAG_*) select the kernel events it receives, in the
 * classic kernel layouts (Documentation/system-trace.rst); UPDATE changes
 * them.  Starting one, and changing its flags, needs the privilege of
 * starting sessions (CAP_PERFMON, CAP_SYS_ADMIN or controller_gid).
 * Kernel addresses (kernel stack frames, kernel instruction pointers) are
 * reported only to sessions whose starter had CAP_PERFMON or
 * CAP_SYS_ADMIN; a session started without them gets, of other users'
 * processes, no command line, file, image, system call, stack, sample
 * address or socket address (Documentation/system-trace.rst, "Who sees
 * what").  A system logger's events go only to its starter and the
 * privileged: CONSUMER_OPEN, and a CONTROL that names a file, by anyone
 * else are -EACCES; its log file is created 0600.
 */

/* etw_system_info.info_class: TRACE_INFO_CLASS values */
#define ETW_SYSINFO_STACK_TRACING	3	/* TraceStackTracingInfo */
#define ETW_SYSINFO_ENABLE_FLAGS	4	/* TraceSystemTraceEnableFlagsInfo */
#define ETW_SYSINFO_PROFILE_INTERVAL	5	/* TraceSampledProfileIntervalInfo */
#define ETW_SYSINFO_BLOCKING		0x10000	/* Linux ETW: blocking mode, any session */

/* etw_system_info.flags */
#define ETW_SYSINFO_F_SET	0x1	/* set (else query) */
#define ETW_SYSINFO_F_ADD	0x2	/* ENABLE_FLAGS: OR these flags in */
#define ETW_SYSINFO_F_REMOVE	0x4	/* ENABLE_FLAGS: clear these flags */
#define ETW_SYSINFO_FLAGS_MASK	0x7U

/* BLOCKING: the longest timeout */
#define ETW_MAX_BLOCK_MS	60000

/* STACK_TRACING: at most this many events */
#define ETW_MAX_STACK_EVENTS	256

/**
 * struct etw_system_info - ETW_IOC_SYSTEM_INFO: TraceSetInformation and
 * TraceQueryInformation for system loggers
 * @session:	session handle (a system logger); ignored for
 *		PROFILE_INTERVAL, which is machine-wide as on Windows
 * @info_class:	ETW_SYSINFO_*; others -EOPNOTSUPP
 * @flags:	ETW_SYSINFO_F_*
 * @data:	void *: the class's data (in for SET, out for a query)
 * @length:	bytes at @data
 * @needed:	out: bytes of the class's data (a query)
 * @__reserved:	must be 0
 *
 * STACK_TRACING (SET only): @data holds __u16 hook ids (event group << 8
 * | event type, e.g. 0x0301 for Process/Start), at most
 * ETW_MAX_STACK_EVENTS; a StackWalk event follows each such event.  0
 * bytes turn stacks off.
 * ENABLE_FLAGS: 32 bytes, eight __u32 group masks of which the first is
 * EnableFlags (the rest are 0); SET replaces the flags with the first
 * mask (at least 4 bytes), F_ADD or F_REMOVE (with F_SET) change only the
 * given bits; a query returns the 32 bytes.
 * PROFILE_INTERVAL: struct { __u32 source; __u32 interval; } with source
 * 0 (ProfileTime) and interval in 100-ns units, clamped to 1221..1000000;
 * the default is 10000 (1 ms).
 * BLOCKING (any session the caller may control, not only system loggers):
 * a __u32, the blocking timeout in milliseconds (1..ETW_MAX_BLOCK_MS) or
 * 0 for the default mode (drop and count).  A blocking session makes the
 * writers whose events are for it wait, killably and for at most the
 * timeout, while fewer than half its buffers are free (the global page's
 * congested word; ETW_IOC_STAGE_WAIT), instead of losing their events.
 * A query returns the __u32.
 *
 * Errors: -EINVAL, -EOPNOTSUPP, -EPERM, -ENOENT (no such session, or not
 * a system logger), -ENOSPC (@length too small for a query).
 */
struct etw_system_info {
	__aligned_u64 session;
	__u32 info_class;
	__u32 flags;
	__aligned_u64 data;
	__u32 length;
	__u32 needed;
	__aligned_u64 __reserved[2];
};
#define ETW_SYSTEM_INFO_SIZE_VER0 48

/* ===== Commands (numbers are never reused) ============================== */

#define ETW_IOC_GET_INFO	_IOWR(ETW_IOC_MAGIC, 0x00, struct etw_info)
#define ETW_IOC_REGISTER	_IOWR(ETW_IOC_MAGIC, 0x01, struct etw_register)
#define ETW_IOC_UNREGISTER	_IOW(ETW_IOC_MAGIC, 0x02, struct etw_unregister)
#define ETW_IOC_SET_INFO	_IOW(ETW_IOC_MAGIC, 0x03, struct etw_set_info)
#define ETW_IOC_NOTIFY_ACK	_IOW(ETW_IOC_MAGIC, 0x04, struct etw_notify_ack)
#define ETW_IOC_WRITE		_IOW(ETW_IOC_MAGIC, 0x05, struct etw_write)
#define ETW_IOC_TRACE_EVENT	_IOW(ETW_IOC_MAGIC, 0x06, struct etw_trace_event)
#define ETW_IOC_NEW_IDS		_IOWR(ETW_IOC_MAGIC, 0x07, struct etw_new_ids)
#define ETW_IOC_TRACE_MESSAGE	_IOW(ETW_IOC_MAGIC, 0x08, struct etw_trace_message)
/* 0x09, 0x0A, 0x0B: issue 10's stages (ETW_FEAT_FASTPATH_V1), retired */
#define ETW_IOC_STAGE_OPEN	_IOWR(ETW_IOC_MAGIC, 0x0C, struct etw_stage_open)
#define ETW_IOC_STAGE_SEAL	_IOWR(ETW_IOC_MAGIC, 0x0D, struct etw_stage_ctl)
#define ETW_IOC_STAGE_CLOSE	_IOW(ETW_IOC_MAGIC, 0x0E, struct etw_stage_ctl)
#define ETW_IOC_STAGE_WAIT	_IOW(ETW_IOC_MAGIC, 0x0F, struct etw_stage_wait)
#define ETW_IOC_SESSION_START	_IOWR(ETW_IOC_MAGIC, 0x10, struct etw_session_start)
#define ETW_IOC_SESSION_CONTROL	_IOWR(ETW_IOC_MAGIC, 0x11, struct etw_session_control)
#define ETW_IOC_SESSION_LIST	_IOWR(ETW_IOC_MAGIC, 0x12, struct etw_session_list)
#define ETW_IOC_ENABLE		_IOW(ETW_IOC_MAGIC, 0x13, struct etw_enable)
#define ETW_IOC_SET_DISALLOW	_IOW(ETW_IOC_MAGIC, 0x14, struct etw_disallow)
#define ETW_IOC_GET_DISALLOW	_IOWR(ETW_IOC_MAGIC, 0x15, struct etw_disallow)
#define ETW_IOC_SET_GROUP_ACL	_IOW(ETW_IOC_MAGIC, 0x16, struct etw_group_acl)
#define ETW_IOC_GET_GROUP_ACL	_IOWR(ETW_IOC_MAGIC, 0x17, struct etw_group_acl)
#define ETW_IOC_QUERY_GUIDS	_IOWR(ETW_IOC_MAGIC, 0x18, struct etw_query_guids)
#define ETW_IOC_SYSTEM_INFO	_IOWR(ETW_IOC_MAGIC, 0x19, struct etw_system_info)
#define ETW_IOC_CONSUMER_OPEN	_IOWR(ETW_IOC_MAGIC, 0x20, struct etw_consumer_open)
#define ETW_IOC_CONSUMER_WAIT	_IOWR(ETW_IOC_MAGIC, 0x21, struct etw_consumer_wait)

#endif /* _UAPI_LINUX_ETW_H */
