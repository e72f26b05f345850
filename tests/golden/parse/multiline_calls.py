def solve_4f4f4f4f(I):
    x1 = objects(
        I,      # the grid
        T,      # univalued
        F,      # diagonal
        T,      # without background
    )
    x2 = argmax(x1,
                size)
    x3 = subgrid(x2, \
                 I)
    x4 = fill(x3, ONE,
        # a comment alone on its line inside the call
        x2)
    return x4
