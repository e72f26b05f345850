//! Every primitive of arc-dsl, grouped by family. Each function takes its
//! arguments as `&Value` and returns `Result<Value>`: where the reference
//! raises, it returns an error, never panics.

pub mod arithmetic;
mod buffers;
pub mod containers;
pub mod functional;
pub mod grids;
pub mod patches;
pub mod ragged;
