// SPDX-License-Identifier: GPL-2.0-only
/*
 * The file work of the control plane, run by a kernel worker:
 *
 *  - STOP: let writers leave, hand every buffer over, finish the log file
 *    (the last buffers, buffer 0 rewritten with the final counts, the
 *    size cut, fsync) and, for a buffering-mode session given a file
 *    name, write the snapshot;
 *  - UPDATE with a file name: switch the log file;
 *  - FLUSH of a buffering-mode session with a file name: the snapshot.
 *
 * The controller waits for the worker, but killably: a fatal signal
 * ends the wait, never the work, so a controller killed during STOP
 * cannot leave a file without its last buffers and final header, and a
 * log file on a file system that stalls (FUSE, NFS) holds up only the
 * controllers of that session, who can still be killed.
 *
 * Serialisation: one operation at a time per session, by
 * session->file_sem (a semaphore, because the worker releases what the
 * controller took).  A controller takes it (killably) before queueing
 * UPDATE or FLUSH work; STOP's worker takes it itself, since a stopped
 * session must be finished even if its controller dies waiting.  So at
 * most two operations per session are queued, and etw_ctl_wq (separate
 * from etw_io_wq, where the log-file writers run) never runs short of
 * workers.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "etw_internal.h"
#include "etw_buffer.h"
#include "etw_ksys.h"
#include "etw_trace.h"

struct workqueue_struct *etw_ctl_wq;
struct workqueue_struct *etw_io_wq;

/**
 * struct etw_fileop - one STOP, UPDATE or FLUSH's file work
 * @work:	runs etw_fileop_work() on etw_ctl_wq
 * @done:	completed when the work is over
 * @ref:	the controller and the worker
 * @s:		the session (referenced)
 * @code:	ETW_CONTROL_STOP, _UPDATE or _FLUSH
 * @path:	the file name given, or NULL (UPDATE: taken by the log file)
 * @who:	the controller's credentials, root and umask, for @path
 * @has_sem:	the controller took s->file_sem for the worker
 * @ret:	the result
 */
struct etw_fileop {
	struct work_struct work;
	struct completion done;
	refcount_t ref;
	struct etw_session *s;
	u32 code;
	char *path;
	struct etw_opener who;
	bool has_sem;
	int ret;
};

static void etw_fileop_put(struct etw_fileop *op)
{
	if (!refcount_dec_and_test(&op->ref))
		return;
	etw_opener_put(&op->who);
	kfree(op->path);
	etw_session_put(op->s);
	kfree(op);
}

/* STOP: the session left the table and every active list. */
static void etw_session_stop_io(struct etw_session *s)
{
	struct etw_session_info si;

	synchronize_rcu();	/* writers that saw it are gone */
	etw_fast_session_stop(s);	/* the stages' last records */
	if (s->ksys)		/* system loggers: DCEnd and configuration */
		etw_krundown_stop(s);
	etw_pool_stop(s->pool);
	etw_logfile_stop(s);
	etw_pool_stats(s->pool, &si);
	trace_etw_session_stop(s->logger_id, s->name, si.events_written,
			       si.events_lost);
}

static int etw_fileop_switch(struct etw_fileop *op)
{
	struct etw_session *s = op->s;
	int ret;

	if (READ_ONCE(s->stopped))
		ret = -ENOENT;	/* stopped meanwhile */
	else
		ret = etw_logfile_switch(s, &op->path, &op->who);
	etw_session_settle_log_file(s, !ret);
	return ret;
}

static void etw_fileop_work(struct work_struct *work)
{
	struct etw_fileop *op = container_of(work, struct etw_fileop, work);
	struct etw_session *s = op->s;
	int ret = 0;

	if (!op->has_sem)
		down(&s->file_sem);
	if (op->code == ETW_CONTROL_STOP)
		etw_session_stop_io(s);
	if (op->path && op->code == ETW_CONTROL_UPDATE)
		ret = etw_fileop_switch(op);
	else if (op->path)
		ret = etw_logfile_snapshot(s, op->path, &op->who);
	up(&s->file_sem);
	op->ret = ret;
	complete(&op->done);
	etw_fileop_put(op);
}

/**
 * etw_fileop_run() - do a control call's file work in a kernel worker
 * @s:		the session (referenced by the caller)
 * @code:	ETW_CONTROL_STOP (after etw_session_unlink()), or UPDATE or
 *		FLUSH with @path
 * @path:	a kernel copy of the file name, or NULL; always taken over
 *
 * Context: process context, no locks held.  Waits killably.
 * Return: the work's result, or -EINTR when a fatal signal ended the wait
 * (the work goes on: a STOP still finishes, an UPDATE may still switch).
 */
int etw_fileop_run(struct etw_session *s, u32 code, char *path)
{
	struct etw_fileop *op;
	int ret;

	if (code != ETW_CONTROL_STOP && down_killable(&s->file_sem)) {
		if (code == ETW_CONTROL_UPDATE)
			etw_session_settle_log_file(s, false);
		kfree(path);
		return -EINTR;
	}
	/* Small, and a STOP must run whatever happens. */
	op = kzalloc(sizeof(*op), GFP_KERNEL_ACCOUNT | __GFP_NOFAIL);
	INIT_WORK(&op->work, etw_fileop_work);
	init_completion(&op->done);
	refcount_set(&op->ref, 2);
	kref_get(&s->ref);
	op->s = s;
	op->code = code;
	op->path = path;
	if (path)
		etw_opener_get(&op->who);
	op->has_sem = code != ETW_CONTROL_STOP;
	queue_work(etw_ctl_wq, &op->work);

	if (wait_for_completion_killable(&op->done))
		ret = -EINTR;
	else
		ret = op->ret;
	etw_fileop_put(op);
	return ret;
}

int etw_fileop_init(void)
{
	etw_ctl_wq = alloc_workqueue("etw_ctl", WQ_UNBOUND, 0);
	etw_io_wq = alloc_workqueue("etw_io", WQ_UNBOUND, 0);
	if (!etw_ctl_wq || !etw_io_wq) {
		etw_fileop_exit();
		return -ENOMEM;
	}
	return 0;
}

/* Waits for every queued work item: nothing of ours runs afterwards. */
void etw_fileop_exit(void)
{
	if (etw_ctl_wq)
		destroy_workqueue(etw_ctl_wq);
	if (etw_io_wq)
		destroy_workqueue(etw_io_wq);
	etw_ctl_wq = NULL;
	etw_io_wq = NULL;
}
