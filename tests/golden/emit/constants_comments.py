# Constants of every shape, comments and blank lines everywhere.
from dsl import *
from constants import *

def solve_dddddddd(I: Grid) -> Grid:   # annotated header

    # canvas of zeros the size of the input
    x1 = canvas(ZERO, UNITY)        # a 1x1 canvas
    x2 = shift(x1, NEG_UNITY)
    x3 = astuple(NEG_ONE, TEN)
    x4 = crop(I, ORIGIN, THREE_BY_THREE)

    O = upscale(x4, TWO)
    return O
