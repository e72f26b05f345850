"""A module docstring, then comments and blank lines everywhere."""
# leading comment

# another one


def solve_0a0a0a0a(I):
    """Mirror the grid, then paint the mirror's objects."""
    # a comment inside the body

    x1 = vmirror(I)   # trailing comment
        # an oddly indented comment
    x2 = objects(x1, T, F, T)

    x3 = merge(x2)
    O = paint(I, x3)
    return O    # the result
# a comment between functions at column 0


def solve_0b0b0b0b(I):
    '''Single-quoted docstring.'''
    return I
   
