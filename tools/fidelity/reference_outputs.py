#!/usr/bin/env python3
"""Outputs of the Python reference for every program of a solver file on its own task (argv: reference dir, solver file, ARC split, output JSON)."""
import sys, json
sys.path.insert(0, sys.argv[1])
import dsl, constants
src = open(sys.argv[2]).read()
ns = dict(vars(dsl)); ns.update(vars(constants)); ns.update({n: object for n in ["Grid","Boolean","Integer","IntegerTuple","Numerical","Container","Callable","Tuple","FrozenSet","Any","Objects","Object","Indices","Patch","Piece","Element","IntegerSet","ContainerContainer","TupleTuple"]})
exec(compile(src, 'solvers', 'exec'), ns)
kinds = {TypeError:'type', ValueError:'value', IndexError:'index', ZeroDivisionError:'zerodivision', StopIteration:'stopiteration', RecursionError:'recursion', KeyError:'index', RuntimeError:'stopiteration', AttributeError:'type'}
out = {}
split = sys.argv[3]
for name, f in list(ns.items()):
    if not (name.startswith('solve_') or name.startswith('verify_')) or not callable(f): continue
    tid = name.split('_')[-1]
    try: t = json.load(open(f'/work/shared/arc-agi/{split}/{tid}.json'))
    except FileNotFoundError: continue
    res = {}
    for k, ex in enumerate(t['train'] + t['test']):
        I = tuple(tuple(r) for r in ex['input'])
        try:
            O = f(I)
            if isinstance(O, tuple) and len(O) > 0 and all(isinstance(r, tuple) for r in O):
                res[f'{tid}:{k}'] = [list(r) for r in O]
            else:
                res[f'{tid}:{k}'] = {'nongrid': repr(O)[:80]}
        except Exception as e:
            res[f'{tid}:{k}'] = {'error': kinds.get(type(e), type(e).__name__)}
    out[name] = res
json.dump(out, open(sys.argv[4], 'w'))
print(len(out), 'programs')
