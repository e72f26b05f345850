from dsl import *


def solve_bb000001(I):
    x1 = objets(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = subgird(x2, I)
    x4 = frobnicate(x3)
    return x4
