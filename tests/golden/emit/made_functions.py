from dsl import *

# A function made per element (rbind of a value computed inside the
# function applied): inlined as a closure over that value, which is bound
# before the code that applies it.
def solve_c3c3c3c3(I):
    x1 = ofcolor(I, ZERO)
    x2 = leastcolor(I)
    x3 = ofcolor(I, x2)
    x4 = lbind(rbind, manhattan)
    x5 = compose(x4, initset)
    x6 = rbind(compose, initset)
    x7 = compose(x6, x5)
    x8 = lbind(argmin, x1)
    x9 = compose(x8, x7)
    x10 = apply(x9, x3)
    O = fill(I, FIVE, x10)
    return O
