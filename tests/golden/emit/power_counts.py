from dsl import *

# power(f, n) with a constant count is f applied n times: inlined where it
# is called (directly, or by a higher-order primitive), like compose.
def solve_dddddddd(I):
    x1 = asobject(I)
    x2 = rbind(shift, DOWN)
    x3 = power(x2, THREE)
    x4 = x3(x1)
    x5 = toindices(x1)
    x6 = product(x5, x5)
    x7 = power(last, TWO)
    x8 = compose(last, first)
    x9 = fork(equality, x7, x8)
    x10 = sfilter(x6, x9)
    x11 = mapply(last, x10)
    x12 = paint(I, x4)
    O = fill(x12, FIVE, x11)
    return O

# A count known only when the program runs: the function value is built
# where the program makes it (a count below 1 raises there), and its call
# is a loop.
def solve_eeeeeeee(I):
    x1 = numcolors(I)
    x2 = power(hmirror, x1)
    O = x2(I)
    return O

# The same, carrying a pair of two types (a set of locations and a tuple of
# objects) through the steps: typed steps, the pair a value read by its
# items' types.
def solve_ffffffff(I):
    x1 = objects(I, T, F, T)
    x2 = order(x1, uppermost)
    x3 = compose(first, last)
    x4 = compose(toindices, x3)
    x5 = fork(combine, first, x4)
    x6 = fork(remove, x3, last)
    x7 = fork(astuple, x5, x6)
    x8 = size(x1)
    x9 = power(x7, x8)
    x10 = initset(ORIGIN)
    x11 = astuple(x10, x2)
    x12 = x9(x11)
    x13 = first(x12)
    O = fill(I, EIGHT, x13)
    return O
