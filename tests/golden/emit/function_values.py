from dsl import *

# Function-valued variables: built by rbind/compose/fork, then called
# directly and through apply.
def solve_cccccccc(I):
    x1 = rbind(colorcount, ONE)
    x2 = compose(x1, asobject)
    x3 = x2(I)
    x4 = fork(add, x1, x1)
    x5 = x4(I)
    x6 = greater(x5, x3)
    O = branch(x6, I, I)
    return O
