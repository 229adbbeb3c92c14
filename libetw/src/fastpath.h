/* SPDX-License-Identifier: MIT */
/*
 * libetw's fast path: events written into stages etw.ko maps into the
 * process, with no system call per event (Documentation/design.rst, "The
 * fast path").  fastpath.c has the stages and the record protocol,
 * fastpath_write.c the records of EventWrite*, TraceEvent, TraceMessage.
 */
#ifndef _LIBETW_FASTPATH_H
#define _LIBETW_FASTPATH_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/etw.h>

#include <windows.h>
#include <evntprov.h>

/*
 * What the writer must know of a registration to build the record the
 * kernel would: provider.c keeps it (plain words; a write racing with
 * EventSetInformation may use either value, as on the ioctl path).
 */
struct etw_fp_reg {
	uint32_t traits_len;	/* PROV_TRAITS bytes set by EventSetInformation */
	uint8_t use_type;	/* EVENT_DATA_DESCRIPTOR.Type is honoured */
	uint8_t msg_ioctl;	/* its messages take the ioctl (one was untimed) */
	const void *traits;	/* our copy of them, or NULL */
};

extern struct etw_fp_reg etw_fp_regs[ETW_MAX_REGS_PER_FD];

/* One stage of this thread (one session). */
struct etw_fp_stage {
	struct etw_stage_meta *meta;
	uint8_t *data;
	uint32_t size;		/* of the data area */
	uint32_t head;		/* our copy of meta->head */
	uint32_t id;
	uint16_t clock;		/* ETL clock type */
	uint16_t logger_id;
	uint64_t session;
	size_t map_len;
};

/* The records of one write reserve, then commit. */
struct etw_fp_res {
	struct etw_fp_stage *st;
	uint8_t *rec;		/* where the ETL record goes */
	uint32_t need;		/* prefix + record, padded */
	uint64_t ts;		/* its time */
};

/* Called once the device is open and the enable map mapped. */
void etw_fp_init(int fd);
void etw_fp_atfork_child(void);
/* Is the fast path on (ETW_FASTPATH, the module's features)? */
bool etw_fp_on(void);
/* Count a write that took the ioctl path although the fast path is on. */
void etw_fp_fallback(void);
/* The sessions that enable registration @slot (the fast map). */
uint64_t etw_fp_sessions(uint32_t slot);

/*
 * Reserve room for an ETL record of @size bytes in this thread's stage
 * of session @logger_id, mark the stage busy and take the time.  Return
 * 0, or -1 when this session must take the ioctl path.  Then write the
 * record at res->rec (res->ts is its time) and call etw_fp_commit().
 */
int etw_fp_reserve(struct etw_fp_res *res, uint32_t logger_id, uint32_t size,
		   uint16_t slot, uint16_t flags);
void etw_fp_commit(const struct etw_fp_res *res);
/*
 * Before a write that must keep its place among this thread's earlier
 * ones (a timestamp override, a message without a time) takes the ioctl
 * path: hand this thread's records for those sessions to the module.
 */
void etw_fp_seal_sessions(uint64_t sessions);

/* fastpath_write.c: 0 when every wanted session got it (*done: those) */
int etw_fp_event(uint64_t handle, const EVENT_DESCRIPTOR *d, uint64_t filter,
		 uint32_t wflags, const GUID *activity, const GUID *related,
		 uint32_t n, const EVENT_DATA_DESCRIPTOR *data, uint64_t *done);
int etw_fp_classic(const struct etw_trace_event *t,
		   const struct etw_data_desc *d);
int etw_fp_message(const struct etw_trace_message *m,
		   const struct etw_data_desc *d);

#endif /* _LIBETW_FASTPATH_H */
