from dsl import *
x = rot90(I)


def solve_aa00000a(I):
    return I
