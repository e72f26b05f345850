def solve_aa000006(I):
    x1 = crop(
        I,
        ORIGIN,
        TWO_BY_TWO
    x2 = rot90(x1)
    return x2
