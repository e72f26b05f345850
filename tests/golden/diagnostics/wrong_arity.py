def solve_cc000001(I):
    x1 = objects(I, T, F)
    x2 = rbind(hsplit, TWO)
    x3 = x2(I, I)
    x4 = power(rot90, TWO)
    x5 = x4(I, I)
    x6 = compose(first, x3)
    x7 = x6()
    x8 = rbind(objects, F)
    x9 = x8(I)
    return x9
