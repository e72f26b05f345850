//! The device check (`--gpu-selftest`): every supported primitive on a
//! column of real ARC grids, on the GPU and on the CPU, compared row by row.
//!
//! The column holds every input and output grid of the `--data` tasks
//! (copied until it has at least `MIN_CELLS` cells, so that timings mean
//! something) plus a few rows that must go to the CPU (an error, an int, an
//! empty grid, a one-cell grid). One line per case: rows run on the GPU,
//! mismatches, GPU time (first call, then again with the inputs resident),
//! CPU time, and GB/s (cells read and written by the GPU rows / warm time).
//! Exit code: 0 all identical, 1 a mismatch or a GPU failure, 2 no GPU.

use std::time::Instant;

use crate::batch::{Backend, Callee, Column, Telemetry};
use crate::error::Error;
use crate::signatures::Prim;
use crate::task::Task;
use crate::values::{Grid, Value};

use super::ops::{op_for, plan_rows};
use super::{GpuBackend, GpuSelect};

/// Cells in the test column at least.
pub const MIN_CELLS: usize = 2_000_000;

/// One primitive call to check.
pub struct Case {
    pub prim: Prim,
    pub label: String,
    pub args: Vec<Column>,
}

fn uniform(v: Value) -> Column {
    Column::Uniform(Ok(v))
}

fn vmirrored(g: &Grid) -> Grid {
    let cells = g.rows().flat_map(|r| r.iter().rev().copied()).collect();
    Grid::new(g.height(), g.width(), cells)
}

/// The grids of the tasks, copied until they hold `min_cells` cells.
pub fn test_grids(tasks: &[Task], min_cells: usize) -> Vec<Grid> {
    let base: Vec<&Grid> = tasks
        .iter()
        .flat_map(|t| {
            t.samples()
                .flat_map(|e| std::iter::once(e.input()).chain(e.output.as_ref()))
        })
        .collect();
    let cells: usize = base.iter().map(|g| g.cells().len()).sum();
    let copies = if cells == 0 {
        1
    } else {
        min_cells.div_ceil(cells).max(1)
    };
    (0..copies)
        // Copies, not shared handles: each copy is its own grid to upload.
        .flat_map(|_| base.iter().map(|g| g.copied()))
        .collect()
}

/// Every case: each supported primitive with a few parameter values.
pub fn cases(grids: &[Grid]) -> Vec<Case> {
    let mut rows: Vec<crate::error::Result<Value>> =
        grids.iter().map(|g| Ok(Value::Grid(g.clone()))).collect();
    // Rows the GPU must leave to the CPU.
    rows.push(Err(Error::type_error("selftest")));
    rows.push(Ok(Value::Int(3)));
    rows.push(Ok(Value::grid(Grid::new(0, 0, vec![]))));
    rows.push(Ok(Value::grid(Grid::new(1, 1, vec![4]))));
    rows.push(Ok(Value::grid(Grid::new(1, 3, vec![1, 2, 1]))));
    let total = rows.len();
    let g = Column::Rows(rows.clone());
    // The next row's grid (other shapes), and same-shape mirrored grids.
    let g2 = Column::Rows((0..total).map(|r| rows[(r + 1) % total].clone()).collect());
    let gm = Column::Rows(
        rows.iter()
            .map(|v| match v {
                Ok(Value::Grid(x)) => Ok(Value::grid(vmirrored(x))),
                other => other.clone(),
            })
            .collect(),
    );
    let per_row_color = Column::Rows(
        (0..total)
            .map(|r| Ok(Value::Int((r % 10) as i64)))
            .collect(),
    );
    let dims = Column::Rows(
        (0..total)
            .map(|r| match &rows[r] {
                Ok(Value::Grid(x)) => Ok(Value::Pair(x.height() as i64, x.width() as i64)),
                _ => Ok(Value::Pair(r as i64 % 3, 2)),
            })
            .collect(),
    );
    let int = |i: i64| uniform(Value::Int(i));
    let pair = |a: i64, b: i64| uniform(Value::Pair(a, b));
    let mut v: Vec<Case> = Vec::new();
    let mut add = |prim: Prim, label: &str, args: Vec<Column>| {
        v.push(Case {
            prim,
            label: label.to_owned(),
            args,
        })
    };
    use Prim as P;
    for p in [
        P::rot90,
        P::rot180,
        P::rot270,
        P::hmirror,
        P::vmirror,
        P::dmirror,
        P::cmirror,
        P::tophalf,
        P::bottomhalf,
        P::lefthalf,
        P::righthalf,
        P::trim,
    ] {
        add(p, "", vec![g.clone()]);
    }
    add(
        P::crop,
        "(0,0) 3x3",
        vec![g.clone(), pair(0, 0), pair(3, 3)],
    );
    add(
        P::crop,
        "(1,2) 4x5",
        vec![g.clone(), pair(1, 2), pair(4, 5)],
    );
    add(
        P::crop,
        "(2,1) 30x30",
        vec![g.clone(), pair(2, 1), pair(30, 30)],
    );
    add(P::upscale, "2", vec![g.clone(), int(2)]);
    add(P::upscale, "3", vec![g.clone(), int(3)]);
    add(P::upscale, "0", vec![g.clone(), int(0)]);
    add(P::hupscale, "2", vec![g.clone(), int(2)]);
    add(P::vupscale, "3", vec![g.clone(), int(3)]);
    add(P::downscale, "2", vec![g.clone(), int(2)]);
    add(P::downscale, "3", vec![g.clone(), int(3)]);
    add(P::replace, "0->5", vec![g.clone(), int(0), int(5)]);
    add(
        P::replace,
        "r%10->0",
        vec![g.clone(), per_row_color.clone(), int(0)],
    );
    add(P::switch, "0<->1", vec![g.clone(), int(0), int(1)]);
    add(P::switch, "2<->2", vec![g.clone(), int(2), int(2)]);
    add(P::canvas, "r%10, shape", vec![per_row_color.clone(), dims]);
    add(
        P::cellwise,
        "mirror, 0",
        vec![g.clone(), gm.clone(), int(0)],
    );
    add(P::cellwise, "next, 5", vec![g.clone(), g2.clone(), int(5)]);
    add(P::hconcat, "self", vec![g.clone(), g.clone()]);
    add(P::hconcat, "next", vec![g.clone(), g2.clone()]);
    add(P::vconcat, "mirror", vec![g.clone(), gm.clone()]);
    add(P::vconcat, "next", vec![g.clone(), g2.clone()]);
    for p in [P::mostcolor, P::leastcolor, P::numcolors, P::palette] {
        add(p, "", vec![g.clone()]);
    }
    add(P::colorcount, "0", vec![g.clone(), int(0)]);
    add(
        P::colorcount,
        "r%10",
        vec![g.clone(), per_row_color.clone()],
    );
    let t = || uniform(Value::Bool(true));
    let f = || uniform(Value::Bool(false));
    for bits in 0..8 {
        let flag = |b: usize| if bits & b != 0 { t() } else { f() };
        let label = format!(
            "{}{}{}",
            if bits & 1 != 0 { "T" } else { "F" },
            if bits & 2 != 0 { "T" } else { "F" },
            if bits & 4 != 0 { "T" } else { "F" }
        );
        add(
            P::objects,
            &label,
            vec![g.clone(), flag(1), flag(2), flag(4)],
        );
    }
    add(P::partition, "", vec![g.clone()]);
    add(P::fgpartition, "", vec![g.clone()]);
    add(P::ofcolor, "0", vec![g.clone(), int(0)]);
    add(P::ofcolor, "r%10", vec![g.clone(), per_row_color.clone()]);
    // Patches made by the CPU: a colour's locations shifted partly off the
    // grid, the mirrored grid's first object moved, and its every cell.
    let cpu = |prim: Prim, cols: &[&Column]| -> Column {
        Column::Rows(
            (0..total)
                .map(|r| crate::batch::eval_row(Callee::Prim(prim), cols, r))
                .collect(),
        )
    };
    let locs = cpu(P::ofcolor, &[&gm, &per_row_color]);
    let locs = cpu(P::shift, &[&locs, &pair(1, -2)]);
    let objs = cpu(P::objects, &[&gm, &t(), &f(), &t()]);
    let obj = cpu(P::first, &[&objs]);
    let obj = cpu(P::shift, &[&obj, &pair(2, 1)]);
    let whole = cpu(P::asobject, &[&gm]);
    add(P::fill, "5, locs", vec![g.clone(), int(5), locs.clone()]);
    add(
        P::fill,
        "r%10, obj",
        vec![g.clone(), per_row_color.clone(), obj.clone()],
    );
    add(
        P::underfill,
        "3, locs",
        vec![g.clone(), int(3), locs.clone()],
    );
    add(
        P::underfill,
        "r%10, obj",
        vec![g.clone(), per_row_color, obj.clone()],
    );
    add(P::paint, "obj", vec![g.clone(), obj.clone()]);
    add(P::paint, "mirror", vec![g.clone(), whole.clone()]);
    add(P::underpaint, "obj", vec![g.clone(), obj]);
    add(P::underpaint, "mirror", vec![g.clone(), whole]);
    v
}

/// A chain of grid calls (each reads the one before), on the GPU with the
/// grids kept on the device and copied down after every call, and on the
/// CPU: the time of each and the bytes copied down, and any row that
/// differs. Returns (mismatching rows, whether both GPU runs were healthy).
fn chain(grids: &[Grid], select: &GpuSelect, reference: Reference) -> (usize, bool) {
    use crate::signatures::Prim as P;
    let rows = grids.len();
    let input = Column::Rows(grids.iter().map(|g| Ok(Value::Grid(g.clone()))).collect());
    let int = |i: i64| Column::Uniform(Ok(Value::Int(i)));
    let steps: Vec<(Prim, Vec<Column>)> = vec![
        (P::rot90, vec![]),
        (P::hmirror, vec![]),
        (P::replace, vec![int(0), int(7)]),
        (P::upscale, vec![int(2)]),
        (P::switch, vec![int(7), int(1)]),
        (P::downscale, vec![int(2)]),
        (P::cmirror, vec![]),
        (P::trim, vec![]),
    ];
    let run = |call: &dyn Fn(Callee, &[&Column], usize) -> Column| -> (Column, f64) {
        let t = Instant::now();
        let mut col = input.clone();
        for (p, extra) in &steps {
            let mut args: Vec<&Column> = vec![&col];
            args.extend(extra.iter());
            let next = call(Callee::Prim(*p), &args, rows);
            col = next;
        }
        let col = on_host(col);
        (col, t.elapsed().as_secs_f64() * 1e3)
    };
    let tel = Telemetry::default();
    let (want, cpu_ms) = run(&|c, a, n| reference(c, a, n, &tel));
    let mut mismatches = 0;
    let mut healthy = true;
    for keep in [true, false] {
        let b = match GpuBackend::new(select) {
            Ok(b) => b.forced().with_resident(keep),
            Err(_) => return (0, false),
        };
        let _ = run(&|c, a, n| b.call(c, a, n)); // warm (kernels, staging buffers)
        let down0 = b.telemetry().bytes_copied_down();
        let (got, ms) = run(&|c, a, n| b.call(c, a, n));
        let down = b.telemetry().bytes_copied_down() - down0;
        let diff = (0..rows).filter(|&r| got.row(r) != want.row(r)).count();
        mismatches += diff;
        healthy &= b.healthy();
        println!(
            "chain of {} grid calls on {rows} grids, {}: {ms:.3} ms, {down} bytes copied down, {diff} rows differ (cpu {cpu_ms:.3} ms)",
            steps.len(),
            if keep { "kept on the device" } else { "copied down after each call" },
        );
    }
    (mismatches, healthy)
}

/// A column's values read on the host (a resident column copied down).
fn on_host(c: Column) -> Column {
    match &c {
        Column::Resident(r) => {
            r.host();
        }
        Column::Uniform(_) | Column::Rows(_) => {}
    }
    c
}

/// The reference: how the CPU evaluates a call.
pub type Reference<'a> = &'a dyn Fn(Callee, &[&Column], usize, &Telemetry) -> Column;

fn short(v: &crate::error::Result<Value>) -> String {
    let s = match v {
        Ok(v) => v.to_string(),
        Err(e) => format!("Err({e})"),
    };
    if s.len() > 100 {
        format!(
            "{}...",
            &s[..s
                .char_indices()
                .take_while(|(i, _)| *i < 97)
                .last()
                .map_or(0, |(i, c)| i + c.len_utf8())]
        )
    } else {
        s
    }
}

/// Run the device check; returns the exit code.
pub fn run(tasks: &[Task], select: &GpuSelect, reference: Reference) -> i32 {
    let backend = match GpuBackend::new(select) {
        Ok(b) => b.forced(),
        Err(e) => {
            eprintln!("gpu selftest: no GPU usable: {e}");
            return 2;
        }
    };
    let grids = test_grids(tasks, MIN_CELLS);
    let cells: usize = grids.iter().map(|g| g.cells().len()).sum();
    println!(
        "gpu selftest on {}: {} grids ({} cells) from {} tasks, {} rayon threads for the CPU",
        backend.describe(),
        grids.len(),
        cells,
        tasks.len(),
        rayon::current_num_threads()
    );
    println!(
        "{:<12} {:<12} {:>9} {:>7} {:>10} {:>10} {:>10} {:>8}",
        "primitive", "params", "gpu rows", "diff", "gpu ms", "again ms", "cpu ms", "GB/s"
    );
    let cases = cases(&grids);
    let (mut total_mismatch, mut gpu_idle) = (0usize, 0usize);
    for case in &cases {
        let args: Vec<&Column> = case.args.iter().collect();
        let rows = match args.iter().find(|c| !c.is_uniform()) {
            Some(Column::Rows(r)) => r.len(),
            _ => 1,
        };
        let callee = Callee::Prim(case.prim);
        let tel = Telemetry::default();
        let t = Instant::now();
        let want = reference(callee, &args, rows, &tel);
        let cpu_ms = t.elapsed().as_secs_f64() * 1e3;
        let before = backend.telemetry().total_rows().1;
        // Timed with the results on the host: a column left on the device
        // is copied down inside the timing.
        let t = Instant::now();
        let got = on_host(backend.call(callee, &args, rows));
        let gpu_ms = t.elapsed().as_secs_f64() * 1e3;
        let t = Instant::now();
        let again = on_host(backend.call(callee, &args, rows));
        let again_ms = t.elapsed().as_secs_f64() * 1e3;
        let on_gpu = (backend.telemetry().total_rows().1 - before) / 2;
        let work: usize = op_for(case.prim)
            .map(|op| {
                plan_rows(&op, &args, rows)
                    .iter()
                    .flatten()
                    .map(|p| p.cells())
                    .sum()
            })
            .unwrap_or(0);
        let mut mismatches = 0;
        let mut first = None;
        for r in 0..rows {
            for col in [&got, &again] {
                if col.row(r) != want.row(r) {
                    mismatches += 1;
                    first.get_or_insert(r);
                }
            }
        }
        total_mismatch += mismatches;
        if on_gpu == 0 {
            gpu_idle += 1;
        }
        let gbs = work as f64 / (again_ms * 1e-3).max(1e-9) / 1e9;
        println!(
            "{:<12} {:<12} {:>9} {:>7} {:>10.3} {:>10.3} {:>10.3} {:>8.2}",
            case.prim.name(),
            case.label,
            on_gpu,
            mismatches,
            gpu_ms,
            again_ms,
            cpu_ms,
            gbs
        );
        if let Some(r) = first {
            println!(
                "    first mismatch at row {r}: cpu {} | gpu {}",
                short(want.row(r)),
                short(got.row(r))
            );
        }
    }
    let (chain_mismatch, chain_ok) = chain(&grids, select, reference);
    total_mismatch += chain_mismatch;
    let (to, from) = (
        backend
            .telemetry()
            .bytes_to_device
            .load(std::sync::atomic::Ordering::Relaxed),
        backend
            .telemetry()
            .bytes_from_device
            .load(std::sync::atomic::Ordering::Relaxed),
    );
    println!("bytes to device {to}, from device {from}");
    let healthy = backend.healthy() && chain_ok;
    let ok = total_mismatch == 0 && healthy;
    println!(
        "gpu selftest: {} cases, {} mismatching rows, {} cases with no GPU row{}: {}",
        cases.len(),
        total_mismatch,
        gpu_idle,
        if healthy {
            ""
        } else {
            ", GPU disabled after a failure"
        },
        if ok { "PASS" } else { "FAIL" }
    );
    if ok {
        0
    } else {
        1
    }
}
