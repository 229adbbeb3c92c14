#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Compare etwdump --json's events with LinuxTracepoints' own decoder.

usage: linuxtracepoints_cmp.py [--by-time | --recorded] EXPECTED.linux.json ACTUAL.jsonl

EXPECTED is Microsoft's decode of a TestOutput file ("n": provider:event,
the fields by name, "meta": time, cpu, pid, tid, level, keyword, opcode,
id, version, activity IDs); ACTUAL is what etwdump --json printed for
the same file, one event per line, in the same order.  Each event must
have the same name, the same fields with the same values, and the same
meta.  Values are compared as text after these normalizations, which are
differences of notation, not of value:

  - numbers and booleans as text ("80" == 80, "true" == true), an
    integer in hex there and decimal here (tracefs pid_t fields);
  - floating point by value (to 7 significant digits for floats);
  - hex dumps without "0x", spaces or case ("0x486F77" == "48 6f 77");
  - GUIDs without braces or case, activity IDs as ETW shows them
    (the 16 bytes as a little-endian GUID) turned back to bytes;
  - times to 100 ns (FILETIME's unit), without the zone letter;
  - TDH's "<name>.Count" members of variable arrays left out;
  - a field tag, which Microsoft's decoder shows in the field's name
    (";tag=0x12"), TDH as the property's tags;
  - a string that holds a NUL: TDH shows it up to the NUL;
  - a char array: a character an element there, one string here, as
    Windows' decoders show it (issue 32, point 8) -- the same characters;
  - what is not a character: U+FFFD here, the raw bytes there.

With --by-time (ACTUAL read from an .etl file, whose events are in time
order per CPU), the EventTrace header event is left out and both lists
are compared sorted by time (100 ns) and CPU.

With --recorded (ACTUAL recorded here by running Microsoft's C test
provider, TestProviderC.c, again), EXPECTED is that provider's block of
events in the file (from the first TestProviderC:EventCG to before the
second), ACTUAL leaves out the EventTrace header event, each expected
event must come in that order (events the test writes now and did not
then are listed, not failed), and times, CPUs, processes and threads
are not compared (they are this run's).

Prints one line per difference and a closing "N passed, N failed" line;
exits 1 on any difference.
"""
import json
import math
import re
import struct
import sys


def load_expected(path):
    # Microsoft's decoder writes 8-bit (Latin-1) characters as raw bytes.
    raw = open(path, "rb").read()
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    text = raw.decode("utf-8", "surrogateescape")
    text = re.sub("[\udc80-\udcff]", lambda m: chr(ord(m.group()) - 0xdc00), text)
    start = text.index("[")
    return json.loads(text[start:text.rindex("]") + 1])


def norm(v):
    if v is None:
        return ""       # an empty counted value: null there, nothing here
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v) if isinstance(v, float) else str(v)
    if isinstance(v, str):
        return v
    return v


HEX = re.compile(r"^(0x)?([0-9a-fA-F]{2})( ?[0-9a-fA-F]{2})*$")
GUID = re.compile(r"^\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                  r"[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?$")


def chars(v):
    """A list of characters (one-character strings), or None."""
    if isinstance(v, list) and all(isinstance(c, str) and len(c) <= 1 for c in v):
        return "".join(v)
    return None


def same_value(e, a):
    # A char array: its characters there, one string here.
    if isinstance(a, str) and chars(e) is not None:
        return same_value(chars(e), a)
    if isinstance(e, list) or isinstance(a, list):
        return (isinstance(e, list) and isinstance(a, list) and len(e) == len(a)
                and all(same_value(x, y) for x, y in zip(e, a)))
    if isinstance(e, dict) or isinstance(a, dict):
        return isinstance(e, dict) and isinstance(a, dict) and same_fields(e, a) == []
    es, as_ = norm(e), norm(a)
    if es == as_:
        return True
    # The same integer in hex there (a tracefs pid_t field), decimal here.
    if isinstance(es, str) and re.fullmatch("0x[0-9A-Fa-f]+", es) and \
            re.fullmatch("-?[0-9]+", as_) and int(es, 16) == int(as_) % (1 << 64):
        return True
    if isinstance(es, str) and "\x00" in es and es.split("\x00")[0] == as_:
        return True
    try:
        fe, fa = float(es), float(as_)
        if math.isnan(fe) and math.isnan(fa):
            return True
        if fe == fa or (fe != 0 and abs(fe - fa) / abs(fe) < 1e-6):
            return True
        # The same float, printed shortest there, to 9 digits here.
        if struct.pack("<f", fe) == struct.pack("<f", fa) and abs(fe) < 1e-37:
            return True
    except (TypeError, ValueError):
        pass
    if isinstance(es, str) and isinstance(as_, str):
        # What is not a character: U+FFFD here, the bytes as they are there.
        if "\ufffd" in as_ and re.sub("[^\x00-\x7f]", "", es) == \
                re.sub("[^\x00-\x7f]", "", as_):
            return True
        if es.lower() in ("-nan", "nan") and as_.lower() in ("-nan", "nan"):
            return True
        if GUID.match(es) and GUID.match(as_):
            return es.strip("{}").lower() == as_.strip("{}").lower()
        if HEX.match(es.replace(" ", "")) or es.startswith("0x") or " " in es:
            ce = es.lower().replace("0x", "").replace(" ", "")
            ca = as_.lower().replace("0x", "").replace(" ", "")
            if re.fullmatch(r"[0-9a-f]*", ce) and ce == ca:
                return True
    return False


TAG = re.compile(r";tag=0x[0-9A-Fa-f]+$")


def same_fields(exp, act):
    diffs = []
    act = {k: v for k, v in act.items() if not k.endswith(".Count")}
    # Microsoft's decoder shows a field's tag in its name; TDH as a tag.
    exp = {TAG.sub("", k): v for k, v in exp.items()}
    for k, v in exp.items():
        if k == "n" or k == "meta":
            continue
        if k not in act:
            diffs.append("field %r missing" % k)
        elif not same_value(v, act[k]):
            diffs.append("field %r: %r, etwdump %r" % (k, v, act[k]))
    for k in act:
        if k not in exp:
            diffs.append("field %r not in the expected decode" % k)
    return diffs


def guid_bytes(g):
    """ETW's text of a GUID (little-endian fields) back to its 16 bytes."""
    h = g.strip("{}").replace("-", "")
    b = bytes.fromhex(h)
    return (b[3::-1] + b[5:3:-1] + b[7:5:-1] + b[8:]).hex()


def same_meta(exp, ev, place=True):
    diffs = []
    m = dict(exp.get("meta", {}))
    if not place:
        for k in ("time", "cpu", "pid", "tid"):
            m.pop(k, None)
    if "time" in m:
        t = m["time"].rstrip("Z")
        frac = t.split(".")[1] if "." in t else ""
        want = t.split(".")[0] + "." + (frac + "0000000")[:7]
        if ev.get("time", "").rstrip("Z") != want:
            diffs.append("time %s, etwdump %s" % (m["time"], ev.get("time")))
    for k in ("cpu", "pid", "tid", "level", "opcode", "id", "version"):
        if k in m and ev.get(k) != m[k]:
            diffs.append("%s %r, etwdump %r" % (k, m[k], ev.get(k)))
    if "keyword" in m and ev.get("keywords") != int(m["keyword"], 16):
        diffs.append("keyword %s, etwdump %r" % (m["keyword"], ev.get("keywords")))
    for k, ak in (("activity", "activity"), ("relatedActivity", "related_activity")):
        if k in m:
            want = m[k].replace("-", "")
            got = ev.get(ak)
            if not got or guid_bytes(got) != want:
                diffs.append("%s %s, etwdump %r" % (k, m[k], got))
    return diffs


def name_of(ev):
    prov = ev.get("provider_name", "")
    return "%s:%s" % (prov, ev.get("event", ""))


def time_key(t):
    t = t.rstrip("Z")
    frac = t.split(".")[1] if "." in t else ""
    return t.split(".")[0] + "." + (frac + "0000000")[:7]


def main():
    args = sys.argv[1:]
    by_time = args[:1] == ["--by-time"]
    if by_time:
        args = args[1:]
    recorded = args[:1] == ["--recorded"]
    if recorded:
        args = args[1:]
    exp = load_expected(args[0])
    act = [json.loads(l) for l in open(args[1], encoding="utf-8") if l.strip()]
    if recorded:
        names = [e["n"] for e in exp]
        first = names.index("TestProviderC:EventCG")
        end = names.index("TestProviderC:EventCG", first + 1)
        exp = [e for e in exp[first:end] if not e["n"].startswith("sched:")]
        act = [a for a in act if a.get("provider_name") != "EventTrace"]
        # In order; what the test writes now and did not then is extra.
        picked, k = [], 0
        for e in exp:
            j = k
            while j < len(act) and name_of(act[j]) != e["n"]:
                j += 1
            if j == len(act):
                break
            for x in act[k:j]:
                print("# extra (not in Microsoft's file): %s" % name_of(x))
            picked.append(act[j])
            k = j + 1
        for x in act[k:]:
            print("# extra (not in Microsoft's file): %s" % name_of(x))
        act = picked
    if by_time:
        act = [a for a in act if a.get("provider_name") != "EventTrace"]
        exp.sort(key=lambda e: (time_key(e.get("meta", {}).get("time", "")),
                                e.get("meta", {}).get("cpu", 0)))
        act.sort(key=lambda a: (time_key(a.get("time", "")), a.get("cpu", 0)))
    passed = failed = 0
    if len(exp) != len(act):
        print("# %d events expected, etwdump printed %d" % (len(exp), len(act)))
        failed += 1
    for i, (e, a) in enumerate(zip(exp, act)):
        diffs = []
        if e["n"] != name_of(a):
            diffs.append("name %r, etwdump %r" % (e["n"], name_of(a)))
        diffs += same_fields(e, a.get("fields", {}))
        diffs += same_meta(e, a, not recorded)
        if diffs:
            failed += 1
            for d in diffs:
                print("# event %d (%s): %s" % (i, e["n"], d))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
