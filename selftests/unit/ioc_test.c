// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw_ioc_lookup(): the command/direction/size checks every ioctl of
 * etw.ko goes through before its handler runs.
 */
#include <sys/ioctl.h>
#include <linux/etw.h>
#include "shared/etw_ioc.h"

#include "../kselftest_harness.h"

struct s24 { char b[24]; };
struct s40 { char b[40]; };

static const struct etw_ioc_desc tbl[] = {
	{ .nr = 0x00, .dir = _IOC_READ | _IOC_WRITE, .min_size = 16, .known_size = 24 },
	{ .nr = 0x07, .dir = _IOC_WRITE, .min_size = 40, .known_size = 40 },
};
#define N (sizeof(tbl) / sizeof(tbl[0]))

TEST(finds_known_commands)
{
	EXPECT_EQ(0, etw_ioc_lookup(_IOWR(ETW_IOC_MAGIC, 0x00, struct s24), tbl, N));
	EXPECT_EQ(1, etw_ioc_lookup(_IOW(ETW_IOC_MAGIC, 0x07, struct s40), tbl, N));
}

TEST(foreign_magic_is_enotty)
{
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOWR('T', 0x00, struct s24), tbl, N));
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOWR(ETW_IOC_MAGIC + 1, 0x00, struct s24), tbl, N));
}

TEST(unknown_number_is_enotty)
{
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOWR(ETW_IOC_MAGIC, 0x01, struct s24), tbl, N));
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOWR(ETW_IOC_MAGIC, 0xFF, struct s24), tbl, N));
}

TEST(wrong_direction_is_enotty)
{
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOR(ETW_IOC_MAGIC, 0x00, struct s24), tbl, N));
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOW(ETW_IOC_MAGIC, 0x00, struct s24), tbl, N));
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IO(ETW_IOC_MAGIC, 0x00), tbl, N));
	EXPECT_EQ(-ENOTTY, etw_ioc_lookup(_IOWR(ETW_IOC_MAGIC, 0x07, struct s40), tbl, N));
}

TEST(size_bounds)
{
	/* Exactly the first published size is fine; one byte less is not. */
	EXPECT_EQ(0, etw_ioc_lookup(_IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0, 16), tbl, N));
	EXPECT_EQ(-EINVAL, etw_ioc_lookup(_IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0, 15), tbl, N));
	EXPECT_EQ(-EINVAL, etw_ioc_lookup(_IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0, 0), tbl, N));
	/* Larger than known is the handler's business (tail check)... */
	EXPECT_EQ(0, etw_ioc_lookup(_IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0, 4096), tbl, N));
	/* ...up to the hard cap. */
	EXPECT_EQ(-E2BIG, etw_ioc_lookup(_IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0, 4097), tbl, N));
	EXPECT_EQ(-E2BIG, etw_ioc_lookup(_IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0, 16383), tbl, N));
}

TEST(mem_is_zero)
{
	unsigned char b[33] = { 0 };
	size_t i;

	EXPECT_TRUE(etw_mem_is_zero(b, sizeof(b)));
	EXPECT_TRUE(etw_mem_is_zero(b, 0));
	for (i = 0; i < sizeof(b); i++) {
		b[i] = 0x80;
		EXPECT_FALSE(etw_mem_is_zero(b, sizeof(b)));
		EXPECT_TRUE(etw_mem_is_zero(b, i));
		b[i] = 0;
	}
}

TEST_HARNESS_MAIN
