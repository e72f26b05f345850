# Cheap grid programs: the cost of making one grid (and of an evaluation).
def solve_00000001(I):
    O = hmirror(I)
    return O

def solve_00000002(I):
    O = crop(I, ORIGIN, TWO_BY_TWO)
    return O

def solve_00000003(I):
    O = identity(I)
    return O
