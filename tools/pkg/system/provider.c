// SPDX-License-Identifier: GPL-2.0-only
/*
 * A provider as a user of the installed libetw-dev writes it: built by the
 * clean-system test with `cc $(pkg-config --cflags libetw) provider.c
 * $(pkg-config --libs libetw)`.  Writes N "Hello" events (id 1, level
 * information, keyword 0x1, payload: the event's number and a string).
 *
 *   provider [N]
 */
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>

/* {3b7c2e1a-5d4f-4e6a-8b9c-0d1e2f3a4b5c} */
static const GUID Provider = { 0x3b7c2e1a, 0x5d4f, 0x4e6a,
	{ 0x8b, 0x9c, 0x0d, 0x1e, 0x2f, 0x3a, 0x4b, 0x5c } };

int main(int argc, char **argv)
{
	static const WCHAR text[] = u"hello from an installed libetw";
	unsigned long i, n = argc > 1 ? strtoul(argv[1], NULL, 0) : 10;
	EVENT_DESCRIPTOR hello;
	EVENT_DATA_DESCRIPTOR d[2];
	REGHANDLE h;
	ULONG st, written = 0;

	st = EventRegister(&Provider, NULL, NULL, &h);
	if (st != ERROR_SUCCESS) {
		fprintf(stderr, "provider: EventRegister: %lu\n", (unsigned long)st);
		return 1;
	}
	EventDescCreate(&hello, 1, 0, 0, TRACE_LEVEL_INFORMATION, 0, 0, 0x1);
	for (i = 0; i < n; i++) {
		ULONG num = (ULONG)i;

		EventDataDescCreate(&d[0], &num, sizeof(num));
		EventDataDescCreate(&d[1], text, sizeof(text));
		if (EventEnabled(h, &hello) &&
		    EventWrite(h, &hello, 2, d) == ERROR_SUCCESS)
			written++;
	}
	EventUnregister(h);
	printf("provider: %lu events written\n", (unsigned long)written);
	return 0;
}
