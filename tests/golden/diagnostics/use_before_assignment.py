def solve_cc000002(I):
    x1 = hconcat(I, x2)
    x2 = vmirror(I)
    x3 = fill(x3, ONE, x2)
    return x3
