// SPDX-License-Identifier: GPL-2.0-only
/*
 * Real-time consumers: OpenTrace on a session name gives a descriptor
 * that maps all of the session's buffers read-only; buffers are handed
 * over by index through ETW_IOC_CONSUMER_WAIT and poll(2), never copied,
 * and no syscall is made per event.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/anon_inodes.h>
#include <linux/file.h>
#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "etw_internal.h"
#include "etw_ksys.h"
#include "etw_buffer.h"
#include "shared/etw_ioc.h"

/**
 * struct etw_consumer - one attached real-time consumer
 * @session:	the session (a reference)
 * @reader:	its reader of the session's pool
 * @lock:	serialises the users of @scratch: threads may share the fd
 * @scratch:	room for pool->nr buffer indexes (@lock)
 */
struct etw_consumer {
	struct etw_session *session;
	struct etw_reader *reader;
	struct mutex lock;
	u32 *scratch;
};

static int etw_consumer_release(struct inode *inode, struct file *file)
{
	struct etw_consumer *c = file->private_data;

	etw_reader_detach(c->session->pool, c->reader);
	etw_session_put(c->session);
	kvfree(c->scratch);
	kfree(c);
	return 0;
}

static int etw_consumer_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct etw_consumer *c = file->private_data;
	struct etw_pool *pool = c->session->pool;

	/*
	 * The whole area, nr * BufferSize bytes, is mapped at offset 0; it
	 * takes whole pages, so any BufferSize works (the length of the
	 * mapping is rounded up to a page by mmap(2) itself).
	 */
	if (vma->vm_pgoff)
		return -EINVAL;
	return etw_umem_mmap(&pool->mem, vma);
}

static __poll_t etw_consumer_poll(struct file *file, poll_table *wait)
{
	struct etw_consumer *c = file->private_data;
	struct etw_reader *r = c->reader;
	bool pending, stopped;

	poll_wait(file, &r->wq, wait);
	pending = READ_ONCE(r->head) != READ_ONCE(r->tail);
	stopped = READ_ONCE(c->session->pool->stopped);
	if (pending)
		return EPOLLIN | EPOLLRDNORM;
	return stopped ? EPOLLIN | EPOLLHUP : 0;
}

static long etw_consumer_wait(struct etw_consumer *c, void __user *uarg,
			      u32 usize)
{
	struct etw_pool *pool = c->session->pool;
	struct etw_reader *r = c->reader;
	struct etw_consumer_wait req;
	struct etw_session_info si;
	bool drained, stopped;
	u64 wm;
	u32 n;
	int ret;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags & ~ETW_WAIT_FLAGS_MASK ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)) ||
	    req.release_count > pool->nr || (req.release_count && !req.release) ||
	    (req.ready_max && !req.ready))
		return -EINVAL;

	if (req.release_count) {
		/* A slow page stalls only this consumer's other threads. */
		if (mutex_lock_killable(&c->lock))
			return -EINTR;
		if (copy_from_user(c->scratch, u64_to_user_ptr(req.release),
				   sizeof(u32) * req.release_count))
			ret = -EFAULT;
		else	/* a bad list hands nothing back and nothing over */
			ret = etw_reader_release(pool, r, c->scratch,
						 req.release_count);
		mutex_unlock(&c->lock);
		if (ret)
			return ret;
	}
	/*
	 * Everything written before the call, as a file session's flush: a
	 * collect of its own (one under way may have read the stages'
	 * heads before the last records), then the partly filled buffers.
	 * The collector's mutex is held for one collect at most (it never
	 * waits for buffers); the margin it waits first is 10 us.
	 */
	if (req.flags & ETW_WAIT_F_FLUSH)
		etw_pool_flush(pool);
	if (req.timeout_ms) {
		long t = wait_event_interruptible_timeout(r->wq,
				READ_ONCE(r->head) != READ_ONCE(r->tail) ||
				READ_ONCE(pool->stopped),
				msecs_to_jiffies(req.timeout_ms));
		if (t < 0)
			return t;
	}

	/* The watermark first, then what was handed over up to then. */
	if (mutex_lock_killable(&c->lock))
		return -EINTR;
	stopped = READ_ONCE(pool->stopped);
	wm = stopped ? U64_MAX :
	     etw_pool_watermark(pool, etw_session_clock(c->session));
	n = etw_reader_fetch(pool, r, c->scratch, min(req.ready_max, pool->nr),
			     &drained);
	if (!stopped && READ_ONCE(pool->stopped))
		wm = 0;		/* stopped meanwhile: ask again */
	if (!drained)
		wm = 0;		/* not all fetched: nothing is safe yet */
	ret = 0;
	if (n && copy_to_user(u64_to_user_ptr(req.ready), c->scratch,
			      sizeof(u32) * n)) {
		/* Not handed over: the consumer will get them next time. */
		etw_reader_unfetch(pool, r, n);
		ret = -EFAULT;
	}
	mutex_unlock(&c->lock);
	if (ret)
		return ret;
	etw_pool_stats(pool, &si);
	req.ready_count = n;
	req.watermark = wm;
	req.status = stopped && drained ? ETW_WAIT_STOPPED : 0;
	req.events_lost = si.events_lost;
	req.buffers_lost = si.real_time_buffers_lost;
	return etw_copy_out(uarg, usize, &req, sizeof(req));
}

static long etw_consumer_ioctl(struct file *file, unsigned int cmd,
			       unsigned long arg)
{
	static const struct etw_ioc_desc tbl[] = {
		{ _IOC_NR(ETW_IOC_CONSUMER_WAIT), _IOC_DIR(ETW_IOC_CONSUMER_WAIT),
		  ETW_CONSUMER_WAIT_SIZE_VER0, sizeof(struct etw_consumer_wait) },
	};
	int idx = etw_ioc_lookup(cmd, tbl, ARRAY_SIZE(tbl));

	if (idx < 0)
		return idx;
	return etw_consumer_wait(file->private_data, (void __user *)arg,
				 _IOC_SIZE(cmd));
}

static const struct file_operations etw_consumer_fops = {
	.owner		= THIS_MODULE,
	.release	= etw_consumer_release,
	.mmap		= etw_consumer_mmap,
	.poll		= etw_consumer_poll,
	.unlocked_ioctl	= etw_consumer_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= noop_llseek,
};

long etw_ioctl_consumer_open(struct etw_file *ef, void __user *uarg, u32 usize)
{
	struct etw_consumer_open req;
	struct etw_session_info si;
	struct etw_consumer *c;
	struct etw_session *s;
	struct file *file;
	char *name;
	int ret, fd;

	ret = copy_struct_from_user(&req, sizeof(req), uarg, usize);
	if (ret)
		return ret;
	if (req.flags || req.__pad || req.fd || req.flags_out ||
	    !etw_mem_is_zero(req.__reserved, sizeof(req.__reserved)))
		return -EINVAL;
	if (req.info && (req.info_size < ETW_SESSION_INFO_SIZE_VER0 ||
			 req.info_size > ETW_IOC_MAX_SIZE))
		return -EINVAL;
	name = etw_strndup_user(u64_to_user_ptr(req.name), req.name_len,
				ETW_MAX_NAME_BYTES, &ret);
	if (!name)
		return ret;

	mutex_lock(&etw_lock);
	s = etw_session_find(0, name, req.name_len, &ret);
	if (s && !(s->params.log_file_mode & ETW_MODE_REAL_TIME)) {
		etw_session_put(s);
		s = NULL;
		ret = -EINVAL;	/* not a real-time session */
	} else if (s && !etw_ksys_may_read(s)) {
		etw_session_put(s);
		s = NULL;
		ret = -EACCES;	/* another starter's system trace */
	}
	mutex_unlock(&etw_lock);
	kfree(name);
	if (!s)
		return ret;

	c = kzalloc(sizeof(*c), GFP_KERNEL_ACCOUNT);
	if (!c) {
		ret = -ENOMEM;
		goto out_put;
	}
	c->session = s;
	mutex_init(&c->lock);
	c->scratch = kvcalloc(s->pool->nr, sizeof(u32), GFP_KERNEL_ACCOUNT);
	if (!c->scratch) {
		ret = -ENOMEM;
		goto out_free;
	}
	c->reader = etw_reader_attach(s->pool, etw_session_clock(s), NULL, NULL);
	if (IS_ERR(c->reader)) {
		ret = PTR_ERR(c->reader);
		goto out_free;
	}

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0) {
		ret = fd;
		goto out_detach;
	}
	file = anon_inode_getfile("[etw-consumer]", &etw_consumer_fops, c,
				  O_RDWR | O_CLOEXEC);
	if (IS_ERR(file)) {
		ret = PTR_ERR(file);
		goto out_fd;
	}

	req.fd = fd;
	req.buffer_size = s->pool->size;
	req.nr_buffers = s->pool->nr;
	req.flags_out = c->reader->backlog ? ETW_CONSUMER_F_BACKLOG : 0;
	req.attach_time = c->reader->attach_ts;
	ret = etw_copy_out(uarg, usize, &req, sizeof(req));
	if (!ret && req.info) {
		etw_session_fill_info(s, &si);
		ret = etw_copy_out(u64_to_user_ptr(req.info), req.info_size,
				   &si, sizeof(si));
	}
	if (ret) {
		fput(file);	/* releases the consumer */
		put_unused_fd(fd);
		return ret;
	}
	fd_install(fd, file);
	return 0;

out_fd:
	put_unused_fd(fd);
out_detach:
	etw_reader_detach(s->pool, c->reader);
out_free:
	kvfree(c->scratch);
	kfree(c);
out_put:
	etw_session_put(s);
	return ret;
}
