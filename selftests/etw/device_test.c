// SPDX-License-Identifier: GPL-2.0-only
/*
 * /dev/etw and the ioctl conventions of uapi/linux/etw.h:
 * GET_INFO, unknown commands, short/long/extended sizes, reserved fields,
 * bad pointers, and who may open the device.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <linux/etw.h>

#include "../kselftest_harness.h"

#define GET_INFO_SIZED(sz) _IOC(_IOC_READ | _IOC_WRITE, ETW_IOC_MAGIC, 0x00, (sz))

FIXTURE(dev) {
	int fd;
};

FIXTURE_SETUP(dev)
{
	self->fd = open(ETW_DEVICE_PATH, O_RDWR | O_CLOEXEC);
	if (self->fd < 0)
		SKIP(return, "%s: %s (is etw.ko loaded?)", ETW_DEVICE_PATH,
		     strerror(errno));
}

FIXTURE_TEARDOWN(dev)
{
	if (self->fd >= 0)
		close(self->fd);
}

/* The node is a character device anyone may open (documented mode 0666). */
TEST_F(dev, node_is_world_rw_char_device)
{
	struct stat st;

	ASSERT_EQ(0, fstat(self->fd, &st));
	ASSERT_TRUE(S_ISCHR(st.st_mode));
	ASSERT_EQ(10, major(st.st_rdev));	/* misc */
	ASSERT_EQ(0666, st.st_mode & 0777);
}

TEST_F(dev, get_info_reports_abi_and_limits)
{
	struct etw_info info;

	memset(&info, 0, sizeof(info));
	ASSERT_EQ(0, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_EQ(sizeof(info), info.size);
	EXPECT_EQ(ETW_ABI_VERSION, info.abi_version);
	EXPECT_TRUE(info.features & ETW_FEAT_INFO);
	EXPECT_EQ(sysconf(_SC_NPROCESSORS_CONF) <= (long)info.nr_cpu_ids, 1);
	EXPECT_EQ(64, info.max_sessions);
	EXPECT_EQ(65535, info.max_event_size);
	EXPECT_EQ(72, info.buffer_header_size);	/* seed 002, rule 10 */
	EXPECT_EQ(4, info.min_buffer_kb);
	EXPECT_EQ(16384, info.max_buffer_kb);
	EXPECT_EQ(13, info.max_filters);
	EXPECT_EQ(sysconf(_SC_PAGESIZE), info.page_size);
}

TEST_F(dev, unknown_command_is_enotty)
{
	char buf[64] = { 0 };

	/* Our magic, a number never assigned. */
	EXPECT_EQ(-1, ioctl(self->fd, _IOWR(ETW_IOC_MAGIC, 0xFF, buf), buf));
	EXPECT_EQ(ENOTTY, errno);
	/* Another driver's magic. */
	EXPECT_EQ(-1, ioctl(self->fd, _IOWR('T', 0x01, buf), buf));
	EXPECT_EQ(ENOTTY, errno);
	/* A known number with the wrong direction. */
	EXPECT_EQ(-1, ioctl(self->fd, _IOR(ETW_IOC_MAGIC, 0x00, struct etw_info), buf));
	EXPECT_EQ(ENOTTY, errno);
	EXPECT_EQ(-1, ioctl(self->fd, _IO(ETW_IOC_MAGIC, 0x00)));
	EXPECT_EQ(ENOTTY, errno);
}

TEST_F(dev, short_size_is_einval)
{
	struct etw_info info;

	memset(&info, 0, sizeof(info));
	EXPECT_EQ(-1, ioctl(self->fd, GET_INFO_SIZED(ETW_INFO_SIZE_VER0 - 8), &info));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, ioctl(self->fd, GET_INFO_SIZED(4), &info));
	EXPECT_EQ(EINVAL, errno);
}

/* Newer user space with a larger struct: accepted iff its tail is zero. */
TEST_F(dev, larger_struct_with_zero_tail_is_accepted)
{
	unsigned char big[sizeof(struct etw_info) + 32];
	struct etw_info *info = (struct etw_info *)big;
	size_t i;

	memset(big, 0, sizeof(big));
	ASSERT_EQ(0, ioctl(self->fd, GET_INFO_SIZED(sizeof(big)), big));
	EXPECT_EQ(sizeof(struct etw_info), info->size);
	EXPECT_EQ(ETW_ABI_VERSION, info->abi_version);
	for (i = sizeof(struct etw_info); i < sizeof(big); i++)
		ASSERT_EQ(0, big[i]);

	/* The kernel zeroes the tail it does not know on output, too. */
	memset(big, 0, sizeof(big));
	ASSERT_EQ(0, ioctl(self->fd, GET_INFO_SIZED(sizeof(big)), big));
}

TEST_F(dev, larger_struct_with_nonzero_tail_is_e2big)
{
	unsigned char big[sizeof(struct etw_info) + 32];

	memset(big, 0, sizeof(big));
	big[sizeof(big) - 1] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, GET_INFO_SIZED(sizeof(big)), big));
	EXPECT_EQ(E2BIG, errno);
}

TEST_F(dev, oversized_argument_is_e2big)
{
	static unsigned char huge[ETW_IOC_MAX_SIZE + 8];

	EXPECT_EQ(-1, ioctl(self->fd, GET_INFO_SIZED(sizeof(huge)), huge));
	EXPECT_EQ(E2BIG, errno);
}

TEST_F(dev, unknown_flags_are_einval)
{
	struct etw_info info;

	memset(&info, 0, sizeof(info));
	info.flags = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_EQ(EINVAL, errno);
	info.flags = 0x80000000u;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(dev, nonzero_reserved_is_einval)
{
	struct etw_info info;
	unsigned int i;

	for (i = 0; i < 3; i++) {
		memset(&info, 0, sizeof(info));
		info.__reserved[i] = 1ULL << (i * 13);
		EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
		EXPECT_EQ(EINVAL, errno);
	}
	/* Output-only fields are reserved on input too. */
	memset(&info, 0, sizeof(info));
	info.fast_max_record = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_EQ(EINVAL, errno);
	memset(&info, 0, sizeof(info));
	info.max_stages_per_fd = 1;
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, &info));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(dev, bad_pointer_is_efault)
{
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, (void *)8));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, ioctl(self->fd, ETW_IOC_GET_INFO, NULL));
	EXPECT_EQ(EFAULT, errno);
}

/* Any user may open the device and ask what it is. */
TEST_F(dev, unprivileged_user_may_open_and_get_info)
{
	pid_t pid;
	int status;

	if (getuid() != 0)
		SKIP(return, "needs root to switch to an unprivileged user");
	pid = fork();
	ASSERT_GE(pid, 0);
	if (pid == 0) {
		struct etw_info info;
		int fd;

		if (setgid(65534) || setuid(65534))
			_exit(10);
		fd = open(ETW_DEVICE_PATH, O_RDWR);
		if (fd < 0)
			_exit(11);
		memset(&info, 0, sizeof(info));
		if (ioctl(fd, ETW_IOC_GET_INFO, &info) || info.abi_version != ETW_ABI_VERSION)
			_exit(12);
		_exit(0);
	}
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

TEST_HARNESS_MAIN
