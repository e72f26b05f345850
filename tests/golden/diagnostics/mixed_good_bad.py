# The good functions of a file are returned even when others are bad.
def solve_ff000001(I):
    x1 = vmirror(I)
    x2 = hconcat(I, x1)
    return x2


def solve_ff000002(I):
    x1 = hmirror(I)
    x2 = vconcat(I, x1, I)
    return x2


def solve_ff000003(I):
    x1 = rot180(I)
    return x1


def solve_ff000004(I):
    x1 = rot90 I)
    return x1


def solve_ff000005(I):
    x1 = fgpartition(I)
    x2 = merge(x1)
    x3 = cover(I, x2)
    return x3
