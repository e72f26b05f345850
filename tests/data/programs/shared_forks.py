# Forks whose branches both call one function on the fork's arguments
# (whole.rs, `Emitter::fork_sharing`): the device code computes that call
# once, before the branches; the results must be the CPU's.

def lines_from_each_centre(I):
    x1 = objects(I, T, F, T)
    x2 = compose(center, toindices)
    x3 = rbind(add, TWO_BY_TWO)
    x4 = compose(x3, x2)
    x5 = fork(connect, x2, x4)
    x6 = mapply(x5, x1)
    O = fill(I, EIGHT, x6)
    return O

def box_of_the_largest_in_its_colour(I):
    x1 = objects(I, T, T, T)
    x2 = rbind(argmax, size)
    x3 = compose(x2, first)
    x4 = compose(color, x3)
    x5 = compose(box, x3)
    x6 = fork(recolor, x4, x5)
    x7 = astuple(x1, I)
    x8 = x6(x7)
    O = paint(I, x8)
    return O

def objects_moved_to_a_corner(I):
    x1 = objects(I, F, T, T)
    x2 = compose(toindices, normalize)
    x3 = chain(invert, lrcorner, x2)
    x4 = fork(shift, x2, x3)
    x5 = mapply(x4, x1)
    x6 = astuple(FIVE, FIVE)
    x7 = shift(x5, x6)
    O = fill(I, THREE, x7)
    return O
