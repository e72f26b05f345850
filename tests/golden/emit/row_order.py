from dsl import *

# apply(rbind(order, key), grid) with a known key: every row sorted as a
# slice of colours (rt::t::apply_rows_order), the rows a grid again.
def solve_ffffffff(I):
    x1 = rbind(order, identity)
    x2 = apply(x1, I)
    x3 = dmirror(x2)
    x4 = rbind(order, invert)
    x5 = apply(x4, x3)
    O = dmirror(x5)
    return O

# A key that is not a known function of a colour keeps the Value path.
def solve_abababab(I):
    x1 = rbind(order, first)
    x2 = asobject(I)
    x3 = totuple(x2)
    x4 = order(x3, first)
    O = apply(x1, I)
    return O
