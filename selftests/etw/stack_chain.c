// SPDX-License-Identifier: GPL-2.0-only
/*
 * stack_test's known call chain, chain_a -> chain_b -> chain_c -> the
 * ETW write, built twice (stack_test.mk): with frame pointers
 * (SFX=fp) and without (SFX=nofp, as Debian builds its libraries).  The
 * empty asm after each call keeps it a call (no tail jump), so each
 * function has a return address in the stack.
 */
#include <windows.h>
#include <evntprov.h>
#include <evntrace.h>
#include <TraceLoggingProvider.h>
#include <string.h>

#include "stack_chain.h"

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)

__attribute__((noinline)) void CAT(chain_c, SFX)(const struct chain *c)
{
	EVENT_DATA_DESCRIPTOR d;
	EVENT_DESCRIPTOR ed;
	UINT32 v = c->value;

	EventDescCreate(&ed, c->id, 0, 0, 4, 0, 0, 0);
	EventDataDescCreate(&d, &v, sizeof(v));
	switch (c->how) {
	case CHAIN_WRITE:
		EventWrite(c->reg, &ed, 1, &d);
		break;
	case CHAIN_TRANSFER:
		EventWriteTransfer(c->reg, &ed, NULL, NULL, 1, &d);
		break;
	case CHAIN_STRING:
		EventWriteString(c->reg, 4, 0, u"chained");
		break;
	case CHAIN_TRACELOGGING:
		TraceLoggingWrite(c->tl, "Chained", TraceLoggingLevel(4),
				  TraceLoggingUInt32(v, "Value"));
		break;
	case CHAIN_CLASSIC: {
		struct {
			EVENT_TRACE_HEADER h;
			UINT32 v;
		} ev;

		memset(&ev, 0, sizeof(ev));
		ev.h.Size = sizeof(ev);
		ev.h.Flags = WNODE_FLAG_TRACED_GUID;
		ev.h.Guid = *c->class_guid;
		ev.h.Class.Type = 1;
		ev.h.Class.Level = 4;
		ev.v = v;
		TraceEvent(c->logger, &ev.h);
		break;
	}
	case CHAIN_MESSAGE:
		TraceMessage(c->logger, TRACE_MESSAGE_GUID | TRACE_MESSAGE_TIMESTAMP |
			     TRACE_MESSAGE_SYSTEMINFO, c->class_guid, 10,
			     &v, sizeof(v), NULL);
		break;
	}
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void CAT(chain_b, SFX)(const struct chain *c)
{
	CAT(chain_c, SFX)(c);
	__asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) void CAT(chain_a, SFX)(const struct chain *c)
{
	CAT(chain_b, SFX)(c);
	__asm__ volatile("" ::: "memory");
}
