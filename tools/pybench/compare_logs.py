#!/usr/bin/env python3
"""Two logs of bench.py, program by program (the programs both list).

usage: compare_logs.py A.log B.log

Prints, as geometric means over the programs, how many times longer each
side took in B than in A (Python's side and battgen's side apart: two
sittings of one build show the host's drift, A/B rounds of two builds
against the same cached Python times show the change), and how many times
battgen's time in A is its time in B, with the median and the ratio of the
totals (A an interpreter run, B a compiled run of the same sitting: the
compiled battery against its interpreter). The logs print times to the
microsecond, which rounds the cheapest programs' times.
"""
import math
import re
import statistics
import sys

LINE = re.compile(r'(solve_\w+)\s+python\s+([\d.]+) s\s+battgen\s+([\d.]+) s')


def load(path):
    times = {}
    for line in open(path):
        m = LINE.match(line)
        if m:
            times[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    return times


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def main():
    a, b = load(sys.argv[1]), load(sys.argv[2])
    names = [k for k in a if k in b and min(a[k] + b[k]) > 0]
    print(f'{len(names)} programs in both')
    for side, i in (('python', 0), ('battgen', 1)):
        print(f'{side}: B / A time, geometric mean {geomean([b[k][i] / a[k][i] for k in names]):.3f}')
    ratios = [a[k][1] / b[k][1] for k in names]
    total = sum(a[k][1] for k in names) / sum(b[k][1] for k in names)
    print(f'battgen A / B: geometric mean {geomean(ratios):.3f}, '
          f'median {statistics.median(ratios):.3f}, totals {total:.3f}')


if __name__ == '__main__':
    main()
