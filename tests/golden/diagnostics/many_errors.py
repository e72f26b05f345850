# Every error of a file is reported, not only the first.
def solve_ee000001(I):
    x1 = lefthalf(I)
    x2 = righthalf(I, I)
    x3 = ofcolr(x1, ZERO)
    x4 = ofcolor(x2, ZERRO)
    x5 = intersection(x3, x9)
    x5 = fill(x1, EIGHT, x5)
    return x5


def solve_ee000002(I):
    x1 = tophalf(I)
    x2 = x1(I)
    return x7
