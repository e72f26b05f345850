def solve_bb000002(I):
    x1 = replace(I, FIVE, ZER0)
    x2 = upscale(x1, THRE)
    x3 = shift(x2, UPP_LEFT)
    return x3
