# An apply or prapply whose one reader is a union (merge, mfilter) is held
# as the list of its results: the frozenset of results is never sorted.

def solve_12121212(I):
    x1 = ofcolor(I, ONE)
    x2 = prapply(connect, x1, x1)
    x3 = fork(either, vline, hline)
    x4 = mfilter(x2, x3)
    O = underfill(I, EIGHT, x4)
    return O

def solve_34343434(I):
    x1 = objects(I, T, F, T)
    x2 = apply(backdrop, x1)
    x3 = merge(x2)
    O = fill(I, TWO, x3)
    return O

def solve_56565656(I):
    x1 = objects(I, T, F, T)
    x2 = apply(backdrop, x1)
    x3 = merge(x2)
    x4 = size(x2)
    O = fill(I, x4, x3)
    return O
