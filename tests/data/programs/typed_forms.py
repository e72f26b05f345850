from dsl import *

# Products of two sets of locations: the pairs on one down-right diagonal
# (row offset equal to column offset), filtered and joined as typed pairs.
def solve_a1a1a1a1(I):
    x1 = ofcolor(I, ONE)
    x2 = product(x1, x1)
    x3 = fork(subtract, last, first)
    x4 = compose(first, x3)
    x5 = compose(last, x3)
    x6 = fork(equality, x4, x5)
    x7 = sfilter(x2, x6)
    x8 = fork(connect, first, last)
    x9 = mapply(x8, x7)
    O = underfill(I, SIX, x9)
    return O

# Pairs of locations made by astuple, and a corner of a patch that is empty
# on most inputs (the empty tuple: typed code hands over to the interpreter).
def solve_b2b2b2b2(I):
    x1 = ofcolor(I, TWO)
    x2 = product(x1, x1)
    x3 = power(first, TWO)
    x4 = power(last, TWO)
    x5 = fork(astuple, x3, x4)
    x6 = apply(x5, x2)
    x7 = lrcorner(x1)
    x8 = astuple(x7, x7)
    x9 = remove(x7, x6)
    x10 = size(x8)
    x11 = underfill(I, x10, x9)
    O = fill(x11, THREE, x8)
    return O

# Functions made per object: the background cells with a neighbour that
# touches the object, for each object.
def solve_c3c3c3c3(I):
    x1 = objects(I, T, F, T)
    x2 = ofcolor(I, ZERO)
    x3 = lbind(rbind, adjacent)
    x4 = rbind(compose, dneighbors)
    x5 = compose(x4, x3)
    x6 = lbind(sfilter, x2)
    x7 = compose(x6, x5)
    x8 = mapply(x7, x1)
    O = fill(I, FIVE, x8)
    return O

# Made functions over objects: each object shifted by offsets it binds.
def solve_d4d4d4d4(I):
    x1 = objects(I, T, F, T)
    x2 = lbind(lbind, shift)
    x3 = compose(x2, normalize)
    x4 = interval(ZERO, THREE, ONE)
    x5 = apply(tojvec, x4)
    x6 = rbind(mapply, x5)
    x7 = compose(x6, x3)
    x8 = mapply(x7, x1)
    O = paint(I, x8)
    return O
