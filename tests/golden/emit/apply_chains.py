# Sequential apply/mapply chains that the rewrite pass fuses, and one it
# must not fuse because the intermediate has another use. The fused chains
# of known functions are emitted stage by stage as typed applies (the plan,
# which the interpreter runs, keeps them fused).
def solve_eeeeeeee(I):
    x1 = objects(I, T, F, T)
    x2 = apply(normalize, x1)
    x3 = apply(size, x2)
    O = maximum(x3)
    return O

def solve_ffffffff(I):
    x1 = fgpartition(I)
    x2 = apply(toindices, x1)
    x3 = mapply(backdrop, x2)
    O = fill(I, ZERO, x3)
    return O

def solve_99999999(I):
    x1 = partition(I)
    x2 = apply(toindices, x1)
    x3 = merge(x2)
    x4 = size(x2)
    O = fill(I, x4, x3)
    return O
