def solve_0000001a(I):
    x1 = mostcolor(I)
    x2 = ofcolor(I, x1)
    O = size(x2)
    return O


def solve_0000001b(I):
    x1 = ofcolor(I, ZERO)
    O = size(x1)
    return O


def solve_0000001c(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    O = size(x2)
    return O
