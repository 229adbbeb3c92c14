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

#include <linux/etw.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The process-wide /dev/etw descriptor libetw uses for providers and
 * controllers, opened on first use (O_CLOEXEC).  Returns the fd or -errno.
 */
int etw_dev_fd(void);

/* Open a new, private descriptor of /dev/etw.  Returns the fd or -errno. */
int etw_dev_open(void);

/* ETW_IOC_GET_INFO on @fd (or the process-wide fd when @fd < 0). */
int etw_get_info(int fd, struct etw_info *info);

/* strerror() for the -errno values this layer returns. */
const char *etw_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* _LIBETW_H */
