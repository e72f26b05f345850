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
import signal
import time

from reference_inputs import parse


def main():
    dsl, inputs = parse(__doc__)
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
