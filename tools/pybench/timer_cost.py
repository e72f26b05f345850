#!/usr/bin/env python3
"""What a per-call timer costs CPython's side of bench.py: `hmirror(I)`
over every input of the first N tasks of DATA, timed three ways, in ns per
evaluation (median of 200 passes):

  timer-in-window  the per-call timer stopped inside the timed window (as
                   bench.py did from de7c351 until a1074de)
  call-only        perf_counter around the call alone
  whole-pass       the whole loop timed at once (as battgen's wall time)

usage: timer_cost.py DSL_DIR [--data DIR] [--tasks N]
"""
import argparse
import json
import os
import signal
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dsl_dir')
    ap.add_argument('--data', default=os.path.join(ROOT, '..', 'shared', 'arc-agi', 'training'))
    ap.add_argument('--tasks', type=int, default=40)
    a = ap.parse_args()
    sys.path.insert(0, a.dsl_dir)
    import dsl  # noqa: E402  (the reference, from DSL_DIR)
    inputs = []
    for f in sorted(f for f in os.listdir(a.data) if f.endswith('.json'))[:a.tasks]:
        t = json.load(open(os.path.join(a.data, f)))
        inputs += [tuple(tuple(r) for r in ex['input']) for ex in t['train'] + t['test']]
    f = dsl.hmirror
    clock = time.perf_counter
    signal.signal(signal.SIGALRM, lambda *_: None)

    def timer_in_window():
        total = 0.0
        for I in inputs:
            signal.setitimer(signal.ITIMER_REAL, 10)
            start = clock()
            try:
                f(I)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            total += clock() - start
        return total

    def call_only():
        total = 0.0
        for I in inputs:
            start = clock()
            f(I)
            total += clock() - start
        return total

    def whole_pass():
        start = clock()
        for I in inputs:
            f(I)
        return clock() - start

    for way in (timer_in_window, call_only, whole_pass):
        passes = sorted(way() for _ in range(200))
        print(f'{way.__name__.replace("_", "-"):16} {passes[100] / len(inputs) * 1e9:7.0f} ns per evaluation')


if __name__ == '__main__':
    main()
