# battgen bundled default corpus: solver programs for ARC-AGI training tasks,
# written in Michael Hodel's arc-dsl language (github.com/michaelhodel/arc-dsl).
# These programs were written for battgen (independently, not taken from the
# arc-dsl solvers.py) and are licensed under Apache-2.0 like the rest of this
# repository. Each solve_<taskid> reproduces every train and test output of the
# task in corpus/tasks/<taskid>.json and does not depend on frozenset iteration
# order (it gives the same result with CPython hash order and with sorted order).
from dsl import *
from constants import *


# Each nonzero cell of the 3x3 input is replaced by a copy of the input; zero cells by zeros.
def solve_007bbfb7(I):
    x1 = hconcat(I, I)
    x2 = hconcat(x1, I)
    x3 = vconcat(x2, x2)
    x4 = vconcat(x3, x2)
    x5 = upscale(I, THREE)
    O = cellwise(x5, x4, ZERO)
    return O


# Fixed colour substitution: 3<->4, 1<->5, 2<->6, 8<->9.
def solve_0d3d703e(I):
    x1 = switch(I, THREE, FOUR)
    x2 = switch(x1, ONE, FIVE)
    x3 = switch(x2, TWO, SIX)
    O = switch(x3, EIGHT, NINE)
    return O


# Rows of a single colour become grey, all other rows black.
def solve_25d8a9c8(I):
    x1 = frontiers(I)
    x2 = sfilter(x1, hline)
    x3 = merge(x2)
    x4 = shape(I)
    x5 = canvas(ZERO, x4)
    O = fill(x5, FIVE, x3)
    return O


# Move everything down by one row.
def solve_25ff71a9(I):
    x1 = shape(I)
    x2 = canvas(ZERO, x1)
    x3 = asobject(I)
    x4 = shift(x3, DOWN)
    O = paint(x2, x4)
    return O


# Rotate the grid by 180 degrees.
def solve_3c9b0459(I):
    O = rot180(I)
    return O


# Output a single cell: blue if the grid is left-right symmetric, orange otherwise.
def solve_44f52bb0(I):
    x1 = vmirror(I)
    x2 = equality(I, x1)
    x3 = branch(x2, ONE, SEVEN)
    O = canvas(x3, UNITY)
    return O


# Four rotated copies of the input arranged in a 2x2 block.
def solve_46442a0e(I):
    x1 = rot90(I)
    x2 = rot180(I)
    x3 = rot270(I)
    x4 = hconcat(I, x1)
    x5 = hconcat(x3, x2)
    O = vconcat(x4, x5)
    return O


# Add a border that repeats the edge cells outward, with black corners.
def solve_49d1d64f(I):
    x1 = asobject(I)
    x2 = shape(I)
    x3 = add(x2, TWO)
    x4 = canvas(ZERO, x3)
    x5 = shift(x1, DOWN)
    x6 = paint(x4, x5)
    x7 = shift(x1, RIGHT)
    x8 = paint(x6, x7)
    x9 = add(UNITY, DOWN)
    x10 = shift(x1, x9)
    x11 = paint(x8, x10)
    x12 = add(UNITY, RIGHT)
    x13 = shift(x1, x12)
    x14 = paint(x11, x13)
    x15 = shift(x1, UNITY)
    O = paint(x14, x15)
    return O


# Fill the whole grid with its most common colour.
def solve_5582e5ca(I):
    x1 = mostcolor(I)
    x2 = shape(I)
    O = canvas(x1, x2)
    return O


# Rotate the grid by 180 degrees.
def solve_6150a2bd(I):
    x1 = dmirror(I)
    O = cmirror(x1)
    return O


# Mirror the grid to the right and then downward (four-fold symmetric tiling).
def solve_62c24649(I):
    x1 = vmirror(I)
    x2 = hconcat(I, x1)
    x3 = hmirror(x2)
    O = vconcat(x2, x3)
    return O


# Mirror the grid to the right and then downward.
def solve_67e8384a(I):
    x1 = vmirror(I)
    x2 = hconcat(I, x1)
    x3 = hmirror(x2)
    O = vconcat(x2, x3)
    return O


# Append the left-right mirror image on the right.
def solve_6d0aefbc(I):
    x1 = vmirror(I)
    O = hconcat(I, x1)
    return O


# Number of colours selects a grey line: 1 colour top row, 2 main diagonal, 3 anti-diagonal.
def solve_6e02f1e3(I):
    x1 = numcolors(I)
    x2 = equality(x1, ONE)
    x3 = equality(x1, TWO)
    x4 = connect(ORIGIN, ZERO_BY_TWO)
    x5 = connect(ORIGIN, TWO_BY_TWO)
    x6 = connect(TWO_BY_ZERO, ZERO_BY_TWO)
    x7 = branch(x3, x5, x6)
    x8 = branch(x2, x4, x7)
    x9 = canvas(ZERO, THREE_BY_THREE)
    O = fill(x9, FIVE, x8)
    return O


# Append the upside-down mirror image below.
def solve_6fa7a44f(I):
    x1 = hmirror(I)
    O = vconcat(I, x1)
    return O


# Transpose the grid.
def solve_74dd1130(I):
    O = dmirror(I)
    return O


# Count the blue cells and draw that many red cells along the top row (the fourth in the centre).
def solve_794b24be(I):
    x1 = colorcount(I, ONE)
    x2 = decrement(x1)
    x3 = tojvec(x2)
    x4 = connect(ORIGIN, x3)
    x5 = equality(x1, FOUR)
    x6 = branch(x5, UNITY, ORIGIN)
    x7 = insert(x6, x4)
    x8 = canvas(ZERO, THREE_BY_THREE)
    O = fill(x8, TWO, x7)
    return O


# Four rotations of the input in a 2x2 block, built from one half and its 180 degree turn.
def solve_7fe24cdd(I):
    x1 = rot90(I)
    x2 = hconcat(I, x1)
    x3 = rot180(x2)
    O = vconcat(x2, x3)
    return O


# Append the upside-down mirror image below.
def solve_8be77c9e(I):
    x1 = hmirror(I)
    O = vconcat(I, x1)
    return O


# Scale the grid up by a factor of three.
def solve_9172f3a0(I):
    x1 = vupscale(I, THREE)
    O = hupscale(x1, THREE)
    return O


# Keep the most common colour; every other cell becomes grey.
def solve_9565186b(I):
    x1 = mostcolor(I)
    x2 = ofcolor(I, x1)
    x3 = asindices(I)
    x4 = difference(x3, x2)
    O = fill(I, FIVE, x4)
    return O


# Each row is coloured by the column of its grey cell: left red, middle yellow, right green.
def solve_a85d4709(I):
    x1 = ofcolor(I, FIVE)
    x2 = lbind(intersection, x1)
    x3 = compose(x2, vfrontier)
    x4 = lbind(mapply, hfrontier)
    x5 = compose(x4, x3)
    x6 = x5(ORIGIN)
    x7 = x5(RIGHT)
    x8 = x5(ZERO_BY_TWO)
    x9 = fill(I, TWO, x6)
    x10 = fill(x9, FOUR, x7)
    O = fill(x10, THREE, x8)
    return O


# Upscale by the number of coloured cells.
def solve_ac0a08a4(I):
    x1 = colorcount(I, ZERO)
    x2 = subtract(NINE, x1)
    O = upscale(I, x2)
    return O


# Upscale by the number of non-background colours.
def solve_b91ae062(I):
    x1 = numcolors(I)
    x2 = decrement(x1)
    O = upscale(I, x2)
    return O


# Place a copy of the input at each block whose cell has the most common colour.
def solve_c3e719e8(I):
    x1 = mostcolor(I)
    x2 = hconcat(I, I)
    x3 = hconcat(x2, I)
    x4 = vconcat(x3, x3)
    x5 = vconcat(x4, x3)
    x6 = upscale(I, THREE)
    x7 = ofcolor(x6, x1)
    x8 = asindices(x6)
    x9 = difference(x8, x7)
    O = fill(x5, ZERO, x9)
    return O


# Append the left-right mirror image on the right.
def solve_c9e6f938(I):
    x1 = vmirror(I)
    O = hconcat(I, x1)
    return O


# Place a copy of the input in each 3x3 block whose cell in the input is red.
def solve_cce03e0d(I):
    x1 = ofcolor(I, TWO)
    x2 = rbind(multiply, THREE)
    x3 = apply(x2, x1)
    x4 = asobject(I)
    x5 = lbind(shift, x4)
    x6 = mapply(x5, x3)
    x7 = multiply(THREE_BY_THREE, THREE)
    x8 = canvas(ZERO, x7)
    O = paint(x8, x6)
    return O


# Every coloured cell extends its colour downward to the bottom edge.
def solve_d037b0a7(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(shoot, DOWN)
    x3 = lbind(mapply, x2)
    x4 = compose(x3, toindices)
    x5 = fork(recolor, color, x4)
    x6 = mapply(x5, x1)
    O = paint(I, x6)
    return O


# Put the 3x3 input on a 6x6 canvas and let every coloured cell trail down-right diagonally.
def solve_d13f3404(I):
    x1 = fgpartition(I)
    x2 = rbind(shoot, UNITY)
    x3 = lbind(mapply, x2)
    x4 = compose(x3, toindices)
    x5 = fork(recolor, color, x4)
    x6 = mapply(x5, x1)
    x7 = double(THREE_BY_THREE)
    x8 = canvas(ZERO, x7)
    O = paint(x8, x6)
    return O


# A one-row strip of the single colour, as long as the number of coloured cells.
def solve_d631b094(I):
    x1 = palette(I)
    x2 = other(x1, ZERO)
    x3 = colorcount(I, x2)
    x4 = astuple(ONE, x3)
    O = canvas(x2, x4)
    return O


# Rotate the grid a quarter turn anticlockwise.
def solve_ed36ccf7(I):
    O = rot270(I)
    return O


# Mirror downward and then to the right.
def solve_3af2c5a8(I):
    x1 = hmirror(I)
    x2 = vconcat(I, x1)
    x3 = vmirror(x2)
    O = hconcat(x2, x3)
    return O


# Put the upside-down image above the original.
def solve_4c4377d9(I):
    x1 = hmirror(I)
    O = vconcat(x1, I)
    return O


# A one-row bar grows by one cell per row, over half as many rows as the width.
def solve_bbc9ae5d(I):
    x1 = index(I, ORIGIN)
    x2 = colorcount(I, x1)
    x3 = decrement(x2)
    x4 = tojvec(x3)
    x5 = shoot(x4, UNITY)
    x6 = rbind(shoot, LEFT)
    x7 = mapply(x6, x5)
    x8 = width(I)
    x9 = halve(x8)
    x10 = astuple(x9, x8)
    x11 = canvas(ZERO, x10)
    O = fill(x11, x1, x7)
    return O


# Two solid rows become a checkerboard of their two colours.
def solve_e9afcf9a(I):
    x1 = hsplit(I, SIX)
    x2 = first(x1)
    x3 = hmirror(x2)
    x4 = hconcat(x2, x3)
    x5 = hconcat(x4, x4)
    O = hconcat(x5, x4)
    return O


# A red cell is replaced by four differently coloured diagonal neighbours.
def solve_a9f96cdd(I):
    x1 = ofcolor(I, TWO)
    x2 = shift(x1, NEG_UNITY)
    x3 = shift(x1, UP_RIGHT)
    x4 = shift(x1, DOWN_LEFT)
    x5 = shift(x1, UNITY)
    x6 = replace(I, TWO, ZERO)
    x7 = fill(x6, THREE, x2)
    x8 = fill(x7, SIX, x3)
    x9 = fill(x8, EIGHT, x4)
    O = fill(x9, SEVEN, x5)
    return O


# Colour histogram: one column per colour, most frequent first, as tall as its count.
def solve_9af7a82c(I):
    x1 = palette(I)
    x2 = lbind(colorcount, I)
    x3 = compose(invert, x2)
    x4 = order(x1, x3)
    x5 = apply(x2, x4)
    x6 = size(x4)
    x7 = interval(ZERO, x6, ONE)
    x8 = apply(tojvec, x7)
    x9 = apply(decrement, x5)
    x10 = papply(astuple, x9, x7)
    x11 = papply(connect, x8, x10)
    x12 = mpapply(recolor, x4, x11)
    x13 = maximum(x5)
    x14 = astuple(x13, x6)
    x15 = canvas(ZERO, x14)
    O = paint(x15, x12)
    return O


# Recolour magenta cells red.
def solve_b1948b0a(I):
    O = replace(I, SIX, TWO)
    return O


# Recolour orange cells grey.
def solve_c8f0f002(I):
    O = replace(I, SEVEN, FIVE)
    return O


# Grey cells take the other colour, the other colour becomes black.
def solve_f76d97a5(I):
    x1 = palette(I)
    x2 = other(x1, FIVE)
    x3 = replace(I, x2, ZERO)
    O = replace(x3, FIVE, x2)
    return O


# Overlay the two halves: a cell is magenta if either half has a colour there.
def solve_dae9d2b5(I):
    x1 = lefthalf(I)
    x2 = righthalf(I)
    x3 = ofcolor(x1, ZERO)
    x4 = ofcolor(x2, ZERO)
    x5 = intersection(x3, x4)
    x6 = shape(x1)
    x7 = canvas(SIX, x6)
    O = fill(x7, ZERO, x5)
    return O


# Cells blue in both halves (split by the grey column) become red.
def solve_0520fde7(I):
    x1 = hsplit(I, TWO)
    x2 = first(x1)
    x3 = last(x1)
    x4 = cellwise(x2, x3, ZERO)
    O = replace(x4, ONE, TWO)
    return O


# Swap grey and cyan.
def solve_d511f180(I):
    O = switch(I, FIVE, EIGHT)
    return O


# Blue cells drop two rows into the grey floor.
def solve_3618c87e(I):
    x1 = ofcolor(I, ONE)
    x2 = fill(I, ZERO, x1)
    x3 = shift(x1, TWO_BY_ZERO)
    O = fill(x2, ONE, x3)
    return O


# Green shapes of more than one cell become cyan.
def solve_67385a82(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, THREE)
    x3 = rbind(greater, ONE)
    x4 = compose(x3, size)
    x5 = mfilter(x2, x4)
    O = fill(I, EIGHT, x5)
    return O


# Cells empty in both the orange top and the red bottom half become green.
def solve_6430c8c4(I):
    x1 = tophalf(I)
    x2 = bottomhalf(I)
    x3 = ofcolor(x1, ZERO)
    x4 = ofcolor(x2, ZERO)
    x5 = intersection(x3, x4)
    x6 = shape(x1)
    x7 = canvas(ZERO, x6)
    O = fill(x7, THREE, x5)
    return O


# Cells empty in both the top and the bottom half become red.
def solve_94f9d214(I):
    x1 = vsplit(I, TWO)
    x2 = rbind(ofcolor, ZERO)
    x3 = apply(x2, x1)
    x4 = first(x3)
    x5 = last(x3)
    x6 = intersection(x4, x5)
    x7 = first(x1)
    x8 = shape(x7)
    x9 = canvas(ZERO, x8)
    O = fill(x9, TWO, x6)
    return O


# Cells coloured in either half (split by the yellow row) become green.
def solve_ce4f8723(I):
    x1 = vsplit(I, TWO)
    x2 = first(x1)
    x3 = last(x1)
    x4 = ofcolor(x2, ZERO)
    x5 = ofcolor(x3, ZERO)
    x6 = intersection(x4, x5)
    x7 = shape(x2)
    x8 = canvas(THREE, x7)
    O = fill(x8, ZERO, x6)
    return O


# Cells empty in both the maroon top and the blue bottom half become red.
def solve_fafffa47(I):
    x1 = tophalf(I)
    x2 = bottomhalf(I)
    x3 = ofcolor(x1, ZERO)
    x4 = ofcolor(x2, ZERO)
    x5 = intersection(x3, x4)
    x6 = shape(x1)
    x7 = canvas(ZERO, x6)
    O = fill(x7, TWO, x5)
    return O


# Exclusive or of the two halves, drawn in green.
def solve_99b1bc43(I):
    x1 = tophalf(I)
    x2 = bottomhalf(I)
    x3 = ofcolor(x1, ONE)
    x4 = ofcolor(x2, TWO)
    x5 = combine(x3, x4)
    x6 = intersection(x3, x4)
    x7 = difference(x5, x6)
    x8 = shape(x1)
    x9 = canvas(ZERO, x8)
    O = fill(x9, THREE, x7)
    return O


# Cells empty on both sides of the blue column become cyan.
def solve_1b2d62fb(I):
    x1 = hsplit(I, TWO)
    x2 = rbind(ofcolor, ZERO)
    x3 = apply(x2, x1)
    x4 = first(x3)
    x5 = last(x3)
    x6 = intersection(x4, x5)
    x7 = first(x1)
    x8 = shape(x7)
    x9 = canvas(ZERO, x8)
    O = fill(x9, EIGHT, x6)
    return O


# Cells empty on both sides of the blue column become green.
def solve_f2829549(I):
    x1 = hsplit(I, TWO)
    x2 = rbind(ofcolor, ZERO)
    x3 = apply(x2, x1)
    x4 = first(x3)
    x5 = last(x3)
    x6 = intersection(x4, x5)
    x7 = first(x1)
    x8 = shape(x7)
    x9 = canvas(ZERO, x8)
    O = fill(x9, THREE, x6)
    return O


# The grid is three copies side by side; keep one.
def solve_2dee498d(I):
    x1 = hsplit(I, THREE)
    O = first(x1)
    return O


# The grid is two copies; keep one (top half if tall, left half if wide).
def solve_7b7f7511(I):
    x1 = portrait(I)
    x2 = tophalf(I)
    x3 = lefthalf(I)
    O = branch(x1, x2, x3)
    return O


# Scale the grid up by a factor of two.
def solve_c59eb873(I):
    O = upscale(I, TWO)
    return O


# Keep the top-left 2x2 corner.
def solve_d10ecb37(I):
    O = crop(I, ORIGIN, TWO_BY_TWO)
    return O


# Surround each grey cell with a ring of blue cells.
def solve_4258a5f9(I):
    x1 = ofcolor(I, FIVE)
    x2 = mapply(neighbors, x1)
    O = underfill(I, ONE, x2)
    return O


# Surround each red cell with blue cells where the grid is empty.
def solve_dc1df850(I):
    x1 = ofcolor(I, TWO)
    x2 = apply(neighbors, x1)
    x3 = merge(x2)
    O = underfill(I, ONE, x3)
    return O


# Keep the 3x3 block in the top-right corner.
def solve_5bd6f4ac(I):
    x1 = tojvec(SIX)
    O = crop(I, x1, THREE_BY_THREE)
    return O


# Crop the largest object.
def solve_be94b721(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    O = subgrid(x2, I)
    return O


# Crop the smallest rectangle.
def solve_23b5c85d(I):
    x1 = objects(I, T, F, T)
    x2 = argmin(x1, size)
    O = subgrid(x2, I)
    return O


# Crop the only object.
def solve_1cf80156(I):
    x1 = objects(I, T, T, T)
    x2 = first(x1)
    O = subgrid(x2, I)
    return O


# Crop the only object and show it twice side by side.
def solve_28bf18c6(I):
    x1 = objects(I, T, T, T)
    x2 = first(x1)
    x3 = subgrid(x2, I)
    O = hconcat(x3, x3)
    return O


# Output the shape that occurs most often.
def solve_39a8645d(I):
    x1 = objects(I, T, T, T)
    x2 = totuple(x1)
    x3 = apply(normalize, x2)
    x4 = mostcommon(x3)
    x5 = canvas(ZERO, THREE_BY_THREE)
    O = paint(x5, x4)
    return O


# Complete each cyan L-tromino to a 2x2 square with a blue cell.
def solve_3aa6fb7a(I):
    x1 = objects(I, T, F, T)
    x2 = mapply(delta, x1)
    O = fill(I, ONE, x2)
    return O


# Fill the background regions enclosed by green walls with yellow.
def solve_00d62c1b(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, ZERO)
    x3 = rbind(bordering, I)
    x4 = compose(flip, x3)
    x5 = mfilter(x2, x4)
    O = fill(I, FOUR, x5)
    return O


# Fill the black regions enclosed by red walls with blue.
def solve_a5313dff(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, ZERO)
    x3 = rbind(bordering, I)
    x4 = sfilter(x2, x3)
    x5 = difference(x2, x4)
    x6 = merge(x5)
    O = fill(I, ONE, x6)
    return O


# Draw a cyan frame around the border of the grid.
def solve_6f8cd79b(I):
    x1 = asindices(I)
    x2 = box(x1)
    O = fill(I, EIGHT, x2)
    return O


# Put a red cell between two blue cells that are one apart horizontally.
def solve_a699fb00(I):
    x1 = ofcolor(I, ONE)
    x2 = shift(x1, RIGHT)
    x3 = shift(x1, LEFT)
    x4 = intersection(x2, x3)
    O = fill(I, TWO, x4)
    return O


# Recolour the shape with the colour of the lone corner cell, which is removed.
def solve_aabf363d(I):
    x1 = leastcolor(I)
    x2 = replace(I, x1, ZERO)
    x3 = leastcolor(x2)
    O = replace(x2, x3, x1)
    return O


# Remove the grey noise and shrink each 3x3 block to one cell.
def solve_5614dbcf(I):
    x1 = replace(I, FIVE, ZERO)
    O = downscale(x1, THREE)
    return O


# Grey bars recoloured by length rank: longest blue, then red, green, yellow.
def solve_08ed6ac7(I):
    x1 = objects(I, T, F, T)
    x2 = order(x1, size)
    x3 = interval(FOUR, ZERO, NEG_ONE)
    x4 = mpapply(recolor, x3, x2)
    O = paint(I, x4)
    return O


# Grey shapes recoloured by size: four cells blue, three red, two green.
def solve_6e82a1ae(I):
    x1 = objects(I, T, F, T)
    x2 = lbind(sizefilter, x1)
    x3 = compose(merge, x2)
    x4 = x3(FOUR)
    x5 = x3(THREE)
    x6 = x3(TWO)
    x7 = fill(I, ONE, x4)
    x8 = fill(x7, TWO, x5)
    O = fill(x8, THREE, x6)
    return O


# Three grey lines: longest blue, shortest red, the other yellow.
def solve_ea32f347(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = argmin(x1, size)
    x4 = replace(I, FIVE, FOUR)
    x5 = fill(x4, ONE, x2)
    O = fill(x5, TWO, x3)
    return O


# Blue shapes that enclose a hole become cyan.
def solve_b2862040(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, NINE)
    x3 = rbind(bordering, I)
    x4 = compose(flip, x3)
    x5 = mfilter(x2, x4)
    x6 = objects(I, T, F, T)
    x7 = rbind(adjacent, x5)
    x8 = mfilter(x6, x7)
    O = fill(I, EIGHT, x8)
    return O


# Blue closed loops become green; open shapes stay blue.
def solve_810b9b61(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, ZERO)
    x3 = rbind(bordering, I)
    x4 = sfilter(x2, x3)
    x5 = difference(x2, x4)
    x6 = merge(x5)
    x7 = colorfilter(x1, ONE)
    x8 = lbind(adjacent, x6)
    x9 = mfilter(x7, x8)
    O = fill(I, THREE, x9)
    return O


# Fill the grey box with cyan and let it leak out through the gap in the wall.
def solve_d4f3cd78(I):
    x1 = ofcolor(I, FIVE)
    x2 = delta(x1)
    x3 = box(x1)
    x4 = difference(x3, x1)
    x5 = position(x1, x4)
    x6 = first(x4)
    x7 = shoot(x6, x5)
    x8 = combine(x2, x7)
    O = fill(I, EIGHT, x8)
    return O


# Collapse repeated stripes: one cell per stripe, in a column for rows or a row for columns.
def solve_746b3537(I):
    x1 = first(I)
    x2 = dedupe(x1)
    x3 = size(x2)
    x4 = equality(x3, ONE)
    x5 = dmirror(I)
    x6 = branch(x4, I, x5)
    x7 = objects(x6, T, F, F)
    x8 = order(x7, uppermost)
    x9 = apply(color, x8)
    x10 = rbind(repeat, ONE)
    x11 = apply(x10, x9)
    x12 = dmirror(x11)
    O = branch(x4, x11, x12)
    return O


# Slide the red shape toward the cyan square until they touch.
def solve_05f2a901(I):
    x1 = objects(I, T, T, T)
    x2 = matcher(color, TWO)
    x3 = extract(x1, x2)
    x4 = matcher(color, EIGHT)
    x5 = extract(x1, x4)
    x6 = gravitate(x3, x5)
    O = move(I, x3, x6)
    return O


# Continue the vertically periodic pattern to nine rows and recolour blue to red.
def solve_017c7c7b(I):
    x1 = asobject(I)
    x2 = vperiod(x1)
    x3 = toivec(x2)
    x4 = rbind(shift, x3)
    x5 = power(x4, TWO)
    x6 = power(x4, THREE)
    x7 = x4(x1)
    x8 = x5(x1)
    x9 = x6(x1)
    x10 = astuple(NINE, THREE)
    x11 = canvas(ZERO, x10)
    x12 = paint(x11, x1)
    x13 = paint(x12, x7)
    x14 = paint(x13, x8)
    x15 = paint(x14, x9)
    O = replace(x15, ONE, TWO)
    return O


# Repeat the grid twice side by side.
def solve_a416b8f3(I):
    O = hconcat(I, I)
    return O


# Hollow out every solid rectangle, keeping its outline.
def solve_4347f46a(I):
    x1 = objects(I, T, F, T)
    x2 = fork(difference, backdrop, box)
    x3 = mapply(x2, x1)
    O = fill(I, ZERO, x3)
    return O


# Transpose the grid.
def solve_9dfd6313(I):
    O = dmirror(I)
    return O


# Flip the grid upside down.
def solve_68b16354(I):
    O = hmirror(I)
    return O


# Flip the grid left to right.
def solve_67a3c6ac(I):
    O = vmirror(I)
    return O


# Move the cyan shape down one row and make it red.
def solve_a79310a0(I):
    x1 = objects(I, T, F, T)
    x2 = first(x1)
    x3 = move(I, x2, DOWN)
    O = replace(x3, EIGHT, TWO)
    return O


# Fill the inside of every solid rectangle with cyan, keeping a one-cell rim.
def solve_50cb2852(I):
    x1 = objects(I, T, F, T)
    x2 = compose(backdrop, inbox)
    x3 = mapply(x2, x1)
    O = fill(I, EIGHT, x3)
    return O


# Fill the gaps in the bounding box of the cyan shape with red.
def solve_6d75e8bb(I):
    x1 = ofcolor(I, EIGHT)
    x2 = delta(x1)
    O = fill(I, TWO, x2)
    return O


# Fill the inside of the larger yellow rectangle red and of the smaller one blue.
def solve_694f12f3(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, FOUR)
    x3 = argmax(x2, size)
    x4 = argmin(x2, size)
    x5 = fork(difference, backdrop, box)
    x6 = x5(x3)
    x7 = x5(x4)
    x8 = fill(I, TWO, x6)
    O = fill(x8, ONE, x7)
    return O


# Remove the noise pixels: keep only cells with at least two same-coloured direct neighbours.
def solve_7f4411dc(I):
    x1 = palette(I)
    x2 = other(x1, ZERO)
    x3 = ofcolor(I, x2)
    x4 = lbind(intersection, x3)
    x5 = chain(size, x4, dneighbors)
    x6 = rbind(greater, ONE)
    x7 = compose(x6, x5)
    x8 = sfilter(x3, x7)
    x9 = shape(I)
    x10 = canvas(ZERO, x9)
    O = fill(x10, x2, x8)
    return O


# Remove pixels that have no neighbour of their colour, even diagonally.
def solve_42a50994(I):
    x1 = objects(I, T, T, T)
    x2 = sizefilter(x1, ONE)
    x3 = merge(x2)
    O = cover(I, x3)
    return O


# Draw a green frame around every red domino.
def solve_b27ca6d3(I):
    x1 = objects(I, T, F, T)
    x2 = sizefilter(x1, TWO)
    x3 = mapply(outbox, x2)
    O = underfill(I, THREE, x3)
    return O


# Fill the empty cells of each shape's bounding box with orange.
def solve_60b61512(I):
    x1 = objects(I, T, T, T)
    x2 = mapply(delta, x1)
    O = fill(I, SEVEN, x2)
    return O


# Mark the four diagonal corners outside each grey square with blue, red, green and yellow.
def solve_95990924(I):
    x1 = objects(I, T, F, T)
    x2 = apply(ulcorner, x1)
    x3 = rbind(add, NEG_UNITY)
    x4 = apply(x3, x2)
    x5 = apply(urcorner, x1)
    x6 = rbind(add, UP_RIGHT)
    x7 = apply(x6, x5)
    x8 = apply(llcorner, x1)
    x9 = rbind(add, DOWN_LEFT)
    x10 = apply(x9, x8)
    x11 = apply(lrcorner, x1)
    x12 = rbind(add, UNITY)
    x13 = apply(x12, x11)
    x14 = fill(I, ONE, x4)
    x15 = fill(x14, TWO, x7)
    x16 = fill(x15, THREE, x10)
    O = fill(x16, FOUR, x13)
    return O


# Give each blue cell coloured neighbours: red above, orange left, magenta right, cyan below.
def solve_d364b489(I):
    x1 = ofcolor(I, ONE)
    x2 = lbind(shift, x1)
    x3 = x2(UP)
    x4 = x2(LEFT)
    x5 = x2(RIGHT)
    x6 = x2(DOWN)
    x7 = fill(I, TWO, x3)
    x8 = fill(x7, SEVEN, x4)
    x9 = fill(x8, SIX, x5)
    O = fill(x9, EIGHT, x6)
    return O


# Join blue cells that share a row or a column with cyan lines.
def solve_dbc1a6ce(I):
    x1 = ofcolor(I, ONE)
    x2 = prapply(connect, x1, x1)
    x3 = fork(either, vline, hline)
    x4 = mfilter(x2, x3)
    O = underfill(I, EIGHT, x4)
    return O


# Each grey cell becomes a blue 3x3 square centred on it.
def solve_ce22a75a(I):
    x1 = objects(I, T, T, T)
    x2 = compose(backdrop, outbox)
    x3 = mapply(x2, x1)
    O = fill(I, ONE, x3)
    return O


# Each grey cell becomes a pattern: grey diagonal neighbours, blue direct neighbours, empty centre.
def solve_b60334d2(I):
    x1 = ofcolor(I, FIVE)
    x2 = mapply(ineighbors, x1)
    x3 = mapply(dneighbors, x1)
    x4 = replace(I, FIVE, ZERO)
    x5 = fill(x4, FIVE, x2)
    O = fill(x5, ONE, x3)
    return O


# Keep only the middle column.
def solve_d23f8c26(I):
    x1 = width(I)
    x2 = halve(x1)
    x3 = tojvec(x2)
    x4 = vfrontier(x3)
    x5 = toobject(x4, I)
    x6 = shape(I)
    x7 = canvas(ZERO, x6)
    O = paint(x7, x5)
    return O


# Output the top-left 3x3 quarter of the symmetric pattern.
def solve_2013d3e2(I):
    x1 = objects(I, F, T, T)
    x2 = first(x1)
    x3 = ulcorner(x2)
    O = crop(I, x3, THREE_BY_THREE)
    return O


# Draw a green plus halfway between the two blue cells.
def solve_e9614598(I):
    x1 = ofcolor(I, ONE)
    x2 = centerofmass(x1)
    x3 = dneighbors(x2)
    x4 = insert(x2, x3)
    O = fill(I, THREE, x4)
    return O


# Lift every shape by its own height.
def solve_5521c0d9(I):
    x1 = objects(I, T, F, T)
    x2 = chain(toivec, invert, height)
    x3 = fork(shift, identity, x2)
    x4 = mapply(x3, x1)
    x5 = merge(x1)
    x6 = cover(I, x5)
    O = paint(x6, x4)
    return O


# Four 2x2 quadrants, three alike: output the odd one.
def solve_88a62173(I):
    x1 = astuple(lefthalf, righthalf)
    x2 = tophalf(I)
    x3 = bottomhalf(I)
    x4 = rapply(x1, x2)
    x5 = rapply(x1, x3)
    x6 = combine(x4, x5)
    O = leastcommon(x6)
    return O


# Overlay the two halves separated by the grey line.
def solve_e98196ab(I):
    x1 = tophalf(I)
    x2 = bottomhalf(I)
    x3 = asobject(x2)
    O = underpaint(x1, x3)
    return O


# Crop the 3x3 block that has the most blue cells.
def solve_ae4f1146(I):
    x1 = objects(I, F, F, T)
    x2 = rbind(colorcount, ONE)
    x3 = argmax(x1, x2)
    O = subgrid(x3, I)
    return O


# Crop the blue block that has the most red cells.
def solve_8efcae92(I):
    x1 = replace(I, TWO, ONE)
    x2 = objects(x1, T, F, F)
    x3 = colorfilter(x2, ONE)
    x4 = rbind(toobject, I)
    x5 = apply(x4, x3)
    x6 = rbind(colorcount, TWO)
    x7 = valmax(x5, x6)
    x8 = matcher(x6, x7)
    x9 = extract(x5, x8)
    O = subgrid(x9, I)
    return O


# A 2x2 block in the colour of the outline with the largest bounding box.
def solve_445eab21(I):
    x1 = objects(I, T, F, T)
    x2 = compose(size, backdrop)
    x3 = argmax(x1, x2)
    x4 = color(x3)
    O = canvas(x4, TWO_BY_TWO)
    return O


# Grey rectangles get blue corners, yellow edges and a red inside.
def solve_b6afb2da(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, FIVE)
    x3 = replace(I, FIVE, TWO)
    x4 = mapply(box, x2)
    x5 = fill(x3, FOUR, x4)
    x6 = mapply(corners, x2)
    O = fill(x5, ONE, x6)
    return O


# Mirror the bottom half into the top half.
def solve_f25ffba3(I):
    x1 = bottomhalf(I)
    x2 = hmirror(x1)
    O = vconcat(x2, x1)
    return O


# Crop the pattern from the blue background and make the background black.
def solve_a740d043(I):
    x1 = mostcolor(I)
    x2 = ofcolor(I, x1)
    x3 = asindices(I)
    x4 = difference(x3, x2)
    x5 = subgrid(x4, I)
    O = replace(x5, x1, ZERO)
    return O


# Crop the pattern and flip it left to right.
def solve_7468f01a(I):
    x1 = objects(I, F, T, T)
    x2 = first(x1)
    x3 = subgrid(x2, I)
    O = vmirror(x3)
    return O


# Crop the shape and scale it up by two.
def solve_f25fbde4(I):
    x1 = objects(I, T, T, T)
    x2 = first(x1)
    x3 = subgrid(x2, I)
    O = upscale(x3, TWO)
    return O


# Count the blue 2x2 squares and show the count as blue cells in a row of five.
def solve_1fad071e(I):
    x1 = objects(I, T, F, T)
    x2 = colorfilter(x1, ONE)
    x3 = sizefilter(x2, FOUR)
    x4 = size(x3)
    x5 = astuple(ONE, x4)
    x6 = canvas(ONE, x5)
    x7 = subtract(FIVE, x4)
    x8 = astuple(ONE, x7)
    x9 = canvas(ZERO, x8)
    O = hconcat(x6, x9)
    return O


# Count the shapes; output a square diagonal of that many cyan cells.
def solve_d0f5fe59(I):
    x1 = objects(I, T, T, T)
    x2 = size(x1)
    x3 = astuple(x2, x2)
    x4 = canvas(ZERO, x3)
    x5 = shoot(ORIGIN, UNITY)
    O = fill(x4, EIGHT, x5)
    return O


# Output the colour of the rectangle that has a hole.
def solve_b9b7f026(I):
    x1 = objects(I, T, F, T)
    x2 = chain(positive, size, delta)
    x3 = extract(x1, x2)
    x4 = color(x3)
    O = canvas(x4, UNITY)
    return O


# Continue the horizontally periodic pattern to twice the width.
def solve_963e52fc(I):
    x1 = asobject(I)
    x2 = hperiod(x1)
    x3 = tojvec(x2)
    x4 = width(I)
    x5 = interval(ZERO, x4, ONE)
    x6 = lbind(multiply, x3)
    x7 = apply(x6, x5)
    x8 = lbind(shift, x1)
    x9 = mapply(x8, x7)
    x10 = height(I)
    x11 = double(x4)
    x12 = astuple(x10, x11)
    x13 = canvas(ZERO, x12)
    O = paint(x13, x9)
    return O


# Replace every hollow blue 3x3 ring with a red plus sign.
def solve_6c434453(I):
    x1 = connect(ORIGIN, TWO_BY_TWO)
    x2 = box(x1)
    x3 = recolor(ONE, x2)
    x4 = occurrences(I, x3)
    x5 = lbind(shift, x2)
    x6 = mapply(x5, x4)
    x7 = dneighbors(UNITY)
    x8 = insert(UNITY, x7)
    x9 = lbind(shift, x8)
    x10 = mapply(x9, x4)
    x11 = fill(I, ZERO, x6)
    O = fill(x11, TWO, x10)
    return O


# Remove the red outlines and fill their insides with green.
def solve_d5d6de2d(I):
    x1 = objects(I, T, F, T)
    x2 = mapply(delta, x1)
    x3 = replace(I, TWO, ZERO)
    O = fill(x3, THREE, x2)
    return O


# List the colour bands in order: a row for side-by-side bands, a column for stacked ones.
def solve_4be741c5(I):
    x1 = partition(I)
    x2 = portrait(I)
    x3 = branch(x2, uppermost, leftmost)
    x4 = order(x1, x3)
    x5 = apply(color, x4)
    x6 = repeat(x5, ONE)
    x7 = dmirror(x6)
    O = branch(x2, x7, x6)
    return O


# Lines cut the background into blocks; output one background cell per block.
def solve_1190e5a7(I):
    x1 = mostcolor(I)
    x2 = objects(I, T, F, F)
    x3 = colorfilter(x2, x1)
    x4 = apply(uppermost, x3)
    x5 = size(x4)
    x6 = apply(leftmost, x3)
    x7 = size(x6)
    x8 = astuple(x5, x7)
    O = canvas(x1, x8)
    return O


# Shrink the block pattern to one cell per block.
def solve_90c28cc7(I):
    x1 = objects(I, F, F, T)
    x2 = first(x1)
    x3 = subgrid(x2, I)
    x4 = dedupe(x3)
    x5 = dmirror(x4)
    x6 = dedupe(x5)
    O = dmirror(x6)
    return O


# Every top-row cell starts a zigzag down the grid: its colour alternates centre, then both diagonals.
def solve_3ac3eb23(I):
    x1 = objects(I, T, F, T)
    x2 = lbind(mapply, ineighbors)
    x3 = compose(x2, toindices)
    x4 = fork(recolor, color, x3)
    x5 = mapply(x4, x1)
    x6 = paint(I, x5)
    x7 = fgpartition(x6)
    x8 = merge(x7)
    x9 = height(I)
    x10 = interval(ZERO, x9, TWO)
    x11 = apply(toivec, x10)
    x12 = lbind(shift, x8)
    x13 = mapply(x12, x11)
    O = paint(I, x13)
    return O


# Nested square rings cycle their colours: outer takes the inner colour, middle the outer, inner the middle.
def solve_bda2d7a6(I):
    x1 = index(I, ORIGIN)
    x2 = index(I, UNITY)
    x3 = index(I, TWO_BY_TWO)
    x4 = ofcolor(I, x1)
    x5 = ofcolor(I, x2)
    x6 = ofcolor(I, x3)
    x7 = fill(I, x3, x4)
    x8 = fill(x7, x1, x5)
    O = fill(x8, x2, x6)
    return O


# Several blocks, all but one with the same pattern: output the odd one.
def solve_a87f7484(I):
    x1 = portrait(I)
    x2 = shape(I)
    x3 = maximum(x2)
    x4 = divide(x3, THREE)
    x5 = vsplit(I, x4)
    x6 = hsplit(I, x4)
    x7 = branch(x1, x5, x6)
    x8 = rbind(ofcolor, ZERO)
    x9 = apply(x8, x7)
    x10 = leastcommon(x9)
    x11 = matcher(x8, x10)
    O = extract(x7, x11)
    return O


# Two diagonal rays in the rarest colour rise from the ends of the cap on the bottom row.
def solve_b8cdaf2b(I):
    x1 = objects(I, T, F, T)
    x2 = argmin(x1, uppermost)
    x3 = ulcorner(x2)
    x4 = add(x3, NEG_UNITY)
    x5 = shoot(x4, NEG_UNITY)
    x6 = urcorner(x2)
    x7 = add(x6, UP_RIGHT)
    x8 = shoot(x7, UP_RIGHT)
    x9 = combine(x5, x8)
    x10 = leastcolor(I)
    O = fill(I, x10, x9)
    return O


# Staircase around a red bar: growing green bars above, shrinking blue bars below.
def solve_a65b410d(I):
    x1 = ofcolor(I, TWO)
    x2 = urcorner(x1)
    x3 = shoot(x2, UP_RIGHT)
    x4 = shoot(x2, DOWN_LEFT)
    x5 = rbind(shoot, LEFT)
    x6 = mapply(x5, x3)
    x7 = mapply(x5, x4)
    x8 = underfill(I, THREE, x6)
    O = underfill(x8, ONE, x7)
    return O


# Rows whose two end cells have the same colour are filled with that colour.
def solve_22eb0ac0(I):
    x1 = fgpartition(I)
    x2 = matcher(height, ONE)
    x3 = sfilter(x1, x2)
    x4 = fork(recolor, color, backdrop)
    x5 = mapply(x4, x3)
    O = paint(I, x5)
    return O


# Grey cells take the colour of the first cell of their row.
def solve_c9f8e694(I):
    x1 = ofcolor(I, FIVE)
    x2 = lbind(index, I)
    x3 = chain(x2, toivec, first)
    x4 = fork(astuple, x3, identity)
    x5 = apply(x4, x1)
    O = paint(I, x5)
    return O


# Mirror the input to the left, then stack the block with its flipped copy three times.
def solve_8d5021e8(I):
    x1 = vmirror(I)
    x2 = hconcat(x1, I)
    x3 = hmirror(x2)
    x4 = vconcat(x3, x2)
    O = vconcat(x4, x3)
    return O


# Each coloured cell of the row sends a diagonal ray up-right from the bottom of a larger square grid.
def solve_feca6190(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, ZERO)
    x3 = difference(x1, x2)
    x4 = colorcount(I, ZERO)
    x5 = subtract(FIVE, x4)
    x6 = multiply(x5, FIVE)
    x7 = astuple(x6, x6)
    x8 = canvas(ZERO, x7)
    x9 = decrement(x6)
    x10 = toivec(x9)
    x11 = rbind(shift, x10)
    x12 = apply(x11, x3)
    x13 = rbind(shoot, UP_RIGHT)
    x14 = lbind(mapply, x13)
    x15 = compose(x14, toindices)
    x16 = fork(recolor, color, x15)
    x17 = mapply(x16, x12)
    O = paint(x8, x17)
    return O


# A 3x3 summary of the 3x3 grid of blocks: blue where a block holds two magenta cells.
def solve_6773b310(I):
    x1 = vsplit(I, THREE)
    x2 = rbind(hsplit, THREE)
    x3 = apply(x2, x1)
    x4 = rbind(colorcount, SIX)
    x5 = compose(halve, x4)
    x6 = lbind(apply, x5)
    O = apply(x6, x3)
    return O


# Keep only the tallest grey bar (now blue) and the shortest (now red).
def solve_a61f2674(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, height)
    x3 = argmin(x1, height)
    x4 = replace(I, FIVE, ZERO)
    x5 = fill(x4, ONE, x2)
    O = fill(x5, TWO, x3)
    return O


# Move the green cell one step toward the yellow cell.
def solve_dc433765(I):
    x1 = ofcolor(I, THREE)
    x2 = ofcolor(I, FOUR)
    x3 = first(x1)
    x4 = first(x2)
    x5 = subtract(x4, x3)
    x6 = sign(x5)
    x7 = toobject(x1, I)
    O = move(I, x7, x6)
    return O


# Red cells with no red direct neighbour become blue.
def solve_aedd82e4(I):
    x1 = objects(I, T, F, F)
    x2 = colorfilter(x1, TWO)
    x3 = sizefilter(x2, ONE)
    x4 = merge(x3)
    O = fill(I, ONE, x4)
    return O


# Grey cells in every second column, counted from the right edge, become green.
def solve_d406998b(I):
    x1 = ofcolor(I, FIVE)
    x2 = width(I)
    x3 = decrement(x2)
    x4 = lbind(subtract, x3)
    x5 = chain(even, x4, last)
    x6 = sfilter(x1, x5)
    O = fill(I, THREE, x6)
    return O


# Yellow cells in every third column become magenta.
def solve_ba26e723(I):
    x1 = width(I)
    x2 = interval(ZERO, x1, THREE)
    x3 = apply(tojvec, x2)
    x4 = mapply(vfrontier, x3)
    x5 = ofcolor(I, FOUR)
    x6 = rbind(contained, x4)
    x7 = sfilter(x5, x6)
    O = fill(I, SIX, x7)
    return O


# Draw a black X through the centre of the grid.
def solve_ea786f4a(I):
    x1 = shape(I)
    x2 = halve(x1)
    x3 = lbind(shoot, x2)
    x4 = ineighbors(ORIGIN)
    x5 = mapply(x3, x4)
    O = fill(I, ZERO, x5)
    return O


# Grey shapes of six cells become red, all others blue.
def solve_d2abd087(I):
    x1 = objects(I, T, F, T)
    x2 = sizefilter(x1, SIX)
    x3 = merge(x2)
    x4 = replace(I, FIVE, ONE)
    O = fill(x4, TWO, x3)
    return O


# Crop the square and swap its two colours.
def solve_b94a9452(I):
    x1 = objects(I, F, F, T)
    x2 = first(x1)
    x3 = subgrid(x2, I)
    x4 = leastcolor(x3)
    x5 = mostcolor(x3)
    O = switch(x3, x4, x5)
    return O


# Join each pair of same-coloured cells with a line; vertical lines cross over horizontal ones.
def solve_40853293(I):
    x1 = fgpartition(I)
    x2 = fork(recolor, color, backdrop)
    x3 = apply(x2, x1)
    x4 = sfilter(x3, hline)
    x5 = sfilter(x3, vline)
    x6 = merge(x4)
    x7 = merge(x5)
    x8 = paint(I, x6)
    O = paint(x8, x7)
    return O


# Join the cyan cell to the red cell with a yellow L-shaped path: vertical first, then horizontal.
def solve_d4a91cb9(I):
    x1 = ofcolor(I, EIGHT)
    x2 = ofcolor(I, TWO)
    x3 = first(x1)
    x4 = first(x2)
    x5 = first(x4)
    x6 = last(x3)
    x7 = astuple(x5, x6)
    x8 = connect(x3, x7)
    x9 = connect(x7, x4)
    x10 = combine(x8, x9)
    O = underfill(I, FOUR, x10)
    return O


# Join the red cell to the green cell with a cyan L-shaped path: horizontal first, then vertical.
def solve_a2fd1cf0(I):
    x1 = ofcolor(I, TWO)
    x2 = ofcolor(I, THREE)
    x3 = lowermost(x1)
    x4 = rightmost(x2)
    x5 = astuple(x3, x4)
    x6 = center(x1)
    x7 = center(x2)
    x8 = connect(x6, x5)
    x9 = connect(x5, x7)
    x10 = combine(x8, x9)
    O = underfill(I, EIGHT, x10)
    return O


# Join cyan cells that share a row or a column with cyan lines.
def solve_ded97339(I):
    x1 = ofcolor(I, EIGHT)
    x2 = product(x1, x1)
    x3 = fork(connect, first, last)
    x4 = apply(x3, x2)
    x5 = fork(either, hline, vline)
    x6 = mfilter(x4, x5)
    O = fill(I, EIGHT, x6)
    return O


# Output the inside of the large rectangular frame.
def solve_1c786137(I):
    x1 = objects(I, T, F, F)
    x2 = argmax(x1, size)
    x3 = subgrid(x2, I)
    O = trim(x3)
    return O


# Crop the largest shape out of the noise.
def solve_1f85a75f(I):
    x1 = objects(I, F, F, T)
    x2 = argmax(x1, size)
    O = subgrid(x2, I)
    return O


# List the minority colours as a column, most frequent first, leaving out the dominant one.
def solve_f8b3ba0a(I):
    x1 = palette(I)
    x2 = remove(ZERO, x1)
    x3 = lbind(colorcount, I)
    x4 = compose(invert, x3)
    x5 = order(x2, x4)
    x6 = first(x5)
    x7 = remove(x6, x5)
    x8 = rbind(repeat, ONE)
    O = apply(x8, x7)
    return O


# Colours of the largest shapes, left to right, as columns as tall as those shapes are big.
def solve_a3325580(I):
    x1 = objects(I, T, F, T)
    x2 = valmax(x1, size)
    x3 = sizefilter(x1, x2)
    x4 = order(x3, leftmost)
    x5 = apply(color, x4)
    O = repeat(x5, x2)
    return O
