#!/usr/bin/env python3
"""The components kernel's row function against the reference dsl.py itself.

Compiles kernels/patches.cu as C++ (tools/kernels/harness.cpp) and compares
objects (8 flag combinations), partition, fgpartition and ofcolor on the
grids of ARC tasks with dsl.py's results, sets and their order. dsl.py's
mostcolor picks by CPython's set order; battgen's CPU and GPU pick the
smallest of equal counts, so mostcolor is patched to that rule here.

usage: ARC_DSL=PATH/TO/arc-dsl tools/kernels/check.py [TASK_DIR] [N_TASKS]
"""
import glob, json, os, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ["ARC_DSL"])
import dsl  # noqa: E402


def mostcolor_smallest_of_ties(element):
    vals = [v for r in element for v in r] if isinstance(element, tuple) else [v for v, _ in element]
    return max(sorted(set(vals)), key=vals.count)


dsl.mostcolor = mostcolor_smallest_of_ties
tasks = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "../shared/arc-agi/training")
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 150
exe = os.path.join(tempfile.mkdtemp(), "harness")
subprocess.run(["c++", "-O2", "-std=c++17", f"-I{root}/kernels", "-o", exe,
                os.path.join(root, "tools/kernels/harness.cpp")], check=True)
grids = []
for f in sorted(glob.glob(os.path.join(tasks, "*.json")))[:limit]:
    t = json.load(open(f))
    for s in t["train"] + t["test"]:
        grids += [s["input"]] + ([s["output"]] if "output" in s else [])
cases = []
for g in grids:
    cases += [(g, 0, fl) for fl in range(8)] + [(g, 1, 0), (g, 2, 0)] + [(g, 3, c) for c in (0, 1, 5)]
inp = "".join(f"{len(g)} {len(g[0])} {m} {fl} " + " ".join(str(x) for r in g for x in r) + "\n"
              for g, m, fl in cases)
out = subprocess.run([exe], input=inp, capture_output=True, text=True, check=True).stdout.splitlines()


def key(c, i, j):
    return ((c + 128) << 24) | (i << 12) | j


bad = 0
for (g, m, fl), line in zip(cases, out):
    G = tuple(tuple(r) for r in g)
    if m == 3:
        want = sorted(key(-128, i, j) for (i, j) in dsl.ofcolor(G, fl))
        parts = line.split()
        ok = [int(x) for x in parts[1:]] == want and int(parts[0]) == len(want)
    else:
        objs = (dsl.objects(G, bool(fl & 1), bool(fl & 2), bool(fl & 4)) if m == 0
                else dsl.partition(G) if m == 1 else dsl.fgpartition(G))
        want = sorted(sorted(key(c, i, j) for c, (i, j) in o) for o in objs)
        ok = [[int(x) for x in s.split()] for s in line.split("|")[1:]] == want
    if not ok:
        bad += 1
        if bad < 5:
            print("MISMATCH mode", m, "flags", fl, line[:200])
print(len(cases), "cases,", bad, "differ")
sys.exit(1 if bad else 0)
