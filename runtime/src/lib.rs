//! battgen runtime: the values and primitives of Michael Hodel's arc-dsl in
//! Rust, with the reference's results, and the machinery that runs batteries
//! of programs over batches of ARC inputs.
//!
//! Layers, in the order of execution:
//! - [`values`]: what a variable holds (grids, objects, sets, tuples, functions);
//! - [`signatures`] and [`primitives`]: the 160 primitives and their table;
//! - [`functions`]: function values and calling them;
//! - [`constants`]: the reference's named constants.
//!
//! See `values` for the frozenset iteration order we follow.

pub mod budget;
pub mod constants;
pub mod error;
pub mod functions;
pub mod primitives;
pub mod signatures;
pub mod task;
pub mod values;

pub use error::{Error, ErrorKind, Result};
pub use functions::{call, Func};
pub use signatures::{Prim, PRIMITIVES};
pub use values::{Cell, Color, Grid, Loc, Patch, Value};
