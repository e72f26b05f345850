//! The GPU backend's kernels and host side.
//!
//! - Every kernel source compiles with NVRTC (skipped, saying why, where
//!   NVRTC is absent).
//! - Host-side output shapes of every eligible row agree with a model of the
//!   reference's semantics, on real ARC grids (runs everywhere).
//! - On a machine with a GPU: the device check against that model, row by
//!   row (skipped, saying why, elsewhere).
//!
//! The model below transliterates `dsl.py` on nested vectors, independent of
//! the kernels' index arithmetic.

use std::path::Path;

use battgen_runtime::backends::cuda::device::{self, compile, GpuError};
use battgen_runtime::backends::cuda::ops::{op_for, plan_row, plan_rows, supported, Family, Kind};
use battgen_runtime::backends::cuda::selftest;
use battgen_runtime::backends::{backend_for, GpuBackend, GpuSelect};
use battgen_runtime::batch::{eval_row, Callee, Column, CpuBackend, Telemetry};
use battgen_runtime::task;
use battgen_runtime::{Grid, Prim, Value};

mod model {
    use super::*;

    pub type G = Vec<Vec<i8>>;

    pub fn rows(g: &Grid) -> G {
        g.rows().map(|r| r.to_vec()).collect()
    }
    fn grid(g: G) -> Value {
        Value::grid(Grid::from_rows(&g).expect("model builds rectangular grids"))
    }
    fn rev<T: Clone>(v: &[T]) -> Vec<T> {
        v.iter().rev().cloned().collect()
    }
    /// zip(*g)
    fn zip(g: &G) -> G {
        let w = g.iter().map(Vec::len).min().unwrap_or(0);
        (0..w).map(|j| g.iter().map(|r| r[j]).collect()).collect()
    }
    /// Python's s[a:b] for a, b >= 0 or negative.
    fn slice<T: Clone>(s: &[T], a: i64, b: i64) -> Vec<T> {
        let n = s.len() as i64;
        let fix = |x: i64| if x < 0 { (n + x).max(0) } else { x.min(n) };
        let (a, b) = (fix(a), fix(b));
        if a >= b {
            vec![]
        } else {
            s[a as usize..b as usize].to_vec()
        }
    }
    pub fn rot90(g: &G) -> G {
        zip(&rev(g))
    }
    pub fn rot270(g: &G) -> G {
        rev(&zip(&rev(g)).iter().map(|r| rev(r)).collect::<G>())
    }
    fn tophalf(g: &G) -> G {
        slice(g, 0, g.len() as i64 / 2)
    }
    fn bottomhalf(g: &G) -> G {
        let h = g.len() as i64;
        slice(g, h / 2 + h % 2, h)
    }
    fn colors(g: &G) -> Vec<(i8, usize)> {
        let mut counts = std::collections::BTreeMap::new();
        for v in g.iter().flatten() {
            *counts.entry(*v).or_insert(0usize) += 1;
        }
        counts.into_iter().collect() // ascending: the set iteration order
    }
    fn int(v: &Value) -> i64 {
        match v {
            Value::Int(i) => *i,
            Value::Bool(b) => *b as i64,
            _ => panic!("model: not an int: {v}"),
        }
    }
    fn pair(v: &Value) -> (i64, i64) {
        match v {
            Value::Pair(a, b) => (*a, *b),
            _ => panic!("model: not a pair: {v}"),
        }
    }
    fn g_of(v: &Value) -> G {
        match v {
            Value::Grid(g) => rows(g),
            _ => panic!("model: not a grid: {v}"),
        }
    }

    /// The reference's result for an eligible row.
    pub fn eval(p: Prim, a: &[Value]) -> Value {
        let g = || g_of(&a[0]);
        match p {
            Prim::rot90 => grid(rot90(&g())),
            Prim::rot180 => grid(rev(&g()).iter().map(|r| rev(r)).collect()),
            Prim::rot270 => grid(rot270(&g())),
            Prim::hmirror => grid(rev(&g())),
            Prim::vmirror => grid(g().iter().map(|r| rev(r)).collect()),
            Prim::dmirror => grid(zip(&g())),
            Prim::cmirror => grid(zip(&rev(&g()).iter().map(|r| rev(r)).collect())),
            Prim::tophalf => grid(tophalf(&g())),
            Prim::bottomhalf => grid(bottomhalf(&g())),
            Prim::lefthalf => grid(rot270(&tophalf(&rot90(&g())))),
            Prim::righthalf => grid(rot270(&bottomhalf(&rot90(&g())))),
            Prim::trim => grid(slice(&g(), 1, -1).iter().map(|r| slice(r, 1, -1)).collect()),
            Prim::crop => {
                let ((i, j), (h, w)) = (pair(&a[1]), pair(&a[2]));
                grid(
                    slice(&g(), i, i + h)
                        .iter()
                        .map(|r| slice(r, j, j + w))
                        .collect(),
                )
            }
            Prim::hupscale | Prim::vupscale | Prim::upscale => {
                let f = int(&a[1]) as usize;
                let (fi, fj) = match p {
                    Prim::hupscale => (1, f),
                    Prim::vupscale => (f, 1),
                    _ => (f, f),
                };
                let mut out = G::new();
                for r in g() {
                    let row: Vec<i8> = r.iter().flat_map(|&v| std::iter::repeat_n(v, fj)).collect();
                    for _ in 0..fi {
                        out.push(row.clone());
                    }
                }
                grid(out)
            }
            Prim::downscale => {
                let f = int(&a[1]) as usize;
                let g = g();
                let g: G = g
                    .iter()
                    .map(|r| {
                        r.iter()
                            .enumerate()
                            .filter(|(j, _)| j % f == 0)
                            .map(|(_, v)| *v)
                            .collect()
                    })
                    .collect();
                grid(
                    g.into_iter()
                        .enumerate()
                        .filter(|(i, _)| i % f == 0)
                        .map(|(_, r)| r)
                        .collect(),
                )
            }
            Prim::replace => {
                let (x, y) = (int(&a[1]), int(&a[2]));
                grid(
                    g().iter()
                        .map(|r| {
                            r.iter()
                                .map(|&v| if v as i64 == x { y as i8 } else { v })
                                .collect()
                        })
                        .collect(),
                )
            }
            Prim::switch => {
                let (x, y) = (int(&a[1]), int(&a[2]));
                let f = |v: i8| {
                    if v as i64 != x && v as i64 != y {
                        v
                    } else if v as i64 == y {
                        x as i8 // {a: b, b: a}[v]: the later key wins when a == b
                    } else {
                        y as i8
                    }
                };
                grid(
                    g().iter()
                        .map(|r| r.iter().map(|&v| f(v)).collect())
                        .collect(),
                )
            }
            Prim::canvas => {
                let (v, (h, w)) = (int(&a[0]) as i8, pair(&a[1]));
                grid((0..h).map(|_| vec![v; w as usize]).collect())
            }
            Prim::cellwise => {
                let (x, y, fb) = (g(), g_of(&a[1]), int(&a[2]) as i8);
                grid(
                    (0..x.len())
                        .map(|i| {
                            (0..x[0].len())
                                .map(|j| if x[i][j] == y[i][j] { x[i][j] } else { fb })
                                .collect()
                        })
                        .collect(),
                )
            }
            Prim::hconcat => grid(
                g().iter()
                    .zip(g_of(&a[1]))
                    .map(|(x, y)| [x.clone(), y].concat())
                    .collect(),
            ),
            Prim::vconcat => grid([g(), g_of(&a[1])].concat()),
            Prim::mostcolor => {
                let c = colors(&g());
                let best = c.iter().fold(None::<(i8, usize)>, |b, &(v, n)| match b {
                    Some((_, bn)) if bn >= n => b,
                    _ => Some((v, n)),
                });
                Value::Int(best.map_or(0, |b| b.0) as i64)
            }
            Prim::leastcolor => {
                let c = colors(&g());
                let best = c.iter().fold(None::<(i8, usize)>, |b, &(v, n)| match b {
                    Some((_, bn)) if bn <= n => b,
                    _ => Some((v, n)),
                });
                Value::Int(best.map_or(0, |b| b.0) as i64)
            }
            Prim::palette => Value::set(
                colors(&g())
                    .iter()
                    .map(|(v, _)| Value::Int(*v as i64))
                    .collect(),
            ),
            Prim::numcolors => Value::Int(colors(&g()).len() as i64),
            Prim::colorcount => {
                let x = int(&a[1]);
                Value::Int(g().iter().flatten().filter(|&&v| v as i64 == x).count() as i64)
            }
            Prim::objects => {
                let t = |v: &Value| int(v) != 0;
                objects(&g(), t(&a[1]), t(&a[2]), t(&a[3]))
            }
            Prim::partition => partition(&g(), None),
            Prim::fgpartition => {
                let g = g();
                let bg = mostcolor(&g);
                partition(&g, Some(bg))
            }
            Prim::ofcolor => {
                let c = int(&a[1]);
                let g = g();
                let mut locs = Vec::new();
                for (i, r) in g.iter().enumerate() {
                    for (j, &v) in r.iter().enumerate() {
                        if v as i64 == c {
                            locs.push((i as i32, j as i32));
                        }
                    }
                }
                Value::Indices(locs.into())
            }
            Prim::fill | Prim::underfill => {
                let mut out = g();
                let bg = mostcolor(&out);
                let c = int(&a[1]) as i8;
                let locs: Vec<(i32, i32)> = match &a[2] {
                    Value::Indices(l) => l.to_vec(),
                    Value::Object(cells) => cells.iter().map(|c| c.loc).collect(),
                    v => panic!("model: not a patch: {v}"),
                };
                let orig = out.clone();
                for (i, j) in locs {
                    if let Some(cell) = at(&mut out, i, j) {
                        if p == Prim::fill || orig[i as usize][j as usize] == bg {
                            *cell = c;
                        }
                    }
                }
                grid(out)
            }
            Prim::paint | Prim::underpaint => {
                let mut out = g();
                let bg = mostcolor(&out);
                let Value::Object(cells) = &a[1] else {
                    panic!("model: not an object: {}", a[1])
                };
                for c in cells.iter() {
                    if let Some(cell) = at(&mut out, c.loc.0, c.loc.1) {
                        if p == Prim::paint || *cell == bg {
                            *cell = c.color;
                        }
                    }
                }
                grid(out)
            }
            _ => panic!("model: {p:?} not modelled"),
        }
    }

    fn at(g: &mut G, i: i32, j: i32) -> Option<&mut i8> {
        let (i, j) = (usize::try_from(i).ok()?, usize::try_from(j).ok()?);
        g.get_mut(i)?.get_mut(j)
    }

    /// The first most common colour in ascending order (the CPU's ties).
    fn mostcolor(g: &G) -> i8 {
        let c = colors(g);
        let n = c.iter().map(|x| x.1).max().unwrap_or(0);
        c.iter().find(|x| x.1 == n).map_or(0, |x| x.0)
    }

    fn object_set(objs: Vec<Vec<battgen_runtime::Cell>>) -> Value {
        Value::set(
            objs.into_iter()
                .map(|mut o| {
                    o.sort();
                    Value::Object(o.into())
                })
                .collect(),
        )
    }

    /// `objects` as the reference writes it: a fill from each unoccupied
    /// cell over neighbour sets.
    fn objects(g: &G, univalued: bool, diagonal: bool, without_bg: bool) -> Value {
        use std::collections::BTreeSet;
        let bg = without_bg.then(|| mostcolor(g));
        let (h, w) = (g.len() as i32, g[0].len() as i32);
        let mut occupied = BTreeSet::new();
        let mut objs = Vec::new();
        for i in 0..h {
            for j in 0..w {
                let val = g[i as usize][j as usize];
                if occupied.contains(&(i, j)) || bg == Some(val) {
                    continue;
                }
                let mut obj = vec![battgen_runtime::Cell::new(val, i, j)];
                occupied.insert((i, j));
                let mut cands = vec![(i, j)];
                while let Some((ci, cj)) = cands.pop() {
                    for di in -1..=1 {
                        for dj in -1..=1 {
                            let diag = di != 0 && dj != 0;
                            if (di, dj) == (0, 0) || (diag && !diagonal) {
                                continue;
                            }
                            let (qi, qj) = (ci + di, cj + dj);
                            if qi < 0
                                || qi >= h
                                || qj < 0
                                || qj >= w
                                || occupied.contains(&(qi, qj))
                            {
                                continue;
                            }
                            let v = g[qi as usize][qj as usize];
                            let joins = if univalued { v == val } else { bg != Some(v) };
                            if joins {
                                occupied.insert((qi, qj));
                                obj.push(battgen_runtime::Cell::new(v, qi, qj));
                                cands.push((qi, qj));
                            }
                        }
                    }
                }
                objs.push(obj);
            }
        }
        object_set(objs)
    }

    fn partition(g: &G, skip: Option<i8>) -> Value {
        let objs = colors(g)
            .into_iter()
            .filter(|(c, _)| Some(*c) != skip)
            .map(|(c, _)| {
                let mut o = Vec::new();
                for (i, r) in g.iter().enumerate() {
                    for (j, &v) in r.iter().enumerate() {
                        if v == c {
                            o.push(battgen_runtime::Cell::new(v, i as i32, j as i32));
                        }
                    }
                }
                o
            })
            .collect();
        object_set(objs)
    }
}

/// The ARC tasks of the tests (`BATTGEN_TEST_ARC` overrides the directory).
fn arc_tasks() -> Vec<task::Task> {
    let dir = match std::env::var("BATTGEN_TEST_ARC") {
        Ok(d) => Path::new(&d).to_path_buf(),
        Err(_) => Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/arc"),
    };
    let loaded = task::load(&dir);
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    assert!(loaded.tasks.len() >= 10);
    loaded.tasks
}

/// The model as the reference of the device check: eligible rows by the
/// model, every other row as the CPU evaluates it.
fn model_reference(callee: Callee, args: &[&Column], rows: usize, _t: &Telemetry) -> Column {
    let Callee::Prim(p) = callee else {
        unreachable!()
    };
    let op = op_for(p).expect("supported");
    let plans = plan_rows(&op, args, rows);
    Column::Rows(
        (0..rows)
            .map(|r| match &plans[r] {
                Some(_) => {
                    let vals: Vec<Value> = args
                        .iter()
                        .map(|c| c.row(r).clone().expect("eligible"))
                        .collect();
                    Ok(model::eval(p, &vals))
                }
                None => eval_row(callee, args, r),
            })
            .collect(),
    )
}

#[test]
fn every_kernel_source_compiles_with_nvrtc() {
    if !device::nvrtc_present() {
        println!("skipped: NVRTC (libnvrtc.so) is not on this machine");
        return;
    }
    for family in Family::ALL {
        match compile(family, None) {
            Ok(_) => println!("kernels/{} compiles", family.file()),
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn every_supported_primitive_has_a_kernel_in_its_family() {
    let prims = supported();
    assert!(prims.len() >= 28, "{prims:?}");
    for p in prims {
        let op = op_for(p).unwrap();
        assert!(op.family().kernels().contains(&op.kernel), "{p:?}");
        let src = op.family().source();
        assert!(
            src.contains(&format!("({},", op.kernel))
                || src.contains(&format!("__global__ void {}(", op.kernel)),
            "kernel {} not in {}",
            op.kernel,
            op.family().file()
        );
    }
}

#[test]
fn host_shapes_match_the_model_on_arc_grids() {
    let tasks = arc_tasks();
    let grids = selftest::test_grids(&tasks, 0);
    let mut checked = 0;
    for case in selftest::cases(&grids) {
        let op = op_for(case.prim).unwrap();
        let rows = case.args.iter().find_map(|c| match c {
            Column::Rows(r) => Some(r.len()),
            _ => None,
        });
        let rows = rows.unwrap_or(1);
        for r in 0..rows {
            let vals: Option<Vec<Value>> =
                case.args.iter().map(|c| c.row(r).clone().ok()).collect();
            let Some(vals) = vals else { continue };
            let refs: Vec<&Value> = vals.iter().collect();
            let Some(plan) = plan_row(&op, &refs) else {
                continue;
            };
            let want = model::eval(case.prim, &vals);
            match (op.kind, &want) {
                (Kind::Gather, Value::Grid(g)) => {
                    assert_eq!(
                        plan.out,
                        (g.height(), g.width()),
                        "{:?} {} row {r}",
                        case.prim,
                        case.label
                    );
                    assert!(g.height() > 0 && g.width() > 0);
                }
                (Kind::Reduce(_), v) => assert!(!matches!(v, Value::Grid(_))),
                (Kind::Paint, Value::Grid(g)) => assert_eq!(plan.out, (g.height(), g.width())),
                (Kind::Components(_), Value::Set(_) | Value::Indices(_)) => {
                    let Some(Value::Grid(a)) = vals.first() else {
                        panic!("{:?}: no grid", case.prim)
                    };
                    assert_eq!(plan.out, (a.height(), a.width()));
                }
                (k, v) => panic!("{k:?} {v}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn degenerate_rows_are_left_to_the_cpu() {
    let g = |h: usize, w: usize| Value::grid(Grid::new(h, w, vec![1; h * w]));
    let no = |p: Prim, args: &[Value]| {
        let refs: Vec<&Value> = args.iter().collect();
        assert!(
            plan_row(&op_for(p).unwrap(), &refs).is_none(),
            "{p:?} {args:?}"
        );
    };
    no(Prim::rot90, &[g(0, 0)]);
    no(Prim::rot90, &[Value::Int(1)]);
    no(Prim::tophalf, &[g(1, 4)]);
    no(Prim::lefthalf, &[g(4, 1)]);
    no(Prim::trim, &[g(2, 5)]);
    no(Prim::trim, &[g(5, 2)]);
    no(Prim::upscale, &[g(2, 2), Value::Int(0)]);
    no(Prim::downscale, &[g(2, 2), Value::Int(0)]);
    no(Prim::downscale, &[g(2, 2), Value::Int(-2)]);
    no(Prim::replace, &[g(2, 2), Value::Int(1), Value::Int(300)]);
    no(
        Prim::crop,
        &[g(3, 3), Value::Pair(-1, 0), Value::Pair(2, 2)],
    );
    no(Prim::crop, &[g(3, 3), Value::Pair(3, 0), Value::Pair(2, 2)]);
    no(Prim::crop, &[g(3, 3), Value::Pair(0, 0), Value::Pair(0, 2)]);
    no(Prim::cellwise, &[g(3, 3), g(2, 3), Value::Int(0)]);
    no(Prim::vconcat, &[g(3, 3), g(2, 4)]);
    no(Prim::canvas, &[Value::Int(1), Value::Pair(0, 3)]);
    no(Prim::colorcount, &[g(2, 2), Value::Int(1000)]);
    no(Prim::mostcolor, &[g(0, 0)]);
    let t = Value::Bool(true);
    no(Prim::objects, &[g(0, 0), t.clone(), t.clone(), t.clone()]);
    no(Prim::objects, &[g(65, 65), t.clone(), t.clone(), t.clone()]);
    no(Prim::objects, &[g(2, 2), Value::None, t.clone(), t.clone()]);
    no(Prim::ofcolor, &[g(2, 2), Value::Int(300)]);
    let obj = Value::object(vec![battgen_runtime::Cell::new(1, 0, 0)]);
    no(Prim::fill, &[g(2, 2), Value::Int(300), obj.clone()]);
    no(Prim::fill, &[g(0, 0), Value::Int(1), obj.clone()]);
    // A tuple of cells paints in its order, duplicates and all: the CPU's.
    let cells = Value::Tuple(vec![Value::Cell(battgen_runtime::Cell::new(1, 0, 0))].into());
    no(Prim::paint, &[g(2, 2), cells]);
    no(Prim::paint, &[g(2, 2), Value::indices(vec![(0, 0)])]);
    no(Prim::underfill, &[g(2, 2), Value::Int(1), Value::Int(3)]);
}

#[test]
fn without_cuda_the_backend_falls_back_to_the_cpu() {
    if device::probe().is_ok() {
        println!("skipped: CUDA is present here");
        return;
    }
    assert!(matches!(
        GpuBackend::new(&GpuSelect::All),
        Err(GpuError::NoDriver | GpuError::NoNvrtc)
    ));
    let b = backend_for(false, Some(&GpuSelect::All), true);
    assert!(b.name().starts_with("cpu"));
    let col = Column::Rows(vec![Ok(Value::Int(1))]);
    let out = b.call(Callee::Prim(Prim::identity), &[&col], 1);
    assert_eq!(out.row(0), &Ok(Value::Int(1)));
    // The device check says why and exits 2.
    assert_eq!(
        selftest::run(&arc_tasks(), &GpuSelect::All, &CpuBackend::run),
        2
    );
}

#[test]
fn gpu_matches_the_model_on_arc_grids() {
    let backend = match GpuBackend::new(&GpuSelect::All) {
        Ok(b) => b,
        Err(e) => {
            println!("skipped: no GPU usable here: {e}");
            return;
        }
    };
    drop(backend);
    // BATTGEN_TEST_GPUS=0,0 runs two streams on one GPU: the multi-GPU split.
    let select: GpuSelect = std::env::var("BATTGEN_TEST_GPUS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(GpuSelect::All);
    assert_eq!(selftest::run(&arc_tasks(), &select, &model_reference), 0);
}

#[test]
fn a_column_made_on_the_gpu_is_not_uploaded_again() {
    let backend = match GpuBackend::new(&GpuSelect::All) {
        Ok(b) => b.forced(),
        Err(e) => {
            println!("skipped: no GPU usable here: {e}");
            return;
        }
    };
    use battgen_runtime::batch::Backend;
    use std::sync::atomic::Ordering::Relaxed;
    let grids = selftest::test_grids(&arc_tasks(), 0);
    let rows = grids.len();
    let input = Column::Rows(grids.iter().map(|g| Ok(Value::Grid(g.clone()))).collect());
    let up = || backend.telemetry().bytes_to_device.load(Relaxed);
    let rotated = backend.call(Callee::Prim(Prim::rot90), &[&input], rows);
    let after_first = up();
    let cells: u64 = grids.iter().map(|g| g.cells().len() as u64).sum();
    assert!(after_first >= cells, "the input column was uploaded");
    // Only the row descriptors go up when the grids are resident (the
    // test's grids average fewer cells than a descriptor has bytes, so a
    // share of the cells is no bound).
    let descriptors = (rows * battgen_runtime::backends::cuda::ops::DESC * 4) as u64;
    let mirrored = backend.call(Callee::Prim(Prim::hmirror), &[&rotated], rows);
    let second = up() - after_first;
    assert!(
        second <= descriptors,
        "rot90's output was resident: only descriptors went up ({second} bytes, {cells} cells)"
    );
    let _ = backend.call(Callee::Prim(Prim::mostcolor), &[&input], rows);
    assert!(
        up() - after_first - second <= descriptors,
        "the input column stayed resident"
    );
    for (r, g) in grids.iter().enumerate() {
        let want = model::eval(
            Prim::hmirror,
            &[model::eval(Prim::rot90, &[Value::Grid(g.clone())])],
        );
        assert_eq!(mirrored.row(r), &Ok(want), "row {r}");
    }
    assert_eq!(backend.telemetry().total_rows(), (0, 3 * rows as u64));
}

/// A call over columns a device holds is planned from their shapes and
/// buffers alone: no copy to the host (runs everywhere, no GPU needed).
#[test]
fn resident_columns_are_planned_where_they_are() {
    use battgen_runtime::backends::cuda::ops::{device_buffers, GridSrc};
    use battgen_runtime::batch::{DeviceGrid, Resident, Slot};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let fetched = Arc::new(AtomicUsize::new(0));
    let buffer: Arc<dyn std::any::Any + Send + Sync> = Arc::new(0u8);
    let on_device = |offset: u32, h: u32, w: u32| {
        Slot::Device(DeviceGrid {
            device: 0,
            buffer: 0,
            offset,
            h,
            w,
        })
    };
    let host = Value::grid(Grid::new(1, 2, vec![3, 4]));
    let resident = |slots: Vec<Slot>| {
        let counter = fetched.clone();
        Column::Resident(Arc::new(Resident::new(
            vec![buffer.clone()],
            slots,
            Box::new(move |_, s| {
                counter.fetch_add(1, Ordering::Relaxed);
                vec![Ok(Value::None); s.len()]
            }),
        )))
    };
    let a = resident(vec![
        on_device(0, 2, 3),
        Slot::Host(Ok(host.clone())),
        Slot::Host(Err(battgen_runtime::Error::type_error("test"))),
    ]);
    let b = resident(vec![
        on_device(6, 2, 3),
        on_device(12, 1, 1),
        on_device(13, 1, 1),
    ]);
    let (buffers, maps) = device_buffers(&[&a, &b]);
    assert_eq!((buffers.len(), maps), (1, vec![vec![0], vec![0]]));
    let plans = plan_rows(&op_for(Prim::rot90).unwrap(), &[&a], 3);
    let p0 = plans[0].as_ref().expect("a device grid is eligible");
    assert!(matches!(p0.a, Some(GridSrc::Device(d)) if d.buffer == 0 && d.offset == 0));
    assert_eq!(p0.out, (3, 2));
    assert!(matches!(
        plans[1].as_ref().unwrap().a,
        Some(GridSrc::Host(_))
    ));
    assert!(plans[2].is_none(), "an error row is the CPU's");
    let plans = plan_rows(&op_for(Prim::hconcat).unwrap(), &[&a, &b], 3);
    let p0 = plans[0].as_ref().unwrap();
    assert!(matches!(p0.b, Some(GridSrc::Device(d)) if d.offset == 6));
    assert_eq!(p0.out, (2, 6));
    assert_eq!(plans[1].as_ref().unwrap().out, (1, 3));
    assert_eq!(
        fetched.load(Ordering::Relaxed),
        0,
        "nothing was copied to the host"
    );
}

/// The row function of the components kernel (`components_row` in
/// `kernels/patches.cu`: objects, partition, fgpartition, ofcolor) compiled
/// as C++ on the host and run on every ARC grid of the tests against the
/// model: the device logic is checked where there is no GPU.
#[test]
fn components_kernel_logic_matches_the_model_on_the_host() {
    use battgen_runtime::backends::cuda::launch::{key_cell, key_loc};
    use std::io::Write;
    use std::process::{Command, Stdio};
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".to_owned());
    if Command::new(&cxx).arg("--version").output().is_err() {
        println!("skipped: no C++ compiler ({cxx})");
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("components-host");
    std::fs::create_dir_all(&dir).unwrap();
    let kernel = Path::new(env!("CARGO_MANIFEST_DIR")).join("../kernels/patches.cu");
    let harness = format!(
        r#"#include <cstdio>
#include <vector>
#define __device__
#define BATTGEN_HOST_TEST
#include "{}"
int main() {{
  int h, w, mode, flags;
  while (scanf("%d %d %d %d", &h, &w, &mode, &flags) == 4) {{
    std::vector<signed char> a(h * w);
    for (auto& c : a) {{ int x; if (scanf("%d", &x) != 1) return 1; c = (signed char)x; }}
    const int n = h * w;
    std::vector<unsigned> keys(n + 1);
    std::vector<int> starts(n + 2), scratch(5 * n + 5);
    const int c = components_row(a.data(), h, w, mode, flags, keys.data(), starts.data(), scratch.data());
    printf("%d", c);
    if (mode == 3) for (int k = 0; k < c; ++k) printf(" %u", keys[k]);
    else for (int r = 0; r < c; ++r) {{
      printf(" |");
      for (int k = starts[r]; k < starts[r + 1]; ++k) printf(" %u", keys[k]);
    }}
    printf("\n");
  }}
}}
"#,
        kernel.display()
    );
    let src = dir.join("harness.cpp");
    std::fs::write(&src, harness).unwrap();
    let exe = dir.join("harness");
    let built = Command::new(&cxx)
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    // (prim, mode, flags, extra args) per case, on every grid.
    let grids = selftest::test_grids(&arc_tasks(), 0);
    let b = |x: i64| Value::Bool(x != 0);
    let mut cases: Vec<(Prim, i32, i32, Vec<Value>, Value)> = Vec::new();
    for g in &grids {
        let gv = Value::Grid(g.clone());
        for bits in 0..8 {
            let args = vec![gv.clone(), b(bits & 1), b(bits & 2), b(bits & 4)];
            cases.push((Prim::objects, 0, bits as i32, args, gv.clone()));
        }
        cases.push((Prim::partition, 1, 0, vec![gv.clone()], gv.clone()));
        cases.push((Prim::fgpartition, 2, 0, vec![gv.clone()], gv.clone()));
        for c in [0, 1, 5] {
            let args = vec![gv.clone(), Value::Int(c)];
            cases.push((Prim::ofcolor, 3, c as i32, args, gv.clone()));
        }
    }
    let mut input = String::new();
    for (_, mode, flags, _, g) in &cases {
        let Value::Grid(g) = g else { unreachable!() };
        input.push_str(&format!("{} {} {mode} {flags}", g.height(), g.width()));
        for c in g.cells() {
            input.push_str(&format!(" {c}"));
        }
        input.push('\n');
    }
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for ((prim, _, flags, args, _), line) in cases.iter().zip(lines) {
        let keys =
            |s: &str| -> Vec<u32> { s.split_whitespace().map(|k| k.parse().unwrap()).collect() };
        let got = if *prim == Prim::ofcolor {
            let all = keys(line);
            Value::Indices(all[1..].iter().map(|&k| key_loc(k)).collect())
        } else {
            Value::Set(
                line.split('|')
                    .skip(1)
                    .map(|o| Value::Object(keys(o).into_iter().map(key_cell).collect()))
                    .collect(),
            )
        };
        let want = model::eval(*prim, args);
        assert!(
            got == want,
            "{prim:?} {flags} on {}: kernel {got} | model {want}",
            args[0]
        );
        // Same order too: the set's items as the CPU holds them.
        assert_eq!(format!("{got}"), format!("{want}"));
    }
    println!("{} rows agree", cases.len());
}

/// The CPU's `objects` (components labelled by runs) against the model's
/// fill, on every grid of the bundled tasks, with every flag: the same
/// objects in the same order, so also the same printed set; and `ofcolor`
/// of every colour (and one absent from every grid).
#[test]
fn cpu_objects_match_the_model_on_arc_grids() {
    let grids = selftest::test_grids(&arc_tasks(), 0);
    let b = |x: usize| Column::Uniform(Ok(Value::Bool(x != 0)));
    let mut checked = 0;
    for g in &grids {
        let gv = Value::Grid(g.clone());
        let grid = Column::Uniform(Ok(gv.clone()));
        for bits in 0..8 {
            let flags = [b(bits & 1), b(bits & 2), b(bits & 4)];
            let args = [&grid, &flags[0], &flags[1], &flags[2]];
            let got = eval_row(Callee::Prim(Prim::objects), &args, 0).unwrap();
            let vals: Vec<Value> = std::iter::once(gv.clone())
                .chain((0..3).map(|k| Value::Bool(bits >> k & 1 == 1)))
                .collect();
            let want = model::eval(Prim::objects, &vals);
            assert!(
                got == want,
                "objects {bits} on {gv}: cpu {got} | model {want}"
            );
            assert_eq!(format!("{got}"), format!("{want}"));
            checked += 1;
        }
        for c in 0..=10 {
            let colour = Column::Uniform(Ok(Value::Int(c)));
            let got = eval_row(Callee::Prim(Prim::ofcolor), &[&grid, &colour], 0).unwrap();
            let want = model::eval(Prim::ofcolor, &[gv.clone(), Value::Int(c)]);
            assert!(got == want, "ofcolor {c} on {gv}: cpu {got} | model {want}");
        }
    }
    assert!(checked > 8 * 500, "{checked}");
    println!("{checked} rows agree");
}

#[test]
fn run_options_take_the_gpu_flags() {
    use battgen_runtime::driver::RunOptions;
    use clap::Parser;
    let o = RunOptions::try_parse_from(["b", "--data", "d", "--gpus", "0,2"]).unwrap();
    assert_eq!(o.gpus, Some(GpuSelect::List(vec![0, 2])));
    let o = RunOptions::try_parse_from(["b", "--data", "d", "--cpu", "--gpu-selftest"]).unwrap();
    assert!(o.cpu && o.gpu_selftest && o.gpus.is_none());
    assert!(RunOptions::try_parse_from(["b", "--data", "d", "--cpu", "--gpus", "all"]).is_err());
    assert!(RunOptions::try_parse_from(["b", "--data", "d", "--gpus", "x"]).is_err());
}

#[test]
fn a_failed_launch_falls_back_to_the_cpu_with_the_same_results() {
    let backend = match GpuBackend::new(&GpuSelect::All) {
        Ok(b) => b.forced().inject_fault(Prim::rot90),
        Err(e) => {
            println!("skipped: no GPU usable here: {e}");
            return;
        }
    };
    use battgen_runtime::batch::Backend;
    let grids = selftest::test_grids(&arc_tasks(), 0);
    let rows = grids.len();
    let input = Column::Rows(grids.iter().map(|g| Ok(Value::Grid(g.clone()))).collect());
    let want = CpuBackend::run(
        Callee::Prim(Prim::rot90),
        &[&input],
        rows,
        &Telemetry::default(),
    );
    let got = backend.call(Callee::Prim(Prim::rot90), &[&input], rows);
    assert!(!backend.healthy());
    for r in 0..rows {
        assert_eq!(got.row(r), want.row(r));
    }
    // Everything after the failure runs on the CPU.
    let _ = backend.call(Callee::Prim(Prim::mostcolor), &[&input], rows);
    assert_eq!(backend.telemetry().total_rows().1, 0);
}
