//! Every typed kernel against its `Value` primitive, on real ARC grids and
//! what the primitives make of them.
//!
//! A `Value` primitive sends arguments of a kernel's representations to the
//! kernel, so calling it with them would compare the kernel with itself.
//! The oracle here is the primitive's generic path instead: the same values
//! in representations no kernel takes (a grid as a tuple of row tuples, a
//! patch as a plain frozenset of pairs or cell tuples, a pair as a tuple
//! of two ints). The kernel and the primitive must agree on every argument
//! list: the same value and the same repr (so `True` is not `1`), or the
//! same kind of error. A kernel may decline with a deopt; that is counted,
//! not compared, and must stay rare.

use std::sync::Arc;

use battgen_runtime::primitives::grids::objects;
use battgen_runtime::signatures::dispatch_refs;
use battgen_runtime::task;
use battgen_runtime::typed::{is_deopt, kernels, Repr};
use battgen_runtime::{Grid, Value};

/// The grids of the bundled test tasks (inputs and outputs), plus the
/// degenerate ones the primitives make: no rows, rows of width 0, 1x1.
fn grids() -> Vec<Value> {
    let dir = format!("{}/../tests/data/arc", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/data/arc")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut out = vec![
        Value::grid(Grid::new(0, 0, Vec::new())),
        Value::grid(Grid::new(2, 0, Vec::new())),
        Value::grid(Grid::new(1, 1, vec![7])),
    ];
    for path in files.iter().take(24) {
        let text = std::fs::read_to_string(path).unwrap();
        let t = task::parse_str(&path.display().to_string(), "t", &text).unwrap();
        for ex in t.samples() {
            out.push(ex.input_value().clone());
            if let Some(o) = &ex.output {
                out.push(Value::grid(o.clone()));
            }
        }
    }
    out
}

/// Pools of argument values per representation, from the grids.
struct Pools {
    bools: Vec<Value>,
    ints: Vec<Value>,
    pairs: Vec<Value>,
    grids: Vec<Value>,
    indices: Vec<Value>,
    objects: Vec<Value>,
    object_sets: Vec<Value>,
    /// 2-tuples of pairs (2x2 grids where the numbers are colours).
    loc_pairs: Vec<Value>,
    /// `product`s of two of the indices.
    loc_pair_sets: Vec<Value>,
    /// Cells of the objects, and tuples that are no cell (a number
    /// beyond a colour).
    cells: Vec<Value>,
    /// 2-tuples of those cells, and `product`s of small objects.
    cell_pairs: Vec<Value>,
    cell_pair_sets: Vec<Value>,
    /// 2-tuples of the objects, and `product`s of small sets of objects.
    object_pairs: Vec<Value>,
    object_pair_sets: Vec<Value>,
    /// Tuples of locations: `merge` of tuples of the indices (repeats
    /// kept), the empty tuple, and numbers beyond a colour.
    loc_seqs: Vec<Value>,
    /// Tuples of cells: `merge` of tuples of the objects (repeats kept,
    /// one location in two colours where objects overlap), the empty
    /// tuple and a grid of no rows.
    cell_seqs: Vec<Value>,
    values: Vec<Value>,
}

fn call(p: &str, args: &[&Value]) -> Value {
    let prim = battgen_runtime::Prim::from_name(p).unwrap();
    dispatch_refs(prim, args).unwrap()
}

impl Pools {
    fn new() -> Pools {
        let grids = grids();
        let (t, f) = (Value::Bool(true), Value::Bool(false));
        let mut indices = vec![Value::empty_set()];
        let mut objects_ = vec![Value::empty_set()];
        let mut object_sets = vec![Value::empty_set()];
        for (k, g) in grids.iter().enumerate().skip(3).step_by(3) {
            let c = Value::Int((k % 10) as i64);
            indices.push(call("ofcolor", &[g, &c]));
            indices.push(call("ofcolor", &[g, &Value::Int(0)]));
            let objs = objects(g, &t, &f, &t).unwrap();
            if let Ok(o) = call_checked("first", &[&objs]) {
                objects_.push(o);
            }
            object_sets.push(objs);
            object_sets.push(objects(g, &f, &t, &f).unwrap());
            object_sets.push(call("partition", &[g]));
            if k % 9 == 0 {
                indices.push(call("asindices", &[g]));
                objects_.push(call("asobject", &[g]));
            }
        }
        for s in object_sets.clone() {
            if let Ok(o) = call_checked("last", &[&s]) {
                objects_.push(o.clone());
                indices.push(call("toindices", &[&o]));
                indices.push(call(
                    "shift",
                    &[&call("toindices", &[&o]), &Value::Pair(-3, 2)],
                ));
            }
        }
        let ints: Vec<Value> = [-2i64, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 30, 300]
            .into_iter()
            .map(Value::Int)
            .collect();
        let pairs: Vec<Value> = [
            (0, 0),
            (1, 1),
            (0, 1),
            (1, 0),
            (-1, 0),
            (0, -1),
            (-1, -1),
            (1, -1),
            (2, 3),
            (3, 2),
            (5, 5),
            (-4, 7),
            (12, -3),
            (29, 29),
            (0, 30),
        ]
        .into_iter()
        .map(|(a, b)| Value::Pair(a, b))
        .collect();
        let mut loc_pairs = Vec::new();
        for (k, a) in pairs.iter().enumerate() {
            loc_pairs.push(call("astuple", &[a, &pairs[(k * 7 + 3) % pairs.len()]]));
        }
        loc_pairs.push(call(
            "astuple",
            &[&Value::Pair(0, 300), &Value::Pair(-200, 1)],
        ));
        let small: Vec<&Value> = indices
            .iter()
            .filter(|s| s.len().is_ok_and(|n| n <= 12))
            .collect();
        let mut loc_pair_sets = vec![Value::empty_set()];
        for (k, a) in small.iter().enumerate().take(20) {
            loc_pair_sets.push(call("product", &[a, small[(k * 5 + 1) % small.len()]]));
            loc_pair_sets.push(call("product", &[a, a]));
        }
        let mut cells = Vec::new();
        for o in objects_
            .iter()
            .filter(|o| o.len().is_ok_and(|n| n > 0))
            .take(12)
        {
            cells.push(call("first", &[o]));
            cells.push(call("last", &[o]));
        }
        cells.push(call("astuple", &[&Value::Int(300), &Value::Pair(1, 2)]));
        cells.push(call("astuple", &[&Value::Int(-1), &Value::Pair(-5, 40)]));
        let mut cell_pairs = Vec::new();
        for (k, a) in cells.iter().enumerate() {
            cell_pairs.push(call("astuple", &[a, &cells[(k * 5 + 2) % cells.len()]]));
        }
        let small_objects: Vec<&Value> = objects_
            .iter()
            .filter(|o| o.len().is_ok_and(|n| n <= 10))
            .collect();
        let mut cell_pair_sets = vec![Value::empty_set()];
        for (k, a) in small_objects.iter().enumerate().take(12) {
            let b = small_objects[(k * 3 + 1) % small_objects.len()];
            cell_pair_sets.push(call("product", &[a, b]));
            cell_pair_sets.push(call("product", &[a, a]));
        }
        let mut object_pairs = Vec::new();
        for (k, a) in objects_.iter().enumerate().take(16) {
            let b = &objects_[(k * 7 + 3) % objects_.len()];
            object_pairs.push(call("astuple", &[a, b]));
        }
        let small_sets: Vec<&Value> = object_sets
            .iter()
            .filter(|s| s.len().is_ok_and(|n| n <= 8))
            .collect();
        let mut object_pair_sets = vec![Value::empty_set()];
        for (k, a) in small_sets.iter().enumerate().take(12) {
            let b = small_sets[(k * 5 + 2) % small_sets.len()];
            object_pair_sets.push(call("product", &[a, b]));
            object_pair_sets.push(call("product", &[a, a]));
        }
        let mut loc_seqs = vec![
            Value::empty_tuple(),
            Value::grid(Grid::new(0, 2, Vec::new())),
            Value::tuple(vec![Value::Pair(3, 4)]),
            Value::tuple(vec![
                Value::Pair(0, 300),
                Value::Pair(-200, 1),
                Value::Pair(2, 2),
            ]),
        ];
        for (k, a) in small.iter().enumerate().take(16) {
            let b = small[(k * 3 + 2) % small.len()];
            let tuple = Value::tuple(vec![(*a).clone(), b.clone(), (*a).clone()]);
            loc_seqs.push(call("merge", &[&tuple]));
        }
        let mut cell_seqs = vec![
            Value::empty_tuple(),
            Value::grid(Grid::new(0, 3, Vec::new())),
        ];
        for (k, a) in objects_.iter().enumerate().take(16) {
            let b = &objects_[(k * 3 + 2) % objects_.len()];
            // A shifted copy of `a` recoloured, laid over `a` itself.
            let moved = call(
                "recolor",
                &[
                    &Value::Int(k as i64 % 10),
                    &call("shift", &[a, &Value::Pair(0, 1)]),
                ],
            );
            let tuple = Value::tuple(vec![a.clone(), b.clone(), moved, a.clone()]);
            cell_seqs.push(call("merge", &[&tuple]));
        }
        let mut values = Vec::new();
        for pool in [
            &ints,
            &pairs,
            &indices,
            &objects_,
            &object_sets,
            &loc_pairs,
            &loc_pair_sets,
            &cells,
            &cell_pairs,
            &cell_pair_sets,
            &object_pairs,
            &object_pair_sets,
            &loc_seqs,
            &cell_seqs,
        ] {
            values.extend(pool.iter().take(6).cloned());
        }
        values.extend(grids.iter().take(8).cloned());
        values.extend([t.clone(), f.clone(), Value::None, Value::empty_tuple()]);
        Pools {
            bools: vec![t, f],
            ints,
            pairs,
            grids,
            indices,
            objects: objects_,
            object_sets,
            loc_pairs,
            loc_pair_sets,
            cells,
            cell_pairs,
            cell_pair_sets,
            object_pairs,
            object_pair_sets,
            loc_seqs,
            cell_seqs,
            values,
        }
    }
    fn pool(&self, r: Repr) -> &[Value] {
        match r {
            Repr::Bool => &self.bools,
            Repr::Int => &self.ints,
            Repr::Pair => &self.pairs,
            Repr::Grid => &self.grids,
            Repr::Indices => &self.indices,
            Repr::Object => &self.objects,
            Repr::Objects => &self.object_sets,
            Repr::LocPair => &self.loc_pairs,
            Repr::LocPairs => &self.loc_pair_sets,
            Repr::Cell => &self.cells,
            Repr::CellPair => &self.cell_pairs,
            Repr::CellPairs => &self.cell_pair_sets,
            Repr::ObjectPair => &self.object_pairs,
            Repr::ObjectPairs => &self.object_pair_sets,
            Repr::LocSeq => &self.loc_seqs,
            Repr::CellSeq => &self.cell_seqs,
            Repr::Value => &self.values,
        }
    }
}

fn call_checked(p: &str, args: &[&Value]) -> battgen_runtime::Result<Value> {
    let prim = battgen_runtime::Prim::from_name(p).unwrap();
    dispatch_refs(prim, args)
}

/// The same value in a representation no kernel takes.
fn generic(v: &Value) -> Value {
    match v {
        Value::Pair(a, b) => Value::Tuple(Arc::new([Value::Int(*a), Value::Int(*b)])),
        Value::Grid(g) => Value::Tuple(
            g.rows()
                .map(|r| Value::Tuple(r.iter().map(|&c| Value::Int(c as i64)).collect()))
                .collect(),
        ),
        Value::Indices(s) => Value::Set(
            s.iter()
                .map(|&(i, j)| Value::Tuple(Arc::new([Value::Int(i as i64), Value::Int(j as i64)])))
                .collect(),
        ),
        Value::Object(s) => Value::Set(
            s.iter()
                .map(|c| {
                    Value::Tuple(Arc::new([
                        Value::Int(c.color as i64),
                        Value::Pair(c.loc.0 as i64, c.loc.1 as i64),
                    ]))
                })
                .collect(),
        ),
        Value::Set(s) => Value::Set(s.iter().map(generic).collect()),
        Value::Cell(c) => Value::Tuple(Arc::new([
            Value::Int(c.color as i64),
            Value::Pair(c.loc.0 as i64, c.loc.1 as i64),
        ])),
        Value::Tuple(t) if t.iter().all(|e| matches!(e, Value::Cell(_))) => {
            Value::Tuple(t.iter().map(generic).collect())
        }
        _ => v.clone(),
    }
}

/// A small deterministic generator (the same picks on every machine).
struct Lcg(u64);

impl Lcg {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn every_kernel_agrees_with_its_primitive() {
    let pools = Pools::new();
    let mut rng = Lcg(7);
    let mut failures = Vec::new();
    let (mut compared, mut declined) = (0usize, 0usize);
    for k in kernels() {
        let mut seen_ok = false;
        for trial in 0..400 {
            let args: Vec<Value> = k
                .params
                .iter()
                .map(|&r| {
                    let pool = pools.pool(r);
                    pool[rng.pick(pool.len())].clone()
                })
                .collect();
            let refs: Vec<&Value> = args.iter().collect();
            let typed = (k.call)(&refs);
            if matches!(&typed, Err(e) if is_deopt(e)) {
                declined += 1;
                continue;
            }
            let generic_args: Vec<Value> = args.iter().map(generic).collect();
            let generic_refs: Vec<&Value> = generic_args.iter().collect();
            let expected = dispatch_refs(k.prim, &generic_refs);
            compared += 1;
            let same = match (&typed, &expected) {
                (Ok(a), Ok(b)) => a == b && a.to_string() == b.to_string(),
                (Err(a), Err(b)) => a.kind == b.kind,
                _ => false,
            };
            seen_ok |= typed.is_ok();
            if !same && failures.len() < 40 {
                failures.push(format!(
                    "{k:?} trial {trial}: args {}\n  kernel:    {typed:?}\n  primitive: {expected:?}",
                    args.iter().map(|a| {
                        let s = a.to_string();
                        if s.len() > 60 { format!("{}...", &s[..60]) } else { s }
                    }).collect::<Vec<_>>().join(" | ")
                ));
            }
        }
        assert!(
            seen_ok || failures.iter().any(|f| f.starts_with(&format!("{k:?}"))),
            "{k:?}: no argument list gave a result; the pools miss its inputs"
        );
    }
    assert!(
        failures.is_empty(),
        "{} disagreement(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        declined * 10 <= compared.max(1),
        "kernels declined {declined} of {} argument lists",
        compared + declined
    );
}

/// `connect_union(a, b)`, the fused `merge(prapply(connect, a, b))`,
/// gives the union the primitives give through the frozenset of lines,
/// for every pair of index sets of the pool (real ARC colours, shifted
/// copies, empty sets) and each set with itself and its corners.
#[test]
fn connect_union_is_the_merge_of_the_prapply_of_connect() {
    use battgen_runtime::primitives::patches::connect_union;
    let pools = Pools::new();
    let connect = Value::func(battgen_runtime::Func::Prim(battgen_runtime::Prim::connect));
    let mut sets: Vec<Value> = pools.indices.iter().step_by(3).take(24).cloned().collect();
    for s in pools.indices.iter().step_by(7).take(6) {
        // (Corners of nothing are `frozenset({()})`, no set of locations.)
        sets.push(call("corners", &[s]));
    }
    sets.retain(|s| matches!(s, Value::Indices(_)) || s.len().ok() == Some(0));
    let locs = |v: &Value| match v {
        Value::Indices(s) => s.clone(),
        _ => Arc::from(Vec::new()),
    };
    let mut compared = 0;
    for a in &sets {
        for b in &sets {
            let lines = call("prapply", &[&connect, a, b]);
            let expected = call("merge", &[&lines]);
            let fused = Value::Indices(connect_union(&locs(a), &locs(b)).unwrap());
            assert_eq!(fused, expected, "connect_union({a}, {b})");
            compared += 1;
        }
    }
    assert!(compared >= 400);
}

/// The set operations on locations (`difference`, `intersection`, and
/// the fused `size` of each: `difference_size_locs`,
/// `intersection_size_locs`) agree with sets built independently
/// (`BTreeSet`), for pairs of index sets of the pool (small
/// neighbourhoods against large colour sets and the reverse, equal sets,
/// empty sets, locations outside the other's box). Each side stays the
/// same set across an inner loop, then the other way round, so both ways
/// `difference_size_locs` tests membership are taken: a search on the
/// first call, a bitmap of the set tested against on the next ones.
#[test]
fn set_operations_on_locations_agree_with_independent_sets() {
    use battgen_runtime::primitives::containers::{
        difference_locs, difference_size_locs, intersection_locs, intersection_size_locs,
    };
    use std::collections::BTreeSet;
    let pools = Pools::new();
    let mut sets: Vec<Value> = pools.indices.iter().step_by(2).take(30).cloned().collect();
    for s in pools.indices.iter().step_by(5).take(8) {
        let c = call("centerofmass", &[s]);
        // (The centre of nothing is `()`, which has no neighbours.)
        sets.extend(call_checked("dneighbors", &[&c]));
        sets.extend(call_checked("neighbors", &[&c]));
    }
    sets.retain(|s| matches!(s, Value::Indices(_)));
    let locs = |v: &Value| match v {
        Value::Indices(s) => s.clone(),
        _ => unreachable!("kept only sets of locations"),
    };
    // (Sets of 64 locations or more get a bitmap.)
    assert!(sets.iter().filter(|s| locs(s).len() >= 64).count() >= 3);
    let mut compared = 0;
    for outer_is_b in [true, false] {
        for x in &sets {
            for y in &sets {
                let (a, b) = if outer_is_b {
                    (locs(y), locs(x))
                } else {
                    (locs(x), locs(y))
                };
                let (sa, sb): (BTreeSet<_>, BTreeSet<_>) =
                    (a.iter().copied().collect(), b.iter().copied().collect());
                let diff: Vec<_> = sa.difference(&sb).copied().collect();
                let both: Vec<_> = sa.intersection(&sb).copied().collect();
                let what = format!("{:?} and {:?}", &a[..a.len().min(4)], &b[..b.len().min(4)]);
                assert_eq!(
                    difference_size_locs(&a, &b).unwrap(),
                    diff.len() as i64,
                    "{what}"
                );
                assert_eq!(
                    intersection_size_locs(&a, &b).unwrap(),
                    both.len() as i64,
                    "{what}"
                );
                assert_eq!(&difference_locs(&a, &b).unwrap()[..], &diff[..], "{what}");
                assert_eq!(&intersection_locs(&a, &b).unwrap()[..], &both[..], "{what}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 800);
}

/// `dsymmetric_grid`, `hsymmetric_grid` and `vsymmetric_grid`, the fused
/// `equality(mirror(g), g)`, agree with the primitives on every grid of
/// the pool (real inputs and outputs, their mirrors and halves, which
/// make symmetric ones, and the grids of no cells).
#[test]
fn mirror_tests_are_the_equality_of_the_mirror() {
    use battgen_runtime::primitives::patches::{dsymmetric_grid, hsymmetric_grid, vsymmetric_grid};
    let pools = Pools::new();
    let mut grids = pools.grids.clone();
    for g in pools.grids.iter().take(20) {
        // A grid stacked on its mirror is symmetric; a square one with
        // its transpose laid over it is too (cellwise keeps equal cells).
        grids.push(call("vconcat", &[g, &call("hmirror", &[g])]));
        grids.push(call("hconcat", &[g, &call("vmirror", &[g])]));
        if let Ok(c) = call_checked("cellwise", &[g, &call("dmirror", &[g]), &Value::Int(0)]) {
            grids.push(c);
        }
    }
    let mut symmetric = 0;
    for g in &grids {
        let Value::Grid(grid) = g else { continue };
        for (name, test) in [
            ("dmirror", dsymmetric_grid as fn(&_) -> _),
            ("hmirror", hsymmetric_grid),
            ("vmirror", vsymmetric_grid),
        ] {
            let expected = call("equality", &[&call(name, &[g]), g]);
            let got = test(grid).unwrap();
            assert_eq!(Value::Bool(got), expected, "{name} of {g}");
            symmetric += usize::from(got);
        }
    }
    assert!(
        symmetric >= 20,
        "the pool makes few symmetric grids ({symmetric})"
    );
}

/// The pool's grids, the first twelve again with numbers that are no
/// colour in them (15, -1: rows the typed forms over rows hand to the
/// primitives), and a grid of no rows.
fn grids_with_numbers_beyond_colours(pools: &Pools) -> Vec<Value> {
    let mut grids = pools.grids.clone();
    for g in pools.grids.iter().take(12) {
        grids.push(call("replace", &[g, &Value::Int(0), &Value::Int(15)]));
        grids.push(call("replace", &[g, &Value::Int(1), &Value::Int(-1)]));
    }
    grids.push(Value::grid(Grid::new(0, 0, Vec::new())));
    grids
}

/// `apply_rows_dedupe`, the typed `apply(dedupe, grid)`, gives what the
/// primitive gives through a row value per row, in the same shape (a grid
/// where the rows keep one width, a ragged tuple of rows otherwise): for
/// every grid of the pool, their first rows and columns alone (rows of
/// one width), with numbers beyond the colours (15, -1), a grid of no
/// rows and one of rows without cells.
#[test]
fn rows_deduped_are_apply_of_dedupe() {
    use battgen_runtime::rt::{prim_ref, t::apply_rows_dedupe};
    let pools = Pools::new();
    let mut grids = grids_with_numbers_beyond_colours(&pools);
    for g in pools.grids.iter().take(12) {
        grids.push(call(
            "tophalf",
            &[&call("tophalf", &[&call("tophalf", &[g])])],
        ));
        grids.push(call(
            "dmirror",
            &[&call("tophalf", &[&call("tophalf", &[g])])],
        ));
    }
    grids.push(Value::grid(Grid::new(2, 0, Vec::new())));
    let (mut compared, mut shapes) = (0, std::collections::BTreeSet::new());
    for g in &grids {
        let Value::Grid(grid) = g else { continue };
        let typed = apply_rows_dedupe(grid);
        let expected = call_checked(
            "apply",
            &[prim_ref(battgen_runtime::Prim::dedupe), &generic(g)],
        );
        match (&typed, &expected) {
            (Ok(a), Ok(b)) => {
                assert!(
                    a == b
                        && a.to_string() == b.to_string()
                        && std::mem::discriminant(a) == std::mem::discriminant(b),
                    "dedupe of {g}: {a:?} vs {b:?}"
                );
                shapes.insert(format!("{:?}", std::mem::discriminant(a)));
            }
            (Err(a), Err(b)) => assert_eq!(a.kind, b.kind, "dedupe of {g}"),
            _ => panic!("dedupe of {g}: {typed:?} vs {expected:?}"),
        }
        compared += 1;
    }
    assert!(compared >= 60 && shapes.len() >= 2, "{compared} {shapes:?}");
}

/// `apply_rows_by_count`, the typed `apply(mostcommon, grid)` and
/// `apply(leastcommon, grid)`, gives what the primitives give through a
/// tuple of boxed ints per row, for every grid of the pool, the same grids
/// with numbers that are no colour in them (15, -1: those rows go through
/// the primitive) and a grid of no rows.
#[test]
fn rows_by_count_are_apply_of_most_and_least_common() {
    use battgen_runtime::rt::{prim_ref, t::apply_rows_by_count};
    let grids = grids_with_numbers_beyond_colours(&Pools::new());
    let mut compared = 0;
    for g in &grids {
        let Value::Grid(grid) = g else { continue };
        for (most, name) in [(true, "mostcommon"), (false, "leastcommon")] {
            let typed = apply_rows_by_count(grid, most);
            let expected = call_checked(
                "apply",
                &[
                    prim_ref(battgen_runtime::Prim::from_name(name).unwrap()),
                    &generic(g),
                ],
            );
            match (&typed, &expected) {
                (Ok(a), Ok(b)) => assert!(
                    a == b && a.to_string() == b.to_string(),
                    "{name} of {g}: {a} vs {b}"
                ),
                (Err(a), Err(b)) => assert_eq!(a.kind, b.kind, "{name} of {g}"),
                _ => panic!("{name} of {g}: {typed:?} vs {expected:?}"),
            }
            compared += 1;
        }
    }
    assert!(compared >= 60);
}
