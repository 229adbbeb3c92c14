// SPDX-License-Identifier: GPL-2.0-only
/*
 * etwdump --follow: a real-time session of its own ("etwdump-PID"), with
 * the providers -p names (and --kernel's events), followed like
 * --session until ^C, SIGTERM, --duration or --max, and stopped then:
 * no session is left behind (unless etwdump is killed outright).  A
 * signal or --duration stops the session, so that what its buffers
 * still hold is printed before etwdump ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "etwdump.h"

static char name[64];

int follow_start(void)
{
	snprintf(name, sizeof(name), "etwdump-%d", (int)getpid());
	dump.rec.session = name;
	dump.rec.file = NULL;
	if (rec_start(&dump.rec))
		return -1;
	dump.session = name;
	return 0;
}

void follow_stop(void)
{
	rec_stop(&dump.rec, NULL, NULL);
}
