from dsl import *
from constants import ZERO, ONE as UNO
import arc_types
import dsl as d, constants


def verify_1c1c1c1c(I: Grid) -> Grid:
    x0 = mostcolor(I)
    x1 = palette(I)
    x2 = remove(x0, x1)
    x3 = size(x2)
    x4 = astuple(ONE, x3)
    x5 = canvas(x0, x4)
    return x5


def verify_2d2d2d2d(I) -> Grid:
    x0 = compress(I)
    return x0


def verify_3e3e3e3e(I : Grid):
    x0 = trim(I)
    return x0
