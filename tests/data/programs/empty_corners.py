# Values the device holds no representation of (whole.rs, `Absent`): the
# corner of an empty patch is the empty tuple, and the first statement
# that reads it raises (IndexError, ValueError or StopIteration as the
# reference does) or goes on without it (remove, shift); `index` outside
# the grid is None, which `equality` compares; a canvas of no cells is
# `()` or rows of width 0, which `hconcat` zips with another grid's rows,
# and whose cells and colours are none (a device value of its own since,
# as in flat_grids.py). Within a function value, the
# corner of an empty patch raises where the primitive reading it next would
# (a fork's outer primitive, reading it last).
# The device follows each to that statement; the results must be the
# CPU's.

def shoot_from_the_sevens(I):
    x1 = ofcolor(I, SEVEN)
    x2 = urcorner(x1)
    x3 = shoot(x2, DOWN_LEFT)
    O = fill(I, SEVEN, x3)
    return O

def offset_of_two_colours(I):
    x1 = ofcolor(I, THREE)
    x2 = ofcolor(I, FOUR)
    x3 = llcorner(x1)
    x4 = lrcorner(x2)
    x5 = add(x3, x4)
    x6 = halve(x5)
    x7 = initset(x6)
    O = fill(I, FIVE, x7)
    return O

def colour_at_the_corner(I):
    x1 = ofcolor(I, SIX)
    x2 = ulcorner(x1)
    x3 = vmirror(I)
    x4 = index(x3, x2)
    x5 = replace(I, ZERO, x4)
    O = hmirror(x5)
    return O

def line_to_the_middle(I):
    x1 = objects(I, T, F, T)
    x2 = argmin(x1, size)
    x3 = ofcolor(I, EIGHT)
    x4 = centerofmass(x3)
    x5 = centerofmass(x2)
    x6 = connect(x5, x4)
    O = fill(I, EIGHT, x6)
    return O

def the_row_of_the_corner(I):
    x1 = ofcolor(I, NINE)
    x2 = lrcorner(x1)
    x3 = first(x2)
    x4 = last(x2)
    x5 = astuple(x3, x4)
    x6 = hfrontier(x5)
    O = fill(I, NINE, x6)
    return O

def a_canvas_as_large_as_the_corner(I):
    x1 = ofcolor(I, ONE)
    x2 = lrcorner(x1)
    x3 = increment(x2)
    x4 = canvas(TWO, x3)
    O = hconcat(x4, x4)
    return O

def the_corner_kept_as_a_value(I):
    x1 = ofcolor(I, FIVE)
    x2 = ulcorner(x1)
    x3 = initset(x2)
    x4 = shift(x3, UNITY)
    O = fill(I, FIVE, x4)
    return O

def all_but_the_corner(I):
    x1 = ofcolor(I, TWO)
    x2 = asindices(I)
    x3 = urcorner(x1)
    x4 = remove(x3, x2)
    x5 = box(x4)
    O = fill(I, TWO, x5)
    return O

def the_sevens_moved_to_the_corner_of_the_eights(I):
    x1 = ofcolor(I, SEVEN)
    x2 = ofcolor(I, EIGHT)
    x3 = ulcorner(x2)
    x4 = shift(x1, x3)
    x5 = size(x4)
    x6 = increment(x5)
    x7 = astuple(x6, x6)
    O = crop(I, ORIGIN, x7)
    return O

def is_the_far_cell_red(I):
    x1 = astuple(SEVEN, NINE)
    x2 = index(I, x1)
    x3 = equality(x2, TWO)
    x4 = branch(x3, ONE, EIGHT)
    O = replace(I, ZERO, x4)
    return O

def one_row_per_object_then_the_rest(I):
    x1 = objects(I, T, F, T)
    x2 = size(x1)
    x3 = astuple(TWO, x2)
    x4 = canvas(THREE, x3)
    O = hconcat(x4, I)
    return O

def the_input_beside_a_flat_canvas(I):
    x1 = colorcount(I, ZERO)
    x2 = subtract(TEN, x1)
    x3 = astuple(THREE, x2)
    x4 = canvas(ONE, x3)
    O = hconcat(I, x4)
    return O

def two_canvases_of_the_object_count(I):
    x1 = objects(I, T, F, T)
    x2 = size(x1)
    x3 = subtract(FIVE, x2)
    x4 = astuple(ONE, x2)
    x5 = astuple(ONE, x3)
    x6 = canvas(FOUR, x4)
    x7 = canvas(ZERO, x5)
    O = hconcat(x6, x7)
    return O

def upscaled_by_the_colours_left(I):
    x1 = numcolors(I)
    x2 = subtract(THREE, x1)
    O = upscale(I, x2)
    return O

def a_strip_as_wide_as_the_objects_left(I):
    x1 = objects(I, T, F, T)
    x2 = size(x1)
    x3 = subtract(THREE, x2)
    x4 = astuple(x2, x3)
    O = canvas(SIX, x4)
    return O

def the_corner_removed_then_kept(I):
    x1 = ofcolor(I, TWO)
    x2 = asindices(I)
    x3 = urcorner(x1)
    x4 = remove(x3, x2)
    x5 = initset(x3)
    x6 = combine(x4, x5)
    O = fill(I, TWO, x6)
    return O

def the_window_beyond_the_fifth_column(I):
    x1 = tojvec(FIVE)
    O = crop(I, x1, THREE_BY_THREE)
    return O

def cells_of_a_window_below(I):
    x1 = height(I)
    x2 = decrement(x1)
    x3 = toivec(x2)
    x4 = astuple(TWO, TWO)
    x5 = crop(I, x3, x4)
    x6 = asobject(x5)
    x7 = shift(x6, UNITY)
    O = paint(I, x7)
    return O

def the_inside_of_the_inside(I):
    x1 = trim(I)
    O = trim(x1)
    return O

def the_first_of_four_columns(I):
    x1 = hsplit(I, FOUR)
    O = first(x1)
    return O

def the_first_of_seven_rows(I):
    x1 = vsplit(I, SEVEN)
    O = first(x1)
    return O

def colours_of_the_left_half_of_the_first_object(I):
    x1 = objects(I, F, F, T)
    x2 = argmin(x1, width)
    x3 = subgrid(x2, I)
    x4 = lefthalf(x3)
    x5 = palette(x4)
    x6 = size(x5)
    x7 = increment(x6)
    x8 = astuple(x7, ONE)
    O = canvas(FIVE, x8)
    return O

def the_rarest_colour_inside(I):
    x1 = trim(I)
    x2 = leastcolor(x1)
    O = replace(I, x2, ZERO)
    return O

def the_widest_of_the_sevens(I):
    x1 = objects(I, T, F, T)
    x2 = colorfilter(x1, SEVEN)
    x3 = valmax(x2, width)
    x4 = astuple(x3, x3)
    O = canvas(SEVEN, x4)
    return O

def offsets_to_the_fives_within(I):
    x1 = objects(I, F, T, T)
    x2 = matcher(first, FIVE)
    x3 = rbind(sfilter, x2)
    x4 = compose(ulcorner, x3)
    x5 = fork(subtract, center, x4)
    x6 = apply(x5, x1)
    O = fill(I, FIVE, x6)
    return O

def the_corner_of_the_fives_read_first(I):
    x1 = objects(I, F, T, T)
    x2 = matcher(first, FIVE)
    x3 = rbind(sfilter, x2)
    x4 = compose(ulcorner, x3)
    x5 = fork(add, x4, center)
    x6 = apply(x5, x1)
    O = fill(I, FIVE, x6)
    return O
