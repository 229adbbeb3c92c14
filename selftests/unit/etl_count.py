#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Independent ETL walker: counts what is in a .etl file.

Written from /work/shared/spec/etl-format.md alone (section numbers
below), deliberately *not* from kmod/shared/etw_etl_read.c, so that
etl_files_test can check the C reader against a second opinion.  Standard
library only.

Prints one "key value" line per fact, sorted, in the format that
etl_files_test.c prints for the C reader:

    file.*        the file walk (buffer count, buffer size)
    header.*      the logfile header record of buffer 0 (section 4)
    first.*       the first record of the file (must be the header event)
    buffer.N      one line per buffer: cpu, timestamp, sequence, ...
    kind.K        records of each kind; kind.K.payload = sum of payload bytes
    provider.G    EVENT_HEADER records per ProviderId GUID
    hook.G.T      system-family records per hook (group, type)
    classic.G     FULL/INSTANCE records per class GUID
    ext.T         extended items per ExtType
    time.*        first and last FILETIME of the events (section 5)

Exit status 0 if every buffer and record parsed, 1 (after printing
"error ...") otherwise.

--recover walks damaged files the way a tolerant reader should (issue 9),
again from the format alone: buffers sit on a grid of the file's buffer
size (section 1: buffer n at n x BufferSize); a buffer whose header is bad
is skipped whole; a record whose Size is sane but whose inside is bad
(extended items, PEBS/PMC, message fields) is skipped alone; a record
whose marker or Size cannot be trusted ends its buffer; a buffer cut by
the end of the file keeps the records that lie wholly in it; a buffer
equal to an earlier one (CPU, SequenceNumber, bytes) is a duplicate.
Compressed files (section 1; etl-format.rst, "Compressed buffers"): each
buffer where the one before ends; a compressed one decompresses to the
extent SavedOffset or Offset names, its records end at Offset when that
lies inside; a finished file (EndTime set) holds BuffersWritten buffers,
what follows them is not read.
Extra lines: skipped.buffers, skipped.records, skipped.rest (buffers whose
tail was dropped), skipped.duplicates, skipped.trailing (bytes).  Exit
status 0 unless the header of buffer 0 is unusable.
"""
import struct
import sys

HDR = 72                                    # section 2: 72-byte header

# section 3.1: HeaderType -> (name, fixed header size, offset of Size)
TYPES = {
    0x01: ("SYSTEM32", 0x20, 4), 0x02: ("SYSTEM64", 0x20, 4),
    0x03: ("COMPACT32", 0x18, 4), 0x04: ("COMPACT64", 0x18, 4),
    0x0A: ("FULL_HEADER32", 0x30, 0), 0x14: ("FULL_HEADER64", 0x30, 0),
    0x0B: ("INSTANCE32", 0x48, 0), 0x15: ("INSTANCE64", 0x48, 0),
    0x0D: ("ERROR", 4, 0),
    0x10: ("PERFINFO32", 0x10, 4), 0x11: ("PERFINFO64", 0x10, 4),
    0x12: ("EVENT_HEADER32", 0x50, 0), 0x13: ("EVENT_HEADER64", 0x50, 0),
}


class Bad(Exception):
    pass


def xpress(src, limit):
    """[MS-XCA] Plain LZ77 ("XPRESS") decompression of all of src, into at
    most limit bytes.

    Written from the format description (32-bit flag words, MSB first:
    0 literal, 1 match of a 16-bit (offset-1)<<3|length word, lengths
    continued in shared half bytes, a byte, 16 then 32 bits); independent
    of kmod/shared/etw_xpress.c and of libfwnt.
    """
    out = bytearray()
    ip, flags, nflags, half = 0, 0, 0, None
    while ip < len(src):                    # the data ends with the input
        if len(out) > limit:
            break
        if nflags == 0:
            if ip + 4 > len(src):
                raise Bad("xpress: flags past the input")
            flags = struct.unpack_from("<I", src, ip)[0]
            ip += 4
            nflags = 32
        nflags -= 1
        if ip >= len(src):
            break                           # unused flag bits
        if not flags >> nflags & 1:
            out.append(src[ip])
            ip += 1
            continue
        if ip + 2 > len(src):
            raise Bad("xpress: match past the input")
        word = struct.unpack_from("<H", src, ip)[0]
        ip += 2
        length, offset = word & 7, (word >> 3) + 1
        if length == 7:
            if half is None:
                if ip >= len(src):
                    raise Bad("xpress: length past the input")
                length, half = src[ip] & 15, ip
                ip += 1
            else:
                length, half = src[half] >> 4, None
            if length == 15:
                if ip >= len(src):
                    raise Bad("xpress: length past the input")
                length = src[ip]
                ip += 1
                if length == 255:
                    if ip + 2 > len(src):
                        raise Bad("xpress: length past the input")
                    length = struct.unpack_from("<H", src, ip)[0]
                    ip += 2
                    if length == 0:
                        length = struct.unpack_from("<I", src, ip)[0]
                        ip += 4
                    if length < 22:
                        raise Bad("xpress: bad long length")
                    length -= 22
                length += 15
            length += 7
        length += 3
        if offset > len(out):
            raise Bad("xpress: offset before the start")
        for _ in range(length):
            out.append(out[-offset])
    if len(out) > limit:
        raise Bad("xpress: more than %d bytes" % limit)
    return bytes(out)


class Skip(Exception):
    """A record with a sane Size whose inside is bad (--recover)."""

    def __init__(self, why, nxt):
        Exception.__init__(self, why)
        self.nxt = nxt


def guid(b):
    d1, d2, d3 = struct.unpack_from("<IHH", b, 0)
    r = b[8:16].hex()
    return "%08x-%04x-%04x-%s-%s" % (d1, d2, d3, r[:4], r[4:])


def utf16z(b):
    """NUL-terminated UTF-16LE string at the start of b: (text, rest)."""
    for i in range(0, len(b) - 1, 2):
        if b[i] == 0 and b[i + 1] == 0:
            return b[:i].decode("utf-16-le", "replace"), b[i + 2:]
    return None, b""


class Walker:
    last = 0                                # buffers to read, 0: all

    def __init__(self, data, recover=False):
        self.d = data
        self.recover = recover
        self.out = {}
        self.counts = {}
        self.first = None
        self.hdr = None
        self.times = []

    def count(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n

    # -- section 4 ---------------------------------------------------------
    def logfile_header(self, rec, htype, fixed):
        body = rec[fixed:]
        wide = htype in (0x02, 0x04)        # "HeaderType decides"
        need = 0x118 if wide else 0x110
        if len(body) < need:
            raise Bad("logfile header truncated")
        u32 = lambda o: struct.unpack_from("<I", body, o)[0]
        u64 = lambda o: struct.unpack_from("<Q", body, o)[0]
        sh = 0 if wide else -8              # x86 column = x64 - 8 after 0x38
        h = {
            "buffer_size": u32(0x00),
            "version": ".".join(str(x) for x in body[4:8]),
            "provider_version": u32(0x08),
            "number_of_processors": u32(0x0C),
            "end_time": u64(0x10),
            "timer_resolution": u32(0x18),
            "maximum_file_size": u32(0x1C),
            "log_file_mode": "0x%x" % u32(0x20),
            "buffers_written": u32(0x24),
            "start_buffers": u32(0x28),
            "pointer_size": u32(0x2C),
            "events_lost": u32(0x30),
            "cpu_speed_mhz": u32(0x34),
            "tz_bias": struct.unpack_from("<i", body, 0x48 + sh)[0],
            "boot_time": u64(0xF8 + sh),
            "perf_freq": u64(0x100 + sh),
            "start_time": u64(0x108 + sh),
            "reserved_flags": u32(0x110 + sh),
            "buffers_lost": u32(0x114 + sh),
            "raw_time": struct.unpack_from("<Q", rec, 0x10)[0],
            "pointer_width": 8 if wide else 4,
        }
        name, rest = utf16z(body[need:])
        h["logger_name"] = name if name is not None else "<missing>"
        fname, rest = utf16z(rest) if name is not None else (None, b"")
        h["log_file_name"] = fname if fname is not None else "<missing>"
        return h

    def filetime(self, raw):
        """FILETIME of a raw time, section 5 (integer arithmetic)."""
        h = self.hdr
        clock = h["reserved_flags"]
        if clock == 1:
            num, den = 10_000_000, h["perf_freq"]
        elif clock == 2:
            num, den = 1, 1
        elif clock == 3:
            num, den = 10, h["cpu_speed_mhz"]
        else:
            return None
        delta = raw - h["raw_time"]
        q = abs(delta) * num // den          # truncated toward zero
        return h["start_time"] + (q if delta >= 0 else -q)

    # -- section 3 ---------------------------------------------------------
    def record(self, b, pos, end, bi):
        d = self.d
        marker = struct.unpack_from("<I", d, pos)[0]
        top = marker >> 24
        if top == 0x90:                      # section 3.6 MESSAGE
            name, fixed, size = "MESSAGE", 8, marker & 0xFFFF
        elif top == 0xC0:
            htype = (marker >> 16) & 0xFF
            if htype not in TYPES:
                raise Bad("unknown header type 0x%x at 0x%x" % (htype, pos))
            name, fixed, soff = TYPES[htype]
            size = struct.unpack_from("<H", d, pos + soff)[0]
        else:
            raise Bad("bad marker 0x%08x at 0x%x" % (marker, pos))
        if size < fixed or pos + size > end:
            raise Bad("record size %d at 0x%x" % (size, pos))
        rec = d[pos:pos + size]
        if self.recover:
            why = self.inner_bad(name, rec, size, fixed)
            if why:
                raise Skip(why, pos + ((size + 7) & ~7))
        self.count("kind." + name)
        self.count("records.total")
        ts = None
        payload = 0
        if name.startswith("EVENT_HEADER"):
            flags = struct.unpack_from("<H", rec, 4)[0]
            ts = struct.unpack_from("<Q", rec, 0x10)[0]
            self.count("provider." + guid(rec[0x18:0x28]))
            o = 0x50
            if flags & 1:                   # section 3.3 extended items
                while True:
                    if o + 8 > size:
                        raise Bad("ext item header past record at 0x%x" % pos)
                    isz, etype, link, dsz = struct.unpack_from("<HHHH", rec, o)
                    if isz != 8 + ((dsz + 7) & ~7) or o + isz > size:
                        raise Bad("ext item size at 0x%x" % (pos + o))
                    self.count("ext.0x%x" % etype)
                    self.count("ext.bytes", dsz)
                    o += isz
                    if not link & 1:
                        break
            payload = size - o
            first = ("EVENT", guid(rec[0x18:0x28]), rec[0x2D])
        elif name.startswith(("SYSTEM", "COMPACT", "PERFINFO")):
            ver, hook = struct.unpack_from("<H", rec, 0)[0], \
                struct.unpack_from("<H", rec, 6)[0]
            ts = struct.unpack_from("<Q", rec, 8 if name.startswith("PERF")
                                    else 0x10)[0]
            ext = (8 if ver & 0x8000 else 0) + 8 * ((ver >> 8) & 7)
            if fixed + ext > size:
                raise Bad("PEBS/PMC past record at 0x%x" % pos)
            payload = size - fixed - ext
            self.count("hook.%d.%d" % (hook >> 8, hook & 0xFF))
            first = ("SYSTEM", hook >> 8, hook & 0xFF)
        elif name.startswith(("FULL", "INSTANCE")):
            ts = struct.unpack_from("<Q", rec, 0x10)[0]
            self.count("classic." + guid(rec[0x18:0x28]))
            payload = size - fixed
            first = ("CLASSIC", guid(rec[0x18:0x28]), rec[4])
        else:
            payload = size - fixed
            first = (name,)
        self.count("kind.%s.payload" % name, payload)
        if self.first is None:
            self.first = (name, rec, first)
        if ts is not None:
            self.times.append(ts)
        return pos + ((size + 7) & ~7)

    @staticmethod
    def inner_bad(name, rec, size, fixed):
        """Why the inside of a record with a sane Size is bad, or None."""
        if name.startswith("EVENT_HEADER"):
            if not struct.unpack_from("<H", rec, 4)[0] & 1:
                return None
            o = 0x50
            while True:
                if o + 8 > size:
                    return "ext item header past record"
                isz, _t, link, dsz = struct.unpack_from("<HHHH", rec, o)
                if isz != 8 + ((dsz + 7) & ~7) or o + isz > size:
                    return "ext item size"
                o += isz
                if not link & 1:
                    return None
        if name.startswith(("SYSTEM", "COMPACT", "PERFINFO")):
            ver = struct.unpack_from("<H", rec, 0)[0]
            ext = (8 if ver & 0x8000 else 0) + 8 * ((ver >> 8) & 7)
            return "PEBS/PMC past record" if fixed + ext > size else None
        if name == "MESSAGE":
            fl = struct.unpack_from("<H", rec, 6)[0]
            if fl & 2 and fl & 4:
                return "GUID and COMPONENTID"
            need = 8 + (4 if fl & 1 else 0) + (16 if fl & 2 else 0) + \
                (4 if fl & 4 else 0) + (8 if fl & 8 else 0) + \
                (8 if fl & 0x20 else 0)
            return "message fields past record" if need > size else None
        return None

    def buffer_recover(self, pos, bi, grid):
        """One buffer of the grid (--recover); never raises Bad."""
        d = self.d
        left = len(d) - pos
        if left < HDR:
            self.count("skipped.trailing", left)
            return
        (bsize, saved, _cur, _ref, ts, seq, _link, ctx, lid, _state, off,
         bflag, btype) = struct.unpack_from("<IIIIQqQHHIIHH", d, pos)
        if bsize != grid or bflag & 0x40:
            self.count("skipped.buffers")
            return
        avail = min(bsize, left) & ~7
        if not (HDR <= off <= bsize and off % 8 == 0):
            off = saved
            if not (HDR <= off <= bsize and off % 8 == 0):
                self.count("skipped.buffers")
                return
        cpu = ctx & 0x07FF if bflag & 0x20 else ctx & 0xFF
        key = (cpu, seq)
        body = d[pos:pos + bsize]
        if key in self.seen_bufs and self.seen_bufs[key] == body:
            self.count("skipped.duplicates")
            return
        self.seen_bufs.setdefault(key, body)
        before = self.counts.get("records.total", 0)
        p, end = pos + HDR, pos + min(off, avail)
        while p < end:
            if end - p >= 4 and \
                    struct.unpack_from("<I", d, p)[0] == 0xFFFFFFFF:
                break
            try:
                p = self.record(d, p, end, bi)
            except Skip as s:
                self.count("skipped.records")
                p = s.nxt
            except (Bad, struct.error):
                self.count("skipped.rest")
                break
        n = self.counts.get("records.total", 0) - before
        self.out["buffer.%d" % bi] = (
            "cpu=%d ts=%d seq=%d filled=%d flag=0x%x type=%d logger=%d "
            "records=%d" % (cpu, ts, seq, off, bflag, btype, lid, n))

    def inflated(self, pos, bi, bsize, saved, walk):
        """Walk compressed buffer bi as the plain buffer it decompresses to:
        its header (BufferSize = Offset = the end of its records) and the
        XPRESS-decompressed records.  Windows names the extent in
        SavedOffset (kernel) or Offset (relogger); the data must
        decompress to one of them, and the records end at Offset when it
        lies inside (etl-format.rst, "Compressed buffers")."""
        d = self.d
        off = struct.unpack_from("<I", d, pos + 0x30)[0]
        cands = [x for x in (saved, off) if HDR <= x <= 16 << 20 and x % 8 == 0]
        if not cands:
            raise Bad("buffer %d: compressed, no extent" % bi)
        body = xpress(d[pos + HDR:pos + bsize], max(cands) - HDR)
        ext = HDR + len(body)
        if ext not in (saved, off):
            raise Bad("buffer %d: decompresses to %d bytes" % (bi, ext))
        end = off if HDR <= off <= ext and off % 8 == 0 else ext
        hdr = bytearray(d[pos:pos + HDR])
        struct.pack_into("<I", hdr, 0x00, end)
        struct.pack_into("<I", hdr, 0x04, end)
        struct.pack_into("<I", hdr, 0x30, end)
        struct.pack_into("<H", hdr, 0x34, struct.unpack_from("<H", hdr, 0x34)[0] & ~0x40)
        self.d = bytes(hdr) + body[:end - HDR]
        try:
            walk(0, bi)
        finally:
            self.d = d

    def plausible(self, pos, grid, lid0):
        """A buffer header of this trace at pos (compressed files)?"""
        d = self.d
        if pos + HDR > len(d):
            return None
        bsize, saved = struct.unpack_from("<II", d, pos)
        lid, off, bflag = struct.unpack_from("<H", d, pos + 0x2A)[0], \
            struct.unpack_from("<I", d, pos + 0x30)[0], \
            struct.unpack_from("<H", d, pos + 0x34)[0]
        if lid != lid0 or not HDR <= bsize <= grid or pos + bsize > len(d):
            return None
        if bflag & 0x40:
            ok = any(HDR <= x <= grid and x % 8 == 0 for x in (off, saved))
        else:
            ok = bsize % 8 == 0 and any(HDR <= x <= bsize and x % 8 == 0
                                        for x in (off, saved))
        return (bsize, saved, bflag) if ok else None

    def walk_compressed(self, grid):
        """--recover in a compressed file: each buffer where the one before
        ends (its own BufferSize); after a bad one, the next offset where a
        header of this trace starts."""
        d = self.d
        lid0 = struct.unpack_from("<H", d, 0x2A)[0]
        pos, bi = 0, 0
        self.seen_bufs = {}
        while pos < len(d) and any(d[pos:]):
            if self.last and bi >= self.last:
                break                       # stale bytes after the last
            h = self.plausible(pos, grid, lid0)
            if h and h[2] & 0x40:
                try:
                    self.inflated(pos, bi, h[0], h[1],
                                  lambda p, b: self.buffer_recover(
                                      p, b, struct.unpack_from("<I", self.d, 0)[0]))
                except Bad:
                    h = None
            elif h:
                self.buffer_recover(pos, bi, h[0])
            if h:
                pos += h[0]
            else:
                self.count("skipped.buffers")
                pos += 1
                while pos < len(d) and not self.plausible(pos, grid, lid0):
                    pos += 1
            bi += 1
        self.out["file.buffers"] = bi

    def buffer(self, pos, bi):
        d = self.d
        (bsize, saved, _cur, _ref, ts, seq, _link, ctx, lid, _state, off,
         bflag, btype) = struct.unpack_from("<IIIIQqQHHIIHH", d, pos)
        if bsize < HDR or pos + bsize > len(d):
            raise Bad("buffer %d: BufferSize %d, %d bytes left"
                      % (bi, bsize, len(d) - pos))
        if bflag & 0x40:                    # section 1: compressed
            self.inflated(pos, bi, bsize, saved, self.buffer)
            return bsize
        if off < HDR or off > bsize or off % 8:
            raise Bad("buffer %d: Offset %d" % (bi, off))
        cpu = ctx & 0x07FF if bflag & 0x20 else ctx & 0xFF
        before = self.counts.get("records.total", 0)
        p, end = pos + HDR, pos + off
        while p < end:
            if struct.unpack_from("<I", d, p)[0] == 0xFFFFFFFF:
                break
            p = self.record(d, p, end, bi)
        n = self.counts.get("records.total", 0) - before
        self.out["buffer.%d" % bi] = (
            "cpu=%d ts=%d seq=%d filled=%d flag=0x%x type=%d logger=%d "
            "records=%d" % (cpu, ts, seq, off, bflag, btype, lid, n))
        return bsize

    def walk(self):
        d = self.d
        if len(d) < HDR:
            raise Bad("file shorter than a buffer header")
        self.out["file.buffer_size"] = struct.unpack_from("<I", d, 0)[0]
        # section 4: the first record of buffer 0 is the logfile header
        marker = struct.unpack_from("<I", d, HDR)[0]
        htype = (marker >> 16) & 0xFF
        if marker >> 24 != 0xC0 or htype not in (1, 2, 3, 4):
            raise Bad("buffer 0 does not start with a logfile header")
        fixed, size = TYPES[htype][1], struct.unpack_from("<H", d, HDR + 4)[0]
        if struct.unpack_from("<H", d, HDR + 6)[0] != 0:
            raise Bad("first record is not the header event (HookId)")
        self.hdr = self.logfile_header(d[HDR:HDR + size], htype, fixed)
        for k, v in self.hdr.items():
            self.out["header." + k] = v
        pos, bi = 0, 0
        # "Compressed buffers": Windows' relogger cuts buffer 0 to its
        # filled bytes, and what follows the BuffersWritten buffers of a
        # finished file (EndTime set) are stale staging bytes
        compressed = int(self.hdr["log_file_mode"], 16) & 0x04000000
        self.last = self.hdr["buffers_written"] \
            if compressed and self.hdr["end_time"] else 0
        if self.recover:
            grid = self.out["file.buffer_size"]
            if grid < HDR or grid % 8:
                raise Bad("buffer 0: BufferSize %d" % grid)
            if compressed:
                if grid < self.hdr["buffer_size"] <= 16 << 20:
                    grid = self.hdr["buffer_size"]
                self.walk_compressed(grid)
                return
            self.seen_bufs = {}
            while pos < len(d):             # section 1: n x BufferSize
                if not any(d[pos:]):
                    break                   # a zero (preallocated) tail
                self.buffer_recover(pos, bi, grid)
                pos += grid
                bi += 1
            self.out["file.buffers"] = bi
            return
        while pos < len(d):                 # section 1: walk to EOF
            if self.last and bi >= self.last:
                break
            pos += self.buffer(pos, bi)
            bi += 1
        self.out["file.buffers"] = bi

    def report(self):
        o = dict(self.out)
        o.update(self.counts)
        if self.first:
            name, rec, info = self.first
            o["first.kind"] = name
            o["first.info"] = " ".join(str(x) for x in info)
        if self.times and self.hdr and self.filetime(0) is not None:
            fts = [self.filetime(t) for t in self.times]
            o["time.first"] = fts[0]
            o["time.min"] = min(fts)
            o["time.max"] = max(fts)
        return ["%s %s" % (k, o[k]) for k in sorted(o)]


def main():
    args = sys.argv[1:]
    recover = "--recover" in args
    args = [a for a in args if a != "--recover"]
    if len(args) != 1:
        print("usage: etl_count.py [--recover] FILE.etl", file=sys.stderr)
        return 2
    with open(args[0], "rb") as f:
        w = Walker(f.read(), recover)
    rc = 0
    try:
        w.walk()
    except (Bad, struct.error) as e:
        print("error %s" % e)
        rc = 1
    for line in w.report():
        print(line)
    return rc


if __name__ == "__main__":
    sys.exit(main())
