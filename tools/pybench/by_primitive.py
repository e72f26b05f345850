#!/usr/bin/env python3
"""Which primitives the programs furthest behind CPython have in common.

usage: by_primitive.py BENCH_OUTPUT PROGRAMS DSL_DIR [--min N] [--top K]

BENCH_OUTPUT is what bench.py printed (one line per program: name, Python
time, battgen time, ratio); PROGRAMS the file of those programs; DSL_DIR a
local arc-dsl checkout, whose dsl.py names the primitives. For every
primitive that at least N programs call, prints the geometric mean of
their ratios divided by that of all programs: 0.5 means the programs that
call it are, on average, half as far ahead of CPython as the rest. A
program calls several primitives, so this points at candidates, not
causes; the profile of one program says which it is.
"""
import argparse
import math
import os
import re


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('bench')
    ap.add_argument('programs')
    ap.add_argument('dsl_dir')
    ap.add_argument('--min', type=int, default=8, help='least programs per primitive')
    ap.add_argument('--top', type=int, default=15, help='rows at each end')
    args = ap.parse_args()

    line = re.compile(r'(solve_\w+)\s+python\s+([\d.]+) s\s+battgen\s+([\d.]+) s\s+([\d.]+)x')
    ratios = {}
    with open(args.bench) as f:
        for text in f:
            m = line.match(text)
            if m:
                ratios[m.group(1)] = float(m.group(4))
    with open(os.path.join(args.dsl_dir, 'dsl.py')) as f:
        prims = set(re.findall(r'^def (\w+)\(', f.read(), re.M))
    with open(args.programs) as f:
        bodies = dict(re.findall(r'def (solve_\w+)\(I\):(.*?)return O', f.read(), re.S))

    logs = {n: math.log(r) for n, r in ratios.items() if n in bodies}
    if not logs:
        raise SystemExit('no program of the bench output is in the programs file')
    mean = sum(logs.values()) / len(logs)
    by_prim = {}
    for name, log in logs.items():
        for p in set(re.findall(r'\b(\w+)\b', bodies[name])) & prims:
            by_prim.setdefault(p, []).append(log - mean)
    rows = sorted(
        (math.exp(sum(v) / len(v)), len(v), p) for p, v in by_prim.items() if len(v) >= args.min
    )
    print(f'{len(logs)} programs, geometric mean {math.exp(mean):.1f}x; '
          f'primitives called by {args.min} or more: {len(rows)}')
    print('relative  programs  primitive')
    shown = rows if len(rows) <= 2 * args.top else rows[:args.top] + [None] + rows[-args.top:]
    for row in shown:
        if row is None:
            print('...')
        else:
            print(f'{row[0]:8.2f}  {row[1]:8d}  {row[2]}')


if __name__ == '__main__':
    main()
