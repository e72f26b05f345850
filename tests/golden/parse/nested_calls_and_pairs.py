def solve_5a5a5a5a(I):
    x1 = compose(lbind(greater, FIVE), size)
    x2 = objects(I, T, T, T)
    x3 = sfilter(x2, x1)
    x4 = (ONE, TWO)
    x5 = shift(merge(x3), x4)
    x6 = paint(I, recolor(color(x5), shift(x5, (ZERO, ONE))))
    return x6


def solve_6b6b6b6b(I):
    x1 = initset(ORIGIN)
    x2 = (x1, x1,)
    return I
