def solve_cc000003(I):
    x1 = rot90(I)
    x2 = rot180(x1)
    x1 = rot270(x2)
    I = hmirror(x1)
    return x1
