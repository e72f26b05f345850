# An apply or prapply whose one reader is a union (merge, mfilter) is held
# as the list of its results: the frozenset of results is never sorted.

def solve_12121212(I):
    x1 = ofcolor(I, ONE)
    x2 = prapply(connect, x1, x1)
    x3 = rbind(greater, TWO)
    x4 = compose(x3, size)
    x5 = mfilter(x2, x4)
    O = underfill(I, EIGHT, x5)
    return O

# Lines between every two locations of a set kept by hline or vline (or
# all of them merged) are no statement either: the union is each row's and
# column's span between the set's first and last location on it
# (`rt::p::lines_union`), with no line built per pair.
def solve_bcbcbcbc(I):
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

# A product of two sets of locations read only by an apply whose function
# reads each pair through first and last is no statement of its own: the
# collector runs over its pairs without building them.
def solve_78787878(I):
    x1 = ofcolor(I, THREE)
    x2 = product(x1, x1)
    x3 = fork(connect, last, first)
    x4 = apply(x3, x2)
    x5 = mfilter(x4, hline)
    O = fill(I, FOUR, x5)
    return O

# The same product read by an apply that is no collector (its reader is no
# union): the apply computes the product (nothing between them can fail).
def solve_9a9a9a9a(I):
    x1 = ofcolor(I, TWO)
    x2 = product(x1, x1)
    x3 = fork(manhattan, first, last)
    x4 = apply(x3, x2)
    O = maximum(x4)
    return O
