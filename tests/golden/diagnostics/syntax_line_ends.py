# One error per function: what follows a statement must end the line.
def solve_aa00000c(I):
    x1 = rot90(I) x2
    return x1


def solve_aa00000d(I):
    x1 = rot90(I)
    return x1 + x1


def solve_aa00000e(I):
    x1 = rbind(hsplit, TWO)
    x2 = rbind(x1, I)(I)
    return x2


def solve_aa00000f(I):
    x1 = rot90(I)
    x2 = x1
    return x2


def solve_aa000010(I):
    x1 = rot90(I)
    x2 == rot180(x1)
    return x2


def solve_aa000011(I):
    x1 = rot90(I)
    return


def solve_aa000012(I):
    "an unterminated docstring
    return I
