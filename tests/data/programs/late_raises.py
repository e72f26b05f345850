# Programs that share statements. The battery merges them, and runs a
# program's nodes in ascending order, so a statement shared with an
# earlier program can run before this program's own earlier statements.
# Its raise is the one Python gives only where none of those can raise
# (whole.rs's `raises_late`, `never_raises`); otherwise the device leaves
# the evaluation to the CPU. The results must be the CPU's.

def the_centre_of_the_twos(I):
    x1 = ofcolor(I, TWO)
    x2 = center(x1)
    x3 = initset(x2)
    O = fill(I, FIVE, x3)
    return O

def the_centre_of_the_twos_after_a_line_test(I):
    x1 = ofcolor(I, TWO)
    x2 = vline(x1)
    x3 = center(x1)
    x4 = initset(x3)
    x5 = branch(x2, ONE, FIVE)
    O = fill(I, x5, x4)
    return O

def the_centre_of_the_twos_after_their_first(I):
    x1 = ofcolor(I, TWO)
    x2 = first(x1)
    x3 = center(x1)
    x4 = initset(x3)
    x5 = insert(x2, x4)
    O = fill(I, ONE, x5)
    return O
