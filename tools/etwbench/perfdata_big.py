#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""perfdata_big.py IN.pipe.data OUT K: a perf.data pipe file whose samples
are IN's K times over (the header records once, in order; the samples
again and again, each round later by the span of the first), for make
bench's per-event decoding rows (tools/etwbench/cg.sh): LinuxTracepoints'
TestOutput/pipe.data has one event of each kind, so decoding it once
measures the first-time costs.  Every sample keeps its place in time, so
that an .etl file made of it is in the same order.
"""
import struct
import sys

R_SAMPLE, R_HEADER_ATTR, R_TRACING_DATA, R_AUXTRACE = 9, 64, 66, 71
S_IP, S_TID, S_TIME, S_IDENTIFIER = 1, 2, 4, 1 << 16


def main():
    src, dst, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
    b = open(src, "rb").read()
    if b[:8] != b"PERFILE2" or struct.unpack_from("<Q", b, 8)[0] != 16:
        sys.exit("%s: not a perf.data pipe file" % src)
    head, samples, off, stype = [b[:16]], [], 16, None
    while off + 8 <= len(b):
        typ, _, size = struct.unpack_from("<IHH", b, off)
        if size < 8:
            break
        extra = 0
        if typ == R_TRACING_DATA:
            extra = struct.unpack_from("<I", b, off + 8)[0]
        elif typ == R_AUXTRACE:
            extra = struct.unpack_from("<Q", b, off + 8)[0]
        rec = b[off:off + size + extra]
        if typ == R_HEADER_ATTR and stype is None:
            stype = struct.unpack_from("<Q", rec, 8 + 24)[0]
        (samples if typ == R_SAMPLE else head).append(rec)
        off += size + extra
    if stype is None or not stype & S_TIME:
        sys.exit("%s: samples without times" % src)
    at = 8 + 8 * (bool(stype & S_IDENTIFIER) + bool(stype & S_IP) + bool(stype & S_TID))
    times = [struct.unpack_from("<Q", r, at)[0] for r in samples]
    span = max(times) - min(times) + 1
    with open(dst, "wb") as f:
        f.write(b"".join(head))
        for i in range(k):
            for r, t in zip(samples, times):
                r = bytearray(r)
                struct.pack_into("<Q", r, at, t + i * span)
                f.write(r)
    print("%s: %d samples" % (dst, len(samples) * k))


if __name__ == "__main__":
    main()
