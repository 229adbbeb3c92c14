// SPDX-License-Identifier: GPL-2.0-only
/*
 * etw_ktail.ko: a kernel TraceLogging provider as careless code writes
 * one (kprov_test.sh, review 3 finding 4): its init ends in
 * "return TraceLoggingRegister(p);", which the compiler makes a tail
 * jump (so the return address etw.ko saw was do_one_initcall's), and
 * its exit forgets TraceLoggingUnregister.  etw.ko must still know the
 * registration is this module's, end it when the module goes, and say
 * so; an enable after the unload must not reach the freed module.
 */
#include <linux/module.h>
#include <etw_km.h>
#include <TraceLoggingProvider.h>

MODULE_IMPORT_NS(ETW);

/* Linux-ETW-KTail {7c1e2a40-5b3d-4e6f-8a9b-0c1d2e3f4a80} */
TRACELOGGING_DEFINE_PROVIDER(kt_provider, "Linux-ETW-KTail",
	(0x7c1e2a40, 0x5b3d, 0x4e6f, 0x8a, 0x9b, 0x0c, 0x1d, 0x2e, 0x3f,
	 0x4a, 0x80));

static int __init kt_init(void)
{
	return TraceLoggingRegister(kt_provider);
}

static void __exit kt_exit(void)
{
	/* No TraceLoggingUnregister: the bug this module is. */
}

module_init(kt_init);
module_exit(kt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("etw.ko test: a TraceLogging provider left registered by a tail-called init");
