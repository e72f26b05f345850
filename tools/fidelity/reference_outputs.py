#!/usr/bin/env python3
"""Outputs of the Python reference (arc-dsl's dsl.py) for a file of solver
programs, in battgen's results-JSON format, for comparison with `gen run`.

usage: reference_outputs.py DSL_DIR PROGRAMS TASK_DIR OUT.json [--mode own|cross] [--order cpython|sorted]

DSL_DIR holds dsl.py and constants.py of a local arc-dsl checkout.
--order sorted iterates every frozenset (and the sets that mostcolor,
leastcolor, mostcommon and leastcommon build) in battgen's total order
instead of CPython's hash order: the difference between the two runs is
exactly what the order rule changes.
"""
import argparse
import json
import os
import signal
import sys

KINDS = {
    'TypeError': 'type', 'ValueError': 'value', 'IndexError': 'index', 'KeyError': 'index',
    'ZeroDivisionError': 'zerodivision', 'StopIteration': 'stopiteration',
    'RuntimeError': 'stopiteration', 'RecursionError': 'recursion', 'AttributeError': 'type',
}


def order_key(x):
    """battgen's total order: None, numbers, tuples, frozensets, others."""
    if x is None:
        return (-1,)
    if isinstance(x, (bool, int)):
        return (0, int(x))
    if isinstance(x, tuple):
        return (1, tuple(order_key(e) for e in x))
    if isinstance(x, frozenset):
        return (2, tuple(sorted(order_key(e) for e in frozenset.__iter__(x))))
    return (3, id(x))


class SortedFrozenset(frozenset):
    """A frozenset that iterates in battgen's order; set algebra keeps the type."""

    def __iter__(self):
        return iter(sorted(frozenset.__iter__(self), key=order_key))

    def _wrap(self, r):
        return SortedFrozenset(frozenset.__iter__(r)) if isinstance(r, frozenset) else r

    def __and__(self, o): return self._wrap(frozenset.__and__(self, o))
    def __rand__(self, o): return self._wrap(frozenset.__rand__(self, o))
    def __or__(self, o): return self._wrap(frozenset.__or__(self, o))
    def __ror__(self, o): return self._wrap(frozenset.__ror__(self, o))
    def __sub__(self, o): return self._wrap(frozenset.__sub__(self, o))
    def __rsub__(self, o): return self._wrap(frozenset.__rsub__(self, o))
    def __xor__(self, o): return self._wrap(frozenset.__xor__(self, o))
    def union(self, *o): return self._wrap(frozenset.union(self, *o))
    def intersection(self, *o): return self._wrap(frozenset.intersection(self, *o))
    def difference(self, *o): return self._wrap(frozenset.difference(self, *o))


def namespace(dsl_dir, order):
    ns = {'__name__': 'dsl'}
    if order == 'sorted':
        ns['frozenset'] = SortedFrozenset
    exec(compile(open(os.path.join(dsl_dir, 'dsl.py')).read(), 'dsl.py', 'exec'), ns)
    if order == 'sorted':
        def ascending(c):
            return sorted(set(c), key=order_key)

        def values_of(element):
            return [v for r in element for v in r] if isinstance(element, tuple) else [v for v, _ in element]

        ns['mostcommon'] = lambda c: max(ascending(c), key=c.count)
        ns['leastcommon'] = lambda c: min(ascending(c), key=c.count)
        ns['mostcolor'] = lambda e: (lambda v: max(ascending(v), key=v.count))(values_of(e))
        ns['leastcolor'] = lambda e: (lambda v: min(ascending(v), key=v.count))(values_of(e))
    exec(compile(open(os.path.join(dsl_dir, 'constants.py')).read(), 'constants.py', 'exec'), ns)
    # Type names used in annotations of re-arc's verifiers.
    for name in ['Grid', 'Boolean', 'Integer', 'IntegerTuple', 'Numerical', 'Container', 'Callable',
                 'Tuple', 'FrozenSet', 'Any', 'Objects', 'Object', 'Indices', 'Patch', 'Piece',
                 'Element', 'IntegerSet', 'ContainerContainer', 'TupleTuple']:
        ns.setdefault(name, object)
    return ns


class Timeout(Exception):
    pass


def as_output(o):
    if (isinstance(o, tuple) and o and all(isinstance(r, tuple) for r in o)
            and len(set(map(len, o))) == 1 and len(o[0]) > 0
            and all(isinstance(v, int) and -128 <= v < 128 for r in o for v in r)):
        return [[int(v) for v in r] for r in o]
    return {'nongrid': repr(o)[:80]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dsl_dir')
    ap.add_argument('programs')
    ap.add_argument('task_dir')
    ap.add_argument('out')
    ap.add_argument('--mode', choices=['own', 'cross'], default='own')
    ap.add_argument('--order', choices=['cpython', 'sorted'], default='cpython')
    ap.add_argument('--timeout', type=float, default=2.0)
    a = ap.parse_args()
    sys.setrecursionlimit(10000)
    ns = namespace(a.dsl_dir, a.order)
    # The programs' own `from dsl import *` lines: the namespace has it all.
    source = ''.join(l if not l.startswith(('from ', 'import ')) else '\n' for l in open(a.programs))
    exec(compile(source, a.programs, 'exec'), ns)
    samples = {}
    for f in sorted(os.listdir(a.task_dir)):
        if f.endswith('.json'):
            t = json.load(open(os.path.join(a.task_dir, f)))
            samples[f[:-5]] = [tuple(tuple(r) for r in ex['input']) for ex in t['train'] + t['test']]
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Timeout()))
    out = {}
    for name, fn in list(ns.items()):
        if not (name.startswith('solve_') or name.startswith('verify_')) or not callable(fn):
            continue
        own = name.rsplit('_', 1)[1]
        tasks = [own] if a.mode == 'own' else list(samples)
        res = {}
        for tid in tasks:
            for k, grid in enumerate(samples.get(tid, [])):
                signal.setitimer(signal.ITIMER_REAL, a.timeout)
                try:
                    res[f'{tid}:{k}'] = as_output(fn(grid))
                except Timeout:
                    res[f'{tid}:{k}'] = {'error': 'timeout'}
                except Exception as e:
                    res[f'{tid}:{k}'] = {'error': KINDS.get(type(e).__name__, type(e).__name__)}
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
        out[name] = res
    json.dump(out, open(a.out, 'w'))
    print(len(out), 'programs')


if __name__ == '__main__':
    main()
