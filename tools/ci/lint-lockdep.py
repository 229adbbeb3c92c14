#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""lint-lockdep.py FILE...: every "Context: ... held" is asserted.

For each comment that directly precedes a function definition and whose
"Context:" says a lock is held, the function's body must assert that lock
the way lockdep (or PROVE_RCU) checks it:

  etw_lock, etw_collect_mutex, etw_ksys_mutex, pool->lock, st->lock,
  lf->lock                      lockdep_assert_held(&<lock>)
  mmap_lock                     lockdep_assert_held{,_write}(...mmap_lock)
  RCU, rcu_read_lock()          RCU_LOCKDEP_WARN(!rcu_read_lock_held() ...)
                                or an rcu_dereference*() in the body

"A or B held" is satisfied by either; "A and B held" needs both.  A lock
the table does not know fails the check (add it here), and so does a
function missing its assertion, unless EXEMPT below says why lockdep
cannot check it.  Clauses that say no lock is held ("no locks held",
"with or without locks held", "held or not") ask for nothing.

Prints what it found, one line each, and exits 1 on a failure.
"""
import re
import sys

# lock as written in comments -> regexes, one of which the body must match
LOCKS = {
    'etw_lock': [r'lockdep_assert_held\(&etw_lock\)',
                 r'lockdep_is_held\(&etw_lock\)'],
    'etw_collect_mutex': [r'lockdep_assert_held\(&etw_collect_mutex\)'],
    'etw_ksys_mutex': [r'lockdep_assert_held\(&etw_ksys_mutex\)'],
    'pool->lock': [r'lockdep_assert_held\(&(\w+->)*pool->lock\)'],
    'st->lock': [r'lockdep_assert_held\(&st->lock\)'],
    'lf->lock': [r'lockdep_assert_held\(&lf->lock\)'],
    'mmap_lock': [r'lockdep_assert_held(_write)?\(&[\w>-]*mmap_lock\)',
                  r'mmap_assert_(write_)?locked\('],
    'RCU': [r'RCU_LOCKDEP_WARN\(!rcu_read_lock_held\(\)',
            r'rcu_dereference(_check|_protected)?\('],
}
ALIASES = {}
# Locks lockdep cannot check, and functions whose comment names a lock
# they are not given; each with the reason.
EXEMPT_LOCKS = {
    's->file_sem': 'a semaphore, released by another task: lockdep does '
                   'not track semaphores',
    'stream lock': 'the function is not given the stream; '
                   'etw_record_write() holds it around the fill',
}
EXEMPT_FUNCS = {
    'etw_lf_write_header_to': 'etw_logfile_start()\'s failure path and '
                              'etw_logfile_snapshot() call it without '
                              'lf->lock, on a log file no other thread '
                              'can see',
}
NOTHING = re.compile(r'\bno (locks?|spinlocks?)\b|without locks|'
                     r'held or not|locks held\)')
KNOWN = sorted(list(LOCKS) + list(ALIASES) + list(EXEMPT_LOCKS),
               key=len, reverse=True)
FUNC = re.compile(r'\s*(?:static\s+|inline\s+|__always_inline\s+|'
                  r'noinline\s+|__init\s+|__exit\s+)*'
                  r'[\w\s\*]*?\b(\w+)\s*\([^;{)]*(?:\([^)]*\)[^;{)]*)*\)'
                  r'\s*\{')


def body_of(src, start):
    depth, i = 1, start
    while depth and i < len(src):
        if src[i] == '{':
            depth += 1
        elif src[i] == '}':
            depth -= 1
        i += 1
    return src[start:i]


def wanted(context):
    """[(alternatives, clause)] for each clause that names held locks."""
    out = []
    for clause in re.split(r'[;.]\s', context):
        if not re.search(r'\bheld\b', clause) or NOTHING.search(clause):
            continue
        text = clause[:clause.rindex('held')].replace('rcu_read_lock()',
                                                     'RCU')
        if '(' in text and ')' not in text[text.rfind('('):]:
            text = text[text.rfind('(') + 1:]	# "a handler (X held"

        names = []
        for k in KNOWN:
            if k in text:
                names.append(ALIASES.get(k, k))
                text = text.replace(k, ' ')
        if not names:
            out.append((None, clause.strip()))
            continue
        if re.search(r'\bor\b', clause[:clause.rindex('held')]):
            out.append((names, clause.strip()))
        else:
            out.extend(([n], clause.strip()) for n in names)
    return out


def check(path, results):
    src = open(path, encoding='utf-8').read()
    for m in re.finditer(r'/\*(.*?)\*/', src, re.S):
        f = FUNC.match(src, m.end())
        if not f:
            continue
        text = ' '.join(line.strip(' *\t')
                        for line in m.group(1).split('\n'))
        c = re.search(r'Context:(.*?)(?:Return:|$)', text)
        if not c:
            continue
        func = f.group(1)
        body = body_of(src, f.end())
        line = src.count('\n', 0, m.start()) + 1
        for names, clause in wanted(c.group(1)):
            where = '%s:%d %s()' % (path, line, func)
            if names is None:
                results.append(('fail', where, 'names no lock this check '
                                'knows: "%s" (add it to %s)'
                                % (clause, sys.argv[0])))
                continue
            if func in EXEMPT_FUNCS:
                results.append(('exempt', where, EXEMPT_FUNCS[func]))
                continue
            ex = [n for n in names if n in EXEMPT_LOCKS]
            if ex:
                results.append(('exempt', where,
                                '%s: %s' % (ex[0], EXEMPT_LOCKS[ex[0]])))
                continue
            if any(re.search(p, body) for n in names for p in LOCKS[n]):
                results.append(('ok', where, ' or '.join(names)))
            else:
                results.append(('fail', where, 'says "%s" but asserts no %s'
                                % (clause, ' or '.join(names))))


def main():
    results = []
    for path in sys.argv[1:]:
        check(path, results)
    for kind, where, what in results:
        print('%-6s %s: %s' % (kind, where, what))
    n = {k: sum(1 for r in results if r[0] == k)
         for k in ('ok', 'exempt', 'fail')}
    print('%d asserted, %d exempt, %d failing' %
          (n['ok'], n['exempt'], n['fail']))
    return 1 if n['fail'] else 0


if __name__ == '__main__':
    sys.exit(main())
