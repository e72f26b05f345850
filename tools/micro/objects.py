def solve_0000000a(I):
    x1 = objects(I, T, F, T)
    O = size(x1)
    return O


def solve_0000000b(I):
    x1 = objects(I, T, T, T)
    O = size(x1)
    return O


def solve_0000000c(I):
    x1 = objects(I, F, F, T)
    O = size(x1)
    return O


def solve_0000000d(I):
    x1 = objects(I, F, T, T)
    O = size(x1)
    return O


def solve_0000000e(I):
    x1 = objects(I, T, F, F)
    O = size(x1)
    return O
