from dsl import *

# A function made per element (lbind of a value computed inside the
# function applied): inlined as a closure over that value, which is bound
# before the code that applies it.
def solve_c3c3c3c3(I):
    x1 = ofcolor(I, ZERO)
    x2 = leastcolor(I)
    x3 = ofcolor(I, x2)
    x4 = lbind(lbind, manhattan)
    x5 = rbind(compose, initset)
    x6 = chain(x5, x4, initset)
    x7 = lbind(argmin, x1)
    x8 = compose(x7, x6)
    x9 = apply(x8, x3)
    O = fill(I, FIVE, x9)
    return O
