//! Tests of the patch primitives: every assertion of the reference's
//! `tests.py` for them, edge cases (empty patches, shapes kept, grids against
//! patches, odd inputs) and facts checked on real ARC tasks.

use battgen_runtime::primitives::patches::*;
use battgen_runtime::signatures::{dispatch, Prim};
use battgen_runtime::task::{self, Task};
use battgen_runtime::values::grid_of;
use battgen_runtime::{Cell, ErrorKind, Grid, Result, Value};

// ----- building values ----------------------------------------------------------

/// A one-argument primitive.
type Prim1 = fn(&Value) -> Result<Value>;

fn ind(locs: &[(i32, i32)]) -> Value {
    Value::indices(locs.to_vec())
}

fn obj(cells: &[(i8, (i32, i32))]) -> Value {
    Value::object(
        cells
            .iter()
            .map(|&(c, (i, j))| Cell::new(c, i, j))
            .collect(),
    )
}

fn p(a: i64, b: i64) -> Value {
    Value::pair(a, b)
}

fn int(i: i64) -> Value {
    Value::Int(i)
}

fn tup(items: Vec<Value>) -> Value {
    Value::tuple(items)
}

fn set(items: Vec<Value>) -> Value {
    Value::set(items)
}

fn empty() -> Value {
    Value::empty_set()
}

fn t(v: Result<Value>) -> bool {
    match v.expect("no error") {
        Value::Bool(b) => b,
        other => panic!("not a bool: {other}"),
    }
}

fn kind(v: Result<Value>) -> ErrorKind {
    match v {
        Ok(v) => panic!("expected an error, got {v}"),
        Err(e) => e.kind,
    }
}

// The reference test grids.
fn a() -> Value {
    grid_of(&[[1, 0], [0, 1], [1, 0]])
}
fn b() -> Value {
    grid_of(&[[2, 1], [0, 1], [2, 1]])
}
fn c() -> Value {
    grid_of(&[[3, 4], [5, 5]])
}
fn d() -> Value {
    grid_of(&[[1, 2, 3], [4, 5, 6], [7, 8, 0]])
}

/// The five-cell object used by several reference tests.
fn five() -> Value {
    obj(&[
        (1, (0, 0)),
        (1, (1, 1)),
        (1, (1, 2)),
        (1, (2, 1)),
        (1, (2, 2)),
    ])
}

// ----- the reference's tests.py --------------------------------------------------

#[test]
fn reference_height() {
    assert_eq!(height(&a()).unwrap(), int(3));
    assert_eq!(height(&c()).unwrap(), int(2));
    assert_eq!(height(&ind(&[(0, 4)])).unwrap(), int(1));
    assert_eq!(height(&five()).unwrap(), int(3));
}

#[test]
fn reference_width() {
    assert_eq!(width(&a()).unwrap(), int(2));
    assert_eq!(width(&c()).unwrap(), int(2));
    assert_eq!(width(&ind(&[(0, 4)])).unwrap(), int(1));
    assert_eq!(width(&five()).unwrap(), int(3));
}

#[test]
fn reference_shape() {
    assert_eq!(shape(&a()).unwrap(), p(3, 2));
    assert_eq!(shape(&c()).unwrap(), p(2, 2));
    assert_eq!(shape(&ind(&[(0, 4)])).unwrap(), p(1, 1));
    assert_eq!(shape(&five()).unwrap(), p(3, 3));
}

#[test]
fn reference_portrait() {
    assert!(t(portrait(&a())));
    assert!(!t(portrait(&c())));
}

#[test]
fn reference_colorfilter() {
    let objs = set(vec![
        obj(&[(3, (0, 4))]),
        obj(&[(1, (0, 0))]),
        obj(&[(2, (4, 1))]),
        obj(&[(1, (1, 1)), (1, (1, 2)), (1, (2, 1)), (1, (2, 2))]),
        obj(&[(2, (3, 2)), (2, (2, 3)), (2, (3, 3))]),
    ]);
    let want = set(vec![
        obj(&[(2, (4, 1))]),
        obj(&[(2, (3, 2)), (2, (2, 3)), (2, (3, 3))]),
    ]);
    assert_eq!(colorfilter(&objs, &int(2)).unwrap(), want);
}

#[test]
fn reference_corners_of_patches() {
    let x = ind(&[(1, 2), (0, 3), (4, 0)]);
    let y = ind(&[(1, 2), (0, 0), (4, 3)]);
    let z = ind(&[(1, 5), (0, 0), (2, 3)]);
    assert_eq!(ulcorner(&x).unwrap(), p(0, 0));
    assert_eq!(ulcorner(&y).unwrap(), p(0, 0));
    assert_eq!(urcorner(&x).unwrap(), p(0, 3));
    assert_eq!(urcorner(&y).unwrap(), p(0, 3));
    assert_eq!(llcorner(&x).unwrap(), p(4, 0));
    assert_eq!(llcorner(&z).unwrap(), p(2, 0));
    assert_eq!(lrcorner(&x).unwrap(), p(4, 3));
    assert_eq!(lrcorner(&z).unwrap(), p(2, 5));
}

#[test]
fn reference_toindices() {
    assert_eq!(
        toindices(&obj(&[(1, (1, 1)), (1, (1, 0))])).unwrap(),
        ind(&[(1, 1), (1, 0)])
    );
    assert_eq!(
        toindices(&ind(&[(1, 1), (0, 1)])).unwrap(),
        ind(&[(1, 1), (0, 1)])
    );
}

#[test]
fn reference_recolor() {
    let x = obj(&[(2, (0, 0)), (1, (0, 1)), (5, (1, 0))]);
    assert_eq!(
        recolor(&int(3), &x).unwrap(),
        obj(&[(3, (0, 0)), (3, (0, 1)), (3, (1, 0))])
    );
    let y = obj(&[(2, (2, 5)), (2, (1, 1))]);
    assert_eq!(recolor(&int(2), &y).unwrap(), y);
}

#[test]
fn reference_shift() {
    let x = obj(&[(2, (1, 1)), (4, (1, 2)), (1, (2, 3))]);
    assert_eq!(
        shift(&x, &p(1, 2)).unwrap(),
        obj(&[(2, (2, 3)), (4, (2, 4)), (1, (3, 5))])
    );
    assert_eq!(
        shift(&ind(&[(1, 3), (0, 2), (3, 4)]), &p(0, -1)).unwrap(),
        ind(&[(1, 2), (0, 1), (3, 3)])
    );
}

#[test]
fn reference_normalize() {
    let x = obj(&[(2, (1, 1)), (4, (1, 2)), (1, (2, 3))]);
    assert_eq!(
        normalize(&x).unwrap(),
        obj(&[(2, (0, 0)), (4, (0, 1)), (1, (1, 2))])
    );
    let y = ind(&[(1, 0), (0, 2), (3, 4)]);
    assert_eq!(normalize(&y).unwrap(), y);
}

#[test]
fn reference_neighbours() {
    assert_eq!(
        dneighbors(&p(1, 1)).unwrap(),
        ind(&[(0, 1), (1, 0), (2, 1), (1, 2)])
    );
    assert_eq!(
        dneighbors(&p(0, 0)).unwrap(),
        ind(&[(0, 1), (1, 0), (-1, 0), (0, -1)])
    );
    assert_eq!(
        dneighbors(&p(0, 1)).unwrap(),
        ind(&[(0, 0), (1, 1), (-1, 1), (0, 2)])
    );
    assert_eq!(
        dneighbors(&p(1, 0)).unwrap(),
        ind(&[(0, 0), (1, 1), (1, -1), (2, 0)])
    );
    assert_eq!(
        ineighbors(&p(1, 1)).unwrap(),
        ind(&[(0, 0), (0, 2), (2, 0), (2, 2)])
    );
    assert_eq!(
        ineighbors(&p(0, 0)).unwrap(),
        ind(&[(1, 1), (-1, -1), (1, -1), (-1, 1)])
    );
    assert_eq!(
        ineighbors(&p(0, 1)).unwrap(),
        ind(&[(1, 0), (1, 2), (-1, 0), (-1, 2)])
    );
    assert_eq!(
        ineighbors(&p(1, 0)).unwrap(),
        ind(&[(0, 1), (2, -1), (2, 1), (0, -1)])
    );
    assert_eq!(
        neighbors(&p(1, 1)).unwrap(),
        ind(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2)
        ])
    );
    assert_eq!(
        neighbors(&p(0, 0)).unwrap(),
        ind(&[
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1)
        ])
    );
}

#[test]
fn reference_extremes() {
    let single = ind(&[(0, 4)]);
    assert_eq!(uppermost(&single).unwrap(), int(0));
    assert_eq!(uppermost(&five()).unwrap(), int(0));
    assert_eq!(lowermost(&single).unwrap(), int(0));
    assert_eq!(lowermost(&five()).unwrap(), int(2));
    assert_eq!(leftmost(&single).unwrap(), int(4));
    assert_eq!(leftmost(&five()).unwrap(), int(0));
    assert_eq!(rightmost(&single).unwrap(), int(4));
    assert_eq!(rightmost(&five()).unwrap(), int(2));
}

#[test]
fn reference_square() {
    assert!(t(square(&c())));
    assert!(t(square(&d())));
    assert!(!t(square(&a())));
    assert!(!t(square(&b())));
    assert!(!t(square(&ind(&[(1, 1), (1, 0)]))));
    assert!(t(square(&ind(&[(1, 1), (0, 0), (1, 0), (0, 1)]))));
    assert!(!t(square(&ind(&[(0, 0), (1, 0), (0, 1)]))));
    assert!(t(square(&obj(&[
        (1, (1, 1)),
        (2, (0, 0)),
        (2, (1, 0)),
        (3, (0, 1))
    ]))));
}

#[test]
fn reference_lines() {
    assert!(t(vline(&obj(&[(1, (1, 1)), (1, (0, 1))]))));
    assert!(!t(vline(&ind(&[(1, 1), (1, 0)]))));
    assert!(t(hline(&obj(&[(1, (1, 1)), (1, (1, 0))]))));
    assert!(!t(hline(&ind(&[(1, 1), (0, 1)]))));
}

#[test]
fn reference_matching() {
    let x = obj(&[(1, (1, 1)), (2, (0, 0)), (2, (1, 0)), (3, (0, 1))]);
    assert!(t(hmatching(&x, &obj(&[(1, (1, 3)), (2, (1, 4))]))));
    assert!(!t(hmatching(&x, &obj(&[(1, (2, 3)), (2, (2, 4))]))));
    assert!(t(vmatching(&x, &obj(&[(1, (3, 1)), (2, (4, 1))]))));
    assert!(!t(vmatching(&x, &obj(&[(1, (3, 2)), (2, (4, 2))]))));
}

#[test]
fn reference_manhattan_adjacent() {
    assert_eq!(
        manhattan(&ind(&[(0, 0), (1, 1)]), &ind(&[(1, 2), (2, 3)])).unwrap(),
        int(1)
    );
    assert_eq!(manhattan(&ind(&[(1, 1)]), &ind(&[(2, 3)])).unwrap(), int(3));
    assert!(t(adjacent(&ind(&[(0, 0)]), &ind(&[(0, 1), (1, 0)]))));
    assert!(!t(adjacent(&ind(&[(0, 0)]), &ind(&[(1, 1)]))));
}

#[test]
fn reference_bordering() {
    assert!(t(bordering(&ind(&[(0, 0)]), &d())));
    assert!(t(bordering(&ind(&[(0, 2)]), &d())));
    assert!(t(bordering(&ind(&[(2, 0)]), &d())));
    assert!(t(bordering(&ind(&[(2, 2)]), &d())));
    assert!(!t(bordering(&ind(&[(1, 1)]), &d())));
}

#[test]
fn reference_centerofmass() {
    assert_eq!(
        centerofmass(&ind(&[(0, 0), (1, 1), (1, 2)])).unwrap(),
        p(0, 1)
    );
    assert_eq!(
        centerofmass(&ind(&[(0, 0), (1, 1), (2, 2)])).unwrap(),
        p(1, 1)
    );
    assert_eq!(
        centerofmass(&ind(&[(0, 0), (1, 1), (0, 1)])).unwrap(),
        p(0, 0)
    );
}

#[test]
fn reference_color() {
    assert_eq!(
        color(&obj(&[(1, (1, 1)), (1, (0, 0)), (1, (1, 0)), (1, (0, 1))])).unwrap(),
        int(1)
    );
    assert_eq!(color(&obj(&[(2, (3, 1))])).unwrap(), int(2));
}

#[test]
fn reference_hmirror() {
    assert_eq!(hmirror(&b()).unwrap(), grid_of(&[[2, 1], [0, 1], [2, 1]]));
    assert_eq!(hmirror(&c()).unwrap(), grid_of(&[[5, 5], [3, 4]]));
    assert_eq!(
        hmirror(&ind(&[(0, 0), (1, 1)])).unwrap(),
        ind(&[(1, 0), (0, 1)])
    );
    assert_eq!(
        hmirror(&ind(&[(0, 0), (1, 0), (1, 1)])).unwrap(),
        ind(&[(1, 0), (0, 1), (0, 0)])
    );
    assert_eq!(
        hmirror(&ind(&[(0, 1), (1, 2)])).unwrap(),
        ind(&[(0, 2), (1, 1)])
    );
}

#[test]
fn reference_vmirror() {
    assert_eq!(vmirror(&b()).unwrap(), grid_of(&[[1, 2], [1, 0], [1, 2]]));
    assert_eq!(vmirror(&c()).unwrap(), grid_of(&[[4, 3], [5, 5]]));
    assert_eq!(
        vmirror(&ind(&[(0, 0), (1, 1)])).unwrap(),
        ind(&[(1, 0), (0, 1)])
    );
    assert_eq!(
        vmirror(&ind(&[(0, 0), (1, 0), (1, 1)])).unwrap(),
        ind(&[(1, 0), (1, 1), (0, 1)])
    );
    assert_eq!(
        vmirror(&ind(&[(0, 1), (1, 2)])).unwrap(),
        ind(&[(0, 2), (1, 1)])
    );
}

#[test]
fn reference_dmirror() {
    assert_eq!(dmirror(&b()).unwrap(), grid_of(&[[2, 0, 2], [1, 1, 1]]));
    assert_eq!(dmirror(&c()).unwrap(), grid_of(&[[3, 5], [4, 5]]));
    assert_eq!(
        dmirror(&ind(&[(0, 0), (1, 1)])).unwrap(),
        ind(&[(0, 0), (1, 1)])
    );
    assert_eq!(
        dmirror(&ind(&[(0, 0), (1, 0), (1, 1)])).unwrap(),
        ind(&[(0, 1), (1, 1), (0, 0)])
    );
    assert_eq!(
        dmirror(&ind(&[(0, 1), (1, 2)])).unwrap(),
        ind(&[(0, 1), (1, 2)])
    );
}

#[test]
fn reference_cmirror() {
    assert_eq!(cmirror(&b()).unwrap(), grid_of(&[[1, 1, 1], [2, 0, 2]]));
    assert_eq!(cmirror(&c()).unwrap(), grid_of(&[[5, 4], [5, 3]]));
    assert_eq!(
        cmirror(&ind(&[(0, 0), (1, 1)])).unwrap(),
        ind(&[(0, 0), (1, 1)])
    );
    assert_eq!(
        cmirror(&ind(&[(0, 0), (1, 0), (1, 1)])).unwrap(),
        ind(&[(0, 0), (1, 0), (1, 1)])
    );
    assert_eq!(
        cmirror(&ind(&[(0, 1), (1, 2)])).unwrap(),
        ind(&[(0, 1), (1, 2)])
    );
}

#[test]
fn reference_upscale() {
    assert_eq!(upscale(&b(), &int(1)).unwrap(), b());
    assert_eq!(upscale(&c(), &int(1)).unwrap(), c());
    assert_eq!(
        upscale(&b(), &int(2)).unwrap(),
        grid_of(&[
            [2, 2, 1, 1],
            [2, 2, 1, 1],
            [0, 0, 1, 1],
            [0, 0, 1, 1],
            [2, 2, 1, 1],
            [2, 2, 1, 1]
        ])
    );
    assert_eq!(
        upscale(&c(), &int(2)).unwrap(),
        grid_of(&[[3, 3, 4, 4], [3, 3, 4, 4], [5, 5, 5, 5], [5, 5, 5, 5]])
    );
    assert_eq!(
        upscale(&obj(&[(3, (0, 1)), (4, (1, 0)), (5, (1, 1))]), &int(2)).unwrap(),
        obj(&[
            (3, (0, 2)),
            (3, (0, 3)),
            (3, (1, 2)),
            (3, (1, 3)),
            (4, (2, 0)),
            (4, (3, 0)),
            (4, (2, 1)),
            (4, (3, 1)),
            (5, (2, 2)),
            (5, (3, 2)),
            (5, (2, 3)),
            (5, (3, 3))
        ])
    );
    assert_eq!(
        upscale(&obj(&[(3, (0, 0))]), &int(2)).unwrap(),
        obj(&[(3, (0, 0)), (3, (1, 0)), (3, (0, 1)), (3, (1, 1))])
    );
}

#[test]
fn reference_center_position() {
    assert_eq!(center(&obj(&[(1, (0, 0))])).unwrap(), p(0, 0));
    assert_eq!(center(&obj(&[(1, (0, 0)), (1, (0, 2))])).unwrap(), p(0, 1));
    assert_eq!(
        center(&obj(&[(1, (0, 0)), (1, (0, 2)), (1, (2, 0)), (1, (2, 2))])).unwrap(),
        p(1, 1)
    );
    assert_eq!(
        position(&obj(&[(0, (1, 1))]), &obj(&[(0, (2, 2))])).unwrap(),
        p(1, 1)
    );
    assert_eq!(
        position(&obj(&[(0, (2, 2))]), &obj(&[(0, (1, 2))])).unwrap(),
        p(-1, 0)
    );
    assert_eq!(
        position(&obj(&[(0, (3, 3))]), &obj(&[(0, (3, 4))])).unwrap(),
        p(0, 1)
    );
}

#[test]
fn reference_corners_connect() {
    let want = ind(&[(0, 0), (0, 3), (4, 0), (4, 3)]);
    assert_eq!(corners(&ind(&[(1, 2), (0, 3), (4, 0)])).unwrap(), want);
    assert_eq!(corners(&ind(&[(1, 2), (0, 0), (4, 3)])).unwrap(), want);
    assert_eq!(connect(&p(1, 1), &p(2, 2)).unwrap(), ind(&[(1, 1), (2, 2)]));
    assert_eq!(
        connect(&p(1, 1), &p(1, 4)).unwrap(),
        ind(&[(1, 1), (1, 2), (1, 3), (1, 4)])
    );
}

#[test]
fn reference_frontiers() {
    let v: Vec<(i32, i32)> = (0..30).map(|i| (i, 4)).collect();
    let h: Vec<(i32, i32)> = (0..30).map(|j| (3, j)).collect();
    assert_eq!(vfrontier(&p(3, 4)).unwrap(), ind(&v));
    assert_eq!(hfrontier(&p(3, 4)).unwrap(), ind(&h));
}

#[test]
fn reference_backdrop_delta() {
    let x = ind(&[(2, 3), (3, 2), (3, 3), (4, 1)]);
    assert_eq!(
        backdrop(&x).unwrap(),
        ind(&[
            (2, 1),
            (2, 2),
            (2, 3),
            (3, 1),
            (3, 2),
            (3, 3),
            (4, 1),
            (4, 2),
            (4, 3)
        ])
    );
    assert_eq!(
        delta(&x).unwrap(),
        ind(&[(2, 1), (2, 2), (3, 1), (4, 2), (4, 3)])
    );
}

#[test]
fn reference_gravitate() {
    assert_eq!(
        gravitate(&ind(&[(0, 0)]), &ind(&[(0, 1)])).unwrap(),
        p(0, 0)
    );
    assert_eq!(
        gravitate(&ind(&[(0, 0)]), &ind(&[(0, 4)])).unwrap(),
        p(0, 3)
    );
}

#[test]
fn reference_boxes() {
    assert_eq!(inbox(&ind(&[(0, 0), (2, 2)])).unwrap(), ind(&[(1, 1)]));
    assert_eq!(
        outbox(&ind(&[(1, 1)])).unwrap(),
        ind(&[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2)
        ])
    );
    assert_eq!(
        r#box(&ind(&[(0, 0), (1, 1)])).unwrap(),
        ind(&[(0, 0), (0, 1), (1, 0), (1, 1)])
    );
}

#[test]
fn reference_shoot() {
    let diag: Vec<(i32, i32)> = (0..43).map(|i| (i, i)).collect();
    assert_eq!(shoot(&p(0, 0), &p(1, 1)).unwrap(), ind(&diag));
}

#[test]
fn reference_periods() {
    let x = obj(&[
        (8, (2, 1)),
        (8, (1, 3)),
        (2, (2, 4)),
        (8, (2, 3)),
        (2, (2, 2)),
        (2, (1, 2)),
        (8, (1, 1)),
        (8, (1, 5)),
        (2, (1, 4)),
        (8, (2, 5)),
        (2, (2, 0)),
        (2, (1, 0)),
    ]);
    let y = obj(&[
        (2, (2, 6)),
        (2, (2, 0)),
        (3, (2, 4)),
        (3, (2, 2)),
        (3, (2, 5)),
        (2, (2, 3)),
        (3, (2, 1)),
    ]);
    let z = obj(&[
        (1, (2, 6)),
        (2, (3, 5)),
        (2, (3, 0)),
        (2, (2, 2)),
        (2, (2, 7)),
        (1, (3, 4)),
        (2, (2, 1)),
        (1, (2, 3)),
        (2, (2, 5)),
        (2, (2, 4)),
        (1, (3, 7)),
        (1, (2, 0)),
        (2, (3, 6)),
        (2, (3, 2)),
        (2, (3, 3)),
        (1, (3, 1)),
    ]);
    assert_eq!(hperiod(&x).unwrap(), int(2));
    assert_eq!(hperiod(&y).unwrap(), int(3));
    assert_eq!(vperiod(&y).unwrap(), int(1));
    assert_eq!(vperiod(&z).unwrap(), int(2));
}

// ----- empty patches ---------------------------------------------------------------

#[test]
fn empty_patches_follow_the_reference() {
    for e in [empty(), ind(&[]), obj(&[])] {
        // min()/max() of nothing.
        for f in [uppermost, lowermost, leftmost, rightmost] {
            assert_eq!(kind(f(&e)), ErrorKind::Value);
        }
        for f in [inbox, outbox, center] {
            assert_eq!(kind(f(&e)), ErrorKind::Value);
        }
        // normalize(empty) is empty, of width and height 0.
        assert_eq!(hperiod(&e).unwrap(), int(0));
        assert_eq!(vperiod(&e).unwrap(), int(0));
        // Current arc-dsl returns early on an empty patch in these (older
        // versions raised; its own solvers, e.g. for 855e0971, need this).
        for f in [normalize, r#box] {
            assert_eq!(f(&e).unwrap(), e);
        }
        for f in [backdrop, delta] {
            assert_eq!(f(&e).unwrap(), Value::empty_set());
        }
        assert_eq!(shift(&e, &p(1, 1)).unwrap(), e);
        // len(piece) == 0 comes first.
        assert_eq!(height(&e).unwrap(), int(0));
        assert_eq!(width(&e).unwrap(), int(0));
        assert_eq!(shape(&e).unwrap(), p(0, 0));
        assert!(!t(portrait(&e)));
        assert!(t(square(&e)));
        assert!(!t(vline(&e)));
        assert!(!t(hline(&e)));
        // zip() of nothing gives the empty tuple; no division happens.
        for f in [ulcorner, urcorner, llcorner, lrcorner, centerofmass] {
            assert_eq!(f(&e).unwrap(), Value::empty_tuple());
        }
        assert_eq!(corners(&e).unwrap(), set(vec![Value::empty_tuple()]));
        assert_eq!(toindices(&e).unwrap(), empty());
        assert_eq!(recolor(&int(3), &e).unwrap(), empty());
        // next(iter(empty)).
        assert_eq!(kind(color(&e)), ErrorKind::StopIteration);
        // ulcorner(empty)[0] / unpacking ulcorner(empty).
        assert_eq!(kind(hmirror(&e)), ErrorKind::Index);
        assert_eq!(kind(vmirror(&e)), ErrorKind::Index);
        assert_eq!(kind(cmirror(&e)), ErrorKind::Index);
        assert_eq!(kind(dmirror(&e)), ErrorKind::Value);
        assert_eq!(upscale(&e, &int(3)).unwrap(), empty());
        let x = ind(&[(1, 1)]);
        for f in [manhattan, adjacent, gravitate, position] {
            assert_eq!(kind(f(&e, &x)), ErrorKind::Value);
            assert_eq!(kind(f(&x, &e)), ErrorKind::Value);
        }
        assert!(!t(hmatching(&e, &x)));
        assert!(!t(vmatching(&x, &e)));
        assert_eq!(kind(bordering(&e, &d())), ErrorKind::Value);
    }
}

#[test]
fn empty_grids_and_tuples() {
    let g0 = Value::empty_tuple();
    assert_eq!(height(&g0).unwrap(), int(0));
    assert_eq!(width(&g0).unwrap(), int(0));
    // len(piece[0]) of an empty tuple.
    assert_eq!(kind(square(&g0)), ErrorKind::Index);
    for f in [hmirror, vmirror, dmirror, cmirror] {
        assert_eq!(f(&g0).unwrap(), g0);
    }
    // An empty grid is returned without reading the factor.
    assert_eq!(upscale(&g0, &Value::None).unwrap(), g0);
    assert_eq!(upscale(&c(), &int(0)).unwrap(), g0);
    assert_eq!(upscale(&c(), &int(-2)).unwrap(), g0);
    assert_eq!(kind(upscale(&c(), &Value::None)), ErrorKind::Type);
}

// ----- shapes kept, grids against patches --------------------------------------------

#[test]
fn objects_stay_objects_and_indices_stay_indices() {
    let o = obj(&[(3, (1, 1)), (5, (2, 4)), (3, (0, 2))]);
    let i = toindices(&o).unwrap();
    assert!(matches!(i, Value::Indices(_)));
    assert_eq!(i, ind(&[(1, 1), (2, 4), (0, 2)]));
    for f in [normalize, hmirror, vmirror, dmirror, cmirror] {
        assert!(matches!(f(&o).unwrap(), Value::Object(_)));
        assert!(matches!(f(&i).unwrap(), Value::Indices(_)));
        // Mirroring an object moves its cells, colours and all.
        assert_eq!(toindices(&f(&o).unwrap()).unwrap(), f(&i).unwrap());
    }
    assert!(matches!(shift(&o, &p(2, -7)).unwrap(), Value::Object(_)));
    assert!(matches!(shift(&i, &p(2, -7)).unwrap(), Value::Indices(_)));
    assert_eq!(
        hmirror(&o).unwrap(),
        obj(&[(3, (1, 1)), (5, (0, 4)), (3, (2, 2))])
    );
    assert_eq!(
        dmirror(&o).unwrap(),
        obj(&[(3, (0, 2)), (5, (3, 3)), (3, (1, 1))])
    );
    assert!(matches!(recolor(&int(7), &i).unwrap(), Value::Object(_)));
    // upscale reads cells: indices cannot be unpacked as (value, (i, j)).
    assert_eq!(kind(upscale(&i, &int(2))), ErrorKind::Type);
    // Nothing is added for factor 0; current arc-dsl shifts the empty set back unchanged.
    assert_eq!(upscale(&o, &int(0)).unwrap(), empty());
    // Upscaling keeps the upper-left corner in place.
    let up = upscale(&o, &int(3)).unwrap();
    assert_eq!(ulcorner(&up).unwrap(), ulcorner(&o).unwrap());
    assert_eq!(shape(&up).unwrap(), p(9, 12));
    assert_eq!(up.len().unwrap(), 27);
}

#[test]
fn grids_against_patches() {
    let g = grid_of(&[[1, 2, 3], [4, 5, 6]]);
    assert_eq!(shape(&g).unwrap(), p(2, 3));
    assert!(!t(portrait(&g)));
    assert!(!t(square(&g)));
    // A grid as a patch: height is its number of rows, vline reads len().
    let col = grid_of(&[[1], [2], [3]]);
    assert!(t(vline(&col)));
    assert!(!t(hline(&col)));
    assert_eq!(hmirror(&g).unwrap(), grid_of(&[[4, 5, 6], [1, 2, 3]]));
    assert_eq!(vmirror(&g).unwrap(), grid_of(&[[3, 2, 1], [6, 5, 4]]));
    assert_eq!(dmirror(&g).unwrap(), grid_of(&[[1, 4], [2, 5], [3, 6]]));
    assert_eq!(cmirror(&g).unwrap(), grid_of(&[[6, 3], [5, 2], [4, 1]]));
    // A tuple that is not a grid: mirrors follow the tuple branches.
    let objs = tup(vec![obj(&[(1, (0, 0))]), ind(&[(5, 5)])]);
    assert_eq!(
        hmirror(&objs).unwrap(),
        tup(vec![ind(&[(5, 5)]), obj(&[(1, (0, 0))])])
    );
    assert_eq!(hmirror(&p(1, 2)).unwrap(), p(2, 1));
    // Rows that are sets cannot be reversed.
    assert_eq!(kind(vmirror(&objs)), ErrorKind::Type);
    assert_eq!(kind(dmirror(&p(1, 2))), ErrorKind::Type);
    // The same tuple of grids as a Tuple value or a Grid value.
    let rows = tup(vec![tup(vec![int(1), int(2)]), tup(vec![int(3), int(4)])]);
    assert_eq!(dmirror(&rows).unwrap(), grid_of(&[[1, 3], [2, 4]]));
    assert_eq!(
        upscale(&rows, &int(2)).unwrap(),
        grid_of(&[[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]])
    );
}

// ----- odd inputs and errors -------------------------------------------------------------

#[test]
fn wrong_kinds_raise() {
    assert_eq!(kind(height(&int(3))), ErrorKind::Type);
    assert_eq!(kind(width(&Value::None)), ErrorKind::Type);
    // width of a tuple reads len(piece[0]).
    assert_eq!(kind(width(&p(1, 2))), ErrorKind::Type);
    assert_eq!(height(&p(1, 2)).unwrap(), int(2));
    assert_eq!(kind(uppermost(&int(3))), ErrorKind::Type);
    assert_eq!(kind(shift(&ind(&[(0, 0)]), &int(1))), ErrorKind::Type);
    assert_eq!(
        kind(shift(&ind(&[(0, 0)]), &tup(vec![int(1), int(2), int(3)]))),
        ErrorKind::Value
    );
    // An empty patch returns before the directions are unpacked.
    assert_eq!(shift(&empty(), &tup(vec![int(1)])).unwrap(), empty());
    assert_eq!(kind(dneighbors(&tup(vec![int(1)]))), ErrorKind::Index);
    assert_eq!(kind(dneighbors(&ind(&[(1, 1)]))), ErrorKind::Type);
    // Subscripts, not unpacking: longer tuples work.
    assert_eq!(
        dneighbors(&tup(vec![int(1), int(1), int(9)])).unwrap(),
        dneighbors(&p(1, 1)).unwrap()
    );
    assert_eq!(
        kind(connect(&tup(vec![int(1)]), &p(0, 0))),
        ErrorKind::Value
    );
    assert_eq!(kind(shoot(&tup(vec![int(1)]), &p(0, 1))), ErrorKind::Index);
    assert_eq!(kind(vfrontier(&int(4))), ErrorKind::Type);
    // bordering short-circuits before reading the grid.
    assert!(t(bordering(&ind(&[(0, 5)]), &int(3))));
    assert_eq!(kind(bordering(&ind(&[(2, 5)]), &int(3))), ErrorKind::Type);
    assert_eq!(kind(bordering(&ind(&[(2, 5)]), &empty())), ErrorKind::Type);
    // hperiod of indices wider than one column cannot unpack cells.
    assert_eq!(kind(hperiod(&ind(&[(0, 0), (0, 1)]))), ErrorKind::Type);
    assert_eq!(hperiod(&ind(&[(0, 0), (1, 0)])).unwrap(), int(1));
    // An object holding an empty object.
    let objs = set(vec![obj(&[]), obj(&[(1, (0, 0))])]);
    assert_eq!(kind(colorfilter(&objs, &int(1))), ErrorKind::StopIteration);
    // Objects of locations: next(iter(loc))[0] is an int, not subscriptable.
    assert_eq!(kind(colorfilter(&ind(&[(1, 1)]), &int(1))), ErrorKind::Type);
    assert_eq!(colorfilter(&empty(), &int(1)).unwrap(), empty());
}

#[test]
fn generic_containers_read_like_the_reference() {
    // A tuple of locations is returned by toindices as it is.
    let locs = tup(vec![p(0, 0), p(2, 3), p(0, 0)]);
    assert_eq!(toindices(&locs).unwrap(), locs);
    // frozenset - tuple is a TypeError in delta.
    assert_eq!(kind(delta(&locs)), ErrorKind::Type);
    assert_eq!(backdrop(&locs).unwrap().len().unwrap(), 12);
    // len(patch) counts the duplicate; the sums do too.
    assert_eq!(centerofmass(&locs).unwrap(), p(0, 1));
    // A generic set of cells is an object.
    let cells = set(vec![tup(vec![int(4), p(1, 1)]), tup(vec![int(2), p(3, 0)])]);
    assert_eq!(
        shift(&cells, &p(1, 1)).unwrap(),
        obj(&[(4, (2, 2)), (2, (4, 1))])
    );
    assert_eq!(color(&cells).unwrap(), int(2));
    // Elements of three numbers: zip() gives three columns, and the corner
    // lookup tables only know two (a KeyError in the reference).
    let triples = set(vec![tup(vec![int(1), int(2), int(3)])]);
    assert_eq!(
        ulcorner(&triples).unwrap(),
        tup(vec![int(1), int(2), int(3)])
    );
    assert_eq!(kind(urcorner(&triples)), ErrorKind::Index);
    assert_eq!(kind(uppermost(&triples)), ErrorKind::Value);
    // recolor pairs up whatever toindices holds, without unpacking.
    assert_eq!(
        recolor(&int(0), &triples).unwrap(),
        set(vec![tup(vec![int(0), tup(vec![int(1), int(2), int(3)])])])
    );
    // Bools are ints.
    assert_eq!(
        recolor(&Value::Bool(true), &ind(&[(0, 0)])).unwrap(),
        obj(&[(1, (0, 0))])
    );
}

#[test]
fn colour_comes_from_the_first_cell_in_ascending_order() {
    let mixed = obj(&[(7, (0, 0)), (2, (5, 5)), (4, (1, 1))]);
    assert_eq!(color(&mixed).unwrap(), int(2));
    let objs = set(vec![mixed.clone(), obj(&[(7, (9, 9))])]);
    assert_eq!(colorfilter(&objs, &int(2)).unwrap(), set(vec![mixed]));
    assert_eq!(colorfilter(&objs, &Value::Bool(true)).unwrap(), empty());
    // color of indices is the first location's row.
    assert_eq!(color(&ind(&[(3, 9), (4, 0)])).unwrap(), int(3));
}

#[test]
fn one_location_in_two_colours() {
    let o = obj(&[(1, (0, 0)), (2, (0, 0)), (1, (2, 2))]);
    // toindices collapses the location, len(patch) does not.
    assert_eq!(centerofmass(&o).unwrap(), p(0, 0));
    assert!(!t(square(&o)));
    assert_eq!(delta(&o).unwrap().len().unwrap(), 7);
    assert_eq!(
        hmirror(&o).unwrap(),
        obj(&[(1, (2, 0)), (2, (2, 0)), (1, (0, 2))])
    );
}

#[test]
fn coordinates_beyond_i32_are_unsupported() {
    let big = i32::MAX as i64;
    assert_eq!(
        kind(shift(&ind(&[(0, 0)]), &p(big + 1, 0))),
        ErrorKind::Unsupported
    );
    assert_eq!(
        kind(shift(&ind(&[(1, 0)]), &p(i64::MAX, 0))),
        ErrorKind::Unsupported
    );
    assert_eq!(
        shift(&ind(&[(-1, 0)]), &p(big + 1, 0)).unwrap(),
        ind(&[(i32::MAX, 0)])
    );
    assert_eq!(kind(dneighbors(&p(i64::MAX, 0))), ErrorKind::Unsupported);
    assert_eq!(
        kind(shoot(&p(0, 0), &p(i64::MAX, 0))),
        ErrorKind::Unsupported
    );
    // Far apart cells: a huge box is refused by the size budget.
    let far = ind(&[(0, 0), (i32::MAX, i32::MAX)]);
    assert_eq!(kind(backdrop(&far)), ErrorKind::Unsupported);
    assert_eq!(kind(r#box(&far)), ErrorKind::Unsupported);
    assert_eq!(manhattan(&far, &ind(&[(5, 5)])).unwrap(), int(10));
    assert_eq!(kind(upscale(&c(), &int(1 << 40))), ErrorKind::Unsupported);
}

#[test]
fn lines_and_boxes() {
    // connect draws only straight and diagonal lines, in either direction.
    assert_eq!(
        connect(&p(3, 1), &p(1, 3)).unwrap(),
        ind(&[(1, 3), (2, 2), (3, 1)])
    );
    assert_eq!(
        connect(&p(4, 2), &p(1, 2)).unwrap(),
        ind(&[(1, 2), (2, 2), (3, 2), (4, 2)])
    );
    assert_eq!(connect(&p(0, 0), &p(2, 1)).unwrap(), empty());
    assert_eq!(connect(&p(5, 5), &p(5, 5)).unwrap(), ind(&[(5, 5)]));
    assert_eq!(shoot(&p(2, 2), &p(0, 0)).unwrap(), ind(&[(2, 2)]));
    assert_eq!(shoot(&p(2, 2), &p(1, 2)).unwrap(), empty());
    let up: Vec<(i32, i32)> = (0..43).map(|k| (2 - k, 5)).collect();
    assert_eq!(shoot(&p(2, 5), &p(-1, 0)).unwrap(), ind(&up));
    // inbox of a thin patch: the swapped corners give a 3x3 ring.
    assert_eq!(
        inbox(&ind(&[(5, 5)])).unwrap(),
        ind(&[
            (4, 4),
            (4, 5),
            (4, 6),
            (5, 4),
            (5, 6),
            (6, 4),
            (6, 5),
            (6, 6)
        ])
    );
    assert_eq!(
        inbox(&ind(&[(0, 0), (0, 2)])).unwrap(),
        ind(&[(-1, 1), (0, 1), (1, 1)])
    );
    assert_eq!(r#box(&ind(&[(2, 2)])).unwrap(), ind(&[(2, 2)]));
    assert_eq!(
        r#box(&obj(&[(1, (0, 0)), (1, (0, 3))])).unwrap(),
        ind(&[(0, 0), (0, 1), (0, 2), (0, 3)])
    );
    assert_eq!(
        corners(&ind(&[(1, 1), (1, 4)])).unwrap(),
        ind(&[(1, 1), (1, 4)])
    );
    assert_eq!(
        vfrontier(&tup(vec![int(9), int(-3), int(0)]))
            .unwrap()
            .len()
            .unwrap(),
        30
    );
}

#[test]
fn gravitate_and_position_quirks() {
    // Diagonal neighbours never become adjacent: the loop stops at 42.
    assert_eq!(
        gravitate(&ind(&[(0, 0)]), &ind(&[(3, 3)])).unwrap(),
        p(0, 42)
    );
    // Sharing a column moves vertically, upwards too.
    assert_eq!(
        gravitate(&ind(&[(9, 1)]), &ind(&[(2, 1), (2, 2)])).unwrap(),
        p(-6, 0)
    );
    // Overlapping patches are not adjacent: they share a column, so the
    // source moves up (the centres are not below each other) by one.
    assert_eq!(
        gravitate(&ind(&[(0, 0)]), &ind(&[(0, 0)])).unwrap(),
        p(-1, 0)
    );
    assert_eq!(
        gravitate(&obj(&[(1, (0, 0)), (1, (1, 0))]), &obj(&[(2, (0, 5))])).unwrap(),
        p(0, 4)
    );
    assert_eq!(
        position(&ind(&[(0, 0)]), &ind(&[(0, 0)])).unwrap(),
        p(0, -1)
    );
    assert_eq!(
        position(&ind(&[(4, 0)]), &ind(&[(0, 3)])).unwrap(),
        p(-1, 1)
    );
}

#[test]
fn manhattan_matches_brute_force() {
    // A deterministic pseudo-random sweep against the pairwise definition.
    let mut seed: u64 = 0x9e3779b97f4a7c15;
    let mut next = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % m) as i32 - (m / 2) as i32
    };
    for _ in 0..300 {
        let xs: Vec<(i32, i32)> = (0..1 + (next(20) + 10) as usize)
            .map(|_| (next(40), next(40)))
            .collect();
        let ys: Vec<(i32, i32)> = (0..1 + (next(20) + 10) as usize)
            .map(|_| (next(40), next(40)))
            .collect();
        let brute = xs
            .iter()
            .flat_map(|a| {
                ys.iter()
                    .map(move |b| ((a.0 - b.0).abs() + (a.1 - b.1).abs()) as i64)
            })
            .min()
            .unwrap();
        let xo: Vec<(i8, (i32, i32))> = xs.iter().map(|&l| (1, l)).collect();
        assert_eq!(manhattan(&ind(&xs), &ind(&ys)).unwrap(), int(brute));
        assert_eq!(manhattan(&obj(&xo), &ind(&ys)).unwrap(), int(brute));
        assert_eq!(manhattan(&ind(&ys), &obj(&xo)).unwrap(), int(brute));
        assert_eq!(t(adjacent(&ind(&xs), &ind(&ys))), brute == 1);
    }
}

#[test]
fn primitives_are_wired_in_the_table() {
    let x = ind(&[(1, 2), (3, 4)]);
    assert_eq!(
        dispatch(Prim::lrcorner, std::slice::from_ref(&x)).unwrap(),
        p(3, 4)
    );
    assert_eq!(
        dispatch(Prim::r#box, std::slice::from_ref(&x)).unwrap(),
        r#box(&x).unwrap()
    );
    assert_eq!(
        dispatch(Prim::shift, &[x.clone(), p(1, 1)]).unwrap(),
        ind(&[(2, 3), (4, 5)])
    );
}

// ----- real ARC grids ---------------------------------------------------------------------

fn arc(id: &str) -> Task {
    let path = format!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/arc/{}.json"),
        id
    );
    let text = std::fs::read_to_string(&path).expect("task file");
    task::parse_str(&path, id, &text).expect("valid task")
}

/// Every grid of a task, inputs and outputs.
fn grids(task: &Task) -> Vec<Grid> {
    task.samples()
        .flat_map(|e| std::iter::once(e.input().clone()).chain(e.output.clone()))
        .collect()
}

/// The grid as one object (the reference's `asobject`), optionally only
/// the cells of one colour.
fn cells_of(g: &Grid, only: Option<i8>) -> Value {
    let mut cells = Vec::new();
    for i in 0..g.height() {
        for j in 0..g.width() {
            let c = g.get(i, j);
            if only.is_none_or(|o| o == c) {
                cells.push(Cell::new(c, i as i32, j as i32));
            }
        }
    }
    Value::object(cells)
}

fn indices_of(g: &Grid, color: i8) -> Value {
    toindices(&cells_of(g, Some(color))).unwrap()
}

const MIRROR_TASKS: [&str; 7] = [
    "68b16354", "74dd1130", "67a3c6ac", "c59eb873", "3c9b0459", "dc433765", "5c0a986e",
];

#[test]
fn arc_grid_and_object_mirrors_agree() {
    let mirrors: [Prim1; 4] = [hmirror, vmirror, dmirror, cmirror];
    for id in MIRROR_TASKS {
        for g in grids(&arc(id)) {
            let gv = Value::grid(g.clone());
            let whole = cells_of(&g, None);
            assert_eq!(shape(&whole).unwrap(), shape(&gv).unwrap());
            for f in mirrors {
                // The whole grid as an object fills its own bounding box, so
                // mirroring it as a patch is mirroring the grid.
                let mirrored = f(&gv).unwrap();
                let Value::Grid(mg) = &mirrored else {
                    panic!("grid expected")
                };
                assert_eq!(f(&whole).unwrap(), cells_of(mg, None), "{id}");
            }
            // cmirror is vmirror . dmirror . vmirror, on grids and patches.
            let vdv = |x: &Value| vmirror(&dmirror(&vmirror(x).unwrap()).unwrap()).unwrap();
            assert_eq!(cmirror(&gv).unwrap(), vdv(&gv));
            for colour in 0..10 {
                let o = cells_of(&g, Some(colour));
                if o.is_empty().unwrap() {
                    continue;
                }
                assert_eq!(cmirror(&o).unwrap(), vdv(&o));
                for f in [hmirror, vmirror, dmirror] {
                    assert_eq!(f(&f(&o).unwrap()).unwrap(), o, "{id} involution");
                    // A mirror keeps the bounding box's corner and size
                    // (transposed for the diagonal).
                    assert_eq!(ulcorner(&f(&o).unwrap()).unwrap(), ulcorner(&o).unwrap());
                }
                assert_eq!(
                    shape(&dmirror(&o).unwrap()).unwrap(),
                    tup(vec![width(&o).unwrap(), height(&o).unwrap()])
                );
                let moved = shift(&o, &p(-7, 11)).unwrap();
                assert_eq!(normalize(&moved).unwrap(), normalize(&o).unwrap());
                assert_eq!(
                    hmirror(&moved).unwrap(),
                    shift(&hmirror(&o).unwrap(), &p(-7, 11)).unwrap()
                );
                // The backdrop is the object plus its delta.
                let bd = backdrop(&o).unwrap();
                let (h, w) = (height(&o).unwrap(), width(&o).unwrap());
                assert_eq!(
                    Value::Int(bd.len().unwrap() as i64),
                    Value::Int(h.number().unwrap() * w.number().unwrap())
                );
                assert_eq!(
                    delta(&o).unwrap().len().unwrap() + toindices(&o).unwrap().len().unwrap(),
                    bd.len().unwrap()
                );
            }
            assert_eq!(
                backdrop(&whole).unwrap().len().unwrap(),
                g.height() * g.width()
            );
            assert_eq!(delta(&whole).unwrap(), empty());
            assert!(t(bordering(&whole, &gv)));
        }
    }
}

#[test]
fn arc_upscale_of_grid_and_object_agree() {
    for id in MIRROR_TASKS {
        for g in grids(&arc(id)).into_iter().take(4) {
            let gv = Value::grid(g.clone());
            for f in [1, 2, 3] {
                let up = upscale(&gv, &int(f)).unwrap();
                let Value::Grid(ug) = &up else {
                    panic!("grid expected")
                };
                assert_eq!(
                    upscale(&cells_of(&g, None), &int(f)).unwrap(),
                    cells_of(ug, None),
                    "{id} x{f}"
                );
                assert_eq!(
                    shape(&up).unwrap(),
                    p(g.height() as i64 * f, g.width() as i64 * f)
                );
            }
        }
    }
}

#[test]
fn arc_tasks_solved_by_one_primitive() {
    let cases: [(&str, Prim1); 5] = [
        ("68b16354", hmirror),
        ("74dd1130", dmirror),
        ("67a3c6ac", vmirror),
        ("3c9b0459", |g| hmirror(&vmirror(g)?)),
        ("c59eb873", |g| upscale(g, &int(2))),
    ];
    for (id, solve) in cases {
        let task = arc(id);
        for e in task.samples() {
            let out = solve(e.input_value()).unwrap();
            assert_eq!(out, Value::grid(e.output.clone().expect("output")), "{id}");
        }
    }
}

#[test]
fn arc_dc433765_three_steps_towards_four() {
    // Checked by hand on the first sample: 3 at (0, 0), 4 at (2, 2).
    let task = arc("dc433765");
    let first = &task.train[0].input();
    assert_eq!(indices_of(first, 3), ind(&[(0, 0)]));
    assert_eq!(indices_of(first, 4), ind(&[(2, 2)]));
    let want = [
        p(1, 1),
        p(0, 1),
        p(0, 1),
        p(1, 1),
        p(-1, 0),
        p(1, 0),
        p(1, -1),
        p(1, 0),
        p(-1, -1),
    ];
    let dist = [4, 2, 3, 6, 5, 7, 4, 6, 4];
    assert_eq!(task.num_samples(), want.len());
    for (k, e) in task.samples().enumerate() {
        let (three, four) = (indices_of(e.input(), 3), indices_of(e.input(), 4));
        let step = position(&three, &four).unwrap();
        assert_eq!(step, want[k], "sample {k}");
        assert_eq!(manhattan(&three, &four).unwrap(), int(dist[k]));
        // The output has the 3 one step closer.
        let out = e.output.as_ref().unwrap();
        assert_eq!(indices_of(out, 3), shift(&three, &step).unwrap());
        assert_eq!(indices_of(out, 4), four);
    }
    // Sample 4 (3 at (7, 2), 4 at (2, 2)): same column, four steps up.
    let e = &task.train[4].input();
    assert_eq!(
        gravitate(&indices_of(e, 3), &indices_of(e, 4)).unwrap(),
        p(-4, 0)
    );
}

#[test]
fn arc_5c0a986e_squares_shoot_diagonally() {
    let task = arc("5c0a986e");
    // First sample, by hand: the 1-square spans (2, 2)..(3, 3), the
    // 2-square (6, 4)..(7, 5).
    let g = &task.train[0].input();
    let (ones, twos) = (indices_of(g, 1), indices_of(g, 2));
    assert_eq!(ulcorner(&ones).unwrap(), p(2, 2));
    assert_eq!(lrcorner(&twos).unwrap(), p(7, 5));
    assert_eq!(
        corners(&ones).unwrap(),
        ind(&[(2, 2), (2, 3), (3, 2), (3, 3)])
    );
    assert_eq!(center(&twos).unwrap(), p(7, 5));
    assert_eq!(centerofmass(&twos).unwrap(), p(6, 4));
    assert_eq!(outbox(&ones).unwrap().len().unwrap(), 12);
    assert_eq!(position(&ones, &twos).unwrap(), p(1, 1));
    assert!(!t(hmatching(&ones, &twos)));
    assert!(!t(vmatching(&ones, &twos)));
    for e in task.samples() {
        let g = e.input();
        let out = e.output.as_ref().unwrap();
        let (ones, twos) = (indices_of(g, 1), indices_of(g, 2));
        assert!(t(square(&ones)) && t(square(&twos)));
        assert!(!t(bordering(&ones, &Value::Grid(g.clone()))));
        // Ones trail up-left from their upper-left corner, twos down-right
        // from their lower-right corner; the rest of each line leaves the grid.
        for (colour, patch, start, dir) in [
            (1, &ones, ulcorner(&ones).unwrap(), p(-1, -1)),
            (2, &twos, lrcorner(&twos).unwrap(), p(1, 1)),
        ] {
            let ray = shoot(&start, &dir).unwrap();
            let inside: Vec<(i32, i32)> = ray
                .elems()
                .unwrap()
                .iter()
                .filter_map(|l| l.loc())
                .filter(|&(i, j)| {
                    i >= 0 && j >= 0 && (i as usize) < out.height() && (j as usize) < out.width()
                })
                .collect();
            let mut want = toindices(patch).unwrap().elems().unwrap();
            want.extend(inside.iter().map(|&(i, j)| p(i as i64, j as i64)));
            assert_eq!(indices_of(out, colour), set(want));
        }
    }
}

// ----- kernels on the patches the real-data oracle rarely meets ---------------------------

/// The same value in a representation no kernel takes (as in
/// `tests/typed_kernels.rs`), so the primitive follows its generic path.
fn generic(v: &Value) -> Value {
    use std::sync::Arc;
    match v {
        Value::Pair(a, b) => Value::Tuple(Arc::new([int(*a), int(*b)])),
        Value::Grid(g) => Value::Tuple(
            g.rows()
                .map(|r| Value::Tuple(r.iter().map(|&c| int(c as i64)).collect()))
                .collect(),
        ),
        Value::Indices(s) => Value::Set(
            s.iter()
                .map(|&(i, j)| Value::Tuple(Arc::new([int(i as i64), int(j as i64)])))
                .collect(),
        ),
        Value::Object(s) => Value::Set(
            s.iter()
                .map(|c| {
                    Value::Tuple(Arc::new([
                        int(c.color as i64),
                        p(c.loc.0 as i64, c.loc.1 as i64),
                    ]))
                })
                .collect(),
        ),
        Value::Set(s) => Value::Set(s.iter().map(generic).collect()),
        Value::Cell(c) => Value::Tuple(Arc::new([
            int(c.color as i64),
            p(c.loc.0 as i64, c.loc.1 as i64),
        ])),
        Value::Tuple(t) if t.iter().all(|e| matches!(e, Value::Cell(_))) => {
            Value::Tuple(t.iter().map(generic).collect())
        }
        _ => v.clone(),
    }
}

/// Every patch kernel against its primitive's generic path on every
/// argument list drawn from small pools of edge cases: objects whose
/// colours share locations, patches at the ends of i32, single rows and
/// columns, empty patches and grids, colours and offsets beyond what
/// cells and locations hold.
#[test]
fn patch_kernels_agree_with_their_primitives_on_edge_cases() {
    use battgen_runtime::signatures::dispatch_refs;
    use battgen_runtime::typed::{is_deopt, Repr};
    const MAX: i32 = i32::MAX;
    const MIN: i32 = i32::MIN;
    let indices = vec![
        empty(),
        ind(&[(0, 0)]),
        ind(&[(2, 3), (2, 4), (2, 6)]),
        ind(&[(1, 5), (3, 5), (4, 5)]),
        ind(&[(0, 1), (1, 0), (1, 2), (2, 1), (3, 3)]),
        ind(&[(-2, -1), (-1, -3), (0, 0), (1, 1)]),
        ind(&[(MAX, MAX), (MAX - 1, MAX)]),
        ind(&[(MIN, MIN), (MIN, MIN + 2), (MIN + 1, MIN)]),
        ind(&[(MIN, 0), (MAX, 0)]),
    ];
    let objects = vec![
        empty(),
        obj(&[(3, (1, 1))]),
        obj(&[(1, (0, 0)), (2, (0, 0)), (1, (0, 1)), (3, (2, 2))]),
        obj(&[
            (5, (1, 2)),
            (4, (1, 2)),
            (4, (3, 2)),
            (5, (3, 3)),
            (4, (2, 0)),
        ]),
        obj(&[(2, (4, 1)), (2, (4, 2)), (2, (4, 4)), (2, (4, 5))]),
        obj(&[
            (1, (0, 0)),
            (1, (0, 2)),
            (1, (1, 0)),
            (1, (1, 2)),
            (1, (2, 0)),
        ]),
        obj(&[(-1, (MAX, 3)), (127, (MAX - 2, 1))]),
        obj(&[(0, (MIN, MIN)), (9, (MIN + 1, MIN + 1))]),
    ];
    let grids = vec![
        Value::grid(Grid::new(0, 0, Vec::new())),
        Value::grid(Grid::new(3, 0, Vec::new())),
        grid_of(&[[7]]),
        a(),
        d(),
        grid_of(&[[1, 2, 3, 4], [5, 6, 7, 8]]),
    ];
    let ints: Vec<Value> = [-1, 0, 1, 2, 3, 5, 127, 128, -129, 1 << 40]
        .into_iter()
        .map(int)
        .collect();
    let big = 1i64 << 32;
    let pairs: Vec<Value> = [
        (0, 0),
        (1, -1),
        (-2, 3),
        (5, 5),
        (MAX as i64, 0),
        (0, MIN as i64),
        (big, 1),
        (1, -big - 1),
        (i64::MAX, i64::MIN),
    ]
    .into_iter()
    .map(|(a, b)| p(a, b))
    .collect();
    let object_sets: Vec<Value> = vec![
        empty(),
        set(objects[1..4].to_vec()),
        set(vec![
            objects[1].clone(),
            objects[4].clone(),
            objects[6].clone(),
        ]),
    ];
    // Tuples of locations: empty (as a tuple and as a grid of no rows),
    // repeated, beyond a colour and at the ends of i32.
    let tuple_of = |locs: &[(i64, i64)]| Value::tuple(locs.iter().map(|&(i, j)| p(i, j)).collect());
    let loc_seqs = vec![
        Value::empty_tuple(),
        Value::grid(Grid::new(0, 2, Vec::new())),
        tuple_of(&[(1, 1)]),
        tuple_of(&[(2, 3), (2, 3), (0, 1)]),
        tuple_of(&[(300, -2), (1, 1), (300, -2)]),
        tuple_of(&[(MAX as i64, 3), (MIN as i64, MIN as i64), (0, 0)]),
    ];
    // Tuples of cells: empty (as a tuple and as a grid of no rows),
    // repeated, one location in two colours, colours at the ends of a
    // colour's range and locations at the ends of i32.
    let cells_of = |cells: &[(i8, (i32, i32))]| {
        Value::tuple(
            cells
                .iter()
                .map(|&(c, (i, j))| Value::Cell(Cell::new(c, i, j)))
                .collect(),
        )
    };
    let cell_seqs = vec![
        Value::empty_tuple(),
        Value::grid(Grid::new(0, 3, Vec::new())),
        cells_of(&[(4, (1, 1))]),
        cells_of(&[(2, (2, 3)), (2, (2, 3)), (7, (0, 1))]),
        cells_of(&[(3, (1, 1)), (5, (1, 1)), (3, (0, 0))]),
        cells_of(&[(-1, (MAX, 3)), (127, (MIN, MIN)), (0, (0, 0))]),
    ];
    let pool = |r: Repr| -> &[Value] {
        match r {
            Repr::LocSeq => &loc_seqs,
            Repr::CellSeq => &cell_seqs,
            Repr::Int => &ints,
            Repr::Pair => &pairs,
            Repr::Grid => &grids,
            Repr::Indices => &indices,
            Repr::Object => &objects,
            Repr::Objects => &object_sets,
            _ => panic!("no pool for {r:?}"),
        }
    };
    let mut failures = Vec::new();
    for k in PATCH_KERNELS {
        let pools: Vec<&[Value]> = k.params.iter().map(|&r| pool(r)).collect();
        let lists: Vec<Vec<Value>> = pools.iter().fold(vec![Vec::new()], |acc, pool| {
            acc.iter()
                .flat_map(|l| {
                    pool.iter().map(move |v| {
                        let mut l = l.clone();
                        l.push(v.clone());
                        l
                    })
                })
                .collect()
        });
        for args in lists {
            // Empty rows upscaled 2^40 times are 2^40 rows: too many to print.
            if matches!((&args[0], args.get(1)), (Value::Grid(g), Some(Value::Int(f)))
                if g.width() == 0 && *f > 1000)
            {
                continue;
            }
            let refs: Vec<&Value> = args.iter().collect();
            let typed = (k.call)(&refs);
            if matches!(&typed, Err(e) if is_deopt(e)) {
                continue;
            }
            let generic_args: Vec<Value> = args.iter().map(generic).collect();
            let generic_refs: Vec<&Value> = generic_args.iter().collect();
            let expected = dispatch_refs(k.prim, &generic_refs);
            // The `Value` primitive on these arguments takes the kernel.
            let through_value = dispatch_refs(k.prim, &refs);
            let same = |x: &Result<Value>| match (&typed, x) {
                (Ok(a), Ok(b)) => a == b && a.to_string() == b.to_string(),
                (Err(a), Err(b)) => a.kind == b.kind,
                _ => false,
            };
            if !same(&expected) || !same(&through_value) {
                failures.push(format!(
                    "{k:?} on {args:?}:\n  kernel:    {typed:?}\n  primitive: {expected:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Where a kernel's result representation cannot hold the result, it
/// declines and the primitive gives the reference's value.
#[test]
fn patch_kernels_decline_what_their_representations_cannot_hold() {
    use battgen_runtime::typed::{is_deopt, Cells, Locs};
    let no_locs: Locs = std::sync::Arc::from(Vec::new());
    let no_cells: Cells = std::sync::Arc::from(Vec::new());
    assert!(is_deopt(&ulcorner_locs(&no_locs).unwrap_err()));
    assert!(is_deopt(&lrcorner_cells(&no_cells).unwrap_err()));
    assert!(is_deopt(&centerofmass_cells(&no_cells).unwrap_err()));
    assert!(is_deopt(&corners_locs(&no_locs).unwrap_err()));
    assert!(is_deopt(&vfrontier_pair((0, 1 << 40)).unwrap_err()));
    assert_eq!(ulcorner(&empty()).unwrap(), tup(vec![]));
    assert_eq!(centerofmass(&empty()).unwrap(), tup(vec![]));
    assert_eq!(corners(&empty()).unwrap(), set(vec![tup(vec![])]));
    assert_eq!(vfrontier(&p(0, 1 << 40)).unwrap().len().unwrap(), 30);
    // A shift beyond i32 is unsupported, as on the generic path.
    let far = ind(&[(i32::MAX, 0)]);
    assert_eq!(kind(shift(&far, &p(1, 0))), ErrorKind::Unsupported);
    assert_eq!(kind(shift(&far, &p(i64::MIN, 0))), ErrorKind::Unsupported);
}
