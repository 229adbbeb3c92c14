// SPDX-License-Identifier: GPL-2.0-only
/*
 * Microsoft's LinuxTracepoints test provider (TestProviderC.c, unchanged,
 * the events of TestOutput/perf.data) run once: tracepoint_msft.sh
 * records it through this project's libtracepoint and compares the
 * decode with Microsoft's.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <eventheader/TraceLoggingProvider.h>

/*
 * TestProviderCommon.h also writes through the C++ test's grouped
 * provider (TestProviderCpp.cpp, not kept): defined here as it does.
 */
TRACELOGGING_DEFINE_PROVIDER(TestProviderCppG, "TestProviderCpp",
	(0xc6e7e8d3, 0x8ef9, 0x5f69, 0xe2, 0x01, 0xdf, 0x9c, 0x39, 0x2d, 0x1f, 0x68),
	TraceLoggingOptionGroupName("msft"));

TRACELOGGING_DECLARE_PROVIDER(TestProviderC);

bool TestC(void);

/*
 * "hold FILE": register TestProviderC, create FILE, and wait (20 s at
 * most) until it is removed: etwctl providers lists it meanwhile.
 */
static int hold(const char *file)
{
	int i, fd, err = TraceLoggingRegister(TestProviderC);

	if (err)
		return 1;
	fd = open(file, O_CREAT | O_WRONLY, 0600);
	if (fd < 0)
		return 1;
	close(fd);
	for (i = 0; i < 400 && access(file, F_OK) == 0; i++)
		usleep(50000);
	TraceLoggingUnregister(TestProviderC);
	return 0;
}

int main(int argc, char **argv)
{
	bool ok;

	if (argc == 3 && !strcmp(argv[1], "hold"))
		return hold(argv[2]);
	ok = TestC();

	printf("TestC: %s\n", ok ? "ok" : "failed");
	return ok ? 0 : 1;
}
