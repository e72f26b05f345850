from dsl import *

# Programs written for battgen's tests: together they use every device form
# of whole programs on the GPU (runtime/src/backends/cuda/whole.rs), so that
# tests/whole.rs checks each against the CPU runtime on real tasks.

# Grid transforms and halves.
def solve_c1000001(I):
    x1 = rot90(I)
    x2 = rot180(x1)
    x3 = rot270(x2)
    x4 = cmirror(x3)
    x5 = dmirror(x4)
    x6 = tophalf(x5)
    x7 = bottomhalf(x5)
    x8 = vconcat(x6, x7)
    x9 = lefthalf(x8)
    x10 = righthalf(x8)
    O = hconcat(x9, x10)
    return O

# Scaling, trimming, compressing.
def solve_c1000002(I):
    x1 = upscale(I, TWO)
    x2 = downscale(x1, THREE)
    x3 = hupscale(x2, TWO)
    x4 = vupscale(x3, TWO)
    x5 = trim(x4)
    x6 = compress(x5)
    O = hmirror(x6)
    return O

# Colours: counts, replace, switch, cellwise against a mirror.
def solve_c1000003(I):
    x1 = mostcolor(I)
    x2 = leastcolor(I)
    x3 = switch(I, x1, x2)
    x4 = numcolors(I)
    x5 = colorcount(I, x1)
    x6 = replace(x3, ZERO, x4)
    x7 = vmirror(x6)
    x8 = cellwise(x6, x7, FIVE)
    x9 = greater(x5, x4)
    x10 = branch(x9, x8, x6)
    O = identity(x10)
    return O

# Numbers and pairs.
def solve_c1000004(I):
    x1 = height(I)
    x2 = width(I)
    x3 = add(x1, x2)
    x4 = subtract(x3, ONE)
    x5 = multiply(x4, TWO)
    x6 = divide(x5, THREE)
    x7 = double(x6)
    x8 = halve(x7)
    x9 = increment(x8)
    x10 = decrement(x9)
    x11 = invert(x10)
    x12 = equality(x11, x10)
    x13 = astuple(x1, x2)
    x14 = shape(I)
    x15 = add(x13, x14)
    x16 = subtract(x15, x14)
    x17 = double(x16)
    x18 = halve(x17)
    x19 = increment(x18)
    x20 = decrement(x19)
    x21 = invert(x20)
    x22 = equality(x21, x20)
    x23 = first(x14)
    x24 = last(x14)
    x25 = branch(x22, x23, x24)
    x26 = branch(x12, x13, x14)
    x27 = canvas(x25, x26)
    x28 = equality(x27, I)
    x29 = size(I)
    x30 = branch(x28, TWO, x29)
    x31 = identity(x30)
    x32 = crop(I, ORIGIN, x14)
    O = replace(x32, ZERO, x31)
    return O

# Sets of locations: where a colour is, its bounds, its box and outline.
def solve_c1000005(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = ulcorner(x2)
    x4 = lrcorner(x2)
    x5 = urcorner(x2)
    x6 = llcorner(x2)
    x7 = connect(x3, x4)
    x8 = connect(x5, x6)
    x9 = combine(x7, x8)
    x10 = box(x2)
    x11 = intersection(x9, x10)
    x12 = difference(x10, x11)
    x13 = fill(I, EIGHT, x12)
    x14 = underfill(x13, SEVEN, x11)
    x15 = inbox(x2)
    O = fill(x14, SIX, x15)
    return O

# Sets of locations: backdrop, delta, outbox, cover, subgrid.
def solve_c1000006(I):
    x1 = mostcolor(I)
    x2 = ofcolor(I, x1)
    x3 = asindices(I)
    x4 = difference(x3, x2)
    x5 = backdrop(x4)
    x6 = delta(x4)
    x7 = outbox(x4)
    x8 = cover(I, x6)
    x9 = fill(x8, THREE, x7)
    x10 = size(x5)
    x11 = size(x4)
    x12 = greater(x10, x11)
    x13 = subgrid(x4, x9)
    O = branch(x12, x13, x9)
    return O

# Sets of locations: shift, normalize, extremes, centre, membership.
def solve_c1000007(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = normalize(x2)
    x4 = shift(x3, UNITY)
    x5 = toindices(x4)
    x6 = uppermost(x5)
    x7 = lowermost(x5)
    x8 = leftmost(x5)
    x9 = rightmost(x5)
    x10 = height(x5)
    x11 = width(x5)
    x12 = shape(x5)
    x13 = center(x5)
    x14 = contained(x13, x5)
    x15 = add(x6, x7)
    x16 = add(x8, x9)
    x17 = add(x10, x11)
    x18 = astuple(x15, x16)
    x19 = add(x18, x12)
    x20 = initset(x19)
    x21 = insert(x13, x20)
    x22 = remove(x19, x21)
    x23 = equality(x22, x20)
    x24 = branch(x14, x17, ONE)
    x25 = branch(x23, x24, TWO)
    O = fill(I, x25, x4)
    return O

# Lines from a location: shoot, frontiers, neighbours.
def solve_c1000008(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = first(x2)
    x4 = last(x2)
    x5 = shoot(x3, DOWN)
    x6 = shoot(x4, UP_RIGHT)
    x7 = hfrontier(x3)
    x8 = vfrontier(x4)
    x9 = neighbors(x3)
    x10 = dneighbors(x4)
    x11 = ineighbors(x4)
    x12 = combine(x5, x6)
    x13 = combine(x7, x8)
    x14 = combine(x9, x10)
    x15 = combine(x14, x11)
    x16 = fill(I, TWO, x13)
    x17 = fill(x16, FOUR, x12)
    O = fill(x17, FIVE, x15)
    return O

# Vectors and a cell read.
def solve_c1000009(I):
    x1 = width(I)
    x2 = halve(x1)
    x3 = tojvec(x2)
    x4 = toivec(x2)
    x5 = index(I, x3)
    x6 = index(I, ORIGIN)
    x7 = add(x3, x4)
    x8 = initset(x7)
    x9 = equality(x5, x6)
    x10 = branch(x9, ONE, TWO)
    O = fill(I, x10, x8)
    return O

# Sets of colours: a palette, its members and the others.
def solve_c100000a(I):
    x1 = palette(I)
    x2 = mostcolor(I)
    x3 = remove(x2, x1)
    x4 = other(x1, x2)
    x5 = contained(FIVE, x1)
    x6 = initset(FIVE)
    x7 = insert(x2, x6)
    x8 = intersection(x1, x7)
    x9 = difference(x1, x8)
    x10 = combine(x9, x6)
    x11 = size(x10)
    x12 = first(x1)
    x13 = last(x1)
    x14 = equality(x3, x9)
    x15 = branch(x14, x12, x13)
    x16 = branch(x5, x11, x4)
    O = replace(I, x15, x16)
    return O

# Objects: components, their order, filters and a set difference.
def solve_c100000b(I):
    x1 = objects(I, T, F, T)
    x2 = objects(I, F, T, T)
    x3 = objects(I, T, T, F)
    x4 = size(x1)
    x5 = first(x2)
    x6 = last(x3)
    x7 = colorfilter(x3, x4)
    x8 = sizefilter(x1, ONE)
    x9 = difference(x3, x7)
    x10 = remove(x6, x9)
    x11 = merge(x10)
    x12 = color(x5)
    x13 = size(x8)
    x14 = recolor(x12, x11)
    x15 = paint(I, x14)
    O = underpaint(x15, x5)
    return O

# Partitions, an object's colours and counts, a move.
def solve_c100000c(I):
    x1 = partition(I)
    x2 = fgpartition(I)
    x3 = first(x1)
    x4 = last(x2)
    x5 = mostcolor(x4)
    x6 = leastcolor(x3)
    x7 = palette(x4)
    x8 = numcolors(x3)
    x9 = colorcount(x4, x5)
    x10 = size(x4)
    x11 = greater(x9, x10)
    x12 = contained(x6, x7)
    x13 = add(x8, x11)
    x14 = add(x13, x12)
    x15 = toivec(x14)
    O = move(I, x4, x15)
    return O

# An object's locations and shape: the location forms on an object.
def solve_c100000d(I):
    x1 = objects(I, T, F, T)
    x2 = first(x1)
    x3 = normalize(x2)
    x4 = shift(x3, UNITY)
    x5 = toindices(x4)
    x6 = square(x2)
    x7 = hline(x2)
    x8 = vline(x2)
    x9 = portrait(x2)
    x10 = corners(x2)
    x11 = ulcorner(x2)
    x12 = recolor(x6, x10)
    x13 = combine(x12, x4)
    x14 = equality(x13, x4)
    x15 = add(x7, x8)
    x16 = add(x15, x9)
    x17 = add(x16, x14)
    x18 = fill(I, x17, x5)
    x19 = paint(x18, x13)
    O = subgrid(x2, x19)
    return O

# Objects from a patch and from a whole grid.
def solve_c100000e(I):
    x1 = ofcolor(I, ZERO)
    x2 = toobject(x1, I)
    x3 = asobject(I)
    x4 = size(x2)
    x5 = size(x3)
    x6 = recolor(FIVE, x2)
    x7 = shift(x6, UNITY)
    x8 = greater(x5, x4)
    x9 = branch(x8, x7, x6)
    O = paint(I, x9)
    return O

# Loops over objects with known functions: argmax, argmin, valmax,
# valmin, sfilter, mfilter, extract.
def solve_c100000f(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = argmin(x1, size)
    x4 = valmax(x1, size)
    x5 = valmin(x1, height)
    x6 = rbind(colorcount, x5)
    x7 = matcher(color, x4)
    x8 = sfilter(x1, x7)
    x9 = mfilter(x1, square)
    x10 = lbind(greater, x4)
    x11 = chain(x10, x6, normalize)
    x12 = extract(x1, x11)
    x13 = merge(x8)
    x14 = paint(I, x13)
    x15 = paint(x14, x9)
    x16 = underpaint(x15, x12)
    x17 = cover(x16, x2)
    O = paint(x17, x3)
    return O

# Loops over objects: mapply and apply of compositions and forks.
def solve_c1000011(I):
    x1 = objects(I, T, F, T)
    x2 = compose(backdrop, inbox)
    x3 = mapply(x2, x1)
    x4 = fork(recolor, color, outbox)
    x5 = mapply(x4, x1)
    x6 = apply(color, x1)
    x7 = size(x6)
    x8 = fill(I, x7, x3)
    O = paint(x8, x5)
    return O

# Loops over locations, an applied function's objects, a function called.
def solve_c1000010(I):
    x1 = ofcolor(I, ONE)
    x2 = mapply(neighbors, x1)
    x3 = rbind(add, UNITY)
    x4 = apply(x3, x1)
    x14 = rbind(contained, x1)
    x5 = sfilter(x2, x14)
    x6 = objects(I, T, T, T)
    x7 = apply(normalize, x6)
    x8 = first(x7)
    x9 = lbind(shift, x8)
    x10 = x9(UNITY)
    x11 = argmax(x4, first)
    x12 = shift(x10, x11)
    x13 = fill(I, FOUR, x5)
    O = paint(x13, x12)
    return O

# Sets of patches: an applied function's sets of locations, and loops over
# them; frontiers and the border.
def solve_c1000012(I):
    x1 = objects(I, T, F, T)
    x2 = apply(toindices, x1)
    x3 = apply(backdrop, x1)
    x4 = difference(x3, x2)
    x5 = sizefilter(x2, ONE)
    x6 = first(x4)
    x7 = last(x2)
    x8 = merge(x5)
    x9 = rbind(bordering, I)
    x10 = mfilter(x2, x9)
    x11 = argmax(x3, size)
    x12 = frontiers(I)
    x13 = size(x12)
    x14 = size(x4)
    x15 = fill(I, x13, x6)
    x16 = fill(x15, x14, x7)
    x17 = fill(x16, FIVE, x8)
    x18 = fill(x17, SIX, x10)
    O = underfill(x18, SEVEN, x11)
    return O

# Truth values and signs.
def solve_c1000013(I):
    x1 = portrait(I)
    x2 = square(I)
    x3 = flip(x1)
    x4 = both(x3, x2)
    x5 = either(x4, x1)
    x6 = height(I)
    x7 = positive(x6)
    x8 = even(x6)
    x9 = subtract(x8, x6)
    x10 = sign(x9)
    x11 = crement(x10)
    x12 = astuple(x11, x9)
    x13 = sign(x12)
    x14 = maximum(x13)
    x15 = minimum(x12)
    x16 = palette(I)
    x17 = maximum(x16)
    x18 = minimum(x16)
    x19 = add(x14, x15)
    x20 = add(x19, x17)
    x21 = add(x20, x18)
    x22 = add(x21, x5)
    x23 = add(x22, x7)
    O = upscale(I, x23)
    return O

# A branch of two functions, and a function to a power.
def solve_c1000014(I):
    x1 = portrait(I)
    x2 = branch(x1, tophalf, lefthalf)
    x3 = x2(I)
    x4 = objects(x3, T, F, T)
    x5 = power(outbox, TWO)
    x6 = mapply(x5, x4)
    O = fill(x3, EIGHT, x6)
    return O

# Overlapping cells of different colours under paint and underpaint (the
# later cell wins a paint, the first an underpaint).
def solve_c1000015(I):
    x1 = objects(I, T, F, T)
    x2 = fork(recolor, color, outbox)
    x3 = mapply(x2, x1)
    x4 = underpaint(I, x3)
    x5 = paint(I, x3)
    O = hconcat(x4, x5)
    return O

# Mirrors of a patch and of an object, the shapes of a patch, an object
# upscaled, a pair times a number.
def solve_c1000016(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = toindices(x2)
    x4 = vmirror(x3)
    x5 = hmirror(x3)
    x6 = dmirror(x3)
    x7 = cmirror(x3)
    x8 = vline(x3)
    x9 = hline(x4)
    x10 = square(x5)
    x11 = add(x8, x9)
    x12 = add(x11, x10)
    x13 = increment(x12)
    x14 = astuple(x13, x12)
    x15 = multiply(x14, TWO)
    x16 = shift(x6, x15)
    x17 = combine(x4, x5)
    x18 = combine(x17, x16)
    x19 = combine(x18, x7)
    x20 = fill(I, EIGHT, x19)
    x21 = vmirror(x2)
    x22 = hmirror(x2)
    x23 = dmirror(x2)
    x24 = cmirror(x2)
    x25 = combine(x21, x22)
    x26 = combine(x23, x24)
    x27 = paint(x20, x25)
    x28 = paint(x27, x26)
    x29 = upscale(x2, x13)
    O = paint(x28, x29)
    return O

# Two patches: distance, adjacency, shared rows and columns, centre of
# mass, relative position, gravitation (objects and sets of locations).
def solve_c1000017(I):
    x1 = objects(I, T, F, T)
    x2 = first(x1)
    x3 = last(x1)
    x4 = manhattan(x2, x3)
    x5 = adjacent(x2, x3)
    x6 = hmatching(x2, x3)
    x7 = vmatching(x2, x3)
    x8 = centerofmass(x2)
    x9 = position(x2, x3)
    x10 = gravitate(x2, x3)
    x11 = move(I, x2, x10)
    x12 = branch(x5, x8, x9)
    x13 = both(x6, x7)
    x14 = add(x13, FIVE)
    x15 = connect(x12, x10)
    x16 = fill(x11, x14, x15)
    x17 = leastcolor(I)
    x18 = ofcolor(I, x17)
    x19 = toindices(x3)
    x20 = manhattan(x18, x19)
    x21 = gravitate(x18, x19)
    x22 = position(x19, x18)
    x23 = astuple(x4, x20)
    x24 = add(x21, x22)
    x25 = initset(x23)
    x26 = insert(x24, x25)
    O = fill(x16, ZERO, x26)
    return O

# A number with a pair, pairs times pairs, crement of a pair, a number in
# a pair; the periods of an object.
def solve_c1000018(I):
    x1 = objects(I, F, F, T)
    x2 = argmax(x1, size)
    x3 = hperiod(x2)
    x4 = vperiod(x2)
    x5 = astuple(x4, x3)
    x6 = invert(x5)
    x7 = crement(x6)
    x8 = add(x7, x3)
    x9 = add(x4, x8)
    x10 = subtract(x9, TWO)
    x11 = subtract(ONE, x10)
    x12 = multiply(x11, x5)
    x13 = multiply(x3, x12)
    x14 = shift(x2, x13)
    x15 = paint(I, x14)
    x16 = contained(x3, x5)
    x17 = contained(FIVE, x13)
    x18 = add(x16, x17)
    x19 = add(x18, SIX)
    x20 = ulcorner(x2)
    x21 = initset(x20)
    O = fill(x15, x19, x21)
    return O

# One cell of an object: an object's first and last cells, a cell's colour
# and location, a cell in an object, objects of cells; sfilter, argmax,
# argmin, extract, valmax, apply and mapply over an object's cells.
def solve_c1000019(I):
    x1 = objects(I, F, T, T)
    x2 = argmax(x1, size)
    x3 = first(x2)
    x4 = last(x2)
    x5 = first(x3)
    x6 = last(x4)
    x7 = matcher(first, x5)
    x8 = sfilter(x2, x7)
    x9 = chain(even, first, last)
    x10 = sfilter(x2, x9)
    x11 = compose(last, last)
    x12 = argmax(x2, x11)
    x13 = argmin(x2, x11)
    x14 = equality(x12, x13)
    x15 = remove(x3, x8)
    x16 = contained(x3, x15)
    x17 = insert(x12, x15)
    x18 = contained(x13, x17)
    x19 = initset(x4)
    x20 = rbind(contained, x8)
    x21 = extract(x2, x20)
    x22 = apply(first, x1)
    x23 = valmax(x2, x11)
    x24 = branch(x14, x21, x13)
    x25 = last(x24)
    x26 = compose(dneighbors, last)
    x27 = mapply(x26, x10)
    x28 = combine(x17, x19)
    x29 = combine(x28, x22)
    x30 = add(x16, x18)
    x31 = add(x30, TWO)
    x32 = underfill(I, x31, x27)
    x33 = paint(x32, x29)
    x34 = initset(x6)
    x35 = insert(x25, x34)
    x36 = apply(first, x2)
    x37 = size(x36)
    x38 = add(x37, x14)
    x39 = fill(x33, x38, x35)
    x40 = apply(last, x10)
    x41 = tojvec(x23)
    x42 = shift(x40, x41)
    O = underfill(x39, x5, x42)
    return O

# Tuples of grids of one shape: splits, their pieces, filters, removals,
# loops and merges.
def solve_c100001a(I):
    x1 = hsplit(I, TWO)
    x2 = vsplit(I, TWO)
    x3 = first(x1)
    x4 = last(x2)
    x5 = size(x2)
    x6 = remove(x3, x1)
    x7 = rbind(vsplit, TWO)
    x8 = mapply(x7, x1)
    x9 = argmax(x8, numcolors)
    x10 = compose(even, mostcolor)
    x11 = sfilter(x2, x10)
    x12 = extract(x8, x10)
    x13 = apply(rot180, x11)
    x14 = last(x13)
    x15 = merge(x6)
    x16 = asobject(x9)
    x17 = asobject(x12)
    x18 = shift(x17, UNITY)
    x19 = asobject(x14)
    x20 = asobject(x15)
    x21 = tojvec(x5)
    x22 = shift(x20, x21)
    x23 = asobject(x4)
    x24 = paint(I, x22)
    x25 = paint(x24, x19)
    x26 = paint(x25, x18)
    x27 = paint(x26, x16)
    O = underpaint(x27, x23)
    return O

# Tuples of numbers: intervals (rising, falling, empty, step 0 raising),
# loops over them and over tuples of grids, counts and extremes.
def solve_c100001b(I):
    x1 = height(I)
    x2 = width(I)
    x3 = interval(ZERO, x1, ONE)
    x4 = lbind(index, I)
    x5 = compose(x4, toivec)
    x6 = apply(x5, x3)
    x7 = mostcommon(x6)
    x8 = leastcommon(x6)
    x9 = decrement(x2)
    x10 = interval(x9, NEG_ONE, NEG_ONE)
    x11 = compose(x4, tojvec)
    x12 = argmax(x10, x11)
    x13 = valmin(x3, x5)
    x14 = contained(FIVE, x6)
    x15 = compose(even, x5)
    x16 = sfilter(x3, x15)
    x17 = size(x16)
    x18 = maximum(x16)
    x19 = minimum(x6)
    x20 = matcher(x5, x7)
    x21 = extract(x3, x20)
    x22 = first(x16)
    x23 = last(x10)
    x24 = subtract(x1, TEN)
    x25 = interval(x2, ZERO, x24)
    x26 = size(x25)
    x27 = replace(I, x7, x8)
    x28 = astuple(x21, ZERO)
    x29 = astuple(x21, x12)
    x30 = connect(x28, x29)
    x31 = fill(x27, x13, x30)
    x32 = astuple(x22, x23)
    x33 = astuple(x17, x26)
    x34 = connect(x32, x33)
    x35 = branch(x14, ONE, TWO)
    x36 = fill(x31, x35, x34)
    x37 = astuple(x18, x12)
    x38 = initset(x37)
    O = fill(x36, x19, x38)
    return O

def solve_c100001c(I):
    x1 = vsplit(I, TWO)
    x2 = apply(numcolors, x1)
    x3 = maximum(x2)
    x4 = interval(ONE, FOUR, ONE)
    x5 = lbind(replace, I)
    x6 = lbind(x5, ZERO)
    x7 = apply(x6, x4)
    x8 = argmin(x2, invert)
    x9 = valmax(x4, invert)
    x10 = add(x8, x9)
    x11 = merge(x7)
    x12 = astuple(x3, x10)
    x13 = initset(x12)
    O = fill(x11, FIVE, x13)
    return O

# Tuples of objects: totuple, orders (of sets and tuples of objects, of
# numbers, of grids), their ends, removals, loops and filters.
def solve_c100001d(I):
    x1 = objects(I, T, F, T)
    x2 = totuple(x1)
    x3 = apply(color, x2)
    x4 = mostcommon(x3)
    x5 = order(x1, size)
    x6 = last(x5)
    x7 = remove(x6, x5)
    x8 = size(x7)
    x9 = first(x5)
    x10 = order(x2, uppermost)
    x11 = first(x10)
    x12 = apply(normalize, x10)
    x13 = matcher(color, x4)
    x14 = sfilter(x12, x13)
    x15 = argmin(x14, size)
    x16 = argmax(x10, width)
    x17 = palette(I)
    x18 = totuple(x17)
    x19 = order(x18, invert)
    x20 = first(x19)
    x21 = rbind(canvas, UNITY)
    x22 = apply(x21, x3)
    x23 = order(x22, mostcolor)
    x24 = merge(x23)
    x25 = fill(I, x4, x9)
    x26 = backdrop(x16)
    x27 = fill(x25, x20, x26)
    x28 = paint(x27, x15)
    x29 = asobject(x24)
    x30 = tojvec(x8)
    x31 = shift(x29, x30)
    x32 = paint(x28, x31)
    O = underpaint(x32, x11)
    return O

# Loops over a set of colours: extremes, a filter, a search, sets made.
def solve_c100001e(I):
    x1 = palette(I)
    x2 = lbind(colorcount, I)
    x3 = argmax(x1, x2)
    x4 = argmin(x1, x2)
    x5 = valmin(x1, x2)
    x6 = sfilter(x1, even)
    x7 = rbind(greater, x3)
    x8 = extract(x1, x7)
    x9 = apply(halve, x1)
    x10 = lbind(ofcolor, I)
    x11 = mapply(x10, x6)
    x12 = apply(x10, x9)
    x13 = argmin(x12, size)
    x14 = replace(I, x3, x4)
    x15 = fill(x14, x8, x11)
    x16 = even(x5)
    x17 = branch(x16, ONE, TWO)
    O = fill(x15, x17, x13)
    return O

# Tuples of locations: made from tuples of numbers and of locations, their
# ends and length, and their sets where only those are read.
def solve_c100001f(I):
    x1 = height(I)
    x2 = interval(ZERO, x1, TWO)
    x3 = apply(toivec, x2)
    x4 = apply(increment, x3)
    x5 = compose(positive, first)
    x6 = sfilter(x3, x5)
    x7 = leastcolor(I)
    x8 = ofcolor(I, x7)
    x9 = lbind(shift, x8)
    x10 = mapply(x9, x6)
    x11 = mostcolor(I)
    x12 = halve(x11)
    x13 = fill(I, x7, x10)
    x14 = shift(x4, RIGHT)
    x15 = toindices(x3)
    x16 = size(x15)
    x17 = first(x15)
    x18 = last(x4)
    x19 = argmax(x10, last)
    x20 = uppermost(x10)
    x21 = contained(x17, x4)
    x22 = adjacent(x10, x8)
    x23 = both(x21, x22)
    x24 = branch(x23, ONE, x12)
    x25 = underfill(x13, x24, x14)
    x26 = astuple(x20, x16)
    x27 = connect(x18, x26)
    x28 = fill(x25, FIVE, x27)
    x29 = initset(x19)
    O = fill(x28, EIGHT, x29)
    return O

# Orders of colours, products of tuples of numbers.
def solve_c1000020(I):
    x1 = palette(I)
    x2 = lbind(colorcount, I)
    x3 = order(x1, x2)
    x4 = last(x3)
    x5 = first(x3)
    x6 = width(I)
    x7 = interval(ONE, x6, TWO)
    x8 = height(I)
    x9 = interval(ZERO, x8, THREE)
    x10 = product(x9, x7)
    x11 = equality(x4, x5)
    x12 = branch(x11, FIVE, x5)
    O = fill(I, x12, x10)
    return O

# Zipped loops (papply, mpapply) over tuples and sets, tuples of cells
# (mapply and mpapply giving objects) painted in their order.
def solve_c1000021(I):
    x1 = objects(I, T, F, T)
    x2 = order(x1, size)
    x3 = apply(color, x2)
    x4 = order(x3, invert)
    x5 = mpapply(recolor, x4, x2)
    x6 = paint(I, x5)
    x7 = apply(ulcorner, x2)
    x8 = papply(add, x7, x7)
    x9 = papply(equality, x3, x4)
    x10 = papply(shift, x2, x7)
    x11 = rbind(shift, UNITY)
    x12 = mapply(x11, x2)
    x13 = mpapply(connect, x7, x8)
    x14 = vsplit(I, TWO)
    x15 = papply(hconcat, x14, x14)
    x16 = fill(x6, FIVE, x13)
    x17 = paint(x16, x12)
    x18 = first(x9)
    x19 = first(x8)
    x20 = initset(x19)
    x21 = fill(x17, x18, x20)
    x22 = last(x10)
    x23 = paint(x21, x22)
    x24 = mpapply(recolor, x3, x1)
    x25 = paint(x23, x24)
    x26 = merge(x15)
    O = hconcat(x25, x26)
    return O

# Fused calls (runtime/src/fuse.rs) written as the calls they stand for (a
# chain of applies merged at the end); the other object of a set.
def solve_c1000022(I):
    x1 = objects(I, T, F, T)
    x2 = apply(normalize, x1)
    x3 = rbind(shift, UNITY)
    x4 = mapply(x3, x2)
    x5 = fgpartition(I)
    x6 = apply(delta, x5)
    x7 = merge(x6)
    x8 = fill(I, ONE, x7)
    x9 = paint(x8, x4)
    x10 = argmax(x1, size)
    x11 = other(x1, x10)
    x12 = recolor(TWO, x11)
    O = paint(x9, x12)
    return O

# prapply over every pair of two containers (a set and a tuple): sets of
# the results.
def solve_c1000023(I):
    x1 = objects(I, T, F, T)
    x2 = apply(center, x1)
    x3 = prapply(connect, x2, x2)
    x4 = merge(x3)
    x5 = fill(I, ONE, x4)
    x6 = interval(ZERO, THREE, ONE)
    x7 = prapply(astuple, x6, x6)
    O = fill(x5, TWO, x7)
    return O

# Calls that make functions (a maker at the head of the function called):
# a key made per element, a condition holding a value computed in the
# call, a function made of a function made per element.
def solve_c1000100(I):
    x1 = objects(I, T, F, T)
    x2 = lbind(argmax, x1)
    x3 = lbind(rbind, manhattan)
    x4 = compose(x2, x3)
    x5 = fork(recolor, color, x4)
    x6 = mapply(x5, x1)
    x7 = paint(I, x6)
    x8 = lbind(matcher, color)
    x9 = compose(x8, color)
    x10 = lbind(sfilter, x1)
    x11 = chain(size, x10, x9)
    x12 = argmax(x1, x11)
    x13 = apply(backdrop, x1)
    x14 = lbind(compose, size)
    x15 = lbind(lbind, intersection)
    x16 = compose(x14, x15)
    x17 = lbind(argmax, x13)
    x18 = compose(x17, x16)
    x19 = mapply(x18, x13)
    x20 = fill(x7, ONE, x19)
    O = underpaint(x20, x12)
    return O

# A function value called at a node gives a function: what it holds fixed
# (a merged object made in the call) lives as long as the function is
# read, over later nodes that take slots of their own.
def solve_c1000101(I):
    x1 = objects(I, T, F, T)
    x2 = lbind(sizefilter, x1)
    x3 = lbind(rbind, manhattan)
    x4 = chain(x3, merge, x2)
    x5 = x4(ONE)
    x6 = x4(TWO)
    x7 = rot90(I)
    x8 = hmirror(x7)
    x9 = asindices(x8)
    x10 = argmin(x1, x5)
    x11 = fill(x8, TWO, x9)
    x12 = argmax(x1, x6)
    x13 = rot270(x11)
    x14 = fill(I, THREE, x10)
    x15 = fill(x14, FOUR, x12)
    x16 = valmin(x1, x5)
    x17 = equality(x13, I)
    x18 = branch(x17, x16, ZERO)
    O = replace(x15, x18, FIVE)
    return O

# power by a count known when the program runs: a loop made at a node
# (a count of 0 is the reference's RecursionError, left to the CPU) and
# one made per element inside a loop.
def solve_c1000102(I):
    x1 = numcolors(I)
    x2 = power(rot90, x1)
    x3 = x2(I)
    x4 = objects(I, T, F, T)
    x5 = size(x4)
    x6 = decrement(x5)
    x7 = power(outbox, x6)
    x8 = argmax(x4, size)
    x9 = toindices(x8)
    x10 = x7(x9)
    x11 = interval(ZERO, FIVE, ONE)
    x12 = lbind(argmax, x11)
    x13 = lbind(power, double)
    x14 = chain(x12, x13, size)
    x15 = fork(recolor, x14, identity)
    x16 = mapply(x15, x4)
    x17 = paint(I, x16)
    x18 = underfill(x17, ONE, x10)
    O = hconcat(x18, x3)
    return O

# Tuples of functions known item by item: the first whose result meets a
# condition (extract; none: StopIteration), the best by a key (argmax,
# argmin over pairs of functions), a set of one function applied
# (rapply), a branch between tuples, items mixing values and functions.
def solve_c1000103(I):
    x1 = astuple(hmirror, vmirror)
    x2 = astuple(dmirror, rot180)
    x3 = combine(x1, x2)
    x4 = rbind(rapply, I)
    x5 = chain(first, x4, initset)
    x6 = matcher(x5, I)
    x7 = extract(x3, x6)
    x8 = x7(I)
    x9 = mostcolor(I)
    x10 = rbind(colorcount, x9)
    x11 = chain(x10, tophalf, x5)
    x12 = argmax(x3, x11)
    x13 = x12(x8)
    x14 = pair(x1, x2)
    x15 = compose(x11, last)
    x16 = argmin(x14, x15)
    x17 = first(x16)
    x18 = last(x16)
    x19 = x17(x13)
    x20 = x18(x19)
    x21 = equality(x20, I)
    x22 = branch(x21, x1, x2)
    x23 = last(x22)
    x24 = x23(x20)
    x25 = repeat(rot90, FOUR)
    x26 = rapply(x25, x24)
    x27 = last(x26)
    x28 = size(x3)
    x29 = apply(x5, x1)
    x30 = first(x29)
    x31 = astuple(x27, hmirror)
    x32 = astuple(x30, vmirror)
    x33 = branch(x21, x31, x32)
    x34 = first(x33)
    x35 = last(x33)
    x36 = x35(x34)
    O = upscale(x36, x28)
    return O

# A tuple of functions whose condition some item always meets (extract
# gives a function), called on values it does not hold; a tuple of the
# functions' results read item by item.
def solve_c1000104(I):
    x1 = astuple(rot90, cmirror)
    x2 = astuple(hmirror, identity)
    x3 = combine(x1, x2)
    x4 = totuple(x3)
    x5 = lbind(rapply, x4)
    x6 = x5(I)
    x7 = last(x6)
    x8 = rbind(rapply, x7)
    x9 = chain(first, x8, initset)
    x10 = chain(numcolors, lefthalf, x9)
    x11 = numcolors(I)
    x12 = matcher(x10, x11)
    x13 = extract(x4, x12)
    x14 = first(x6)
    x15 = x13(x14)
    x16 = objects(I, T, F, T)
    x17 = argmax(x16, size)
    x18 = subgrid(x17, I)
    x19 = x13(x18)
    O = hconcat(x15, x19)
    return O

# Loops whose turns call chosen functions and compositions: the slots a
# turn's calls give back stay apart from what the loop accumulates.
def solve_c1000105(I):
    x1 = objects(I, T, F, T)
    x2 = size(x1)
    x3 = even(x2)
    x4 = branch(x3, outbox, inbox)
    x5 = compose(x4, backdrop)
    x6 = fork(combine, x5, delta)
    x7 = mapply(x6, x1)
    x8 = chain(x4, x4, toindices)
    x9 = fork(intersection, x8, x5)
    x10 = apply(x9, x1)
    x11 = merge(x10)
    x12 = fill(I, ONE, x7)
    O = fill(x12, TWO, x11)
    return O

# power by a computed count of a function whose first call changes the
# kind (an object's outbox is a set of locations).
def solve_c1000106(I):
    x1 = objects(I, T, F, T)
    x2 = argmin(x1, size)
    x3 = numcolors(I)
    x4 = halve(x3)
    x5 = power(outbox, x4)
    x6 = x5(x2)
    O = fill(I, ONE, x6)
    return O

# A grid's first and last rows (tuples of numbers) and their distinct
# numbers, also in a composition.
def solve_c1000107(I):
    x1 = first(I)
    x2 = dedupe(x1)
    x3 = size(x2)
    x4 = last(I)
    x5 = dedupe(x4)
    x6 = last(x5)
    x7 = rot90(I)
    x8 = chain(size, dedupe, last)
    x9 = x8(x7)
    x10 = astuple(x3, x9)
    O = canvas(x6, x10)
    return O

# repeat of a number, a grid and an object: tuples of copies.
def solve_c1000108(I):
    x1 = mostcolor(I)
    x2 = numcolors(I)
    x3 = decrement(x2)
    x4 = repeat(x1, x3)
    x5 = size(x4)
    x6 = repeat(I, x5)
    x7 = merge(x6)
    x8 = objects(I, T, F, T)
    x9 = argmax(x8, size)
    x10 = repeat(x9, TWO)
    x11 = last(x10)
    x12 = paint(x7, x11)
    x13 = first(x4)
    O = replace(x12, x13, ZERO)
    return O

# Tuples of the values functions gave, combined and read after the nodes
# that made them: what they hold lives as long as the combination is read,
# over nodes that take slots of their own.
def solve_c1000109(I):
    x1 = astuple(rot90, rot180)
    x2 = rapply(x1, I)
    x3 = astuple(hmirror, vmirror)
    x4 = rapply(x3, I)
    x5 = combine(x2, x4)
    x6 = objects(I, T, F, T)
    x7 = argmax(x6, size)
    x8 = backdrop(x7)
    x9 = fill(I, ONE, x8)
    x10 = asindices(x9)
    x11 = box(x10)
    x12 = fill(x9, TWO, x11)
    x13 = last(x5)
    x14 = first(x5)
    x15 = hconcat(x12, x13)
    O = hconcat(x15, x14)
    return O

# Tuples of two values the device holds no pair of (grids, objects,
# locations), known item by item: combined, chosen among by a key, read
# as device tuples (merge, mapply, apply over them).
def solve_c1000110(I):
    x1 = lefthalf(I)
    x2 = righthalf(I)
    x3 = astuple(x1, x2)
    x4 = tophalf(I)
    x5 = bottomhalf(I)
    x6 = astuple(x4, x5)
    x7 = combine(x3, x6)
    x8 = argmin(x7, numcolors)
    x9 = apply(mostcolor, x3)
    x10 = last(x9)
    x11 = merge(x3)
    x12 = objects(I, T, F, T)
    x13 = argmax(x12, size)
    x14 = argmin(x12, size)
    x15 = astuple(x13, x14)
    x16 = mapply(outbox, x15)
    x17 = ulcorner(x13)
    x18 = lrcorner(x14)
    x19 = astuple(x17, x18)
    x20 = apply(increment, x19)
    x21 = fill(x11, x10, x16)
    x22 = fill(x21, ONE, x20)
    O = hconcat(x22, x8)
    return O

# mapply over tuples of a function giving grids: the grids' rows one
# after the other, one grid.
def solve_c1000111(I):
    x1 = palette(I)
    x2 = totuple(x1)
    x3 = lbind(replace, I)
    x4 = rbind(x3, ZERO)
    x5 = compose(hmirror, x4)
    x6 = mapply(x5, x2)
    x7 = vsplit(I, TWO)
    x8 = mapply(rot180, x7)
    x9 = hconcat(x8, x8)
    x10 = hconcat(x6, x6)
    O = vconcat(x10, x9)
    return O

# A branch between functions that make functions, called: the function
# made is chosen when the program runs.
def solve_c1000112(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = portrait(x2)
    x4 = branch(x3, rbind, lbind)
    x5 = height(x2)
    x6 = x4(astuple, x5)
    x7 = interval(ZERO, x5, ONE)
    x8 = apply(x6, x7)
    x9 = branch(x3, lbind, rbind)
    x10 = x9(subtract, x5)
    x11 = x10(ONE)
    x12 = toivec(x11)
    x13 = shift(x2, x12)
    x14 = paint(I, x13)
    O = fill(x14, ONE, x8)
    return O

# Where the smallest object recurs in the grid; the cells of two objects
# both hold, and those of one the other lacks.
def solve_c1000200(I):
    x1 = objects(I, T, F, T)
    x2 = argmin(x1, size)
    x3 = occurrences(I, x2)
    x4 = lbind(shift, x2)
    x5 = mapply(x4, x3)
    x6 = asobject(I)
    x7 = difference(x6, x5)
    x8 = intersection(x6, x5)
    x9 = recolor(ONE, x8)
    x10 = cover(I, x7)
    O = paint(x10, x9)
    return O

# Copies in tuples (of a grid, a number, an object), merged; a grid's
# first and last rows, the first places of a row's colours.
def solve_c1000201(I):
    x1 = first(I)
    x2 = last(I)
    x3 = dedupe(x1)
    x4 = size(x3)
    x5 = repeat(I, x4)
    x6 = merge(x5)
    x7 = mostcommon(x2)
    x8 = repeat(x7, THREE)
    x9 = rbind(canvas, UNITY)
    x10 = apply(x9, x8)
    x11 = merge(x10)
    x12 = hconcat(x6, x11)
    x13 = objects(I, T, T, T)
    x14 = argmax(x13, size)
    x15 = repeat(x14, TWO)
    x16 = last(x15)
    x17 = shift(x16, UNITY)
    O = paint(x12, x17)
    return O

# A grid's rows in loops: each sorted, their commonest colours, those
# without the background kept, the row of most colours; rows deduplicated.
def solve_c1000202(I):
    x1 = rbind(order, identity)
    x2 = apply(x1, I)
    x3 = apply(mostcommon, I)
    x4 = mostcolor(I)
    x5 = lbind(contained, x4)
    x6 = compose(size, dedupe)
    x7 = sfilter(I, x5)
    x8 = apply(x6, I)
    x9 = argmax(I, x6)
    x10 = size(x9)
    x11 = dedupe(x2)
    x12 = hconcat(x11, x7)
    x13 = last(x3)
    x14 = replace(x12, x13, ZERO)
    x15 = maximum(x8)
    x16 = equality(x10, x15)
    x17 = branch(x16, x10, TWO)
    O = upscale(x14, x17)
    return O

# Tuples of two values (two locations, a colour and a location: a cell,
# two grids) and tuples joined; rows zipped into locations, a row
# repeated into a grid, two rows compared.
def solve_c1000203(I):
    x1 = first(I)
    x2 = last(I)
    x3 = combine(x1, x2)
    x4 = equality(x1, x2)
    x5 = repeat(x3, TWO)
    x6 = pair(x1, x2)
    x7 = astuple(UNITY, ORIGIN)
    x8 = combine(x6, x7)
    x9 = fill(x5, FIVE, x8)
    x10 = mostcolor(I)
    x11 = astuple(x10, ORIGIN)
    x12 = initset(x11)
    x13 = paint(x9, x12)
    x14 = astuple(x13, x13)
    x15 = hsplit(x13, ONE)
    x16 = combine(x14, x15)
    x17 = merge(x16)
    x18 = objects(I, T, F, T)
    x19 = totuple(x18)
    x20 = combine(x19, x19)
    x21 = last(x20)
    x22 = branch(x4, x13, x17)
    O = paint(x22, x21)
    return O

# Products: pairs of a colour's cells (filtered, joined, the pair with the
# lowest last row), pairs of colours as locations, pairs of objects
# (filtered, merged, one recoloured with the other's colour; the pair with
# the largest second object, as a tuple, its cells' locations).
def solve_c1000204(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = product(x2, x2)
    x4 = size(x3)
    x5 = fork(connect, first, last)
    x6 = compose(first, first)
    x7 = compose(first, last)
    x8 = fork(equality, x6, x7)
    x9 = sfilter(x3, x8)
    x10 = mapply(x5, x9)
    x11 = fill(I, x1, x10)
    x12 = argmax(x3, x7)
    x13 = first(x12)
    x14 = initset(x13)
    x15 = fill(x11, FIVE, x14)
    x16 = palette(I)
    x17 = product(x16, x16)
    x18 = underfill(x15, ZERO, x17)
    x19 = objects(I, T, F, T)
    x20 = sizefilter(x19, ONE)
    x21 = product(x20, x19)
    x22 = size(x21)
    x23 = fork(adjacent, first, last)
    x24 = sfilter(x21, x23)
    x25 = apply(merge, x24)
    x26 = compose(color, first)
    x27 = fork(recolor, x26, last)
    x28 = mapply(x27, x24)
    x29 = merge(x25)
    x30 = paint(x18, x29)
    x31 = paint(x30, x28)
    x32 = greater(x4, x22)
    x33 = compose(size, last)
    x34 = argmax(x21, x33)
    x35 = totuple(x34)
    x36 = merge(x35)
    x37 = toindices(x36)
    x38 = underfill(x31, FIVE, x37)
    O = branch(x32, x38, x18)
    return O

# A function over a pair's two numbers; a set of one object and objects
# put in their places among others; the objects of the least and the
# most centre of mass (pairs as keys, compared as tuples), and the most.
def solve_c1000205(I):
    x1 = shape(I)
    x2 = apply(halve, x1)
    x3 = apply(toivec, x2)
    x4 = objects(I, T, F, T)
    x5 = argmin(x4, centerofmass)
    x6 = argmax(x4, centerofmass)
    x7 = valmax(x4, centerofmass)
    x8 = initset(x5)
    x9 = shift(x6, x2)
    x10 = insert(x9, x8)
    x11 = insert(x5, x10)
    x12 = merge(x11)
    x13 = fill(I, ONE, x3)
    x14 = paint(x13, x12)
    x15 = initset(x7)
    O = fill(x14, TWO, x15)
    return O

# Rows zipped with another grid's (tuples of tuples of locations): the
# greater colour of each, a grid again; rows repeated into tuples of rows.
def solve_c1000206(I):
    x1 = rot180(I)
    x2 = papply(pair, I, x1)
    x3 = lbind(apply, maximum)
    x4 = apply(x3, x2)
    x5 = lbind(contained, ZERO)
    x6 = compose(x5, first)
    x7 = sfilter(x2, x6)
    x8 = size(x7)
    x9 = first(I)
    x10 = rbind(repeat, TWO)
    x11 = apply(x10, x9)
    x12 = argmin(x2, size)
    x13 = first(x2)
    x14 = last(x2)
    x15 = combine(x13, x14)
    x16 = combine(x12, x15)
    x17 = x3(x16)
    x18 = increment(x8)
    x19 = repeat(x17, x18)
    x20 = hconcat(x4, x19)
    O = hconcat(x20, x11)
    return O

# A set of patches less one, a location other than the first, a set's
# locations as a tuple; a grid's rows less one; the commonest and rarest
# of tuples of objects and of grids; a tuple of cells where only its
# locations are read.
def solve_c1000207(I):
    x1 = objects(I, T, F, F)
    x2 = apply(toindices, x1)
    x3 = argmax(x2, size)
    x4 = remove(x3, x2)
    x5 = merge(x4)
    x6 = first(x3)
    x7 = other(x3, x6)
    x8 = initset(x7)
    x9 = totuple(x5)
    x10 = fill(I, ONE, x9)
    x11 = first(I)
    x12 = remove(x11, x10)
    x13 = totuple(x1)
    x14 = apply(normalize, x13)
    x15 = mostcommon(x14)
    x16 = leastcommon(x14)
    x17 = hsplit(I, THREE)
    x18 = mostcommon(x17)
    x19 = leastcommon(x17)
    x20 = corners(x3)
    x21 = totuple(x20)
    x22 = lbind(shift, x15)
    x23 = mapply(x22, x21)
    x24 = underfill(x12, TWO, x23)
    x25 = paint(x24, x16)
    x26 = fill(x25, THREE, x8)
    x27 = hconcat(x18, x19)
    O = hconcat(x26, x27)
    return O

# Two objects as a tuple, two pairs joined, a location repeated; the box
# of a tuple of locations; recolour of tuples of locations and of cells;
# a branch between cells and an object.
def solve_c1000208(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = argmin(x1, size)
    x4 = astuple(x2, x3)
    x5 = apply(ulcorner, x4)
    x6 = box(x5)
    x7 = fill(I, ONE, x6)
    x8 = shape(I)
    x9 = combine(x8, UNITY)
    x10 = maximum(x9)
    x11 = repeat(x8, x10)
    x12 = recolor(TWO, x11)
    x13 = paint(x7, x12)
    x14 = lbind(shift, x3)
    x15 = mapply(x14, x5)
    x16 = recolor(THREE, x15)
    x17 = paint(x13, x16)
    x18 = portrait(x3)
    x19 = branch(x18, x15, x2)
    O = paint(x17, x19)
    return O

# A tuple of sets of locations (each piece's background cells): its
# commonest and rarest, first and last, the piece whose set is the rarest;
# two sets as a tuple, joined to it.
def solve_c1000209(I):
    x1 = mostcolor(I)
    x2 = vsplit(I, TWO)
    x3 = rbind(ofcolor, x1)
    x4 = apply(x3, x2)
    x5 = size(x4)
    x6 = mostcommon(x4)
    x7 = leastcommon(x4)
    x8 = first(x4)
    x9 = last(x4)
    x10 = matcher(x3, x7)
    x11 = extract(x2, x10)
    x12 = fill(x11, ONE, x6)
    x13 = fill(x12, TWO, x8)
    x14 = fill(x13, THREE, x9)
    x15 = astuple(x9, x8)
    x16 = combine(x4, x15)
    x17 = last(x16)
    x18 = fill(x14, FOUR, x17)
    O = upscale(x18, x5)
    return O

# Pairs divided (by a pair, by a number), a tuple of numbers against a
# pair; an object as a tuple of cells; a set of one patch; a set of
# locations less an object (nothing: a location is no cell); locations
# ordered by their columns, and by themselves (pairs as keys).
def solve_c100020a(I):
    x1 = shape(I)
    x2 = divide(x1, TWO)
    x3 = divide(x1, x2)
    x4 = first(I)
    x5 = equality(x4, x3)
    x6 = objects(I, T, F, T)
    x7 = argmax(x6, size)
    x8 = totuple(x7)
    x9 = toindices(x7)
    x10 = initset(x9)
    x11 = merge(x10)
    x12 = difference(x11, x7)
    x13 = order(x12, last)
    x14 = first(x13)
    x15 = initset(x14)
    x16 = paint(I, x8)
    x17 = order(x12, identity)
    x18 = last(x17)
    x19 = insert(x18, x15)
    x20 = fill(x16, ONE, x19)
    x21 = crop(x20, ORIGIN, x2)
    O = branch(x5, x21, x20)
    return O

# One location or cell made a set within a function (initset in a key or
# a test): distances, adjacency, rows, columns and the border read the
# location itself (Loc1), against a set, or against another one (a
# function made of it: lbind(lbind, f) of initset).
def solve_d0f5fe59(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = asindices(I)
    x4 = lbind(manhattan, x2)
    x5 = compose(x4, initset)
    x6 = matcher(x5, ONE)
    x7 = sfilter(x3, x6)
    x8 = rbind(manhattan, x2)
    x9 = compose(x8, initset)
    x10 = matcher(x9, TWO)
    x11 = sfilter(x3, x10)
    x12 = lbind(adjacent, x2)
    x13 = compose(x12, initset)
    x14 = sfilter(x3, x13)
    x15 = rbind(adjacent, x2)
    x16 = compose(x15, initset)
    x17 = sfilter(x14, x16)
    x18 = fill(I, x1, x7)
    x19 = fill(x18, FIVE, x11)
    O = fill(x19, EIGHT, x17)
    return O

def solve_d4469b4b(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = asindices(I)
    x4 = lbind(hmatching, x2)
    x5 = compose(x4, initset)
    x6 = rbind(vmatching, x2)
    x7 = compose(x6, initset)
    x8 = fork(both, x5, x7)
    x9 = sfilter(x3, x8)
    x10 = rbind(hmatching, x2)
    x11 = compose(x10, initset)
    x12 = lbind(vmatching, x2)
    x13 = compose(x12, initset)
    x14 = fork(either, x11, x13)
    x15 = sfilter(x3, x14)
    x16 = rbind(bordering, I)
    x17 = compose(x16, initset)
    x18 = sfilter(x15, x17)
    x19 = fill(I, x1, x15)
    O = fill(x19, ZERO, x18)
    return O

def solve_d4a91cb9(I):
    x1 = asobject(I)
    x2 = fgpartition(I)
    x3 = argmin(x2, size)
    x4 = toindices(x3)
    x5 = lbind(lbind, manhattan)
    x6 = rbind(compose, initset)
    x7 = chain(x6, x5, initset)
    x8 = lbind(argmin, x1)
    x9 = chain(first, x8, x7)
    x10 = fork(astuple, x9, identity)
    x11 = apply(x10, x4)
    x12 = lbind(lbind, adjacent)
    x13 = chain(x6, x12, initset)
    x14 = lbind(sfilter, x4)
    x15 = chain(size, x14, x13)
    x16 = matcher(x15, ZERO)
    x17 = sfilter(x4, x16)
    x18 = lbind(lbind, hmatching)
    x19 = chain(x6, x18, initset)
    x20 = lbind(lbind, vmatching)
    x21 = chain(x6, x20, initset)
    x22 = lbind(sfilter, x4)
    x23 = chain(size, x22, x19)
    x24 = chain(size, x22, x21)
    x25 = fork(greater, x23, x24)
    x26 = sfilter(x4, x25)
    x27 = paint(I, x11)
    x28 = fill(x27, ZERO, x17)
    O = fill(x28, FIVE, x26)
    return O

def lines_by_size_and_shape(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = prapply(connect, x2, x2)
    x4 = rbind(greater, TWO)
    x5 = compose(x4, size)
    x6 = fork(either, hline, vline)
    x7 = fork(both, x5, x6)
    x8 = mfilter(x3, x7)
    O = fill(I, EIGHT, x8)
    return O

def lines_leaving_a_box(I):
    x1 = leastcolor(I)
    x2 = ofcolor(I, x1)
    x3 = prapply(connect, x2, x2)
    x4 = asindices(I)
    x5 = box(x4)
    x6 = rbind(difference, x5)
    x7 = chain(positive, size, x6)
    x8 = fork(either, vline, hline)
    x9 = fork(both, x8, x7)
    x10 = mfilter(x3, x9)
    O = fill(I, ZERO, x10)
    return O

def colour_counts_as_a_set(I):
    x1 = palette(I)
    x2 = lbind(colorcount, I)
    x3 = apply(x2, x1)
    x4 = maximum(x3)
    x5 = minimum(x3)
    x6 = subtract(x4, x5)
    x7 = size(x3)
    x8 = astuple(x7, x6)
    O = canvas(ONE, x8)
    return O


# Boxes of one colour: where a 2 x 3 box, a 3 x 1 line and a 3 x 3 square
# of the most common colour lie (each place its upper left corner).
def solve_colour_boxes(I):
    x1 = mostcolor(I)
    x2 = astuple(TWO, THREE)
    x3 = canvas(x1, x2)
    x4 = asobject(x3)
    x5 = occurrences(I, x4)
    x6 = astuple(THREE, ONE)
    x7 = canvas(x1, x6)
    x8 = asobject(x7)
    x9 = occurrences(I, x8)
    x10 = canvas(x1, THREE_BY_THREE)
    x11 = asobject(x10)
    x12 = occurrences(I, x11)
    x13 = fill(I, FIVE, x5)
    x14 = fill(x13, SIX, x9)
    O = fill(x14, EIGHT, x12)
    return O
