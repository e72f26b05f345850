#!/usr/bin/env python3
"""Read what tools/typical_profile.sh wrote.

usage: typical_profile.py share DIR [--top N]
       typical_profile.py compare DIR_A DIR_B [--show N]

share: each function's self cost as a share of its program's instructions,
averaged over the programs: the weight a function has in a geometric mean
over programs (a function that is half of one cheap program counts as
much as half of a costly one).
compare: each program's total (its `solve_` function inclusive), B / A,
their geometric mean and the ratio of the sums, with the programs that
moved most either way.
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('what', choices=['share', 'compare'])
    ap.add_argument('dirs', nargs='+')
    ap.add_argument('--top', type=int, default=30)
    ap.add_argument('--show', type=int, default=5)
    a = ap.parse_args()
    if a.what == 'share':
        share(a.dirs[0], a.top)
    else:
        compare(a.dirs[0], a.dirs[1], a.show)


if __name__ == '__main__':
    main()
