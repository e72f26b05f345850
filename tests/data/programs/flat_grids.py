# Grids of no cells as the reference makes them: the empty tuple `()`
# (canvas of a height under 1, trim of a grid under 3 rows, tophalf of one
# row, lefthalf of one column, crop outside the grid, upscale by 0) and
# rows of width 0 (canvas of a width under 1, hupscale by 0). The device
# holds them as grids of their own (whole.cuh's `g_flat`), inside function
# values too, and reads them as the reference does where it goes on
# (vconcat and hconcat, palette, asindices, height, width, shape, size,
# equality, colorcount) or raises (mostcolor). The results must be the CPU's.

def columns_padded_to_the_tallest(I):
    x1 = objects(I, T, F, T)
    x2 = valmax(x1, height)
    x3 = lbind(subtract, x2)
    x4 = rbind(astuple, ONE)
    x5 = chain(x4, x3, height)
    x6 = lbind(canvas, ZERO)
    x7 = compose(x6, x5)
    x8 = compose(x4, height)
    x9 = fork(canvas, color, x8)
    x10 = fork(vconcat, x9, x7)
    x11 = order(x1, height)
    x12 = apply(x10, x11)
    O = merge(x12)
    return O

def objects_with_nothing_inside(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(subgrid, I)
    x3 = chain(palette, trim, x2)
    x4 = compose(size, x3)
    x5 = matcher(x4, ZERO)
    x6 = sfilter(x1, x5)
    x7 = merge(x6)
    O = fill(I, FIVE, x7)
    return O

def the_core_of_the_largest_object(I):
    x1 = objects(I, F, F, T)
    x2 = argmax(x1, size)
    x3 = subgrid(x2, I)
    x4 = power(trim, TWO)
    x5 = x4(x3)
    x6 = asindices(x5)
    x7 = ulcorner(x2)
    x8 = add(x7, TWO_BY_TWO)
    x9 = shift(x6, x8)
    O = fill(I, EIGHT, x9)
    return O

def shapes_of_the_top_halves(I):
    x1 = objects(I, T, T, T)
    x2 = rbind(subgrid, I)
    x3 = chain(shape, tophalf, x2)
    x4 = apply(x3, x1)
    O = fill(I, ONE, x4)
    return O

def widths_of_the_left_halves(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(subgrid, I)
    x3 = chain(width, lefthalf, x2)
    x4 = chain(height, lefthalf, x2)
    x5 = fork(astuple, x4, x3)
    x6 = apply(x5, x1)
    O = fill(I, TWO, x6)
    return O

def a_window_counted_from_the_end(I):
    x1 = astuple(NEG_TWO, NEG_TWO)
    O = crop(I, x1, THREE_BY_THREE)
    return O

def the_last_two_rows_and_columns(I):
    x1 = astuple(NEG_TWO, NEG_TWO)
    x2 = invert(NEG_TWO)
    x3 = astuple(x2, x2)
    x4 = add(x1, NEG_UNITY)
    x5 = crop(I, x4, x3)
    O = vconcat(x5, x5)
    return O

def beside_rows_of_no_cells(I):
    x1 = height(I)
    x2 = astuple(x1, ZERO)
    x3 = canvas(ONE, x2)
    x4 = hconcat(x3, I)
    O = hconcat(x4, x3)
    return O

def below_the_empty_tuple(I):
    x1 = width(I)
    x2 = astuple(ZERO, x1)
    x3 = canvas(SEVEN, x2)
    x4 = vconcat(x3, I)
    O = vconcat(x4, x3)
    return O

def is_the_inside_empty_like_a_canvas(I):
    x1 = objects(I, T, F, T)
    x2 = rbind(subgrid, I)
    x3 = compose(trim, x2)
    x4 = canvas(ZERO, ORIGIN)
    x5 = matcher(x3, x4)
    x6 = sfilter(x1, x5)
    x7 = merge(x6)
    O = fill(I, SIX, x7)
    return O

def the_commonest_colour_inside_each(I):
    x1 = objects(I, F, F, T)
    x2 = rbind(subgrid, I)
    x3 = chain(mostcolor, trim, x2)
    x4 = fork(recolor, x3, identity)
    x5 = mapply(x4, x1)
    O = paint(I, x5)
    return O

def trimmed_three_times(I):
    x1 = power(trim, THREE)
    O = x1(I)
    return O

def rows_of_no_cells(I):
    O = hupscale(I, ZERO)
    return O

def the_top_half_of_rows_of_no_cells(I):
    x1 = hupscale(I, ZERO)
    x2 = tophalf(x1)
    x3 = height(x2)
    x4 = colorcount(x2, ZERO)
    x5 = numcolors(x2)
    x6 = add(x3, x5)
    x7 = astuple(x6, x4)
    x8 = increment(x7)
    O = canvas(THREE, x8)
    return O

def nothing_upscaled(I):
    x1 = vupscale(I, ZERO)
    x2 = size(x1)
    x3 = upscale(I, x2)
    O = vconcat(I, x3)
    return O
