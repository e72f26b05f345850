//! Typed forms of the higher-order primitives: the function is Rust code
//! on held values, and results are built in the representation they have.
//! Each gives exactly what the primitive gives on the same values: it
//! visits elements in the same order, calls the function on each once, and
//! stops at the same first error.

use std::sync::Arc;

use crate::error::{Error, Result};
use crate::typed::{IntoValue, Locs};
use crate::values::{sorted_unique_locs, Loc, Value};

/// A frozenset of results, in canonical form (`type(container)(...)` of a
/// frozenset container).
pub fn set_of<R: IntoValue>(items: Vec<R>) -> Value {
    Value::set(items.into_iter().map(IntoValue::into_value).collect())
}

/// A frozenset of pairs as indices; a pair beyond `i32` cannot be a
/// location, and its set is not indices: deopt.
pub fn locs_of(items: Vec<(i64, i64)>) -> Result<Locs> {
    let locs = items
        .into_iter()
        .map(|(i, j)| Some((i32::try_from(i).ok()?, i32::try_from(j).ok()?)))
        .collect::<Option<Vec<Loc>>>()
        .ok_or(Error::deopt("locations beyond i32"))?;
    Ok(Arc::from(sorted_unique_locs(locs)))
}

/// `sfilter` of indices: the locations whose condition is truthy, still
/// in order.
pub fn sfilter_locs(
    container: &[Loc],
    mut condition: impl FnMut((i64, i64)) -> Result<bool>,
) -> Result<Locs> {
    let mut out = Vec::with_capacity(container.len());
    for &(i, j) in container {
        if condition((i as i64, j as i64))? {
            out.push((i, j));
        }
    }
    Ok(Arc::from(out))
}
