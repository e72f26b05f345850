def solve_cc000004(I):
    x1 = I(T)
    x2 = ZERO(I)
    x3 = size(I)
    x4 = x3(I)
    x5 = asindices(I)
    x6 = apply(ONE, x5)
    x7 = sfilter(x5, x3)
    x8 = rbind(I, TWO)
    return x8
