def solve_aa000001(I):
    x1 = objects I, T, F, T)
    x2 = first(x1)
    return x2
