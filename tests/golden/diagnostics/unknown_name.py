def solve_bb000003(I):
    x1 = partition(I)
    x2 = argmin(x1, sise)
    x3 = subgrid(x2, y1)
    x4 = vconcat(x3, grid)
    return x4
