#!/usr/bin/env python3
"""The programs whose emitted code differs between two `gen -o` outputs.

Which programs a generator change touched, for a timed A/B of just those
(tools/timed_ab.sh takes the list this prints, one name per line):

    gen_before --programs P.py -o before.rs
    gen_after  --programs P.py -o after.rs
    tools/changed_programs.py before.rs after.rs > changed.txt
"""
import re
import sys


def functions(path):
    text = open(path).read()
    out = {}
    for part in re.split(r'(?=    pub fn (?:solve|verify)_)', text):
        m = re.match(r'    pub fn ((?:solve|verify)_\w+)', part)
        if m:
            out[m.group(1)] = part.split('\n    }\n')[0]
    return out


before, after = functions(sys.argv[1]), functions(sys.argv[2])
for name in before:
    if before[name] != after.get(name):
        print(name)
