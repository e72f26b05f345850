#!/usr/bin/env python3
"""Compare two results JSON files (reference, ours): prints differing outputs and a count."""
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
diff = 0; total = 0; progs = set()
for name, res in a.items():
    if name.startswith('__'): continue
    for key, v in res.items():
        total += 1
        w = b.get(name, {}).get(key)
        if v != w:
            diff += 1; progs.add(name)
            if diff <= 8: print(name, key, str(v)[:70], '|', str(w)[:70])
print(f'{diff} of {total} outputs differ, in {len(progs)} programs: {sorted(progs)}')
