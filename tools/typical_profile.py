#!/usr/bin/env python3
"""Read what tools/typical_profile.sh wrote.

usage: typical_profile.py share DIR [--top N]
       typical_profile.py compare DIR_A DIR_B [--show N]
       typical_profile.py branches DIR BASE [--weight W] [--top N]

share: each function's self cost as a share of its program's instructions,
averaged over the programs: the weight a function has in a geometric mean
over programs (a function that is half of one cheap program counts as
much as half of a costly one).
compare: each program's total (its `solve_` function inclusive), B / A,
their geometric mean and the ratio of the sums, with the programs that
moved most either way.
branches (TOOL=branches runs): as share, for instructions and for
instructions plus W (default 15) per mispredicted branch, each program's
counts less those of BASE (a one-call program's run: loading, start-up).
"""
import argparse
import collections
import glob
import math
import os
import re


def profiles(d):
    """{program: (total, [(cost, function)])} from DIR/solve_*.txt."""
    out = {}
    for f in glob.glob(os.path.join(d, 'solve_*.txt')):
        lines = open(f).read().splitlines()
        if not lines:
            continue
        total = int(lines[0].split()[0].replace(',', ''))
        rows = []
        for l in lines[1:]:
            m = re.match(r'\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)', l)
            if m:
                name = re.sub(r'^\?\?\?:', '', m.group(2))
                name = re.sub(r"'\d+$", '', name)
                # Each program's own function is one row: its body.
                name = re.sub(r'^m_[0-9a-f]+::solve_\w+', '<solve_ body>', name)
                name = re.sub(r'^\./string/.*:(\w+)', r'libc:\1', name)
                rows.append((int(m.group(1).replace(',', '')), name))
        out[os.path.basename(f)[:-4]] = (total, rows)
    return out


def share(d, top):
    ps = {k: v for k, v in profiles(d).items() if v[0] > 0}
    acc = collections.Counter()
    for total, rows in ps.values():
        for cost, name in rows:
            acc[name] += cost / total
    print(f'{len(ps)} programs; share of the typical program (self cost)')
    for name, s in acc.most_common(top):
        print(f'{100 * s / len(ps):6.2f}%  {name[:140]}')


def compare(a, b, show):
    pa, pb = profiles(a), profiles(b)
    rows = sorted((pb[k][0] / pa[k][0], k, pa[k][0], pb[k][0])
                  for k in pa if k in pb and pa[k][0] > 0 and pb[k][0] > 0)
    geo = math.exp(sum(math.log(r[0]) for r in rows) / len(rows))
    total = sum(r[3] for r in rows) / sum(r[2] for r in rows)
    print(f'{len(rows)} programs; B / A: geometric mean {geo:.4f}, total {total:.4f}')
    for r in rows[:show] + rows[-show:]:
        print('%.3f %s %d %d' % r)


def branch_counts(path):
    """{function: (instructions, mispredicted branches)} from a cg_annotate
    listing (columns Ir Bc Bcm Bi Bim; a zero column is a bare 0)."""
    out = {}
    for line in open(path):
        m = re.match(r'((?:\s*[\d,]+(?: \(\s*[\d.]+%\))?)+)\s+(\S.*)$', line)
        if not m:
            continue
        nums = [int(x.replace(',', '')) for x in re.findall(r'([\d,]+)(?: \(\s*[\d.]+%\))?', m.group(1))]
        nums += [0] * (5 - len(nums))
        name = re.sub(r'^\?\?\?:', '', m.group(2).strip())
        if name != 'PROGRAM TOTALS':
            out[name] = (nums[0], nums[2] + nums[4])
    return out


def branches(d, base, weight, top):
    b = branch_counts(base)
    instr, timed = collections.Counter(), collections.Counter()
    n = 0
    for f in glob.glob(os.path.join(d, 'solve_*.txt')):
        rows = {name: (max(0, ir - b.get(name, (0, 0))[0]), max(0, bm - b.get(name, (0, 0))[1]))
                for name, (ir, bm) in branch_counts(f).items()}
        total_ir = sum(ir for ir, _ in rows.values())
        total_t = sum(ir + weight * bm for ir, bm in rows.values())
        if total_ir <= 0:
            continue
        n += 1
        for name, (ir, bm) in rows.items():
            instr[name] += ir / total_ir
            timed[name] += (ir + weight * bm) / total_t
    print(f'{n} programs; share of instructions, and of instructions + {weight:g} per misprediction')
    for name, s in timed.most_common(top):
        print(f'{100 * instr[name] / n:6.2f}% {100 * s / n:6.2f}%  {name[:120]}')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('what', choices=['share', 'compare', 'branches'])
    ap.add_argument('dirs', nargs='+')
    ap.add_argument('--top', type=int, default=30)
    ap.add_argument('--show', type=int, default=5)
    ap.add_argument('--weight', type=float, default=15)
    a = ap.parse_args()
    if a.what == 'share':
        share(a.dirs[0], a.top)
    elif a.what == 'branches':
        branches(a.dirs[0], a.dirs[1], a.weight, a.top)
    else:
        compare(a.dirs[0], a.dirs[1], a.show)


if __name__ == '__main__':
    main()
