# Union chains on the device (whole.rs, `union_chains`): a prapply, or a
# function over a product's pairs, whose values only a union reads,
# through applies and filters. Written as one loop each on the device; the
# results must be the CPU's.

def lines_of_the_rarest_colour(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = prapply(connect, x2, x2)
    x4 = fork(either, hline, vline)
    x5 = mfilter(x3, x4)
    O = fill(I, x1, x5)
    return O

def long_lines_between_pairs(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = product(x2, x2)
    x4 = fork(connect, first, last)
    x5 = apply(x4, x3)
    x6 = rbind(greater, TWO)
    x7 = compose(x6, size)
    x8 = sfilter(x5, x7)
    x9 = merge(x8)
    O = fill(I, FIVE, x9)
    return O

def pairs_of_small_objects_in_a_row(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(greater, THREE)
    x3 = compose(x2, size)
    x4 = sfilter(x1, x3)
    x5 = product(x4, x4)
    x6 = fork(hmatching, first, last)
    x7 = sfilter(x5, x6)
    x8 = fork(combine, first, last)
    x9 = mapply(x8, x7)
    x10 = recolor(EIGHT, x9)
    O = paint(I, x10)
    return O

def lines_within_each_colour(I):
    x1 = palette(I)
    x2 = lbind(ofcolor, I)
    x3 = lbind(prapply, connect)
    x4 = fork(x3, x2, x2)
    x5 = compose(merge, x4)
    x6 = fork(recolor, identity, x5)
    x7 = rbind(greater, ZERO)
    x8 = sfilter(x1, x7)
    x9 = mapply(x6, x8)
    O = paint(I, x9)
    return O

def offsets_of_the_smallest_object(I):
    x1 = objects(I, T, T, T)
    x2 = argmin(x1, size)
    x3 = interval(ZERO, THREE, ONE)
    x4 = apply(toivec, x3)
    x5 = prapply(add, x4, x4)
    x6 = lbind(shift, x2)
    x7 = mapply(x6, x5)
    O = paint(I, x7)
    return O

def short_straight_lines(I):
    x1 = mostcolor(I)
    x2 = palette(I)
    x3 = remove(x1, x2)
    x4 = lbind(ofcolor, I)
    x5 = mapply(x4, x3)
    x6 = prapply(connect, x5, x5)
    x7 = lbind(greater, FIVE)
    x8 = compose(x7, size)
    x9 = fork(either, vline, hline)
    x10 = fork(both, x8, x9)
    x11 = mfilter(x6, x10)
    O = underfill(I, FOUR, x11)
    return O

def diagonals_between_pairs(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = product(x2, x2)
    x4 = fork(connect, first, last)
    x5 = apply(x4, x3)
    x6 = fork(either, vline, hline)
    x7 = compose(flip, x6)
    x8 = rbind(greater, ONE)
    x9 = compose(x8, size)
    x10 = fork(both, x7, x9)
    x11 = mfilter(x5, x10)
    O = fill(I, x1, x11)
    return O

def columns_between_two_colours(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = mostcolor(I)
    x4 = ofcolor(I, x3)
    x5 = product(x4, x2)
    x6 = fork(connect, first, last)
    x7 = apply(x6, x5)
    x8 = mfilter(x7, vline)
    O = fill(I, x1, x8)
    return O

def rows_of_the_rarest_colour(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = prapply(connect, x2, x2)
    x4 = mfilter(x3, hline)
    O = underfill(I, x1, x4)
    return O

def straight_lines_longer_than_a_cell(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = prapply(connect, x2, x2)
    x4 = rbind(greater, ONE)
    x5 = compose(x4, size)
    x6 = sfilter(x3, x5)
    x7 = fork(either, vline, hline)
    x8 = mfilter(x6, x7)
    O = fill(I, THREE, x8)
    return O
