//! Tests of the grid primitives: every assertion of the reference test suite
//! for them, the degenerate inputs where the reference raises or returns
//! odd shapes, and checks on real ARC tasks.

use battgen_runtime::primitives::grids::*;
use battgen_runtime::{Cell, ErrorKind, Grid, Result, Value};

// ----- Python literals ---------------------------------------------------------

/// Parse a Python literal: ints, `True`, `False`, `None`, tuples and
/// `frozenset({...})` (a bare `{...}` is a frozenset too).
fn py(text: &str) -> Value {
    let mut p = Lit {
        s: text.as_bytes(),
        i: 0,
    };
    let v = p.value();
    p.ws();
    assert_eq!(p.i, p.s.len(), "trailing text in {text:?}");
    v
}

struct Lit<'a> {
    s: &'a [u8],
    i: usize,
}

impl Lit<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        *self.s.get(self.i).expect("unexpected end of literal")
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == c {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) {
        assert!(self.eat(c), "expected {:?} at {}", c as char, self.i);
    }
    /// Items up to `close`; also says whether a comma came last.
    fn items(&mut self, close: u8) -> (Vec<Value>, bool) {
        let mut items = Vec::new();
        let mut comma = false;
        while !self.eat(close) {
            items.push(self.value());
            comma = self.eat(b',');
            if !comma {
                self.expect(close);
                break;
            }
        }
        (items, comma)
    }
    fn value(&mut self) -> Value {
        match self.peek() {
            b'(' => {
                self.i += 1;
                let (mut items, comma) = self.items(b')');
                if items.len() == 1 && !comma {
                    items.pop().unwrap()
                } else {
                    Value::tuple(items)
                }
            }
            b'{' => {
                self.i += 1;
                Value::set(self.items(b'}').0)
            }
            c if c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                Value::Int(t.parse().unwrap())
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && self.s[self.i].is_ascii_alphanumeric() {
                    self.i += 1;
                }
                match &self.s[start..self.i] {
                    b"True" => Value::Bool(true),
                    b"False" => Value::Bool(false),
                    b"None" => Value::None,
                    b"frozenset" => {
                        self.expect(b'(');
                        if self.eat(b')') {
                            return Value::empty_set();
                        }
                        let inner = self.value();
                        self.expect(b')');
                        Value::set(inner.elems().unwrap())
                    }
                    other => panic!("unknown name {:?}", String::from_utf8_lossy(other)),
                }
            }
        }
    }
}

/// A grid literal, as a `Grid` value.
fn g(text: &str) -> Value {
    Value::grid(py(text).as_grid("test").unwrap().into_owned())
}

const T: Value = Value::Bool(true);
const F: Value = Value::Bool(false);

fn int(i: i64) -> Value {
    Value::Int(i)
}

fn kind(r: Result<Value>) -> ErrorKind {
    match r {
        Ok(v) => panic!("expected an error, got {v}"),
        Err(e) => e.kind,
    }
}

/// The grids of the reference test suite.
fn ga() -> Value {
    g("((1, 0), (0, 1), (1, 0))")
}
fn gb() -> Value {
    g("((2, 1), (0, 1), (2, 1))")
}
fn gc() -> Value {
    g("((3, 4), (5, 5))")
}
fn gd() -> Value {
    g("((1, 2, 3), (4, 5, 6), (7, 8, 0))")
}
fn ge() -> Value {
    g("((1, 2), (4, 5))")
}
fn gg() -> Value {
    g("((1, 0, 0, 0, 3), (0, 1, 1, 0, 0), (0, 1, 1, 2, 0), (0, 0, 2, 2, 0), (0, 2, 0, 0, 0))")
}
fn gk() -> Value {
    g(
        "((0, 0, 1, 0, 0, 1, 0, 0), (0, 0, 1, 0, 0, 1, 0, 0), (1, 1, 1, 1, 1, 1, 1, 1), \
       (0, 0, 1, 0, 0, 1, 0, 0), (0, 0, 1, 0, 0, 1, 0, 0), (1, 1, 1, 1, 1, 1, 1, 1), \
       (0, 0, 1, 0, 0, 1, 0, 0), (0, 0, 1, 0, 0, 1, 0, 0))",
    )
}

fn empty() -> Value {
    py("()")
}

/// Two rows of no cells: what `crop` beyond the right edge makes.
fn two_empty_rows() -> Value {
    py("((), ())")
}

// ----- the reference test suite ---------------------------------------------------

#[test]
fn reference_mostcolor_leastcolor() {
    assert_eq!(mostcolor(&gb()).unwrap(), int(1));
    assert_eq!(mostcolor(&gc()).unwrap(), int(5));
    assert_eq!(leastcolor(&gb()).unwrap(), int(0));
}

#[test]
fn reference_colorcount() {
    assert_eq!(colorcount(&ga(), &int(1)).unwrap(), int(3));
    assert_eq!(colorcount(&gc(), &int(5)).unwrap(), int(2));
    let o = py("frozenset({(1, (0, 0)), (2, (1, 0)), (2, (0, 1))})");
    assert_eq!(colorcount(&o, &int(2)).unwrap(), int(2));
    assert_eq!(colorcount(&o, &int(1)).unwrap(), int(1));
}

#[test]
fn reference_asindices_ofcolor() {
    assert_eq!(
        asindices(&ga()).unwrap(),
        py("frozenset({(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)})")
    );
    assert_eq!(
        asindices(&gc()).unwrap(),
        py("frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})")
    );
    assert_eq!(
        ofcolor(&ga(), &int(0)).unwrap(),
        py("frozenset({(0, 1), (1, 0), (2, 1)})")
    );
    assert_eq!(
        ofcolor(&gb(), &int(2)).unwrap(),
        py("frozenset({(0, 0), (2, 0)})")
    );
    assert_eq!(ofcolor(&gc(), &int(1)).unwrap(), py("frozenset()"));
}

#[test]
fn reference_crop() {
    assert_eq!(
        crop(&ga(), &py("(0, 0)"), &py("(2, 2)")).unwrap(),
        py("((1, 0), (0, 1))")
    );
    assert_eq!(
        crop(&gc(), &py("(0, 1)"), &py("(1, 1)")).unwrap(),
        py("((4,),)")
    );
    assert_eq!(
        crop(&gd(), &py("(1, 2)"), &py("(2, 1)")).unwrap(),
        py("((6,), (0,))")
    );
}

#[test]
fn reference_objects() {
    let gr = gg();
    assert_eq!(
        objects(&gr, &T, &F, &T).unwrap(),
        py("frozenset({frozenset({(3, (0, 4))}), frozenset({(1, (0, 0))}), frozenset({(2, (4, 1))}), \
            frozenset({(1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2))}), \
            frozenset({(2, (3, 2)), (2, (2, 3)), (2, (3, 3))})})")
    );
    assert_eq!(
        objects(&gr, &T, &T, &T).unwrap(),
        py("frozenset({frozenset({(3, (0, 4))}), \
            frozenset({(1, (0, 0)), (1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2))}), \
            frozenset({(2, (4, 1)), (2, (3, 2)), (2, (2, 3)), (2, (3, 3))})})")
    );
    assert_eq!(
        objects(&gr, &F, &F, &T).unwrap(),
        py("frozenset({frozenset({(3, (0, 4))}), frozenset({(1, (0, 0))}), frozenset({(2, (4, 1))}), \
            frozenset({(1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2)), (2, (3, 2)), (2, (2, 3)), (2, (3, 3))})})")
    );
    assert_eq!(
        objects(&gr, &F, &T, &T).unwrap(),
        py("frozenset({frozenset({(3, (0, 4))}), \
            frozenset({(1, (0, 0)), (1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2)), \
                       (2, (4, 1)), (2, (3, 2)), (2, (2, 3)), (2, (3, 3))})})")
    );
    assert_eq!(
        objects(&gr, &T, &F, &F).unwrap(),
        py("frozenset({frozenset({(3, (0, 4))}), frozenset({(1, (0, 0))}), frozenset({(2, (4, 1))}), \
            frozenset({(1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2))}), \
            frozenset({(2, (3, 2)), (2, (2, 3)), (2, (3, 3))}), \
            frozenset({(0, (1, 0)), (0, (2, 0)), (0, (3, 0)), (0, (4, 0)), (0, (3, 1))}), \
            frozenset({(0, (0, 1)), (0, (0, 2)), (0, (0, 3)), (0, (1, 3)), (0, (1, 4)), (0, (2, 4)), \
                       (0, (3, 4)), (0, (4, 4)), (0, (4, 3)), (0, (4, 2))})})")
    );
}

#[test]
fn reference_partition_fgpartition() {
    assert_eq!(
        partition(&gb()).unwrap(),
        py(
            "frozenset({frozenset({(0, (1, 0))}), frozenset({(2, (0, 0)), (2, (2, 0))}), \
            frozenset({(1, (0, 1)), (1, (1, 1)), (1, (2, 1))})})"
        )
    );
    assert_eq!(
        partition(&gg()).unwrap(),
        py("frozenset({frozenset({(1, (0, 0)), (1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2))}), \
            frozenset({(2, (4, 1)), (2, (3, 2)), (2, (2, 3)), (2, (3, 3))}), frozenset({(3, (0, 4))}), \
            frozenset({(0, (0, 1)), (0, (0, 2)), (0, (0, 3)), (0, (1, 0)), (0, (1, 3)), (0, (1, 4)), \
                       (0, (2, 0)), (0, (2, 4)), (0, (3, 0)), (0, (3, 1)), (0, (3, 4)), (0, (4, 0)), \
                       (0, (4, 2)), (0, (4, 3)), (0, (4, 4))})})")
    );
    assert_eq!(
        fgpartition(&gb()).unwrap(),
        py("frozenset({frozenset({(0, (1, 0))}), frozenset({(2, (0, 0)), (2, (2, 0))})})")
    );
    assert_eq!(
        fgpartition(&gg()).unwrap(),
        py("frozenset({frozenset({(1, (0, 0)), (1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2))}), \
            frozenset({(2, (4, 1)), (2, (3, 2)), (2, (2, 3)), (2, (3, 3))}), frozenset({(3, (0, 4))})})")
    );
}

#[test]
fn reference_palette_numcolors() {
    let three = py("frozenset({(1, (1, 1)), (2, (0, 0)), (2, (1, 0)), (3, (0, 1))})");
    let one = py("frozenset({(1, (1, 1)), (1, (0, 0)), (1, (1, 0)), (1, (0, 1))})");
    assert_eq!(palette(&three).unwrap(), py("frozenset({1, 2, 3})"));
    assert_eq!(palette(&one).unwrap(), py("frozenset({1})"));
    assert_eq!(numcolors(&three).unwrap(), int(3));
    assert_eq!(numcolors(&one).unwrap(), int(1));
}

#[test]
fn reference_toobject_asobject() {
    assert_eq!(
        toobject(&py("frozenset({(0, 0), (0, 2)})"), &gg()).unwrap(),
        py("frozenset({(1, (0, 0)), (0, (0, 2))})")
    );
    assert_eq!(
        toobject(&py("frozenset({(0, 4)})"), &gg()).unwrap(),
        py("frozenset({(3, (0, 4))})")
    );
    assert_eq!(
        asobject(&ga()).unwrap(),
        py("frozenset({(0, (0, 1)), (0, (1, 0)), (0, (2, 1)), (1, (0, 0)), (1, (1, 1)), (1, (2, 0))})")
    );
}

#[test]
fn reference_rotations() {
    assert_eq!(rot90(&gb()).unwrap(), py("((2, 0, 2), (1, 1, 1))"));
    assert_eq!(rot90(&gc()).unwrap(), py("((5, 3), (5, 4))"));
    assert_eq!(rot180(&gb()).unwrap(), py("((1, 2), (1, 0), (1, 2))"));
    assert_eq!(rot180(&gc()).unwrap(), py("((5, 5), (4, 3))"));
    assert_eq!(rot270(&gb()).unwrap(), py("((1, 1, 1), (2, 0, 2))"));
    assert_eq!(rot270(&gc()).unwrap(), py("((4, 5), (3, 5))"));
}

#[test]
fn reference_fill_paint() {
    assert_eq!(
        fill(&gb(), &int(3), &py("frozenset({(0, 0), (1, 1)})")).unwrap(),
        py("((3, 1), (0, 3), (2, 1))")
    );
    assert_eq!(
        fill(&gc(), &int(1), &py("frozenset({(1, 0)})")).unwrap(),
        py("((3, 4), (1, 5))")
    );
    assert_eq!(
        paint(&gb(), &py("frozenset({(1, (0, 0)), (2, (1, 1))})")).unwrap(),
        py("((1, 1), (0, 2), (2, 1))")
    );
    assert_eq!(
        paint(&gc(), &py("frozenset({(6, (1, 0))})")).unwrap(),
        py("((3, 4), (6, 5))")
    );
    assert_eq!(
        underfill(&gc(), &int(1), &py("frozenset({(0, 0), (1, 0)})")).unwrap(),
        py("((3, 4), (1, 5))")
    );
    assert_eq!(
        underpaint(&gb(), &py("frozenset({(3, (0, 0)), (3, (1, 1))})")).unwrap(),
        py("((2, 1), (0, 3), (2, 1))")
    );
    assert_eq!(
        underpaint(&gc(), &py("frozenset({(3, (1, 1))})")).unwrap(),
        py("((3, 4), (5, 3))")
    );
}

#[test]
fn reference_upscale_downscale() {
    assert_eq!(hupscale(&gb(), &int(1)).unwrap(), gb());
    assert_eq!(hupscale(&gc(), &int(1)).unwrap(), gc());
    assert_eq!(
        hupscale(&gb(), &int(2)).unwrap(),
        py("((2, 2, 1, 1), (0, 0, 1, 1), (2, 2, 1, 1))")
    );
    assert_eq!(
        hupscale(&gc(), &int(2)).unwrap(),
        py("((3, 3, 4, 4), (5, 5, 5, 5))")
    );
    assert_eq!(vupscale(&gb(), &int(1)).unwrap(), gb());
    assert_eq!(vupscale(&gc(), &int(1)).unwrap(), gc());
    assert_eq!(
        vupscale(&gb(), &int(2)).unwrap(),
        py("((2, 1), (2, 1), (0, 1), (0, 1), (2, 1), (2, 1))")
    );
    assert_eq!(
        vupscale(&gc(), &int(2)).unwrap(),
        py("((3, 4), (3, 4), (5, 5), (5, 5))")
    );
    assert_eq!(downscale(&gb(), &int(1)).unwrap(), gb());
    assert_eq!(downscale(&gc(), &int(1)).unwrap(), gc());
    let big_b =
        g("((2, 2, 1, 1), (2, 2, 1, 1), (0, 0, 1, 1), (0, 0, 1, 1), (2, 2, 1, 1), (2, 2, 1, 1))");
    assert_eq!(downscale(&big_b, &int(2)).unwrap(), gb());
    let big_c = g("((3, 3, 4, 4), (3, 3, 4, 4), (5, 5, 5, 5), (5, 5, 5, 5))");
    assert_eq!(downscale(&big_c, &int(2)).unwrap(), gc());
}

#[test]
fn reference_concat() {
    assert_eq!(
        hconcat(&ga(), &gb()).unwrap(),
        py("((1, 0, 2, 1), (0, 1, 0, 1), (1, 0, 2, 1))")
    );
    assert_eq!(
        hconcat(&gb(), &ga()).unwrap(),
        py("((2, 1, 1, 0), (0, 1, 0, 1), (2, 1, 1, 0))")
    );
    assert_eq!(
        vconcat(&ga(), &gb()).unwrap(),
        py("((1, 0), (0, 1), (1, 0), (2, 1), (0, 1), (2, 1))")
    );
    assert_eq!(
        vconcat(&gb(), &ga()).unwrap(),
        py("((2, 1), (0, 1), (2, 1), (1, 0), (0, 1), (1, 0))")
    );
    assert_eq!(
        vconcat(&gb(), &gc()).unwrap(),
        py("((2, 1), (0, 1), (2, 1), (3, 4), (5, 5))")
    );
}

#[test]
fn reference_subgrid() {
    assert_eq!(
        subgrid(&py("frozenset({(3, (0, 0))})"), &gc()).unwrap(),
        py("((3,),)")
    );
    assert_eq!(
        subgrid(&py("frozenset({(5, (1, 0)), (5, (1, 1))})"), &gc()).unwrap(),
        py("((5, 5),)")
    );
    assert_eq!(
        subgrid(&py("frozenset({(2, (0, 1)), (4, (1, 0))})"), &gd()).unwrap(),
        py("((1, 2), (4, 5))")
    );
    assert_eq!(
        subgrid(&py("frozenset({(1, (0, 0)), (0, (2, 2))})"), &gd()).unwrap(),
        gd()
    );
}

#[test]
fn reference_splits() {
    let tup = |v: Value| Value::tuple(vec![v]);
    assert_eq!(hsplit(&gb(), &int(1)).unwrap(), tup(gb()));
    assert_eq!(
        hsplit(&gb(), &int(2)).unwrap(),
        py("(((2,), (0,), (2,)), ((1,), (1,), (1,)))")
    );
    assert_eq!(hsplit(&gc(), &int(1)).unwrap(), tup(gc()));
    assert_eq!(
        hsplit(&gc(), &int(2)).unwrap(),
        py("(((3,), (5,)), ((4,), (5,)))")
    );
    assert_eq!(vsplit(&gb(), &int(1)).unwrap(), tup(gb()));
    assert_eq!(
        vsplit(&gb(), &int(3)).unwrap(),
        py("(((2, 1),), ((0, 1),), ((2, 1),))")
    );
    assert_eq!(vsplit(&gc(), &int(1)).unwrap(), tup(gc()));
    assert_eq!(
        vsplit(&gc(), &int(2)).unwrap(),
        py("(((3, 4),), ((5, 5),))")
    );
}

#[test]
fn reference_cellwise_replace_switch() {
    assert_eq!(
        cellwise(&ga(), &gb(), &int(0)).unwrap(),
        py("((0, 0), (0, 1), (0, 0))")
    );
    assert_eq!(
        cellwise(&gc(), &ge(), &int(0)).unwrap(),
        py("((0, 0), (0, 5))")
    );
    assert_eq!(
        replace(&gb(), &int(2), &int(3)).unwrap(),
        py("((3, 1), (0, 1), (3, 1))")
    );
    assert_eq!(
        replace(&gc(), &int(5), &int(0)).unwrap(),
        py("((3, 4), (0, 0))")
    );
    assert_eq!(
        switch(&gc(), &int(3), &int(4)).unwrap(),
        py("((4, 3), (5, 5))")
    );
}

#[test]
fn reference_index_canvas() {
    assert_eq!(index(&gc(), &py("(0, 0)")).unwrap(), int(3));
    assert_eq!(index(&gd(), &py("(1, 2)")).unwrap(), int(6));
    assert_eq!(canvas(&int(3), &py("(1, 2)")).unwrap(), py("((3, 3),)"));
    assert_eq!(
        canvas(&int(2), &py("(3, 1)")).unwrap(),
        py("((2,), (2,), (2,))")
    );
}

#[test]
fn reference_cover_trim_move() {
    assert_eq!(
        cover(&gc(), &py("frozenset({(0, 0)})")).unwrap(),
        py("((5, 4), (5, 5))")
    );
    assert_eq!(trim(&gd()).unwrap(), py("((5,),)"));
    assert_eq!(
        r#move(&gc(), &py("frozenset({(3, (0, 0))})"), &py("(1, 1)")).unwrap(),
        py("((5, 4), (5, 3))")
    );
}

#[test]
fn reference_halves() {
    assert_eq!(tophalf(&gc()).unwrap(), py("((3, 4),)"));
    assert_eq!(tophalf(&gd()).unwrap(), py("((1, 2, 3),)"));
    assert_eq!(bottomhalf(&gc()).unwrap(), py("((5, 5),)"));
    assert_eq!(bottomhalf(&gd()).unwrap(), py("((7, 8, 0),)"));
    assert_eq!(lefthalf(&gc()).unwrap(), py("((3,), (5,))"));
    assert_eq!(lefthalf(&gd()).unwrap(), py("((1,), (4,), (7,))"));
    assert_eq!(righthalf(&gc()).unwrap(), py("((4,), (5,))"));
    assert_eq!(righthalf(&gd()).unwrap(), py("((3,), (6,), (0,))"));
}

#[test]
fn reference_occurrences_frontiers_compress() {
    assert_eq!(
        occurrences(&gg(), &py("frozenset({(1, (0, 0)), (1, (0, 1))})")).unwrap(),
        py("frozenset({(1, 1), (2, 1)})")
    );
    assert_eq!(
        frontiers(&gc()).unwrap(),
        py("frozenset({frozenset({(5, (1, 0)), (5, (1, 1))})})")
    );
    let zeros = Value::grid(Grid::filled(6, 6, 0));
    assert_eq!(compress(&gk()).unwrap(), zeros);
}

// ----- colour statistics: ties, objects, degenerate input ------------------------------

#[test]
fn mostcolor_ties_pick_the_smallest_colour() {
    let tie = g("((2, 1), (1, 2))");
    assert_eq!(mostcolor(&tie).unwrap(), int(1));
    assert_eq!(leastcolor(&tie).unwrap(), int(1));
    let three = g("((3, 3, 1, 1, 2, 2, 0),)");
    assert_eq!(mostcolor(&three).unwrap(), int(1));
    assert_eq!(leastcolor(&three).unwrap(), int(0));
    let obj = py("frozenset({(5, (0, 0)), (3, (0, 1)), (7, (1, 1)), (7, (2, 2))})");
    assert_eq!(mostcolor(&obj).unwrap(), int(7));
    assert_eq!(leastcolor(&obj).unwrap(), int(3));
    // Negative colours order before the others.
    let neg = g("((-3, 4), (4, -3))");
    assert_eq!(mostcolor(&neg).unwrap(), int(-3));
}

#[test]
fn colour_statistics_of_nothing() {
    for e in [empty(), two_empty_rows(), py("frozenset()")] {
        assert_eq!(kind(mostcolor(&e)), ErrorKind::Value, "{e}");
        assert_eq!(kind(leastcolor(&e)), ErrorKind::Value, "{e}");
        assert_eq!(colorcount(&e, &int(0)).unwrap(), int(0));
        assert_eq!(palette(&e).unwrap(), py("frozenset()"));
        assert_eq!(numcolors(&e).unwrap(), int(0));
    }
    assert_eq!(kind(mostcolor(&int(3))), ErrorKind::Type);
}

#[test]
fn colour_statistics_of_other_shapes() {
    // A tuple of tuples is a grid whatever its representation.
    let tuple_grid = py("((1, 1), (2, 3))");
    assert_eq!(mostcolor(&tuple_grid).unwrap(), int(1));
    assert_eq!(palette(&tuple_grid).unwrap(), py("frozenset({1, 2, 3})"));
    // Indices unpack as `v, _ = (i, j)`: their rows count as colours.
    let idx = py("frozenset({(0, 5), (0, 6), (3, 3)})");
    assert_eq!(mostcolor(&idx).unwrap(), int(0));
    assert_eq!(leastcolor(&idx).unwrap(), int(3));
    assert_eq!(palette(&idx).unwrap(), py("frozenset({0, 3})"));
    assert_eq!(colorcount(&idx, &int(0)).unwrap(), int(2));
    // Values that are not colours count as nothing.
    assert_eq!(colorcount(&gc(), &int(1000)).unwrap(), int(0));
    assert_eq!(colorcount(&gc(), &py("(5, 5)")).unwrap(), int(0));
    assert_eq!(colorcount(&gc(), &T).unwrap(), int(0));
    assert_eq!(colorcount(&ga(), &T).unwrap(), int(3));
}

// ----- conversions -------------------------------------------------------------------------

#[test]
fn indices_and_objects_of_degenerate_grids() {
    for e in [empty(), two_empty_rows()] {
        assert_eq!(asindices(&e).unwrap(), py("frozenset()"));
        assert_eq!(ofcolor(&e, &int(0)).unwrap(), py("frozenset()"));
        assert_eq!(asobject(&e).unwrap(), py("frozenset()"));
        assert_eq!(partition(&e).unwrap(), py("frozenset()"));
        assert_eq!(kind(fgpartition(&e)), ErrorKind::Value);
    }
    assert_eq!(ofcolor(&gc(), &int(300)).unwrap(), py("frozenset()"));
    assert_eq!(
        kind(toobject(&py("frozenset()"), &empty())),
        ErrorKind::Index
    );
    assert_eq!(
        toobject(&py("frozenset()"), &two_empty_rows()).unwrap(),
        py("frozenset()")
    );
}

#[test]
fn toobject_ignores_locations_outside() {
    let p = py("frozenset({(-1, 0), (0, 0), (1, 1), (2, 0), (0, 7)})");
    assert_eq!(
        toobject(&p, &gc()).unwrap(),
        py("frozenset({(3, (0, 0)), (5, (1, 1))})")
    );
    // An object patch gives its locations; its colours are not used.
    let o = py("frozenset({(9, (0, 1)), (8, (1, 0))})");
    assert_eq!(
        toobject(&o, &gc()).unwrap(),
        py("frozenset({(4, (0, 1)), (5, (1, 0))})")
    );
}

#[test]
fn objects_of_degenerate_grids() {
    assert_eq!(kind(objects(&empty(), &T, &F, &T)), ErrorKind::Value);
    assert_eq!(kind(objects(&empty(), &T, &F, &F)), ErrorKind::Index);
    assert_eq!(
        kind(objects(&two_empty_rows(), &T, &F, &T)),
        ErrorKind::Value
    );
    assert_eq!(
        objects(&two_empty_rows(), &F, &T, &F).unwrap(),
        py("frozenset()")
    );
    // Without a background every cell qualifies: one object, the grid.
    assert_eq!(
        objects(&gg(), &F, &F, &F).unwrap(),
        Value::set(vec![asobject(&gg()).unwrap()])
    );
    // A uniform grid has nothing but background.
    assert_eq!(
        objects(&g("((4, 4), (4, 4))"), &T, &T, &T).unwrap(),
        py("frozenset()")
    );
    // Truthiness decides the flags, as in Python.
    assert_eq!(
        objects(&gg(), &int(5), &py("()"), &py("(0,)")).unwrap(),
        objects(&gg(), &T, &F, &T).unwrap()
    );
}

#[test]
fn objects_diagonal_chains() {
    let grid = g("((1, 0, 2), (0, 1, 0), (2, 0, 1))");
    assert_eq!(
        objects(&grid, &T, &T, &T).unwrap(),
        py(
            "frozenset({frozenset({(1, (0, 0)), (1, (1, 1)), (1, (2, 2))}), \
            frozenset({(2, (0, 2))}), frozenset({(2, (2, 0))})})"
        )
    );
    assert_eq!(
        objects(&grid, &F, &T, &T).unwrap(),
        py("frozenset({frozenset({(1, (0, 0)), (1, (1, 1)), (1, (2, 2)), (2, (0, 2)), (2, (2, 0))})})")
    );
    assert_eq!(objects(&grid, &F, &F, &T).unwrap().len().unwrap(), 5);
}

// ----- crops, halves, rotations of odd shapes ---------------------------------------------------

#[test]
fn crop_beyond_the_edges() {
    // Columns past the edge leave rows without cells.
    assert_eq!(
        crop(&gc(), &py("(0, 5)"), &py("(2, 2)")).unwrap(),
        two_empty_rows()
    );
    // Rows past the edge leave nothing.
    assert_eq!(crop(&gc(), &py("(5, 0)"), &py("(1, 1)")).unwrap(), empty());
    // Negative starts count from the end, as Python slices do.
    assert_eq!(
        crop(&gd(), &py("(-2, 1)"), &py("(4, 1)")).unwrap(),
        py("((5,),)")
    );
    assert_eq!(crop(&gd(), &py("(-1, 0)"), &py("(2, 3)")).unwrap(), empty());
    assert_eq!(
        crop(&gd(), &py("(1, -2)"), &py("(1, 5)")).unwrap(),
        py("((5, 6),)")
    );
    assert_eq!(
        crop(&gd(), &py("(0, 0)"), &py("(-1, -1)")).unwrap(),
        py("((1, 2), (4, 5))")
    );
    // Huge numbers clamp.
    let huge = format!("({}, {})", i64::MAX, i64::MAX);
    assert_eq!(crop(&gd(), &py("(0, 0)"), &py(&huge)).unwrap(), gd());
    // `start[1]` is read only once a row is kept.
    assert_eq!(crop(&gc(), &py("(5,)"), &py("(0,)")).unwrap(), empty());
    assert_eq!(
        kind(crop(&gc(), &py("(0,)"), &py("(1,)"))),
        ErrorKind::Index
    );
    assert_eq!(kind(crop(&gc(), &int(0), &py("(1, 1)"))), ErrorKind::Type);
    assert_eq!(
        kind(crop(&gc(), &py("(None, 0)"), &py("(1, 1)"))),
        ErrorKind::Type
    );
    assert_eq!(
        crop(&gc(), &py("(True, False)"), &py("(1, 2)")).unwrap(),
        py("((5, 5),)")
    );
}

#[test]
fn trim_and_halves_of_small_grids() {
    assert_eq!(trim(&gc()).unwrap(), empty());
    assert_eq!(trim(&g("((1, 2), (3, 4), (5, 6))")).unwrap(), py("((),)"));
    assert_eq!(trim(&empty()).unwrap(), empty());
    let col = g("((1,), (2,), (3,))");
    assert_eq!(lefthalf(&col).unwrap(), empty());
    assert_eq!(righthalf(&col).unwrap(), empty());
    assert_eq!(tophalf(&col).unwrap(), py("((1,),)"));
    assert_eq!(bottomhalf(&col).unwrap(), py("((3,),)"));
    let row = g("((1, 2, 3),)");
    assert_eq!(tophalf(&row).unwrap(), empty());
    assert_eq!(bottomhalf(&row).unwrap(), empty());
    assert_eq!(lefthalf(&row).unwrap(), py("((1,),)"));
    assert_eq!(righthalf(&row).unwrap(), py("((3,),)"));
    assert_eq!(lefthalf(&two_empty_rows()).unwrap(), empty());
    let four = g("((1, 2, 3, 4),)");
    assert_eq!(righthalf(&four).unwrap(), py("((3, 4),)"));
    for e in [empty(), two_empty_rows()] {
        assert_eq!(rot90(&e).unwrap(), empty());
        assert_eq!(rot270(&e).unwrap(), empty());
        assert_eq!(rot180(&e).unwrap(), e);
        assert_eq!(compress(&e).unwrap(), e);
    }
    assert_eq!(
        tophalf(&g("((1,), (2,), (3,), (4,))")).unwrap(),
        py("((1,), (2,))")
    );
    assert_eq!(tophalf(&py("((), (), ())")).unwrap(), py("((),)"));
}

#[test]
fn subgrid_of_odd_patches() {
    assert_eq!(kind(subgrid(&py("frozenset()"), &gc())), ErrorKind::Index);
    assert_eq!(
        subgrid(&py("frozenset({(0, 1), (1, 1)})"), &gc()).unwrap(),
        py("((4,), (5,))")
    );
    // A patch reaching past the edge is clipped by the crop.
    assert_eq!(
        subgrid(&py("frozenset({(1, 1), (2, 3)})"), &gc()).unwrap(),
        py("((5,),)")
    );
    // Negative rows: the crop slices from the end.
    assert_eq!(
        subgrid(&py("frozenset({(-1, 0), (0, 0)})"), &gd()).unwrap(),
        empty()
    );
}

// ----- painting ----------------------------------------------------------------------------

#[test]
fn fill_and_paint_ignore_cells_outside() {
    let outside = py("frozenset({(5, 5), (-1, 0), (0, -1), (2, 0)})");
    assert_eq!(fill(&gc(), &int(7), &outside).unwrap(), gc());
    let obj = py("frozenset({(7, (5, 5)), (7, (-1, 0)), (8, (1, 1))})");
    assert_eq!(paint(&gc(), &obj).unwrap(), py("((3, 4), (5, 8))"));
    // Something that is not a colour can be stored only where no cell gets it.
    assert_eq!(fill(&gc(), &int(300), &outside).unwrap(), gc());
    assert_eq!(fill(&gc(), &py("None"), &py("frozenset()")).unwrap(), gc());
    assert_eq!(
        kind(fill(&gc(), &int(300), &py("frozenset({(0, 0)})"))),
        ErrorKind::Unsupported
    );
    // `value, (i, j)` cannot be unpacked from a location.
    assert_eq!(
        kind(paint(&gc(), &py("frozenset({(0, 0)})"))),
        ErrorKind::Type
    );
    assert_eq!(paint(&gc(), &py("frozenset()")).unwrap(), gc());
    // A tuple of cells paints too.
    assert_eq!(
        paint(&gc(), &py("((0, (0, 0)),)")).unwrap(),
        py("((0, 4), (5, 5))")
    );
    // Filling with an object patch uses its locations.
    assert_eq!(
        fill(&gc(), &int(0), &py("frozenset({(9, (1, 1))})")).unwrap(),
        py("((3, 4), (5, 0))")
    );
    for f in [
        fill(&empty(), &int(1), &py("frozenset()")),
        paint(&empty(), &py("frozenset()")),
    ] {
        assert_eq!(kind(f), ErrorKind::Index);
    }
    assert_eq!(
        fill(&two_empty_rows(), &int(1), &py("frozenset({(0, 0)})")).unwrap(),
        two_empty_rows()
    );
}

#[test]
fn under_and_cover_need_a_background() {
    assert_eq!(
        kind(underfill(&empty(), &int(1), &py("frozenset()"))),
        ErrorKind::Index
    );
    assert_eq!(
        kind(underfill(&two_empty_rows(), &int(1), &py("frozenset()"))),
        ErrorKind::Value
    );
    assert_eq!(
        kind(underpaint(&two_empty_rows(), &py("frozenset()"))),
        ErrorKind::Value
    );
    assert_eq!(kind(cover(&empty(), &py("frozenset()"))), ErrorKind::Value);
    // Only background cells change.
    let grid = g("((0, 0, 1), (0, 2, 0))");
    assert_eq!(
        underfill(
            &grid,
            &int(7),
            &py("frozenset({(0, 1), (0, 2), (1, 1), (1, 2)})")
        )
        .unwrap(),
        py("((0, 7, 1), (0, 2, 7))")
    );
    assert_eq!(
        underpaint(
            &grid,
            &py("frozenset({(5, (0, 0)), (5, (0, 2)), (6, (9, 9))})")
        )
        .unwrap(),
        py("((5, 0, 1), (0, 2, 0))")
    );
    assert_eq!(
        cover(&grid, &py("frozenset({(1, (0, 2)), (2, (1, 1))})")).unwrap(),
        Value::grid(Grid::filled(2, 3, 0))
    );
}

#[test]
fn move_edge_cases() {
    let grid = g("((0, 0, 0), (0, 3, 0), (0, 0, 0))");
    let obj = py("frozenset({(3, (1, 1))})");
    // Off the grid: the object is covered and not painted.
    assert_eq!(
        r#move(&grid, &obj, &py("(5, 0)")).unwrap(),
        Value::grid(Grid::filled(3, 3, 0))
    );
    assert_eq!(
        r#move(&grid, &obj, &py("(-1, 1)")).unwrap(),
        py("((0, 0, 3), (0, 0, 0), (0, 0, 0))")
    );
    let huge = format!("({}, {})", i64::MAX, i64::MIN);
    assert_eq!(
        r#move(&grid, &obj, &py(&huge)).unwrap(),
        Value::grid(Grid::filled(3, 3, 0))
    );
    // An empty object moves nothing, and the offset is never read.
    assert_eq!(
        r#move(&grid, &py("frozenset()"), &py("None")).unwrap(),
        grid
    );
    assert_eq!(
        kind(r#move(&grid, &obj, &py("(1, 2, 3)"))),
        ErrorKind::Value
    );
    assert_eq!(
        kind(r#move(&grid, &py("frozenset({(1, 1)})"), &py("(0, 1)"))),
        ErrorKind::Type
    );
    assert_eq!(
        kind(r#move(&empty(), &obj, &py("(0, 1)"))),
        ErrorKind::Value
    );
}

// ----- recolouring -----------------------------------------------------------------------------

#[test]
fn replace_switch_cellwise_edges() {
    assert_eq!(replace(&gc(), &int(9), &py("None")).unwrap(), gc());
    assert_eq!(replace(&gc(), &int(1000), &int(1)).unwrap(), gc());
    assert_eq!(
        kind(replace(&gc(), &int(5), &int(1000))),
        ErrorKind::Unsupported
    );
    assert_eq!(replace(&empty(), &int(1), &int(2)).unwrap(), empty());
    assert_eq!(switch(&gc(), &int(5), &int(5)).unwrap(), gc());
    assert_eq!(
        switch(&gc(), &int(5), &int(9)).unwrap(),
        py("((3, 4), (9, 9))")
    );
    assert_eq!(
        switch(&gc(), &int(9), &int(5)).unwrap(),
        py("((3, 4), (9, 9))")
    );
    assert_eq!(switch(&gc(), &T, &int(3)).unwrap(), py("((1, 4), (5, 5))"));
    assert_eq!(
        kind(switch(&gc(), &int(1000), &int(5))),
        ErrorKind::Unsupported
    );
    assert_eq!(switch(&gc(), &int(1000), &int(7)).unwrap(), gc());
    // `b` must be at least as large as `a`, unless `a` has no columns.
    assert_eq!(kind(cellwise(&gd(), &gc(), &int(0))), ErrorKind::Index);
    assert_eq!(
        cellwise(&gc(), &gd(), &int(0)).unwrap(),
        py("((0, 0), (0, 5))")
    );
    assert_eq!(kind(cellwise(&empty(), &gc(), &int(0))), ErrorKind::Index);
    assert_eq!(
        cellwise(&two_empty_rows(), &py("None"), &int(0)).unwrap(),
        two_empty_rows()
    );
    assert_eq!(cellwise(&gc(), &gc(), &py("None")).unwrap(), gc());
    assert_eq!(
        kind(cellwise(&gc(), &ge(), &py("None"))),
        ErrorKind::Unsupported
    );
}

#[test]
fn index_outside_is_none() {
    assert_eq!(index(&gc(), &py("(2, 0)")).unwrap(), Value::None);
    assert_eq!(index(&gc(), &py("(0, 2)")).unwrap(), Value::None);
    assert_eq!(index(&gc(), &py("(-1, 0)")).unwrap(), Value::None);
    assert_eq!(index(&gc(), &py("(True, False)")).unwrap(), int(5));
    assert_eq!(kind(index(&empty(), &py("(0, 0)"))), ErrorKind::Index);
    assert_eq!(kind(index(&gc(), &py("(1, 2, 3)"))), ErrorKind::Value);
    assert_eq!(kind(index(&gc(), &int(1))), ErrorKind::Type);
    assert_eq!(kind(index(&gc(), &py("(None, 0)"))), ErrorKind::Type);
    // A frozenset unpacks, but cannot be subscripted.
    assert_eq!(index(&gc(), &py("frozenset({5, 6})")).unwrap(), Value::None);
    assert_eq!(
        kind(index(&gc(), &py("frozenset({0, 1})"))),
        ErrorKind::Type
    );
}

#[test]
fn canvas_dimensions() {
    assert_eq!(canvas(&int(3), &py("(-1, 5)")).unwrap(), empty());
    assert_eq!(canvas(&int(3), &py("(2, -1)")).unwrap(), two_empty_rows());
    assert_eq!(canvas(&int(3), &py("(0,)")).unwrap(), empty());
    assert_eq!(kind(canvas(&int(3), &py("(1,)"))), ErrorKind::Index);
    assert_eq!(kind(canvas(&int(3), &int(2))), ErrorKind::Type);
    assert_eq!(canvas(&int(300), &py("(0, 5)")).unwrap(), empty());
    assert_eq!(
        kind(canvas(&int(300), &py("(1, 1)"))),
        ErrorKind::Unsupported
    );
    assert_eq!(canvas(&T, &py("(1, 1)")).unwrap(), py("((1,),)"));
    assert_eq!(
        kind(canvas(&int(0), &py("(100000, 100000)"))),
        ErrorKind::Unsupported
    );
}

// ----- scaling ---------------------------------------------------------------------------

#[test]
fn scaling_by_odd_factors() {
    assert_eq!(hupscale(&gc(), &int(0)).unwrap(), two_empty_rows());
    assert_eq!(hupscale(&gc(), &int(-3)).unwrap(), two_empty_rows());
    assert_eq!(vupscale(&gc(), &int(0)).unwrap(), empty());
    assert_eq!(hupscale(&empty(), &py("None")).unwrap(), empty());
    assert_eq!(
        hupscale(&two_empty_rows(), &py("None")).unwrap(),
        two_empty_rows()
    );
    assert_eq!(
        kind(vupscale(&two_empty_rows(), &py("None"))),
        ErrorKind::Type
    );
    assert_eq!(
        vupscale(&two_empty_rows(), &int(2)).unwrap(),
        py("((), (), (), ())")
    );
    assert_eq!(
        kind(hupscale(&gc(), &int(i64::MAX))),
        ErrorKind::Unsupported
    );
    assert_eq!(kind(vupscale(&gc(), &int(1 << 40))), ErrorKind::Unsupported);
    assert_eq!(kind(downscale(&gc(), &int(0))), ErrorKind::ZeroDivision);
    assert_eq!(kind(downscale(&empty(), &int(0))), ErrorKind::Index);
    assert_eq!(kind(downscale(&gc(), &py("None"))), ErrorKind::Type);
    assert_eq!(downscale(&gd(), &int(-2)).unwrap(), py("((1, 3), (7, 0))"));
    assert_eq!(downscale(&gd(), &int(2)).unwrap(), py("((1, 3), (7, 0))"));
    assert_eq!(downscale(&gd(), &int(i64::MIN)).unwrap(), py("((1,),)"));
    assert_eq!(downscale(&two_empty_rows(), &int(5)).unwrap(), py("((),)"));
}

// ----- concatenation and splitting ------------------------------------------------------------

#[test]
fn concat_of_mismatched_grids() {
    // The shorter grid decides the height.
    assert_eq!(
        hconcat(&gd(), &gc()).unwrap(),
        py("((1, 2, 3, 3, 4), (4, 5, 6, 5, 5))")
    );
    assert_eq!(hconcat(&empty(), &gc()).unwrap(), empty());
    assert_eq!(hconcat(&two_empty_rows(), &gc()).unwrap(), gc());
    assert_eq!(vconcat(&empty(), &gd()).unwrap(), gd());
    assert_eq!(vconcat(&gd(), &empty()).unwrap(), gd());
    assert_eq!(
        vconcat(&two_empty_rows(), &py("((),)")).unwrap(),
        py("((), (), ())")
    );
    // Rows of two widths: a ragged tuple, as in the reference.
    assert_eq!(
        vconcat(&gd(), &gc()).unwrap(),
        py("((1, 2, 3), (4, 5, 6), (7, 8, 0), (3, 4), (5, 5))")
    );
    assert_eq!(
        vconcat(&two_empty_rows(), &gc()).unwrap(),
        py("((), (), (3, 4), (5, 5))")
    );
    // Other tuples concatenate as tuples.
    let grids = Value::tuple(vec![gc(), gd()]);
    assert_eq!(
        vconcat(&grids, &py("(1,)")).unwrap(),
        Value::tuple(vec![gc(), gd(), int(1)])
    );
    assert_eq!(kind(vconcat(&gc(), &py("frozenset()"))), ErrorKind::Type);
}

/// Ragged tuples of rows go on where the reference goes on; every expected
/// value below is what CPython 3.11 prints for the reference's `dsl.py` on
/// its test grids `gd` (3 wide) and `ge` (2 wide).
#[test]
fn ragged_rows_go_on_as_in_the_reference() {
    use battgen_runtime::primitives::patches::{dmirror, height, hmirror, shape, vmirror, width};
    let r = vconcat(&gd(), &ge()).unwrap();
    assert_eq!(r, py("((1, 2, 3), (4, 5, 6), (7, 8, 0), (1, 2), (4, 5))"));
    assert_eq!(
        r.to_string(),
        "((1, 2, 3), (4, 5, 6), (7, 8, 0), (1, 2), (4, 5))"
    );
    let t = |v: Result<Value>| v.unwrap().to_string();
    assert_eq!(
        t(replace(&r, &int(5), &int(9))),
        "((1, 2, 3), (4, 9, 6), (7, 8, 0), (1, 2), (4, 9))"
    );
    // A number beyond a colour (the rows of colours, held as bytes, can
    // hold none) and a negative colour.
    assert_eq!(
        t(replace(&r, &int(5), &int(300))),
        "((1, 2, 3), (4, 300, 6), (7, 8, 0), (1, 2), (4, 300))"
    );
    assert_eq!(
        replace(&r, &int(6), &int(-7)).unwrap(),
        py("((1, 2, 3), (4, 5, -7), (7, 8, 0), (1, 2), (4, 5))")
    );
    // Held as one buffer of cells, compared as bytes: a replacee beyond a
    // colour (300 wraps to 44 as a byte) or below 0 equals no cell.
    assert!(matches!(r, Value::Ragged(_)));
    let negative = replace(&r, &int(6), &int(-7)).unwrap();
    assert_eq!(t(replace(&r, &int(300), &int(9))), r.to_string());
    assert_eq!(t(replace(&r, &int(-250), &int(9))), r.to_string());
    assert_eq!(
        t(replace(&negative, &int(-7), &int(0))),
        "((1, 2, 3), (4, 5, 0), (7, 8, 0), (1, 2), (4, 5))"
    );
    // Bools are ints: `True == 1` replaces the ones.
    assert_eq!(
        t(replace(&r, &Value::Bool(true), &int(9))),
        "((9, 2, 3), (4, 5, 6), (7, 8, 0), (9, 2), (4, 5))"
    );
    assert_eq!(
        t(replace(&r, &int(5), &Value::Bool(true))),
        "((1, 2, 3), (4, True, 6), (7, 8, 0), (1, 2), (4, 1))"
    );
    assert_eq!(
        t(switch(&r, &int(1), &int(2))),
        "((2, 1, 3), (4, 5, 6), (7, 8, 0), (2, 1), (4, 5))"
    );
    assert_eq!(t(switch(&r, &int(4), &int(4))), r.to_string());
    assert_eq!(
        t(crop(&r, &py("(1, 1)"), &py("(3, 2)"))),
        "((5, 6), (8, 0), (2,))"
    );
    assert_eq!(t(crop(&r, &py("(3, 1)"), &py("(5, 5)"))), "((2,), (5,))");
    assert_eq!(t(crop(&r, &py("(9, 0)"), &py("(2, 2)"))), "()");
    assert_eq!(t(tophalf(&r)), "((1, 2, 3), (4, 5, 6))");
    assert_eq!(t(bottomhalf(&r)), "((1, 2), (4, 5))");
    assert_eq!(t(dmirror(&r)), "((1, 4, 7, 1, 4), (2, 5, 8, 2, 5))");
    assert_eq!(
        t(hmirror(&r)),
        "((4, 5), (1, 2), (7, 8, 0), (4, 5, 6), (1, 2, 3))"
    );
    assert_eq!(
        t(vmirror(&r)),
        "((3, 2, 1), (6, 5, 4), (0, 8, 7), (2, 1), (5, 4))"
    );
    assert_eq!(t(rot90(&r)), "((4, 1, 7, 4, 1), (5, 2, 8, 5, 2))");
    assert_eq!(
        t(rot180(&r)),
        "((5, 4), (2, 1), (0, 8, 7), (6, 5, 4), (3, 2, 1))"
    );
    assert_eq!(t(rot270(&r)), "((2, 5, 8, 2, 5), (1, 4, 7, 1, 4))");
    assert_eq!(t(palette(&r)), "frozenset({0, 1, 2, 3, 4, 5, 6, 7, 8})");
    assert_eq!(t(mostcolor(&r)), "1");
    assert_eq!(t(leastcolor(&r)), "0");
    assert_eq!(t(colorcount(&r, &int(5))), "2");
    assert_eq!(
        (t(height(&r)), t(width(&r)), t(shape(&r))),
        ("5".into(), "3".into(), "(5, 3)".into())
    );
    // A row of no cells from a canvas of negative width, then concatenated.
    assert_eq!(
        t(vconcat(&ge(), &canvas(&int(0), &py("(1, -3)")).unwrap())),
        "((1, 2), (4, 5), ())"
    );
}

#[test]
fn splits_with_offsets_and_odd_counts() {
    // Width 3 in 2: one column each, the middle one skipped.
    assert_eq!(
        hsplit(&gd(), &int(2)).unwrap(),
        py("(((1,), (4,), (7,)), ((3,), (6,), (0,)))")
    );
    assert_eq!(
        vsplit(&gd(), &int(2)).unwrap(),
        py("(((1, 2, 3),), ((7, 8, 0),))")
    );
    // More parts than columns: parts without cells.
    assert_eq!(
        hsplit(&gc(), &int(3)).unwrap(),
        Value::tuple(vec![two_empty_rows(); 3])
    );
    assert_eq!(
        vsplit(&gc(), &int(3)).unwrap(),
        Value::tuple(vec![empty(); 3])
    );
    assert_eq!(hsplit(&gc(), &int(-1)).unwrap(), py("()"));
    assert_eq!(vsplit(&gc(), &int(-2)).unwrap(), py("()"));
    assert_eq!(kind(hsplit(&gc(), &int(0))), ErrorKind::ZeroDivision);
    assert_eq!(kind(vsplit(&gc(), &int(0))), ErrorKind::ZeroDivision);
    // `len(grid[0])` comes first in hsplit, `len(grid) // n` first in vsplit.
    assert_eq!(kind(hsplit(&empty(), &int(0))), ErrorKind::Index);
    assert_eq!(kind(vsplit(&empty(), &int(0))), ErrorKind::ZeroDivision);
    assert_eq!(kind(vsplit(&empty(), &int(1))), ErrorKind::Index);
    assert_eq!(kind(hsplit(&gc(), &int(i64::MAX))), ErrorKind::Unsupported);
    // Width 7 in 3: two columns each, one skipped after each part.
    let wide = g("((0, 1, 2, 3, 4, 5, 6),)");
    assert_eq!(
        hsplit(&wide, &int(3)).unwrap(),
        py("(((0, 1),), ((3, 4),), ((6,),))")
    );
}

// ----- searching and frontiers ------------------------------------------------------------

#[test]
fn occurrences_edge_cases() {
    // `normalize` keeps an empty object, which then occurs everywhere in
    // the `(h + 1) x (w + 1)` range the reference scans.
    let all = occurrences(&gc(), &py("frozenset()")).unwrap();
    assert_eq!(all.len().unwrap(), 9);
    assert!(all.contains(&py("(2, 2)")).unwrap());
    assert_eq!(
        kind(occurrences(&gc(), &py("frozenset({(0, 0)})"))),
        ErrorKind::Type
    );
    assert_eq!(
        occurrences(&gc(), &py("frozenset({(0, 0), (5, 5)})")).unwrap(),
        py("frozenset()")
    );
    assert_eq!(
        kind(occurrences(&empty(), &py("frozenset({(1, (0, 0))})"))),
        ErrorKind::Index
    );
    // Far away objects are normalized first.
    let obj = py("frozenset({(5, (10, 20)), (5, (10, 21))})");
    assert_eq!(occurrences(&gc(), &obj).unwrap(), py("frozenset({(1, 0)})"));
    // Two colours at one location never match.
    let clash = py("frozenset({(5, (0, 0)), (3, (0, 0))})");
    assert_eq!(occurrences(&gc(), &clash).unwrap(), py("frozenset()"));
    assert_eq!(
        occurrences(&gc(), &asobject(&gc()).unwrap()).unwrap(),
        py("frozenset({(0, 0)})")
    );
}

#[test]
fn frontiers_and_compress_edges() {
    assert_eq!(kind(frontiers(&empty())), ErrorKind::Index);
    assert_eq!(frontiers(&two_empty_rows()).unwrap(), py("frozenset()"));
    // One cell is both a row and a column frontier: one object.
    assert_eq!(
        frontiers(&g("((7,),)")).unwrap(),
        py("frozenset({frozenset({(7, (0, 0))})})")
    );
    assert_eq!(
        frontiers(&g("((1, 2), (1, 1))")).unwrap(),
        py("frozenset({frozenset({(1, (1, 0)), (1, (1, 1))}), frozenset({(1, (0, 0)), (1, (1, 0))})})")
    );
    assert_eq!(compress(&g("((1, 1), (1, 1))")).unwrap(), empty());
    assert_eq!(
        compress(&g("((1, 2), (1, 3))")).unwrap(),
        py("((2,), (3,))")
    );
    assert_eq!(
        compress(&g("((1, 1), (2, 3), (4, 4))")).unwrap(),
        py("((2, 3),)")
    );
    assert_eq!(compress(&g("((1, 1, 1),)")).unwrap(), empty());
    assert_eq!(compress(&two_empty_rows()).unwrap(), two_empty_rows());
}

#[test]
fn tuple_grids_are_grids() {
    let t = py("((1, 2), (3, 4))");
    assert_eq!(rot90(&t).unwrap(), py("((3, 1), (4, 2))"));
    assert_eq!(
        fill(&t, &int(0), &py("frozenset({(0, 0)})")).unwrap(),
        py("((0, 2), (3, 4))")
    );
    // Ragged: `zip` stops at the shortest row, as in the reference.
    assert_eq!(rot90(&py("((1, 2), (3,))")).unwrap(), py("((3, 1),)"));
    assert_eq!(kind(rot90(&py("frozenset()"))), ErrorKind::Type);
    assert_eq!(kind(rot90(&py("(1, 2)"))), ErrorKind::Type);
}

// ----- a slow model of `objects`, for differential checks -------------------------------------

/// The reference's flood fill, set by set.
fn objects_model(grid: &Grid, univalued: bool, diagonal: bool, without_bg: bool) -> Value {
    use std::collections::BTreeSet;
    let bg = without_bg.then(|| {
        let v = mostcolor(&Value::grid(grid.clone())).unwrap();
        v.number().unwrap() as i8
    });
    let (h, w) = (grid.height() as i32, grid.width() as i32);
    let mut occupied = BTreeSet::new();
    let mut objs = Vec::new();
    for i in 0..h {
        for j in 0..w {
            let val = grid.get(i as usize, j as usize);
            if occupied.contains(&(i, j)) || Some(val) == bg {
                continue;
            }
            let mut obj = BTreeSet::new();
            let mut cands = BTreeSet::from([(i, j)]);
            while !cands.is_empty() {
                let mut hood = BTreeSet::new();
                for &(a, b) in &cands {
                    let v = grid.get(a as usize, b as usize);
                    let ok = if univalued { v == val } else { Some(v) != bg };
                    if ok {
                        obj.insert(Cell::new(v, a, b));
                        occupied.insert((a, b));
                        for da in -1..=1i32 {
                            for db in -1..=1i32 {
                                let direct = da == 0 || db == 0;
                                if (da, db) != (0, 0) && (diagonal || direct) {
                                    let (x, y) = (a + da, b + db);
                                    if 0 <= x && x < h && 0 <= y && y < w {
                                        hood.insert((x, y));
                                    }
                                }
                            }
                        }
                    }
                }
                cands = hood.difference(&occupied).copied().collect();
            }
            objs.push(Value::object(obj.into_iter().collect()));
        }
    }
    Value::set(objs)
}

/// A small deterministic generator for random grids.
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

#[test]
fn objects_matches_the_reference_flood_fill_on_random_grids() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..400 {
        let (h, w) = (1 + rng.next(7) as usize, 1 + rng.next(7) as usize);
        let colors = 1 + rng.next(4);
        let cells = (0..h * w).map(|_| rng.next(colors) as i8).collect();
        let grid = Grid::new(h, w, cells);
        let v = Value::grid(grid.clone());
        for flags in 0..8 {
            let (u, d, b) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0);
            let got = objects(&v, &Value::Bool(u), &Value::Bool(d), &Value::Bool(b)).unwrap();
            assert_eq!(got, objects_model(&grid, u, d, b), "{grid:?} {u} {d} {b}");
        }
    }
}

// ----- real ARC tasks --------------------------------------------------------------------

const TASKS: &[&str] = &[
    "007bbfb7", "0520fde7", "0b148d64", "0d3d703e", "1b2d62fb", "1cf80156", "1f85a75f", "25ff71a9",
    "2dc579da", "2dee498d", "3618c87e", "46442a0e", "5117e062", "5614dbcf", "5bd6f4ac", "9565186b",
    "9f236235", "a740d043", "aedd82e4", "b94a9452", "be94b721", "c1d99e64", "c909285e", "d631b094",
    "e98196ab", "f76d97a5",
];

fn load(id: &str) -> battgen_runtime::task::Task {
    let path = format!("{}/../tests/data/arc/{id}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    battgen_runtime::task::parse_str(&path, id, &text).unwrap()
}

/// Every input and output grid of the bundled tasks.
fn all_grids() -> Vec<Value> {
    let mut out = Vec::new();
    for id in TASKS {
        for ex in load(id).samples() {
            out.push(ex.input_value().clone());
            if let Some(o) = &ex.output {
                out.push(Value::grid(o.clone()));
            }
        }
    }
    out
}

fn shape(v: &Value) -> Value {
    let g = v.as_grid("shape").unwrap();
    Value::pair(g.height() as i64, g.width() as i64)
}

fn cells_of(v: &Value) -> Vec<Cell> {
    match v {
        Value::Object(c) => c.to_vec(),
        _ => panic!("not an object: {v}"),
    }
}

#[test]
fn arc_grid_identities() {
    let grids = all_grids();
    assert!(grids.len() > 150);
    for gr in &grids {
        let (h, w) = {
            let x = gr.as_grid("t").unwrap();
            (x.height(), x.width())
        };
        let r = |v: &Value| rot90(v).unwrap();
        assert_eq!(r(&r(&r(&r(gr)))), *gr);
        assert_eq!(rot270(&r(gr)).unwrap(), *gr);
        assert_eq!(r(&r(gr)), rot180(gr).unwrap());
        assert_eq!(rot270(gr).unwrap(), r(&rot180(gr).unwrap()));
        if w % 2 == 0 {
            assert_eq!(
                hconcat(&lefthalf(gr).unwrap(), &righthalf(gr).unwrap()).unwrap(),
                *gr
            );
        }
        if h % 2 == 0 {
            assert_eq!(
                vconcat(&tophalf(gr).unwrap(), &bottomhalf(gr).unwrap()).unwrap(),
                *gr
            );
        }
        assert_eq!(hsplit(gr, &int(1)).unwrap(), Value::tuple(vec![gr.clone()]));
        assert_eq!(crop(gr, &py("(0, 0)"), &shape(gr)).unwrap(), *gr);
        assert_eq!(cellwise(gr, gr, &int(0)).unwrap(), *gr);
        let up = vupscale(&hupscale(gr, &int(3)).unwrap(), &int(3)).unwrap();
        assert_eq!(downscale(&up, &int(3)).unwrap(), *gr);
        assert_eq!(
            switch(&switch(gr, &int(1), &int(2)).unwrap(), &int(2), &int(1)).unwrap(),
            *gr
        );

        // Grids, indices and objects agree.
        let obj = asobject(gr).unwrap();
        assert_eq!(obj.len().unwrap(), h * w);
        assert_eq!(toobject(&asindices(gr).unwrap(), gr).unwrap(), obj);
        assert_eq!(mostcolor(&obj).unwrap(), mostcolor(gr).unwrap());
        assert_eq!(leastcolor(&obj).unwrap(), leastcolor(gr).unwrap());
        assert_eq!(palette(&obj).unwrap(), palette(gr).unwrap());
        let bg = mostcolor(gr).unwrap();
        assert_eq!(paint(&canvas(&bg, &shape(gr)).unwrap(), &obj).unwrap(), *gr);
        assert_eq!(
            fill(gr, &bg, &asindices(gr).unwrap()).unwrap(),
            canvas(&bg, &shape(gr)).unwrap()
        );
        assert_eq!(occurrences(gr, &obj).unwrap(), py("frozenset({(0, 0)})"));
        let mut total = 0;
        for c in palette(gr).unwrap().elems().unwrap() {
            let n = colorcount(gr, &c).unwrap().number().unwrap() as usize;
            assert_eq!(ofcolor(gr, &c).unwrap().len().unwrap(), n);
            total += n;
            // A one-cell object occurs wherever its colour is.
            let cell = Value::object(vec![Cell::new(c.number().unwrap() as i8, 0, 0)]);
            assert_eq!(occurrences(gr, &cell).unwrap(), ofcolor(gr, &c).unwrap());
        }
        assert_eq!(total, h * w);
        for i in 0..h as i64 {
            for j in 0..w as i64 {
                let x = gr.as_grid("t").unwrap().get(i as usize, j as usize);
                assert_eq!(index(gr, &Value::pair(i, j)).unwrap(), int(x as i64));
            }
        }

        // Partitions cover the grid; objects cover the foreground.
        let parts = partition(gr).unwrap();
        let mut covered: Vec<Cell> = parts.elems().unwrap().iter().flat_map(cells_of).collect();
        covered.sort();
        assert_eq!(Value::object(covered.clone()), obj);
        assert_eq!(covered.len(), h * w);
        let fg = fgpartition(gr).unwrap();
        assert_eq!(fg.len().unwrap() + 1, parts.len().unwrap());
        let bgc = bg.number().unwrap() as i8;
        let fg_cells = (0..h * w)
            .filter(|&k| gr.as_grid("t").unwrap().cells()[k] != bgc)
            .count();
        for diagonal in [F, T] {
            for univalued in [F, T] {
                let objs = objects(gr, &univalued, &diagonal, &T).unwrap();
                let mut cells: Vec<Cell> =
                    objs.elems().unwrap().iter().flat_map(cells_of).collect();
                assert_eq!(cells.len(), fg_cells);
                cells.sort();
                cells.dedup();
                assert_eq!(cells.len(), fg_cells, "objects overlap");
                assert!(cells.iter().all(|c| c.color != bgc));
                let gv = gr.as_grid("t").unwrap().into_owned();
                assert_eq!(
                    objs,
                    objects_model(&gv, univalued.truthy(), diagonal.truthy(), true)
                );
            }
            let all = objects(gr, &T, &diagonal, &F).unwrap();
            let n: usize = all.elems().unwrap().iter().map(|o| o.len().unwrap()).sum();
            assert_eq!(n, h * w);
        }

        // Frontiers are the uniform rows and columns that compress removes.
        let fr = frontiers(gr).unwrap();
        for f in fr.elems().unwrap() {
            assert_eq!(numcolors(&f).unwrap(), int(1));
        }
        let comp = compress(gr).unwrap();
        if fr.len().unwrap() == 0 {
            assert_eq!(comp, *gr);
        }
    }
}

// Solvers of arc-dsl that only use grid primitives (and a few helpers),
// checked against every example of their task.

fn first(v: &Value) -> Value {
    v.elems().unwrap().into_iter().next().unwrap()
}

/// `argmax`/`argmin` by size: the first best in iteration order.
fn by_size(v: &Value, most: bool) -> Value {
    let mut best: Option<(usize, Value)> = None;
    for e in v.elems().unwrap() {
        let n = e.len().unwrap();
        let better = best
            .as_ref()
            .is_none_or(|(m, _)| if most { n > *m } else { n < *m });
        if better {
            best = Some((n, e));
        }
    }
    best.unwrap().1
}

fn merge(objs: &Value) -> Value {
    Value::object(objs.elems().unwrap().iter().flat_map(cells_of).collect())
}

fn keep(objs: &Value, f: impl Fn(&Value) -> bool) -> Value {
    Value::set(objs.elems().unwrap().into_iter().filter(|o| f(o)).collect())
}

fn vmirror(v: &Value) -> Value {
    let gr = v.as_grid("vmirror").unwrap();
    let mut cells = Vec::new();
    for row in gr.rows() {
        cells.extend(row.iter().rev());
    }
    Value::grid(Grid::new(gr.height(), gr.width(), cells))
}

fn check_solver(id: &str, solve: impl Fn(&Value) -> Result<Value>) {
    let task = load(id);
    for (k, ex) in task.samples().enumerate() {
        let input = ex.input_value().clone();
        let want = Value::grid(ex.output.clone().unwrap());
        let got = solve(&input).unwrap_or_else(|e| panic!("{id}:{k}: {e}"));
        assert_eq!(got, want, "{id}:{k}");
    }
}

#[test]
fn arc_solvers() {
    check_solver("007bbfb7", |i| {
        let big = vupscale(&hupscale(i, &int(3))?, &int(3))?;
        let row = hconcat(&hconcat(i, i)?, i)?;
        let tiled = vconcat(&vconcat(&row, &row)?, &row)?;
        cellwise(&big, &tiled, &int(0))
    });
    check_solver("0520fde7", |i| {
        let m = vmirror(i);
        let l = lefthalf(&m)?;
        let r = vmirror(&righthalf(&m)?);
        replace(&cellwise(&l, &r, &int(0))?, &int(1), &int(2))
    });
    check_solver("0b148d64", |i| subgrid(&by_size(&partition(i)?, false), i));
    check_solver("0d3d703e", |i| {
        let x = switch(&switch(i, &int(3), &int(4))?, &int(8), &int(9))?;
        switch(&switch(&x, &int(2), &int(6))?, &int(1), &int(5))
    });
    check_solver("1b2d62fb", |i| {
        let (l, r) = (lefthalf(i)?, righthalf(i)?);
        let both: Vec<Value> = ofcolor(&l, &int(0))?
            .elems()?
            .into_iter()
            .filter(|x| ofcolor(&r, &int(0)).unwrap().contains(x).unwrap())
            .collect();
        fill(&replace(&l, &int(9), &int(0))?, &int(8), &Value::set(both))
    });
    check_solver("1cf80156", |i| subgrid(&first(&objects(i, &T, &T, &T)?), i));
    check_solver("1f85a75f", |i| {
        subgrid(&by_size(&objects(i, &T, &T, &T)?, true), i)
    });
    check_solver("25ff71a9", |i| {
        r#move(i, &first(&objects(i, &T, &T, &T)?), &py("(1, 0)"))
    });
    check_solver("2dc579da", |i| {
        let mut quarters = Vec::new();
        for half in vsplit(i, &int(2))?.elems()? {
            quarters.extend(hsplit(&half, &int(2))?.elems()?);
        }
        let n = |q: &Value| numcolors(q).unwrap().number().unwrap();
        let best = quarters.iter().fold(None::<&Value>, |b, q| match b {
            Some(b) if n(b) >= n(q) => Some(b),
            _ => Some(q),
        });
        Ok(best.unwrap().clone())
    });
    check_solver("2dee498d", |i| Ok(first(&hsplit(i, &int(3))?)));
    check_solver("3618c87e", |i| {
        let ones = keep(&objects(i, &T, &F, &T)?, |o| o.len().unwrap() == 1);
        r#move(i, &merge(&ones), &py("(2, 0)"))
    });
    check_solver("46442a0e", |i| {
        let top = hconcat(i, &rot90(i)?)?;
        let bottom = hconcat(&rot270(i)?, &rot180(i)?)?;
        vconcat(&top, &bottom)
    });
    check_solver("5117e062", |i| {
        let objs = objects(i, &F, &T, &T)?;
        let two = objs
            .elems()?
            .into_iter()
            .find(|o| numcolors(o).unwrap() == int(2))
            .unwrap();
        replace(&subgrid(&two, i)?, &int(8), &mostcolor(&two)?)
    });
    check_solver("5614dbcf", |i| {
        downscale(&replace(i, &int(5), &int(0))?, &int(3))
    });
    check_solver("5bd6f4ac", |i| crop(i, &py("(0, 6)"), &py("(3, 3)")));
    check_solver("9565186b", |i| {
        let biggest = by_size(&objects(i, &T, &F, &F)?, true);
        paint(&canvas(&int(5), &shape(i))?, &biggest)
    });
    check_solver("9f236235", |i| {
        let narrowest = objects(i, &T, &F, &F)?
            .elems()?
            .iter()
            .map(|o| subgrid(o, i).unwrap().as_grid("w").unwrap().width())
            .min()
            .unwrap();
        downscale(&vmirror(&compress(i)?), &int(narrowest as i64))
    });
    check_solver("a740d043", |i| {
        let all = merge(&objects(i, &T, &T, &T)?);
        replace(&subgrid(&all, i)?, &int(1), &int(0))
    });
    check_solver("aedd82e4", |i| {
        let red = keep(&objects(i, &T, &F, &F)?, |o| {
            mostcolor(o).unwrap() == int(2)
        });
        let single = keep(&red, |o| o.len().unwrap() == 1);
        fill(i, &int(1), &merge(&single))
    });
    check_solver("b94a9452", |i| {
        let sub = subgrid(&first(&objects(i, &F, &F, &T)?), i)?;
        switch(&sub, &leastcolor(&sub)?, &mostcolor(&sub)?)
    });
    check_solver("be94b721", |i| {
        subgrid(&by_size(&objects(i, &T, &F, &T)?, true), i)
    });
    check_solver("c1d99e64", |i| fill(i, &int(2), &merge(&frontiers(i)?)));
    check_solver("c909285e", |i| subgrid(&ofcolor(i, &leastcolor(i)?)?, i));
    check_solver("d631b094", |i| {
        let colors = palette(i)?.elems()?;
        let c = colors.into_iter().find(|c| *c != int(0)).unwrap();
        let n = ofcolor(i, &c)?.len()? as i64;
        canvas(&c, &Value::pair(1, n))
    });
    check_solver("e98196ab", |i| {
        let top_objs = merge(&objects(&tophalf(i)?, &T, &F, &T)?);
        paint(&bottomhalf(i)?, &top_objs)
    });
    check_solver("f76d97a5", |i| {
        let p = palette(i)?.elems()?;
        let x = switch(i, &p[0], &p[p.len() - 1])?;
        replace(&x, &int(5), &int(0))
    });
}

#[test]
fn arc_facts() {
    // 0520fde7: a grey column splits two 3x3 halves; hsplit skips it.
    let t = load("0520fde7");
    let i = t.train[0].input_value().clone();
    let halves = hsplit(&i, &int(2)).unwrap().elems().unwrap();
    assert_eq!(halves[0], lefthalf(&i).unwrap());
    assert_eq!(halves[1], righthalf(&i).unwrap());
    assert_eq!(
        frontiers(&i).unwrap(),
        py(
            "frozenset({frozenset({(0, (0, 2)), (0, (1, 2)), (0, (2, 2))}), \
            frozenset({(5, (0, 3)), (5, (1, 3)), (5, (2, 3))})})"
        )
    );
    assert_eq!(
        compress(&i).unwrap(),
        py("((1, 0, 0, 1, 0), (0, 1, 1, 1, 1), (1, 0, 0, 0, 0))")
    );
    assert_eq!(index(&i, &py("(1, 3)")).unwrap(), int(5));
    assert_eq!(index(&i, &py("(3, 3)")).unwrap(), Value::None);
    // 007bbfb7: 3x3 inputs with one colour on black.
    for ex in load("007bbfb7").samples() {
        let i = ex.input_value().clone();
        assert_eq!(numcolors(&i).unwrap(), int(2));
        assert!(palette(&i).unwrap().contains(&int(0)).unwrap());
    }
    // c1d99e64: the first example has uniform rows and columns of 0.
    let i = Value::Grid(load("c1d99e64").train[0].input().clone());
    for f in frontiers(&i).unwrap().elems().unwrap() {
        assert_eq!(mostcolor(&f).unwrap(), int(0));
    }
}

// ----- kernels: the typed forms on their edge cases ------------------------------

/// A grid literal as typed code holds it.
fn tg(text: &str) -> Grid {
    match g(text) {
        Value::Grid(x) => x,
        _ => unreachable!(),
    }
}

fn err_kind<T: std::fmt::Debug>(r: Result<T>) -> ErrorKind {
    r.expect_err("expected an error").kind
}

#[test]
fn kernels_on_colours_that_are_not_colours() {
    let x = tg("((1, 0), (0, 1))");
    let locs: std::sync::Arc<[(i32, i32)]> = vec![(0, 0), (5, 5)].into();
    let outside: std::sync::Arc<[(i32, i32)]> = vec![(5, 5)].into();
    // Stored into a cell: unsupported; never stored: fine.
    for c in [300, -129, 128, i64::MIN, i64::MAX] {
        assert_eq!(err_kind(fill_locs(&x, c, &locs)), ErrorKind::Unsupported);
        assert_eq!(fill_locs(&x, c, &outside).unwrap(), x);
        assert_eq!(err_kind(canvas_int_pair(c, (2, 2))), ErrorKind::Unsupported);
        assert_eq!(canvas_int_pair(c, (2, 0)).unwrap().height(), 2);
        assert_eq!(canvas_int_pair(c, (0, 2)).unwrap().height(), 0);
        // A non-colour matches no cell.
        assert!(Grid::ptr_eq(&replace_grid(&x, c, 3).unwrap(), &x));
        assert_eq!(err_kind(replace_grid(&x, 1, c)), ErrorKind::Unsupported);
        assert_eq!(colorcount_grid(&x, c).unwrap(), 0);
        assert!(ofcolor_grid(&x, c).unwrap().is_empty());
        assert_eq!(err_kind(switch_grid(&x, 1, c)), ErrorKind::Unsupported);
        assert_eq!(cellwise_grids(&x, &x, c).unwrap(), x);
        assert_eq!(
            err_kind(cellwise_grids(&x, &tg("((1, 1), (1, 1))"), c)),
            ErrorKind::Unsupported
        );
    }
    assert_eq!(colorcount_grid(&x, 0).unwrap(), 2);
    assert_eq!(
        Value::Grid(switch_grid(&x, 0, 1).unwrap()),
        g("((0, 1), (1, 0))")
    );
}

#[test]
fn kernels_on_degenerate_grids() {
    let none = tg("()");
    let flat = match two_empty_rows() {
        Value::Grid(x) => x,
        v => v.as_grid("t").unwrap().into_owned(),
    };
    let no_locs: std::sync::Arc<[(i32, i32)]> = Vec::new().into();
    assert_eq!(err_kind(fill_locs(&none, 1, &no_locs)), ErrorKind::Index);
    assert_eq!(
        err_kind(underfill_locs(&flat, 1, &no_locs)),
        ErrorKind::Value
    );
    assert_eq!(err_kind(cover_locs(&none, &no_locs)), ErrorKind::Value);
    assert_eq!(err_kind(mostcolor_grid(&flat)), ErrorKind::Value);
    assert_eq!(numcolors_grid(&none).unwrap(), 0);
    assert_eq!(rot90_grid(&flat).unwrap().height(), 0);
    assert_eq!(rot180_grid(&flat).unwrap().height(), 2);
    assert_eq!(hupscale_grid(&flat, -3).unwrap().height(), 2);
    assert_eq!(err_kind(downscale_grid(&none, 2)), ErrorKind::Index);
    assert_eq!(err_kind(vsplit_grid(&none, 0)), ErrorKind::ZeroDivision);
    assert_eq!(err_kind(hsplit_grid(&none, 0)), ErrorKind::Index);
    assert_eq!(index_grid(&tg("((1, 2),)"), (0, 5)).unwrap(), Value::None);
    assert_eq!(index_grid(&tg("((1, 2),)"), (0, 1)).unwrap(), int(2));
    // An empty object occurs everywhere, one more place in each direction.
    let x = tg("((1, 0), (0, 1))");
    let no_cells: std::sync::Arc<[Cell]> = Vec::new().into();
    assert_eq!(occurrences_cells(&x, &no_cells).unwrap().len(), 9);
}

#[test]
fn vconcat_kernel_declines_ragged_results() {
    let (a, b) = (tg("((1, 2),)"), tg("((3,),)"));
    let e = vconcat_grids(&a, &b).unwrap_err();
    assert!(battgen_runtime::typed::is_deopt(&e));
    // The primitive gives the reference's ragged tuple instead.
    assert_eq!(
        vconcat(&Value::Grid(a.clone()), &Value::Grid(b)).unwrap(),
        py("((1, 2), (3,))")
    );
    assert!(Grid::ptr_eq(&vconcat_grids(&a, &tg("()")).unwrap(), &a));
}
