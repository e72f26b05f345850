def solve_aa000003(I):
    x1 rot90(I)
    return x1
