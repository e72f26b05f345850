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

# A count known only when the program runs stays a function value.
def solve_eeeeeeee(I):
    x1 = numcolors(I)
    x2 = power(hmirror, x1)
    O = x2(I)
    return O
