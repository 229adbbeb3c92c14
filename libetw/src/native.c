// SPDX-License-Identifier: MIT
/*
 * libetw native layer: the process-wide device descriptor and GET_INFO.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "libetw.h"
#include "internal.h"
#include "provider.h"

static pthread_mutex_t dev_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t dev_once = PTHREAD_ONCE_INIT;
static int dev_fd = -1;

/*
 * Registrations belong to the open file they were made on, and ETW makes
 * them process-scoped: a forked child must not share its parent's file
 * (its registrations would outlive it).  The child starts afresh with no
 * descriptor and no registrations; the parent's handles mean nothing
 * there.
 */
static void etw_atfork_child(void)
{
	if (dev_fd >= 0)
		close(dev_fd);
	dev_fd = -1;
	pthread_mutex_init(&dev_lock, NULL);
	etw_provider_atfork_child();
}

static void etw_dev_once(void)
{
	pthread_atfork(NULL, NULL, etw_atfork_child);
}

ETW_EXPORT int etw_dev_open(void)
{
	int fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

ETW_EXPORT int etw_dev_fd(void)
{
	int fd;

	fd = __atomic_load_n(&dev_fd, __ATOMIC_ACQUIRE);
	if (fd >= 0)
		return fd;
	pthread_once(&dev_once, etw_dev_once);
	pthread_mutex_lock(&dev_lock);
	fd = dev_fd;
	if (fd < 0) {
		fd = etw_dev_open();
		if (fd >= 0)
			__atomic_store_n(&dev_fd, fd, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&dev_lock);
	return fd;
}

ETW_EXPORT int etw_get_info(int fd, struct etw_info *info)
{
	if (!info)
		return -EINVAL;
	if (fd < 0) {
		fd = etw_dev_fd();
		if (fd < 0)
			return fd;
	}
	memset(info, 0, sizeof(*info));
	if (ioctl(fd, ETW_IOC_GET_INFO, info) < 0)
		return -errno;
	return 0;
}

ETW_EXPORT const char *etw_strerror(int err)
{
	if (err == -ENOENT)
		return "/dev/etw not found (is etw.ko loaded?)";
	return strerror(err < 0 ? -err : err);
}
