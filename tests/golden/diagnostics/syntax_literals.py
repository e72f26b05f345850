def solve_aa000007(I):
    x1 = upscale(I, 3)
    return x1


def solve_aa000008(I):
    x1 = add(ONE, 12)
    return x1


def solve_aa000009(I):
    x1 = (ONE, TWO, THREE)
    return x1
