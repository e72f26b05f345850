//! containers primitives.
#![allow(unused_variables)]

use crate::error::{Error, Result};
use crate::values::Value;

pub fn contained(value: &Value, container: &Value) -> Result<Value> {
    Err(Error::unsupported("contained: not implemented yet"))
}

pub fn combine(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("combine: not implemented yet"))
}

pub fn intersection(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("intersection: not implemented yet"))
}

pub fn difference(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("difference: not implemented yet"))
}

pub fn dedupe(tup: &Value) -> Result<Value> {
    Err(Error::unsupported("dedupe: not implemented yet"))
}

pub fn order(container: &Value, compfunc: &Value) -> Result<Value> {
    Err(Error::unsupported("order: not implemented yet"))
}

pub fn repeat(item: &Value, num: &Value) -> Result<Value> {
    Err(Error::unsupported("repeat: not implemented yet"))
}

pub fn size(container: &Value) -> Result<Value> {
    Err(Error::unsupported("size: not implemented yet"))
}

pub fn merge(containers: &Value) -> Result<Value> {
    Err(Error::unsupported("merge: not implemented yet"))
}

pub fn maximum(container: &Value) -> Result<Value> {
    Err(Error::unsupported("maximum: not implemented yet"))
}

pub fn minimum(container: &Value) -> Result<Value> {
    Err(Error::unsupported("minimum: not implemented yet"))
}

pub fn valmax(container: &Value, compfunc: &Value) -> Result<Value> {
    Err(Error::unsupported("valmax: not implemented yet"))
}

pub fn valmin(container: &Value, compfunc: &Value) -> Result<Value> {
    Err(Error::unsupported("valmin: not implemented yet"))
}

pub fn argmax(container: &Value, compfunc: &Value) -> Result<Value> {
    Err(Error::unsupported("argmax: not implemented yet"))
}

pub fn argmin(container: &Value, compfunc: &Value) -> Result<Value> {
    Err(Error::unsupported("argmin: not implemented yet"))
}

pub fn mostcommon(container: &Value) -> Result<Value> {
    Err(Error::unsupported("mostcommon: not implemented yet"))
}

pub fn leastcommon(container: &Value) -> Result<Value> {
    Err(Error::unsupported("leastcommon: not implemented yet"))
}

pub fn initset(value: &Value) -> Result<Value> {
    Err(Error::unsupported("initset: not implemented yet"))
}

pub fn sfilter(container: &Value, condition: &Value) -> Result<Value> {
    Err(Error::unsupported("sfilter: not implemented yet"))
}

pub fn mfilter(container: &Value, function: &Value) -> Result<Value> {
    Err(Error::unsupported("mfilter: not implemented yet"))
}

pub fn extract(container: &Value, condition: &Value) -> Result<Value> {
    Err(Error::unsupported("extract: not implemented yet"))
}

pub fn totuple(container: &Value) -> Result<Value> {
    Err(Error::unsupported("totuple: not implemented yet"))
}

pub fn first(container: &Value) -> Result<Value> {
    Err(Error::unsupported("first: not implemented yet"))
}

pub fn last(container: &Value) -> Result<Value> {
    Err(Error::unsupported("last: not implemented yet"))
}

pub fn insert(value: &Value, container: &Value) -> Result<Value> {
    Err(Error::unsupported("insert: not implemented yet"))
}

pub fn remove(value: &Value, container: &Value) -> Result<Value> {
    Err(Error::unsupported("remove: not implemented yet"))
}

pub fn other(container: &Value, value: &Value) -> Result<Value> {
    Err(Error::unsupported("other: not implemented yet"))
}

pub fn interval(start: &Value, stop: &Value, step: &Value) -> Result<Value> {
    Err(Error::unsupported("interval: not implemented yet"))
}

pub fn product(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("product: not implemented yet"))
}

pub fn pair(a: &Value, b: &Value) -> Result<Value> {
    Err(Error::unsupported("pair: not implemented yet"))
}

pub fn sizefilter(container: &Value, n: &Value) -> Result<Value> {
    Err(Error::unsupported("sizefilter: not implemented yet"))
}
