# Three functions, each with a different mistake in its `def` line: each is
# reported, one error per function.
def solve_aa000004(I)
    x1 = rot90(I)
    return x1


def solve_aa000005(I, J):
    x1 = hconcat(I, J)
    return x1


def (I):
    return I
