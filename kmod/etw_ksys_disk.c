// SPDX-License-Identifier: GPL-2.0-only
/*
 * Disk I/O (EVENT_TRACE_FLAG_DISK_IO, DISK_IO_INIT) from the block
 * layer's tracepoints:
 *
 *   block_bio_queue    DiskIo/ReadInit, WriteInit, FlushInit (DISK_IO_INIT),
 *                      in the submitting thread, when the I/O is initiated
 *   block_rq_complete  DiskIo/Read, Write, FlushBuffers (DISK_IO)
 *
 * An I/O is identified by a keyed hash of its first bio (Irp): a request's
 * first bio is the one it was made from, so the completion of a request
 * names the bio its ReadInit or WriteInit named.  The time of submission
 * and the submitting thread are kept in a small table by bio, so that the
 * completion (in an interrupt, or after a kworker issued it) reports the
 * issuing thread and the response time; an I/O whose slot another took
 * meanwhile reports neither (0).  Completions exist for the requests of
 * blk-mq drivers only: bio-based drivers (brd, device-mapper targets)
 * have initiations alone.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bio.h>
#include <linux/blk-mq.h>
#include <linux/blkdev.h>
#include <linux/hash.h>
#include <linux/kdev_t.h>
#include <linux/sched.h>

#include "etw_internal.h"
#include "etw_compat.h"
#include "etw_ksys.h"

#define ETW_KDISK_SLOTS_BITS	10

static struct etw_kdisk_slot {
	unsigned long rq;	/* the bio */
	u64 issued_ns;
	u32 tid;
	u32 pid;
} etw_kdisk_slots[1 << ETW_KDISK_SLOTS_BITS];

/*
 * The block class and the disk device type, learnt from the first disk
 * with I/O (neither is exported); the rundown lists disks with them.
 */
const struct class *etw_kblock_class;
const struct device_type *etw_kdisk_type;

/* The DiskNumber of a disk: its dev_t, encoded as stat(2)'s st_rdev. */
u32 etw_kdisk_number(dev_t devt)
{
	return new_encode_dev(devt);
}

static struct etw_kdisk_slot *etw_kdisk_slot(const void *bio)
{
	return &etw_kdisk_slots[hash_ptr(bio, ETW_KDISK_SLOTS_BITS)];
}

/* IrpFlags: IRP_NOCACHE, IRP_SYNCHRONOUS_API, I/O priority normal. */
static u32 etw_kirp_flags(blk_opf_t opf)
{
	u32 f = 0x1 | (3u << 17);

	if (opf & REQ_SYNC)
		f |= 0x4;
	return f;
}

static u32 etw_kdisk_of(struct gendisk *disk)
{
	if (!disk)
		return 0;
	if (!READ_ONCE(etw_kblock_class)) {
		WRITE_ONCE(etw_kdisk_type, disk_to_dev(disk)->type);
		WRITE_ONCE(etw_kblock_class, disk_to_dev(disk)->class);
	}
	return etw_kdisk_number(MKDEV(disk->major, disk->first_minor));
}

static void etw_probe_bio_queue(void *data, struct bio *bio)
{
	struct etw_kdisk_slot *slot = etw_kdisk_slot(bio);
	u8 p[ETW_KP_DISKINIT_SIZE];
	struct etw_krec r = {
		.version = ETW_KV_DISK, .data = p, .len = sizeof(p),
		.tid = task_pid_nr(current), .pid = task_tgid_nr(current),
	};

	switch (bio_op(bio)) {
	case REQ_OP_READ:
		r.hook = ETW_KH_DISK_READ_INIT;
		break;
	case REQ_OP_WRITE:
		r.hook = ETW_KH_DISK_WRITE_INIT;
		break;
	case REQ_OP_FLUSH:
		r.hook = ETW_KH_DISK_FLUSH_INIT;
		break;
	default:
		return;
	}
	WRITE_ONCE(slot->tid, r.tid);
	WRITE_ONCE(slot->pid, r.pid);
	WRITE_ONCE(slot->issued_ns, ktime_get_ns());
	/* Publishes tid, pid and issued_ns to the completion's acquire. */
	smp_store_release(&slot->rq, (unsigned long)bio);
	etw_kdisk_of(bio->bi_bdev ? bio->bi_bdev->bd_disk : NULL);
	put_unaligned_le64(etw_khash(bio), p);
	put_unaligned_le32(r.tid, p + 8);
	etw_kemit(ETW_KF_DISK_IO_INIT, &r);
}

static void etw_probe_rq_complete(void *data, struct request *rq,
				  blk_status_t error, unsigned int nr_bytes)
{
	struct etw_krec r = { .version = ETW_KV_DISK };
	struct etw_kdisk_slot *slot;
	u8 p[ETW_KP_DISK_SIZE];
	struct bio *bio = rq->bio;
	u64 resp = 0;

	if (!bio)
		return;
	slot = etw_kdisk_slot(bio);
	/* Pairs with the release in the initiation: its fields are set. */
	if (smp_load_acquire(&slot->rq) == (unsigned long)bio) {
		r.tid = READ_ONCE(slot->tid);
		r.pid = READ_ONCE(slot->pid);
		resp = ktime_get_ns() - READ_ONCE(slot->issued_ns);
		WRITE_ONCE(slot->rq, 0);
	}
	memset(p, 0, sizeof(p));
	switch (req_op(rq)) {
	case REQ_OP_READ:
		r.hook = ETW_KH_DISK_READ;
		break;
	case REQ_OP_WRITE:
		r.hook = ETW_KH_DISK_WRITE;
		break;
	case REQ_OP_FLUSH:
		r.hook = ETW_KH_DISK_FLUSH;
		put_unaligned_le32(etw_kdisk_of(rq->q->disk),
				   p + ETW_KP_DISKFLUSH_NUMBER);
		put_unaligned_le32(etw_kirp_flags(rq->cmd_flags),
				   p + ETW_KP_DISKFLUSH_IRPFLAGS);
		put_unaligned_le64(resp, p + ETW_KP_DISKFLUSH_RESPONSE);
		put_unaligned_le64(etw_khash(bio), p + ETW_KP_DISKFLUSH_IRP);
		put_unaligned_le32(r.tid, p + ETW_KP_DISKFLUSH_TID);
		r.data = p;
		r.len = ETW_KP_DISKFLUSH_SIZE;
		r.dur_off = ETW_KP_DISKFLUSH_RESPONSE;
		etw_kemit(ETW_KF_DISK_IO, &r);
		return;
	default:
		return;
	}
	put_unaligned_le32(etw_kdisk_of(rq->q->disk), p + ETW_KP_DISK_NUMBER);
	put_unaligned_le32(etw_kirp_flags(rq->cmd_flags),
			   p + ETW_KP_DISK_IRPFLAGS);
	put_unaligned_le32(nr_bytes, p + ETW_KP_DISK_SIZE_);
	put_unaligned_le64((u64)blk_rq_pos(rq) << SECTOR_SHIFT,
			   p + ETW_KP_DISK_OFFSET);
	put_unaligned_le64(etw_khash(bio), p + ETW_KP_DISK_IRP);
	put_unaligned_le64(resp, p + ETW_KP_DISK_RESPONSE);
	put_unaligned_le32(r.tid, p + ETW_KP_DISK_TID);
	r.data = p;
	r.len = ETW_KP_DISK_SIZE;
	r.dur_off = ETW_KP_DISK_RESPONSE;
	etw_kemit(ETW_KF_DISK_IO, &r);
}

static int etw_disk_enable(void)
{
	int ret;

	ret = etw_ktp_register("block_bio_queue", etw_probe_bio_queue);
	if (ret)
		return ret;
	ret = etw_ktp_register("block_rq_complete", etw_probe_rq_complete);
	if (ret) {
		etw_ktp_unregister("block_bio_queue", etw_probe_bio_queue);
		tracepoint_synchronize_unregister();
	}
	return ret;
}

static void etw_disk_disable(void)
{
	etw_ktp_unregister("block_rq_complete", etw_probe_rq_complete);
	etw_ktp_unregister("block_bio_queue", etw_probe_bio_queue);
}

struct etw_kgroup etw_kgroup_disk = {
	.name = "disk I/O",
	.flags = ETW_KF_DISK_IO | ETW_KF_DISK_IO_INIT,
	.enable = etw_disk_enable,
	.disable = etw_disk_disable,
};
