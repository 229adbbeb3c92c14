/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * make check runs the suites that write through libetw twice: with the
 * fast path (the default) and with ETW_FASTPATH=0.  EXPECT_WRITE_PATH()
 * checks that the writes so far took the path the environment asked for,
 * so that neither run passes on the other's path.
 */
#ifndef _ETW_FASTPATH_CHECK_H
#define _ETW_FASTPATH_CHECK_H

#include <stdlib.h>
#include <libetw.h>

#define EXPECT_WRITE_PATH() do {					\
	const char *_e = getenv("ETW_FASTPATH");			\
	int _want = !(_e && _e[0] == '0');				\
	struct etw_fastpath_stats _fs;					\
									\
	ASSERT_EQ(0, etw_fastpath_stats(&_fs));				\
	EXPECT_EQ(_want, (int)_fs.enabled);				\
	if (_want) {							\
		EXPECT_LT(0, _fs.events);				\
	} else {							\
		EXPECT_EQ(0, _fs.events);				\
	}								\
} while (0)

#endif /* _ETW_FASTPATH_CHECK_H */
