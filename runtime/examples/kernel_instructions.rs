//! One kernel over every input grid of a task directory, for counting its
//! instructions with callgrind (deterministic, unlike timings on a shared
//! machine). The count of ROUNDS 0 is the loading alone; the difference is
//! the kernel's (with the drops of its results):
//!
//! ```sh
//! cargo build --release -p battgen-runtime --example kernel_instructions
//! for r in 0 20; do valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$r \
//!     target/release/examples/kernel_instructions objects DIR $r; done
//! ```
//!
//! KERNEL: `objects` (the five flag sets of the public solvers), `shift`
//! (each input as an object and as indices, by (1, -2)), `recolor`
//! (indices and objects recoloured, objects' indices). BENCHMARKS.md's
//! thirty-first session figures use the first 40 training tasks.

use battgen_runtime::rt::p;
use battgen_runtime::{task, Value};
use std::hint::black_box;

// The allocator of compiled batteries, so that allocation costs as there.
#[global_allocator]
static ALLOC: battgen_runtime::MiMalloc = battgen_runtime::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, kernel, dir, rounds] = &args[..] else {
        eprintln!("usage: kernel_instructions objects|shift|recolor DIR ROUNDS");
        std::process::exit(2);
    };
    let rounds: usize = rounds.parse().expect("ROUNDS: a number");
    let loaded = task::load(std::path::Path::new(dir));
    let grids: Vec<Value> = loaded.inputs().map(|g| Value::Grid(g.clone())).collect();
    let indices: Vec<Value> = grids.iter().map(|g| p::asindices(g).unwrap()).collect();
    let objects: Vec<Value> = grids.iter().map(|g| p::asobject(g).unwrap()).collect();
    let (t, f) = (Value::Bool(true), Value::Bool(false));
    let flag_sets = [
        (&t, &f, &t),
        (&t, &t, &t),
        (&t, &f, &f),
        (&f, &t, &t),
        (&f, &f, &t),
    ];
    let offset = Value::pair(1, -2);
    let (three, four) = (Value::Int(3), Value::Int(4));
    let recoloured: Vec<Value> = indices
        .iter()
        .map(|i| p::recolor(&three, i).unwrap())
        .collect();
    // The sizes of the results, printed so that nothing is optimised away.
    let mut total = 0usize;
    let mut count = |v: battgen_runtime::Result<Value>| {
        total += black_box(v).map_or(0, |v| v.len().unwrap_or(0));
    };
    for _ in 0..rounds {
        match kernel.as_str() {
            "objects" => {
                for g in &grids {
                    for (u, d, b) in flag_sets {
                        count(p::objects(g, u, d, b));
                    }
                }
            }
            "shift" => {
                for patch in objects.iter().chain(&indices) {
                    count(p::shift(patch, &offset));
                }
            }
            "recolor" => {
                for (i, o) in indices.iter().zip(&recoloured) {
                    count(p::recolor(&four, i));
                    count(p::recolor(&four, o));
                    count(p::toindices(o));
                }
            }
            _ => {
                eprintln!("unknown kernel {kernel}: objects, shift or recolor");
                std::process::exit(2);
            }
        }
    }
    println!("{total}");
}
