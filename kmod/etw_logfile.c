// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-file sessions: the session's sealed buffers, unchanged, become the
 * .etl file (etl-format section 1): buffer 0 holds the logfile header
 * record, then the data buffers follow at n * BufferSize.
 *
 * The file is one more reader of the session's pool.  Its queue is
 * drained by a worker that writes each buffer and gives it back; a file
 * session thus keeps logging after its controller exits, and STOP returns
 * only after the worker wrote everything, buffer 0 was rewritten with the
 * final counts, and the file was synced.
 *
 * Files are opened with the credentials, root and umask of the process
 * that started the session (or switched the file), so they get the
 * permissions that process would have given them.
 *
 * Modes (reference 2.3): sequential (stop writing at MaximumFileSize,
 * counting LogBuffersLost), circular (buffer 0 fixed, then a ring of
 * MaximumFileSize / BufferSize - 1 buffers, oldest overwritten), append
 * (to an existing file of the same BufferSize using the system-time
 * clock), newfile (a new file, "%d" numbered from 1, whenever the next
 * buffer would pass MaximumFileSize).  Buffering mode has no file: FLUSH
 * or STOP with a file name writes a snapshot of its memory.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/time.h>
#include <linux/vmalloc.h>

#include "etw_internal.h"
#include "shared/etw_xpress.h"
#include "etw_buffer.h"
#include "shared/etw_etl.h"

/**
 * struct etw_logfile - the file of one session
 * @s:		the session (which owns us)
 * @reader:	our reader of the session's pool
 * @work:	drains @reader into the file
 * @lock:	serialises the worker, stop and file switches
 * @file:	the open file, or NULL (after an error)
 * @path:	its name (for NEWFILE, the formatted one)
 * @pattern:	the name as given (NEWFILE: with "%d")
 * @who:	credentials, root and umask to open files with
 * @pos:	next write offset (not circular)
 * @nbuf:	buffers in the file, buffer 0 included
 * @max_bytes:	MaximumFileSize in bytes, 0 = none
 * @slots:	circular: ring slots after buffer 0
 * @next_slot:	circular: where the next buffer goes
 * @file_no:	NEWFILE: number of the current file
 * @full:	sequential: the maximum size was reached
 * @hdr:	room for buffer 0
 * @idx:	room for fetched buffer indexes
 * @cbuf:	COMPRESSED_MODE: room for one compressed buffer, else NULL
 * @cwork:	COMPRESSED_MODE: the XPRESS encoder's workspace
 * @prev:	APPEND: what the file's header said before this session
 *		(StartTime, its raw time, losses); valid if @prev.valid
 */
struct etw_logfile {
	struct etw_session *s;
	struct etw_reader *reader;
	struct work_struct work;
	struct mutex lock;
	struct file *file;
	char *path;
	const char *pattern;
	struct etw_opener who;
	loff_t pos;
	u32 nbuf;
	u64 max_bytes;
	u32 slots;
	u32 next_slot;
	u32 file_no;
	bool full;
	void *hdr;
	u32 *idx;
	void *cbuf;
	void *cwork;
	struct {
		bool valid;
		u64 start_time;		/* FILETIME */
		u64 start_raw;
		u32 events_lost;
		u32 buffers_lost;
	} prev;
};

static u32 etw_lf_size(struct etw_logfile *lf)
{
	return lf->s->pool->size;
}

static u32 etw_lf_mode(struct etw_logfile *lf)
{
	return lf->s->params.log_file_mode;
}

static void etw_lf_params(struct etw_logfile *lf, struct etl_logfile_params *p,
			  const char *path, u32 nbuf, bool final)
{
	struct etw_session *s = lf->s;
	struct etw_session_info si;

	etw_pool_stats(s->pool, &si);
	memset(p, 0, sizeof(*p));
	p->buffer_size = etw_lf_size(lf);
	p->nr_processors = nr_cpu_ids;
	p->end_time = final ? div_u64(ktime_get_real_ns(), 100) +
			      ETL_FILETIME_UNIX_EPOCH : 0;
	p->max_file_size = s->params.max_file_size;
	p->log_file_mode = s->params.log_file_mode;
	p->buffers_written = nbuf;
	p->events_lost = si.events_lost;
	p->buffers_lost = si.log_buffers_lost;
	p->cpu_mhz = s->cpu_mhz;
	p->tz_bias = sys_tz.tz_minuteswest;
	p->boot_time = s->boot_time;
	p->perf_freq = s->perf_freq;
	p->start_time = s->start_time;
	p->start_raw = s->start_raw;
	/*
	 * APPEND (issue 9): the header stays true for the whole file, as on
	 * Windows: the earliest start (with the system-time clock that
	 * APPEND needs, raw times are FILETIMEs, so the pair stays a valid
	 * time base) and the losses of every session.
	 */
	if (lf->prev.valid) {
		if (lf->prev.start_time < p->start_time) {
			p->start_time = lf->prev.start_time;
			p->start_raw = lf->prev.start_raw;
		}
		p->events_lost += lf->prev.events_lost;
		p->buffers_lost += lf->prev.buffers_lost;
	}
	p->clock_type = s->params.clock_type;
	p->thread_id = s->owner_tid;
	p->process_id = s->owner_tgid;
	p->logger_name = s->name;
	p->logger_name_len = s->name_len;
	p->log_file_name = path;
	p->log_file_name_len = strlen(path);
}

/*
 * Write buffer 0 (the logfile header) of @file, named @path and holding
 * @nbuf buffers, at offset 0.  Context: lf->lock held (lf->hdr).
 */
static int etw_lf_write_header_to(struct etw_logfile *lf, struct file *file,
				  const char *path, u32 nbuf, bool final)
{
	struct etl_logfile_params p;
	loff_t pos = 0;
	ssize_t n;
	int ret;

	etw_lf_params(lf, &p, path, nbuf, final);
	ret = etl_header_buffer_write(lf->hdr, etw_lf_size(lf),
				      lf->s->logger_id, &p);
	if (ret)
		return ret;
	n = kernel_write(file, lf->hdr, etw_lf_size(lf), &pos);
	return n == etw_lf_size(lf) ? 0 : (n < 0 ? n : -EIO);
}

static int etw_lf_write_header(struct etw_logfile *lf, bool final)
{
	return etw_lf_write_header_to(lf, lf->file, lf->path, lf->nbuf, final);
}

/* "name%d.etl" with @no in place of "%d". */
static char *etw_lf_format(const char *pattern, u32 no)
{
	const char *pc = strstr(pattern, "%d");

	if (!pc)
		return kstrdup(pattern, GFP_KERNEL);
	return kasprintf(GFP_KERNEL, "%.*s%u%s", (int)(pc - pattern), pattern,
			 no, pc + 2);
}

/**
 * etw_opener_get() - remember who opens files: the calling task's
 * credentials, root and umask
 * @who:	out
 */
void etw_opener_get(struct etw_opener *who)
{
	who->cred = get_current_cred();
	get_fs_root(current->fs, &who->root);
	who->umask = current_umask();
}

/* Copy @from into @to, taking references of its own. */
static void etw_opener_dup(struct etw_opener *to, const struct etw_opener *from)
{
	to->cred = get_cred(from->cred);
	to->root = from->root;
	path_get(&to->root);
	to->umask = from->umask;
}

void etw_opener_put(struct etw_opener *who)
{
	if (who->cred)
		put_cred(who->cred);
	if (who->root.mnt)
		path_put(&who->root);
	memset(who, 0, sizeof(*who));
}

/*
 * The mode a new log file of @s is created with (less the umask): a
 * system logger's is its starter's alone (Documentation/system-trace.rst
 * "Who sees what"), as perf record's perf.data is.
 */
static umode_t etw_lf_perm(const struct etw_session *s)
{
	return s->ksys ? 0600 : 0666;
}

/**
 * etw_lf_open() - open a log file as @who would
 * @who:	whose credentials, root and umask
 * @path:	absolute path
 * @flags:	O_* access and creation flags
 * @mode:	permissions of a new file, before the umask
 *
 * Only regular files are log files.  The name is first opened with O_PATH,
 * which resolves it without calling any file system's or driver's open,
 * so that a FIFO (whose open would wait for a reader) or a device is never
 * opened; the real open is non-blocking, for a FIFO put in place after the
 * look, and what it opened is checked again.
 *
 * Context: process context, no locks held (this is file-system work that
 * may block: FUSE, NFS).
 * Return: the file or an ERR_PTR (-EINVAL: not a regular file).
 */
static struct file *etw_lf_open(const struct etw_opener *who, const char *path,
				int flags, umode_t mode)
{
	const struct cred *old;
	struct file *f;
	int ret = 0;

	old = override_creds(who->cred);
	f = file_open_root(&who->root, path, O_PATH | O_CLOEXEC, 0);
	if (!IS_ERR(f)) {
		if (!S_ISREG(file_inode(f)->i_mode))
			ret = -EINVAL;
		fput(f);
	} else if (PTR_ERR(f) != -ENOENT || !(flags & O_CREAT)) {
		ret = PTR_ERR(f);
	}
	if (ret)
		f = ERR_PTR(ret);
	else
		f = file_open_root(&who->root, path,
				   flags | O_LARGEFILE | O_CLOEXEC | O_NONBLOCK |
				   O_NOCTTY, mode & ~who->umask);
	revert_creds(old);
	if (IS_ERR(f))
		return f;
	if (!S_ISREG(file_inode(f)->i_mode)) {
		fput(f);
		return ERR_PTR(-EINVAL);
	}
	spin_lock(&f->f_lock);
	f->f_flags &= ~O_NONBLOCK;
	spin_unlock(&f->f_lock);
	return f;
}

/*
 * APPEND: continue an existing file written with the same BufferSize and
 * the system-time clock (reference 2.3).  Returns the buffers it has, 0
 * for an empty or new file, or -errno.
 */
static int etw_lf_append_check(struct etw_logfile *lf)
{
	struct etl_buffer_info bi;
	struct etl_record rec;
	struct etl_logfile_info li;
	loff_t size = i_size_read(file_inode(lf->file)), pos = 0;
	u32 bsize = etw_lf_size(lf);
	ssize_t n;

	if (size == 0)
		return 0;
	if (lf->s->params.clock_type != ETL_CLOCK_SYSTEM_TIME)
		return -EINVAL;
	n = kernel_read(lf->file, lf->hdr, bsize, &pos);
	if (n != bsize)
		return -EINVAL;
	if (etl_buffer_parse(lf->hdr, bsize, &bi, NULL) ||
	    bi.buffer_size != bsize ||
	    etl_record_decode(lf->hdr, bi.filled, ETL_BUFFER_HEADER_SIZE, &rec,
			      NULL) < 0 ||
	    etl_logfile_parse(&rec, &li, NULL) < 0 ||
	    li.hdr.reserved_flags != ETL_CLOCK_SYSTEM_TIME)
		return -EINVAL;
	lf->prev.valid = true;
	lf->prev.start_time = li.hdr.start_time;
	lf->prev.start_raw = li.raw_time;
	lf->prev.events_lost = li.hdr.events_lost;
	lf->prev.buffers_lost = li.hdr.buffers_lost;
	return size / bsize;
}

/* Open the current file and write its buffer 0. */
static int etw_lf_open_current(struct etw_logfile *lf, bool append)
{
	int flags = append ? O_RDWR | O_CREAT : O_WRONLY | O_CREAT | O_TRUNC;
	int ret;

	lf->file = etw_lf_open(&lf->who, lf->path, flags, etw_lf_perm(lf->s));
	if (IS_ERR(lf->file)) {
		ret = PTR_ERR(lf->file);
		lf->file = NULL;
		return ret;
	}
	lf->nbuf = 1;
	lf->pos = etw_lf_size(lf);
	lf->next_slot = 0;
	lf->full = false;
	lf->prev.valid = false;
	if (append) {
		ret = etw_lf_append_check(lf);
		if (ret < 0)
			goto out_close;
		if (ret > 0) {
			/* Keep its header until we rewrite it at the end. */
			lf->nbuf = ret;
			lf->pos = (loff_t)ret * etw_lf_size(lf);
			return 0;
		}
	}
	ret = etw_lf_write_header(lf, false);
	if (ret)
		goto out_close;
	return 0;

out_close:
	fput(lf->file);
	lf->file = NULL;
	return ret;
}

/*
 * Finish the current file: buffer 0 with the final counts and EndTime,
 * the size cut to what was written, synced.
 */
static void etw_lf_close_current(struct etw_logfile *lf)
{
	if (!lf->file)
		return;
	etw_lf_write_header(lf, true);
	if (!lf->slots)		/* where the last buffer ends */
		vfs_truncate(&lf->file->f_path, lf->pos);
	vfs_fsync(lf->file, 0);
	fput(lf->file);
	lf->file = NULL;
}

static void etw_lf_lost(struct etw_logfile *lf)
{
	struct etw_pool *pool = lf->s->pool;
	unsigned long flags;

	raw_spin_lock_irqsave(&pool->lock, flags);
	pool->log_buffers_lost++;
	raw_spin_unlock_irqrestore(&pool->lock, flags);
}

/* Write one sealed buffer where the mode says it goes.  lf->lock held. */
static void etw_lf_write_buffer(struct etw_logfile *lf, const void *data)
{
	u32 bsize = etw_lf_size(lf), len = bsize;
	loff_t pos;
	ssize_t n;

	if (!lf->file || lf->full) {
		etw_lf_lost(lf);
		return;
	}
	if (lf->slots) {
		pos = (loff_t)(1 + lf->next_slot) * bsize;
		lf->next_slot = (lf->next_slot + 1) % lf->slots;
		n = kernel_write(lf->file, data, bsize, &pos);
		if (n != bsize)
			etw_lf_lost(lf);
		else if (lf->nbuf < 1 + lf->slots)
			lf->nbuf++;
		return;
	}
	/*
	 * EVENT_TRACE_COMPRESSED_MODE: the buffer's records XPRESS-compressed
	 * behind its header (etl-format section 1), written back to back;
	 * one that would not shrink is written as it is.
	 */
	if (lf->cbuf) {
		int c = etl_buffer_compress(data, lf->cbuf, bsize, lf->cwork);

		if (c > 0) {
			data = lf->cbuf;
			len = c;
		}
	}
	if (lf->max_bytes && lf->pos + len > lf->max_bytes) {
		if (!(etw_lf_mode(lf) & ETW_MODE_FILE_MODE_NEWFILE)) {
			lf->full = true;	/* sequential: the file is full */
			etw_lf_lost(lf);
			return;
		}
		etw_lf_close_current(lf);
		kfree(lf->path);
		lf->path = etw_lf_format(lf->pattern, ++lf->file_no);
		if (!lf->path || etw_lf_open_current(lf, false)) {
			etw_lf_lost(lf);
			return;
		}
	}
	pos = lf->pos;
	n = kernel_write(lf->file, data, len, &pos);
	if (n != len) {
		etw_lf_lost(lf);
		return;
	}
	lf->pos += len;
	lf->nbuf++;
}

static void etw_lf_drain(struct etw_logfile *lf)
{
	struct etw_pool *pool = lf->s->pool;
	bool drained;
	u32 i, n;

	mutex_lock(&lf->lock);
	if (!lf->reader) {	/* etw_logfile_stop() detached it */
		mutex_unlock(&lf->lock);
		return;
	}
	do {
		n = etw_reader_fetch(pool, lf->reader, lf->idx, pool->nr,
				     &drained);
		for (i = 0; i < n; i++)
			etw_lf_write_buffer(lf, pool->bufs[lf->idx[i]].data);
		etw_reader_release(pool, lf->reader, lf->idx, n);
	} while (!drained);
	mutex_unlock(&lf->lock);
}

static void etw_lf_work(struct work_struct *work)
{
	etw_lf_drain(container_of(work, struct etw_logfile, work));
}

/* Called (from the pool's irq_work) after buffers were queued to us. */
static void etw_lf_kick(void *arg)
{
	struct etw_logfile *lf = arg;

	queue_work(etw_io_wq, &lf->work);
}

static void etw_lf_free(struct etw_logfile *lf)
{
	etw_opener_put(&lf->who);
	kfree(lf->path);
	vfree(lf->hdr);
	kvfree(lf->idx);
	vfree(lf->cbuf);
	kvfree(lf->cwork);
	kfree(lf);
}

static struct etw_logfile *etw_lf_alloc(struct etw_session *s,
					const char *pattern,
					const struct etw_opener *who)
{
	struct etw_logfile *lf = kzalloc(sizeof(*lf), GFP_KERNEL_ACCOUNT);

	if (!lf)
		return NULL;
	lf->s = s;
	mutex_init(&lf->lock);
	INIT_WORK(&lf->work, etw_lf_work);
	lf->pattern = pattern;
	etw_opener_dup(&lf->who, who);
	lf->hdr = __vmalloc(s->pool->size, GFP_KERNEL_ACCOUNT);
	lf->idx = kvcalloc(s->pool->nr, sizeof(u32), GFP_KERNEL_ACCOUNT);
	if (!lf->hdr || !lf->idx)
		goto out_free;
	/* Compressed buffers (issue 9): bounded by the buffer size, charged. */
	if (s->params.log_file_mode & ETW_MODE_COMPRESSED) {
		lf->cbuf = __vmalloc(s->pool->size, GFP_KERNEL_ACCOUNT);
		lf->cwork = kvmalloc(ETL_XPRESS_WORKSPACE, GFP_KERNEL_ACCOUNT);
		if (!lf->cbuf || !lf->cwork)
			goto out_free;
	}
	return lf;

out_free:
	etw_lf_free(lf);
	return NULL;
}

/* NEWFILE names hold exactly one "%d" and no other '%' (no format games). */
static bool etw_lf_pattern_ok(const char *p, bool newfile)
{
	const char *pc = strchr(p, '%');

	if (!newfile)
		return true;
	return pc && pc[1] == 'd' && !strchr(pc + 2, '%');
}

static u64 etw_lf_max_bytes(const struct etw_session *s)
{
	u64 unit = (s->params.log_file_mode & ETW_MODE_USE_KBYTES_FOR_SIZE) ?
		   1024 : 1024 * 1024;

	return (u64)s->params.max_file_size * unit;
}

/**
 * etw_logfile_start() - open the session's log file and start reading
 * @s:		a new session with a log file, before anyone can write to it
 *
 * Context: process context of the controller, no locks held (the caller
 * reserved the file name so that no other session takes it meanwhile).
 * Return: 0 or -errno (-EINVAL: bad name, size, APPEND mismatch, not a
 * regular file).
 */
int etw_logfile_start(struct etw_session *s)
{
	bool newfile = s->params.log_file_mode & ETW_MODE_FILE_MODE_NEWFILE;
	struct etw_opener who;
	struct etw_logfile *lf;
	int ret;

	if (!etw_lf_pattern_ok(s->log_file, newfile))
		return -EINVAL;
	etw_opener_get(&who);
	lf = etw_lf_alloc(s, s->log_file, &who);
	etw_opener_put(&who);
	if (!lf)
		return -ENOMEM;
	lf->max_bytes = etw_lf_max_bytes(s);
	if (s->params.log_file_mode & ETW_MODE_FILE_MODE_CIRCULAR) {
		lf->slots = div_u64(lf->max_bytes, s->pool->size);
		if (lf->slots < 2) {
			ret = -EINVAL;	/* no room for a ring */
			goto out_free;
		}
		lf->slots--;
	}
	lf->file_no = newfile ? 1 : 0;
	lf->path = etw_lf_format(lf->pattern, lf->file_no);
	if (!lf->path) {
		ret = -ENOMEM;
		goto out_free;
	}
	mutex_lock(&lf->lock);
	ret = etw_lf_open_current(lf, s->params.log_file_mode &
				  ETW_MODE_FILE_MODE_APPEND);
	mutex_unlock(&lf->lock);
	if (ret)
		goto out_free;
	lf->reader = etw_reader_attach(s->pool, 0, etw_lf_kick, lf);
	if (IS_ERR(lf->reader)) {
		ret = PTR_ERR(lf->reader);
		etw_lf_close_current(lf);
		goto out_free;
	}
	s->logfile = lf;
	return 0;

out_free:
	etw_lf_free(lf);
	return ret;
}

/**
 * etw_logfile_stop() - write what is left and close the file
 * @s:		a stopped session whose pool was flushed (etw_pool_stop)
 *
 * Returns after every buffer is in the file and the file is synced.
 *
 * Context: a kernel worker (etw_fileop.c), so that a fatal signal to the
 * controller cannot cut the last writes short; s->file_sem held.
 */
void etw_logfile_stop(struct etw_session *s)
{
	struct etw_logfile *lf = s->logfile;
	struct etw_reader *r;

	if (!lf)
		return;
	flush_work(&lf->work);
	etw_lf_drain(lf);
	mutex_lock(&lf->lock);
	etw_lf_close_current(lf);
	r = lf->reader;
	lf->reader = NULL;
	mutex_unlock(&lf->lock);
	/*
	 * Detaching syncs the pool's irq_work, so no kick queues lf->work
	 * after it; a work queued before finds no reader.  Only then can
	 * the work be cancelled for good and lf freed.
	 */
	etw_reader_detach(s->pool, r);
	cancel_work_sync(&lf->work);
	s->logfile = NULL;
	etw_lf_free(lf);
}

/**
 * etw_logfile_switch() - continue in another file (ControlTrace UPDATE)
 * @s:		a running session with a sequential log file
 * @path:	the new file (kernel copy, absolute); set to NULL when taken
 *		over (on success)
 * @who:	whose credentials, root and umask open it
 *
 * The new file is opened and its header written first: if that fails,
 * the session keeps writing to the file it had and nothing changed.
 * Then everything sealed so far goes to the old file, which is closed
 * with its final header, and the new one takes over.
 *
 * Context: a kernel worker (etw_fileop.c); s->file_sem held.
 * Return: 0 or -errno.
 */
int etw_logfile_switch(struct etw_session *s, char **path,
		       const struct etw_opener *who)
{
	struct etw_logfile *lf = s->logfile;
	struct file *nf;
	int ret;

	if (!lf || (s->params.log_file_mode & (ETW_MODE_FILE_MODE_NEWFILE |
					       ETW_MODE_FILE_MODE_CIRCULAR |
					       ETW_MODE_FILE_MODE_APPEND)))
		return -EOPNOTSUPP;
	nf = etw_lf_open(who, *path, O_WRONLY | O_CREAT | O_TRUNC,
			 etw_lf_perm(s));
	if (IS_ERR(nf))
		return PTR_ERR(nf);
	mutex_lock(&lf->lock);
	ret = etw_lf_write_header_to(lf, nf, *path, 1, false);
	mutex_unlock(&lf->lock);
	if (ret) {
		fput(nf);
		return ret;
	}

	etw_pool_flush(s->pool);
	flush_work(&lf->work);
	etw_lf_drain(lf);
	mutex_lock(&lf->lock);
	etw_lf_close_current(lf);
	lf->file = nf;
	kfree(lf->path);
	lf->path = *path;
	lf->pattern = lf->path;
	*path = NULL;
	/* The new file is the new controller's. */
	etw_opener_put(&lf->who);
	etw_opener_dup(&lf->who, who);
	lf->nbuf = 1;
	lf->pos = etw_lf_size(lf);
	lf->next_slot = 0;
	lf->full = false;
	lf->prev.valid = false;
	mutex_unlock(&lf->lock);
	return 0;
}

/**
 * etw_logfile_snapshot() - write a buffering-mode session's memory to a file
 * @s:		a session in EVENT_TRACE_BUFFERING_MODE
 * @path:	the file (kernel copy, absolute)
 * @who:	whose credentials, root and umask open it
 *
 * The buffers are written oldest first after a header buffer; readers
 * order the events by time.
 *
 * Context: a kernel worker (etw_fileop.c); s->file_sem held.
 * Return: 0, -EINVAL (not a buffering-mode session), -ENOMEM, or the
 * error of opening the file.
 */
int etw_logfile_snapshot(struct etw_session *s, const char *path,
			 const struct etw_opener *who)
{
	struct etw_pool *pool = s->pool;
	struct etw_logfile *lf;
	u32 i, n = 0;
	int ret;

	if (!(s->params.log_file_mode & ETW_MODE_BUFFERING))
		return -EINVAL;
	lf = etw_lf_alloc(s, path, who);
	if (!lf)
		return -ENOMEM;
	lf->path = kstrdup(path, GFP_KERNEL_ACCOUNT);
	if (!lf->path) {
		ret = -ENOMEM;
		goto out_free;
	}
	mutex_lock(&lf->lock);
	ret = etw_lf_open_current(lf, false);
	mutex_unlock(&lf->lock);
	if (ret)
		goto out_free;
	/* Partial buffers first join the ring, then take it whole. */
	etw_pool_flush(pool);
	n = etw_pool_take_ring(pool, lf->idx);
	for (i = 0; i < n; i++)
		etw_lf_write_buffer(lf, pool->bufs[lf->idx[i]].data);
	etw_pool_return_ring(pool, lf->idx, n);
	etw_lf_close_current(lf);
out_free:
	etw_lf_free(lf);
	return ret;
}
