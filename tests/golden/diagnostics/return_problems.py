def solve_dd000001(I):
    x1 = rot90(I)


def solve_dd000002(I):
    x1 = rot90(I)
    return x2


def solve_dd000003(I):
    x1 = rot90(I)
    return ZERO


def solve_dd000004(I):
    x1 = rot90(I)
    return x1
    x2 = rot180(x1)
