"""The command line and inputs shared by the small pybench measurements
(`timer_cost.py`, `objects_stats.py`): the reference `dsl` module from a
local arc-dsl checkout, and every input grid (train and test) of the first
N task files of a data directory, as Python tuples of rows."""
import argparse
import importlib
import json
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))


def parse(description):
    """(the reference's `dsl` module, the input grids) from the command
    line `DSL_DIR [--data DIR] [--tasks N]`."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument('dsl_dir', help='a local arc-dsl checkout (never part of this repository)')
    ap.add_argument('--data', default=os.path.join(ROOT, '..', 'shared', 'arc-agi', 'training'))
    ap.add_argument('--tasks', type=int, default=40, help='the first N task files of --data')
    a = ap.parse_args()
    sys.path.insert(0, a.dsl_dir)
    dsl = importlib.import_module('dsl')
    grids = []
    for f in sorted(f for f in os.listdir(a.data) if f.endswith('.json'))[:a.tasks]:
        t = json.load(open(os.path.join(a.data, f)))
        grids += [tuple(tuple(r) for r in ex['input']) for ex in t['train'] + t['test']]
    return dsl, grids
