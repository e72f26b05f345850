#!/usr/bin/env python3
"""What `objects` gets on real inputs: for each flag set of the public
solvers, the reference's objects, their cells and the row runs that
battgen's labelling (`component_runs`) works on, per call, averaged over
every input of the first N tasks of DATA.

usage: objects_stats.py DSL_DIR [--data DIR] [--tasks N]
"""

from reference_inputs import parse

FLAG_SETS = [(True, False, True), (True, True, True), (True, False, False),
             (False, True, True), (False, False, True)]


def runs(grid, univalued, bg):
    """Maximal runs of a row that join: one colour (univalued) or any
    colour but the background; background cells make none."""
    n = 0
    for row in grid:
        j, w = 0, len(row)
        while j < w:
            c = row[j]
            j += 1
            if c == bg:
                continue
            while j < w and (row[j] == c if univalued else row[j] != bg):
                j += 1
            n += 1
    return n


def main():
    dsl, grids = parse(__doc__)
    print(f'{len(grids)} inputs, {sum(len(g) * len(g[0]) for g in grids) / len(grids):.1f} cells each')
    for u, d, b in FLAG_SETS:
        objs = cells = rs = 0
        for g in grids:
            found = dsl.objects(g, u, d, b)
            objs += len(found)
            cells += sum(len(o) for o in found)
            rs += runs(g, u, dsl.mostcolor(g) if b else None)
        n = len(grids)
        flags = ', '.join('T' if x else 'F' for x in (u, d, b))
        print(f'objects(I, {flags}): {objs / n:.1f} objects, {cells / n:.1f} cells, {rs / n:.1f} runs per call')


if __name__ == '__main__':
    main()
