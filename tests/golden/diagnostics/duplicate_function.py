def solve_dd000005(I):
    x1 = dmirror(I)
    return x1


def solve_dd000005(I):
    x1 = cmirror(I)
    return x1
