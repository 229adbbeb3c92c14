#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The SAL and SDK-version headers of libetw, generated from listings.

    gen_sal.py --list SDK/shared      write sal.list and sdkddkver.list
                                      from the Windows SDK's headers (a
                                      directory with its shared/sal.h,
                                      concurrencysal.h, specstrings.h,
                                      specstrings_strict.h,
                                      specstrings_undef.h, driverspecs.h,
                                      sdv_driverspecs.h, no_sal2.h and
                                      sdkddkver.h)
    gen_sal.py --list SDK MINGW       the same, with the annotations only
                                      mingw-w64's headers have
    gen_sal.py [OUTDIR]               write sal.h, specstrings.h,
                                      driverspecs.h, concurrencysal.h and
                                      sdkddkver.h (default: ../include)

The listings hold names, arities and version numbers only, never the
SDK's text.  A listing is made by running the SDK's headers through the
C preprocessor as MSVC without code analysis sees them (no _PREFAST_),
taking every macro they define (gcc -dM) and expanding each one: those
that expand to nothing (1,300 and more: every annotation) are listed
with their arity; the few that expand to something are listed with
their value (version numbers, _USE_*_FOR_SAL) or, when they are MSVC
statements or pragmas, as annotations too.  The headers written from the
listings define each annotation empty, and only if not yet defined.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# Where the listings were made from (the SDK's shared/ headers).
SOURCE = "commit 16b5359, shared/"
MSVC = ["-D_MSC_VER=1930", "-D_MSC_FULL_VER=193030705", "-D_WIN64",
        "-D_M_AMD64", "-D_MSC_EXTENSIONS"]

# Names the C library, libstdc++ or the compiler use themselves: defined
# only where that is safe (see SPECIAL in the headers written below).
LIBSTDCXX = ("__in", "__out", "__range", "__failure", "__bound",
             "__success", "__valid", "__pre")
SYSTEM = ("__reserved", "__callback", "__override", "__volatile", "__null")


def dm(sdk, header):
    """{name: (arity, body)} of what @header defines beyond the compiler."""
    def run(path):
        out = subprocess.run(["gcc", "-E", "-dM", "-I", sdk] + MSVC +
                             ["-x", "c", path], capture_output=True,
                             text=True, check=True).stdout
        res = {}
        for line in out.splitlines():
            m = re.match(r"#define ([A-Za-z_$][\w$]*)(\(([^)]*)\))? ?(.*)", line)
            if not m:
                continue
            if m.group(2) is None:
                ar = "-"
            else:
                a = [x for x in m.group(3).split(",") if x]
                ar = "..." if a and a[-1].endswith("...") else str(len(a))
            res[m.group(1)] = (ar, m.group(4))
        return res
    base = run("/dev/null")
    got = run(os.path.join(sdk, header))
    return {k: v for k, v in got.items() if k not in base}


def expand(sdk, header, names):
    """What each of @names ({name: arity}) expands to after @header."""
    src = ["#include <%s>" % header]
    for n, ar in names.items():
        call = n if ar == "-" else n + "(" + ",".join(
            ["x"] * (1 if ar == "..." else int(ar))) + ")"
        src.append('@@@ "%s" %s @@@END' % (n, call))
    with tempfile.NamedTemporaryFile("w", suffix=".c", delete=False) as f:
        f.write("\n".join(src) + "\n")
    try:
        out = subprocess.run(["gcc", "-E", "-P", "-I", sdk] + MSVC +
                             ["-x", "c", f.name], capture_output=True,
                             text=True, check=True).stdout
    finally:
        os.unlink(f.name)
    return {m.group(1): " ".join(m.group(2).split())
            for m in re.finditer(r'@@@ "(\S+?)"(.*?)@@@END', out, re.S)}


def mingw_extra(mingw, have):
    """mingw-w64's annotations the SDK listing lacks (older SDKs')."""
    rows = []
    for header in ("sal", "specstrings"):
        defs = dm(mingw, header + ".h")
        exp = expand(mingw, header + ".h", {k: v[0] for k, v in defs.items()})
        for n in sorted(defs):
            if n in have or not re.fullmatch(r"_[A-Z]\w*_|__[a-z]\w*", n):
                continue
            if exp.get(n, "") == "":
                rows.append("%s %s %s" % (header, n, defs[n][0]))
                have.add(n)
    return rows


def make_lists(sdk, outdir, mingw=None):
    sal = dm(sdk, "sal.h")
    allm = dm(sdk, "specstrings.h")
    rows = []
    for header, defs in (("sal", sal), ("specstrings", allm)):
        exp = expand(sdk, header + ".h", {k: v[0] for k, v in defs.items()})
        for n in sorted(defs):
            # internal ($) names, include guards
            if "$" in n or n.endswith("_H") or (header == "specstrings" and n in sal):
                continue
            ar, body = defs[n]
            e = exp.get(n, "")
            if ar == "-" and re.fullmatch(r"0x[0-9A-Fa-f]+|\d+", e):
                rows.append("%s %s = %s" % (header, n, e))
            else:
                rows.append("%s %s %s" % (header, n, ar))
    rev = SOURCE
    extra = mingw_extra(mingw, {r.split()[1] for r in rows}) if mingw else []
    with open(os.path.join(outdir, "sal.list"), "w") as f:
        f.write("# The annotations of the Windows SDK's sal.h (with the\n"
                "# concurrencysal.h it includes) and specstrings.h (with\n"
                "# specstrings_strict.h, driverspecs.h, sdv_driverspecs.h):\n"
                "# HEADER NAME ARITY (- object-like, N arguments, ... variadic)\n"
                "# or HEADER NAME = VALUE.  Made by gen_sal.py --list from the\n"
                "# Windows SDK 10.0.22000.196 (Include/10.0.22000.0/shared),\n"
                "# as github.com/marlersoft/microsoft_windows_sdk_cpp keeps it\n"
                "# (%s).\n" % rev)
        f.write("\n".join(rows) + "\n")
        if extra:
            f.write("# Annotations of older SDKs that mingw-w64's headers (Debian's\n"
                    "# mingw-w64-common 10.0.0, /usr/share/mingw-w64/include) have\n"
                    "# and the SDK's do not:\n")
            f.write("\n".join(extra) + "\n")
    ver = dm(sdk, "sdkddkver.h")
    rows = []
    for n in sorted(ver, key=lambda k: (not k.startswith("_WIN32_WINNT_"),
                                         not k.startswith("_WIN32_IE_"), k)):
        ar, body = ver[n]
        if ar != "-" or n in ("_INC_SDKDDKVER", "_WIN32_WINNT", "_WIN32_IE",
                               "WINVER", "NTDDI_VERSION"):
            continue
        if re.fullmatch(r"0x[0-9A-Fa-f]+|[A-Z_][A-Z0-9_]*", body):
            rows.append("%s %s" % (n, body))
    with open(os.path.join(outdir, "sdkddkver.list"), "w") as f:
        f.write("# The version constants of the Windows SDK's sdkddkver.h:\n"
                "# NAME VALUE (a number or another name).  Made by gen_sal.py\n"
                "# --list from the Windows SDK 10.0.22000.196, as\n"
                "# github.com/marlersoft/microsoft_windows_sdk_cpp keeps it (%s).\n"
                % rev)
        f.write("\n".join(rows) + "\n")


def read_list(name):
    rows = []
    for line in open(os.path.join(HERE, name)):
        if line.strip() and not line.startswith("#"):
            rows.append(line.split())
    return rows


GEN = ("/* SPDX-License-Identifier: MIT */\n"
       "/* Generated by libetw/sal/gen_sal.py from libetw/sal/%s: do not edit. */\n")


def params(ar):
    if ar == "-":
        return ""
    if ar == "...":
        return "(...)"
    return "(" + ", ".join("a%d" % i for i in range(int(ar))) + ")"


def define(n, ar, value=""):
    return "#ifndef %s\n#define %s%s%s\n#endif\n" % (
        n, n, params(ar), " " + value if value else "")


SAL_HEAD = """/*
 * sal.h - the source-code annotation language (SAL) of the Windows SDK,
 * every annotation defined empty.
 *
 * Windows headers and code decorate declarations with SAL annotations
 * for Microsoft's static analyser; they mean nothing to a compiler, so
 * every one of them expands to nothing here: the SAL 2 ones (_In_,
 * _Out_writes_bytes_(n), _Ret_maybenull_, ...), the SAL 1.1 ones
 * (_In_count_(n), _Ret_bytecount_(n), ...), the SAL 1 ones of
 * specstrings.h (__in, __out_ecount(n), ...), the concurrency and driver
 * annotations (_Acquires_lock_(x), _IRQL_requires_(x), __drv_...).  The
 * names are the SDK's, listed in libetw/sal/sal.list; specstrings.h,
 * driverspecs.h and concurrencysal.h include this header.  Each macro is
 * defined only if nobody defined it before, so a project that brings its
 * own replacement keeps it.  The numbers _SAL_VERSION (20),
 * _USE_ATTRIBUTES_FOR_SAL and _USE_DECLSPECS_FOR_SAL (0) are the SDK's
 * for a build without code analysis.
 *
 * The SAL 1 names (double underscore) are never defined in kernel mode
 * (_ETW_KM_, __KERNEL__), where the kernel's own headers use some of them,
 * nor with -DLIBETW_NO_SAL1.  Some are also names of the C library,
 * libstdc++ or the compiler:
 *
 *   - __in, __out: parameter names inside libstdc++.  In C++ this header
 *     first includes the standard headers that use them, so that they
 *     are parsed before the macros exist.  -DLIBETW_NO_SAL1 skips both
 *     (and leaves them undefined).
 *   - __range, __failure, __bound, __success, __valid, __pre: names in
 *     many more libstdc++ headers; defined in C, and in C++ only with
 *     -DLIBETW_SAL1_ALL (then include this header after the standard
 *     headers).
 *   - __reserved, __callback (fields of Linux uapi structures such as
 *     struct statx), __override (a glibc parameter name), __volatile (a
 *     compiler keyword), __null (GCC's NULL in C++): only with
 *     -DLIBETW_SAL1_ALL, after all system headers.
 */
#ifndef _LIBETW_SAL_H
#define _LIBETW_SAL_H

#if (!defined(LIBETW_NO_SAL1) || defined(LIBETW_SAL1_ALL)) && \\
	!defined(_ETW_KM_) && !defined(__KERNEL__) && \\
	defined(__cplusplus) && !defined(__in) && !defined(__out)
/* Parse the libstdc++ internals that name things __in/__out first. */
#include <algorithm>
#include <istream>
#include <locale>
#include <memory>
#include <ostream>
#include <regex>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#endif

"""


def write_sal(outdir):
    rows = read_list("sal.list")
    body = [GEN % "sal.list", SAL_HEAD]
    sal1 = []
    special = {"cxx": [], "sys": [], "inout": []}
    for r in rows:
        n = r[1]
        d = define(n, "-", r[3]) if r[2] == "=" else define(n, r[2])
        if n in ("__in", "__out"):
            special["inout"].append(d)
        elif n in LIBSTDCXX:
            special["cxx"].append(d)
        elif n in SYSTEM:
            special["sys"].append(d)
        elif n.startswith("__"):
            sal1.append(d)
        else:
            body.append(d)
    body.append("\n/*\n * SAL 1 (the double-underscore spellings); never in kernel mode,\n"
                " * whose own headers use such names (the kernel's __in, __out,\n"
                " * __reserved).\n */\n"
                "#if (!defined(LIBETW_NO_SAL1) || defined(LIBETW_SAL1_ALL)) && \\\n"
                "\t!defined(_ETW_KM_) && !defined(__KERNEL__)\n")
    body += sal1
    body.append("\n/* The names libstdc++ uses too: see above. */\n")
    body += special["inout"]
    body.append("#if !defined(__cplusplus) || defined(LIBETW_SAL1_ALL)\n")
    body += special["cxx"]
    body.append("#endif\n\n/* Names of the system headers: see above. */\n"
                "#ifdef LIBETW_SAL1_ALL\n")
    body += special["sys"]
    body.append("#endif\n#endif /* SAL 1 */\n\n#endif /* _LIBETW_SAL_H */\n")
    with open(os.path.join(outdir, "sal.h"), "w") as f:
        f.write("".join(body))
    for name, what in (("specstrings", "SAL 1 and driver annotations"),
                       ("driverspecs", "driver annotations"),
                       ("concurrencysal", "concurrency annotations")):
        with open(os.path.join(outdir, name + ".h"), "w") as f:
            f.write(GEN % "sal.list")
            f.write("/* %s.h - the Windows SDK's %s, empty: sal.h defines them. */\n"
                    "#ifndef _LIBETW_%s_H\n#define _LIBETW_%s_H\n\n"
                    "#include \"sal.h\"\n\n#endif\n"
                    % (name, what, name.upper(), name.upper()))


VER_HEAD = """/*
 * sdkddkver.h - the Windows SDK's version macros (_WIN32_WINNT_*,
 * _WIN32_IE_*, NTDDI_*, OSVER(), ...) with its defaults: a program that
 * sets none of _WIN32_WINNT, NTDDI_VERSION, WINVER and _WIN32_IE gets the
 * newest Windows the listing knows (libetw/sal/sdkddkver.list), as with
 * the SDK; one that sets _WIN32_WINNT gets the matching rest.  windows.h
 * includes it first.
 */
#ifndef _INC_SDKDDKVER
#define _INC_SDKDDKVER

"""

VER_TAIL = """
#define OSVER(Version)	((Version) & OSVERSION_MASK)
#define SPVER(Version)	(((Version) & SPVERSION_MASK) >> 8)
#define SUBVER(Version)	((Version) & SUBVERSION_MASK)
#define NTDDI_VERSION_FROM_WIN32_WINNT2(ver)	ver##0000
#define NTDDI_VERSION_FROM_WIN32_WINNT(ver)	NTDDI_VERSION_FROM_WIN32_WINNT2(ver)

/* The defaults: the newest Windows, or what _WIN32_WINNT says. */
#if !defined(_WIN32_WINNT) && !defined(_CHICAGO_)
#define _WIN32_WINNT	_WIN32_WINNT_WIN10
#endif
#ifndef NTDDI_VERSION
#if !defined(_WIN32_WINNT) || _WIN32_WINNT >= _WIN32_WINNT_WIN10
#define NTDDI_VERSION	WDK_NTDDI_VERSION
#else
#define NTDDI_VERSION	NTDDI_VERSION_FROM_WIN32_WINNT(_WIN32_WINNT)
#endif
#endif
#ifndef WINVER
#ifdef _WIN32_WINNT
#define WINVER	_WIN32_WINNT
#else
#define WINVER	_WIN32_WINNT_WIN10
#endif
#endif
#ifndef _WIN32_IE
#if !defined(_WIN32_WINNT)
#define _WIN32_IE	_WIN32_IE_WIN10
#elif _WIN32_WINNT <= _WIN32_WINNT_NT4
#define _WIN32_IE	_WIN32_IE_IE50
#elif _WIN32_WINNT <= _WIN32_WINNT_WIN2K
#define _WIN32_IE	_WIN32_IE_IE501
#elif _WIN32_WINNT <= _WIN32_WINNT_WINXP
#define _WIN32_IE	_WIN32_IE_IE60
#elif _WIN32_WINNT <= _WIN32_WINNT_WS03
#define _WIN32_IE	_WIN32_IE_WS03
#elif _WIN32_WINNT <= _WIN32_WINNT_VISTA
#define _WIN32_IE	_WIN32_IE_LONGHORN
#elif _WIN32_WINNT <= _WIN32_WINNT_WIN7
#define _WIN32_IE	_WIN32_IE_WIN7
#elif _WIN32_WINNT <= _WIN32_WINNT_WIN8
#define _WIN32_IE	_WIN32_IE_WIN8
#else
#define _WIN32_IE	_WIN32_IE_WIN10
#endif
#endif

#endif /* _INC_SDKDDKVER */
"""


def write_ver(outdir):
    body = [GEN % "sdkddkver.list", VER_HEAD]
    for n, v in read_list("sdkddkver.list"):
        body.append("#define %s\t%s\n" % (n, v))
    body.append(VER_TAIL)
    with open(os.path.join(outdir, "sdkddkver.h"), "w") as f:
        f.write("".join(body))


def main():
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--list":
        make_lists(sys.argv[2], HERE, sys.argv[3] if len(sys.argv) == 4 else None)
        return 0
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "include")
    write_sal(outdir)
    write_ver(outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
