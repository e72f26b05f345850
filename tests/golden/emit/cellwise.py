from dsl import *

# The cellwise minimum of a grid and its mirror: papply(pair, ...) read only
# by apply(lbind(apply, minimum), ...) is never built (rt::t::cellwise_best).
def solve_cdcdcdcd(I):
    x1 = hmirror(I)
    x2 = papply(pair, I, x1)
    x3 = lbind(apply, minimum)
    O = apply(x3, x2)
    return O

# The rows of pairs read by something else too: built, and reduced as values.
def solve_dededede(I):
    x1 = vmirror(I)
    x2 = papply(pair, I, x1)
    x3 = lbind(apply, maximum)
    x4 = apply(x3, x2)
    x5 = size(x2)
    x6 = astuple(x5, ONE)
    O = crop(x4, ORIGIN, x6)
    return O
