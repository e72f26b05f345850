from dsl import *

# Products of two sets of locations: the pairs on one down-right diagonal
# (row offset equal to column offset), filtered and joined as typed pairs.
def solve_a1a1a1a1(I):
    x1 = ofcolor(I, ONE)
    x2 = product(x1, x1)
    x3 = fork(subtract, last, first)
    x4 = compose(first, x3)
    x5 = compose(last, x3)
    x6 = fork(equality, x4, x5)
    x7 = sfilter(x2, x6)
    x8 = fork(connect, first, last)
    x9 = mapply(x8, x7)
    O = underfill(I, SIX, x9)
    return O

# Pairs of locations made by astuple, and a corner of a patch that is empty
# on most inputs (the empty tuple: typed code hands over to the interpreter).
def solve_b2b2b2b2(I):
    x1 = ofcolor(I, TWO)
    x2 = product(x1, x1)
    x3 = power(first, TWO)
    x4 = power(last, TWO)
    x5 = fork(astuple, x3, x4)
    x6 = apply(x5, x2)
    x7 = lrcorner(x1)
    x8 = astuple(x7, x7)
    x9 = remove(x7, x6)
    x10 = size(x8)
    x11 = underfill(I, x10, x9)
    O = fill(x11, THREE, x8)
    return O

# Functions made per object: the background cells with a neighbour that
# touches the object, for each object.
def solve_c3c3c3c3(I):
    x1 = objects(I, T, F, T)
    x2 = ofcolor(I, ZERO)
    x3 = lbind(rbind, adjacent)
    x4 = rbind(compose, dneighbors)
    x5 = compose(x4, x3)
    x6 = lbind(sfilter, x2)
    x7 = compose(x6, x5)
    x8 = mapply(x7, x1)
    O = fill(I, FIVE, x8)
    return O

# Made functions over objects: each object shifted by offsets it binds.
def solve_d4d4d4d4(I):
    x1 = objects(I, T, F, T)
    x2 = lbind(lbind, shift)
    x3 = compose(x2, normalize)
    x4 = interval(ZERO, THREE, ONE)
    x5 = apply(tojvec, x4)
    x6 = rbind(mapply, x5)
    x7 = compose(x6, x3)
    x8 = mapply(x7, x1)
    O = paint(I, x8)
    return O

# An object's cells as typed elements: the least common colour's cells of
# the largest object moved a row down, and its lowest cell marked.
def solve_e5e5e5e5(I):
    x1 = objects(I, F, T, T)
    x2 = argmax(x1, size)
    x3 = leastcolor(x2)
    x4 = matcher(first, x3)
    x5 = sfilter(x2, x4)
    x6 = compose(first, last)
    x7 = argmax(x2, x6)
    x8 = initset(x7)
    x9 = recolor(EIGHT, x8)
    x10 = shift(x5, DOWN)
    x11 = paint(I, x10)
    O = paint(x11, x9)
    return O

# Cells mapped and searched: the smallest object's cells recoloured and
# moved right by its last column, and its first cell of its own colour.
def solve_f6f6f6f6(I):
    x1 = objects(I, T, F, F)
    x2 = argmin(x1, size)
    x3 = lbind(astuple, FIVE)
    x4 = compose(x3, last)
    x5 = apply(x4, x2)
    x6 = compose(last, last)
    x7 = valmax(x2, x6)
    x8 = tojvec(x7)
    x9 = shift(x5, x8)
    x10 = paint(I, x9)
    x11 = color(x2)
    x12 = matcher(first, x11)
    x13 = extract(x2, x12)
    x14 = last(x13)
    x15 = initset(x14)
    O = fill(x10, SEVEN, x15)
    return O

# Lines of exactly three cells between cells of one colour, for every
# colour: prapply inside a made function.
def solve_0a7a0a7a(I):
    x1 = palette(I)
    x2 = lbind(ofcolor, I)
    x3 = lbind(prapply, connect)
    x4 = fork(x3, x2, x2)
    x5 = rbind(sizefilter, THREE)
    x6 = compose(x5, x4)
    x7 = compose(merge, x6)
    x8 = mapply(x7, x1)
    O = fill(I, FOUR, x8)
    return O

# Pairs of an object's cells: the cells of the largest object paired with
# the cells of its colour in the same column, joined by lines.
def solve_1b1b1b1b(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = product(x2, x2)
    x4 = compose(last, first)
    x5 = compose(last, last)
    x6 = compose(last, x4)
    x7 = compose(last, x5)
    x8 = fork(equality, x6, x7)
    x9 = sfilter(x3, x8)
    x10 = fork(connect, x4, x5)
    x11 = fork(recolor, color, x10)
    x12 = mapply(x11, x9)
    x13 = size(x9)
    x14 = shift(x12, RIGHT)
    O = underpaint(I, x14)
    return O

# Pairs of objects: the objects that share a row with another one merged
# and recoloured, and the first of the first two objects not adjacent.
def solve_2c2c2c2c(I):
    x1 = objects(I, T, F, T)
    x2 = product(x1, x1)
    x3 = fork(equality, first, last)
    x4 = compose(flip, x3)
    x5 = sfilter(x2, x4)
    x6 = fork(hmatching, first, last)
    x7 = sfilter(x5, x6)
    x8 = fork(combine, first, last)
    x9 = mapply(x8, x7)
    x10 = fork(adjacent, first, last)
    x11 = compose(flip, x10)
    x12 = extract(x5, x11)
    x13 = first(x12)
    x14 = recolor(FIVE, x9)
    x15 = paint(I, x14)
    O = fill(x15, EIGHT, x13)
    return O

# Tuples of locations: a frontier row per index of a tuple of ints and a
# copy of the colour-one cells per offset of a tuple of pairs, each
# merged into a tuple (repeats kept), filled, shifted and underfilled.
def solve_3d3d3d3d(I):
    x1 = ofcolor(I, ONE)
    x2 = interval(ZERO, THREE, ONE)
    x3 = compose(hfrontier, toivec)
    x4 = mapply(x3, x2)
    x5 = apply(tojvec, x2)
    x6 = lbind(shift, x1)
    x7 = mapply(x6, x5)
    x8 = fill(I, TWO, x4)
    x9 = shift(x7, DOWN)
    O = underfill(x8, THREE, x9)
    return O

# A branch between two grid functions called on the input, a zip of two
# tuples of ints, and a matcher made per element: for each pair, the
# background cells in the column its first number names.
def solve_4e4e4e4e(I):
    x1 = portrait(I)
    x2 = branch(x1, identity, dmirror)
    x3 = x2(I)
    x4 = width(x3)
    x5 = interval(ZERO, x4, TWO)
    x6 = apply(invert, x5)
    x7 = pair(x5, x6)
    x8 = ofcolor(x3, ZERO)
    x9 = lbind(matcher, last)
    x10 = compose(x9, first)
    x11 = lbind(sfilter, x8)
    x12 = compose(x11, x10)
    x13 = mapply(x12, x7)
    O = fill(x3, FIVE, x13)
    return O

# Lines between every two cells of each colour but the background, merged
# inside a composed function (`merge` of a `prapply` of `connect`) and
# painted in that colour, then a second union over two different sets.
def solve_5e5e5e5e(I):
    x1 = palette(I)
    x2 = mostcolor(I)
    x3 = remove(x2, x1)
    x4 = lbind(ofcolor, I)
    x5 = lbind(prapply, connect)
    x6 = fork(x5, x4, x4)
    x7 = compose(merge, x6)
    x8 = fork(recolor, identity, x7)
    x9 = mapply(x8, x3)
    x10 = paint(I, x9)
    x11 = ofcolor(I, x2)
    x12 = corners(x11)
    x13 = rbind(x5, x12)
    x14 = compose(merge, x13)
    x15 = x14(x11)
    O = underfill(x10, FIVE, x15)
    return O

# Cells of the least colour with more than one direct neighbour outside
# that colour (a size of a difference in the middle of a chain), and cells
# of the most colour whose 2x2 block from there stays in that colour (a
# size of a difference as a chain's last step).
def solve_6e6e6e6e(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = rbind(difference, x2)
    x4 = rbind(greater, ONE)
    x5 = chain(x4, size, x3)
    x6 = compose(x5, dneighbors)
    x7 = sfilter(x2, x6)
    x8 = mostcolor(I)
    x9 = ofcolor(I, x8)
    x10 = astuple(TWO, TWO)
    x11 = canvas(ZERO, x10)
    x12 = asindices(x11)
    x13 = lbind(shift, x12)
    x14 = rbind(difference, x9)
    x15 = chain(size, x14, x13)
    x16 = matcher(x15, ZERO)
    x17 = sfilter(x9, x16)
    x18 = fill(I, FIVE, x7)
    O = fill(x18, EIGHT, x17)
    return O

# The input's quarters and halves tested for symmetry against their
# transposes and mirrors (equality of a grid with its own mirror), the
# first symmetric one kept, or the input where none is.
def solve_7e7e7e7e(I):
    x1 = lefthalf(I)
    x2 = tophalf(I)
    x3 = tophalf(x1)
    x4 = fork(equality, identity, dmirror)
    x5 = fork(equality, hmirror, identity)
    x6 = fork(equality, identity, vmirror)
    x7 = x4(x3)
    x8 = x5(x1)
    x9 = x6(x2)
    x10 = branch(x9, x2, I)
    x11 = branch(x8, x1, x10)
    O = branch(x7, x3, x11)
    return O

# The copy of the most colour's cells, shifted one step in each of the
# eight directions, that overlaps them most (a size of an intersection as
# a composition's last step, one side the same set on every call), filled
# where it lies on the background.
def solve_8e8e8e8e(I):
    x1 = mostcolor(I)
    x2 = ofcolor(I, x1)
    x3 = neighbors(ORIGIN)
    x4 = lbind(shift, x2)
    x5 = apply(x4, x3)
    x6 = lbind(intersection, x2)
    x7 = compose(size, x6)
    x8 = argmax(x5, x7)
    O = underfill(I, FOUR, x8)
    return O

# The largest object's copies one to three steps right of it (shifts over
# a tuple of offsets: a tuple of cells, painted in order) painted over the
# input, then its copies one to three steps down (the shift composed with
# the offset's construction, over the tuple of step counts) recoloured in
# the least colour and painted over that.
def solve_9e9e9e9e(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = interval(ONE, FOUR, ONE)
    x4 = apply(tojvec, x3)
    x5 = lbind(shift, x2)
    x6 = mapply(x5, x4)
    x7 = paint(I, x6)
    x8 = compose(x5, toivec)
    x9 = mapply(x8, x3)
    x10 = leastcolor(I)
    x11 = recolor(x10, x9)
    O = paint(x7, x11)
    return O

# Each row filled with its most common colour (a most common colour per
# row of a grid), where the columns' least common colours are not all one.
def solve_afafafaf(I):
    x1 = apply(mostcommon, I)
    x2 = repeat(x1, ONE)
    x3 = dmirror(x2)
    x4 = width(I)
    x5 = hupscale(x3, x4)
    x6 = dmirror(I)
    x7 = apply(leastcommon, x6)
    x8 = dedupe(x7)
    x9 = size(x8)
    x10 = greater(x9, ONE)
    O = branch(x10, x5, I)
    return O

# The largest object in all eight of its symmetries, each painted over the
# grid at the object's corner: a tuple of functions, their compositions
# and `rapply` of them typed as a tuple of objects.
def solve_b0b1b2b3(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = astuple(hmirror, vmirror)
    x4 = astuple(dmirror, cmirror)
    x5 = combine(x3, x4)
    x6 = product(x5, x5)
    x7 = fork(compose, first, last)
    x8 = apply(x7, x6)
    x9 = totuple(x8)
    x10 = combine(x5, x9)
    x11 = rapply(x10, x2)
    x12 = ulcorner(x2)
    x13 = rbind(shift, x12)
    x14 = compose(x13, normalize)
    x15 = mapply(x14, x11)
    O = paint(I, x15)
    return O

# Each object's cells moved one step down-right, as indices: a function
# made by calling a function maker (`lbind(compose, toindices)` called on
# a shift), known when the program is written.
def solve_b4b5b6b7(I):
    x1 = objects(I, T, T, T)
    x2 = lbind(compose, toindices)
    x3 = rbind(shift, UNITY)
    x4 = x2(x3)
    x5 = rbind(compose, normalize)
    x6 = x5(x4)
    x7 = mapply(x4, x1)
    x8 = mapply(x6, x1)
    x9 = fill(I, FIVE, x7)
    O = underfill(x9, SIX, x8)
    return O

# Two placeholder cells (a colour and a location) made into an object
# added to the objects, then the objects of colour one or two painted:
# `astuple` of a number and a location is a cell, `insert` of a cell and
# of an object, `contained` of a colour in a pair. A colour beyond a
# cell's range (1000) hands over to the interpreter.
def solve_b8b9bab0(I):
    x1 = objects(I, T, F, T)
    x2 = astuple(TWO, ORIGIN)
    x3 = initset(x2)
    x4 = astuple(ONE, UNITY)
    x5 = insert(x4, x3)
    x6 = insert(x5, x1)
    x7 = astuple(ONE, TWO)
    x8 = rbind(contained, x7)
    x9 = compose(x8, color)
    x10 = sfilter(x6, x9)
    x11 = merge(x10)
    x12 = paint(I, x11)
    x13 = multiply(TEN, TEN)
    x14 = multiply(x13, TEN)
    x15 = astuple(x14, ORIGIN)
    x16 = initset(x15)
    x17 = size(x16)
    x18 = equality(x17, ONE)
    O = branch(x18, x12, I)
    return O

# Every object's cells shifted down by one, two and three rows, their union
# underfilled: `prapply` over a set of patches and a tuple of offsets,
# merged without a frozenset of the shifted patches.
def solve_c0c1c2c3(I):
    x1 = objects(I, T, F, T)
    x2 = apply(toindices, x1)
    x3 = interval(ONE, FOUR, ONE)
    x4 = apply(toivec, x3)
    x5 = prapply(shift, x2, x4)
    x6 = merge(x5)
    O = underfill(I, EIGHT, x6)
    return O

# The lines between two cells of colour one that are longer than two cells
# and straight, underfilled: `prapply` of `connect`, an `sfilter` and an
# `mfilter` of its results, with no frozenset of the lines built.
def solve_c4c5c6c7(I):
    x1 = ofcolor(I, ONE)
    x2 = prapply(connect, x1, x1)
    x3 = rbind(greater, TWO)
    x4 = compose(x3, size)
    x5 = sfilter(x2, x4)
    x6 = fork(either, vline, hline)
    x7 = mfilter(x5, x6)
    O = underfill(I, FOUR, x7)
    return O

# Straight lines between every cell of the rarest colour and every cell of
# the commonest (a product's pairs joined), kept by `either(vline, hline)`,
# the rows among the rarest colour's own lines, and its straight lines of
# two cells or more (`size > 1` first), merged: unions of spans
# (`rt::p::lines_union`), no line built per pair.
def solve_d1d2d3d4(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = mostcolor(I)
    x4 = ofcolor(I, x3)
    x5 = product(x2, x4)
    x6 = fork(connect, first, last)
    x7 = apply(x6, x5)
    x8 = fork(either, vline, hline)
    x9 = mfilter(x7, x8)
    x10 = prapply(connect, x2, x2)
    x11 = mfilter(x10, hline)
    x12 = fill(I, FIVE, x9)
    x13 = underfill(x12, x1, x11)
    x14 = compose(positive, decrement)
    x15 = compose(x14, size)
    x16 = sfilter(x10, x15)
    x17 = mfilter(x16, x8)
    O = underfill(x13, TWO, x17)
    return O

# Mirrors that keep the shape (`hmirror`, `vmirror`, `rot180`) read only
# by a concatenation: written mirrored by it (`rt::p::vconcat_flipped`,
# `hconcat_flipped`), the mirrored grid never built; `hconcat` of grids
# of two heights keeps the shorter's rows.
def solve_e1e2e3e4(I):
    x1 = hmirror(I)
    x2 = vconcat(I, x1)
    x3 = vmirror(x2)
    x4 = tophalf(I)
    x5 = hconcat(x3, x4)
    x6 = rot180(x4)
    O = hconcat(x6, x5)
    return O

# The same over rows of two widths: the reference's ragged tuple, which
# typed code hands to the interpreter.
def solve_e5e6e7e8(I):
    x1 = lefthalf(I)
    x2 = rot180(I)
    O = vconcat(x1, x2)
    return O

# A function made per object that filters every cell by the object whose
# centre is nearest (Manhattan distance), and by the nearest of the other
# objects: typed through and through. The location-and-object tuples are
# never built (`first`/`last` read their parts), `apply` over a pair of
# differences is a pair, and the nearest object of a cell, the same for
# every object of the outer loop, is computed once per cell
# (`rt::t::Remembered`).
def solve_f1f2f3f4(I):
    x1 = asindices(I)
    x2 = objects(I, T, F, T)
    x3 = compose(center, last)
    x4 = fork(subtract, first, x3)
    x5 = fork(multiply, sign, identity)
    x6 = lbind(apply, x5)
    x7 = fork(add, first, last)
    x8 = chain(x7, x6, x4)
    x9 = lbind(lbind, astuple)
    x10 = lbind(compose, x8)
    x11 = compose(x10, x9)
    x12 = lbind(argmin, x2)
    x13 = compose(x12, x11)
    x14 = lbind(rbind, equality)
    x15 = rbind(compose, x13)
    x16 = compose(x15, x14)
    x17 = lbind(sfilter, x1)
    x18 = compose(x17, x16)
    x19 = rbind(remove, x2)
    x20 = lbind(lbind, valmin)
    x21 = rbind(compose, x11)
    x22 = chain(x21, x20, x19)
    x23 = lbind(rbind, astuple)
    x24 = compose(x10, x23)
    x25 = lbind(fork, greater)
    x26 = fork(x25, x22, x24)
    x27 = compose(x17, x26)
    x28 = fork(intersection, x18, x27)
    x29 = fork(recolor, color, x28)
    x30 = mapply(x29, x2)
    O = paint(I, x30)
    return O

# Per background location, the colour of the grid's cell farthest from it
# (`manhattan` of the location's and the cell's one-point sets), and how
# many cells touch it (`adjacent` of two one-point sets): typed code
# measures point to point and builds no set per cell.
def solve_f5f6f7f8(I):
    x1 = asobject(I)
    x2 = ofcolor(I, ZERO)
    x3 = lbind(lbind, manhattan)
    x4 = rbind(compose, initset)
    x5 = chain(x4, x3, initset)
    x6 = lbind(argmax, x1)
    x7 = chain(first, x6, x5)
    x8 = fork(astuple, x7, identity)
    x9 = apply(x8, x2)
    x10 = lbind(lbind, adjacent)
    x11 = chain(x4, x10, initset)
    x12 = lbind(sfilter, x1)
    x13 = chain(size, x12, x11)
    x14 = valmax(x2, x13)
    x15 = paint(I, x9)
    O = replace(x15, ZERO, x14)
    return O

# Both branches of a fork begin with the same function of its argument
# (the largest object): computed once, before the branches, as the
# reference's first branch would compute it first.
def solve_f9fafbfc(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(argmax, size)
    x3 = compose(toindices, x2)
    x4 = chain(backdrop, toindices, x2)
    x5 = fork(difference, x4, x3)
    x6 = x5(x1)
    O = fill(I, EIGHT, x6)
    return O

# power of a made function, with a count known only when the program runs
# (the number of objects; none: a RecursionError where power is made),
# stepping a pair of an object and a tuple of objects: each step moves the
# next object of the tuple into the object.
def solve_fdfdfdfd(I):
    x1 = objects(I, T, F, T)
    x2 = order(x1, size)
    x3 = compose(first, last)
    x4 = fork(combine, first, x3)
    x5 = fork(remove, x3, last)
    x6 = fork(astuple, x4, x5)
    x7 = size(x1)
    x8 = power(x6, x7)
    x9 = astuple(ZERO, ORIGIN)
    x10 = initset(x9)
    x11 = astuple(x10, x2)
    x12 = x8(x11)
    x13 = first(x12)
    O = paint(I, x13)
    return O

# Products read twice (a filter of them and their size) are built; read
# by a filter alone they are not (solve_a1a1a1a1, solve_1b1b1b1b and
# solve_2c2c2c2c filter the pairs as the product makes them). Pairs of
# locations in two rows, of an object's cells in one row, of objects that
# share a row.
def solve_a9a8a7a6(I):
    x1 = ofcolor(I, ONE)
    x2 = product(x1, x1)
    x3 = compose(first, first)
    x4 = compose(first, last)
    x5 = fork(equality, x3, x4)
    x6 = compose(flip, x5)
    x7 = sfilter(x2, x6)
    x8 = size(x2)
    x9 = fork(connect, first, last)
    x10 = mapply(x9, x7)
    x11 = objects(I, T, F, T)
    x12 = argmax(x11, size)
    x13 = product(x12, x12)
    x14 = compose(last, first)
    x15 = compose(last, last)
    x16 = compose(first, x14)
    x17 = compose(first, x15)
    x18 = fork(equality, x16, x17)
    x19 = sfilter(x13, x18)
    x20 = size(x13)
    x21 = fork(connect, x14, x15)
    x22 = mapply(x21, x19)
    x23 = product(x11, x11)
    x24 = fork(hmatching, first, last)
    x25 = sfilter(x23, x24)
    x26 = size(x23)
    x27 = size(x25)
    x28 = even(x8)
    x29 = branch(x28, SIX, SEVEN)
    x30 = underfill(I, x29, x10)
    x31 = even(x20)
    x32 = branch(x31, EIGHT, NINE)
    x33 = underfill(x30, x32, x22)
    x34 = greater(x26, x27)
    x35 = branch(x34, FIVE, FOUR)
    O = replace(x33, ZERO, x35)
    return O

# Each row without its repeats: a grid where the rows keep one width, a
# ragged tuple of rows otherwise (which the grid primitives after it take
# as the reference does).
def solve_a8a7a6a5(I):
    x1 = apply(dedupe, I)
    x2 = dmirror(I)
    x3 = apply(dedupe, x2)
    x4 = dmirror(x3)
    x5 = vconcat(x1, x4)
    O = replace(x5, ZERO, FIVE)
    return O

# Pairs of a tuple of objects and a tuple of locations (or of two tuples of
# locations) mapped and merged: the cells and the lines concatenated in
# order, the longer tuple cut at the shorter one's length.
def solve_a7a6a5a4(I):
    x1 = objects(I, T, F, T)
    x2 = order(x1, size)
    x3 = apply(center, x2)
    x4 = apply(lrcorner, x2)
    x5 = mpapply(connect, x3, x4)
    x6 = interval(ZERO, THREE, ONE)
    x7 = apply(toivec, x6)
    x8 = mpapply(shift, x2, x7)
    x9 = fill(I, EIGHT, x5)
    O = paint(x9, x8)
    return O

# A reduction over a set of locations inside a loop over every cell, whose
# key reads its element only through parts of its own (its row less five,
# ten divided by that): the parts kept per element in an element column.
# Row 5 divides by zero: the part raises there, and the whole key raises
# the reference's error at that element (grids of five rows or fewer give
# grids).
def solve_d5d6d7d8(I):
    x1 = ofcolor(I, ZERO)
    x2 = asindices(I)
    x3 = rbind(subtract, FIVE)
    x4 = compose(x3, first)
    x5 = lbind(divide, TEN)
    x6 = compose(x5, x4)
    x7 = lbind(lbind, add)
    x8 = rbind(compose, x6)
    x9 = compose(x8, x7)
    x10 = compose(x9, first)
    x11 = lbind(valmin, x1)
    x12 = compose(x11, x10)
    x13 = compose(positive, x12)
    x14 = sfilter(x2, x13)
    O = fill(I, ONE, x14)
    return O


# A patch stamped at every offset of a set (`mapply` of `lbind(shift, p)`):
# the largest object's copy and its indices at every background cell, read
# twice (whole unions) or by one fill or paint alone (cut to the grid), and
# each object's copy at the same cells from inside a loop over the objects
# and over a set of mirrored copies (values of no static type there).
def solve_5a5b5c5d(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = normalize(x2)
    x4 = ofcolor(I, ZERO)
    x5 = lbind(shift, x3)
    x6 = mapply(x5, x4)
    x7 = toindices(x3)
    x8 = lbind(shift, x7)
    x9 = mapply(x8, x4)
    x10 = size(x9)
    x11 = size(x6)
    x12 = greater(x10, x11)
    x13 = branch(x12, ONE, TWO)
    x14 = paint(I, x6)
    x15 = fill(x14, x13, x9)
    x16 = apply(ulcorner, x1)
    x17 = mapply(x8, x16)
    x18 = fill(x15, THREE, x17)
    x19 = mapply(x5, x16)
    x20 = paint(x18, x19)
    x21 = lbind(lbind, shift)
    x22 = compose(x21, normalize)
    x23 = rbind(mapply, x4)
    x24 = compose(x23, x22)
    x25 = mapply(x24, x1)
    x26 = underpaint(x20, x25)
    x27 = initset(vmirror)
    x28 = insert(hmirror, x27)
    x29 = rapply(x28, x3)
    x30 = rbind(mapply, x4)
    x31 = compose(x30, x21)
    x32 = mapply(x31, x29)
    O = underpaint(x26, x32)
    return O
