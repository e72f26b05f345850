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
            _ => panic!("model: {p:?} not modelled"),
        }
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
            src.contains(&format!("({},", op.kernel)),
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
    let mirrored = backend.call(Callee::Prim(Prim::hmirror), &[&rotated], rows);
    let second = up() - after_first;
    assert!(
        second < cells / 2,
        "rot90's output was resident: only descriptors went up ({second} bytes)"
    );
    let _ = backend.call(Callee::Prim(Prim::mostcolor), &[&input], rows);
    assert!(
        up() - after_first - second < cells / 2,
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
