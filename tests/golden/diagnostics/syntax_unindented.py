def solve_aa00000b(I):
    x1 = rot90(I)
x2 = rot180(x1)
    return x2
