#!/usr/bin/env python3
"""Side by side: the Python reference (arc-dsl's dsl.py under CPython) and
battgen on the same programs and inputs, one thread each, program by program.

usage: bench.py DSL_DIR [--programs FILE] [--data DIR] [--tasks N] [--gen PATH] [--compiled | --battery PATH]

Every program runs in cross mode on every input (train and test) of the
first N tasks of DATA. Python: each program over all inputs, each call
under a timer that stops it after --timeout seconds (a stopped evaluation
counts as the limit, which flatters Python), timed with perf_counter
around the call only: setting and stopping the timer are system calls
that cost about 0.6 us an evaluation, as much as a cheap program, and
are not counted. battgen: `gen run --interpret --exec
per-input --jobs 1 --task ID --repeat R` for the same program on the same
data, the "wall time" of its summary (execution only, no task loading; the
median of R runs in one process, so both sides are measured warm, as
Python is after its first program). With --compiled, the battery of all
the programs is compiled once (`gen build`, typed code) and each program
runs as `battery --program NAME --exec per-input --jobs 1 ...`: what `gen
run` runs by default. A side whose measurement would total
under 50 ms (cheap programs: a pass over all inputs can take 0.1 ms,
where timer noise decides) repeats its pass until it has measured 50 ms,
up to 200 passes, and reports the median pass; Python's repeats are
whole passes timed at once, as battgen's are (no timer: a program whose
first pass had a timeout is not repeated). Prints the ratio Python / battgen per
program, the geometric mean and the worst.
DSL_DIR is a local arc-dsl checkout (never part of this repository).
"""
import argparse
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'fidelity'))
from reference_outputs import namespace  # noqa: E402  (same namespace as the fidelity tool)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))


# Each side measures at least this long per program (cheap programs repeat
# their pass, up to MAX_PASSES times, and report the median pass).
MIN_SECONDS = 0.05
MAX_PASSES = 200


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dsl_dir')
    ap.add_argument('--programs', default=os.path.join(ROOT, 'corpus', 'solvers.py'))
    ap.add_argument('--data', default=os.path.join(ROOT, '..', 'shared', 'arc-agi', 'training'))
    ap.add_argument('--tasks', type=int, default=40, help='the first N task files of --data')
    ap.add_argument('--gen', default=os.path.join(ROOT, 'target', 'release', 'gen'))
    ap.add_argument('--timeout', type=float, default=2.0)
    ap.add_argument('--repeat', type=int, default=5, help="battgen's runs per program (median)")
    ap.add_argument('--only', action='append', default=[], help='program name (repeatable)')
    ap.add_argument('--battery', metavar='PATH',
                    help='time this compiled battery of the programs (built earlier, e.g. '
                         'with another profile or runtime) instead of building one')
    ap.add_argument('--compiled', action='store_true',
                    help='time the compiled battery (gen build) instead of the interpreter')
    ap.add_argument('--python-times', metavar='FILE',
                    help="Python's times per program, read from FILE where it has them "
                         "(same programs, data and --tasks), measured and added to it otherwise")
    ap.add_argument('--python-only', action='store_true',
                    help='only fill --python-times (battgen is not run)')
    a = ap.parse_args()
    sys.setrecursionlimit(10000)
    sys.path.insert(0, a.dsl_dir)
    ns = namespace(a.dsl_dir, 'cpython')
    source = ''.join(l if not l.startswith(('from ', 'import ')) else '\n' for l in open(a.programs))
    exec(compile(source, a.programs, 'exec'), ns)
    names = [n for n in re.findall(r'^def (\w+)\(', source, re.M) if n.rsplit('_', 1)[-1]]
    if a.only:
        names = [n for n in names if n in a.only]
    files = sorted(f for f in os.listdir(a.data) if f.endswith('.json'))[:a.tasks]
    data = tempfile.mkdtemp(prefix='pybench-')
    inputs = []
    for f in files:
        text = open(os.path.join(a.data, f)).read()
        open(os.path.join(data, f), 'w').write(text)
        t = json.loads(text)
        for ex in t['train'] + t['test']:
            inputs.append(tuple(tuple(r) for r in ex['input']))
    signal.signal(signal.SIGALRM, on_alarm)
    rows = []
    # Python's side is the slow, fixed reference: measured once into
    # --python-times, later runs time battgen alone against it. The key
    # holds what the times depend on.
    # (`whole-pass`: times taken before the timer's stop left the timed
    # window are not reused.)
    key = f'{os.path.abspath(a.data)}|{a.tasks}|{a.timeout}|whole-pass'
    store = {}
    if a.python_times and os.path.exists(a.python_times):
        store = json.load(open(a.python_times))
    cached = store.setdefault(key, {})

    def remember(name, py, timeouts):
        """Add a program's time, the file rewritten at once (an
        interrupted run keeps what it measured)."""
        if not a.python_times:
            return
        cached[name] = [py, timeouts]
        tmp = a.python_times + '.tmp'
        json.dump(store, open(tmp, 'w'))
        os.replace(tmp, a.python_times)

    def python_pass(f):
        """One pass of f over all inputs, each call under a per-call timer
        that stops it after --timeout: (seconds inside the calls, timeouts).
        Setting and stopping the timer are system calls of about 0.3 us
        each, as much as a cheap program's call: both stay outside the
        timed window (until 2026-11-29 the stop was inside it, which added
        about 0.6 us to every Python evaluation and flattered battgen)."""
        timeouts = 0
        py = 0.0
        clock = time.perf_counter
        for I in inputs:
            end = None
            signal.setitimer(signal.ITIMER_REAL, a.timeout)
            # An alarm can fire anywhere in this block, also after f
            # returned and before the timer is stopped: it is handled here
            # (it ended the whole run when it escaped a `finally`).
            try:
                start = clock()
                try:
                    f(I)
                except Timeout:
                    raise
                except Exception:
                    pass
                end = clock()
                signal.setitimer(signal.ITIMER_REAL, 0)
            except Timeout:
                signal.setitimer(signal.ITIMER_REAL, 0)
                if end is None:
                    timeouts += 1
                    end = clock()
            py += end - start
        return py, timeouts

    def python_whole_pass(f):
        """One pass of f over all inputs timed as a whole, as battgen's
        wall time is (loop and calls; no timer: only for a program whose
        timed pass had no timeout, so none runs away)."""
        clock = time.perf_counter
        start = clock()
        for I in inputs:
            try:
                f(I)
            except Exception:
                pass
        return clock() - start

    if a.python_only and not a.python_times:
        sys.exit('--python-only needs --python-times FILE')
    battery = os.path.abspath(a.battery) if a.battery else None
    if a.compiled and not a.battery and not a.python_only:
        battery = os.path.join(data, 'battery')
        built = subprocess.run([a.gen, 'build', '--programs', a.programs, '-o', battery],
                               capture_output=True, text=True)
        if built.returncode != 0:
            sys.exit(f'gen build failed: {built.stderr[-2000:]}')

    def battgen_run(name, repeat):
        common = ['--mode', 'cross', '--exec', 'per-input', '--jobs', '1', '--data', data,
                  '--repeat', str(repeat)]
        if battery:
            cmd = [battery, '--program', name] + common
        else:
            cmd = [a.gen, 'run', '--interpret', '--programs', a.programs,
                   '--task', name.rsplit('_', 1)[-1]] + common
        out = subprocess.run(cmd, capture_output=True, text=True)
        m = re.search(r'wall time\s+([0-9.]+) s', out.stderr)
        if out.returncode != 0 or not m:
            return None, out.stderr.strip()[:200]
        return max(float(m.group(1)), 1e-6), None

    for name in names:
        f = ns[name]
        # Cheap programs take well under a millisecond per pass on either
        # side, where one pass is mostly timer noise: both sides repeat
        # until they have measured MIN_SECONDS, and report the median pass.
        if name in cached:
            py, timeouts = cached[name]
        else:
            py, timeouts = python_pass(f)
            if py < MIN_SECONDS and timeouts == 0:
                # The repeats are whole passes: the per-call clock reads
                # (about 40 ns a call) are not counted either.
                passes = [python_whole_pass(f) for _ in range(min(MAX_PASSES, math.ceil(MIN_SECONDS / py)))]
                py = sorted(passes)[len(passes) // 2]
            remember(name, py, timeouts)
        if a.python_only:
            print(f'{name:28} python {py:9.6f} s', flush=True)
            continue
        ours, error = battgen_run(name, a.repeat)
        if ours is not None and ours * a.repeat < MIN_SECONDS:
            ours, error = battgen_run(name, min(MAX_PASSES, math.ceil(MIN_SECONDS / ours)))
        if ours is None:
            print(f'{name}: gen failed: {error}', file=sys.stderr)
            continue
        rows.append((name, py, ours, py / ours, timeouts))
        print(f'{name:28} python {py:9.6f} s  battgen {ours:9.6f} s  {py / ours:8.1f}x'
              + (f'  ({timeouts} Python timeouts)' if timeouts else ''), flush=True)
    if not rows:
        return
    geo = math.exp(sum(math.log(r[3]) for r in rows) / len(rows))
    worst = min(rows, key=lambda r: r[3])
    total = sum(r[1] for r in rows) / sum(r[2] for r in rows)
    print(f'\n{len(rows)} programs x {len(inputs)} inputs ({len(files)} tasks), one thread each')
    print(f'geometric mean {geo:.1f}x; worst {worst[0]} {worst[3]:.2f}x; '
          f'total time ratio {total:.1f}x')


if __name__ == '__main__':
    main()
