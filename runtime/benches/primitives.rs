//! Criterion benchmarks of the 20 primitives the bundled corpus calls most,
//! on real ARC grids (every input grid of the task files in tests/data/arc).
//!
//! Run: `cargo bench -p battgen-runtime --bench primitives`.

use battgen_runtime::rt::{p, prim};
use battgen_runtime::{task, Prim, Value};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn grids() -> Vec<Value> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/arc");
    let loaded = task::load(std::path::Path::new(dir));
    loaded.inputs().map(|g| Value::Grid(g.clone())).collect()
}

/// Run `f` over every grid: one iteration of a benchmark.
fn over(
    c: &mut Criterion,
    name: &str,
    gs: &[Value],
    f: impl Fn(&Value) -> battgen_runtime::Result<Value>,
) {
    c.bench_function(name, |b| {
        b.iter(|| {
            for g in gs {
                let _ = black_box(f(black_box(g)));
            }
        })
    });
}

fn bench(c: &mut Criterion) {
    let gs = grids();
    let t = Value::Bool(true);
    let f = Value::Bool(false);
    let objs: Vec<Value> = gs
        .iter()
        .map(|g| p::objects(g, &t, &f, &t).unwrap_or(Value::empty_set()))
        .collect();
    let first_obj: Vec<Value> = objs
        .iter()
        .map(|o| p::first(o).unwrap_or(Value::empty_set()))
        .collect();
    let cells: Vec<Value> = gs
        .iter()
        .map(|g| p::ofcolor(g, &Value::Int(0)).unwrap_or(Value::empty_set()))
        .collect();
    let two = Value::Int(2);
    let one = Value::Int(1);
    let down = Value::pair(1, 1);

    over(c, "objects(T,F,T)", &gs, |g| p::objects(g, &t, &f, &t));
    over(c, "ofcolor", &gs, |g| p::ofcolor(g, &Value::Int(0)));
    over(c, "canvas", &gs, |g| {
        p::canvas(&Value::Int(0), &p::shape(g)?)
    });
    over(c, "shape", &gs, p::shape);
    over(c, "hconcat", &gs, |g| p::hconcat(g, g));
    over(c, "vconcat", &gs, |g| p::vconcat(g, g));
    over(c, "replace", &gs, |g| {
        p::replace(g, &Value::Int(0), &Value::Int(5))
    });
    over(c, "switch", &gs, |g| {
        p::switch(g, &Value::Int(0), &Value::Int(1))
    });
    over(c, "hmirror", &gs, p::hmirror);
    over(c, "vmirror", &gs, p::vmirror);
    over(c, "upscale(2)", &gs, |g| p::upscale(g, &two));
    c.bench_function("fill", |b| {
        b.iter(|| {
            for (g, i) in gs.iter().zip(&cells) {
                let _ = black_box(p::fill(g, &Value::Int(7), i));
            }
        })
    });
    c.bench_function("paint", |b| {
        b.iter(|| {
            for (g, o) in gs.iter().zip(&first_obj) {
                let _ = black_box(p::paint(g, o));
            }
        })
    });
    over(c, "first(objects)", &objs, p::first);
    over(c, "shift(object)", &first_obj, |o| p::shift(o, &down));
    over(c, "colorfilter", &objs, |o| p::colorfilter(o, &one));
    over(c, "intersection", &cells, |i| {
        p::intersection(i, &p::shift(i, &down)?)
    });
    over(c, "difference", &cells, |i| {
        p::difference(i, &p::shift(i, &down)?)
    });
    let size = prim(Prim::size);
    over(c, "apply(size, objects)", &objs, |o| p::apply(&size, o));
    let norm = prim(Prim::normalize);
    over(c, "mapply(normalize, objects)", &objs, |o| {
        p::mapply(&norm, o)
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
