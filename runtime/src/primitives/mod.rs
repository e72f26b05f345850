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
pub mod stamp;

use crate::error::Result;

/// The results of `items` in order, up to the first error: what
/// `collect::<Result<Vec<_>>>()` gives, in a list made `len` long at once.
/// (That collect sees a size hint of 0 and grows its list by doubling, a
/// copy each time: a fifth of the time of `apply` over a grid's rows.)
pub(crate) fn collect_results<T>(
    len: usize,
    items: impl Iterator<Item = Result<T>>,
) -> Result<Vec<T>> {
    let mut out = Vec::with_capacity(len);
    for item in items {
        out.push(item?);
    }
    Ok(out)
}
