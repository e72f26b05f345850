def solve_aa000002(I):
    x1 = ofcolor(I, ONE)
    x2 = fill(I, TWO x1)
    return x2
