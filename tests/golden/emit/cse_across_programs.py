# Two programs that share their first statements: the battery computes
# objects(I, T, F, T) and its largest object once for both.
def solve_aaaaaaaa(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    O = subgrid(x2, I)
    return O

def solve_bbbbbbbb(I):
    x1 = objects(I, T, F, T)
    x2 = argmax(x1, size)
    x3 = subgrid(x2, I)
    O = hmirror(x3)
    return O
